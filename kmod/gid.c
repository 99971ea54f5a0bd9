// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_GID_GET: the GID table of each port, entry by entry, from
 * ib_core's cache (rdma_get_gid_attr()), with the type told apart by the
 * link layer and the netdev and VLAN of RoCE entries.
 */
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <rdma/ib_cache.h>

#include "core.h"

/* ib_core's GID type, as the uapi names it: IB and RoCE v1 differ here. */
u8 rdmactl_gid_type(struct ib_device *ibdev, u32 port, enum ib_gid_type type)
{
	if (type == IB_GID_TYPE_ROCE_UDP_ENCAP)
		return RDMACTL_GID_TYPE_ROCE_V2;
	if (type == IB_GID_TYPE_ROCE || rdma_protocol_roce(ibdev, port))
		return RDMACTL_GID_TYPE_ROCE_V1;
	return RDMACTL_GID_TYPE_IB;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_gid_type);

static int rdmactl_fill_gid(struct sk_buff *skb, struct net *net, struct rdmactl_dev *dev,
			    const struct ib_gid_attr *attr)
{
	struct net_device *ndev;
	int err = 0;
	u16 vlan;

	if (rdmactl_fill_dev_ident(skb, dev) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_INDEX, attr->port_num) ||
	    nla_put_u32(skb, RDMACTL_A_GID_INDEX, attr->index) ||
	    nla_put(skb, RDMACTL_A_GID, RDMACTL_GID_LEN, attr->gid.raw) ||
	    nla_put_u8(skb, RDMACTL_A_GID_TYPE,
		       rdmactl_gid_type(dev->ibdev, attr->port_num, attr->gid_type)))
		return -EMSGSIZE;

	rcu_read_lock();
	ndev = rdma_read_gid_attr_ndev_rcu(attr);
	if (!IS_ERR(ndev) && net_eq(dev_net(ndev), net))
		err = nla_put_u32(skb, RDMACTL_A_GID_NETDEV_INDEX, ndev->ifindex) ||
		      nla_put_string(skb, RDMACTL_A_GID_NETDEV_NAME, ndev->name);
	rcu_read_unlock();
	if (err)
		return -EMSGSIZE;

	/* 0xffff when the entry is on no VLAN. */
	if (!rdma_read_gid_l2_fields(attr, &vlan, NULL) && vlan < VLAN_N_VID &&
	    nla_put_u16(skb, RDMACTL_A_GID_VLAN_ID, vlan))
		return -EMSGSIZE;
	return 0;
}

struct rdmactl_gid_reply {
	struct net *net;
	struct rdmactl_dev *dev;
	const struct ib_gid_attr *attr;
};

static int rdmactl_fill_gid_reply(struct sk_buff *skb, void *arg)
{
	struct rdmactl_gid_reply *r = arg;

	return rdmactl_fill_gid(skb, r->net, r->dev, r->attr);
}

int rdmactl_gid_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *port_attr = info->attrs[RDMACTL_A_PORT_INDEX];
	struct nlattr *index_attr = info->attrs[RDMACTL_A_GID_INDEX];
	struct rdmactl_gid_reply r = { .net = genl_info_net(info) };
	u32 port, index, len;
	int err;

	if (!port_attr || !index_attr) {
		NL_SET_ERR_MSG(info->extack,
			       "no GID given: set the port number and the GID index");
		return -EINVAL;
	}
	r.dev = rdmactl_nl_dev_get(r.net, info->attrs, info->extack);
	if (IS_ERR(r.dev))
		return PTR_ERR(r.dev);
	err = rdmactl_nl_port_check(r.dev, port_attr, info->extack);
	if (err)
		goto out;

	port = nla_get_u32(port_attr);
	index = nla_get_u32(index_attr);
	r.attr = rdma_get_gid_attr(r.dev->ibdev, port, index);
	if (IS_ERR(r.attr)) {
		len = ib_port_immutable_read(r.dev->ibdev, port)->gid_tbl_len;
		if (index < len)
			rdmactl_err_fmt(info->extack, index_attr, RDMACTL_MSG_GID_EMPTY,
					index, port);
		else
			rdmactl_err_fmt(info->extack, index_attr, RDMACTL_MSG_GID_BEYOND,
					index, port, len);
		err = -ENODATA;
		goto out;
	}
	err = rdmactl_nl_reply(info, RDMACTL_CMD_GID_GET, rdmactl_fill_gid_reply, &r);
	rdma_put_gid_attr(r.attr);
out:
	rdmactl_dev_put(r.dev);
	return err;
}

/*
 * The entries of one device's ports from ctx->port, ctx->gid_index on.
 * Returns 0 when all are in, -EMSGSIZE when the skb is full.
 */
static int rdmactl_dump_dev_gids(struct sk_buff *skb, struct netlink_callback *cb,
				 struct rdmactl_dev *dev)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct ib_device *ibdev = dev->ibdev;
	const struct ib_gid_attr *attr;
	u32 port, last, len;
	void *hdr;
	int err;

	port = max_t(u32, ctx->port, rdma_start_port(ibdev));
	last = rdma_end_port(ibdev);
	if (ctx->has_filter_port) {
		port = max(port, ctx->filter_port);
		last = min(last, ctx->filter_port);
	}

	for (; port <= last; port++, ctx->gid_index = 0) {
		ctx->port = port;
		len = ib_port_immutable_read(ibdev, port)->gid_tbl_len;
		for (; ctx->gid_index < len; ctx->gid_index++) {
			attr = rdma_get_gid_attr(ibdev, port, ctx->gid_index);
			if (IS_ERR(attr))
				continue;
			hdr = rdmactl_nl_put(skb, cb, NULL, RDMACTL_CMD_GID_GET);
			err = hdr ? rdmactl_fill_gid(skb, sock_net(skb->sk), dev, attr) : -EMSGSIZE;
			rdma_put_gid_attr(attr);
			if (err) {
				if (hdr)
					genlmsg_cancel(skb, hdr);
				return err;
			}
			genlmsg_end(skb, hdr);
		}
	}
	return 0;
}

int rdmactl_gid_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct rdmactl_dev *dev;
	int err;

	while ((dev = rdmactl_dump_next_dev(skb, cb, &err))) {
		err = rdmactl_dump_dev_gids(skb, cb, dev);
		rdmactl_dev_put(dev);
		if (err)
			return skb->len ? skb->len : err;
		rdmactl_dump_dev_done(cb);
	}
	return err ? err : skb->len;
}
