/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared by the rdmactl CLI's files: options, commands, printing. */
#ifndef RDMACTL_CLI_H
#define RDMACTL_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "librdmactl.h"

/* Exit codes, as ip(8) and rdma(8): */
#define EXIT_OK		0
#define EXIT_ERROR	1
#define EXIT_USAGE	2

struct cli_opts {
	bool json;
	bool pretty;
	bool details;
};

extern struct cli_opts cli;

struct cli_cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

/* args.c: parsing, no kernel needed. */
int cli_parse_opts(int argc, char **argv, struct cli_opts *o);
/* Whether w is a global option (-j, -p, -d and their long forms); sets it. */
bool cli_global_opt(const char *w, struct cli_opts *o);
const struct cli_cmd *cli_lookup(const struct cli_cmd *table, const char *word);
int cli_parse_dev_port(const char *arg, char *dev, size_t size, uint32_t *port);
int cli_dispatch(const struct cli_cmd *table, const char *object, int argc, char **argv);

/*
 * stack.c: the one line saying rdmactl.ko is not loaded, why when it can
 * tell (none installed, or built against the other RDMA stack), and the remedy.
 */
void cli_missing_module(void);

/*
 * The one grammar of every command: OBJECT COMMAND [DEV[/PORT]] [keyword
 * value]... Each command declares its words in a table of struct cli_arg
 * and cli_parse() reads argv against it, into the command's own struct
 * (each arg's off). Keywords match exactly or as a unique prefix, as ip's;
 * the GNU options of before (--errors, -i) stay exact-match aliases for
 * one release. Words that are no keyword fill the positionals in order.
 */
enum cli_kind {
	CLI_FLAG,	/* bool: the keyword alone */
	CLI_STR,	/* const char *: a word shorter than max, or that parse() takes */
	CLI_U32,	/* uint32_t: a number from min to max (decimal, 0x hex, 0 octal) */
	CLI_REAL,	/* double: a number above 0 and at least min */
	CLI_ENUM,	/* uint8_t: one of the names in values */
	CLI_DEV,	/* struct cli_dev_port: DEV, a positional */
	CLI_DEV_PORT,	/* struct cli_dev_port: DEV or DEV/PORT, a positional */
};

/* Flags of struct cli_arg. */
#define CLI_POS		(1U << 0)	/* a positional: matched by place, not by name */
#define CLI_REQ		(1U << 1)	/* must be given */

struct cli_enum {
	const char *name;
	uint8_t value;
};

struct cli_dev_port {
	char dev[RDMACTL_DEV_NAME_MAX];
	uint32_t port;			/* 0: none given */
};

struct cli_arg {
	const char *name;	/* the keyword; for a positional, its usage name */
	enum cli_kind kind;
	size_t off;		/* where the value goes in the command's struct */
	unsigned int flags;
	const char *value;	/* the value's usage name: "N", "v1|v2" */
	const char *expect;	/* what a good value is, for errors: "v1 or v2" */
	const char *aliases;	/* space-separated old spellings, exact match */
	const struct cli_enum *values;	/* CLI_ENUM, ending with a NULL name */
	double min, max;	/* CLI_U32, CLI_REAL; CLI_STR: max is the size */
	int (*parse)(const char *word, void *dst);	/* CLI_STR: 0 or -EINVAL */
};

struct cli_spec {
	const char *cmd;		/* "roce set": what errors and usage name */
	const struct cli_arg *args;	/* ends with a NULL name */
	const char *need_any;		/* no keyword given: "needs <this>" */
};

/*
 * Read argv (the words after the command) into dst by spec; *given (if
 * not NULL) gets bit i for each spec->args[i] given. 0, or -EINVAL after
 * one line on stderr naming the word and what was expected.
 */
int cli_parse(const struct cli_spec *spec, int argc, char **argv, void *dst,
	      unsigned int *given);
/* "rdmactl roce set DEV[/PORT] [mode v1|v2] [tos N]", a line on f. */
void cli_usage(FILE *f, const struct cli_spec *spec);
/* An object's help: the usage of each command (specs ends with NULL). */
void cli_help(const char *obj, const struct cli_spec *const *specs);

/* Whether msg names obj as a word of its own (the kernel's message, a device). */
bool cli_names(const char *msg, const char *obj);

/* A growable array of objects copied out of library callbacks. */
struct cli_vec {
	void *items;
	size_t n, cap, size;
};
int cli_vec_push(struct cli_vec *v, const void *item);
/* Empty it, calling release (if any) on each item; keep the memory. */
void cli_vec_clear(struct cli_vec *v, void (*release)(void *item));
void cli_vec_free(struct cli_vec *v);

/*
 * The body of every "show": open the handle, list objects of size bytes
 * into a cli_vec with list() (again when the library says -EINTR, devices
 * having changed mid-dump, five times at most), then print() each, or
 * print the one-line error (naming obj, the device or interface asked
 * about, if any) and nothing else; release (if any) frees what each item
 * owns. Returns the exit code.
 */
typedef int (*cli_list_fn)(struct rdmactl *h, const void *arg, struct cli_vec *v);
typedef void (*cli_print_fn)(const void *item);
int cli_show(size_t size, cli_list_fn list, const void *arg, cli_print_fn print,
	     void (*release)(void *item), const char *obj, const char *what);
/*
 * The same for objects printed as the library delivers them, unkept:
 * emit() lists and prints, into memory (print_capture()), so that a list
 * the library says changed is printed again from the start, and nothing
 * is printed on an error. For the largest outputs (counters of every port).
 */
typedef int (*cli_emit_fn)(struct rdmactl *h, const void *arg);
int cli_stream(cli_emit_fn emit, const void *arg, const char *obj, const char *what);

/* rdmactl.c */
struct rdmactl *cli_open(void);
int cli_fail(struct rdmactl *h, int err, const char *obj, const char *what);
void cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* One print path for text and JSON (print.c); where it goes (print-buf.c). */
void print_init(void);
/*
 * Keep what is printed in memory from now on; print_commit() writes it
 * (-ENOMEM, nothing written, when memory ran out), print_discard() drops it.
 */
void print_capture(void);
int print_commit(void);
void print_discard(void);
void print_begin(void);
void print_end(void);
void print_line_begin(void);
void print_line_end(void);
void print_open(void);
void print_close(void);
void print_object_open(const char *key);
void print_object_close(void);
/* Elements of an array are printed with a NULL key. */
void print_array_open(const char *key);
void print_array_close(void);
void print_bool(const char *key, bool val, const char *text_fmt, ...)
	__attribute__((format(printf, 3, 4)));
void print_str(const char *key, const char *text_fmt, const char *val);
void print_uint(const char *key, const char *text_fmt, uint64_t val);
/* A real number (a rate); text_fmt takes a double. */
void print_real(const char *key, const char *text_fmt, double val);
/* val in JSON; in text, text_fmt with the arguments after it. */
void print_str_fmt(const char *key, const char *val, const char *text_fmt, ...)
	__attribute__((format(printf, 3, 4)));
void print_uint_fmt(const char *key, uint64_t val, const char *text_fmt, ...)
	__attribute__((format(printf, 3, 4)));
void print_guid(const char *key, const char *text_fmt, uint64_t guid);
void print_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * For objects printed by the ten thousand (a snapshot's counters): one
 * object of compact JSON written in one go by the caller, the same keys
 * in the same order as its print_*() calls would give. print_json_begin()
 * returns room for n bytes (the separator written), or NULL (text, pretty
 * JSON, out of memory): then print field by field. print_json_plain()
 * copies a string that needs no escaping, at most max bytes, or returns
 * NULL: then too. Nothing counts until print_json_end(p), p where the
 * object ends.
 */
char *print_json_begin(size_t n);
void print_json_end(char *p);
char *print_json_plain(char *p, const char *s, size_t max);
char *print_json_u64(char *p, uint64_t v);

/*
 * A string literal's bytes at p, and where they end: copied 8 bytes at a
 * time from a copy padded to 8, so a few moves and no call to memcpy() or
 * mempcpy() (which the compiler makes of memcpy() and a sum). Up to 7
 * bytes past the end are written too: print_json_begin() leaves room.
 */
#define PRINT_JSON_LIT(p, lit) ({						\
	static const char lit_[(sizeof(lit) + 7) & ~(size_t)7] = lit;		\
	char *to_ = (p);							\
	size_t i_;								\
									\
	for (i_ = 0; i_ < sizeof(lit_); i_ += 8)				\
		__builtin_memcpy(to_ + i_, lit_ + i_, 8);			\
	to_ + sizeof(lit) - 1;							\
})
char *format_guid(uint64_t guid, char *buf, size_t size);

/* stat-eth.c: a RoCE port's netdev statistics, after its counters. */
void stat_eth_print(const char *ifname);
void stat_eth_done(void);

/* One file per object. */
int dev_main(int argc, char **argv);
int port_main(int argc, char **argv);
int stat_main(int argc, char **argv);
/* stat-mode.c: rdmactl stat mode */
int stat_mode_main(int argc, char **argv);
int ipoib_main(int argc, char **argv);
int monitor_main(int argc, char **argv);
int gid_main(int argc, char **argv);
int roce_main(int argc, char **argv);
/*
 * roce.c: a port's row of roce show, which monitor.c prints a ROCE event
 * with (event: no "root can ask rdma_cm" hint for a mode the event lacks).
 */
void roce_print_row(const struct rdmactl_roce_info *r, bool event);
/* qos.c: rdmactl roce qos, from roce.c's table; a trust's name; the kept profile in roce.c's row. */
int qos_main(int argc, char **argv);
const char *qos_trust_name(uint8_t trust);
void qos_print_kept(const struct rdmactl_roce_info *r);
int check_main(int argc, char **argv);

#endif /* RDMACTL_CLI_H */
