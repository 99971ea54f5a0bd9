/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included into every file of rdmactl.ko. Kernel API differences are
 * decided by the probes in probes/ (see probe.sh), compiled against the
 * target kernel, never by its version number: distributions backport.
 * Everything version-dependent the module uses is wrapped here.
 */
#ifndef _RDMACTL_COMPAT_H
#define _RDMACTL_COMPAT_H

/*
 * Before any kernel header, so every file of the module gets it. DOCA-OFED's
 * compat header, force-included before this one, defines its own.
 */
#undef pr_fmt
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <net/genetlink.h>
#include <rdma/ib_verbs.h>

#include "generated.h"

#ifdef HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

/*
 * What the KUnit suites call is static unless the kernel has KUnit. Before
 * <kunit/visibility.h> (6.2), the same definitions here.
 */
#ifdef HAVE_KUNIT_VISIBILITY_H
#include <kunit/visibility.h>
#elif IS_ENABLED(CONFIG_KUNIT)
#define VISIBLE_IF_KUNIT
/* Exported in the namespace rdmactl_kunit.ko imports. */
#define EXPORT_SYMBOL_IF_KUNIT(symbol) EXPORT_SYMBOL_NS(symbol, EXPORTED_FOR_KUNIT_TESTING)
#else
#define VISIBLE_IF_KUNIT static
/* Not exported at all. */
#define EXPORT_SYMBOL_IF_KUNIT(symbol)
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

/*
 * 6.0: a request missing an attribute can say which (NLMSGERR_ATTR_MISS_TYPE).
 * Before it, the message alone says so. A macro: its own definition is the probe.
 */
#ifndef NL_SET_ERR_ATTR_MISS
#define NL_SET_ERR_ATTR_MISS(extack, nest, type) do { } while (0)
#endif

#ifdef HAVE_GENL_RESV_START_OP
#define RDMACTL_GENL_RESV_START_OP .resv_start_op = 0,
#else
#define RDMACTL_GENL_RESV_START_OP
#endif

/*
 * Driver hw counters: a stats object of our own for port (0: the device),
 * or NULL when the driver has none; each counter's name, whether it is on,
 * and freeing the object.
 */
#if defined(HAVE_ALLOC_HW_PORT_STATS)
static inline struct rdma_hw_stats *
rdmactl_alloc_hw_stats(struct ib_device *ibdev, u32 port)
{
	if (!port)
		return ibdev->ops.alloc_hw_device_stats ?
		       ibdev->ops.alloc_hw_device_stats(ibdev) : NULL;
	return ibdev->ops.alloc_hw_port_stats ?
	       ibdev->ops.alloc_hw_port_stats(ibdev, port) : NULL;
}
#elif defined(HAVE_ALLOC_HW_STATS_PRE_SPLIT)
static inline struct rdma_hw_stats *
rdmactl_alloc_hw_stats(struct ib_device *ibdev, u32 port)
{
	return ibdev->ops.alloc_hw_stats ? ibdev->ops.alloc_hw_stats(ibdev, port) : NULL;
}
#else
#error "rdmactl: no known form of ib_device_ops.alloc_hw_stats (alloc_hw_port_stats)"
#endif

#if defined(HAVE_RDMA_STAT_DESC)
#define rdmactl_hw_stat_name(hw, i) ((hw)->descs[i].name)
#elif defined(HAVE_HW_STATS_PRE_STAT_DESC)
#define rdmactl_hw_stat_name(hw, i) ((hw)->names[i])
#else
#error "rdmactl: no known form of struct rdma_hw_stats's counter names (descs, names)"
#endif

/* descs[], is_disabled and rdma_free_hw_stats_struct() came together (5.16). */
#if defined(HAVE_RDMA_STAT_DESC) != defined(HAVE_HW_STATS_IS_DISABLED)
#error "rdmactl: struct rdma_hw_stats has descs[] without is_disabled, or the reverse"
#endif

#ifdef HAVE_HW_STATS_IS_DISABLED
static inline bool rdmactl_hw_stat_enabled(const struct rdma_hw_stats *hw, int i)
{
	return !hw->is_disabled || !test_bit(i, hw->is_disabled);
}

static inline void rdmactl_free_hw_stats(struct rdma_hw_stats *hw)
{
	rdma_free_hw_stats_struct(hw);
}
#else
static inline bool rdmactl_hw_stat_enabled(const struct rdma_hw_stats *hw, int i)
{
	return true;
}

static inline void rdmactl_free_hw_stats(struct rdma_hw_stats *hw)
{
	kfree(hw);
}
#endif

/* Whether counter i is optional: off until `rdma statistic` turns it on (5.16). */
#ifdef HAVE_HW_STAT_FLAG_OPTIONAL
static inline bool rdmactl_hw_stat_optional(const struct rdma_hw_stats *hw, int i)
{
	return hw->descs[i].flags & IB_STAT_FLAG_OPTIONAL;
}
#else
static inline bool rdmactl_hw_stat_optional(const struct rdma_hw_stats *hw, int i)
{
	return false;
}
#endif

/* A port's immutable data (GID table length...). */
#ifndef HAVE_IB_PORT_IMMUTABLE_READ
static inline const struct ib_port_immutable *
ib_port_immutable_read(struct ib_device *ibdev, unsigned int port)
{
	return &ibdev->port_data[port].immutable;
}
#endif

#ifndef HAVE_KREALLOC_ARRAY
static inline void *__must_check krealloc_array(void *p, size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(check_mul_overflow(n, size, &bytes)))
		return NULL;
	return krealloc(p, bytes, flags);
}
#endif

/* The driver id irdma took over from i40iw (5.14), by its driver's name. */
#ifdef HAVE_RDMA_DRIVER_IRDMA
#define RDMACTL_DRIVER_I40IW_NAME "irdma"
#else
#define RDMACTL_DRIVER_I40IW_NAME "i40iw"
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
 * 6.2), the text goes to a ring of static buffers: the message is read
 * back when the ACK is built, right after the handler returns. The ring
 * is built for KUnit on every kernel.
 */
#define RDMACTL_ERR_MSG_LEN 80
#define RDMACTL_ERR_MSG_SLOTS 128
#if !defined(NL_SET_ERR_MSG_FMT) || IS_ENABLED(CONFIG_KUNIT)
const char *rdmactl_compat_fmt(const char *fmt, ...) __printf(1, 2);
#endif
#ifdef NL_SET_ERR_MSG_FMT
#define rdmactl_err_fmt(extack, attr, fmt, ...)				\
	do {								\
		struct netlink_ext_ack *__ext = (extack);		\
		NL_SET_ERR_MSG_FMT(__ext, fmt, ##__VA_ARGS__);		\
		NL_SET_BAD_ATTR(__ext, attr);				\
	} while (0)
#else
#define rdmactl_err_fmt(extack, attr, fmt, ...)				\
	do {								\
		struct netlink_ext_ack *__ext = (extack);		\
		if (__ext) {						\
			__ext->_msg = rdmactl_compat_fmt(fmt, ##__VA_ARGS__); \
			NL_SET_BAD_ATTR(__ext, attr);			\
		}							\
	} while (0)
#endif

/*
 * RTNL, waiting only until a kill: 0 or -EINTR. 7.x keeps
 * rtnl_lock_killable() for the core (no export); there rtnl_trylock() is
 * polled, every millisecond or two.
 */
#ifdef HAVE_RTNL_LOCK_KILLABLE
static inline int rdmactl_rtnl_lock_killable(void)
{
	return rtnl_lock_killable();
}
#else
static inline int rdmactl_rtnl_lock_killable(void)
{
	while (!rtnl_trylock()) {
		if (fatal_signal_pending(current))
			return -EINTR;
		usleep_range(1000, 2000);
	}
	return 0;
}
#endif

/*
 * A lock for a handler under genetlink's cb_lock: trylock() polled until
 * jiffies reach until (-EAGAIN) or a kill (-EINTR), never waited for
 * behind another holder.
 */
static inline int rdmactl_lock_until(int (*trylock)(void *arg), void *arg, unsigned long until)
{
	while (!trylock(arg)) {
		if (fatal_signal_pending(current))
			return -EINTR;
		if (time_after_eq(jiffies, until))
			return -EAGAIN;
		usleep_range(1000, 2000);
	}
	return 0;
}

static inline int rdmactl_rtnl_trylock(void *unused)
{
	return rtnl_trylock();
}

static inline int rdmactl_rtnl_lock_until(unsigned long until)
{
	return rdmactl_lock_until(rdmactl_rtnl_trylock, NULL, until);
}

/* Built against DOCA-OFED's ib_core (kmod/Kbuild), whose ipoib differs. */
#ifdef RDMACTL_OFED
#define rdmactl_ofed() true
#else
#define rdmactl_ofed() false
#endif

#endif /* _RDMACTL_COMPAT_H */
