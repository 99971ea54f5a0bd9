/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Counter names: the PMA's, node_exporter's for --node-exporter-names, and
 * the metric names and help of every counter.
 */
#ifndef RDMACTL_EXPORTER_NAMES_H
#define RDMACTL_EXPORTER_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "librdmactl.h"

/* Whether name is one of the IB PMA's counters (Documentation/counters.md). */
bool exp_is_pma_name(const char *name);

/*
 * node_exporter's infiniband collector's name for the counter (without
 * _total), or NULL when it has none.
 */
const char *exp_node_counter_name(const struct rdmactl_counter *c);

/* The metric of a driver counter that has a meaning: this, then the meaning. */
#define EXP_MEANING_PREFIX "rdma_transport_"

/*
 * A counter's metric name, without _total, for a port or device of that
 * driver; true when it is node_exporter's (node_names: --node-exporter-names).
 */
bool exp_counter_name(char *out, size_t size, const struct rdmactl_counter *c,
		      const char *driver, bool node_names);

/* The HELP of a family, named family, whose first counter is c. */
void exp_counter_help(char *out, size_t size, const char *family, const struct rdmactl_counter *c);

#endif
