// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl roce qos [show] [DEV[/PORT]]
 * rdmactl roce qos set DEV[/PORT] tos N [priority P] [pfc on|off] [trust dscp|pcp] [lossy]
 *
 * Each RoCE port's chain, end to end, one line, then its verdict and what
 * rdmactl keeps:
 *
 *   fakeroce0/1 fe0: tos 106 -> dscp 26 ecn ect0 -> app 26:3 -> prio 3 -> trust
 *   dscp (dscp pcp) -> pfc on -> tc 1 bw 50% ets -> pause rx 12 tx 4
 *       lossless yes
 *       saved tos 106 priority 3 pfc on trust dscp: no drift
 *   rxe0/1 veth0: no DCB (its driver veth has no dcbnl ops, or the kernel no CONFIG_DCB)
 *       tos 106 -> dscp 26 ecn ect0
 *       lossless no: veth0 has no DCB
 *       saved none
 *
 * What is unknown is said so, never printed as 0.
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/dcbnl.h>

#include "cli.h"

/* "dscp", "pcp", or "none" where apptrust is unknown. */
const char *qos_trust_name(uint8_t trust)
{
	return trust ? rdmactl_roce_trust_name(trust) : "none";
}

static const char *qos_ecn_name(uint8_t ecn)
{
	static const char *const names[] = { "not-ect", "ect1", "ect0", "ce" };

	return names[ecn & 3];
}

static const char *qos_tsa_name(uint8_t tsa)
{
	switch (tsa) {
	case IEEE_8021QAZ_TSA_STRICT:
		return "strict";
	case IEEE_8021QAZ_TSA_CB_SHAPER:
		return "cbs";
	case IEEE_8021QAZ_TSA_ETS:
		return "ets";
	case IEEE_8021QAZ_TSA_VENDOR:
		return "vendor";
	default:
		return "unknown";
	}
}

/* An apptrust selector as iproute2's dcb names it. */
static const char *qos_selector_name(uint8_t sel, char *buf, size_t size)
{
	static const char *const names[] = {
		[IEEE_8021QAZ_APP_SEL_ETHERTYPE] = "ethtype",
		[IEEE_8021QAZ_APP_SEL_STREAM] = "stream-port",
		[IEEE_8021QAZ_APP_SEL_DGRAM] = "dgram-port",
		[IEEE_8021QAZ_APP_SEL_ANY] = "port",
		[IEEE_8021QAZ_APP_SEL_DSCP] = "dscp",
	};

	if (sel == 255)
		return "pcp";
	if (sel < sizeof(names) / sizeof(names[0]) && names[sel])
		return names[sel];
	snprintf(buf, size, "%u", sel);
	return buf;
}

/*
 * The priorities of a mask: JSON an array; text first_fmt for the first
 * and ",N" for the others, none when first_fmt is NULL.
 */
static void qos_prio_list(const char *key, uint8_t mask, const char *first_fmt)
{
	bool first = true;
	unsigned int i;

	print_array_open(key);
	for (i = 0; i < 8; i++) {
		if (mask & (1U << i)) {
			print_uint(NULL, !first_fmt ? NULL : first ? first_fmt : ",%" PRIu64, i);
			first = false;
		}
	}
	print_array_close();
}

static void qos_print_trust(const struct rdmactl_qos_info *q)
{
	char buf[8];
	unsigned int i;

	if (!(q->present & RDMACTL_QOS_HAS_TRUST)) {
		print_text(" -> trust unknown (no apptrust)");
		return;
	}
	print_str("trust", " -> trust %s (", qos_trust_name(q->trust));
	print_array_open("trust_order");
	for (i = 0; i < q->dcb.ntrust; i++)
		print_str(NULL, i ? " %s" : "%s",
			  qos_selector_name(q->dcb.trust[i], buf, sizeof(buf)));
	print_array_close();
	print_text("%s)", q->dcb.ntrust ? "" : "no selector");
}

/* The priority's PFC, traffic class and pause frames. */
static void qos_print_prio(const struct rdmactl_qos_info *q)
{
	const struct rdmactl_dcb *d = &q->dcb;

	if (d->present & RDMACTL_DCB_HAS_PFC)
		print_bool("pfc", q->pfc, " -> pfc %s", q->pfc ? "on" : "off");
	else
		print_text(" -> pfc unknown (not reported)");
	if (d->present & RDMACTL_DCB_HAS_ETS) {
		print_uint("tc", " -> tc %" PRIu64, q->tc);
		print_uint("tc_bw", " bw %" PRIu64 "%%", q->tc_bw);
		print_str("tc_tsa", " %s", qos_tsa_name(q->tc_tsa));
	} else {
		print_text(" -> tc unknown (no ETS)");
	}
	if (q->present & RDMACTL_QOS_HAS_PAUSE) {
		print_uint("rx_pause", " -> pause rx %" PRIu64, q->rx_pause);
		print_uint("tx_pause", " tx %" PRIu64, q->tx_pause);
	} else {
		print_text(" -> pause unknown (no per-priority counters)");
	}
}

/* The netdev's DCB, from the APP entry of the ToS's DSCP on. */
static void qos_print_dcb(const struct rdmactl_qos_info *q)
{
	const struct rdmactl_dcb *d = &q->dcb;
	bool app = q->present & RDMACTL_QOS_HAS_APP;
	char fmt[32];

	if (q->present & RDMACTL_QOS_HAS_TOS) {
		snprintf(fmt, sizeof(fmt), " -> app %u:%%" PRIu64, q->dscp);
		qos_prio_list("app", d->dscp_prios[q->dscp], fmt);
		if (!app)
			print_text(" -> app none for dscp %u", q->dscp);
	}
	if (app)
		print_uint("prio", " -> prio %" PRIu64, q->prio);
	qos_print_trust(q);
	if (d->present & RDMACTL_DCB_HAS_PFC) {
		/* Unmapped, which priorities have PFC is what there is to say. */
		qos_prio_list("pfc_enabled", d->pfc_en, app ? NULL : " -> pfc on prio %" PRIu64);
		if (!app && !d->pfc_en)
			print_text(" -> pfc off");
	}
	if (app)
		qos_print_prio(q);
}

/* Why the traffic is lossy: JSON names, text sentences, as RDMACTL_QOS_LOSSY_*'s bits. */
static void qos_print_lossy(const struct rdmactl_qos_info *q)
{
	static const char *const names[] = { "no-tos", "no-dcb", "unmapped", "no-pfc", "trust" };
	char why[5][96];
	unsigned int i;
	bool first = true;

	snprintf(why[0], sizeof(why[0]), "rdma_cm's ToS is unknown");
	if (q->present & RDMACTL_QOS_HAS_NETDEV)
		snprintf(why[1], sizeof(why[1]), "%s has no DCB", q->ifname);
	else
		snprintf(why[1], sizeof(why[1]), "no netdev here");
	snprintf(why[2], sizeof(why[2]), "DSCP %u has no APP entry", q->dscp);
	if (q->dcb.present & RDMACTL_DCB_HAS_PFC)
		snprintf(why[3], sizeof(why[3]), "PFC is off for priority %u", q->prio);
	else
		snprintf(why[3], sizeof(why[3]), "%s reports no PFC", q->ifname);
	snprintf(why[4], sizeof(why[4]), "apptrust does not put DSCP first");
	print_bool("lossless", !q->lossy, "\n    lossless %s", q->lossy ? "no" : "yes");
	print_array_open("lossy");
	for (i = 0; i < 5; i++) {
		if (q->lossy & (1U << i)) {
			print_str_fmt(NULL, names[i], "%s%s", first ? ": " : "; ", why[i]);
			first = false;
		}
	}
	print_array_close();
}

/* A profile, as the words of roce qos set; tos_fmt says what it is in text. */
static void qos_print_profile(const char *key, const char *tos_fmt,
			      const struct rdmactl_qos_profile *p)
{
	print_object_open(key);
	print_uint("tos", tos_fmt, p->tos);
	if (p->has & RDMACTL_QOS_PRIO) {
		print_uint("prio", " priority %" PRIu64, p->prio);
		print_bool("pfc", p->pfc, " pfc %s", p->pfc ? "on" : "off");
	}
	if (p->has & RDMACTL_QOS_TRUST)
		print_str("trust", " trust %s", qos_trust_name(p->trust));
	print_object_close();
}

/* The kept profile in roce show's row, and so in a ROCE event: " priority 3 pfc on trust dscp". */
void qos_print_kept(const struct rdmactl_roce_info *r)
{
	if (!(r->present & RDMACTL_ROCE_HAS_SAVED_QOS))
		return;
	print_uint("prio", " priority %" PRIu64, r->saved_prio);
	print_bool("pfc", r->saved_pfc, " pfc %s", r->saved_pfc ? "on" : "off");
	if (r->saved_trust)
		print_str("trust", " trust %s", qos_trust_name(r->saved_trust));
}

/* The profile rdmactl keeps, and where the port differs from it. */
static void qos_print_saved(const struct rdmactl_qos_info *q)
{
	const struct rdmactl_qos_profile *s = &q->saved;
	unsigned int part;
	bool first = true;

	if (!(q->present & RDMACTL_QOS_HAS_SAVED)) {
		print_text("\n    saved none");
		return;
	}
	qos_print_profile("saved", "\n    saved tos %" PRIu64, s);
	print_array_open("drift");
	for (part = RDMACTL_QOS_TOS; part <= RDMACTL_QOS_TRUST; part <<= 1) {
		if (q->drift & part) {
			print_str(NULL, first ? ": drift %s" : ",%s", rdmactl_qos_part_name(part));
			first = false;
		}
	}
	print_array_close();
	if (!q->drift)
		print_text(": no drift");
	else if (s->has & RDMACTL_QOS_PRIO)
		print_text(" (again: rdmactl roce qos set %s/%u tos %u priority %u pfc %s%s%s)",
			   q->dev_name, q->port, s->tos, s->prio, s->pfc ? "on" : "off",
			   s->has & RDMACTL_QOS_TRUST ? " trust " : "",
			   s->has & RDMACTL_QOS_TRUST ? qos_trust_name(s->trust) : "");
}

/* Why there is no DCB, without the library's "IF has no DCB: " before it. */
static const char *qos_dcb_why(const struct rdmactl_qos_info *q)
{
	char head[sizeof(q->ifname) + 16];
	size_t n = (size_t)snprintf(head, sizeof(head), "%s has no DCB: ", q->ifname);

	return strncmp(q->dcb_errmsg, head, n) ? q->dcb_errmsg : q->dcb_errmsg + n;
}

static void qos_print(const void *item)
{
	const struct rdmactl_qos_info *q = item;
	bool dcb = q->present & RDMACTL_QOS_HAS_DCB;

	print_open();
	print_str("ifname", "%s/", q->dev_name);
	print_uint("ifindex", NULL, q->dev_index);
	print_uint("port", "%" PRIu64, q->port);
	if (q->present & RDMACTL_QOS_HAS_NETDEV)
		print_str("netdev", " %s", q->ifname);
	print_text(":");
	if (!dcb) {
		/* "rxe0/1 veth0: no DCB (its driver ...)", then what rdma_cm alone says. */
		print_str_fmt("dcb_error", q->dcb_errmsg, " no %s (%s)\n    ",
			      q->present & RDMACTL_QOS_HAS_NETDEV ? "DCB" : "netdev here",
			      qos_dcb_why(q));
		print_uint("dcb_errno", NULL, (uint64_t)-(int64_t)q->dcb_error);
	}
	if (q->present & RDMACTL_QOS_HAS_TOS) {
		print_uint("tos", dcb ? " tos %" PRIu64 : "tos %" PRIu64, q->tos);
		print_uint("dscp", " -> dscp %" PRIu64, q->dscp);
		print_str("ecn", " ecn %s", qos_ecn_name(q->ecn));
	} else {
		print_text("%stos unknown (root can ask rdma_cm: roce show probe)", dcb ? " " : "");
	}
	if (dcb)
		qos_print_dcb(q);
	qos_print_lossy(q);
	qos_print_saved(q);
	print_close();
}

static int qos_collect(const struct rdmactl_qos_info *q, void *v)
{
	return cli_vec_push(v, q);
}

struct qos_args {
	struct cli_dev_port dp;
	uint32_t tos;
	uint32_t prio;
	uint8_t pfc;
	uint8_t trust;
	bool lossy;
};

static const struct cli_spec qos_show_spec = {
	.cmd = "roce qos show", .args = (const struct cli_arg[]) {
		{ "DEV[/PORT]", CLI_DEV_PORT, offsetof(struct qos_args, dp), .flags = CLI_POS },
		{ .name = NULL },
	}
};

static const struct cli_enum qos_pfc_values[] = { { "on", 1 }, { "off", 0 }, { NULL, 0 } };
static const struct cli_enum qos_trust_values[] = {
	{ "dscp", RDMACTL_ROCE_TRUST_DSCP }, { "pcp", RDMACTL_ROCE_TRUST_PCP }, { NULL, 0 }
};

enum { QOS_SET_DEV, QOS_SET_TOS, QOS_SET_PRIO, QOS_SET_PFC, QOS_SET_TRUST, QOS_SET_LOSSY };

static const struct cli_spec qos_set_spec = {
	.cmd = "roce qos set", .args = (const struct cli_arg[]) {
		[QOS_SET_DEV] = { "DEV[/PORT]", CLI_DEV_PORT, offsetof(struct qos_args, dp),
				  .flags = CLI_POS | CLI_REQ },
		[QOS_SET_TOS] = { "tos", CLI_U32, offsetof(struct qos_args, tos), .flags = CLI_REQ,
				  .value = "N", .expect = "a number from 0 to 255", .max = 255 },
		[QOS_SET_PRIO] = { "priority", CLI_U32, offsetof(struct qos_args, prio),
				   .value = "P", .expect = "a priority from 0 to 7", .max = 7 },
		[QOS_SET_PFC] = { "pfc", CLI_ENUM, offsetof(struct qos_args, pfc),
				  .value = "on|off", .expect = "on or off", .values = qos_pfc_values },
		[QOS_SET_TRUST] = { "trust", CLI_ENUM, offsetof(struct qos_args, trust),
				    .value = "dscp|pcp", .expect = "dscp or pcp",
				    .values = qos_trust_values },
		[QOS_SET_LOSSY] = { "lossy", CLI_FLAG, offsetof(struct qos_args, lossy) },
		{ .name = NULL },
	}
};

static int qos_list(struct rdmactl *h, const void *arg, struct cli_vec *v)
{
	const struct qos_args *a = arg;

	return rdmactl_qos_list(h, a->dp.dev[0] ? a->dp.dev : NULL, a->dp.port, qos_collect, v);
}

static int qos_show(int argc, char **argv)
{
	struct qos_args a = { .lossy = false };

	if (cli_parse(&qos_show_spec, argc, argv, &a, NULL))
		return EXIT_USAGE;
	return cli_show(sizeof(struct rdmactl_qos_info), qos_list, &a, qos_print, NULL,
			a.dp.dev[0] ? a.dp.dev : NULL, "cannot read the RoCE QoS");
}

/* One change made: its part's name (JSON), what it did (text). */
static void qos_print_change(const struct rdmactl_qos_result *r, unsigned int part)
{
	const struct rdmactl_qos_profile *a = &r->applied;
	char what[96];

	if (part == RDMACTL_QOS_PRIO)
		snprintf(what, sizeof(what), "DSCP %u mapped to priority %u", a->tos >> 2, a->prio);
	else if (part == RDMACTL_QOS_APP_OLD)
		snprintf(what, sizeof(what), "DSCP %u's other APP entries removed", a->tos >> 2);
	else if (part == RDMACTL_QOS_PFC)
		snprintf(what, sizeof(what), "PFC %s for priority %u", a->pfc ? "on" : "off",
			 a->prio);
	else if (part == RDMACTL_QOS_TRUST)
		snprintf(what, sizeof(what), "%s first in apptrust",
			 a->trust == RDMACTL_ROCE_TRUST_DSCP ? "DSCP" : "PCP");
	else if (part == RDMACTL_QOS_TOS)
		snprintf(what, sizeof(what), "rdma_cm's ToS %u", a->tos);
	else
		snprintf(what, sizeof(what), "the profile kept by rdmactl.ko");
	print_str_fmt(NULL, rdmactl_qos_part_name(part), "\n    changed %s: %s",
		      rdmactl_qos_part_name(part), what);
}

/* What was changed, in the order it was, and what failed. */
static void qos_print_result(const struct qos_args *args, const struct rdmactl_qos_result *r)
{
	static const unsigned int order[] = {
		RDMACTL_QOS_PRIO, RDMACTL_QOS_APP_OLD, RDMACTL_QOS_PFC, RDMACTL_QOS_TRUST,
		RDMACTL_QOS_TOS, RDMACTL_QOS_KEPT,
	};
	const struct rdmactl_qos_profile *a = &r->applied;
	unsigned int i;

	print_begin();
	print_open();
	print_str("ifname", "%s/", args->dp.dev);
	print_uint("port", "%" PRIu64, r->port);
	print_str("netdev", " %s:", r->ifname);
	qos_print_profile("applied", " tos %" PRIu64, a);
	print_array_open("changed");
	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (r->changed & order[i])
			qos_print_change(r, order[i]);
	print_array_close();
	if (r->failed)
		print_str("failed", "\n    failed %s", rdmactl_qos_part_name(r->failed));
	else if (!r->changed)
		print_text("\n    nothing changed: it was so already");
	print_close();
	print_end();
}

static int qos_set(int argc, char **argv)
{
	struct rdmactl_qos_profile want = { .has = RDMACTL_QOS_TOS };
	struct qos_args a = { .lossy = false };
	struct rdmactl_qos_result res;
	struct rdmactl *h;
	unsigned int given;
	int err;

	if (cli_parse(&qos_set_spec, argc, argv, &a, &given))
		return EXIT_USAGE;
	want.tos = (uint8_t)a.tos;
	want.prio = (uint8_t)a.prio;
	want.pfc = a.pfc;
	want.trust = a.trust;
	if (given & (1U << QOS_SET_PRIO))
		want.has |= RDMACTL_QOS_PRIO;
	if (given & (1U << QOS_SET_PFC))
		want.has |= RDMACTL_QOS_PFC;
	if (given & (1U << QOS_SET_TRUST))
		want.has |= RDMACTL_QOS_TRUST;
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	err = rdmactl_qos_set(h, a.dp.dev, a.dp.port, &want, a.lossy ? RDMACTL_QOS_SET_LOSSY : 0,
			      &res);
	/* A step done before a failure is said, then the failure. */
	if (!err || res.changed)
		qos_print_result(&a, &res);
	err = err ? cli_fail(h, err, a.dp.dev, "cannot set the RoCE QoS") : EXIT_OK;
	rdmactl_close(h);
	return err;
}

static int qos_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_help("roce qos",
		 (const struct cli_spec *const[]) { &qos_show_spec, &qos_set_spec, NULL });
	printf("show changes nothing: per RoCE port, rdma_cm's ToS, its DSCP and ECN bits,\n"
	       "the netdev's APP entry for that DSCP (dcbnl), the priority, the apptrust\n"
	       "order, PFC on that priority, its traffic class (ETS) and pause frames, then\n"
	       "whether the traffic is lossless and why not, and the profile rdmactl keeps.\n"
	       "set (root) maps the DSCP of tos to priority (default: its APP entry now),\n"
	       "turns PFC on for it (pfc off: lossy) and puts DSCP first in apptrust\n"
	       "(trust pcp: lossy), changing only what differs, then sets rdma_cm's ToS;\n"
	       "rdmactl keeps the profile and applies it again when the netdev comes back.\n"
	       "A lossy profile is refused without lossy.\n");
	return EXIT_OK;
}

static const struct cli_cmd qos_cmds[] = {
	{ "show", qos_show, "each RoCE port's QoS chain, lossless or not" },
	{ "set", qos_set, "set it, persistently" },
	{ "help", qos_help, "this text" },
	{ NULL, NULL, NULL }
};

int qos_main(int argc, char **argv)
{
	/* "rdmactl roce qos DEV" is "rdmactl roce qos show DEV", as "stat DEV". */
	if (argc >= 1 && !cli_lookup(qos_cmds, argv[0]))
		return qos_show(argc, argv);
	return cli_dispatch(qos_cmds, "roce qos", argc, argv);
}
