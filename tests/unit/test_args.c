// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The CLI's argument parsing: options, command lookup, DEV[/PORT], and
 * the one grammar every command's table is read by (cli_parse), with the
 * message of each usage error.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

/* A command with a word of every kind, as the tools' tables are. */
struct args {
	struct cli_dev_port dp;
	bool errors;
	uint32_t tos;
	double interval;
	uint8_t mode;
	const char *netdev;
	const char *name;
};

static const struct cli_enum modes[] = { { "v1", 2 }, { "v2", 3 }, { NULL, 0 } };

static int name_parse(const char *word, void *dst)
{
	if (strchr(word, '/'))
		return -EINVAL;
	*(const char **)dst = word;
	return 0;
}

enum { A_DEV, A_ERRORS, A_TOS, A_INTERVAL, A_MODE, A_MTU, A_NETDEV, A_NAME };

static const struct cli_spec spec = {
	.cmd = "obj cmd", .args = (const struct cli_arg[]) {
		[A_DEV] = { "DEV[/PORT]", CLI_DEV_PORT, offsetof(struct args, dp), .flags = CLI_POS },
		[A_ERRORS] = { "errors", CLI_FLAG, offsetof(struct args, errors),
			       .aliases = "--errors -e" },
		[A_TOS] = { "tos", CLI_U32, offsetof(struct args, tos), .value = "N",
			    .expect = "a number from 0 to 255", .max = 255 },
		[A_INTERVAL] = { "interval", CLI_REAL, offsetof(struct args, interval),
				 .value = "SECONDS", .aliases = "-i", .min = 0.1,
				 .expect = "a number of seconds, at least 0.1" },
		[A_MODE] = { "mode", CLI_ENUM, offsetof(struct args, mode), .value = "v1|v2",
			     .expect = "v1 or v2", .values = modes },
		/* "m" is a prefix of mode and mtu both. */
		[A_MTU] = { "mtu", CLI_U32, offsetof(struct args, tos), .value = "N",
			    .expect = "a number from 1", .min = 1, .max = UINT32_MAX },
		[A_NETDEV] = { "netdev", CLI_STR, offsetof(struct args, netdev), .value = "IF",
			       .expect = "an interface name", .max = 16 },
		[A_NAME] = { "name", CLI_STR, offsetof(struct args, name), .flags = CLI_REQ,
			     .value = "NAME", .expect = "a name without '/'", .parse = name_parse },
		{ .name = NULL },
	}
};

static const struct cli_spec dev_only = {
	.cmd = "dev show", .args = (const struct cli_arg[]) {
		{ "DEV", CLI_DEV, 0, .flags = CLI_POS | CLI_REQ },
		{ .name = NULL },
	}
};

static const struct cli_spec need_any = {
	.cmd = "roce set", .args = (const struct cli_arg[]) {
		{ "tos", CLI_U32, offsetof(struct args, tos), .value = "N",
		  .expect = "a number from 0 to 255", .max = 255 },
		{ .name = NULL },
	},
	.need_any = "tos N",
};

static struct args a;
static unsigned int given;
static char err[512];

/* cli_parse() of up to six words; its stderr line (if any) in err. */
static int parse(const struct cli_spec *s, const char *w0, const char *w1, const char *w2,
		 const char *w3, const char *w4, const char *w5)
{
	char *argv[] = { (char *)w0, (char *)w1, (char *)w2, (char *)w3, (char *)w4, (char *)w5 };
	FILE *f = tmpfile();
	int argc, ret, saved;
	size_t n;

	for (argc = 0; argc < 6 && argv[argc]; argc++)
		;
	memset(&a, 0, sizeof(a));
	given = 0;
	fflush(stderr);
	saved = dup(2);
	dup2(fileno(f), 2);
	ret = cli_parse(s, argc, argv, &a, &given);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	n = fread(err, 1, sizeof(err) - 1, f);
	err[n] = '\0';
	err[strcspn(err, "\n")] = '\0';
	fclose(f);
	return ret;
}

#define P(...) parse(&spec, __VA_ARGS__)
#define BIT(i) (1U << (i))

static void test_grammar(void)
{
	CHECK(P("name", "x", NULL, NULL, NULL, NULL) == 0 && given == BIT(A_NAME) &&
	      !strcmp(a.name, "x") && !err[0], "a required keyword and its value");
	CHECK(P("rxe0/2", "errors", "name", "x", NULL, NULL) == 0 && !strcmp(a.dp.dev, "rxe0") &&
	      a.dp.port == 2 && a.errors && given == (BIT(A_DEV) | BIT(A_ERRORS) | BIT(A_NAME)),
	      "DEV/PORT, a flag and a keyword");
	CHECK(P("name", "x", "errors", "rxe0", NULL, NULL) == 0 && !strcmp(a.dp.dev, "rxe0") &&
	      a.dp.port == 0 && a.errors, "the positional after keywords");
	CHECK(P("name", "x", "--errors", NULL, NULL, NULL) == 0 && a.errors &&
	      given == (BIT(A_NAME) | BIT(A_ERRORS)), "an alias sets what its keyword sets");
	CHECK(P("name", "x", "-e", NULL, NULL, NULL) == 0 && a.errors, "a second alias");
	CHECK(P("name", "x", "-i", "0.5", NULL, NULL) == 0 && a.interval == 0.5, "-i for interval");
	CHECK(P("name", "x", "err", NULL, NULL, NULL) == 0 && a.errors, "a unique prefix");
	CHECK(P("name", "x", "int", "2", NULL, NULL) == 0 && a.interval == 2, "a keyword's prefix");
	CHECK(P("na", "x", "mo", "v2", NULL, NULL) == 0 && a.mode == 3 &&
	      given == (BIT(A_NAME) | BIT(A_MODE)), "an enum value, keywords by prefix");
	CHECK(P("name", "x", "tos", "0x20", NULL, NULL) == 0 && a.tos == 32, "hexadecimal");
	CHECK(P("name", "x", "tos", "0", NULL, NULL) == 0 && a.tos == 0 && (given & BIT(A_TOS)),
	      "0 is a value given, not \"none\"");
	CHECK(P("name", "x", "tos", "255", NULL, NULL) == 0 && a.tos == 255, "the largest value");
	CHECK(P("name", "x", "mtu", "4294967295", NULL, NULL) == 0 && a.tos == 4294967295u,
	      "the largest u32");
	CHECK(P("name", "x", "netdev", "veth0", NULL, NULL) == 0 && !strcmp(a.netdev, "veth0"),
	      "a string value");
	CHECK(P("-j", "name", "x", NULL, NULL, NULL) == 0 && cli.json, "-j after the command");
	memset(&cli, 0, sizeof(cli));

	CHECK(P("m", "v1", "name", "x", NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: \"m\" is ambiguous in \"obj cmd\": mode or mtu?"),
	      "an ambiguous prefix names both keywords: %s", err);
	CHECK(P("name", "x", "tos", NULL, NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: tos needs a value: a number from 0 to 255"),
	      "a missing value says what it should be: %s", err);
	CHECK(P("name", "x", "-i", NULL, NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: -i needs a value: a number of seconds, at least 0.1"),
	      "an alias's missing value is named as typed: %s", err);
	CHECK(P("name", "x", "tos", "256", NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: tos \"256\": use a number from 0 to 255"),
	      "a number too large: %s", err);
	CHECK(P("name", "x", "tos", "-1", NULL, NULL) == -EINVAL, "a negative number");
	CHECK(P("name", "x", "tos", "12x", NULL, NULL) == -EINVAL, "a number with junk after it");
	CHECK(P("name", "x", "tos", "", NULL, NULL) == -EINVAL, "an empty number");
	CHECK(P("name", "x", "mtu", "0", NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: mtu \"0\": use a number from 1"), "below the minimum: %s", err);
	CHECK(P("name", "x", "mtu", "4294967296", NULL, NULL) == -EINVAL, "beyond u32");
	CHECK(P("name", "x", "-i", "0.05", NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: -i \"0.05\": use a number of seconds, at least 0.1"),
	      "a real below its minimum: %s", err);
	CHECK(P("name", "x", "-i", "0", NULL, NULL) == -EINVAL, "a real of 0");
	CHECK(P("name", "x", "-i", "nan", NULL, NULL) == -EINVAL, "not a number");
	CHECK(P("name", "x", "mode", "v3", NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: mode \"v3\": use v1 or v2"), "a bad enum value: %s", err);
	CHECK(P("name", "x", "mode", "v", NULL, NULL) == -EINVAL, "enum values match exactly");
	CHECK(P("name", "x", "netdev", "abcdefghijklmnop", NULL, NULL) == -EINVAL,
	      "a string too long");
	CHECK(P("name", "a/b", NULL, NULL, NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: name \"a/b\": use a name without '/'"),
	      "a command's own check of a value: %s", err);
	CHECK(P("errors", NULL, NULL, NULL, NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: \"obj cmd\" needs name NAME"),
	      "a required keyword missing: %s", err);
	CHECK(P("name", "x", "--bogus", NULL, NULL, NULL) == -EINVAL &&
	      strstr(err, "rdmactl: \"obj cmd\" has no option \"--bogus\"; usage: rdmactl obj cmd "
		     "[DEV[/PORT]] [errors] [tos N]") == err,
	      "an unknown option, with the usage: %s", err);
	CHECK(P("name", "x", "rxe0", "rxe1", NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: \"obj cmd\" does not take \"rxe1\"; usage: rdmactl obj cmd "
		      "[DEV[/PORT]] [errors] [tos N] [interval SECONDS] [mode v1|v2] [mtu N] "
		      "[netdev IF] name NAME"),
	      "a second DEV: %s", err);
	CHECK(P("name", "x", "--type", "v1", NULL, NULL) == -EINVAL, "an alias of no keyword here");
	CHECK(P("name", "x", "rxe0/0", NULL, NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: \"rxe0/0\" is not DEV[/PORT]: a port is a number from 1 to 4294967295"),
	      "port 0: %s", err);
	CHECK(P("name", "x", "/1", NULL, NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: \"/1\" is not DEV[/PORT]: the device name is empty"),
	      "no device before the slash: %s", err);
	CHECK(P("name", "x", "rxe0/x", NULL, NULL, NULL) == -EINVAL, "a port that is no number");

	CHECK(parse(&dev_only, "rxe0/1", NULL, NULL, NULL, NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: \"rxe0/1\" is not DEV: a device name has no '/' (this command takes no port)"),
	      "DEV alone refuses a port: %s", err);
	CHECK(parse(&dev_only, NULL, NULL, NULL, NULL, NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: \"dev show\" needs DEV"), "a required DEV: %s", err);
	CHECK(parse(&dev_only, "mlx5_0", NULL, NULL, NULL, NULL, NULL) == 0 &&
	      !strcmp(a.dp.dev, "mlx5_0"), "DEV");
	CHECK(parse(&need_any, NULL, NULL, NULL, NULL, NULL, NULL) == -EINVAL &&
	      !strcmp(err, "rdmactl: \"roce set\" needs tos N"), "no keyword at all: %s", err);
	CHECK(parse(&need_any, "t", "7", NULL, NULL, NULL, NULL) == 0 && a.tos == 7,
	      "one keyword is enough");
}

static void test_usage(void)
{
	char line[256] = "";
	FILE *f = tmpfile();

	cli_usage(f, &spec);
	rewind(f);
	CHECK(fgets(line, sizeof(line), f) &&
	      !strcmp(line, "rdmactl obj cmd [DEV[/PORT]] [errors] [tos N] [interval SECONDS] "
		      "[mode v1|v2] [mtu N] [netdev IF] name NAME\n"),
	      "usage from the table, required words unbracketed: %s", line);
	fclose(f);
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
	test_grammar();
	test_usage();
	return DONE();
}
