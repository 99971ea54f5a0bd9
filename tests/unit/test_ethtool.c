// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * librdmactl's ethtool side without a kernel: the driver pause patterns
 * against each vendor's names (as their string tables print them) and
 * near-misses, the standard counters' units, and the PAUSE_GET, FEC_GET
 * and STATS_GET replies built as net/ethtool/ fills them: an omitted
 * attribute gives no counter, a FEC array is the total then each lane.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#include "check.h"
#include "internal.h"

static char mbuf[4096];

static struct nlmsghdr *reply(void)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(mbuf);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));

	nlh->nlmsg_type = 0x20;
	g->cmd = 1;
	return nlh;
}

static void match(const char *name, int want, uint8_t unit, int prio)
{
	struct rdmactl_eth_match m = { .unit = 99, .prio = 99 };
	bool got = rdmactl_eth_driver_match(name, &m);

	if (!want) {
		CHECK(!got, "%s is not a pause counter", name);
		return;
	}
	CHECK(got && m.unit == unit && m.prio == prio, "%s: unit %s prio %d (got %d, %s, %d)",
	      name, rdmactl_counter_unit_name(unit), prio, got, rdmactl_counter_unit_name(m.unit),
	      m.prio);
}

static void test_patterns(void)
{
	const uint8_t F = RDMACTL_UNIT_PACKETS, US = RDMACTL_UNIT_USEC, EV = RDMACTL_UNIT_EVENTS;

	/* mlx5 (en_stats.c) */
	match("rx_prio0_pause", 1, F, 0);
	match("tx_prio7_pause", 1, F, 7);
	match("rx_prio3_pause_duration", 1, US, 3);
	match("tx_prio3_pause_duration", 1, US, 3);
	match("rx_prio5_pause_transition", 1, EV, 5);
	match("rx_global_pause", 1, F, -1);
	match("tx_global_pause_duration", 1, US, -1);
	match("rx_global_pause_transition", 1, EV, -1);
	match("rx_pause_ctrl_phy", 1, F, -1);
	match("tx_pause_ctrl_phy", 1, F, -1);
	match("tx_pause_storm_warning_events", 1, EV, -1);
	match("tx_pause_storm_error_events", 1, EV, -1);
	/* ice */
	match("rx_priority_0_xon.nic", 1, F, 0);
	match("rx_priority_6_xoff.nic", 1, F, 6);
	match("tx_priority_7_xon.nic", 1, F, 7);
	match("tx_priority_1_xoff.nic", 1, F, 1);
	match("link_xon_rx.nic", 1, F, -1);
	match("link_xoff_tx.nic", 1, F, -1);
	/* i40e */
	match("port.rx_priority_2_xon_rx", 1, F, 2);
	match("port.tx_priority_4_xoff_tx", 1, F, 4);
	match("port.rx_priority_4_xon_2_xoff", 1, EV, 4);
	match("port.link_xoff_rx", 1, F, -1);
	/* bnxt_en */
	match("rx_pause_frames", 1, F, -1);
	match("tx_pfc_frames", 1, F, -1);
	match("rx_pfc_ena_frames_pri3", 1, F, 3);
	match("tx_pfc_ena_frames_pri0", 1, F, 0);
	match("pfc_pri2_rx_duration_us", 1, US, 2);
	match("pfc_pri6_tx_transitions", 1, EV, 6);

	/* Near-misses: other counters of the same drivers, and broken names. */
	match("rx_prio8_pause", 0, 0, 0);		/* eight priorities: 0..7 */
	match("rx_prio10_pause", 0, 0, 0);
	match("rx_prio_pause", 0, 0, 0);
	match("rx_prio0_packets", 0, 0, 0);		/* mlx5's per-prio traffic */
	match("rx_prio0_pause_durations", 0, 0, 0);
	match("rx_prio0_pause ", 0, 0, 0);
	match("tx_prio0_pause_transition", 0, 0, 0);	/* mlx5 has rx's only */
	match("rx_priority_0_xon", 0, 0, 0);		/* ice's end in .nic */
	match("rx_priority_x_xon.nic", 0, 0, 0);
	match("port.rx_priority_0_xon", 0, 0, 0);	/* i40e's end in _rx */
	match("rx_pfc_ena_frames_pri8", 0, 0, 0);
	match("rx_pfc_ena_frames_pri", 0, 0, 0);
	match("pfc_pri0_rx_duration", 0, 0, 0);
	match("rx_pause", 0, 0, 0);
	match("pause", 0, 0, 0);
	match("", 0, 0, 0);
	match("rx_queue_0_xdp_packets", 0, 0, 0);	/* veth's */
	match("RX_PRIO0_PAUSE", 0, 0, 0);
}

static void test_units(void)
{
	CHECK(rdmactl_eth_std_unit(RDMACTL_ETH_MAC, "OctetsTransmittedOK") == RDMACTL_UNIT_OCTETS,
	      "Octets*: bytes");
	CHECK(rdmactl_eth_std_unit(RDMACTL_ETH_MAC, "FramesReceivedOK") == RDMACTL_UNIT_PACKETS,
	      "Frames*: frames");
	CHECK(rdmactl_eth_std_unit(RDMACTL_ETH_MAC, "LateCollisions") == RDMACTL_UNIT_EVENTS,
	      "LateCollisions: events");
	CHECK(rdmactl_eth_std_unit(RDMACTL_ETH_PHY, "SymbolErrorDuringCarrier") ==
	      RDMACTL_UNIT_EVENTS, "PHY symbol errors: events");
	CHECK(rdmactl_eth_std_unit(RDMACTL_ETH_RMON, "etherStatsPkts64Octets") ==
	      RDMACTL_UNIT_PACKETS, "RMON's etherStatsPkts*Octets: frames, not bytes");
	CHECK(rdmactl_eth_std_unit(RDMACTL_ETH_CTRL, "MACControlFramesReceived") ==
	      RDMACTL_UNIT_PACKETS, "MAC Control: frames");
}

static void put_u64_pad(struct nlmsghdr *nlh, uint16_t type, uint64_t v)
{
	mnl_attr_put(nlh, type, sizeof(v), &v);
}

static void test_pause(void)
{
	struct rdmactl_eth_acc acc = { .h = NULL };
	struct nlmsghdr *nlh = reply();
	struct nlattr *nest;

	mnl_attr_put_u8(nlh, ETHTOOL_A_PAUSE_RX, 1);
	nest = mnl_attr_nest_start(nlh, ETHTOOL_A_PAUSE_STATS);
	mnl_attr_put(nlh, ETHTOOL_A_PAUSE_STAT_PAD, 0, NULL);
	put_u64_pad(nlh, ETHTOOL_A_PAUSE_STAT_TX_FRAMES, 2);
	put_u64_pad(nlh, ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 1);
	put_u64_pad(nlh, 60, 9);		/* a later kernel's */
	mnl_attr_nest_end(nlh, nest);
	CHECK(rdmactl_eth_pause_parse(nlh, &acc) == 0, "pause reply parsed");
	CHECK(acc.n == 2, "two pause counters, the unknown skipped (%zu)", acc.n);
	CHECK(acc.n == 2 && !strcmp(acc.items[0].name, "tx_pause_frames") &&
	      acc.items[0].value == 2 && !strcmp(acc.items[1].name, "rx_pause_frames") &&
	      acc.items[1].value == 1 && acc.items[1].unit == RDMACTL_UNIT_PACKETS &&
	      acc.items[1].group == RDMACTL_ETH_PAUSE, "named as ethtool's JSON, in frames");
	free(acc.items);

	/* Only rx reported (netdevsim's report_stats_tx 0): tx is absent, not 0. */
	memset(&acc, 0, sizeof(acc));
	nlh = reply();
	nest = mnl_attr_nest_start(nlh, ETHTOOL_A_PAUSE_STATS);
	put_u64_pad(nlh, ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 1);
	mnl_attr_nest_end(nlh, nest);
	CHECK(rdmactl_eth_pause_parse(nlh, &acc) == 0 && acc.n == 1 &&
	      !strcmp(acc.items[0].name, "rx_pause_frames"), "an omitted tx is no counter");
	free(acc.items);

	memset(&acc, 0, sizeof(acc));
	nlh = reply();
	mnl_attr_put_u8(nlh, ETHTOOL_A_PAUSE_RX, 1);
	CHECK(rdmactl_eth_pause_parse(nlh, &acc) == 0 && acc.n == 0,
	      "no PAUSE_STATS (5.10, no get_pause_stats): no counters");

	nlh = reply();
	nest = mnl_attr_nest_start(nlh, ETHTOOL_A_PAUSE_STATS);
	mnl_attr_put_u32(nlh, ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 1);
	mnl_attr_nest_end(nlh, nest);
	CHECK(rdmactl_eth_pause_parse(nlh, &acc) == -EBADMSG, "a u32 where a u64 goes: refused");
	free(acc.items);
}

static void test_fec(void)
{
	uint64_t corr[3] = { 30, 10, 20 }, uncorr[1] = { 4 };
	struct rdmactl_eth_acc acc = { .h = NULL };
	struct nlmsghdr *nlh = reply();
	struct nlattr *nest;

	nest = mnl_attr_nest_start(nlh, ETHTOOL_A_FEC_STATS);
	mnl_attr_put(nlh, ETHTOOL_A_FEC_STAT_PAD, 0, NULL);
	mnl_attr_put(nlh, ETHTOOL_A_FEC_STAT_CORRECTED, sizeof(corr), corr);
	mnl_attr_put(nlh, ETHTOOL_A_FEC_STAT_UNCORR, sizeof(uncorr), uncorr);
	mnl_attr_put(nlh, ETHTOOL_A_FEC_STAT_CORR_BITS, 0, NULL);	/* not reported */
	mnl_attr_nest_end(nlh, nest);
	CHECK(rdmactl_eth_fec_parse(nlh, &acc) == 0, "FEC reply parsed");
	CHECK(acc.n == 4, "total and two lanes, a total, no bits (%zu)", acc.n);
	if (acc.n == 4) {
		CHECK(!strcmp(acc.items[0].name, "corrected_blocks") && acc.items[0].lane == -1 &&
		      acc.items[0].value == 30, "the total first, lane -1");
		CHECK(acc.items[1].lane == 0 && acc.items[1].value == 10 &&
		      acc.items[2].lane == 1 && acc.items[2].value == 20, "then lanes 0 and 1");
		CHECK(!strcmp(acc.items[3].name, "uncorrectable_blocks") && acc.items[3].lane == -1 &&
		      acc.items[3].value == 4 && acc.items[3].unit == RDMACTL_UNIT_BLOCKS,
		      "uncorrectable: its total, in blocks");
	}
	free(acc.items);

	memset(&acc, 0, sizeof(acc));
	nlh = reply();
	nest = mnl_attr_nest_start(nlh, ETHTOOL_A_FEC_STATS);
	mnl_attr_put(nlh, ETHTOOL_A_FEC_STAT_CORRECTED, 12, corr);
	mnl_attr_nest_end(nlh, nest);
	CHECK(rdmactl_eth_fec_parse(nlh, &acc) == -EBADMSG, "an array not of u64s: refused");
	free(acc.items);
}

static void put_stat(struct nlmsghdr *nlh, uint16_t index, uint64_t v)
{
	struct nlattr *nest = mnl_attr_nest_start(nlh, ETHTOOL_A_STATS_GRP_STAT);

	mnl_attr_put(nlh, index, sizeof(v), &v);
	mnl_attr_nest_end(nlh, nest);
}

static void test_stats(void)
{
	struct rdmactl_eth_acc acc = { .h = NULL };
	struct nlmsghdr *nlh = reply();
	struct nlattr *grp, *b;
	uint64_t v = 77;

	/* eth-phy: index 0 is a real counter (SymbolErrorDuringCarrier). */
	grp = mnl_attr_nest_start(nlh, ETHTOOL_A_STATS_GRP);
	mnl_attr_put_u32(nlh, ETHTOOL_A_STATS_GRP_ID, ETHTOOL_STATS_ETH_PHY);
	mnl_attr_put_u32(nlh, ETHTOOL_A_STATS_GRP_SS_ID, ETH_SS_STATS_ETH_PHY);
	put_stat(nlh, ETHTOOL_A_STATS_ETH_PHY_5_SYM_ERR, 5);
	mnl_attr_nest_end(nlh, grp);
	/* eth-ctrl asked for but the driver has none: an empty group. */
	grp = mnl_attr_nest_start(nlh, ETHTOOL_A_STATS_GRP);
	mnl_attr_put_u32(nlh, ETHTOOL_A_STATS_GRP_ID, ETHTOOL_STATS_ETH_CTRL);
	mnl_attr_put_u32(nlh, ETHTOOL_A_STATS_GRP_SS_ID, ETH_SS_STATS_ETH_CTRL);
	mnl_attr_nest_end(nlh, grp);
	/* rmon: a histogram bucket, an open one, and a counter. */
	grp = mnl_attr_nest_start(nlh, ETHTOOL_A_STATS_GRP);
	mnl_attr_put_u32(nlh, ETHTOOL_A_STATS_GRP_ID, ETHTOOL_STATS_RMON);
	mnl_attr_put_u32(nlh, ETHTOOL_A_STATS_GRP_SS_ID, ETH_SS_STATS_RMON);
	b = mnl_attr_nest_start(nlh, ETHTOOL_A_STATS_GRP_HIST_RX);
	mnl_attr_put_u32(nlh, ETHTOOL_A_STATS_GRP_HIST_BKT_LOW, 65);
	mnl_attr_put_u32(nlh, ETHTOOL_A_STATS_GRP_HIST_BKT_HI, 127);
	mnl_attr_put(nlh, ETHTOOL_A_STATS_GRP_HIST_VAL, sizeof(v), &v);
	mnl_attr_nest_end(nlh, b);
	b = mnl_attr_nest_start(nlh, ETHTOOL_A_STATS_GRP_HIST_TX);
	mnl_attr_put_u32(nlh, ETHTOOL_A_STATS_GRP_HIST_BKT_LOW, 1519);
	mnl_attr_put_u32(nlh, ETHTOOL_A_STATS_GRP_HIST_BKT_HI, 0);
	mnl_attr_put(nlh, ETHTOOL_A_STATS_GRP_HIST_VAL, sizeof(v), &v);
	mnl_attr_nest_end(nlh, b);
	put_stat(nlh, ETHTOOL_A_STATS_RMON_JABBER, 3);
	mnl_attr_nest_end(nlh, grp);

	CHECK(rdmactl_eth_stats_parse(nlh, &acc) == 0, "STATS_GET reply parsed");
	CHECK(acc.n == 4, "one PHY, no ctrl, two buckets and one RMON counter (%zu)", acc.n);
	if (acc.n == 4) {
		CHECK(acc.items[0].group == RDMACTL_ETH_PHY && acc.items[0].value == 5 &&
		      !strcmp(acc.items[0].name, "stat0"),
		      "index 0 is a counter; without string sets it is statN (%s)",
		      acc.items[0].name);
		CHECK(!strcmp(acc.items[1].name, "rx_etherStatsPkts65to127Octets") &&
		      acc.items[1].value == 77 && acc.items[1].unit == RDMACTL_UNIT_PACKETS,
		      "an rx bucket, in frames: %s", acc.items[1].name);
		CHECK(!strcmp(acc.items[2].name, "tx_etherStatsPkts1519toMaxOctets"),
		      "an open tx bucket: %s", acc.items[2].name);
		CHECK(acc.items[3].group == RDMACTL_ETH_RMON && acc.items[3].value == 3,
		      "the RMON counter");
	}
	free(acc.items);
}

static void test_names(void)
{
	CHECK(!strcmp(rdmactl_eth_group_name(RDMACTL_ETH_PAUSE), "pause") &&
	      !strcmp(rdmactl_eth_group_name(RDMACTL_ETH_DRIVER), "driver") &&
	      !strcmp(rdmactl_eth_group_name(0), "") && !strcmp(rdmactl_eth_group_name(200), ""),
	      "group names, \"\" for unknown ones");
	CHECK(!strcmp(rdmactl_counter_unit_name(RDMACTL_UNIT_USEC), "microseconds") &&
	      !strcmp(rdmactl_counter_unit_name(RDMACTL_UNIT_OCTETS), "bytes"),
	      "the new units' names");
}

static void test_args(void)
{
	struct rdmactl h;
	struct rdmactl_eth_stats *st = (void *)1;

	memset(&h, 0, sizeof(h));
	CHECK(rdmactl_eth_stats_get(&h, "", &st) == -EINVAL && !st, "no name: -EINVAL");
	CHECK(rdmactl_eth_stats_get(&h, "a-name-of-16-chars", &st) == -EINVAL,
	      "a name too long: -EINVAL, said: %s", h.errmsg);
	rdmactl_eth_close(&h);
}

int main(void)
{
	test_patterns();
	test_units();
	test_pause();
	test_fec();
	test_stats();
	test_names();
	test_args();
	return DONE();
}
