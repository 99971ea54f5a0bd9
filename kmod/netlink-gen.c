// SPDX-License-Identifier: GPL-2.0
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/rdmactl.yaml */
/* by scripts/spec.py kernel-source (make regen) */

#include <net/netlink.h>
#include <net/genetlink.h>

#include "netlink-gen.h"

#include <linux/rdmactl.h>

/* Common nested types */
static const struct nla_policy rdmactl_stat_optional_nl_policy[RDMACTL_A_STAT_OPTIONAL_NAME + 1] = {
	[RDMACTL_A_STAT_OPTIONAL_NAME] = { .type = NLA_NUL_STRING, .len = 63, },
};

/* RDMACTL_CMD_DEV_GET - do and dump */
static const struct nla_policy rdmactl_dev_get_nl_policy[RDMACTL_A_DEV_NAME + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 63, },
};

/* RDMACTL_CMD_PORT_GET - do and dump */
static const struct nla_policy rdmactl_port_get_nl_policy[RDMACTL_A_PORT_INDEX + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 63, },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32, },
};

/* RDMACTL_CMD_STAT_GET - do and dump */
static const struct nla_policy rdmactl_stat_get_nl_policy[RDMACTL_A_STAT_BASELINE + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 63, },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_STAT_BASELINE] = { .type = NLA_FLAG, },
};

/* RDMACTL_CMD_STAT_RESET - do */
static const struct nla_policy rdmactl_stat_reset_nl_policy[RDMACTL_A_STAT_RESET_HARDWARE + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 63, },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_STAT_RESET_HARDWARE] = { .type = NLA_FLAG, },
};

/* RDMACTL_CMD_IPOIB_GET - do and dump */
static const struct nla_policy rdmactl_ipoib_get_nl_policy[RDMACTL_A_IPOIB_IFNAME + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 63, },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_IPOIB_IFINDEX] = { .type = NLA_U32, },
	[RDMACTL_A_IPOIB_IFNAME] = { .type = NLA_NUL_STRING, .len = 15, },
};

/* RDMACTL_CMD_IPOIB_SET - do */
static const struct nla_policy rdmactl_ipoib_set_nl_policy[RDMACTL_A_IPOIB_MTU + 1] = {
	[RDMACTL_A_IPOIB_IFINDEX] = { .type = NLA_U32, },
	[RDMACTL_A_IPOIB_IFNAME] = { .type = NLA_NUL_STRING, .len = 15, },
	[RDMACTL_A_IPOIB_MODE] = NLA_POLICY_MAX(NLA_U8, 1),
	[RDMACTL_A_IPOIB_MTU] = { .type = NLA_U32, },
};

/* RDMACTL_CMD_GID_GET - do and dump */
static const struct nla_policy rdmactl_gid_get_nl_policy[RDMACTL_A_GID_INDEX + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 63, },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_GID_INDEX] = { .type = NLA_U32, },
};

/* RDMACTL_CMD_ROCE_GET - do and dump */
static const struct nla_policy rdmactl_roce_get_nl_policy[RDMACTL_A_ROCE_PROBE + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 63, },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_ROCE_PROBE] = { .type = NLA_FLAG, },
};

/* RDMACTL_CMD_ROCE_SET - do */
static const struct nla_policy rdmactl_roce_set_nl_policy[RDMACTL_A_ROCE_TRUST + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 63, },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_ROCE_MODE] = NLA_POLICY_RANGE(NLA_U8, 2, 3),
	[RDMACTL_A_ROCE_TOS] = { .type = NLA_U8, },
	[RDMACTL_A_ROCE_CLEAR] = { .type = NLA_FLAG, },
	[RDMACTL_A_ROCE_PRIO] = NLA_POLICY_MAX(NLA_U8, 7),
	[RDMACTL_A_ROCE_PFC] = NLA_POLICY_MAX(NLA_U8, 1),
	[RDMACTL_A_ROCE_TRUST] = NLA_POLICY_RANGE(NLA_U8, 1, 2),
};

/* RDMACTL_CMD_STAT_MODE_GET - do and dump */
static const struct nla_policy rdmactl_stat_mode_get_nl_policy[RDMACTL_A_PORT_INDEX + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 63, },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32, },
};

/* RDMACTL_CMD_STAT_MODE_SET - do */
static const struct nla_policy rdmactl_stat_mode_set_nl_policy[RDMACTL_A_STAT_MODE_ERROR + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING, .len = 63, },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32, },
	[RDMACTL_A_STAT_OPTIONAL] = NLA_POLICY_NESTED(rdmactl_stat_optional_nl_policy),
	[RDMACTL_A_STAT_MODE_CLEAR] = { .type = NLA_FLAG, },
	[RDMACTL_A_STAT_MODE_RESTORED] = { .type = NLA_FLAG, },
	[RDMACTL_A_STAT_MODE_ERROR] = NLA_POLICY_RANGE(NLA_S32, -4095, -1),
};

/* Ops table for rdmactl */
const struct genl_ops rdmactl_nl_ops[11] = {
	{
		.cmd		= RDMACTL_CMD_DEV_GET,
		.doit		= rdmactl_req_doit,
		.start		= rdmactl_req_start,
		.dumpit		= rdmactl_req_dumpit,
		.policy		= rdmactl_dev_get_nl_policy,
		.maxattr	= RDMACTL_A_DEV_NAME,
	},
	{
		.cmd		= RDMACTL_CMD_PORT_GET,
		.doit		= rdmactl_req_doit,
		.start		= rdmactl_req_start,
		.dumpit		= rdmactl_req_dumpit,
		.policy		= rdmactl_port_get_nl_policy,
		.maxattr	= RDMACTL_A_PORT_INDEX,
	},
	{
		.cmd		= RDMACTL_CMD_STAT_GET,
		.doit		= rdmactl_req_doit,
		.start		= rdmactl_req_start,
		.dumpit		= rdmactl_req_dumpit,
		.policy		= rdmactl_stat_get_nl_policy,
		.maxattr	= RDMACTL_A_STAT_BASELINE,
	},
	{
		.cmd		= RDMACTL_CMD_STAT_RESET,
		.doit		= rdmactl_req_set_doit,
		.policy		= rdmactl_stat_reset_nl_policy,
		.maxattr	= RDMACTL_A_STAT_RESET_HARDWARE,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= RDMACTL_CMD_IPOIB_GET,
		.doit		= rdmactl_ipoib_get_doit,
		.dumpit		= rdmactl_ipoib_get_dumpit,
		.policy		= rdmactl_ipoib_get_nl_policy,
		.maxattr	= RDMACTL_A_IPOIB_IFNAME,
	},
	{
		.cmd		= RDMACTL_CMD_IPOIB_SET,
		.doit		= rdmactl_req_set_doit,
		.policy		= rdmactl_ipoib_set_nl_policy,
		.maxattr	= RDMACTL_A_IPOIB_MTU,
		.flags		= GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd		= RDMACTL_CMD_GID_GET,
		.doit		= rdmactl_req_doit,
		.start		= rdmactl_req_start,
		.dumpit		= rdmactl_req_dumpit,
		.policy		= rdmactl_gid_get_nl_policy,
		.maxattr	= RDMACTL_A_GID_INDEX,
	},
	{
		.cmd		= RDMACTL_CMD_ROCE_GET,
		.doit		= rdmactl_req_doit,
		.start		= rdmactl_req_start,
		.dumpit		= rdmactl_req_dumpit,
		.policy		= rdmactl_roce_get_nl_policy,
		.maxattr	= RDMACTL_A_ROCE_PROBE,
	},
	{
		.cmd		= RDMACTL_CMD_ROCE_SET,
		.doit		= rdmactl_req_set_doit,
		.policy		= rdmactl_roce_set_nl_policy,
		.maxattr	= RDMACTL_A_ROCE_TRUST,
		.flags		= GENL_ADMIN_PERM,
	},
	{
		.cmd		= RDMACTL_CMD_STAT_MODE_GET,
		.doit		= rdmactl_req_doit,
		.start		= rdmactl_req_start,
		.dumpit		= rdmactl_req_dumpit,
		.policy		= rdmactl_stat_mode_get_nl_policy,
		.maxattr	= RDMACTL_A_PORT_INDEX,
	},
	{
		.cmd		= RDMACTL_CMD_STAT_MODE_SET,
		.doit		= rdmactl_req_set_doit,
		.policy		= rdmactl_stat_mode_set_nl_policy,
		.maxattr	= RDMACTL_A_STAT_MODE_ERROR,
		.flags		= GENL_ADMIN_PERM,
	},
};

const struct genl_multicast_group rdmactl_nl_mcgrps[1] = {
	[RDMACTL_NLGRP_EVENTS] = { .name = RDMACTL_MCGRP_EVENTS, },
};
