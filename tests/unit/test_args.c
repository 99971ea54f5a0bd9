// SPDX-License-Identifier: GPL-2.0-or-later
/* The CLI's argument parsing: options, command lookup, DEV[/PORT]. */
#include <errno.h>
#include <string.h>

#include "check.h"
#include "cli.h"

struct cli_opts cli;

static int fn(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static const struct cli_cmd table[] = {
	{ "show", fn, "" },
	{ "set", fn, "" },
	{ "help", fn, "" },
	{ NULL, NULL, NULL }
};

static int opts(struct cli_opts *o, const char *a1, const char *a2, const char *a3)
{
	char *argv[] = { "rdmactl", (char *)a1, (char *)a2, (char *)a3, NULL };
	int argc = 1 + !!a1 + !!a2 + !!a3;

	memset(o, 0, sizeof(*o));
	return cli_parse_opts(argc, argv, o);
}

int main(void)
{
	struct cli_opts o;
	char dev[64];
	uint32_t port;

	CHECK(opts(&o, "-j", "port", NULL) == 1 && o.json && !o.pretty, "-j sets JSON");
	CHECK(opts(&o, "-p", "port", NULL) == 1 && o.json && o.pretty, "-p alone means pretty JSON");
	CHECK(opts(&o, "-d", "-j", "dev") == 2 && o.details && o.json, "options combine");
	CHECK(opts(&o, "--json", "--details", NULL) == 2 && o.json && o.details, "long options");
	CHECK(opts(&o, "-x", NULL, NULL) == -1, "an unknown option is reported with its index");
	CHECK(opts(&o, "-j", "--bogus", NULL) == -2, "the index of the bad option");
	CHECK(opts(&o, "-V", NULL, NULL) == 0, "-V is left to the caller");
	CHECK(opts(&o, "port", "-j", NULL) == 0 && !o.json, "options stop at the object");

	CHECK(cli_lookup(table, "show") == &table[0], "exact command");
	CHECK(cli_lookup(table, "sh") == &table[0], "unique prefix");
	CHECK(cli_lookup(table, "s") == NULL, "ambiguous prefix refused");
	CHECK(cli_lookup(table, "se") == &table[1], "prefix picks set");
	CHECK(cli_lookup(table, "showx") == NULL, "longer than any command");
	CHECK(cli_lookup(table, "") == NULL, "empty word");

	CHECK(cli_parse_dev_port("mlx5_0", dev, sizeof(dev), &port) == 0 &&
	      !strcmp(dev, "mlx5_0") && port == 0, "DEV alone");
	CHECK(cli_parse_dev_port("mlx5_0/2", dev, sizeof(dev), &port) == 0 &&
	      !strcmp(dev, "mlx5_0") && port == 2, "DEV/PORT");
	CHECK(cli_parse_dev_port("rxe0/4294967295", dev, sizeof(dev), &port) == 0 &&
	      port == 4294967295u, "the largest port number");
	CHECK(cli_parse_dev_port("rxe0/4294967296", dev, sizeof(dev), &port) == -EINVAL,
	      "a port beyond u32");
	CHECK(cli_parse_dev_port("rxe0/0", dev, sizeof(dev), &port) == -EINVAL, "port 0");
	CHECK(cli_parse_dev_port("rxe0/", dev, sizeof(dev), &port) == -EINVAL, "empty port");
	CHECK(cli_parse_dev_port("rxe0/-1", dev, sizeof(dev), &port) == -EINVAL, "negative port");
	CHECK(cli_parse_dev_port("rxe0/1x", dev, sizeof(dev), &port) == -EINVAL, "trailing junk");
	CHECK(cli_parse_dev_port("rxe0/1/2", dev, sizeof(dev), &port) == -EINVAL, "two slashes");
	CHECK(cli_parse_dev_port("/1", dev, sizeof(dev), &port) == -EINVAL, "no device");
	CHECK(cli_parse_dev_port("abcdefgh", dev, 8, &port) == -EINVAL, "a name that does not fit");

	/* Whether the kernel's message names what the user asked about. */
	CHECK(!cli_names("port 3 does not exist: the device has port 1 only", "rxe0"),
	      "a message without the device does not name it");
	CHECK(cli_names("interface ib42 not found", "ib42"), "a word of the message");
	CHECK(cli_names("ib0 is not an IPoIB interface", "ib0"), "at the start");
	CHECK(cli_names("ib0: MTU 1234 refused (-22)", "ib0"), "before a colon");
	CHECK(cli_names("rxe0's GIDs", "rxe0"), "before 's");
	CHECK(!cli_names("device rxe01 not found", "rxe0"), "not a prefix of another name");
	CHECK(!cli_names("device xrxe0 not found", "rxe0"), "not a suffix of another name");
	CHECK(cli_names("no rxe0x, rxe0 either", "rxe0"), "a later whole word");
	return DONE();
}
