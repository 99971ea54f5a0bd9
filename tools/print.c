// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One print path for text and JSON, as iproute2's: every value is printed
 * once, by one call with its JSON key and its text format. A NULL text
 * format means the value appears in JSON only (only with -d in text,
 * which each command decides, or never). The _fmt calls are for a value
 * that text shows in its own words (a label, a rate, an age): JSON gets
 * the value, text what the format makes of the arguments after it.
 * print_text() is for text with no JSON value: separators, headers,
 * words about what is absent.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <unistd.h>

#include "cli.h"

static int depth;
static bool first = true;

static void json_sep(void)
{
	if (!first)
		putchar(',');
	if (cli.pretty)
		printf("\n%*s", depth * 4, "");
	first = false;
}

/* A key, or for a NULL key just the separator: an array's element. */
static void json_key(const char *key)
{
	json_sep();
	if (key)
		printf(cli.pretty ? "\"%s\": " : "\"%s\":", key);
}

/* s quoted: its runs of plain characters written whole. */
static void json_string(const char *s)
{
	putchar('"');
	while (*s) {
		size_t n = 0;
		unsigned char c;

		while ((c = (unsigned char)s[n]) && c != '"' && c != '\\' && c >= 0x20)
			n++;
		fwrite(s, 1, n, stdout);
		s += n;
		if (!c)
			break;
		if (c < 0x20)
			printf("\\u%04x", c);
		else
			printf("\\%c", c);
		s++;
	}
	putchar('"');
}

/*
 * stdout for a command's output: the CLI has one thread, so stdio need not
 * lock at each character, and output that is not a terminal goes out in
 * 64 KiB writes (a snapshot of 1,024 ports is megabytes of JSON).
 */
void print_init(void)
{
	static char buf[64 * 1024];	/* glibc sizes its own by st_blksize, 4 KiB */
	int fd = fileno(stdout);	/* -1: not a file (a memstream) */

	__fsetlocking(stdout, FSETLOCKING_BYCALLER);
	if (fd >= 0 && !isatty(fd))
		setvbuf(stdout, buf, _IOFBF, sizeof(buf));
}

void print_begin(void)
{
	if (cli.json) {
		putchar('[');
		depth = 1;
		first = true;
	}
}

void print_end(void)
{
	if (cli.json) {
		depth = 0;
		if (cli.pretty && !first)
			putchar('\n');
		puts("]");
	}
	fflush(stdout);
}

/* One object a line (JSON lines), flushed: for streams such as monitor. */
void print_line_begin(void)
{
	if (cli.json) {
		depth = 0;
		first = true;
	}
	print_open();
}

void print_line_end(void)
{
	print_close();
	if (cli.json)
		putchar('\n');
	fflush(stdout);
}

void print_open(void)
{
	if (!cli.json)
		return;
	json_sep();
	putchar('{');
	depth++;
	first = true;
}

void print_close(void)
{
	if (!cli.json) {
		putchar('\n');
		return;
	}
	depth--;
	if (cli.pretty)
		printf("\n%*s", depth * 4, "");
	putchar('}');
	first = false;
}

/* A JSON object under key; nothing in text. */
void print_object_open(const char *key)
{
	if (!cli.json)
		return;
	json_key(key);
	putchar('{');
	depth++;
	first = true;
}

void print_object_close(void)
{
	if (!cli.json)
		return;
	depth--;
	if (cli.pretty && !first)
		printf("\n%*s", depth * 4, "");
	putchar('}');
	first = false;
}

/* A JSON array under key; nothing in text. */
void print_array_open(const char *key)
{
	if (!cli.json)
		return;
	json_key(key);
	putchar('[');
	depth++;
	first = true;
}

void print_array_close(void)
{
	if (!cli.json)
		return;
	depth--;
	if (cli.pretty && !first)
		printf("\n%*s", depth * 4, "");
	putchar(']');
	first = false;
}

/* In text, what text_fmt makes of the arguments after it (NULL: nothing). */
static void print_text_va(const char *text_fmt, va_list ap)
{
	if (!cli.json && text_fmt)
		vprintf(text_fmt, ap);
}

void print_bool(const char *key, bool val, const char *text_fmt, ...)
{
	va_list ap;

	if (cli.json) {
		json_key(key);
		fputs(val ? "true" : "false", stdout);
	}
	va_start(ap, text_fmt);
	print_text_va(text_fmt, ap);
	va_end(ap);
}

void print_str(const char *key, const char *text_fmt, const char *val)
{
	if (cli.json) {
		json_key(key);
		json_string(val);
	} else if (text_fmt) {
		printf(text_fmt, val);
	}
}

void print_uint(const char *key, const char *text_fmt, uint64_t val)
{
	if (cli.json) {
		json_key(key);
		printf("%" PRIu64, val);
	} else if (text_fmt) {
		printf(text_fmt, val);
	}
}

void print_real(const char *key, const char *text_fmt, double val)
{
	if (cli.json) {
		json_key(key);
		printf("%.10g", val);
	} else if (text_fmt) {
		printf(text_fmt, val);
	}
}

void print_str_fmt(const char *key, const char *val, const char *text_fmt, ...)
{
	va_list ap;

	print_str(key, NULL, val);
	va_start(ap, text_fmt);
	print_text_va(text_fmt, ap);
	va_end(ap);
}

void print_uint_fmt(const char *key, uint64_t val, const char *text_fmt, ...)
{
	va_list ap;

	print_uint(key, NULL, val);
	va_start(ap, text_fmt);
	print_text_va(text_fmt, ap);
	va_end(ap);
}

char *format_guid(uint64_t guid, char *buf, size_t size)
{
	snprintf(buf, size, "%04x:%04x:%04x:%04x", (unsigned int)(guid >> 48) & 0xffff,
		 (unsigned int)(guid >> 32) & 0xffff, (unsigned int)(guid >> 16) & 0xffff,
		 (unsigned int)guid & 0xffff);
	return buf;
}

void print_guid(const char *key, const char *text_fmt, uint64_t guid)
{
	char buf[24];

	print_str(key, text_fmt, format_guid(guid, buf, sizeof(buf)));
}

void print_text(const char *fmt, ...)
{
	va_list ap;

	if (cli.json)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}
