// SPDX-License-Identifier: GPL-2.0
/*
 * The ib_client and the registry of devices it fills: an xarray keyed by
 * the ib_device index (the index `rdma dev` shows), guarded by an rwsem.
 *
 * Lock order: ib_core's devices_rwsem (held around add/remove/rename)
 * before rdmactl_devices_lock; RTNL before rdmactl_devices_lock (the
 * netdev notifier looks devices up). Netlink handlers take rdmactl_devices_lock
 * only to look a device up and take a reference, never across a call into
 * a driver, so a driver that takes RTNL in query_port cannot deadlock
 * against us.
 */
#include <linux/rwsem.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include "core.h"

static DEFINE_XARRAY(rdmactl_devices);
static DECLARE_RWSEM(rdmactl_devices_lock);
/* Bumped on every add, remove and rename; dumps compare it (never 0). */
static atomic_t rdmactl_gen = ATOMIC_INIT(1);

static struct ib_client rdmactl_client;

u32 rdmactl_generation(void)
{
	return atomic_read(&rdmactl_gen);
}

static void rdmactl_generation_bump(void)
{
	if (atomic_inc_return(&rdmactl_gen) == 0)
		atomic_inc(&rdmactl_gen);
}

/* Called with rdmactl_devices_lock held. */
static struct rdmactl_dev *rdmactl_dev_tryget(struct rdmactl_dev *dev,
					      struct net *net)
{
	if (!dev || (net && !rdma_dev_access_netns(dev->ibdev, net)))
		return NULL;
	if (!refcount_inc_not_zero(&dev->users))
		return NULL;
	return dev;
}

struct rdmactl_dev *rdmactl_dev_get_by_index(struct net *net, u32 index)
{
	struct rdmactl_dev *dev;

	down_read(&rdmactl_devices_lock);
	dev = rdmactl_dev_tryget(xa_load(&rdmactl_devices, index), net);
	up_read(&rdmactl_devices_lock);
	return dev;
}

/* Whatever namespace sees it: for events, which choose their own. */
struct rdmactl_dev *rdmactl_dev_get_any(u32 index)
{
	struct rdmactl_dev *dev;

	down_read(&rdmactl_devices_lock);
	dev = xa_load(&rdmactl_devices, index);
	if (dev && !refcount_inc_not_zero(&dev->users))
		dev = NULL;
	up_read(&rdmactl_devices_lock);
	return dev;
}

struct rdmactl_dev *rdmactl_dev_get_by_name(struct net *net, const char *name)
{
	struct rdmactl_dev *dev, *found = NULL;
	unsigned long index;

	down_read(&rdmactl_devices_lock);
	xa_for_each(&rdmactl_devices, index, dev) {
		if (!strcmp(dev->name, name)) {
			found = rdmactl_dev_tryget(dev, net);
			break;
		}
	}
	up_read(&rdmactl_devices_lock);
	return found;
}

/*
 * The first device at or after *index that the namespace may access (net
 * NULL: any device), with a reference; *index is set to its index. NULL
 * when there is none.
 */
struct rdmactl_dev *rdmactl_dev_get_next(struct net *net, u32 *index)
{
	struct rdmactl_dev *dev, *found = NULL;
	unsigned long i = *index;

	down_read(&rdmactl_devices_lock);
	xa_for_each_start(&rdmactl_devices, i, dev, *index) {
		found = rdmactl_dev_tryget(dev, net);
		if (found) {
			*index = i;
			break;
		}
	}
	up_read(&rdmactl_devices_lock);
	return found;
}

void rdmactl_dev_put(struct rdmactl_dev *dev)
{
	if (refcount_dec_and_test(&dev->users))
		complete(&dev->released);
}

void rdmactl_dev_name(struct rdmactl_dev *dev, char *buf)
{
	down_read(&rdmactl_devices_lock);
	strscpy(buf, dev->name, IB_DEVICE_NAME_MAX);
	up_read(&rdmactl_devices_lock);
}

static int rdmactl_client_add(struct ib_device *ibdev)
{
	struct rdmactl_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->ibdev = ibdev;
	dev->index = ibdev->index;
	refcount_set(&dev->users, 1);
	init_completion(&dev->released);
	spin_lock_init(&dev->hold.lock);
	strscpy(dev->name, dev_name(&ibdev->dev), sizeof(dev->name));
	dev->ndevs = kcalloc(rdma_end_port(ibdev) + 1, sizeof(*dev->ndevs), GFP_KERNEL);
	err = -ENOMEM;
	if (!dev->ndevs)
		goto err_free;
	err = rdmactl_stat_init(dev);
	if (err)
		goto err_free;
	err = rdmactl_port_query_init(dev);
	if (err)
		goto err_stat;

	down_write(&rdmactl_devices_lock);
	err = xa_insert(&rdmactl_devices, dev->index, dev, GFP_KERNEL);
	if (!err)
		rdmactl_generation_bump();
	up_write(&rdmactl_devices_lock);
	if (err)
		goto err_stat;

	ib_set_client_data(ibdev, &rdmactl_client, dev);
	/* DEV_ADD first: the handler may queue a port's event at once. */
	rdmactl_event_dev(dev, RDMACTL_EVENT_DEV_ADD, NULL, NULL);
	rdmactl_event_dev_init(dev);
	rdmactl_roce_dev_added(dev);
	return 0;

err_stat:
	rdmactl_port_query_fini(dev);
	rdmactl_stat_fini(dev);
err_free:
	pr_warn("cannot track device %s: %d\n", dev->name, err);
	kfree(dev->ndevs);
	kfree(dev);
	return err;
}

static void rdmactl_client_remove(struct ib_device *ibdev, void *client_data)
{
	struct rdmactl_dev *dev = client_data;

	/* Its events first, then the removal, while it is still found. */
	rdmactl_event_dev_remove(dev);

	down_write(&rdmactl_devices_lock);
	xa_erase(&rdmactl_devices, dev->index);
	rdmactl_generation_bump();
	up_write(&rdmactl_devices_lock);

	/* Wait for handlers that still hold the device, no dump's read-ahead. */
	rdmactl_stat_removing(dev);
	rdmactl_port_query_removing();
	rdmactl_stat_reset_removing();
	rdmactl_dev_put(dev);
	wait_for_completion(&dev->released);
	rdmactl_port_query_fini(dev);
	rdmactl_stat_fini(dev);
	kfree(dev->ndevs);
	kfree(dev);
}

static void rdmactl_client_rename(struct ib_device *ibdev, void *client_data)
{
	struct rdmactl_dev *dev = client_data;
	char old[IB_DEVICE_NAME_MAX], new[IB_DEVICE_NAME_MAX];

	/* Both names as this rename left them: the next may follow at once. */
	down_write(&rdmactl_devices_lock);
	strscpy(old, dev->name, sizeof(old));
	strscpy(dev->name, dev_name(&ibdev->dev), sizeof(dev->name));
	strscpy(new, dev->name, sizeof(new));
	rdmactl_generation_bump();
	up_write(&rdmactl_devices_lock);
	rdmactl_event_dev(dev, RDMACTL_EVENT_DEV_RENAME, old, new);
}

static struct ib_client rdmactl_client = {
	.name = "rdmactl",
	.add = rdmactl_client_add,
	.remove = rdmactl_client_remove,
	.rename = rdmactl_client_rename,
	/* See devices without kernel verbs (EFA, usNIC) too. */
	.no_kverbs_req = true,
};

int rdmactl_client_register(void)
{
	return ib_register_client(&rdmactl_client);
}

void rdmactl_client_unregister(void)
{
	ib_unregister_client(&rdmactl_client);
	WARN_ON(!xa_empty(&rdmactl_devices));
}
