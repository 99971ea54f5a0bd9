// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Canned kernel replies for the unit tests of librdmactl: a buffer of
 * netlink messages built as the module would send them, a handle, and
 * callbacks that keep what the library delivers (nlmsg.h).
 */
#include <string.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "nlmsg.h"

char buf[8192];
size_t used;
struct rdmactl handle = { .family = FAMILY };

struct rdmactl_dev_info devs[4];
int ndevs;
struct rdmactl_port_info ports[4];
int nports;
struct rdmactl_stat *stats[4];
int nstats;
int stop_with;

int on_dev(const struct rdmactl_dev_info *d, void *arg)
{
	(void)arg;
	if (ndevs < 4)
		devs[ndevs] = *d;
	ndevs++;
	return stop_with;
}

int on_port(const struct rdmactl_port_info *p, void *arg)
{
	(void)arg;
	if (nports < 4)
		ports[nports] = *p;
	nports++;
	return 0;
}

/* The library's own handlers, reached through a real request. */
int on_stat(const struct rdmactl_stat *st, void *arg)
{
	(void)arg;
	if (nstats < 4)
		stats[nstats] = rdmactl_stat_dup(st);
	nstats++;
	return 0;
}

void stats_free(void)
{
	int i;

	for (i = 0; i < nstats && i < 4; i++)
		rdmactl_stat_free(stats[i]);
	nstats = 0;
}

void req_init(struct rdmactl_req *req, uint8_t cmd)
{
	char scratch[256];

	handle.buf = scratch;
	handle.buflen = sizeof(scratch);
	handle.seq = SEQ - 1;
	rdmactl_msg_start(&handle, req, cmd, 1);
	handle.buf = NULL;
	if (cmd == RDMACTL_CMD_PORT_GET) {
		req->handle = rdmactl_port_handle;
		req->cb.port = on_port;
	} else if (cmd == RDMACTL_CMD_STAT_GET) {
		req->handle = rdmactl_stat_handle;
		req->cb.stat = on_stat;
	} else {
		req->handle = rdmactl_dev_handle;
		req->cb.dev = on_dev;
	}
	handle.errmsg[0] = '\0';
	ndevs = nports = 0;
	stop_with = 0;
	used = 0;
}

struct nlmsghdr *msg(uint16_t type, uint16_t flags, uint32_t seq)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf + used);

	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = flags;
	nlh->nlmsg_seq = seq;
	if (type >= NLMSG_MIN_TYPE) {
		struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));

		g->cmd = RDMACTL_CMD_DEV_GET;
		g->version = 1;
	}
	return nlh;
}

void end(struct nlmsghdr *nlh)
{
	used += nlh->nlmsg_len;
}

struct nlmsghdr *dev_msg(uint32_t index, const char *name, uint16_t flags)
{
	struct nlmsghdr *nlh = msg(FAMILY, NLM_F_MULTI | flags, SEQ);

	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, index);
	mnl_attr_put_strz(nlh, RDMACTL_A_DEV_NAME, name);
	mnl_attr_put_strz(nlh, RDMACTL_A_DEV_DRIVER, "mlx5_ib");
	mnl_attr_put_u8(nlh, RDMACTL_A_DEV_NODE_TYPE, RDMACTL_NODE_IB_CA);
	mnl_attr_put_u64(nlh, RDMACTL_A_DEV_NODE_GUID, 0x0002c90300a1b2c3ULL);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_NUM_PORTS, 2);
	return nlh;
}

void done_msg(int err, const char *extack)
{
	struct nlmsghdr *nlh = msg(NLMSG_DONE, NLM_F_MULTI | (extack ? NLM_F_ACK_TLVS : 0), SEQ);

	memcpy(mnl_nlmsg_put_extra_header(nlh, sizeof(err)), &err, sizeof(err));
	if (extack)
		mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, extack);
	end(nlh);
}

void error_msg(int err, const char *extack)
{
	struct nlmsghdr *nlh = msg(NLMSG_ERROR, NLM_F_CAPPED | (extack ? NLM_F_ACK_TLVS : 0), SEQ);
	struct nlmsgerr *e = mnl_nlmsg_put_extra_header(nlh, sizeof(*e));

	e->error = err;
	e->msg.nlmsg_len = 36;
	if (extack)
		mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, extack);
	end(nlh);
}

int run(struct rdmactl_req *req)
{
	return rdmactl_process(req, buf, used);
}
