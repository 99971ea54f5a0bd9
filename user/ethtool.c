// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A RoCE port's netdev as ethtool sees it: the standard pause, FEC and
 * IEEE 802.3 / RMON statistics over the kernel's "ethtool" generic netlink
 * family, and the driver's per-priority pause counters among its
 * `ethtool -S` ones (SIOCETHTOOL). Its own socket and a small loop: the
 * rdmactl one checks attributes against rdmactl's types, and this one may
 * run inside a callback of an rdmactl dump on the same handle.
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
#include <time.h>
#include <unistd.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/sockios.h>

#include "internal.h"

#define ETH_BUF_SIZE (32 * 1024)
/* Room for a counter's name: the kernel's 32, or ours for a bucket. */
#define ETH_NAME_MAX 48

/* A string set of STATS_GET's groups, read once per handle. */
struct eth_strset {
	uint32_t id;
	uint32_t count;
	char (*names)[ETH_GSTRING_LEN];
};

struct rdmactl_eth {
	struct mnl_socket *nl;
	uint32_t portid;
	uint32_t seq;
	uint16_t family;		/* 0: the kernel has no ethtool netlink */
	char *buf;
	struct eth_strset sets[4];
	unsigned int num_sets;		/* 0: not asked yet */
};

static int eth_add(struct rdmactl_eth_acc *a, uint8_t group, const char *name, uint64_t value,
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

/* The netlink side: a request, its replies to cb, its ACK or error. */
typedef int (*eth_reply_cb)(const struct nlmsghdr *nlh, void *arg);

static struct nlmsghdr *eth_msg(struct rdmactl_eth *e, uint8_t cmd)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(e->buf);
	struct genlmsghdr *g;

	nlh->nlmsg_type = e->family;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = ++e->seq;
	g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	g->cmd = cmd;
	g->version = cmd == CTRL_CMD_GETFAMILY ? 1 : ETHTOOL_GENL_VERSION;
	return nlh;
}

/* The extended ACK's message of an error, if any, into h. */
static void eth_extack(struct rdmactl *h, const struct nlmsghdr *nlh, const char *what)
{
	const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);
	size_t offset = MNL_NLMSG_HDRLEN + sizeof(e->error);
	const struct nlattr *attr;

	rdmactl_set_err(h, "%s: %s", what, strerror(-e->error));
	offset += nlh->nlmsg_flags & NLM_F_CAPPED ? sizeof(e->msg) : MNL_ALIGN(e->msg.nlmsg_len);
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS) || nlh->nlmsg_len <= offset)
		return;
	mnl_attr_for_each(attr, nlh, offset - MNL_NLMSG_HDRLEN)
		if (mnl_attr_get_type(attr) == NLMSGERR_ATTR_MSG &&
		    mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) == 0)
			rdmactl_set_err(h, "%s: %s", what, mnl_attr_get_str(attr));
}

/*
 * Send nlh and feed each reply of its family to cb. 0, or the kernel's
 * -errno (message in h, naming what), or cb's.
 */
static int eth_transact(struct rdmactl *h, struct rdmactl_eth *e, struct nlmsghdr *nlh,
			uint16_t type, eth_reply_cb cb, void *arg, const char *what)
{
	uint32_t seq = nlh->nlmsg_seq;

	if (mnl_socket_sendto(e->nl, nlh, nlh->nlmsg_len) < 0) {
		rdmactl_set_err(h, "%s: cannot send to the kernel: %s", what, strerror(errno));
		return -errno;
	}
	for (;;) {
		ssize_t n = mnl_socket_recvfrom(e->nl, e->buf, ETH_BUF_SIZE);
		const struct nlmsghdr *r = (const struct nlmsghdr *)e->buf;
		int left = (int)n;

		if (n < 0) {
			rdmactl_set_err(h, "%s: cannot receive from the kernel: %s", what,
					strerror(errno));
			return -errno;
		}
		for (; mnl_nlmsg_ok(r, left); r = mnl_nlmsg_next(r, &left)) {
			const struct nlmsgerr *err;
			int ret;

			if (r->nlmsg_seq != seq || r->nlmsg_type == NLMSG_NOOP)
				continue;
			if (r->nlmsg_type == NLMSG_ERROR) {
				err = mnl_nlmsg_get_payload(r);
				if (r->nlmsg_len < MNL_NLMSG_HDRLEN + sizeof(*err)) {
					rdmactl_set_err(h, "%s: truncated netlink error", what);
					return -EBADMSG;
				}
				if (err->error)
					eth_extack(h, r, what);
				return err->error;
			}
			if (r->nlmsg_type == NLMSG_DONE)
				return 0;
			if (r->nlmsg_type != type ||
			    r->nlmsg_len < MNL_NLMSG_HDRLEN + MNL_ALIGN(sizeof(struct genlmsghdr))) {
				rdmactl_set_err(h, "%s: unexpected netlink message type %u", what,
						r->nlmsg_type);
				return -EBADMSG;
			}
			ret = cb(r, arg);
			if (ret)
				return ret;
		}
	}
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
	if (e->nl)
		mnl_socket_close(e->nl);
	for (i = 0; i < e->num_sets; i++)
		free(e->sets[i].names);
	free(e->buf);
	free(e);
}

void rdmactl_eth_close(struct rdmactl *h)
{
	eth_close(h->eth);
	h->eth = NULL;
}

/* The handle's ethtool socket, opened on first use; the family resolved. */
static int eth_open(struct rdmactl *h)
{
	struct rdmactl_eth *e;
	struct nlmsghdr *nlh;
	int one = 1, err;

	if (h->eth)
		return 0;
	e = calloc(1, sizeof(*e));
	if (!e || !(e->buf = malloc(ETH_BUF_SIZE))) {
		eth_close(e);
		return -ENOMEM;
	}
	e->seq = (uint32_t)time(NULL);
	e->nl = mnl_socket_open(NETLINK_GENERIC);
	if (!e->nl || mnl_socket_bind(e->nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		err = -errno;
		rdmactl_set_err(h, "cannot open a generic netlink socket: %s", strerror(errno));
		eth_close(e);
		return err;
	}
	e->portid = mnl_socket_get_portid(e->nl);
	mnl_socket_setsockopt(e->nl, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(e->nl, NETLINK_CAP_ACK, &one, sizeof(one));

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
	return 0;
}

static void eth_put_header(struct nlmsghdr *nlh, uint16_t type, uint32_t ifindex, uint32_t flags)
{
	struct nlattr *nest = mnl_attr_nest_start(nlh, type);

	mnl_attr_put_u32(nlh, ETHTOOL_A_HEADER_DEV_INDEX, ifindex);
	if (flags)
		mnl_attr_put_u32(nlh, ETHTOOL_A_HEADER_FLAGS, flags);
	mnl_attr_nest_end(nlh, nest);
}

/* A u64 attribute, or false when its size is not a u64's. */
static bool eth_u64(const struct nlattr *a, uint64_t *v)
{
	if (mnl_attr_get_payload_len(a) != sizeof(*v))
		return false;
	memcpy(v, mnl_attr_get_payload(a), sizeof(*v));
	return true;
}

/* The top-level attribute of type in a reply, or NULL. */
static const struct nlattr *eth_attr(const struct nlmsghdr *nlh, uint16_t type)
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
	const struct nlattr *stats = eth_attr(nlh, ETHTOOL_A_PAUSE_STATS), *a;
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
		if (eth_add(acc, RDMACTL_ETH_PAUSE, name, v, RDMACTL_UNIT_PACKETS, -1, -1))
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
	const struct nlattr *stats = eth_attr(nlh, ETHTOOL_A_FEC_STATS), *a;

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
			if (eth_add(acc, RDMACTL_ETH_FEC, kinds[type].name, v, kinds[type].unit,
				    -1, (int)i - 1))
				return acc->err;
		}
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
	const struct nlattr *sets = eth_attr(nlh, ETHTOOL_A_STRSET_STRINGSETS), *set, *a, *s, *f;

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
		mnl_attr_for_each_nested(a, set) {
			if (mnl_attr_get_type(a) != ETHTOOL_A_STRINGSET_STRINGS)
				continue;
			mnl_attr_for_each_nested(s, a) {
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
					memset(ss->names + ss->count, 0,
					       (i + 1 - ss->count) * sizeof(*ss->names));
					ss->count = i + 1;
				}
				snprintf(ss->names[i], ETH_GSTRING_LEN, "%s", mnl_attr_get_str(val));
			}
		}
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

static const struct eth_strset *eth_strset(const struct rdmactl *h, uint32_t id)
{
	unsigned int k;

	for (k = 0; h && h->eth && k < h->eth->num_sets; k++)
		if (h->eth->sets[k].id == id)
			return &h->eth->sets[k];
	return NULL;
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
	return eth_add(acc, RDMACTL_ETH_RMON, name, v, RDMACTL_UNIT_PACKETS, -1, -1);
}

int rdmactl_eth_stats_parse(const struct nlmsghdr *nlh, void *arg)
{
	struct rdmactl_eth_acc *acc = arg;
	const struct nlattr *grp, *a, *s;

	mnl_attr_for_each(grp, nlh, sizeof(struct genlmsghdr)) {
		const struct eth_strset *set = NULL;
		uint32_t id = UINT32_MAX;
		uint8_t group;

		if (mnl_attr_get_type(grp) != ETHTOOL_A_STATS_GRP)
			continue;
		mnl_attr_for_each_nested(a, grp) {
			if (mnl_attr_validate(a, MNL_TYPE_U32))
				continue;
			if (mnl_attr_get_type(a) == ETHTOOL_A_STATS_GRP_ID)
				id = mnl_attr_get_u32(a);
			else if (mnl_attr_get_type(a) == ETHTOOL_A_STATS_GRP_SS_ID && acc->h)
				set = eth_strset(acc->h, mnl_attr_get_u32(a));
		}
		if (id >= sizeof(eth_stats_group) || !eth_stats_group[id])
			continue;	/* a group newer than this library */
		group = eth_stats_group[id];
		mnl_attr_for_each_nested(a, grp) {
			uint16_t type = mnl_attr_get_type(a);
			int err = 0;

			if (type == ETHTOOL_A_STATS_GRP_HIST_RX)
				err = eth_hist(acc, a, "rx");
			else if (type == ETHTOOL_A_STATS_GRP_HIST_TX)
				err = eth_hist(acc, a, "tx");
			if (err)
				return err;
			if (type != ETHTOOL_A_STATS_GRP_STAT)
				continue;
			/* One attribute, whose type is the index in the string set. */
			mnl_attr_for_each_nested(s, a) {
				uint16_t i = mnl_attr_get_type(s);
				char unnamed[ETH_NAME_MAX];
				const char *name;
				uint64_t v;

				if (!eth_u64(s, &v))
					return -EBADMSG;
				if (set && i < set->count && set->names[i][0]) {
					name = set->names[i];
				} else {
					snprintf(unnamed, sizeof(unnamed), "stat%u", i);
					name = unnamed;
				}
				if (eth_add(acc, group, name, v, rdmactl_eth_std_unit(group, name),
					    -1, -1))
					return acc->err;
			}
		}
	}
	return 0;
}

/* A message whose absence is no error: the kernel or the driver lacks it. */
static bool eth_absent(int err)
{
	return err == -EOPNOTSUPP;
}

static int eth_netlink(struct rdmactl *h, uint32_t ifindex, struct rdmactl_eth_acc *acc)
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

/* SIOCETHTOOL on the socket (any family's socket reaches dev_ioctl()). */
static int eth_ioctl(int fd, const char *ifname, void *data)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	ifr.ifr_data = data;
	return ioctl(fd, SIOCETHTOOL, &ifr) ? -errno : 0;
}

/* The driver's `ethtool -S` counters that match a pattern. */
static int eth_driver(struct rdmactl *h, int fd, const char *ifname, struct rdmactl_eth_acc *acc)
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

	err = eth_ioctl(fd, ifname, &sset);
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
	err = eth_ioctl(fd, ifname, names);
	if (!err && names->len != n)
		err = -EAGAIN;
	for (i = 0; !err && i < n; i++) {
		names->data[i * ETH_GSTRING_LEN + ETH_GSTRING_LEN - 1] = '\0';
		kept += rdmactl_eth_driver_match((char *)names->data + i * ETH_GSTRING_LEN, &m);
	}
	if (err || !kept)
		goto out;
	stats->cmd = ETHTOOL_GSTATS;
	stats->n_stats = n;
	err = eth_ioctl(fd, ifname, stats);
	if (!err && stats->n_stats != n)
		err = -EAGAIN;
	for (i = 0; !err && i < n; i++) {
		const char *name = (char *)names->data + i * ETH_GSTRING_LEN;

		if (rdmactl_eth_driver_match(name, &m) &&
		    eth_add(acc, RDMACTL_ETH_DRIVER, name, stats->data[i], m.unit, m.prio, -1))
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

RDMACTL_EXPORT int rdmactl_eth_stats_get(struct rdmactl *h, const char *ifname,
					 struct rdmactl_eth_stats **out)
{
	struct ethtool_drvinfo drv = { .cmd = ETHTOOL_GDRVINFO };
	struct rdmactl_eth_acc acc = { .h = h };
	struct rdmactl_eth_stats *st;
	struct timespec ts;
	struct ifreq ifr;
	size_t i, names = 0;
	char *pool;
	int fd, err;

	*out = NULL;
	h->errmsg[0] = '\0';
	if (!ifname || !*ifname || strlen(ifname) >= IFNAMSIZ) {
		rdmactl_set_err(h, "\"%s\" is no interface name", ifname ? ifname : "");
		return -EINVAL;
	}
	err = eth_open(h);
	if (err)
		return err;
	fd = mnl_socket_get_fd(h->eth->nl);
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	if (ioctl(fd, SIOCGIFINDEX, &ifr)) {
		err = -errno;
		if (err == -ENODEV)
			rdmactl_set_err(h, "no interface %s in this network namespace", ifname);
		else
			rdmactl_set_err(h, "cannot find interface %s: %s", ifname, strerror(errno));
		return err;
	}
	clock_gettime(CLOCK_MONOTONIC, &ts);
	if (eth_ioctl(fd, ifname, &drv))
		drv.driver[0] = '\0';
	drv.driver[sizeof(drv.driver) - 1] = '\0';

	err = eth_netlink(h, (uint32_t)ifr.ifr_ifindex, &acc);
	if (!err)
		err = eth_driver(h, fd, ifname, &acc);
	if (err) {
		free(acc.items);
		return err;
	}

	/* Asked for in the order of enum rdmactl_eth_group: no sorting. */
	for (i = 0; i < acc.n; i++)
		names += strlen(acc.items[i].name) + 1;
	st = calloc(1, sizeof(*st) + acc.n * sizeof(*st->counters) + names);
	if (!st) {
		free(acc.items);
		return -ENOMEM;
	}
	st->ifindex = (uint32_t)ifr.ifr_ifindex;
	snprintf(st->ifname, sizeof(st->ifname), "%s", ifname);
	snprintf(st->driver, sizeof(st->driver), "%s", drv.driver);
	st->timestamp_ns = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	st->num_counters = acc.n;
	st->counters = (struct rdmactl_eth_counter *)(st + 1);
	pool = (char *)(st->counters + acc.n);
	for (i = 0; i < acc.n; i++) {
		struct rdmactl_eth_counter *c = &st->counters[i];
		size_t len = strlen(acc.items[i].name) + 1;

		memcpy(pool, acc.items[i].name, len);
		c->name = pool;
		pool += len;
		c->value = acc.items[i].value;
		c->group = acc.items[i].group;
		c->unit = acc.items[i].unit;
		c->prio = acc.items[i].prio;
		c->lane = acc.items[i].lane;
		st->groups_supported |= 1U << c->group;
	}
	free(acc.items);
	*out = st;
	if (!st->num_counters) {
		rdmactl_set_err(h, "not supported by %s's driver (%s)", ifname,
				st->driver[0] ? st->driver : "unknown");
		return -EOPNOTSUPP;
	}
	return 0;
}

RDMACTL_EXPORT void rdmactl_eth_stats_free(struct rdmactl_eth_stats *stats)
{
	free(stats);
}

RDMACTL_EXPORT const char *rdmactl_eth_group_name(uint8_t group)
{
	static const char *const names[] = {
		[RDMACTL_ETH_PAUSE] = "pause",
		[RDMACTL_ETH_FEC] = "fec",
		[RDMACTL_ETH_PHY] = "eth-phy",
		[RDMACTL_ETH_MAC] = "eth-mac",
		[RDMACTL_ETH_CTRL] = "eth-ctrl",
		[RDMACTL_ETH_RMON] = "rmon",
		[RDMACTL_ETH_DRIVER] = "driver",
	};

	return group < sizeof(names) / sizeof(names[0]) && names[group] ? names[group] : "";
}
