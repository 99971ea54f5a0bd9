/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nlfuzz's parts (nlfuzz.c has the program's description):
 *   nlfuzz.c        options, the run loop, dumps on their own sockets
 *   nlfuzz-msg.c    the generator: messages valid by the spec's table
 *                   (nlfuzz-requests.h, generated), random, and mutated
 *   nlfuzz-io.c     the socket: sending, and checking every reply
 *   nlfuzz-loop.c   the stress test's dump loop (-D)
 */
#ifndef NLFUZZ_H
#define NLFUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/rdmactl.h>

#define BUF 16384
#define DUMP_WAIT 60L		/* seconds a dump may take to end */

/* What the spec says of one attribute of a request (nlfuzz-requests.h). */
/* FUZZ_NEST: a nest of strings, of type min and max-len max. */
enum fuzz_kind { FUZZ_FLAG, FUZZ_U8, FUZZ_U16, FUZZ_U32, FUZZ_U64, FUZZ_STRING, FUZZ_BINARY,
		 FUZZ_NEST };

struct fuzz_attr {
	uint16_t type;
	enum fuzz_kind kind;
	uint64_t min, max;	/* an integer's range; a string's max-len; a binary's length */
};

#define FUZZ_MAX_ATTRS 12	/* ROCE_SET takes 9 (nlfuzz-requests.h checks) */

struct fuzz_req {
	int ok;			/* the op has this request (do, dump) */
	int n;
	struct fuzz_attr attrs[FUZZ_MAX_ATTRS];
};

struct fuzz_op {
	const char *name;
	uint8_t cmd;
	int admin;		/* changes state: refused with EPERM to the unprivileged */
	struct fuzz_req doit, dumpit;
};

struct msg {
	uint8_t buf[4096];
	size_t len;
};

/* nlfuzz.c: the run's settings. */
extern uint16_t family;
extern const char *devs[16], *ifnames[16];
extern int ndevs, nifnames, privileged;

/* nlfuzz-msg.c */
extern const struct fuzz_op *const ops;
extern const unsigned int nops;
extern uint64_t rng;
uint64_t rnd(void);
unsigned int pick(unsigned int n);
const struct fuzz_op *op_of(uint8_t cmd);
struct nlmsghdr *msg_start(struct msg *m, uint16_t type, uint16_t flags, uint8_t cmd);
void put_str(struct msg *m, uint16_t type, const char *s);
void put_attrs(struct msg *m, const struct fuzz_req *req, unsigned int odds);
const struct fuzz_op *valid_request(struct msg *m);
int mutate(struct msg *m, const struct fuzz_req *req);
void random_request(struct msg *m, uint8_t *cmd);

/* nlfuzz-io.c: what the run saw, and the socket. */
extern unsigned long sent, replies, acks_ok, errors, dumps, abandoned, enobufs;
extern unsigned long errnos[256];
extern unsigned long violations;
void violation(const char *fmt, const char *what, long v);
int nl_open(void);
uint16_t resolve_family(int fd);
void send_msg(int fd, struct msg *m, uint8_t cmd, int intact);
void check_attrs(const struct nlmsghdr *nlh);
int drain(int fd, int wait);

/* nlfuzz-loop.c */
void dump_loop(int fd, unsigned int secs);

#endif
