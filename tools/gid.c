// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl gid [show [DEV[/PORT]] [type ib|v1|v2] [netdev IF]]
 * rdmactl gid find ip ADDR [type ib|v1|v2] [DEV[/PORT]]
 *
 * show prints one line per GID entry in the columns of show_gids:
 * DEV PORT INDEX GID IPv4 VER NETDEV.
 */
#include <errno.h>
#include <inttypes.h>
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
	{ NULL, 0 }
};

static int gid_ip_parse(const char *word, void *dst)
{
	return rdmactl_gid_from_ip(word, dst);
}

#define GID_DEV_PORT { "DEV[/PORT]", CLI_DEV_PORT, offsetof(struct gid_args, dp), .flags = CLI_POS }
#define GID_TYPE { "type", CLI_ENUM, offsetof(struct gid_args, type), .value = "ib|v1|v2", \
		   .expect = "ib, v1 or v2", .aliases = "--type", .values = gid_types }

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

static void gid_print(const void *item)
{
	const struct rdmactl_gid_info *g = item;
	char text[40], v4[16];
	bool is_v4 = gid_ipv4(g->gid, v4, sizeof(v4));

	if (!cli.json && !gid_header_done) {
		printf("%-12s %-4s %-5s %-39s %-15s %-3s %s\n", "DEV", "PORT", "INDEX", "GID",
		       "IPv4", "VER", "NETDEV");
		gid_header_done = true;
	}
	gid_format(g->gid, text);
	/* The columns of the header; an absent value leaves its column blank. */
	print_open();
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

static int gid_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_help("gid", (const struct cli_spec *const[]) { &gid_show_spec, &gid_find_spec, NULL });
	printf("Until the next release, the old --type, --netdev and --ip still work.\n");
	return EXIT_OK;
}

static const struct cli_cmd gid_cmds[] = {
	{ "show", gid_show, "list GID table entries" },
	{ "find", gid_find, "the entries of an IP address: the GID index to use" },
	{ "help", gid_help, "this text" },
	{ NULL, NULL, NULL }
};

int gid_main(int argc, char **argv)
{
	return cli_dispatch(gid_cmds, "gid", argc, argv);
}
