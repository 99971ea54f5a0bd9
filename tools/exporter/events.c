// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The event listener: every port's state, kept current by rdmactl's
 * "events" group rather than by polling, so that a link that flaps between
 * two scrapes is counted. It also follows rdmactl.ko itself: the generic
 * netlink controller announces a family's registration and removal to its
 * "notify" group, so an unloaded module is seen at once and a reloaded one
 * is subscribed to again, without a timer.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>

#include "exporter.h"

static struct rdmactl *ev;		/* subscribed to "events" */
static struct rdmactl *req;		/* this thread's requests */

/* Under exporter.state_lock. */
static struct exp_pstate *find(uint32_t dev_index, uint32_t port)
{
	size_t i;

	for (i = 0; i < exporter.num_ports; i++)
		if (exporter.ports[i].dev_index == dev_index && exporter.ports[i].port == port)
			return &exporter.ports[i];
	return NULL;
}

/* Under exporter.state_lock; NULL when there is no memory (then it is not kept). */
static struct exp_pstate *add(uint32_t dev_index, const char *dev_name, uint32_t port)
{
	struct exp_pstate *p = find(dev_index, port);

	if (p)
		return p;
	if (exporter.num_ports == exporter.cap_ports) {
		size_t cap = exporter.cap_ports ? exporter.cap_ports * 2 : 16;

		p = reallocarray(exporter.ports, cap, sizeof(*p));
		if (!p)
			return NULL;
		exporter.ports = p;
		exporter.cap_ports = cap;
	}
	p = &exporter.ports[exporter.num_ports++];
	memset(p, 0, sizeof(*p));
	p->dev_index = dev_index;
	snprintf(p->dev_name, sizeof(p->dev_name), "%s", dev_name);
	p->port = port;
	return p;
}

/* Under exporter.state_lock. */
static void forget_dev(uint32_t dev_index)
{
	size_t i = 0;

	while (i < exporter.num_ports) {
		if (exporter.ports[i].dev_index == dev_index)
			exporter.ports[i] = exporter.ports[--exporter.num_ports];
		else
			i++;
	}
}

/* A CLOCK_MONOTONIC time of the kernel's, as Unix time. */
static double real_time(uint64_t mono_ns)
{
	return exp_real_now() - (exp_mono_now() - mono_ns / 1e9);
}

struct resync {
	bool count;			/* a state unlike the kept one is a change */
	bool failed;
};

static int resync_cb(const struct rdmactl_port_info *info, void *arg)
{
	struct resync *r = arg;
	struct exp_pstate *p;
	bool known;

	if (!exp_device_wanted(info->dev_name))
		return 0;
	pthread_mutex_lock(&exporter.state_lock);
	known = find(info->dev_index, info->port);
	p = add(info->dev_index, info->dev_name, info->port);
	if (!p) {
		r->failed = true;
	} else {
		/* Events were lost: at least one change happened, maybe more. */
		if (known && r->count && p->state != info->state) {
			p->changes++;
			p->last_change = exp_real_now();
		}
		p->state = info->state;
		p->phys_state = info->phys_state;
		snprintf(p->dev_name, sizeof(p->dev_name), "%s", info->dev_name);
	}
	pthread_mutex_unlock(&exporter.state_lock);
	return 0;
}

/* Read one device's ports' states again: when it was added, or in resync_all(). */
static void resync(const char *dev, bool count)
{
	struct resync r = { .count = count };
	int err, tries = 0;

	do {
		err = rdmactl_port_list(req, dev, 0, resync_cb, &r);
	} while (err == -EINTR && ++tries < 3);
	if (err && err != -ENODEV)
		fprintf(stderr, "rdmactl-exporter: reading %s's port states: %s\n", dev,
			rdmactl_errmsg(req));
	if (r.failed)
		fprintf(stderr, "rdmactl-exporter: out of memory: some port states are not kept\n");
}

struct names {
	char (*name)[RDMACTL_DEV_NAME_MAX];
	size_t n;
	bool failed;
};

static int names_cb(const struct rdmactl_dev_info *d, void *arg)
{
	struct names *l = arg;
	char (*p)[RDMACTL_DEV_NAME_MAX];

	if (!exp_device_wanted(d->name))
		return 0;
	p = reallocarray(l->name, l->n + 1, sizeof(*p));
	if (!p) {
		l->failed = true;
		return 0;
	}
	l->name = p;
	snprintf(l->name[l->n++], sizeof(*p), "%s", d->name);
	return 0;
}

/*
 * Every wanted device's ports, after events were lost or rdmactl.ko
 * appeared: device by device, so that an excluded one is not asked.
 */
static void resync_all(bool count)
{
	struct names l = { 0 };
	int err, tries = 0;
	size_t i;

	do {
		l.n = 0;
		err = rdmactl_dev_list(req, NULL, names_cb, &l);
	} while (err == -EINTR && ++tries < 3);
	if (err)
		fprintf(stderr, "rdmactl-exporter: listing devices: %s\n", rdmactl_errmsg(req));
	if (l.failed)
		fprintf(stderr, "rdmactl-exporter: out of memory: some devices' states are not kept\n");
	for (i = 0; i < l.n; i++)
		resync(l.name[i], count);
	free(l.name);
}

/*
 * Events were lost: every port is read again when the socket is drained,
 * or after this many reads (an overrun leaves a few hundred queued).
 */
static bool resync_due;
#define EXP_DRAIN_MAX 4096

/* Whether the events socket has something to read now. */
static bool events_pending(void)
{
	struct pollfd p = { .fd = rdmactl_fd(ev), .events = POLLIN };

	return poll(&p, 1, 0) > 0;
}

static int event_cb(const struct rdmactl_event_info *e, void *arg)
{
	struct exp_pstate *p;

	(void)arg;
	pthread_mutex_lock(&exporter.state_lock);
	exporter.events++;
	if (e->type == RDMACTL_EVENT_LOST)
		exporter.resyncs++;
	pthread_mutex_unlock(&exporter.state_lock);

	switch (e->type) {
	case RDMACTL_EVENT_LOST:
		/*
		 * What the socket still holds was queued before the loss (an
		 * overrun drops the newest): the ports are read again once it is
		 * drained, so that no older event undoes the read (listener()).
		 */
		fprintf(stderr, "rdmactl-exporter: events were lost; reading every port again\n");
		resync_due = true;
		return 0;
	case RDMACTL_EVENT_DEV_ADD:
		if (exp_device_wanted(e->dev_name))
			resync(e->dev_name, false);
		return 0;
	case RDMACTL_EVENT_DEV_REMOVE:
		pthread_mutex_lock(&exporter.state_lock);
		forget_dev(e->dev_index);
		pthread_mutex_unlock(&exporter.state_lock);
		return 0;
	case RDMACTL_EVENT_DEV_RENAME:
		/* The name decides whether it is wanted: start it afresh. */
		pthread_mutex_lock(&exporter.state_lock);
		forget_dev(e->dev_index);
		pthread_mutex_unlock(&exporter.state_lock);
		if (exp_device_wanted(e->dev_name))
			resync(e->dev_name, false);
		return 0;
	}
	if (!(e->present & RDMACTL_EVENT_HAS_PORT) || !(e->present & RDMACTL_EVENT_HAS_STATE) ||
	    !exp_device_wanted(e->dev_name))
		return 0;
	pthread_mutex_lock(&exporter.state_lock);
	p = add(e->dev_index, e->dev_name, e->port);
	if (p) {
		/*
		 * The state an event carries is the port's when the event was
		 * queued, which may already be the next one's: the change is the
		 * event, not a difference of states.
		 */
		if (e->type == RDMACTL_EVENT_PORT_ACTIVE || e->type == RDMACTL_EVENT_PORT_ERR) {
			p->changes++;
			p->last_change = real_time(e->timestamp_ns);
		}
		p->state = e->state;
		p->phys_state = e->phys_state;
	}
	pthread_mutex_unlock(&exporter.state_lock);
	if (!p)
		fprintf(stderr, "rdmactl-exporter: out of memory: %s port %u's state is not kept\n",
			e->dev_name, e->port);
	return 0;
}

static void close_handles(void)
{
	if (ev)
		rdmactl_close(ev);
	if (req)
		rdmactl_close(req);
	ev = req = NULL;
}

static void module_gone(void)
{
	close_handles();
	pthread_mutex_lock(&exporter.state_lock);
	if (exporter.module_loaded)
		fprintf(stderr, "rdmactl-exporter: rdmactl.ko was unloaded\n");
	exporter.module_loaded = false;
	exporter.module_gen++;
	exporter.num_ports = 0;
	pthread_mutex_unlock(&exporter.state_lock);
}

/*
 * (Re)open and subscribe, then read every port: nothing falls between the
 * two. first: at start; else rdmactl.ko appeared, or the events socket
 * failed and its states are checked again.
 */
static int module_came(bool first)
{
	bool was;
	int err;

	close_handles();
	err = rdmactl_open(&req);
	if (!err)
		err = rdmactl_open(&ev);
	if (!err)
		err = rdmactl_events_subscribe(ev);
	if (!err && fcntl(rdmactl_fd(ev), F_SETFL, O_NONBLOCK) < 0)
		err = -errno;
	if (err) {
		if (err != -ENOENT)
			fprintf(stderr, "rdmactl-exporter: cannot subscribe to rdmactl's events: %s\n",
				strerror(-err));
		module_gone();
		return err;
	}
	pthread_mutex_lock(&exporter.state_lock);
	was = exporter.module_loaded;
	exporter.module_loaded = true;
	if (!was) {
		exporter.module_gen++;
		exporter.num_ports = 0;
		if (!first) {
			exporter.module_loads++;
			fprintf(stderr, "rdmactl-exporter: rdmactl.ko was loaded\n");
		}
	}
	pthread_mutex_unlock(&exporter.state_lock);
	resync_all(was);
	return 0;
}

/* The controller's notifications: 1 rdmactl registered, -1 removed, 0 else. */
struct ctrl_msg {
	int change;
};

static int ctrl_attr_cb(const struct nlattr *a, void *arg)
{
	const char **name = arg;

	if (mnl_attr_get_type(a) == CTRL_ATTR_FAMILY_NAME &&
	    mnl_attr_validate(a, MNL_TYPE_NUL_STRING) >= 0)
		*name = mnl_attr_get_str(a);
	return MNL_CB_OK;
}

static int ctrl_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct genlmsghdr *g = mnl_nlmsg_get_payload(nlh);
	struct ctrl_msg *m = arg;
	const char *name = NULL;

	if (nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(*g))
		return MNL_CB_OK;
	if (g->cmd != CTRL_CMD_NEWFAMILY && g->cmd != CTRL_CMD_DELFAMILY)
		return MNL_CB_OK;
	mnl_attr_parse(nlh, sizeof(*g), ctrl_attr_cb, &name);
	if (name && !strcmp(name, RDMACTL_GENL_NAME))
		m->change = g->cmd == CTRL_CMD_NEWFAMILY ? 1 : -1;
	return MNL_CB_OK;
}

static void *listener(void *arg)
{
	struct mnl_socket *ctrl = arg;
	char buf[MNL_SOCKET_BUFFER_SIZE];
	unsigned int drained = 0;	/* reads since events were lost */

	module_came(true);
	for (;;) {
		struct pollfd fds[2] = {
			{ .fd = mnl_socket_get_fd(ctrl), .events = POLLIN },
			{ .fd = ev ? rdmactl_fd(ev) : -1, .events = POLLIN },
		};
		int err;

		if (poll(fds, 2, -1) < 0)
			continue;
		if (fds[0].revents) {
			struct ctrl_msg m = { 0 };
			ssize_t n = mnl_socket_recvfrom(ctrl, buf, sizeof(buf));

			if (n < 0 && errno == ENOBUFS) {
				/* Notifications lost: ask whether rdmactl is there. */
				m.change = 1;
			} else if (n > 0) {
				mnl_cb_run(buf, n, 0, 0, ctrl_cb, &m);
			}
			if (m.change > 0)
				module_came(false);
			else if (m.change < 0)
				module_gone();
		}
		if (ev && fds[1].revents) {
			err = rdmactl_events_read(ev, event_cb, NULL);
			if (err && err != -EAGAIN && err != -EINTR) {
				fprintf(stderr, "rdmactl-exporter: reading events: %s\n",
					rdmactl_errmsg(ev));
				pthread_mutex_lock(&exporter.state_lock);
				exporter.resyncs++;
				pthread_mutex_unlock(&exporter.state_lock);
				resync_due = false;
				drained = 0;
				module_came(false);
			} else if (resync_due && ev &&
				   (!events_pending() || ++drained > EXP_DRAIN_MAX)) {
				/* Drained, or a storm that never lets it be. */
				resync_due = false;
				drained = 0;
				resync_all(true);
			}
		}
	}
	return NULL;
}

int exp_events_start(void)
{
	struct mnl_socket *ctrl = mnl_socket_open(NETLINK_GENERIC);
	unsigned int group = GENL_ID_CTRL;	/* the controller's "notify" group */
	pthread_t t;
	int err;

	if (!ctrl)
		return -errno;
	if (mnl_socket_bind(ctrl, 0, MNL_SOCKET_AUTOPID) < 0 ||
	    mnl_socket_setsockopt(ctrl, NETLINK_ADD_MEMBERSHIP, &group, sizeof(group)) < 0) {
		err = -errno;
		mnl_socket_close(ctrl);
		return err;
	}
	err = pthread_create(&t, NULL, listener, ctrl);
	if (err) {
		mnl_socket_close(ctrl);
		return -err;
	}
	pthread_detach(t);
	return 0;
}
