// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The library's netlink sockets besides the rdmactl one: ethtool's generic
 * netlink family (ethtool-netlink.c) and rtnetlink's DCB messages (dcb.c).
 * Each is a socket of its own, opened on first use, so that it may be used
 * inside a callback of an rdmactl dump on the same handle, and replies of
 * another protocol never meet rdmactl's attribute checks. One request/reply
 * loop serves both: a request, each reply of the expected type to a
 * callback, then the ACK or the error with its extended ACK message.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/netlink.h>

#include "internal.h"

int rdmactl_sock_open(struct rdmactl *h, struct rdmactl_sock *s, int bus, const char *what)
{
	int one = 1, err;

	s->seq = (uint32_t)time(NULL);
	s->buf = malloc(RDMACTL_SOCK_BUF);
	if (!s->buf) {
		rdmactl_set_err(h, "out of memory");
		return -ENOMEM;
	}
	s->nl = mnl_socket_open(bus);
	if (!s->nl || mnl_socket_bind(s->nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		err = -errno;
		rdmactl_set_err(h, "cannot open a %s socket: %s", what, strerror(errno));
		rdmactl_sock_close(s);
		return err;
	}
	/* Error messages, and errors that do not echo the request. */
	mnl_socket_setsockopt(s->nl, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(s->nl, NETLINK_CAP_ACK, &one, sizeof(one));
	return 0;
}

void rdmactl_sock_close(struct rdmactl_sock *s)
{
	if (s->nl)
		mnl_socket_close(s->nl);
	s->nl = NULL;
	free(s->buf);
	s->buf = NULL;
}

struct nlmsghdr *rdmactl_sock_msg(struct rdmactl_sock *s, uint16_t type, uint16_t flags)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(s->buf);

	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = NLM_F_REQUEST | flags;
	nlh->nlmsg_seq = ++s->seq;
	return nlh;
}

/* The extended ACK's message of an error, if any, into h. */
static void sock_extack(struct rdmactl *h, const struct nlmsghdr *nlh, const char *what)
{
	const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);
	size_t offset = MNL_NLMSG_HDRLEN + sizeof(e->error);
	const struct nlattr *attr;

	if (e->error == -EPERM)
		rdmactl_set_err(h, "%s: permission denied: this needs CAP_NET_ADMIN", what);
	else
		rdmactl_set_err(h, "%s: %s", what, strerror(-e->error));
	offset += nlh->nlmsg_flags & NLM_F_CAPPED ? sizeof(e->msg) : MNL_ALIGN(e->msg.nlmsg_len);
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS) || nlh->nlmsg_len <= offset)
		return;
	mnl_attr_for_each(attr, nlh, offset - MNL_NLMSG_HDRLEN)
		if (mnl_attr_get_type(attr) == NLMSGERR_ATTR_MSG &&
		    mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) == 0)
			rdmactl_set_err(h, "%s: %s", what, mnl_attr_get_str(attr));
}

/*
 * One buffer of replies: 1 when more are to come, 0 at the ACK or DONE,
 * or -errno (the kernel's, cb's, or a malformed reply's).
 */
static int sock_process(struct rdmactl *h, const struct rdmactl_sock_req *r, const void *buf,
			int left)
{
	const struct nlmsghdr *nlh = buf;

	for (; mnl_nlmsg_ok(nlh, left); nlh = mnl_nlmsg_next(nlh, &left)) {
		const struct nlmsgerr *err;
		int ret;

		if (nlh->nlmsg_seq != r->seq || nlh->nlmsg_type == NLMSG_NOOP)
			continue;
		if (nlh->nlmsg_type == NLMSG_ERROR) {
			err = mnl_nlmsg_get_payload(nlh);
			if (nlh->nlmsg_len < MNL_NLMSG_HDRLEN + sizeof(*err)) {
				rdmactl_set_err(h, "%s: truncated netlink error", r->what);
				return -EBADMSG;
			}
			if (err->error)
				sock_extack(h, nlh, r->what);
			return err->error;
		}
		if (nlh->nlmsg_type == NLMSG_DONE)
			return 0;
		if (nlh->nlmsg_type != r->type ||
		    nlh->nlmsg_len < MNL_NLMSG_HDRLEN + MNL_ALIGN(r->hdrlen)) {
			rdmactl_set_err(h, "%s: unexpected netlink message type %u", r->what,
					nlh->nlmsg_type);
			return -EBADMSG;
		}
		ret = r->cb(nlh, r->arg);
		if (ret)
			return ret;
	}
	return 1;
}

int rdmactl_sock_transact(struct rdmactl *h, struct rdmactl_sock *s, struct nlmsghdr *nlh,
			  const struct rdmactl_sock_req *r)
{
	struct rdmactl_sock_req req = *r;
	int ret;

	req.seq = nlh->nlmsg_seq;
	if (mnl_socket_sendto(s->nl, nlh, nlh->nlmsg_len) < 0) {
		rdmactl_set_err(h, "%s: cannot send to the kernel: %s", r->what, strerror(errno));
		return -errno;
	}
	do {
		ssize_t n = mnl_socket_recvfrom(s->nl, s->buf, RDMACTL_SOCK_BUF);

		if (n < 0) {
			rdmactl_set_err(h, "%s: cannot receive from the kernel: %s", r->what,
					strerror(errno));
			return -errno;
		}
		ret = sock_process(h, &req, s->buf, (int)n);
	} while (ret == 1);
	return ret;
}
