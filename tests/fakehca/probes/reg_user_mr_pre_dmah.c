// SPDX-License-Identifier: GPL-2.0
/*
 * Before 6.17: ops.reg_user_mr(pd, start, length, virt, access, udata).
 * The form that 6.17 changed (reg_user_mr_dmah); probed so that a kernel
 * with neither stops the build.
 */
#include <rdma/ib_verbs.h>

static struct ib_mr *probe(struct ib_pd *pd, u64 start, u64 length, u64 virt, int access,
			   struct ib_udata *udata)
{
	return NULL;
}

const struct ib_device_ops probe_ops = { .reg_user_mr = probe };
