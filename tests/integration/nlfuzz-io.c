// SPDX-License-Identifier: GPL-2.0
/*
 * nlfuzz's socket: sending, remembering what each sequence number
 * carried, and checking every reply: attributes that parse, messages of
 * the family's type, acks that refuse an unprivileged caller's state
 * change with EPERM.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/time.h>

#include "nlfuzz.h"

#ifndef NETLINK_EXT_ACK
#define NETLINK_EXT_ACK 11
#endif

#define MAX_SEQ 8192		/* seqs remembered for the EPERM check */

unsigned long sent, replies, acks_ok, errors, dumps, abandoned, enobufs;
unsigned long errnos[256];
unsigned long violations;

/*
 * Per sequence number: the command, when it changes state and the kernel
 * must have dispatched it (a request, its length true); whether its
 * headers were intact (then only EPERM will do); its length.
 */
static uint8_t seq_cmd[MAX_SEQ];
static uint8_t seq_intact[MAX_SEQ];
static uint32_t seq_len[MAX_SEQ];
static uint32_t next_seq = 1;

void violation(const char *fmt, const char *what, long v)
{
	violations++;
	if (violations <= 20) {
		fprintf(stderr, "nlfuzz: ");
		fprintf(stderr, fmt, what, v);
		fputc('\n', stderr);
	}
}

static int state_changing(uint8_t cmd)
{
	const struct fuzz_op *op = op_of(cmd);

	return op && op->admin;
}

int nl_open(void)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	int one = 1, size = 1 << 20;
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };

	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		perror("nlfuzz: netlink socket");
		exit(2);
	}
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	setsockopt(fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &(struct timeval){ .tv_sec = DUMP_WAIT },
		   sizeof(struct timeval));
	return fd;
}

uint16_t resolve_family(int fd)
{
	struct msg m;
	struct nlmsghdr *nlh = msg_start(&m, GENL_ID_CTRL, NLM_F_REQUEST, CTRL_CMD_GETFAMILY);
	uint8_t buf[BUF], *p;
	ssize_t n;
	int rem;

	((struct genlmsghdr *)NLMSG_DATA(nlh))->version = 1;
	put_str(&m, CTRL_ATTR_FAMILY_NAME, RDMACTL_GENL_NAME);
	nlh->nlmsg_len = m.len;
	if (send(fd, m.buf, m.len, 0) < 0)
		return 0;
	n = recv(fd, buf, sizeof(buf), 0);
	nlh = (struct nlmsghdr *)buf;
	if (n < (ssize_t)NLMSG_HDRLEN || nlh->nlmsg_type == NLMSG_ERROR)
		return 0;
	p = (uint8_t *)NLMSG_DATA(nlh) + GENL_HDRLEN;
	rem = (int)nlh->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;
	while (rem >= NLA_HDRLEN) {
		struct nlattr *nla = (struct nlattr *)p;

		if (nla->nla_type == CTRL_ATTR_FAMILY_ID)
			return *(uint16_t *)(p + NLA_HDRLEN);
		rem -= NLA_ALIGN(nla->nla_len);
		p += NLA_ALIGN(nla->nla_len);
	}
	return 0;
}

void send_msg(int fd, struct msg *m, uint8_t cmd, int intact)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)m->buf;
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	uint32_t seq = next_seq++;

	/* The header's length says the truth unless a mutation lied. */
	if (intact || pick(4))
		nlh->nlmsg_len = m->len;
	else
		nlh->nlmsg_len = pick(2) ? (uint32_t)pick(NLMSG_HDRLEN + 8) : (uint32_t)rnd();
	nlh->nlmsg_seq = seq;
	if (seq < MAX_SEQ) {
		int dispatched = nlh->nlmsg_type == family && nlh->nlmsg_len == m->len &&
				 (nlh->nlmsg_flags & NLM_F_REQUEST) &&
				 m->len >= NLMSG_HDRLEN + GENL_HDRLEN;

		seq_cmd[seq] = dispatched && state_changing(cmd) ? cmd : 0;
		seq_intact[seq] = intact && !(nlh->nlmsg_flags & NLM_F_DUMP);
		seq_len[seq] = m->len;
	}
	if (sendto(fd, m->buf, m->len, 0, (struct sockaddr *)&sa, sizeof(sa)) < 0 &&
	    errno != EINVAL && errno != ENOBUFS) {
		perror("nlfuzz: send");
		violations++;
	}
	sent++;
}

/* Every attribute of a reply must parse: the kernel's side of the bargain. */
void check_attrs(const struct nlmsghdr *nlh)
{
	const uint8_t *p = (const uint8_t *)NLMSG_DATA(nlh) + GENL_HDRLEN;
	int rem = (int)nlh->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;

	if (rem < 0) {
		violation("a %s of %ld bytes", "reply", nlh->nlmsg_len);
		return;
	}
	while (rem >= NLA_HDRLEN) {
		const struct nlattr *nla = (const struct nlattr *)p;

		if (nla->nla_len < NLA_HDRLEN || nla->nla_len > rem) {
			violation("a reply %s of length %ld", "attribute", nla->nla_len);
			return;
		}
		rem -= NLA_ALIGN(nla->nla_len);
		p += NLA_ALIGN(nla->nla_len);
	}
	if (rem != 0)
		violation("%s: %ld bytes left over", "reply", rem);
}

/*
 * An ack. A message whose length lied makes the kernel read what follows
 * as more messages: their acks carry whatever sequence number the bytes
 * held, so an ack counts for a request only if it echoes its header.
 */
static void on_error(const struct nlmsghdr *nlh)
{
	const struct nlmsgerr *e = NLMSG_DATA(nlh);
	uint32_t seq = nlh->nlmsg_seq;
	int err = -e->error;

	errnos[err > 0 && err < 256 ? err : 0]++;
	if (err == 0)
		acks_ok++;
	else
		errors++;
	if (privileged || seq == 0 || seq >= MAX_SEQ || !seq_cmd[seq] ||
	    e->msg.nlmsg_type != family || e->msg.nlmsg_len != seq_len[seq] ||
	    e->msg.nlmsg_seq != seq)
		return;
	if (err == 0)
		violation("unprivileged %s %ld succeeded", "command", seq_cmd[seq]);
	else if (seq_intact[seq] && err != EPERM)
		violation("unprivileged command %s: error %ld, not EPERM",
			  op_of(seq_cmd[seq])->name, err);
}

/* Read what is waiting; with wait, until the dump ends. Returns how many
 * messages came.
 */
int drain(int fd, int wait)
{
	static uint8_t buf[BUF];
	int got = 0;

	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), wait ? 0 : MSG_DONTWAIT);
		struct nlmsghdr *nlh;
		int len, done = 0;

		if (n < 0) {
			if ((errno == EAGAIN || errno == EWOULDBLOCK) && wait) {
				violation("a %s that did not end within %ld s", "dump", DUMP_WAIT);
				return got;
			}
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				return got;
			if (errno == ENOBUFS) {
				enobufs++;
				continue;
			}
			perror("nlfuzz: recv");
			violations++;
			return got;
		}
		len = (int)n;
		for (nlh = (struct nlmsghdr *)buf; NLMSG_OK(nlh, len); nlh = NLMSG_NEXT(nlh, len)) {
			got++;
			replies++;
			if (nlh->nlmsg_type == NLMSG_ERROR) {
				on_error(nlh);
				done = 1;	/* a dump refused, or its ack */
			} else if (nlh->nlmsg_type == NLMSG_DONE) {
				done = 1;
			}
			else if (nlh->nlmsg_type == family)
				check_attrs(nlh);
			else
				violation("a reply of %s %ld", "type", nlh->nlmsg_type);
		}
		if (len > 0)
			violation("%s: %ld bytes left over", "datagram", len);
		if (wait && done)
			return got;
	}
}
