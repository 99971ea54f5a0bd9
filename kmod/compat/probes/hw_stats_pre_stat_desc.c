// SPDX-License-Identifier: GPL-2.0
/*
 * Before 5.16: struct rdma_hw_stats names its counters through a
 * const char * const *names. The form that 5.16 changed (rdma_stat_desc);
 * probed so that a kernel with neither stops the build.
 */
#include <rdma/ib_verbs.h>

const char *probe(const struct rdma_hw_stats *stats);
const char *probe(const struct rdma_hw_stats *stats)
{
	const char * const *names = stats->names;

	return names[0];
}
