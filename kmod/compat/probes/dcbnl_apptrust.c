// SPDX-License-Identifier: GPL-2.0
/*
 * struct dcbnl_rtnl_ops has dcbnl_getapptrust and dcbnl_setapptrust, and
 * the uapi DCB_APP_SEL_PCP selector they use (6.2: "net: dcb: add new
 * apptrust attribute").
 */
#include <net/dcbnl.h>

int probe(void);
int probe(void)
{
	struct dcbnl_rtnl_ops ops = {};
	u8 sel[1] = { DCB_APP_SEL_PCP };
	int n = 1;

	return ops.dcbnl_getapptrust ? ops.dcbnl_getapptrust(NULL, sel, &n) : 0;
}
