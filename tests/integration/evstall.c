// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * evstall: subscribe to events with a small socket buffer, stop reading
 * for SECONDS (while the test raises events), then read what is there.
 * Prints the events read, whether a loss was reported, and how many
 * ports a resynchronising dump found.
 *
 *   evstall SECONDS
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "librdmactl.h"

struct tally {
	int events;
	int lost;
	int ports;
};

static int on_event(const struct rdmactl_event_info *ev, void *arg)
{
	struct tally *t = arg;

	if (ev->type == RDMACTL_EVENT_LOST)
		t->lost++;
	else
		t->events++;
	return 0;
}

static int on_port(const struct rdmactl_port_info *p, void *arg)
{
	(void)p;
	((struct tally *)arg)->ports++;
	return 0;
}

int main(int argc, char **argv)
{
	struct tally t = { 0, 0, 0 };
	struct rdmactl *ev, *h;
	int small = 1, err;

	if (argc != 2 || rdmactl_open(&ev) || rdmactl_open(&h) || rdmactl_events_subscribe(ev)) {
		fprintf(stderr, "usage: evstall SECONDS (with rdmactl.ko loaded)\n");
		return 2;
	}
	setsockopt(rdmactl_fd(ev), SOL_SOCKET, SO_RCVBUF, &small, sizeof(small));
	printf("subscribed\n");
	fflush(stdout);
	sleep(atoi(argv[1]));

	fcntl(rdmactl_fd(ev), F_SETFL, O_NONBLOCK);
	do
		err = rdmactl_events_read(ev, on_event, &t);
	while (!err);
	rdmactl_port_list(h, NULL, 0, on_port, &t);
	printf("events %d lost %d resync_ports %d end %s\n", t.events, t.lost, t.ports,
	       err == -EAGAIN ? "drained" : "error");
	rdmactl_close(ev);
	rdmactl_close(h);
	return 0;
}
