// SPDX-License-Identifier: GPL-2.0
/*
 * rtnl_lock_killable() is exported (4.20 to 6.x; 7.x keeps it for the
 * core alone).
 * symbol: rtnl_lock_killable
 */
#include <linux/rtnetlink.h>

int probe(void);
int probe(void)
{
	return rtnl_lock_killable();
}
