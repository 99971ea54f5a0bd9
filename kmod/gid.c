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
	if (rdma_protocol_iwarp(ibdev, port))
		return RDMACTL_GID_TYPE_IWARP;
	return RDMACTL_GID_TYPE_IB;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_gid_type);

struct rdmactl_gid_data {
	struct rdmactl_reply_data base;
	const struct ib_gid_attr *attr;	/* held until cleanup */
};

static u32 rdmactl_gid_entries(struct rdmactl_dev *dev, u32 port)
{
	return ib_port_immutable_read(dev->ibdev, port)->gid_tbl_len;
}

static int rdmactl_gid_prepare(const struct rdmactl_req *req, struct rdmactl_dev *dev,
			       void *data)
{
	struct rdmactl_gid_data *d = data;
	struct nlattr *index_attr = req->attrs[RDMACTL_A_GID_INDEX];
	u32 port = d->base.port, index = d->base.entry;
	u32 len;

	d->attr = rdma_get_gid_attr(dev->ibdev, port, index);
	if (!IS_ERR(d->attr))
		return 0;
	len = rdmactl_gid_entries(dev, port);
	if (index < len)
		rdmactl_err_fmt(req->extack, index_attr, RDMACTL_MSG_GID_EMPTY, index, port);
	else
		rdmactl_err_fmt(req->extack, index_attr, RDMACTL_MSG_GID_BEYOND,
				index, port, len);
	d->attr = NULL;
	return -ENODATA;
}

static int rdmactl_gid_fill(struct sk_buff *skb, const struct rdmactl_req *req,
			    struct rdmactl_dev *dev, const void *data)
{
	const struct ib_gid_attr *attr = ((const struct rdmactl_gid_data *)data)->attr;
	struct net_device *ndev;
	int err = 0;
	u16 vlan;

	if (nla_put_u32(skb, RDMACTL_A_GID_INDEX, attr->index) ||
	    nla_put(skb, RDMACTL_A_GID, RDMACTL_GID_LEN, attr->gid.raw) ||
	    nla_put_u8(skb, RDMACTL_A_GID_TYPE,
		       rdmactl_gid_type(dev->ibdev, attr->port_num, attr->gid_type)))
		return -EMSGSIZE;

	rcu_read_lock();
	ndev = rdma_read_gid_attr_ndev_rcu(attr);
	if (!IS_ERR(ndev) && net_eq(dev_net(ndev), req->net))
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

static void rdmactl_gid_cleanup(void *data)
{
	struct rdmactl_gid_data *d = data;

	if (d->attr)
		rdma_put_gid_attr(d->attr);
}

const struct rdmactl_req_ops rdmactl_gid_request = {
	.cmd = RDMACTL_CMD_GID_GET,
	.scope = RDMACTL_SCOPE_ENTRY,
	.entry_attr = RDMACTL_A_GID_INDEX,
	.missing = "no GID given: set the port number and the GID index",
	.data_size = RDMACTL_REPLY_DATA_SIZE(struct rdmactl_gid_data),
	.entries = rdmactl_gid_entries,
	.prepare = rdmactl_gid_prepare,
	.fill = rdmactl_gid_fill,
	.cleanup = rdmactl_gid_cleanup,
};
