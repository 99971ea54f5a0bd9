// SPDX-License-Identifier: GPL-2.0
/*
 * 6.14: ib_core allocates a QP counter at the driver's size
 * (INIT_RDMA_OBJ_SIZE(rdma_counter, ...)) and always calls counter_init().
 */
#include <rdma/ib_verbs.h>
#include <rdma/rdma_counter.h>

struct probe_counter {
	struct rdma_counter rdma_counter;
};

static void probe(struct rdma_counter *counter)
{
}

const struct ib_device_ops probe_ops = {
	.counter_init = probe,
	INIT_RDMA_OBJ_SIZE(rdma_counter, probe_counter, rdma_counter),
};
