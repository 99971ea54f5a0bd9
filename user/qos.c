// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * rdmactl_qos_list(): each RoCE port's chain, rdma_cm's default ToS to the
 * pause frames of the priority it lands on. Three sources, read in turn:
 * rdmactl.ko (ROCE_GET: the ToS and the kept profile; PORT_GET: the
 * netdev), dcbnl (dcb.c: APP table, apptrust, PFC, ETS) and ethtool (the
 * driver's per-priority pause counters). What each says is judged here:
 * the lossy reasons and the drift from the kept profile (qos.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

RDMACTL_EXPORT const char *rdmactl_qos_part_name(unsigned int part)
{
	switch (part) {
	case RDMACTL_QOS_TOS:
		return "tos";
	case RDMACTL_QOS_PRIO:
		return "prio";
	case RDMACTL_QOS_PFC:
		return "pfc";
	case RDMACTL_QOS_TRUST:
		return "trust";
	case RDMACTL_QOS_KEPT:
		return "kept";
	case RDMACTL_QOS_APP_OLD:
		return "app-old";
	default:
		return NULL;
	}
}

uint8_t rdmactl_qos_trust_of(const struct rdmactl_dcb *d)
{
	/* What a DSCP-marked frame is classified by: DSCP only when first. */
	return d->ntrust && d->trust[0] == IEEE_8021QAZ_APP_SEL_DSCP ? RDMACTL_ROCE_TRUST_DSCP :
		RDMACTL_ROCE_TRUST_PCP;
}

/* Where the port's DCB differs from the kept profile; unknowns are no drift. */
static unsigned int qos_drift(const struct rdmactl_qos_info *q)
{
	const struct rdmactl_qos_profile *s = &q->saved;
	unsigned int drift = 0;

	if (!(q->present & RDMACTL_QOS_HAS_SAVED) || !(s->has & RDMACTL_QOS_TOS))
		return 0;
	if ((q->present & RDMACTL_QOS_HAS_TOS) && q->tos != s->tos)
		drift |= RDMACTL_QOS_TOS;
	if (!(q->present & RDMACTL_QOS_HAS_DCB))
		return drift;
	/* The set removed the DSCP's other entries: one more is drift too. */
	if ((s->has & RDMACTL_QOS_PRIO) && q->dcb.dscp_prios[s->tos >> 2] != 1U << s->prio)
		drift |= RDMACTL_QOS_PRIO;
	if ((s->has & RDMACTL_QOS_PFC) && (q->dcb.present & RDMACTL_DCB_HAS_PFC) &&
	    ((q->dcb.pfc_en >> s->prio) & 1) != s->pfc)
		drift |= RDMACTL_QOS_PFC;
	if ((s->has & RDMACTL_QOS_TRUST) && (q->present & RDMACTL_QOS_HAS_TRUST) &&
	    q->trust != s->trust)
		drift |= RDMACTL_QOS_TRUST;
	return drift;
}

void rdmactl_qos_chain(struct rdmactl_qos_info *q)
{
	const struct rdmactl_dcb *d = &q->dcb;
	bool dcb = q->present & RDMACTL_QOS_HAS_DCB;

	q->present &= ~(RDMACTL_QOS_HAS_APP | RDMACTL_QOS_HAS_TRUST);
	q->lossy = 0;
	q->dscp = q->tos >> 2;
	q->ecn = q->tos & 3;
	if (!(q->present & RDMACTL_QOS_HAS_TOS))
		q->lossy |= RDMACTL_QOS_LOSSY_NO_TOS;
	if (!(q->present & RDMACTL_QOS_HAS_NETDEV) || !dcb)
		q->lossy |= RDMACTL_QOS_LOSSY_NO_DCB;
	if (dcb && (d->present & RDMACTL_DCB_HAS_TRUST)) {
		q->present |= RDMACTL_QOS_HAS_TRUST;
		q->trust = rdmactl_qos_trust_of(d);
		if (q->trust != RDMACTL_ROCE_TRUST_DSCP)
			q->lossy |= RDMACTL_QOS_LOSSY_TRUST;
	}
	if (dcb && (q->present & RDMACTL_QOS_HAS_TOS)) {
		if (!d->dscp_prios[q->dscp]) {
			q->lossy |= RDMACTL_QOS_LOSSY_UNMAPPED;
		} else {
			q->present |= RDMACTL_QOS_HAS_APP;
			q->prio = (uint8_t)__builtin_ctz(d->dscp_prios[q->dscp]);
			q->pfc = (d->pfc_en >> q->prio) & 1;
			/* PFC not reported is not PFC on. */
			if (!(d->present & RDMACTL_DCB_HAS_PFC) || !q->pfc)
				q->lossy |= RDMACTL_QOS_LOSSY_NO_PFC;
			q->tc = d->prio_tc[q->prio] & 7;
			q->tc_bw = d->tc_bw[q->tc];
			q->tc_tsa = d->tc_tsa[q->tc];
		}
	}
	q->drift = qos_drift(q);
}

/* Whether an ethtool counter name is of frames received ("rx_prio3_pause"). */
static int qos_pause_dir(const char *name)
{
	if (!strncmp(name, "rx_", 3) || strstr(name, ".rx_") || strstr(name, "_rx_"))
		return 0;
	if (!strncmp(name, "tx_", 3) || strstr(name, ".tx_") || strstr(name, "_tx_"))
		return 1;
	return -1;
}

void rdmactl_qos_pause(struct rdmactl_qos_info *q, const struct rdmactl_eth_stats *st)
{
	uint64_t sum[2] = { 0, 0 };
	bool seen[2] = { false, false };
	size_t i;

	q->present &= ~RDMACTL_QOS_HAS_PAUSE;
	if (!(q->present & RDMACTL_QOS_HAS_APP))
		return;
	/* The driver's frames of the priority: XON and XOFF both, where apart (ice). */
	for (i = 0; i < st->num_counters; i++) {
		const struct rdmactl_eth_counter *c = &st->counters[i];
		int dir = qos_pause_dir(c->name);

		if (c->group != RDMACTL_ETH_DRIVER || c->unit != RDMACTL_UNIT_PACKETS ||
		    c->prio != q->prio || dir < 0)
			continue;
		sum[dir] += c->value;
		seen[dir] = true;
	}
	if (!seen[0] || !seen[1])
		return;
	q->present |= RDMACTL_QOS_HAS_PAUSE;
	q->rx_pause = sum[0];
	q->tx_pause = sum[1];
}

int rdmactl_qos_netdev_dcb(struct rdmactl *h, const struct rdmactl_port_info *p,
			   struct rdmactl_dcb_raw *raw)
{
	int err;

	if (!(p->present & RDMACTL_PORT_HAS_NETDEV)) {
		memset(raw, 0, sizeof(*raw));
		rdmactl_set_err(h, "%s/%u has no netdev", p->dev_name, p->port);
		return -ENODEV;
	}
	err = rdmactl_dcb_get_raw(h, p->netdev_name, raw);
	/* The name here may be another namespace's netdev's: the index tells. */
	if (!err && raw->dcb.ifindex != p->netdev_index) {
		rdmactl_set_err(h, "%s/%u's netdev %s (ifindex %u) is not in this network namespace",
				p->dev_name, p->port, p->netdev_name, p->netdev_index);
		return -ENODEV;
	}
	if (err == -ENODEV)
		rdmactl_set_err(h, "%s/%u's netdev %s is not in this network namespace",
				p->dev_name, p->port, p->netdev_name);
	return err;
}

/* The kept profile, from ROCE_GET's saved attributes. */
static void qos_saved(const struct rdmactl_roce_info *r, struct rdmactl_qos_info *q)
{
	struct rdmactl_qos_profile *s = &q->saved;

	if (r->present & RDMACTL_ROCE_HAS_SAVED_TOS) {
		s->has |= RDMACTL_QOS_TOS;
		s->tos = r->saved_tos;
	}
	if (r->present & RDMACTL_ROCE_HAS_SAVED_QOS) {
		s->has |= RDMACTL_QOS_PRIO | RDMACTL_QOS_PFC;
		s->prio = r->saved_prio;
		s->pfc = r->saved_pfc;
		if (r->saved_trust) {
			s->has |= RDMACTL_QOS_TRUST;
			s->trust = r->saved_trust;
		}
	}
	if (s->has)
		q->present |= RDMACTL_QOS_HAS_SAVED;
}

/* One port's chain; p its PORT_GET, NULL when the dump had none. */
static void qos_fill(struct rdmactl *h, const struct rdmactl_roce_info *r,
		     const struct rdmactl_port_info *p, struct rdmactl_qos_info *q)
{
	struct rdmactl_eth_stats *st = NULL;
	struct rdmactl_dcb_raw raw;
	int err = -ENODEV;

	memset(q, 0, sizeof(*q));
	q->dev_index = r->dev_index;
	snprintf(q->dev_name, sizeof(q->dev_name), "%s", r->dev_name);
	q->port = r->port;
	if (r->present & RDMACTL_ROCE_HAS_CURRENT) {
		q->present |= RDMACTL_QOS_HAS_TOS;
		q->tos = r->tos;
	}
	qos_saved(r, q);
	if (p) {
		err = rdmactl_qos_netdev_dcb(h, p, &raw);
		if (err != -ENODEV) {
			q->present |= RDMACTL_QOS_HAS_NETDEV;
			snprintf(q->ifname, sizeof(q->ifname), "%s", p->netdev_name);
		}
	} else {
		rdmactl_set_err(h, "%s/%u has no netdev", r->dev_name, r->port);
	}
	if (err) {
		q->dcb_error = err;
		snprintf(q->dcb_errmsg, sizeof(q->dcb_errmsg), "%s", h->errmsg);
	} else {
		q->present |= RDMACTL_QOS_HAS_DCB;
		q->dcb = raw.dcb;
	}
	rdmactl_qos_chain(q);
	/* The counters are the driver's to have: none is no error of the chain. */
	if ((q->present & RDMACTL_QOS_HAS_APP) && !rdmactl_eth_stats_get(h, q->ifname, &st))
		rdmactl_qos_pause(q, st);
	rdmactl_eth_stats_free(st);
}

static int qos_push(void *vec, size_t *n, size_t size, const void *item)
{
	void *items, *grown;

	/* vec is the address of the array's pointer, whatever its type. */
	memcpy(&items, vec, sizeof(items));
	grown = realloc(items, (*n + 1) * size);
	if (!grown)
		return -ENOMEM;
	memcpy((char *)grown + *n * size, item, size);
	memcpy(vec, &grown, sizeof(grown));
	(*n)++;
	return 0;
}

static int qos_roce_cb(const struct rdmactl_roce_info *r, void *arg)
{
	struct rdmactl_qos_lists *l = arg;

	return qos_push(&l->roce, &l->nroce, sizeof(*r), r);
}

static int qos_port_cb(const struct rdmactl_port_info *p, void *arg)
{
	struct rdmactl_qos_lists *l = arg;

	return qos_push(&l->ports, &l->nports, sizeof(*p), p);
}

int rdmactl_qos_lists(struct rdmactl *h, const char *dev, uint32_t port,
		      struct rdmactl_qos_lists *l)
{
	int err;

	memset(l, 0, sizeof(*l));
	err = rdmactl_roce_list(h, dev, port, qos_roce_cb, l);

	if (!err && l->nroce)
		err = rdmactl_port_list(h, dev, port, qos_port_cb, l);
	if (err == -ENOMEM)
		rdmactl_set_err(h, "out of memory");
	return err;
}

void rdmactl_qos_lists_free(struct rdmactl_qos_lists *l)
{
	free(l->roce);
	free(l->ports);
	memset(l, 0, sizeof(*l));
}

const struct rdmactl_port_info *rdmactl_qos_port_of(const struct rdmactl_qos_lists *l,
						    const struct rdmactl_roce_info *r)
{
	size_t i;

	for (i = 0; i < l->nports; i++)
		if (l->ports[i].dev_index == r->dev_index && l->ports[i].port == r->port)
			return &l->ports[i];
	return NULL;
}

RDMACTL_EXPORT int rdmactl_qos_list(struct rdmactl *h, const char *dev, uint32_t port,
				    rdmactl_qos_cb cb, void *arg)
{
	struct rdmactl_qos_lists l;
	struct rdmactl_qos_info q;
	size_t i;
	int err;

	h->errmsg[0] = '\0';
	err = rdmactl_qos_lists(h, dev, port, &l);
	for (i = 0; !err && i < l.nroce; i++) {
		qos_fill(h, &l.roce[i], rdmactl_qos_port_of(&l, &l.roce[i]), &q);
		err = cb(&q, arg);
	}
	/* A port's DCB error is in its dcb_errmsg, not the call's. */
	if (!err)
		h->errmsg[0] = '\0';
	rdmactl_qos_lists_free(&l);
	return err;
}
