// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl check's driver counter rules (tools/check-counters.c), fed two
 * snapshots 3 s apart as the library would hand them: counters that move
 * past their limit make the rule's finding with its evidence, counters
 * that stay or move slowly make none, and a counter is judged only under
 * the name its own driver gives it, never a PMA counter.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "findings.h"

struct ctr {
	const char *name;
	uint64_t before, after;
	uint8_t source;
};

static struct rdmactl_stat *snap(const struct ctr *c, size_t n, bool after)
{
	struct rdmactl_stat *s = calloc(1, sizeof(*s));
	size_t i;

	s->counters = calloc(n, sizeof(*s->counters));
	s->num_counters = n;
	s->port = 1;
	s->timestamp_ns = after ? 13000000000ull : 10000000000ull;
	for (i = 0; i < n; i++)
		s->counters[i] = (struct rdmactl_counter){
			.name = c[i].name, .value = after ? c[i].after : c[i].before,
			.source = c[i].source ? c[i].source : RDMACTL_SOURCE_DRIVER, .width = 64,
			.flags = RDMACTL_COUNTER_F_WRAPS,
		};
	return s;
}

/* The findings of one port of driver whose counters go from before to after. */
static struct chk_run run(const char *driver, const struct ctr *c, size_t n)
{
	struct chk_run r = { .findings.size = sizeof(struct chk_finding), .interval = 3 };
	struct chk_port p = { .info = { .dev_name = "dev0", .port = 1 } };

	snprintf(p.driver, sizeof(p.driver), "%s", driver);
	p.before = snap(c, n, false);
	p.after = snap(c, n, true);
	r.thresholds = (struct chk_threshold *)chk_default_thresholds;
	r.num_thresholds = chk_num_default_thresholds;
	chk_counters(&r, &p);
	free(p.before->counters);
	free(p.after->counters);
	free(p.before);
	free(p.after);
	return r;
}

static void moving(void)
{
	static const struct ctr c[] = {
		{ "out_of_sequence", 100, 130, 0 },		/* 10/s, above 1/s */
		{ "req_transport_retries_exceeded", 0, 1, 0 },	/* must never move */
		{ "local_ack_timeout_err", 5, 7, 0 },		/* 0.67/s, below 1/s */
		{ "np_cnp_sent", 0, 3000, 0 },			/* 1000/s, below 10000/s */
		{ "roce_slow_restart", 0, 60, 0 },			/* 20/s, above 10/s */
		{ "rx_write_requests", 0, 1000000, 0 },		/* no meaning */
	};
	struct chk_run r = run("mlx5_ib", c, sizeof(c) / sizeof(c[0]));
	const struct chk_finding *f = find(&r, "transport.out-of-sequence");

	CHECK(r.findings.n == 3, "mlx5_ib: 3 findings (%zu)", r.findings.n);
	CHECK(f && f->sev == CHK_WARNING && !strcmp(f->dev, "dev0") && f->port == 1,
	      "out_of_sequence at 10/s: transport.out-of-sequence, a warning on dev0/1");
	CHECK(ev_str(f, "counter", "out_of_sequence") && ev_str(f, "driver", "mlx5_ib") &&
	      ev_str(f, "meaning", "out_of_sequence"), "its evidence names counter, driver, meaning");
	CHECK(ev_num(f, "before", 100) && ev_num(f, "after", 130) && ev_num(f, "delta", 30) &&
	      ev_num(f, "seconds", 3) && ev_num(f, "per_second", 10) &&
	      ev_num(f, "limit_per_second", 1) && !ev(f, "delta_is"),
	      "and before 100, after 130, delta 30, seconds 3, per_second 10, limit 1");
	CHECK(f && strstr(f->message, "out_of_sequence rose by 30 in 3.0 s"), "message: %s",
	      f ? f->message : "");
	f = find(&r, "transport.retries-exceeded");
	CHECK(f && f->sev == CHK_ERROR && ev_num(f, "delta", 1) &&
	      ev_num(f, "limit_per_second", 0) && strstr(f->message, "must never move"),
	      "one req_transport_retries_exceeded: transport.retries-exceeded, an error");
	f = find(&r, "transport.slow-restart");
	CHECK(f && ev_num(f, "per_second", 20) && ev_num(f, "limit_per_second", 10),
	      "roce_slow_restart at 20/s: transport.slow-restart (limit 10/s)");
	CHECK(!find(&r, "transport.ack-timeouts") && !find(&r, "transport.cnp-storm"),
	      "below their limits: no ack-timeouts, no cnp-storm");
	free(r.findings.items);
}

static void still(void)
{
	static const struct ctr c[] = {
		{ "out_of_sequence", 100, 100, 0 },
		{ "req_transport_retries_exceeded", 3, 3, 0 },
		{ "rx_icrc_encapsulated", 7, 7, 0 },
		{ "out_of_buffer", 0, 0, 0 },
	};
	struct chk_run r = run("mlx5_ib", c, sizeof(c) / sizeof(c[0]));

	CHECK(!r.findings.n, "mlx5_ib counters that do not move: no finding (%zu)", r.findings.n);
	free(r.findings.items);
}

static void other_driver(void)
{
	static const struct ctr c[] = {
		{ "out_of_sequence", 0, 300, 0 },		/* mlx5_ib's name, not bnxt_re's */
		{ "oos_drop_count", 0, 30, 0 },		/* bnxt_re's */
		{ "local_ack_timeout_err", 0, 300, RDMACTL_SOURCE_PMA },
	};
	struct chk_run r = run("bnxt_re", c, sizeof(c) / sizeof(c[0]));
	const struct chk_finding *f = find(&r, "transport.out-of-sequence");

	CHECK(r.findings.n == 1, "bnxt_re: one finding (%zu)", r.findings.n);
	CHECK(f && ev_str(f, "counter", "oos_drop_count") && ev_str(f, "driver", "bnxt_re") &&
	      ev_num(f, "delta", 30), "from oos_drop_count, not from a counter named as mlx5_ib's");
	free(r.findings.items);
	r = run("", c, sizeof(c) / sizeof(c[0]));
	CHECK(!r.findings.n, "a port whose driver is unknown: no driver rule");
	free(r.findings.items);
	r = run("rdma_rxe", c, sizeof(c) / sizeof(c[0]));
	CHECK(!r.findings.n, "rdma_rxe: none of these is its counter");
	free(r.findings.items);
	r = run("mlx5_ib", c + 2, 1);
	CHECK(!r.findings.n, "mlx5_ib: a PMA counter named as its local_ack_timeout_err is not judged");
	free(r.findings.items);
}

static void rules(void)
{
	size_t i, n, unknown = 0;
	const struct rdmactl_counter_map *t = rdmactl_counter_maps(&n);

	/* A rule of a meaning no driver has would never fire. */
	for (i = 0; i < chk_num_driver_rules; i++) {
		size_t j;

		for (j = 0; j < n && strcmp(t[j].meaning, chk_driver_rules[i].counter); j++)
			;
		unknown += j == n;
	}
	CHECK(!unknown, "every rule's meaning is in the table");
}

int main(void)
{
	moving();
	still();
	other_driver();
	rules();
	return DONE();
}
