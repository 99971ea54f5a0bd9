// SPDX-License-Identifier: GPL-2.0
/* The netlink policies, the formatted-message ring, and mode parsing. */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/skbuff.h>
#include <net/net_namespace.h>
#include <net/netlink.h>

#include "kunit.h"

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
	case NLA_S32:
		*(s32 *)data = pt->validation_type == NLA_VALIDATE_RANGE ? pt->min : 0;
		return 4;
	case NLA_FLAG:
	case NLA_NESTED:		/* empty, with NLA_F_NESTED (kt_type()) */
		return 0;
	case NLA_NUL_STRING:
		strscpy((char *)data, "x", 2);
		return 2;
	default:
		return -1;
	}
}

/* The type a valid attribute is sent with: a nest says it is one. */
static u16 kt_type(const struct nla_policy *pt, int t)
{
	return pt->type == NLA_NESTED ? t | NLA_F_NESTED : t;
}

/* Payloads every policy entry of this type must refuse. */
static int kt_invalid(const struct nla_policy *pt, int k, u8 *data)
{
	static const int fixed[][2] = {
		[NLA_U8] = { 0, 2 }, [NLA_U16] = { 1, 3 },
		[NLA_U32] = { 2, 8 }, [NLA_U64] = { 4, 12 }, [NLA_S32] = { 2, 8 },
	};

	memset(data, 'a', 300);
	switch (pt->type) {
	case NLA_U8:
	case NLA_U16:
	case NLA_U32:
	case NLA_U64:
	case NLA_S32:
		return k < 2 ? fixed[pt->type][k] : -1;
	case NLA_FLAG:
		return k == 0 ? 4 : -1;
	case NLA_NESTED:
		return k == 0 ? 0 : -1;	/* sent without NLA_F_NESTED */
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
			kt_put(&a, kt_type(&op->policy[t], t), data, len);
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
		{ RDMACTL_CMD_ROCE_SET, RDMACTL_A_ROCE_PRIO, 0, 7 },
		{ RDMACTL_CMD_ROCE_SET, RDMACTL_A_ROCE_PFC, 0, 1 },
		{ RDMACTL_CMD_ROCE_SET, RDMACTL_A_ROCE_TRUST,
		  RDMACTL_ROCE_TRUST_DSCP, RDMACTL_ROCE_TRUST_PCP },
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

/* The op of a command, or NULL. */
static const struct genl_ops *kt_op(u8 cmd)
{
	int i;

	for (i = 0; i < rdmactl_family.n_ops; i++)
		if (rdmactl_family.ops[i].cmd == cmd)
			return &rdmactl_family.ops[i];
	return NULL;
}

/*
 * STAT_MODE_SET: a restore's error is a -errno, nothing else; the names'
 * nest holds names alone, each of at most 63 bytes, NUL-terminated. A
 * refusal names the attribute, the inner one for what is inside the nest.
 */
static void rdmactl_policy_stat_mode(struct kunit *test)
{
	static const struct { s32 v; int ret; } errors[] = {
		{ -4096, -ERANGE }, { -4095, 0 }, { -1, 0 }, { 0, -ERANGE }, { 1, -ERANGE },
	};
	const struct genl_ops *op = kt_op(RDMACTL_CMD_STAT_MODE_SET);
	struct netlink_ext_ack extack;
	struct kt_attrs a, inner;
	char name[80];
	int i;

	KUNIT_ASSERT_NOT_NULL(test, op);
	for (i = 0; i < ARRAY_SIZE(errors); i++) {
		memset(&a, 0, sizeof(a));
		kt_put(&a, RDMACTL_A_STAT_MODE_ERROR, &errors[i].v, sizeof(s32));
		KUNIT_EXPECT_EQ_MSG(test, kt_parse(op, &a, &extack), errors[i].ret,
				    "error %d", errors[i].v);
		if (errors[i].ret)
			KUNIT_EXPECT_PTR_EQ(test, extack.bad_attr, (const struct nlattr *)a.last);
	}

	/* A name of 63 bytes passes, 64 does not, nor one without its NUL. */
	for (i = 0; i < 3; i++) {
		int len = i == 0 ? 64 : i == 1 ? 65 : 5;

		memset(&inner, 0, sizeof(inner));
		memset(name, 'n', sizeof(name));
		if (i < 2)
			name[len - 1] = 0;
		kt_put(&inner, RDMACTL_A_STAT_OPTIONAL_NAME, name, len);
		memset(&a, 0, sizeof(a));
		kt_put(&a, RDMACTL_A_STAT_OPTIONAL | NLA_F_NESTED, inner.buf, inner.len);
		KUNIT_EXPECT_EQ_MSG(test, kt_parse(op, &a, &extack) == 0, i == 0,
				    "name of %d", len);
		if (i)
			KUNIT_EXPECT_PTR_EQ(test, extack.bad_attr,
					    (const struct nlattr *)(a.buf + NLA_HDRLEN));
	}
	/* Anything but a name inside is refused. */
	memset(&inner, 0, sizeof(inner));
	kt_put(&inner, RDMACTL_A_DEV_INDEX, &i, sizeof(u32));
	memset(&a, 0, sizeof(a));
	kt_put(&a, RDMACTL_A_STAT_OPTIONAL | NLA_F_NESTED, inner.buf, inner.len);
	KUNIT_EXPECT_LT(test, kt_parse(op, &a, &extack), 0);
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
	KUNIT_CASE(rdmactl_policy_stat_mode),
	KUNIT_CASE(rdmactl_policy_every_op),
	KUNIT_CASE(rdmactl_policy_valid),
	KUNIT_CASE(rdmactl_policy_wrong_length),
	KUNIT_CASE(rdmactl_policy_unknown_and_truncated),
	{}
};

struct kunit_suite rdmactl_policy_suite = {
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

struct kunit_suite rdmactl_modes_suite = {
	.name = "rdmactl_modes",
	.test_cases = rdmactl_modes_cases,
};

