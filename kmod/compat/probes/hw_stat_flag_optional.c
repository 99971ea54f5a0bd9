// SPDX-License-Identifier: GPL-2.0
/*
 * 5.16: a driver's hw counter may be optional (IB_STAT_FLAG_OPTIONAL in its
 * descriptor), off until `rdma statistic set ... optional-counters` turns
 * it on in ib_core's own stats object, which no other object follows.
 */
#include <rdma/ib_verbs.h>

bool probe(const struct rdma_hw_stats *stats);
bool probe(const struct rdma_hw_stats *stats)
{
	return stats->descs[0].flags & IB_STAT_FLAG_OPTIONAL;
}
