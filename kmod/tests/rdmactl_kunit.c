// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suites for what rdmactl.ko does without a device: the netlink
 * policies (every attribute of the wrong type or length, or unknown, is
 * refused with an extack message naming it), the parsing of modes, the
 * PMA counter layout and its normalisation (widths, wrap, saturation,
 * bytes), the counter slot of every port (a switch's port 0 too), the
 * length of every formatted extack message, GID and RoCE type naming, and
 * the encoding of every event.
 *
 * Built only with RDMACTL_KUNIT=1 against a kernel with CONFIG_KUNIT (the
 * debug test kernel, tests/vm/debug-kernel); never installed. The suites
 * run when the module loads, after rdmactl.ko, whose functions they call
 * through the EXPORTED_FOR_KUNIT_TESTING namespace; results are in
 * /sys/kernel/debug/kunit/<suite>/results.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/skbuff.h>
#include <net/net_namespace.h>
#include <net/netlink.h>

#include "../core.h"

/*
 * MODULE_IMPORT_NS() took an identifier before 6.13 and a string literal
 * since; both become this.
 */
MODULE_INFO(import_ns, "EXPORTED_FOR_KUNIT_TESTING");

/* Before KUnit's own (5.18), the NULL checks spelled out. */
#ifndef KUNIT_EXPECT_NOT_NULL
#define KUNIT_EXPECT_NULL(test, ptr) KUNIT_EXPECT_TRUE(test, (ptr) == NULL)
#define KUNIT_EXPECT_NOT_NULL(test, ptr) KUNIT_EXPECT_TRUE(test, (ptr) != NULL)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, fmt, ...)				\
	KUNIT_EXPECT_TRUE_MSG(test, (ptr) != NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_NULL(test, ptr) KUNIT_ASSERT_TRUE(test, (ptr) != NULL)
#endif

/* ---- netlink policies ---- */

/* A buffer of attributes being built, and the one under test. */
struct kt_attrs {
	u8 buf[512];
	int len;
	struct nlattr *last;
};

static void kt_put(struct kt_attrs *a, u16 type, const void *data, int len)
{
	struct nlattr *nla = (struct nlattr *)(a->buf + a->len);

	nla->nla_type = type;
	nla->nla_len = nla_attr_size(len);
	memcpy(nla_data(nla), data, len);
	memset((u8 *)nla_data(nla) + len, 0, nla_padlen(len));
	a->len += nla_total_size(len);
	a->last = nla;
}

/* A payload of the right shape for a policy entry, in its range if it has one. */
static int kt_valid(const struct nla_policy *pt, u8 *data)
{
	switch (pt->type) {
	case NLA_U8:
		data[0] = pt->validation_type == NLA_VALIDATE_RANGE ? pt->min : 0;
		return 1;
	case NLA_U16:
		return 2;
	case NLA_U32:
		return 4;
	case NLA_U64:
		return 8;
	case NLA_FLAG:
		return 0;
	case NLA_NUL_STRING:
		strscpy((char *)data, "x", 2);
		return 2;
	default:
		return -1;
	}
}

/* Payloads every policy entry of this type must refuse. */
static int kt_invalid(const struct nla_policy *pt, int k, u8 *data)
{
	static const int fixed[][2] = {
		[NLA_U8] = { 0, 2 }, [NLA_U16] = { 1, 3 },
		[NLA_U32] = { 2, 8 }, [NLA_U64] = { 4, 12 },
	};

	memset(data, 'a', 300);
	switch (pt->type) {
	case NLA_U8:
	case NLA_U16:
	case NLA_U32:
	case NLA_U64:
		return k < 2 ? fixed[pt->type][k] : -1;
	case NLA_FLAG:
		return k == 0 ? 4 : -1;
	case NLA_NUL_STRING:
		if (k == 0)
			return 5;		/* no terminating NUL */
		if (k == 1) {
			data[pt->len + 1] = 0;	/* one byte too long */
			return pt->len + 2;
		}
		return -1;
	default:
		return -1;
	}
}

static int kt_parse(const struct genl_ops *op, struct kt_attrs *a,
		    struct netlink_ext_ack *extack)
{
	struct nlattr *tb[RDMACTL_A_MAX + 1];

	memset(extack, 0, sizeof(*extack));
	return __nla_parse(tb, op->maxattr, (struct nlattr *)a->buf, a->len,
			   op->policy, NL_VALIDATE_STRICT, extack);
}

static void rdmactl_policy_every_op(struct kunit *test)
{
	int i;

	KUNIT_ASSERT_GT(test, (int)rdmactl_family.n_ops, 0);
	for (i = 0; i < rdmactl_family.n_ops; i++) {
		const struct genl_ops *op = &rdmactl_family.ops[i];

		KUNIT_EXPECT_NOT_NULL_MSG(test, op->policy, "command %u", op->cmd);
		KUNIT_EXPECT_GT_MSG(test, op->maxattr, 0U, "command %u", op->cmd);
		KUNIT_EXPECT_LE_MSG(test, (int)op->maxattr, RDMACTL_A_MAX, "command %u", op->cmd);
		KUNIT_EXPECT_LE_MSG(test, (int)op->cmd, RDMACTL_CMD_MAX, "command %u", op->cmd);
	}
}

/* Each attribute alone in its right shape is accepted: the control. */
static void rdmactl_policy_valid(struct kunit *test)
{
	struct netlink_ext_ack extack;
	int i, t, checked = 0;

	for (i = 0; i < rdmactl_family.n_ops; i++) {
		const struct genl_ops *op = &rdmactl_family.ops[i];

		for (t = 1; t <= op->maxattr; t++) {
			struct kt_attrs a = {};
			u8 data[300];
			int len = kt_valid(&op->policy[t], data);

			if (op->policy[t].type == NLA_UNSPEC)
				continue;
			KUNIT_ASSERT_GE_MSG(test, len, 0,
					    "command %u attribute %d: type %u untested",
					    op->cmd, t, op->policy[t].type);
			kt_put(&a, t, data, len);
			KUNIT_EXPECT_EQ_MSG(test, kt_parse(op, &a, &extack), 0,
					    "command %u attribute %d: %s", op->cmd, t,
					    extack._msg ?: "");
			checked++;
		}
	}
	KUNIT_EXPECT_GT(test, checked, 20);
}

/* Each attribute of a wrong length, after a valid one, is refused by name. */
static void rdmactl_policy_wrong_length(struct kunit *test)
{
	struct netlink_ext_ack extack;
	int i, t, k, refused = 0;

	for (i = 0; i < rdmactl_family.n_ops; i++) {
		const struct genl_ops *op = &rdmactl_family.ops[i];

		for (t = 1; t <= op->maxattr; t++) {
			for (k = 0; ; k++) {
				struct kt_attrs a = {};
				u8 data[300];
				u32 index = 1;
				int len = kt_invalid(&op->policy[t], k, data);

				if (len < 0)
					break;
				if (t != RDMACTL_A_DEV_INDEX &&
				    op->policy[RDMACTL_A_DEV_INDEX].type == NLA_U32)
					kt_put(&a, RDMACTL_A_DEV_INDEX, &index, sizeof(index));
				kt_put(&a, t, data, len);
				KUNIT_EXPECT_LT_MSG(test, kt_parse(op, &a, &extack), 0,
						    "command %u attribute %d length %d accepted",
						    op->cmd, t, len);
				KUNIT_EXPECT_NOT_NULL_MSG(test, extack._msg,
							  "command %u attribute %d: no message",
							  op->cmd, t);
				KUNIT_EXPECT_PTR_EQ_MSG(test, extack.bad_attr,
							(const struct nlattr *)a.last,
							"command %u attribute %d: wrong attribute named",
							op->cmd, t);
				refused++;
			}
		}
	}
	KUNIT_EXPECT_GT(test, refused, 40);
}

/* Attributes a command does not know, and truncated ones, are refused. */
static void rdmactl_policy_unknown_and_truncated(struct kunit *test)
{
	struct netlink_ext_ack extack;
	int i;

	for (i = 0; i < rdmactl_family.n_ops; i++) {
		const struct genl_ops *op = &rdmactl_family.ops[i];
		struct kt_attrs a = {};
		u32 v = 1;

		kt_put(&a, op->maxattr + 1, &v, sizeof(v));
		KUNIT_EXPECT_LT_MSG(test, kt_parse(op, &a, &extack), 0,
				    "command %u: attribute %u accepted", op->cmd, op->maxattr + 1);
		KUNIT_EXPECT_NOT_NULL(test, extack._msg);

		/* An attribute whose length runs past the message. */
		a.len = 0;
		kt_put(&a, RDMACTL_A_PORT_INDEX, &v, sizeof(v));
		a.last->nla_len = 200;
		KUNIT_EXPECT_LT_MSG(test, kt_parse(op, &a, &extack), 0,
				    "command %u: truncated attribute accepted", op->cmd);
		KUNIT_EXPECT_NOT_NULL(test, extack._msg);
	}
}

/*
 * The mode attributes' bounds are in the policy (so a policy dump shows
 * them): every u8 value, accepted exactly when it is a mode, refused with
 * a message naming the attribute otherwise.
 */
static void rdmactl_policy_modes(struct kunit *test)
{
	static const struct { u8 cmd; u16 type; int lo, hi; } modes[] = {
		{ RDMACTL_CMD_IPOIB_SET, RDMACTL_A_IPOIB_MODE,
		  RDMACTL_IPOIB_DATAGRAM, RDMACTL_IPOIB_CONNECTED },
		{ RDMACTL_CMD_ROCE_SET, RDMACTL_A_ROCE_MODE,
		  RDMACTL_GID_TYPE_ROCE_V1, RDMACTL_GID_TYPE_ROCE_V2 },
	};
	struct netlink_ext_ack extack;
	int i, m, v, found = 0;

	for (i = 0; i < rdmactl_family.n_ops; i++) {
		const struct genl_ops *op = &rdmactl_family.ops[i];

		for (m = 0; m < ARRAY_SIZE(modes); m++) {
			if (op->cmd != modes[m].cmd)
				continue;
			found++;
			for (v = 0; v < 256; v++) {
				struct kt_attrs a = {};
				u8 mode = v;
				int ret;

				kt_put(&a, modes[m].type, &mode, 1);
				ret = kt_parse(op, &a, &extack);
				if (v >= modes[m].lo && v <= modes[m].hi) {
					KUNIT_EXPECT_EQ_MSG(test, ret, 0, "command %u mode %d",
							    op->cmd, v);
					continue;
				}
				KUNIT_EXPECT_EQ_MSG(test, ret, -ERANGE, "command %u mode %d",
						    op->cmd, v);
				KUNIT_EXPECT_NOT_NULL(test, extack._msg);
				KUNIT_EXPECT_PTR_EQ(test, extack.bad_attr,
						    (const struct nlattr *)a.last);
			}
		}
	}
	KUNIT_EXPECT_EQ(test, found, (int)ARRAY_SIZE(modes));
}

/*
 * Before 6.2 a formatted refusal lives in the compat ring until its ACK is
 * built: no slot is written twice within a second, however many handlers
 * refuse at once, and a message that found no slot says so.
 */
static void rdmactl_policy_fmt_ring(struct kunit *test)
{
	const char *first, *msg = NULL;
	unsigned long start = jiffies;
	unsigned int i;

	first = rdmactl_compat_fmt("first %d", 1);
	for (i = 0; i < RDMACTL_ERR_MSG_SLOTS; i++)
		msg = rdmactl_compat_fmt("refusal %u", i);
	if (time_after_eq(jiffies, start + HZ))
		kunit_skip(test, "the ring turned over in more than a second");
	KUNIT_EXPECT_STREQ(test, first, "first 1");
	KUNIT_EXPECT_STREQ(test, msg, "refused; too many refusals at once to say why");

	/* A second later the slots are free again; 79 bytes and the NUL. */
	msleep(1100);
	msg = rdmactl_compat_fmt("%0100d", 0);
	KUNIT_EXPECT_EQ(test, strlen(msg), (size_t)RDMACTL_ERR_MSG_LEN - 1);
}

static struct kunit_case rdmactl_policy_cases[] = {
	KUNIT_CASE(rdmactl_policy_fmt_ring),
	KUNIT_CASE(rdmactl_policy_modes),
	KUNIT_CASE(rdmactl_policy_every_op),
	KUNIT_CASE(rdmactl_policy_valid),
	KUNIT_CASE(rdmactl_policy_wrong_length),
	KUNIT_CASE(rdmactl_policy_unknown_and_truncated),
	{}
};

static struct kunit_suite rdmactl_policy_suite = {
	.name = "rdmactl_policy",
	.test_cases = rdmactl_policy_cases,
};

/* ---- modes ---- */

/*
 * Every u8 value of a mode attribute through its parser: v1 and v2 come
 * back, the rest are -EINVAL with a message naming the attribute. Returns
 * the message of the last refusal (value 255).
 */
static const char *kt_modes(struct kunit *test, u16 type, int v1, int v2,
			    int (*parse)(const struct nlattr *, struct netlink_ext_ack *))
{
	struct netlink_ext_ack extack;
	struct kt_attrs a;
	int v, ret;

	for (v = 0; v < 256; v++) {
		u8 mode = v;

		memset(&a, 0, sizeof(a));
		memset(&extack, 0, sizeof(extack));
		kt_put(&a, type, &mode, 1);
		ret = parse(a.last, &extack);
		if (v == v1 || v == v2) {
			KUNIT_EXPECT_EQ(test, ret, v);
			KUNIT_EXPECT_NULL(test, extack._msg);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "mode %d", v);
		KUNIT_EXPECT_NOT_NULL(test, extack._msg);
		KUNIT_EXPECT_PTR_EQ(test, extack.bad_attr, (const struct nlattr *)a.last);
	}
	return extack._msg;
}

static void rdmactl_modes_roce(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, kt_modes(test, RDMACTL_A_ROCE_MODE, RDMACTL_GID_TYPE_ROCE_V1,
					  RDMACTL_GID_TYPE_ROCE_V2, rdmactl_roce_mode_parse),
			   "RoCE mode 255 is neither v1 (2) nor v2 (3)");
}

static void rdmactl_modes_ipoib(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, kt_modes(test, RDMACTL_A_IPOIB_MODE, RDMACTL_IPOIB_DATAGRAM,
					  RDMACTL_IPOIB_CONNECTED, rdmactl_ipoib_mode_parse),
			   "the mode is datagram (0) or connected (1)");
}

static struct kunit_case rdmactl_modes_cases[] = {
	KUNIT_CASE(rdmactl_modes_roce),
	KUNIT_CASE(rdmactl_modes_ipoib),
	{}
};

static struct kunit_suite rdmactl_modes_suite = {
	.name = "rdmactl_modes",
	.test_cases = rdmactl_modes_cases,
};

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
		skb = alloc_skb(full + 64, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		skb_put(skb, skb_tailroom(skb) - room);
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

static struct kunit_case rdmactl_counters_cases[] = {
	KUNIT_CASE(rdmactl_counters_slot),
	KUNIT_CASE(rdmactl_counters_field),
	KUNIT_CASE(rdmactl_counters_decode),
	KUNIT_CASE(rdmactl_counters_baseline),
	KUNIT_CASE(rdmactl_counters_put),
	{}
};

static struct kunit_suite rdmactl_counters_suite = {
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

	KUNIT_EXPECT_EQ(test, rdmactl_gid_type(ib, 1, IB_GID_TYPE_IB), (u8)RDMACTL_GID_TYPE_IB);
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

static struct kunit_suite rdmactl_types_suite = {
	.name = "rdmactl_types",
	.test_cases = rdmactl_types_cases,
};

/* ---- events ---- */

/* Fill one event into a fresh skb and parse its attributes back. */
static int kt_event(struct kunit *test, const struct rdmactl_event_item *ev,
		    struct nlattr **tb, struct sk_buff **skbp)
{
	struct sk_buff *skb = alloc_skb(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	int err;

	KUNIT_ASSERT_NOT_NULL(test, skb);
	*skbp = skb;
	err = rdmactl_event_fill(skb, &init_net, ev);
	if (err)
		return err;
	memset(tb, 0, sizeof(*tb) * (RDMACTL_A_MAX + 1));
	return nla_parse_deprecated(tb, RDMACTL_A_MAX, (struct nlattr *)skb->data, skb->len,
				    NULL, NULL);
}

static void rdmactl_events_device(struct kunit *test)
{
	struct rdmactl_event_item ev = {
		.type = RDMACTL_EVENT_DEV_RENAME, .has_dev = true, .dev_index = 7,
		.name = "mlx5_1", .old_name = "mlx5_0",
	};
	struct nlattr *tb[RDMACTL_A_MAX + 1];
	struct sk_buff *skb, *skb2;
	u64 seq;

	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_EVENT_TYPE]), (u8)RDMACTL_EVENT_DEV_RENAME);
	KUNIT_EXPECT_EQ(test, nla_get_u32(tb[RDMACTL_A_DEV_INDEX]), 7U);
	KUNIT_EXPECT_STREQ(test, (char *)nla_data(tb[RDMACTL_A_DEV_NAME]), "mlx5_1");
	KUNIT_EXPECT_STREQ(test, (char *)nla_data(tb[RDMACTL_A_EVENT_OLD_NAME]), "mlx5_0");
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_PORT_INDEX]);
	KUNIT_EXPECT_NOT_NULL(test, tb[RDMACTL_A_EVENT_TIMESTAMP]);
	seq = nla_get_u64(tb[RDMACTL_A_EVENT_SEQ]);

	/* The namespace's sequence: one more per message. */
	ev.type = RDMACTL_EVENT_DEV_REMOVE;
	ev.old_name[0] = 0;
	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb2), 0);
	KUNIT_EXPECT_EQ(test, nla_get_u64(tb[RDMACTL_A_EVENT_SEQ]), seq + 1);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_EVENT_OLD_NAME]);
	kfree_skb(skb);
	kfree_skb(skb2);

	/* A device the worker no longer found: no index, no name. */
	ev.name[0] = 0;
	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_DEV_INDEX]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_DEV_NAME]);
	kfree_skb(skb);
}

static void rdmactl_events_port(struct kunit *test)
{
	struct rdmactl_event_item ev = {
		.type = RDMACTL_EVENT_LID_CHANGE, .has_dev = true, .dev_index = 1,
		.name = "fakeib0", .port = 2, .have_attr = true,
		.attr = { .state = IB_PORT_ACTIVE, .phys_state = IB_PORT_PHYS_STATE_LINK_UP,
			  .lid = 0x1234, .sm_lid = 1, .sm_sl = 3, .lmc = 2 },
	};
	struct nlattr *tb[RDMACTL_A_MAX + 1];
	struct sk_buff *skb;

	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_EQ(test, nla_get_u32(tb[RDMACTL_A_PORT_INDEX]), 2U);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_PORT_STATE]), (u8)IB_PORT_ACTIVE);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_PORT_PHYS_STATE]),
			(u8)IB_PORT_PHYS_STATE_LINK_UP);
	KUNIT_EXPECT_EQ(test, nla_get_u32(tb[RDMACTL_A_PORT_LID]), 0x1234U);
	KUNIT_EXPECT_EQ(test, nla_get_u32(tb[RDMACTL_A_PORT_SM_LID]), 1U);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_PORT_SM_SL]), (u8)3);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_PORT_LMC]), (u8)2);
	kfree_skb(skb);
}

static void rdmactl_events_netdev(struct kunit *test)
{
	struct rdmactl_event_item ev = {
		.type = RDMACTL_EVENT_IPOIB_MODE, .ifindex = 5, .ifname = "ib0",
		.mode = RDMACTL_IPOIB_CONNECTED, .mtu = 65520,
	};
	struct nlattr *tb[RDMACTL_A_MAX + 1];
	struct sk_buff *skb;

	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_EQ(test, nla_get_u32(tb[RDMACTL_A_IPOIB_IFINDEX]), 5U);
	KUNIT_EXPECT_STREQ(test, (char *)nla_data(tb[RDMACTL_A_IPOIB_IFNAME]), "ib0");
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_IPOIB_MODE]), (u8)RDMACTL_IPOIB_CONNECTED);
	KUNIT_EXPECT_EQ(test, nla_get_u32(tb[RDMACTL_A_IPOIB_MTU]), 65520U);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_DEV_INDEX]);
	kfree_skb(skb);

	ev.type = RDMACTL_EVENT_NETDEV_DETACH;
	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_EQ(test, nla_get_u32(tb[RDMACTL_A_PORT_NETDEV_INDEX]), 5U);
	KUNIT_EXPECT_STREQ(test, (char *)nla_data(tb[RDMACTL_A_PORT_NETDEV_NAME]), "ib0");
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_IPOIB_MODE]);
	kfree_skb(skb);
}

static void rdmactl_events_roce(struct kunit *test)
{
	struct rdmactl_event_item ev = {
		.type = RDMACTL_EVENT_ROCE, .has_dev = true, .dev_index = 3, .name = "rxe0",
		.port = 1, .mode = RDMACTL_GID_TYPE_ROCE_V2, .tos = 96, .restored = true,
	};
	struct nlattr *tb[RDMACTL_A_MAX + 1];
	struct sk_buff *skb;

	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_MODE]), (u8)RDMACTL_GID_TYPE_ROCE_V2);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_TOS]), (u8)96);
	KUNIT_EXPECT_TRUE(test, nla_get_flag(tb[RDMACTL_A_ROCE_RESTORED]));
	kfree_skb(skb);

	ev.restored = false;
	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_FALSE(test, nla_get_flag(tb[RDMACTL_A_ROCE_RESTORED]));
	kfree_skb(skb);
}

/*
 * An event cut short anywhere says so, whatever its type: fill each into
 * a message with room for all of it but 4 bytes, 8, and so on down to 0.
 */
static void rdmactl_events_full(struct kunit *test)
{
	struct rdmactl_event_item ev = {
		.has_dev = true, .dev_index = 1, .name = "rxe0", .port = 1,
		.ifindex = 2, .ifname = "veth0", .have_attr = true,
	};
	struct sk_buff *skb;
	int full, room;
	u8 type;

	for (type = RDMACTL_EVENT_DEV_ADD; type <= RDMACTL_EVENT_OVERFLOW; type++) {
		ev.type = type;
		skb = alloc_skb(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		KUNIT_ASSERT_EQ(test, rdmactl_event_fill(skb, &init_net, &ev), 0);
		full = skb->len;
		kfree_skb(skb);

		for (room = full - 4; room >= 0; room -= 4) {
			skb = alloc_skb(full + 64, GFP_KERNEL);
			KUNIT_ASSERT_NOT_NULL(test, skb);
			skb_put(skb, skb_tailroom(skb) - room);
			KUNIT_EXPECT_EQ_MSG(test, rdmactl_event_fill(skb, &init_net, &ev),
					    -EMSGSIZE, "event type %u in %d of %d bytes",
					    type, room, full);
			kfree_skb(skb);
		}
	}
}

/* Events the kernel could not queue: how many, and nothing else. */
static void rdmactl_events_overflow(struct kunit *test)
{
	struct rdmactl_event_item ev = { .type = RDMACTL_EVENT_OVERFLOW, .lost = 5 };
	struct nlattr *tb[RDMACTL_A_MAX + 1];
	struct sk_buff *skb;

	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_EVENT_TYPE]), (u8)RDMACTL_EVENT_OVERFLOW);
	KUNIT_EXPECT_EQ(test, nla_get_u64(tb[RDMACTL_A_EVENT_LOST]), 5ULL);
	KUNIT_EXPECT_NOT_NULL(test, tb[RDMACTL_A_EVENT_SEQ]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_DEV_INDEX]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_PORT_INDEX]);
	kfree_skb(skb);
}

static struct kunit_case rdmactl_events_cases[] = {
	KUNIT_CASE(rdmactl_events_overflow),
	KUNIT_CASE(rdmactl_events_device),
	KUNIT_CASE(rdmactl_events_port),
	KUNIT_CASE(rdmactl_events_netdev),
	KUNIT_CASE(rdmactl_events_roce),
	KUNIT_CASE(rdmactl_events_full),
	{}
};

static struct kunit_suite rdmactl_events_suite = {
	.name = "rdmactl_events",
	.test_cases = rdmactl_events_cases,
};

/*
 * Every formatted extack message, with its longest arguments, fits
 * NETLINK_MAX_FMTMSG_LEN (80 bytes with the NUL), which 6.2+ cuts at, as
 * does the compat ring before it (RDMACTL_ERR_MSG_LEN): numbers U32_MAX
 * (INT_MIN where signed), errors -MAX_ERRNO, interface names 15 bytes,
 * and every word a %s can be. No message names a device (63 bytes).
 */
#define KT_MSG_FITS(test, fmt, ...)						\
	do {									\
		char __buf[256];						\
		int __n = snprintf(__buf, sizeof(__buf), fmt, ##__VA_ARGS__);	\
										\
		KUNIT_EXPECT_LT_MSG(test, __n, RDMACTL_ERR_MSG_LEN,		\
				    "%d bytes: \"%s\"", __n, __buf);		\
	} while (0)

#define KT_IFNAME "ib_xxxxxxxxxxxx"

static void rdmactl_messages_counters(struct kunit *test)
{
	BUILD_BUG_ON(RDMACTL_ERR_MSG_LEN != 80);
	KT_MSG_FITS(test, RDMACTL_MSG_NO_DEV_COUNTERS);
	KT_MSG_FITS(test, RDMACTL_MSG_PMA_NO_RESET, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_NO_PMA, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_PMA_FAILED, U32_MAX, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_PMA_NO_BASELINE, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_HW_NO_BASELINE, U32_MAX);
}

static void rdmactl_messages_netlink(struct kunit *test)
{
	KT_MSG_FITS(test, RDMACTL_MSG_NO_DEV_INDEX, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_NO_DEV_NAME);
	KT_MSG_FITS(test, RDMACTL_MSG_DEV_OTHER_NAME, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_NO_PORT, U32_MAX, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_NO_PORT_OF, U32_MAX, U32_MAX, U32_MAX);
}

static void rdmactl_messages_gid(struct kunit *test)
{
	KT_MSG_FITS(test, RDMACTL_MSG_GID_EMPTY, U32_MAX, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_GID_BEYOND, U32_MAX, U32_MAX, U32_MAX);
}

static void rdmactl_messages_roce(struct kunit *test)
{
	static const u32 types[] = {
		BIT(RDMACTL_GID_TYPE_ROCE_V1), BIT(RDMACTL_GID_TYPE_ROCE_V2),
		BIT(RDMACTL_GID_TYPE_ROCE_V1) | BIT(RDMACTL_GID_TYPE_ROCE_V2),
	};
	int i;

	KT_MSG_FITS(test, RDMACTL_MSG_ROCE_MODE, INT_MIN, INT_MIN, INT_MIN);
	KT_MSG_FITS(test, RDMACTL_MSG_CM_NOT_ATTACHED);
	KT_MSG_FITS(test, RDMACTL_MSG_CM_MKDIR, -MAX_ERRNO);
	KT_MSG_FITS(test, RDMACTL_MSG_CM_READ, U32_MAX, -MAX_ERRNO);
	KT_MSG_FITS(test, RDMACTL_MSG_NOT_ROCE, U32_MAX, "InfiniBand");
	KT_MSG_FITS(test, RDMACTL_MSG_NOT_ROCE, U32_MAX, "iWARP");
	KT_MSG_FITS(test, RDMACTL_MSG_NO_ROCE_PORT);
	KT_MSG_FITS(test, RDMACTL_MSG_ROCE_SAVED_MAX, INT_MIN);
	KT_MSG_FITS(test, RDMACTL_MSG_CM_REFUSED, U32_MAX, -MAX_ERRNO);
	KT_MSG_FITS(test, RDMACTL_MSG_CM_LEFT_CHANGED, U32_MAX, -MAX_ERRNO, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_DEV_REPLACED);
	for (i = 0; i < ARRAY_SIZE(types); i++)
		KT_MSG_FITS(test, RDMACTL_MSG_ROCE_TYPES, U32_MAX,
			    rdmactl_roce_types_str(types[i]));
	KT_MSG_FITS(test, RDMACTL_MSG_NO_GUID);
}

static void rdmactl_messages_ipoib(struct kunit *test)
{
	static const char *const modes[] = { "datagram", "connected" };
	int i;

	BUILD_BUG_ON(sizeof(KT_IFNAME) != IFNAMSIZ);
	KT_MSG_FITS(test, RDMACTL_MSG_NO_IFINDEX, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_NO_IFNAME, KT_IFNAME);
	KT_MSG_FITS(test, RDMACTL_MSG_NOT_IPOIB, KT_IFNAME);
	KT_MSG_FITS(test, RDMACTL_MSG_DGRAM_ONLY, KT_IFNAME);
	KT_MSG_FITS(test, RDMACTL_MSG_MTU_GONE, U32_MAX, -MAX_ERRNO);
	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		KT_MSG_FITS(test, RDMACTL_MSG_MTU_RANGE, U32_MAX, modes[i], U32_MAX, U32_MAX);
		KT_MSG_FITS(test, RDMACTL_MSG_MODE_REFUSED, KT_IFNAME, modes[i], -MAX_ERRNO);
		KT_MSG_FITS(test, RDMACTL_MSG_MTU_UNDO_FAILED, U32_MAX, -MAX_ERRNO, -MAX_ERRNO,
			    modes[i], U32_MAX);
		KT_MSG_FITS(test, RDMACTL_MSG_MTU_ROLLED_BACK, U32_MAX, -MAX_ERRNO, modes[i],
			    U32_MAX);
	}
}

static struct kunit_case rdmactl_messages_cases[] = {
	KUNIT_CASE(rdmactl_messages_counters),
	KUNIT_CASE(rdmactl_messages_netlink),
	KUNIT_CASE(rdmactl_messages_gid),
	KUNIT_CASE(rdmactl_messages_roce),
	KUNIT_CASE(rdmactl_messages_ipoib),
	{}
};

static struct kunit_suite rdmactl_messages_suite = {
	.name = "rdmactl_messages",
	.test_cases = rdmactl_messages_cases,
};

kunit_test_suites(&rdmactl_policy_suite, &rdmactl_modes_suite, &rdmactl_counters_suite,
		  &rdmactl_messages_suite, &rdmactl_types_suite, &rdmactl_events_suite);

MODULE_DESCRIPTION("KUnit tests of rdmactl.ko (test only, never installed)");
MODULE_LICENSE("GPL");
