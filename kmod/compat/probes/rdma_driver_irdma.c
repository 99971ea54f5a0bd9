// SPDX-License-Identifier: GPL-2.0
/* 5.14: irdma replaced i40iw, and RDMA_DRIVER_IRDMA took i40iw's driver id. */
#include <rdma/ib_verbs.h>

enum rdma_driver_id probe(void);
enum rdma_driver_id probe(void)
{
	return RDMA_DRIVER_IRDMA;
}
