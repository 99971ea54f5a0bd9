// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl gid [show [DEV[/PORT]] [--type ib|v1|v2] [--netdev IF]]
 * rdmactl gid find --ip ADDR [--type ib|v1|v2] [DEV[/PORT]]
 *
 * show prints one line per GID entry in the columns of show_gids:
 * DEV PORT INDEX GID IPv4 VER NETDEV.
 */
#include <errno.h>
#include <inttypes.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

struct gid_args {
	char dev[RDMACTL_DEV_NAME_MAX];
	bool has_dev;
	uint32_t port;
	uint8_t type;			/* 0: any */
	const char *netdev;		/* NULL: any */
	const char *ip;			/* find */
	uint8_t gid[RDMACTL_GID_LEN];
};

static int gid_type_parse(const char *s, uint8_t *type)
{
	for (*type = RDMACTL_GID_TYPE_IB; *type <= RDMACTL_GID_TYPE_ROCE_V2; (*type)++)
		if (!strcmp(s, rdmactl_gid_type_name(*type)))
			return 0;
	return -EINVAL;
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
	print_open();
	print_text("%-12s %-4u %-5u %-39s %-15s %-3s %s", g->dev_name, g->port, g->index, text,
		   is_v4 ? v4 : "", rdmactl_gid_type_name(g->type),
		   g->present & RDMACTL_GID_HAS_NETDEV ? g->netdev_name : "");
	if (g->present & RDMACTL_GID_HAS_VLAN)
		print_text(" vlan %u", g->vlan_id);
	print_str("ifname", NULL, g->dev_name);
	print_uint("ifindex", NULL, g->dev_index);
	print_uint("port", NULL, g->port);
	print_uint("index", NULL, g->index);
	print_str("gid", NULL, text);
	if (is_v4)
		print_str("ipv4", NULL, v4);
	print_str("type", NULL, rdmactl_gid_type_name(g->type));
	if (g->present & RDMACTL_GID_HAS_NETDEV) {
		print_str("netdev", NULL, g->netdev_name);
		print_uint("netdev_index", NULL, g->netdev_index);
	}
	if (g->present & RDMACTL_GID_HAS_VLAN)
		print_uint("vlan", NULL, g->vlan_id);
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
	const char *dev = a->has_dev ? a->dev : NULL;

	if (a->ip)
		return rdmactl_gid_find(h, a->gid, a->type, dev, a->port, gid_collect, &c);
	return rdmactl_gid_list(h, dev, a->port, gid_collect, &c);
}

/* The arguments of show and find; the global -j, -p, -d are taken here too. */
static int gid_parse(int argc, char **argv, struct gid_args *a, bool find)
{
	int i;

	for (i = 0; i < argc; i++) {
		const char *w = argv[i];

		if (!strcmp(w, "-j") || !strcmp(w, "--json")) {
			cli.json = true;
		} else if (!strcmp(w, "-p") || !strcmp(w, "--pretty")) {
			cli.json = cli.pretty = true;
		} else if (!strcmp(w, "-d") || !strcmp(w, "--details")) {
			cli.details = true;
		} else if (!strcmp(w, "--type") || !strcmp(w, "type")) {
			if (++i == argc || gid_type_parse(argv[i], &a->type)) {
				cli_usage_error("--type takes ib, v1 or v2");
				return -EINVAL;
			}
		} else if (!find && (!strcmp(w, "--netdev") || !strcmp(w, "netdev"))) {
			if (++i == argc || strlen(argv[i]) >= IF_NAMESIZE) {
				cli_usage_error("--netdev takes an interface name");
				return -EINVAL;
			}
			a->netdev = argv[i];
		} else if (find && (!strcmp(w, "--ip") || !strcmp(w, "ip"))) {
			if (++i == argc || rdmactl_gid_from_ip(argv[i], a->gid)) {
				cli_usage_error("--ip takes an IPv4 or IPv6 address");
				return -EINVAL;
			}
			a->ip = argv[i];
		} else if (w[0] != '-' && !a->has_dev) {
			if (cli_parse_dev_port(w, a->dev, sizeof(a->dev), &a->port)) {
				cli_usage_error("\"%s\" is not DEV or DEV/PORT", w);
				return -EINVAL;
			}
			a->has_dev = true;
		} else {
			cli_usage_error("\"gid %s\" does not take \"%s\"; try \"rdmactl gid help\"",
					find ? "find" : "show", w);
			return -EINVAL;
		}
	}
	if (find && !a->ip) {
		cli_usage_error("\"gid find\" needs --ip ADDR");
		return -EINVAL;
	}
	return 0;
}

static int gid_show(int argc, char **argv)
{
	struct gid_args a = { .has_dev = false };

	if (gid_parse(argc, argv, &a, false))
		return EXIT_USAGE;
	return cli_show(sizeof(struct rdmactl_gid_info), gid_list, &a, gid_print, NULL,
			a.has_dev ? a.dev : NULL, "cannot list GIDs");
}

static int gid_find(int argc, char **argv)
{
	struct gid_args a = { .has_dev = false };

	if (gid_parse(argc, argv, &a, true))
		return EXIT_USAGE;
	return cli_show(sizeof(struct rdmactl_gid_info), gid_list, &a, gid_print, NULL,
			a.has_dev ? a.dev : NULL, "cannot find the GID");
}

static int gid_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("Usage: rdmactl gid [show [DEV[/PORT]] [--type ib|v1|v2] [--netdev IF]]\n"
	       "       rdmactl gid find --ip ADDR [--type ib|v1|v2] [DEV[/PORT]]\n"
	       "       rdmactl gid help\n");
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
