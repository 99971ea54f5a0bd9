/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Counter names: the PMA's, and node_exporter's for --node-exporter-names. */
#ifndef RDMACTL_EXPORTER_NAMES_H
#define RDMACTL_EXPORTER_NAMES_H

#include <stdbool.h>

#include "librdmactl.h"

/* Whether name is one of the IB PMA's counters (Documentation/counters.md). */
bool exp_is_pma_name(const char *name);

/*
 * node_exporter's infiniband collector's name for the counter (without
 * _total), or NULL when it has none.
 */
const char *exp_node_counter_name(const struct rdmactl_counter *c);

#endif
