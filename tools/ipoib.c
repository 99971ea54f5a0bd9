// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl ipoib [show [IF | DEV[/PORT]]]
 * rdmactl ipoib set IF mode connected|datagram [mtu N]
 * rdmactl ipoib udev-rule IF NAME
 */
#include <errno.h>
#include <inttypes.h>
#include <net/if.h>
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
	print_text("%s%s%s: %s/%u", ib->ifname, *parent ? "@" : "", parent, ib->dev_name, ib->port);
	print_str("netdev", NULL, ib->ifname);
	print_uint("netdev_index", NULL, ib->ifindex);
	if (*parent) {
		print_str("parent", NULL, parent);
		print_uint("parent_index", NULL, ib->parent_ifindex);
	}
	print_str("ifname", NULL, ib->dev_name);
	print_uint("ifindex", NULL, ib->dev_index);
	print_uint("port", NULL, ib->port);
	print_text(" pkey 0x%04x", ib->pkey);
	print_uint("pkey", NULL, ib->pkey);
	print_str("mode", " mode %s", rdmactl_ipoib_mode_name(ib->mode));
	print_uint("mtu", " mtu %" PRIu64, ib->mtu);
	print_str("operstate", " state %s", operstate_name(ib->operstate));
	print_bool("admin_up", ib->admin_up);
	print_text(" connected_mode %s", ib->cm_supported ? "supported" : "unsupported");
	print_bool("connected_mode_supported", ib->cm_supported);
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
	struct ipoib_filter f = { NULL, NULL, 0 };
	char dev[RDMACTL_DEV_NAME_MAX];

	if (argc > 1) {
		cli_usage_error("\"ipoib show\" takes one IF, DEV or DEV/PORT at most");
		return EXIT_USAGE;
	}
	if (argc == 1) {
		if (cli_parse_dev_port(argv[0], dev, sizeof(dev), &f.port)) {
			cli_usage_error("\"%s\" is not IF, DEV or DEV/PORT", argv[0]);
			return EXIT_USAGE;
		}
		f.dev = dev;
		if (!f.port && strlen(argv[0]) < IF_NAMESIZE)
			f.ifname = argv[0];
	}
	return cli_show(sizeof(struct rdmactl_ipoib_info), f.ifname ? ipoib_list : ipoib_list_dev,
			&f, ipoib_print, NULL, f.dev, "cannot list IPoIB interfaces");
}

static int ipoib_set(int argc, char **argv)
{
	uint8_t mode = 0;
	unsigned long mtu = 0;
	bool have_mode = false;
	struct rdmactl *h;
	int i, err;

	if (argc < 1 || strlen(argv[0]) >= IF_NAMESIZE) {
		cli_usage_error("\"ipoib set\" needs an interface: ipoib set IF mode connected|datagram [mtu N]");
		return EXIT_USAGE;
	}
	for (i = 1; i < argc; i += 2) {
		char *end;

		if (i + 1 >= argc) {
			cli_usage_error("\"%s\" needs a value", argv[i]);
			return EXIT_USAGE;
		}
		if (!strcmp(argv[i], "mode")) {
			if (!strcmp(argv[i + 1], "connected"))
				mode = RDMACTL_IPOIB_CONNECTED;
			else if (!strcmp(argv[i + 1], "datagram"))
				mode = RDMACTL_IPOIB_DATAGRAM;
			else {
				cli_usage_error("mode \"%s\": use connected or datagram", argv[i + 1]);
				return EXIT_USAGE;
			}
			have_mode = true;
		} else if (!strcmp(argv[i], "mtu")) {
			mtu = strtoul(argv[i + 1], &end, 10);
			if (*end || !mtu || mtu > UINT32_MAX) {
				cli_usage_error("mtu \"%s\" is not a number of bytes", argv[i + 1]);
				return EXIT_USAGE;
			}
		} else {
			cli_usage_error("\"ipoib set\" has no \"%s\"; it takes mode and mtu", argv[i]);
			return EXIT_USAGE;
		}
	}
	if (!have_mode) {
		cli_usage_error("\"ipoib set\" needs a mode: connected or datagram");
		return EXIT_USAGE;
	}

	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	err = rdmactl_ipoib_set(h, argv[0], mode, (uint32_t)mtu);
	err = err ? cli_fail(h, err, argv[0], "cannot set the mode") : EXIT_OK;
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
	struct rdmactl_ipoib_info ib;
	struct rdmactl *h;
	char addr[3 * RDMACTL_IPOIB_HWADDR_LEN];
	int err;

	if (argc != 2) {
		cli_usage_error("usage: ipoib udev-rule IF NAME");
		return EXIT_USAGE;
	}
	if (!*argv[1] || strlen(argv[1]) >= IF_NAMESIZE || strpbrk(argv[1], "/ \t\n\"*?[]") ||
	    !strcmp(argv[1], ".") || !strcmp(argv[1], "..")) {
		cli_usage_error("\"%s\" cannot name an interface (at most %d characters, no '/', spaces, quotes or globs)",
				argv[1], IF_NAMESIZE - 1);
		return EXIT_USAGE;
	}
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	err = rdmactl_ipoib_list(h, argv[0], NULL, 0, ipoib_first, &ib);
	if (err) {
		err = cli_fail(h, err, argv[0], "cannot read the interface");
	} else {
		format_hwaddr(ib.hwaddr, addr);
		printf("# %s on %s/%u, port GUID %s\n", ib.ifname, ib.dev_name, ib.port, addr + 36);
		printf("ACTION==\"add\", SUBSYSTEM==\"net\", ATTR{type}==\"32\", "
		       "ATTR{address}==\"?*%s\", NAME=\"%s\"\n", addr + 36, argv[1]);
		err = EXIT_OK;
	}
	rdmactl_close(h);
	return err;
}

static int ipoib_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("Usage: rdmactl ipoib [show [IF | DEV[/PORT]]]\n"
	       "       rdmactl ipoib set IF mode connected|datagram [mtu N]\n"
	       "       rdmactl ipoib udev-rule IF NAME\n"
	       "       rdmactl ipoib help\n");
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
