// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tools/print.c's JSON: strings escaped as JSON wants (quotes,
 * backslashes, control characters) with the plain runs between them whole,
 * and the same document whatever stdout's buffering.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli.h"

struct cli_opts cli;

/* What print.c writes for one object of two strings, as a string. */
static char *render(const char *a, const char *b)
{
	FILE *saved = stdout;
	char *out = NULL;
	size_t len = 0;

	stdout = open_memstream(&out, &len);
	print_init();
	print_begin();
	print_open();
	print_str("a", "%s", a);
	print_str("b", "%s", b);
	print_close();
	print_end();
	fclose(stdout);
	stdout = saved;
	return out;
}

int main(void)
{
	char *s;

	cli.json = true;
	s = render("plain", "");
	CHECK(!strcmp(s, "[{\"a\":\"plain\",\"b\":\"\"}]\n"), "plain and empty: %s", s);
	free(s);
	s = render("q\"uo\\te", "\x01x\ty\x1f");
	CHECK(!strcmp(s, "[{\"a\":\"q\\\"uo\\\\te\",\"b\":\"\\u0001x\\u0009y\\u001f\"}]\n"),
	      "escapes between runs: %s", s);
	free(s);
	s = render("\"", "\\\\");
	CHECK(!strcmp(s, "[{\"a\":\"\\\"\",\"b\":\"\\\\\\\\\"}]\n"), "nothing but escapes: %s", s);
	free(s);
	cli.pretty = true;
	s = render("x", "y");
	CHECK(!strcmp(s, "[\n    {\n        \"a\": \"x\",\n        \"b\": \"y\"\n    }\n]\n"),
	      "pretty: %s", s);
	free(s);
	return DONE();
}
