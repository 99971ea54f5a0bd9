// SPDX-License-Identifier: GPL-2.0
/*
 * Before 5.16: hw counters are described by an array of names. The form
 * that 5.16 changed (rdma_stat_desc); probed so that a kernel with neither
 * stops the build.
 */
#include <rdma/ib_verbs.h>

static const char * const probe_names[] = { "probe" };

struct rdma_hw_stats *probe(void);
struct rdma_hw_stats *probe(void)
{
	return rdma_alloc_hw_stats_struct(probe_names, ARRAY_SIZE(probe_names),
					  RDMA_HW_STATS_DEFAULT_LIFESPAN);
}
