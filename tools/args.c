// SPDX-License-Identifier: GPL-2.0-or-later
/* Argument parsing of the rdmactl CLI, kept free of I/O for the unit tests. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/*
 * Leading options, before the object. Returns how many arguments they
 * took, or -(its index) for an unknown option. -V and -h are the caller's.
 */
int cli_parse_opts(int argc, char **argv, struct cli_opts *o)
{
	int i;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-j") || !strcmp(a, "--json") || !strcmp(a, "-json"))
			o->json = true;
		else if (!strcmp(a, "-p") || !strcmp(a, "--pretty") || !strcmp(a, "-pretty"))
			o->pretty = true;
		else if (!strcmp(a, "-d") || !strcmp(a, "--details") || !strcmp(a, "-details"))
			o->details = true;
		else if (!strcmp(a, "-jp") || !strcmp(a, "-pj"))
			o->json = o->pretty = true;
		else if (!strcmp(a, "-V") || !strcmp(a, "--version") ||
			 !strcmp(a, "-h") || !strcmp(a, "--help"))
			break;
		else
			return -i;
	}
	/* -p alone means pretty JSON, as in rdma(8). */
	if (o->pretty)
		o->json = true;
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
