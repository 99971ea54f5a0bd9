/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rdmactl-exporter: Prometheus metrics of every RDMA port.
 *
 * Three threads share what this header declares:
 *   - libmicrohttpd's, one per connection (http.c), which render
 *     (metrics.c) the current snapshot and the port states;
 *   - the collector (snapshot.c), the only one that reads counters: one
 *     snapshot at a time, shared by every scrape that asked for it and
 *     reused by those that come within --cache seconds;
 *   - the event listener (events.c), which keeps each port's state, counts
 *     its changes as they happen, and follows rdmactl.ko being unloaded
 *     and loaded again (the control family's notifications).
 * Lock order: exporter.snap_lock, then exporter.state_lock; neither is held across
 * a netlink request.
 */
#ifndef RDMACTL_EXPORTER_H
#define RDMACTL_EXPORTER_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "librdmactl.h"

/* A growing text buffer; oom is set (and text dropped) when it cannot grow. */
struct buf {
	char *p;
	size_t len, cap;
	bool oom;
};

void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_free(struct buf *b);

/* One RDMA port, as one snapshot saw it. */
struct exp_port {
	struct rdmactl_port_info info;
	struct rdmactl_stat *stat;		/* NULL: no counters */
	uint32_t gids[RDMACTL_GID_TYPE_IWARP + 1];	/* entries per enum rdmactl_gid_type */
	bool has_roce;
	struct rdmactl_roce_info roce;
	bool has_qos;
	struct rdmactl_qos_info qos;		/* rdmactl_qos_list()'s (qos.c) */
};

struct exp_dev {
	struct rdmactl_dev_info info;
	int err;				/* 0, or why the device could not be read */
	int read_error;				/* its counter reads fail: -errno (kernel) */
	struct rdmactl_stat *stat;		/* the device's own counters, or NULL */
	size_t first_port, num_ports;		/* in exp_snapshot.ports */
};

struct exp_snapshot {
	unsigned int refs;			/* under exporter.snap_lock */
	int err;				/* 0, or why there is nothing (module gone) */
	bool incomplete;			/* the device list changed during every try */
	uint64_t taken_ns;			/* CLOCK_MONOTONIC, when it began */
	double duration;			/* seconds it took */
	uint64_t mads;				/* PMA MADs it cost (counters.md) */
	struct exp_dev *devs;
	size_t num_devs;
	struct exp_port *ports;
	size_t num_ports;
	struct rdmactl_ipoib_info *ipoib;
	size_t num_ipoib;
};

/* A port's state as the events keep it (events.c). */
struct exp_pstate {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	uint8_t state, phys_state;
	uint64_t changes;			/* every PORT_ACTIVE/PORT_ERR event */
	double last_change;			/* Unix time; 0: none seen */
};

struct exp_options {
	const char *listen;
	char **include, **exclude;		/* NULL-terminated glob lists */
	double cache;				/* seconds a snapshot is reused */
	double timeout;				/* seconds a scrape waits at most */
	unsigned int max_connections;
	bool node_exporter_names;
};

struct exp_state {
	struct exp_options opt;

	pthread_mutex_t snap_lock;
	pthread_cond_t snap_cond;
	struct exp_snapshot *snap;		/* the newest, or NULL */
	uint64_t snap_gen;			/* bumped with each new snapshot */
	bool want, collecting, stopping;
	uint64_t snapshots, timeouts, failures;
	uint64_t scrapes[2];			/* answered in text, in OpenMetrics */

	pthread_mutex_t state_lock;
	struct exp_pstate *ports;
	size_t num_ports, cap_ports;
	bool module_loaded;
	uint64_t module_gen;			/* bumped when the family (re)appears */
	uint64_t module_loads, events, resyncs;
};

extern struct exp_state exporter;

/* Whether a device passes --include-devices and --exclude-devices. */
bool exp_device_wanted(const char *name);

/* snapshot.c */
int exp_collector_start(void);
void exp_snapshot_put(struct exp_snapshot *s);
/*
 * A snapshot no older than --cache, taken for this call or shared with
 * concurrent ones; NULL when none came within timeout seconds (-ETIMEDOUT)
 * or there is no memory. Release with exp_snapshot_put().
 */
struct exp_snapshot *exp_snapshot_get(double timeout, int *err);

/* events.c */
int exp_events_start(void);

/* metrics.c: the text of one scrape, OpenMetrics or Prometheus 0.0.4. */
void exp_render(struct buf *b, const struct exp_snapshot *s, bool openmetrics);

/* http.c */
int exp_http_start(void);

double exp_mono_now(void);
double exp_real_now(void);

#endif
