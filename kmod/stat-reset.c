// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_STAT_RESET (CAP_NET_ADMIN): a baseline, which only rdmactl
 * subtracts, or the PMA's own reset (a PortCounters Set, as perfquery -R).
 * Either costs MADs: a fresh read of the port's sources, or the Sets.
 *
 * The doit runs under genetlink's cb_lock, so it sends none: each port's
 * reset is the port's work item (reset_work, on the read workqueue), and
 * the doit waits for its ports RDMACTL_LOCKED_WAIT at most, killably. When
 * some are not done by then it fails with -EAGAIN ("ask again"): the
 * resets go on, and what each port was given is kept for the same doit
 * asked again (the same namespace, socket and sequence number) within
 * RDMACTL_RESET_BACK, which takes its outcome rather than reset the port
 * again. librdmactl asks again until answered. A reset that finds one of
 * the same kind queued takes it; one running, which may have read before
 * it came, is followed by another; one of the other kind refuses the
 * request (-EBUSY) before any of its ports is touched: a request of
 * every device starts every port's reset at once, or none.
 */
#include <linux/slab.h>

#include "core.h"

#define RDMACTL_RESET_BACK	(10 * HZ)

/* The reset_* fields of every port's struct rdmactl_stat_state. */
static DEFINE_SPINLOCK(rdmactl_reset_lock);
static DECLARE_WAIT_QUEUE_HEAD(rdmactl_reset_wait);

/*
 * Called with st->lock held. Record the counters as the baseline, read
 * afresh. A baseline is every source at one time, so when the PMA (a port
 * whose PMA has answered ClassPortInfo, or has not yet) or the driver
 * cannot be read, nothing is recorded: -EIO and -ENODATA, respectively.
 * The arrays it fills were made by the doit (rdmactl_reset_base_alloc()).
 */
static int rdmactl_take_baseline(struct rdmactl_dev *dev, u32 port,
				 struct rdmactl_stat_state *st)
{
	bool pma = !rdmactl_stat_is_dev(dev, port);
	int i;

	/* The doit made them before it queued this (rdmactl_reset_base_alloc()). */
	if (WARN_ON_ONCE((pma && !st->pma_base) || (st->hw && !st->hw_base)))
		return -ENOMEM;
	/* The driver first, as a snapshot reads (stat-hold.c). */
	if (st->hw && !rdmactl_hw_read(dev, port, st, true))
		return -ENODATA;
	if (pma && !rdmactl_pma_get(dev, port, st, true) && st->pma_set)
		return -EIO;
	if (pma && st->pma_valid)
		memcpy(st->pma_base, st->pma_snap.value, sizeof(st->pma_snap.value));
	for (i = 0; st->hw && i < st->hw->num_counters; i++)
		st->hw_base[i] = st->hw->value[i];
	WRITE_ONCE(st->read_at, jiffies);	/* a read, as a snapshot's */
	WRITE_ONCE(st->read_ok, true);
	/* The read's time, or now when the port has no source to read. */
	st->baseline_ts = st->hw || (pma && st->pma_valid) ? st->read_ns : ktime_get_ns();
	st->has_baseline = true;
	return 0;
}

/*
 * The work item: one port's reset, of the kind reset_hw says; again when
 * a request came while it ran (reset_again), which it may predate.
 */
void rdmactl_stat_reset_one(struct work_struct *work)
{
	struct rdmactl_stat_state *st = container_of(work, struct rdmactl_stat_state, reset_work);
	struct rdmactl_dev *dev = st->dev;
	bool has_pma, again, hw;
	u32 begun;
	int err;

	spin_lock(&rdmactl_reset_lock);
	begun = ++st->reset_begun;
	st->reset_running = true;
	st->reset_again = false;
	hw = st->reset_hw;
	spin_unlock(&rdmactl_reset_lock);

	mutex_lock(&st->lock);
	if (READ_ONCE(dev->removing))
		err = -ENODEV;
	else if (!hw)
		err = rdmactl_take_baseline(dev, st->port, st);
	else if (rdmactl_stat_is_dev(dev, st->port))
		err = -EOPNOTSUPP;
	else
		err = rdmactl_pma_reset(dev, st->port, st);
	has_pma = st->pma_set > 0;
	mutex_unlock(&st->lock);

	/* Whatever changed is told, before the doit hears (-EPROTO: half). */
	if (!err || err == -EPROTO)
		rdmactl_event_stat_reset(dev, st->port, hw);
	spin_lock(&rdmactl_reset_lock);
	st->reset_err = err;
	st->reset_has_pma = has_pma;
	WRITE_ONCE(st->reset_ended, begun);
	st->reset_running = false;
	again = st->reset_again && !READ_ONCE(dev->removing);
	WRITE_ONCE(st->reset_busy, again);
	spin_unlock(&rdmactl_reset_lock);
	if (again)
		rdmactl_read_queue(&st->reset_work);
	wake_up_all(&rdmactl_reset_wait);
}

/* A device is being removed: no doit waits for its resets. */
void rdmactl_stat_reset_removing(void)
{
	wake_up_all(&rdmactl_reset_wait);
}

/* The items of a device's reset: its device counters first (as port 0), then ports. */
struct rdmactl_reset_items {
	struct rdmactl_dev *dev;	/* held (a request of every device: until its end) */
	bool device;		/* slot 0 too */
	u32 first, last;	/* ports */
	u32 *need;		/* [port - from]: the reset whose end answers */
};

/* The first item: the device's counters are asked for as port 0. */
static u32 rdmactl_reset_from(const struct rdmactl_reset_items *r)
{
	return r->device ? 0 : r->first;
}

/* Called with rdmactl_reset_lock held: what st gave the same doit before. */
static bool rdmactl_reset_kept_for(const struct rdmactl_stat_state *st, bool hw,
				   const struct rdmactl_reset_asker *who)
{
	return st->reset_kept && st->reset_hw == hw && st->reset_kept_net == who->net &&
	       st->reset_kept_portid == who->portid && st->reset_kept_seq == who->seq &&
	       who->now - st->reset_kept_at < RDMACTL_RESET_BACK;
}

/*
 * Called with rdmactl_reset_lock held. Have st reset, of kind hw, for a
 * doit: the number of the reset whose end answers it, one that begins
 * after it arrived, or the one the same doit was given before it gave up
 * (RDMACTL_RESET_BACK ago at most), which is kept for it again. True when
 * the port's work is to be queued.
 */
static bool rdmactl_reset_start(struct rdmactl_stat_state *st, bool hw,
				const struct rdmactl_reset_asker *who, u32 *need)
{
	bool queue = false;

	if (rdmactl_reset_kept_for(st, hw, who)) {
		*need = st->reset_kept_need;
	} else {
		*need = st->reset_begun + 1;
		if (st->reset_running)
			st->reset_again = true;	/* began before us: once more */
		else if (!st->reset_busy)
			queue = true;		/* else queued, not begun: it serves */
		st->reset_hw = hw;
		WRITE_ONCE(st->reset_busy, true);
	}
	st->reset_kept = true;
	st->reset_kept_net = who->net;
	st->reset_kept_portid = who->portid;
	st->reset_kept_seq = who->seq;
	st->reset_kept_need = *need;
	st->reset_kept_at = who->now;
	return queue;
}

/*
 * Start the resets of every port of n devices' items, or of none: a port
 * with a reset of the other kind in flight refuses the whole request
 * (-EBUSY) before any port is touched, in one hold of the lock, so that
 * a refused request never leaves some counters reset and others not.
 */
static int rdmactl_reset_start_all(struct rdmactl_reset_items *items, u32 n, bool hw,
				   const struct rdmactl_reset_asker *who,
				   const struct nlattr *port_attr, struct netlink_ext_ack *extack)
{
	struct rdmactl_stat_state *st;
	u32 i, port, from;

	spin_lock(&rdmactl_reset_lock);
	for (i = 0; i < n; i++) {
		for (port = rdmactl_reset_from(&items[i]); port <= items[i].last; port++) {
			st = rdmactl_stat_of(items[i].dev, port);
			if (st->reset_busy && st->reset_hw != hw &&
			    !rdmactl_reset_kept_for(st, hw, who)) {
				spin_unlock(&rdmactl_reset_lock);
				rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_RESET_OTHER,
						items[i].dev->index, port);
				return -EBUSY;
			}
		}
	}
	for (i = 0; i < n; i++) {
		from = rdmactl_reset_from(&items[i]);
		for (port = from; port <= items[i].last; port++) {
			st = rdmactl_stat_of(items[i].dev, port);
			if (rdmactl_reset_start(st, hw, who, &items[i].need[port - from]))
				rdmactl_read_queue(&st->reset_work);	/* queue_work() */
		}
	}
	spin_unlock(&rdmactl_reset_lock);
	return 0;
}

static bool rdmactl_reset_done(const struct rdmactl_reset_items *r, u32 upto)
{
	u32 port, from = rdmactl_reset_from(r);

	if (READ_ONCE(r->dev->removing))
		return true;
	for (port = from; port < upto; port++)
		if ((s32)(READ_ONCE(rdmactl_stat_of(r->dev, port)->reset_ended) -
			  r->need[port - from]) < 0)
			return false;
	return true;
}

/* The first item's error, with its message. */
static int rdmactl_reset_outcome(const struct rdmactl_reset_items *r, bool hw,
				 const struct nlattr *port_attr, struct netlink_ext_ack *extack,
				 int *done)
{
	struct rdmactl_stat_state *st;
	bool has_pma;
	u32 port;
	int err;

	for (port = rdmactl_reset_from(r); port <= r->last; port++) {
		st = rdmactl_stat_of(r->dev, port);
		spin_lock(&rdmactl_reset_lock);
		err = st->reset_err;
		has_pma = st->reset_has_pma;
		spin_unlock(&rdmactl_reset_lock);
		if (READ_ONCE(r->dev->removing))
			err = -ENODEV;
		if (hw && err == -EOPNOTSUPP && !port_attr)
			continue;
		/* No device names: they are up to 63 bytes. The index says which. */
		if (err == -ENODEV)
			NL_SET_ERR_MSG(extack, "the device went away during the reset");
		else if (!hw && err == -ENODATA)
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_HW_NO_BASELINE, port);
		else if (!hw && err)
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_PMA_NO_BASELINE, port);
		else if (err == -EOPNOTSUPP && has_pma)
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_PMA_NO_RESET, port);
		else if (err == -EOPNOTSUPP)
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_NO_PMA, port);
		else if (err == -EPROTO)
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_PMA_PARTIAL, port);
		else if (err)
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_PMA_FAILED,
					r->dev->index, port);
		if (err)
			return err;
		if (port >= r->first)
			(*done)++;
	}
	return 0;
}

/* *base made n long, unless it is: by whichever doit comes first. */
static int rdmactl_base_alloc(u64 **base, u32 n)
{
	u64 *p;

	if (READ_ONCE(*base))
		return 0;
	p = kcalloc(n, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	if (cmpxchg(base, NULL, p))
		kfree(p);
	return 0;
}

/*
 * The arrays of r's ports' baselines, made before any of their resets
 * starts, for those that have none yet (core.h): no memory refuses the
 * device's ports whole, never some of them.
 */
static int rdmactl_reset_base_alloc(const struct rdmactl_reset_items *r,
				    struct netlink_ext_ack *extack)
{
	struct rdmactl_stat_state *st;
	int err = 0;
	u32 port;

	for (port = rdmactl_reset_from(r); port <= r->last && !err; port++) {
		st = rdmactl_stat_of(r->dev, port);
		if (!rdmactl_stat_is_dev(r->dev, port))
			err = rdmactl_base_alloc(&st->pma_base, RDMACTL_PMA_NUM);
		if (!err && st->hw)
			err = rdmactl_base_alloc(&st->hw_base, st->hw->num_counters);
	}
	if (err)
		NL_SET_ERR_MSG(extack, "no memory for the ports' baselines");
	return err;
}

/*
 * The items of one device's reset: one port, or all of them and
 * (baseline only) the device's counters; for a baseline, their arrays.
 */
static int rdmactl_reset_items_init(struct rdmactl_reset_items *r, struct rdmactl_dev *dev,
				    const struct nlattr *port_attr, bool hw,
				    struct netlink_ext_ack *extack)
{
	u32 port;
	int err;

	r->dev = dev;
	r->first = rdma_start_port(dev->ibdev);
	r->last = rdma_end_port(dev->ibdev);
	if (port_attr) {
		err = rdmactl_stat_port(dev, port_attr, extack, &port);
		if (err)
			return err;
		r->first = port;
		r->last = port;
	}
	/* A switch's ports start at 0: it has no device counters then. */
	r->device = !port_attr && !hw && dev->stats[0].hw && r->first > 0;
	r->need = kcalloc(r->last - rdmactl_reset_from(r) + 1, sizeof(*r->need), GFP_KERNEL);
	if (!r->need)
		return -ENOMEM;
	return hw ? 0 : rdmactl_reset_base_alloc(r, extack);
}

/*
 * Wait until jiffies reach until for a device's started resets, then
 * their outcome. *done counts the ports reset; a port without a PMA is an
 * error only when it was named. -EAGAIN: not all done yet (what each port
 * was given is kept for the doit asked again).
 */
static int rdmactl_reset_wait_for(const struct rdmactl_reset_items *r, bool hw,
				  const struct rdmactl_reset_asker *who,
				  const struct nlattr *port_attr, unsigned long until,
				  struct netlink_ext_ack *extack, int *done)
{
	long left = wait_event_killable_timeout(rdmactl_reset_wait,
						rdmactl_reset_done(r, r->last + 1),
						max_t(long, until - jiffies, 0));
	struct rdmactl_stat_state *st;
	u32 port;

	if (left < 0)
		return -EINTR;
	if (!rdmactl_reset_done(r, r->last + 1))
		return -EAGAIN;
	/* Answered: what was kept for it is not for a later request. */
	spin_lock(&rdmactl_reset_lock);
	for (port = rdmactl_reset_from(r); port <= r->last; port++) {
		st = rdmactl_stat_of(r->dev, port);
		if (rdmactl_reset_kept_for(st, hw, who))
			st->reset_kept = false;
	}
	spin_unlock(&rdmactl_reset_lock);
	return rdmactl_reset_outcome(r, hw, port_attr, extack, done);
}

/*
 * No device named: every device the namespace has, each port's reset
 * started before any is waited for, or none (rdmactl_reset_start_all()).
 * A device that comes later is not the request's.
 */
static int rdmactl_reset_all_start(struct rdmactl_req *req, struct rdmactl_reset_req *r)
{
	struct rdmactl_reset_items *grown;
	struct rdmactl_dev *dev;
	u32 index = 0, cap = 0;
	int err = 0;

	while (!err && (dev = rdmactl_dev_get_next(req->net, &index))) {
		if (r->nitems == cap) {
			cap = cap ? 2 * cap : 8;
			grown = krealloc_array(r->items, cap, sizeof(*grown), GFP_KERNEL);
			if (!grown) {
				rdmactl_dev_put(dev);
				err = -ENOMEM;
				break;
			}
			r->items = grown;
		}
		memset(&r->items[r->nitems], 0, sizeof(r->items[0]));
		err = rdmactl_reset_items_init(&r->items[r->nitems++], dev, NULL, r->hw,
					       req->extack);
		index++;
	}
	if (!err)
		err = rdmactl_reset_start_all(r->items, r->nitems, r->hw, &r->who, NULL,
					      req->extack);
	/*
	 * The references are kept until the request ends (cleanup): set()
	 * knows its items by the device, which a pointer compared after a
	 * put could no longer name. A removal waits for them, a tenth of a
	 * second at most (the request's one deadline).
	 */
	return err;
}

/*
 * STAT_RESET through the default SET doit (request.c): who asks (a doit
 * and the same doit asked again: its namespace, socket and sequence
 * number), and the one deadline every device's resets share. With no
 * device named, every device's resets start here.
 */
int rdmactl_stat_reset_validate(struct rdmactl_req *req, void *state)
{
	struct rdmactl_reset_req *r = state;

	r->hw = nla_get_flag(req->attrs[RDMACTL_A_STAT_RESET_HARDWARE]);
	r->until = jiffies + RDMACTL_LOCKED_WAIT;
	r->who.net = req->net;
	r->who.portid = req->info->snd_portid;
	r->who.seq = req->info->snd_seq;
	r->who.now = req->call_at;
	if (req->attrs[RDMACTL_A_DEV_INDEX] || req->attrs[RDMACTL_A_DEV_NAME] ||
	    req->attrs[RDMACTL_A_PORT_INDEX])
		return 0;
	r->all = true;
	return rdmactl_reset_all_start(req, r);
}

/* One device's resets: started here when it is named, waited for in time. */
int rdmactl_stat_reset_set(struct rdmactl_req *req, void *state, struct rdmactl_dev **devp,
			   const struct nlattr *port_attr)
{
	struct rdmactl_reset_req *r = state;
	struct rdmactl_reset_items one = {};
	u32 i;
	int err;

	if (r->all) {
		for (i = 0; i < r->nitems; i++)
			if (r->items[i].dev == *devp)	/* held: the same device */
				return rdmactl_reset_wait_for(&r->items[i], r->hw, &r->who, NULL,
							      r->until, req->extack, &r->done);
		return 0;
	}
	err = rdmactl_reset_items_init(&one, *devp, port_attr, r->hw, req->extack);
	if (!err)
		err = rdmactl_reset_start_all(&one, 1, r->hw, &r->who, port_attr, req->extack);
	if (!err)
		err = rdmactl_reset_wait_for(&one, r->hw, &r->who, port_attr, r->until,
					     req->extack, &r->done);
	kfree(one.need);
	return err;
}

int rdmactl_stat_reset_end(struct rdmactl_req *req, void *state, int err)
{
	const struct rdmactl_reset_req *r = state;

	if (err == -EAGAIN)
		NL_SET_ERR_MSG(req->extack, RDMACTL_MSG_RESET_SLOW);
	if (!err && r->hw && !r->done) {
		NL_SET_ERR_MSG(req->extack, "no port has a PMA that resets its counters");
		err = -EOPNOTSUPP;
	}
	return err;
}

void rdmactl_stat_reset_cleanup(void *state)
{
	struct rdmactl_reset_req *r = state;
	u32 i;

	for (i = 0; r && i < r->nitems; i++) {
		kfree(r->items[i].need);
		rdmactl_dev_put(r->items[i].dev);
	}
	if (r)
		kfree(r->items);
}
