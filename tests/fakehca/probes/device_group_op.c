// SPDX-License-Identifier: GPL-2.0
/*
 * 5.15: a driver's sysfs device attributes (mlx5's board_id, hca_type)
 * are ib_device_ops.device_group, replacing rdma_set_device_sysfs_group().
 */
#include <rdma/ib_verbs.h>

static const struct attribute_group probe_group;

const struct ib_device_ops probe_ops = { .device_group = &probe_group };
