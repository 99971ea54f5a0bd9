// SPDX-License-Identifier: GPL-2.0
/*
 * Before 6.12: a device that may not change network namespaces has the
 * feature NETIF_F_NETNS_LOCAL. The form that 6.12 changed (netns_local);
 * probed so that a kernel with none of the three stops the build.
 */
#include <linux/netdevice.h>

void probe(struct net_device *dev);
void probe(struct net_device *dev)
{
	dev->features |= NETIF_F_NETNS_LOCAL;
}
