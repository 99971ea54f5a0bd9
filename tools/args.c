// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Argument parsing of the rdmactl CLI: no kernel, no library calls, so the
 * unit tests link this file alone. Usage errors go to stderr from here.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

bool cli_global_opt(const char *a, struct cli_opts *o)
{
	if (!strcmp(a, "-j") || !strcmp(a, "--json") || !strcmp(a, "-json"))
		o->json = true;
	else if (!strcmp(a, "-p") || !strcmp(a, "--pretty") || !strcmp(a, "-pretty"))
		o->pretty = true;
	else if (!strcmp(a, "-d") || !strcmp(a, "--details") || !strcmp(a, "-details"))
		o->details = true;
	else if (!strcmp(a, "-jp") || !strcmp(a, "-pj"))
		o->json = o->pretty = true;
	else
		return false;
	/* -p alone means pretty JSON, as in rdma(8). */
	if (o->pretty)
		o->json = true;
	return true;
}

/*
 * Leading options, before the object. Returns how many arguments they
 * took, or -(its index) for an unknown option. -V and -h are the caller's.
 */
int cli_parse_opts(int argc, char **argv, struct cli_opts *o)
{
	int i;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		const char *a = argv[i];

		if (cli_global_opt(a, o))
			continue;
		if (!strcmp(a, "-V") || !strcmp(a, "--version") ||
		    !strcmp(a, "-h") || !strcmp(a, "--help"))
			break;
		return -i;
	}
	return i - 1;
}

/* The command a word names, exactly or as a unique prefix (ip-style). */
const struct cli_cmd *cli_lookup(const struct cli_cmd *table, const char *word)
{
	const struct cli_cmd *c, *found = NULL;
	size_t len = strlen(word);

	if (!len)
		return NULL;
	for (c = table; c->name; c++) {
		if (!strcmp(c->name, word))
			return c;
		if (!strncmp(c->name, word, len)) {
			if (found)
				return NULL;
			found = c;
		}
	}
	return found;
}

/*
 * "DEV" or "DEV/PORT". port is 0 when none is given. -EINVAL for an
 * empty name, a name too long, or a port that is not a number from 1.
 */
int cli_parse_dev_port(const char *arg, char *dev, size_t size, uint32_t *port)
{
	const char *slash = strchr(arg, '/');
	size_t len = slash ? (size_t)(slash - arg) : strlen(arg);

	*port = 0;
	if (len == 0 || len >= size)
		return -EINVAL;
	memcpy(dev, arg, len);
	dev[len] = '\0';
	if (slash) {
		char *end;
		unsigned long p;

		if (slash[1] < '0' || slash[1] > '9')
			return -EINVAL;
		errno = 0;
		p = strtoul(slash + 1, &end, 10);
		if (errno || *end || p == 0 || p > UINT32_MAX)
			return -EINVAL;
		*port = (uint32_t)p;
	}
	return 0;
}

void cli_usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("rdmactl: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Run the COMMAND of an object; no command means "show". */
int cli_dispatch(const struct cli_cmd *table, const char *object, int argc, char **argv)
{
	const struct cli_cmd *c;

	if (argc < 1)
		return table[0].fn(argc, argv);
	c = cli_lookup(table, argv[0]);
	if (!c) {
		fprintf(stderr, "rdmactl: unknown command \"%s\" for object %s; try \"rdmactl %s help\"\n",
			argv[0], object, object);
		return EXIT_USAGE;
	}
	return c->fn(argc - 1, argv + 1);
}

/*
 * Whether a message names obj: as a word of its own, after the start or a
 * space and before the end, a space, ':', ',' or "'s".
 */
bool cli_names(const char *msg, const char *obj)
{
	size_t len = strlen(obj);
	const char *p;

	if (!len)
		return true;
	for (p = strstr(msg, obj); p; p = strstr(p + 1, obj)) {
		char next = p[len];

		if ((p == msg || p[-1] == ' ') &&
		    (!next || next == ' ' || next == ':' || next == ',' || next == '\''))
			return true;
	}
	return false;
}

/* Whether word is one of the space-separated words of list. */
static bool cli_in_list(const char *list, const char *word)
{
	size_t len = strlen(word);
	const char *p;

	for (p = list; p && *p; p += strcspn(p, " "), p += strspn(p, " "))
		if (strcspn(p, " ") == len && !strncmp(p, word, len))
			return true;
	return false;
}

/*
 * The keyword a word names: exactly, as an alias, or as the prefix of one
 * keyword only. NULL when none; amb[0] and amb[1] then name two keywords
 * the word is a prefix of, if it is an ambiguous one.
 */
static const struct cli_arg *cli_keyword(const struct cli_arg *args, const char *w,
					 const struct cli_arg *amb[2])
{
	const struct cli_arg *a, *found = NULL;
	size_t len = strlen(w);

	amb[0] = amb[1] = NULL;
	for (a = args; a->name; a++)
		if (!(a->flags & CLI_POS) && (!strcmp(a->name, w) || cli_in_list(a->aliases, w)))
			return a;
	/* A device ("rxe0/1") or an option ("-x") is no keyword's prefix. */
	if (!len || w[0] == '-' || strchr(w, '/'))
		return NULL;
	for (a = args; a->name; a++) {
		if ((a->flags & CLI_POS) || strncmp(a->name, w, len))
			continue;
		if (found) {
			amb[0] = found;
			amb[1] = a;
			return NULL;
		}
		found = a;
	}
	return found;
}

static int cli_usage_line(const struct cli_spec *spec, char *buf, size_t size)
{
	const struct cli_arg *a;
	int n = snprintf(buf, size, "rdmactl %s", spec->cmd);

	for (a = spec->args; a->name && n >= 0 && (size_t)n < size; a++) {
		bool opt = !(a->flags & CLI_REQ);

		n += snprintf(buf + n, size - n, " %s%s%s%s%s", opt ? "[" : "", a->name,
			      a->value ? " " : "", a->value ? a->value : "", opt ? "]" : "");
	}
	return n;
}

void cli_usage(FILE *f, const struct cli_spec *spec)
{
	char line[256];

	cli_usage_line(spec, line, sizeof(line));
	fprintf(f, "%s\n", line);
}

void cli_help(const char *obj, const struct cli_spec *const *specs)
{
	const struct cli_spec *const *s;

	for (s = specs; *s; s++) {
		fputs(s == specs ? "Usage: " : "       ", stdout);
		cli_usage(stdout, *s);
	}
	printf("       rdmactl %s help\n", obj);
}

/* Why arg is not DEV or DEV/PORT, or NULL when it is. */
static const char *cli_dev_port_problem(const char *arg, bool port_ok)
{
	const char *slash = strchr(arg, '/');
	size_t len = slash ? (size_t)(slash - arg) : strlen(arg);
	char dev[RDMACTL_DEV_NAME_MAX];
	uint32_t port;

	if (len == 0)
		return "the device name is empty";
	if (len >= RDMACTL_DEV_NAME_MAX)
		return "a device name has at most 63 characters";
	if (slash && !port_ok)
		return "a device name has no '/' (this command takes no port)";
	if (cli_parse_dev_port(arg, dev, sizeof(dev), &port))
		return "a port is a number from 1 to 4294967295";
	return NULL;
}

/* A number of kind U32 or REAL, within the arg's limits. */
static int cli_number(const struct cli_arg *a, const char *w, void *dst)
{
	char *end;
	double v;

	if (!*w || w[0] == '-' || w[0] == '+' || isspace((unsigned char)w[0]))
		return -EINVAL;
	errno = 0;
	if (a->kind == CLI_U32) {
		unsigned long long n = strtoull(w, &end, 0);

		if (errno || *end || n < a->min || n > a->max)
			return -EINVAL;
		*(uint32_t *)dst = (uint32_t)n;
		return 0;
	}
	v = strtod(w, &end);
	if (errno || *end || !(v > 0) || v < a->min)
		return -EINVAL;
	*(double *)dst = v;
	return 0;
}

/* The value w of a, into dst; -EINVAL when it is not one. */
static int cli_value(const struct cli_arg *a, const char *w, void *dst)
{
	const struct cli_enum *e;

	switch (a->kind) {
	case CLI_FLAG:
		*(bool *)dst = true;
		return 0;
	case CLI_STR:
		if (a->parse)
			return a->parse(w, dst);
		if (!*w || (a->max && strlen(w) >= a->max))
			return -EINVAL;
		*(const char **)dst = w;
		return 0;
	case CLI_U32:
	case CLI_REAL:
		return cli_number(a, w, dst);
	case CLI_ENUM:
		for (e = a->values; e->name; e++) {
			if (!strcmp(e->name, w)) {
				*(uint8_t *)dst = e->value;
				return 0;
			}
		}
		return -EINVAL;
	case CLI_DEV:
	case CLI_DEV_PORT: {
		struct cli_dev_port *dp = dst;

		return cli_dev_port_problem(w, a->kind == CLI_DEV_PORT) ? -EINVAL :
			cli_parse_dev_port(w, dp->dev, sizeof(dp->dev), &dp->port);
	}
	}
	return -EINVAL;
}

/* The next positional not given yet, or NULL. */
static const struct cli_arg *cli_next_pos(const struct cli_spec *spec, unsigned int given)
{
	const struct cli_arg *a;

	for (a = spec->args; a->name; a++)
		if ((a->flags & CLI_POS) && !(given & (1U << (a - spec->args))))
			return a;
	return NULL;
}

static int cli_refuse(const struct cli_spec *spec, const char *word)
{
	char line[256];

	cli_usage_line(spec, line, sizeof(line));
	if (word[0] == '-')
		cli_usage_error("\"%s\" has no option \"%s\"; usage: %s", spec->cmd, word, line);
	else
		cli_usage_error("\"%s\" does not take \"%s\"; usage: %s", spec->cmd, word, line);
	return -EINVAL;
}

int cli_parse(const struct cli_spec *spec, int argc, char **argv, void *dst,
	      unsigned int *given)
{
	const struct cli_arg *a, *amb[2];
	unsigned int seen = 0, keywords = 0;
	int i;

	for (i = 0; i < argc; i++) {
		const char *w = argv[i];

		/* The global options, which "gid" took after its command too. */
		if (cli_global_opt(w, &cli))
			continue;
		a = cli_keyword(spec->args, w, amb);
		if (amb[0]) {
			cli_usage_error("\"%s\" is ambiguous in \"%s\": %s or %s?", w, spec->cmd,
					amb[0]->name, amb[1]->name);
			return -EINVAL;
		}
		if (!a && (w[0] == '-' || !(a = cli_next_pos(spec, seen))))
			return cli_refuse(spec, w);
		if (!(a->flags & CLI_POS) && a->kind != CLI_FLAG) {
			if (++i == argc) {
				cli_usage_error("%s needs a value: %s", w, a->expect);
				return -EINVAL;
			}
		}
		if (cli_value(a, argv[i], (char *)dst + a->off)) {
			if (a->kind == CLI_DEV || a->kind == CLI_DEV_PORT)
				cli_usage_error("\"%s\" is not %s: %s", argv[i], a->name,
						cli_dev_port_problem(argv[i], a->kind == CLI_DEV_PORT));
			else
				cli_usage_error("%s \"%s\": use %s", (a->flags & CLI_POS) ? a->name : w,
						argv[i], a->expect);
			return -EINVAL;
		}
		seen |= 1U << (a - spec->args);
		if (!(a->flags & CLI_POS))
			keywords++;
	}
	for (a = spec->args; a->name; a++) {
		if ((a->flags & CLI_REQ) && !(seen & (1U << (a - spec->args)))) {
			cli_usage_error("\"%s\" needs %s%s%s", spec->cmd, a->name,
					a->value ? " " : "", a->value ? a->value : "");
			return -EINVAL;
		}
	}
	if (spec->need_any && !keywords) {
		cli_usage_error("\"%s\" needs %s", spec->cmd, spec->need_any);
		return -EINVAL;
	}
	if (given)
		*given = seen;
	return 0;
}
