// SPDX-License-Identifier: GPL-2.0
/*
 * 5.16: hw counters are described by struct rdma_stat_desc (name, flags,
 * priv), no longer by an array of names.
 */
#include <rdma/ib_verbs.h>

static const struct rdma_stat_desc probe_descs[] = { { .name = "probe" } };

struct rdma_hw_stats *probe(void);
struct rdma_hw_stats *probe(void)
{
	return rdma_alloc_hw_stats_struct(probe_descs, ARRAY_SIZE(probe_descs),
					  RDMA_HW_STATS_DEFAULT_LIFESPAN);
}
