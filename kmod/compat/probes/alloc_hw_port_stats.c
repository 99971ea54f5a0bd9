// SPDX-License-Identifier: GPL-2.0
/*
 * 5.14: ops.alloc_hw_stats(dev, port), port 0 meaning the device, split
 * into alloc_hw_port_stats() and alloc_hw_device_stats().
 */
#include <rdma/ib_verbs.h>

struct rdma_hw_stats *probe(struct ib_device *ibdev);
struct rdma_hw_stats *probe(struct ib_device *ibdev)
{
	return ibdev->ops.alloc_hw_device_stats(ibdev) ?: ibdev->ops.alloc_hw_port_stats(ibdev, 1);
}
