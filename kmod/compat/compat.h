/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included into every file of rdmactl.ko. Kernel API differences are
 * decided by the probes in probes/ (see probe.sh), compiled against the
 * target kernel, never by its version number: distributions backport.
 * Everything version-dependent the module uses is wrapped here.
 */
#ifndef _RDMACTL_COMPAT_H
#define _RDMACTL_COMPAT_H

/* Before any kernel header, so every file of the module gets it. */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/netlink.h>
#include <net/genetlink.h>
#include <rdma/ib_verbs.h>

#include "generated.h"

#ifdef HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#ifdef HAVE_GENL_INFO_DUMP
static inline struct nlattr **rdmactl_dump_attrs(struct netlink_callback *cb)
{
	return genl_info_dump(cb)->attrs;
}
#else
static inline struct nlattr **rdmactl_dump_attrs(struct netlink_callback *cb)
{
	return genl_dumpit_info(cb)->attrs;
}
#endif

#ifdef HAVE_GENL_RESV_START_OP
#define RDMACTL_GENL_RESV_START_OP .resv_start_op = 0,
#else
#define RDMACTL_GENL_RESV_START_OP
#endif

/* The identity mapping, for vfs_mkdir() and vfs_rmdir() on our own mount. */
#ifdef HAVE_VFS_MKDIR_IDMAP
#define RDMACTL_NOP_IDMAP (&nop_mnt_idmap)
#else
#define RDMACTL_NOP_IDMAP (&init_user_ns)
#endif

/* The netdev of a RoCE or iWARP port, with a reference, or NULL. */
#ifdef HAVE_IB_DEVICE_GET_NETDEV
static inline struct net_device *rdmactl_port_netdev(struct ib_device *ibdev,
						     u32 port)
{
	return ib_device_get_netdev(ibdev, port);
}
#else
struct net_device *rdmactl_port_netdev(struct ib_device *ibdev, u32 port);
#endif

/*
 * An extack message with arguments, and the attribute it is about. Where
 * the kernel has no buffer for formatted messages (NL_SET_ERR_MSG_FMT,
 * 6.2), the text goes to a small ring of static buffers: the message is
 * read back when the ACK is built, right after the handler returns.
 */
#define RDMACTL_ERR_MSG_LEN 80
#ifdef NL_SET_ERR_MSG_FMT
#define rdmactl_err_fmt(extack, attr, fmt, ...)				\
	do {								\
		struct netlink_ext_ack *__ext = (extack);		\
		NL_SET_ERR_MSG_FMT(__ext, fmt, ##__VA_ARGS__);		\
		NL_SET_BAD_ATTR(__ext, attr);				\
	} while (0)
#else
const char *rdmactl_compat_fmt(const char *fmt, ...) __printf(1, 2);
#define rdmactl_err_fmt(extack, attr, fmt, ...)				\
	do {								\
		struct netlink_ext_ack *__ext = (extack);		\
		if (__ext) {						\
			__ext->_msg = rdmactl_compat_fmt(fmt, ##__VA_ARGS__); \
			NL_SET_BAD_ATTR(__ext, attr);			\
		}							\
	} while (0)
#endif

#endif /* _RDMACTL_COMPAT_H */
