// SPDX-License-Identifier: GPL-2.0
/*
 * Before 5.19: IB_DEVICE_LOCAL_DMA_LKEY is one of device_cap_flags. The
 * form that 5.19 changed (kernel_cap_flags); probed so that a kernel with
 * neither stops the build.
 */
#include <rdma/ib_verbs.h>

void probe(struct ib_device_attr *attr);
void probe(struct ib_device_attr *attr)
{
	attr->device_cap_flags |= IB_DEVICE_LOCAL_DMA_LKEY;
}
