// SPDX-License-Identifier: GPL-2.0
/*
 * 5.16: optional hw counters: a descriptor flagged IB_STAT_FLAG_OPTIONAL
 * is off until `rdma statistic set ... optional-counters` turns it on
 * through ops.modify_hw_stat().
 */
#include <rdma/ib_verbs.h>

static int probe(struct ib_device *ibdev, u32 port, unsigned int index, bool enable)
{
	return 0;
}

const struct ib_device_ops probe_ops = { .modify_hw_stat = probe };
const struct rdma_stat_desc probe_desc = { .name = "probe", .flags = IB_STAT_FLAG_OPTIONAL };
