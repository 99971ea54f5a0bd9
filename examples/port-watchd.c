// SPDX-License-Identifier: MIT
/*
 * port-watchd: a daemon-style librdmactl subscriber. It keeps a table of
 * every port's state from one dump, keeps it current from events in an
 * epoll loop, lists again when events were lost, and prints each change.
 *
 *   port-watchd [SECONDS]     (stop after SECONDS, default: run forever)
 *
 * Build: cc port-watchd.c $(pkg-config --cflags --libs rdmactl)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <time.h>

#include <librdmactl.h>

#define MAX_PORTS 4096

static struct port {
	char name[RDMACTL_DEV_NAME_MAX + 12];
	int state;
} ports[MAX_PORTS];
static int nports;

static struct port *port_find(const char *dev, unsigned int num)
{
	char name[sizeof(ports[0].name)];
	int i;

	snprintf(name, sizeof(name), "%s/%u", dev, num);
	for (i = 0; i < nports; i++)
		if (!strcmp(ports[i].name, name))
			return &ports[i];
	if (nports == MAX_PORTS)
		return NULL;
	strcpy(ports[nports].name, name);
	ports[nports].state = -1;
	return &ports[nports++];
}

static void port_set(const char *dev, unsigned int num, int state, const char *why)
{
	struct port *p = port_find(dev, num);

	if (p && p->state != state) {
		printf("%s %s -> %s (%s)\n", p->name,
		       p->state < 0 ? "?" : rdmactl_port_state_name(p->state),
		       rdmactl_port_state_name(state), why);
		fflush(stdout);
		p->state = state;
	}
}

static int on_port(const struct rdmactl_port_info *p, void *arg)
{
	(void)arg;
	port_set(p->dev_name, p->port, p->state, "listed");
	return 0;
}

static int resync(struct rdmactl *h)
{
	int err;

	do
		err = rdmactl_port_list(h, NULL, 0, on_port, NULL);
	while (err == -EINTR);
	return err;
}

static int on_event(const struct rdmactl_event_info *ev, void *arg)
{
	struct rdmactl *h = arg;

	if (ev->type == RDMACTL_EVENT_LOST) {
		printf("events lost: listing again\n");
		return resync(h);
	}
	if ((ev->present & RDMACTL_EVENT_HAS_STATE) && (ev->present & RDMACTL_EVENT_HAS_DEV))
		port_set(ev->dev_name, ev->port, ev->state, rdmactl_event_name(ev->type));
	if (ev->type == RDMACTL_EVENT_DEV_ADD)
		return resync(h);
	return 0;
}

int main(int argc, char **argv)
{
	time_t end = argc > 1 ? time(NULL) + atoi(argv[1]) : 0;
	struct epoll_event e = { .events = EPOLLIN };
	struct rdmactl *events, *h;
	int ep, err;

	if (rdmactl_open(&events) || rdmactl_open(&h)) {
		fprintf(stderr, "port-watchd: cannot reach rdmactl.ko\n");
		return 1;
	}
	/* Subscribe first, then list: nothing falls between the two. */
	if (rdmactl_events_subscribe(events) || resync(h)) {
		fprintf(stderr, "port-watchd: %s\n", rdmactl_errmsg(events));
		return 1;
	}
	fcntl(rdmactl_fd(events), F_SETFL, O_NONBLOCK);
	ep = epoll_create1(0);
	epoll_ctl(ep, EPOLL_CTL_ADD, rdmactl_fd(events), &e);
	printf("watching %d ports\n", nports);
	fflush(stdout);

	while (!end || time(NULL) < end) {
		if (epoll_wait(ep, &e, 1, 200) <= 0)
			continue;
		do
			err = rdmactl_events_read(events, on_event, h);
		while (!err);
		if (err != -EAGAIN && err != -EINTR) {
			fprintf(stderr, "port-watchd: %s\n", rdmactl_errmsg(events));
			return 1;
		}
	}
	rdmactl_close(events);
	rdmactl_close(h);
	return 0;
}
