// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A port's snapshot with ib_core's totals (RDMACTL_STAT_CORE): the driver
 * counters rdmactl.ko read from its own object lack the counts of QPs
 * bound to counters (ib_core adds them back, as sysfs does) and every
 * optional counter (on in ib_core's object only); core.c asks ib_core.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Where s has the driver counter name (the last, were there two), or s->num_counters. */
static size_t merge_find(const struct rdmactl_stat *s, const char *name)
{
	size_t j;

	for (j = s->num_counters; j-- > 0;)
		if (s->counters[j].source == RDMACTL_SOURCE_DRIVER &&
		    !strcmp(s->counters[j].name, name))
			return j;
	return s->num_counters;
}

/*
 * Merge ib_core's totals into a port's snapshot. Each driver counter
 * ib_core reports takes its value, marked CORE; one rdmactl.ko lacks
 * is an optional counter, appended, marked OPTIONAL. core_ns says when
 * ib_core read them (it reads the driver afresh on every request). The
 * result lives in merged until the caller frees merged->counters and
 * *names. Not for a baselined snapshot: its baseline is of rdmactl.ko's
 * values. 1: merged; 0: ib_core had nothing to add (left as it was).
 */
int rdmactl_core_merge(struct rdmactl *h, const struct rdmactl_stat *s,
		       struct rdmactl_stat *merged, char **names)
{
	struct rdmactl_core_values v;
	size_t i, j, extra = 0;
	int err;

	*names = NULL;
	err = rdmactl_core_values(h, s->dev_index, s->port, &v);
	if (err || !v.n) {
		rdmactl_core_values_free(&v);
		return err;
	}
	for (i = 0; i < v.n; i++)
		extra += merge_find(s, v.c[i].name) == s->num_counters;
	*merged = *s;
	merged->counters = calloc(s->num_counters + extra, sizeof(*merged->counters));
	if (!merged->counters) {
		rdmactl_core_values_free(&v);
		return -ENOMEM;
	}
	memcpy(merged->counters, s->counters, s->num_counters * sizeof(*s->counters));
	merged->num_counters = s->num_counters;
	for (i = 0; i < v.n; i++) {
		struct rdmactl_counter *c;

		j = merge_find(s, v.c[i].name);
		if (j < s->num_counters) {
			c = &merged->counters[j];
		} else {
			c = &merged->counters[merged->num_counters++];
			c->name = v.c[i].name;
			c->source = RDMACTL_SOURCE_DRIVER;
			c->width = 64;
			c->flags = RDMACTL_COUNTER_F_WRAPS | RDMACTL_COUNTER_F_OPTIONAL;
		}
		c->value = v.c[i].value;
		c->flags |= RDMACTL_COUNTER_F_CORE;
	}
	merged->hw_partial = 0;
	merged->core_ns = v.ns;
	free(v.c);
	*names = v.names;
	return 1;
}
