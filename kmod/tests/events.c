// SPDX-License-Identifier: GPL-2.0
/* The encoding of every event, and the length of every extack message. */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/skbuff.h>
#include <net/net_namespace.h>
#include <net/netlink.h>

#include "kunit.h"
#include "../roce.h"

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

/*
 * A ROCE event is the port's ROCE_GET reply: its modes, source, mode and
 * ToS (none while unknown), what is saved; then restored, clear, error.
 */
static void rdmactl_events_roce(struct kunit *test)
{
	struct rdmactl_event_item ev = {
		.type = RDMACTL_EVENT_ROCE, .has_dev = true, .dev_index = 3, .name = "rxe0",
		.port = 1, .restored = true,
		.roce = { .types = BIT(RDMACTL_GID_TYPE_ROCE_V2),
			  .source = RDMACTL_ROCE_SOURCE_CONFIGFS,
			  .cur = { .has = RDMACTL_ROCE_HAS_MODE | RDMACTL_ROCE_HAS_TOS,
				   .mode = RDMACTL_GID_TYPE_ROCE_V2, .tos = 96 },
			  .saved = { .has = RDMACTL_ROCE_HAS_TOS, .tos = 96 } },
	};
	struct nlattr *tb[RDMACTL_A_MAX + 1];
	struct sk_buff *skb;

	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_EQ(test, nla_get_u32(tb[RDMACTL_A_ROCE_TYPES]),
			(u32)BIT(RDMACTL_GID_TYPE_ROCE_V2));
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_SOURCE]),
			(u8)RDMACTL_ROCE_SOURCE_CONFIGFS);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_MODE]), (u8)RDMACTL_GID_TYPE_ROCE_V2);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_TOS]), (u8)96);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_SAVED_TOS]), (u8)96);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_SAVED_MODE]);
	KUNIT_EXPECT_TRUE(test, nla_get_flag(tb[RDMACTL_A_ROCE_RESTORED]));
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_CLEAR]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_ERROR]);
	kfree_skb(skb);

	ev.restored = false;
	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_FALSE(test, nla_get_flag(tb[RDMACTL_A_ROCE_RESTORED]));
	kfree_skb(skb);

	/*
	 * Forgotten, the source unknown: no source (librdmactl 1.0-1.5 reads
	 * source unknown as rdma_cm unloaded), mode or ToS.
	 */
	ev.roce.source = RDMACTL_ROCE_SOURCE_UNKNOWN;
	ev.roce.saved.has = 0;
	ev.clear = true;
	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_SOURCE]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_MODE]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_TOS]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_SAVED_TOS]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_CM_GONE]);
	KUNIT_EXPECT_TRUE(test, nla_get_flag(tb[RDMACTL_A_ROCE_CLEAR]));
	kfree_skb(skb);

	/* rdma_cm unloading: cm-gone, and source unknown as it always said. */
	ev.clear = false;
	ev.cm_gone = true;
	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_SOURCE]),
			(u8)RDMACTL_ROCE_SOURCE_UNKNOWN);
	KUNIT_EXPECT_TRUE(test, nla_get_flag(tb[RDMACTL_A_ROCE_CM_GONE]));
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_MODE]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_CLEAR]);
	kfree_skb(skb);
}

/*
 * A kept QoS profile in a ROCE event, as in the GET: the saved one, trust
 * only where it was kept. Applied again to a netdev, it has no source, mode
 * or ToS (librdmactl 1.5 would read them as rdma_cm's defaults restored);
 * a failed re-apply adds the error.
 */
static void rdmactl_events_roce_qos(struct kunit *test)
{
	struct rdmactl_event_item ev = {
		.type = RDMACTL_EVENT_ROCE, .has_dev = true, .dev_index = 3, .name = "fake0",
		.port = 1,
		.roce = { .types = BIT(RDMACTL_GID_TYPE_ROCE_V2),
			  .source = RDMACTL_ROCE_SOURCE_APPLIED,
			  .cur = { .mode = RDMACTL_GID_TYPE_ROCE_V2, .tos = 106 },
			  .saved = { .has = RDMACTL_ROCE_HAS_TOS, .tos = 106,
				     .qos = { .has = true, .has_trust = true, .prio = 3, .pfc = 1,
					      .trust = RDMACTL_ROCE_TRUST_DSCP } } },
	};
	struct nlattr *tb[RDMACTL_A_MAX + 1];
	struct sk_buff *skb;

	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_SOURCE]),
			(u8)RDMACTL_ROCE_SOURCE_APPLIED);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_TOS]), (u8)106);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_SAVED_PRIO]), (u8)3);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_SAVED_PFC]), (u8)1);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_SAVED_TRUST]),
			(u8)RDMACTL_ROCE_TRUST_DSCP);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_PRIO]);
	kfree_skb(skb);

	/* Applied again to a netdev: DCB alone, so no source, mode or ToS. */
	ev.restored = true;
	ev.qos_only = true;
	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_SOURCE]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_MODE]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_TOS]);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_SAVED_TOS]), (u8)106);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_SAVED_PRIO]), (u8)3);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_SAVED_PFC]), (u8)1);
	KUNIT_EXPECT_TRUE(test, nla_get_flag(tb[RDMACTL_A_ROCE_RESTORED]));
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_ERROR]);
	kfree_skb(skb);

	ev.roce.saved.qos.has_trust = false;
	ev.error = -EOPNOTSUPP;
	KUNIT_ASSERT_EQ(test, kt_event(test, &ev, tb, &skb), 0);
	KUNIT_EXPECT_EQ(test, (int)nla_get_s32(tb[RDMACTL_A_ROCE_ERROR]), -EOPNOTSUPP);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_SOURCE]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_MODE]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_TOS]);
	KUNIT_EXPECT_NULL(test, tb[RDMACTL_A_ROCE_SAVED_TRUST]);
	KUNIT_EXPECT_EQ(test, nla_get_u8(tb[RDMACTL_A_ROCE_SAVED_PFC]), (u8)1);
	KUNIT_EXPECT_TRUE(test, nla_get_flag(tb[RDMACTL_A_ROCE_RESTORED]));
	kfree_skb(skb);
}

/*
 * What a SET leaves kept, and its event says (rdmactl_roce_merge()): a
 * mode alone keeps the ToS and its profile, a ToS alone ends the profile,
 * a ToS with a profile brings it.
 */
static void rdmactl_events_roce_merge(struct kunit *test)
{
	const struct rdmactl_qos q = { .has = true, .prio = 3, .pfc = 1 };
	struct rdmactl_roce_settings kept = { .has = RDMACTL_ROCE_HAS_TOS, .tos = 106, .qos = q };
	struct rdmactl_roce_settings s = {
		.has = RDMACTL_ROCE_HAS_MODE, .mode = RDMACTL_GID_TYPE_ROCE_V1,
	};

	rdmactl_roce_merge(&kept, &s);
	KUNIT_EXPECT_EQ(test, kept.has, (u8)(RDMACTL_ROCE_HAS_MODE | RDMACTL_ROCE_HAS_TOS));
	KUNIT_EXPECT_EQ(test, kept.mode, (u8)RDMACTL_GID_TYPE_ROCE_V1);
	KUNIT_EXPECT_EQ(test, kept.tos, (u8)106);
	KUNIT_EXPECT_EQ(test, kept.qos.prio, (u8)3);

	s.has = RDMACTL_ROCE_HAS_TOS;
	s.tos = 32;
	rdmactl_roce_merge(&kept, &s);
	KUNIT_EXPECT_EQ(test, kept.mode, (u8)RDMACTL_GID_TYPE_ROCE_V1);
	KUNIT_EXPECT_EQ(test, kept.tos, (u8)32);
	KUNIT_EXPECT_FALSE(test, kept.qos.has);

	s.tos = 106;
	s.qos = q;
	rdmactl_roce_merge(&kept, &s);
	KUNIT_EXPECT_EQ(test, kept.tos, (u8)106);
	KUNIT_EXPECT_TRUE(test, kept.qos.has);
	KUNIT_EXPECT_EQ(test, kept.qos.pfc, (u8)1);
}

/* ev cut short anywhere says so: room for all of it but 4 bytes, 8, and so on down to 0. */
static void kt_event_cut(struct kunit *test, const struct rdmactl_event_item *ev)
{
	struct sk_buff *skb;
	int full, room;

	skb = alloc_skb(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_ASSERT_EQ(test, rdmactl_event_fill(skb, &init_net, ev), 0);
	full = skb->len;
	kfree_skb(skb);

	for (room = full - 4; room >= 0; room -= 4) {
		skb = kt_skb_room(test, room);
		KUNIT_EXPECT_EQ_MSG(test, rdmactl_event_fill(skb, &init_net, ev), -EMSGSIZE,
				    "event type %u in %d of %d bytes", ev->type, room, full);
		kfree_skb(skb);
	}
}

/*
 * An event cut short anywhere says so, whatever its type; a ROCE event
 * both ways: with mode and ToS, and with everything it has instead.
 */
static void rdmactl_events_full(struct kunit *test)
{
	struct rdmactl_event_item ev = {
		.has_dev = true, .dev_index = 1, .name = "rxe0", .port = 1,
		.ifindex = 2, .ifname = "veth0", .have_attr = true,
		/* A ROCE event's longest: the whole GET reply, kept profile and all, restored. */
		.mode = RDMACTL_IPOIB_CONNECTED, .restored = true,
		.roce = { .types = BIT(RDMACTL_GID_TYPE_ROCE_V1) | BIT(RDMACTL_GID_TYPE_ROCE_V2),
			  .source = RDMACTL_ROCE_SOURCE_CONFIGFS,
			  .cur = { .mode = RDMACTL_GID_TYPE_ROCE_V2, .tos = 106 },
			  .saved = { .has = RDMACTL_ROCE_HAS_MODE | RDMACTL_ROCE_HAS_TOS,
				     .mode = RDMACTL_GID_TYPE_ROCE_V2, .tos = 106,
				     .qos = { .has = true, .has_trust = true, .prio = 3, .pfc = 1,
					      .trust = RDMACTL_ROCE_TRUST_DSCP } } },
	};
	u8 type;

	for (type = RDMACTL_EVENT_DEV_ADD; type <= RDMACTL_EVENT_OVERFLOW; type++) {
		ev.type = type;
		kt_event_cut(test, &ev);
	}
	/* A ROCE event's every attribute of its own: error, forgotten, rdma_cm gone. */
	ev.type = RDMACTL_EVENT_ROCE;
	ev.error = -EIO;
	ev.clear = true;
	ev.cm_gone = true;
	ev.roce.source = RDMACTL_ROCE_SOURCE_UNKNOWN;
	kt_event_cut(test, &ev);
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
	KUNIT_CASE(rdmactl_events_roce_qos),
	KUNIT_CASE(rdmactl_events_roce_merge),
	KUNIT_CASE(rdmactl_events_full),
	{}
};

struct kunit_suite rdmactl_events_suite = {
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
	KT_MSG_FITS(test, RDMACTL_MSG_STAT_SLOW, U32_MAX, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_PMA_PARTIAL, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_RESET_OTHER, U32_MAX, U32_MAX);
	KT_MSG_FITS(test, RDMACTL_MSG_PORT_SLOW, U32_MAX, U32_MAX);
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
	KT_MSG_FITS(test, RDMACTL_MSG_NOT_OPTIONAL);
	KT_MSG_FITS(test, RDMACTL_MSG_NAMED_TWICE);
	KT_MSG_FITS(test, RDMACTL_MSG_NOTHING_KEPT);
	KT_MSG_FITS(test, RDMACTL_MSG_KEPT_CHANGED);
	KT_MSG_FITS(test, RDMACTL_MSG_QOS_PARTS);
	KT_MSG_FITS(test, RDMACTL_MSG_QOS_CLEAR);
	KT_MSG_FITS(test, RDMACTL_MSG_QOS_NO_TOS);
	KT_MSG_FITS(test, RDMACTL_MSG_QOS_NO_DCB);
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
	KT_MSG_FITS(test, RDMACTL_MSG_OFED_NO_CM);
	KT_MSG_FITS(test, RDMACTL_MSG_IPOIB_SLOW);
	KT_MSG_FITS(test, RDMACTL_MSG_IPOIB_BUSY);
	KT_MSG_FITS(test, RDMACTL_MSG_IPOIB_FULL);
	KT_MSG_FITS(test, RDMACTL_MSG_IPOIB_UNREADABLE, KT_IFNAME, -MAX_ERRNO);
	KT_MSG_FITS(test, RDMACTL_MSG_MTU_GONE, U32_MAX, -MAX_ERRNO);
	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		KT_MSG_FITS(test, RDMACTL_MSG_MTU_RANGE, U32_MAX, modes[i], U32_MAX, U32_MAX);
		KT_MSG_FITS(test, RDMACTL_MSG_MODE_REFUSED, KT_IFNAME, modes[i], -MAX_ERRNO);
		KT_MSG_FITS(test, RDMACTL_MSG_MTU_UNDO_FAILED, U32_MAX, -MAX_ERRNO, -MAX_ERRNO,
			    modes[i], U32_MAX);
		KT_MSG_FITS(test, RDMACTL_MSG_MTU_ROLLED_BACK, U32_MAX, -MAX_ERRNO, modes[i],
			    U32_MAX);
	}
	KT_MSG_FITS(test, RDMACTL_MSG_RTNL_BUSY, KT_IFNAME);
	KT_MSG_FITS(test, RDMACTL_MSG_IPOIB_NO_PORT, KT_IFNAME);
}

static struct kunit_case rdmactl_messages_cases[] = {
	KUNIT_CASE(rdmactl_messages_counters),
	KUNIT_CASE(rdmactl_messages_netlink),
	KUNIT_CASE(rdmactl_messages_gid),
	KUNIT_CASE(rdmactl_messages_roce),
	KUNIT_CASE(rdmactl_messages_ipoib),
	{}
};

struct kunit_suite rdmactl_messages_suite = {
	.name = "rdmactl_messages",
	.test_cases = rdmactl_messages_cases,
};

