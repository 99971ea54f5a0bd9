// SPDX-License-Identifier: LGPL-2.1-or-later
/* RDMACTL_CMD_DEV_GET: list devices, or get one. */
#include <errno.h>
#include <string.h>

#include "internal.h"

int rdmactl_dev_parse(struct rdmactl *h, rdmactl_attrs tb,
		      struct rdmactl_dev_info *dev)
{
	memset(dev, 0, sizeof(*dev));
	if (!tb[RDMACTL_A_DEV_INDEX] || !tb[RDMACTL_A_DEV_NAME]) {
		rdmactl_set_err(h, "device reply without index or name");
		return -EBADMSG;
	}
	dev->index = mnl_attr_get_u32(tb[RDMACTL_A_DEV_INDEX]);
	if (rdmactl_attr_strcpy(h, tb[RDMACTL_A_DEV_NAME], dev->name, sizeof(dev->name)))
		return -EBADMSG;
	if (tb[RDMACTL_A_DEV_DRIVER] &&
	    rdmactl_attr_strcpy(h, tb[RDMACTL_A_DEV_DRIVER], dev->driver, sizeof(dev->driver)))
		return -EBADMSG;
	if (tb[RDMACTL_A_DEV_FW_VER] &&
	    rdmactl_attr_strcpy(h, tb[RDMACTL_A_DEV_FW_VER], dev->fw_ver, sizeof(dev->fw_ver)))
		return -EBADMSG;
	if (tb[RDMACTL_A_DEV_NODE_TYPE])
		dev->node_type = mnl_attr_get_u8(tb[RDMACTL_A_DEV_NODE_TYPE]);
	if (tb[RDMACTL_A_DEV_NODE_GUID])
		dev->node_guid = mnl_attr_get_u64(tb[RDMACTL_A_DEV_NODE_GUID]);
	if (tb[RDMACTL_A_DEV_SYS_IMAGE_GUID])
		dev->sys_image_guid = mnl_attr_get_u64(tb[RDMACTL_A_DEV_SYS_IMAGE_GUID]);
	if (tb[RDMACTL_A_DEV_VENDOR_ID])
		dev->vendor_id = mnl_attr_get_u32(tb[RDMACTL_A_DEV_VENDOR_ID]);
	if (tb[RDMACTL_A_DEV_VENDOR_PART_ID])
		dev->vendor_part_id = mnl_attr_get_u32(tb[RDMACTL_A_DEV_VENDOR_PART_ID]);
	if (tb[RDMACTL_A_DEV_HW_VER])
		dev->hw_ver = mnl_attr_get_u32(tb[RDMACTL_A_DEV_HW_VER]);
	if (tb[RDMACTL_A_DEV_NUM_PORTS])
		dev->num_ports = mnl_attr_get_u32(tb[RDMACTL_A_DEV_NUM_PORTS]);
	return 0;
}

int rdmactl_dev_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh,
		       rdmactl_attrs tb)
{
	struct rdmactl_dev_info dev;
	int err;

	(void)nlh;
	err = rdmactl_dev_parse(req->h, tb, &dev);
	if (err)
		return err;
	return req->cb.dev(&dev, req->arg);
}

RDMACTL_EXPORT int rdmactl_dev_list(struct rdmactl *h, const char *name,
				    rdmactl_dev_cb cb, void *arg)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;

	nlh = rdmactl_msg_start(h, &req, RDMACTL_CMD_DEV_GET, !name);
	req.handle = rdmactl_dev_handle;
	req.cb.dev = cb;
	req.arg = arg;
	if (name)
		rdmactl_put_dev(nlh, name);
	return rdmactl_transact(&req, nlh);
}
