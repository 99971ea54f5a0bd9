// SPDX-License-Identifier: GPL-2.0
/*
 * The "rdmactl" generic netlink family: ops, their policies, and what
 * every command shares (resolving the device a request names, starting a
 * reply). The commands themselves live in one file per object.
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

static const struct nla_policy rdmactl_roce_policy[RDMACTL_A_ROCE_CLEAR + 1] = {
	[RDMACTL_A_DEV_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_DEV_NAME] = { .type = NLA_NUL_STRING,
				 .len = RDMACTL_DEV_NAME_MAX - 1 },
	[RDMACTL_A_PORT_INDEX] = { .type = NLA_U32 },
	[RDMACTL_A_ROCE_MODE] = NLA_POLICY_RANGE(NLA_U8, RDMACTL_GID_TYPE_ROCE_V1,
						 RDMACTL_GID_TYPE_ROCE_V2),
	[RDMACTL_A_ROCE_TOS] = { .type = NLA_U8 },
	[RDMACTL_A_ROCE_CLEAR] = { .type = NLA_FLAG },
};

static const struct genl_ops rdmactl_ops[] = {
	{
		.cmd = RDMACTL_CMD_DEV_GET,
		.doit = rdmactl_dev_get_doit,
		.dumpit = rdmactl_dev_get_dumpit,
		.policy = rdmactl_dev_policy,
		.maxattr = ARRAY_SIZE(rdmactl_dev_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_PORT_GET,
		.doit = rdmactl_port_get_doit,
		.dumpit = rdmactl_port_get_dumpit,
		.policy = rdmactl_port_policy,
		.maxattr = ARRAY_SIZE(rdmactl_port_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_STAT_GET,
		.doit = rdmactl_stat_get_doit,
		.start = rdmactl_stat_dump_start,
		.dumpit = rdmactl_stat_get_dumpit,
		.policy = rdmactl_stat_get_policy,
		.maxattr = ARRAY_SIZE(rdmactl_stat_get_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_STAT_RESET,
		.doit = rdmactl_stat_reset_doit,
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
		.doit = rdmactl_gid_get_doit,
		.dumpit = rdmactl_gid_get_dumpit,
		.policy = rdmactl_gid_policy,
		.maxattr = ARRAY_SIZE(rdmactl_gid_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_ROCE_GET,
		.doit = rdmactl_roce_get_doit,
		.dumpit = rdmactl_roce_get_dumpit,
		/* RDMACTL_A_ROCE_PROBE checks CAP_NET_ADMIN itself. */
		.policy = rdmactl_roce_get_policy,
		.maxattr = ARRAY_SIZE(rdmactl_roce_get_policy) - 1,
	},
	{
		.cmd = RDMACTL_CMD_ROCE_SET,
		.doit = rdmactl_roce_set_doit,
		.flags = GENL_ADMIN_PERM,
		.policy = rdmactl_roce_policy,
		.maxattr = ARRAY_SIZE(rdmactl_roce_policy) - 1,
	},
};

static const struct genl_multicast_group rdmactl_mcgrps[] = {
	{ .name = RDMACTL_MCGRP_EVENTS },
};

/*
 * parallel_ops: no genl_mutex around our handlers, which wait on firmware
 * (PMA MADs), configfs and RTNL; holding it would stall every generic
 * netlink family's requests, nlctrl's too. What it serialised is ours to
 * serialise: ROCE_SET, PROBE and the restore take rdmactl_cm_lock
 * (roce.c), IPOIB_SET its mode and MTU change with their rollback under
 * rdmactl_ipoib_lock (ipoib.c), counters their port's st->lock
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
 * The device a request names: by index, by name, or by both when they
 * agree. Every refusal says which attribute is wrong and why.
 */
struct rdmactl_dev *rdmactl_nl_dev_get(struct net *net, struct nlattr **attrs,
				       struct netlink_ext_ack *extack)
{
	struct nlattr *index_attr = attrs[RDMACTL_A_DEV_INDEX];
	struct nlattr *name_attr = attrs[RDMACTL_A_DEV_NAME];
	struct rdmactl_dev *dev;

	if (!index_attr && !name_attr) {
		NL_SET_ERR_MSG(extack, "no device given: set the device index or name");
		return ERR_PTR(-EINVAL);
	}

	if (index_attr) {
		u32 index = nla_get_u32(index_attr);

		dev = rdmactl_dev_get_by_index(net, index);
		if (!dev) {
			rdmactl_err_fmt(extack, index_attr, RDMACTL_MSG_NO_DEV_INDEX, index);
			return ERR_PTR(-ENODEV);
		}
	} else {
		dev = rdmactl_dev_get_by_name(net, nla_data(name_attr));
		if (!dev) {
			NL_SET_ERR_MSG_ATTR(extack, name_attr, RDMACTL_MSG_NO_DEV_NAME);
			return ERR_PTR(-ENODEV);
		}
	}

	if (index_attr && name_attr) {
		char name[IB_DEVICE_NAME_MAX];

		rdmactl_dev_name(dev, name);
		if (strcmp(name, nla_data(name_attr))) {
			rdmactl_err_fmt(extack, name_attr, RDMACTL_MSG_DEV_OTHER_NAME,
					dev->index);
			rdmactl_dev_put(dev);
			return ERR_PTR(-EINVAL);
		}
	}
	return dev;
}

/*
 * Whether a port number exists on the device; the refusal names the port
 * and the ports there are (the device is the request's, pointed at by the
 * caller's own naming of it).
 */
int rdmactl_nl_port_check(struct rdmactl_dev *dev, struct nlattr *port_attr,
			  struct netlink_ext_ack *extack)
{
	u32 port = nla_get_u32(port_attr);
	u32 first, last;

	if (rdma_is_port_valid(dev->ibdev, port))
		return 0;

	first = rdma_start_port(dev->ibdev);
	last = rdma_end_port(dev->ibdev);
	if (first == last)
		rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_NO_PORT, port, first);
	else
		rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_NO_PORT_OF, port, first, last);
	return -ENODEV;
}

/*
 * Resolve a dump's filters on its first call: a device (index or name)
 * and, for PORT_GET, a port of it. A filter that matches nothing is an
 * error, as for a doit. This runs in the dumpit rather than in the op's
 * start(): an error returned from the first dumpit reaches the caller with
 * its extack message on every kernel (6.1 drops start()'s).
 */
int rdmactl_nl_dump_begin(struct netlink_callback *cb)
{
	const struct genlmsghdr *ghdr = nlmsg_data(cb->nlh);
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct nlattr **attrs = rdmactl_dump_attrs(cb);
	struct nlattr *port_attr = NULL;
	struct rdmactl_dev *dev;
	int err = 0;

	memset(ctx, 0, sizeof(*ctx));
	ctx->started = true;
	if (ghdr->cmd == RDMACTL_CMD_PORT_GET || ghdr->cmd == RDMACTL_CMD_STAT_GET ||
	    ghdr->cmd == RDMACTL_CMD_IPOIB_GET || ghdr->cmd == RDMACTL_CMD_GID_GET ||
	    ghdr->cmd == RDMACTL_CMD_ROCE_GET)
		port_attr = attrs[RDMACTL_A_PORT_INDEX];

	if (!attrs[RDMACTL_A_DEV_INDEX] && !attrs[RDMACTL_A_DEV_NAME]) {
		if (port_attr) {
			NL_SET_ERR_MSG_ATTR(cb->extack, port_attr,
					    "a port filter needs a device");
			return -EINVAL;
		}
		return 0;
	}

	dev = rdmactl_nl_dev_get(sock_net(cb->skb->sk), attrs, cb->extack);
	if (IS_ERR(dev))
		return PTR_ERR(dev);

	ctx->has_filter_dev = true;
	ctx->filter_dev = dev->index;
	ctx->dev_index = dev->index;
	if (port_attr) {
		err = rdmactl_nl_port_check(dev, port_attr, cb->extack);
		ctx->has_filter_port = true;
		ctx->filter_port = nla_get_u32(port_attr);
	}
	rdmactl_dev_put(dev);
	return err;
}

/*
 * The next device a dump visits, with a reference; NULL when the dump is
 * done, or on error (*err set, on the first call only: a bad filter).
 * Call rdmactl_dump_dev_done() once all of a device is in the message.
 */
struct rdmactl_dev *rdmactl_dump_next_dev(struct sk_buff *skb,
					  struct netlink_callback *cb, int *err)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct rdmactl_dev *dev;
	u32 resume;

	*err = 0;
	if (!ctx->started) {
		*err = rdmactl_nl_dump_begin(cb);
		if (*err)
			return NULL;
	}
	cb->seq = rdmactl_generation();
	if (ctx->done)
		return NULL;

	resume = ctx->dev_index;
	dev = rdmactl_dev_get_next(sock_net(skb->sk), &ctx->dev_index);
	if (dev && ctx->has_filter_dev && dev->index != ctx->filter_dev) {
		rdmactl_dev_put(dev);
		dev = NULL;
	}
	if (!dev) {
		ctx->done = true;
		return NULL;
	}
	/* The device we were in went away: start the next one afresh. */
	if (ctx->dev_index != resume) {
		ctx->port = 0;
		ctx->gid_index = 0;
		ctx->dev_msg_done = false;
	}
	return dev;
}

void rdmactl_dump_dev_done(struct netlink_callback *cb)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);

	ctx->dev_index++;
	ctx->port = 0;
	ctx->gid_index = 0;
	ctx->dev_msg_done = false;
}

/*
 * Start a reply message: a doit reply when info is set, else the next
 * message of a dump, marked NLM_F_DUMP_INTR if devices changed since the
 * dump began.
 */
void *rdmactl_nl_put(struct sk_buff *skb, struct netlink_callback *cb,
		     struct genl_info *info, u8 cmd)
{
	void *hdr;

	if (info)
		return genlmsg_put_reply(skb, info, &rdmactl_family, 0, cmd);

	hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			  &rdmactl_family, NLM_F_MULTI, cmd);
	if (hdr)
		genl_dump_check_consistent(cb, hdr);
	return hdr;
}

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

/* Answer a doit with one message of at most size bytes that fill() writes. */
int rdmactl_nl_reply_size(struct genl_info *info, u8 cmd, size_t size,
			  int (*fill)(struct sk_buff *skb, void *arg), void *arg)
{
	struct sk_buff *msg;
	void *hdr;
	int err;

	msg = genlmsg_new(size, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	err = -EMSGSIZE;
	hdr = rdmactl_nl_put(msg, NULL, info, cmd);
	if (!hdr)
		goto err_free;
	err = fill(msg, arg);
	if (err)
		goto err_free;
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);

err_free:
	nlmsg_free(msg);
	return err;
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
