// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The RoCE ports' QoS families: the chain rdmactl_qos_list() reads, from
 * rdma_cm's default ToS to the priority its DSCP lands on and PFC there,
 * and whether it is lossless. What the chain does not have is absent, not
 * 0, as node_exporter leaves out what it cannot read: a netdev without
 * DCB (rxe over a veth) has a ToS and a DSCP but no priority, PFC or
 * lossless. Why a port is not lossless is rdma_roce_qos_lossy_reason's,
 * a sample per reason that holds, as rdma_metric_saturated is per counter
 * that does: a reason label on the lossless gauge would split its series
 * whenever the reason changed. Documentation/exporter.md, "RoCE QoS".
 */
#include "metrics.h"

enum qfield { Q_TOS, Q_DSCP, Q_PRIO, Q_PFC, Q_LOSSLESS, Q_NUM };

static const struct {
	const char *name, *help;
} qfields[Q_NUM] = {
	[Q_TOS] = { "rdma_roce_qos_tos", "rdma_cm's default ToS on the port, where known." },
	[Q_DSCP] = { "rdma_roce_qos_dscp", "The DSCP of that ToS (ToS >> 2)." },
	[Q_PRIO] = { "rdma_roce_qos_priority",
		     "The priority the netdev's DCB APP table maps the DSCP to; absent when it maps it to none, or has no DCB." },
	[Q_PFC] = { "rdma_roce_qos_pfc", "1 when PFC is on for that priority, 0 when it is off." },
	[Q_LOSSLESS] = { "rdma_roce_qos_lossless",
			 "1 when the port's RoCE traffic is lossless: its DSCP mapped to a priority with PFC on, DSCP trusted first; 0 when not (rdma_roce_qos_lossy_reason says why); absent when the ToS is unknown or the netdev has no DCB here." },
};

/* The value of field f of chain q, false when it has none. */
static bool qvalue(enum qfield f, const struct rdmactl_qos_info *q, uint64_t *v)
{
	bool tos = q->present & RDMACTL_QOS_HAS_TOS, dcb = q->present & RDMACTL_QOS_HAS_DCB;
	bool app = tos && dcb && (q->present & RDMACTL_QOS_HAS_APP);

	switch (f) {
	case Q_TOS:
		*v = q->tos;
		return tos;
	case Q_DSCP:
		*v = q->dscp;
		return tos;
	case Q_PRIO:
		*v = q->prio;
		return app;
	case Q_PFC:
		*v = q->pfc;
		return app;
	case Q_LOSSLESS:
		*v = !q->lossy;
		return tos && dcb;
	default:
		return false;
	}
}

static void qos_field(struct exp_out *o, const struct exp_snapshot *s, enum qfield f)
{
	bool any = false;
	uint64_t v;
	size_t i;

	for (i = 0; i < s->num_ports; i++) {
		if (!s->ports[i].has_qos || !qvalue(f, &s->ports[i].qos, &v))
			continue;
		if (!any)
			exp_family(o, qfields[f].name, EXP_GAUGE, qfields[f].help);
		any = true;
		exp_sample(o->b, qfields[f].name, "", o->labels[1][i], v);
	}
}

/* RDMACTL_QOS_LOSSY_*, in bit order, as the reason label has them. */
static const char *const reasons[] = { "no-tos", "no-dcb", "unmapped", "no-pfc", "trust" };

static void lossy_reasons(struct exp_out *o, const struct exp_snapshot *s)
{
	bool any = false;
	size_t i, r;

	for (i = 0; i < s->num_ports; i++) {
		const struct exp_port *p = &s->ports[i];

		for (r = 0; p->has_qos && r < sizeof(reasons) / sizeof(reasons[0]); r++) {
			if (!(p->qos.lossy & (1u << r)))
				continue;
			if (!any)
				exp_family(o, "rdma_roce_qos_lossy_reason", EXP_GAUGE,
					   "1 for each reason the port's RoCE traffic is not lossless: no-tos (rdma_cm's ToS unknown), no-dcb (no DCB on its netdev here), unmapped (no APP entry for the DSCP), no-pfc (PFC off on its priority), trust (PCP trusted before DSCP); absent otherwise.");
			any = true;
			exp_begin(o, "rdma_roce_qos_lossy_reason", EXP_GAUGE);
			exp_port_labels(o->b, &p->info, true);
			exp_label(o->b, "reason", reasons[r]);
			exp_end_u64(o->b, 1);
		}
	}
}

void exp_qos_metrics(struct exp_out *o, const struct exp_snapshot *s)
{
	enum qfield f;

	for (f = 0; f < Q_NUM; f++)
		qos_field(o, s, f);
	lossy_reasons(o, s);
}
