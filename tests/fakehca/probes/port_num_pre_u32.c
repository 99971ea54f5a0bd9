// SPDX-License-Identifier: GPL-2.0
/*
 * Before 5.13: the driver ops take port numbers as u8. The form that 5.13
 * changed (port_num_u32); probed so that a kernel with neither stops the
 * build.
 */
#include <rdma/ib_verbs.h>

static int probe(struct ib_device *ibdev, u8 port_num, struct ib_port_attr *attr)
{
	return 0;
}

const struct ib_device_ops probe_ops = { .query_port = probe };
