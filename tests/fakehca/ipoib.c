// SPDX-License-Identifier: GPL-2.0
/*
 * Datagram-only devices. ipoib offers connected mode when the first byte
 * of an interface's hardware address carries the RC flag, which generic
 * ipoib sets for every device; Enhanced IPoIB devices (ConnectX-4 and
 * later) never have it, and writing "connected" to their mode fails. For
 * a device created with datagram_only, this clears the flag on each of its
 * ipoib interfaces as they register and come up, so ipoib refuses
 * connected mode exactly as it does on such hardware.
 */
#include <linux/if_arp.h>
#include <linux/netdevice.h>

#include "fakehca.h"

#define FAKE_IPOIB_FLAGS_RC 0x80	/* IPOIB_FLAGS_RC, private to ipoib */

static bool fake_is_ipoib(const struct net_device *dev)
{
	return dev->type == ARPHRD_INFINIBAND && dev->rtnl_link_ops &&
	       !strcmp(dev->rtnl_link_ops->kind, "ipoib");
}

static int fake_netdev_event(struct notifier_block *nb, unsigned long event,
			     void *ptr)
{
	struct net_device *dev = netdev_notifier_info_to_dev(ptr);
	struct rdma_netdev *rn;
	u8 flags;

	if (event != NETDEV_REGISTER && event != NETDEV_UP && event != NETDEV_CHANGE)
		return NOTIFY_DONE;
	if (!fake_is_ipoib(dev))
		return NOTIFY_DONE;

	/* ipoib keeps struct rdma_netdev first in its private data. */
	rn = netdev_priv(dev);
	if (!rn->hca || rn->hca->ops.owner != THIS_MODULE ||
	    !to_fdev(rn->hca)->opts.datagram_only)
		return NOTIFY_DONE;

	flags = dev->dev_addr[0] & ~FAKE_IPOIB_FLAGS_RC;
	dev_addr_mod(dev, 0, &flags, 1);
	return NOTIFY_DONE;
}

static struct notifier_block fake_netdev_nb = {
	.notifier_call = fake_netdev_event,
};

int fake_ipoib_init(void)
{
	return register_netdevice_notifier(&fake_netdev_nb);
}

void fake_ipoib_exit(void)
{
	unregister_netdevice_notifier(&fake_netdev_nb);
}
