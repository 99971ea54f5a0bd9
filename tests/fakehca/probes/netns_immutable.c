// SPDX-License-Identifier: GPL-2.0
/*
 * After 6.12 (Debian's 6.12 has it backported): a device that may not
 * change network namespaces is dev->netns_immutable, renamed from
 * netns_local.
 */
#include <linux/netdevice.h>

void probe(struct net_device *dev);
void probe(struct net_device *dev)
{
	dev->netns_immutable = true;
}
