/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Between print.c, which writes text and JSON, and print-buf.c, where it
 * goes: stdout through stdio for text, ob for JSON and captures. The
 * small calls made for every key and value are inline here: the split
 * costs the JSON no calls.
 */
#ifndef RDMACTL_PRINT_H
#define RDMACTL_PRINT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "cli.h"

struct print_buf {
	char *buf;
	size_t len;
	size_t cap;		/* bytes ready to write: the fast paths' bound */
	size_t alloc;		/* bytes allocated: cap and more, while capturing */
	bool capturing;
	bool failed;		/* capturing ran out of memory: commit fails */
};

extern struct print_buf ob;

/* Room for n more bytes: ob flushed when not capturing, else grown. */
bool ob_room(size_t n);
void out_mem(const char *s, size_t n);
void out_vfmt(const char *fmt, va_list ap);
void out_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Unless capturing, everything printed so far to stdout. */
void out_flush(void);

static inline bool to_ob(void)
{
	return cli.json || ob.capturing;
}

/*
 * n bytes of ob to write into at the returned pointer, then out_commit()
 * the end; NULL when output does not go to ob or it cannot have them (the
 * caller takes the out_*() path). The fast path of JSON's keys and values.
 */
static inline char *out_reserve(size_t n)
{
	if (!to_ob() || (ob.len + n > ob.cap && !ob_room(n)))
		return NULL;
	return ob.buf + ob.len;
}

static inline void out_commit(const char *end)
{
	ob.len = (size_t)(end - ob.buf);
}

static inline void out_char(char c)
{
	if (to_ob() && ob.len < ob.cap)
		ob.buf[ob.len++] = c;
	else
		out_mem(&c, 1);
}

#endif /* RDMACTL_PRINT_H */
