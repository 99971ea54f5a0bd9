// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl stat mode [DEV[/PORT]]
 * rdmactl stat mode DEV/PORT optional-counters NAME[,NAME...]|none
 * rdmactl stat mode DEV/PORT enable|disable NAME[,NAME...]
 * rdmactl stat mode DEV/PORT forget
 * rdmactl stat mode restore [DEV]
 *
 * Optional counters: what ib_core has on, and what rdmactl keeps for a
 * re-apply (the udev rule runs "stat mode restore" when a device registers).
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct mode_args {
	struct cli_dev_port dp;
	const char *exact;
	const char *enable;
	const char *disable;
	bool forget;
};

enum { MODE_DEV, MODE_EXACT, MODE_ENABLE, MODE_DISABLE, MODE_FORGET };

#define MODE_NAMES(kw, field, what)						\
	{ kw, CLI_STR, offsetof(struct mode_args, field), .value = "NAME[,NAME...]", \
	  .expect = what, .max = 4096 }

static const struct cli_spec stat_mode_spec = {
	.cmd = "stat mode", .args = (const struct cli_arg[]) {
		[MODE_DEV] = { "DEV[/PORT]", CLI_DEV_PORT, offsetof(struct mode_args, dp),
			       .flags = CLI_POS },
		[MODE_EXACT] = MODE_NAMES("optional-counters", exact,
					  "the optional counters to have on, or none"),
		[MODE_ENABLE] = MODE_NAMES("enable", enable, "optional counters to turn on"),
		[MODE_DISABLE] = MODE_NAMES("disable", disable, "optional counters to turn off"),
		[MODE_FORGET] = { "forget", CLI_FLAG, offsetof(struct mode_args, forget) },
		{ .name = NULL },
	}
};

static const struct cli_spec stat_mode_restore_spec = {
	.cmd = "stat mode restore", .args = (const struct cli_arg[]) {
		{ "DEV", CLI_DEV, offsetof(struct mode_args, dp), .flags = CLI_POS },
		{ .name = NULL },
	}
};

/* Text: "DEV/PORT: optional-counters NAME on, NAME off; kept: NAME". */
static int mode_print(const struct rdmactl_stat_mode *m, void *arg)
{
	const char *p, *comma;
	bool any = false;
	size_t i;

	(void)arg;
	print_open();
	print_str("ifname", "%s/", m->dev_name);
	print_uint("ifindex", NULL, m->dev_index);
	print_uint("port", "%" PRIu64 ":", m->port);
	if (!m->status_known) {
		print_text(" optional counters unknown (kernel before 5.16, or no driver counters)");
	} else {
		/* JSON: "optional": {"NAME": true|false, ...}, on or off. */
		print_object_open("optional");
		for (i = 0; i < m->num_counters; i++) {
			const struct rdmactl_hw_counter_status *c = &m->counters[i];

			if (!c->optional)
				continue;
			print_bool(c->name, c->enabled, "%s %s %s", any ? "," : " optional-counters",
				   c->name, c->enabled ? "on" : "off");
			any = true;
		}
		print_object_close();
		if (!any)
			print_text(" no optional counters");
	}
	if (m->saved) {
		/* JSON: "kept": [NAME, ...], empty for "all off". */
		print_text("; kept for a re-apply:%s", m->saved_names[0] ? "" : " all off");
		print_array_open("kept");
		for (p = m->saved_names; *p; p = *comma ? comma + 1 : comma) {
			char name[64];

			comma = strchr(p, ',');
			if (!comma)
				comma = p + strlen(p);
			snprintf(name, sizeof(name), "%.*s", (int)(comma - p), p);
			print_str(NULL, p == m->saved_names ? " %s" : ",%s", name);
		}
		print_array_close();
	}
	print_close();
	return 0;
}

static int mode_emit(struct rdmactl *h, const void *arg)
{
	const struct mode_args *a = arg;

	return rdmactl_stat_mode_list(h, a->dp.dev[0] ? a->dp.dev : NULL, a->dp.port,
				      mode_print, NULL);
}

static int mode_restore(int argc, char **argv)
{
	struct mode_args a = { .forget = false };
	struct rdmactl *h;
	int n;

	if (cli_parse(&stat_mode_restore_spec, argc, argv, &a, NULL))
		return EXIT_USAGE;
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	n = rdmactl_stat_mode_restore(h, a.dp.dev[0] ? a.dp.dev : NULL);
	if (n < 0) {
		n = cli_fail(h, n, a.dp.dev[0] ? a.dp.dev : NULL,
			     "cannot restore the optional counters");
	} else {
		if (!cli.json)
			printf("optional counters set again on %d port%s\n", n, n == 1 ? "" : "s");
		n = EXIT_OK;
	}
	rdmactl_close(h);
	return n;
}

int stat_mode_main(int argc, char **argv)
{
	struct mode_args a = { .forget = false };
	unsigned int given, what = 0, n;
	const char *names = NULL;
	struct rdmactl *h;
	int err;

	if (argc >= 1 && !strcmp(argv[0], "restore"))
		return mode_restore(argc - 1, argv + 1);
	if (argc >= 1 && !strcmp(argv[0], "help")) {
		cli_help("stat", (const struct cli_spec *const[]) {
			&stat_mode_spec, &stat_mode_restore_spec, NULL });
		printf("optional-counters sets exactly those on (none: all off), as \"rdma statistic\n"
		       "set\"; enable and disable change only those named. rdmactl keeps what it\n"
		       "sets, by node GUID and port, and restore (run by udev when a device\n"
		       "registers) sets it again; forget stops that.\n");
		return EXIT_OK;
	}
	if (cli_parse(&stat_mode_spec, argc, argv, &a, &given))
		return EXIT_USAGE;
	n = !!(given & (1U << MODE_EXACT)) + !!(given & (1U << MODE_ENABLE)) +
	    !!(given & (1U << MODE_DISABLE)) + a.forget;
	if (!n)
		return cli_stream(mode_emit, &a, a.dp.dev[0] ? a.dp.dev : NULL,
				  "cannot read the optional counters");
	if (n > 1) {
		fprintf(stderr, "rdmactl stat mode: give one of optional-counters, enable, disable "
			"or forget\n");
		return EXIT_USAGE;
	}
	if (!a.dp.port) {
		fprintf(stderr, "rdmactl stat mode: optional counters are set per port: "
			"give DEV/PORT\n");
		return EXIT_USAGE;
	}
	if (given & (1U << MODE_EXACT)) {
		what = RDMACTL_STAT_MODE_EXACT;
		names = strcmp(a.exact, "none") ? a.exact : "";
	} else if (given & (1U << MODE_ENABLE)) {
		what = RDMACTL_STAT_MODE_ENABLE;
		names = a.enable;
	} else if (given & (1U << MODE_DISABLE)) {
		what = RDMACTL_STAT_MODE_DISABLE;
		names = a.disable;
	} else {
		what = RDMACTL_STAT_MODE_FORGET;
	}
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	err = rdmactl_stat_mode_set(h, a.dp.dev, a.dp.port, what, names);
	err = err ? cli_fail(h, err, a.dp.dev, what == RDMACTL_STAT_MODE_FORGET ?
			     "cannot forget the optional counters" :
			     "cannot set the optional counters") : EXIT_OK;
	rdmactl_close(h);
	return err;
}
