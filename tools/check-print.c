// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl check's report: each finding in text (grouped by port, coloured
 * on a terminal) or as a JSON object (-j), and the line that counts them.
 * Apart from check.c so that the unit tests print findings as the CLI does.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

bool chk_colour;
static const char *const sev_names[] = { "ok", "warning", "error" };
static const char *const sev_colours[] = { "\033[32m", "\033[33m", "\033[31m" };

void chk_print_finding(const struct chk_finding *f, bool stamp)
{
	unsigned int i;

	/* watch (stamp) prints a JSON object a line, as monitor does. */
	if (cli.json && stamp) {
		print_line_begin();
	} else {
		print_open();
		if (!cli.json && stamp) {
			char when[16];
			time_t now = time(NULL);

			strftime(when, sizeof(when), "%H:%M:%S", localtime(&now));
			print_text("[%s] ", when);
		}
		if (!cli.json)
			print_text("  %s%-7s%s ", chk_colour ? sev_colours[f->sev] : "",
				   sev_names[f->sev], chk_colour ? "\033[0m" : "");
	}
	print_str("id", "%s", f->id);
	print_str("severity", NULL, sev_names[f->sev]);
	if (f->dev[0]) {
		print_str("device", stamp ? " %s" : NULL, f->dev);
		print_uint("port", stamp ? "/%" PRIu64 : NULL, f->port);
	}
	if (f->netdev[0])
		print_str("netdev", NULL, f->netdev);
	print_str("message", ": %s", f->message);
	print_object_open("evidence");
	for (i = 0; i < f->num_ev; i++) {
		if (f->ev[i].is_num)
			print_real(f->ev[i].key, NULL, f->ev[i].num);
		else
			print_str(f->ev[i].key, NULL, f->ev[i].str);
	}
	print_object_close();
	if (f->remedy || f->remedy_text[0])
		print_str("remedy", "\n          %s", f->remedy ? f->remedy : f->remedy_text);
	if (cli.json && stamp)
		print_line_end();
	else
		print_close();
}

/* A port's header in text: "fakeib0/1 (ib0):". */
static void print_group(const char *dev, uint32_t port, const char *netdev)
{
	if (cli.json)
		return;
	if (!dev[0])
		printf("system:\n");
	else if (netdev && netdev[0])
		printf("%s/%u (%s):\n", dev, port, netdev);
	else
		printf("%s/%u:\n", dev, port);
}

static bool same_group(const struct chk_finding *f, const char *dev, uint32_t port)
{
	return !strcmp(f->dev, dev) && (!dev[0] || f->port == port);
}

/* Every finding, grouped: the ports in order, then others, then the system. */
void chk_print_report(struct chk_run *r)
{
	const struct chk_port *p = r->ports.items;
	const struct chk_finding *f = r->findings.items;
	bool *done = calloc(r->findings.n ? r->findings.n : 1, sizeof(*done));
	size_t i, j, n;

	if (!done) {
		fprintf(stderr, "rdmactl: check: out of memory\n");
		exit(EXIT_ERROR);
	}
	for (i = 0; i < r->ports.n; i++) {
		print_group(p[i].info.dev_name, p[i].info.port,
			    p[i].info.present & RDMACTL_PORT_HAS_NETDEV ? p[i].info.netdev_name : NULL);
		for (j = n = 0; j < r->findings.n; j++) {
			if (done[j] || !same_group(&f[j], p[i].info.dev_name, p[i].info.port))
				continue;
			chk_print_finding(&f[j], false);
			done[j] = true;
			n += f[j].sev != CHK_OK;	/* "no DCB" says what was not judged */
		}
		if (!n) {
			struct chk_finding ok = { .id = "port.ok", .sev = CHK_OK };

			snprintf(ok.dev, sizeof(ok.dev), "%s", p[i].info.dev_name);
			ok.port = p[i].info.port;
			snprintf(ok.message, sizeof(ok.message), "%s", "every check passed");
			chk_print_finding(&ok, false);
		}
	}
	for (i = 0; i < r->findings.n; i++) {
		if (done[i])
			continue;
		print_group(f[i].dev, f[i].port, NULL);
		for (j = i; j < r->findings.n; j++) {
			if (done[j] || !same_group(&f[j], f[i].dev, f[i].port))
				continue;
			chk_print_finding(&f[j], false);
			done[j] = true;
		}
	}
	free(done);
}

void chk_summary(const struct chk_run *r, int status)
{
	const struct chk_finding *f = r->findings.items;
	size_t i, n[3] = { 0 };

	if (cli.json)
		return;
	for (i = 0; i < r->findings.n; i++)
		n[f[i].sev]++;
	printf("%zu port%s checked over %.1f s: %s%s%s (%zu error%s, %zu warning%s)\n", r->ports.n,
	       r->ports.n == 1 ? "" : "s", r->interval,
	       chk_colour ? sev_colours[status == EXIT_OK ? 0 : status == EXIT_CHECK_WARNING ? 1 : 2] : "",
	       status == EXIT_OK ? "ok" : status == EXIT_CHECK_WARNING ? "warnings" : "errors",
	       chk_colour ? "\033[0m" : "", n[CHK_ERROR], n[CHK_ERROR] == 1 ? "" : "s",
	       n[CHK_WARNING], n[CHK_WARNING] == 1 ? "" : "s");
}
