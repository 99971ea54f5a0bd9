// SPDX-License-Identifier: LGPL-2.1-or-later
/* RDMACTL_CMD_PORT_GET: list ports, of all devices or one, or get one. */
#include <errno.h>
#include <string.h>

#include "internal.h"

static uint32_t u32_or(rdmactl_attrs tb, int type, uint32_t *present, uint32_t bit)
{
	if (!tb[type])
		return 0;
	*present |= bit;
	return mnl_attr_get_u32(tb[type]);
}

int rdmactl_port_parse(struct rdmactl *h, rdmactl_attrs tb,
		       struct rdmactl_port_info *p)
{
	memset(p, 0, sizeof(*p));
	if (!tb[RDMACTL_A_DEV_INDEX] || !tb[RDMACTL_A_DEV_NAME] ||
	    !tb[RDMACTL_A_PORT_INDEX] || !tb[RDMACTL_A_PORT_STATE] ||
	    !tb[RDMACTL_A_PORT_PHYS_STATE] || !tb[RDMACTL_A_PORT_LINK_LAYER]) {
		rdmactl_set_err(h, "port reply without device, port number or state");
		return -EBADMSG;
	}
	p->dev_index = mnl_attr_get_u32(tb[RDMACTL_A_DEV_INDEX]);
	if (rdmactl_attr_strcpy(h, tb[RDMACTL_A_DEV_NAME], p->dev_name, sizeof(p->dev_name)))
		return -EBADMSG;
	p->port = mnl_attr_get_u32(tb[RDMACTL_A_PORT_INDEX]);
	p->state = mnl_attr_get_u8(tb[RDMACTL_A_PORT_STATE]);
	p->phys_state = mnl_attr_get_u8(tb[RDMACTL_A_PORT_PHYS_STATE]);
	p->link_layer = mnl_attr_get_u8(tb[RDMACTL_A_PORT_LINK_LAYER]);

	if (tb[RDMACTL_A_PORT_LID] && tb[RDMACTL_A_PORT_SM_LID] &&
	    tb[RDMACTL_A_PORT_SM_SL] && tb[RDMACTL_A_PORT_LMC] &&
	    tb[RDMACTL_A_PORT_SUBNET_PREFIX]) {
		p->present |= RDMACTL_PORT_HAS_IB;
		p->lid = mnl_attr_get_u32(tb[RDMACTL_A_PORT_LID]);
		p->sm_lid = mnl_attr_get_u32(tb[RDMACTL_A_PORT_SM_LID]);
		p->sm_sl = mnl_attr_get_u8(tb[RDMACTL_A_PORT_SM_SL]);
		p->lmc = mnl_attr_get_u8(tb[RDMACTL_A_PORT_LMC]);
		p->subnet_prefix = mnl_attr_get_u64(tb[RDMACTL_A_PORT_SUBNET_PREFIX]);
	}
	if (tb[RDMACTL_A_PORT_GUID]) {
		p->present |= RDMACTL_PORT_HAS_GUID;
		p->port_guid = mnl_attr_get_u64(tb[RDMACTL_A_PORT_GUID]);
	}
	if (tb[RDMACTL_A_PORT_ACTIVE_WIDTH]) {
		p->present |= RDMACTL_PORT_HAS_WIDTH;
		p->active_width = mnl_attr_get_u8(tb[RDMACTL_A_PORT_ACTIVE_WIDTH]);
	}
	p->cap_flags = u32_or(tb, RDMACTL_A_PORT_CAP_FLAGS, &p->present, 0);
	p->cap_flags2 = u32_or(tb, RDMACTL_A_PORT_CAP_FLAGS2, &p->present, 0);
	p->active_speed = u32_or(tb, RDMACTL_A_PORT_ACTIVE_SPEED, &p->present, 0);
	p->gid_tbl_len = u32_or(tb, RDMACTL_A_PORT_GID_TBL_LEN, &p->present, 0);
	p->pkey_tbl_len = u32_or(tb, RDMACTL_A_PORT_PKEY_TBL_LEN, &p->present, 0);
	p->active_mtu = u32_or(tb, RDMACTL_A_PORT_ACTIVE_MTU, &p->present,
			       RDMACTL_PORT_HAS_ACTIVE_MTU);
	p->max_mtu = u32_or(tb, RDMACTL_A_PORT_MAX_MTU, &p->present,
			    RDMACTL_PORT_HAS_MAX_MTU);
	p->rate_mbps = u32_or(tb, RDMACTL_A_PORT_RATE, &p->present,
			      RDMACTL_PORT_HAS_RATE);

	if (tb[RDMACTL_A_PORT_NETDEV_INDEX] && tb[RDMACTL_A_PORT_NETDEV_NAME]) {
		p->present |= RDMACTL_PORT_HAS_NETDEV;
		p->netdev_index = mnl_attr_get_u32(tb[RDMACTL_A_PORT_NETDEV_INDEX]);
		if (rdmactl_attr_strcpy(h, tb[RDMACTL_A_PORT_NETDEV_NAME],
					p->netdev_name, sizeof(p->netdev_name)))
			return -EBADMSG;
	}
	return 0;
}

int rdmactl_port_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh,
			rdmactl_attrs tb)
{
	struct rdmactl_port_info port;
	int err;

	(void)nlh;
	err = rdmactl_port_parse(req->h, tb, &port);
	if (err)
		return err;
	return req->cb.port(&port, req->arg);
}

RDMACTL_EXPORT int rdmactl_port_list(struct rdmactl *h, const char *dev,
				     uint32_t port, rdmactl_port_cb cb, void *arg)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;
	int err;

	/*
	 * Always a dump, one port its filter: a dump waits for the driver's
	 * query outside generic netlink's lock, a doit gives up (EAGAIN).
	 */
	nlh = rdmactl_msg_about(h, &req, RDMACTL_CMD_PORT_GET, 1, dev, port ? &port : NULL);
	if (!nlh)
		return -EINVAL;
	req.handle = rdmactl_port_handle;
	req.cb.port = cb;
	req.arg = arg;
	err = rdmactl_transact(&req, nlh);
	if (!err && port && !req.replies) {
		rdmactl_set_err(h, "%s port %u: not answered: the device went away, or its driver failed to query the port",
				dev, port);
		return -ENODEV;
	}
	return err;
}
