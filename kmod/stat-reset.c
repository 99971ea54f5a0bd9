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
 * resets go on, and each port's outcome is kept for the next STAT_RESET
 * of the same kind within RDMACTL_RESET_BACK, which takes it rather than
 * reset the port again. librdmactl asks again until answered. A reset of
 * a port whose reset of the same kind is in flight takes that one's
 * outcome; one of the other kind is refused (-EBUSY).
 */
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
 */
static int rdmactl_take_baseline(struct rdmactl_dev *dev, u32 port,
				 struct rdmactl_stat_state *st)
{
	bool pma = !rdmactl_stat_is_dev(dev, port);
	int i;

	if (pma && !rdmactl_pma_get(dev, port, st, true) && st->pma_set)
		return -EIO;
	if (st->hw && !rdmactl_hw_read(dev, port, st, true))
		return -ENODATA;
	if (pma && st->pma_valid)
		memcpy(st->pma_base, st->pma_snap.value, sizeof(st->pma_base));
	for (i = 0; st->hw && i < st->hw->num_counters; i++)
		st->hw_base[i] = st->hw->value[i];
	WRITE_ONCE(st->read_at, jiffies);	/* a read, as a snapshot's */
	WRITE_ONCE(st->read_ok, true);
	/* The read's time, or now when the port has no source to read. */
	st->baseline_ts = st->hw || (pma && st->pma_valid) ? st->read_ns : ktime_get_ns();
	st->has_baseline = true;
	return 0;
}

/* The work item: one port's reset, of the kind reset_hw says. */
void rdmactl_stat_reset_one(struct work_struct *work)
{
	struct rdmactl_stat_state *st = container_of(work, struct rdmactl_stat_state, reset_work);
	struct rdmactl_dev *dev = st->dev;
	int err = -ENODEV;
	bool has_pma;

	mutex_lock(&st->lock);
	if (READ_ONCE(dev->removing))
		err = -ENODEV;
	else if (!st->reset_hw)
		err = rdmactl_take_baseline(dev, st->port, st);
	else if (rdmactl_stat_is_dev(dev, st->port))
		err = -EOPNOTSUPP;
	else
		err = rdmactl_pma_reset(dev, st->port, st);
	has_pma = st->pma_set > 0;
	mutex_unlock(&st->lock);

	/* Before the doit hears: its caller's next listen follows it. */
	if (!err)
		rdmactl_event_stat_reset(dev, st->port, st->reset_hw);
	spin_lock(&rdmactl_reset_lock);
	st->reset_err = err;
	st->reset_has_pma = has_pma;
	st->reset_busy = false;
	spin_unlock(&rdmactl_reset_lock);
	wake_up_all(&rdmactl_reset_wait);
}

/*
 * Have st reset, of kind hw, for a doit that arrived at now: unless one
 * of that kind is in flight, or one a doit gave up on less than
 * RDMACTL_RESET_BACK before is done. -EBUSY when a reset of the other
 * kind is in flight.
 */
static int rdmactl_reset_start(struct rdmactl_stat_state *st, bool hw, u32 now)
{
	bool queue = false;
	int err = 0;

	spin_lock(&rdmactl_reset_lock);
	if (st->reset_busy) {
		/* The one in flight serves, asked by whoever. */
		err = st->reset_hw == hw ? 0 : -EBUSY;
	} else if (!st->reset_kept || st->reset_hw != hw ||
		   now - st->reset_kept_at >= RDMACTL_RESET_BACK) {
		st->reset_hw = hw;
		st->reset_busy = true;
		queue = true;
	}
	if (!err)
		st->reset_kept = false;
	spin_unlock(&rdmactl_reset_lock);
	if (queue)
		rdmactl_read_queue(&st->reset_work);
	return err;
}

/* The items of a device's reset: its device counters first (as port 0), then ports. */
struct rdmactl_reset_items {
	struct rdmactl_dev *dev;
	bool device;		/* slot 0 too */
	u32 first, last;	/* ports */
	bool hw;
};

/* The first item: the device's counters are asked for as port 0. */
static u32 rdmactl_reset_from(const struct rdmactl_reset_items *r)
{
	return r->device ? 0 : r->first;
}

static bool rdmactl_reset_done(const struct rdmactl_reset_items *r)
{
	u32 port;

	if (READ_ONCE(r->dev->removing))
		return true;
	for (port = rdmactl_reset_from(r); port <= r->last; port++)
		if (READ_ONCE(rdmactl_stat_of(r->dev, port)->reset_busy))
			return false;
	return true;
}

/* Keep the outcomes of the items before upto for the next doit: this one gives up. */
static void rdmactl_reset_keep(const struct rdmactl_reset_items *r, u32 upto, u32 now)
{
	struct rdmactl_stat_state *st;
	u32 port;

	spin_lock(&rdmactl_reset_lock);
	for (port = rdmactl_reset_from(r); port < upto; port++) {
		st = rdmactl_stat_of(r->dev, port);
		st->reset_kept = true;
		st->reset_kept_at = now;
	}
	spin_unlock(&rdmactl_reset_lock);
}

/* The first item's error, with its message. */
static int rdmactl_reset_outcome(const struct rdmactl_reset_items *r,
				 const struct nlattr *port_attr, struct netlink_ext_ack *extack,
				 int *done)
{
	struct rdmactl_stat_state *st;
	bool has_pma, hw = r->hw;
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

/*
 * Reset the ports of one device: one port, or all of them and (baseline
 * only) the device's counters; wait until jiffies reach until. *done
 * counts the ports reset; a port without a PMA is an error only when it
 * was named. -EAGAIN: not all done yet.
 */
static int rdmactl_reset_dev(struct rdmactl_dev *dev, const struct nlattr *port_attr,
			     bool hw, u32 now, unsigned long until,
			     struct netlink_ext_ack *extack, int *done)
{
	struct rdmactl_reset_items r = { .dev = dev, .hw = hw };
	u32 port;
	int err;

	r.first = rdma_start_port(dev->ibdev);
	r.last = rdma_end_port(dev->ibdev);
	if (port_attr) {
		err = rdmactl_stat_port(dev, port_attr, extack, &port);
		if (err)
			return err;
		r.first = port;
		r.last = port;
	}
	/* A switch's ports start at 0: it has no device counters then. */
	r.device = !port_attr && !hw && dev->stats[0].hw && r.first > 0;

	for (port = rdmactl_reset_from(&r); port <= r.last; port++) {
		err = rdmactl_reset_start(rdmactl_stat_of(dev, port), hw, now);
		if (err) {
			rdmactl_reset_keep(&r, port, now);
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_RESET_OTHER,
					dev->index, port);
			return err;
		}
	}
	if (wait_event_killable_timeout(rdmactl_reset_wait, rdmactl_reset_done(&r),
					max_t(long, until - jiffies, 0)) < 0)
		err = -EINTR;
	else if (!rdmactl_reset_done(&r))
		err = -EAGAIN;
	if (err) {
		rdmactl_reset_keep(&r, r.last + 1, now);
		return err;
	}
	return rdmactl_reset_outcome(&r, port_attr, extack, done);
}

int rdmactl_stat_reset_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *port_attr = info->attrs[RDMACTL_A_PORT_INDEX];
	bool hw = nla_get_flag(info->attrs[RDMACTL_A_STAT_RESET_HARDWARE]);
	unsigned long until = jiffies + RDMACTL_LOCKED_WAIT;
	struct net *net = genl_info_net(info);
	u32 index = 0, now = rdmactl_jiffies32();
	struct rdmactl_dev *dev;
	int err = 0, done = 0;
	bool again = false;

	if (info->attrs[RDMACTL_A_DEV_INDEX] || info->attrs[RDMACTL_A_DEV_NAME]) {
		dev = rdmactl_nl_dev_get(net, info->attrs, info->extack);
		if (IS_ERR(dev))
			return PTR_ERR(dev);
		err = rdmactl_reset_dev(dev, port_attr, hw, now, until, info->extack, &done);
		rdmactl_dev_put(dev);
	} else {
		if (port_attr) {
			NL_SET_ERR_MSG_ATTR(info->extack, port_attr, "a port needs a device");
			return -EINVAL;
		}
		/* Every device's resets start, whichever are done in time. */
		while ((!err || err == -EAGAIN) && (dev = rdmactl_dev_get_next(net, &index))) {
			err = rdmactl_reset_dev(dev, NULL, hw, now, until, info->extack, &done);
			again |= err == -EAGAIN;
			rdmactl_dev_put(dev);
			index++;
		}
		if (!err && again)
			err = -EAGAIN;
	}
	if (err == -EAGAIN)
		NL_SET_ERR_MSG(info->extack, RDMACTL_MSG_RESET_SLOW);
	if (!err && hw && !done) {
		NL_SET_ERR_MSG(info->extack, "no port has a PMA that resets its counters");
		err = -EOPNOTSUPP;
	}
	return err;
}
