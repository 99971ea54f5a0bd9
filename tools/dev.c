// SPDX-License-Identifier: GPL-2.0-or-later
/* rdmactl dev [show [DEV]] */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void dev_print(const void *item)
{
	const struct rdmactl_dev_info *d = item;

	print_open();
	print_uint("ifindex", "%" PRIu64 ":", d->index);
	print_str("ifname", " %s:", d->name);
	print_str("driver", " driver %s", d->driver);
	print_str("node_type", " node_type %s", rdmactl_node_type_name(d->node_type));
	if (d->fw_ver[0])
		print_str("fw", " fw %s", d->fw_ver);
	print_guid("node_guid", " node_guid %s", d->node_guid);
	print_guid("sys_image_guid", " sys_image_guid %s", d->sys_image_guid);
	print_uint("ports", " ports %" PRIu64, d->num_ports);
	if (cli.details)
		print_text("\n   ");
	print_uint("vendor_id", cli.details ? " vendor_id 0x%04" PRIx64 : NULL, d->vendor_id);
	print_uint("vendor_part_id", cli.details ? " vendor_part_id %" PRIu64 : NULL,
		   d->vendor_part_id);
	print_uint("hw_ver", cli.details ? " hw_ver 0x%" PRIx64 : NULL, d->hw_ver);
	print_close();
}

static int dev_collect(const struct rdmactl_dev_info *d, void *v)
{
	return cli_vec_push(v, d);
}

static int dev_list(struct rdmactl *h, const void *name, struct cli_vec *v)
{
	return rdmactl_dev_list(h, name, dev_collect, v);
}

static const struct cli_spec dev_show_spec = {
	.cmd = "dev show", .args = (const struct cli_arg[]) {
		{ "DEV", CLI_DEV, 0, .flags = CLI_POS },
		{ .name = NULL },
	}
};

static int dev_show(int argc, char **argv)
{
	struct cli_dev_port dp = { .port = 0 };
	const char *name;

	if (cli_parse(&dev_show_spec, argc, argv, &dp, NULL))
		return EXIT_USAGE;
	name = dp.dev[0] ? dp.dev : NULL;
	return cli_show(sizeof(struct rdmactl_dev_info), dev_list, name, dev_print, NULL, name,
			"cannot list devices");
}

static int dev_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_help("dev", (const struct cli_spec *const[]) { &dev_show_spec, NULL });
	return EXIT_OK;
}

static const struct cli_cmd dev_cmds[] = {
	{ "show", dev_show, "list devices" },
	{ "list", dev_show, "the same as show" },
	{ "help", dev_help, "this text" },
	{ NULL, NULL, NULL }
};

int dev_main(int argc, char **argv)
{
	return cli_dispatch(dev_cmds, "dev", argc, argv);
}
