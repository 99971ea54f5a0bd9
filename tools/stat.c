// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl stat [show] [DEV[/PORT]] [errors] [baseline]
 * rdmactl stat watch [DEV[/PORT]] [interval SECONDS] [count N] [tick-ns NS]
 * rdmactl stat reset [DEV[/PORT]] [hardware]
 * rdmactl stat mode ... (stat-mode.c)
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

struct stat_args {
	struct cli_dev_port dp;
	bool errors;
	bool baseline;
	bool hardware;
	double interval;
	uint32_t count;
	double tick_ns;
};

#define STAT_DEV_PORT \
	{ "DEV[/PORT]", CLI_DEV_PORT, offsetof(struct stat_args, dp), .flags = CLI_POS }

static const struct cli_spec stat_show_spec = {
	.cmd = "stat show", .args = (const struct cli_arg[]) {
		STAT_DEV_PORT,
		{ "errors", CLI_FLAG, offsetof(struct stat_args, errors), .aliases = "--errors" },
		{ "baseline", CLI_FLAG, offsetof(struct stat_args, baseline),
		  .aliases = "--baseline" },
		{ .name = NULL },
	}
};

enum { WATCH_DEV, WATCH_INTERVAL, WATCH_COUNT, WATCH_TICK_NS };

static const struct cli_spec stat_watch_spec = {
	.cmd = "stat watch", .args = (const struct cli_arg[]) {
		[WATCH_DEV] = STAT_DEV_PORT,
		[WATCH_INTERVAL] = { "interval", CLI_REAL, offsetof(struct stat_args, interval),
				     .value = "SECONDS", .aliases = "-i", .min = 0.1,
				     .expect = "a number of seconds, at least 0.1" },
		[WATCH_COUNT] = { "count", CLI_U32, offsetof(struct stat_args, count),
				  .value = "N", .aliases = "-n", .min = 1, .max = UINT32_MAX,
				  .expect = "a number of frames from 1" },
		[WATCH_TICK_NS] = { "tick-ns", CLI_REAL, offsetof(struct stat_args, tick_ns),
				    .value = "NS", .aliases = "--tick-ns",
				    .expect = "the PMA's sample tick in nanoseconds, above 0" },
		{ .name = NULL },
	}
};

static const struct cli_spec stat_reset_spec = {
	.cmd = "stat reset", .args = (const struct cli_arg[]) {
		STAT_DEV_PORT,
		{ "hardware", CLI_FLAG, offsetof(struct stat_args, hardware),
		  .aliases = "--hardware" },
		{ .name = NULL },
	}
};

/* The device, or NULL for every one. */
static const char *stat_dev(const struct stat_args *a)
{
	return a->dp.dev[0] ? a->dp.dev : NULL;
}

/* A baseline is of rdmactl.ko's values: ib_core's totals are not subtracted from. */
static unsigned int stat_flags(const struct stat_args *a)
{
	return a->baseline ? RDMACTL_STAT_BASELINE : RDMACTL_STAT_CORE;
}

static bool stat_shown(const struct stat_args *a, const struct rdmactl_counter *c)
{
	return !a->errors || ((c->flags & RDMACTL_COUNTER_F_ERROR) && c->value);
}

static const struct stat_args *print_args;

/*
 * The counter of the same name and source as c in a snapshot, or NULL.
 * Names are not unique: a PMA and a driver may both report one (rxe's
 * link_downed).
 */
static const struct rdmactl_counter *stat_same(const struct rdmactl_stat *s,
					       const struct rdmactl_counter *c)
{
	size_t i;

	for (i = 0; i < s->num_counters; i++)
		if (s->counters[i].source == c->source && !strcmp(s->counters[i].name, c->name))
			return &s->counters[i];
	return NULL;
}

/* c's name, followed by its source when another source has the name too. */
static const char *stat_label(const struct rdmactl_stat *s, const struct rdmactl_counter *c,
			      char *buf, size_t size)
{
	size_t i;

	for (i = 0; i < s->num_counters; i++)
		if (s->counters[i].source != c->source && !strcmp(s->counters[i].name, c->name))
			break;
	if (i == s->num_counters)
		return c->name;
	snprintf(buf, size, "%s (%s)", c->name, rdmactl_counter_source_name(c->source));
	return buf;
}

/*
 * c in compact JSON in one go, as stat_print_counter() prints it field by
 * field: a snapshot of 1,024 ports has 25,000 counters, and their fields
 * one call each were most of the CLI's time (Documentation/benchmarks.md).
 * False when print.c cannot take it so (text, pretty JSON) or a string
 * would need escaping: then field by field, over what this left uncounted.
 */
static bool stat_json_counter(const struct rdmactl_counter *c)
{
	char *p = print_json_begin(320);

	if (!p)
		return false;
	p = PRINT_JSON_LIT(p, "{\"name\":\"");
	p = print_json_plain(p, c->name, 64);
	if (!p)
		return false;
	p = PRINT_JSON_LIT(p, "\",\"value\":");
	p = print_json_u64(p, c->value);
	if (c->unit == RDMACTL_UNIT_OCTETS_4) {
		p = PRINT_JSON_LIT(p, ",\"bytes\":");
		p = print_json_u64(p, c->bytes);
	}
	p = PRINT_JSON_LIT(p, ",\"source\":\"");
	p = print_json_plain(p, rdmactl_counter_source_name(c->source), 32);
	if (!p)
		return false;
	p = PRINT_JSON_LIT(p, "\",\"width\":");
	p = print_json_u64(p, c->width);
	p = PRINT_JSON_LIT(p, ",\"unit\":\"");
	p = print_json_plain(p, rdmactl_counter_unit_name(c->unit), 32);
	if (!p)
		return false;
	p = PRINT_JSON_LIT(p, "\",\"error\":");
	p = c->flags & RDMACTL_COUNTER_F_ERROR ? PRINT_JSON_LIT(p, "true") : PRINT_JSON_LIT(p, "false");
	p = PRINT_JSON_LIT(p, ",\"saturates\":");
	p = c->flags & RDMACTL_COUNTER_F_SATURATES ? PRINT_JSON_LIT(p, "true") :
						      PRINT_JSON_LIT(p, "false");
	p = PRINT_JSON_LIT(p, ",\"wraps\":");
	p = c->flags & RDMACTL_COUNTER_F_WRAPS ? PRINT_JSON_LIT(p, "true") : PRINT_JSON_LIT(p, "false");
	p = PRINT_JSON_LIT(p, ",\"baselined\":");
	p = c->flags & RDMACTL_COUNTER_F_BASELINED ? PRINT_JSON_LIT(p, "true") :
						      PRINT_JSON_LIT(p, "false");
	if (c->flags & RDMACTL_COUNTER_F_OPTIONAL)
		p = PRINT_JSON_LIT(p, ",\"optional\":true");
	if (c->flags & RDMACTL_COUNTER_F_CORE)
		p = PRINT_JSON_LIT(p, ",\"core\":true");
	p = PRINT_JSON_LIT(p, "}");
	print_json_end(p);
	return true;
}

static void stat_print_counter(const struct rdmactl_stat *s, const struct rdmactl_counter *c)
{
	char label[96];

	if (stat_json_counter(c))
		return;

	print_open();
	/* The label is text's alone: JSON has the source beside the name. */
	print_str_fmt("name", c->name, "    %-34s",
		      cli.json ? c->name : stat_label(s, c, label, sizeof(label)));
	print_uint("value", " %20" PRIu64, c->value);
	if (c->unit == RDMACTL_UNIT_OCTETS_4)
		print_uint("bytes", "  (%" PRIu64 " bytes)", c->bytes);
	/* Stuck at its maximum now: text says so; JSON has value and width. */
	if ((c->flags & RDMACTL_COUNTER_F_SATURATES) && c->width < 64 &&
	    c->value == (1ULL << c->width) - 1)
		print_text("  saturated");
	print_str("source", NULL, rdmactl_counter_source_name(c->source));
	print_uint("width", NULL, c->width);
	print_str("unit", NULL, rdmactl_counter_unit_name(c->unit));
	print_bool("error", c->flags & RDMACTL_COUNTER_F_ERROR, NULL);
	print_bool("saturates", c->flags & RDMACTL_COUNTER_F_SATURATES, NULL);
	print_bool("wraps", c->flags & RDMACTL_COUNTER_F_WRAPS, NULL);
	print_bool("baselined", c->flags & RDMACTL_COUNTER_F_BASELINED, NULL);
	if (c->flags & RDMACTL_COUNTER_F_OPTIONAL)
		print_bool("optional", true, "  optional");
	if (c->flags & RDMACTL_COUNTER_F_CORE)
		print_bool("core", true, NULL);
	print_close();
}

static void stat_print(const void *item)
{
	const struct rdmactl_stat *s = *(struct rdmactl_stat *const *)item;
	size_t i, shown = 0;

	for (i = 0; i < s->num_counters; i++)
		shown += stat_shown(print_args, &s->counters[i]);
	if (print_args->errors && !shown && !s->hw_error && !s->pma_error)
		return;

	print_open();
	print_uint("ifindex", NULL, s->dev_index);
	print_str("ifname", s->port ? "%s/" : "%s: device counters", s->dev_name);
	print_uint("port", s->port ? "%" PRIu64 ":" : NULL, s->port);
	print_uint("timestamp_ns", NULL, s->timestamp_ns);
	if (s->pma_set)
		print_str("pma_set", " pma %s", rdmactl_pma_set_name(s->pma_set));
	if (s->core_ns)
		print_uint_fmt("core_timestamp_ns", s->core_ns,
			       ", driver counters from ib_core %.1f ms later (bound QPs included)",
			       (double)((int64_t)(s->core_ns - s->timestamp_ns)) / 1e6);
	if (s->hw_partial)
		print_bool("partial", true, ", partial: driver counters of bound QPs or optional %s",
			   "ones are missing (rdma statistic has them)");
	if (s->hw_error) {
		print_str("hw_error", " driver counter reads fail: %s", strerror(-s->hw_error));
		print_uint_fmt("hw_retry_ms", s->hw_retry_ms, " (read again in %u s)",
			       (s->hw_retry_ms + 999) / 1000);
	}
	if (s->pma_error) {
		print_str("pma_error", " PMA does not answer: %s", strerror(-s->pma_error));
		print_uint_fmt("pma_retry_ms", s->pma_retry_ms, " (asked again in %u s)",
			       (s->pma_retry_ms + 999) / 1000);
	}
	if (s->baseline_ns)
		print_uint_fmt("baseline_ns", s->baseline_ns, " (less the baseline of %.1f s ago)",
			       (double)(s->timestamp_ns - s->baseline_ns) / 1e9);
	print_text("\n");
	print_array_open("counters");
	for (i = 0; i < s->num_counters; i++)
		if (stat_shown(print_args, &s->counters[i]))
			stat_print_counter(s, &s->counters[i]);
	print_array_close();
	/* A RoCE or iWARP port: its netdev's pause, FEC and MAC counters (stat-eth.c). */
	if (!print_args->errors && s->netdev_name[0])
		stat_eth_print(s->netdev_name);
	if (cli.json)
		print_close();
}

static void stat_release(void *item)
{
	rdmactl_stat_free(*(struct rdmactl_stat **)item);
}

static int stat_collect(const struct rdmactl_stat *s, void *v)
{
	struct rdmactl_stat *copy = rdmactl_stat_dup(s);
	int err;

	if (!copy)
		return -ENOMEM;
	err = cli_vec_push(v, &copy);
	if (err)
		rdmactl_stat_free(copy);
	return err;
}

static int stat_list(struct rdmactl *h, const void *arg, struct cli_vec *v)
{
	const struct stat_args *a = arg;

	return rdmactl_stat_list(h, stat_dev(a), a->dp.port,
				 stat_flags(a), stat_collect, v);
}

static int stat_emit_one(const struct rdmactl_stat *s, void *arg)
{
	(void)arg;
	stat_print(&s);
	return 0;
}

static int stat_emit(struct rdmactl *h, const void *arg)
{
	const struct stat_args *a = arg;

	return rdmactl_stat_list(h, stat_dev(a), a->dp.port,
				 stat_flags(a), stat_emit_one, NULL);
}

static int stat_show(int argc, char **argv)
{
	struct stat_args a = { .errors = false };
	int err;

	if (cli_parse(&stat_show_spec, argc, argv, &a, NULL))
		return EXIT_USAGE;
	print_args = &a;
	err = cli_stream(stat_emit, &a, stat_dev(&a), "cannot read counters");
	stat_eth_done();
	return err;
}

static int stat_reset(int argc, char **argv)
{
	struct stat_args a = { .hardware = false };
	struct rdmactl *h;
	int err;

	if (cli_parse(&stat_reset_spec, argc, argv, &a, NULL))
		return EXIT_USAGE;
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	err = rdmactl_stat_reset(h, stat_dev(&a), a.dp.port,
				 a.hardware ? RDMACTL_STAT_HARDWARE : 0);
	err = err ? cli_fail(h, err, stat_dev(&a), "cannot reset counters") : EXIT_OK;
	rdmactl_close(h);
	return err;
}

/* 1234567 -> "1.23M", as rates are read at a glance. */
static const char *human(double v, char *buf, size_t size)
{
	static const char units[] = " kMGTP";
	int u = 0;

	while (v >= 1000 && u < 5) {
		v /= 1000;
		u++;
	}
	if (u)
		snprintf(buf, size, "%.2f%c", v, units[u]);
	else
		snprintf(buf, size, "%.0f", v);
	return buf;
}

static struct rdmactl_stat *stat_find(struct cli_vec *v, const struct rdmactl_stat *s)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		struct rdmactl_stat *p = ((struct rdmactl_stat **)v->items)[i];

		if (p->dev_index == s->dev_index && p->port == s->port &&
		    !strcmp(p->dev_name, s->dev_name))
			return p;
	}
	return NULL;
}

/* One port's rates between two snapshots: what moved, and how fast. */
static void watch_port(const struct stat_args *a, const struct rdmactl_stat *prev,
		       const struct rdmactl_stat *cur)
{
	double dt = (double)(cur->timestamp_ns - prev->timestamp_ns) / 1e9;
	int moved = 0;
	char buf[32], label[96];
	size_t i;

	print_open();
	print_str("ifname", "%s/", cur->dev_name);
	print_uint("port", "%" PRIu64, cur->port);
	print_array_open("rates");
	for (i = 0; i < cur->num_counters && dt > 0; i++) {
		const struct rdmactl_counter *c = &cur->counters[i];
		const struct rdmactl_counter *b = stat_same(prev, c);
		const char *name;
		uint64_t delta;
		int how;
		double rate;

		if (!b)
			continue;
		how = rdmactl_counter_delta(b, c, &delta);
		if (!delta)
			continue;
		moved++;
		rate = (double)delta / dt;
		if (c->unit == RDMACTL_UNIT_OCTETS_4)
			rate *= 4;
		name = stat_label(cur, c, label, sizeof(label));
		print_object_open(NULL);
		print_str_fmt("name", c->name, " %s", name);
		if (c->flags & RDMACTL_COUNTER_F_ERROR) {
			print_uint_fmt("increment", delta, " %s%" PRIu64,
				       how == RDMACTL_DELTA_SATURATED ? ">=+" : "+", delta);
		} else if (c->unit == RDMACTL_UNIT_TICKS && a->tick_ns) {
			print_uint_fmt("per_second", (uint64_t)rate, " %.1f%%",
				       rate * a->tick_ns / 1e9 * 100);
		} else {
			bool bytes = c->unit == RDMACTL_UNIT_OCTETS_4;

			print_uint_fmt(bytes ? "bytes_per_second" : "per_second", (uint64_t)rate,
				       " %s%s%s/s", how == RDMACTL_DELTA_SATURATED ? ">=" : "",
				       human(rate, buf, sizeof(buf)), bytes ? "B" : "");
		}
		print_bool("saturated", how == RDMACTL_DELTA_SATURATED, NULL);
		print_bool("reset", how == RDMACTL_DELTA_RESET, NULL);
		print_str("source", NULL, rdmactl_counter_source_name(c->source));
		print_object_close();
	}
	print_array_close();
	if (!moved)
		print_text(" idle");
	print_close();
}

static volatile sig_atomic_t watch_stop;

static void watch_signal(int sig)
{
	(void)sig;
	watch_stop = 1;
}

static void watch_sleep(double seconds)
{
	struct timespec ts = { (time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9) };

	while (!watch_stop && nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

/* One frame: a cleared screen (terminal), the time (text), each port's rates since prev. */
static void watch_frame(const struct stat_args *a, bool tty, struct cli_vec *prev,
			const struct cli_vec *cur)
{
	size_t i;

	if (tty)
		printf("\033[H\033[2J");
	if (!cli.json) {
		time_t now = time(NULL);
		char when[16];

		strftime(when, sizeof(when), "%H:%M:%S", localtime(&now));
		printf("%s every %.1fs%s\n", when, a->interval, tty ? ", Ctrl-C to stop" : "");
	}
	print_begin();
	for (i = 0; i < cur->n; i++) {
		struct rdmactl_stat *s = ((struct rdmactl_stat **)cur->items)[i];
		struct rdmactl_stat *p = stat_find(prev, s);

		if (p)
			watch_port(a, p, s);
	}
	print_end();
}

/*
 * A top-like view: on a terminal, the screen is redrawn in place every
 * interval; piped, each interval prints its lines (or one JSON array).
 */
static int stat_watch(int argc, char **argv)
{
	struct cli_vec prev = { .size = sizeof(struct rdmactl_stat *) };
	struct cli_vec cur = { .size = sizeof(struct rdmactl_stat *) };
	bool tty = isatty(STDOUT_FILENO) && !cli.json;
	struct stat_args a = { .interval = 1.0 };
	unsigned int given;
	struct rdmactl *h;
	long count = -1;	/* frames after the first; -1: until stopped */
	int err = 0, tries;

	if (cli_parse(&stat_watch_spec, argc, argv, &a, &given))
		return EXIT_USAGE;
	if (given & (1U << WATCH_COUNT))
		count = a.count;
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	signal(SIGINT, watch_signal);
	signal(SIGTERM, watch_signal);

	for (long frame = 0; !watch_stop && (count < 0 || frame <= count); frame++) {
		for (tries = 0; tries < 5; tries++) {
			cli_vec_clear(&cur, stat_release);
			err = stat_list(h, &a, &cur);
			if (err != -EINTR)
				break;
		}
		if (err) {
			err = cli_fail(h, err, stat_dev(&a), "cannot read counters");
			break;
		}
		if (frame)
			watch_frame(&a, tty, &prev, &cur);
		cli_vec_clear(&prev, stat_release);
		{
			struct cli_vec t = prev;

			prev = cur;
			cur = t;
		}
		if (count < 0 || frame < count)
			watch_sleep(a.interval);
	}
	cli_vec_clear(&prev, stat_release);
	cli_vec_clear(&cur, stat_release);
	cli_vec_free(&prev);
	cli_vec_free(&cur);
	rdmactl_close(h);
	return err;
}

static int stat_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_help("stat", (const struct cli_spec *const[]) {
		&stat_show_spec, &stat_watch_spec, &stat_reset_spec, NULL });
	printf("\"rdmactl stat DEV[/PORT]\" is \"stat show\". Until the next release, the old\n"
	       "--errors, --baseline, -i, -n, --tick-ns and --hardware still work.\n");
	return EXIT_OK;
}

static const struct cli_cmd stat_cmds[] = {
	{ "show", stat_show, "one snapshot of the counters" },
	{ "watch", stat_watch, "rates, redrawn every interval" },
	{ "reset", stat_reset, "a baseline, or (hardware) zero the PMA" },
	{ "mode", stat_mode_main, "optional counters: on, off, kept across re-registration" },
	{ "help", stat_help, "this text" },
	{ NULL, NULL, NULL }
};

int stat_main(int argc, char **argv)
{
	/* "rdmactl stat DEV" is "rdmactl stat show DEV", as "ip link". */
	if (argc >= 1 && !cli_lookup(stat_cmds, argv[0]))
		return stat_show(argc, argv);
	return cli_dispatch(stat_cmds, "stat", argc, argv);
}
