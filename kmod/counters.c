// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_STAT_GET: one consistent snapshot of a port's IB PMA
 * counters and driver hw counters, less the baseline STAT_RESET took
 * when asked.
 *
 * The PMA is pma.c's. Driver counters are read into a stats object of our own from
 * ops.alloc_hw_port_stats(), so sysfs's object is never touched; they lack
 * what the core adds to sysfs and nldev for QPs bound to counters, and the
 * optional counters `rdma statistic` turns on in the core's object, and a
 * reply says so (RDMACTL_A_STAT_HW_PARTIAL).
 *
 * Snapshots are unprivileged, so they must not reach the firmware at a
 * caller's pace: as sysfs's update_hw_stats(), the driver is read again
 * only once the last read is older than the object's lifespan, and the PMA
 * with the same interval (10 ms at least), or a second when its last read
 * failed, answered or not; a device whose read failed is not read at all
 * for a while (stat-hold.c).
 *
 * A dump reads its next ports ahead: stat-ahead.c. Resets: stat-reset.c.
 */
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>

#include "core.h"

/* Bytes of netlink one counter takes at most (names up to 64 bytes). */
#define RDMACTL_COUNTER_MSG_SIZE						\
	(nla_total_size(0) + nla_total_size(64) + 2 * nla_total_size_64bit(8) + \
	 3 * nla_total_size(1) + nla_total_size(4))

/*
 * Which slot of dev->stats holds port (from start, the device's first
 * port): 1 + port - start, or 0, the device's own counters, for a port
 * number below start. A switch's ports start at 0 (rdma_start_port()), so
 * its port 0 is a port like any other; its device counters are not
 * reported, for a request can only name them as port 0.
 */
VISIBLE_IF_KUNIT unsigned int rdmactl_stat_slot(u32 start, u32 port)
{
	return port < start ? 0 : 1 + port - start;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_stat_slot);

/* Whether port names the device's own counters, not a port. */
bool rdmactl_stat_is_dev(struct rdmactl_dev *dev, u32 port)
{
	return port < rdma_start_port(dev->ibdev);
}

struct rdmactl_stat_state *rdmactl_stat_of(struct rdmactl_dev *dev, u32 port)
{
	return &dev->stats[rdmactl_stat_slot(rdma_start_port(dev->ibdev), port)];
}

/* Set when the device is added and freed after it is gone: no lock needed. */
const struct rdma_hw_stats *rdmactl_stat_hw(struct rdmactl_dev *dev, u32 port)
{
	return rdmactl_stat_of(dev, port)->hw;
}

int rdmactl_stat_init(struct rdmactl_dev *dev)
{
	struct ib_device *ibdev = dev->ibdev;
	unsigned int i;
	u32 port;

	dev->nstats = rdma_end_port(ibdev) - rdma_start_port(ibdev) + 2;
	dev->stats = kcalloc(dev->nstats, sizeof(*dev->stats), GFP_KERNEL);
	if (!dev->stats)
		return -ENOMEM;
	for (i = 0; i < dev->nstats; i++) {
		struct rdmactl_stat_state *st = &dev->stats[i];

		mutex_init(&st->lock);
		st->pma_set = -1;
		st->pma_retry = jiffies;
		st->pma_next = jiffies;
		INIT_WORK(&st->ahead_work, rdmactl_stat_ahead_one);
		INIT_WORK(&st->reset_work, rdmactl_stat_reset_one);
		st->dev = dev;
		/* Slot 0 is the device's counters, asked for as port 0. */
		st->port = i ? rdma_start_port(ibdev) + i - 1 : 0;
	}

	if (!rdma_cap_ib_switch(ibdev))
		dev->stats[0].hw = rdmactl_alloc_hw_stats(ibdev, 0);
	rdma_for_each_port(ibdev, port) {
		struct rdmactl_stat_state *st = rdmactl_stat_of(dev, port);

		st->hw = rdmactl_alloc_hw_stats(ibdev, port);
		if (!ibdev->ops.process_mad)
			st->pma_set = 0;
	}
	return 0;
}

void rdmactl_stat_fini(struct rdmactl_dev *dev)
{
	unsigned int i;

	for (i = 0; dev->stats && i < dev->nstats; i++) {
		/* A read-ahead a dump stopped waiting for may be queued still. */
		cancel_work_sync(&dev->stats[i].ahead_work);
		cancel_work_sync(&dev->stats[i].reset_work);
		if (dev->stats[i].hw)
			rdmactl_free_hw_stats(dev->stats[i].hw);
		kfree(dev->stats[i].hw_base);
		kfree(dev->stats[i].pma_base);
		mutex_destroy(&dev->stats[i].lock);
	}
	kfree(dev->stats);
	dev->stats = NULL;
}

/*
 * Called with st->lock held. The driver's counters in our own object, read
 * again as sysfs's update_hw_stats() does: when the last full read is older
 * than the object's lifespan, or when fresh.
 */
bool rdmactl_hw_read(struct rdmactl_dev *dev, u32 port, struct rdmactl_stat_state *st,
		     bool fresh)
{
	struct rdma_hw_stats *hw = st->hw;
	u32 ticket;
	int ret;

	if (!hw)
		return false;
	if (!fresh && st->hw_valid && time_is_after_eq_jiffies(hw->timestamp + hw->lifespan))
		return true;
	/* fresh: an admin's reset, which reads through a hold (stat-hold.c). */
	if (!rdmactl_stat_may_read(dev, RDMACTL_HOLD_HW, fresh, &ticket)) {
		st->hw_valid = false;
		return false;
	}
	ret = dev->ibdev->ops.get_hw_stats(dev->ibdev, hw, port, hw->num_counters);
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_HW, ticket, min(ret, 0));
	if (ret >= 0)
		st->read_ns = ktime_get_ns();
	st->hw_valid = ret >= 0;
	if (ret == hw->num_counters)
		hw->timestamp = jiffies;
	else
		hw->timestamp = jiffies - hw->lifespan - 1;	/* read it all next time */
	return st->hw_valid;
}

/*
 * Whether the driver has counters for the port that our object cannot
 * give: optional ones, which `rdma statistic` turns on in ib_core's object
 * only, and those of QPs bound to counters (running, or their history),
 * which ib_core adds to sysfs and nldev alone.
 */
static bool rdmactl_hw_partial(struct rdmactl_dev *dev, u32 port,
			       const struct rdmactl_stat_state *st)
{
	const struct rdma_hw_stats *hw = st->hw;
	const struct rdma_port_counter *pc;
	int i;

	for (i = 0; hw && i < hw->num_counters; i++)
		if (rdmactl_hw_stat_optional(hw, i))
			return true;
	if (rdmactl_stat_is_dev(dev, port))
		return false;
	pc = &dev->ibdev->port_data[port].port_counter;
	if (READ_ONCE(pc->num_counters))
		return true;
	for (i = 0; pc->hstats && i < pc->hstats->num_counters; i++)
		if (READ_ONCE(pc->hstats->value[i]))
			return true;
	return false;
}

/* value less the baseline: modulo 2^width, or the value when it fell. */
u64 rdmactl_less_base(u64 v, u64 base, u8 width, bool wraps)
{
	if (wraps)
		return width >= 64 ? v - base : (v - base) & (BIT_ULL(width) - 1);
	return v >= base ? v - base : v;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_less_base);

/* One counter's nest; octets of 4 bytes also as bytes, saturating. */
int rdmactl_put_counter(struct sk_buff *skb, const char *name, u64 v,
			u8 source, u8 width, u32 flags, u8 unit)
{
	struct nlattr *nest = nla_nest_start(skb, RDMACTL_A_STAT_COUNTER);

	if (!nest ||
	    nla_put_string(skb, RDMACTL_A_COUNTER_NAME, name) ||
	    nla_put_u64_64bit(skb, RDMACTL_A_COUNTER_VALUE, v, RDMACTL_A_PAD) ||
	    nla_put_u8(skb, RDMACTL_A_COUNTER_SOURCE, source) ||
	    nla_put_u8(skb, RDMACTL_A_COUNTER_WIDTH, width) ||
	    nla_put_u32(skb, RDMACTL_A_COUNTER_FLAGS, flags) ||
	    nla_put_u8(skb, RDMACTL_A_COUNTER_UNIT, unit) ||
	    (unit == RDMACTL_UNIT_OCTETS_4 &&
	     nla_put_u64_64bit(skb, RDMACTL_A_COUNTER_BYTES,
			       v > U64_MAX / 4 ? U64_MAX : v * 4, RDMACTL_A_PAD)))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_put_counter);

static int rdmactl_put_hw(struct sk_buff *skb, struct rdmactl_stat_state *st,
			  u8 source, bool baseline)
{
	const struct rdma_hw_stats *hw = st->hw;
	int i;

	for (i = 0; i < hw->num_counters; i++) {
		u32 flags = RDMACTL_COUNTER_F_WRAPS;
		u64 v = hw->value[i];

		if (!rdmactl_hw_stat_enabled(hw, i))
			continue;
		if (baseline) {
			v -= st->hw_base[i];
			flags |= RDMACTL_COUNTER_F_BASELINED;
		}
		if (rdmactl_put_counter(skb, rdmactl_hw_stat_name(hw, i), v, source, 64, flags,
					RDMACTL_UNIT_UNSPEC))
			return -EMSGSIZE;
	}
	return 0;
}

/*
 * Called with st->lock held: read the port's sources as a snapshot does.
 * *have_pma and *have_hw: whether each has a read to report. The port
 * then holds what a snapshot ended at read_at reports: a read under way
 * when a dump asks serves it too, however long the firmware took.
 */
void rdmactl_stat_read(struct rdmactl_dev *dev, u32 port, struct rdmactl_stat_state *st,
		       bool *have_pma, bool *have_hw)
{
	/* The driver first: when it fails, the PMA is not asked (stat-hold.c). */
	*have_hw = rdmactl_hw_read(dev, port, st, false);
	*have_pma = !rdmactl_stat_is_dev(dev, port) && rdmactl_pma_get(dev, port, st, false);
	WRITE_ONCE(st->read_at, jiffies);
	WRITE_ONCE(st->read_ok, true);
}

/*
 * Snapshot one port (0: the device's own counters) into the message.
 * Every MAD and the driver read happen here, under the port's lock, or
 * happened so for this dump since it read ahead (rdmactl_stat_ahead_one(),
 * or any reader), less than AHEAD_KEEP ago.
 */
static int rdmactl_stat_fill(struct sk_buff *skb, const struct rdmactl_req *req,
			     struct rdmactl_dev *dev, const void *data)
{
	u32 port = ((const struct rdmactl_reply_data *)data)->port;
	struct rdmactl_stat_state *st = rdmactl_stat_of(dev, port);
	bool is_dev = rdmactl_stat_is_dev(dev, port);
	bool have_pma, have_hw, baseline;
	int err = -EMSGSIZE;

	if (req->genl_locked) {
		err = rdmactl_stat_locked_read(req, dev, port, st);
		if (err)
			return err;
		err = -EMSGSIZE;
	} else if (mutex_lock_killable(&st->lock)) {
		return -EINTR;	/* behind a read-ahead's MADs, or a reset's */
	}
	baseline = (req->flags & RDMACTL_STAT_REQ_BASELINE) && st->has_baseline;
	if (req->genl_locked || rdmactl_stat_ahead_read(req, st)) {
		have_pma = !is_dev && st->pma_valid;
		have_hw = st->hw && st->hw_valid;
	} else {
		rdmactl_stat_read(dev, port, st, &have_pma, &have_hw);
	}

	if (nla_put_u64_64bit(skb, RDMACTL_A_STAT_TIMESTAMP,
			      st->read_ns ? st->read_ns : ktime_get_ns(), RDMACTL_A_PAD) ||
	    (baseline && nla_put_u64_64bit(skb, RDMACTL_A_STAT_BASELINE_TIMESTAMP,
					   st->baseline_ts, RDMACTL_A_PAD)) ||
	    (have_hw && rdmactl_hw_partial(dev, port, st) &&
	     nla_put_flag(skb, RDMACTL_A_STAT_HW_PARTIAL)) ||
	    rdmactl_stat_hold_put(skb, dev, st, have_pma, have_hw) ||
	    (!is_dev && rdmactl_fill_netdev(skb, req->net, dev->ibdev, port)) ||
	    (have_pma && rdmactl_pma_put(skb, st, &st->pma_snap, baseline)) ||
	    (have_hw && rdmactl_put_hw(skb, st, is_dev ? RDMACTL_SOURCE_DRIVER_DEVICE :
					RDMACTL_SOURCE_DRIVER, baseline)))
		goto out;
	err = 0;
out:
	mutex_unlock(&st->lock);
	return err;
}

/* The largest message one port of dev can need. */
static size_t rdmactl_stat_msg_size(struct rdmactl_dev *dev)
{
	size_t most = 0;
	unsigned int i;

	for (i = 0; i < dev->nstats; i++) {
		const struct rdma_hw_stats *hw = dev->stats[i].hw;

		most = max_t(size_t, most, RDMACTL_PMA_NUM + (hw ? hw->num_counters : 0));
	}
	return NLMSG_HDRLEN + GENL_HDRLEN + 256 + most * RDMACTL_COUNTER_MSG_SIZE;
}

/* The port a STAT request names: 0 is the device's own counters (but a switch's port 0). */
int rdmactl_stat_port(struct rdmactl_dev *dev, const struct nlattr *port_attr,
		      struct netlink_ext_ack *extack, u32 *port)
{
	*port = nla_get_u32(port_attr);
	if (!rdmactl_stat_is_dev(dev, *port))
		return rdmactl_nl_port_check(dev, port_attr, extack);
	if (dev->stats[0].hw)
		return 0;
	NL_SET_ERR_MSG_ATTR(extack, port_attr, RDMACTL_MSG_NO_DEV_COUNTERS);
	return -ENODEV;
}

static int rdmactl_stat_check(const struct rdmactl_req *req, struct rdmactl_dev *dev,
			      const struct nlattr *port_attr)
{
	u32 port;

	return port_attr ? rdmactl_stat_port(dev, port_attr, req->extack, &port) : 0;
}

static int rdmactl_stat_parse(struct rdmactl_req *req)
{
	if (req->attrs[RDMACTL_A_STAT_BASELINE])
		req->flags |= RDMACTL_STAT_REQ_BASELINE;
	return 0;
}

/* A dump's port 0 is the device's own counters, when it has some. */
static int rdmactl_stat_prepare(const struct rdmactl_req *req, struct rdmactl_dev *dev,
				void *data)
{
	u32 port = ((const struct rdmactl_reply_data *)data)->port;

	return rdmactl_stat_is_dev(dev, port) && !dev->stats[0].hw ? -ENODATA : 0;
}

const struct rdmactl_req_ops rdmactl_stat_request = {
	.cmd = RDMACTL_CMD_STAT_GET,
	.scope = RDMACTL_SCOPE_PORT,
	.from_port0 = true,
	.missing = "no port given: set the port number (0: the device's counters)",
	.data_size = sizeof(struct rdmactl_reply_data),
	.parse = rdmactl_stat_parse,
	.check = rdmactl_stat_check,
	.reply_size = rdmactl_stat_msg_size,
	.prepare = rdmactl_stat_prepare,
	.ahead = rdmactl_stat_ahead,
	.fill = rdmactl_stat_fill,
	.set_scope = RDMACTL_SET_ANY_DEV,
	.set_size = sizeof(struct rdmactl_reset_req),
	.set_validate = rdmactl_stat_reset_validate,
	.set = rdmactl_stat_reset_set,
	.set_end = rdmactl_stat_reset_end,
	.set_cleanup = rdmactl_stat_reset_cleanup,
};
