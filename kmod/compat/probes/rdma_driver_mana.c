// SPDX-License-Identifier: GPL-2.0
/* 6.2: mana_ib, and RDMA_DRIVER_MANA after 5.17's RDMA_DRIVER_ERDMA. */
#include <rdma/ib_verbs.h>

enum rdma_driver_id probe(void);
enum rdma_driver_id probe(void)
{
	return RDMA_DRIVER_MANA;
}
