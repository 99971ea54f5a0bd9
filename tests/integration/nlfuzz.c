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
 *
 * What each command takes, and each attribute's type and limits, comes
 * from the netlink spec (nlfuzz-requests.h, generated); nlfuzz.h lists
 * the other parts.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "nlfuzz.h"

uint16_t family;
const char *devs[16], *ifnames[16];
int ndevs, nifnames, privileged = 1;

/* A dump on a socket of its own: read all of it, or one reply and close. */
static void dump(void)
{
	const struct fuzz_op *op;
	int fd = nl_open(), abandon = pick(2);
	struct msg m;

	do
		op = &ops[pick(nops)];
	while (!op->dumpit.ok);
	msg_start(&m, family, NLM_F_REQUEST | NLM_F_DUMP | (pick(2) ? NLM_F_ACK : 0), op->cmd);
	/* Filters now and then: most dumps are of everything. */
	put_attrs(&m, &op->dumpit, 4);
	if (pick(5) == 0)
		mutate(&m, &op->dumpit);
	send_msg(fd, &m, op->cmd, 1);
	dumps++;
	if (abandon) {
		abandoned++;
		drain(fd, 0);
	} else {
		drain(fd, 1);
	}
	close(fd);
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
		const struct fuzz_op *op;
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
			op = valid_request(&m);
			cmd = op->cmd;
			intact = !mutate(&m, &op->doit);
			break;
		default:
			cmd = valid_request(&m)->cmd;
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
