/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * librdmactl's counters: snapshots of a port's or a device's counters, their
 * reset, deltas, what a driver's counter means, and the optional counters
 * (stat modes). Part of <librdmactl.h>, which includes it.
 */
#ifndef LIBRDMACTL_H_INSIDE
#error "<librdmactl/stat.h> is part of <librdmactl.h>: include <librdmactl.h> instead"
#elif !defined(LIBRDMACTL_STAT_H)
#define LIBRDMACTL_STAT_H

/*
 * Counters. One struct rdmactl_stat is one snapshot of one port (or, port
 * 0, of a device's own counters), taken at one instant by the kernel.
 */
struct rdmactl_counter {
	const char *name;		/* sysfs's name */
	uint64_t value;
	uint64_t bytes;			/* unit RDMACTL_UNIT_OCTETS_4: in bytes */
	uint32_t flags;			/* RDMACTL_COUNTER_F_* */
	uint8_t source;			/* enum rdmactl_counter_source */
	uint8_t width;			/* bits */
	uint8_t unit;			/* enum rdmactl_counter_unit */
};

struct rdmactl_stat {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;			/* 0: the device's own counters */
	uint64_t timestamp_ns;		/* CLOCK_MONOTONIC */
	uint64_t baseline_ns;		/* the baseline subtracted, 0: none */
	uint8_t pma_set;		/* enum rdmactl_pma_set, 0: no PMA */
	uint8_t hw_partial;		/* 1: the driver has counters for the port
					 * that this snapshot lacks (optional ones,
					 * QPs bound to counters): see `rdma
					 * statistic`, or RDMACTL_STAT_CORE */
	size_t num_counters;
	struct rdmactl_counter *counters;
	/* LIBRDMACTL_1.4; snapshots are the library's to allocate. */
	uint32_t netdev_index;		/* a RoCE/iWARP port's netdev, when the */
	char netdev_name[16];		/* caller's namespace has it; 0, "": none */
	uint64_t core_ns;		/* CLOCK_MONOTONIC when ib_core's values
					 * were read (RDMACTL_COUNTER_F_CORE); 0 */
	/*
	 * LIBRDMACTL_1.5: the device's driver counter reads fail, or its PMA
	 * does not answer (-errno; 0: they work): this snapshot lacks those
	 * counters, which are read again in *_retry_ms.
	 */
	int32_t hw_error, pma_error;
	uint32_t hw_retry_ms, pma_retry_ms;
};

/*
 * Flags the library sets in struct rdmactl_counter's flags, beside the
 * kernel's RDMACTL_COUNTER_F_* (LIBRDMACTL_1.4).
 */
#define RDMACTL_COUNTER_F_CORE		(1U << 16) /* ib_core's total, read at core_ns:
						    * QPs bound to counters included */
#define RDMACTL_COUNTER_F_OPTIONAL	(1U << 17) /* an optional counter, turned on */

typedef int (*rdmactl_stat_cb)(const struct rdmactl_stat *stat, void *arg);

/* Flags of rdmactl_stat_list() and rdmactl_stat_reset(). */
enum {
	RDMACTL_STAT_BASELINE = 1 << 0,	/* list: subtract each port's baseline */
	RDMACTL_STAT_DEVICE = 1 << 1,	/* port 0 means the device's counters */
	RDMACTL_STAT_HARDWARE = 1 << 2,	/* reset: zero the PMA's counters */
	/*
	 * list: for a port whose snapshot is partial, take the driver
	 * counters' values from ib_core (RDMA netlink, as `rdma statistic`),
	 * with the counts of QPs bound to counters, and add the optional
	 * counters that are on; not with RDMACTL_STAT_BASELINE. One more
	 * request per such port. (LIBRDMACTL_1.4)
	 */
	RDMACTL_STAT_CORE = 1 << 3,
};

/*
 * Snapshots of every port of every device (dev NULL), of one device (its
 * own counters first, as port 0, when it has some), of one port, or with
 * RDMACTL_STAT_DEVICE and port 0 of the device's own counters. -EINTR as
 * for rdmactl_dev_list().
 */
int rdmactl_stat_list(struct rdmactl *h, const char *dev, uint32_t port,
		      unsigned int flags, rdmactl_stat_cb cb, void *arg);

/*
 * Reset the counters of every port (dev NULL), of a device, or of a port:
 * by default record them as the baseline rdmactl_stat_list() subtracts on
 * request, and change nothing else; with RDMACTL_STAT_HARDWARE zero the
 * PMA's counters, for every tool. Needs CAP_NET_ADMIN (-EPERM).
 */
int rdmactl_stat_reset(struct rdmactl *h, const char *dev, uint32_t port,
		       unsigned int flags);

/* A snapshot that outlives its callback, and its release. */
struct rdmactl_stat *rdmactl_stat_dup(const struct rdmactl_stat *stat);
void rdmactl_stat_free(struct rdmactl_stat *stat);

/*
 * The first counter of that name in a snapshot, or NULL. Names are not
 * unique: a PMA counter and a driver counter may share one (rxe's
 * link_downed since it has a PMA), and the PMA's comes first; compare
 * the source as well to tell them apart.
 */
const struct rdmactl_counter *rdmactl_stat_counter(const struct rdmactl_stat *stat,
						   const char *name);

/* What rdmactl_counter_delta() could tell. */
enum rdmactl_delta {
	RDMACTL_DELTA_EXACT = 0,
	RDMACTL_DELTA_SATURATED = 1,	/* at least this: the counter is at its maximum */
	RDMACTL_DELTA_RESET = 2,	/* it fell, so it was reset: growth since then */
};

/*
 * How much a counter grew from one snapshot to a later one, modulo its
 * width for counters that wrap; returns enum rdmactl_delta.
 */
int rdmactl_counter_delta(const struct rdmactl_counter *before,
			  const struct rdmactl_counter *after, uint64_t *delta);

/*
 * What a driver's hw counter means, in a name shared by every provider
 * that counts the same event ("out_of_sequence" for mlx5_ib's
 * out_of_sequence, bnxt_re's oos_drop_count and rdma_rxe's
 * out_of_seq_request), or NULL. driver: struct rdmactl_dev_info's. Not
 * for PMA counters. The whole table: rdmactl_counter_maps(). (LIBRDMACTL_1.5)
 */
struct rdmactl_counter_map {
	const char *driver, *counter, *meaning;
};

const char *rdmactl_counter_meaning(const char *driver, const char *counter);
const struct rdmactl_counter_map *rdmactl_counter_maps(size_t *n);

/*
 * Optional counters (kernel 5.16+: mlx5's congestion and op counters),
 * off until turned on, per port, in ib_core; rdmactl.ko keeps what was
 * turned on through rdmactl, by node GUID and port, for a re-apply when
 * the device registers again. (LIBRDMACTL_1.4)
 */
struct rdmactl_hw_counter_status {
	const char *name;
	uint32_t index;			/* ib_core's */
	uint8_t optional;
	uint8_t enabled;		/* 1 for every counter not optional */
};

struct rdmactl_stat_mode {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	uint8_t status_known;		/* 0: ib_core could not tell (before
					 * 5.16, or no driver counters) */
	size_t num_counters;		/* every driver counter of the port */
	const struct rdmactl_hw_counter_status *counters;
	uint8_t saved;			/* rdmactl keeps a set for the port */
	const char *saved_names;	/* comma-separated; "" none on */
};

typedef int (*rdmactl_stat_mode_cb)(const struct rdmactl_stat_mode *mode, void *arg);

/* Every port (dev NULL), a device's, or one port. */
int rdmactl_stat_mode_list(struct rdmactl *h, const char *dev, uint32_t port,
			   rdmactl_stat_mode_cb cb, void *arg);

/* What rdmactl_stat_mode_set() does with names (comma-separated). */
enum {
	RDMACTL_STAT_MODE_EXACT = 1 << 0,	/* turn on these, off the others */
	RDMACTL_STAT_MODE_ENABLE = 1 << 1,	/* turn these on too */
	RDMACTL_STAT_MODE_DISABLE = 1 << 2,	/* turn these off */
	RDMACTL_STAT_MODE_FORGET = 1 << 3,	/* forget the kept set; change nothing */
};

/*
 * Set a port's optional counters in ib_core, then have rdmactl keep the
 * set. Every name must be an optional counter of the port (-EINVAL, said).
 * Needs CAP_NET_ADMIN.
 */
int rdmactl_stat_mode_set(struct rdmactl *h, const char *dev, uint32_t port,
			  unsigned int what, const char *names);

/*
 * Set again the kept optional counters of every port (dev NULL) or of a
 * device's, where ib_core's differ: what the udev rule runs when a device
 * registers. Each re-apply, or its failure, is a STAT_MODE event. Restores
 * run one at a time on a host (a lock on /run/rdmactl-stat-mode.lock, which
 * a signal ends: -EINTR), so that two at once never set and tell one change
 * twice. Returns how many ports were set, or the first error (the others
 * still tried).
 */
int rdmactl_stat_mode_restore(struct rdmactl *h, const char *dev);

#endif /* LIBRDMACTL_STAT_H */
