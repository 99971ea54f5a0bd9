// SPDX-License-Identifier: GPL-2.0
/* 6.10: ops.create_cq takes a uverbs_attr_bundle instead of ib_udata. */
#include <rdma/ib_verbs.h>

int probe(struct ib_cq *cq, const struct ib_cq_init_attr *attr,
	  struct uverbs_attr_bundle *attrs);
int probe(struct ib_cq *cq, const struct ib_cq_init_attr *attr,
	  struct uverbs_attr_bundle *attrs)
{
	return 0;
}

const struct ib_device_ops probe_ops = { .create_cq = probe };
