// SPDX-License-Identifier: GPL-2.0
/*
 * 5.16: struct rdma_hw_stats names its counters through descs[] (struct
 * rdma_stat_desc: name, flags, priv), no longer a const char *names[].
 */
#include <rdma/ib_verbs.h>

const char *probe(const struct rdma_hw_stats *stats);
const char *probe(const struct rdma_hw_stats *stats)
{
	const struct rdma_stat_desc *desc = &stats->descs[0];

	return desc->name;
}
