// SPDX-License-Identifier: GPL-2.0
/*
 * nlfuzz -D SECONDS: the stress test's dump loop. Every op that dumps,
 * in turn, each dump read to its end, while the module is unloaded and
 * loaded under it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>

#include "nlfuzz.h"

static unsigned long dl_complete, dl_interrupted, dl_unloaded, dl_refused;

/* The next op that dumps, after the k-th of the table. */
static const struct fuzz_op *next_dump(unsigned int *k)
{
	const struct fuzz_op *op;

	do
		op = &ops[(*k)++ % nops];
	while (!op->dumpit.ok);
	return op;
}

/*
 * Dump every command over and over for secs seconds, each to its end: it
 * must end complete or carry NLM_F_DUMP_INTR. While the module is away
 * (ENOENT, or the family unknown) look it up again: a reloaded module's
 * family has a new id.
 */
void dump_loop(int fd, unsigned int secs)
{
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
		msg_start(&m, family, NLM_F_REQUEST | NLM_F_DUMP, next_dump(&k)->cmd);
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
