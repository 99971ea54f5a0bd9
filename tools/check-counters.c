// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The counter checks of rdmactl check: how much each counter rose between
 * the two snapshots, against a limit per second. The IB PMA's counters by
 * name (IBTA's bit error budget, NVIDIA's NIC health monitor); the
 * drivers' hw counters by what they mean (rdmactl_counter_meaning()), so
 * that one rule covers mlx5_ib's out_of_sequence, bnxt_re's
 * oos_drop_count and rdma_rxe's out_of_seq_request. Documentation/check.md
 * lists the limits and where each comes from.
 */
#include <string.h>

#include "check.h"

/* --- The IB PMA's counters. */

static const char *const remedy_symbol =
	"Bit errors above the IBTA budget (1e-12, about 120 an hour): a cable or transceiver going bad. Reseat or replace it, and check the peer port.";
static const char *const remedy_rcv_errors =
	"Malformed packets received: usually the cable or the peer. Compare symbol errors on both ends.";
static const char *const remedy_discards =
	"Packets dropped for want of credits or a link: congestion, or a slow or stuck receiver. Check the switch port and the peer.";
static const char *const remedy_wait =
	"The port waited for credits to send: congestion in the fabric. Check the switch and the traffic pattern.";
static const char *const remedy_downed =
	"The link went down and came back: reseat or replace the cable, and check the peer port's log.";
static const char *const remedy_integrity =
	"Local link integrity errors: the link is marginal. Reseat or replace the cable or transceiver.";
static const char *const remedy_overrun =
	"The peer overran the port's buffers: flow control (VL credits) is wrong on the peer or the switch.";
static const char *const remedy_remote =
	"Packets arrived marked bad by another link: check the switch ports on the path.";

/* A pause storm on RoCE's priority (check-qos.c): which side cannot keep up. */
static const char *const remedy_pause_rx =
	"The peer (a switch) keeps pausing this port's RoCE priority: congestion downstream of it. Check the switch port's buffers and ECN thresholds; DCQCN should slow senders before PFC has to.";
static const char *const remedy_pause_tx =
	"This port keeps pausing its peer on RoCE's priority: its receive side does not drain (a stalled consumer, out_of_buffer, host memory or PCIe). Check rdmactl stat show DEV/PORT and the receiving application; a storm left alone spreads through the fabric.";

const struct chk_threshold chk_default_thresholds[] = {
	/* Must never move: any increase is an error. */
	{ "link_downed", 0, CHK_ERROR, "counter.link-downed", remedy_downed },
	{ "local_link_integrity_errors", 0, CHK_ERROR, "counter.link-integrity", remedy_integrity },
	{ "excessive_buffer_overrun_errors", 0, CHK_ERROR, "counter.buffer-overrun", remedy_overrun },
	{ "port_rcv_remote_physical_errors", 0, CHK_ERROR, "counter.remote-physical-errors",
	  remedy_remote },
	/* Rates. */
	{ "symbol_error", 120.0 / 3600, CHK_WARNING, "counter.symbol-errors", remedy_symbol },
	{ "port_rcv_errors", 120.0 / 3600, CHK_WARNING, "counter.rcv-errors", remedy_rcv_errors },
	{ "port_xmit_discards", 1, CHK_WARNING, "counter.xmit-discards", remedy_discards },
	{ "port_xmit_wait", 100000, CHK_WARNING, "counter.xmit-wait", remedy_wait },
	/*
	 * No RDMA counters: the PFC pause frames of RoCE's priority, that
	 * check-qos.c judges; here so that a manifest's threshold line replaces
	 * them as it does the others. 1,000 a second for the whole interval:
	 * Documentation/check.md says why.
	 */
	{ "rx_prio_pause", 1000, CHK_WARNING, "qos.pause-storm", remedy_pause_rx },
	{ "tx_prio_pause", 1000, CHK_WARNING, "qos.pause-storm", remedy_pause_tx },
};
const size_t chk_num_default_thresholds =
	sizeof(chk_default_thresholds) / sizeof(chk_default_thresholds[0]);

/* --- The drivers' hw counters, by meaning: .counter is the meaning. */

static const char *const remedy_out_of_buffer =
	"Packets dropped for want of a posted receive WQE: the application (or a CPU it waits for) does not post receives fast enough. Post more receive WQEs, use an SRQ, or find the stalled consumer.";
static const char *const remedy_out_of_sequence =
	"Packets arrived out of order, so some were lost on the way: on RoCE, PFC or ECN is not set up end to end. Check the switches' drops and pause counters on the path, and the priority the traffic uses.";
static const char *const remedy_seq_naks =
	"The peer NAKed a sequence gap: packets this port sent were lost on the way. Check PFC/ECN on the path and the switches' drop counters.";
static const char *const remedy_ack_timeout =
	"ACKs did not come back in time: a black hole or loss on the path, or the peer (or its application) stopped answering. Check the peer's health and the path; a timeout too short for the fabric also shows this (QP timeout, NCCL_IB_TIMEOUT).";
static const char *const remedy_retries_exceeded =
	"A queue pair gave up after its retries and went to the error state: its connection is lost (IBV_WC_RETRY_EXC_ERR). Find the peer or the path that stopped answering.";
static const char *const remedy_rnr_exceeded =
	"A queue pair gave up after RNR retries: a peer posted no receive WQE for too long (IBV_WC_RNR_RETRY_EXC_ERR). Fix the peer's receive posting, or raise rnr_retry to 7 (infinite).";
static const char *const remedy_cqe_error =
	"Work requests completed in error: check the application's log for the completion status (remote access, length, retries exceeded).";
static const char *const remedy_icrc =
	"RoCE packets arrived with a bad ICRC while their Ethernet FCS was good: a device on the path rewrites them (NAT, a tunnel, a firewall), or memory corrupts them. Check what sits between the peers.";
static const char *const remedy_retrans =
	"The adapter retransmits often: packets are lost on the path (lossy RoCE, or PFC not configured). Check the switches' drops and PFC/ECN on the traffic's priority.";
static const char *const remedy_slow_restart =
	"Flows keep falling back to slow restart after losses: packets are dropped on the path. Check the switches' drops and PFC/ECN on the traffic's priority.";
static const char *const remedy_cnp =
	"Sustained congestion notifications: the fabric is congested (incast, or an oversubscribed link). Check the traffic pattern and the switches' ECN thresholds; DCQCN is doing its job, at the cost of bandwidth.";

const struct chk_threshold chk_driver_rules[] = {
	/* Must never move. */
	{ "retries_exceeded", 0, CHK_ERROR, "transport.retries-exceeded",
	  remedy_retries_exceeded },
	{ "rnr_retries_exceeded", 0, CHK_ERROR, "transport.rnr-retries-exceeded",
	  remedy_rnr_exceeded },
	{ "icrc_error", 0, CHK_WARNING, "transport.icrc-errors", remedy_icrc },
	{ "req_cqe_error", 0, CHK_WARNING, "transport.cqe-errors", remedy_cqe_error },
	{ "resp_cqe_error", 0, CHK_WARNING, "transport.cqe-errors", remedy_cqe_error },
	/* Rates. */
	{ "out_of_buffer", 1, CHK_WARNING, "transport.out-of-buffer", remedy_out_of_buffer },
	{ "out_of_sequence", 1, CHK_WARNING, "transport.out-of-sequence", remedy_out_of_sequence },
	{ "packet_seq_err", 1, CHK_WARNING, "transport.sequence-naks", remedy_seq_naks },
	{ "local_ack_timeout", 1, CHK_WARNING, "transport.ack-timeouts", remedy_ack_timeout },
	{ "adaptive_retrans", 10, CHK_WARNING, "transport.retransmits", remedy_retrans },
	{ "slow_restart", 10, CHK_WARNING, "transport.slow-restart", remedy_slow_restart },
	{ "cnp_sent", 10000, CHK_WARNING, "transport.cnp-storm", remedy_cnp },
	{ "cnp_handled", 10000, CHK_WARNING, "transport.cnp-storm", remedy_cnp },
};
const size_t chk_num_driver_rules = sizeof(chk_driver_rules) / sizeof(chk_driver_rules[0]);

/* A finding when counter a rose to b faster than t allows; driver: its driver's, or NULL. */
struct chk_finding *chk_rise(struct chk_run *r, const struct chk_port *p,
			     const struct chk_threshold *t, const struct rdmactl_counter *a,
			     const struct rdmactl_counter *b, double secs, const char *driver)
{
	struct chk_finding *f;
	uint64_t d;
	int how = rdmactl_counter_delta(a, b, &d);

	if (!d || d / secs <= t->per_second)
		return NULL;
	if (t->per_second)
		f = chk_add(r, t->id, t->sev, &p->info, t->remedy,
			    "%s rose by %llu in %.1f s (%.3g/s, above %.3g/s)", b->name,
			    (unsigned long long)d, secs, d / secs, t->per_second);
	else
		f = chk_add(r, t->id, t->sev, &p->info, t->remedy,
			    "%s rose by %llu in %.1f s; it must never move", b->name,
			    (unsigned long long)d, secs);
	chk_ev_str(f, "counter", b->name);
	if (driver) {
		chk_ev_str(f, "driver", driver);
		chk_ev_str(f, "meaning", t->counter);
	}
	chk_ev_num(f, "before", a->value);
	chk_ev_num(f, "after", b->value);
	chk_ev_num(f, "delta", d);
	chk_ev_num(f, "seconds", secs);
	chk_ev_num(f, "per_second", d / secs);
	chk_ev_num(f, "limit_per_second", t->per_second);
	if (how != RDMACTL_DELTA_EXACT)
		chk_ev_str(f, "delta_is", how == RDMACTL_DELTA_SATURATED ? "at least" :
						     "since a reset");
	return f;
}

/* The driver's counter of that name in s (not the PMA's of the same name), or NULL. */
static const struct rdmactl_counter *driver_counter(const struct rdmactl_stat *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->num_counters; i++)
		if (s->counters[i].source != RDMACTL_SOURCE_PMA && !strcmp(s->counters[i].name, name))
			return &s->counters[i];
	return NULL;
}

/* Each driver counter of the port that has a meaning, against that meaning's rule. */
static void driver_rules(struct chk_run *r, const struct chk_port *p, double secs)
{
	size_t i, j;

	if (!p->driver[0])
		return;
	for (i = 0; i < p->after->num_counters; i++) {
		const struct rdmactl_counter *b = &p->after->counters[i], *a;
		const char *meaning;

		if (b->source == RDMACTL_SOURCE_PMA)
			continue;
		meaning = rdmactl_counter_meaning(p->driver, b->name);
		if (!meaning)
			continue;
		a = driver_counter(p->before, b->name);
		for (j = 0; a && j < chk_num_driver_rules; j++)
			if (!strcmp(chk_driver_rules[j].counter, meaning))
				chk_rise(r, p, &chk_driver_rules[j], a, b, secs, p->driver);
	}
}

static const char *const remedy_saturated =
	"The counter stopped at its maximum, so its growth is unknown. Zero it: rdmactl stat reset DEV/PORT hardware.";

static bool saturated(const struct rdmactl_counter *c)
{
	return (c->flags & RDMACTL_COUNTER_F_SATURATES) && c->width && c->width < 64 &&
	       c->value == (1ull << c->width) - 1;
}

static const char *const remedy_read_error =
	"The device's firmware refuses its counters (a restricted function, such as a GPU system's PF that Fabric Manager owns) or failed: dmesg has the driver's error. Leave the device out (rdmactl-exporter --exclude-devices), or fix the firmware.";

/* One source of the port's device that cannot be read: nothing of its counters is known. */
static void read_failed(struct chk_run *r, const struct chk_port *p, const char *source,
			const char *what, int32_t err, uint32_t retry_ms)
{
	struct chk_finding *f;

	if (!err)
		return;
	f = chk_add(r, "counter.read-failed", CHK_ERROR, &p->info, remedy_read_error,
		    "%s: %s; rdmactl.ko tries again in %u s", what, strerror(-err),
		    (retry_ms + 999) / 1000);
	chk_ev_str(f, "source", source);
	chk_ev_str(f, "error", strerror(-err));
	chk_ev_num(f, "retry_ms", retry_ms);
}

static void read_error(struct chk_run *r, const struct chk_port *p)
{
	const struct rdmactl_stat *s = p->after ? p->after : p->before;

	if (!s)
		return;
	read_failed(r, p, "driver", "its driver counters cannot be read", s->hw_error,
		    s->hw_retry_ms);
	read_failed(r, p, "pma", "its PMA does not answer", s->pma_error, s->pma_retry_ms);
}

void chk_counters(struct chk_run *r, const struct chk_port *p)
{
	double secs;
	size_t i;

	read_error(r, p);
	if (!p->before || !p->after)
		return;
	secs = (p->after->timestamp_ns - p->before->timestamp_ns) / 1e9;
	if (secs <= 0)
		secs = r->interval;
	for (i = 0; i < r->num_thresholds; i++) {
		const struct chk_threshold *t = &r->thresholds[i];
		const struct rdmactl_counter *a = rdmactl_stat_counter(p->before, t->counter);
		const struct rdmactl_counter *b = rdmactl_stat_counter(p->after, t->counter);

		if (a && b)
			chk_rise(r, p, t, a, b, secs, NULL);
	}
	driver_rules(r, p, secs);
	for (i = 0; i < p->after->num_counters; i++) {
		const struct rdmactl_counter *c = &p->after->counters[i];
		struct chk_finding *f;

		if (!saturated(c))
			continue;
		f = chk_add(r, "counter.saturated", CHK_WARNING, &p->info, remedy_saturated,
			    "%s is at its maximum, %llu (%u bits)", c->name,
			    (unsigned long long)c->value, c->width);
		chk_ev_str(f, "counter", c->name);
		chk_ev_num(f, "value", c->value);
		chk_ev_num(f, "width", c->width);
	}
}
