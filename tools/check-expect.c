// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl check's manifest: what a fleet expects of each host, one line
 * per object, "#" comments (Documentation/check.md):
 *
 *   port DEV/PORT [state STATE] [rate GBPS] [width N] [mtu N] [roce-mode v1|v2]
 *   ipoib IF [mode datagram|connected] [mtu N]
 *   module NAME
 *   threshold COUNTER RATE[/s|/min|/h]
 *
 * dump-expect writes today's state in this form, to start one from.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/utsname.h>
#include <time.h>

#include "check.h"

struct parse {
	const char *path;
	unsigned int line;
};

static int bad(const struct parse *ps, const char *fmt, const char *word, const char *hint)
{
	fprintf(stderr, "rdmactl: check: %s:%u: ", ps->path, ps->line);
	fprintf(stderr, fmt, word, hint);
	fputc('\n', stderr);
	return EXIT_USAGE;
}

static bool number(const char *s, double min, double max, double *v)
{
	char *end;

	*v = strtod(s, &end);
	return end != s && !*end && *v >= min && *v <= max;
}

static const char *const state_names[] = {
	[RDMACTL_PORT_DOWN] = "DOWN", [RDMACTL_PORT_INIT] = "INIT",
	[RDMACTL_PORT_ARMED] = "ARMED", [RDMACTL_PORT_ACTIVE] = "ACTIVE",
};

static int port_line(const struct parse *ps, char **w, int n, struct chk_expect_port *e)
{
	double v;
	int i;

	if (n < 2 || cli_parse_dev_port(w[1], e->dev, sizeof(e->dev), &e->port) || !e->port)
		return bad(ps, "port wants DEV/PORT, not \"%s\"%s", n < 2 ? "" : w[1], "");
	for (i = 2; i < n; i += 2) {
		const char *k = w[i], *val = i + 1 < n ? w[i + 1] : NULL;

		if (!val)
			return bad(ps, "\"%s\" wants a value%s", k, "");
		if (!strcmp(k, "state")) {
			unsigned int s;

			for (s = 1; s < 5; s++)
				if (!strcasecmp(val, state_names[s]))
					break;
			if (s == 5)
				return bad(ps, "state \"%s\": %s", val, "give DOWN, INIT, ARMED or ACTIVE");
			e->state = s;
			e->what |= EXP_STATE;
		} else if (!strcmp(k, "rate")) {
			if (!number(val, 0.001, 1e6, &v))
				return bad(ps, "rate \"%s\": %s", val, "give Gb/s, e.g. 200");
			e->rate_mbps = (uint32_t)(v * 1000 + 0.5);
			e->what |= EXP_RATE;
		} else if (!strcmp(k, "width")) {
			char *x;

			e->width = strtoul(val, &x, 10);
			if (x == val || (*x && strcasecmp(x, "x")) || !e->width || e->width > 32)
				return bad(ps, "width \"%s\": %s", val, "give lanes, e.g. 4 or 4x");
			e->what |= EXP_WIDTH;
		} else if (!strcmp(k, "mtu")) {
			if (!number(val, 256, 4096, &v))
				return bad(ps, "mtu \"%s\": %s", val, "give 256 to 4096");
			e->mtu = (uint32_t)v;
			e->what |= EXP_MTU;
		} else if (!strcmp(k, "roce-mode")) {
			if (strcmp(val, "v1") && strcmp(val, "v2"))
				return bad(ps, "roce-mode \"%s\": %s", val, "give v1 or v2");
			e->roce_mode = val[1] == '1' ? RDMACTL_GID_TYPE_ROCE_V1 : RDMACTL_GID_TYPE_ROCE_V2;
			e->what |= EXP_ROCE_MODE;
		} else {
			return bad(ps, "unknown word \"%s\" (%s)", k,
				   "port takes state, rate, width, mtu, roce-mode");
		}
	}
	return 0;
}

static int ipoib_line(const struct parse *ps, char **w, int n, struct chk_expect_port *e)
{
	double v;
	int i;

	if (n < 2 || strlen(w[1]) >= sizeof(e->ifname))
		return bad(ps, "ipoib wants an interface name, not \"%s\"%s", n < 2 ? "" : w[1], "");
	snprintf(e->ifname, sizeof(e->ifname), "%s", w[1]);
	for (i = 2; i < n; i += 2) {
		const char *k = w[i], *val = i + 1 < n ? w[i + 1] : NULL;

		if (!val)
			return bad(ps, "\"%s\" wants a value%s", k, "");
		if (!strcmp(k, "mode")) {
			if (!strcmp(val, "datagram"))
				e->ipoib_mode = RDMACTL_IPOIB_DATAGRAM;
			else if (!strcmp(val, "connected"))
				e->ipoib_mode = RDMACTL_IPOIB_CONNECTED;
			else
				return bad(ps, "mode \"%s\": %s", val, "give datagram or connected");
			e->what |= EXP_IPOIB_MODE;
		} else if (!strcmp(k, "mtu")) {
			if (!number(val, 68, 65520, &v))
				return bad(ps, "mtu \"%s\": %s", val, "give 68 to 65520");
			e->mtu = (uint32_t)v;
			e->what |= EXP_MTU;
		} else {
			return bad(ps, "unknown word \"%s\" (%s)", k, "ipoib takes mode, mtu");
		}
	}
	return 0;
}

static int threshold_line(const struct parse *ps, char **w, int n, struct chk_run *r)
{
	struct chk_threshold *t;
	double v, per = 1;
	char *unit;
	size_t i;

	if (n != 3)
		return bad(ps, "threshold wants COUNTER RATE, e.g. \"threshold symbol_error 120/h\"%s%s",
			   "", "");
	v = strtod(w[2], &unit);
	if (unit == w[2] || !(v >= 0) || isinf(v))	/* NaN fails v >= 0 */
		return bad(ps, "threshold rate \"%s\": %s", w[2], "give N, N/s, N/min or N/h");
	if (!strcmp(unit, "/min"))
		per = 60;
	else if (!strcmp(unit, "/h"))
		per = 3600;
	else if (*unit && strcmp(unit, "/s"))
		return bad(ps, "threshold rate \"%s\": %s", w[2], "give N, N/s, N/min or N/h");
	for (i = 0; i < r->num_thresholds; i++)
		if (!strcmp(r->thresholds[i].counter, w[1]))
			break;
	if (i == r->num_thresholds) {
		t = reallocarray(r->thresholds, r->num_thresholds + 1, sizeof(*t));
		if (!t) {
			fprintf(stderr, "rdmactl: check: out of memory\n");
			return EXIT_ERROR;
		}
		r->thresholds = t;
		r->num_thresholds++;
		r->thresholds[i] = (struct chk_threshold){
			.sev = CHK_WARNING, .id = "counter.threshold",
			.remedy = "The counter rose faster than the manifest allows: see what it counts (Documentation/counters.md).",
		};
	}
	r->thresholds[i].counter = strdup(w[1]);
	r->thresholds[i].per_second = v / per;
	return r->thresholds[i].counter ? 0 : EXIT_ERROR;
}

int chk_expect_load(const char *path, struct chk_expect *e, struct chk_run *r)
{
	struct parse ps = { .path = path };
	char buf[1024];
	int err = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "rdmactl: check: cannot read the manifest %s: %s\n", path,
			strerror(errno));
		return EXIT_USAGE;
	}
	e->ports.size = sizeof(struct chk_expect_port);
	e->modules.size = 32;
	while (!err && fgets(buf, sizeof(buf), f)) {
		char *w[16], *save, *tok;
		int n = 0;

		ps.line++;
		if (!strchr(buf, '\n') && !feof(f)) {
			err = bad(&ps, "the line is too long%s%s", "", "");
			break;
		}
		buf[strcspn(buf, "#\n")] = '\0';
		for (tok = strtok_r(buf, " \t", &save); tok && n < 16; tok = strtok_r(NULL, " \t", &save))
			w[n++] = tok;
		if (!n)
			continue;
		if (tok)
			err = bad(&ps, "too many words%s%s", "", "");
		else if (!strcmp(w[0], "port") || !strcmp(w[0], "ipoib")) {
			struct chk_expect_port p = { .line = ps.line };

			err = w[0][0] == 'p' ? port_line(&ps, w, n, &p) : ipoib_line(&ps, w, n, &p);
			if (!err && cli_vec_push(&e->ports, &p))
				err = EXIT_ERROR;
		} else if (!strcmp(w[0], "module")) {
			char m[32];

			if (n != 2 || strlen(w[1]) >= sizeof(m))
				err = bad(&ps, "module wants one module name%s%s", "", "");
			else {
				snprintf(m, sizeof(m), "%s", w[1]);
				if (cli_vec_push(&e->modules, m))
					err = EXIT_ERROR;
			}
		} else if (!strcmp(w[0], "threshold")) {
			err = threshold_line(&ps, w, n, r);
		} else {
			err = bad(&ps, "unknown line \"%s\" (%s)", w[0],
				  "lines are port, ipoib, module, threshold");
		}
	}
	if (!err && ferror(f))
		err = bad(&ps, "read error%s%s", "", "");
	fclose(f);
	return err;
}

void chk_expect_dump(const struct chk_run *r)
{
	static const char *const modules[] = { "ib_uverbs", "ib_umad", "rdma_ucm", "ib_ipoib" };
	const struct chk_port *p = r->ports.items;
	const struct rdmactl_ipoib_info *ib = r->ipoib.items;
	struct utsname u;
	char when[32];
	time_t now = time(NULL);
	size_t i;

	uname(&u);
	strftime(when, sizeof(when), "%Y-%m-%d", localtime(&now));
	printf("# rdmactl check manifest: %s on %s (rdmactl check expect FILE)\n", u.nodename, when);
	for (i = 0; i < r->ports.n; i++) {
		const struct rdmactl_port_info *pi = &p[i].info;

		/* Only what `expect` reads back: no state but DOWN..ACTIVE, no rate 0. */
		printf("port %s/%u", pi->dev_name, pi->port);
		if (pi->state >= 1 && pi->state <= 4)
			printf(" state %s", state_names[pi->state]);
		if ((pi->present & RDMACTL_PORT_HAS_RATE) && pi->rate_mbps)
			printf(" rate %g", pi->rate_mbps / 1000.0);
		if (pi->present & RDMACTL_PORT_HAS_WIDTH)
			printf(" width %u", pi->active_width);
		if (pi->present & RDMACTL_PORT_HAS_ACTIVE_MTU)
			printf(" mtu %u", pi->active_mtu);
		if (p[i].has_roce && (p[i].roce.present & RDMACTL_ROCE_HAS_CURRENT))
			printf(" roce-mode %s", rdmactl_gid_type_name(p[i].roce.mode));
		printf("\n");
	}
	for (i = 0; i < r->ipoib.n; i++)
		printf("ipoib %s mode %s mtu %u\n", ib[i].ifname, rdmactl_ipoib_mode_name(ib[i].mode),
		       ib[i].mtu);
	for (i = 0; i < sizeof(modules) / sizeof(modules[0]); i++) {
		char path[64];
		FILE *f;

		snprintf(path, sizeof(path), "/sys/module/%s/refcnt", modules[i]);
		f = fopen(path, "r");
		if (f) {
			printf("module %s\n", modules[i]);
			fclose(f);
		}
	}
}
