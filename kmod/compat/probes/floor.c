// SPDX-License-Identifier: GPL-2.0
/*
 * Not an API difference: the floor. rdmactl supports Linux 6.1 and later
 * and uses what came before without a fallback: u32 port numbers (5.13),
 * alloc_hw_port_stats (5.14), struct rdma_stat_desc (5.16) and
 * genl_ops.resv_start_op (6.1). probe.sh stops the build when this fails.
 */
#include <net/genetlink.h>
#include <rdma/ib_verbs.h>

int probe(struct ib_device *ibdev, struct genl_ops *op, struct ib_port_attr *attr);
int probe(struct ib_device *ibdev, struct genl_ops *op, struct ib_port_attr *attr)
{
	int (*query)(struct ib_device *dev, u32 port, struct ib_port_attr *a);
	const struct rdma_stat_desc *desc = NULL;

	query = ibdev->ops.query_port;
	op->validate = 0;
	return query(ibdev, 1, attr) + !ibdev->ops.alloc_hw_port_stats + !desc +
	       offsetof(struct genl_family, resv_start_op);
}
