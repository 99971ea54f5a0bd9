// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_STAT_GET and RDMACTL_CMD_STAT_RESET: one consistent snapshot
 * of a port's IB PMA counters and driver hw counters, and two ways to
 * reset them (the PMA's own, or a baseline only rdmactl subtracts).
 *
 * The PMA is reached as sysfs reaches it: a PerfMgmt MAD handed to the
 * driver's process_mad(), from process context. Its ClassPortInfo picks
 * the counter set, as sysfs's get_counter_table() does. It is asked until
 * it answers, at most once a second; "no PMA" is kept only when the driver
 * has no process_mad() or the PMA says it has no such class, method or
 * attribute. Driver counters are read into a stats object of our own from
 * ops.alloc_hw_port_stats(), so sysfs's object is never touched; they lack
 * what the core adds to sysfs and nldev for QPs bound to counters, and the
 * optional counters `rdma statistic` turns on in the core's object, and a
 * reply says so (RDMACTL_A_STAT_HW_PARTIAL).
 *
 * Snapshots are unprivileged, so they must not reach the firmware at a
 * caller's pace: as sysfs's update_hw_stats(), the driver is read again
 * only once the last read is older than the object's lifespan, and the PMA
 * with the same interval (10 ms at least), or a second when its last read
 * failed, answered or not. A reset reads both afresh, and takes a baseline
 * only when both reads succeed.
 */
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <rdma/ib_mad.h>
#include <rdma/ib_pma.h>

#include "core.h"

/* Where a PMA counter lives: bit offset and width in PortCounters, index
 * in PortCountersExtended (64 bits each, from byte 8), -1 when it is not.
 */
struct rdmactl_pma_counter {
	const char *name;
	u16 off;
	u8 width;
	s8 ext;
	u8 unit;
	bool error;
	bool ietf;	/* only in the full extended set */
};

#define PMA(n, o, w, x, u, e, i) { .name = n, .off = o, .width = w, .ext = x, \
				   .unit = RDMACTL_UNIT_##u, .error = e, .ietf = i }

static const struct rdmactl_pma_counter rdmactl_pma[RDMACTL_PMA_NUM] = {
	PMA("symbol_error", 32, 16, -1, EVENTS, true, false),
	PMA("link_error_recovery", 48, 8, -1, EVENTS, true, false),
	PMA("link_downed", 56, 8, -1, EVENTS, true, false),
	PMA("port_rcv_errors", 64, 16, -1, EVENTS, true, false),
	PMA("port_rcv_remote_physical_errors", 80, 16, -1, EVENTS, true, false),
	PMA("port_rcv_switch_relay_errors", 96, 16, -1, EVENTS, true, false),
	PMA("port_xmit_discards", 112, 16, -1, EVENTS, true, false),
	PMA("port_xmit_constraint_errors", 128, 8, -1, EVENTS, true, false),
	PMA("port_rcv_constraint_errors", 136, 8, -1, EVENTS, true, false),
	PMA("local_link_integrity_errors", 152, 4, -1, EVENTS, true, false),
	PMA("excessive_buffer_overrun_errors", 156, 4, -1, EVENTS, true, false),
	PMA("VL15_dropped", 176, 16, -1, EVENTS, true, false),
	PMA("port_xmit_data", 192, 32, 0, OCTETS_4, false, false),
	PMA("port_rcv_data", 224, 32, 1, OCTETS_4, false, false),
	PMA("port_xmit_packets", 256, 32, 2, PACKETS, false, false),
	PMA("port_rcv_packets", 288, 32, 3, PACKETS, false, false),
	PMA("port_xmit_wait", 320, 32, -1, TICKS, false, false),
	PMA("unicast_xmit_packets", 0, 0, 4, PACKETS, false, true),
	PMA("unicast_rcv_packets", 0, 0, 5, PACKETS, false, true),
	PMA("multicast_xmit_packets", 0, 0, 6, PACKETS, false, true),
	PMA("multicast_rcv_packets", 0, 0, 7, PACKETS, false, true),
};

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
static bool rdmactl_stat_is_dev(struct rdmactl_dev *dev, u32 port)
{
	return port < rdma_start_port(dev->ibdev);
}

static struct rdmactl_stat_state *rdmactl_stat_of(struct rdmactl_dev *dev, u32 port)
{
	return &dev->stats[rdmactl_stat_slot(rdma_start_port(dev->ibdev), port)];
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
		mutex_init(&dev->stats[i].lock);
		dev->stats[i].pma_set = -1;
		dev->stats[i].pma_retry = jiffies;
		dev->stats[i].pma_next = jiffies;
	}

	if (!rdma_cap_ib_switch(ibdev))
		dev->stats[0].hw = rdmactl_alloc_hw_stats(ibdev, 0);
	rdma_for_each_port(ibdev, port) {
		struct rdmactl_stat_state *st = rdmactl_stat_of(dev, port);

		st->hw = rdmactl_alloc_hw_stats(ibdev, port);
		if (!ibdev->ops.process_mad)
			st->pma_set = 0;
	}
	for (i = 0; i < dev->nstats; i++) {
		struct rdmactl_stat_state *st = &dev->stats[i];

		if (!st->hw)
			continue;
		st->hw_base = kcalloc(st->hw->num_counters, sizeof(u64), GFP_KERNEL);
		if (!st->hw_base)
			goto err_free;
	}
	return 0;

err_free:
	rdmactl_stat_fini(dev);
	return -ENOMEM;
}

void rdmactl_stat_fini(struct rdmactl_dev *dev)
{
	unsigned int i;

	for (i = 0; dev->stats && i < dev->nstats; i++) {
		if (dev->stats[i].hw)
			rdmactl_free_hw_stats(dev->stats[i].hw);
		kfree(dev->stats[i].hw_base);
		mutex_destroy(&dev->stats[i].lock);
	}
	kfree(dev->stats);
	dev->stats = NULL;
}

/*
 * One PerfMgmt MAD; the attribute's 192 bytes land in data. -EOPNOTSUPP:
 * the PMA says it has no such class version, method or attribute, or
 * ignored a Set; -EIO: any other failure, which may pass.
 */
static int rdmactl_perf_mad(struct ib_device *ibdev, u32 port, __be16 attr,
			    u8 method, u16 select, u8 *data)
{
	struct ib_mad *in, *out;
	size_t out_size = sizeof(*out);
	u16 pkey_index = 0;
	int ret = -ENOMEM;
	int rc;

	in = kzalloc(sizeof(*in), GFP_KERNEL);
	out = kzalloc(sizeof(*out), GFP_KERNEL);
	if (!in || !out)
		goto out;

	in->mad_hdr.base_version = 1;
	in->mad_hdr.mgmt_class = IB_MGMT_CLASS_PERF_MGMT;
	in->mad_hdr.class_version = 1;
	in->mad_hdr.method = method;
	in->mad_hdr.attr_id = attr;
	if (attr != IB_PMA_CLASS_PORT_INFO) {
		struct ib_pma_portcounters *pc = (void *)(in->data + 40);

		pc->port_select = port;
		pc->counter_select = cpu_to_be16(select);
		if (method == IB_MGMT_METHOD_SET && attr == IB_PMA_PORT_COUNTERS)
			pc->reserved1 = 0xff;	/* CounterSelect2: PortXmitWait */
	}

	rc = ibdev->ops.process_mad(ibdev, IB_MAD_IGNORE_MKEY, port, NULL, NULL,
				    in, out, &out_size, &pkey_index);
	ret = -EIO;
	if ((rc & (IB_MAD_RESULT_SUCCESS | IB_MAD_RESULT_REPLY)) !=
	    (IB_MAD_RESULT_SUCCESS | IB_MAD_RESULT_REPLY))
		goto out;
	if (out->mad_hdr.status) {
		if (rdmactl_mad_status_unsupported(out->mad_hdr.status))
			ret = -EOPNOTSUPP;
		goto out;
	}
	/*
	 * A PMA that did what a Set asks answers with a GetResp of the same
	 * attribute. One that answers otherwise did nothing: rxe's (7.2),
	 * which implements Get only, replies to a Set with a zeroed MAD.
	 */
	ret = -EOPNOTSUPP;
	if (method == IB_MGMT_METHOD_SET &&
	    (out->mad_hdr.method != IB_MGMT_METHOD_GET_RESP || out->mad_hdr.attr_id != attr))
		goto out;
	memcpy(data, out->data + 40, sizeof(out->data) - 40);
	ret = 0;
out:
	kfree(in);
	kfree(out);
	return ret;
}

/*
 * Called with st->lock held. Which set the port has: asked until the PMA
 * answers (at most once a second), or says it has none.
 */
static void rdmactl_pma_probe(struct rdmactl_dev *dev, u32 port,
			      struct rdmactl_stat_state *st)
{
	struct ib_class_port_info cpi;
	u8 data[192];
	int err;

	BUILD_BUG_ON(sizeof(cpi) > sizeof(data));
	if (st->pma_set >= 0 || time_before(jiffies, st->pma_retry))
		return;
	err = rdmactl_perf_mad(dev->ibdev, port, IB_PMA_CLASS_PORT_INFO,
			       IB_MGMT_METHOD_GET, 0, data);
	if (err == -EOPNOTSUPP) {
		st->pma_set = 0;	/* the port's PMA has no such thing */
		return;
	}
	if (err) {
		st->pma_retry = jiffies + HZ;
		return;
	}
	memcpy(&cpi, data, sizeof(cpi));
	if (cpi.capability_mask & IB_PMA_CLASS_CAP_EXT_WIDTH)
		st->pma_set = RDMACTL_PMA_EXT;
	else if (cpi.capability_mask & IB_PMA_CLASS_CAP_EXT_WIDTH_NOIETF)
		st->pma_set = RDMACTL_PMA_EXT_NOIETF;
	else
		st->pma_set = RDMACTL_PMA_BASIC;
}

/* A big-endian field of width bits at bit offset off, as sysfs reads it. */
VISIBLE_IF_KUNIT u64 rdmactl_pma_field(const u8 *data, u16 off, u8 width)
{
	const u8 *p = data + off / 8;

	switch (width) {
	case 4:
		return (*p >> (4 - off % 8)) & 0xf;
	case 8:
		return *p;
	case 16:
		return get_unaligned_be16(p);
	default:
		return get_unaligned_be32(p);
	}
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_pma_field);

/*
 * The counters of one PortCounters and (unless set is basic) one
 * PortCountersExtended response: the 64-bit value where the set has one,
 * else the narrow one, each with its width.
 */
VISIBLE_IF_KUNIT void rdmactl_pma_decode(const u8 *basic, const u8 *ext, s8 set,
					 struct rdmactl_pma_snap *snap)
{
	int i;

	memset(snap, 0, sizeof(*snap));
	for (i = 0; i < RDMACTL_PMA_NUM; i++) {
		const struct rdmactl_pma_counter *c = &rdmactl_pma[i];
		bool use_ext = c->ext >= 0 && set != RDMACTL_PMA_BASIC &&
			       (!c->ietf || set == RDMACTL_PMA_EXT);

		if (use_ext) {
			snap->value[i] = get_unaligned_be64(ext + 8 + 8 * c->ext);
			snap->width[i] = 64;
		} else if (c->width) {
			snap->value[i] = rdmactl_pma_field(basic, c->off, c->width);
			snap->width[i] = c->width;
		}
	}
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_pma_decode);

#if IS_ENABLED(CONFIG_KUNIT)
/* The name of PMA counter i, for the tests: nothing else needs it alone. */
const char *rdmactl_pma_name(int i)
{
	return rdmactl_pma[i].name;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_pma_name);
#endif

/*
 * Called with st->lock held, once the port's set is known (st->pma_set > 0).
 * Read the port's PMA with one or two MADs.
 */
static int rdmactl_pma_read(struct rdmactl_dev *dev, u32 port,
			    struct rdmactl_stat_state *st, struct rdmactl_pma_snap *snap)
{
	u8 basic[192], ext[192];
	int err;

	memset(snap, 0, sizeof(*snap));
	err = rdmactl_perf_mad(dev->ibdev, port, IB_PMA_PORT_COUNTERS,
			       IB_MGMT_METHOD_GET, 0, basic);
	if (!err && st->pma_set != RDMACTL_PMA_BASIC)
		err = rdmactl_perf_mad(dev->ibdev, port, IB_PMA_PORT_COUNTERS_EXT,
				       IB_MGMT_METHOD_GET, 0, ext);
	if (err)
		return err;
	rdmactl_pma_decode(basic, ext, st->pma_set, snap);
	return 0;
}

/* How long a read of the port's counters serves: the driver's lifespan, 10 ms at least. */
static unsigned long rdmactl_stat_interval(const struct rdmactl_stat_state *st)
{
	unsigned long least = msecs_to_jiffies(10);

	return st->hw ? max(st->hw->lifespan, least) : least;
}

/*
 * Called with st->lock held. The port's PMA counters in st->pma_snap, read
 * again once st->pma_next has come, or when fresh. A read that failed
 * holds for a second (the interval if longer), as one that worked holds
 * for the interval: a PMA that stopped answering is not asked at the
 * callers' pace. False when the port has no PMA, or it did not answer.
 */
static bool rdmactl_pma_get(struct rdmactl_dev *dev, u32 port,
			    struct rdmactl_stat_state *st, bool fresh)
{
	unsigned long interval = rdmactl_stat_interval(st);
	int err;

	if (!fresh && time_before(jiffies, st->pma_next))
		return st->pma_valid;
	rdmactl_pma_probe(dev, port, st);	/* rate-limited on its own */
	if (st->pma_set <= 0) {
		st->pma_valid = false;
		return false;			/* no read: read_ns stays */
	}
	err = rdmactl_pma_read(dev, port, st, &st->pma_snap);
	st->pma_valid = !err;
	st->pma_next = jiffies + (err ? max_t(unsigned long, interval, HZ) : interval);
	if (!err)
		st->read_ns = ktime_get_ns();
	return st->pma_valid;
}

/*
 * Called with st->lock held. The driver's counters in our own object, read
 * again as sysfs's update_hw_stats() does: when the last full read is older
 * than the object's lifespan, or when fresh.
 */
static bool rdmactl_hw_read(struct rdmactl_dev *dev, u32 port,
			    struct rdmactl_stat_state *st, bool fresh)
{
	struct rdma_hw_stats *hw = st->hw;
	int ret;

	if (!hw)
		return false;
	if (!fresh && st->hw_valid && time_is_after_eq_jiffies(hw->timestamp + hw->lifespan))
		return true;
	ret = dev->ibdev->ops.get_hw_stats(dev->ibdev, hw, port, hw->num_counters);
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
VISIBLE_IF_KUNIT u64 rdmactl_less_base(u64 v, u64 base, u8 width, bool wraps)
{
	if (wraps)
		return width >= 64 ? v - base : (v - base) & (BIT_ULL(width) - 1);
	return v >= base ? v - base : v;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_less_base);

/* One counter's nest; octets of 4 bytes also as bytes, saturating. */
VISIBLE_IF_KUNIT int rdmactl_put_counter(struct sk_buff *skb, const char *name, u64 v,
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

static int rdmactl_put_pma(struct sk_buff *skb, struct rdmactl_stat_state *st,
			   const struct rdmactl_pma_snap *snap, bool baseline)
{
	int i;

	if (nla_put_u8(skb, RDMACTL_A_STAT_PMA_SET, st->pma_set))
		return -EMSGSIZE;
	for (i = 0; i < RDMACTL_PMA_NUM; i++) {
		const struct rdmactl_pma_counter *c = &rdmactl_pma[i];
		u8 width = snap->width[i];
		u32 flags = c->error ? RDMACTL_COUNTER_F_ERROR : 0;
		u64 v = snap->value[i];

		if (!width)
			continue;
		flags |= width == 64 ? RDMACTL_COUNTER_F_WRAPS : RDMACTL_COUNTER_F_SATURATES;
		if (baseline) {
			v = rdmactl_less_base(v, st->pma_base[i], width, width == 64);
			flags |= RDMACTL_COUNTER_F_BASELINED;
		}
		if (rdmactl_put_counter(skb, c->name, v, RDMACTL_SOURCE_PMA, width,
					flags, c->unit))
			return -EMSGSIZE;
	}
	return 0;
}

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
 * Snapshot one port (0: the device's own counters) into the message.
 * Called with st->lock held; every MAD and the driver read happen here.
 */
static int rdmactl_fill_stat(struct sk_buff *skb, struct rdmactl_dev *dev, u32 port,
			     bool want_baseline)
{
	struct rdmactl_stat_state *st = rdmactl_stat_of(dev, port);
	bool baseline = want_baseline && st->has_baseline;
	bool is_dev = rdmactl_stat_is_dev(dev, port);
	bool have_pma = false, have_hw;

	if (!is_dev)
		have_pma = rdmactl_pma_get(dev, port, st, false);
	have_hw = rdmactl_hw_read(dev, port, st, false);

	if (rdmactl_fill_dev_ident(skb, dev) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_INDEX, port) ||
	    nla_put_u64_64bit(skb, RDMACTL_A_STAT_TIMESTAMP,
			      st->read_ns ? st->read_ns : ktime_get_ns(), RDMACTL_A_PAD) ||
	    (baseline && nla_put_u64_64bit(skb, RDMACTL_A_STAT_BASELINE_TIMESTAMP,
					   st->baseline_ts, RDMACTL_A_PAD)) ||
	    (have_hw && rdmactl_hw_partial(dev, port, st) &&
	     nla_put_flag(skb, RDMACTL_A_STAT_HW_PARTIAL)) ||
	    (have_pma && rdmactl_put_pma(skb, st, &st->pma_snap, baseline)) ||
	    (have_hw && rdmactl_put_hw(skb, st, is_dev ? RDMACTL_SOURCE_DRIVER_DEVICE :
					RDMACTL_SOURCE_DRIVER, baseline)))
		return -EMSGSIZE;
	return 0;
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
static int rdmactl_stat_port(struct rdmactl_dev *dev, struct nlattr *port_attr,
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

struct rdmactl_stat_reply {
	struct rdmactl_dev *dev;
	u32 port;
	bool baseline;
};

static int rdmactl_fill_stat_reply(struct sk_buff *skb, void *arg)
{
	struct rdmactl_stat_reply *r = arg;
	struct rdmactl_stat_state *st = rdmactl_stat_of(r->dev, r->port);
	int err;

	mutex_lock(&st->lock);
	err = rdmactl_fill_stat(skb, r->dev, r->port, r->baseline);
	mutex_unlock(&st->lock);
	return err;
}

int rdmactl_stat_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *port_attr = info->attrs[RDMACTL_A_PORT_INDEX];
	struct rdmactl_stat_reply r = {
		.baseline = nla_get_flag(info->attrs[RDMACTL_A_STAT_BASELINE]),
	};
	int err;

	if (!port_attr) {
		NL_SET_ERR_MSG(info->extack,
			       "no port given: set the port number (0: the device's counters)");
		return -EINVAL;
	}
	r.dev = rdmactl_nl_dev_get(genl_info_net(info), info->attrs, info->extack);
	if (IS_ERR(r.dev))
		return PTR_ERR(r.dev);
	err = rdmactl_stat_port(r.dev, port_attr, info->extack, &r.port);
	if (!err)
		err = rdmactl_nl_reply_size(info, RDMACTL_CMD_STAT_GET,
					    rdmactl_stat_msg_size(r.dev),
					    rdmactl_fill_stat_reply, &r);
	rdmactl_dev_put(r.dev);
	return err;
}

/* Every dump message must hold the largest port any device has. */
int rdmactl_stat_dump_start(struct netlink_callback *cb)
{
	struct net *net = sock_net(cb->skb->sk);
	struct rdmactl_dev *dev;
	size_t most = 0;
	u32 index = 0;

	while ((dev = rdmactl_dev_get_next(net, &index))) {
		most = max(most, rdmactl_stat_msg_size(dev));
		rdmactl_dev_put(dev);
		index++;
	}
	cb->min_dump_alloc = most;
	return 0;
}

/* One message for the device's counters, if any, then one per port. */
static int rdmactl_dump_dev_stats(struct sk_buff *skb, struct netlink_callback *cb,
				  struct rdmactl_dev *dev, bool baseline)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct ib_device *ibdev = dev->ibdev;
	size_t need = rdmactl_stat_msg_size(dev);
	u32 port, last = rdma_end_port(ibdev);
	int err;

	port = max_t(u32, ctx->port, rdma_start_port(ibdev));
	if (rdma_cap_ib_switch(ibdev))
		ctx->dev_msg_done = true;	/* port 0 is a port: no device message */
	if (ctx->has_filter_port) {
		port = max(port, ctx->filter_port);
		last = min(last, ctx->filter_port);
		ctx->dev_msg_done = true;
	}

	while (!ctx->dev_msg_done || port <= last) {
		u32 which = ctx->dev_msg_done ? port : 0;
		struct rdmactl_stat_state *st = rdmactl_stat_of(dev, which);
		void *hdr;

		if (!rdmactl_stat_is_dev(dev, which) || st->hw) {
			/* Read the port only when its message will fit. */
			if (skb->len && skb_tailroom(skb) < need)
				return -EMSGSIZE;
			hdr = rdmactl_nl_put(skb, cb, NULL, RDMACTL_CMD_STAT_GET);
			if (!hdr)
				return -EMSGSIZE;
			mutex_lock(&st->lock);
			err = rdmactl_fill_stat(skb, dev, which, baseline);
			mutex_unlock(&st->lock);
			if (err) {
				genlmsg_cancel(skb, hdr);
				return err;
			}
			genlmsg_end(skb, hdr);
		}
		if (ctx->dev_msg_done)
			ctx->port = ++port;
		ctx->dev_msg_done = true;
	}
	return 0;
}

int rdmactl_stat_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	bool baseline = !!rdmactl_dump_attrs(cb)[RDMACTL_A_STAT_BASELINE];
	struct rdmactl_dev *dev;
	int err;

	while ((dev = rdmactl_dump_next_dev(skb, cb, &err))) {
		err = rdmactl_dump_dev_stats(skb, cb, dev, baseline);
		rdmactl_dev_put(dev);
		if (err)
			return skb->len ? skb->len : err;
		rdmactl_dump_dev_done(cb);
	}
	return err ? err : skb->len;
}

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
	/* The read's time, or now when the port has no source to read. */
	st->baseline_ts = st->hw || (pma && st->pma_valid) ? st->read_ns : ktime_get_ns();
	st->has_baseline = true;
	return 0;
}

/*
 * Called with st->lock held. Zero the PMA's counters, as perfquery -R.
 * -EOPNOTSUPP: the port has no PMA, or one that does not take a Set;
 * -EIO: its PMA has not answered yet.
 */
static int rdmactl_reset_pma(struct rdmactl_dev *dev, u32 port,
			     struct rdmactl_stat_state *st)
{
	u8 data[192];
	int err;

	rdmactl_pma_probe(dev, port, st);
	if (!st->pma_set)
		return -EOPNOTSUPP;
	if (st->pma_set < 0)
		return -EIO;
	err = rdmactl_perf_mad(dev->ibdev, port, IB_PMA_PORT_COUNTERS,
			       IB_MGMT_METHOD_SET, 0xffff, data);
	if (err)
		return err;	/* nothing was reset: the baseline stands */
	st->pma_valid = false;	/* what was read is gone: read again next */
	st->pma_next = jiffies;
	/* The counters start again from 0: an old baseline means nothing. */
	memset(st->pma_base, 0, sizeof(st->pma_base));
	if (st->pma_set != RDMACTL_PMA_BASIC)
		err = rdmactl_perf_mad(dev->ibdev, port, IB_PMA_PORT_COUNTERS_EXT,
				       IB_MGMT_METHOD_SET, 0xff, data);
	return err;
}

/*
 * Reset the ports of one device: one port, or all of them and (baseline
 * only) the device's counters. *done counts the ports reset; a port
 * without a PMA is an error only when it was named.
 */
static int rdmactl_reset_dev(struct rdmactl_dev *dev, struct nlattr *port_attr,
			     bool hardware, struct netlink_ext_ack *extack, int *done)
{
	u32 port = 0, first, last;
	int err;

	first = rdma_start_port(dev->ibdev);
	last = rdma_end_port(dev->ibdev);
	if (port_attr) {
		err = rdmactl_stat_port(dev, port_attr, extack, &port);
		if (err)
			return err;
		first = port;
		last = port;
	}
	if (!port_attr && !hardware && dev->stats[0].hw) {
		mutex_lock(&dev->stats[0].lock);
		err = rdmactl_take_baseline(dev, 0, &dev->stats[0]);
		mutex_unlock(&dev->stats[0].lock);
		if (err) {
			rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_HW_NO_BASELINE, 0);
			return err;
		}
	}

	for (port = first; port <= last; port++) {
		struct rdmactl_stat_state *st = rdmactl_stat_of(dev, port);
		bool has_pma;

		mutex_lock(&st->lock);
		if (hardware)
			err = rdmactl_stat_is_dev(dev, port) ? -EOPNOTSUPP :
			      rdmactl_reset_pma(dev, port, st);
		else
			err = rdmactl_take_baseline(dev, port, st);
		has_pma = st->pma_set > 0;
		mutex_unlock(&st->lock);

		if (hardware && err == -EOPNOTSUPP && !port_attr)
			continue;
		/* No device names: they are up to 63 bytes. The index says which. */
		if (!hardware && err == -ENODATA)
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_HW_NO_BASELINE, port);
		else if (!hardware && err)
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_PMA_NO_BASELINE, port);
		else if (err == -EOPNOTSUPP && has_pma)
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_PMA_NO_RESET, port);
		else if (err == -EOPNOTSUPP)
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_NO_PMA, port);
		else if (err)
			rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_PMA_FAILED,
					dev->index, port);
		if (err)
			return err;
		(*done)++;
	}
	return 0;
}

int rdmactl_stat_reset_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *port_attr = info->attrs[RDMACTL_A_PORT_INDEX];
	bool hardware = nla_get_flag(info->attrs[RDMACTL_A_STAT_RESET_HARDWARE]);
	struct net *net = genl_info_net(info);
	struct rdmactl_dev *dev;
	u32 index = 0;
	int err = 0, done = 0;

	if (info->attrs[RDMACTL_A_DEV_INDEX] || info->attrs[RDMACTL_A_DEV_NAME]) {
		dev = rdmactl_nl_dev_get(net, info->attrs, info->extack);
		if (IS_ERR(dev))
			return PTR_ERR(dev);
		err = rdmactl_reset_dev(dev, port_attr, hardware, info->extack, &done);
		rdmactl_dev_put(dev);
	} else {
		if (port_attr) {
			NL_SET_ERR_MSG_ATTR(info->extack, port_attr, "a port needs a device");
			return -EINVAL;
		}
		while (!err && (dev = rdmactl_dev_get_next(net, &index))) {
			err = rdmactl_reset_dev(dev, NULL, hardware, info->extack, &done);
			rdmactl_dev_put(dev);
			index++;
		}
	}
	if (!err && hardware && !done) {
		NL_SET_ERR_MSG(info->extack, "no port has a PMA that resets its counters");
		err = -EOPNOTSUPP;
	}
	return err;
}
