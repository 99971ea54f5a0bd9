/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * librdmactl's Ethernet statistics of a RoCE or iWARP port's netdev, read
 * from ethtool. Part of <librdmactl.h>, which includes it.
 */
#ifndef LIBRDMACTL_H_INSIDE
#error "<librdmactl/eth.h> is part of <librdmactl.h>: include <librdmactl.h> instead"
#elif !defined(LIBRDMACTL_ETH_H)
#define LIBRDMACTL_ETH_H

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

#endif /* LIBRDMACTL_ETH_H */
