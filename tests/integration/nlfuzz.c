// SPDX-License-Identifier: GPL-2.0
/*
 * nlfuzz: send random and mutated messages to the rdmactl generic netlink
 * family and check what comes back.
 *
 *   nlfuzz [-n COUNT] [-s SEED] [-u UID] [-d DEV]... [-i IFNAME]...
 *   nlfuzz -D SECONDS
 *
 * Messages are built from a seeded generator (the seed is printed, so a
 * run can be repeated): unknown commands, wrong flags and versions,
 * attributes of random types and lengths, nested garbage, truncated
 * attributes, zero and huge lengths, valid requests mutated byte by byte,
 * and dumps abandoned after their first reply. -d and -i name devices and
 * IPoIB interfaces that exist, so that mutated requests reach deep into
 * the handlers. With -u the program drops to that user first.
 *
 * With -D SECONDS it only dumps every command in turn, each to its end,
 * for that long, looking the family up again whenever the module was
 * unloaded (the stress test's dump loop).
 *
 * It fails (exit 1) when a reply is malformed (attributes that do not
 * parse, a sequence number it never sent), when an unprivileged caller's
 * state-changing command is not refused with EPERM, or when the socket
 * reports anything but the expected errors. The last line is
 * "nlfuzz: N messages ...".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <grp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/rdmactl.h>

#ifndef NETLINK_EXT_ACK
#define NETLINK_EXT_ACK 11
#endif

#define BUF 16384
#define MAX_SEQ 8192		/* seqs remembered for the EPERM check */
#define DUMP_WAIT 60L		/* seconds a dump may take to end */

static uint64_t rng;
static uint16_t family;
static const char *devs[16];
static int ndevs;
static const char *ifnames[16];
static int nifnames;
static int privileged = 1;

/* What the run saw. */
static unsigned long sent, replies, acks_ok, errors, dumps, abandoned, enobufs;
static unsigned long errnos[256];
static unsigned long violations;

/*
 * Per sequence number: the command, when it changes state and the kernel
 * must have dispatched it (a request, its length true); whether its
 * headers were intact (then only EPERM will do); its length.
 */
static uint8_t seq_cmd[MAX_SEQ];
static uint8_t seq_intact[MAX_SEQ];
static uint32_t seq_len[MAX_SEQ];
static uint32_t next_seq = 1;

static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545F4914F6CDD1DULL;
}

static unsigned int pick(unsigned int n)
{
	return (unsigned int)(rnd() % n);
}

static void violation(const char *fmt, const char *what, long v)
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
	return cmd == RDMACTL_CMD_STAT_RESET || cmd == RDMACTL_CMD_IPOIB_SET ||
	       cmd == RDMACTL_CMD_ROCE_SET;
}

static int nl_open(void)
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

/* ---- building messages ---- */

struct msg {
	uint8_t buf[4096];
	size_t len;
};

static struct nlmsghdr *msg_start(struct msg *m, uint16_t type, uint16_t flags, uint8_t cmd)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)m->buf;
	struct genlmsghdr *g = (struct genlmsghdr *)(nlh + 1);

	memset(m->buf, 0, NLMSG_HDRLEN + GENL_HDRLEN);
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = flags;
	g->cmd = cmd;
	g->version = RDMACTL_GENL_VERSION;
	m->len = NLMSG_HDRLEN + GENL_HDRLEN;
	return nlh;
}

static struct nlattr *put(struct msg *m, uint16_t type, const void *data, size_t len)
{
	struct nlattr *nla = (struct nlattr *)(m->buf + m->len);

	if (m->len + NLA_HDRLEN + NLA_ALIGN(len) > sizeof(m->buf))
		return NULL;
	nla->nla_type = type;
	nla->nla_len = NLA_HDRLEN + len;
	if (data)
		memcpy((uint8_t *)nla + NLA_HDRLEN, data, len);
	memset((uint8_t *)nla + NLA_HDRLEN + len, 0, NLA_ALIGN(len) - len);
	m->len += NLA_HDRLEN + NLA_ALIGN(len);
	return nla;
}

static void put_u32(struct msg *m, uint16_t type, uint32_t v)
{
	put(m, type, &v, 4);
}

static void put_u8(struct msg *m, uint16_t type, uint8_t v)
{
	put(m, type, &v, 1);
}

static void put_str(struct msg *m, uint16_t type, const char *s)
{
	put(m, type, s, strlen(s) + 1);
}

static void put_random(struct msg *m, uint16_t type, size_t maxlen)
{
	uint8_t data[512];
	size_t len, i;

	switch (pick(6)) {
	case 0:
		len = 0;
		break;
	case 1:
		len = 1 << pick(4);	/* 1, 2, 4, 8 */
		break;
	case 2:
		len = pick(8);
		break;
	default:
		len = pick(maxlen < sizeof(data) ? maxlen : sizeof(data));
	}
	for (i = 0; i < len; i++)
		data[i] = pick(4) ? (uint8_t)rnd() : (uint8_t)"rxe0fakeib0\0"[pick(12)];
	put(m, type, data, len);
}

/* Nested garbage, depth levels deep. */
static void put_nested(struct msg *m, int depth)
{
	size_t start = m->len;
	struct nlattr *nla = put(m, (pick(RDMACTL_A_MAX + 4)) | NLA_F_NESTED, NULL, 0);
	int i, n = pick(4);

	if (!nla)
		return;
	for (i = 0; i < n; i++) {
		if (depth > 0 && pick(2))
			put_nested(m, depth - 1);
		else
			put_random(m, pick(RDMACTL_A_MAX + 4), 64);
	}
	nla = (struct nlattr *)(m->buf + start);
	nla->nla_len = m->len - start;
}

/* A request a real caller could send, for the mutators to start from. */
static void valid_request(struct msg *m, uint8_t *cmd)
{
	static const uint8_t cmds[] = {
		RDMACTL_CMD_DEV_GET, RDMACTL_CMD_PORT_GET, RDMACTL_CMD_STAT_GET,
		RDMACTL_CMD_STAT_RESET, RDMACTL_CMD_IPOIB_GET, RDMACTL_CMD_IPOIB_SET,
		RDMACTL_CMD_GID_GET, RDMACTL_CMD_ROCE_GET, RDMACTL_CMD_ROCE_SET,
	};
	const char *dev = ndevs ? devs[pick(ndevs)] : "rxe0";

	*cmd = cmds[pick(sizeof(cmds))];
	msg_start(m, family, NLM_F_REQUEST | NLM_F_ACK, *cmd);
	switch (*cmd) {
	case RDMACTL_CMD_IPOIB_GET:
	case RDMACTL_CMD_IPOIB_SET:
		if (nifnames && pick(2))
			put_str(m, RDMACTL_A_IPOIB_IFNAME, ifnames[pick(nifnames)]);
		else
			put_u32(m, RDMACTL_A_IPOIB_IFINDEX, pick(8));
		if (*cmd == RDMACTL_CMD_IPOIB_SET) {
			put_u8(m, RDMACTL_A_IPOIB_MODE, pick(3));
			if (pick(2))
				put_u32(m, RDMACTL_A_IPOIB_MTU, pick(2) ? 2044 : (uint32_t)rnd());
		}
		return;
	default:
		break;
	}
	if (pick(2))
		put_str(m, RDMACTL_A_DEV_NAME, dev);
	else
		put_u32(m, RDMACTL_A_DEV_INDEX, pick(ndevs + 3));
	if (*cmd != RDMACTL_CMD_DEV_GET && pick(3))
		put_u32(m, RDMACTL_A_PORT_INDEX, pick(4));
	switch (*cmd) {
	case RDMACTL_CMD_STAT_GET:
		if (pick(2))
			put(m, RDMACTL_A_STAT_BASELINE, NULL, 0);
		break;
	case RDMACTL_CMD_STAT_RESET:
		if (pick(2))
			put(m, RDMACTL_A_STAT_RESET_HARDWARE, NULL, 0);
		break;
	case RDMACTL_CMD_GID_GET:
		put_u32(m, RDMACTL_A_GID_INDEX, pick(4) ? pick(4) : (uint32_t)rnd());
		break;
	case RDMACTL_CMD_ROCE_SET:
		/* The ToS only: a mode change would change later GIDs. */
		if (pick(4) == 0)
			put_u8(m, RDMACTL_A_ROCE_MODE, pick(5));
		else if (pick(3) == 0)
			put(m, RDMACTL_A_ROCE_CLEAR, NULL, 0);
		else
			put_u8(m, RDMACTL_A_ROCE_TOS, (uint8_t)rnd());
		break;
	}
}

/* Damage a built message in one of several ways; returns 0 when the
 * netlink and genl headers were left intact.
 */
static int mutate(struct msg *m)
{
	size_t off, hdr = NLMSG_HDRLEN + GENL_HDRLEN;
	struct nlattr *nla;

	switch (pick(8)) {
	case 0:		/* flip bytes anywhere after the netlink header */
		off = NLMSG_HDRLEN + pick(m->len - NLMSG_HDRLEN);
		m->buf[off] ^= (uint8_t)(1 + pick(255));
		return off < hdr;
	case 1:		/* cut the message short, maybe inside an attribute */
		if (m->len > hdr)
			m->len = hdr + pick(m->len - hdr);
		return 0;
	case 2:		/* an attribute length of zero, odd, or past the end */
		if (m->len <= hdr)
			return 0;
		nla = (struct nlattr *)(m->buf + hdr);
		nla->nla_len = pick(3) == 0 ? 0 : pick(2) ? 0xffff : (uint16_t)(1 + pick(7));
		return 0;
	case 3:		/* the nested flag, or the byte-order flag */
		if (m->len <= hdr)
			return 0;
		nla = (struct nlattr *)(m->buf + hdr);
		nla->nla_type |= pick(2) ? NLA_F_NESTED : NLA_F_NET_BYTEORDER;
		return 0;
	case 4:		/* garbage after the attributes */
		put_random(m, (uint16_t)rnd(), 300);
		return 0;
	case 5:		/* nested garbage */
		put_nested(m, 3);
		return 0;
	case 6:		/* the same attribute twice, second one garbage */
		put_random(m, 1 + pick(RDMACTL_A_MAX), 16);
		return 0;
	default:	/* a wrong version or reserved byte: genl checks the latter */
		m->buf[NLMSG_HDRLEN + 1 + pick(3)] = (uint8_t)rnd();
		return 1;
	}
}

/* Something no caller would send. */
static void random_request(struct msg *m, uint8_t *cmd)
{
	static const uint16_t flagsets[] = {
		NLM_F_REQUEST, NLM_F_REQUEST | NLM_F_ACK, NLM_F_REQUEST | NLM_F_DUMP,
		NLM_F_REQUEST | NLM_F_ACK | NLM_F_DUMP, NLM_F_REQUEST | NLM_F_ACK | NLM_F_ROOT,
		NLM_F_REQUEST | NLM_F_ACK | NLM_F_ATOMIC, NLM_F_REQUEST | NLM_F_ACK | NLM_F_EXCL,
		NLM_F_ACK, 0xffff,
	};
	int i, n = pick(7);

	*cmd = pick(4) ? pick(RDMACTL_CMD_MAX + 1) : (uint8_t)rnd();
	msg_start(m, family, flagsets[pick(sizeof(flagsets) / sizeof(flagsets[0]))], *cmd);
	for (i = 0; i < n; i++) {
		if (pick(6) == 0)
			put_nested(m, 2);
		else
			put_random(m, pick(RDMACTL_A_MAX + 4), 100);
	}
}

/* ---- replies ---- */

/* Every attribute of a reply must parse: the kernel's side of the bargain. */
static void check_attrs(const struct nlmsghdr *nlh)
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
			  seq_cmd[seq] == RDMACTL_CMD_ROCE_SET ? "ROCE_SET" :
			  seq_cmd[seq] == RDMACTL_CMD_IPOIB_SET ? "IPOIB_SET" : "STAT_RESET", err);
}

/* Read what is waiting; with wait, until the dump ends. Returns how many
 * messages came.
 */
static int drain(int fd, int wait)
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

static void send_msg(int fd, struct msg *m, uint8_t cmd, int intact)
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

/* A dump on a socket of its own: read all of it, or one reply and close. */
static void dump(void)
{
	static const uint8_t cmds[] = {
		RDMACTL_CMD_DEV_GET, RDMACTL_CMD_PORT_GET, RDMACTL_CMD_STAT_GET,
		RDMACTL_CMD_IPOIB_GET, RDMACTL_CMD_GID_GET, RDMACTL_CMD_ROCE_GET,
	};
	uint8_t cmd = cmds[pick(sizeof(cmds))];
	int fd = nl_open(), abandon = pick(2);
	struct msg m;

	msg_start(&m, family, NLM_F_REQUEST | NLM_F_DUMP | (pick(2) ? NLM_F_ACK : 0), cmd);
	if (pick(3) == 0 && ndevs)
		put_str(&m, RDMACTL_A_DEV_NAME, devs[pick(ndevs)]);
	if (pick(4) == 0)
		put_u32(&m, RDMACTL_A_PORT_INDEX, pick(3));
	if (pick(5) == 0)
		mutate(&m);
	send_msg(fd, &m, cmd, 1);
	dumps++;
	if (abandon) {
		abandoned++;
		drain(fd, 0);
	} else {
		drain(fd, 1);
	}
	close(fd);
}

/* ---- dump loops (-D): for the stress test ---- */

static uint16_t resolve_family(int fd);

static unsigned long dl_complete, dl_interrupted, dl_unloaded, dl_refused;

/*
 * Dump every command over and over for secs seconds, each to its end: it
 * must end complete or carry NLM_F_DUMP_INTR. While the module is away
 * (ENOENT, or the family unknown) look it up again: a reloaded module's
 * family has a new id.
 */
static void dump_loop(int fd, unsigned int secs)
{
	static const uint8_t cmds[] = {
		RDMACTL_CMD_DEV_GET, RDMACTL_CMD_PORT_GET, RDMACTL_CMD_STAT_GET,
		RDMACTL_CMD_IPOIB_GET, RDMACTL_CMD_GID_GET, RDMACTL_CMD_ROCE_GET,
	};
	static uint8_t buf[BUF];
	time_t end = time(NULL) + secs;
	unsigned int k = 0;

	while (time(NULL) < end) {
		struct msg m;
		int done = 0, intr = 0, err = 0;

		if (!family) {
			family = resolve_family(fd);
			if (!family) {
				dl_unloaded++;
				usleep(20000);
				continue;
			}
		}
		msg_start(&m, family, NLM_F_REQUEST | NLM_F_DUMP, cmds[k++ % sizeof(cmds)]);
		send_msg(fd, &m, 0, 1);
		while (!done) {
			ssize_t n = recv(fd, buf, sizeof(buf), 0);
			struct nlmsghdr *nlh;
			int len = (int)n;

			if (n < 0) {
				if (errno == ENOBUFS) {
					enobufs++;
					continue;
				}
				violation("a %s that did not end (%ld)", "dump", errno);
				return;
			}
			for (nlh = (struct nlmsghdr *)buf; NLMSG_OK(nlh, len);
			     nlh = NLMSG_NEXT(nlh, len)) {
				replies++;
				if (nlh->nlmsg_flags & NLM_F_DUMP_INTR)
					intr = 1;
				if (nlh->nlmsg_type == NLMSG_DONE) {
					done = 1;
				} else if (nlh->nlmsg_type == NLMSG_ERROR) {
					err = -((struct nlmsgerr *)NLMSG_DATA(nlh))->error;
					done = 1;
				} else if (nlh->nlmsg_type == family) {
					check_attrs(nlh);
				}
			}
		}
		if (err == ENOENT) {
			dl_unloaded++;
			family = 0;
		} else if (err) {
			dl_refused++;
			errnos[err < 256 ? err : 0]++;
		} else if (intr) {
			dl_interrupted++;
		} else {
			dl_complete++;
		}
	}
	printf("nlfuzz: dump loop: %lu complete, %lu interrupted, %lu while unloaded, %lu refused (",
	       dl_complete, dl_interrupted, dl_unloaded, dl_refused);
	for (k = 0; k < 256; k++)
		if (errnos[k])
			printf(" %s %lu", strerrorname_np(k) ?: "?", errnos[k]);
	printf(" ), violations %lu\n", violations);
}

/* ---- setup ---- */

static uint16_t resolve_family(int fd)
{
	struct msg m;
	struct nlmsghdr *nlh = msg_start(&m, GENL_ID_CTRL, NLM_F_REQUEST, CTRL_CMD_GETFAMILY);
	uint8_t buf[BUF];
	ssize_t n;

	((struct genlmsghdr *)NLMSG_DATA(nlh))->version = 1;
	put_str(&m, CTRL_ATTR_FAMILY_NAME, RDMACTL_GENL_NAME);
	nlh->nlmsg_len = m.len;
	if (send(fd, m.buf, m.len, 0) < 0)
		return 0;
	n = recv(fd, buf, sizeof(buf), 0);
	nlh = (struct nlmsghdr *)buf;
	if (n < (ssize_t)NLMSG_HDRLEN || nlh->nlmsg_type == NLMSG_ERROR)
		return 0;
	{
		uint8_t *p = (uint8_t *)NLMSG_DATA(nlh) + GENL_HDRLEN;
		int rem = (int)nlh->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;

		while (rem >= NLA_HDRLEN) {
			struct nlattr *nla = (struct nlattr *)p;

			if (nla->nla_type == CTRL_ATTR_FAMILY_ID)
				return *(uint16_t *)(p + NLA_HDRLEN);
			rem -= NLA_ALIGN(nla->nla_len);
			p += NLA_ALIGN(nla->nla_len);
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long count = 10000, i;
	unsigned int loop_secs = 0;
	uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	long uid = -1;
	int fd, opt;

	while ((opt = getopt(argc, argv, "n:s:u:d:i:D:")) != -1) {
		switch (opt) {
		case 'D':
			loop_secs = strtoul(optarg, NULL, 0);
			break;
		case 'n':
			count = strtoul(optarg, NULL, 0);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'u':
			uid = strtol(optarg, NULL, 0);
			break;
		case 'd':
			if (ndevs < 16)
				devs[ndevs++] = optarg;
			break;
		case 'i':
			if (nifnames < 16)
				ifnames[nifnames++] = optarg;
			break;
		default:
			fprintf(stderr, "usage: nlfuzz [-n COUNT] [-s SEED] [-u UID] [-d DEV]... [-i IFNAME]...\n"
					"       nlfuzz -D SECONDS\n");
			return 2;
		}
	}
	if (uid >= 0) {
		if (setgroups(0, NULL) || setgid(uid) || setuid(uid)) {
			perror("nlfuzz: dropping privileges");
			return 2;
		}
		privileged = 0;
	}
	rng = seed ? seed : 1;
	fd = nl_open();
	if (loop_secs) {
		dump_loop(fd, loop_secs);
		return violations ? 1 : 0;
	}
	family = resolve_family(fd);
	if (!family) {
		fprintf(stderr, "nlfuzz: no rdmactl family: is rdmactl.ko loaded?\n");
		return 2;
	}

	for (i = 0; i < count; i++) {
		struct msg m;
		uint8_t cmd;
		int intact = 1;

		switch (pick(20)) {
		case 0:
			dump();
			continue;
		case 1 ... 7:
			random_request(&m, &cmd);
			intact = 0;
			break;
		case 8 ... 17:
			valid_request(&m, &cmd);
			intact = !mutate(&m);
			break;
		default:
			valid_request(&m, &cmd);
			break;
		}
		send_msg(fd, &m, cmd, intact);
		drain(fd, 0);
		/* Now and then a fresh socket, dropping whatever was left. */
		if (pick(500) == 0) {
			close(fd);
			fd = nl_open();
		}
	}
	drain(fd, 0);
	close(fd);

	printf("nlfuzz: seed %#llx, uid %ld: %lu messages (%lu dumps, %lu abandoned), %lu replies, %lu acks ok, %lu errors (EINVAL %lu, ENODEV %lu, EPERM %lu, EOPNOTSUPP %lu, ERANGE %lu), ENOBUFS %lu, violations %lu\n",
	       (unsigned long long)seed, uid < 0 ? (long)getuid() : uid, sent, dumps, abandoned,
	       replies, acks_ok, errors, errnos[EINVAL], errnos[ENODEV], errnos[EPERM],
	       errnos[EOPNOTSUPP], errnos[ERANGE], enobufs, violations);
	return violations ? 1 : 0;
}
