// SPDX-License-Identifier: GPL-2.0
/*
 * 5.13: ethtool_ops.get_fec_stats(dev, fec_stats), the FEC counters of
 * `ethtool -I --show-fec`. The form that a later kernel changed
 * (fec_stats_hist); probed so that each form is told apart.
 */
#include <linux/ethtool.h>

static void probe(struct net_device *dev, struct ethtool_fec_stats *fec_stats)
{
}

const struct ethtool_ops probe_ops = { .get_fec_stats = probe };
