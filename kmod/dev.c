// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_DEV_GET: what a device is (ibv_devinfo, `rdma dev`, sysfs
 * /sys/class/infiniband/DEV/).
 */
#include <linux/module.h>

#include "core.h"

/* Every message about a device or one of its ports starts with these. */
int rdmactl_fill_dev_ident(struct sk_buff *skb, struct rdmactl_dev *dev)
{
	char name[IB_DEVICE_NAME_MAX];

	rdmactl_dev_name(dev, name);
	if (nla_put_u32(skb, RDMACTL_A_DEV_INDEX, dev->index) ||
	    nla_put_string(skb, RDMACTL_A_DEV_NAME, name))
		return -EMSGSIZE;
	return 0;
}

/* Built-in drivers have no module; name them by their uverbs driver id. */
static const char *rdmactl_driver_id_name(enum rdma_driver_id id)
{
	static const char *const names[] = {
		[RDMA_DRIVER_MLX5] = "mlx5_ib",	[RDMA_DRIVER_MLX4] = "mlx4_ib",
		[RDMA_DRIVER_CXGB4] = "iw_cxgb4",	[RDMA_DRIVER_MTHCA] = "ib_mthca",
		[RDMA_DRIVER_BNXT_RE] = "bnxt_re",	[RDMA_DRIVER_OCRDMA] = "ocrdma",
		[RDMA_DRIVER_I40IW] = RDMACTL_DRIVER_I40IW_NAME,
		[RDMA_DRIVER_VMW_PVRDMA] = "vmw_pvrdma",
		[RDMA_DRIVER_QEDR] = "qedr",	[RDMA_DRIVER_HNS] = "hns_roce",
		[RDMA_DRIVER_USNIC] = "usnic_verbs", [RDMA_DRIVER_RXE] = "rdma_rxe",
		[RDMA_DRIVER_HFI1] = "hfi1",	[RDMA_DRIVER_QIB] = "ib_qib",
		[RDMA_DRIVER_EFA] = "efa",	[RDMA_DRIVER_SIW] = "siw",
	};

	if (id < ARRAY_SIZE(names) && names[id])
		return names[id];
	return "unknown";
}

static const char *rdmactl_driver_name(struct ib_device *ibdev)
{
	if (ibdev->ops.owner)
		return module_name(ibdev->ops.owner);
	return rdmactl_driver_id_name(ibdev->ops.driver_id);
}

static int rdmactl_fill_dev(struct sk_buff *skb, struct rdmactl_dev *dev)
{
	struct ib_device *ibdev = dev->ibdev;
	char fw[IB_FW_VERSION_NAME_MAX] = "";

	ib_get_device_fw_str(ibdev, fw);

	if (rdmactl_fill_dev_ident(skb, dev) ||
	    nla_put_string(skb, RDMACTL_A_DEV_DRIVER, rdmactl_driver_name(ibdev)) ||
	    nla_put_u8(skb, RDMACTL_A_DEV_NODE_TYPE, ibdev->node_type) ||
	    nla_put_u64_64bit(skb, RDMACTL_A_DEV_NODE_GUID,
			      be64_to_cpu(ibdev->node_guid), RDMACTL_A_PAD) ||
	    nla_put_u64_64bit(skb, RDMACTL_A_DEV_SYS_IMAGE_GUID,
			      be64_to_cpu(ibdev->attrs.sys_image_guid),
			      RDMACTL_A_PAD) ||
	    (fw[0] && nla_put_string(skb, RDMACTL_A_DEV_FW_VER, fw)) ||
	    nla_put_u32(skb, RDMACTL_A_DEV_VENDOR_ID, ibdev->attrs.vendor_id) ||
	    nla_put_u32(skb, RDMACTL_A_DEV_VENDOR_PART_ID,
			ibdev->attrs.vendor_part_id) ||
	    nla_put_u32(skb, RDMACTL_A_DEV_HW_VER, ibdev->attrs.hw_ver) ||
	    nla_put_u32(skb, RDMACTL_A_DEV_NUM_PORTS,
			rdma_end_port(ibdev) - rdma_start_port(ibdev) + 1))
		return -EMSGSIZE;
	return 0;
}

static int rdmactl_fill_dev_reply(struct sk_buff *skb, void *dev)
{
	return rdmactl_fill_dev(skb, dev);
}

int rdmactl_dev_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rdmactl_dev *dev;
	int err;

	dev = rdmactl_nl_dev_get(genl_info_net(info), info->attrs, info->extack);
	if (IS_ERR(dev))
		return PTR_ERR(dev);
	err = rdmactl_nl_reply(info, RDMACTL_CMD_DEV_GET, rdmactl_fill_dev_reply, dev);
	rdmactl_dev_put(dev);
	return err;
}

int rdmactl_dev_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct rdmactl_dev *dev;
	void *hdr;
	int err;

	while ((dev = rdmactl_dump_next_dev(skb, cb, &err))) {
		hdr = rdmactl_nl_put(skb, cb, NULL, RDMACTL_CMD_DEV_GET);
		err = hdr ? rdmactl_fill_dev(skb, dev) : -EMSGSIZE;
		rdmactl_dev_put(dev);
		if (err) {
			if (hdr)
				genlmsg_cancel(skb, hdr);
			/* Resume here, unless not even one device fits. */
			return skb->len ? skb->len : err;
		}
		genlmsg_end(skb, hdr);
		rdmactl_dump_dev_done(cb);
	}
	return err ? err : skb->len;
}
