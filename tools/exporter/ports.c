// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The ports' families: what each port is (rdma_port), one gauge family
 * per value a port has (its state as the events keep it, link, LIDs,
 * rdma_cm's RoCE defaults, whether its PMA answered), and its GID table's
 * entries by type.
 */
#include <stdlib.h>
#include <string.h>

#include "metrics.h"

static int pstate_cmp(const void *a, const void *b)
{
	const struct exp_pstate *x = a, *y = b;

	if (x->dev_index != y->dev_index)
		return x->dev_index < y->dev_index ? -1 : 1;
	return x->port < y->port ? -1 : x->port > y->port;
}

/* The events' states, sorted for lookups; NULL when there are none. */
static struct exp_pstate *states(size_t *n)
{
	struct exp_pstate *st = NULL;

	pthread_mutex_lock(&exporter.state_lock);
	*n = exporter.num_ports;
	if (*n) {
		st = malloc(*n * sizeof(*st));
		if (st)
			memcpy(st, exporter.ports, *n * sizeof(*st));
	}
	pthread_mutex_unlock(&exporter.state_lock);
	if (!st)
		*n = 0;
	else
		qsort(st, *n, sizeof(*st), pstate_cmp);
	return st;
}

static const struct exp_pstate *state_of(const struct exp_pstate *st, size_t n,
					 const struct rdmactl_port_info *p)
{
	struct exp_pstate key = { .dev_index = p->dev_index, .port = p->port };

	return n ? bsearch(&key, st, n, sizeof(*st), pstate_cmp) : NULL;
}

/* Per-port gauges, each family over every port that has the value. */
enum pfield {
	P_STATE, P_PHYS, P_CHANGES, P_LAST_CHANGE, P_RATE, P_WIDTH, P_MTU, P_MAX_MTU,
	P_LID, P_SM_LID, P_LMC, P_ROCE_MODE, P_ROCE_TOS, P_PMA, P_NUM
};

static const struct {
	const char *rdma, *node;		/* node: --node-exporter-names */
	enum exp_kind kind;
	const char *help;
} pfields[P_NUM] = {
	[P_STATE] = { "rdma_port_state", "node_infiniband_state_id", EXP_GAUGE,
		      "Port state: 1 DOWN, 2 INIT, 3 ARMED, 4 ACTIVE, 5 ACTIVE_DEFER (kept by events)." },
	[P_PHYS] = { "rdma_port_physical_state", "node_infiniband_physical_state_id", EXP_GAUGE,
		     "Physical state: 1 Sleep, 2 Polling, 3 Disabled, 4 PortConfigurationTraining, 5 LinkUp, 6 LinkErrorRecovery, 7 PhyTest." },
	[P_CHANGES] = { "rdma_port_state_changes", NULL, EXP_COUNTER,
			"Port state changes (PORT_ACTIVE and PORT_ERR events) since the exporter started." },
	[P_LAST_CHANGE] = { "rdma_port_last_state_change_seconds", NULL, EXP_GAUGE,
			    "Unix time of the port's last state change seen." },
	[P_RATE] = { "rdma_port_rate_bytes_per_second", "node_infiniband_rate_bytes_per_second", EXP_GAUGE,
		     "The link's data rate, width times lane speed." },
	[P_WIDTH] = { "rdma_port_width_lanes", NULL, EXP_GAUGE, "Active link width in lanes." },
	[P_MTU] = { "rdma_port_mtu_bytes", NULL, EXP_GAUGE, "Active MTU." },
	[P_MAX_MTU] = { "rdma_port_max_mtu_bytes", NULL, EXP_GAUGE, "Largest MTU the port supports." },
	[P_LID] = { "rdma_port_lid", NULL, EXP_GAUGE, "The port's base LID (InfiniBand)." },
	[P_SM_LID] = { "rdma_port_sm_lid", NULL, EXP_GAUGE,
		       "The subnet manager's LID; 0: no subnet manager (InfiniBand)." },
	[P_LMC] = { "rdma_port_lmc", NULL, EXP_GAUGE, "The port's LID mask control (InfiniBand)." },
	[P_ROCE_MODE] = { "rdma_port_roce_mode", NULL, EXP_GAUGE,
			  "rdma_cm's default RoCE version on the port: 1 or 2." },
	[P_ROCE_TOS] = { "rdma_port_roce_tos", NULL, EXP_GAUGE, "rdma_cm's default ToS on the port." },
	[P_PMA] = { "rdma_port_pma_counters", NULL, EXP_GAUGE,
		    "InfiniBand: 1 when the snapshot has the port's PMA counters, 0 when its PMA did not answer (the driver's are exported either way)." },
};

/* The value of field f of port p, false when it has none. */
static bool pvalue(enum pfield f, const struct exp_port *p, const struct exp_pstate *st,
		   uint64_t *v)
{
	const struct rdmactl_port_info *i = &p->info;
	bool ib = i->present & RDMACTL_PORT_HAS_IB;

	switch (f) {
	case P_STATE:
		*v = st ? st->state : i->state;
		return true;
	case P_PHYS:
		*v = st ? st->phys_state : i->phys_state;
		return i->phys_state || (st && st->phys_state);
	case P_CHANGES:
		*v = st ? st->changes : 0;
		return st;
	case P_RATE:
		*v = i->rate_mbps * 125000ull;
		return i->present & RDMACTL_PORT_HAS_RATE;
	case P_WIDTH:
		*v = i->active_width;
		return i->present & RDMACTL_PORT_HAS_WIDTH;
	case P_MTU:
		*v = i->active_mtu;
		return i->present & RDMACTL_PORT_HAS_ACTIVE_MTU;
	case P_MAX_MTU:
		*v = i->max_mtu;
		return i->present & RDMACTL_PORT_HAS_MAX_MTU;
	case P_LID:
		*v = i->lid;
		return ib;
	case P_SM_LID:
		*v = i->sm_lid;
		return ib;
	case P_LMC:
		*v = i->lmc;
		return ib;
	case P_ROCE_MODE:
		*v = p->roce.mode == RDMACTL_GID_TYPE_ROCE_V1 ? 1 : 2;
		return p->has_roce && (p->roce.present & RDMACTL_ROCE_HAS_CURRENT);
	case P_ROCE_TOS:
		*v = p->roce.tos;
		return p->has_roce && (p->roce.present & RDMACTL_ROCE_HAS_CURRENT);
	case P_PMA:
		/* Every IB port has a PMA (IBTA); RoCE drivers may have none. */
		*v = p->stat && p->stat->pma_set;
		return ib && p->stat;
	default:
		return false;
	}
}

/* The rdma_port family: each port's link layer, netdev, GUID and speed. */
static void port_info(struct exp_out *o, const struct exp_snapshot *s)
{
	char g[24];
	size_t i;

	exp_family(o, "rdma_port", EXP_INFO, "An RDMA port: link layer, netdev, GUID, lane speed.");
	for (i = 0; i < s->num_ports; i++) {
		const struct rdmactl_port_info *p = &s->ports[i].info;

		exp_begin(o, "rdma_port", EXP_INFO);
		exp_port_labels(o->b, p, true);
		exp_label(o->b, "netdev", p->present & RDMACTL_PORT_HAS_NETDEV ? p->netdev_name : "");
		exp_label(o->b, "port_guid",
			  p->present & RDMACTL_PORT_HAS_GUID ? exp_guid(g, p->port_guid) : "");
		exp_label(o->b, "speed", rdmactl_port_speed_name(p->active_speed));
		exp_end_u64(o->b, 1);
	}
}

/* Field f's family, over every port that has the value (st: the events' states). */
static void port_field(struct exp_out *o, const struct exp_snapshot *s, enum pfield f,
		       const struct exp_pstate *st, size_t nst)
{
	const char *name = pfields[f].rdma;
	bool node = false;
	bool any = false;
	uint64_t v;
	size_t i;

	if (exporter.opt.node_exporter_names && pfields[f].node) {
		name = pfields[f].node;
		node = true;
	}
	for (i = 0; i < s->num_ports; i++) {
		const struct exp_port *p = &s->ports[i];
		const struct exp_pstate *ps = state_of(st, nst, &p->info);

		if (f == P_LAST_CHANGE) {
			/* The one real number: a Unix time. */
			if (!ps || !ps->last_change)
				continue;
			if (!any)
				exp_family(o, name, pfields[f].kind, pfields[f].help);
			any = true;
			exp_begin(o, name, pfields[f].kind);
			exp_port_labels(o->b, &p->info, true);
			exp_end_double(o->b, ps->last_change);
			continue;
		}
		if (!pvalue(f, p, ps, &v))
			continue;
		if (!any)
			exp_family(o, name, pfields[f].kind, pfields[f].help);
		any = true;
		exp_sample(o->b, name, exp_kind_suffix[pfields[f].kind], o->labels[!node][i], v);
	}
}

/* The entries of each port's GID table, by type. */
static void port_gids(struct exp_out *o, const struct exp_snapshot *s)
{
	static const char *const gid_types[] = {
		[RDMACTL_GID_TYPE_IB] = "ib", [RDMACTL_GID_TYPE_ROCE_V1] = "v1",
		[RDMACTL_GID_TYPE_ROCE_V2] = "v2", [RDMACTL_GID_TYPE_IWARP] = "iwarp",
	};
	size_t i, t;

	exp_family(o, "rdma_port_gids", EXP_GAUGE, "Entries of the port's GID table, by type.");
	for (i = 0; i < s->num_ports; i++) {
		for (t = 1; t < sizeof(gid_types) / sizeof(gid_types[0]); t++) {
			if (!s->ports[i].gids[t])
				continue;
			exp_begin(o, "rdma_port_gids", EXP_GAUGE);
			exp_port_labels(o->b, &s->ports[i].info, true);
			exp_label(o->b, "type", gid_types[t]);
			exp_end_u64(o->b, s->ports[i].gids[t]);
		}
	}
}

void exp_port_metrics(struct exp_out *o, const struct exp_snapshot *s)
{
	size_t nst;
	struct exp_pstate *st = states(&nst);
	enum pfield f;

	port_info(o, s);
	for (f = 0; f < P_NUM; f++)
		port_field(o, s, f, st, nst);
	free(st);
	port_gids(o, s);
}
