// SPDX-License-Identifier: GPL-2.0
/*
 * Before 5.14: one ops.alloc_hw_stats(dev, port), port 0 meaning the
 * device. The form that 5.14 split (alloc_hw_port_stats); probed so that
 * a kernel with neither stops the build.
 */
#include <rdma/ib_verbs.h>

struct rdma_hw_stats *probe(struct ib_device *ibdev);
struct rdma_hw_stats *probe(struct ib_device *ibdev)
{
	return ibdev->ops.alloc_hw_stats(ibdev, 0);
}
