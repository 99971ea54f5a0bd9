// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * librdmactl's RoCE QoS without a kernel: dcbnl's IEEE_GET replies as
 * net/dcb/dcbnl.c fills them (5.10/6.1 without apptrust, 6.2+ with it and
 * 6.12's rewrite table beside it; an empty APP table, several entries for
 * one DSCP, PCP entries that are not ours), the SET requests the library
 * builds and the s8 status dcbnl_ieee_set() replies with, the chain's
 * lossy reasons and drift, and rdmactl_qos_set()'s plan (its validation,
 * its defaults, only what differs) and the order of its steps.
 */
#include <errno.h>
#include <string.h>
#include <linux/rtnetlink.h>

#include "check.h"
#include "internal.h"

static char mbuf[4096];
static struct rdmactl h;

/* The parts of a QoS profile (RDMACTL_QOS_*), short. */
#define TOS RDMACTL_QOS_TOS
#define PRIO RDMACTL_QOS_PRIO
#define PFC RDMACTL_QOS_PFC
#define TRUST RDMACTL_QOS_TRUST
#define KEPT RDMACTL_QOS_KEPT
#define OLD RDMACTL_QOS_APP_OLD

#define DSCP 5		/* IEEE_8021QAZ_APP_SEL_DSCP */
#define PCP 255		/* DCB_APP_SEL_PCP (6.2) */

/* An IEEE_GET reply's start: the dcbmsg, IFNAME, the IEEE nest opened. */
static struct nlmsghdr *reply(struct nlattr **ieee)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(mbuf);
	struct dcbmsg *d = mnl_nlmsg_put_extra_header(nlh, sizeof(*d));

	nlh->nlmsg_type = RTM_GETDCB;
	d->cmd = DCB_CMD_IEEE_GET;
	mnl_attr_put_strz(nlh, DCB_ATTR_IFNAME, "fe0");
	*ieee = mnl_attr_nest_start(nlh, DCB_ATTR_IEEE);
	return nlh;
}

static void put_app(struct nlmsghdr *nlh, uint16_t type, uint8_t sel, uint16_t proto, uint8_t prio)
{
	struct dcb_app app = { .selector = sel, .priority = prio, .protocol = proto };

	mnl_attr_put(nlh, type, sizeof(app), &app);
}

/* The reply of a netdev with ETS, PFC (3 and 4 on), an APP table and, when trust, apptrust. */
static struct nlmsghdr *full_reply(bool trust)
{
	struct ieee_ets ets = { .ets_cap = 8, .prio_tc = { 0, 0, 1, 3, 2 },
				.tc_tx_bw = { 10, 20, 30, 40 }, .tc_rx_bw = { 99, 99, 99, 99 },
				.tc_tsa = { 2, 2, 2, 2 } };
	struct ieee_pfc pfc = { .pfc_cap = 8, .pfc_en = 0x18, .delay = 32 };
	struct nlattr *ieee, *nest;
	struct nlmsghdr *nlh = reply(&ieee);

	mnl_attr_put(nlh, DCB_ATTR_IEEE_ETS, sizeof(ets), &ets);
	mnl_attr_put(nlh, DCB_ATTR_IEEE_PFC, sizeof(pfc), &pfc);
	nest = mnl_attr_nest_start(nlh, DCB_ATTR_IEEE_APP_TABLE);
	put_app(nlh, DCB_ATTR_IEEE_APP, DSCP, 26, 5);
	put_app(nlh, DCB_ATTR_IEEE_APP, DSCP, 26, 3);
	put_app(nlh, DCB_ATTR_IEEE_APP, DSCP, 10, 1);
	put_app(nlh, DCB_ATTR_IEEE_APP, 1, 0x8915, 4);	/* ethertype: not a DSCP's */
	put_app(nlh, RDMACTL_DCB_ATTR_DCB_APP, PCP, 2, 6);	/* PCP 2 -> 6 (6.2+) */
	mnl_attr_nest_end(nlh, nest);
	nest = mnl_attr_nest_start(nlh, 12);		/* 6.12's DCB_ATTR_DCB_REWR_TABLE */
	put_app(nlh, DCB_ATTR_IEEE_APP, DSCP, 40, 7);
	mnl_attr_nest_end(nlh, nest);
	if (trust) {
		nest = mnl_attr_nest_start(nlh, RDMACTL_DCB_ATTR_APP_TRUST_TABLE);
		mnl_attr_put_u8(nlh, DCB_ATTR_IEEE_APP, DSCP);
		mnl_attr_put_u8(nlh, RDMACTL_DCB_ATTR_DCB_APP, PCP);
		mnl_attr_nest_end(nlh, nest);
	}
	mnl_attr_put(nlh, DCB_ATTR_IEEE_PEER_PFC, sizeof(pfc), &pfc);
	mnl_attr_nest_end(nlh, ieee);
	mnl_attr_put_u8(nlh, DCB_ATTR_DCBX, 8);
	return nlh;
}

static void test_parse(void)
{
	struct rdmactl_dcb_raw raw;
	const struct rdmactl_dcb *d = &raw.dcb;
	struct nlattr *ieee, *nest;
	struct nlmsghdr *nlh;
	int i, others = 0;

	CHECK(rdmactl_dcb_parse(&h, full_reply(true), &raw) == 0, "a 6.12 IEEE_GET reply parses");
	CHECK(d->present == (RDMACTL_DCB_HAS_PFC | RDMACTL_DCB_HAS_ETS | RDMACTL_DCB_HAS_APP |
			     RDMACTL_DCB_HAS_TRUST), "with PFC, ETS, APP and apptrust (0x%x)", d->present);
	CHECK(!strcmp(d->ifname, "fe0"), "its netdev's name");
	CHECK(d->pfc_cap == 8 && d->pfc_en == 0x18 && raw.pfc.delay == 32,
	      "PFC: cap, enabled priorities, and the rest kept whole for a write");
	CHECK(d->ets_cap == 8 && d->prio_tc[3] == 3 && d->prio_tc[4] == 2 && d->tc_bw[3] == 40 &&
	      d->tc_tsa[3] == 2, "ETS: priority to class, the class's transmit share, its TSA");
	CHECK(d->dscp_prios[26] == (1 << 3 | 1 << 5), "two entries for DSCP 26: both priorities (0x%x)",
	      d->dscp_prios[26]);
	CHECK(d->dscp_prios[10] == 1 << 1, "DSCP 10 to priority 1");
	for (i = 0; i < 64; i++)
		others += i != 26 && i != 10 && d->dscp_prios[i];
	CHECK(!others, "nothing else: an ethertype, a PCP or a rewrite entry is no DSCP's");
	CHECK(d->ntrust == 2 && d->trust[0] == DSCP && d->trust[1] == PCP,
	      "the apptrust order: dscp then pcp");

	CHECK(rdmactl_dcb_parse(&h, full_reply(false), &raw) == 0 &&
	      !(d->present & RDMACTL_DCB_HAS_TRUST) && d->ntrust == 0,
	      "before 6.2 (or a driver without apptrust): no trust, not an empty order");

	nlh = reply(&ieee);
	nest = mnl_attr_nest_start(nlh, DCB_ATTR_IEEE_APP_TABLE);
	mnl_attr_nest_end(nlh, nest);
	mnl_attr_nest_end(nlh, ieee);
	CHECK(rdmactl_dcb_parse(&h, nlh, &raw) == 0 && d->present == RDMACTL_DCB_HAS_APP,
	      "a driver with no getters: an empty APP table only (0x%x)", d->present);
	for (i = 0, others = 0; i < 64; i++)
		others += d->dscp_prios[i] != 0;
	CHECK(!others, "which maps no DSCP");

	nlh = reply(&ieee);
	mnl_attr_put(nlh, DCB_ATTR_IEEE_PFC, 4, "abcd");
	mnl_attr_nest_end(nlh, ieee);
	h.errmsg[0] = '\0';
	CHECK(rdmactl_dcb_parse(&h, nlh, &raw) == -EBADMSG, "a PFC attribute of 4 bytes is refused");
	CHECK(!strcmp(h.errmsg, "a DCB reply's PFC has 4 bytes, not 136"), "saying so: %s", h.errmsg);

	nlh = reply(&ieee);
	nest = mnl_attr_nest_start(nlh, RDMACTL_DCB_ATTR_APP_TRUST_TABLE);
	mnl_attr_put_u16(nlh, DCB_ATTR_IEEE_APP, DSCP);
	mnl_attr_nest_end(nlh, nest);
	mnl_attr_nest_end(nlh, ieee);
	CHECK(rdmactl_dcb_parse(&h, nlh, &raw) == -EBADMSG, "an apptrust selector of 2 bytes is refused");

	nlh = reply(&ieee);
	mnl_attr_nest_cancel(nlh, ieee);
	CHECK(rdmactl_dcb_parse(&h, nlh, &raw) == -EBADMSG &&
	      !strcmp(h.errmsg, "a DCB reply without its IEEE 802.1Qaz attributes"),
	      "a reply without the IEEE nest is refused: %s", h.errmsg);
}

/* The attribute of type in nest, or NULL. */
static const struct nlattr *find(const struct nlattr *nest, uint16_t type)
{
	const struct nlattr *a;

	mnl_attr_for_each_nested(a, nest)
		if (mnl_attr_get_type(a) == type)
			return a;
	return NULL;
}

static const struct nlattr *request_ieee(const struct nlmsghdr *nlh, uint8_t cmd)
{
	const struct dcbmsg *d = mnl_nlmsg_get_payload(nlh);
	const struct nlattr *a, *ieee = NULL;
	bool name = false;

	mnl_attr_for_each(a, nlh, sizeof(*d)) {
		if (mnl_attr_get_type(a) == DCB_ATTR_IFNAME)
			name = !strcmp(mnl_attr_get_str(a), "fe0");
		if (mnl_attr_get_type(a) == DCB_ATTR_IEEE)
			ieee = a;
	}
	CHECK(nlh->nlmsg_type == RTM_SETDCB && d->cmd == cmd && name && ieee &&
	      (nlh->nlmsg_flags & NLM_F_ACK), "an RTM_SETDCB of command %u about fe0", cmd);
	return ieee;
}

static void test_requests(void)
{
	struct rdmactl_sock s = { .buf = mbuf };
	struct rdmactl_dcb_edit e = { .cmd = DCB_CMD_IEEE_SET, .dscp = 26, .prios = 1 << 3 };
	struct ieee_pfc pfc = { .pfc_cap = 8, .pfc_en = 0x08, .delay = 7 };
	const struct nlattr *ieee, *t, *a;
	const struct dcb_app *app;
	int n = 0;

	ieee = request_ieee(rdmactl_dcb_edit_msg(&s, "fe0", &e), DCB_CMD_IEEE_SET);
	t = ieee ? find(ieee, DCB_ATTR_IEEE_APP_TABLE) : NULL;
	a = t ? find(t, DCB_ATTR_IEEE_APP) : NULL;
	app = a ? mnl_attr_get_payload(a) : NULL;
	CHECK(app && mnl_attr_get_payload_len(a) == sizeof(*app) && app->selector == DSCP &&
	      app->protocol == 26 && app->priority == 3, "an APP entry: DSCP 26 -> priority 3");
	CHECK(ieee && !find(ieee, DCB_ATTR_IEEE_PFC) &&
	      !find(ieee, RDMACTL_DCB_ATTR_APP_TRUST_TABLE), "and nothing else");

	e = (struct rdmactl_dcb_edit) { .cmd = DCB_CMD_IEEE_DEL, .dscp = 26, .prios = 0x21 };
	ieee = request_ieee(rdmactl_dcb_edit_msg(&s, "fe0", &e), DCB_CMD_IEEE_DEL);
	t = ieee ? find(ieee, DCB_ATTR_IEEE_APP_TABLE) : NULL;
	if (t)
		mnl_attr_for_each_nested(a, t) {
			app = mnl_attr_get_payload(a);
			n += app->protocol == 26 && (app->priority == 0 || app->priority == 5);
		}
	CHECK(n == 2, "IEEE_DEL of DSCP 26's entries to priorities 0 and 5: one each (%d)", n);

	e = (struct rdmactl_dcb_edit) { .cmd = DCB_CMD_IEEE_SET, .pfc = &pfc };
	ieee = request_ieee(rdmactl_dcb_edit_msg(&s, "fe0", &e), DCB_CMD_IEEE_SET);
	a = ieee ? find(ieee, DCB_ATTR_IEEE_PFC) : NULL;
	CHECK(a && mnl_attr_get_payload_len(a) == sizeof(pfc) &&
	      !memcmp(mnl_attr_get_payload(a), &pfc, sizeof(pfc)), "PFC: the struct whole, as given");
	CHECK(ieee && !find(ieee, DCB_ATTR_IEEE_APP_TABLE), "without an APP table");

	e = (struct rdmactl_dcb_edit) { .cmd = DCB_CMD_IEEE_SET, .ntrust = 2, .trust = { DSCP, PCP } };
	ieee = request_ieee(rdmactl_dcb_edit_msg(&s, "fe0", &e), DCB_CMD_IEEE_SET);
	t = ieee ? find(ieee, RDMACTL_DCB_ATTR_APP_TRUST_TABLE) : NULL;
	n = 0;
	if (t)
		mnl_attr_for_each_nested(a, t) {
			n = n * 1000 + mnl_attr_get_type(a) * 256 + mnl_attr_get_u8(a);
			CHECK(mnl_attr_get_payload_len(a) == 1, "a selector is a u8");
		}
	CHECK(n == (DCB_ATTR_IEEE_APP * 256 + DSCP) * 1000 + RDMACTL_DCB_ATTR_DCB_APP * 256 + PCP,
	      "apptrust: DSCP as an IEEE_APP, then PCP as a DCB_APP, in order (%d)", n);
}

/* A SET's reply: the IEEE attribute holding the status, or raw bytes of size n. */
static struct nlmsghdr *status_reply(int n, uint8_t status)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(mbuf);
	struct dcbmsg *d = mnl_nlmsg_put_extra_header(nlh, sizeof(*d));

	nlh->nlmsg_type = RTM_SETDCB;
	d->cmd = DCB_CMD_IEEE_SET;
	if (n == 1)
		mnl_attr_put_u8(nlh, DCB_ATTR_IEEE, status);
	else if (n)
		mnl_attr_put_u32(nlh, DCB_ATTR_IEEE, status);
	return nlh;
}

static void test_status(void)
{
	int err = 1;

	CHECK(rdmactl_dcb_edit_reply(status_reply(1, 0), &err) == 0 && err == 0, "status 0: done");
	CHECK(rdmactl_dcb_edit_reply(status_reply(1, (uint8_t)-EINVAL), &err) == 0 && err == -EINVAL,
	      "a u8 of 234 is the driver's -EINVAL (got %d)", err);
	CHECK(rdmactl_dcb_edit_reply(status_reply(1, (uint8_t)-EOPNOTSUPP), &err) == 0 &&
	      err == -EOPNOTSUPP, "and 161 its -EOPNOTSUPP (got %d)", err);
	CHECK(rdmactl_dcb_edit_reply(status_reply(1, 2), &err) == 0 && err == 2,
	      "ice's 2 (changed, with a reset) stays positive: done (got %d)", err);
	CHECK(rdmactl_dcb_edit_reply(status_reply(0, 0), &err) == -EBADMSG, "no status: refused");
	CHECK(rdmactl_dcb_edit_reply(status_reply(4, 0), &err) == -EBADMSG, "a 4-byte one too");
}

/* A lossless port: ToS 106 (DSCP 26, ECT(0)) -> priority 3, PFC on it, DSCP trusted. */
static void lossless(struct rdmactl_qos_info *q)
{
	memset(q, 0, sizeof(*q));
	q->present = RDMACTL_QOS_HAS_TOS | RDMACTL_QOS_HAS_NETDEV | RDMACTL_QOS_HAS_DCB;
	q->tos = 106;
	snprintf(q->ifname, sizeof(q->ifname), "fe0");
	snprintf(q->dcb.ifname, sizeof(q->dcb.ifname), "fe0");
	q->dcb.present = RDMACTL_DCB_HAS_PFC | RDMACTL_DCB_HAS_ETS | RDMACTL_DCB_HAS_APP |
		RDMACTL_DCB_HAS_TRUST;
	q->dcb.pfc_cap = 8;
	q->dcb.pfc_en = 1 << 3;
	q->dcb.prio_tc[3] = 2;
	q->dcb.tc_bw[2] = 50;
	q->dcb.tc_tsa[2] = IEEE_8021QAZ_TSA_ETS;
	q->dcb.dscp_prios[26] = 1 << 3;
	q->dcb.ntrust = 2;
	q->dcb.trust[0] = DSCP;
	q->dcb.trust[1] = PCP;
	q->saved = (struct rdmactl_qos_profile) {
		.has = TOS | PRIO | PFC | TRUST,
		.tos = 106, .prio = 3, .pfc = 1, .trust = RDMACTL_ROCE_TRUST_DSCP,
	};
	q->present |= RDMACTL_QOS_HAS_SAVED;
}

static void test_chain(void)
{
	struct rdmactl_qos_info q;

	lossless(&q);
	rdmactl_qos_chain(&q);
	CHECK(q.lossy == 0 && q.drift == 0, "lossless, as kept (lossy 0x%x drift 0x%x)", q.lossy, q.drift);
	CHECK(q.dscp == 26 && q.ecn == 2, "ToS 106: DSCP 26, ECN ECT(0)");
	CHECK((q.present & RDMACTL_QOS_HAS_APP) && q.prio == 3 && q.pfc == 1, "priority 3, PFC on");
	CHECK(q.tc == 2 && q.tc_bw == 50 && q.tc_tsa == IEEE_8021QAZ_TSA_ETS, "class 2, 50%%, ETS");
	CHECK((q.present & RDMACTL_QOS_HAS_TRUST) && q.trust == RDMACTL_ROCE_TRUST_DSCP, "trust dscp");

	lossless(&q);
	q.dcb.dscp_prios[26] = 1 << 5 | 1 << 3;
	rdmactl_qos_chain(&q);
	CHECK(q.prio == 3 && q.drift == PRIO,
	      "two entries: the lowest priority; one more than kept is drift (0x%x)", q.drift);

	lossless(&q);
	q.dcb.dscp_prios[26] = 0;
	rdmactl_qos_chain(&q);
	CHECK(q.lossy == RDMACTL_QOS_LOSSY_UNMAPPED && !(q.present & RDMACTL_QOS_HAS_APP),
	      "no APP entry: unmapped, and no PFC judged (0x%x)", q.lossy);
	CHECK(q.drift == PRIO, "and drift from the kept priority");

	lossless(&q);
	q.dcb.pfc_en = 1 << 4;
	rdmactl_qos_chain(&q);
	CHECK(q.lossy == RDMACTL_QOS_LOSSY_NO_PFC && q.pfc == 0 && q.drift == PFC,
	      "PFC on another priority: lossy, and drift (0x%x, 0x%x)", q.lossy, q.drift);

}

/* Trust, and what is not reported or not there: lossy or not judged, no drift claimed. */
static void test_chain_rest(void)
{
	struct rdmactl_qos_info q;

	lossless(&q);
	q.dcb.present &= ~RDMACTL_DCB_HAS_PFC;
	rdmactl_qos_chain(&q);
	CHECK(q.lossy == RDMACTL_QOS_LOSSY_NO_PFC && q.drift == 0,
	      "PFC not reported: not lossless, no drift claimed (0x%x, 0x%x)", q.lossy, q.drift);

	lossless(&q);
	q.dcb.trust[0] = PCP;
	q.dcb.trust[1] = DSCP;
	rdmactl_qos_chain(&q);
	CHECK(q.lossy == RDMACTL_QOS_LOSSY_TRUST && q.trust == RDMACTL_ROCE_TRUST_PCP &&
	      q.drift == TRUST, "PCP before DSCP: trust pcp, lossy, drift");

	lossless(&q);
	q.dcb.ntrust = 0;
	rdmactl_qos_chain(&q);
	CHECK(q.lossy == RDMACTL_QOS_LOSSY_TRUST, "an empty apptrust order: DSCP not first");

	lossless(&q);
	q.dcb.present &= ~RDMACTL_DCB_HAS_TRUST;
	rdmactl_qos_chain(&q);
	CHECK(q.lossy == 0 && !(q.present & RDMACTL_QOS_HAS_TRUST) && q.drift == 0,
	      "no apptrust (before 6.2): trust not judged");

	lossless(&q);
	q.present &= ~RDMACTL_QOS_HAS_DCB;
	q.tos = 98;
	rdmactl_qos_chain(&q);
	CHECK(q.lossy == RDMACTL_QOS_LOSSY_NO_DCB && !(q.present & RDMACTL_QOS_HAS_APP) &&
	      q.drift == TOS, "no DCB: that alone, and the ToS's drift (0x%x)", q.lossy);

	lossless(&q);
	q.present &= ~RDMACTL_QOS_HAS_TOS;
	rdmactl_qos_chain(&q);
	CHECK(q.lossy == RDMACTL_QOS_LOSSY_NO_TOS && !(q.present & RDMACTL_QOS_HAS_APP),
	      "ToS unknown: that alone, no DSCP judged (0x%x)", q.lossy);

	lossless(&q);
	q.present &= ~RDMACTL_QOS_HAS_SAVED;
	q.dcb.pfc_en = 0;
	rdmactl_qos_chain(&q);
	CHECK(q.drift == 0 && q.lossy == RDMACTL_QOS_LOSSY_NO_PFC, "nothing kept: no drift");
}

static void test_pause(void)
{
	struct rdmactl_eth_counter c[] = {
		{ "rx_prio3_pause", 12, RDMACTL_ETH_DRIVER, RDMACTL_UNIT_PACKETS, 3, -1 },
		{ "tx_prio3_pause", 4, RDMACTL_ETH_DRIVER, RDMACTL_UNIT_PACKETS, 3, -1 },
		{ "rx_prio3_pause_duration", 900, RDMACTL_ETH_DRIVER, RDMACTL_UNIT_USEC, 3, -1 },
		{ "rx_prio5_pause", 70, RDMACTL_ETH_DRIVER, RDMACTL_UNIT_PACKETS, 5, -1 },
		{ "rx_pause_frames", 80, RDMACTL_ETH_PAUSE, RDMACTL_UNIT_PACKETS, -1, -1 },
		{ "rx_priority_5_xon.nic", 2, RDMACTL_ETH_DRIVER, RDMACTL_UNIT_PACKETS, 5, -1 },
		{ "port.tx_priority_5_xoff_tx", 9, RDMACTL_ETH_DRIVER, RDMACTL_UNIT_PACKETS, 5, -1 },
	};
	struct rdmactl_eth_stats st = { .num_counters = 5, .counters = c };
	struct rdmactl_qos_info q;

	lossless(&q);
	rdmactl_qos_chain(&q);
	rdmactl_qos_pause(&q, &st);
	CHECK((q.present & RDMACTL_QOS_HAS_PAUSE) && q.rx_pause == 12 && q.tx_pause == 4,
	      "priority 3's frames, not its durations nor another's (%llu, %llu)",
	      (unsigned long long)q.rx_pause, (unsigned long long)q.tx_pause);
	q.dcb.dscp_prios[26] = 1 << 5;
	rdmactl_qos_chain(&q);
	rdmactl_qos_pause(&q, &st);
	CHECK(!(q.present & RDMACTL_QOS_HAS_PAUSE), "priority 5 received, none sent: not counted");
	st.num_counters = 7;
	rdmactl_qos_pause(&q, &st);
	CHECK((q.present & RDMACTL_QOS_HAS_PAUSE) && q.rx_pause == 72 && q.tx_pause == 9,
	      "XON and XOFF both, whatever the driver's naming (%llu, %llu)",
	      (unsigned long long)q.rx_pause, (unsigned long long)q.tx_pause);
	q.dcb.dscp_prios[26] = 0;
	rdmactl_qos_chain(&q);
	rdmactl_qos_pause(&q, &st);
	CHECK(!(q.present & RDMACTL_QOS_HAS_PAUSE), "no priority, no pause frames");
}

/* rxe0/1 with ToS 106 applied, nothing kept; its netdev fe0 as lossless() has it. */
static void fixture(struct rdmactl_roce_info *r, struct rdmactl_dcb *d)
{
	struct rdmactl_qos_info q;

	memset(r, 0, sizeof(*r));
	snprintf(r->dev_name, sizeof(r->dev_name), "rxe0");
	r->port = 1;
	r->present = RDMACTL_ROCE_HAS_CURRENT;
	r->tos = 106;
	lossless(&q);
	*d = q.dcb;
	d->trust[0] = PCP;
	d->trust[1] = 1;
	d->ntrust = 2;
	d->dscp_prios[26] = 1 << 0 | 1 << 5;
	d->pfc_en = 1 << 4;
}

static int plan(const struct rdmactl_roce_info *roce, const struct rdmactl_dcb *dcb,
		const struct rdmactl_qos_profile *want, unsigned int flags,
		struct rdmactl_qos_plan *out, unsigned int *why)
{
	h.errmsg[0] = '\0';
	*why = 99;
	return rdmactl_qos_plan(&h, roce, dcb, want, flags, out, why);
}

/* What the plan tests plan from and into. */
static struct rdmactl_roce_info r;
static struct rdmactl_dcb d;
static struct rdmactl_qos_plan p;
static unsigned int failed;

static void test_plan_refusals(void)
{
	struct rdmactl_qos_profile want = { .has = PRIO, .prio = 3 };

	fixture(&r, &d);
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == -EINVAL && failed == TOS,
	      "no ToS: refused (%s)", h.errmsg);
	want = (struct rdmactl_qos_profile) { .has = TOS | PRIO, .tos = 106,
					      .prio = 8 };
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == -EINVAL && failed == PRIO &&
	      strstr(h.errmsg, "priority 8"), "priority 8: refused, named (%s)", h.errmsg);
	want = (struct rdmactl_qos_profile) { .has = TOS, .tos = 40 };
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == -EINVAL && failed == PRIO,
	      "no priority, DSCP 10 unmapped: refused");
	CHECK(!strcmp(h.errmsg, "DSCP 10 (ToS 40) has no APP entry on fe0 to keep: give a priority"),
	      "naming the DSCP and the netdev: %s", h.errmsg);
	want = (struct rdmactl_qos_profile) { .has = TOS | PFC, .tos = 106 };
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == -EINVAL && failed == PFC &&
	      strstr(h.errmsg, "lossy"), "pfc off: refused as lossy (%s)", h.errmsg);
	CHECK(plan(&r, &d, &want, RDMACTL_QOS_SET_LOSSY, &p, &failed) == 0 && failed == 0,
	      "unless lossy is asked for");
	want.has = TOS | TRUST;
	want.trust = RDMACTL_ROCE_TRUST_PCP;
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == -EINVAL && failed == TRUST,
	      "trust pcp: refused as lossy (%s)", h.errmsg);
	CHECK(plan(&r, &d, &want, RDMACTL_QOS_SET_LOSSY, &p, &failed) == 0, "unless asked for");
	d.present &= ~RDMACTL_DCB_HAS_TRUST;
	want.trust = RDMACTL_ROCE_TRUST_DSCP;
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == -EOPNOTSUPP && failed == TRUST &&
	      strstr(h.errmsg, "fe0 has no apptrust"), "trust on a netdev without apptrust: %s",
	      h.errmsg);
	fixture(&r, &d);
	d.present &= ~RDMACTL_DCB_HAS_PFC;
	want.has = TOS;
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == -EOPNOTSUPP && failed == PFC,
	      "PFC not reported: it cannot be set (%s)", h.errmsg);
	fixture(&r, &d);
	d.pfc_cap = 1;
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == -EINVAL && failed == PFC &&
	      strstr(h.errmsg, "at most"), "beyond pfc_cap: refused (%s)", h.errmsg);
	CHECK(plan(&r, &d, &want, 1U << 5, &p, &failed) == -EINVAL, "an unknown flag: refused");
}

static void test_plan(void)
{
	struct rdmactl_qos_profile want = { .has = TOS, .tos = 106 };

	fixture(&r, &d);
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == 0, "defaults: ok (%s)", h.errmsg);
	CHECK(p.applied.prio == 0 && p.applied.pfc == 1 && p.applied.trust == RDMACTL_ROCE_TRUST_DSCP &&
	      p.applied.has == (TOS | PRIO | PFC | TRUST),
	      "priority from the APP entry (its lowest), PFC on, trust dscp");
	CHECK(p.todo == (OLD | PFC | TRUST | KEPT),
	      "entry there, its other one, PFC, trust, profile: all but the entry and ToS (0x%x)", p.todo);
	CHECK(p.app_old == 1 << 5 && p.dscp == 26, "the other entry: DSCP 26 to priority 5");
	CHECK(p.ntrust == 3 && p.trust[0] == DSCP && p.trust[1] == PCP && p.trust[2] == 1,
	      "DSCP moved first, the rest kept in order");
	CHECK(!strcmp(p.ifname, "fe0") && !strcmp(p.dev, "rxe0") && p.port == 1, "about rxe0/1 fe0");
	d.trust[1] = DSCP;
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == 0 && p.ntrust == 2 && p.trust[0] == DSCP &&
	      p.trust[1] == PCP, "pcp dscp becomes dscp pcp, DSCP not twice");
	d.trust[1] = 1;

	want = (struct rdmactl_qos_profile) { .has = TOS | PRIO, .tos = 104,
					      .prio = 3 };
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == 0 &&
	      p.todo == (PRIO | OLD | PFC | TRUST |
			 TOS | KEPT) && p.applied.prio == 3 && p.app_old == 0x21,
	      "ToS 104 (DSCP 26, not ECT) to priority 3: a new entry, both old ones gone (0x%x)", p.todo);

	/* What is so already is not done again. */
	d.dscp_prios[26] = 1 << 3;
	d.pfc_en = 1 << 3;
	d.trust[0] = DSCP;
	r.tos = 104;
	r.present |= RDMACTL_ROCE_HAS_SAVED_TOS | RDMACTL_ROCE_HAS_SAVED_QOS;
	r.saved_tos = 104;
	r.saved_prio = 3;
	r.saved_pfc = 1;
	r.saved_trust = RDMACTL_ROCE_TRUST_DSCP;
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == 0 && p.todo == 0, "all so: nothing (0x%x)",
	      p.todo);
	r.saved_trust = 0;
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == 0 && p.todo == KEPT,
	      "kept without trust: the profile alone (0x%x)", p.todo);
	d.present &= ~RDMACTL_DCB_HAS_TRUST;
	CHECK(plan(&r, &d, &want, 0, &p, &failed) == 0 && p.todo == 0 &&
	      !(p.applied.has & TRUST), "no apptrust: trust left out, so nothing");
}

static char steps[128];
static unsigned int fail_at;

static int record(struct rdmactl *hh, const struct rdmactl_qos_plan *p, unsigned int part)
{
	size_t n = strlen(steps);
	unsigned int b;

	(void)hh;
	(void)p;
	for (b = 1; b <= OLD; b <<= 1)
		if (part & b)
			n += snprintf(steps + n, sizeof(steps) - n, "%s%s", n ? " " : "",
				      rdmactl_qos_part_name(b));
	return part & fail_at ? -EIO : 0;
}

static int apply(unsigned int todo, unsigned int fail, struct rdmactl_qos_result *res)
{
	struct rdmactl_qos_plan p = { .todo = todo };

	steps[0] = '\0';
	fail_at = fail;
	memset(res, 0, sizeof(*res));
	return rdmactl_qos_apply(&h, &p, record, res);
}

static void test_apply(void)
{
	unsigned int all = TOS | PRIO | PFC | TRUST |
		KEPT | OLD;
	struct rdmactl_qos_result res;

	CHECK(apply(all, 0, &res) == 0 && res.changed == all && res.failed == 0, "every step done");
	CHECK(!strcmp(steps, "prio app-old pfc trust tos kept"),
	      "the new entry, the old ones, PFC, trust, then rdmactl.ko: %s", steps);
	CHECK(apply(all, PFC, &res) == -EIO && res.failed == PFC &&
	      res.changed == (PRIO | OLD),
	      "PFC refused: what came before it changed, it failed");
	CHECK(!strcmp(steps, "prio app-old pfc"), "and nothing after it: %s", steps);
	CHECK(apply(all, KEPT, &res) == -EIO && res.failed == TOS &&
	      !(res.changed & (TOS | KEPT)),
	      "rdmactl.ko refusing: the ToS failed, neither it nor the profile changed");
	CHECK(apply(KEPT | TRUST, KEPT, &res) == -EIO &&
	      res.failed == KEPT && res.changed == TRUST &&
	      !strcmp(steps, "trust kept"), "the profile alone refused: kept failed (%s)", steps);
	CHECK(apply(0, 0, &res) == 0 && res.changed == 0 && !steps[0], "nothing to do: no step");
}

static void test_names(void)
{
	CHECK(!strcmp(rdmactl_qos_part_name(OLD), "app-old") &&
	      !strcmp(rdmactl_qos_part_name(PRIO), "prio") &&
	      !rdmactl_qos_part_name(PRIO | PFC) && !rdmactl_qos_part_name(0),
	      "part names: one bit each, none for two or none");
}

int main(void)
{
	test_parse();
	test_requests();
	test_status();
	test_chain();
	test_chain_rest();
	test_pause();
	test_plan_refusals();
	test_plan();
	test_apply();
	test_names();
	return DONE();
}
