// SPDX-License-Identifier: GPL-2.0
/*
 * 6.2: dcbnl_rtnl_ops.dcbnl_setapptrust and dcbnl_getapptrust, the order
 * of APP selectors a port classifies by (`dcb apptrust`), and with them
 * the selector DCB_APP_SEL_PCP (net: dcb: add new pcp selector to app
 * object; the same series). Debian's 6.1 and RHEL 9 have neither.
 */
#include <linux/errno.h>
#include <net/dcbnl.h>

static int probe_set(struct net_device *dev, u8 *selectors, int nselectors)
{
	return selectors[0] == DCB_APP_SEL_PCP ? 0 : -EOPNOTSUPP;
}

static int probe_get(struct net_device *dev, u8 *selectors, int *nselectors)
{
	*nselectors = 0;
	return 0;
}

const struct dcbnl_rtnl_ops probe_ops = {
	.dcbnl_setapptrust = probe_set,
	.dcbnl_getapptrust = probe_get,
};
