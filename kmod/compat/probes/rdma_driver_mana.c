// SPDX-License-Identifier: GPL-2.0
/* 6.2: mana_ib's RDMA_DRIVER_MANA (RHEL 9 has it too). */
#include <rdma/ib_verbs.h>

enum rdma_driver_id probe(void);
enum rdma_driver_id probe(void)
{
	return RDMA_DRIVER_MANA;
}
