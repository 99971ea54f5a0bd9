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
 * asked again (the same socket and sequence number) within
 * RDMACTL_RESET_BACK, which takes its outcome rather than reset the port
 * again. librdmactl asks again until answered. A reset that finds one of
 * the same kind queued takes it; one running, which may have read before
 * it came, is followed by another; one of the other kind is refused
 * (-EBUSY).
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
 */
static int rdmactl_take_baseline(struct rdmactl_dev *dev, u32 port,
				 struct rdmactl_stat_state *st)
{
	bool pma = !rdmactl_stat_is_dev(dev, port);
	int i;

	/* The driver first, as a snapshot reads (stat-hold.c). */
	if (st->hw && !rdmactl_hw_read(dev, port, st, true))
		return -ENODATA;
	if (pma && !rdmactl_pma_get(dev, port, st, true) && st->pma_set)
		return -EIO;
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

/*
 * Have st reset, of kind hw, for a doit: *need is the number of the reset
 * whose end answers it, one that begins after it arrived, or the one the
 * same doit was given before it gave up (RDMACTL_RESET_BACK ago at most).
 * -EBUSY when a reset of the other kind is in flight.
 */
static int rdmactl_reset_start(struct rdmactl_stat_state *st, bool hw,
			       const struct rdmactl_reset_asker *who, u32 *need)
{
	bool queue = false;
	int err = 0;

	spin_lock(&rdmactl_reset_lock);
	if (st->reset_kept && st->reset_hw == hw && st->reset_kept_portid == who->portid &&
	    st->reset_kept_seq == who->seq && who->now - st->reset_kept_at < RDMACTL_RESET_BACK) {
		*need = st->reset_kept_need;
		st->reset_kept = false;
	} else if (st->reset_busy && st->reset_hw != hw) {
		err = -EBUSY;
	} else {
		*need = st->reset_begun + 1;
		if (st->reset_running)
			st->reset_again = true;	/* began before us: once more */
		else if (!st->reset_busy)
			queue = true;		/* else queued, not begun: it serves */
		st->reset_hw = hw;
		WRITE_ONCE(st->reset_busy, true);
	}
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
	u32 *need;		/* [port - from]: rdmactl_reset_start()'s */
};

/* The first item: the device's counters are asked for as port 0. */
static u32 rdmactl_reset_from(const struct rdmactl_reset_items *r)
{
	return r->device ? 0 : r->first;
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

/*
 * Keep what the items before upto were given for the same doit asked
 * again: kept whether or not they are done, for a request of several
 * devices may give up on a later one.
 */
static void rdmactl_reset_keep(const struct rdmactl_reset_items *r, u32 upto,
			       const struct rdmactl_reset_asker *who)
{
	u32 port, from = rdmactl_reset_from(r);
	struct rdmactl_stat_state *st;

	spin_lock(&rdmactl_reset_lock);
	for (port = from; port < upto; port++) {
		st = rdmactl_stat_of(r->dev, port);
		st->reset_kept = true;
		st->reset_kept_portid = who->portid;
		st->reset_kept_seq = who->seq;
		st->reset_kept_need = r->need[port - from];
		st->reset_kept_at = who->now;
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
			     bool hw, const struct rdmactl_reset_asker *who, unsigned long until,
			     struct netlink_ext_ack *extack, int *done)
{
	struct rdmactl_reset_items r = { .dev = dev, .hw = hw };
	u32 port, from;
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
	from = rdmactl_reset_from(&r);
	r.need = kcalloc(r.last - from + 1, sizeof(*r.need), GFP_KERNEL);
	if (!r.need)
		return -ENOMEM;

	for (port = from; port <= r.last; port++) {
		err = rdmactl_reset_start(rdmactl_stat_of(dev, port), hw, who,
					  &r.need[port - from]);
		if (err) {
			rdmactl_reset_keep(&r, port, who);
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_RESET_OTHER,
					dev->index, port);
			goto out;
		}
	}
	if (wait_event_killable_timeout(rdmactl_reset_wait, rdmactl_reset_done(&r, r.last + 1),
					max_t(long, until - jiffies, 0)) < 0)
		err = -EINTR;
	else if (!rdmactl_reset_done(&r, r.last + 1))
		err = -EAGAIN;
	rdmactl_reset_keep(&r, r.last + 1, who);
	if (!err)
		err = rdmactl_reset_outcome(&r, port_attr, extack, done);
out:
	kfree(r.need);
	return err;
}

/*
 * STAT_RESET through the default SET doit (request.c): who asks (a doit
 * and the same doit asked again: its socket, its sequence number), and
 * the one deadline every device's resets share.
 */
int rdmactl_stat_reset_validate(struct rdmactl_req *req, void *state)
{
	struct rdmactl_reset_req *r = state;

	r->hw = nla_get_flag(req->attrs[RDMACTL_A_STAT_RESET_HARDWARE]);
	r->until = jiffies + RDMACTL_LOCKED_WAIT;
	r->who.portid = req->info->snd_portid;
	r->who.seq = req->info->snd_seq;
	r->who.now = req->call_at;
	return 0;
}

/* One device's resets: of every device's when none is named, whichever are done in time. */
int rdmactl_stat_reset_set(struct rdmactl_req *req, void *state, struct rdmactl_dev **devp,
			   const struct nlattr *port_attr)
{
	struct rdmactl_reset_req *r = state;

	return rdmactl_reset_dev(*devp, port_attr, r->hw, &r->who, r->until, req->extack,
				 &r->done);
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
