// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The kernel's "ethtool" generic netlink family, on a socket of the
 * handle's own, opened on first use: the rdmactl one checks attributes
 * against rdmactl's types, and this one may run inside a callback of an
 * rdmactl dump on the same handle (sock.c's loop). The family looked up
 * once, the string sets of STATS_GET read once; the replies go to
 * ethtool-parse.c's parsers.
 *
 *   PAUSE_GET  header{dev, flags STATS} -> PAUSE_STATS{TX_FRAMES, RX_FRAMES}
 *   FEC_GET    header{dev, flags STATS} -> FEC_STATS{CORRECTED, UNCORR,
 *              CORR_BITS}: u64 arrays, [0] the total, then one per lane
 *   STATS_GET  header{dev}, GROUPS (compact bitset) -> GRP{ID, SS_ID,
 *              STAT{<index in string set SS_ID>: u64}..., HIST_RX/TX{BKT_LOW,
 *              BKT_HI, VAL}...} per group
 *   STRSET_GET STRINGSETS{STRINGSET{ID}} -> the names of a string set
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "internal.h"

/* A string set of STATS_GET's groups, read once per handle. */
struct eth_strset {
	uint32_t id;
	uint32_t count;
	char (*names)[ETH_GSTRING_LEN];
};

struct rdmactl_eth {
	struct rdmactl_sock s;
	uint16_t family;		/* 0: the kernel has no ethtool netlink */
	struct eth_strset sets[4];
	unsigned int num_sets;		/* 0: not asked yet */
};

static struct nlmsghdr *eth_msg(struct rdmactl_eth *e, uint8_t cmd)
{
	struct nlmsghdr *nlh = rdmactl_sock_msg(&e->s, e->family, NLM_F_ACK);
	struct genlmsghdr *g;

	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = cmd;
	g->version = cmd == CTRL_CMD_GETFAMILY ? 1 : ETHTOOL_GENL_VERSION;
	return nlh;
}

/*
 * Send nlh and feed each reply of its family to cb. 0, or the kernel's
 * -errno (message in h, naming what), or cb's.
 */
static int eth_transact(struct rdmactl *h, struct rdmactl_eth *e, struct nlmsghdr *nlh,
			uint16_t type, int (*cb)(const struct nlmsghdr *nlh, void *arg), void *arg,
			const char *what)
{
	const struct rdmactl_sock_req r = {
		.type = type, .hdrlen = sizeof(struct genlmsghdr), .cb = cb, .arg = arg, .what = what,
	};

	return rdmactl_sock_transact(h, &e->s, nlh, &r);
}

static int eth_family_cb(const struct nlmsghdr *nlh, void *arg)
{
	struct rdmactl_eth *e = arg;
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, sizeof(struct genlmsghdr))
		if (mnl_attr_get_type(a) == CTRL_ATTR_FAMILY_ID &&
		    mnl_attr_validate(a, MNL_TYPE_U16) == 0)
			e->family = mnl_attr_get_u16(a);
	return 0;
}

static void eth_close(struct rdmactl_eth *e)
{
	unsigned int i;

	if (!e)
		return;
	rdmactl_sock_close(&e->s);
	for (i = 0; i < e->num_sets; i++)
		free(e->sets[i].names);
	free(e);
}

void rdmactl_eth_close(struct rdmactl *h)
{
	eth_close(h->eth);
	h->eth = NULL;
}

/* Opened on first use, the family resolved; later the same socket. */
int rdmactl_eth_open(struct rdmactl *h)
{
	struct rdmactl_eth *e;
	struct nlmsghdr *nlh;
	int err;

	if (h->eth)
		return mnl_socket_get_fd(h->eth->s.nl);
	e = calloc(1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	err = rdmactl_sock_open(h, &e->s, NETLINK_GENERIC, "generic netlink");
	if (err) {
		free(e);
		return err;
	}
	e->family = GENL_ID_CTRL;
	nlh = eth_msg(e, CTRL_CMD_GETFAMILY);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, ETHTOOL_GENL_NAME);
	e->family = 0;
	err = eth_transact(h, e, nlh, GENL_ID_CTRL, eth_family_cb, e, "ethtool netlink");
	/* -ENOENT: a kernel without CONFIG_ETHTOOL_NETLINK; the ioctl remains. */
	if (err && err != -ENOENT) {
		eth_close(e);
		return err;
	}
	h->eth = e;
	return mnl_socket_get_fd(e->s.nl);
}

static void eth_put_header(struct nlmsghdr *nlh, uint16_t type, uint32_t ifindex, uint32_t flags)
{
	struct nlattr *nest = mnl_attr_nest_start(nlh, type);

	mnl_attr_put_u32(nlh, ETHTOOL_A_HEADER_DEV_INDEX, ifindex);
	if (flags)
		mnl_attr_put_u32(nlh, ETHTOOL_A_HEADER_FLAGS, flags);
	mnl_attr_nest_end(nlh, nest);
}

/* One STRINGSET's STRINGS nest: each STRING{INDEX, VALUE} into ss. */
static int eth_strings(struct eth_strset *ss, const struct nlattr *strings)
{
	const struct nlattr *s, *f;

	mnl_attr_for_each_nested(s, strings) {
		const struct nlattr *idx = NULL, *val = NULL;
		uint32_t i;

		mnl_attr_for_each_nested(f, s) {
			if (mnl_attr_get_type(f) == ETHTOOL_A_STRING_INDEX &&
			    mnl_attr_validate(f, MNL_TYPE_U32) == 0)
				idx = f;
			else if (mnl_attr_get_type(f) == ETHTOOL_A_STRING_VALUE &&
				 mnl_attr_validate(f, MNL_TYPE_NUL_STRING) == 0)
				val = f;
		}
		if (!idx || !val || mnl_attr_get_u32(idx) >= 256)
			continue;
		i = mnl_attr_get_u32(idx);
		if (i >= ss->count) {
			void *p = realloc(ss->names, (i + 1) * sizeof(*ss->names));

			if (!p)
				return -ENOMEM;
			ss->names = p;
			memset(ss->names + ss->count, 0, (i + 1 - ss->count) * sizeof(*ss->names));
			ss->count = i + 1;
		}
		snprintf(ss->names[i], ETH_GSTRING_LEN, "%s", mnl_attr_get_str(val));
	}
	return 0;
}

/*
 * The names of STATS_GET's string sets (ETH_SS_STATS_ETH_PHY..RMON), asked
 * for in one STRSET_GET on the handle's first STATS_GET: global sets, but
 * the request needs its header (6.12 refuses one without: MISS_TYPE), so
 * it names the netdev asked about. A kernel without them (5.10) refuses,
 * and has no STATS_GET.
 */
static int eth_strset_cb(const struct nlmsghdr *nlh, void *arg)
{
	struct rdmactl_eth *e = arg;
	const struct nlattr *sets = rdmactl_eth_attr(nlh, ETHTOOL_A_STRSET_STRINGSETS), *set, *a;

	if (!sets)
		return 0;
	mnl_attr_for_each_nested(set, sets) {
		struct eth_strset *ss = NULL;
		unsigned int k;

		mnl_attr_for_each_nested(a, set)
			if (mnl_attr_get_type(a) == ETHTOOL_A_STRINGSET_ID &&
			    mnl_attr_validate(a, MNL_TYPE_U32) == 0)
				for (k = 0; k < e->num_sets; k++)
					if (e->sets[k].id == mnl_attr_get_u32(a))
						ss = &e->sets[k];
		if (!ss)
			continue;
		mnl_attr_for_each_nested(a, set)
			if (mnl_attr_get_type(a) == ETHTOOL_A_STRINGSET_STRINGS &&
			    eth_strings(ss, a))
				return -ENOMEM;
	}
	return 0;
}

static void eth_strsets_load(struct rdmactl *h, struct rdmactl_eth *e, uint32_t ifindex)
{
	static const uint32_t ids[] = {
		ETH_SS_STATS_ETH_PHY, ETH_SS_STATS_ETH_MAC, ETH_SS_STATS_ETH_CTRL, ETH_SS_STATS_RMON,
	};
	struct nlattr *sets, *set;
	struct nlmsghdr *nlh;
	unsigned int k;

	if (e->num_sets)
		return;		/* asked once per handle, whatever the answer */
	nlh = eth_msg(e, ETHTOOL_MSG_STRSET_GET);
	eth_put_header(nlh, ETHTOOL_A_STRSET_HEADER, ifindex, 0);
	sets = mnl_attr_nest_start(nlh, ETHTOOL_A_STRSET_STRINGSETS);
	for (k = 0; k < sizeof(ids) / sizeof(ids[0]); k++) {
		e->sets[k].id = ids[k];
		set = mnl_attr_nest_start(nlh, ETHTOOL_A_STRINGSETS_STRINGSET);
		mnl_attr_put_u32(nlh, ETHTOOL_A_STRINGSET_ID, ids[k]);
		mnl_attr_nest_end(nlh, set);
	}
	mnl_attr_nest_end(nlh, sets);
	e->num_sets = k;
	/* Without names, counters are "statN": the values still hold. */
	eth_transact(h, e, nlh, e->family, eth_strset_cb, e, "ethtool string sets");
}

const char *rdmactl_eth_string(const struct rdmactl *h, uint32_t id, uint32_t index)
{
	const struct eth_strset *ss;
	unsigned int k;

	for (k = 0; h && h->eth && k < h->eth->num_sets; k++) {
		ss = &h->eth->sets[k];
		if (ss->id == id)
			return index < ss->count && ss->names[index][0] ? ss->names[index] : NULL;
	}
	return NULL;
}

/* A message whose absence is no error: the kernel or the driver lacks it. */
static bool eth_absent(int err)
{
	return err == -EOPNOTSUPP;
}

int rdmactl_eth_netlink(struct rdmactl *h, uint32_t ifindex, struct rdmactl_eth_acc *acc)
{
	struct rdmactl_eth *e = h->eth;
	struct nlmsghdr *nlh;
	struct nlattr *bs;
	int err;

	if (!e->family)
		return 0;
	nlh = eth_msg(e, ETHTOOL_MSG_PAUSE_GET);
	eth_put_header(nlh, ETHTOOL_A_PAUSE_HEADER, ifindex, ETHTOOL_FLAG_STATS);
	err = eth_transact(h, e, nlh, e->family, rdmactl_eth_pause_parse, acc, "pause statistics");
	if (err && !eth_absent(err))
		return err;

	nlh = eth_msg(e, ETHTOOL_MSG_FEC_GET);
	eth_put_header(nlh, ETHTOOL_A_FEC_HEADER, ifindex, ETHTOOL_FLAG_STATS);
	err = eth_transact(h, e, nlh, e->family, rdmactl_eth_fec_parse, acc, "FEC statistics");
	if (err && !eth_absent(err))
		return err;

	/* Every group this library knows, as a compact bitset. */
	eth_strsets_load(h, e, ifindex);
	nlh = eth_msg(e, ETHTOOL_MSG_STATS_GET);
	eth_put_header(nlh, ETHTOOL_A_STATS_HEADER, ifindex, 0);
	bs = mnl_attr_nest_start(nlh, ETHTOOL_A_STATS_GROUPS);
	mnl_attr_put(nlh, ETHTOOL_A_BITSET_NOMASK, 0, NULL);
	mnl_attr_put_u32(nlh, ETHTOOL_A_BITSET_SIZE, __ETHTOOL_STATS_CNT);
	mnl_attr_put_u32(nlh, ETHTOOL_A_BITSET_VALUE, (1U << __ETHTOOL_STATS_CNT) - 1);
	mnl_attr_nest_end(nlh, bs);
	err = eth_transact(h, e, nlh, e->family, rdmactl_eth_stats_parse, acc,
			   "standard statistics");
	if (err && !eth_absent(err))
		return err;
	return acc->err;
}
