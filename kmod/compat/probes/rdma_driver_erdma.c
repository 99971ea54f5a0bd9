// SPDX-License-Identifier: GPL-2.0
/* 5.17: erdma's RDMA_DRIVER_ERDMA (RHEL 9 reserves its value without the name). */
#include <rdma/ib_verbs.h>

enum rdma_driver_id probe(void);
enum rdma_driver_id probe(void)
{
	return RDMA_DRIVER_ERDMA;
}
