/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Generated from Documentation/netlink/specs/rdmactl.yaml by
 * scripts/spec.py nlfuzz-requests (make regen): do not edit.
 * Each op a caller can send (nlfuzz.h's struct fuzz_op): whether it
 * changes state (admin-perm or uns-admin-perm), and the attributes its
 * do and dump requests take, with their types and what the kernel's
 * policy accepts: min and max of an integer, max-len of a string, the
 * length of a binary.
 */
_Static_assert(9 <= FUZZ_MAX_ATTRS, "nlfuzz.h: FUZZ_MAX_ATTRS is too small");

static const struct fuzz_op fuzz_ops[] = {
	{
		.name = "DEV_GET", .cmd = RDMACTL_CMD_DEV_GET, .admin = 0,
		.doit = { 1, 2, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
		} },
		.dumpit = { 1, 2, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
		} },
	},
	{
		.name = "PORT_GET", .cmd = RDMACTL_CMD_PORT_GET, .admin = 0,
		.doit = { 1, 3, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
		} },
		.dumpit = { 1, 3, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
		} },
	},
	{
		.name = "STAT_GET", .cmd = RDMACTL_CMD_STAT_GET, .admin = 0,
		.doit = { 1, 4, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_STAT_BASELINE, FUZZ_FLAG, 0, 0 },
		} },
		.dumpit = { 1, 4, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_STAT_BASELINE, FUZZ_FLAG, 0, 0 },
		} },
	},
	{
		.name = "STAT_RESET", .cmd = RDMACTL_CMD_STAT_RESET, .admin = 1,
		.doit = { 1, 4, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_STAT_RESET_HARDWARE, FUZZ_FLAG, 0, 0 },
		} },
	},
	{
		.name = "IPOIB_GET", .cmd = RDMACTL_CMD_IPOIB_GET, .admin = 0,
		.doit = { 1, 5, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_IPOIB_IFINDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_IPOIB_IFNAME, FUZZ_STRING, 0, 15 },
		} },
		.dumpit = { 1, 5, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_IPOIB_IFINDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_IPOIB_IFNAME, FUZZ_STRING, 0, 15 },
		} },
	},
	{
		.name = "IPOIB_SET", .cmd = RDMACTL_CMD_IPOIB_SET, .admin = 1,
		.doit = { 1, 4, {
			{ RDMACTL_A_IPOIB_IFINDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_IPOIB_IFNAME, FUZZ_STRING, 0, 15 },
			{ RDMACTL_A_IPOIB_MODE, FUZZ_U8, 0, 1 },
			{ RDMACTL_A_IPOIB_MTU, FUZZ_U32, 0, 0xffffffff },
		} },
	},
	{
		.name = "GID_GET", .cmd = RDMACTL_CMD_GID_GET, .admin = 0,
		.doit = { 1, 4, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_GID_INDEX, FUZZ_U32, 0, 0xffffffff },
		} },
		.dumpit = { 1, 4, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_GID_INDEX, FUZZ_U32, 0, 0xffffffff },
		} },
	},
	{
		.name = "ROCE_GET", .cmd = RDMACTL_CMD_ROCE_GET, .admin = 0,
		.doit = { 1, 4, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_ROCE_PROBE, FUZZ_FLAG, 0, 0 },
		} },
		.dumpit = { 1, 4, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_ROCE_PROBE, FUZZ_FLAG, 0, 0 },
		} },
	},
	{
		.name = "ROCE_SET", .cmd = RDMACTL_CMD_ROCE_SET, .admin = 1,
		.doit = { 1, 9, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_ROCE_MODE, FUZZ_U8, 2, 3 },
			{ RDMACTL_A_ROCE_TOS, FUZZ_U8, 0, 0xff },
			{ RDMACTL_A_ROCE_CLEAR, FUZZ_FLAG, 0, 0 },
			{ RDMACTL_A_ROCE_PRIO, FUZZ_U8, 0, 7 },
			{ RDMACTL_A_ROCE_PFC, FUZZ_U8, 0, 1 },
			{ RDMACTL_A_ROCE_TRUST, FUZZ_U8, 1, 2 },
		} },
	},
	{
		.name = "STAT_MODE_GET", .cmd = RDMACTL_CMD_STAT_MODE_GET, .admin = 0,
		.doit = { 1, 3, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
		} },
		.dumpit = { 1, 3, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
		} },
	},
	{
		.name = "STAT_MODE_SET", .cmd = RDMACTL_CMD_STAT_MODE_SET, .admin = 1,
		.doit = { 1, 7, {
			{ RDMACTL_A_DEV_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_DEV_NAME, FUZZ_STRING, 0, 63 },
			{ RDMACTL_A_PORT_INDEX, FUZZ_U32, 0, 0xffffffff },
			{ RDMACTL_A_STAT_OPTIONAL, FUZZ_NEST, 85, 63 },
			{ RDMACTL_A_STAT_MODE_CLEAR, FUZZ_FLAG, 0, 0 },
			{ RDMACTL_A_STAT_MODE_RESTORED, FUZZ_FLAG, 0, 0 },
			{ RDMACTL_A_STAT_MODE_ERROR, FUZZ_U32, 0, 0xffffffff },
		} },
	},
};
