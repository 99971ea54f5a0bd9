// SPDX-License-Identifier: LGPL-2.1-or-later
/* RDMACTL_CMD_GID_GET: GID tables, and finding the entry of an address. */
#include <arpa/inet.h>
#include <errno.h>
#include <string.h>

#include "internal.h"

int rdmactl_gid_parse(struct rdmactl *h, rdmactl_attrs tb, struct rdmactl_gid_info *gid)
{
	const struct nlattr *raw = tb[RDMACTL_A_GID];

	memset(gid, 0, sizeof(*gid));
	if (!tb[RDMACTL_A_DEV_INDEX] || !tb[RDMACTL_A_DEV_NAME] || !tb[RDMACTL_A_PORT_INDEX] ||
	    !tb[RDMACTL_A_GID_INDEX] || !raw || !tb[RDMACTL_A_GID_TYPE]) {
		rdmactl_set_err(h, "GID reply without device, port, index, GID or type");
		return -EBADMSG;
	}
	if (mnl_attr_get_payload_len(raw) != RDMACTL_GID_LEN) {
		rdmactl_set_err(h, "GID of %u bytes, not %d", mnl_attr_get_payload_len(raw),
				RDMACTL_GID_LEN);
		return -EBADMSG;
	}
	if (rdmactl_attr_strcpy(h, tb[RDMACTL_A_DEV_NAME], gid->dev_name, sizeof(gid->dev_name)))
		return -EBADMSG;
	if (tb[RDMACTL_A_GID_NETDEV_INDEX] && tb[RDMACTL_A_GID_NETDEV_NAME]) {
		if (rdmactl_attr_strcpy(h, tb[RDMACTL_A_GID_NETDEV_NAME], gid->netdev_name,
					sizeof(gid->netdev_name)))
			return -EBADMSG;
		gid->netdev_index = mnl_attr_get_u32(tb[RDMACTL_A_GID_NETDEV_INDEX]);
		gid->present |= RDMACTL_GID_HAS_NETDEV;
	}
	if (tb[RDMACTL_A_GID_VLAN_ID]) {
		gid->vlan_id = mnl_attr_get_u16(tb[RDMACTL_A_GID_VLAN_ID]);
		gid->present |= RDMACTL_GID_HAS_VLAN;
	}
	gid->dev_index = mnl_attr_get_u32(tb[RDMACTL_A_DEV_INDEX]);
	gid->port = mnl_attr_get_u32(tb[RDMACTL_A_PORT_INDEX]);
	gid->index = mnl_attr_get_u32(tb[RDMACTL_A_GID_INDEX]);
	gid->type = mnl_attr_get_u8(tb[RDMACTL_A_GID_TYPE]);
	memcpy(gid->gid, mnl_attr_get_payload(raw), RDMACTL_GID_LEN);
	return 0;
}

static int rdmactl_gid_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh,
			      rdmactl_attrs tb)
{
	struct rdmactl_gid_info gid;
	int err;

	(void)nlh;
	err = rdmactl_gid_parse(req->h, tb, &gid);
	return err ? err : req->cb.gid(&gid, req->arg);
}

RDMACTL_EXPORT int rdmactl_gid_list(struct rdmactl *h, const char *dev, uint32_t port,
				    rdmactl_gid_cb cb, void *arg)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;

	nlh = rdmactl_msg_about(h, &req, RDMACTL_CMD_GID_GET, 1, dev, port ? &port : NULL);
	if (!nlh)
		return -EINVAL;
	req.handle = rdmactl_gid_handle;
	req.cb.gid = cb;
	req.arg = arg;
	return rdmactl_transact(&req, nlh);
}

struct rdmactl_gid_match {
	const uint8_t *gid;
	uint8_t type;
	rdmactl_gid_cb cb;
	void *arg;
	unsigned int found;
};

static int rdmactl_gid_match(const struct rdmactl_gid_info *gid, void *arg)
{
	struct rdmactl_gid_match *m = arg;

	if (memcmp(gid->gid, m->gid, RDMACTL_GID_LEN) || (m->type && gid->type != m->type))
		return 0;
	m->found++;
	return m->cb(gid, m->arg);
}

RDMACTL_EXPORT int rdmactl_gid_find(struct rdmactl *h, const uint8_t gid[RDMACTL_GID_LEN],
				    uint8_t type, const char *dev, uint32_t port,
				    rdmactl_gid_cb cb, void *arg)
{
	struct rdmactl_gid_match m = { gid, type, cb, arg, 0 };
	char text[INET6_ADDRSTRLEN];
	int err;

	err = rdmactl_gid_list(h, dev, port, rdmactl_gid_match, &m);
	if (err || m.found)
		return err;
	inet_ntop(AF_INET6, gid, text, sizeof(text));
	rdmactl_set_err(h, "no %s%sGID %s%s%s", type ? rdmactl_gid_type_name(type) : "",
			type ? " " : "", text, dev ? " on " : "", dev ? dev : "");
	return -ENOENT;
}

RDMACTL_EXPORT int rdmactl_gid_from_ip(const char *ip, uint8_t gid[RDMACTL_GID_LEN])
{
	struct in_addr v4;

	if (inet_pton(AF_INET6, ip, gid) == 1)
		return 0;
	if (inet_pton(AF_INET, ip, &v4) != 1)
		return -EINVAL;
	/* ::ffff:a.b.c.d, as ib_core makes GIDs of IPv4 addresses. */
	memset(gid, 0, RDMACTL_GID_LEN);
	gid[10] = gid[11] = 0xff;
	memcpy(gid + 12, &v4, sizeof(v4));
	return 0;
}
