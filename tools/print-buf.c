// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Where print.c's output goes: text straight to stdout through stdio,
 * JSON (and anything captured) through a buffer of its own.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli.h"
#include "print.h"

/*
 * Output goes through out_*(), not printf(): a snapshot of 256 ports is a
 * megabyte of keys and numbers, and stdio's per-call cost and format
 * parsing came to more than the netlink reads (Documentation/benchmarks.md,
 * the profile). JSON collects in ob and goes to stdout 64 KiB at a time and
 * at print_end(). Text goes straight to stdio, as commands mix print_*()
 * with their own printf() there. While capturing, both collect in ob, as
 * large as they need, until print_commit() or print_discard().
 */
static char ob_static[64 * 1024];
struct print_buf ob = { .buf = ob_static, .cap = sizeof(ob_static), .alloc = sizeof(ob_static) };

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23		/* Linux 5.14 */
#endif

/* A capture's pages are made ready this many at a time (ob_populate()). */
#define OB_POPULATE_STEP (256 << 10)

/*
 * ob to stdout, after what stdio holds: write()s straight from ob, as
 * fwrite() would first copy a buffer's worth into stdio's. A failure is
 * left to stdio to meet and keep (ferror()), as before.
 */
static void ob_flush(void)
{
	int fd = fileno(stdout);	/* -1: not a file (a memstream) */
	size_t done = 0;

	if (!ob.len)
		return;
	if (fd >= 0 && fflush(stdout) == 0) {
		while (done < ob.len) {
			ssize_t n = write(fd, ob.buf + done, ob.len - done);

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			done += (size_t)n;
		}
	}
	if (done < ob.len)
		fwrite_unlocked(ob.buf + done, 1, ob.len - done, stdout);
	ob.len = 0;
}

/* madvise() of the whole pages between from and to; its failure is no one's. */
static void ob_advise(char *from, char *to, int advice)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t a = ((uintptr_t)from + page - 1) & ~(page - 1);
	uintptr_t b = (uintptr_t)to & ~(page - 1);

	if (b > a)
		madvise((void *)a, b - a, advice);
}

/*
 * ob.cap up to what holds n more bytes, a step at a time: a capture's
 * fresh pages are faulted in by one madvise() a step, not one fault a
 * page, which under emulation cost the CLI more than the formatting
 * (Documentation/benchmarks.md, issue 58). Where the kernel has no
 * MADV_POPULATE_WRITE (before 5.14) the pages fault in as they are
 * written, as before.
 */
static void ob_populate(size_t n)
{
	size_t cap = ob.cap;

	while (cap < ob.len + n)
		cap += OB_POPULATE_STEP;
	if (cap > ob.alloc)
		cap = ob.alloc;
	ob_advise(ob.buf + ob.cap, ob.buf + cap, MADV_POPULATE_WRITE);
	ob.cap = cap;
}

/* Room for n more bytes: ob flushed when not capturing, else grown. */
bool ob_room(size_t n)
{
	size_t alloc;
	char *p;

	if (ob.len + n <= ob.cap)
		return true;
	if (!ob.capturing) {
		ob_flush();
		return n <= ob.cap;
	}
	if (ob.failed)
		return false;
	if (ob.len + n > ob.alloc) {
		/*
		 * 4 MiB first, its pages made ready as they are reached;
		 * beyond, realloc() moves pages (mremap), not bytes: no copy
		 * as a capture grows.
		 */
		for (alloc = 4 << 20; alloc < ob.len + n; alloc *= 2)
			;
		p = ob.buf == ob_static ? malloc(alloc) : realloc(ob.buf, alloc);
		if (!p) {
			ob.failed = true;
			return false;
		}
		if (ob.buf == ob_static) {
			memcpy(p, ob_static, ob.len);
			ob.cap = ob.len;	/* the rest not yet made ready */
			/*
			 * Fresh pages are zeroed by the kernel, which under
			 * emulation costs more than writing them: with
			 * transparent huge pages (Debian's "always") the first
			 * byte of each 2 MiB had 2 MiB zeroed, most of it never
			 * written (Documentation/benchmarks.md).
			 */
			ob_advise(p, p + alloc, MADV_NOHUGEPAGE);
		}
		ob.buf = p;
		ob.alloc = alloc;
	}
	ob_populate(n);
	return true;
}

void out_mem(const char *s, size_t n)
{
	char *p;

	if (!to_ob()) {
		fwrite_unlocked(s, 1, n, stdout);
	} else if (ob_room(n)) {
		p = ob.buf + ob.len;
		/* A few bytes copied by hand: memcpy()'s vector code costs more. */
		if (n <= 16) {
			while (n--)
				*p++ = *s++;
			out_commit(p);
		} else {
			memcpy(p, s, n);
			ob.len += n;
		}
	} else if (!ob.capturing) {
		fwrite_unlocked(s, 1, n, stdout);	/* larger than ob itself */
	}
}

void out_vfmt(const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	if (!to_ob()) {
		vfprintf(stdout, fmt, ap);
		return;
	}
	va_copy(aq, ap);
	n = vsnprintf(ob.buf + ob.len, ob.cap - ob.len, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	if ((size_t)n < ob.cap - ob.len) {
		ob.len += (size_t)n;
	} else if (ob_room((size_t)n + 1)) {
		vsnprintf(ob.buf + ob.len, ob.cap - ob.len, fmt, ap);
		ob.len += (size_t)n;
	} else if (!ob.capturing) {
		vfprintf(stdout, fmt, ap);
	}
}

void out_fmt(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	out_vfmt(fmt, ap);
	va_end(ap);
}

/* Unless capturing, everything printed so far to stdout. */
void out_flush(void)
{
	if (!ob.capturing) {
		ob_flush();
		fflush(stdout);
	}
}

void print_capture(void)
{
	ob_flush();
	ob.capturing = true;
	ob.failed = false;
}

void print_discard(void)
{
	ob.len = 0;
	ob.capturing = false;
	ob.failed = false;
}

int print_commit(void)
{
	bool failed = ob.failed;

	ob.capturing = false;
	ob.failed = false;
	if (failed) {
		ob.len = 0;
		return -ENOMEM;
	}
	out_flush();
	return 0;
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
