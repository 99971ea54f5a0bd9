// SPDX-License-Identifier: GPL-2.0
/*
 * 5.19: the capabilities only kernel users see (IBK_*, such as
 * IBK_LOCAL_DMA_LKEY) moved from device_cap_flags to kernel_cap_flags.
 */
#include <rdma/ib_verbs.h>

void probe(struct ib_device_attr *attr);
void probe(struct ib_device_attr *attr)
{
	attr->kernel_cap_flags = IBK_LOCAL_DMA_LKEY;
}
