// SPDX-License-Identifier: GPL-2.0
/*
 * 6.12: the feature NETIF_F_NETNS_LOCAL became dev->netns_local. A form
 * that a later kernel renamed (netns_immutable); probed so that a kernel
 * with none of the three stops the build.
 */
#include <linux/netdevice.h>

void probe(struct net_device *dev);
void probe(struct net_device *dev)
{
	dev->netns_local = true;
}
