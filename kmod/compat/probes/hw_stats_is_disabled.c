// SPDX-License-Identifier: GPL-2.0
/*
 * 5.16: struct rdma_hw_stats has an is_disabled bitmap (counters a driver
 * may leave off), so it is freed with rdma_free_hw_stats_struct(), no
 * longer with kfree().
 */
#include <rdma/ib_verbs.h>

bool probe(struct rdma_hw_stats *stats);
bool probe(struct rdma_hw_stats *stats)
{
	bool off = test_bit(0, stats->is_disabled);

	rdma_free_hw_stats_struct(stats);
	return off;
}
