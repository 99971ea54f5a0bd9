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

int rdmactl_fill_netdev(struct sk_buff *skb, struct net *net, struct ib_device *ibdev, u32 port)
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

struct rdmactl_port_data {
	struct rdmactl_reply_data base;
	struct ib_port_attr attr;
};

/*
 * Query the port before starting the message, so that a failing driver
 * query is an error of this port and not a half-filled message. The
 * query is port-query.c's: under cb_lock it is not waited for long.
 */
static int rdmactl_port_prepare(const struct rdmactl_req *req, struct rdmactl_dev *dev,
				void *data)
{
	struct rdmactl_port_data *d = data;
	int err = rdmactl_port_query(req, dev, d->base.port, &d->attr);

	if (err == -ENODEV)
		NL_SET_ERR_MSG(req->extack, "the device is going away");
	else if (err && err != -EAGAIN && err != -EINPROGRESS && err != -EINTR)
		NL_SET_ERR_MSG_ATTR(req->extack, req->attrs[RDMACTL_A_PORT_INDEX],
				    "the driver failed to query the port");
	return err;
}

static int rdmactl_port_fill(struct sk_buff *skb, const struct rdmactl_req *req,
			     struct rdmactl_dev *dev, const void *data)
{
	const struct rdmactl_port_data *d = data;
	const struct ib_port_attr *attr = &d->attr;
	struct ib_device *ibdev = dev->ibdev;
	u32 port = d->base.port;
	int lanes = ib_width_enum_to_int(attr->active_width);
	int active_mtu = ib_mtu_enum_to_int(attr->active_mtu);
	int max_mtu = ib_mtu_enum_to_int(attr->max_mtu);
	u32 lane_rate = rdmactl_lane_rate(attr->active_speed);
	u8 link_layer = rdma_port_get_link_layer(ibdev, port);
	union ib_gid gid;

	if (nla_put_u8(skb, RDMACTL_A_PORT_STATE, attr->state) ||
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
	/* An iWARP port has no port GUID: its GID holds the MAC, no interface id. */
	if (!rdma_protocol_iwarp(ibdev, port) && !rdma_query_gid(ibdev, port, 0, &gid) &&
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
	return rdmactl_fill_netdev(skb, req->net, ibdev, port);
}

const struct rdmactl_req_ops rdmactl_port_request = {
	.cmd = RDMACTL_CMD_PORT_GET,
	.scope = RDMACTL_SCOPE_PORT,
	.missing = "no port given: set the port number",
	.data_size = RDMACTL_REPLY_DATA_SIZE(struct rdmactl_port_data),
	.prepare = rdmactl_port_prepare,
	.fill = rdmactl_port_fill,
};
