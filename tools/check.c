// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl check [DEV[/PORT]] [expect FILE] [interval S] [watch]
 * rdmactl check [DEV[/PORT]] dump-expect
 *
 * Two snapshots interval seconds apart, and every check of check-rules.c
 * on what they show: each finding with its id, severity, evidence and
 * remedy, grouped by port; exit 0 when all is well, 3 for warnings, 4 for
 * errors. watch goes on with events: a port is checked again whenever its
 * state changes, and flapping is counted without polling.
 */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

struct check_args {
	struct cli_dev_port dp;
	const char *expect;
	double interval;
	bool watch, dump;
};

static const struct cli_spec check_spec = {
	.cmd = "check", .args = (const struct cli_arg[]) {
		{ "DEV[/PORT]", CLI_DEV_PORT, offsetof(struct check_args, dp), .flags = CLI_POS },
		{ "expect", CLI_STR, offsetof(struct check_args, expect), .value = "FILE",
		  .aliases = "--expect", .max = 4096, .expect = "a manifest file" },
		{ "interval", CLI_REAL, offsetof(struct check_args, interval), .value = "SECONDS",
		  .aliases = "--interval -i", .min = 0.1,
		  .expect = "the seconds between the two snapshots, at least 0.1" },
		{ "watch", CLI_FLAG, offsetof(struct check_args, watch), .aliases = "--watch" },
		{ "dump-expect", CLI_FLAG, offsetof(struct check_args, dump),
		  .aliases = "--dump-expect" },
		{ .name = NULL },
	}
};

#define CHECK_TRIES 5
/* watch: this many state changes of a port within the window are a flap. */
#define FLAP_CHANGES 4
#define FLAP_WINDOW 600.0

struct read_ctx {
	struct chk_run *r;
	const struct check_args *a;
	struct cli_vec devs;			/* struct rdmactl_dev_info */
	bool second;
};

static bool wanted(const struct check_args *a, const char *dev, uint32_t port)
{
	return (!a->dp.dev[0] || !strcmp(a->dp.dev, dev)) && (!a->dp.port || a->dp.port == port);
}

static int dev_cb(const struct rdmactl_dev_info *d, void *arg)
{
	return cli_vec_push(&((struct read_ctx *)arg)->devs, d);
}

static int port_cb(const struct rdmactl_port_info *info, void *arg)
{
	struct read_ctx *c = arg;
	const struct rdmactl_dev_info *d = c->devs.items;
	struct chk_port p = { .info = *info };
	size_t i;

	for (i = 0; i < c->devs.n; i++) {
		if (d[i].index != info->dev_index)
			continue;
		p.vendor_part_id = d[i].vendor_part_id;
		snprintf(p.driver, sizeof(p.driver), "%s", d[i].driver);
	}
	return cli_vec_push(&c->r->ports, &p);
}

static int stat_cb(const struct rdmactl_stat *s, void *arg)
{
	struct read_ctx *c = arg;
	struct chk_port *p = chk_port_of(c->r, s->dev_name, s->port);
	struct rdmactl_stat **slot;

	if (!p || !wanted(c->a, s->dev_name, s->port))
		return 0;
	slot = c->second ? &p->after : &p->before;
	rdmactl_stat_free(*slot);
	*slot = rdmactl_stat_dup(s);
	return *slot ? 0 : -ENOMEM;
}

static int ipoib_cb(const struct rdmactl_ipoib_info *ib, void *arg)
{
	struct read_ctx *c = arg;

	return wanted(c->a, ib->dev_name, ib->port) ? cli_vec_push(&c->r->ipoib, ib) : 0;
}

static int gid_cb(const struct rdmactl_gid_info *g, void *arg)
{
	return cli_vec_push(&((struct read_ctx *)arg)->r->gids, g);
}

static void clear_run(struct chk_run *r, struct read_ctx *c)
{
	struct chk_port *p = r->ports.items;
	size_t i;

	for (i = 0; i < r->ports.n; i++) {
		rdmactl_stat_free(p[i].before);
		rdmactl_stat_free(p[i].after);
	}
	cli_vec_clear(&r->ports, NULL);
	cli_vec_clear(&r->ipoib, NULL);
	cli_vec_clear(&r->gids, NULL);
	cli_vec_clear(&c->devs, NULL);
}

/* Everything but the second snapshot; again when devices changed under it. */
static int read_first(struct rdmactl *h, struct read_ctx *c)
{
	const char *dev = c->a->dp.dev[0] ? c->a->dp.dev : NULL;
	struct chk_run *r = c->r;
	int err = 0, tries;

	for (tries = 0; tries < CHECK_TRIES; tries++) {
		clear_run(r, c);
		err = rdmactl_dev_list(h, dev, dev_cb, c);
		if (!err)
			err = rdmactl_port_list(h, dev, c->a->dp.port, port_cb, c);
		if (!err)
			err = rdmactl_stat_list(h, dev, c->a->dp.port, 0, stat_cb, c);
		if (!err)
			err = rdmactl_gid_list(h, dev, c->a->dp.port, gid_cb, c);
		if (!err) {
			err = rdmactl_ipoib_list(h, NULL, dev, c->a->dp.port, ipoib_cb, c);
			if (err == -ENODEV && !dev)
				err = 0;	/* no IPoIB interface at all */
		}
		if (!err)
			err = chk_roce_read(h, r, 0);	/* check-qos.c */
		if (err != -EINTR)
			break;
	}
	return err;
}

/* The exit status of what was found. */
static int status_of(const struct chk_run *r, size_t from)
{
	const struct chk_finding *f = r->findings.items;
	enum chk_severity worst = CHK_OK;
	size_t i;

	for (i = from; i < r->findings.n; i++)
		if (f[i].sev > worst)
			worst = f[i].sev;
	return worst == CHK_ERROR ? EXIT_CHECK_ERROR :
	       worst == CHK_WARNING ? EXIT_CHECK_WARNING : EXIT_OK;
}

static void run_checks(struct chk_run *r)
{
	const struct chk_port *p = r->ports.items;
	size_t i;

	for (i = 0; i < r->ports.n; i++) {
		chk_port(r, &p[i]);
		chk_counters(r, &p[i]);
		chk_roce_addresses(r, &p[i]);
		chk_qos(r, &p[i]);
	}
	chk_ipoib(r);
	if (!r->filtered)
		chk_system(r);
	chk_expectations(r);
}

/* --- watch: events, and the port each one is about checked again. */

static volatile sig_atomic_t check_stop;

static void check_signal(int sig)
{
	(void)sig;
	check_stop = 1;
}

struct flaps {
	char dev[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	double when[FLAP_CHANGES];		/* the last changes, a ring */
	unsigned int n;
};

static struct flaps *flaps;
static size_t num_flaps;

/* Record a change of dev/port at now; true when it makes a flap. */
static bool flapped(const char *dev, uint32_t port, double now)
{
	struct flaps *f = NULL;
	size_t i;

	for (i = 0; i < num_flaps; i++)
		if (flaps[i].port == port && !strcmp(flaps[i].dev, dev))
			f = &flaps[i];
	if (!f) {
		f = reallocarray(flaps, num_flaps + 1, sizeof(*flaps));
		if (!f)
			return false;
		flaps = f;
		f = &flaps[num_flaps++];
		memset(f, 0, sizeof(*f));
		snprintf(f->dev, sizeof(f->dev), "%s", dev);
		f->port = port;
	}
	f->when[f->n++ % FLAP_CHANGES] = now;
	return f->n >= FLAP_CHANGES && now - f->when[f->n % FLAP_CHANGES] <= FLAP_WINDOW;
}

struct watch_ctx {
	struct rdmactl *h;
	struct chk_run *r;
	const struct check_args *a;
	int worst;
};

static int watch_port_cb(const struct rdmactl_port_info *info, void *arg)
{
	struct chk_run *r = arg;
	struct chk_port p = { .info = *info };

	chk_port(r, &p);
	return 0;
}

static int watch_event(const struct rdmactl_event_info *ev, void *arg)
{
	struct watch_ctx *w = arg;
	struct chk_run *r = w->r;
	size_t from = r->findings.n, i;
	struct timespec now;
	int err, status;

	if (ev->type != RDMACTL_EVENT_PORT_ACTIVE && ev->type != RDMACTL_EVENT_PORT_ERR &&
	    ev->type != RDMACTL_EVENT_LOST)
		return 0;
	if (ev->type == RDMACTL_EVENT_LOST) {
		struct chk_finding *f = chk_add(r, "watch.events-lost", CHK_WARNING, NULL,
						"Events were lost; every port was read again.",
						"events were lost: flaps may be missed");

		chk_ev_num(f, "lost", ev->lost);
		err = rdmactl_port_list(w->h, w->a->dp.dev[0] ? w->a->dp.dev : NULL,
					w->a->dp.port, watch_port_cb, r);
	} else {
		if (!wanted(w->a, ev->dev_name, ev->port))
			return 0;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (flapped(ev->dev_name, ev->port, now.tv_sec + now.tv_nsec / 1e9)) {
			struct rdmactl_port_info pi = { .port = ev->port };
			struct chk_finding *f;

			snprintf(pi.dev_name, sizeof(pi.dev_name), "%s", ev->dev_name);
			f = chk_add(r, "port.flapping", CHK_WARNING, &pi,
				    "The port keeps changing state: reseat or replace the cable, check the peer port.",
				    "changed state %d times in %.0f minutes", FLAP_CHANGES,
				    FLAP_WINDOW / 60);
			chk_ev_num(f, "changes", FLAP_CHANGES);
			chk_ev_num(f, "window_seconds", FLAP_WINDOW);
		}
		err = rdmactl_port_list(w->h, ev->dev_name, ev->port, watch_port_cb, r);
	}
	if (err && err != -ENODEV)
		fprintf(stderr, "rdmactl: check: %s\n", rdmactl_errmsg(w->h));
	for (i = from; i < r->findings.n; i++)
		chk_print_finding((struct chk_finding *)r->findings.items + i, true);
	if (r->findings.n == from && ev->type != RDMACTL_EVENT_LOST) {
		struct chk_finding ok = { .id = "port.ok", .sev = CHK_OK, .port = ev->port };

		snprintf(ok.dev, sizeof(ok.dev), "%s", ev->dev_name);
		snprintf(ok.message, sizeof(ok.message), "%s",
			 ev->type == RDMACTL_EVENT_PORT_ACTIVE ? "became ACTIVE" : "changed state");
		chk_print_finding(&ok, true);
	}
	fflush(stdout);
	status = status_of(r, from);
	if (status > w->worst)
		w->worst = status;
	r->findings.n = from;	/* told: a watch of days keeps none */
	return 0;
}

static int watch(struct chk_run *r, const struct check_args *a, int status)
{
	struct sigaction sa = { .sa_handler = check_signal };
	struct watch_ctx w = { .r = r, .a = a, .worst = status };
	struct rdmactl *ev;
	int err;

	w.h = cli_open();
	if (!w.h)
		return EXIT_ERROR;
	err = rdmactl_open(&ev);
	if (!err)
		err = rdmactl_events_subscribe(ev);
	if (err) {
		err = cli_fail(ev, err, NULL, "cannot subscribe to events");
		rdmactl_close(ev);
		rdmactl_close(w.h);
		return err;
	}
	if (!cli.json)
		printf("watching: each port is checked again when its state changes (Ctrl-C ends)\n");
	fflush(stdout);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	while (!check_stop) {
		err = rdmactl_events_read(ev, watch_event, &w);
		if (err == -EINTR || err == -EAGAIN)
			continue;
		if (err) {
			cli_fail(ev, err, NULL, "cannot read events");
			w.worst = EXIT_ERROR;
			break;
		}
	}
	rdmactl_close(ev);
	rdmactl_close(w.h);
	return w.worst;
}

/* r's thresholds (the defaults) and what expect FILE asks: 0, or the exit status. */
static int setup_run(struct chk_run *r, const struct check_args *a, struct chk_expect *e)
{
	int err;

	r->interval = a->interval;
	r->filtered = a->dp.dev[0];
	r->thresholds = calloc(chk_num_default_thresholds, sizeof(*r->thresholds));
	if (!r->thresholds)
		return EXIT_ERROR;
	memcpy(r->thresholds, chk_default_thresholds,
	       chk_num_default_thresholds * sizeof(*r->thresholds));
	r->num_thresholds = chk_num_default_thresholds;
	if (!a->expect)
		return 0;
	err = chk_expect_load(a->expect, e, r);
	if (!err)
		r->expect = e;
	return err;
}

/* The first snapshot, a failure told: 0, or the exit status. */
static int take_first(struct rdmactl *h, struct read_ctx *c)
{
	const char *dev = c->a->dp.dev;
	int err = read_first(h, c);

	if (err == -ENODEV) {
		if (cli_names(rdmactl_errmsg(h), dev))
			fprintf(stderr, "rdmactl: check: %s\n", rdmactl_errmsg(h));
		else
			fprintf(stderr, "rdmactl: check: %s: %s\n", dev, rdmactl_errmsg(h));
		return EXIT_USAGE;
	}
	if (err)
		return cli_fail(h, err, dev[0] ? dev : NULL, "cannot read the ports");
	return EXIT_OK;
}

/* The second snapshot of the counters, interval seconds after the first. */
static int take_second(struct rdmactl *h, struct read_ctx *c)
{
	const struct check_args *a = c->a;
	struct timespec ts = { (time_t)a->interval, (long)((a->interval - (time_t)a->interval) * 1e9) };
	int err;

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
	c->second = true;
	err = rdmactl_stat_list(h, a->dp.dev[0] ? a->dp.dev : NULL, a->dp.port, 0, stat_cb, c);
	chk_roce_read(h, c->r, 1);	/* the pause counters again; what fails is not judged */
	if (err && err != -EINTR && err != -ENODEV)
		return cli_fail(h, err, NULL, "cannot read the counters again");
	return EXIT_OK;
}

int check_main(int argc, char **argv)
{
	struct check_args a = { .interval = 3 };
	struct chk_run r = {
		.ports.size = sizeof(struct chk_port),
		.ipoib.size = sizeof(struct rdmactl_ipoib_info),
		.gids.size = sizeof(struct rdmactl_gid_info),
		.findings.size = sizeof(struct chk_finding),
	};
	struct read_ctx c = { .r = &r, .a = &a, .devs.size = sizeof(struct rdmactl_dev_info) };
	struct chk_expect e = { 0 };
	struct rdmactl *h;
	int status;

	if (argc == 1 && !strcmp(argv[0], "help")) {
		fputs("Usage: ", stdout);
		cli_usage(stdout, &check_spec);
		return EXIT_OK;
	}
	if (cli_parse(&check_spec, argc, argv, &a, NULL))
		return EXIT_USAGE;
	status = setup_run(&r, &a, &e);
	if (status)
		return status;
	chk_colour = !cli.json && isatty(STDOUT_FILENO) && !getenv("NO_COLOR");

	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	status = take_first(h, &c);
	if (status == EXIT_OK && a.dump)
		chk_expect_dump(&r);	/* dump-expect: the first snapshot, as a manifest */
	else if (status == EXIT_OK)
		status = take_second(h, &c);
	rdmactl_close(h);
	if (status != EXIT_OK || a.dump)
		return status;

	run_checks(&r);
	status = status_of(&r, 0);
	print_begin();
	chk_print_report(&r);
	print_end();
	chk_summary(&r, status);
	if (a.watch)
		status = watch(&r, &a, status);
	return status;
}
