// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The collector: the one thread that reads devices. A snapshot is every
 * wanted device's ports, counters, GID counts and RoCE defaults, and the
 * IPoIB interfaces; it is read device by device, so that devices left out
 * by --include-devices/--exclude-devices are never asked anything, and a
 * device that fails is marked without losing the others.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exporter.h"

/* A device list that changed under us is read again, this many times. */
#define EXP_TRIES 3

static struct rdmactl *h;
static uint64_t h_gen;

static int handle(void)
{
	uint64_t gen;
	int err;

	pthread_mutex_lock(&exporter.state_lock);
	gen = exporter.module_gen;
	pthread_mutex_unlock(&exporter.state_lock);
	if (h && h_gen == gen)
		return 0;
	/* rdmactl.ko came back: its family may have another id. */
	if (h)
		rdmactl_close(h);
	h = NULL;
	err = rdmactl_open(&h);
	if (err) {
		h = NULL;
		return err;
	}
	h_gen = gen;
	return 0;
}

static void drop_handle(void)
{
	if (h)
		rdmactl_close(h);
	h = NULL;
}

/* Grow an array of n elements of size sz to hold one more. */
static void *grow(void *p, size_t n, size_t *cap, size_t sz)
{
	size_t c = *cap ? *cap * 2 : 8;
	void *q;

	if (n < *cap)
		return p;
	q = reallocarray(p, c, sz);
	if (q)
		*cap = c;
	return q;
}

struct collect {
	struct exp_snapshot *s;
	size_t cap_devs, cap_ports, cap_ipoib;
	struct exp_dev *dev;			/* the device being read */
};

static int dev_cb(const struct rdmactl_dev_info *info, void *arg)
{
	struct collect *c = arg;
	struct exp_snapshot *s = c->s;
	struct exp_dev *d;

	if (!exp_device_wanted(info->name))
		return 0;
	d = grow(s->devs, s->num_devs, &c->cap_devs, sizeof(*d));
	if (!d)
		return -ENOMEM;
	s->devs = d;
	d = &s->devs[s->num_devs++];
	memset(d, 0, sizeof(*d));
	d->info = *info;
	return 0;
}

static int port_cb(const struct rdmactl_port_info *info, void *arg)
{
	struct collect *c = arg;
	struct exp_snapshot *s = c->s;
	struct exp_port *p = grow(s->ports, s->num_ports, &c->cap_ports, sizeof(*p));

	if (!p)
		return -ENOMEM;
	s->ports = p;
	p = &s->ports[s->num_ports++];
	memset(p, 0, sizeof(*p));
	p->info = *info;
	c->dev->num_ports++;
	return 0;
}

static struct exp_port *dev_port(struct collect *c, uint32_t port)
{
	struct exp_dev *d = c->dev;
	size_t i;

	/* Ports come numbered from 1, in order: look there first. */
	if (port >= 1 && port <= d->num_ports &&
	    c->s->ports[d->first_port + port - 1].info.port == port)
		return &c->s->ports[d->first_port + port - 1];
	for (i = 0; i < d->num_ports; i++)
		if (c->s->ports[d->first_port + i].info.port == port)
			return &c->s->ports[d->first_port + i];
	return NULL;
}

static int stat_cb(const struct rdmactl_stat *stat, void *arg)
{
	struct collect *c = arg;
	struct rdmactl_stat **slot;
	struct exp_port *p;

	if (stat->hw_error || stat->pma_error)
		c->dev->read_error = stat->hw_error ? stat->hw_error : stat->pma_error;
	if (stat->port == 0) {
		slot = &c->dev->stat;
	} else {
		p = dev_port(c, stat->port);
		if (!p)		/* a port the port list did not have yet */
			return 0;
		slot = &p->stat;
	}
	rdmactl_stat_free(*slot);
	*slot = rdmactl_stat_dup(stat);
	if (!*slot)
		return -ENOMEM;
	/*
	 * A read older than the snapshot's start was the kernel's cached one
	 * (counters.md: once per lifespan): it cost no MAD now.
	 */
	if (stat->pma_set && stat->timestamp_ns >= c->s->taken_ns)
		c->s->mads += stat->pma_set == RDMACTL_PMA_BASIC ? 1 : 2;
	return 0;
}

static int gid_cb(const struct rdmactl_gid_info *gid, void *arg)
{
	struct exp_port *p = dev_port(arg, gid->port);

	if (p && gid->type < sizeof(p->gids) / sizeof(p->gids[0]))
		p->gids[gid->type]++;
	return 0;
}

static int roce_cb(const struct rdmactl_roce_info *roce, void *arg)
{
	struct exp_port *p = dev_port(arg, roce->port);

	if (p) {
		p->has_roce = true;
		p->roce = *roce;
	}
	return 0;
}

static int qos_cb(const struct rdmactl_qos_info *qos, void *arg)
{
	struct exp_port *p = dev_port(arg, qos->port);

	if (p) {
		p->has_qos = true;
		p->qos = *qos;
	}
	return 0;
}

/* rdma_cm's defaults and the QoS chain of a device's RoCE ports. */
static int read_roce(struct collect *c, const char *name)
{
	int err = rdmactl_roce_list(h, name, 0, roce_cb, c);

	if (!err)
		err = rdmactl_qos_list(h, name, 0, qos_cb, c);
	return err == -EOPNOTSUPP ? 0 : err;	/* no RoCE port after all (iWARP) */
}

static int ipoib_cb(const struct rdmactl_ipoib_info *ib, void *arg)
{
	struct collect *c = arg;
	struct exp_snapshot *s = c->s;
	struct rdmactl_ipoib_info *p;

	if (!exp_device_wanted(ib->dev_name))
		return 0;
	p = grow(s->ipoib, s->num_ipoib, &c->cap_ipoib, sizeof(*p));
	if (!p)
		return -ENOMEM;
	s->ipoib = p;
	s->ipoib[s->num_ipoib++] = *ib;
	return 0;
}

static void clear_port_data(struct collect *c)
{
	struct exp_dev *d = c->dev;
	size_t i;

	rdmactl_stat_free(d->stat);
	d->stat = NULL;
	d->read_error = 0;
	for (i = 0; i < d->num_ports; i++) {
		struct exp_port *p = &c->s->ports[d->first_port + i];

		rdmactl_stat_free(p->stat);
		p->stat = NULL;
		memset(p->gids, 0, sizeof(p->gids));
		p->has_roce = false;
		p->has_qos = false;
	}
}

/* Everything of one device; its error, 0 when it was read whole. */
static int read_dev(struct collect *c)
{
	struct exp_dev *d = c->dev;
	const char *name = d->info.name;
	bool roce = false;
	int err, tries;
	size_t i;

	for (tries = 0; tries < EXP_TRIES; tries++) {
		c->s->num_ports = d->first_port;
		d->num_ports = 0;
		err = rdmactl_port_list(h, name, 0, port_cb, c);
		if (err != -EINTR)
			break;
	}
	if (err)
		return err;
	for (i = 0; i < d->num_ports; i++)
		if (c->s->ports[d->first_port + i].info.link_layer == RDMACTL_LINK_LAYER_ETHERNET)
			roce = true;
	for (tries = 0; tries < EXP_TRIES; tries++) {
		clear_port_data(c);
		/* ib_core's totals where rdmactl.ko's lack bound QPs or optional counters. */
		err = rdmactl_stat_list(h, name, 0, RDMACTL_STAT_CORE, stat_cb, c);
		if (!err)
			err = rdmactl_gid_list(h, name, 0, gid_cb, c);
		if (!err && roce)
			err = read_roce(c, name);
		if (err != -EINTR)
			break;
	}
	return err;
}

/* Errors of a handle whose family is gone: rdmactl.ko was unloaded. */
static bool family_gone(int err)
{
	return err == -ENOENT || err == -EOPNOTSUPP || err == -ECONNREFUSED;
}

static void collect(struct exp_snapshot *s)
{
	struct collect c = { .s = s };
	int err, tries;
	size_t i;

	err = handle();
	if (err) {
		s->err = err;
		return;
	}
	for (tries = 0; tries < EXP_TRIES; tries++) {
		s->num_devs = 0;
		err = rdmactl_dev_list(h, NULL, dev_cb, &c);
		if (err != -EINTR)
			break;
	}
	/* Devices came and went during every try: show what was read, as such. */
	s->incomplete = err == -EINTR;
	if (s->incomplete)
		fprintf(stderr, "rdmactl-exporter: devices changed during %d reads of the list: "
			"this snapshot may lack some\n", EXP_TRIES);
	if (err && err != -EINTR) {
		if (family_gone(err))
			drop_handle();
		s->err = err;
		return;
	}
	for (i = 0; i < s->num_devs; i++) {
		struct exp_dev *d = &s->devs[i];

		c.dev = d;
		d->first_port = s->num_ports;
		d->err = read_dev(&c);
		if (d->err && d->err != -ENODEV)
			fprintf(stderr, "rdmactl-exporter: %s: %s\n", d->info.name,
				rdmactl_errmsg(h));
		if (family_gone(d->err)) {
			drop_handle();
			s->err = d->err;
			return;
		}
	}
	err = rdmactl_ipoib_list(h, NULL, NULL, 0, ipoib_cb, &c);
	if (err && err != -ENODEV)
		fprintf(stderr, "rdmactl-exporter: IPoIB interfaces: %s\n", rdmactl_errmsg(h));
}

static void snapshot_free(struct exp_snapshot *s)
{
	size_t i;

	for (i = 0; i < s->num_devs; i++)
		rdmactl_stat_free(s->devs[i].stat);
	for (i = 0; i < s->num_ports; i++)
		rdmactl_stat_free(s->ports[i].stat);
	free(s->devs);
	free(s->ports);
	free(s->ipoib);
	free(s);
}

/* Under exporter.snap_lock. */
static void put_locked(struct exp_snapshot *s)
{
	if (s && !--s->refs)
		snapshot_free(s);
}

void exp_snapshot_put(struct exp_snapshot *s)
{
	pthread_mutex_lock(&exporter.snap_lock);
	put_locked(s);
	pthread_mutex_unlock(&exporter.snap_lock);
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void *collector(void *arg)
{
	struct exp_snapshot *s, *old;

	(void)arg;
	pthread_mutex_lock(&exporter.snap_lock);
	for (;;) {
		while (!exporter.want && !exporter.stopping)
			pthread_cond_wait(&exporter.snap_cond, &exporter.snap_lock);
		if (exporter.stopping)
			break;
		exporter.want = false;
		exporter.collecting = true;
		pthread_mutex_unlock(&exporter.snap_lock);

		s = calloc(1, sizeof(*s));
		if (s) {
			s->refs = 1;
			s->taken_ns = mono_ns();
			collect(s);
			s->duration = (mono_ns() - s->taken_ns) / 1e9;
		}

		pthread_mutex_lock(&exporter.snap_lock);
		exporter.collecting = false;
		exporter.snap_gen++;
		if (s) {
			old = exporter.snap;
			exporter.snap = s;
			exporter.snapshots++;
			put_locked(old);
		} else {
			exporter.failures++;
		}
		pthread_cond_broadcast(&exporter.snap_cond);
	}
	pthread_mutex_unlock(&exporter.snap_lock);
	return NULL;
}

struct exp_snapshot *exp_snapshot_get(double timeout, int *err)
{
	struct exp_snapshot *s = NULL;
	struct timespec deadline;
	uint64_t gen, failures;
	double t;

	clock_gettime(CLOCK_MONOTONIC, &deadline);
	t = deadline.tv_sec + deadline.tv_nsec / 1e9 + timeout;
	deadline.tv_sec = (time_t)t;
	deadline.tv_nsec = (long)((t - (double)deadline.tv_sec) * 1e9);

	pthread_mutex_lock(&exporter.snap_lock);
	s = exporter.snap;
	if (s && (mono_ns() - s->taken_ns) / 1e9 < exporter.opt.cache)
		goto out;
	/* Join the snapshot under way, or ask for one. */
	if (!exporter.collecting) {
		exporter.want = true;
		pthread_cond_broadcast(&exporter.snap_cond);
	}
	gen = exporter.snap_gen;
	failures = exporter.failures;
	while (exporter.snap_gen == gen) {
		if (pthread_cond_timedwait(&exporter.snap_cond, &exporter.snap_lock, &deadline) == ETIMEDOUT &&
		    exporter.snap_gen == gen) {
			exporter.timeouts++;
			*err = -ETIMEDOUT;
			s = NULL;
			goto unlock;
		}
	}
	/* No memory for a snapshot: the previous one is not passed off as new. */
	s = exporter.failures == failures ? exporter.snap : NULL;
	if (!s)
		*err = -ENOMEM;
out:
	if (s)
		s->refs++;
unlock:
	pthread_mutex_unlock(&exporter.snap_lock);
	return s;
}

int exp_collector_start(void)
{
	pthread_t t;
	int err = pthread_create(&t, NULL, collector, NULL);

	if (!err)
		pthread_detach(t);
	return -err;
}
