// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl ipoib [show [IF | DEV[/PORT]]]
 * rdmactl ipoib set IF mode connected|datagram [mtu N]
 * rdmactl ipoib udev-rule IF NAME
 */
#include <errno.h>
#include <inttypes.h>
#include <net/if.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *operstate_name(uint8_t s)
{
	static const char *const names[] = {
		"UNKNOWN", "NOTPRESENT", "DOWN", "LOWERLAYERDOWN", "TESTING", "DORMANT", "UP",
	};

	return s < sizeof(names) / sizeof(names[0]) ? names[s] : "UNKNOWN";
}

/* aa:bb:... as ip(8) prints link addresses. */
static void format_hwaddr(const uint8_t *a, char *buf)
{
	int i;

	for (i = 0; i < RDMACTL_IPOIB_HWADDR_LEN; i++)
		sprintf(buf + 3 * i, "%02x%s", a[i], i + 1 < RDMACTL_IPOIB_HWADDR_LEN ? ":" : "");
}

static void ipoib_print(const void *item)
{
	const struct rdmactl_ipoib_info *ib = item;
	char parent[IF_NAMESIZE] = "", addr[3 * RDMACTL_IPOIB_HWADDR_LEN];

	if (ib->parent_ifindex && !if_indextoname(ib->parent_ifindex, parent))
		snprintf(parent, sizeof(parent), "if%u", ib->parent_ifindex);
	format_hwaddr(ib->hwaddr, addr);

	print_open();
	print_str("netdev", "%s", ib->ifname);
	print_uint("netdev_index", NULL, ib->ifindex);
	if (*parent) {
		print_str("parent", "@%s", parent);
		print_uint("parent_index", NULL, ib->parent_ifindex);
	}
	print_str("ifname", ": %s/", ib->dev_name);
	print_uint("ifindex", NULL, ib->dev_index);
	print_uint("port", "%" PRIu64, ib->port);
	print_uint("pkey", " pkey 0x%04" PRIx64, ib->pkey);
	print_str("mode", " mode %s", rdmactl_ipoib_mode_name(ib->mode));
	print_uint("mtu", " mtu %" PRIu64, ib->mtu);
	print_str("operstate", " state %s", operstate_name(ib->operstate));
	print_bool("admin_up", ib->admin_up, NULL);
	print_bool("connected_mode_supported", ib->cm_supported, " connected_mode %s",
		   ib->cm_supported ? "supported" : "unsupported");
	if (cli.details)
		print_text("\n   ");
	if (ib->max_mtu_datagram)
		print_uint("max_mtu_datagram", cli.details ? " max_mtu datagram %" PRIu64 : NULL,
			   ib->max_mtu_datagram);
	if (ib->max_mtu_connected)
		print_uint("max_mtu_connected", cli.details ? " connected %" PRIu64 : NULL,
			   ib->max_mtu_connected);
	print_uint("umcast", cli.details ? " umcast %" PRIu64 : NULL, ib->umcast);
	print_uint("qpn", cli.details ? " qpn 0x%06" PRIx64 : NULL, ib->qpn);
	print_uint("hw_flags", cli.details ? " flags 0x%02" PRIx64 : NULL, ib->hw_flags);
	print_guid("subnet_prefix", cli.details ? " subnet_prefix %s" : NULL, ib->subnet_prefix);
	print_guid("port_guid", cli.details ? " port_guid %s" : NULL, ib->port_guid);
	print_str("address", cli.details ? "\n    address %s" : NULL, addr);
	print_close();
}

static int ipoib_collect(const struct rdmactl_ipoib_info *ib, void *v)
{
	return cli_vec_push(v, ib);
}

struct ipoib_args {
	struct cli_dev_port dp;		/* show: IF, DEV or DEV/PORT */
	const char *ifname;		/* set, udev-rule */
	uint8_t mode;
	uint32_t mtu;
	const char *name;		/* udev-rule: the name to give */
};

static const struct cli_enum ipoib_modes[] = {
	{ "datagram", RDMACTL_IPOIB_DATAGRAM },
	{ "connected", RDMACTL_IPOIB_CONNECTED },
	{ NULL, 0 }
};

#define IPOIB_IF(f) { "IF", CLI_STR, offsetof(struct ipoib_args, ifname), .flags = (f), \
		      .expect = "an interface name, at most 15 characters", .max = IF_NAMESIZE }

static const struct cli_spec ipoib_show_spec = {
	.cmd = "ipoib show", .args = (const struct cli_arg[]) {
		{ "IF|DEV[/PORT]", CLI_DEV_PORT, offsetof(struct ipoib_args, dp), .flags = CLI_POS },
		{ .name = NULL },
	}
};

enum { IPOIB_SET_IF, IPOIB_SET_MODE, IPOIB_SET_MTU };

static const struct cli_spec ipoib_set_spec = {
	.cmd = "ipoib set", .args = (const struct cli_arg[]) {
		[IPOIB_SET_IF] = IPOIB_IF(CLI_POS | CLI_REQ),
		/* Required while the module is: it refuses a set without a mode. */
		[IPOIB_SET_MODE] = { "mode", CLI_ENUM, offsetof(struct ipoib_args, mode), .flags = CLI_REQ,
				     .value = "connected|datagram",
				     .expect = "connected or datagram", .values = ipoib_modes },
		[IPOIB_SET_MTU] = { "mtu", CLI_U32, offsetof(struct ipoib_args, mtu), .value = "N",
				    .expect = "a number of bytes from 1", .min = 1,
				    .max = UINT32_MAX },
		{ .name = NULL },
	}
};

/* A name udev can give: no path, no glob, no quote to break the rule. */
static int ipoib_name_parse(const char *word, void *dst)
{
	if (!*word || strlen(word) >= IF_NAMESIZE || strpbrk(word, "/ \t\n\"*?[]") ||
	    !strcmp(word, ".") || !strcmp(word, ".."))
		return -EINVAL;
	*(const char **)dst = word;
	return 0;
}

static const struct cli_spec ipoib_udev_spec = {
	.cmd = "ipoib udev-rule", .args = (const struct cli_arg[]) {
		IPOIB_IF(CLI_POS | CLI_REQ),
		{ "NAME", CLI_STR, offsetof(struct ipoib_args, name), .flags = CLI_POS | CLI_REQ,
		  .expect = "at most 15 characters, no '/', spaces, quotes or globs",
		  .parse = ipoib_name_parse },
		{ .name = NULL },
	}
};

struct ipoib_filter {
	const char *ifname;
	const char *dev;
	uint32_t port;
};

static int ipoib_list(struct rdmactl *h, const void *arg, struct cli_vec *v)
{
	const struct ipoib_filter *f = arg;
	int err;

	err = rdmactl_ipoib_list(h, f->ifname, NULL, 0, ipoib_collect, v);
	/* Not an interface? Then a device, as "ipoib show DEV" means. */
	if (err == -ENODEV && f->dev && !f->port)
		err = rdmactl_ipoib_list(h, NULL, f->dev, 0, ipoib_collect, v);
	return err;
}

static int ipoib_list_dev(struct rdmactl *h, const void *arg, struct cli_vec *v)
{
	const struct ipoib_filter *f = arg;

	return rdmactl_ipoib_list(h, NULL, f->dev, f->port, ipoib_collect, v);
}

static int ipoib_show(int argc, char **argv)
{
	struct ipoib_args a = { .ifname = NULL };
	struct ipoib_filter f = { NULL, NULL, 0 };

	if (cli_parse(&ipoib_show_spec, argc, argv, &a, NULL))
		return EXIT_USAGE;
	if (a.dp.dev[0]) {
		f.dev = a.dp.dev;
		f.port = a.dp.port;
		if (!f.port && strlen(a.dp.dev) < IF_NAMESIZE)
			f.ifname = a.dp.dev;
	}
	return cli_show(sizeof(struct rdmactl_ipoib_info), f.ifname ? ipoib_list : ipoib_list_dev,
			&f, ipoib_print, NULL, f.dev, "cannot list IPoIB interfaces");
}

static int ipoib_set(int argc, char **argv)
{
	struct ipoib_args a = { .ifname = NULL };
	unsigned int given, what = 0;
	struct rdmactl *h;
	int err;

	if (cli_parse(&ipoib_set_spec, argc, argv, &a, &given))
		return EXIT_USAGE;
	if (given & (1U << IPOIB_SET_MODE))
		what |= RDMACTL_IPOIB_MODIFY_MODE;
	if (given & (1U << IPOIB_SET_MTU))
		what |= RDMACTL_IPOIB_MODIFY_MTU;
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	err = rdmactl_ipoib_modify(h, a.ifname, what, a.mode, a.mtu);
	err = err ? cli_fail(h, err, a.ifname, "cannot set the mode") : EXIT_OK;
	rdmactl_close(h);
	return err;
}

static int ipoib_first(const struct rdmactl_ipoib_info *ib, void *arg)
{
	*(struct rdmactl_ipoib_info *)arg = *ib;
	return 0;
}

/*
 * A udev rule that names the interface after its port GUID, the last 8
 * bytes of its hardware address (the first 12 change: flags, QPN, prefix).
 */
static int ipoib_udev_rule(int argc, char **argv)
{
	struct ipoib_args a = { .ifname = NULL };
	struct rdmactl_ipoib_info ib;
	struct rdmactl *h;
	char addr[3 * RDMACTL_IPOIB_HWADDR_LEN];
	int err;

	if (cli_parse(&ipoib_udev_spec, argc, argv, &a, NULL))
		return EXIT_USAGE;
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	err = rdmactl_ipoib_list(h, a.ifname, NULL, 0, ipoib_first, &ib);
	if (err) {
		err = cli_fail(h, err, a.ifname, "cannot read the interface");
	} else {
		format_hwaddr(ib.hwaddr, addr);
		printf("# %s on %s/%u, port GUID %s\n", ib.ifname, ib.dev_name, ib.port, addr + 36);
		printf("ACTION==\"add\", SUBSYSTEM==\"net\", ATTR{type}==\"32\", "
		       "ATTR{address}==\"?*%s\", NAME=\"%s\"\n", addr + 36, a.name);
		err = EXIT_OK;
	}
	rdmactl_close(h);
	return err;
}

static int ipoib_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_help("ipoib", (const struct cli_spec *const[]) {
		&ipoib_show_spec, &ipoib_set_spec, &ipoib_udev_spec, NULL });
	return EXIT_OK;
}

static const struct cli_cmd ipoib_cmds[] = {
	{ "show", ipoib_show, "list IPoIB interfaces" },
	{ "set", ipoib_set, "switch an interface's mode (and MTU)" },
	{ "udev-rule", ipoib_udev_rule, "print a persistent-naming udev rule" },
	{ "help", ipoib_help, "this text" },
	{ NULL, NULL, NULL }
};

int ipoib_main(int argc, char **argv)
{
	return cli_dispatch(ipoib_cmds, "ipoib", argc, argv);
}
