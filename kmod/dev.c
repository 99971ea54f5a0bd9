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

/*
 * RDMA_DRIVER_ERDMA (5.17) and RDMA_DRIVER_MANA (6.2), which older kernels
 * do not name: uapi values, which never change; checked against the names
 * where the kernel has them (rdmactl_driver_id_name()).
 */
#define RDMACTL_DRIVER_ERDMA	19
#define RDMACTL_DRIVER_MANA	20

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
		[RDMACTL_DRIVER_ERDMA] = "erdma", [RDMACTL_DRIVER_MANA] = "mana_ib",
	};

	/* Each where the kernel names it: RHEL 9 has MANA, and ERDMA's slot reserved. */
#ifdef HAVE_RDMA_DRIVER_ERDMA
	BUILD_BUG_ON(RDMACTL_DRIVER_ERDMA != RDMA_DRIVER_ERDMA);
#endif
#ifdef HAVE_RDMA_DRIVER_MANA
	BUILD_BUG_ON(RDMACTL_DRIVER_MANA != RDMA_DRIVER_MANA);
#endif
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

static int rdmactl_dev_fill(struct sk_buff *skb, const struct rdmactl_req *req,
			    struct rdmactl_dev *dev, const void *data)
{
	struct ib_device *ibdev = dev->ibdev;
	char fw[IB_FW_VERSION_NAME_MAX] = "";

	ib_get_device_fw_str(ibdev, fw);

	if (nla_put_string(skb, RDMACTL_A_DEV_DRIVER, rdmactl_driver_name(ibdev)) ||
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

const struct rdmactl_req_ops rdmactl_dev_request = {
	.cmd = RDMACTL_CMD_DEV_GET,
	.scope = RDMACTL_SCOPE_DEV,
	.data_size = sizeof(struct rdmactl_reply_data),
	.fill = rdmactl_dev_fill,
};
