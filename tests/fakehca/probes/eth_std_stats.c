// SPDX-License-Identifier: GPL-2.0
/*
 * 5.13: the standard statistics groups of `ethtool -S --groups`:
 * ethtool_ops.get_eth_phy_stats, get_eth_mac_stats, get_eth_ctrl_stats
 * (IEEE 802.3) and get_rmon_stats (RFC 2819, with a histogram's ranges).
 */
#include <linux/ethtool.h>

static void probe_phy(struct net_device *dev, struct ethtool_eth_phy_stats *s)
{
	s->SymbolErrorDuringCarrier = 0;
}

static void probe_mac(struct net_device *dev, struct ethtool_eth_mac_stats *s)
{
	s->FramesTransmittedOK = 0;
}

static void probe_ctrl(struct net_device *dev, struct ethtool_eth_ctrl_stats *s)
{
	s->MACControlFramesTransmitted = 0;
}

static void probe_rmon(struct net_device *dev, struct ethtool_rmon_stats *s,
		       const struct ethtool_rmon_hist_range **ranges)
{
	s->hist_tx[0] = 0;
}

const struct ethtool_ops probe_ops = {
	.get_eth_phy_stats = probe_phy,
	.get_eth_mac_stats = probe_mac,
	.get_eth_ctrl_stats = probe_ctrl,
	.get_rmon_stats = probe_rmon,
};
