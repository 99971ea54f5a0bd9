// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl stat [show] [DEV[/PORT]] [--errors] [--baseline]
 * rdmactl stat watch [DEV[/PORT]] [-i SECONDS] [-n COUNT] [--tick-ns NS]
 * rdmactl stat reset [DEV[/PORT]] [--hardware]
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

struct stat_args {
	char dev[RDMACTL_DEV_NAME_MAX];
	bool has_dev;
	uint32_t port;
	bool errors;
	bool baseline;
	bool hardware;
	double interval;
	long count;
	double tick_ns;
};

/* DEV[/PORT] and the options a command takes (a string of their names). */
static int stat_parse(int argc, char **argv, struct stat_args *a, const char *cmd,
		      const char *takes)
{
	int i;

	memset(a, 0, sizeof(*a));
	a->interval = 1.0;
	a->count = -1;
	for (i = 0; i < argc; i++) {
		const char *o = argv[i];
		char *end;

		if (!strcmp(o, "--errors") && strstr(takes, "errors")) {
			a->errors = true;
		} else if (!strcmp(o, "--baseline") && strstr(takes, "baseline")) {
			a->baseline = true;
		} else if (!strcmp(o, "--hardware") && strstr(takes, "hardware")) {
			a->hardware = true;
		} else if ((!strcmp(o, "-i") || !strcmp(o, "-n") || !strcmp(o, "--tick-ns")) &&
			   strstr(takes, "watch")) {
			double v;

			if (i + 1 >= argc) {
				cli_usage_error("%s needs a number", o);
				return -1;
			}
			v = strtod(argv[++i], &end);
			if (*end || v <= 0 || (o[1] == 'i' && v < 0.1)) {
				cli_usage_error("\"%s\" is not a valid %s (a positive number%s)",
						argv[i], o, o[1] == 'i' ? ", at least 0.1" : "");
				return -1;
			}
			if (o[1] == 'i')
				a->interval = v;
			else if (o[1] == 'n')
				a->count = (long)v;
			else
				a->tick_ns = v;
		} else if (o[0] == '-') {
			cli_usage_error("\"stat %s\" has no option \"%s\"", cmd, o);
			return -1;
		} else if (a->has_dev) {
			cli_usage_error("\"stat %s\" takes one DEV or DEV/PORT at most", cmd);
			return -1;
		} else if (cli_parse_dev_port(o, a->dev, sizeof(a->dev), &a->port)) {
			cli_usage_error("\"%s\" is not DEV or DEV/PORT (a port is a number from 1)", o);
			return -1;
		} else {
			a->has_dev = true;
		}
	}
	return 0;
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

static void stat_print_counter(const struct rdmactl_stat *s, const struct rdmactl_counter *c)
{
	char label[96];

	print_open();
	print_text("    %-34s %20" PRIu64, stat_label(s, c, label, sizeof(label)), c->value);
	print_str("name", NULL, c->name);
	print_uint("value", NULL, c->value);
	if (c->unit == RDMACTL_UNIT_OCTETS_4) {
		print_text("  (%" PRIu64 " bytes)", c->bytes);
		print_uint("bytes", NULL, c->bytes);
	}
	if ((c->flags & RDMACTL_COUNTER_F_SATURATES) && c->width < 64 &&
	    c->value == (1ULL << c->width) - 1)
		print_text("  saturated");
	print_str("source", NULL, rdmactl_counter_source_name(c->source));
	print_uint("width", NULL, c->width);
	print_str("unit", NULL, rdmactl_counter_unit_name(c->unit));
	print_bool("error", c->flags & RDMACTL_COUNTER_F_ERROR);
	print_bool("saturates", c->flags & RDMACTL_COUNTER_F_SATURATES);
	print_bool("wraps", c->flags & RDMACTL_COUNTER_F_WRAPS);
	print_bool("baselined", c->flags & RDMACTL_COUNTER_F_BASELINED);
	print_close();
}

static void stat_print(const void *item)
{
	const struct rdmactl_stat *s = *(struct rdmactl_stat *const *)item;
	size_t i, shown = 0;

	for (i = 0; i < s->num_counters; i++)
		shown += stat_shown(print_args, &s->counters[i]);
	if (print_args->errors && !shown)
		return;

	print_open();
	if (s->port)
		print_text("%s/%u:", s->dev_name, s->port);
	else
		print_text("%s: device counters", s->dev_name);
	print_uint("ifindex", NULL, s->dev_index);
	print_str("ifname", NULL, s->dev_name);
	print_uint("port", NULL, s->port);
	print_uint("timestamp_ns", NULL, s->timestamp_ns);
	if (s->pma_set)
		print_str("pma_set", " pma %s", rdmactl_pma_set_name(s->pma_set));
	if (s->hw_partial) {
		print_text(", partial: driver counters of bound QPs or optional ones are missing (rdma statistic has them)");
		print_bool("partial", true);
	}
	if (s->baseline_ns) {
		print_text(" (less the baseline of %.1f s ago)",
			   (double)(s->timestamp_ns - s->baseline_ns) / 1e9);
		print_uint("baseline_ns", NULL, s->baseline_ns);
	}
	print_text("\n");
	print_array_open("counters");
	for (i = 0; i < s->num_counters; i++)
		if (stat_shown(print_args, &s->counters[i]))
			stat_print_counter(s, &s->counters[i]);
	print_array_close();
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

	return rdmactl_stat_list(h, a->has_dev ? a->dev : NULL, a->port,
				 a->baseline ? RDMACTL_STAT_BASELINE : 0, stat_collect, v);
}

static int stat_show(int argc, char **argv)
{
	struct stat_args a;

	if (stat_parse(argc, argv, &a, "show", "errors baseline"))
		return EXIT_USAGE;
	print_args = &a;
	return cli_show(sizeof(struct rdmactl_stat *), stat_list, &a, stat_print,
			stat_release, a.has_dev ? a.dev : NULL, "cannot read counters");
}

static int stat_reset(int argc, char **argv)
{
	struct stat_args a;
	struct rdmactl *h;
	int err;

	if (stat_parse(argc, argv, &a, "reset", "hardware"))
		return EXIT_USAGE;
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	err = rdmactl_stat_reset(h, a.has_dev ? a.dev : NULL, a.port,
				 a.hardware ? RDMACTL_STAT_HARDWARE : 0);
	err = err ? cli_fail(h, err, a.has_dev ? a.dev : NULL, "cannot reset counters") : EXIT_OK;
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
	print_text("%s/%u", cur->dev_name, cur->port);
	print_str("ifname", NULL, cur->dev_name);
	print_uint("port", NULL, cur->port);
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
		print_open();
		print_str("name", NULL, c->name);
		if (c->flags & RDMACTL_COUNTER_F_ERROR) {
			print_text(" %s %s%" PRIu64, name, how == RDMACTL_DELTA_SATURATED ?
				   ">=+" : "+", delta);
			print_uint("increment", NULL, delta);
		} else if (c->unit == RDMACTL_UNIT_TICKS && a->tick_ns) {
			double share = rate * a->tick_ns / 1e9 * 100;

			print_text(" %s %.1f%%", name, share);
			print_uint("per_second", NULL, (uint64_t)rate);
		} else {
			print_text(" %s %s%s/s", name, how == RDMACTL_DELTA_SATURATED ? ">=" : "",
				   human(rate, buf, sizeof(buf)));
			if (c->unit == RDMACTL_UNIT_OCTETS_4)
				print_text("B");
			print_uint(c->unit == RDMACTL_UNIT_OCTETS_4 ? "bytes_per_second" :
				   "per_second", NULL, (uint64_t)rate);
		}
		print_bool("saturated", how == RDMACTL_DELTA_SATURATED);
		print_bool("reset", how == RDMACTL_DELTA_RESET);
		print_str("source", NULL, rdmactl_counter_source_name(c->source));
		if (cli.json)
			print_close();
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

/*
 * A top-like view: on a terminal, the screen is redrawn in place every
 * interval; piped, each interval prints its lines (or one JSON array).
 */
static int stat_watch(int argc, char **argv)
{
	struct cli_vec prev = { .size = sizeof(struct rdmactl_stat *) };
	struct cli_vec cur = { .size = sizeof(struct rdmactl_stat *) };
	bool tty = isatty(STDOUT_FILENO) && !cli.json;
	struct stat_args a;
	struct rdmactl *h;
	int err = 0, tries;
	size_t i;

	if (stat_parse(argc, argv, &a, "watch", "watch"))
		return EXIT_USAGE;
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	signal(SIGINT, watch_signal);
	signal(SIGTERM, watch_signal);

	for (long frame = 0; !watch_stop && (a.count < 0 || frame <= a.count); frame++) {
		for (tries = 0; tries < 5; tries++) {
			cli_vec_clear(&cur, stat_release);
			err = stat_list(h, &a, &cur);
			if (err != -EINTR)
				break;
		}
		if (err) {
			err = cli_fail(h, err, a.has_dev ? a.dev : NULL, "cannot read counters");
			break;
		}
		if (frame) {
			if (tty)
				printf("\033[H\033[2J");
			if (!cli.json) {
				time_t now = time(NULL);
				char when[16];

				strftime(when, sizeof(when), "%H:%M:%S", localtime(&now));
				printf("%s every %.1fs%s\n", when, a.interval,
				       tty ? ", Ctrl-C to stop" : "");
			}
			print_begin();
			for (i = 0; i < cur.n; i++) {
				struct rdmactl_stat *s = ((struct rdmactl_stat **)cur.items)[i];
				struct rdmactl_stat *p = stat_find(&prev, s);

				if (p)
					watch_port(&a, p, s);
			}
			print_end();
		}
		cli_vec_clear(&prev, stat_release);
		{
			struct cli_vec t = prev;

			prev = cur;
			cur = t;
		}
		if (a.count < 0 || frame < a.count)
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
	printf("Usage: rdmactl stat [show] [DEV[/PORT]] [--errors] [--baseline]\n"
	       "       rdmactl stat watch [DEV[/PORT]] [-i SECONDS] [-n COUNT] [--tick-ns NS]\n"
	       "       rdmactl stat reset [DEV[/PORT]] [--hardware]\n"
	       "       rdmactl stat help\n");
	return EXIT_OK;
}

static const struct cli_cmd stat_cmds[] = {
	{ "show", stat_show, "one snapshot of the counters" },
	{ "watch", stat_watch, "rates, redrawn every interval" },
	{ "reset", stat_reset, "a baseline, or (--hardware) zero the PMA" },
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
