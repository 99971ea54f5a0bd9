// SPDX-License-Identifier: GPL-2.0
/*
 * Netdev events the fake HCA acts on.
 *
 * Datagram-only devices. ipoib offers connected mode when the first byte
 * of an interface's hardware address carries the RC flag, which generic
 * ipoib sets for every device; Enhanced IPoIB devices (ConnectX-4 and
 * later) never have it, and writing "connected" to their mode fails. For
 * a device created with datagram_only, this clears the flag on each of its
 * ipoib interfaces as they register and come up, so ipoib refuses
 * connected mode exactly as it does on such hardware.
 *
 * Refused MTUs. veto_mtu=N[,N...] (writable in /sys/module) makes every
 * ipoib interface on a fake HCA refuse those MTUs, as a driver or a
 * listener may refuse a change, to test what a caller does when the MTU
 * of a mode switch fails. NETDEV_PRECHANGEMTU does not carry the new MTU
 * (5.10..7.2), so the refusal comes from NETDEV_CHANGEMTU, which the
 * kernel undoes when a notifier fails it: the veto runs first (priority
 * above rtnetlink's and rdmactl's), stops the chain, and nobody else hears
 * of the refused MTU.
 *
 * RoCE netdevs going away. The fake (and ib_core, for set_netdev) holds the
 * netdev of each RoCE port, so the netdev cannot finish unregistering
 * while the device exists; as rxe
 * does, the device is removed, from a work item (never under RTNL, which
 * creating and removing devices takes). A netdev moving to another network
 * namespace also unregisters, but stays NETREG_REGISTERED: the device
 * stays with it, as a NIC's RDMA function stays with its VF in a pod.
 */
#include <linux/if_arp.h>
#include <linux/moduleparam.h>
#include <linux/netdevice.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include "fakehca.h"

#define FAKE_IPOIB_FLAGS_RC 0x80	/* IPOIB_FLAGS_RC, private to ipoib */

static bool fake_is_ipoib(const struct net_device *dev)
{
	return dev->type == ARPHRD_INFINIBAND && dev->rtnl_link_ops &&
	       !strcmp(dev->rtnl_link_ops->kind, "ipoib");
}

static unsigned int veto_mtu[8];
static unsigned int veto_mtu_num;
module_param_array(veto_mtu, uint, &veto_mtu_num, 0644);
MODULE_PARM_DESC(veto_mtu, "MTUs the fake HCA's ipoib interfaces refuse");

static bool fake_our_ipoib(const struct net_device *dev)
{
	const struct rdma_netdev *rn = netdev_priv(dev);

	return fake_is_ipoib(dev) && rn->hca && fake_ibdev_ours(rn->hca);
}

static int fake_veto_event(struct notifier_block *nb, unsigned long event, void *ptr)
{
	struct net_device *dev = netdev_notifier_info_to_dev(ptr);
	unsigned int i, n = min_t(unsigned int, READ_ONCE(veto_mtu_num), ARRAY_SIZE(veto_mtu));

	if (event != NETDEV_CHANGEMTU || !fake_our_ipoib(dev))
		return NOTIFY_DONE;
	for (i = 0; i < n; i++)
		if (READ_ONCE(veto_mtu[i]) == dev->mtu)
			return notifier_from_errno(-EINVAL);
	return NOTIFY_DONE;
}

static struct notifier_block fake_veto_nb = {
	.notifier_call = fake_veto_event,
	.priority = 100,
};

static struct workqueue_struct *fake_wq;

struct fake_remove_work {
	struct work_struct work;
	struct fake_dev *fdev;	/* compared with the list, not dereferenced */
};

static void fake_remove_work_fn(struct work_struct *work)
{
	struct fake_remove_work *rw = container_of(work, struct fake_remove_work, work);
	struct fake_dev *fdev;

	mutex_lock(&fake_lock);
	list_for_each_entry(fdev, &fake_devices, list) {
		if (fdev == rw->fdev) {
			fake_dev_remove(fdev);
			break;
		}
	}
	mutex_unlock(&fake_lock);
	kfree(rw);
}

/* Whether one of fdev's ports is on ndev. */
static bool fake_dev_uses(struct fake_dev *fdev, const struct net_device *ndev)
{
	unsigned long flags;
	bool found = false;
	u32 i;

	spin_lock_irqsave(&fdev->lock, flags);
	for (i = 0; i < fdev->opts.ports && !found; i++)
		found = fdev->ports[i].ndev == ndev;
	spin_unlock_irqrestore(&fdev->lock, flags);
	return found;
}

/*
 * By the ports' own pointers, not ib_device_get_by_netdev(): a device
 * that answers ops.get_netdev() is not in ib_core's netdev hash.
 */
static void fake_roce_netdev_gone(struct net_device *ndev)
{
	struct fake_remove_work *rw;
	struct fake_dev *fdev;

	spin_lock(&fake_list_lock);
	list_for_each_entry(fdev, &fake_devices, list) {
		if (!fake_on_netdev(&fdev->opts) || !fake_dev_uses(fdev, ndev))
			continue;
		rw = kmalloc(sizeof(*rw), GFP_ATOMIC);
		if (rw) {
			INIT_WORK(&rw->work, fake_remove_work_fn);
			rw->fdev = fdev;
			queue_work(fake_wq, &rw->work);
		}
	}
	spin_unlock(&fake_list_lock);
}

static int fake_netdev_event(struct notifier_block *nb, unsigned long event,
			     void *ptr)
{
	struct net_device *dev = netdev_notifier_info_to_dev(ptr);
	struct rdma_netdev *rn;
	u8 flags;

	if (event == NETDEV_UNREGISTER) {
		if (dev->reg_state != NETREG_REGISTERED)
			fake_roce_netdev_gone(dev);
		return NOTIFY_DONE;
	}
	if (event != NETDEV_REGISTER && event != NETDEV_UP && event != NETDEV_CHANGE)
		return NOTIFY_DONE;
	if (!fake_is_ipoib(dev))
		return NOTIFY_DONE;

	/* ipoib keeps struct rdma_netdev first in its private data. */
	rn = netdev_priv(dev);
	if (!rn->hca || !fake_ibdev_ours(rn->hca) ||
	    !to_fdev(rn->hca)->opts.datagram_only)
		return NOTIFY_DONE;

	flags = dev->dev_addr[0] & ~FAKE_IPOIB_FLAGS_RC;
	dev_addr_mod(dev, 0, &flags, 1);
	return NOTIFY_DONE;
}

static struct notifier_block fake_netdev_nb = {
	.notifier_call = fake_netdev_event,
};

int fake_netdev_init(void)
{
	int err;

	fake_wq = alloc_ordered_workqueue("rdmactl_fakehca", 0);
	if (!fake_wq)
		return -ENOMEM;
	err = register_netdevice_notifier(&fake_netdev_nb);
	if (err)
		goto err_wq;
	err = register_netdevice_notifier(&fake_veto_nb);
	if (err)
		goto err_nb;
	return 0;

err_nb:
	unregister_netdevice_notifier(&fake_netdev_nb);
err_wq:
	destroy_workqueue(fake_wq);
	return err;
}

/* Before the devices are removed: no removal work runs after this. */
void fake_netdev_exit(void)
{
	unregister_netdevice_notifier(&fake_veto_nb);
	unregister_netdevice_notifier(&fake_netdev_nb);
	destroy_workqueue(fake_wq);
}
