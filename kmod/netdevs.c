// SPDX-License-Identifier: GPL-2.0
/*
 * Ports' netdevs. Each device keeps the netdev each port had when the last
 * NETDEV_ATTACH went out, held (rdmactl_dev.ndevs, under RTNL). A rescan
 * of every port, from the ordered workqueue, asks ib_core or the driver
 * (rdmactl_port_netdev(), outside RTNL), compares under RTNL and tells
 * each difference: a new device's netdevs, a port re-bound at run time,
 * a netdev that moved in from another namespace. It runs after a device's
 * DEV_ADD went out, and when a netdev registers, is renamed, comes up or
 * gets an upper device, and after a RoCE port's GID or state event.
 * NETDEV_UNREGISTER finds the netdev among the held ones by pointer and
 * tells its DETACH there, in its namespace, then lets go of it: neither
 * ib_core's netdev hash (which drivers answering ops.get_netdev are not
 * in) nor ib_device_get_netdev() (which on some kernels no longer answers
 * for an unregistering netdev) is asked. A netdev moving to another
 * namespace so detaches from the old one and attaches in the new one.
 *
 * Their events are events.c's: NETDEV_ATTACH and NETDEV_DETACH, in the
 * netdev's namespace.
 */
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "events.h"

/* Off while the notifier's (un)registration replays every netdev. */
static bool rdmactl_netdev_watch;
/* Ports' netdevs are held (under RTNL): from init until events stop. */
static bool rdmactl_ndevs_on;
static void rdmactl_rescan_fn(struct work_struct *work);
static DECLARE_WORK(rdmactl_rescan_work, rdmactl_rescan_fn);

/*
 * Under RTNL: ndev attaching to or detaching from dev's port, told in
 * ndev's namespace. NULL when there is no one to tell (a namespace being
 * destroyed) or no memory (counted).
 */
static struct rdmactl_event_item *rdmactl_ndev_event(struct rdmactl_dev *dev, u32 port,
						     u8 type, struct net_device *ndev)
{
	struct rdmactl_event_item *ev = rdmactl_event_new(type, GFP_KERNEL);

	if (!ev) {
		rdmactl_event_lost();
		return NULL;
	}
	ev->net = maybe_get_net(dev_net(ndev));
	if (!ev->net) {
		rdmactl_event_free(ev);
		return NULL;
	}
	ev->has_dev = true;
	ev->dev_index = dev->index;
	ev->port = port;
	ev->ifindex = ndev->ifindex;
	strscpy(ev->ifname, ndev->name, sizeof(ev->ifname));
	return ev;
}

/*
 * Under RTNL: port's netdev is now ndev (NULL: none). A different one
 * detaches the held one and attaches ndev; the same one renamed attaches
 * again, under its new name.
 */
static void rdmactl_port_update(struct rdmactl_dev *dev, u32 port, struct net_device *ndev,
				struct list_head *out)
{
	struct rdmactl_port_ndev *c = &dev->ndevs[port];
	struct rdmactl_event_item *ev;
	bool fresh;

	ASSERT_RTNL();
	if (!rdmactl_ndevs_on || dev->ndevs_gone)
		return;
	/* Unregistering: its NETDEV_UNREGISTER has let go of it, or will. */
	if (ndev && ndev->reg_state != NETREG_REGISTERED)
		ndev = NULL;
	if (c->ndev == ndev &&
	    (!ndev || (c->ifindex == ndev->ifindex && !strcmp(c->ifname, ndev->name))))
		return;
	if (c->ndev && c->ndev != ndev) {
		ev = rdmactl_ndev_event(dev, port, RDMACTL_EVENT_NETDEV_DETACH, c->ndev);
		if (ev)
			list_add_tail(&ev->list, out);
		dev_put(c->ndev);
		c->ndev = NULL;
	}
	if (!ndev)
		return;
	fresh = !c->ndev;
	if (fresh) {
		dev_hold(ndev);
		c->ndev = ndev;
	}
	c->ifindex = ndev->ifindex;
	strscpy(c->ifname, ndev->name, sizeof(c->ifname));
	ev = rdmactl_ndev_event(dev, port, RDMACTL_EVENT_NETDEV_ATTACH, ndev);
	if (ev)
		list_add_tail(&ev->list, out);
	/* A netdev new to the port gets its RoCE QoS profile, if one is kept. */
	if (fresh)
		rdmactl_qos_attached(dev, port, ndev);
}

/* Under RTNL: let go of dev's netdevs, silently; none is held after. */
void rdmactl_ndevs_release(struct rdmactl_dev *dev)
{
	u32 port;

	ASSERT_RTNL();
	dev->ndevs_gone = true;
	for (port = 0; port <= rdma_end_port(dev->ibdev); port++) {
		if (dev->ndevs[port].ndev)
			dev_put(dev->ndevs[port].ndev);
		dev->ndevs[port].ndev = NULL;
	}
}

/* dev's ports' netdevs, asked outside RTNL, compared under it. */
static void rdmactl_rescan_dev(struct rdmactl_dev *dev, struct list_head *out)
{
	struct ib_device *ibdev = dev->ibdev;
	struct net_device **ndevs;
	bool any = false;
	u32 port;

	ndevs = kcalloc(rdma_end_port(ibdev) + 1, sizeof(*ndevs), GFP_KERNEL);
	if (!ndevs) {
		rdmactl_event_lost();
		return;
	}
	rdma_for_each_port(ibdev, port) {
		ndevs[port] = rdmactl_port_netdev(ibdev, port);
		/* Nothing now, nothing held (a lockless peek): nothing to tell. */
		any |= ndevs[port] || READ_ONCE(dev->ndevs[port].ndev);
	}
	if (any) {
		rtnl_lock();
		rdma_for_each_port(ibdev, port)
			rdmactl_port_update(dev, port, ndevs[port], out);
		rtnl_unlock();
	}
	rdma_for_each_port(ibdev, port)
		if (ndevs[port])
			dev_put(ndevs[port]);
	kfree(ndevs);
}

/*
 * Every announced device's ports, from the ordered workqueue; queued
 * again while it runs, it runs again. What it finds is sent from here,
 * in the order found.
 */
static void rdmactl_rescan_fn(struct work_struct *work)
{
	struct rdmactl_event_item *ev, *tmp;
	struct rdmactl_dev *dev;
	LIST_HEAD(found);
	u32 index = 0;

	while ((dev = rdmactl_dev_get_next(NULL, &index))) {
		if (READ_ONCE(dev->announced))
			rdmactl_rescan_dev(dev, &found);
		rdmactl_dev_put(dev);
		index++;
	}
	list_for_each_entry_safe(ev, tmp, &found, list) {
		list_del(&ev->list);
		rdmactl_event_work(&ev->work);
	}
}

void rdmactl_rescan(void)
{
	queue_work(rdmactl_wq, &rdmactl_rescan_work);
}

/*
 * Called with RTNL held: a port's netdev unregistering (RoCE's, iWARP's,
 * or an IPoIB interface a driver's get_netdev gives), found among the
 * held ones; a netns move too (REGISTER follows, in the new namespace).
 */
static void rdmactl_netdev_detach(struct net_device *ndev)
{
	struct rdmactl_event_item *ev;
	struct rdmactl_dev *dev;
	u32 index = 0, port;

	if (!rdmactl_ndevs_on)
		return;
	while ((dev = rdmactl_dev_get_next(NULL, &index))) {
		for (port = 0; !dev->ndevs_gone && port <= rdma_end_port(dev->ibdev); port++) {
			if (dev->ndevs[port].ndev != ndev)
				continue;
			ev = rdmactl_ndev_event(dev, port, RDMACTL_EVENT_NETDEV_DETACH, ndev);
			if (ev)
				queue_work(rdmactl_wq, &ev->work);
			dev_put(ndev);
			dev->ndevs[port].ndev = NULL;
		}
		rdmactl_dev_put(dev);
		index++;
	}
}

static int rdmactl_netdev_event(struct notifier_block *nb, unsigned long event, void *ptr)
{
	struct net_device *ndev = netdev_notifier_info_to_dev(ptr);

	if (!READ_ONCE(rdmactl_netdev_watch))
		return NOTIFY_DONE;
	rdmactl_ipoib_netdev_event(ndev, event);
	if (event == NETDEV_UNREGISTER) {
		rdmactl_netdev_detach(ndev);
	} else if (event == NETDEV_REGISTER || event == NETDEV_CHANGENAME ||
		   event == NETDEV_CHANGEUPPER || event == NETDEV_UP) {
		/* It may be, or have become, a port's netdev. */
		rdmactl_rescan();
	}
	return NOTIFY_DONE;
}

/*
 * Ahead of the RDMA drivers' notifiers (priority 0): rxe starts removing
 * its device when its netdev unregisters, and the detach event must find
 * the device still registered, whoever's work runs first.
 */
static struct notifier_block rdmactl_netdev_nb = {
	.notifier_call = rdmactl_netdev_event,
	.priority = 1,
};

void rdmactl_netdevs_init(void)
{
	rdmactl_ndevs_on = true;
}

int rdmactl_netdevs_start(void)
{
	WRITE_ONCE(rdmactl_netdev_watch, true);
	return register_netdevice_notifier(&rdmactl_netdev_nb);
}

void rdmactl_netdevs_stop(void)
{
	WRITE_ONCE(rdmactl_netdev_watch, false);
	unregister_netdevice_notifier(&rdmactl_netdev_nb);
}

/* Unwatched, the netdevs held must not hold up their unregistering. */
void rdmactl_netdevs_release_all(void)
{
	struct rdmactl_dev *dev;
	u32 index = 0;

	rtnl_lock();
	rdmactl_ndevs_on = false;
	while ((dev = rdmactl_dev_get_next(NULL, &index))) {
		rdmactl_ndevs_release(dev);
		rdmactl_dev_put(dev);
		index++;
	}
	rtnl_unlock();
}
