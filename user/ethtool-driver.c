// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The driver's per-priority pause counters among its `ethtool -S` ones,
 * over SIOCETHTOOL: no standard names, so each driver's are matched
 * against the patterns below, and only those that match are kept.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>

#include "internal.h"

/*
 * The driver's pause counters: each pattern is a name from a driver's
 * string table, '#' standing for the priority (one digit, 0..7). Checked
 * against each driver's source (Linux 6.12); Documentation/counters.md
 * lists them with their files.
 */
static const struct {
	const char *pattern;
	uint8_t unit;
} eth_driver_patterns[] = {
	/* mlx5: en_stats.c, pport_per_prio_pfc_stats_desc[] ("prio%d", "global") */
	{ "rx_prio#_pause", RDMACTL_UNIT_PACKETS },
	{ "rx_prio#_pause_duration", RDMACTL_UNIT_USEC },
	{ "tx_prio#_pause", RDMACTL_UNIT_PACKETS },
	{ "tx_prio#_pause_duration", RDMACTL_UNIT_USEC },
	{ "rx_prio#_pause_transition", RDMACTL_UNIT_EVENTS },
	{ "rx_global_pause", RDMACTL_UNIT_PACKETS },
	{ "rx_global_pause_duration", RDMACTL_UNIT_USEC },
	{ "tx_global_pause", RDMACTL_UNIT_PACKETS },
	{ "tx_global_pause_duration", RDMACTL_UNIT_USEC },
	{ "rx_global_pause_transition", RDMACTL_UNIT_EVENTS },
	/* mlx5: pport_802_3_stats_desc[], pport_pfc_stall_stats_desc[] */
	{ "rx_pause_ctrl_phy", RDMACTL_UNIT_PACKETS },
	{ "tx_pause_ctrl_phy", RDMACTL_UNIT_PACKETS },
	{ "tx_pause_storm_warning_events", RDMACTL_UNIT_EVENTS },
	{ "tx_pause_storm_error_events", RDMACTL_UNIT_EVENTS },
	/* ice (irdma's netdev): ice_ethtool.c, ice_gstrings_pf_stats[], ice_get_strings() */
	{ "rx_priority_#_xon.nic", RDMACTL_UNIT_PACKETS },
	{ "rx_priority_#_xoff.nic", RDMACTL_UNIT_PACKETS },
	{ "tx_priority_#_xon.nic", RDMACTL_UNIT_PACKETS },
	{ "tx_priority_#_xoff.nic", RDMACTL_UNIT_PACKETS },
	{ "link_xon_rx.nic", RDMACTL_UNIT_PACKETS },
	{ "link_xoff_rx.nic", RDMACTL_UNIT_PACKETS },
	{ "link_xon_tx.nic", RDMACTL_UNIT_PACKETS },
	{ "link_xoff_tx.nic", RDMACTL_UNIT_PACKETS },
	/* i40e: i40e_ethtool.c, i40e_gstrings_stats[], i40e_gstrings_pfc_stats[] */
	{ "port.rx_priority_#_xon_rx", RDMACTL_UNIT_PACKETS },
	{ "port.rx_priority_#_xoff_rx", RDMACTL_UNIT_PACKETS },
	{ "port.tx_priority_#_xon_tx", RDMACTL_UNIT_PACKETS },
	{ "port.tx_priority_#_xoff_tx", RDMACTL_UNIT_PACKETS },
	{ "port.rx_priority_#_xon_2_xoff", RDMACTL_UNIT_EVENTS },
	{ "port.link_xon_rx", RDMACTL_UNIT_PACKETS },
	{ "port.link_xoff_rx", RDMACTL_UNIT_PACKETS },
	{ "port.link_xon_tx", RDMACTL_UNIT_PACKETS },
	{ "port.link_xoff_tx", RDMACTL_UNIT_PACKETS },
	/* bnxt_en (bnxt_re's netdev): bnxt_ethtool.c, bnxt_port_stats_arr[], _ext_ */
	{ "rx_pause_frames", RDMACTL_UNIT_PACKETS },
	{ "tx_pause_frames", RDMACTL_UNIT_PACKETS },
	{ "rx_pfc_frames", RDMACTL_UNIT_PACKETS },
	{ "tx_pfc_frames", RDMACTL_UNIT_PACKETS },
	{ "rx_pfc_ena_frames_pri#", RDMACTL_UNIT_PACKETS },
	{ "tx_pfc_ena_frames_pri#", RDMACTL_UNIT_PACKETS },
	{ "pfc_pri#_rx_duration_us", RDMACTL_UNIT_USEC },
	{ "pfc_pri#_tx_duration_us", RDMACTL_UNIT_USEC },
	{ "pfc_pri#_rx_transitions", RDMACTL_UNIT_EVENTS },
	{ "pfc_pri#_tx_transitions", RDMACTL_UNIT_EVENTS },
};

/* Whether name is pattern whole, '#' one digit 0..7 put in *prio. */
static bool eth_pattern_match(const char *pattern, const char *name, int *prio)
{
	*prio = -1;
	for (; *pattern; pattern++, name++) {
		if (*pattern == '#') {
			if (*name < '0' || *name > '7')
				return false;
			*prio = *name - '0';
		} else if (*pattern != *name) {
			return false;
		}
	}
	return *name == '\0';
}

bool rdmactl_eth_driver_match(const char *name, struct rdmactl_eth_match *m)
{
	size_t i;
	int prio;

	for (i = 0; i < sizeof(eth_driver_patterns) / sizeof(eth_driver_patterns[0]); i++) {
		if (eth_pattern_match(eth_driver_patterns[i].pattern, name, &prio)) {
			m->unit = eth_driver_patterns[i].unit;
			m->prio = (int8_t)prio;
			return true;
		}
	}
	return false;
}

int rdmactl_eth_ioctl(int fd, const char *ifname, void *data)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	ifr.ifr_data = data;
	return ioctl(fd, SIOCETHTOOL, &ifr) ? -errno : 0;
}

/* One read of n entries; -EAGAIN when the driver's count (*len after it) changed meanwhile. */
static int eth_read(int fd, const char *ifname, void *data, const uint32_t *len, uint32_t n)
{
	int err = rdmactl_eth_ioctl(fd, ifname, data);

	return !err && *len != n ? -EAGAIN : err;
}

int rdmactl_eth_driver(struct rdmactl *h, int fd, const char *ifname, struct rdmactl_eth_acc *acc)
{
	struct {
		struct ethtool_sset_info hdr;
		uint32_t len;
	} sset = { .hdr = { .cmd = ETHTOOL_GSSET_INFO, .sset_mask = 1ULL << ETH_SS_STATS } };
	struct ethtool_gstrings *names = NULL;
	struct ethtool_stats *stats = NULL;
	struct rdmactl_eth_match m;
	uint32_t n, i, kept = 0;
	int err;

	err = rdmactl_eth_ioctl(fd, ifname, &sset);
	if (err || !(sset.hdr.sset_mask & (1ULL << ETH_SS_STATS)) || !sset.len)
		return 0;	/* no `ethtool -S` at all */
	n = sset.len;
	names = calloc(1, sizeof(*names) + (size_t)n * ETH_GSTRING_LEN);
	stats = calloc(1, sizeof(*stats) + (size_t)n * sizeof(uint64_t));
	if (!names || !stats) {
		err = -ENOMEM;
		goto out;
	}
	names->cmd = ETHTOOL_GSTRINGS;
	names->string_set = ETH_SS_STATS;
	names->len = n;
	err = eth_read(fd, ifname, names, &names->len, n);
	for (i = 0; !err && i < n; i++) {
		names->data[i * ETH_GSTRING_LEN + ETH_GSTRING_LEN - 1] = '\0';
		kept += rdmactl_eth_driver_match((char *)names->data + i * ETH_GSTRING_LEN, &m);
	}
	if (err || !kept)
		goto out;
	stats->cmd = ETHTOOL_GSTATS;
	stats->n_stats = n;
	err = eth_read(fd, ifname, stats, &stats->n_stats, n);
	for (i = 0; !err && i < n; i++) {
		const char *name = (char *)names->data + i * ETH_GSTRING_LEN;

		if (rdmactl_eth_driver_match(name, &m) &&
		    rdmactl_eth_add(acc, RDMACTL_ETH_DRIVER, name, stats->data[i], m.unit, m.prio,
				    -1))
			err = acc->err;
	}
out:
	if (err == -EAGAIN)
		rdmactl_set_err(h, "%s's statistics changed while they were read; read them again",
				ifname);
	else if (err)
		rdmactl_set_err(h, "cannot read %s's driver statistics: %s", ifname, strerror(-err));
	free(names);
	free(stats);
	return err;
}
