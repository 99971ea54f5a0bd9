// SPDX-License-Identifier: GPL-2.0
/*
 * The "events" multicast group: devices added, removed and renamed (the
 * client callbacks), port events (an ib_event_handler per device), RoCE
 * netdevs going away and IPoIB mode and MTU changes (a netdev notifier),
 * and RoCE settings set, restored or forgotten (roce-saved.c): a port's
 * ROCE_GET reply, and what only the event knows.
 *
 * The sources run where little is allowed: ib event handlers in atomic
 * context on older kernels and under ib_core's locks, even RTNL, on
 * current ones; client callbacks under ib_core's rwsems; netdev notifiers
 * under RTNL; all of them may sleep (ib_core dispatches port events from
 * its workqueue since 5.6). Each copies what it knows and queues it. The
 * module's ordered workqueue reads the port's state, then builds and sends
 * one message per network namespace that can see the device and has a
 * listener, numbered by that namespace's own sequence.
 *
 * Nothing is lost silently. An event that cannot be queued (no memory) is
 * counted, and an OVERFLOW with the count goes to every namespace with a
 * listener, behind what was queued before the first loss it counts. A
 * message that cannot be built for a namespace still takes its sequence
 * number there: the gap tells.
 *
 * Netdev events go to the netdev's namespace alone, and name the device
 * only where the device is visible too (rdma_dev_access_netns()). The
 * namespace is taken with maybe_get_net() under RTNL, which keeps the
 * netdev where it is: a namespace being destroyed has a count of zero,
 * and no listener, and while it is torn down ib_core hands its devices
 * back (our add() runs) and its netdevs unregister, still inside it.
 */
#include <linux/if_link.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>
#include <net/net_namespace.h>
#include <net/netns/generic.h>
#include <rdma/ib_cache.h>

#include "events.h"

struct rdmactl_net {
	atomic64_t seq;
	u64 dropped_seen;	/* rdmactl_events_dropped told here; the worker's */
};

static unsigned int rdmactl_net_id;
struct workqueue_struct *rdmactl_wq;
static struct kmem_cache *rdmactl_event_cache;
static bool rdmactl_events_on;
static atomic64_t rdmactl_events_dropped;
static void rdmactl_lost_work_fn(struct work_struct *work);
static DECLARE_WORK(rdmactl_lost_work, rdmactl_lost_work_fn);

/*
 * A ROCE event: the port's ROCE_GET reply, by the GET's own fill (roce.c),
 * then what only the event knows: restored, forgotten (clear), failed
 * or delayed, rdma_cm gone (with roce-source unknown, as librdmactl 1.0-1.5 read it).
 * A failure, or a QoS re-apply (DCB alone), has no source, mode or ToS.
 */
static int rdmactl_event_fill_roce(struct sk_buff *skb, const struct rdmactl_event_item *ev)
{
	u32 how = RDMACTL_ROCE_PUT_EVENT |
		  (ev->error || ev->qos_only ? RDMACTL_ROCE_PUT_NO_CUR : 0);

	if (rdmactl_roce_put(skb, &ev->roce, how) ||
	    (ev->cm_gone &&
	     (nla_put_u8(skb, RDMACTL_A_ROCE_SOURCE, RDMACTL_ROCE_SOURCE_UNKNOWN) ||
	      nla_put_flag(skb, RDMACTL_A_ROCE_CM_GONE))) ||
	    (ev->restored && nla_put_flag(skb, RDMACTL_A_ROCE_RESTORED)) ||
	    (ev->clear && nla_put_flag(skb, RDMACTL_A_ROCE_CLEAR)) ||
	    (ev->delayed && nla_put_flag(skb, RDMACTL_A_ROCE_DELAYED)) ||
	    (ev->error && nla_put_s32(skb, RDMACTL_A_ROCE_ERROR, ev->error)))
		return -EMSGSIZE;
	return 0;
}

VISIBLE_IF_KUNIT int rdmactl_event_fill(struct sk_buff *skb, struct net *net,
					const struct rdmactl_event_item *ev)
{
	struct rdmactl_net *rn = net_generic(net, rdmactl_net_id);
	const struct ib_port_attr *a = &ev->attr;

	if (nla_put_u8(skb, RDMACTL_A_EVENT_TYPE, ev->type) ||
	    nla_put_u64_64bit(skb, RDMACTL_A_EVENT_SEQ, atomic64_inc_return(&rn->seq),
			      RDMACTL_A_PAD) ||
	    nla_put_u64_64bit(skb, RDMACTL_A_EVENT_TIMESTAMP, ktime_get_ns(), RDMACTL_A_PAD) ||
	    (ev->has_dev && ev->name[0] &&
	     (nla_put_u32(skb, RDMACTL_A_DEV_INDEX, ev->dev_index) ||
	      nla_put_string(skb, RDMACTL_A_DEV_NAME, ev->name))) ||
	    (ev->old_name[0] && nla_put_string(skb, RDMACTL_A_EVENT_OLD_NAME, ev->old_name)) ||
	    (ev->port && nla_put_u32(skb, RDMACTL_A_PORT_INDEX, ev->port)))
		return -EMSGSIZE;
	if (ev->have_attr &&
	    (nla_put_u8(skb, RDMACTL_A_PORT_STATE, a->state) ||
	     nla_put_u8(skb, RDMACTL_A_PORT_PHYS_STATE, a->phys_state) ||
	     nla_put_u32(skb, RDMACTL_A_PORT_LID, a->lid) ||
	     nla_put_u32(skb, RDMACTL_A_PORT_SM_LID, a->sm_lid) ||
	     nla_put_u8(skb, RDMACTL_A_PORT_SM_SL, a->sm_sl) ||
	     nla_put_u8(skb, RDMACTL_A_PORT_LMC, a->lmc)))
		return -EMSGSIZE;
	if (ev->type == RDMACTL_EVENT_NETDEV_ATTACH || ev->type == RDMACTL_EVENT_NETDEV_DETACH)
		return nla_put_u32(skb, RDMACTL_A_PORT_NETDEV_INDEX, ev->ifindex) ||
		       nla_put_string(skb, RDMACTL_A_PORT_NETDEV_NAME, ev->ifname) ? -EMSGSIZE : 0;
	if (ev->type == RDMACTL_EVENT_IPOIB_MODE || ev->type == RDMACTL_EVENT_IPOIB_MTU)
		return nla_put_u32(skb, RDMACTL_A_IPOIB_IFINDEX, ev->ifindex) ||
		       nla_put_string(skb, RDMACTL_A_IPOIB_IFNAME, ev->ifname) ||
		       nla_put_u8(skb, RDMACTL_A_IPOIB_MODE, ev->mode) ||
		       nla_put_u32(skb, RDMACTL_A_IPOIB_MTU, ev->mtu) ? -EMSGSIZE : 0;
	if (ev->type == RDMACTL_EVENT_OVERFLOW)
		return nla_put_u64_64bit(skb, RDMACTL_A_EVENT_LOST, ev->lost, RDMACTL_A_PAD);
	if (ev->type == RDMACTL_EVENT_STAT_RESET)
		return ev->reset_hw ? nla_put_flag(skb, RDMACTL_A_STAT_RESET_HARDWARE) : 0;
	if (ev->type == RDMACTL_EVENT_ROCE)
		return rdmactl_event_fill_roce(skb, ev);
	if (ev->type == RDMACTL_EVENT_STAT_MODE)
		return ((ev->stat_mode & RDMACTL_STAT_MODE_EV_CLEAR) &&
			nla_put_flag(skb, RDMACTL_A_STAT_MODE_CLEAR)) ||
		       ((ev->stat_mode & RDMACTL_STAT_MODE_EV_RESTORED) &&
			nla_put_flag(skb, RDMACTL_A_STAT_MODE_RESTORED)) ||
		       (ev->error && nla_put_s32(skb, RDMACTL_A_STAT_MODE_ERROR, ev->error)) ||
		       (!ev->error && !(ev->stat_mode & RDMACTL_STAT_MODE_EV_CLEAR) &&
			rdmactl_names_put(skb, &ev->names)) ? -EMSGSIZE : 0;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_event_fill);

/* One message into net, which has a listener; if it cannot be built, its number is spent. */
static void rdmactl_event_send_one(const struct rdmactl_event_item *ev, struct net *net)
{
	struct rdmactl_net *rn = net_generic(net, rdmactl_net_id);
	struct sk_buff *skb;
	void *hdr;

	skb = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!skb) {
		atomic64_inc(&rn->seq);
		return;
	}
	hdr = genlmsg_put(skb, 0, 0, &rdmactl_family, 0, RDMACTL_CMD_EVENT);
	if (!hdr || rdmactl_event_fill(skb, net, ev)) {
		if (!hdr)
			atomic64_inc(&rn->seq);
		nlmsg_free(skb);
		return;
	}
	genlmsg_end(skb, hdr);
	genlmsg_multicast_netns(&rdmactl_family, net, skb, 0, 0, GFP_KERNEL);
}

/*
 * Send ev to each namespace that can see ibdev (or, for netdev events, to
 * the netdev's) and has a listener.
 */
static void rdmactl_event_send(const struct rdmactl_event_item *ev, struct ib_device *ibdev)
{
	struct net *net;

	if (!READ_ONCE(rdmactl_events_on))
		return;
	down_read(&net_rwsem);
	for_each_net(net) {
		if (ev->net ? !net_eq(net, ev->net) : !ibdev || !rdma_dev_access_netns(ibdev, net))
			continue;
		if (genl_has_listeners(&rdmactl_family, net, 0))
			rdmactl_event_send_one(ev, net);
	}
	up_read(&net_rwsem);
}

/*
 * Events that could not be queued, told to each namespace with a listener
 * (which of them it was meant for, nobody knows any more): an OVERFLOW
 * with the count since the last one there.
 */
static void rdmactl_lost_work_fn(struct work_struct *work)
{
	struct rdmactl_event_item ev = { .type = RDMACTL_EVENT_OVERFLOW };
	u64 dropped = atomic64_read(&rdmactl_events_dropped);
	struct rdmactl_net *rn;
	struct net *net;

	if (!READ_ONCE(rdmactl_events_on))
		return;
	down_read(&net_rwsem);
	for_each_net(net) {
		rn = net_generic(net, rdmactl_net_id);
		ev.lost = dropped - rn->dropped_seen;
		rn->dropped_seen = dropped;
		if (ev.lost && genl_has_listeners(&rdmactl_family, net, 0))
			rdmactl_event_send_one(&ev, net);
	}
	up_read(&net_rwsem);
}

/* An event that could not be queued: listeners hear how many, later. */
void rdmactl_event_lost(void)
{
	atomic64_inc(&rdmactl_events_dropped);
	queue_work(rdmactl_wq, &rdmactl_lost_work);
}

static bool rdmactl_event_is_netdev(const struct rdmactl_event_item *ev)
{
	return ev->type == RDMACTL_EVENT_NETDEV_ATTACH || ev->type == RDMACTL_EVENT_NETDEV_DETACH;
}

void rdmactl_event_work(struct work_struct *work)
{
	struct rdmactl_event_item *ev = container_of(work, struct rdmactl_event_item, work);
	struct rdmactl_dev *dev = NULL;

	if (ev->has_dev)
		dev = rdmactl_dev_get_any(ev->dev_index);
	/*
	 * Made after its DEV_REMOVE went out (the queue is ordered), while
	 * the registry still finds it: as if it were gone already.
	 */
	if (dev && ev->type != RDMACTL_EVENT_DEV_REMOVE && READ_ONCE(dev->told_removed)) {
		rdmactl_dev_put(dev);
		dev = NULL;
	}
	/*
	 * A netdev in a namespace that cannot see its device (exclusive
	 * mode): an IPoIB change is news there, without the device; an
	 * attach or detach means nothing there.
	 */
	if (dev && ev->net && !rdma_dev_access_netns(dev->ibdev, ev->net)) {
		if (rdmactl_event_is_netdev(ev))
			goto out;
		rdmactl_dev_put(dev);
		dev = NULL;
		ev->has_dev = false;
		ev->port = 0;
	}
	if (dev) {
		/*
		 * The name now (a rename's: the one it gave, client.c), and
		 * the port's state after the event.
		 */
		if (ev->type != RDMACTL_EVENT_DEV_RENAME)
			rdmactl_dev_name(dev, ev->name);
		if (ev->port && ev->type != RDMACTL_EVENT_ROCE &&
		    ev->type != RDMACTL_EVENT_STAT_MODE && ev->type != RDMACTL_EVENT_STAT_RESET &&
		    rdma_is_port_valid(dev->ibdev, ev->port))
			ev->have_attr = !ib_query_port(dev->ibdev, ev->port, &ev->attr);
		if (ev->have_attr && ev->have_state)
			ev->attr.state = ev->state;
	}
	/*
	 * Without its device, an event is one made after the device's
	 * DEV_REMOVE was sent: a ROCE or STAT_MODE change that raced with the
	 * removal, whose listeners have heard DEV_REMOVE. It is dropped.
	 */
	if (dev || ev->net)
		rdmactl_event_send(ev, dev ? dev->ibdev : NULL);
	if (dev && ev->type == RDMACTL_EVENT_DEV_REMOVE)
		WRITE_ONCE(dev->told_removed, true);
	/* Its netdevs, after it. */
	if (dev && ev->type == RDMACTL_EVENT_DEV_ADD) {
		WRITE_ONCE(dev->announced, true);
		rdmactl_rescan();
	}
out:
	if (dev)
		rdmactl_dev_put(dev);
	if (ev->net)
		put_net(ev->net);
	rdmactl_event_free(ev);
}

struct rdmactl_event_item *rdmactl_event_new(u8 type, gfp_t gfp)
{
	struct rdmactl_event_item *ev = kmem_cache_zalloc(rdmactl_event_cache, gfp);

	if (ev) {
		INIT_WORK(&ev->work, rdmactl_event_work);
		ev->type = type;
	}
	return ev;
}

void rdmactl_event_free(struct rdmactl_event_item *ev)
{
	kfree(ev->names.buf);
	kmem_cache_free(rdmactl_event_cache, ev);
}

/* ev, or NULL when it could not be allocated: then counted as lost. */
static void rdmactl_event_queue(struct rdmactl_event_item *ev)
{
	if (ev)
		queue_work(rdmactl_wq, &ev->work);
	else
		rdmactl_event_lost();
}

/*
 * Device events, from the client callbacks (client.c). A new RoCE or
 * iWARP device's netdevs follow its DEV_ADD, from the rescan the worker
 * queues once that is out: a netdev is news only where it lives, which
 * is found under RTNL, not here, under ib_core's rwsems.
 */
void rdmactl_event_dev(struct rdmactl_dev *dev, u8 type, const char *old_name,
		       const char *name)
{
	struct rdmactl_event_item *ev = rdmactl_event_new(type, GFP_KERNEL);

	if (ev) {
		ev->has_dev = true;
		ev->dev_index = dev->index;
		if (old_name)
			strscpy(ev->old_name, old_name, sizeof(ev->old_name));
		if (name)
			strscpy(ev->name, name, sizeof(ev->name));
	} else if (type == RDMACTL_EVENT_DEV_ADD) {
		WRITE_ONCE(dev->announced, true);
		rdmactl_rescan();
	}
	rdmactl_event_queue(ev);
}

/* An event about a port of dev, from process context; NULL (counted) without memory. */
static struct rdmactl_event_item *rdmactl_event_port(struct rdmactl_dev *dev, u32 port, u8 type)
{
	struct rdmactl_event_item *ev = rdmactl_event_new(type, GFP_KERNEL);

	if (!ev) {
		rdmactl_event_lost();
		return NULL;
	}
	ev->has_dev = true;
	ev->dev_index = dev->index;
	ev->port = port;
	return ev;
}

/*
 * A RoCE port's settings set, restored, failed or forgotten, or rdma_cm's
 * defaults gone with it (roce-saved.c): st is the port's ROCE_GET reply,
 * copied into the event, which may be sent after the device is gone.
 */
void rdmactl_event_roce(struct rdmactl_dev *dev, u32 port, const struct rdmactl_roce_state *st,
			const struct rdmactl_roce_ev *rev)
{
	struct rdmactl_event_item *ev = rdmactl_event_port(dev, port, RDMACTL_EVENT_ROCE);

	if (!ev)
		return;
	ev->roce = *st;
	ev->restored = rev->restored;
	ev->clear = rev->clear;
	ev->cm_gone = rev->cm_gone;
	ev->delayed = rev->delayed;
	ev->qos_only = !!rev->applied;
	ev->error = rev->error;
	rdmactl_event_queue(ev);
}

/* A port's counters reset, or given a baseline; port 0: the device's (stat-reset.c). */
void rdmactl_event_stat_reset(struct rdmactl_dev *dev, u32 port, bool hw)
{
	struct rdmactl_event_item *ev = rdmactl_event_port(dev, port, RDMACTL_EVENT_STAT_RESET);

	if (!ev)
		return;
	ev->reset_hw = hw;
	rdmactl_event_queue(ev);
}

/* A port's kept optional counters (stat-mode.c). */
void rdmactl_event_stat_mode(struct rdmactl_dev *dev, u32 port, struct rdmactl_names *names,
			     u8 flags, int error)
{
	struct rdmactl_event_item *ev = rdmactl_event_port(dev, port, RDMACTL_EVENT_STAT_MODE);

	if (!ev)
		return;
	ev->stat_mode = flags;
	ev->error = error;
	if (names) {
		ev->names = *names;
		names->buf = NULL;
	}
	rdmactl_event_queue(ev);
}

/*
 * A device going away: the removal is queued behind what was queued
 * before, so that it is numbered in order with every other message, and
 * sent while the registry still finds the device and it can still say
 * who sees it (client.c forgets it after this returns).
 */
void rdmactl_event_dev_remove(struct rdmactl_dev *dev)
{
	struct rdmactl_event_item *ev;

	ib_unregister_event_handler(&dev->event_handler);
	ev = rdmactl_event_new(RDMACTL_EVENT_DEV_REMOVE, GFP_KERNEL);
	if (ev) {
		ev->has_dev = true;
		ev->dev_index = dev->index;
	}
	rdmactl_event_queue(ev);
	flush_workqueue(rdmactl_wq);
	WRITE_ONCE(dev->told_removed, true);	/* its DEV_REMOVE lost: as if sent */
	/* Its netdevs may unregister: ours will not hold them up. */
	rtnl_lock();
	rdmactl_ndevs_release(dev);
	rtnl_unlock();
}

static void rdmactl_ib_event(struct ib_event_handler *handler, struct ib_event *event)
{
	struct rdmactl_dev *dev = container_of(handler, struct rdmactl_dev, event_handler);
	static const u8 types[] = {
		[IB_EVENT_PORT_ACTIVE] = RDMACTL_EVENT_PORT_ACTIVE,
		[IB_EVENT_PORT_ERR] = RDMACTL_EVENT_PORT_ERR,
		[IB_EVENT_LID_CHANGE] = RDMACTL_EVENT_LID_CHANGE,
		[IB_EVENT_SM_CHANGE] = RDMACTL_EVENT_SM_CHANGE,
		[IB_EVENT_PKEY_CHANGE] = RDMACTL_EVENT_PKEY_CHANGE,
		[IB_EVENT_GID_CHANGE] = RDMACTL_EVENT_GID_CHANGE,
		[IB_EVENT_CLIENT_REREGISTER] = RDMACTL_EVENT_CLIENT_REREGISTER,
		[IB_EVENT_DEVICE_FATAL] = RDMACTL_EVENT_DEVICE_FATAL,
	};
	struct rdmactl_event_item *ev;
	u8 type;

	/* Newer kernels add events: those we do not know are not ours. */
	if ((unsigned int)event->event >= ARRAY_SIZE(types) || !types[event->event])
		return;
	type = types[event->event];
	/* What was read of the port is stale now, whether or not we can tell. */
	if (type != RDMACTL_EVENT_DEVICE_FATAL) {
		rdmactl_port_query_changed(dev, event->element.port_num);
	} else {
		u32 port;

		rdma_for_each_port(dev->ibdev, port)
			rdmactl_port_query_changed(dev, port);
	}
	/*
	 * From ib_core's workqueue, possibly under its GID table lock or RTNL,
	 * which reclaim through an RDMA block or file system may need.
	 */
	ev = rdmactl_event_new(type, GFP_NOIO);
	if (!ev) {
		rdmactl_event_lost();
		return;
	}
	ev->has_dev = true;
	ev->dev_index = dev->index;
	if (type != RDMACTL_EVENT_DEVICE_FATAL) {
		ev->port = event->element.port_num;
		/* Refreshed before handlers run, and safe in atomic context. */
		ev->have_state = !ib_get_cached_port_state(dev->ibdev, ev->port, &ev->state);
	}
	rdmactl_event_queue(ev);
	/*
	 * A RoCE or iWARP port's GID table and state follow its netdev: a
	 * driver re-binding a port (ib_device_set_netdev()) tells no one else.
	 */
	if ((type == RDMACTL_EVENT_GID_CHANGE || type == RDMACTL_EVENT_PORT_ACTIVE ||
	     type == RDMACTL_EVENT_PORT_ERR) &&
	    rdma_is_port_valid(dev->ibdev, event->element.port_num) &&
	    !rdma_protocol_ib(dev->ibdev, event->element.port_num))
		rdmactl_rescan();
}

void rdmactl_event_dev_init(struct rdmactl_dev *dev)
{
	INIT_IB_EVENT_HANDLER(&dev->event_handler, dev->ibdev, rdmactl_ib_event);
	ib_register_event_handler(&dev->event_handler);
}

/*
 * An IPoIB interface's mode or MTU changed (ipoib.c): news in its
 * namespace, with its RDMA device (hca) where that namespace sees it.
 */
void rdmactl_event_ipoib(struct net_device *ndev, u8 type, u8 mode,
			 const struct ib_device *hca)
{
	struct rdmactl_event_item *ev = rdmactl_event_new(type, GFP_KERNEL);

	if (!ev) {
		rdmactl_event_lost();
		return;
	}
	ev->net = maybe_get_net(dev_net(ndev));
	if (!ev->net) {
		rdmactl_event_free(ev);
		return;
	}
	ev->ifindex = ndev->ifindex;
	strscpy(ev->ifname, ndev->name, sizeof(ev->ifname));
	ev->mode = mode;
	ev->mtu = ndev->mtu;
	if (hca) {
		ev->has_dev = true;
		ev->dev_index = hca->index;
	}
	rdmactl_event_queue(ev);
}

/* A new namespace hears of losses from its birth on. */
static int __net_init rdmactl_net_init(struct net *net)
{
	struct rdmactl_net *rn = net_generic(net, rdmactl_net_id);

	rn->dropped_seen = atomic64_read(&rdmactl_events_dropped);
	return 0;
}

static struct pernet_operations rdmactl_net_ops = {
	.init = rdmactl_net_init,
	.id = &rdmactl_net_id,
	.size = sizeof(struct rdmactl_net),
};

/* Before the client registers: its add() queues events. */
int rdmactl_events_init(void)
{
	int err;

	/* Its own cache: a test makes it fail (failslab) to see losses told. */
	rdmactl_event_cache = KMEM_CACHE(rdmactl_event_item, 0);
	if (!rdmactl_event_cache)
		return -ENOMEM;
	err = register_pernet_subsys(&rdmactl_net_ops);
	if (err)
		goto err_cache;
	rdmactl_wq = alloc_ordered_workqueue("rdmactl_events", 0);
	if (!rdmactl_wq) {
		err = -ENOMEM;
		goto err_pernet;
	}
	rdmactl_netdevs_init();
	return 0;

err_pernet:
	unregister_pernet_subsys(&rdmactl_net_ops);
err_cache:
	kmem_cache_destroy(rdmactl_event_cache);
	return err;
}

/*
 * Once the family is registered: events may be sent, netdevs watched. The
 * registration replays REGISTER for every netdev, which fills the IPoIB
 * modes and rescans the ports: the devices' own rescans have found their
 * netdevs, so it tells nothing new.
 */
int rdmactl_events_start(void)
{
	WRITE_ONCE(rdmactl_events_on, true);
	return rdmactl_netdevs_start();
}

/*
 * Before the family goes: nothing is sent after this returns. Unregistering
 * the notifier replays UNREGISTER for every netdev, which must not read as
 * every RoCE netdev detaching: the watch ends first.
 */
void rdmactl_events_stop(void)
{
	rdmactl_netdevs_stop();
	WRITE_ONCE(rdmactl_events_on, false);
	flush_workqueue(rdmactl_wq);
	rdmactl_ipoib_events_stop();
	rdmactl_netdevs_release_all();
}

/* After the client is gone. */
void rdmactl_events_exit(void)
{
	destroy_workqueue(rdmactl_wq);
	unregister_pernet_subsys(&rdmactl_net_ops);
	kmem_cache_destroy(rdmactl_event_cache);
}
