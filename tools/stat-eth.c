// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl stat show: after a RoCE or iWARP port's counters, its netdev's
 * Ethernet statistics as ethtool reads them (rdmactl_eth_stats_get()):
 * pause, FEC, IEEE 802.3 and RMON, and the driver's per-priority pause
 * counters. Text:
 *
 *   ethtool fe0 (rdmactl_fakeeth):
 *     rx_prio3_pause                          12 packets  driver prio 3
 *   ethtool veth1: not supported by veth1's driver (veth)
 *
 * JSON: "ethtool": {"ifname", "driver", "timestamp_ns", "counters": [{"name",
 * "value", "group", "unit", "prio"?, "lane"?, "source": "ethtool"}]}, or
 * {"ifname", "error"}.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "cli.h"

/* The ethtool reads: a handle of their own, opened at the first netdev. */
static struct rdmactl *eth_h;
static bool eth_h_tried;

static void stat_eth_counter(const struct rdmactl_eth_counter *c)
{
	char label[64];

	if (c->lane >= 0)
		snprintf(label, sizeof(label), "%s lane %d", c->name, c->lane);
	else
		snprintf(label, sizeof(label), "%s", c->name);
	print_open();
	print_str_fmt("name", c->name, "    %-34s", label);
	print_uint("value", " %20" PRIu64, c->value);
	print_str("group", NULL, rdmactl_eth_group_name(c->group));
	print_str("unit", " %s", rdmactl_counter_unit_name(c->unit));
	if (c->prio >= 0)
		print_uint("prio", " prio %" PRIu64, (uint64_t)c->prio);
	if (c->lane >= 0)
		print_uint("lane", NULL, (uint64_t)c->lane);
	print_str("source", NULL, "ethtool");
	print_text("  (%s)", rdmactl_eth_group_name(c->group));
	print_close();
}

/* The section of a port whose netdev is ifname, inside the port's object. */
void stat_eth_print(const char *ifname)
{
	struct rdmactl_eth_stats *st = NULL;
	char error[300];
	size_t i;
	int err;

	if (!eth_h_tried) {
		eth_h_tried = true;
		if (rdmactl_open(&eth_h))
			eth_h = NULL;
	}
	err = eth_h ? rdmactl_eth_stats_get(eth_h, ifname, &st) : -ENOTCONN;
	print_object_open("ethtool");
	print_str("ifname", "  ethtool %s", ifname);
	if (err) {
		snprintf(error, sizeof(error), "%s", eth_h ? rdmactl_errmsg(eth_h) : "");
		if (!error[0])
			snprintf(error, sizeof(error), "cannot read its statistics: %s",
				 strerror(-err));
		print_str("error", ": %s\n", error);
		print_object_close();
		rdmactl_eth_stats_free(st);
		return;
	}
	if (st->driver[0])
		print_str("driver", " (%s)", st->driver);
	print_text(":\n");
	print_uint("timestamp_ns", NULL, st->timestamp_ns);
	print_array_open("counters");
	for (i = 0; i < st->num_counters; i++)
		stat_eth_counter(&st->counters[i]);
	print_array_close();
	print_object_close();
	rdmactl_eth_stats_free(st);
}

void stat_eth_done(void)
{
	rdmactl_close(eth_h);
	eth_h = NULL;
	eth_h_tried = false;
}
