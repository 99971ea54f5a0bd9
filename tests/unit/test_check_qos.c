// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl check's RoCE QoS rules (tools/check-qos.c) on chains as
 * rdmactl_qos_list() hands them: a lossless one makes no finding; each
 * misconfiguration (DSCP unmapped, PFC off, PCP trusted, ECN bits not ECT,
 * a pause storm, drift from the kept profile) makes its finding with its
 * evidence and the `rdmactl roce qos set` that fixes it; a netdev without
 * DCB or a ToS nobody knows is said, at severity ok, and nothing is
 * judged; the pause limit is the manifest's when it gives one. Then the
 * report as -j prints it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "findings.h"

struct cli_opts cli;

/* mlx5_0/1 on eth0: ToS 106 (DSCP 26, ECT(0)) -> priority 3, PFC on, DSCP trusted. */
static struct chk_port lossless(void)
{
	struct chk_port p = {
		.info = { .dev_name = "mlx5_0", .port = 1, .netdev_name = "eth0",
			  .present = RDMACTL_PORT_HAS_NETDEV,
			  .link_layer = RDMACTL_LINK_LAYER_ETHERNET },
		.qos_read = CHK_QOS_FIRST | CHK_QOS_SECOND,
		.qos_at = { 10, 12 },		/* 2 s apart: not check's interval */
	};
	struct rdmactl_qos_info *q = &p.qos[0];

	snprintf(q->dev_name, sizeof(q->dev_name), "mlx5_0");
	q->port = 1;
	snprintf(q->ifname, sizeof(q->ifname), "eth0");
	q->present = RDMACTL_QOS_HAS_TOS | RDMACTL_QOS_HAS_NETDEV | RDMACTL_QOS_HAS_DCB |
		     RDMACTL_QOS_HAS_APP | RDMACTL_QOS_HAS_TRUST | RDMACTL_QOS_HAS_PAUSE;
	q->tos = 106;
	q->dscp = 26;
	q->ecn = 2;
	q->dcb.present = RDMACTL_DCB_HAS_PFC | RDMACTL_DCB_HAS_ETS | RDMACTL_DCB_HAS_APP |
			 RDMACTL_DCB_HAS_TRUST;
	q->dcb.pfc_cap = 8;
	q->dcb.pfc_en = 1 << 3;
	q->dcb.dscp_prios[26] = 1 << 3;
	q->dcb.ntrust = 2;
	q->dcb.trust[0] = 5;		/* IEEE_8021QAZ_APP_SEL_DSCP */
	q->dcb.trust[1] = 255;		/* DCB_APP_SEL_PCP */
	q->prio = 3;
	q->pfc = 1;
	q->trust = RDMACTL_ROCE_TRUST_DSCP;
	q->rx_pause = 1000;
	q->tx_pause = 5000;
	p.qos[1] = *q;
	return p;
}

static void set_tos(struct chk_port *p, uint8_t tos)
{
	p->qos[0].tos = p->qos[1].tos = tos;
	p->qos[0].dscp = p->qos[1].dscp = tos >> 2;
	p->qos[0].ecn = p->qos[1].ecn = tos & 3;
}

/* Its findings, under thresholds t (NULL: the defaults). */
static struct chk_run run_with(const struct chk_port *p, struct chk_threshold *t, size_t nt)
{
	struct chk_run r = { .findings.size = sizeof(struct chk_finding), .interval = 3 };

	r.thresholds = t ? t : (struct chk_threshold *)chk_default_thresholds;
	r.num_thresholds = t ? nt : chk_num_default_thresholds;
	chk_qos(&r, p);
	return r;
}

static struct chk_run run(const struct chk_port *p)
{
	return run_with(p, NULL, 0);
}

static const char *remedy_of(const struct chk_finding *f)
{
	return !f ? "" : f->remedy ? f->remedy : f->remedy_text;
}

static bool fixes(const struct chk_finding *f, const char *cmd)
{
	const char *r = remedy_of(f);
	size_t n = strlen(r), c = strlen(cmd);

	/* The command ends the remedy, whole. */
	return n >= c && !strcmp(r + n - c, cmd);
}

static void healthy(void)
{
	struct chk_port p = lossless();
	struct chk_run r = run(&p);

	CHECK(!r.findings.n, "a lossless chain: no finding (%zu)", r.findings.n);
	free(r.findings.items);
	set_tos(&p, 105);
	r = run(&p);
	CHECK(!r.findings.n, "ToS 105, ECT(1): ECN-capable, no finding (%zu)", r.findings.n);
	free(r.findings.items);
	p.info.link_layer = RDMACTL_LINK_LAYER_INFINIBAND;
	p.qos_read = 0;
	p.qos[0].lossy = RDMACTL_QOS_LOSSY_UNMAPPED;
	r = run(&p);
	CHECK(!r.findings.n, "a port whose chain was not read (IB): no finding");
	free(r.findings.items);
}

static void unmapped(void)
{
	struct chk_port p = lossless();
	const struct chk_finding *f;
	struct chk_run r;

	p.qos[0].present &= ~RDMACTL_QOS_HAS_APP;
	p.qos[0].dcb.dscp_prios[26] = 0;
	p.qos[0].lossy = RDMACTL_QOS_LOSSY_UNMAPPED;
	r = run(&p);
	f = find(&r, "qos.dscp-unmapped");
	CHECK(r.findings.n == 1 && f && f->sev == CHK_WARNING && !strcmp(f->netdev, "eth0"),
	      "DSCP 26 without an APP entry: qos.dscp-unmapped, a warning, and only it");
	CHECK(ev_num(f, "tos", 106) && ev_num(f, "dscp", 26) && ev_str(f, "trust", "dscp") &&
	      !ev(f, "priority"), "evidence: tos 106, dscp 26, trust dscp, no priority");
	CHECK(fixes(f, "rdmactl roce qos set mlx5_0/1 tos 106 priority 3 pfc on trust dscp"),
	      "remedy: %s", remedy_of(f));
	CHECK(f && strstr(f->message, "DSCP 26 (ToS 106) has no APP entry on eth0"),
	      "message: %s", f ? f->message : "");
	free(r.findings.items);

	/* The priority kept for the port, when it has one. */
	p.qos[0].present |= RDMACTL_QOS_HAS_SAVED;
	p.qos[0].saved = (struct rdmactl_qos_profile){
		.has = RDMACTL_QOS_TOS | RDMACTL_QOS_PRIO, .tos = 106, .prio = 5,
	};
	r = run(&p);
	CHECK(fixes(find(&r, "qos.dscp-unmapped"),
		    "rdmactl roce qos set mlx5_0/1 tos 106 priority 5 pfc on trust dscp"),
	      "the kept priority 5 in the remedy: %s", remedy_of(find(&r, "qos.dscp-unmapped")));
	free(r.findings.items);
}

static void pfc_off(void)
{
	struct chk_port p = lossless();
	const struct chk_finding *f;
	struct chk_run r;

	p.qos[0].pfc = p.qos[1].pfc = 0;
	p.qos[0].dcb.pfc_en = 1 << 4 | 1 << 6;
	p.qos[0].lossy = RDMACTL_QOS_LOSSY_NO_PFC;
	p.qos[1].tx_pause = 5000 + 100000;	/* not judged: PFC is off */
	r = run(&p);
	f = find(&r, "qos.pfc-off");
	CHECK(r.findings.n == 1 && f && f->sev == CHK_WARNING,
	      "priority 3 with PFC off: qos.pfc-off, and no pause storm (%zu)", r.findings.n);
	CHECK(ev_num(f, "priority", 3) && ev_str(f, "pfc", "off") &&
	      ev_str(f, "pfc_priorities", "4 6"), "evidence: priority 3, pfc off, PFC on 4 6");
	CHECK(fixes(f, "rdmactl roce qos set mlx5_0/1 tos 106 priority 3 pfc on trust dscp"),
	      "remedy: %s", remedy_of(f));
	free(r.findings.items);

	/* DSCP mapped to priority 0, best effort's: the remedy moves RoCE to 3. */
	p.qos[0].prio = 0;
	p.qos[0].dcb.pfc_en = 0;
	r = run(&p);
	f = find(&r, "qos.pfc-off");
	CHECK(ev_num(f, "priority", 0) && ev_str(f, "pfc_priorities", "none") &&
	      fixes(f, "rdmactl roce qos set mlx5_0/1 tos 106 priority 3 pfc on trust dscp"),
	      "priority 0: PFC on none, remedy priority 3: %s", remedy_of(f));
	free(r.findings.items);
}

static void trust(void)
{
	struct chk_port p = lossless();
	const struct chk_finding *f;
	struct chk_run r;

	p.qos[0].trust = RDMACTL_ROCE_TRUST_PCP;
	p.qos[0].dcb.trust[0] = 255;
	p.qos[0].dcb.trust[1] = 5;
	p.qos[0].lossy = RDMACTL_QOS_LOSSY_TRUST;
	r = run(&p);
	f = find(&r, "qos.trust-pcp");
	CHECK(r.findings.n == 1 && f && f->sev == CHK_WARNING,
	      "PCP trusted before DSCP: qos.trust-pcp, and only it (%zu)", r.findings.n);
	CHECK(ev_str(f, "trust", "pcp") && ev_str(f, "trust_order", "pcp dscp") &&
	      ev_num(f, "priority", 3), "evidence: trust pcp, order \"pcp dscp\", priority 3");
	CHECK(fixes(f, "rdmactl roce qos set mlx5_0/1 tos 106 priority 3 pfc on trust dscp"),
	      "remedy: %s", remedy_of(f));
	free(r.findings.items);

	/* No apptrust (before 6.2): trust is not judged, nor set. */
	p.qos[0].present &= ~RDMACTL_QOS_HAS_TRUST;
	p.qos[0].dcb.ntrust = 0;
	p.qos[0].lossy = RDMACTL_QOS_LOSSY_UNMAPPED | RDMACTL_QOS_LOSSY_TRUST;
	p.qos[0].present &= ~RDMACTL_QOS_HAS_APP;
	r = run(&p);
	f = find(&r, "qos.dscp-unmapped");
	CHECK(r.findings.n == 1 && f && ev_str(f, "trust", "unknown (no apptrust)"),
	      "without apptrust: no qos.trust-pcp, trust said unknown");
	CHECK(fixes(f, "rdmactl roce qos set mlx5_0/1 tos 106 priority 3 pfc on"),
	      "and the remedy leaves trust out: %s", remedy_of(f));
	free(r.findings.items);
}

static void ecn(void)
{
	struct chk_port p = lossless();
	const struct chk_finding *f;
	struct chk_run r;

	set_tos(&p, 104);
	r = run(&p);
	f = find(&r, "qos.ecn-not-ect");
	CHECK(r.findings.n == 1 && f && f->sev == CHK_WARNING && ev_num(f, "ecn", 0) &&
	      ev_str(f, "ecn_codepoint", "Not-ECT"), "ToS 104: qos.ecn-not-ect, Not-ECT");
	CHECK(fixes(f, "rdmactl roce qos set mlx5_0/1 tos 106 priority 3 pfc on trust dscp"),
	      "remedy ToS 106, the same DSCP with ECT(0): %s", remedy_of(f));
	free(r.findings.items);
	set_tos(&p, 107);
	r = run(&p);
	f = find(&r, "qos.ecn-not-ect");
	CHECK(f && ev_str(f, "ecn_codepoint", "CE") && strstr(f->message, "sets CE") &&
	      fixes(f, "tos 106 priority 3 pfc on trust dscp"), "ToS 107: CE as a default, too");
	free(r.findings.items);

	/* ToS 0: DSCP 0 unmapped and not ECT; the remedy gives RoCE DSCP 26. */
	set_tos(&p, 0);
	p.qos[0].present &= ~RDMACTL_QOS_HAS_APP;
	p.qos[0].lossy = RDMACTL_QOS_LOSSY_UNMAPPED;
	r = run(&p);
	CHECK(r.findings.n == 2 && find(&r, "qos.dscp-unmapped") && find(&r, "qos.ecn-not-ect"),
	      "ToS 0: unmapped and not ECT (%zu findings)", r.findings.n);
	CHECK(fixes(find(&r, "qos.dscp-unmapped"),
		    "rdmactl roce qos set mlx5_0/1 tos 106 priority 3 pfc on trust dscp"),
	      "remedy: %s", remedy_of(find(&r, "qos.dscp-unmapped")));
	free(r.findings.items);
}

static void pause_storm(void)
{
	struct chk_port p = lossless();
	struct chk_threshold t[64];
	const struct chk_finding *f;
	struct chk_run r;
	size_t i;

	p.qos[1].tx_pause = 5000 + 6000;	/* 3000/s over 2 s */
	p.qos[1].rx_pause = 1000 + 1600;	/* 800/s */
	r = run(&p);
	f = find(&r, "qos.pause-storm");
	CHECK(r.findings.n == 1 && f && f->sev == CHK_WARNING,
	      "tx pause at 3000/s: qos.pause-storm; rx at 800/s: none (%zu)", r.findings.n);
	CHECK(ev_str(f, "counter", "tx_prio3_pause") && ev_num(f, "priority", 3) &&
	      ev_num(f, "before", 5000) && ev_num(f, "after", 11000) && ev_num(f, "seconds", 2) &&
	      ev_num(f, "per_second", 3000) && ev_num(f, "limit_per_second", 1000),
	      "evidence: tx_prio3_pause 5000 -> 11000 in the 2 s between the reads, 3000/s, limit 1000/s");
	CHECK(f && strstr(remedy_of(f), "receive side does not drain"), "remedy: %s",
	      remedy_of(f));
	free(r.findings.items);

	/* A manifest's "threshold tx_prio_pause 5000/s" raises the limit. */
	for (i = 0; i < chk_num_default_thresholds && i < 64; i++) {
		t[i] = chk_default_thresholds[i];
		if (!strcmp(t[i].counter, "tx_prio_pause"))
			t[i].per_second = 5000;
	}
	r = run_with(&p, t, i);
	CHECK(!r.findings.n, "below a manifest's 5000/s: no finding (%zu)", r.findings.n);
	free(r.findings.items);

	/* Received pause with a ToS that is not ECT: the remedy fixes ECN. */
	p.qos[1].tx_pause = 5000;
	p.qos[1].rx_pause = 1000 + 20000;
	set_tos(&p, 104);
	r = run(&p);
	f = find(&r, "qos.pause-storm");
	CHECK(r.findings.n == 2 && ev_str(f, "counter", "rx_prio3_pause") &&
	      strstr(remedy_of(f), "not ECT") &&
	      fixes(f, "rdmactl roce qos set mlx5_0/1 tos 106 priority 3 pfc on trust dscp"),
	      "rx pause at 10000/s, ToS not ECT: remedy %s", remedy_of(f));
	free(r.findings.items);

	/* The counter fell (the driver reloaded): its growth since, 500 in 2 s. */
	set_tos(&p, 106);
	p.qos[1].rx_pause = 500;
	r = run(&p);
	CHECK(!r.findings.n, "a counter reset to 500: 250/s, no storm (%zu)", r.findings.n);
	free(r.findings.items);
	p.qos_read &= ~CHK_QOS_SECOND;
	p.qos[1].rx_pause = 1000000;
	r = run(&p);
	CHECK(!r.findings.n, "no second read: not judged");
	free(r.findings.items);
}

static void drift(void)
{
	struct chk_port p = lossless();
	const struct chk_finding *f;
	struct chk_run r;
	char want[64];

	p.qos[0].present |= RDMACTL_QOS_HAS_SAVED;
	p.qos[0].saved = (struct rdmactl_qos_profile){
		.has = RDMACTL_QOS_TOS | RDMACTL_QOS_PRIO | RDMACTL_QOS_PFC | RDMACTL_QOS_TRUST,
		.tos = 106, .prio = 3, .pfc = 1, .trust = RDMACTL_ROCE_TRUST_DSCP,
	};
	r = run(&p);
	CHECK(!r.findings.n, "the kept profile, applied: no finding");
	free(r.findings.items);

	/* Someone moved DSCP 26 to priority 4, which has PFC on: lossless, but not what was kept. */
	p.qos[0].prio = 4;
	p.qos[0].dcb.pfc_en = 1 << 4;
	p.qos[0].drift = RDMACTL_QOS_PRIO;
	r = run(&p);
	f = find(&r, "qos.drift");
	snprintf(want, sizeof(want), "%s", rdmactl_qos_part_name(RDMACTL_QOS_PRIO));
	CHECK(r.findings.n == 1 && f && f->sev == CHK_WARNING && ev_str(f, "differs", want),
	      "DSCP 26 now on priority 4: qos.drift, differs \"%s\"", want);
	CHECK(ev_num(f, "saved_priority", 3) && ev_num(f, "priority", 4) &&
	      ev_str(f, "saved_pfc", "on") && ev_str(f, "saved_trust", "dscp"),
	      "evidence: saved priority 3, priority 4, saved pfc on, trust dscp");
	CHECK(fixes(f, "rdmactl roce qos set mlx5_0/1 tos 106 priority 3 pfc on trust dscp"),
	      "remedy: the kept profile again: %s", remedy_of(f));
	free(r.findings.items);

	/* A profile kept with PFC off (set with lossy) is applied again the same way. */
	p.qos[0].saved.pfc = 0;
	r = run(&p);
	CHECK(fixes(find(&r, "qos.drift"),
		    "rdmactl roce qos set mlx5_0/1 tos 106 priority 3 pfc off trust dscp lossy"),
	      "a lossy kept profile: remedy %s", remedy_of(find(&r, "qos.drift")));
	free(r.findings.items);
	p.qos[0].saved.pfc = 1;

	/* The ToS changed too (rdma_cm's configfs), and with it the map: both named. */
	set_tos(&p, 96);
	p.qos[0].drift = RDMACTL_QOS_TOS | RDMACTL_QOS_PRIO;
	p.qos[0].present &= ~RDMACTL_QOS_HAS_APP;
	p.qos[0].lossy = RDMACTL_QOS_LOSSY_UNMAPPED;
	r = run(&p);
	snprintf(want, sizeof(want), "%s %s", rdmactl_qos_part_name(RDMACTL_QOS_TOS),
		 rdmactl_qos_part_name(RDMACTL_QOS_PRIO));
	CHECK(ev_str(find(&r, "qos.drift"), "differs", want) && find(&r, "qos.dscp-unmapped") &&
	      find(&r, "qos.ecn-not-ect") && r.findings.n == 3,
	      "ToS 96 unmapped: drift (%s), unmapped, not ECT (%zu)", want, r.findings.n);
	free(r.findings.items);
}

static void not_judged(void)
{
	struct chk_port p = lossless();
	const struct chk_finding *f;
	struct chk_run r;

	/* rxe over a veth: no DCB, ToS 0; none of it is a fault. */
	set_tos(&p, 0);
	p.qos[0].present = RDMACTL_QOS_HAS_TOS | RDMACTL_QOS_HAS_NETDEV;
	p.qos[0].dcb_error = -EOPNOTSUPP;
	snprintf(p.qos[0].dcb_errmsg, sizeof(p.qos[0].dcb_errmsg),
		 "eth0 has no DCB: its driver veth has no dcbnl ops, or the kernel no CONFIG_DCB");
	p.qos[0].lossy = RDMACTL_QOS_LOSSY_NO_DCB;
	p.qos[1] = p.qos[0];
	r = run(&p);
	f = find(&r, "qos.no-dcb");
	CHECK(r.findings.n == 1 && f && f->sev == CHK_OK &&
	      !strcmp(f->message, "eth0 has no DCB: its driver veth has no dcbnl ops, or the kernel no "
				  "CONFIG_DCB; the QoS rules do not apply") &&
	      ev_str(f, "netdev", "eth0"),
	      "no DCB: qos.no-dcb at ok, the library's reason, and nothing judged (%zu): %s",
	      r.findings.n, f ? f->message : "");
	free(r.findings.items);
	p.qos[0].present &= ~RDMACTL_QOS_HAS_NETDEV;
	p.qos[0].dcb_error = -ENODEV;
	snprintf(p.qos[0].dcb_errmsg, sizeof(p.qos[0].dcb_errmsg),
		 "mlx5_0/1's netdev eth0 is not in this network namespace");
	r = run(&p);
	f = find(&r, "qos.no-dcb");
	CHECK(r.findings.n == 1 && f && f->sev == CHK_OK && strstr(f->message, "namespace") &&
	      !ev(f, "netdev"), "a netdev in another namespace: the same, said so");
	free(r.findings.items);

	/* The DCB read failed otherwise: a warning, with the error. */
	p.qos[0].present |= RDMACTL_QOS_HAS_NETDEV;
	p.qos[0].dcb_error = -EIO;
	r = run(&p);
	f = find(&r, "qos.unreadable");
	CHECK(r.findings.n == 1 && f && f->sev == CHK_WARNING &&
	      ev_str(f, "error", strerror(EIO)), "a DCB read that failed with EIO: qos.unreadable");
	free(r.findings.items);
	/* rdmactl_qos_list() failed: what chk_roce_read() leaves. */
	memset(&p.qos[0], 0, sizeof(p.qos[0]));
	p.qos_read = CHK_QOS_FAILED;
	p.qos[0].dcb_error = -ENOMEM;
	snprintf(p.qos[0].dcb_errmsg, sizeof(p.qos[0].dcb_errmsg), "out of memory");
	r = run(&p);
	f = find(&r, "qos.unreadable");
	CHECK(r.findings.n == 1 && f && strstr(f->message, "cannot be read: out of memory"),
	      "the chain's read failed: the same, with the library's message");
	free(r.findings.items);
}

/* DCB there, rdma_cm's ToS unknown: said, not judged. */
static void tos_unknown(void)
{
	struct chk_port p = lossless();
	const struct chk_finding *f;
	struct chk_run r;

	set_tos(&p, 0);
	p.qos[0].present &= ~(RDMACTL_QOS_HAS_TOS | RDMACTL_QOS_HAS_APP);
	p.qos[0].lossy = RDMACTL_QOS_LOSSY_NO_TOS;
	r = run(&p);
	f = find(&r, "qos.tos-unknown");
	CHECK(r.findings.n == 1 && f && f->sev == CHK_OK && strstr(remedy_of(f), "probe"),
	      "ToS unknown: qos.tos-unknown at ok, nothing else (%zu)", r.findings.n);
	free(r.findings.items);
}

/* What -j prints of a run: the report as a string. */
static char *json_report(struct chk_run *r)
{
	FILE *saved = stdout;
	char *out = NULL;
	size_t len = 0;

	cli.json = true;
	stdout = open_memstream(&out, &len);
	print_init();
	print_begin();
	chk_print_report(r);
	print_end();
	fclose(stdout);
	stdout = saved;
	cli.json = false;
	if (out && len && out[len - 1] == '\n')
		out[len - 1] = '\0';	/* the message that prints it ends the line */
	return out;
}

static void json(void)
{
	struct chk_port ports[2] = { lossless(), lossless() };
	struct chk_run r = { .findings.size = sizeof(struct chk_finding), .interval = 3,
			     .ports.size = sizeof(struct chk_port) };
	char *out;

	snprintf(ports[1].info.dev_name, sizeof(ports[1].info.dev_name), "rxe0");
	ports[0].qos[0].present &= ~RDMACTL_QOS_HAS_APP;
	ports[0].qos[0].lossy = RDMACTL_QOS_LOSSY_UNMAPPED;
	ports[1].qos[0].present = RDMACTL_QOS_HAS_TOS | RDMACTL_QOS_HAS_NETDEV;
	ports[1].qos[0].lossy = RDMACTL_QOS_LOSSY_NO_DCB;
	r.ports.items = ports;
	r.ports.n = 2;
	r.thresholds = (struct chk_threshold *)chk_default_thresholds;
	r.num_thresholds = chk_num_default_thresholds;
	chk_qos(&r, &ports[0]);
	chk_qos(&r, &ports[1]);
	out = json_report(&r);
	CHECK(out && strstr(out, "{\"id\":\"qos.dscp-unmapped\",\"severity\":\"warning\","
			    "\"device\":\"mlx5_0\",\"port\":1,\"netdev\":\"eth0\",\"message\":"
			    "\"lossy RoCE: rdma_cm's DSCP 26 (ToS 106) has no APP entry on eth0, so "
			    "it lands in the default class\",\"evidence\":{\"tos\":106,\"dscp\":26,"
			    "\"trust\":\"dscp\"},\"remedy\":\"RoCE traffic needs its DSCP mapped to "
			    "a priority with PFC on, or congestion drops it: rdmactl roce qos set "
			    "mlx5_0/1 tos 106 priority 3 pfc on trust dscp\"}"),
	      "-j: the finding whole, the remedy with its command: %s", out);
	CHECK(out && strstr(out, "{\"id\":\"qos.no-dcb\",\"severity\":\"ok\",\"device\":\"rxe0\","
			    "\"port\":1,\"netdev\":\"eth0\",\"message\":\"no DCB here; the QoS rules "
			    "do not apply\",\"evidence\":{\"netdev\":\"eth0\"}}") &&
	      strstr(out, "{\"id\":\"port.ok\",\"severity\":\"ok\",\"device\":\"rxe0\""),
	      "-j: rxe0 says no DCB, and port.ok beside it");
	CHECK(out && !strstr(out, "\"id\":\"port.ok\",\"severity\":\"ok\",\"device\":\"mlx5_0\""),
	      "-j: no port.ok for mlx5_0, which has a warning");
	free(out);
	free(r.findings.items);
}

int main(void)
{
	healthy();
	unmapped();
	pfc_off();
	trust();
	ecn();
	pause_storm();
	drift();
	not_judged();
	tos_unknown();
	json();
	return DONE();
}
