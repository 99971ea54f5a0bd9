/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * librdmactl: talk to rdmactl.ko over its "rdmactl" generic netlink family.
 *
 * A handle is one netlink socket; it is not thread-safe, so use one per
 * thread. Every function returns 0 or a negative errno; after a failure,
 * rdmactl_errmsg() says what went wrong in one sentence (the kernel's own
 * extended ACK message when it sent one).
 *
 * Objects are passed to callbacks as pointers the library owns, valid only
 * during the call. The structures may grow at their end in later versions
 * of the library; they are never shrunk or reordered, so copying one by
 * assignment is safe.
 *
 * This is the one header to include. Its declarations are kept by topic in
 * librdmactl/, installed beside it, which it includes below; none of those
 * is to be included alone.
 */
#ifndef LIBRDMACTL_H
#define LIBRDMACTL_H

#include <stddef.h>
#include <stdint.h>
#include <linux/rdmactl.h>

#ifdef __cplusplus
extern "C" {
#endif

struct rdmactl;

/*
 * Open a handle. -ENOENT: the kernel has no "rdmactl" family, that is,
 * rdmactl.ko is not loaded.
 */
int rdmactl_open(struct rdmactl **handle);
void rdmactl_close(struct rdmactl *h);

/* The netlink socket, to poll from the caller's own event loop. */
int rdmactl_fd(const struct rdmactl *h);

/* What the last failing call on this handle was refused for. */
const char *rdmactl_errmsg(const struct rdmactl *h);

/* The library's version, e.g. "0.1.0". */
const char *rdmactl_version(void);

/*
 * The topics. Each needs what is above and no other topic, so their order
 * is free. Quoted, so that they are always the ones installed beside this
 * file, never another version's.
 */
#define LIBRDMACTL_H_INSIDE
#include "librdmactl/dev.h"	/* devices and their ports */
#include "librdmactl/stat.h"	/* counters: snapshots, deltas, meanings, optional ones */
#include "librdmactl/eth.h"	/* a RoCE or iWARP netdev's Ethernet statistics */
#include "librdmactl/ipoib.h"	/* IPoIB interfaces, their mode and MTU */
#include "librdmactl/gid.h"	/* GID tables, and the GID an application should use */
#include "librdmactl/roce.h"	/* rdma_cm's default RoCE mode and ToS */
#include "librdmactl/qos.h"	/* RoCE QoS: ToS, DCB, PFC, kept together */
#include "librdmactl/events.h"	/* the "events" group */
#include "librdmactl/names.h"	/* names of the uapi enums */
#undef LIBRDMACTL_H_INSIDE

#ifdef __cplusplus
}
#endif

#endif /* LIBRDMACTL_H */
