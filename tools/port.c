// SPDX-License-Identifier: GPL-2.0-or-later
/* rdmactl port [show [DEV[/PORT]]] */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

/*
 * "rate 10 Gb/s (4X QDR)", "2.5 Gb/s", "56 Gb/s": the rate as sysfs
 * prints it, then the width and speed it comes from (in JSON always).
 */
static void port_print_rate(const struct rdmactl_port_info *p)
{
	bool rate = p->present & RDMACTL_PORT_HAS_RATE;
	char gbps[32];

	if (p->rate_mbps % 1000)
		snprintf(gbps, sizeof(gbps), "%u.%u", p->rate_mbps / 1000,
			 (p->rate_mbps % 1000) / 100);
	else
		snprintf(gbps, sizeof(gbps), "%u", p->rate_mbps / 1000);
	if (rate)
		print_uint_fmt("rate_mbps", p->rate_mbps, " rate %s Gb/s", gbps);
	if (p->present & RDMACTL_PORT_HAS_WIDTH)
		print_uint("active_width", rate ? " (%" PRIu64 "X" : NULL, p->active_width);
	else if (rate)
		print_text(" (%uX", p->active_width);
	print_str("active_speed", rate ? " %s)" : NULL, rdmactl_port_speed_name(p->active_speed));
}

/* The IPoIB interfaces of every port, listed beside the ports. */
static struct cli_vec port_ipoib = { .size = sizeof(struct rdmactl_ipoib_info) };

static void port_print_ipoib(const struct rdmactl_port_info *p)
{
	const struct rdmactl_ipoib_info *ib = port_ipoib.items;
	bool any = false;
	size_t i;

	for (i = 0; i < port_ipoib.n; i++) {
		if (ib[i].dev_index != p->dev_index || ib[i].port != p->port)
			continue;
		if (!any)
			print_array_open("ipoib");
		print_object_open(NULL);
		print_str("netdev", any ? ",%s" : " ipoib %s", ib[i].ifname);
		print_uint("netdev_index", NULL, ib[i].ifindex);
		print_object_close();
		any = true;
	}
	if (any)
		print_array_close();
}

static void port_print(const void *item)
{
	const struct rdmactl_port_info *p = item;

	print_open();
	print_uint("ifindex", NULL, p->dev_index);
	print_str("ifname", "%s/", p->dev_name);
	print_uint("port", "%" PRIu64 ":", p->port);
	print_str("state", " state %s", rdmactl_port_state_name(p->state));
	print_str("physical_state", " physical_state %s",
		  rdmactl_port_phys_state_name(p->phys_state));
	print_str("link_layer", " link_layer %s", rdmactl_link_layer_name(p->link_layer));
	port_print_rate(p);
	if (p->present & RDMACTL_PORT_HAS_IB) {
		print_uint("lid", " lid %" PRIu64, p->lid);
		print_uint("sm_lid", " sm_lid %" PRIu64, p->sm_lid);
		print_uint("lmc", " lmc %" PRIu64, p->lmc);
	}
	if (p->present & RDMACTL_PORT_HAS_GUID)
		print_guid("port_guid", " port_guid %s", p->port_guid);
	print_uint("cap_mask", " cap_mask 0x%08" PRIx64, p->cap_flags);
	if (p->present & RDMACTL_PORT_HAS_NETDEV) {
		print_str("netdev", " netdev %s", p->netdev_name);
		print_uint("netdev_index", NULL, p->netdev_index);
	}
	port_print_ipoib(p);

	/* With -d, a second line; JSON has all of it always. */
	if (cli.details)
		print_text("\n   ");
	if (p->present & RDMACTL_PORT_HAS_IB) {
		print_uint("sm_sl", cli.details ? " sm_sl %" PRIu64 : NULL, p->sm_sl);
		print_guid("subnet_prefix", cli.details ? " subnet_prefix %s" : NULL,
			   p->subnet_prefix);
	}
	print_uint("cap_mask2", cli.details ? " cap_mask2 0x%04" PRIx64 : NULL, p->cap_flags2);
	if (p->present & RDMACTL_PORT_HAS_ACTIVE_MTU)
		print_uint("active_mtu", cli.details ? " active_mtu %" PRIu64 : NULL,
			   p->active_mtu);
	if (p->present & RDMACTL_PORT_HAS_MAX_MTU)
		print_uint("max_mtu", cli.details ? " max_mtu %" PRIu64 : NULL, p->max_mtu);
	print_uint("gid_tbl_len", cli.details ? " gid_tbl_len %" PRIu64 : NULL, p->gid_tbl_len);
	print_uint("pkey_tbl_len", cli.details ? " pkey_tbl_len %" PRIu64 : NULL,
		   p->pkey_tbl_len);
	print_close();
}

struct port_filter {
	const char *dev;	/* NULL: every device */
	uint32_t port;		/* 0: every port */
};

static int port_collect(const struct rdmactl_port_info *p, void *v)
{
	return cli_vec_push(v, p);
}

static int port_ipoib_collect(const struct rdmactl_ipoib_info *ib, void *v)
{
	return cli_vec_push(v, ib);
}

static int port_list(struct rdmactl *h, const void *arg, struct cli_vec *v)
{
	const struct port_filter *f = arg;
	int err;

	err = rdmactl_port_list(h, f->dev, f->port, port_collect, v);
	if (err)
		return err;
	/* Best effort: a missing ib_ipoib just means no interfaces. */
	cli_vec_clear(&port_ipoib, NULL);
	if (rdmactl_ipoib_list(h, NULL, f->dev, f->port, port_ipoib_collect, &port_ipoib))
		cli_vec_clear(&port_ipoib, NULL);
	return 0;
}

static const struct cli_spec port_show_spec = {
	.cmd = "port show", .args = (const struct cli_arg[]) {
		{ "DEV[/PORT]", CLI_DEV_PORT, 0, .flags = CLI_POS },
		{ .name = NULL },
	}
};

static int port_show(int argc, char **argv)
{
	struct cli_dev_port dp = { .port = 0 };
	struct port_filter f = { NULL, 0 };

	if (cli_parse(&port_show_spec, argc, argv, &dp, NULL))
		return EXIT_USAGE;
	if (dp.dev[0]) {
		f.dev = dp.dev;
		f.port = dp.port;
	}
	return cli_show(sizeof(struct rdmactl_port_info), port_list, &f, port_print, NULL, f.dev,
			"cannot list ports");
}

static int port_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_help("port", (const struct cli_spec *const[]) { &port_show_spec, NULL });
	return EXIT_OK;
}

static const struct cli_cmd port_cmds[] = {
	{ "show", port_show, "list ports" },
	{ "list", port_show, "the same as show" },
	{ "help", port_help, "this text" },
	{ NULL, NULL, NULL }
};

int port_main(int argc, char **argv)
{
	return cli_dispatch(port_cmds, "port", argc, argv);
}
