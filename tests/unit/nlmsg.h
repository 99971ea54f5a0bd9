/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Canned kernel replies for the unit tests of librdmactl (nlmsg.c). */
#ifndef RDMACTL_TEST_NLMSG_H
#define RDMACTL_TEST_NLMSG_H

#include "internal.h"

#define FAMILY 0x1c
#define SEQ 77

/* The replies, used bytes of buf, as one recv() would get them. */
extern char buf[8192];
extern size_t used;
extern struct rdmactl handle;

/* What the callbacks got; stop_with is what on_dev returns. */
extern struct rdmactl_dev_info devs[4];
extern int ndevs;
extern struct rdmactl_port_info ports[4];
extern int nports;
extern struct rdmactl_stat *stats[4];
extern int nstats;
extern int stop_with;

int on_dev(const struct rdmactl_dev_info *d, void *arg);
int on_port(const struct rdmactl_port_info *p, void *arg);
int on_stat(const struct rdmactl_stat *st, void *arg);
void stats_free(void);
/* A request of cmd, as the library makes it, its replies not yet in buf. */
void req_init(struct rdmactl_req *req, uint8_t cmd);
/* A message appended to buf; end() counts it in once its attributes are in. */
struct nlmsghdr *msg(uint16_t type, uint16_t flags, uint32_t seq);
void end(struct nlmsghdr *nlh);
struct nlmsghdr *dev_msg(uint32_t index, const char *name, uint16_t flags);
void done_msg(int err, const char *extack);
void error_msg(int err, const char *extack);
/* The library's processing of what buf holds. */
int run(struct rdmactl_req *req);

#endif
