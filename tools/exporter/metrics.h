/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The families of a scrape, written by the file of their object
 * (metrics.c, ports.c, qos.c, ipoib.c, counters.c) through one writer
 * (format.c): Prometheus's text format 0.0.4, or OpenMetrics 1.0.
 */
#ifndef RDMACTL_EXPORTER_METRICS_H
#define RDMACTL_EXPORTER_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exporter.h"

enum exp_kind { EXP_COUNTER, EXP_GAUGE, EXP_INFO };

/* What a sample's name adds to its family's, by kind: "_total", "", "_info". */
extern const char *const exp_kind_suffix[];

struct exp_out {
	struct buf *b;
	bool om;
	/*
	 * Each port's labels, escaped once: [1] device, port and link_layer;
	 * [0] device and port (node_exporter's names). Then each device's own
	 * (port "0"), after the ports.
	 */
	char **labels[2];
};

/* format.c: room for n more bytes; false (and oom set) when there is none. */
bool exp_reserve(struct buf *b, size_t n);
/* One sample, NAME{LABELS} V, labels already escaped (exp_out.labels). */
void exp_sample(struct buf *b, const char *name, const char *suffix, const char *labels,
		uint64_t v);
/* A family's HELP and TYPE; its samples are named base + kind's suffix. */
void exp_family(struct exp_out *o, const char *base, enum exp_kind k, const char *help);
/*
 * A sample label by label: exp_begin(), then exp_label() (or
 * exp_port_labels()) for each, then exp_end_u64() or exp_end_double()
 * with the value.
 */
void exp_begin(struct exp_out *o, const char *base, enum exp_kind k);
void exp_label(struct buf *b, const char *key, const char *v);
void exp_port_labels(struct buf *b, const struct rdmactl_port_info *p, bool link_layer);
void exp_end_u64(struct buf *b, uint64_t v);
void exp_end_double(struct buf *b, double v);
/* Every port's and device's label strings; false without memory. */
bool exp_make_labels(struct exp_out *o, const struct exp_snapshot *s);
void exp_free_labels(struct exp_out *o, size_t n);
/* g as 0123:4567:89ab:cdef, into out (20 bytes at least). */
const char *exp_guid(char *out, uint64_t g);

/* The families of each object, in the order a scrape has them. */
void exp_port_metrics(struct exp_out *o, const struct exp_snapshot *s);	/* ports.c */
void exp_qos_metrics(struct exp_out *o, const struct exp_snapshot *s);	/* qos.c */
void exp_ipoib_metrics(struct exp_out *o, const struct exp_snapshot *s);	/* ipoib.c */
void exp_counter_metrics(struct exp_out *o, const struct exp_snapshot *s);	/* counters.c */

#endif
