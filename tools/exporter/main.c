// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl-exporter: Prometheus metrics of every RDMA port, from
 * librdmactl, with port state kept by events.
 *
 *   rdmactl-exporter [--listen ADDR:PORT] [--include-devices GLOBS]
 *                    [--exclude-devices GLOBS] [--cache S]
 *                    [--scrape-timeout S] [--max-connections N]
 *                    [--node-exporter-names]
 *
 * Documentation/exporter.md and rdmactl-exporter(8) tell the metrics.
 */
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exporter.h"

#ifndef RDMACTL_VERSION
#define RDMACTL_VERSION "unknown"
#endif

/* The CLI's exit statuses: 1 an error, 2 a usage error. */
#define EXIT_USAGE 2

struct exp_state exporter = {
	.opt = {
		.listen = ":9879",
		.cache = 1,
		.timeout = 10,
		.max_connections = 16,
	},
	.snap_lock = PTHREAD_MUTEX_INITIALIZER,
	.state_lock = PTHREAD_MUTEX_INITIALIZER,
};

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->oom)
		return;
	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->p ? b->p + b->len : NULL, b->cap - b->len, fmt, ap);
		va_end(ap);
		if (n < 0) {
			b->oom = true;
			return;
		}
		if ((size_t)n < b->cap - b->len) {
			b->len += n;
			return;
		}
		size_t cap = b->cap ? b->cap : 65536;
		char *p;

		while (cap - b->len <= (size_t)n)
			cap *= 2;
		p = realloc(b->p, cap);
		if (!p) {
			b->oom = true;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
}

void buf_free(struct buf *b)
{
	free(b->p);
	*b = (struct buf){ 0 };
}

static double clock_now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

double exp_mono_now(void)
{
	return clock_now(CLOCK_MONOTONIC);
}

double exp_real_now(void)
{
	return clock_now(CLOCK_REALTIME);
}

static bool matches(char *const *globs, const char *name)
{
	for (; globs && *globs; globs++)
		if (!fnmatch(*globs, name, 0))
			return true;
	return false;
}

bool exp_device_wanted(const char *name)
{
	if (exporter.opt.include && !matches(exporter.opt.include, name))
		return false;
	return !matches(exporter.opt.exclude, name);
}

/* "mlx5_0,mlx5_*" as a NULL-terminated list; NULL for an empty one. */
static char **split(const char *opt, const char *arg)
{
	char *s = strdup(arg), *tok, *save;
	char **list = NULL;
	size_t n = 0;

	if (!s)
		return NULL;
	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char **l = reallocarray(list, n + 2, sizeof(*list));

		if (!l) {
			fprintf(stderr, "rdmactl-exporter: out of memory\n");
			exit(EXIT_FAILURE);
		}
		list = l;
		list[n++] = tok;
		list[n] = NULL;
	}
	if (!list) {
		fprintf(stderr, "rdmactl-exporter: %s: give device names or patterns, e.g. mlx5_0,mlx5_1\n",
			opt);
		exit(EXIT_USAGE);
	}
	return list;
}

static double seconds(const char *opt, const char *arg, double min)
{
	char *end;
	double v = strtod(arg, &end);

	if (end == arg || *end || !isfinite(v) || v < min || v > 3600) {
		fprintf(stderr, "rdmactl-exporter: %s %s: give seconds from %g to 3600\n", opt, arg,
			min);
		exit(EXIT_USAGE);
	}
	return v;
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: rdmactl-exporter [OPTIONS]\n"
		"Serve Prometheus metrics of every RDMA port at http://ADDRESS:PORT/metrics.\n\n"
		"  -l, --listen ADDR:PORT        where to listen (default :9879, every address)\n"
		"  -i, --include-devices GLOBS   only these devices, e.g. mlx5_*,rxe0\n"
		"  -x, --exclude-devices GLOBS   never these devices: nothing is read from them\n"
		"  -c, --cache S                 reuse a snapshot for S seconds (default 1)\n"
		"  -t, --scrape-timeout S        answer 503 after S seconds (default 10)\n"
		"  -m, --max-connections N       connections at once (default 16), half per address\n"
		"  -n, --node-exporter-names     node_exporter's infiniband names where it has one\n"
		"  -V, --version                 print the version\n"
		"  -h, --help                    this text\n");
}

static const struct option options[] = {
	{ "listen", required_argument, NULL, 'l' },
	{ "include-devices", required_argument, NULL, 'i' },
	{ "exclude-devices", required_argument, NULL, 'x' },
	{ "cache", required_argument, NULL, 'c' },
	{ "scrape-timeout", required_argument, NULL, 't' },
	{ "max-connections", required_argument, NULL, 'm' },
	{ "node-exporter-names", no_argument, NULL, 'n' },
	{ "version", no_argument, NULL, 'V' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* The command line into exporter.opt: -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv)
{
	char *end;
	long n;
	int c;

	while ((c = getopt_long(argc, argv, "l:i:x:c:t:m:nVh", options, NULL)) != -1) {
		switch (c) {
		case 'l':
			exporter.opt.listen = optarg;
			break;
		case 'i':
			exporter.opt.include = split("--include-devices", optarg);
			break;
		case 'x':
			exporter.opt.exclude = split("--exclude-devices", optarg);
			break;
		case 'c':
			exporter.opt.cache = seconds("--cache", optarg, 0);
			break;
		case 't':
			exporter.opt.timeout = seconds("--scrape-timeout", optarg, 0.1);
			break;
		case 'm':
			n = strtol(optarg, &end, 10);
			if (end == optarg || *end || n < 1 || n > 1024) {
				fprintf(stderr, "rdmactl-exporter: --max-connections %s: give 1 to 1024\n",
					optarg);
				return EXIT_USAGE;
			}
			exporter.opt.max_connections = n;
			break;
		case 'n':
			exporter.opt.node_exporter_names = true;
			break;
		case 'V':
			printf("rdmactl-exporter %s (librdmactl %s)\n", RDMACTL_VERSION,
			       rdmactl_version());
			return EXIT_SUCCESS;
		case 'h':
			usage(stdout);
			return EXIT_SUCCESS;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "rdmactl-exporter: unexpected argument \"%s\"\n", argv[optind]);
		usage(stderr);
		return EXIT_USAGE;
	}
	return -1;
}

/* A scrape waits for its snapshot (--scrape-timeout) by the monotonic clock. */
static void init_snap_cond(void)
{
	pthread_condattr_t ca;

	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&exporter.snap_cond, &ca);
}

/* Every thread leaves SIGINT and SIGTERM to main()'s sigwait(). */
static void block_signals(sigset_t *sigs)
{
	sigemptyset(sigs);
	sigaddset(sigs, SIGINT);
	sigaddset(sigs, SIGTERM);
	pthread_sigmask(SIG_BLOCK, sigs, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* The event listener, the collector and the HTTP server: false when one fails. */
static bool start_threads(void)
{
	int err;

	err = exp_events_start();
	if (err) {
		fprintf(stderr, "rdmactl-exporter: cannot follow generic netlink: %s\n",
			strerror(-err));
		return false;
	}
	err = exp_collector_start();
	if (!err)
		err = exp_http_start();
	return !err;
}

int main(int argc, char **argv)
{
	sigset_t sigs;
	int status, sig;

	status = parse_options(argc, argv);
	if (status >= 0)
		return status;
	init_snap_cond();
	block_signals(&sigs);
	if (!start_threads())
		return EXIT_FAILURE;
	fprintf(stderr, "rdmactl-exporter %s: listening on %s\n", RDMACTL_VERSION, exporter.opt.listen);

	sigwait(&sigs, &sig);
	fprintf(stderr, "rdmactl-exporter: %s, stopping\n", strsignal(sig));
	return EXIT_SUCCESS;
}
