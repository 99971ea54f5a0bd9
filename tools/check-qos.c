// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl check's RoCE ports: what rdma_cm defaults to, and the QoS chain
 * from its ToS to the pause frames of the priority the traffic lands on
 * (rdmactl_qos_list(), librdmactl/qos.h), read at both snapshots; then the
 * QoS rules: lossy RoCE (the DSCP unmapped, PFC off on its priority, PCP
 * trusted before DSCP), ECN bits that are not ECT, a pause storm, drift
 * from the kept profile. Each remedy is the one `rdmactl roce qos set`
 * that fixes the port, built from what it has. A netdev without DCB (rxe
 * over a veth) is not judged, and the port says so. Documentation/check.md.
 */
#include <errno.h>
#include <string.h>
#include <time.h>
#include <linux/dcbnl.h>

#include "check.h"

/* apptrust's PCP selector: 6.2's uapi has it, 6.1's (this host's) not. */
#ifndef DCB_APP_SEL_PCP
#define DCB_APP_SEL_PCP 255
#endif

/* --- Reading. */

static int roce_cb(const struct rdmactl_roce_info *roce, void *arg)
{
	struct chk_port *p = chk_port_of(arg, roce->dev_name, roce->port);

	if (p) {
		p->has_roce = true;
		p->roce = *roce;
	}
	return 0;
}

struct qos_ctx {
	struct chk_run *r;
	int snap;
};

static int qos_cb(const struct rdmactl_qos_info *q, void *arg)
{
	struct qos_ctx *c = arg;
	struct chk_port *p = chk_port_of(c->r, q->dev_name, q->port);
	struct timespec now;

	if (!p)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &now);
	p->qos[c->snap] = *q;
	p->qos_at[c->snap] = now.tv_sec + now.tv_nsec / 1e9;
	p->qos_read |= c->snap ? CHK_QOS_SECOND : CHK_QOS_FIRST;
	return 0;
}

int chk_roce_read(struct rdmactl *h, struct chk_run *r, int snap)
{
	struct qos_ctx c = { .r = r, .snap = snap };
	size_t i;
	int err;

	for (i = 0; i < r->ports.n; i++) {
		struct chk_port *p = (struct chk_port *)r->ports.items + i;

		if (p->info.link_layer != RDMACTL_LINK_LAYER_ETHERNET)
			continue;
		if (snap) {
			/* Only the pause counters are wanted again: a failure leaves them unjudged. */
			if ((p->qos_read & CHK_QOS_FIRST) && (p->qos[0].present & RDMACTL_QOS_HAS_PAUSE))
				rdmactl_qos_list(h, p->info.dev_name, p->info.port, qos_cb, &c);
			continue;
		}
		err = rdmactl_roce_list(h, p->info.dev_name, p->info.port, roce_cb, r);
		if (err == -EOPNOTSUPP || err == -ENODEV)
			continue;	/* iWARP, or gone */
		if (err)
			return err;
		err = rdmactl_qos_list(h, p->info.dev_name, p->info.port, qos_cb, &c);
		if (err == -EINTR)
			return err;
		/* The rest of check goes on: this port's QoS is said to be unknown, and why. */
		if (err && err != -EOPNOTSUPP && err != -ENODEV) {
			p->qos_read = CHK_QOS_FAILED;
			p->qos[0].dcb_error = err;
			snprintf(p->qos[0].dcb_errmsg, sizeof(p->qos[0].dcb_errmsg), "%s",
				 rdmactl_errmsg(h));
		}
	}
	return 0;
}

/* --- Words and evidence. */

static const char *trust_name(uint8_t trust)
{
	return trust == RDMACTL_ROCE_TRUST_DSCP ? "dscp" :
	       trust == RDMACTL_ROCE_TRUST_PCP ? "pcp" : "unknown";
}

/* The apptrust order as iproute2's dcb names its selectors: "pcp dscp". */
static void trust_order(const struct rdmactl_dcb *d, char *buf, size_t n)
{
	static const char *const sel[] = {
		[IEEE_8021QAZ_APP_SEL_ETHERTYPE] = "ethtype", [IEEE_8021QAZ_APP_SEL_STREAM] = "stream-port",
		[IEEE_8021QAZ_APP_SEL_DGRAM] = "dgram-port", [IEEE_8021QAZ_APP_SEL_ANY] = "port",
		[IEEE_8021QAZ_APP_SEL_DSCP] = "dscp",
	};
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < d->ntrust && i < sizeof(d->trust) && len < n; i++) {
		uint8_t s = d->trust[i];
		const char *name = s == DCB_APP_SEL_PCP ? "pcp" : s < 6 && sel[s] ? sel[s] : "?";

		len += snprintf(buf + len, n - len, "%s%s", i ? " " : "", name);
	}
}

/* The priorities with PFC on, "3 4", or "none". */
static void pfc_list(uint8_t pfc_en, char *buf, size_t n)
{
	size_t len = 0;
	int prio;

	snprintf(buf, n, "none");
	for (prio = 0; prio < 8 && len < n; prio++)
		if (pfc_en & (1u << prio))
			len += snprintf(buf + len, n - len, "%s%d", len ? " " : "", prio);
}

/* What a chain finding saw: the ToS, its DSCP, where it lands, trust. */
static void chain_evidence(struct chk_finding *f, const struct rdmactl_qos_info *q)
{
	chk_ev_num(f, "tos", q->tos);
	chk_ev_num(f, "dscp", q->dscp);
	if (q->present & RDMACTL_QOS_HAS_APP) {
		chk_ev_num(f, "priority", q->prio);
		chk_ev_str(f, "pfc", q->pfc ? "on" : "off");
	}
	chk_ev_str(f, "trust", q->present & RDMACTL_QOS_HAS_TRUST ? trust_name(q->trust) :
			       "unknown (no apptrust)");
}

/* The remedy: why, then the command that fixes it. */
static void remedy(struct chk_finding *f, const char *why, const char *cmd)
{
	f->remedy = NULL;
	snprintf(f->remedy_text, sizeof(f->remedy_text), "%s%s%s", why, cmd ? " " : "",
		 cmd ? cmd : "");
}

/*
 * The one command that makes the port's RoCE traffic lossless, from what
 * it has: its DSCP, or 26 for DSCP 0, which all other traffic shares (26
 * on priority 3 is the class NVIDIA's RoCE guides use); its
 * ECN bits if ECN-capable, else ECT(0), so that switches can mark
 * congestion; its priority, unless 0, whose best-effort traffic PFC would
 * pause too: then the kept one, or 3; PFC on; trust dscp where the netdev
 * has an apptrust order to set (kernels before 6.2 have none).
 */
static void fix_command(const struct chk_port *p, char *buf, size_t n)
{
	const struct rdmactl_qos_info *q = &p->qos[0];
	unsigned int dscp = q->dscp ? q->dscp : 26, ecn = q->ecn == 1 || q->ecn == 2 ? q->ecn : 2;
	unsigned int prio = 3;

	if ((q->present & RDMACTL_QOS_HAS_APP) && q->prio)
		prio = q->prio;
	else if ((q->present & RDMACTL_QOS_HAS_SAVED) && (q->saved.has & RDMACTL_QOS_PRIO) &&
		 q->saved.prio)
		prio = q->saved.prio;
	snprintf(buf, n, "rdmactl roce qos set %s/%u tos %u priority %u pfc on%s",
		 p->info.dev_name, p->info.port, (dscp << 2) | ecn, prio,
		 q->present & RDMACTL_QOS_HAS_TRUST ? " trust dscp" : "");
}

/* --- The rules. */

static const char *const why_unmapped =
	"RoCE traffic needs its DSCP mapped to a priority with PFC on, or congestion drops it:";
static const char *const why_pfc_off =
	"PFC is what keeps RoCE's priority from dropping under congestion: turn it on for that priority:";
static const char *const why_trust =
	"The netdev takes a frame's priority from its VLAN PCP, so the DSCP map rdma_cm's ToS relies on is not used: trust DSCP first:";
static const char *const why_ecn =
	"Give the ToS ECT(0) (low bits 10), keeping its DSCP, so that DCQCN works:";
static const char *const why_drift =
	"Something changed the port's QoS since it was set (dcb, mlnx_qos, a firmware or driver reset): apply the kept profile again, or set the new one to keep it:";
static const char *const why_tos_unknown =
	"rdmactl roce show DEV/PORT probe reads it (as root); setting it makes it known and kept:";
static const char *const remedy_unreadable =
	"rdmactl roce qos DEV/PORT shows the same error: the kernel's or the driver's (dmesg).";

/* The saved profile as the command that applies it again ("lossy": as it was set). */
static void saved_command(const struct chk_port *p, char *buf, size_t n)
{
	const struct rdmactl_qos_profile *s = &p->qos[0].saved;
	bool pfc = s->has & RDMACTL_QOS_PFC, trust = s->has & RDMACTL_QOS_TRUST;
	int len = snprintf(buf, n, "rdmactl roce qos set %s/%u tos %u", p->info.dev_name,
			   p->info.port, s->tos);

	if ((s->has & RDMACTL_QOS_PRIO) && len < (int)n)
		len += snprintf(buf + len, n - len, " priority %u", s->prio);
	if (pfc && len < (int)n)
		len += snprintf(buf + len, n - len, " pfc %s", s->pfc ? "on" : "off");
	if (trust && len < (int)n)
		len += snprintf(buf + len, n - len, " trust %s", trust_name(s->trust));
	if (((pfc && !s->pfc) || (trust && s->trust == RDMACTL_ROCE_TRUST_PCP)) && len < (int)n)
		snprintf(buf + len, n - len, " lossy");
}

static void drift(struct chk_run *r, const struct chk_port *p)
{
	const struct rdmactl_qos_info *q = &p->qos[0];
	const struct rdmactl_qos_profile *s = &q->saved;
	char parts[48] = "", cmd[160];
	struct chk_finding *f;
	unsigned int bit;
	size_t len = 0;

	for (bit = RDMACTL_QOS_TOS; bit <= RDMACTL_QOS_TRUST; bit <<= 1)
		if (q->drift & bit)
			len += snprintf(parts + len, sizeof(parts) - len, "%s%s", len ? " " : "",
					rdmactl_qos_part_name(bit));
	f = chk_add(r, "qos.drift", CHK_WARNING, &p->info, NULL,
		    "differs from the QoS profile rdmactl keeps for it: %s", parts);
	chk_ev_str(f, "differs", parts);
	chk_ev_num(f, "saved_tos", s->tos);
	if (s->has & RDMACTL_QOS_PRIO)
		chk_ev_num(f, "saved_priority", s->prio);
	if (s->has & RDMACTL_QOS_PFC)
		chk_ev_str(f, "saved_pfc", s->pfc ? "on" : "off");
	if (s->has & RDMACTL_QOS_TRUST)
		chk_ev_str(f, "saved_trust", trust_name(s->trust));
	chain_evidence(f, q);
	saved_command(p, cmd, sizeof(cmd));
	remedy(f, why_drift, cmd);
}

/* The DSCP unmapped, PFC off on its priority, PCP trusted first: lossy RoCE. */
static void lossy(struct chk_run *r, const struct chk_port *p, const char *cmd)
{
	const struct rdmactl_qos_info *q = &p->qos[0];
	struct chk_finding *f;
	char s[64];

	if (q->lossy & RDMACTL_QOS_LOSSY_UNMAPPED) {
		f = chk_add(r, "qos.dscp-unmapped", CHK_WARNING, &p->info, NULL,
			    "lossy RoCE: rdma_cm's DSCP %u (ToS %u) has no APP entry on %s, so it lands in the default class",
			    q->dscp, q->tos, q->ifname);
		chain_evidence(f, q);
		remedy(f, why_unmapped, cmd);
	} else if (q->lossy & RDMACTL_QOS_LOSSY_NO_PFC) {
		f = chk_add(r, "qos.pfc-off", CHK_WARNING, &p->info, NULL,
			    "lossy RoCE: rdma_cm's DSCP %u (ToS %u) maps to priority %u, which has PFC off",
			    q->dscp, q->tos, q->prio);
		chain_evidence(f, q);
		pfc_list(q->dcb.pfc_en, s, sizeof(s));
		chk_ev_str(f, "pfc_priorities", s);
		remedy(f, why_pfc_off, cmd);
	}
	if ((q->lossy & RDMACTL_QOS_LOSSY_TRUST) && (q->present & RDMACTL_QOS_HAS_TRUST)) {
		f = chk_add(r, "qos.trust-pcp", CHK_WARNING, &p->info, NULL,
			    "lossy RoCE: %s trusts PCP before DSCP, while rdma_cm marks DSCP %u (ToS %u)",
			    q->ifname, q->dscp, q->tos);
		chain_evidence(f, q);
		trust_order(&q->dcb, s, sizeof(s));
		chk_ev_str(f, "trust_order", s);
		remedy(f, why_trust, cmd);
	}
}

static void ecn(struct chk_run *r, const struct chk_port *p, const char *cmd)
{
	const struct rdmactl_qos_info *q = &p->qos[0];
	struct chk_finding *f;

	if (q->ecn == 1 || q->ecn == 2)
		return;
	if (!q->ecn)
		f = chk_add(r, "qos.ecn-not-ect", CHK_WARNING, &p->info, NULL,
			    "rdma_cm's ToS %u is not ECN-capable: switches cannot mark congestion, so DCQCN never slows senders",
			    q->tos);
	else
		f = chk_add(r, "qos.ecn-not-ect", CHK_WARNING, &p->info, NULL,
			    "rdma_cm's ToS %u sets CE: every packet arrives marked as congested, and each draws a CNP",
			    q->tos);
	chk_ev_num(f, "tos", q->tos);
	chk_ev_num(f, "dscp", q->dscp);
	chk_ev_num(f, "ecn", q->ecn);
	chk_ev_str(f, "ecn_codepoint", q->ecn ? "CE" : "Not-ECT");
	remedy(f, why_ecn, cmd);
}

static const struct chk_threshold *threshold(const struct chk_run *r, const char *counter)
{
	size_t i;

	for (i = 0; i < r->num_thresholds; i++)
		if (!strcmp(r->thresholds[i].counter, counter))
			return &r->thresholds[i];
	return NULL;
}

/* PFC pause frames of RoCE's priority, received and sent, rising faster than their limits. */
static void pause_storm(struct chk_run *r, const struct chk_port *p, const char *cmd)
{
	static const char *const limits[2] = { "rx_prio_pause", "tx_prio_pause" };
	const struct rdmactl_qos_info *a = &p->qos[0], *b = &p->qos[1];
	unsigned int both = a->present & b->present;
	double secs = p->qos_at[1] - p->qos_at[0];
	int dir;

	if (!(p->qos_read & CHK_QOS_SECOND) || !(both & RDMACTL_QOS_HAS_PAUSE) ||
	    !(both & RDMACTL_QOS_HAS_APP) || a->prio != b->prio || !a->pfc)
		return;
	for (dir = 0; dir < 2; dir++) {
		const struct chk_threshold *t = threshold(r, limits[dir]);
		char name[24];
		/* 64-bit counters of the driver's: one that fell was reset (a reload). */
		struct rdmactl_counter before = { .name = name, .width = 64, .unit = RDMACTL_UNIT_PACKETS };
		struct rdmactl_counter after = before;
		struct chk_finding *f;

		snprintf(name, sizeof(name), "%s_prio%u_pause", dir ? "tx" : "rx", a->prio);
		before.value = dir ? a->tx_pause : a->rx_pause;
		after.value = dir ? b->tx_pause : b->rx_pause;
		f = t ? chk_rise(r, p, t, &before, &after, secs > 0 ? secs : r->interval, NULL) : NULL;
		if (!f)
			continue;
		chk_ev_num(f, "priority", a->prio);
		/* Without ECT, DCQCN cannot slow senders before PFC has to: that is fixable here. */
		if ((a->present & RDMACTL_QOS_HAS_TOS) && (a->ecn == 0 || a->ecn == 3)) {
			f->remedy = NULL;
			snprintf(f->remedy_text, sizeof(f->remedy_text),
				 "%s And rdma_cm's ToS is not ECT, so ECN cannot slow senders first: %s",
				 t->remedy, cmd);
		}
	}
}

/* A port whose chain is not known, or has no DCB: said, and why; true when so. */
static bool not_judged(struct chk_run *r, const struct chk_port *p, const char *cmd)
{
	const struct rdmactl_qos_info *q = &p->qos[0];
	struct chk_finding *f;

	/* chk_roce_read() leaves a chain it could not read so too. */
	if (!(q->present & RDMACTL_QOS_HAS_DCB) && q->dcb_error && q->dcb_error != -EOPNOTSUPP &&
	    q->dcb_error != -ENODEV) {
		f = chk_add(r, "qos.unreadable", CHK_WARNING, &p->info, remedy_unreadable,
			    "its RoCE QoS cannot be read: %s", q->dcb_errmsg);
		chk_ev_str(f, "error", strerror(-q->dcb_error));
		return true;
	}
	if (!(q->present & RDMACTL_QOS_HAS_DCB)) {
		/* The library's sentence: no dcbnl ops, or the netdev not in this namespace. */
		f = chk_add(r, "qos.no-dcb", CHK_OK, &p->info, NULL, "%s; the QoS rules do not apply",
			    q->dcb_errmsg[0] ? q->dcb_errmsg : "no DCB here");
		if (q->present & RDMACTL_QOS_HAS_NETDEV)
			chk_ev_str(f, "netdev", q->ifname);
		return true;
	}
	if (!(q->present & RDMACTL_QOS_HAS_TOS)) {
		f = chk_add(r, "qos.tos-unknown", CHK_OK, &p->info, NULL,
			    "rdma_cm's default ToS is unknown: the QoS chain is not judged");
		remedy(f, why_tos_unknown, cmd);
		return true;
	}
	return false;
}

void chk_qos(struct chk_run *r, const struct chk_port *p)
{
	const struct rdmactl_qos_info *q = &p->qos[0];
	char cmd[160];

	if (!(p->qos_read & (CHK_QOS_FIRST | CHK_QOS_FAILED)))
		return;
	if ((q->present & RDMACTL_QOS_HAS_SAVED) && q->drift)
		drift(r, p);
	fix_command(p, cmd, sizeof(cmd));
	if (not_judged(r, p, cmd))
		return;
	lossy(r, p, cmd);
	ecn(r, p, cmd);
	pause_storm(r, p, cmd);
}
