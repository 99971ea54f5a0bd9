// SPDX-License-Identifier: GPL-2.0
/*
 * The "rdmactl" generic netlink family, and the object each GET and SET
 * is about. Its ops, their policies and its multicast group are generated
 * from the spec (netlink-gen.c, make regen); what every request shares is
 * request.c's; the objects live in one file each.
 */
#include "core.h"

/*
 * What each GET and SET is about: the ops name request.c's handlers for
 * these commands, which ask here. IPOIB_GET goes by interface, with its
 * own handlers (ipoib.c: the op scripts/spec.py's OWN_HANDLERS names);
 * IPOIB_SET names an interface too, which its set() finds itself
 * (RDMACTL_SET_NETDEV).
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
	[RDMACTL_CMD_IPOIB_SET] = &rdmactl_ipoib_request,
};

/* Only the ops of the commands above route to request.c. */
const struct rdmactl_req_ops *rdmactl_req_ops_of(u8 cmd)
{
	if (cmd >= ARRAY_SIZE(rdmactl_requests) || WARN_ON_ONCE(!rdmactl_requests[cmd]))
		return NULL;
	return rdmactl_requests[cmd];
}

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
	.ops = rdmactl_nl_ops,
	.n_ops = ARRAY_SIZE(rdmactl_nl_ops),
	.mcgrps = rdmactl_nl_mcgrps,
	.n_mcgrps = ARRAY_SIZE(rdmactl_nl_mcgrps),
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
