// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl roce [show [--probe] [DEV[/PORT]]]
 * rdmactl roce set DEV[/PORT] [mode v1|v2] [tos N]
 * rdmactl roce forget DEV[/PORT]
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* "v1,v2": the GID types a port supports. */
static void roce_types(uint32_t types, char *buf, size_t size)
{
	uint8_t t;

	*buf = '\0';
	for (t = RDMACTL_GID_TYPE_ROCE_V1; t <= RDMACTL_GID_TYPE_ROCE_V2; t++)
		if (types & (1U << t))
			snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", *buf ? "," : "",
				 rdmactl_gid_type_name(t));
}

/* Where the mode and ToS come from: rdma_cm's configfs, rdmactl, nowhere. */
static const char *roce_source_name(uint8_t source)
{
	switch (source) {
	case RDMACTL_ROCE_SOURCE_CONFIGFS:
		return "configfs";
	case RDMACTL_ROCE_SOURCE_APPLIED:
		return "applied";
	default:
		return "unknown";
	}
}

static void roce_print(const void *item)
{
	const struct rdmactl_roce_info *r = item;
	char types[16];
	uint8_t t;

	roce_types(r->types, types, sizeof(types));
	print_open();
	print_text("%s/%u:", r->dev_name, r->port);
	print_str("ifname", NULL, r->dev_name);
	print_uint("ifindex", NULL, r->dev_index);
	print_uint("port", NULL, r->port);
	if (r->present & RDMACTL_ROCE_HAS_CURRENT) {
		print_str("mode", " mode %s", rdmactl_gid_type_name(r->mode));
		print_uint("tos", " tos %" PRIu64, r->tos);
	} else {
		print_text(" mode unknown (root can --probe rdma_cm)");
	}
	print_str("source", NULL, roce_source_name(r->source));
	if (r->source == RDMACTL_ROCE_SOURCE_APPLIED)
		print_text(" (applied by rdmactl)");
	print_text(" supports %s", types);
	print_array_open("supported");
	for (t = RDMACTL_GID_TYPE_ROCE_V1; t <= RDMACTL_GID_TYPE_ROCE_V2; t++)
		if (r->types & (1U << t))
			print_str(NULL, NULL, rdmactl_gid_type_name(t));
	print_array_close();
	if (r->present & (RDMACTL_ROCE_HAS_SAVED_MODE | RDMACTL_ROCE_HAS_SAVED_TOS)) {
		print_text(" saved");
		print_object_open("saved");
		if (r->present & RDMACTL_ROCE_HAS_SAVED_MODE)
			print_str("mode", " mode %s", rdmactl_gid_type_name(r->saved_mode));
		if (r->present & RDMACTL_ROCE_HAS_SAVED_TOS)
			print_uint("tos", " tos %" PRIu64, r->saved_tos);
		print_object_close();
	}
	print_close();
}

static int roce_collect(const struct rdmactl_roce_info *r, void *v)
{
	return cli_vec_push(v, r);
}

struct roce_target {
	char dev[RDMACTL_DEV_NAME_MAX];
	bool has_dev;
	bool probe;
	uint32_t port;
};

static int roce_list(struct rdmactl *h, const void *arg, struct cli_vec *v)
{
	const struct roce_target *t = arg;

	return (t->probe ? rdmactl_roce_probe : rdmactl_roce_list)(h, t->has_dev ? t->dev : NULL,
								   t->port, roce_collect, v);
}

static int roce_show(int argc, char **argv)
{
	struct roce_target t = { .has_dev = false };

	if (argc > 0 && (!strcmp(argv[0], "--probe") || !strcmp(argv[0], "probe"))) {
		t.probe = true;
		argc--;
		argv++;
	}
	if (argc > 1) {
		cli_usage_error("\"roce show\" takes --probe and one DEV or DEV/PORT at most");
		return EXIT_USAGE;
	}
	if (argc == 1) {
		if (cli_parse_dev_port(argv[0], t.dev, sizeof(t.dev), &t.port)) {
			cli_usage_error("\"%s\" is not DEV or DEV/PORT", argv[0]);
			return EXIT_USAGE;
		}
		t.has_dev = true;
	}
	return cli_show(sizeof(struct rdmactl_roce_info), roce_list, &t, roce_print, NULL,
			t.has_dev ? t.dev : NULL, "cannot read the RoCE settings");
}

static int roce_apply(const struct roce_target *t, unsigned int what, uint8_t mode, uint8_t tos,
		      const char *fail)
{
	struct rdmactl *h = cli_open();
	int err;

	if (!h)
		return EXIT_ERROR;
	err = rdmactl_roce_set(h, t->dev, t->port, what, mode, tos);
	err = err ? cli_fail(h, err, t->dev, fail) : EXIT_OK;
	rdmactl_close(h);
	return err;
}

static int roce_target(int argc, char **argv, const char *cmd, struct roce_target *t)
{
	if (argc < 1 || cli_parse_dev_port(argv[0], t->dev, sizeof(t->dev), &t->port)) {
		cli_usage_error("\"roce %s\" needs DEV or DEV/PORT first", cmd);
		return -EINVAL;
	}
	t->has_dev = true;
	return 0;
}

static int roce_set(int argc, char **argv)
{
	struct roce_target t;
	unsigned int what = 0;
	uint8_t mode = 0, tos = 0;
	int i;

	if (roce_target(argc, argv, "set", &t))
		return EXIT_USAGE;
	for (i = 1; i < argc; i += 2) {
		char *end;
		unsigned long n;

		if (i + 1 >= argc) {
			cli_usage_error("\"%s\" needs a value", argv[i]);
			return EXIT_USAGE;
		}
		if (!strcmp(argv[i], "mode")) {
			if (!strcmp(argv[i + 1], "v1")) {
				mode = RDMACTL_GID_TYPE_ROCE_V1;
			} else if (!strcmp(argv[i + 1], "v2")) {
				mode = RDMACTL_GID_TYPE_ROCE_V2;
			} else {
				cli_usage_error("mode \"%s\": use v1 or v2", argv[i + 1]);
				return EXIT_USAGE;
			}
			what |= RDMACTL_ROCE_SET_MODE;
		} else if (!strcmp(argv[i], "tos")) {
			errno = 0;
			n = strtoul(argv[i + 1], &end, 0);
			if (errno || *end || !*argv[i + 1] || n > 255) {
				cli_usage_error("tos \"%s\" is not a number from 0 to 255", argv[i + 1]);
				return EXIT_USAGE;
			}
			tos = (uint8_t)n;
			what |= RDMACTL_ROCE_SET_TOS;
		} else {
			cli_usage_error("\"roce set\" has no \"%s\"; it takes mode and tos", argv[i]);
			return EXIT_USAGE;
		}
	}
	if (!what) {
		cli_usage_error("\"roce set\" needs mode v1|v2, tos N or both");
		return EXIT_USAGE;
	}
	return roce_apply(&t, what, mode, tos, "cannot set the RoCE defaults");
}

static int roce_forget(int argc, char **argv)
{
	struct roce_target t;

	if (roce_target(argc, argv, "forget", &t))
		return EXIT_USAGE;
	if (argc > 1) {
		cli_usage_error("\"roce forget\" takes DEV or DEV/PORT only");
		return EXIT_USAGE;
	}
	return roce_apply(&t, RDMACTL_ROCE_CLEAR, 0, 0, "cannot forget the RoCE settings");
}

static int roce_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("Usage: rdmactl roce [show [--probe] [DEV[/PORT]]]\n"
	       "       rdmactl roce set DEV[/PORT] [mode v1|v2] [tos N]\n"
	       "       rdmactl roce forget DEV[/PORT]\n"
	       "       rdmactl roce help\n"
	       "show changes nothing: it reads rdma_cm's configfs directory of the device\n"
	       "when someone made one, else says what rdmactl last applied, else unknown;\n"
	       "--probe (root) asks rdma_cm itself. set changes rdma_cm's defaults for new\n"
	       "connections (no PORT: every port) and remembers them for when the device\n"
	       "or rdma_cm comes back; forget drops what is remembered.\n");
	return EXIT_OK;
}

static const struct cli_cmd roce_cmds[] = {
	{ "show", roce_show, "rdma_cm's default RoCE mode and ToS per port" },
	{ "set", roce_set, "change them, persistently" },
	{ "forget", roce_forget, "stop re-applying them" },
	{ "help", roce_help, "this text" },
	{ NULL, NULL, NULL }
};

int roce_main(int argc, char **argv)
{
	return cli_dispatch(roce_cmds, "roce", argc, argv);
}
