// SPDX-License-Identifier: GPL-2.0
/*
 * Before 5.15: ops.create_qp allocates the QP and returns it (destroy_qp
 * frees it). The form that 5.15 changed (qp_core_alloc); probed so that a
 * kernel with neither stops the build.
 */
#include <rdma/ib_verbs.h>

static struct ib_qp *probe(struct ib_pd *pd, struct ib_qp_init_attr *init,
			   struct ib_udata *udata)
{
	return NULL;
}

const struct ib_device_ops probe_ops = { .create_qp = probe };
