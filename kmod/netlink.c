// SPDX-License-Identifier: GPL-2.0
/*
 * The "rdmactl" generic netlink family: ops, their policies, and the
 * object each GET is about. What every request shares is request.c's;
 * the objects live in one file each.
 */
#include "core.h"

static const struct nla_policy rdmactl_dev_policy[RDMACTL_A_DEV_NAME + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING,
				 .len = RDMACTL_DEV_NAME_MAX - 1 },
};

static const struct nla_policy rdmactl_port_policy[RDMACTL_A_PORT_INDEX + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING,
				 .len = RDMACTL_DEV_NAME_MAX - 1 },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32 },
};

static const struct nla_policy rdmactl_stat_get_policy[RDMACTL_A_STAT_BASELINE + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING,
				 .len = RDMACTL_DEV_NAME_MAX - 1 },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_STAT_BASELINE] = { .type = NLA_FLAG },
};

static const struct nla_policy rdmactl_stat_reset_policy[RDMACTL_A_STAT_RESET_HARDWARE + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING,
				 .len = RDMACTL_DEV_NAME_MAX - 1 },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_STAT_RESET_HARDWARE] = { .type = NLA_FLAG },
};

static const struct nla_policy rdmactl_ipoib_get_policy[RDMACTL_A_IPOIB_IFNAME + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING,
				 .len = RDMACTL_DEV_NAME_MAX - 1 },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_IPOIB_IFINDEX] = { .type = NLA_U32 },
	[RDMACTL_A_IPOIB_IFNAME] = { .type = NLA_NUL_STRING, .len = IFNAMSIZ - 1 },
};

static const struct nla_policy rdmactl_ipoib_set_policy[RDMACTL_A_IPOIB_MTU + 1] = {
	[RDMACTL_A_IPOIB_IFINDEX] = { .type = NLA_U32 },
	[RDMACTL_A_IPOIB_IFNAME] = { .type = NLA_NUL_STRING, .len = IFNAMSIZ - 1 },
	[RDMACTL_A_IPOIB_MODE] = NLA_POLICY_MAX(NLA_U8, RDMACTL_IPOIB_CONNECTED),
	[RDMACTL_A_IPOIB_MTU] = { .type = NLA_U32 },
};

static const struct nla_policy rdmactl_gid_policy[RDMACTL_A_GID_INDEX + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING,
				 .len = RDMACTL_DEV_NAME_MAX - 1 },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_GID_INDEX] = { .type = NLA_U32 },
};

static const struct nla_policy rdmactl_roce_get_policy[RDMACTL_A_ROCE_PROBE + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING,
				 .len = RDMACTL_DEV_NAME_MAX - 1 },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_ROCE_PROBE] = { .type = NLA_FLAG },
};

static const struct nla_policy rdmactl_roce_policy[RDMACTL_A_ROCE_TRUST + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING,
				 .len = RDMACTL_DEV_NAME_MAX - 1 },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_ROCE_MODE] = NLA_POLICY_RANGE(NLA_U8, RDMACTL_GID_TYPE_ROCE_V1,
						 RDMACTL_GID_TYPE_ROCE_V2),
	[RDMACTL_A_ROCE_TOS] = { .type = NLA_U8 },
	[RDMACTL_A_ROCE_CLEAR] = { .type = NLA_FLAG },
	[RDMACTL_A_ROCE_PRIO] = NLA_POLICY_MAX(NLA_U8, 7),
	[RDMACTL_A_ROCE_PFC] = NLA_POLICY_MAX(NLA_U8, 1),
	[RDMACTL_A_ROCE_TRUST] = NLA_POLICY_RANGE(NLA_U8, RDMACTL_ROCE_TRUST_DSCP,
						  RDMACTL_ROCE_TRUST_PCP),
};

static const struct nla_policy rdmactl_stat_optional_policy[RDMACTL_A_STAT_OPTIONAL_NAME + 1] = {
	[RDMACTL_A_STAT_OPTIONAL_NAME] = { .type = NLA_NUL_STRING,
					   .len = RDMACTL_COUNTER_NAME_MAX - 1 },
};

static const struct nla_policy rdmactl_stat_mode_policy[RDMACTL_A_STAT_MODE_ERROR + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING,
				 .len = RDMACTL_DEV_NAME_MAX - 1 },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_STAT_OPTIONAL] = NLA_POLICY_NESTED(rdmactl_stat_optional_policy),
	[RDMACTL_A_STAT_MODE_CLEAR] = { .type = NLA_FLAG },
	[RDMACTL_A_STAT_MODE_RESTORED] = { .type = NLA_FLAG },
	[RDMACTL_A_STAT_MODE_ERROR] = NLA_POLICY_RANGE(NLA_S32, -MAX_ERRNO, -1),
};

static const struct genl_ops rdmactl_ops[] = {
	{
		.cmd = RDMACTL_CMD_DEV_GET,
		.doit = rdmactl_req_doit,
		.start = rdmactl_req_start,
		.dumpit = rdmactl_req_dumpit,
		.policy = rdmactl_dev_policy,
		.maxattr = ARRAY_SIZE(rdmactl_dev_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_PORT_GET,
		.doit = rdmactl_req_doit,
		.start = rdmactl_req_start,
		.dumpit = rdmactl_req_dumpit,
		.policy = rdmactl_port_policy,
		.maxattr = ARRAY_SIZE(rdmactl_port_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_STAT_GET,
		.doit = rdmactl_req_doit,
		.start = rdmactl_req_start,
		.dumpit = rdmactl_req_dumpit,
		.policy = rdmactl_stat_get_policy,
		.maxattr = ARRAY_SIZE(rdmactl_stat_get_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_STAT_RESET,
		.doit = rdmactl_req_set_doit,
		.flags = GENL_ADMIN_PERM,
		.policy = rdmactl_stat_reset_policy,
		.maxattr = ARRAY_SIZE(rdmactl_stat_reset_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_IPOIB_GET,
		.doit = rdmactl_ipoib_get_doit,
		.dumpit = rdmactl_ipoib_get_dumpit,
		.policy = rdmactl_ipoib_get_policy,
		.maxattr = ARRAY_SIZE(rdmactl_ipoib_get_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_IPOIB_SET,
		.doit = rdmactl_ipoib_set_doit,
		/* The interface lives in the caller's namespace. */
		.flags = GENL_UNS_ADMIN_PERM,
		.policy = rdmactl_ipoib_set_policy,
		.maxattr = ARRAY_SIZE(rdmactl_ipoib_set_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_GID_GET,
		.doit = rdmactl_req_doit,
		.start = rdmactl_req_start,
		.dumpit = rdmactl_req_dumpit,
		.policy = rdmactl_gid_policy,
		.maxattr = ARRAY_SIZE(rdmactl_gid_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_ROCE_GET,
		.doit = rdmactl_req_doit,
		.start = rdmactl_req_start,
		.dumpit = rdmactl_req_dumpit,
		/* RDMACTL_A_ROCE_PROBE checks CAP_NET_ADMIN itself. */
		.policy = rdmactl_roce_get_policy,
		.maxattr = ARRAY_SIZE(rdmactl_roce_get_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_ROCE_SET,
		.doit = rdmactl_req_set_doit,
		.flags = GENL_ADMIN_PERM,
		.policy = rdmactl_roce_policy,
		.maxattr = ARRAY_SIZE(rdmactl_roce_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_STAT_MODE_GET,
		.doit = rdmactl_req_doit,
		.start = rdmactl_req_start,
		.dumpit = rdmactl_req_dumpit,
		.policy = rdmactl_port_policy,
		.maxattr = ARRAY_SIZE(rdmactl_port_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_STAT_MODE_SET,
		.doit = rdmactl_req_set_doit,
		.flags = GENL_ADMIN_PERM,
		.policy = rdmactl_stat_mode_policy,
		.maxattr = ARRAY_SIZE(rdmactl_stat_mode_policy) - 1,
	},
};

/*
 * What each GET and SET is about: request.c answers these. IPOIB_GET and
 * IPOIB_SET go by interface, with their own handlers (ipoib.c, ipoib-set.c).
 */
static const struct rdmactl_req_ops *const rdmactl_requests[] = {
	[RDMACTL_CMD_DEV_GET] = &rdmactl_dev_request,
	[RDMACTL_CMD_PORT_GET] = &rdmactl_port_request,
	[RDMACTL_CMD_STAT_GET] = &rdmactl_stat_request,
	[RDMACTL_CMD_STAT_RESET] = &rdmactl_stat_request,
	[RDMACTL_CMD_GID_GET] = &rdmactl_gid_request,
	[RDMACTL_CMD_ROCE_GET] = &rdmactl_roce_request,
	[RDMACTL_CMD_ROCE_SET] = &rdmactl_roce_request,
	[RDMACTL_CMD_STAT_MODE_GET] = &rdmactl_stat_mode_request,
	[RDMACTL_CMD_STAT_MODE_SET] = &rdmactl_stat_mode_request,
};

/* Only the ops of the commands above route to request.c. */
const struct rdmactl_req_ops *rdmactl_req_ops_of(u8 cmd)
{
	if (cmd >= ARRAY_SIZE(rdmactl_requests) || WARN_ON_ONCE(!rdmactl_requests[cmd]))
		return NULL;
	return rdmactl_requests[cmd];
}

static const struct genl_multicast_group rdmactl_mcgrps[] = {
	{ .name = RDMACTL_MCGRP_EVENTS },
};

/*
 * parallel_ops: no genl_mutex around our handlers, which wait on firmware
 * (PMA MADs), configfs and RTNL; holding it would stall every generic
 * netlink family's requests, nlctrl's too. What it serialised is ours to
 * serialise: ROCE_SET, PROBE and the restore take rdmactl_cm_lock
 * (cm.c), IPOIB_SET makes its mode and MTU change with their rollback on
 * an ordered workqueue (ipoib-set.c), counters take their port's st->lock
 * (counters.c); dumps keep their state in cb->ctx. Before 6.2 formatted
 * extack messages share a ring of buffers (compat.c).
 */
struct genl_family rdmactl_family __ro_after_init = {
	.name = RDMACTL_GENL_NAME,
	.version = RDMACTL_GENL_VERSION,
	.netnsok = true,
	.parallel_ops = true,
	.module = THIS_MODULE,
	.ops = rdmactl_ops,
	.n_ops = ARRAY_SIZE(rdmactl_ops),
	.mcgrps = rdmactl_mcgrps,
	.n_mcgrps = ARRAY_SIZE(rdmactl_mcgrps),
	RDMACTL_GENL_RESV_START_OP
};
EXPORT_SYMBOL_IF_KUNIT(rdmactl_family);

/*
 * Replies carry the kernel's own values for these enums: the uapi defines
 * them to be equal (they are the IBTA encodings), and the build proves it.
 */
#define RDMACTL_SAME(uapi, kernel) BUILD_BUG_ON((int)(uapi) != (int)(kernel))

static void rdmactl_abi_checks(void)
{
	RDMACTL_SAME(RDMACTL_NODE_IB_CA, RDMA_NODE_IB_CA);
	RDMACTL_SAME(RDMACTL_NODE_RNIC, RDMA_NODE_RNIC);
	RDMACTL_SAME(RDMACTL_NODE_UNSPECIFIED, RDMA_NODE_UNSPECIFIED);
	RDMACTL_SAME(RDMACTL_PORT_DOWN, IB_PORT_DOWN);
	RDMACTL_SAME(RDMACTL_PORT_ACTIVE_DEFER, IB_PORT_ACTIVE_DEFER);
	RDMACTL_SAME(RDMACTL_PORT_PHYS_SLEEP, IB_PORT_PHYS_STATE_SLEEP);
	RDMACTL_SAME(RDMACTL_PORT_PHYS_PHY_TEST, IB_PORT_PHYS_STATE_PHY_TEST);
	RDMACTL_SAME(RDMACTL_LINK_LAYER_INFINIBAND, IB_LINK_LAYER_INFINIBAND);
	RDMACTL_SAME(RDMACTL_LINK_LAYER_ETHERNET, IB_LINK_LAYER_ETHERNET);
	RDMACTL_SAME(RDMACTL_SPEED_SDR, IB_SPEED_SDR);
	RDMACTL_SAME(RDMACTL_SPEED_NDR, IB_SPEED_NDR);
	RDMACTL_SAME(RDMACTL_DEV_NAME_MAX, IB_DEVICE_NAME_MAX);
	RDMACTL_SAME(RDMACTL_GID_LEN, sizeof(union ib_gid));
}

int rdmactl_netlink_register(void)
{
	rdmactl_abi_checks();
	return genl_register_family(&rdmactl_family);
}

void rdmactl_netlink_unregister(void)
{
	genl_unregister_family(&rdmactl_family);
}
