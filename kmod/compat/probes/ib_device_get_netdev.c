// SPDX-License-Identifier: GPL-2.0
/*
 * 6.12: ib_device_get_netdev() is exported (it was private to ib_core).
 * symbol: ib_device_get_netdev
 */
#include <rdma/ib_verbs.h>

struct net_device *probe(struct ib_device *ibdev);
struct net_device *probe(struct ib_device *ibdev)
{
	return ib_device_get_netdev(ibdev, 1);
}
