// SPDX-License-Identifier: GPL-2.0
/*
 * A port's IB Performance Management Agent, reached as sysfs reaches it:
 * a PerfMgmt MAD handed to the driver's process_mad(), from process
 * context. Its ClassPortInfo picks the counter set, as sysfs's
 * get_counter_table() does. It is asked until it answers, at most once a
 * second; "no PMA" is kept only when the driver has no process_mad() or
 * the PMA says it has no such class, method or attribute. A MAD with no
 * answer holds the device's PMA (stat-hold.c).
 *
 * What reads or resets a port's PMA is called with the port's st->lock
 * held (counters.c).
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

/*
 * One PerfMgmt MAD; the attribute's 192 bytes land in data. -EOPNOTSUPP:
 * the PMA says it has no such class version, method or attribute, or
 * ignored a Set; -EREMOTEIO: it answered with another error status;
 * -EIO: no answer, which may pass.
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
		ret = rdmactl_mad_status_unsupported(out->mad_hdr.status) ? -EOPNOTSUPP :
									     -EREMOTEIO;
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
 * answers (at most once a second), or says it has none; reset: for an
 * admin's reset, which asks through a hold (stat-hold.c).
 */
static void rdmactl_pma_probe(struct rdmactl_dev *dev, u32 port,
			      struct rdmactl_stat_state *st, bool reset)
{
	struct ib_class_port_info cpi;
	u8 data[192];
	u32 ticket;
	int err;

	BUILD_BUG_ON(sizeof(cpi) > sizeof(data));
	if (st->pma_set >= 0 || time_before(jiffies, st->pma_retry) ||
	    !rdmactl_stat_may_read(dev, RDMACTL_HOLD_PMA, reset, &ticket))
		return;
	err = rdmactl_perf_mad(dev->ibdev, port, IB_PMA_CLASS_PORT_INFO,
			       IB_MGMT_METHOD_GET, 0, data);
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_PMA, ticket, err);
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

/* Whether the port's set has counter c in PortCountersExtended, 64 bits wide. */
static bool rdmactl_pma_uses_ext(const struct rdmactl_pma_counter *c, s8 set)
{
	return c->ext >= 0 && set != RDMACTL_PMA_BASIC && (!c->ietf || set == RDMACTL_PMA_EXT);
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

		if (rdmactl_pma_uses_ext(c, set)) {
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
bool rdmactl_pma_get(struct rdmactl_dev *dev, u32 port,
		     struct rdmactl_stat_state *st, bool fresh)
{
	unsigned long interval = rdmactl_stat_interval(st);
	u32 ticket;
	int err;

	if (!fresh && time_before(jiffies, st->pma_next))
		return st->pma_valid;
	rdmactl_pma_probe(dev, port, st, fresh);	/* rate-limited on its own */
	if (st->pma_set <= 0 || !rdmactl_stat_may_read(dev, RDMACTL_HOLD_PMA, fresh, &ticket)) {
		st->pma_valid = false;
		return false;			/* no read: read_ns stays */
	}
	err = rdmactl_pma_read(dev, port, st, &st->pma_snap);
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_PMA, ticket, err);
	st->pma_valid = !err;
	st->pma_next = jiffies + (err ? max_t(unsigned long, interval, HZ) : interval);
	if (!err)
		st->read_ns = ktime_get_ns();
	return st->pma_valid;
}

int rdmactl_pma_put(struct sk_buff *skb, struct rdmactl_stat_state *st,
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

/*
 * Called with st->lock held. Zero the PMA's counters, as perfquery -R.
 * -EOPNOTSUPP: the port has no PMA, or one that does not take a Set;
 * -EIO: its PMA has not answered yet, or did not take the Set; -EPROTO:
 * it took PortCounters' Set and not PortCountersExtended's (the port's
 * baseline is dropped).
 */
int rdmactl_pma_reset(struct rdmactl_dev *dev, u32 port,
		      struct rdmactl_stat_state *st)
{
	u8 data[192];
	u32 ticket;
	u64 *base;
	int err;

	rdmactl_pma_probe(dev, port, st, true);
	if (!st->pma_set)
		return -EOPNOTSUPP;
	if (st->pma_set < 0)
		return -EIO;
	/* An admin's: through a hold (stat-hold.c). */
	rdmactl_stat_may_read(dev, RDMACTL_HOLD_PMA, true, &ticket);
	err = rdmactl_perf_mad(dev->ibdev, port, IB_PMA_PORT_COUNTERS,
			       IB_MGMT_METHOD_SET, 0xffff, data);
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_PMA, ticket, err);
	if (err)
		return err;	/* nothing was reset: the baseline stands */
	st->pma_valid = false;	/* what was read is gone: read again next */
	st->pma_next = jiffies;
	WRITE_ONCE(st->read_ok, false);	/* nor may a dump's fill report it */
	/* The counters start again from 0: an old baseline means nothing. */
	base = READ_ONCE(st->pma_base);	/* a doit may make it meanwhile */
	if (base)
		memset(base, 0, RDMACTL_PMA_NUM * sizeof(*base));
	if (st->pma_set == RDMACTL_PMA_BASIC)
		return 0;
	rdmactl_stat_may_read(dev, RDMACTL_HOLD_PMA, true, &ticket);
	err = rdmactl_perf_mad(dev->ibdev, port, IB_PMA_PORT_COUNTERS_EXT,
			       IB_MGMT_METHOD_SET, 0xff, data);
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_PMA, ticket, err);
	if (!err)
		return 0;
	/*
	 * Half reset: whether PortCounters' Set zeroed the extended counters
	 * too is the hardware's (some keep one counter behind both). No
	 * baseline of the port means anything now: it is dropped, and said.
	 */
	st->has_baseline = false;
	return -EPROTO;
}
