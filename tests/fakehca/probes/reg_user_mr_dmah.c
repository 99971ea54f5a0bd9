// SPDX-License-Identifier: GPL-2.0
/*
 * 6.17: ops.reg_user_mr takes a struct ib_dmah * (a DMA handle user space
 * may give with the MR), before the ib_udata.
 */
#include <rdma/ib_verbs.h>

static struct ib_mr *probe(struct ib_pd *pd, u64 start, u64 length, u64 virt, int access,
			   struct ib_dmah *dmah, struct ib_udata *udata)
{
	return NULL;
}

const struct ib_device_ops probe_ops = { .reg_user_mr = probe };
