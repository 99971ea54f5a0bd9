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
 */
#ifndef LIBRDMACTL_H
#define LIBRDMACTL_H

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

struct rdmactl_dev_info {
	uint32_t index;
	char name[RDMACTL_DEV_NAME_MAX];
	char driver[64];
	uint8_t node_type;		/* enum rdmactl_node_type */
	uint64_t node_guid;
	uint64_t sys_image_guid;
	char fw_ver[64];		/* "" when the driver reports none */
	uint32_t vendor_id;
	uint32_t vendor_part_id;
	uint32_t hw_ver;
	uint32_t num_ports;
};

/* Which optional fields of struct rdmactl_port_info are set. */
enum {
	RDMACTL_PORT_HAS_IB = 1 << 0,		/* lid, sm_lid, sm_sl, lmc, subnet_prefix */
	RDMACTL_PORT_HAS_GUID = 1 << 1,		/* port_guid */
	RDMACTL_PORT_HAS_ACTIVE_MTU = 1 << 2,
	RDMACTL_PORT_HAS_MAX_MTU = 1 << 3,
	RDMACTL_PORT_HAS_WIDTH = 1 << 4,	/* active_width */
	RDMACTL_PORT_HAS_RATE = 1 << 5,		/* rate_mbps */
	RDMACTL_PORT_HAS_NETDEV = 1 << 6,	/* netdev_index, netdev_name */
};

struct rdmactl_port_info {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	uint32_t present;		/* RDMACTL_PORT_HAS_* */
	uint8_t state;			/* enum rdmactl_port_state */
	uint8_t phys_state;		/* enum rdmactl_port_phys_state */
	uint8_t link_layer;		/* enum rdmactl_link_layer */
	uint8_t sm_sl;
	uint8_t lmc;
	uint8_t active_width;		/* lanes */
	uint32_t lid;
	uint32_t sm_lid;
	uint64_t subnet_prefix;
	uint64_t port_guid;
	uint32_t cap_flags;
	uint32_t cap_flags2;
	uint32_t active_mtu;		/* bytes */
	uint32_t max_mtu;		/* bytes */
	uint32_t active_speed;		/* enum rdmactl_port_speed */
	uint32_t rate_mbps;
	uint32_t gid_tbl_len;
	uint32_t pkey_tbl_len;
	uint32_t netdev_index;
	char netdev_name[16];
};

/*
 * Callbacks return 0 to go on; any other value stops the walk and is
 * returned by the function that called them.
 */
typedef int (*rdmactl_dev_cb)(const struct rdmactl_dev_info *dev, void *arg);
typedef int (*rdmactl_port_cb)(const struct rdmactl_port_info *port, void *arg);

/*
 * Every device (name NULL) or one named device (-ENODEV when it does not
 * exist). -EINTR: devices changed while the list was being read, so it
 * may be inconsistent; every callback has run, and reading again gives a
 * consistent list.
 */
int rdmactl_dev_list(struct rdmactl *h, const char *name, rdmactl_dev_cb cb,
		     void *arg);

/*
 * Ports of every device (dev NULL), of one device (port 0), or one port.
 * -ENODEV when the device or port does not exist; -EINTR as above.
 */
int rdmactl_port_list(struct rdmactl *h, const char *dev, uint32_t port,
		      rdmactl_port_cb cb, void *arg);

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
 * registers. Each re-apply, or its failure, is a STAT_MODE event. Returns
 * how many ports were set, or the first error (the others still tried).
 */
int rdmactl_stat_mode_restore(struct rdmactl *h, const char *dev);

/*
 * The Ethernet statistics of a RoCE or iWARP port's netdev, read from the
 * kernel's ethtool (not from rdmactl.ko) in the caller's network
 * namespace: the standard pause, FEC, IEEE 802.3 PHY/MAC/MAC Control and
 * RMON statistics over ethtool netlink, and the driver's own per-priority
 * pause (PFC) counters among its `ethtool -S` statistics, kept when their
 * name matches a documented pattern (Documentation/counters.md).
 * (LIBRDMACTL_1.4)
 */
enum rdmactl_eth_group {
	RDMACTL_ETH_PAUSE = 1,		/* ETHTOOL_MSG_PAUSE_GET's statistics */
	RDMACTL_ETH_FEC = 2,		/* ETHTOOL_MSG_FEC_GET's statistics */
	RDMACTL_ETH_PHY = 3,		/* STATS_GET "eth-phy": IEEE 802.3 30.5 */
	RDMACTL_ETH_MAC = 4,		/* "eth-mac": IEEE 802.3 30.3.1 */
	RDMACTL_ETH_CTRL = 5,		/* "eth-ctrl": IEEE 802.3 30.3.3 */
	RDMACTL_ETH_RMON = 6,		/* "rmon": RFC 2819, its histograms too */
	RDMACTL_ETH_DRIVER = 7,		/* the driver's `ethtool -S` pause ones */
};

struct rdmactl_eth_counter {
	/*
	 * The kernel's name: ethtool's JSON key for pause ("rx_pause_frames")
	 * and FEC ("corrected_blocks"), the string set's for eth-phy..rmon
	 * ("FramesReceivedOK"; histogram buckets "rx_etherStatsPkts65to127Octets",
	 * "...Pkts1519toMaxOctets" for the open one), the driver's own.
	 */
	const char *name;
	uint64_t value;
	uint8_t group;			/* enum rdmactl_eth_group */
	uint8_t unit;			/* enum rdmactl_counter_unit: PACKETS for frames */
	int8_t prio;			/* 0..7: of that priority; -1: of the link */
	int8_t lane;			/* FEC: 0..7 a lane; -1: the total */
};

struct rdmactl_eth_stats {
	uint32_t ifindex;
	char ifname[16];
	char driver[32];		/* ETHTOOL_GDRVINFO's; "" when it says none */
	uint64_t timestamp_ns;		/* CLOCK_MONOTONIC, when the reads began */
	unsigned int groups_supported;	/* 1 << group, each with a counter here */
	size_t num_counters;
	struct rdmactl_eth_counter *counters;	/* in the order of enum rdmactl_eth_group */
};

/*
 * Read the statistics of netdev ifname into *out, one allocation that
 * rdmactl_eth_stats_free() releases. A counter the driver or the kernel
 * does not report is absent, never 0. -ENODEV: no such interface in the
 * caller's namespace. -EOPNOTSUPP: it has none of these statistics (a
 * veth); *out is still set, with the driver's name and no counters, and
 * rdmactl_errmsg() says "not supported by IFNAME's driver (DRIVER)".
 * Other errors leave *out NULL. Each message the kernel does not know
 * (5.10 has no STATS_GET nor FEC_GET) or the driver does not implement
 * leaves its group out. Needs no privilege; uses a netlink socket of its
 * own, opened on first use, so it may be called from a callback of
 * rdmactl_stat_list() on the same handle.
 */
int rdmactl_eth_stats_get(struct rdmactl *h, const char *ifname, struct rdmactl_eth_stats **out);
void rdmactl_eth_stats_free(struct rdmactl_eth_stats *stats);
/* "pause", "fec", "eth-phy", "eth-mac", "eth-ctrl", "rmon", "driver". */
const char *rdmactl_eth_group_name(uint8_t group);

/* An IPoIB interface and the RDMA port it runs on. */
struct rdmactl_ipoib_info {
	uint32_t ifindex;
	char ifname[16];
	uint32_t parent_ifindex;	/* P_Key children; 0 for a parent */
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	uint16_t pkey;
	uint8_t mode;			/* enum rdmactl_ipoib_mode */
	uint8_t cm_supported;		/* connected mode possible */
	uint8_t umcast;
	uint8_t operstate;		/* IF_OPER_* */
	uint8_t admin_up;
	uint8_t hw_flags;
	uint32_t mtu;
	uint32_t max_mtu_datagram;	/* 0: unknown */
	uint32_t max_mtu_connected;	/* 0: connected mode impossible */
	uint32_t qpn;
	uint64_t subnet_prefix;
	uint64_t port_guid;
	uint8_t hwaddr[RDMACTL_IPOIB_HWADDR_LEN];
};

typedef int (*rdmactl_ipoib_cb)(const struct rdmactl_ipoib_info *ib, void *arg);

/*
 * One interface by name (ifname), or every IPoIB interface of the
 * caller's namespace, of a device (dev) or of a port (dev and port).
 * -ENODEV when the interface or device does not exist.
 */
int rdmactl_ipoib_list(struct rdmactl *h, const char *ifname, const char *dev,
		       uint32_t port, rdmactl_ipoib_cb cb, void *arg);

/*
 * What rdmactl_ipoib_modify() changes. Every set call of the library names
 * the optional fields it is given with such a "what" bitmask, as
 * rdmactl_roce_set() and rdmactl_stat_reset()'s flags do and as
 * ibv_modify_qp()'s attr_mask does: a value is never both a setting and
 * a "not given" marker.
 */
enum {
	RDMACTL_IPOIB_MODIFY_MODE = 1 << 0,	/* mode: datagram or connected */
	RDMACTL_IPOIB_MODIFY_MTU = 1 << 1,	/* mtu, in bytes */
};

/*
 * Switch an interface to datagram or connected mode, and to mtu when
 * RDMACTL_IPOIB_MODIFY_MTU is in what (else the mode's own MTU). Today's
 * kernel module needs the mode: without RDMACTL_IPOIB_MODIFY_MODE it
 * refuses with -EINVAL and says so. -EINVAL for a bit it does not know.
 * Needs CAP_NET_ADMIN; on failure the interface is as it was (a refused
 * MTU puts the old mode back, and the error says if that failed). The
 * kernel makes the change in the background and is asked again until it
 * is done; -EAGAIN after a minute of that: it is still to be made.
 * (LIBRDMACTL_1.2)
 */
int rdmactl_ipoib_modify(struct rdmactl *h, const char *ifname, unsigned int what,
			 uint8_t mode, uint32_t mtu);

/*
 * The call of LIBRDMACTL_1, kept: rdmactl_ipoib_modify() with the mode, and
 * with mtu unless it is 0 (then the mode's own).
 */
int rdmactl_ipoib_set(struct rdmactl *h, const char *ifname, uint8_t mode, uint32_t mtu);

/* One entry of a port's GID table. */
enum {
	RDMACTL_GID_HAS_NETDEV = 1 << 0,	/* netdev_index, netdev_name */
	RDMACTL_GID_HAS_VLAN = 1 << 1,		/* vlan_id */
};

struct rdmactl_gid_info {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	uint32_t index;			/* what verbs and rdma_cm users pass */
	uint8_t gid[RDMACTL_GID_LEN];	/* network order */
	uint8_t type;			/* enum rdmactl_gid_type */
	uint16_t vlan_id;
	uint32_t present;		/* RDMACTL_GID_HAS_* */
	uint32_t netdev_index;
	char netdev_name[16];
};

typedef int (*rdmactl_gid_cb)(const struct rdmactl_gid_info *gid, void *arg);

/*
 * The GID tables of every port (dev NULL), of a device (port 0) or of a
 * port; empty slots are skipped. -ENODEV, -EINTR as rdmactl_port_list().
 */
int rdmactl_gid_list(struct rdmactl *h, const char *dev, uint32_t port,
		     rdmactl_gid_cb cb, void *arg);

/*
 * The entries whose GID is gid, of the given type (0: any), on every port
 * or those of dev (and port): cb is called for each, as for a list.
 * Returns -ENOENT when there is none. An IPv4 address a.b.c.d is the GID
 * ::ffff:a.b.c.d (rdmactl_gid_from_ip()).
 */
int rdmactl_gid_find(struct rdmactl *h, const uint8_t gid[RDMACTL_GID_LEN], uint8_t type,
		     const char *dev, uint32_t port, rdmactl_gid_cb cb, void *arg);

/*
 * The GID a RoCE port holds for an IP address, in text (inet_pton() forms,
 * IPv4 or IPv6). -EINVAL if it is neither.
 */
int rdmactl_gid_from_ip(const char *ip, uint8_t gid[RDMACTL_GID_LEN]);

/* rdma_cm's defaults on a RoCE port. */
enum {
	RDMACTL_ROCE_HAS_CURRENT = 1 << 0,	/* mode, tos: rdma_cm's, see source */
	RDMACTL_ROCE_HAS_SAVED_MODE = 1 << 1,	/* saved_mode */
	RDMACTL_ROCE_HAS_SAVED_TOS = 1 << 2,	/* saved_tos */
};

struct rdmactl_roce_info {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	uint32_t types;			/* 1 << enum rdmactl_gid_type, each supported */
	uint32_t present;		/* RDMACTL_ROCE_HAS_* */
	uint8_t mode;			/* RDMACTL_GID_TYPE_ROCE_V1 or _V2 */
	uint8_t tos;
	uint8_t saved_mode;		/* what is re-applied on registration */
	uint8_t saved_tos;
	uint8_t source;			/* enum rdmactl_roce_source of mode, tos */
};

typedef int (*rdmactl_roce_cb)(const struct rdmactl_roce_info *roce, void *arg);

/*
 * rdma_cm's default RoCE mode and ToS of every RoCE port (dev NULL), of a
 * device (port 0) or of one port, and what rdmactl keeps for each.
 * -EOPNOTSUPP for a device or port that is not RoCE. This changes nothing:
 * source says whether the values were read from rdma_cm (whose configfs
 * directory of the device someone had made), are what rdmactl last applied,
 * or are unknown (no RDMACTL_ROCE_HAS_CURRENT).
 */
int rdmactl_roce_list(struct rdmactl *h, const char *dev, uint32_t port,
		      rdmactl_roce_cb cb, void *arg);

/*
 * The same, read from rdma_cm itself (making its configfs directory of the
 * device for the request if nobody has): needs CAP_NET_ADMIN, and fails
 * when rdma_cm cannot tell (not loaded: -EOPNOTSUPP... with the message).
 */
int rdmactl_roce_probe(struct rdmactl *h, const char *dev, uint32_t port,
		       rdmactl_roce_cb cb, void *arg);

/* What rdmactl_roce_set() changes. */
enum {
	RDMACTL_ROCE_SET_MODE = 1 << 0,
	RDMACTL_ROCE_SET_TOS = 1 << 1,
	RDMACTL_ROCE_CLEAR = 1 << 2,	/* alone: forget the saved settings */
};

/*
 * Set rdma_cm's default mode and/or ToS on a port of dev, or on all its
 * ports (port 0), and remember them for when the device registers again;
 * or, with RDMACTL_ROCE_CLEAR, forget them. -EINVAL for a bit of what it
 * does not know. Needs CAP_NET_ADMIN; on failure nothing changed.
 */
int rdmactl_roce_set(struct rdmactl *h, const char *dev, uint32_t port, unsigned int what,
		     uint8_t mode, uint8_t tos);

/*
 * Selecting the GID an application should use (rdmactl_gid_select()).
 * What is asked for: the fields named in what, as every set call names its
 * optional fields. Each is a condition; an entry that misses one is passed
 * over for it.
 */
enum {
	RDMACTL_GID_WANT_FAMILY = 1 << 0,	/* family: 4 or 6 */
	RDMACTL_GID_WANT_TYPE = 1 << 1,		/* type: RDMACTL_GID_TYPE_* */
	RDMACTL_GID_WANT_NETDEV = 1 << 2,	/* netdev: an entry of that interface */
	RDMACTL_GID_WANT_VLAN = 1 << 3,		/* vlan_id: an entry of that VLAN */
	RDMACTL_GID_WANT_NO_VLAN = 1 << 4,	/* an entry of no VLAN */
	RDMACTL_GID_WANT_SUBNET = 1 << 5,	/* subnet, prefix_len: a GID within */
};

struct rdmactl_gid_want {
	unsigned int what;		/* RDMACTL_GID_WANT_* */
	uint8_t family;
	uint8_t type;
	uint16_t vlan_id;
	char netdev[16];
	/* As a GID: an IPv4 subnet a.b.c.d/n is ::ffff:a.b.c.d/(96 + n). */
	uint8_t subnet[RDMACTL_GID_LEN];
	uint8_t prefix_len;		/* 0..128 */
};

/* What rdmactl_gid_select() saw in an entry. */
enum {
	RDMACTL_GID_IPV4 = 1 << 0,		/* ::ffff:a.b.c.d, an IPv4 address */
	RDMACTL_GID_LINK_LOCAL = 1 << 1,	/* fe80::/10, or 169.254.0.0/16 */
	RDMACTL_GID_UPPER = 1 << 2,		/* of a VLAN or other upper device */
};

/* The rules, in the order they decide (Documentation/roce.md says why). */
enum rdmactl_gid_rule {
	RDMACTL_GID_RULE_ONLY,		/* the one entry that meets what was asked */
	RDMACTL_GID_RULE_TYPE,		/* RoCE v2 over v1 (over IB) */
	RDMACTL_GID_RULE_NETDEV,	/* the port's own netdev over upper devices */
	RDMACTL_GID_RULE_SCOPE,		/* a routable address over a link-local one */
	RDMACTL_GID_RULE_FAMILY,	/* IPv4 over IPv6 */
	RDMACTL_GID_RULE_DEFAULT,	/* IB: the lowest index, 0 the default GID */
	RDMACTL_GID_RULE_TIE,		/* the lowest GID, then port, then index */
};

struct rdmactl_gid_candidate {
	struct rdmactl_gid_info gid;
	uint32_t seen;			/* RDMACTL_GID_IPV4, _LINK_LOCAL, _UPPER */
	unsigned int missed;		/* the RDMACTL_GID_WANT_* it misses; 0: eligible */
	uint8_t chosen;
	/* Chosen: the rule that put it before the next; else the rule it lost on. */
	uint8_t rule;			/* enum rdmactl_gid_rule */
	uint32_t score;			/* the rules it wins, as bits: higher is better */
};

typedef int (*rdmactl_gid_candidate_cb)(const struct rdmactl_gid_candidate *c, void *arg);

/*
 * The GID entry an application should use on dev (port 0: on any of its
 * ports) given want (NULL: nothing asked), into *out, and why (out->rule).
 * cb (optional) then gets every entry of the table: the chosen one, the
 * others that meet what was asked in order of preference, then those that
 * do not (missed). -ENOENT when no entry meets what was asked, said in
 * rdmactl_errmsg() with what each misses; -EINVAL for a what bit it does
 * not know or a want that contradicts itself; -ENODEV as
 * rdmactl_port_list(). (LIBRDMACTL_1.3)
 */
int rdmactl_gid_select(struct rdmactl *h, const char *dev, uint32_t port,
		       const struct rdmactl_gid_want *want, struct rdmactl_gid_candidate *out,
		       rdmactl_gid_candidate_cb cb, void *arg);
/* "only", "type", "netdev", "scope", "family", "default", "tie". */
const char *rdmactl_gid_rule_name(uint8_t rule);

/*
 * Events. Subscribe a handle of its own (events and requests do not share
 * a socket well), then read: each rdmactl_events_read() receives what one
 * recv() gets and calls cb per event, in order. Poll rdmactl_fd() from
 * an event loop; make it non-blocking to have -EAGAIN when nothing is
 * there. Events were lost when cb sees RDMACTL_EVENT_LOST: the socket
 * overran (lost 0: how many is unknown), the sequence skipped (lost N), or
 * the kernel could not queue events (lost N: at most N were meant for this
 * namespace; seq is that report's own number); list again to resynchronise.
 */
#define RDMACTL_EVENT_LOST 0

enum {
	RDMACTL_EVENT_HAS_DEV = 1 << 0,		/* dev_index, dev_name */
	RDMACTL_EVENT_HAS_PORT = 1 << 1,	/* port */
	RDMACTL_EVENT_HAS_STATE = 1 << 2,	/* state .. lmc: the port after */
	RDMACTL_EVENT_HAS_NETDEV = 1 << 3,	/* netdev_index, netdev_name */
	RDMACTL_EVENT_HAS_IPOIB = 1 << 4,	/* ipoib_* */
	RDMACTL_EVENT_HAS_ROCE = 1 << 5,	/* roce_mode, roce_tos, roce_restored */
	RDMACTL_EVENT_HAS_ROCE_ERROR = 1 << 6,	/* roce_error, roce_restored */
	RDMACTL_EVENT_HAS_STAT_MODE = 1 << 7,	/* stat_mode_* (LIBRDMACTL_1.4) */
	RDMACTL_EVENT_HAS_ROCE_CLEAR = 1 << 8,	/* roce_clear: ROCE, no mode or ToS */
	RDMACTL_EVENT_HAS_STAT_RESET = 1 << 9,	/* stat_reset_hardware */
	RDMACTL_EVENT_HAS_ROCE_UNKNOWN = 1 << 10,	/* roce_unknown: ROCE, no mode or ToS */
};

struct rdmactl_event_info {
	uint8_t type;			/* enum rdmactl_event, or RDMACTL_EVENT_LOST */
	uint32_t present;		/* RDMACTL_EVENT_HAS_* */
	uint64_t seq;
	uint64_t timestamp_ns;		/* CLOCK_MONOTONIC */
	uint64_t lost;			/* RDMACTL_EVENT_LOST: how many, 0 unknown */
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	char old_name[RDMACTL_DEV_NAME_MAX];	/* DEV_RENAME */
	uint32_t port;
	uint8_t state;
	uint8_t phys_state;
	uint8_t sm_sl;
	uint8_t lmc;
	uint32_t lid;
	uint32_t sm_lid;
	uint32_t netdev_index;
	char netdev_name[16];
	uint32_t ipoib_ifindex;
	char ipoib_ifname[16];
	uint8_t ipoib_mode;
	uint32_t ipoib_mtu;
	uint8_t roce_mode;		/* enum rdmactl_gid_type */
	uint8_t roce_tos;
	uint8_t roce_restored;		/* re-applied to a device registering */
	int32_t roce_error;		/* -errno: re-applying failed */
	/* STAT_MODE (LIBRDMACTL_1.4; events are the library's to allocate): */
	uint8_t stat_mode_clear;	/* the kept set was forgotten */
	uint8_t stat_mode_restored;	/* re-applied, by `stat mode restore` */
	int32_t stat_mode_error;	/* -errno: re-applying failed */
	char stat_optional[2048];	/* the kept set, comma-separated (32 x 63) */
	/* After LIBRDMACTL_1.4's (the library allocates events: appended): */
	uint8_t roce_clear;		/* ROCE: the saved settings were forgotten */
	uint8_t stat_reset_hardware;	/* STAT_RESET: the PMA zeroed, not a baseline */
	uint8_t roce_unknown;		/* ROCE: rdma_cm unloaded, its defaults with it */
};

typedef int (*rdmactl_event_cb)(const struct rdmactl_event_info *ev, void *arg);

/* Join the "events" group: anyone may. */
int rdmactl_events_subscribe(struct rdmactl *h);
int rdmactl_events_read(struct rdmactl *h, rdmactl_event_cb cb, void *arg);
const char *rdmactl_event_name(uint8_t type);

/* Names of the uapi enums, as the CLI prints them: "ACTIVE", "LINK_UP"... */
const char *rdmactl_port_state_name(uint8_t state);
const char *rdmactl_port_phys_state_name(uint8_t phys_state);
const char *rdmactl_link_layer_name(uint8_t link_layer);
const char *rdmactl_node_type_name(uint8_t node_type);
const char *rdmactl_port_speed_name(uint32_t speed);
const char *rdmactl_pma_set_name(uint8_t pma_set);
const char *rdmactl_counter_source_name(uint8_t source);
const char *rdmactl_counter_unit_name(uint8_t unit);
const char *rdmactl_ipoib_mode_name(uint8_t mode);
/* "ib", "v1", "v2": the words the CLI takes too. */
const char *rdmactl_gid_type_name(uint8_t type);

#ifdef __cplusplus
}
#endif

#endif /* LIBRDMACTL_H */
