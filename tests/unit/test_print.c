// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tools/print.c's JSON: strings escaped as JSON wants (quotes,
 * backslashes, control characters) with the plain runs between them whole,
 * numbers and booleans written without printf, nesting and pretty
 * indentation, and the same document whatever stdout's buffering; output
 * kept in memory (print_capture()) and written whole, or dropped, or
 * refused when memory runs out.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli.h"

struct cli_opts cli;

/* print-buf.c's malloc() and realloc() (-Wl,--wrap): failing when asked. */
void *__real_malloc(size_t size);
void *__real_realloc(void *p, size_t size);
static bool fail_alloc;

void *__wrap_malloc(size_t size)
{
	return fail_alloc ? NULL : __real_malloc(size);
}

void *__wrap_realloc(void *p, size_t size)
{
	return fail_alloc ? NULL : __real_realloc(p, size);
}

/* Two objects written in one go each (print_json_begin()), and a third by fields. */
static char *render_direct(void)
{
	FILE *saved = stdout;
	char *out = NULL, *p;
	size_t len = 0;
	int i;

	stdout = open_memstream(&out, &len);
	print_init();
	print_begin();
	for (i = 0; i < 2; i++) {
		p = print_json_begin(64);
		if (!p)
			break;
		p = PRINT_JSON_LIT(p, "{\"n\":");
		p = print_json_u64(p, i ? UINT64_MAX : 0);
		p = PRINT_JSON_LIT(p, ",\"s\":\"");
		p = print_json_plain(p, "ab", 2);
		p = PRINT_JSON_LIT(p, "\"}");
		print_json_end(p);
	}
	print_open();
	print_uint("n", NULL, 7);
	print_close();
	print_end();
	fclose(stdout);
	stdout = saved;
	return out;
}

enum { DISCARD, COMMIT, NO_CAPTURE };

/*
 * n objects of one long string each, captured and then committed or
 * discarded, or not captured, as a string; *err: print_commit()'s answer.
 */
static char *render_many(int n, int how, int *err)
{
	FILE *saved = stdout;
	char *out = NULL, big[1000];
	size_t len = 0;
	int i;

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	stdout = open_memstream(&out, &len);
	print_init();
	if (how != NO_CAPTURE)
		print_capture();
	print_begin();
	for (i = 0; i < n; i++) {
		print_open();
		print_uint("i", "%" PRIu64 " ", (uint64_t)i);
		print_str("s", "%s", big);
		print_close();
	}
	print_end();
	*err = 0;
	if (how == COMMIT)
		*err = print_commit();
	else if (how == DISCARD)
		print_discard();
	fclose(stdout);
	stdout = saved;
	return out;
}

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

/* Numbers at their edges, booleans, and an array of objects. */
static char *render_values(void)
{
	static const uint64_t v[] = { 0, 9, 10, 4294967296ULL, UINT64_MAX };
	FILE *saved = stdout;
	char *out = NULL;
	size_t len = 0, i;

	stdout = open_memstream(&out, &len);
	print_init();
	print_begin();
	print_open();
	print_array_open("v");
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		print_open();
		print_uint("n", NULL, v[i]);
		print_bool("odd", v[i] & 1, NULL);
		print_close();
	}
	print_array_close();
	print_array_open("none");
	print_array_close();
	print_close();
	print_end();
	fclose(stdout);
	stdout = saved;
	return out;
}

static size_t count(const char *s, char c)
{
	size_t n = 0;

	while ((s = strchr(s, c)))
		n++, s++;
	return n;
}

int main(void)
{
	char *s, *t;
	int err;

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
	s = render_direct();
	CHECK(!strcmp(s, "[{\"n\":0,\"s\":\"ab\"},{\"n\":18446744073709551615,\"s\":\"ab\"},"
		      "{\"n\":7}]\n"), "objects in one go, between separators: %s", s);
	free(s);
	{
		char b[32];

		CHECK(print_json_plain(b, "port_xmit_data", 64) == b + 14 && !memcmp(b, "port_xmit_data", 14) &&
		      !print_json_plain(b, "a\"b", 64) && !print_json_plain(b, "a\\b", 64) &&
		      !print_json_plain(b, "a\tb", 64) && print_json_plain(b, "0123456789", 10) == b + 10 &&
		      !print_json_plain(b, "0123456789a", 10) && print_json_plain(b, "", 0) == b,
		      "plain strings copied: no quote, backslash, control character, nor longer than asked");
		CHECK(print_json_u64(b, 0) == b + 1 && b[0] == '0' && print_json_u64(b, 7) == b + 1 &&
		      print_json_u64(b, 10) == b + 2 && !memcmp(b, "10", 2) &&
		      print_json_u64(b, 99) == b + 2 && !memcmp(b, "99", 2) &&
		      print_json_u64(b, 100) == b + 3 && !memcmp(b, "100", 3) &&
		      print_json_u64(b, 1234567) == b + 7 && !memcmp(b, "1234567", 7) &&
		      print_json_u64(b, UINT64_MAX) == b + 20 && !memcmp(b, "18446744073709551615", 20),
		      "numbers two digits a step, at their edges");
	}
	cli.pretty = true;
	CHECK(!print_json_begin(64), "pretty JSON: not in one go");
	cli.json = false;
	CHECK(!print_json_begin(64), "text: not in one go");
	cli.json = true;
	cli.pretty = false;
	s = render_values();
	CHECK(!strcmp(s, "[{\"v\":[{\"n\":0,\"odd\":false},{\"n\":9,\"odd\":true},"
		      "{\"n\":10,\"odd\":false},{\"n\":4294967296,\"odd\":false},"
		      "{\"n\":18446744073709551615,\"odd\":true}],\"none\":[]}]\n"),
	      "numbers and booleans: %s", s);
	free(s);
	t = render_many(300, NO_CAPTURE, &err);
	s = render_many(300, COMMIT, &err);
	CHECK(!strcmp(s, t), "300 KB not captured: the same, in 64 KiB writes (%zu bytes)", strlen(t));
	free(t);
	CHECK(!err && count(s, '{') == 300 && !strncmp(s, "[{\"i\":0,\"s\":\"xx", 15) &&
	      strstr(s, "x\"},{\"i\":299,\"s\":\"x") && !strcmp(s + strlen(s) - 5, "x\"}]\n"),
	      "300 KB captured past the 64 KiB buffer, written whole (%zu bytes)", strlen(s));
	free(s);
	s = render_many(300, DISCARD, &err);
	CHECK(!err && !strcmp(s, ""), "discarded: nothing written (%zu bytes)", strlen(s));
	free(s);
	fail_alloc = true;		/* more than the buffer grown so far */
	s = render_many(5000, COMMIT, &err);
	fail_alloc = false;
	CHECK(err == -ENOMEM && !strcmp(s, ""), "out of memory: refused, nothing written (%d)", err);
	free(s);
	s = render_many(3, COMMIT, &err);
	CHECK(!err && strstr(s, "{\"i\":2,"), "and the next capture works again");
	free(s);
	cli.json = false;
	s = render_many(2, COMMIT, &err);
	CHECK(!err && !strncmp(s, "0 xxx", 5) && strstr(s, "x\n1 xxx") && s[strlen(s) - 1] == '\n',
	      "text captured too, in order");
	free(s);
	cli.json = true;
	cli.pretty = true;
	s = render_values();
	CHECK(!strncmp(s, "[\n    {\n        \"v\": [\n            {\n                \"n\": 0,\n"
		       "                \"odd\": false\n            },", 89) &&
	      strstr(s, "\n        ],\n        \"none\": []\n    }\n]\n"),
	      "pretty nesting: %s", s);
	free(s);
	s = render("x", "y");
	CHECK(!strcmp(s, "[\n    {\n        \"a\": \"x\",\n        \"b\": \"y\"\n    }\n]\n"),
	      "pretty: %s", s);
	free(s);
	return DONE();
}
