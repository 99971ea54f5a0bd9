// SPDX-License-Identifier: GPL-2.0
/* The PMA layout, counter normalisation and slots; GID and RoCE types. */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/skbuff.h>
#include <net/net_namespace.h>
#include <net/netlink.h>

#include "kunit.h"

/* ---- counters ---- */

/* Write v as a big-endian field of width bits at bit offset off. */
static void kt_set_field(u8 *data, unsigned int off, unsigned int width, u64 v)
{
	unsigned int bit;

	for (bit = 0; bit < width; bit++) {
		unsigned int pos = off + width - 1 - bit;	/* MSB first */
		u8 mask = 0x80 >> (pos % 8);

		if (v & BIT_ULL(bit))
			data[pos / 8] |= mask;
		else
			data[pos / 8] &= ~mask;
	}
}

static void rdmactl_counters_field(struct kunit *test)
{
	u8 data[64] = {};

	kt_set_field(data, 152, 4, 0xa);
	kt_set_field(data, 156, 4, 0x5);
	KUNIT_EXPECT_EQ(test, data[19], (u8)0xa5);
	KUNIT_EXPECT_EQ(test, rdmactl_pma_field(data, 152, 4), 0xaULL);
	KUNIT_EXPECT_EQ(test, rdmactl_pma_field(data, 156, 4), 0x5ULL);
	kt_set_field(data, 48, 8, 0xfe);
	KUNIT_EXPECT_EQ(test, rdmactl_pma_field(data, 48, 8), 0xfeULL);
	kt_set_field(data, 32, 16, 0xbeef);
	KUNIT_EXPECT_EQ(test, rdmactl_pma_field(data, 32, 16), 0xbeefULL);
	kt_set_field(data, 192, 32, 0xfffffffe);
	KUNIT_EXPECT_EQ(test, rdmactl_pma_field(data, 192, 32), 0xfffffffeULL);
	/* Neighbours are untouched. */
	KUNIT_EXPECT_EQ(test, rdmactl_pma_field(data, 152, 4), 0xaULL);
	KUNIT_EXPECT_EQ(test, rdmactl_pma_field(data, 56, 8), 0ULL);
}

static u64 kt_narrow(int i, unsigned int width)
{
	return width ? (u64)(i + 1) * 3 & (BIT_ULL(width) - 1) : 0;
}

/* Every counter with a value of its own, in each of the three PMA sets. */
static void rdmactl_counters_decode(struct kunit *test)
{
	static const struct {
		const char *name;
		unsigned int off, width;	/* PortCounters; width 0: none */
		int ext;			/* PortCountersExtended, -1: none */
		bool ietf;
	} layout[RDMACTL_PMA_NUM] = {
		{ "symbol_error", 32, 16, -1 },
		{ "link_error_recovery", 48, 8, -1 },
		{ "link_downed", 56, 8, -1 },
		{ "port_rcv_errors", 64, 16, -1 },
		{ "port_rcv_remote_physical_errors", 80, 16, -1 },
		{ "port_rcv_switch_relay_errors", 96, 16, -1 },
		{ "port_xmit_discards", 112, 16, -1 },
		{ "port_xmit_constraint_errors", 128, 8, -1 },
		{ "port_rcv_constraint_errors", 136, 8, -1 },
		{ "local_link_integrity_errors", 152, 4, -1 },
		{ "excessive_buffer_overrun_errors", 156, 4, -1 },
		{ "VL15_dropped", 176, 16, -1 },
		{ "port_xmit_data", 192, 32, 0 },
		{ "port_rcv_data", 224, 32, 1 },
		{ "port_xmit_packets", 256, 32, 2 },
		{ "port_rcv_packets", 288, 32, 3 },
		{ "port_xmit_wait", 320, 32, -1 },
		{ "unicast_xmit_packets", 0, 0, 4, true },
		{ "unicast_rcv_packets", 0, 0, 5, true },
		{ "multicast_xmit_packets", 0, 0, 6, true },
		{ "multicast_rcv_packets", 0, 0, 7, true },
	};
	static const s8 sets[] = { RDMACTL_PMA_BASIC, RDMACTL_PMA_EXT, RDMACTL_PMA_EXT_NOIETF };
	struct rdmactl_pma_snap *snap = kunit_kzalloc(test, sizeof(*snap), GFP_KERNEL);
	u8 *basic = kunit_kzalloc(test, 192, GFP_KERNEL);
	u8 *ext = kunit_kzalloc(test, 192, GFP_KERNEL);
	int i, s;

	KUNIT_ASSERT_NOT_NULL(test, snap);
	KUNIT_ASSERT_NOT_NULL(test, basic);
	KUNIT_ASSERT_NOT_NULL(test, ext);
	/* Counter i holds 3 (i + 1) (cut to its width) and 2^32 (i + 1) + i. */
	for (i = 0; i < RDMACTL_PMA_NUM; i++) {
		u64 narrow = kt_narrow(i, layout[i].width), wide = 0x100000000ULL * (i + 1) + i;

		KUNIT_EXPECT_STREQ(test, rdmactl_pma_name(i), layout[i].name);
		if (layout[i].width)
			kt_set_field(basic, layout[i].off, layout[i].width, narrow);
		if (layout[i].ext >= 0)
			put_unaligned_be64(wide, ext + 8 + 8 * layout[i].ext);
	}
	for (s = 0; s < ARRAY_SIZE(sets); s++) {
		rdmactl_pma_decode(basic, ext, sets[s], snap);
		for (i = 0; i < RDMACTL_PMA_NUM; i++) {
			bool wide = layout[i].ext >= 0 && sets[s] != RDMACTL_PMA_BASIC &&
				    (!layout[i].ietf || sets[s] == RDMACTL_PMA_EXT);

			if (wide) {
				KUNIT_EXPECT_EQ_MSG(test, snap->width[i], (u8)64, "%s set %d",
						    layout[i].name, sets[s]);
				KUNIT_EXPECT_EQ_MSG(test, snap->value[i],
						    0x100000000ULL * (i + 1) + i, "%s set %d",
						    layout[i].name, sets[s]);
			} else {
				KUNIT_EXPECT_EQ_MSG(test, (unsigned int)snap->width[i],
						    layout[i].width, "%s set %d",
						    layout[i].name, sets[s]);
				KUNIT_EXPECT_EQ_MSG(test, snap->value[i],
						    kt_narrow(i, layout[i].width),
						    "%s set %d", layout[i].name, sets[s]);
			}
		}
	}
}

static void rdmactl_counters_baseline(struct kunit *test)
{
	/* Wrapping counters: modulo their width. */
	KUNIT_EXPECT_EQ(test, rdmactl_less_base(5, 0xfffffffeULL, 32, true), 7ULL);
	KUNIT_EXPECT_EQ(test, rdmactl_less_base(1, U64_MAX, 64, true), 2ULL);
	KUNIT_EXPECT_EQ(test, rdmactl_less_base(100, 40, 64, true), 60ULL);
	KUNIT_EXPECT_EQ(test, rdmactl_less_base(3, 0xfff0, 16, true), 0x13ULL);
	/* Saturating ones: a value below the baseline was reset since. */
	KUNIT_EXPECT_EQ(test, rdmactl_less_base(3, 10, 16, false), 3ULL);
	KUNIT_EXPECT_EQ(test, rdmactl_less_base(0xffff, 0xffff, 16, false), 0ULL);
	KUNIT_EXPECT_EQ(test, rdmactl_less_base(0xffff, 1, 16, false), 0xfffeULL);
}

/* The counter nest in skb, parsed back. */
static void kt_counter(struct kunit *test, struct sk_buff *skb, struct nlattr **tb)
{
	struct nlattr *nest = (struct nlattr *)skb->data;

	KUNIT_ASSERT_EQ(test, nla_type(nest), RDMACTL_A_STAT_COUNTER);
	memset(tb, 0, sizeof(*tb) * (RDMACTL_A_MAX + 1));
	KUNIT_ASSERT_EQ(test, nla_parse_nested_deprecated(tb, RDMACTL_A_MAX, nest, NULL, NULL), 0);
}

static void rdmactl_counters_put(struct kunit *test)
{
	struct nlattr *tb[RDMACTL_A_MAX + 1];
	struct sk_buff *skb;
	int full, room;

	skb = alloc_skb(1024, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, skb);

	KUNIT_ASSERT_EQ(test, rdmactl_put_counter(skb, "port_xmit_data", 1000, RDMACTL_SOURCE_PMA,
						  64, 0, RDMACTL_UNIT_OCTETS_4), 0);
	kt_counter(test, skb, tb);
	KUNIT_EXPECT_STREQ(test, (char *)nla_data(tb[RDMACTL_A_COUNTER_NAME]), "port_xmit_data");
	KUNIT_EXPECT_EQ(test, nla_get_u64(tb[RDMACTL_A_COUNTER_VALUE]), 1000ULL);
	KUNIT_EXPECT_EQ(test, nla_get_u64(tb[RDMACTL_A_COUNTER_BYTES]), 4000ULL);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_COUNTER_WIDTH]), (u8)64);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_COUNTER_UNIT]), (u8)RDMACTL_UNIT_OCTETS_4);

	/* Bytes saturate rather than wrap. */
	skb_trim(skb, 0);
	KUNIT_ASSERT_EQ(test, rdmactl_put_counter(skb, "port_rcv_data", U64_MAX / 4 + 1,
						  RDMACTL_SOURCE_PMA, 64, 0,
						  RDMACTL_UNIT_OCTETS_4), 0);
	kt_counter(test, skb, tb);
	KUNIT_EXPECT_EQ(test, nla_get_u64(tb[RDMACTL_A_COUNTER_BYTES]), U64_MAX);
	skb_trim(skb, 0);
	KUNIT_ASSERT_EQ(test, rdmactl_put_counter(skb, "port_rcv_data", U64_MAX / 4,
						  RDMACTL_SOURCE_PMA, 64, 0,
						  RDMACTL_UNIT_OCTETS_4), 0);
	kt_counter(test, skb, tb);
	KUNIT_EXPECT_EQ(test, nla_get_u64(tb[RDMACTL_A_COUNTER_BYTES]), U64_MAX / 4 * 4);

	/* Other units have no bytes. */
	skb_trim(skb, 0);
	KUNIT_ASSERT_EQ(test, rdmactl_put_counter(skb, "symbol_error", 7, RDMACTL_SOURCE_PMA,
						  16, 0, RDMACTL_UNIT_EVENTS), 0);
	kt_counter(test, skb, tb);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_COUNTER_BYTES]);
	KUNIT_EXPECT_EQ(test, nla_get_u64(tb[RDMACTL_A_COUNTER_VALUE]), 7ULL);

	skb_trim(skb, 0);
	KUNIT_ASSERT_EQ(test, rdmactl_put_counter(skb, "port_xmit_data", 1, RDMACTL_SOURCE_PMA,
						  64, 0, RDMACTL_UNIT_OCTETS_4), 0);

	/* A message without room for all of it says so, wherever it ends. */
	full = skb->len;
	kfree_skb(skb);
	for (room = full - 4; room >= 0; room -= 4) {
		skb = kt_skb_room(test, room);
		KUNIT_EXPECT_EQ_MSG(test, rdmactl_put_counter(skb, "port_xmit_data", 1,
							      RDMACTL_SOURCE_PMA, 64, 0,
							      RDMACTL_UNIT_OCTETS_4),
				    -EMSGSIZE, "%d of %d bytes", room, full);
		kfree_skb(skb);
	}
}

/*
 * The slot of every port of a CA (ports from 1) and of a switch (port 0
 * only): one each, never the device's slot 0, all below the count
 * rdmactl_stat_init() allocates (end - start + 2).
 */
static void rdmactl_counters_slot(struct kunit *test)
{
	static const u32 shapes[][2] = { { 1, 1 }, { 1, 4 }, { 0, 0 }, { 0, 3 } };
	int s;

	for (s = 0; s < ARRAY_SIZE(shapes); s++) {
		u32 start = shapes[s][0], end = shapes[s][1], p;
		unsigned int nstats = end - start + 2;

		if (start)
			KUNIT_EXPECT_EQ(test, rdmactl_stat_slot(start, 0), 0U);
		for (p = start; p <= end; p++) {
			KUNIT_EXPECT_EQ_MSG(test, rdmactl_stat_slot(start, p), 1 + p - start,
					    "port %u of ports %u..%u", p, start, end);
			KUNIT_EXPECT_LT_MSG(test, rdmactl_stat_slot(start, p), nstats,
					    "port %u of ports %u..%u", p, start, end);
		}
	}
}

/*
 * The hold of a device whose reads fail (stat-hold.c), with the module's
 * failed_read_hold_s as loaded (60): a late success does not end a newer
 * failure's hold, the PMA waits while the driver's reads are held, not
 * after, a reset reads through without taking the retry, one reader tries
 * again when the hold is over, an answered MAD ends the PMA's hold, and
 * pma.c running out of memory holds nothing.
 */
static void rdmactl_counters_hold(struct kunit *test)
{
	struct rdmactl_dev *dev = kunit_kzalloc(test, sizeof(*dev), GFP_KERNEL);
	struct rdmactl_hold_src *hw;
	u32 a, b, c;

	KUNIT_ASSERT_NOT_NULL(test, dev);
	spin_lock_init(&dev->hold.lock);
	hw = &dev->hold.src[RDMACTL_HOLD_HW];
	KUNIT_EXPECT_TRUE(test, rdmactl_stat_may_read(dev, RDMACTL_HOLD_HW, false, &a));
	KUNIT_EXPECT_TRUE(test, rdmactl_stat_may_read(dev, RDMACTL_HOLD_HW, false, &b));
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_HW, a, -EIO);
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_HW, b, 0);	/* begun before the failure */
	KUNIT_EXPECT_EQ(test, hw->err, -EIO);
	KUNIT_EXPECT_FALSE(test, rdmactl_stat_may_read(dev, RDMACTL_HOLD_HW, false, &c));
	KUNIT_EXPECT_FALSE(test, rdmactl_stat_may_read(dev, RDMACTL_HOLD_PMA, false, &c));
	KUNIT_EXPECT_TRUE(test, rdmactl_stat_may_read(dev, RDMACTL_HOLD_HW, true, &c));
	KUNIT_EXPECT_EQ(test, c & 1, 0U);
	KUNIT_EXPECT_FALSE(test, hw->probing);

	hw->failed_at = jiffies - 3601 * HZ;	/* past any hold */
	KUNIT_EXPECT_TRUE(test, rdmactl_stat_may_read(dev, RDMACTL_HOLD_PMA, false, &c));
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_PMA, c, 0);
	KUNIT_EXPECT_TRUE(test, rdmactl_stat_may_read(dev, RDMACTL_HOLD_HW, false, &a));
	KUNIT_EXPECT_FALSE(test, rdmactl_stat_may_read(dev, RDMACTL_HOLD_HW, false, &b));
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_HW, a, 0);
	KUNIT_EXPECT_EQ(test, hw->err, 0);
	KUNIT_EXPECT_FALSE(test, hw->probing);
	KUNIT_EXPECT_TRUE(test, rdmactl_stat_may_read(dev, RDMACTL_HOLD_PMA, false, &b));

	rdmactl_stat_read_done(dev, RDMACTL_HOLD_PMA, b, -EREMOTEIO);	/* answered */
	KUNIT_EXPECT_EQ(test, dev->hold.src[RDMACTL_HOLD_PMA].err, 0);
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_PMA, b, -ENOMEM);
	KUNIT_EXPECT_EQ(test, dev->hold.src[RDMACTL_HOLD_PMA].err, -ENOMEM);
	KUNIT_EXPECT_TRUE(test, rdmactl_stat_may_read(dev, RDMACTL_HOLD_PMA, false, &c));
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_PMA, c, 0);
	/* The driver's -ENOMEM is its firmware's (mlx5: LIM_ERR): held. */
	rdmactl_stat_read_done(dev, RDMACTL_HOLD_HW, a, -ENOMEM);
	KUNIT_EXPECT_FALSE(test, rdmactl_stat_may_read(dev, RDMACTL_HOLD_HW, false, &c));
}

static struct kunit_case rdmactl_counters_cases[] = {
	KUNIT_CASE(rdmactl_counters_hold),
	KUNIT_CASE(rdmactl_counters_slot),
	KUNIT_CASE(rdmactl_counters_field),
	KUNIT_CASE(rdmactl_counters_decode),
	KUNIT_CASE(rdmactl_counters_baseline),
	KUNIT_CASE(rdmactl_counters_put),
	{}
};

struct kunit_suite rdmactl_counters_suite = {
	.name = "rdmactl_counters",
	.test_cases = rdmactl_counters_cases,
};

/* ---- GID and RoCE types ---- */

/* An ib_device with one port of the given capabilities: enough for the
 * rdma_protocol_*() helpers.
 */
static struct ib_device *kt_ibdev(struct kunit *test, u32 caps)
{
	struct ib_device *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	struct ib_port_data *pd = kunit_kzalloc(test, 2 * sizeof(*pd), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, d);
	KUNIT_ASSERT_NOT_NULL(test, pd);
	d->phys_port_cnt = 1;
	d->port_data = pd;
	pd[1].immutable.core_cap_flags = caps;
	return d;
}

static void rdmactl_types_gid(struct kunit *test)
{
	struct ib_device *ib = kt_ibdev(test, RDMA_CORE_PORT_IBA_IB);
	struct ib_device *roce = kt_ibdev(test, RDMA_CORE_PORT_IBA_ROCE |
					  RDMA_CORE_PORT_IBA_ROCE_UDP_ENCAP);
	struct ib_device *iwarp = kt_ibdev(test, RDMA_CORE_PORT_IWARP);

	KUNIT_EXPECT_EQ(test, rdmactl_gid_type(ib, 1, IB_GID_TYPE_IB), (u8)RDMACTL_GID_TYPE_IB);
	/* ib_core says IB for an iWARP port's MAC too. */
	KUNIT_EXPECT_EQ(test, rdmactl_gid_type(iwarp, 1, IB_GID_TYPE_IB),
			(u8)RDMACTL_GID_TYPE_IWARP);
	/* ib_core says IB for RoCE v1 entries too: the port tells them apart. */
	KUNIT_EXPECT_EQ(test, rdmactl_gid_type(roce, 1, IB_GID_TYPE_IB),
			(u8)RDMACTL_GID_TYPE_ROCE_V1);
	KUNIT_EXPECT_EQ(test, rdmactl_gid_type(roce, 1, IB_GID_TYPE_ROCE),
			(u8)RDMACTL_GID_TYPE_ROCE_V1);
	KUNIT_EXPECT_EQ(test, rdmactl_gid_type(roce, 1, IB_GID_TYPE_ROCE_UDP_ENCAP),
			(u8)RDMACTL_GID_TYPE_ROCE_V2);
}

static void rdmactl_types_roce(struct kunit *test)
{
	struct ib_device *v1 = kt_ibdev(test, RDMA_CORE_PORT_IBA_ROCE);
	struct ib_device *v2 = kt_ibdev(test, RDMA_CORE_PORT_IBA_ROCE_UDP_ENCAP);
	struct ib_device *both = kt_ibdev(test, RDMA_CORE_PORT_IBA_ROCE |
					  RDMA_CORE_PORT_IBA_ROCE_UDP_ENCAP);
	struct ib_device *ib = kt_ibdev(test, RDMA_CORE_PORT_IBA_IB);

	KUNIT_EXPECT_EQ(test, rdmactl_roce_types(v1, 1), (u32)BIT(RDMACTL_GID_TYPE_ROCE_V1));
	KUNIT_EXPECT_EQ(test, rdmactl_roce_types(v2, 1), (u32)BIT(RDMACTL_GID_TYPE_ROCE_V2));
	KUNIT_EXPECT_EQ(test, rdmactl_roce_types(both, 1),
			(u32)(BIT(RDMACTL_GID_TYPE_ROCE_V1) | BIT(RDMACTL_GID_TYPE_ROCE_V2)));
	KUNIT_EXPECT_EQ(test, rdmactl_roce_types(ib, 1), 0U);
	KUNIT_EXPECT_STREQ(test, rdmactl_roce_types_str(rdmactl_roce_types(v1, 1)),
			   "RoCE v1 only");
	KUNIT_EXPECT_STREQ(test, rdmactl_roce_types_str(rdmactl_roce_types(v2, 1)),
			   "RoCE v2 only");
	KUNIT_EXPECT_STREQ(test, rdmactl_roce_types_str(rdmactl_roce_types(both, 1)),
			   "RoCE v1 and v2");
}

static struct kunit_case rdmactl_types_cases[] = {
	KUNIT_CASE(rdmactl_types_gid),
	KUNIT_CASE(rdmactl_types_roce),
	{}
};

struct kunit_suite rdmactl_types_suite = {
	.name = "rdmactl_types",
	.test_cases = rdmactl_types_cases,
};

