/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The verbs API differences the fake HCA meets, decided by the probes in
 * probes/ (compiled by kmod/compat/probe.sh into generated.h), never by
 * the kernel's version number. A kernel with none of the known forms of
 * an API stops the build here.
 */
#ifndef _FAKEHCA_COMPAT_H
#define _FAKEHCA_COMPAT_H

#include <linux/netdevice.h>
#include <rdma/ib_verbs.h>

#include "generated.h"

/* A port number, as the driver ops take it. */
#if defined(HAVE_PORT_NUM_U32)
typedef u32 fake_port_t;
#elif defined(HAVE_PORT_NUM_PRE_U32)
typedef u8 fake_port_t;
#else
#error "rdmactl_fakehca: no known type of port numbers in ib_device_ops"
#endif

/* Capabilities only kernel users see: IBK_LOCAL_DMA_LKEY. */
#if defined(HAVE_KERNEL_CAP_FLAGS)
#define fake_set_local_dma_lkey(attr) ((attr)->kernel_cap_flags |= IBK_LOCAL_DMA_LKEY)
#elif defined(HAVE_LOCAL_DMA_LKEY_PRE_KERNEL_CAP)
#define fake_set_local_dma_lkey(attr) ((attr)->device_cap_flags |= IB_DEVICE_LOCAL_DMA_LKEY)
#else
#error "rdmactl_fakehca: no known form of the local DMA lkey capability"
#endif

#if !defined(HAVE_QP_CORE_ALLOC) && !defined(HAVE_QP_PRE_CORE_ALLOC)
#error "rdmactl_fakehca: no known form of ib_device_ops.create_qp"
#endif
#if !defined(HAVE_ALLOC_HW_PORT_STATS) && !defined(HAVE_ALLOC_HW_STATS_PRE_SPLIT)
#error "rdmactl_fakehca: no known form of ib_device_ops.alloc_hw_stats"
#endif
#if !defined(HAVE_RDMA_STAT_DESC) && !defined(HAVE_HW_STATS_PRE_STAT_DESC)
#error "rdmactl_fakehca: no known form of hw counter names (rdma_stat_desc, names)"
#endif

#if !defined(HAVE_DEVICE_GROUP_OP) && !defined(HAVE_DEVICE_GROUP_PRE_OP)
#error "rdmactl_fakehca: no known way to give a device sysfs attributes"
#endif

/* fakeeth (ethdev.c): a netdev that may not move to another namespace. */
#if defined(HAVE_NETNS_IMMUTABLE)
#define fake_set_netns_local(dev) ((dev)->netns_immutable = true)
#elif defined(HAVE_NETNS_LOCAL)
#define fake_set_netns_local(dev) ((dev)->netns_local = true)
#elif defined(HAVE_NETNS_LOCAL_FEATURE)
#define fake_set_netns_local(dev) ((dev)->features |= NETIF_F_NETNS_LOCAL)
#else
#error "rdmactl_fakehca: no known way to keep a netdev in its network namespace"
#endif

#endif /* _FAKEHCA_COMPAT_H */
