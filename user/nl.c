// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The netlink core of librdmactl: the socket, resolving the family, one
 * request/reply loop for every command, extended ACK messages, and strict
 * parsing of what the kernel sends back.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "internal.h"

/* Large enough for the biggest dump skb the kernel builds (32 KiB). */
#define RDMACTL_BUF_SIZE (64 * 1024)

/* The type of every attribute the kernel may send: rdmactl_attr_types[]. */
#include "attr-types.h"

void rdmactl_set_err(struct rdmactl *h, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(h->errmsg, sizeof(h->errmsg), fmt, ap);
	va_end(ap);
}

int rdmactl_what_check(struct rdmactl *h, const char *call, unsigned int what,
		       unsigned int known)
{
	if (!(what & ~known))
		return 0;
	if (h)
		rdmactl_set_err(h, "%s: unknown bits 0x%x in what", call, what & ~known);
	return -EINVAL;
}

RDMACTL_EXPORT const char *rdmactl_errmsg(const struct rdmactl *h)
{
	return h->errmsg;
}

RDMACTL_EXPORT int rdmactl_fd(const struct rdmactl *h)
{
	return mnl_socket_get_fd(h->nl);
}

RDMACTL_EXPORT const char *rdmactl_version(void)
{
	return RDMACTL_LIB_VERSION;
}

int rdmactl_attrs_walk(struct rdmactl *h, const void *start, size_t len,
		       rdmactl_attrs tb)
{
	return rdmactl_attrs_walk_range(h, start, len, tb, 0, RDMACTL_A_MAX);
}

/*
 * Whether attr's payload has the size its fixed-size type wants: checked
 * here for the common case, libmnl deciding the rest (strings, nests, and
 * any size that is not exact).
 */
static bool rdmactl_attr_size_ok(const struct nlattr *attr, uint16_t type)
{
	static const uint8_t sizes[] = {
		[MNL_TYPE_U8] = 1, [MNL_TYPE_U16] = 2, [MNL_TYPE_U32] = 4, [MNL_TYPE_U64] = 8,
	};
	enum mnl_attr_data_type t = rdmactl_attr_types[type];

	if ((size_t)t < sizeof(sizes) && sizes[t] && attr->nla_len == NLA_HDRLEN + sizes[t])
		return true;
	return mnl_attr_validate(attr, t) >= 0;
}

int rdmactl_attrs_walk_range(struct rdmactl *h, const void *start, size_t len,
			     const struct nlattr **tb, uint16_t first, uint16_t last)
{
	const struct nlattr *attr = start;
	size_t left = len;

	memset(tb, 0, (last - first + 1) * sizeof(*tb));
	while (left > 0) {
		uint16_t type;

		if (left < sizeof(*attr) || attr->nla_len < sizeof(*attr) || attr->nla_len > left) {
			rdmactl_set_err(h, "malformed attribute at offset %zu of a reply",
					(size_t)((const char *)attr - (const char *)start));
			return -EBADMSG;
		}
		type = attr->nla_type & NLA_TYPE_MASK;
		/* Attributes newer than this library are skipped, not refused. */
		if (type <= RDMACTL_A_MAX) {
			if (!rdmactl_attr_size_ok(attr, type)) {
				rdmactl_set_err(h, "attribute %u of a reply has the wrong size (%u bytes)",
						type, mnl_attr_get_payload_len(attr));
				return -EBADMSG;
			}
			if (type >= first && type <= last)
				tb[type - first] = attr;
		}
		if ((size_t)MNL_ALIGN(attr->nla_len) >= left)
			break;
		left -= MNL_ALIGN(attr->nla_len);
		attr = (const struct nlattr *)((const char *)attr + MNL_ALIGN(attr->nla_len));
	}
	return 0;
}

int rdmactl_attrs_parse(struct rdmactl *h, const struct nlmsghdr *nlh,
			rdmactl_attrs tb)
{
	size_t hdrlen = MNL_ALIGN(sizeof(struct genlmsghdr));

	if (nlh->nlmsg_len < MNL_NLMSG_HDRLEN + hdrlen) {
		memset(tb, 0, sizeof(rdmactl_attrs));
		rdmactl_set_err(h, "reply too short for a generic netlink header");
		return -EBADMSG;
	}
	return rdmactl_attrs_walk(h, mnl_nlmsg_get_payload_offset(nlh, hdrlen),
				  nlh->nlmsg_len - MNL_NLMSG_HDRLEN - hdrlen, tb);
}

int rdmactl_attr_strcpy(struct rdmactl *h, const struct nlattr *attr,
			char *buf, size_t size)
{
	const char *s = mnl_attr_get_str(attr);
	size_t len = strnlen(s, mnl_attr_get_payload_len(attr));

	if (len >= size) {
		rdmactl_set_err(h, "attribute %u of a reply is too long (%zu bytes)",
				mnl_attr_get_type(attr), len);
		return -EBADMSG;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	return 0;
}

/*
 * The message for an error: the extended ACK's when it follows the error
 * code, else one of ours.
 */
static void rdmactl_extack(struct rdmactl *h, const struct nlmsghdr *nlh,
			   size_t offset, int err)
{
	const struct nlattr *attr;

	if (err == -EPERM)
		rdmactl_set_err(h, "permission denied: this needs CAP_NET_ADMIN");
	else if (err == -ENOENT)
		/* genetlink's answer for a family that is gone: ours never say it. */
		rdmactl_set_err(h, "the rdmactl kernel module is not loaded any more; load it with \"modprobe rdmactl\"");
	else if (err == -EPROTONOSUPPORT)
		/* The netlink core's, when a dump starts as the module goes (try_module_get()). */
		rdmactl_set_err(h, "the rdmactl kernel module is being unloaded");
	else
		rdmactl_set_err(h, "%s", strerror(-err));
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS) || nlh->nlmsg_len <= offset)
		return;
	mnl_attr_for_each(attr, nlh, offset - MNL_NLMSG_HDRLEN) {
		if (mnl_attr_get_type(attr) == NLMSGERR_ATTR_MSG &&
		    mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) == 0)
			rdmactl_set_err(h, "%s", mnl_attr_get_str(attr));
	}
}

static int rdmactl_error_msg(struct rdmactl_req *req, const struct nlmsghdr *nlh)
{
	const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);
	size_t offset;

	if (nlh->nlmsg_len < MNL_NLMSG_HDRLEN + sizeof(*e)) {
		rdmactl_set_err(req->h, "truncated netlink error message");
		return -EBADMSG;
	}
	if (e->error == 0)
		return 0;	/* the ACK that ends a doit */

	offset = MNL_NLMSG_HDRLEN + sizeof(e->error);
	if (nlh->nlmsg_flags & NLM_F_CAPPED)
		offset += sizeof(e->msg);
	else
		offset += MNL_ALIGN(e->msg.nlmsg_len);
	rdmactl_extack(req->h, nlh, offset, e->error);
	return e->error;
}

static int rdmactl_done_msg(struct rdmactl_req *req, const struct nlmsghdr *nlh)
{
	int err;

	if (mnl_nlmsg_get_payload_len(nlh) < sizeof(err))
		return 0;
	memcpy(&err, mnl_nlmsg_get_payload(nlh), sizeof(err));
	if (err >= 0)
		return 0;
	rdmactl_extack(req->h, nlh, MNL_NLMSG_HDRLEN + sizeof(err), err);
	return err;
}

int rdmactl_process(struct rdmactl_req *req, const void *buf, size_t len)
{
	const struct nlmsghdr *nlh = buf;
	int left = (int)len;

	for (; mnl_nlmsg_ok(nlh, left); nlh = mnl_nlmsg_next(nlh, &left)) {
		rdmactl_attrs tb;
		int err;

		/* Left over from an earlier request that stopped early. */
		if (nlh->nlmsg_seq != req->seq)
			continue;

		switch (nlh->nlmsg_type) {
		case NLMSG_NOOP:
			continue;
		case NLMSG_ERROR:
			return rdmactl_error_msg(req, nlh);
		case NLMSG_DONE:
			return rdmactl_done_msg(req, nlh);
		case NLMSG_OVERRUN:
			rdmactl_set_err(req->h, "the kernel's reply overran the socket");
			return -ENOBUFS;
		}
		if (nlh->nlmsg_type != req->h->family) {
			rdmactl_set_err(req->h, "unexpected netlink message type %u",
					nlh->nlmsg_type);
			return -EBADMSG;
		}
		if (nlh->nlmsg_flags & NLM_F_DUMP_INTR)
			req->interrupted = 1;
		if (req->stopped)
			continue;
		err = rdmactl_attrs_parse(req->h, nlh, tb);
		if (err)
			return err;
		req->replies++;
		err = req->handle(req, nlh, tb);
		if (err < 0)
			return err;
		if (err > 0)
			req->stopped = err;
	}
	if (left != 0) {
		rdmactl_set_err(req->h, "truncated netlink message (%d stray bytes)", left);
		return -EBADMSG;
	}
	return 1;
}

struct nlmsghdr *rdmactl_msg_start(struct rdmactl *h, struct rdmactl_req *req,
				   uint8_t cmd, int dump)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(h->buf);
	struct genlmsghdr *g;

	memset(req, 0, sizeof(*req));
	req->h = h;
	req->cmd = cmd;
	req->seq = ++h->seq;

	nlh->nlmsg_type = h->family;
	nlh->nlmsg_flags = NLM_F_REQUEST | (dump ? NLM_F_DUMP : NLM_F_ACK);
	nlh->nlmsg_seq = req->seq;
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = cmd;
	g->version = RDMACTL_GENL_VERSION;
	return nlh;
}

/*
 * A request about a device (dev, NULL for every one) and one of its ports
 * (port, NULL for every one): NULL, the handle's error set, when it names
 * a port without a device.
 */
struct nlmsghdr *rdmactl_msg_about(struct rdmactl *h, struct rdmactl_req *req, uint8_t cmd,
				   int dump, const char *dev, const uint32_t *port)
{
	struct nlmsghdr *nlh;

	if (port && !dev) {
		rdmactl_set_err(h, "a port number needs a device");
		return NULL;
	}
	nlh = rdmactl_msg_start(h, req, cmd, dump);
	if (dev)
		rdmactl_put_dev(nlh, dev);
	if (port)
		mnl_attr_put_u32(nlh, RDMACTL_A_PORT_INDEX, *port);
	return nlh;
}

int rdmactl_transact(struct rdmactl_req *req, struct nlmsghdr *nlh)
{
	struct rdmactl *h = req->h;
	ssize_t n;
	int ret;

	h->errmsg[0] = '\0';
	if (mnl_socket_sendto(h->nl, nlh, nlh->nlmsg_len) < 0) {
		rdmactl_set_err(h, "cannot send to the kernel: %s", strerror(errno));
		return -errno;
	}
	do {
		n = mnl_socket_recvfrom(h->nl, h->buf, h->buflen);
		if (n < 0) {
			rdmactl_set_err(h, "cannot receive from the kernel: %s",
					strerror(errno));
			return -errno;
		}
		ret = rdmactl_process(req, h->buf, (size_t)n);
	} while (ret > 0);

	if (ret < 0)
		return ret;
	if (req->stopped)
		return req->stopped;
	if (req->interrupted) {
		rdmactl_set_err(h, "devices changed while they were being listed; list them again");
		return -EINTR;
	}
	return 0;
}

int rdmactl_transact_again(struct rdmactl_req *req, struct nlmsghdr *nlh, unsigned int ms)
{
	const struct timespec pause = { .tv_nsec = 20 * 1000 * 1000 };
	struct rdmactl_req first = *req;
	struct rdmactl *h = req->h;
	uint32_t len = nlh->nlmsg_len;
	unsigned int waited;
	void *copy;
	int err;

	/* The message is in h->buf, which the replies overwrite. */
	copy = malloc(len);
	if (!copy) {
		rdmactl_set_err(h, "out of memory");
		return -ENOMEM;
	}
	memcpy(copy, nlh, len);
	for (waited = 0;; waited += 20) {
		err = rdmactl_transact(req, nlh);
		if (err != -EAGAIN || waited >= ms)
			break;
		nanosleep(&pause, NULL);
		/* The same message, its sequence number too: the kernel knows it. */
		*req = first;
		nlh = mnl_nlmsg_put_header(h->buf);
		memcpy(nlh, copy, len);
	}
	free(copy);
	return err;
}

void rdmactl_put_dev(struct nlmsghdr *nlh, const char *name)
{
	mnl_attr_put_strz(nlh, RDMACTL_A_DEV_NAME, name);
}

/* CTRL_CMD_GETFAMILY: the id of the "rdmactl" family and its "events" group. */
static int rdmactl_ctrl_group(const struct nlattr *attr, void *data)
{
	struct rdmactl *h = data;
	const struct nlattr *a, *name = NULL, *id = NULL;

	mnl_attr_for_each_nested(a, attr) {
		if (mnl_attr_get_type(a) == CTRL_ATTR_MCAST_GRP_NAME &&
		    mnl_attr_validate(a, MNL_TYPE_NUL_STRING) == 0)
			name = a;
		else if (mnl_attr_get_type(a) == CTRL_ATTR_MCAST_GRP_ID &&
			 mnl_attr_validate(a, MNL_TYPE_U32) == 0)
			id = a;
	}
	if (name && id && !strcmp(mnl_attr_get_str(name), RDMACTL_MCGRP_EVENTS))
		h->events_group = mnl_attr_get_u32(id);
	return MNL_CB_OK;
}

static int rdmactl_ctrl_attr(const struct nlattr *attr, void *data)
{
	struct rdmactl *h = data;
	const struct nlattr *g;

	if (mnl_attr_get_type(attr) == CTRL_ATTR_FAMILY_ID &&
	    mnl_attr_validate(attr, MNL_TYPE_U16) == 0)
		h->family = mnl_attr_get_u16(attr);
	if (mnl_attr_get_type(attr) == CTRL_ATTR_MCAST_GROUPS)
		mnl_attr_for_each_nested(g, attr)
			rdmactl_ctrl_group(g, h);
	return MNL_CB_OK;
}

static int rdmactl_resolve(struct rdmactl *h)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(h->buf);
	struct genlmsghdr *g;
	ssize_t n;
	int ret;

	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = ++h->seq;
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = CTRL_CMD_GETFAMILY;
	g->version = 1;
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, RDMACTL_GENL_NAME);

	if (mnl_socket_sendto(h->nl, nlh, nlh->nlmsg_len) < 0)
		return -errno;
	do {
		n = mnl_socket_recvfrom(h->nl, h->buf, h->buflen);
		if (n < 0)
			return -errno;
		ret = mnl_cb_run(h->buf, (size_t)n, h->seq, h->portid,
				 NULL, NULL);
		if (ret == MNL_CB_OK && !h->family) {
			const struct nlmsghdr *r = (const struct nlmsghdr *)h->buf;

			if (r->nlmsg_type == GENL_ID_CTRL)
				mnl_attr_parse(r, sizeof(*g), rdmactl_ctrl_attr, h);
		}
	} while (ret > MNL_CB_STOP);
	if (ret < 0)
		return -errno;
	return h->family ? 0 : -ENOENT;
}

RDMACTL_EXPORT int rdmactl_open(struct rdmactl **handle)
{
	struct rdmactl *h;
	int one = 1;
	int err;

	*handle = NULL;
	h = calloc(1, sizeof(*h));
	if (!h)
		return -ENOMEM;
	h->buflen = RDMACTL_BUF_SIZE;
	h->buf = malloc(h->buflen);
	if (!h->buf)
		goto err_nomem;
	h->seq = (uint32_t)time(NULL);

	h->nl = mnl_socket_open(NETLINK_GENERIC);
	if (!h->nl)
		goto err_errno;
	if (mnl_socket_bind(h->nl, 0, MNL_SOCKET_AUTOPID) < 0)
		goto err_errno;
	h->portid = mnl_socket_get_portid(h->nl);
	/* Error messages, and errors that do not echo the request. */
	mnl_socket_setsockopt(h->nl, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(h->nl, NETLINK_CAP_ACK, &one, sizeof(one));

	err = rdmactl_resolve(h);
	if (err)
		goto err_close;
	*handle = h;
	return 0;

err_nomem:
	err = -ENOMEM;
	goto err_close;
err_errno:
	err = -errno;
err_close:
	rdmactl_close(h);
	return err;
}

RDMACTL_EXPORT void rdmactl_close(struct rdmactl *h)
{
	if (!h)
		return;
	rdmactl_eth_close(h);
	rdmactl_dcb_close(h);
	if (h->nl)
		mnl_socket_close(h->nl);
	rdmactl_core_close(h);
	free(h->buf);
	free(h);
}
