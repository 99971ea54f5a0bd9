// SPDX-License-Identifier: GPL-2.0
/* 6.1: genl_family.resv_start_op, strict headers and policies per op. */
#include <net/genetlink.h>

struct genl_family probe_family = { .resv_start_op = 0 };
