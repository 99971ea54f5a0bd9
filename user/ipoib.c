// SPDX-License-Identifier: LGPL-2.1-or-later
/* RDMACTL_CMD_IPOIB_GET and _SET: IPoIB interfaces and their mode. */
#include <errno.h>
#include <string.h>

#include "internal.h"

#define U8(a)  (tb[a] ? mnl_attr_get_u8(tb[a]) : 0)
#define U32(a) (tb[a] ? mnl_attr_get_u32(tb[a]) : 0)
#define U64(a) (tb[a] ? mnl_attr_get_u64(tb[a]) : 0)

int rdmactl_ipoib_parse(struct rdmactl *h, rdmactl_attrs tb, struct rdmactl_ipoib_info *ib)
{
	const struct nlattr *hw = tb[RDMACTL_A_IPOIB_HWADDR];

	memset(ib, 0, sizeof(*ib));
	if (!tb[RDMACTL_A_IPOIB_IFINDEX] || !tb[RDMACTL_A_IPOIB_IFNAME] ||
	    !tb[RDMACTL_A_DEV_INDEX] || !tb[RDMACTL_A_DEV_NAME] ||
	    !tb[RDMACTL_A_PORT_INDEX] || !tb[RDMACTL_A_IPOIB_MODE]) {
		rdmactl_set_err(h, "IPoIB reply without interface, device, port or mode");
		return -EBADMSG;
	}
	if (hw && mnl_attr_get_payload_len(hw) != RDMACTL_IPOIB_HWADDR_LEN) {
		rdmactl_set_err(h, "IPoIB hardware address of %u bytes, not %d",
				mnl_attr_get_payload_len(hw), RDMACTL_IPOIB_HWADDR_LEN);
		return -EBADMSG;
	}
	if (rdmactl_attr_strcpy(h, tb[RDMACTL_A_IPOIB_IFNAME], ib->ifname, sizeof(ib->ifname)) ||
	    rdmactl_attr_strcpy(h, tb[RDMACTL_A_DEV_NAME], ib->dev_name, sizeof(ib->dev_name)))
		return -EBADMSG;
	ib->ifindex = U32(RDMACTL_A_IPOIB_IFINDEX);
	ib->parent_ifindex = U32(RDMACTL_A_IPOIB_PARENT_IFINDEX);
	ib->dev_index = U32(RDMACTL_A_DEV_INDEX);
	ib->port = U32(RDMACTL_A_PORT_INDEX);
	ib->pkey = tb[RDMACTL_A_IPOIB_PKEY] ? mnl_attr_get_u16(tb[RDMACTL_A_IPOIB_PKEY]) : 0;
	ib->mode = U8(RDMACTL_A_IPOIB_MODE);
	ib->cm_supported = U8(RDMACTL_A_IPOIB_CM_SUPPORTED);
	ib->umcast = U8(RDMACTL_A_IPOIB_UMCAST);
	ib->operstate = U8(RDMACTL_A_IPOIB_OPERSTATE);
	ib->admin_up = U8(RDMACTL_A_IPOIB_ADMIN_UP);
	ib->hw_flags = U8(RDMACTL_A_IPOIB_HW_FLAGS);
	ib->mtu = U32(RDMACTL_A_IPOIB_MTU);
	ib->max_mtu_datagram = U32(RDMACTL_A_IPOIB_MAX_MTU_DATAGRAM);
	ib->max_mtu_connected = U32(RDMACTL_A_IPOIB_MAX_MTU_CONNECTED);
	ib->qpn = U32(RDMACTL_A_IPOIB_QPN);
	ib->subnet_prefix = U64(RDMACTL_A_PORT_SUBNET_PREFIX);
	ib->port_guid = U64(RDMACTL_A_PORT_GUID);
	if (hw)
		memcpy(ib->hwaddr, mnl_attr_get_payload(hw), sizeof(ib->hwaddr));
	return 0;
}

static int rdmactl_ipoib_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh,
				rdmactl_attrs tb)
{
	struct rdmactl_ipoib_info ib;
	int err;

	(void)nlh;
	err = rdmactl_ipoib_parse(req->h, tb, &ib);
	if (err)
		return err;
	return req->cb.ipoib(&ib, req->arg);
}

RDMACTL_EXPORT int rdmactl_ipoib_list(struct rdmactl *h, const char *ifname, const char *dev,
				      uint32_t port, rdmactl_ipoib_cb cb, void *arg)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;
	int err;

	/* Always a dump (see rdmactl_port_list()), an interface its filter. */
	nlh = rdmactl_msg_about(h, &req, RDMACTL_CMD_IPOIB_GET, 1, dev, port ? &port : NULL);
	if (!nlh)
		return -EINVAL;
	req.handle = rdmactl_ipoib_handle;
	req.cb.ipoib = cb;
	req.arg = arg;
	if (ifname)
		mnl_attr_put_strz(nlh, RDMACTL_A_IPOIB_IFNAME, ifname);
	err = rdmactl_transact(&req, nlh);
	if (!err && ifname && !dev && !req.replies) {
		rdmactl_set_err(h, "%s: the interface went away, or its RDMA device is not visible here",
				ifname);
		return -ENODEV;
	}
	return err;
}

RDMACTL_EXPORT int rdmactl_ipoib_modify(struct rdmactl *h, const char *ifname,
					unsigned int what, uint8_t mode, uint32_t mtu)
{
	unsigned int known = RDMACTL_IPOIB_MODIFY_MODE | RDMACTL_IPOIB_MODIFY_MTU;
	struct rdmactl_req req;
	struct nlmsghdr *nlh;

	if (rdmactl_what_check(h, "rdmactl_ipoib_modify", what, known))
		return -EINVAL;
	nlh = rdmactl_msg_start(h, &req, RDMACTL_CMD_IPOIB_SET, 0);
	mnl_attr_put_strz(nlh, RDMACTL_A_IPOIB_IFNAME, ifname);
	if (what & RDMACTL_IPOIB_MODIFY_MODE)
		mnl_attr_put_u8(nlh, RDMACTL_A_IPOIB_MODE, mode);
	if (what & RDMACTL_IPOIB_MODIFY_MTU)
		mnl_attr_put_u32(nlh, RDMACTL_A_IPOIB_MTU, mtu);
	/*
	 * Asked to come back: the kernel makes the change in a work item, and
	 * the same message (its sequence number too) takes the outcome.
	 */
	return rdmactl_transact_again(&req, nlh, RDMACTL_AGAIN_PATIENCE_MS);
}

/* LIBRDMACTL_1's call: an mtu of 0 meant "none given". */
RDMACTL_EXPORT int rdmactl_ipoib_set(struct rdmactl *h, const char *ifname, uint8_t mode,
				     uint32_t mtu)
{
	return rdmactl_ipoib_modify(h, ifname, RDMACTL_IPOIB_MODIFY_MODE |
				    (mtu ? RDMACTL_IPOIB_MODIFY_MTU : 0), mode, mtu);
}
