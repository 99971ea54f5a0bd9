// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The ethtool netlink replies of rdmactl_eth_stats_get(), counter by
 * counter into a struct rdmactl_eth_acc: PAUSE_GET's pause frames,
 * FEC_GET's blocks and bits (the total, then each lane), STATS_GET's IEEE
 * 802.3 and RMON groups, named from their string sets (ethtool-netlink.c),
 * and the RMON histogram's buckets. No socket here: the unit tests feed
 * the parsers canned replies.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#include "internal.h"

/* Room for a counter's name: the kernel's 32, or ours for a bucket. */
#define ETH_NAME_MAX 48

int rdmactl_eth_add(struct rdmactl_eth_acc *a, uint8_t group, const char *name, uint64_t value,
		    uint8_t unit, int prio, int lane)
{
	struct rdmactl_eth_item *it;

	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 32;
		void *p = realloc(a->items, cap * sizeof(*a->items));

		if (!p)
			return a->err = -ENOMEM;
		a->items = p;
		a->cap = cap;
	}
	it = &a->items[a->n++];
	snprintf(it->name, sizeof(it->name), "%s", name);
	it->value = value;
	it->group = group;
	it->unit = unit;
	it->prio = (int8_t)prio;
	it->lane = (int8_t)lane;
	return 0;
}

uint8_t rdmactl_eth_std_unit(uint8_t group, const char *name)
{
	if (group == RDMACTL_ETH_PHY)
		return RDMACTL_UNIT_EVENTS;		/* SymbolErrorDuringCarrier */
	if (strstr(name, "Octets") && strncmp(name, "etherStatsPkts", 14))
		return RDMACTL_UNIT_OCTETS;		/* OctetsTransmittedOK... */
	if (!strcmp(name, "LateCollisions") || !strcmp(name, "CarrierSenseErrors"))
		return RDMACTL_UNIT_EVENTS;		/* times, not frames */
	return RDMACTL_UNIT_PACKETS;			/* frames */
}

/* A u64 attribute, or false when its size is not a u64's. */
static bool eth_u64(const struct nlattr *a, uint64_t *v)
{
	if (mnl_attr_get_payload_len(a) != sizeof(*v))
		return false;
	memcpy(v, mnl_attr_get_payload(a), sizeof(*v));
	return true;
}

const struct nlattr *rdmactl_eth_attr(const struct nlmsghdr *nlh, uint16_t type)
{
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr))
		if (mnl_attr_get_type(a) == type)
			return a;
	return NULL;
}

int rdmactl_eth_pause_parse(const struct nlmsghdr *nlh, void *arg)
{
	struct rdmactl_eth_acc *acc = arg;
	const struct nlattr *stats = rdmactl_eth_attr(nlh, ETHTOOL_A_PAUSE_STATS), *a;
	uint64_t v;

	if (!stats)
		return 0;		/* 5.10, or the driver has no get_pause_stats */
	mnl_attr_for_each_nested(a, stats) {
		const char *name = mnl_attr_get_type(a) == ETHTOOL_A_PAUSE_STAT_TX_FRAMES ?
				   "tx_pause_frames" :
				   mnl_attr_get_type(a) == ETHTOOL_A_PAUSE_STAT_RX_FRAMES ?
				   "rx_pause_frames" : NULL;

		if (!name)
			continue;	/* PAD, or newer than this library */
		if (!eth_u64(a, &v))
			return -EBADMSG;
		if (rdmactl_eth_add(acc, RDMACTL_ETH_PAUSE, name, v, RDMACTL_UNIT_PACKETS, -1, -1))
			return acc->err;
	}
	return 0;
}

int rdmactl_eth_fec_parse(const struct nlmsghdr *nlh, void *arg)
{
	static const struct {
		const char *name;
		uint8_t unit;
	} kinds[] = {
		[ETHTOOL_A_FEC_STAT_CORRECTED] = { "corrected_blocks", RDMACTL_UNIT_BLOCKS },
		[ETHTOOL_A_FEC_STAT_UNCORR] = { "uncorrectable_blocks", RDMACTL_UNIT_BLOCKS },
		[ETHTOOL_A_FEC_STAT_CORR_BITS] = { "corrected_bits", RDMACTL_UNIT_BITS },
	};
	struct rdmactl_eth_acc *acc = arg;
	const struct nlattr *stats = rdmactl_eth_attr(nlh, ETHTOOL_A_FEC_STATS), *a;

	if (!stats)
		return 0;
	mnl_attr_for_each_nested(a, stats) {
		uint16_t type = mnl_attr_get_type(a);
		uint16_t len = mnl_attr_get_payload_len(a);
		const char *p = mnl_attr_get_payload(a);
		uint64_t v;
		size_t i;

		if (type >= sizeof(kinds) / sizeof(kinds[0]) || !kinds[type].name)
			continue;
		if (len % sizeof(v))
			return -EBADMSG;
		/* [0] the total, then each lane's; empty when not reported. */
		for (i = 0; i < len / sizeof(v); i++) {
			memcpy(&v, p + i * sizeof(v), sizeof(v));
			if (rdmactl_eth_add(acc, RDMACTL_ETH_FEC, kinds[type].name, v,
					    kinds[type].unit, -1, (int)i - 1))
				return acc->err;
		}
	}
	return 0;
}

static const uint8_t eth_stats_group[] = {
	[ETHTOOL_STATS_ETH_PHY] = RDMACTL_ETH_PHY,
	[ETHTOOL_STATS_ETH_MAC] = RDMACTL_ETH_MAC,
	[ETHTOOL_STATS_ETH_CTRL] = RDMACTL_ETH_CTRL,
	[ETHTOOL_STATS_RMON] = RDMACTL_ETH_RMON,
};

/* One RMON histogram bucket: "rx_etherStatsPkts65to127Octets". */
static int eth_hist(struct rdmactl_eth_acc *acc, const struct nlattr *bkt, const char *dir)
{
	const struct nlattr *f, *low = NULL, *hi = NULL, *val = NULL;
	char name[ETH_NAME_MAX], top[16];
	uint64_t v;

	mnl_attr_for_each_nested(f, bkt) {
		switch (mnl_attr_get_type(f)) {
		case ETHTOOL_A_STATS_GRP_HIST_BKT_LOW:
			low = mnl_attr_validate(f, MNL_TYPE_U32) ? NULL : f;
			break;
		case ETHTOOL_A_STATS_GRP_HIST_BKT_HI:
			hi = mnl_attr_validate(f, MNL_TYPE_U32) ? NULL : f;
			break;
		case ETHTOOL_A_STATS_GRP_HIST_VAL:
			val = f;
			break;
		}
	}
	if (!low || !val || !eth_u64(val, &v))
		return -EBADMSG;
	if (hi && mnl_attr_get_u32(hi))
		snprintf(top, sizeof(top), "%u", mnl_attr_get_u32(hi));
	else
		snprintf(top, sizeof(top), "Max");
	snprintf(name, sizeof(name), "%s_etherStatsPkts%uto%sOctets", dir,
		 mnl_attr_get_u32(low), top);
	return rdmactl_eth_add(acc, RDMACTL_ETH_RMON, name, v, RDMACTL_UNIT_PACKETS, -1, -1);
}

/* A group's STAT nest: one attribute a counter, whose type is its index in string set ss. */
static int eth_stat(struct rdmactl_eth_acc *acc, const struct nlattr *stat, uint8_t group,
		    uint32_t ss)
{
	const struct nlattr *s;

	mnl_attr_for_each_nested(s, stat) {
		uint16_t i = mnl_attr_get_type(s);
		const char *name = rdmactl_eth_string(acc->h, ss, i);
		char unnamed[ETH_NAME_MAX];
		uint64_t v;

		if (!eth_u64(s, &v))
			return -EBADMSG;
		if (!name) {
			snprintf(unnamed, sizeof(unnamed), "stat%u", i);
			name = unnamed;
		}
		if (rdmactl_eth_add(acc, group, name, v, rdmactl_eth_std_unit(group, name), -1, -1))
			return acc->err;
	}
	return 0;
}

int rdmactl_eth_stats_parse(const struct nlmsghdr *nlh, void *arg)
{
	struct rdmactl_eth_acc *acc = arg;
	const struct nlattr *grp, *a;

	mnl_attr_for_each(grp, nlh, sizeof(struct genlmsghdr)) {
		uint32_t id = UINT32_MAX, ss = UINT32_MAX;	/* UINT32_MAX: none */

		if (mnl_attr_get_type(grp) != ETHTOOL_A_STATS_GRP)
			continue;
		mnl_attr_for_each_nested(a, grp) {
			if (mnl_attr_validate(a, MNL_TYPE_U32))
				continue;
			if (mnl_attr_get_type(a) == ETHTOOL_A_STATS_GRP_ID)
				id = mnl_attr_get_u32(a);
			else if (mnl_attr_get_type(a) == ETHTOOL_A_STATS_GRP_SS_ID)
				ss = mnl_attr_get_u32(a);
		}
		if (id >= sizeof(eth_stats_group) || !eth_stats_group[id])
			continue;	/* a group newer than this library */
		mnl_attr_for_each_nested(a, grp) {
			uint16_t type = mnl_attr_get_type(a);
			int err = 0;

			if (type == ETHTOOL_A_STATS_GRP_HIST_RX)
				err = eth_hist(acc, a, "rx");
			else if (type == ETHTOOL_A_STATS_GRP_HIST_TX)
				err = eth_hist(acc, a, "tx");
			else if (type == ETHTOOL_A_STATS_GRP_STAT)
				err = eth_stat(acc, a, eth_stats_group[id], ss);
			if (err)
				return err;
		}
	}
	return 0;
}
