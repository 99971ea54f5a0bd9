// SPDX-License-Identifier: GPL-2.0
/*
 * 5.14: ops.alloc_hw_stats(dev, port), port 0 meaning the device, split
 * into alloc_hw_port_stats() and alloc_hw_device_stats().
 */
#include <rdma/ib_verbs.h>

static struct rdma_hw_stats *probe(struct ib_device *ibdev)
{
	return NULL;
}

const struct ib_device_ops probe_ops = { .alloc_hw_device_stats = probe };
