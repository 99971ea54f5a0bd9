// SPDX-License-Identifier: GPL-2.0
/*
 * After 6.12 (7.2 has it): ethtool_ops.get_fec_stats() takes a struct
 * ethtool_fec_hist too, a histogram of the errors FEC corrected.
 */
#include <linux/ethtool.h>

static void probe(struct net_device *dev, struct ethtool_fec_stats *fec_stats,
		  struct ethtool_fec_hist *hist)
{
}

const struct ethtool_ops probe_ops = { .get_fec_stats = probe };
