// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nlsub: an rdmactl events subscriber written against libnl-3's generic
 * netlink API, as a daemon with a libnl event loop would be. It needs
 * nothing of librdmactl, only the uapi header. Prints "EVENT_TYPE SEQ
 * DEV" per event for SECONDS seconds.
 *
 *   nlsub SECONDS
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>

#include <linux/rdmactl.h>

static int on_msg(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[RDMACTL_A_MAX + 1];
	struct genlmsghdr *g = nlmsg_data(nlmsg_hdr(msg));

	(void)arg;
	if (g->cmd != RDMACTL_CMD_EVENT ||
	    genlmsg_parse(nlmsg_hdr(msg), 0, tb, RDMACTL_A_MAX, NULL) < 0 ||
	    !tb[RDMACTL_A_EVENT_TYPE] || !tb[RDMACTL_A_EVENT_SEQ])
		return NL_SKIP;
	printf("%u %llu %s\n", nla_get_u8(tb[RDMACTL_A_EVENT_TYPE]),
	       (unsigned long long)nla_get_u64(tb[RDMACTL_A_EVENT_SEQ]),
	       tb[RDMACTL_A_DEV_NAME] ? nla_get_string(tb[RDMACTL_A_DEV_NAME]) : "-");
	fflush(stdout);
	return NL_OK;
}

int main(int argc, char **argv)
{
	time_t end = time(NULL) + (argc > 1 ? atoi(argv[1]) : 5);
	struct nl_sock *sk = nl_socket_alloc();
	int grp;

	if (!sk || genl_connect(sk) < 0) {
		fprintf(stderr, "nlsub: no generic netlink socket\n");
		return 1;
	}
	grp = genl_ctrl_resolve_grp(sk, RDMACTL_GENL_NAME, RDMACTL_MCGRP_EVENTS);
	if (grp < 0 || nl_socket_add_membership(sk, grp) < 0) {
		fprintf(stderr, "nlsub: cannot join %s/%s: %s\n", RDMACTL_GENL_NAME,
			RDMACTL_MCGRP_EVENTS, nl_geterror(grp));
		return 1;
	}
	nl_socket_disable_seq_check(sk);
	nl_socket_modify_cb(sk, NL_CB_VALID, NL_CB_CUSTOM, on_msg, NULL);
	nl_socket_set_nonblocking(sk);
	printf("subscribed\n");
	fflush(stdout);
	while (time(NULL) < end) {
		struct timespec ts = { 0, 50 * 1000 * 1000 };

		while (nl_recvmsgs_default(sk) >= 0)
			;
		nanosleep(&ts, NULL);
	}
	nl_socket_free(sk);
	return 0;
}
