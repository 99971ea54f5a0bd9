// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nlraw: send one hand-made request to the rdmactl family and print what
 * comes back, so tests can check how the module treats any input.
 *
 *   nlraw [--dump] [--small] [--after CMD] [--version N] [--flags HEX]
 *         [--tail HEX] CMD [TYPE:KIND:VALUE ...]
 *   nlraw --number NAME
 *
 * CMD and TYPE are numbers or uapi names without their prefix (DEV_GET,
 * DEV_INDEX...). --tail appends raw bytes after the attributes.
 * --small reads with a 4 KiB buffer, so the kernel builds a dump one
 * small message at a time, and says on stderr how many reads carried
 * replies ("nlraw: N reads"); --after CMD runs CMD once the first reply
 * arrived (while the dump is still in progress). Dump messages flagged
 * NLM_F_DUMP_INTR print as "msg intr", its end so flagged as "done intr".
 * KIND is u8, u16, u32, u64, str (no NUL), strz, or hex (raw bytes).
 * Prints one line per reply message ("msg ATTR=VALUE ..."), then
 * "error ERRNO: MESSAGE" or "done". Exits 0 when the kernel said yes.
 * --number prints the value of a name, for reading replies' attributes.
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libmnl/libmnl.h>
#include <linux/genetlink.h>

#include "librdmactl.h"

static uint16_t family;

/* Every op and attribute of the spec: DEV_GET, DEV_INDEX... */
#include "nlraw-names.h"

/* A number, or a uapi name without its prefix (nlraw-names.h). */
static unsigned long number(const char *s)
{
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strncmp(s, names[i].name, strlen(names[i].name)) &&
		    (s[strlen(names[i].name)] == '\0' || s[strlen(names[i].name)] == ':'))
			return names[i].value;
	return strtoul(s, NULL, 0);
}

static int ctrl_attr(const struct nlattr *a, void *data)
{
	if (mnl_attr_get_type(a) == CTRL_ATTR_FAMILY_ID)
		*(uint16_t *)data = mnl_attr_get_u16(a);
	return MNL_CB_OK;
}

static int ctrl_msg(const struct nlmsghdr *nlh, void *data)
{
	return mnl_attr_parse(nlh, sizeof(struct genlmsghdr), ctrl_attr, data);
}

static void put_attr(struct nlmsghdr *nlh, char *spec)
{
	char *kind = strchr(spec, ':'), *val;
	unsigned long type = number(spec);

	if (!kind || !(val = strchr(kind + 1, ':'))) {
		fprintf(stderr, "nlraw: attribute \"%s\" is not TYPE:KIND:VALUE\n", spec);
		exit(2);
	}
	*val++ = '\0';
	kind++;
	if (!strcmp(kind, "u8"))
		mnl_attr_put_u8(nlh, type, strtoul(val, NULL, 0));
	else if (!strcmp(kind, "u16"))
		mnl_attr_put_u16(nlh, type, strtoul(val, NULL, 0));
	else if (!strcmp(kind, "u32"))
		mnl_attr_put_u32(nlh, type, strtoul(val, NULL, 0));
	else if (!strcmp(kind, "u64"))
		mnl_attr_put_u64(nlh, type, strtoull(val, NULL, 0));
	else if (!strcmp(kind, "str"))
		mnl_attr_put_str(nlh, type, val);
	else if (!strcmp(kind, "strz"))
		mnl_attr_put_strz(nlh, type, val);
	else if (!strcmp(kind, "hex")) {
		unsigned char buf[512];
		size_t n = 0;

		for (; val[0] && val[1] && n < sizeof(buf); val += 2)
			sscanf(val, "%2hhx", &buf[n++]);
		mnl_attr_put(nlh, type, n, buf);
	} else {
		fprintf(stderr, "nlraw: unknown kind \"%s\"\n", kind);
		exit(2);
	}
}

/*
 * A NUL-terminated run of printable characters: a string, whatever its
 * length ("fakeib0" with its NUL is 8 bytes, a u64's length).
 */
static bool is_string(const struct nlattr *a, uint16_t len)
{
	const char *p = mnl_attr_get_payload(a);
	uint16_t i;

	if (len < 2 || p[len - 1])
		return false;
	for (i = 0; i < len - 1; i++)
		if (!isprint((unsigned char)p[i]))
			return false;
	return true;
}

static int print_msg(const struct nlmsghdr *nlh)
{
	const struct nlattr *a;

	printf("msg%s", nlh->nlmsg_flags & NLM_F_DUMP_INTR ? " intr" : "");
	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr)) {
		uint16_t len = mnl_attr_get_payload_len(a);

		if (is_string(a, len))
			printf(" %u=%.*s", mnl_attr_get_type(a), len - 1,
			       (const char *)mnl_attr_get_payload(a));
		else if (len == 4)
			printf(" %u=%u", mnl_attr_get_type(a), mnl_attr_get_u32(a));
		else if (len == 1)
			printf(" %u=%u", mnl_attr_get_type(a), mnl_attr_get_u8(a));
		else if (len == 8)
			printf(" %u=%llu", mnl_attr_get_type(a),
			       (unsigned long long)mnl_attr_get_u64(a));
		else
			printf(" %u=%.*s", mnl_attr_get_type(a), len, (const char *)mnl_attr_get_payload(a));
	}
	printf("\n");
	return 0;
}

/*
 * The error code and extack message of an NLMSG_ERROR or NLMSG_DONE, and
 * how many reads the answer took when that was asked for (reads > 0).
 */
static int print_end(const struct nlmsghdr *nlh, int err, size_t tlv_off, int reads)
{
	const struct nlattr *a;
	const char *msg = "";

	if (reads)
		fprintf(stderr, "nlraw: %d reads\n", reads);

	if (nlh->nlmsg_flags & NLM_F_ACK_TLVS)
		mnl_attr_for_each(a, nlh, tlv_off)
			if (mnl_attr_get_type(a) == NLMSGERR_ATTR_MSG)
				msg = mnl_attr_get_str(a);
	if (!err) {
		printf("done%s\n", nlh->nlmsg_flags & NLM_F_DUMP_INTR ? " intr" : "");
		return 0;
	}
	printf("error %d: %s\n", -err, msg);
	return 1;
}

int main(int argc, char **argv)
{
	char buf[65536];
	struct mnl_socket *nl;
	struct nlmsghdr *nlh;
	struct genlmsghdr *g;
	unsigned int seq = (unsigned int)time(NULL), portid, flags = 0;
	const char *tail = NULL, *after = NULL;
	size_t bufsize;
	int received = 0, reads = 0;
	int dump = 0, small = 0, version = RDMACTL_GENL_VERSION, one = 1, i = 1;
	ssize_t n;

	if (argc == 3 && !strcmp(argv[1], "--number")) {
		printf("%lu\n", number(argv[2]));
		return 0;
	}
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--dump"))
			dump = 1;
		else if (!strcmp(argv[i], "--version") && i + 1 < argc)
			version = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--small"))
			small = 1;
		else if (!strcmp(argv[i], "--after") && i + 1 < argc)
			after = argv[++i];
		else if (!strcmp(argv[i], "--tail") && i + 1 < argc)
			tail = argv[++i];
		else if (!strcmp(argv[i], "--flags") && i + 1 < argc)
			flags = strtoul(argv[++i], NULL, 16);
	}
	bufsize = small ? 4096 : sizeof(buf);
	if (i >= argc) {
		fprintf(stderr, "usage: nlraw [--dump] [--small] [--after CMD] [--version N] [--flags HEX] [--tail HEX] CMD [TYPE:KIND:VALUE ...]\n");
		return 2;
	}

	nl = mnl_socket_open(NETLINK_GENERIC);
	if (!nl || mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		perror("nlraw: socket");
		return 1;
	}
	portid = mnl_socket_get_portid(nl);
	mnl_socket_setsockopt(nl, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(nl, NETLINK_CAP_ACK, &one, sizeof(one));

	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_flags = NLM_F_REQUEST;
	nlh->nlmsg_seq = ++seq;
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = CTRL_CMD_GETFAMILY;
	g->version = 1;
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, RDMACTL_GENL_NAME);
	mnl_socket_sendto(nl, nlh, nlh->nlmsg_len);
	/* Every read sizes the kernel's dump messages: keep them all small. */
	n = mnl_socket_recvfrom(nl, buf, bufsize);
	if (n < 0 || mnl_cb_run(buf, n, seq, portid, ctrl_msg, &family) < 0 || !family) {
		printf("error %d: no rdmactl family\n", ENOENT);
		return 1;
	}

	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = family;
	nlh->nlmsg_flags = NLM_F_REQUEST | (dump ? NLM_F_DUMP : NLM_F_ACK) | flags;
	nlh->nlmsg_seq = ++seq;
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = (uint8_t)number(argv[i++]);
	g->version = (uint8_t)version;
	for (; i < argc; i++)
		put_attr(nlh, argv[i]);
	for (; tail && tail[0] && tail[1]; tail += 2)
		sscanf(tail, "%2hhx", (unsigned char *)nlh + nlh->nlmsg_len++);
	mnl_socket_sendto(nl, nlh, nlh->nlmsg_len);

	for (;;) {
		int left;

		n = mnl_socket_recvfrom(nl, buf, bufsize);
		if (n < 0) {
			perror("nlraw: recv");
			return 1;
		}
		/* A dump's first read may be empty (its reads started): not a reply. */
		if (after && n > 0 && received++ == 0 && system(after) != 0)
			fprintf(stderr, "nlraw: \"%s\" failed\n", after);
		left = (int)n;
		for (nlh = (struct nlmsghdr *)buf; mnl_nlmsg_ok(nlh, left);
		     nlh = mnl_nlmsg_next(nlh, &left)) {
			if (nlh->nlmsg_type == NLMSG_ERROR) {
				const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);

				return print_end(nlh, e->error, sizeof(*e), small ? reads : 0);
			}
			if (nlh->nlmsg_type == NLMSG_DONE) {
				int err;

				memcpy(&err, mnl_nlmsg_get_payload(nlh), sizeof(err));
				return print_end(nlh, err, sizeof(err), small ? reads : 0);
			}
			print_msg(nlh);
			/* Reads that carried replies, not only the end. */
			if ((char *)nlh == buf)
				reads++;
		}
	}
}
