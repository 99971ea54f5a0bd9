// SPDX-License-Identifier: GPL-2.0
/*
 * 5.12: ib_port_immutable_read() is exported; before, a port's immutable
 * data was read straight from ibdev->port_data[].
 * symbol: ib_port_immutable_read
 */
#include <rdma/ib_verbs.h>

int probe(struct ib_device *ibdev);
int probe(struct ib_device *ibdev)
{
	return ib_port_immutable_read(ibdev, 1)->gid_tbl_len;
}
