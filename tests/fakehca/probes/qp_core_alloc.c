// SPDX-License-Identifier: GPL-2.0
/*
 * 5.15: ib_core allocates struct ib_qp (INIT_RDMA_OBJ_SIZE) and
 * ops.create_qp fills it in; before, create_qp allocated it and returned
 * it, and destroy_qp freed it.
 */
#include <rdma/ib_verbs.h>

struct probe_qp {
	struct ib_qp ibqp;
};

static int probe(struct ib_qp *ibqp, struct ib_qp_init_attr *init, struct ib_udata *udata)
{
	return 0;
}

const struct ib_device_ops probe_ops = {
	.create_qp = probe,
	INIT_RDMA_OBJ_SIZE(ib_qp, probe_qp, ibqp),
};
