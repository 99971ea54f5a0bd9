// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One print path for text and JSON, as iproute2's: every value is printed
 * once, by one call with its JSON key and its text format. A NULL text
 * format means the value appears in JSON only (only with -d in text,
 * which each command decides, or never). The _fmt calls are for a value
 * that text shows in its own words (a label, a rate, an age): JSON gets
 * the value, text what the format makes of the arguments after it.
 * print_text() is for text with no JSON value: separators, headers,
 * words about what is absent. Where it all goes, and capturing it in
 * memory: print-buf.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "print.h"

static int depth;
static bool first = true;

char *print_json_u64(char *p, uint64_t v)
{
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
		"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";
	uint64_t t = v;
	char *end = p + 1, *d;

	/* Written in place from the end, two digits a step: no copy. */
	while (t >= 10000) {
		t /= 10000;
		end += 4;
	}
	end += (t >= 10) + (t >= 100) + (t >= 1000);
	d = end;
	while (v >= 100) {
		const char *two = pairs + 2 * (v % 100);

		v /= 100;
		*--d = two[1];
		*--d = two[0];
	}
	if (v >= 10) {
		*--d = pairs[2 * v + 1];
		*--d = pairs[2 * v];
	} else {
		*--d = (char)('0' + v);
	}
	return end;
}

static void out_u64(uint64_t v)
{
	char buf[20], *o = out_reserve(sizeof(buf));

	if (o)
		out_commit(print_json_u64(o, v));
	else
		out_mem(buf, (size_t)(print_json_u64(buf, v) - buf));
}

/* A new line indented to the current depth (pretty JSON). */
static void out_indent(int levels)
{
	out_char('\n');
	for (levels *= 4; levels > 0; levels--)
		out_char(' ');
}

static void json_sep(void)
{
	if (!first)
		out_char(',');
	if (cli.pretty)
		out_indent(depth);
	first = false;
}

/* The longest key and string the fast paths copy; longer ones take out_mem(). */
#define JSON_KEY_FAST 48
#define JSON_STRING_FAST 128

/* A key, or for a NULL key just the separator: an array's element. */
static void json_key(const char *key)
{
	size_t n;
	char *p;

	/*
	 * Keys are short literals: copied here byte by byte, not through
	 * strlen() and memcpy(), whose vector code costs more than the copy
	 * for a dozen bytes (and much more under emulation, where the
	 * benchmark runs). A key too long for the room reserved takes the
	 * slow path.
	 */
	if (key && !cli.pretty && (p = out_reserve(JSON_KEY_FAST + 4))) {
		if (!first)
			*p++ = ',';
		*p++ = '"';
		for (n = 0; key[n] && n < JSON_KEY_FAST; n++)
			*p++ = key[n];
		if (!key[n]) {
			*p++ = '"';
			*p++ = ':';
			out_commit(p);
			first = false;
			return;
		}
	}
	json_sep();
	if (!key)
		return;
	out_char('"');
	out_mem(key, strlen(key));
	out_mem("\": ", cli.pretty ? 3 : 2);
}

/* s quoted: its runs of plain characters written whole. */
static void json_string(const char *s)
{
	static const char hex[] = "0123456789abcdef";
	char *p;

	/* Names and words: plain, short, copied as they are scanned (as keys). */
	if ((p = out_reserve(JSON_STRING_FAST + 2))) {
		size_t n;

		*p++ = '"';
		for (n = 0; n < JSON_STRING_FAST; n++) {
			unsigned char c = (unsigned char)s[n];

			if (c < 0x20 || c == '"' || c == '\\')
				break;
			*p++ = (char)c;
		}
		if (!s[n]) {
			*p++ = '"';
			out_commit(p);
			return;
		}
	}
	out_char('"');
	while (*s) {
		size_t n = 0;
		unsigned char c;

		while ((c = (unsigned char)s[n]) && c != '"' && c != '\\' && c >= 0x20)
			n++;
		out_mem(s, n);
		s += n;
		if (!c)
			break;
		if (c < 0x20) {
			out_mem("\\u00", 4);
			out_char(hex[c >> 4]);
			out_char(hex[c & 15]);
		} else {
			out_char('\\');
			out_char((char)c);
		}
		s++;
	}
	out_char('"');
}

void print_begin(void)
{
	if (cli.json) {
		out_char('[');
		depth = 1;
		first = true;
	}
}

void print_end(void)
{
	if (cli.json) {
		depth = 0;
		if (cli.pretty && !first)
			out_char('\n');
		out_mem("]\n", 2);
	}
	out_flush();
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
		out_char('\n');
	out_flush();
}

void print_open(void)
{
	if (!cli.json)
		return;
	json_sep();
	out_char('{');
	depth++;
	first = true;
}

void print_close(void)
{
	if (!cli.json) {
		out_char('\n');
		return;
	}
	depth--;
	if (cli.pretty)
		out_indent(depth);
	out_char('}');
	first = false;
}

/* A JSON object under key; nothing in text. */
void print_object_open(const char *key)
{
	if (!cli.json)
		return;
	json_key(key);
	out_char('{');
	depth++;
	first = true;
}

void print_object_close(void)
{
	if (!cli.json)
		return;
	depth--;
	if (cli.pretty && !first)
		out_indent(depth);
	out_char('}');
	first = false;
}

/* A JSON array under key; nothing in text. */
void print_array_open(const char *key)
{
	if (!cli.json)
		return;
	json_key(key);
	out_char('[');
	depth++;
	first = true;
}

void print_array_close(void)
{
	if (!cli.json)
		return;
	depth--;
	if (cli.pretty && !first)
		out_indent(depth);
	out_char(']');
	first = false;
}

/* In text, what text_fmt makes of the arguments after it (NULL: nothing). */
static void print_text_va(const char *text_fmt, va_list ap)
{
	if (!cli.json && text_fmt)
		out_vfmt(text_fmt, ap);
}

void print_bool(const char *key, bool val, const char *text_fmt, ...)
{
	va_list ap;

	if (cli.json) {
		json_key(key);
		out_mem(val ? "true" : "false", val ? 4 : 5);
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
		out_fmt(text_fmt, val);
	}
}

void print_uint(const char *key, const char *text_fmt, uint64_t val)
{
	if (cli.json) {
		json_key(key);
		out_u64(val);
	} else if (text_fmt) {
		out_fmt(text_fmt, val);
	}
}

void print_real(const char *key, const char *text_fmt, double val)
{
	if (cli.json) {
		json_key(key);
		out_fmt("%.10g", val);
	} else if (text_fmt) {
		out_fmt(text_fmt, val);
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

char *print_json_begin(size_t n)
{
	char *p;

	/* + the separator, + what PRINT_JSON_LIT() may write past its end. */
	if (!cli.json || cli.pretty || !(p = out_reserve(n + 1 + 8)))
		return NULL;
	if (!first)
		*p++ = ',';
	return p;
}

void print_json_end(char *p)
{
	out_commit(p);
	first = false;
}

/* Which bytes JSON takes as they are in a string: not '"', '\\' or controls. */
static const bool json_plain[256] = {
	[0x20 ... 0x21] = true, [0x23 ... 0x5b] = true, [0x5d ... 0xff] = true,
};

char *print_json_plain(char *p, const char *s, size_t max)
{
	size_t n;

	for (n = 0; n < max && json_plain[(unsigned char)s[n]]; n++)
		p[n] = s[n];
	return s[n] ? NULL : p + n;
}

void print_text(const char *fmt, ...)
{
	va_list ap;

	if (cli.json)
		return;
	va_start(ap, fmt);
	out_vfmt(fmt, ap);
	va_end(ap);
}
