// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_PORT_GET: the state of a port, what ibstat and
 * `rdma link` show, plus its netdev.
 */
#include <linux/netdevice.h>
#include <rdma/ib_cache.h>

#include "core.h"

/* Lane rate in units of 100 Mb/s, as sysfs "rate" computes it. */
static u32 rdmactl_lane_rate(u16 speed)
{
	/* The uapi values are the IBTA encodings the kernel uses too. */
	switch (speed) {
	case RDMACTL_SPEED_SDR:		return 25;
	case RDMACTL_SPEED_DDR:		return 50;
	case RDMACTL_SPEED_QDR:		return 100;
	case RDMACTL_SPEED_FDR10:	return 100;
	case RDMACTL_SPEED_FDR:		return 140;
	case RDMACTL_SPEED_EDR:		return 250;
	case RDMACTL_SPEED_HDR:		return 500;
	case RDMACTL_SPEED_NDR:		return 1000;
	case RDMACTL_SPEED_XDR:		return 2000;
	default:			return 0;
	}
}

static int rdmactl_fill_netdev(struct sk_buff *skb, struct net *net,
			       struct ib_device *ibdev, u32 port)
{
	struct net_device *ndev;
	int err = 0;

	ndev = rdmactl_port_netdev(ibdev, port);
	if (!ndev)
		return 0;
	if (net_eq(dev_net(ndev), net) &&
	    (nla_put_u32(skb, RDMACTL_A_PORT_NETDEV_INDEX, ndev->ifindex) ||
	     nla_put_string(skb, RDMACTL_A_PORT_NETDEV_NAME, ndev->name)))
		err = -EMSGSIZE;
	dev_put(ndev);
	return err;
}

static int rdmactl_fill_ib(struct sk_buff *skb, const struct ib_port_attr *attr)
{
	if (nla_put_u32(skb, RDMACTL_A_PORT_LID, attr->lid) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_SM_LID, attr->sm_lid) ||
	    nla_put_u8(skb, RDMACTL_A_PORT_SM_SL, attr->sm_sl) ||
	    nla_put_u8(skb, RDMACTL_A_PORT_LMC, attr->lmc) ||
	    nla_put_u64_64bit(skb, RDMACTL_A_PORT_SUBNET_PREFIX,
			      attr->subnet_prefix, RDMACTL_A_PAD))
		return -EMSGSIZE;
	return 0;
}

/*
 * Query the port before starting the message, so that a failing driver
 * query is an error of this port and not a half-filled message.
 */
static int rdmactl_fill_port(struct sk_buff *skb, struct net *net,
			     struct rdmactl_dev *dev, u32 port,
			     const struct ib_port_attr *attr)
{
	struct ib_device *ibdev = dev->ibdev;
	int lanes = ib_width_enum_to_int(attr->active_width);
	int active_mtu = ib_mtu_enum_to_int(attr->active_mtu);
	int max_mtu = ib_mtu_enum_to_int(attr->max_mtu);
	u32 lane_rate = rdmactl_lane_rate(attr->active_speed);
	u8 link_layer = rdma_port_get_link_layer(ibdev, port);
	union ib_gid gid;

	if (rdmactl_fill_dev_ident(skb, dev) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_INDEX, port) ||
	    nla_put_u8(skb, RDMACTL_A_PORT_STATE, attr->state) ||
	    nla_put_u8(skb, RDMACTL_A_PORT_PHYS_STATE, attr->phys_state) ||
	    nla_put_u8(skb, RDMACTL_A_PORT_LINK_LAYER, link_layer) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_CAP_FLAGS, attr->port_cap_flags) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_CAP_FLAGS2, attr->port_cap_flags2) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_ACTIVE_SPEED, attr->active_speed) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_GID_TBL_LEN, attr->gid_tbl_len) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_PKEY_TBL_LEN, attr->pkey_tbl_len))
		return -EMSGSIZE;

	if (link_layer == IB_LINK_LAYER_INFINIBAND && rdmactl_fill_ib(skb, attr))
		return -EMSGSIZE;
	if (!rdma_query_gid(ibdev, port, 0, &gid) &&
	    nla_put_u64_64bit(skb, RDMACTL_A_PORT_GUID,
			      be64_to_cpu(gid.global.interface_id), RDMACTL_A_PAD))
		return -EMSGSIZE;
	if (active_mtu > 0 && nla_put_u32(skb, RDMACTL_A_PORT_ACTIVE_MTU, active_mtu))
		return -EMSGSIZE;
	if (max_mtu > 0 && nla_put_u32(skb, RDMACTL_A_PORT_MAX_MTU, max_mtu))
		return -EMSGSIZE;
	if (lanes > 0 && nla_put_u8(skb, RDMACTL_A_PORT_ACTIVE_WIDTH, lanes))
		return -EMSGSIZE;
	if (lanes > 0 && lane_rate &&
	    nla_put_u32(skb, RDMACTL_A_PORT_RATE, lane_rate * 100 * lanes))
		return -EMSGSIZE;
	return rdmactl_fill_netdev(skb, net, ibdev, port);
}

struct rdmactl_port_reply {
	struct net *net;
	struct rdmactl_dev *dev;
	u32 port;
	struct ib_port_attr attr;
};

static int rdmactl_fill_port_reply(struct sk_buff *skb, void *arg)
{
	struct rdmactl_port_reply *r = arg;

	return rdmactl_fill_port(skb, r->net, r->dev, r->port, &r->attr);
}

int rdmactl_port_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *port_attr = info->attrs[RDMACTL_A_PORT_INDEX];
	struct rdmactl_port_reply r = { .net = genl_info_net(info) };
	int err;

	if (!port_attr) {
		NL_SET_ERR_MSG(info->extack, "no port given: set the port number");
		return -EINVAL;
	}
	r.dev = rdmactl_nl_dev_get(r.net, info->attrs, info->extack);
	if (IS_ERR(r.dev))
		return PTR_ERR(r.dev);

	err = rdmactl_nl_port_check(r.dev, port_attr, info->extack);
	if (err)
		goto out;
	r.port = nla_get_u32(port_attr);
	err = ib_query_port(r.dev->ibdev, r.port, &r.attr);
	if (err) {
		NL_SET_ERR_MSG_ATTR(info->extack, port_attr,
				    "the driver failed to query the port");
		goto out;
	}
	err = rdmactl_nl_reply(info, RDMACTL_CMD_PORT_GET, rdmactl_fill_port_reply, &r);
out:
	rdmactl_dev_put(r.dev);
	return err;
}

/*
 * Fill the ports of one device from ctx->port on. Returns 0 when all are
 * in, -EMSGSIZE when the skb is full (ctx->port is where to resume).
 * A port the driver fails to query is skipped, not half-reported.
 */
static int rdmactl_dump_dev_ports(struct sk_buff *skb, struct netlink_callback *cb,
				  struct rdmactl_dev *dev)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct ib_device *ibdev = dev->ibdev;
	struct ib_port_attr attr;
	u32 port, last;
	void *hdr;

	port = max_t(u32, ctx->port, rdma_start_port(ibdev));
	last = rdma_end_port(ibdev);
	if (ctx->has_filter_port) {
		port = max(port, ctx->filter_port);
		last = min(last, ctx->filter_port);
	}

	for (; port <= last; port++) {
		ctx->port = port;
		if (ib_query_port(ibdev, port, &attr))
			continue;
		hdr = rdmactl_nl_put(skb, cb, NULL, RDMACTL_CMD_PORT_GET);
		if (!hdr)
			return -EMSGSIZE;
		if (rdmactl_fill_port(skb, sock_net(skb->sk), dev, port, &attr)) {
			genlmsg_cancel(skb, hdr);
			return -EMSGSIZE;
		}
		genlmsg_end(skb, hdr);
	}
	return 0;
}

int rdmactl_port_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct rdmactl_dev *dev;
	int err;

	while ((dev = rdmactl_dump_next_dev(skb, cb, &err))) {
		err = rdmactl_dump_dev_ports(skb, cb, dev);
		rdmactl_dev_put(dev);
		if (err)
			return skb->len ? skb->len : err;
		rdmactl_dump_dev_done(cb);
	}
	return err ? err : skb->len;
}
