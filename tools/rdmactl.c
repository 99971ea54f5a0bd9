// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl: the command line of the RDMA control plane.
 *
 *   rdmactl [OPTIONS] OBJECT [COMMAND [ARGS]]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct cli_opts cli;

static int help_main(int argc, char **argv);

static const struct cli_cmd objects[] = {
	{ "dev", dev_main, "RDMA devices: driver, GUIDs, firmware, ports" },
	{ "port", port_main, "RDMA ports: state, rate, LID, link layer, netdev" },
	{ "stat", stat_main, "port counters: IB PMA and driver; show, watch, reset" },
	{ "ipoib", ipoib_main, "IPoIB interfaces: ports, P_Keys, datagram or connected mode" },
	{ "gid", gid_main, "GID tables: RoCE v1/v2 types, netdevs; the GID index of an address" },
	{ "roce", roce_main, "rdma_cm's RoCE mode and ToS per port, the QoS chain; kept across resets" },
	{ "monitor", monitor_main, "events: devices, port state, LID/SM/P_Key/GID, netdevs, IPoIB" },
	{ "check", check_main, "health check: each finding with its evidence and remedy" },
	{ "help", help_main, "this text" },
	{ NULL, NULL, NULL }
};

static void usage(FILE *f)
{
	const struct cli_cmd *c;

	fprintf(f, "Usage: rdmactl [OPTIONS] OBJECT [COMMAND [ARGS]]\n"
		   "       rdmactl OBJECT help\n"
		   "       rdmactl -V\n\n"
		   "OBJECTs:\n");
	for (c = objects; c->name; c++)
		fprintf(f, "  %-6s %s\n", c->name, c->help);
	fprintf(f, "\nOPTIONS:\n"
		   "  -j, --json      print JSON\n"
		   "  -p, --pretty    print indented JSON\n"
		   "  -d, --details   print more of each object\n"
		   "  -V, --version   print the versions of rdmactl and of rdmactl.ko\n");
}

static int help_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	usage(stdout);
	return EXIT_OK;
}

static int version(void)
{
	char mod[64] = "not loaded";
	FILE *f = fopen("/sys/module/rdmactl/version", "r");

	if (f) {
		if (fgets(mod, sizeof(mod), f))
			mod[strcspn(mod, "\n")] = '\0';
		fclose(f);
	}
	printf("rdmactl %s (librdmactl %s, rdmactl.ko %s)\n", RDMACTL_VERSION,
	       rdmactl_version(), mod);
	return EXIT_OK;
}

struct rdmactl *cli_open(void)
{
	struct rdmactl *h;
	int err = rdmactl_open(&h);

	if (err == -ENOENT) {
		cli_missing_module();
		return NULL;
	}
	if (err) {
		fprintf(stderr, "rdmactl: cannot talk to the kernel: %s\n", strerror(-err));
		return NULL;
	}
	return h;
}

/*
 * One line naming the problem: the kernel's own words when it sent some,
 * after the object the user named (obj: a device or an interface, or NULL)
 * when they do not name it. The module's messages leave device names out,
 * since the kernel cuts a formatted message at 80 bytes and a device name
 * takes up to 63. The library's own sentences for EPERM and ENOENT are
 * about the caller and the module, not the object: they stand alone.
 */
int cli_fail(struct rdmactl *h, int err, const char *obj, const char *what)
{
	const char *msg = h ? rdmactl_errmsg(h) : "";

	if (msg[0] && obj && err != -EPERM && err != -ENOENT && !cli_names(msg, obj))
		fprintf(stderr, "rdmactl: %s: %s\n", obj, msg);
	else if (msg[0])
		fprintf(stderr, "rdmactl: %s\n", msg);
	else
		fprintf(stderr, "rdmactl: %s: %s\n", what, strerror(-err));
	return EXIT_ERROR;
}

#define CLI_LIST_TRIES 5

int cli_show(size_t size, cli_list_fn list, const void *arg, cli_print_fn print,
	     void (*release)(void *item), const char *obj, const char *what)
{
	struct cli_vec v = { .size = size };
	struct rdmactl *h;
	int err = 0, tries;
	size_t i;

	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	for (tries = 0; tries < CLI_LIST_TRIES; tries++) {
		cli_vec_clear(&v, release);
		err = list(h, arg, &v);
		if (err != -EINTR)
			break;
	}
	if (err) {
		err = cli_fail(h, err, obj, what);
	} else {
		print_begin();
		for (i = 0; i < v.n; i++)
			print((const char *)v.items + i * v.size);
		print_end();
		err = EXIT_OK;
	}
	cli_vec_clear(&v, release);
	cli_vec_free(&v);
	rdmactl_close(h);
	return err;
}

int cli_stream(cli_emit_fn emit, const void *arg, const char *obj, const char *what)
{
	struct rdmactl *h;
	int err = 0, tries;

	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	for (tries = 0; tries < CLI_LIST_TRIES; tries++) {
		print_capture();
		print_begin();
		err = emit(h, arg);
		print_end();
		if (err != -EINTR)
			break;
		print_discard();
	}
	if (err) {
		print_discard();
		err = cli_fail(h, err, obj, what);
	} else if (print_commit()) {
		fprintf(stderr, "rdmactl: %s: out of memory for the output\n", what);
		err = EXIT_ERROR;
	} else {
		err = EXIT_OK;
	}
	rdmactl_close(h);
	return err;
}

int cli_vec_push(struct cli_vec *v, const void *item)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 16;
		void *items = realloc(v->items, cap * v->size);

		if (!items)
			return -ENOMEM;
		v->items = items;
		v->cap = cap;
	}
	memcpy((char *)v->items + v->n * v->size, item, v->size);
	v->n++;
	return 0;
}

void cli_vec_clear(struct cli_vec *v, void (*release)(void *item))
{
	size_t i;

	for (i = 0; release && i < v->n; i++)
		release((char *)v->items + i * v->size);
	v->n = 0;
}

void cli_vec_free(struct cli_vec *v)
{
	free(v->items);
	v->items = NULL;
	v->n = v->cap = 0;
}

int main(int argc, char **argv)
{
	const struct cli_cmd *c;
	int n;

	print_init();
	n = cli_parse_opts(argc, argv, &cli);
	if (n < 0) {
		cli_usage_error("unknown option \"%s\"; try \"rdmactl help\"", argv[-n]);
		return EXIT_USAGE;
	}
	argc -= n + 1;
	argv += n + 1;
	if (argc > 0 && (!strcmp(argv[0], "-V") || !strcmp(argv[0], "--version")))
		return version();
	if (argc > 0 && (!strcmp(argv[0], "-h") || !strcmp(argv[0], "--help")))
		return help_main(0, NULL);
	if (argc < 1) {
		usage(stderr);
		return EXIT_USAGE;
	}

	c = cli_lookup(objects, argv[0]);
	if (!c) {
		cli_usage_error("unknown object \"%s\"; try \"rdmactl help\"", argv[0]);
		return EXIT_USAGE;
	}
	return c->fn(argc - 1, argv + 1);
}
