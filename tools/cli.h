/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared by the rdmactl CLI's files: options, commands, printing. */
#ifndef RDMACTL_CLI_H
#define RDMACTL_CLI_H

#include <stdbool.h>
#include <stdint.h>

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
const struct cli_cmd *cli_lookup(const struct cli_cmd *table, const char *word);
int cli_parse_dev_port(const char *arg, char *dev, size_t size, uint32_t *port);
int cli_dispatch(const struct cli_cmd *table, const char *object, int argc, char **argv);
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

/* rdmactl.c */
struct rdmactl *cli_open(void);
int cli_fail(struct rdmactl *h, int err, const char *obj, const char *what);
void cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* One print path for text and JSON (print.c). */
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
void print_bool(const char *key, bool val);
void print_str(const char *key, const char *text_fmt, const char *val);
void print_uint(const char *key, const char *text_fmt, uint64_t val);
void print_guid(const char *key, const char *text_fmt, uint64_t guid);
void print_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *format_guid(uint64_t guid, char *buf, size_t size);

/* One file per object. */
int dev_main(int argc, char **argv);
int port_main(int argc, char **argv);
int stat_main(int argc, char **argv);
int ipoib_main(int argc, char **argv);
int monitor_main(int argc, char **argv);
int gid_main(int argc, char **argv);
int roce_main(int argc, char **argv);

#endif /* RDMACTL_CLI_H */
