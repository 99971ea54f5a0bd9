// SPDX-License-Identifier: GPL-2.0
/* Before 5.15: rdma_set_device_sysfs_group() sets a driver's device attributes. */
#include <rdma/ib_verbs.h>

static const struct attribute_group probe_group;

void probe(struct ib_device *ibdev)
{
	rdma_set_device_sysfs_group(ibdev, &probe_group);
}
