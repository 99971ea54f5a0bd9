// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * rdmactl_qos_set(): a RoCE port's QoS profile made so, then kept. A plan
 * first, from what rdmactl.ko and dcbnl say now, refusing what cannot be or
 * would be lossy before anything changes; then only what differs, in an
 * order that never leaves the DSCP unmapped (its new APP entry before its
 * old ones go), each DCB step read back, since dcbnl skips an op the driver
 * lacks (no ieee_setpfc) without a word; rdmactl.ko last, keeping only
 * what was applied. The kernel does not set DCB in ROCE_SET (no RTNL nor
 * driver waits under generic netlink's lock): this library does it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define QOS_PARTS (RDMACTL_QOS_TOS | RDMACTL_QOS_PRIO | RDMACTL_QOS_PFC | RDMACTL_QOS_TRUST)

/* What the caller asked, on its own: 0, or -EINVAL and the part. */
static int qos_want_check(struct rdmactl *h, const struct rdmactl_qos_profile *want,
			  unsigned int flags, unsigned int *failed)
{
	*failed = RDMACTL_QOS_TOS;
	if (!want || !(want->has & RDMACTL_QOS_TOS)) {
		rdmactl_set_err(h, "a QoS profile needs rdma_cm's ToS");
		return -EINVAL;
	}
	if (rdmactl_what_check(h, "rdmactl_qos_set", want->has, QOS_PARTS) ||
	    rdmactl_what_check(h, "rdmactl_qos_set's flags", flags, RDMACTL_QOS_SET_LOSSY))
		return -EINVAL;
	*failed = RDMACTL_QOS_PRIO;
	if ((want->has & RDMACTL_QOS_PRIO) && want->prio > 7) {
		rdmactl_set_err(h, "priority %u is not a priority (0 to 7)", want->prio);
		return -EINVAL;
	}
	*failed = RDMACTL_QOS_PFC;
	if ((want->has & RDMACTL_QOS_PFC) && want->pfc > 1) {
		rdmactl_set_err(h, "pfc %u is neither off (0) nor on (1)", want->pfc);
		return -EINVAL;
	}
	*failed = RDMACTL_QOS_TRUST;
	if ((want->has & RDMACTL_QOS_TRUST) && want->trust != RDMACTL_ROCE_TRUST_DSCP &&
	    want->trust != RDMACTL_ROCE_TRUST_PCP) {
		rdmactl_set_err(h, "trust %u is neither dscp (%u) nor pcp (%u)", want->trust,
				RDMACTL_ROCE_TRUST_DSCP, RDMACTL_ROCE_TRUST_PCP);
		return -EINVAL;
	}
	*failed = 0;
	return 0;
}

/* want with its defaults, from the netdev's DCB d; what it cannot have refused. */
static int qos_fill_in(struct rdmactl *h, const struct rdmactl_dcb *d,
		       const struct rdmactl_qos_profile *want, struct rdmactl_qos_plan *p,
		       unsigned int *failed)
{
	struct rdmactl_qos_profile *a = &p->applied;

	*a = *want;
	a->has |= RDMACTL_QOS_PRIO | RDMACTL_QOS_PFC;
	p->dscp = a->tos >> 2;
	*failed = RDMACTL_QOS_PRIO;
	if (!(want->has & RDMACTL_QOS_PRIO)) {
		if (!d->dscp_prios[p->dscp]) {
			rdmactl_set_err(h, "DSCP %u (ToS %u) has no APP entry on %s to keep: give a priority",
					p->dscp, a->tos, p->ifname);
			return -EINVAL;
		}
		a->prio = (uint8_t)__builtin_ctz(d->dscp_prios[p->dscp]);
	}
	if (!(want->has & RDMACTL_QOS_PFC))
		a->pfc = 1;
	*failed = RDMACTL_QOS_TRUST;
	if (!(d->present & RDMACTL_DCB_HAS_TRUST)) {
		if (want->has & RDMACTL_QOS_TRUST) {
			rdmactl_set_err(h, "%s has no apptrust (a kernel before 6.2, or its driver has none): leave trust out",
					p->ifname);
			return -EOPNOTSUPP;
		}
	} else if (!(want->has & RDMACTL_QOS_TRUST)) {
		a->has |= RDMACTL_QOS_TRUST;
		a->trust = RDMACTL_ROCE_TRUST_DSCP;
	}
	*failed = 0;
	return 0;
}

/* Lossy, or more PFC than the netdev has room for: refused. */
static int qos_refuse(struct rdmactl *h, const struct rdmactl_dcb *d, unsigned int flags,
		      const struct rdmactl_qos_plan *p, unsigned int *failed)
{
	const struct rdmactl_qos_profile *a = &p->applied;
	uint8_t on = d->pfc_en | (uint8_t)(1U << a->prio);

	*failed = RDMACTL_QOS_PFC;
	if (!a->pfc && !(flags & RDMACTL_QOS_SET_LOSSY)) {
		rdmactl_set_err(h, "PFC off on priority %u makes %s's RoCE traffic lossy (a drop costs a retransmission timeout): refused unless lossy is asked for",
				a->prio, p->ifname);
		return -EINVAL;
	}
	if (!(d->present & RDMACTL_DCB_HAS_PFC)) {
		rdmactl_set_err(h, "%s does not report PFC (its driver has no ieee_getpfc): PFC cannot be set",
				p->ifname);
		return -EOPNOTSUPP;
	}
	if (a->pfc && d->pfc_cap && (unsigned int)__builtin_popcount(on) > d->pfc_cap) {
		rdmactl_set_err(h, "%s has PFC on %u priorities at most (pfc_cap), on %d with priority %u",
				p->ifname, d->pfc_cap, __builtin_popcount(on), a->prio);
		return -EINVAL;
	}
	*failed = RDMACTL_QOS_TRUST;
	if ((a->has & RDMACTL_QOS_TRUST) && a->trust == RDMACTL_ROCE_TRUST_PCP &&
	    !(flags & RDMACTL_QOS_SET_LOSSY)) {
		rdmactl_set_err(h, "trust pcp makes %s classify RoCE frames by VLAN priority, not the DSCP rdma_cm marks: refused unless lossy is asked for",
				p->ifname);
		return -EINVAL;
	}
	*failed = 0;
	return 0;
}

/* The apptrust order with the wanted selector moved first, the others kept. */
static void qos_trust_order(const struct rdmactl_dcb *d, struct rdmactl_qos_plan *p)
{
	uint8_t first = p->applied.trust == RDMACTL_ROCE_TRUST_DSCP ? IEEE_8021QAZ_APP_SEL_DSCP :
		RDMACTL_DCB_APP_SEL_PCP;
	unsigned int i;

	p->trust[0] = first;
	p->ntrust = 1;
	for (i = 0; i < d->ntrust && p->ntrust < sizeof(p->trust); i++)
		if (d->trust[i] != first)
			p->trust[p->ntrust++] = d->trust[i];
}

int rdmactl_qos_plan(struct rdmactl *h, const struct rdmactl_roce_info *r,
		     const struct rdmactl_dcb *d, const struct rdmactl_qos_profile *want,
		     unsigned int flags, struct rdmactl_qos_plan *p, unsigned int *failed)
{
	const struct rdmactl_qos_profile *a = &p->applied;
	uint8_t bit, mapped;
	int err;

	memset(p, 0, sizeof(*p));
	snprintf(p->dev, sizeof(p->dev), "%s", r->dev_name);
	p->port = r->port;
	snprintf(p->ifname, sizeof(p->ifname), "%s", d->ifname);
	err = qos_want_check(h, want, flags, failed);
	if (!err)
		err = qos_fill_in(h, d, want, p, failed);
	if (!err)
		err = qos_refuse(h, d, flags, p, failed);
	if (err)
		return err;
	bit = (uint8_t)(1U << a->prio);
	mapped = d->dscp_prios[p->dscp];
	if (!(mapped & bit))
		p->todo |= RDMACTL_QOS_PRIO;
	p->app_old = mapped & (uint8_t)~bit;
	if (p->app_old)
		p->todo |= RDMACTL_QOS_APP_OLD;
	if (((d->pfc_en >> a->prio) & 1) != a->pfc)
		p->todo |= RDMACTL_QOS_PFC;
	if ((a->has & RDMACTL_QOS_TRUST) && rdmactl_qos_trust_of(d) != a->trust) {
		p->todo |= RDMACTL_QOS_TRUST;
		qos_trust_order(d, p);
	}
	if (!(r->present & RDMACTL_ROCE_HAS_CURRENT) || r->tos != a->tos)
		p->todo |= RDMACTL_QOS_TOS;
	if (!(r->present & RDMACTL_ROCE_HAS_SAVED_TOS) || r->saved_tos != a->tos ||
	    !(r->present & RDMACTL_ROCE_HAS_SAVED_QOS) || r->saved_prio != a->prio ||
	    r->saved_pfc != a->pfc || r->saved_trust != (a->has & RDMACTL_QOS_TRUST ? a->trust : 0))
		p->todo |= RDMACTL_QOS_KEPT;
	return 0;
}

int rdmactl_qos_apply(struct rdmactl *h, const struct rdmactl_qos_plan *p,
		      rdmactl_qos_step_fn step, struct rdmactl_qos_result *res)
{
	/* rdmactl.ko last: it keeps what the netdev has, once it has it. */
	static const unsigned int order[] = {
		RDMACTL_QOS_PRIO, RDMACTL_QOS_APP_OLD, RDMACTL_QOS_PFC, RDMACTL_QOS_TRUST,
		RDMACTL_QOS_TOS | RDMACTL_QOS_KEPT,
	};
	unsigned int i, part;
	int err;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		part = order[i] & p->todo;
		if (!part)
			continue;
		err = step(h, p, part);
		if (err) {
			res->failed = part & -part;
			return err;
		}
		res->changed |= part;
	}
	return 0;
}

/* "0,5": the priorities of a mask. */
static const char *qos_prios(uint8_t mask, char *buf, size_t size)
{
	size_t n = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < 8 && n < size; i++)
		if (mask & (1U << i))
			n += (size_t)snprintf(buf + n, size - n, "%s%u", n ? "," : "", i);
	return buf;
}

/* What a step is, for its error message. */
static void qos_step_name(const struct rdmactl_qos_plan *p, unsigned int part, char *buf,
			  size_t size)
{
	const struct rdmactl_qos_profile *a = &p->applied;
	char prios[24];

	if (part == RDMACTL_QOS_PRIO)
		snprintf(buf, size, "mapping DSCP %u to priority %u", p->dscp, a->prio);
	else if (part == RDMACTL_QOS_APP_OLD)
		snprintf(buf, size, "removing DSCP %u's APP entries to priority %s", p->dscp,
			 qos_prios(p->app_old, prios, sizeof(prios)));
	else if (part == RDMACTL_QOS_PFC)
		snprintf(buf, size, "turning PFC %s for priority %u", a->pfc ? "on" : "off",
			 a->prio);
	else
		snprintf(buf, size, "putting %s first in the apptrust order",
			 a->trust == RDMACTL_ROCE_TRUST_DSCP ? "DSCP" : "PCP");
}

/* Whether the netdev now has what the step set: dcbnl skips ops a driver lacks. */
static int qos_verify(struct rdmactl *h, const struct rdmactl_qos_plan *p, unsigned int part,
		      const char *step)
{
	const struct rdmactl_qos_profile *a = &p->applied;
	struct rdmactl_dcb_raw raw;
	const struct rdmactl_dcb *d = &raw.dcb;
	bool ok;
	int err;

	err = rdmactl_dcb_get_raw(h, p->ifname, &raw);
	if (err)
		return err;
	if (part == RDMACTL_QOS_PRIO)
		ok = d->dscp_prios[p->dscp] & (1U << a->prio);
	else if (part == RDMACTL_QOS_APP_OLD)
		ok = !(d->dscp_prios[p->dscp] & p->app_old);
	else if (part == RDMACTL_QOS_PFC)
		ok = (d->present & RDMACTL_DCB_HAS_PFC) && ((d->pfc_en >> a->prio) & 1) == a->pfc;
	else
		ok = (d->present & RDMACTL_DCB_HAS_TRUST) && rdmactl_qos_trust_of(d) == a->trust;
	if (ok)
		return 0;
	rdmactl_set_err(h, "%s: %s: the kernel took it, but %s reads back unchanged: its driver does not set it",
			p->ifname, step, p->ifname);
	return -EOPNOTSUPP;
}

/* PFC read-modify-write: pfc_en's bit, the rest (delay, mbc) as the driver has it. */
static int qos_pfc(struct rdmactl *h, const struct rdmactl_qos_plan *p, const char *step)
{
	struct rdmactl_dcb_edit e = { .cmd = DCB_CMD_IEEE_SET };
	struct rdmactl_dcb_raw raw;
	uint8_t bit = (uint8_t)(1U << p->applied.prio);
	int err;

	err = rdmactl_dcb_get_raw(h, p->ifname, &raw);
	if (err)
		return err;
	if (!(raw.dcb.present & RDMACTL_DCB_HAS_PFC)) {
		rdmactl_set_err(h, "%s: %s: it reports no PFC any more", p->ifname, step);
		return -EOPNOTSUPP;
	}
	raw.pfc.pfc_en = p->applied.pfc ? raw.pfc.pfc_en | bit : raw.pfc.pfc_en & (uint8_t)~bit;
	e.pfc = &raw.pfc;
	return rdmactl_dcb_edit(h, p->ifname, &e, step);
}

/* ROCE_SET: rdma_cm's ToS, and the profile kept with it. */
static int qos_roce(struct rdmactl *h, const struct rdmactl_qos_plan *p)
{
	const struct rdmactl_qos_profile *a = &p->applied;
	struct rdmactl_roce_settings s = {
		.has = RDMACTL_ROCE_SET_TOS | RDMACTL_ROCE_SET_QOS,
		.tos = a->tos, .prio = a->prio, .pfc = a->pfc,
	};
	char msg[sizeof(h->errmsg)];
	int err;

	if (a->has & RDMACTL_QOS_TRUST) {
		s.has |= RDMACTL_ROCE_SET_TRUST;
		s.trust = a->trust;
	}
	err = rdmactl_roce_apply(h, p->dev, p->port, &s);
	if (err) {
		snprintf(msg, sizeof(msg), "%s", h->errmsg);
		rdmactl_set_err(h, "%s/%u: setting rdma_cm's ToS %u and keeping the profile: %s",
				p->dev, p->port, a->tos, msg[0] ? msg : strerror(-err));
	}
	return err;
}

static int qos_step(struct rdmactl *h, const struct rdmactl_qos_plan *p, unsigned int part)
{
	struct rdmactl_dcb_edit e = { .cmd = DCB_CMD_IEEE_SET, .dscp = p->dscp };
	char step[96];
	int err;

	if (part & (RDMACTL_QOS_TOS | RDMACTL_QOS_KEPT))
		return qos_roce(h, p);
	qos_step_name(p, part, step, sizeof(step));
	if (part == RDMACTL_QOS_PRIO) {
		e.prios = (uint8_t)(1U << p->applied.prio);
	} else if (part == RDMACTL_QOS_APP_OLD) {
		e.cmd = DCB_CMD_IEEE_DEL;
		e.prios = p->app_old;
	} else if (part == RDMACTL_QOS_TRUST) {
		e.ntrust = p->ntrust;
		memcpy(e.trust, p->trust, sizeof(e.trust));
	}
	if (part == RDMACTL_QOS_PFC)
		err = qos_pfc(h, p, step);
	else
		err = rdmactl_dcb_edit(h, p->ifname, &e, step);
	return err ? err : qos_verify(h, p, part, step);
}

/* The one RoCE port meant, its netdev (res->ifname) and that one's DCB. */
static int qos_find(struct rdmactl *h, const char *dev, uint32_t port,
		    struct rdmactl_roce_info *r, struct rdmactl_dcb_raw *raw,
		    struct rdmactl_qos_result *res)
{
	const struct rdmactl_port_info *pi = NULL;
	struct rdmactl_qos_lists l;
	int err;

	err = rdmactl_qos_lists(h, dev, port, &l);
	if (!err && l.nroce != 1) {
		if (l.nroce)
			rdmactl_set_err(h, "%s has %zu RoCE ports: name one, as %s/%u", dev, l.nroce,
					dev, l.roce[0].port);
		else
			rdmactl_set_err(h, "%s has no RoCE port", dev);
		err = l.nroce ? -EINVAL : -ENODEV;
	}
	if (!err) {
		*r = l.roce[0];
		res->port = r->port;
		pi = rdmactl_qos_port_of(&l, r);
		if (!pi) {
			rdmactl_set_err(h, "%s/%u has no netdev", dev, r->port);
			err = -ENODEV;
		}
	}
	if (pi) {
		snprintf(res->ifname, sizeof(res->ifname), "%s", pi->netdev_name);
		err = rdmactl_qos_netdev_dcb(h, pi, raw);
		/* Its DCB unread, the first step cannot be. */
		if (err)
			res->failed = RDMACTL_QOS_PRIO;
	}
	rdmactl_qos_lists_free(&l);
	return err;
}

RDMACTL_EXPORT int rdmactl_qos_set(struct rdmactl *h, const char *dev, uint32_t port,
				   const struct rdmactl_qos_profile *want, unsigned int flags,
				   struct rdmactl_qos_result *res)
{
	struct rdmactl_qos_plan plan;
	struct rdmactl_roce_info r;
	struct rdmactl_dcb_raw raw;
	int err;

	memset(res, 0, sizeof(*res));
	h->errmsg[0] = '\0';
	if (!dev) {
		rdmactl_set_err(h, "rdmactl_qos_set: no device");
		return -EINVAL;
	}
	/* Refused before a word to the kernel when it can be. */
	err = qos_want_check(h, want, flags, &res->failed);
	if (!err)
		err = qos_find(h, dev, port, &r, &raw, res);
	if (!err)
		err = rdmactl_qos_plan(h, &r, &raw.dcb, want, flags, &plan, &res->failed);
	if (err)
		return err;
	res->applied = plan.applied;
	return rdmactl_qos_apply(h, &plan, qos_step, res);
}
