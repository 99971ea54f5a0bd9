// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl gid [show [DEV[/PORT]] [type ib|v1|v2|iwarp] [netdev IF]]
 * rdmactl gid find ip ADDR [type ib|v1|v2|iwarp] [DEV[/PORT]]
 * rdmactl gid select DEV[/PORT] [family 4|6] [type ib|v1|v2|iwarp] [netdev IF]
 *                   [vlan N|none] [subnet CIDR] [all] [shell]
 *
 * show prints one line per GID entry in the columns of show_gids:
 * DEV PORT INDEX GID IPv4 VER NETDEV. select prints the entry to use in
 * them, then why; all prints every entry with its score and verdict,
 * shell "GID_INDEX=N" for job scripts.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <net/if.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

struct gid_args {
	struct cli_dev_port dp;
	uint8_t type;			/* 0: any */
	const char *netdev;		/* NULL: any */
	uint8_t gid[RDMACTL_GID_LEN];	/* find: the address, as a GID */
};

static const struct cli_enum gid_types[] = {
	{ "ib", RDMACTL_GID_TYPE_IB },
	{ "v1", RDMACTL_GID_TYPE_ROCE_V1 },
	{ "v2", RDMACTL_GID_TYPE_ROCE_V2 },
	{ "iwarp", RDMACTL_GID_TYPE_IWARP },
	{ NULL, 0 }
};

static int gid_ip_parse(const char *word, void *dst)
{
	return rdmactl_gid_from_ip(word, dst);
}

#define GID_DEV_PORT { "DEV[/PORT]", CLI_DEV_PORT, offsetof(struct gid_args, dp), .flags = CLI_POS }
#define GID_TYPE { "type", CLI_ENUM, offsetof(struct gid_args, type), .value = "ib|v1|v2|iwarp", \
		   .expect = "ib, v1, v2 or iwarp", .aliases = "--type", .values = gid_types }

static const struct cli_spec gid_show_spec = {
	.cmd = "gid show", .args = (const struct cli_arg[]) {
		GID_DEV_PORT,
		GID_TYPE,
		{ "netdev", CLI_STR, offsetof(struct gid_args, netdev), .value = "IF",
		  .expect = "an interface name, at most 15 characters", .aliases = "--netdev",
		  .max = IF_NAMESIZE },
		{ .name = NULL },
	}
};

static const struct cli_spec gid_find_spec = {
	.cmd = "gid find", .args = (const struct cli_arg[]) {
		{ "ip", CLI_STR, offsetof(struct gid_args, gid), .flags = CLI_REQ, .value = "ADDR",
		  .expect = "an IPv4 or IPv6 address", .aliases = "--ip", .parse = gid_ip_parse },
		GID_TYPE,
		GID_DEV_PORT,
		{ .name = NULL },
	}
};

static const char *gid_dev(const struct gid_args *a)
{
	return a->dp.dev[0] ? a->dp.dev : NULL;
}

/* The GID as sysfs prints it: eight groups of four hex digits. */
static void gid_format(const uint8_t *g, char *buf)
{
	int i;

	for (i = 0; i < RDMACTL_GID_LEN; i += 2)
		sprintf(buf + i / 2 * 5, "%02x%02x%s", g[i], g[i + 1], i + 2 < RDMACTL_GID_LEN ? ":" : "");
}

/* a.b.c.d when the GID is an IPv4-mapped address (::ffff:a.b.c.d). */
static bool gid_ipv4(const uint8_t *g, char *buf, size_t size)
{
	static const uint8_t prefix[12] = { [10] = 0xff, [11] = 0xff };

	if (memcmp(g, prefix, sizeof(prefix)))
		return false;
	snprintf(buf, size, "%u.%u.%u.%u", g[12], g[13], g[14], g[15]);
	return true;
}

static bool gid_header_done;

/* The header, once; first: columns before the entry's own. */
static void gid_header(const char *first)
{
	if (cli.json || gid_header_done)
		return;
	printf("%s%-12s %-4s %-5s %-39s %-15s %-3s %s\n", first, "DEV", "PORT", "INDEX", "GID",
	       "IPv4", "VER", "NETDEV");
	gid_header_done = true;
}

/* The columns of the header; an absent value leaves its column blank. */
static void gid_fields(const struct rdmactl_gid_info *g)
{
	char text[40], v4[16];
	bool is_v4 = gid_ipv4(g->gid, v4, sizeof(v4));

	gid_format(g->gid, text);
	print_str("ifname", "%-12s", g->dev_name);
	print_uint("ifindex", NULL, g->dev_index);
	print_uint("port", " %-4" PRIu64, g->port);
	print_uint("index", " %-5" PRIu64, g->index);
	print_str("gid", " %-39s", text);
	if (is_v4)
		print_str("ipv4", " %-15s", v4);
	else
		print_text(" %-15s", "");
	print_str("type", " %-3s", rdmactl_gid_type_name(g->type));
	if (g->present & RDMACTL_GID_HAS_NETDEV) {
		print_str("netdev", " %s", g->netdev_name);
		print_uint("netdev_index", NULL, g->netdev_index);
	} else {
		print_text(" ");
	}
	if (g->present & RDMACTL_GID_HAS_VLAN)
		print_uint("vlan", " vlan %" PRIu64, g->vlan_id);
}

static void gid_print(const void *item)
{
	gid_header("");
	print_open();
	gid_fields(item);
	print_close();
}

struct gid_collect {
	const struct gid_args *a;
	struct cli_vec *v;
};

static int gid_collect(const struct rdmactl_gid_info *g, void *arg)
{
	const struct gid_collect *c = arg;

	if (c->a->type && g->type != c->a->type)
		return 0;
	if (c->a->netdev &&
	    (!(g->present & RDMACTL_GID_HAS_NETDEV) || strcmp(g->netdev_name, c->a->netdev)))
		return 0;
	return cli_vec_push(c->v, g);
}

static int gid_list(struct rdmactl *h, const void *arg, struct cli_vec *v)
{
	const struct gid_args *a = arg;
	struct gid_collect c = { a, v };

	return rdmactl_gid_list(h, gid_dev(a), a->dp.port, gid_collect, &c);
}

static int gid_find_list(struct rdmactl *h, const void *arg, struct cli_vec *v)
{
	const struct gid_args *a = arg;
	struct gid_collect c = { a, v };

	return rdmactl_gid_find(h, a->gid, a->type, gid_dev(a), a->dp.port, gid_collect, &c);
}

static int gid_show(int argc, char **argv)
{
	struct gid_args a = { .type = 0 };

	if (cli_parse(&gid_show_spec, argc, argv, &a, NULL))
		return EXIT_USAGE;
	return cli_show(sizeof(struct rdmactl_gid_info), gid_list, &a, gid_print, NULL,
			gid_dev(&a), "cannot list GIDs");
}

static int gid_find(int argc, char **argv)
{
	struct gid_args a = { .type = 0 };

	if (cli_parse(&gid_find_spec, argc, argv, &a, NULL))
		return EXIT_USAGE;
	return cli_show(sizeof(struct rdmactl_gid_info), gid_find_list, &a, gid_print, NULL,
			gid_dev(&a), "cannot find the GID");
}

struct gid_select_args {
	struct cli_dev_port dp;
	struct rdmactl_gid_want want;
	uint8_t family, type;
	const char *netdev;
	bool all, shell;
};

static const struct cli_enum gid_families[] = {
	{ "4", 4 },
	{ "6", 6 },
	{ NULL, 0 }
};

/* vlan N|none, into want. */
static int gid_vlan_parse(const char *word, void *dst)
{
	struct rdmactl_gid_want *w = dst;
	char *end;
	unsigned long id;

	if (!strcmp(word, "none")) {
		w->what |= RDMACTL_GID_WANT_NO_VLAN;
		return 0;
	}
	if (!isdigit((unsigned char)*word))	/* strtoul() takes " 8", "+8", "-0" */
		return -EINVAL;
	id = strtoul(word, &end, 10);
	if (*end || id > 4094)
		return -EINVAL;
	w->vlan_id = (uint16_t)id;
	w->what |= RDMACTL_GID_WANT_VLAN;
	return 0;
}

/* subnet A.B.C.D/N or X::/N, into want as a GID prefix. */
static int gid_subnet_parse(const char *word, void *dst)
{
	struct rdmactl_gid_want *w = dst;
	char addr[INET6_ADDRSTRLEN];
	const char *slash = strchr(word, '/');
	unsigned long len;
	char *end;
	bool v4;

	if (!slash || (size_t)(slash - word) >= sizeof(addr) || !isdigit((unsigned char)slash[1]))
		return -EINVAL;
	memcpy(addr, word, (size_t)(slash - word));
	addr[slash - word] = '\0';
	v4 = !strchr(addr, ':');
	len = strtoul(slash + 1, &end, 10);
	if (*end || len > (v4 ? 32 : 128) || rdmactl_gid_from_ip(addr, w->subnet))
		return -EINVAL;
	w->prefix_len = (uint8_t)(v4 ? 96 + len : len);
	w->what |= RDMACTL_GID_WANT_SUBNET;
	return 0;
}

#define GID_SEL(f) offsetof(struct gid_select_args, f)

static const struct cli_spec gid_select_spec = {
	.cmd = "gid select", .args = (const struct cli_arg[]) {
		{ "DEV[/PORT]", CLI_DEV_PORT, GID_SEL(dp), .flags = CLI_POS | CLI_REQ },
		{ "family", CLI_ENUM, GID_SEL(family), .value = "4|6", .expect = "4 or 6",
		  .aliases = "--family", .values = gid_families },
		{ "type", CLI_ENUM, GID_SEL(type), .value = "ib|v1|v2|iwarp", .expect = "ib, v1, v2 or iwarp",
		  .aliases = "--type", .values = gid_types },
		{ "netdev", CLI_STR, GID_SEL(netdev), .value = "IF",
		  .expect = "an interface name, at most 15 characters", .aliases = "--netdev",
		  .max = IF_NAMESIZE },
		{ "vlan", CLI_STR, GID_SEL(want), .value = "N|none",
		  .expect = "a VLAN ID from 0 to 4094, or none", .aliases = "--vlan",
		  .parse = gid_vlan_parse },
		{ "subnet", CLI_STR, GID_SEL(want), .value = "CIDR",
		  .expect = "an address and prefix length, as 192.0.2.0/24 or 2001:db8::/32",
		  .aliases = "--subnet", .parse = gid_subnet_parse },
		{ "all", CLI_FLAG, GID_SEL(all), .aliases = "--all" },
		{ "shell", CLI_FLAG, GID_SEL(shell), .aliases = "--shell" },
		{ .name = NULL },
	}
};

static const char *const gid_rule_texts[] = {
	[RDMACTL_GID_RULE_ONLY] = "the only entry that meets what was asked",
	[RDMACTL_GID_RULE_TYPE] = "RoCE v2 over v1",
	[RDMACTL_GID_RULE_NETDEV] = "the port's own netdev over upper devices",
	[RDMACTL_GID_RULE_SCOPE] = "a routable address over a link-local one",
	[RDMACTL_GID_RULE_FAMILY] = "IPv4 over IPv6",
	[RDMACTL_GID_RULE_DEFAULT] = "the default GID, the lowest index",
	[RDMACTL_GID_RULE_TIE] = "the lowest GID, a tie-break that does not change",
};

static const char *const gid_want_names[] = {
	"family", "type", "netdev", "vlan", "vlan", "subnet",
};

/* What the entry misses, as "type,family", or why it lost, or that it won. */
static void gid_verdict(const struct rdmactl_gid_candidate *c, char *buf, size_t size)
{
	size_t i, len = 0;

	if (c->chosen) {
		snprintf(buf, size, "chosen:%s", rdmactl_gid_rule_name(c->rule));
		return;
	}
	if (!c->missed) {
		snprintf(buf, size, "lost:%s", rdmactl_gid_rule_name(c->rule));
		return;
	}
	len = (size_t)snprintf(buf, size, "misses:");
	for (i = 0; i < sizeof(gid_want_names) / sizeof(gid_want_names[0]); i++)
		if (c->missed & (1U << i) && len < size)
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
						buf[len - 1] == ':' ? "" : ",", gid_want_names[i]);
}

/* The missed conditions, as a JSON array. */
static void gid_print_missed(const struct rdmactl_gid_candidate *c)
{
	size_t i;

	print_array_open("misses");
	for (i = 0; i < sizeof(gid_want_names) / sizeof(gid_want_names[0]); i++)
		if (c->missed & (1U << i) && !(i == 4 && (c->missed & RDMACTL_GID_WANT_VLAN)))
			print_str(NULL, NULL, gid_want_names[i]);
	print_array_close();
}

/* all: every entry, its score and verdict first. */
static void gid_select_print_all(const struct cli_vec *v)
{
	char verdict[48];
	size_t i;

	print_begin();
	for (i = 0; i < v->n; i++) {
		const struct rdmactl_gid_candidate *c =
			(const struct rdmactl_gid_candidate *)v->items + i;

		gid_header("SCORE VERDICT          ");
		gid_verdict(c, verdict, sizeof(verdict));
		print_open();
		print_uint("score", "%-5" PRIu64, c->score);
		print_text(" %-16s ", verdict);
		print_bool("chosen", c->chosen, NULL);
		if (!c->missed)
			print_str("rule", NULL, rdmactl_gid_rule_name(c->rule));
		else
			gid_print_missed(c);
		gid_fields(&c->gid);
		print_close();
	}
	print_end();
}

/* The entry to use, then why, and what was passed over for what. */
static void gid_select_print(const struct cli_vec *v)
{
	const struct rdmactl_gid_candidate *c = v->items;
	char verdict[48];
	size_t i;

	print_begin();
	gid_header("");
	print_open();
	gid_fields(&c->gid);
	print_str_fmt("rule", rdmactl_gid_rule_name(c->rule), "\nchosen by %s: %s",
		      rdmactl_gid_rule_name(c->rule),
		      /* a newer librdmactl may have rules this table lacks */
		      c->rule < sizeof(gid_rule_texts) / sizeof(gid_rule_texts[0]) && gid_rule_texts[c->rule] ?
		      gid_rule_texts[c->rule] : "a rule of a newer librdmactl");
	print_array_open("passed_over");
	for (i = 1; i < v->n; i++) {
		const struct rdmactl_gid_candidate *o = c + i;

		gid_verdict(o, verdict, sizeof(verdict));
		print_object_open(NULL);
		print_uint("port", "\n  passed over: port %" PRIu64, o->gid.port);
		print_uint("index", " index %" PRIu64, o->gid.index);
		print_str("type", " %s", rdmactl_gid_type_name(o->gid.type));
		if (!o->missed)
			print_str("lost_on", NULL, rdmactl_gid_rule_name(o->rule));
		else
			gid_print_missed(o);
		print_text(" (%s)", verdict);
		print_object_close();
	}
	print_array_close();
	print_close();
	print_end();
}

static int gid_select_collect(const struct rdmactl_gid_candidate *c, void *arg)
{
	return cli_vec_push(arg, c);
}

static int gid_select(int argc, char **argv)
{
	struct gid_select_args a = { .all = false };
	struct cli_vec v = { .size = sizeof(struct rdmactl_gid_candidate) };
	struct rdmactl_gid_candidate chosen;
	unsigned int given = 0;
	struct rdmactl *h;
	int err;

	if (cli_parse(&gid_select_spec, argc, argv, &a, &given))
		return EXIT_USAGE;
	if (a.all && a.shell) {
		cli_usage_error("gid select: all lists every entry, shell prints one: choose one");
		return EXIT_USAGE;
	}
	if ((a.want.what & RDMACTL_GID_WANT_VLAN) && (a.want.what & RDMACTL_GID_WANT_NO_VLAN)) {
		cli_usage_error("gid select: vlan given twice");
		return EXIT_USAGE;
	}
	if (given & (1U << 1)) {
		a.want.what |= RDMACTL_GID_WANT_FAMILY;
		a.want.family = a.family;
	}
	if (given & (1U << 2)) {
		a.want.what |= RDMACTL_GID_WANT_TYPE;
		a.want.type = a.type;
	}
	if (a.netdev) {
		a.want.what |= RDMACTL_GID_WANT_NETDEV;
		snprintf(a.want.netdev, sizeof(a.want.netdev), "%s", a.netdev);
	}
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	do {
		cli_vec_clear(&v, NULL);
		err = rdmactl_gid_select(h, a.dp.dev, a.dp.port, &a.want, &chosen,
					 gid_select_collect, &v);
	} while (err == -EINTR);
	if (err)
		err = cli_fail(h, err, a.dp.dev, "cannot select a GID");
	else if (a.shell)
		printf("GID_INDEX=%u\n", chosen.gid.index);
	else if (a.all)
		gid_select_print_all(&v);
	else
		gid_select_print(&v);
	cli_vec_free(&v);
	rdmactl_close(h);
	return err ? EXIT_ERROR : EXIT_OK;
}

static int gid_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_help("gid", (const struct cli_spec *const[]) { &gid_show_spec, &gid_find_spec,
						   &gid_select_spec, NULL });
	printf("select names the GID index an application should use, and why\n"
	       "(Documentation/roce.md gives the rules); shell prints GID_INDEX=N.\n"
	       "Until the next release, the old --type, --netdev and --ip still work.\n");
	return EXIT_OK;
}

static const struct cli_cmd gid_cmds[] = {
	{ "show", gid_show, "list GID table entries" },
	{ "find", gid_find, "the entries of an IP address: the GID index to use" },
	{ "select", gid_select, "the GID index an application should use, and why" },
	{ "help", gid_help, "this text" },
	{ NULL, NULL, NULL }
};

int gid_main(int argc, char **argv)
{
	return cli_dispatch(gid_cmds, "gid", argc, argv);
}
