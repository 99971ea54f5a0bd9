// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl roce [show [probe] [DEV[/PORT]]]
 * rdmactl roce set DEV[/PORT] [mode v1|v2] [tos N]
 * rdmactl roce forget DEV[/PORT]
 * rdmactl roce qos ... (qos.c)
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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

/*
 * A port's row of roce show, without its line or object: the monitor
 * prints a ROCE event with it, a mode the event has not left out (a
 * forget, a failure, rdma_cm unloading, a QoS re-apply say nothing of it).
 */
void roce_print_row(const struct rdmactl_roce_info *r, bool event)
{
	bool first = true;
	uint8_t t;

	print_str("ifname", "%s/", r->dev_name);
	print_uint("ifindex", NULL, r->dev_index);
	print_uint("port", "%" PRIu64 ":", r->port);
	if (r->present & RDMACTL_ROCE_HAS_CURRENT) {
		print_str("mode", " mode %s", rdmactl_gid_type_name(r->mode));
		print_uint("tos", " tos %" PRIu64, r->tos);
	} else if (!event) {
		print_text(" mode unknown (root can ask rdma_cm: roce show probe)");
	}
	print_str_fmt("source", roce_source_name(r->source),
		      r->source == RDMACTL_ROCE_SOURCE_APPLIED ? " (applied by rdmactl)" : NULL);
	/* " supports v1,v2" in text, ["v1","v2"] in JSON. */
	if (!(r->types & ((1U << RDMACTL_GID_TYPE_ROCE_V1) | (1U << RDMACTL_GID_TYPE_ROCE_V2))))
		print_text(" supports ");
	print_array_open("supported");
	for (t = RDMACTL_GID_TYPE_ROCE_V1; t <= RDMACTL_GID_TYPE_ROCE_V2; t++) {
		if (r->types & (1U << t)) {
			print_str(NULL, first ? " supports %s" : ",%s", rdmactl_gid_type_name(t));
			first = false;
		}
	}
	print_array_close();
	/*
	 * " saved mode v1 tos 32 priority 3 pfc on trust dscp" in text,
	 * "saved":{"mode":"v1","tos":32,"prio":3,"pfc":true,"trust":"dscp"}
	 * in JSON; the QoS profile only with the ToS it goes with.
	 */
	if (r->present & (RDMACTL_ROCE_HAS_SAVED_MODE | RDMACTL_ROCE_HAS_SAVED_TOS)) {
		print_object_open("saved");
		if (r->present & RDMACTL_ROCE_HAS_SAVED_MODE)
			print_str("mode", " saved mode %s", rdmactl_gid_type_name(r->saved_mode));
		if (r->present & RDMACTL_ROCE_HAS_SAVED_TOS)
			print_uint("tos", r->present & RDMACTL_ROCE_HAS_SAVED_MODE ?
				   " tos %" PRIu64 : " saved tos %" PRIu64, r->saved_tos);
		qos_print_kept(r);
		print_object_close();
	}
}

static void roce_print(const void *item)
{
	print_open();
	roce_print_row(item, false);
	print_close();
}

static int roce_collect(const struct rdmactl_roce_info *r, void *v)
{
	return cli_vec_push(v, r);
}

struct roce_args {
	struct cli_dev_port dp;
	bool probe;
	uint8_t mode;
	uint32_t tos;
};

static const struct cli_enum roce_modes[] = {
	{ "v1", RDMACTL_GID_TYPE_ROCE_V1 },
	{ "v2", RDMACTL_GID_TYPE_ROCE_V2 },
	{ NULL, 0 }
};

static const struct cli_spec roce_show_spec = {
	.cmd = "roce show", .args = (const struct cli_arg[]) {
		{ "probe", CLI_FLAG, offsetof(struct roce_args, probe), .aliases = "--probe" },
		{ "DEV[/PORT]", CLI_DEV_PORT, offsetof(struct roce_args, dp), .flags = CLI_POS },
		{ .name = NULL },
	}
};

enum { ROCE_SET_DEV, ROCE_SET_MODE_ARG, ROCE_SET_TOS_ARG };

static const struct cli_spec roce_set_spec = {
	.cmd = "roce set", .args = (const struct cli_arg[]) {
		[ROCE_SET_DEV] = { "DEV[/PORT]", CLI_DEV_PORT, offsetof(struct roce_args, dp),
				   .flags = CLI_POS | CLI_REQ },
		[ROCE_SET_MODE_ARG] = { "mode", CLI_ENUM, offsetof(struct roce_args, mode),
					.value = "v1|v2", .expect = "v1 or v2", .values = roce_modes },
		[ROCE_SET_TOS_ARG] = { "tos", CLI_U32, offsetof(struct roce_args, tos), .value = "N",
				       .expect = "a number from 0 to 255", .max = 255 },
		{ .name = NULL },
	},
	.need_any = "mode v1|v2, tos N or both",
};

static const struct cli_spec roce_forget_spec = {
	.cmd = "roce forget", .args = (const struct cli_arg[]) {
		{ "DEV[/PORT]", CLI_DEV_PORT, offsetof(struct roce_args, dp), .flags = CLI_POS | CLI_REQ },
		{ .name = NULL },
	}
};

static int roce_list(struct rdmactl *h, const void *arg, struct cli_vec *v)
{
	const struct roce_args *a = arg;

	return (a->probe ? rdmactl_roce_probe : rdmactl_roce_list)(h, a->dp.dev[0] ? a->dp.dev : NULL,
								   a->dp.port, roce_collect, v);
}

static int roce_show(int argc, char **argv)
{
	struct roce_args a = { .probe = false };

	if (cli_parse(&roce_show_spec, argc, argv, &a, NULL))
		return EXIT_USAGE;
	return cli_show(sizeof(struct rdmactl_roce_info), roce_list, &a, roce_print, NULL,
			a.dp.dev[0] ? a.dp.dev : NULL, "cannot read the RoCE settings");
}

static int roce_apply(const struct roce_args *a, const struct rdmactl_roce_settings *s,
		      const char *fail)
{
	struct rdmactl *h = cli_open();
	int err;

	if (!h)
		return EXIT_ERROR;
	err = rdmactl_roce_apply(h, a->dp.dev, a->dp.port, s);
	err = err ? cli_fail(h, err, a->dp.dev, fail) : EXIT_OK;
	rdmactl_close(h);
	return err;
}

static int roce_set(int argc, char **argv)
{
	struct roce_args a = { .probe = false };
	struct rdmactl_roce_settings s = { .has = 0 };
	unsigned int given;

	if (cli_parse(&roce_set_spec, argc, argv, &a, &given))
		return EXIT_USAGE;
	if (given & (1U << ROCE_SET_MODE_ARG)) {
		s.has |= RDMACTL_ROCE_SET_MODE;
		s.mode = a.mode;
	}
	if (given & (1U << ROCE_SET_TOS_ARG)) {
		s.has |= RDMACTL_ROCE_SET_TOS;
		s.tos = (uint8_t)a.tos;
	}
	return roce_apply(&a, &s, "cannot set the RoCE defaults");
}

static int roce_forget(int argc, char **argv)
{
	struct roce_args a = { .probe = false };
	const struct rdmactl_roce_settings s = { .has = RDMACTL_ROCE_CLEAR };

	if (cli_parse(&roce_forget_spec, argc, argv, &a, NULL))
		return EXIT_USAGE;
	return roce_apply(&a, &s, "cannot forget the RoCE settings");
}

static int roce_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	cli_help("roce", (const struct cli_spec *const[]) {
		&roce_show_spec, &roce_set_spec, &roce_forget_spec, NULL });
	printf("show changes nothing: it reads rdma_cm's configfs directory of the device\n"
	       "when someone made one, else says what rdmactl last applied, else unknown;\n"
	       "probe (root) asks rdma_cm itself. set changes rdma_cm's defaults for new\n"
	       "connections (no PORT: every port) and remembers them for when the device\n"
	       "or rdma_cm comes back; forget drops what is remembered. Until the next\n"
	       "release, the old --probe still works. The QoS chain (ToS, DSCP, trust,\n"
	       "PFC, ETS): rdmactl roce qos help.\n");
	return EXIT_OK;
}

static const struct cli_cmd roce_cmds[] = {
	{ "show", roce_show, "rdma_cm's default RoCE mode and ToS per port" },
	{ "set", roce_set, "change them, persistently" },
	{ "forget", roce_forget, "stop re-applying them" },
	{ "qos", qos_main, "the QoS chain: ToS, DSCP, APP entry, trust, PFC, ETS; set and kept" },
	{ "help", roce_help, "this text" },
	{ NULL, NULL, NULL }
};

int roce_main(int argc, char **argv)
{
	return cli_dispatch(roce_cmds, "roce", argc, argv);
}
