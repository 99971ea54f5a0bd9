/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Inside librdmactl: the handle, one request in flight, the parsers. */
#ifndef LIBRDMACTL_INTERNAL_H
#define LIBRDMACTL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <libmnl/libmnl.h>
#include <linux/dcbnl.h>

#include "librdmactl.h"

#define RDMACTL_EXPORT __attribute__((visibility("default")))

struct rdmactl {
	struct mnl_socket *nl;
	uint32_t portid;
	uint32_t seq;
	uint16_t family;
	uint32_t events_group;		/* 0: the module has none */
	uint64_t last_seq;		/* of the last event read, 0: none yet */
	char errmsg[256];
	char *buf;
	size_t buflen;
	/* ib_core's RDMA netlink (core.c), opened when first needed. */
	struct mnl_socket *core;
	uint32_t core_portid;
	char *core_buf;

	struct rdmactl_eth *eth;	/* ethtool-netlink.c's socket, opened on first use */
	struct rdmactl_sock *rt;	/* dcb.c's rtnetlink socket, opened on first use */
};

/* Attributes of one message, indexed by enum rdmactl_attr. */
typedef const struct nlattr *rdmactl_attrs[RDMACTL_A_MAX + 1];

/*
 * One request and how its replies reach the caller: handle() turns the
 * attributes of each reply into an object and calls the user's callback.
 */
struct rdmactl_req {
	struct rdmactl *h;
	uint8_t cmd;
	uint32_t seq;
	int (*handle)(struct rdmactl_req *req, const struct nlmsghdr *nlh,
		      rdmactl_attrs tb);
	union {
		rdmactl_dev_cb dev;
		rdmactl_port_cb port;
		rdmactl_stat_cb stat;
		rdmactl_ipoib_cb ipoib;
		rdmactl_gid_cb gid;
		rdmactl_roce_cb roce;
	} cb;
	void *arg;
	unsigned int flags;	/* the call's, where handle() needs them */
	int interrupted;	/* a reply carried NLM_F_DUMP_INTR */
	int stopped;		/* the callback's non-zero return */
	unsigned int replies;	/* the family's messages handled */
};

void rdmactl_set_err(struct rdmactl *h, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A set call's "what" with a bit outside known: -EINVAL, said in h; else 0. */
int rdmactl_what_check(struct rdmactl *h, const char *call, unsigned int what,
		       unsigned int known);

/*
 * rdmactl_gid_select()'s choice among n entries (gid set in each), each of
 * a port whose own netdev is port_netdevs[i] (NULL or 0: none): fills in
 * the rest and sorts them as the call hands them out. -ENOENT when none
 * meets want, which may be NULL.
 */
int rdmactl_gid_rank(struct rdmactl_gid_candidate *c, size_t n,
		     const struct rdmactl_gid_want *want, const uint32_t *port_netdevs);

/* Start a request of cmd in h->buf: a dump, or a doit that wants an ACK. */
struct nlmsghdr *rdmactl_msg_about(struct rdmactl *h, struct rdmactl_req *req, uint8_t cmd,
				   int dump, const char *dev, const uint32_t *port);
struct nlmsghdr *rdmactl_msg_start(struct rdmactl *h, struct rdmactl_req *req,
				   uint8_t cmd, int dump);
/* Send it and feed every reply to req->handle until the last one. */
int rdmactl_transact(struct rdmactl_req *req, struct nlmsghdr *nlh);
/*
 * As rdmactl_transact(), for a doit the kernel may answer "ask again"
 * (EAGAIN: it waits for no firmware under generic netlink's lock): sent
 * again, the same message with the same sequence number, every 20 ms for
 * up to ms milliseconds.
 */
int rdmactl_transact_again(struct rdmactl_req *req, struct nlmsghdr *nlh, unsigned int ms);
/*
 * How long a doit is asked again: a reset of every port (MAD timeouts), an
 * IPoIB switch behind another (ipoib flushes its paths).
 */
#define RDMACTL_AGAIN_PATIENCE_MS	60000

/*
 * Feed one buffer of replies to req. Returns 1 when more are to come,
 * 0 when the request is complete, or a negative errno (h->errmsg set).
 */
int rdmactl_process(struct rdmactl_req *req, const void *buf, size_t len);

/* Parse and type-check the attributes of one reply, or of a nest. */
int rdmactl_attrs_parse(struct rdmactl *h, const struct nlmsghdr *nlh,
			rdmactl_attrs tb);
int rdmactl_attrs_walk(struct rdmactl *h, const void *start, size_t len,
		       rdmactl_attrs tb);
/*
 * The same checks, keeping only types first..last, at tb[type - first]:
 * for nests repeated by the thousand (a snapshot's counters), whose few
 * types would not repay clearing a whole rdmactl_attrs each.
 */
int rdmactl_attrs_walk_range(struct rdmactl *h, const void *start, size_t len,
			     const struct nlattr **tb, uint16_t first, uint16_t last);

/* Copy a string attribute into buf; -EBADMSG if it does not fit. */
int rdmactl_attr_strcpy(struct rdmactl *h, const struct nlattr *attr,
			char *buf, size_t size);

/* The object parsers, exposed for the unit tests. */
int rdmactl_dev_parse(struct rdmactl *h, rdmactl_attrs tb,
		      struct rdmactl_dev_info *dev);
int rdmactl_port_parse(struct rdmactl *h, rdmactl_attrs tb,
		       struct rdmactl_port_info *port);

/* Turn one reply into an object and hand it to the caller's callback. */
int rdmactl_dev_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh,
		       rdmactl_attrs tb);
int rdmactl_port_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh,
			rdmactl_attrs tb);
int rdmactl_ipoib_parse(struct rdmactl *h, rdmactl_attrs tb,
			struct rdmactl_ipoib_info *ib);
int rdmactl_gid_parse(struct rdmactl *h, rdmactl_attrs tb, struct rdmactl_gid_info *gid);
int rdmactl_roce_parse(struct rdmactl *h, rdmactl_attrs tb, struct rdmactl_roce_info *roce);
int rdmactl_event_parse(struct rdmactl *h, rdmactl_attrs tb, struct rdmactl_event_info *ev);
int rdmactl_events_process(struct rdmactl *h, const void *buf, size_t len,
			   rdmactl_event_cb cb, void *arg);
int rdmactl_stat_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh,
			rdmactl_attrs tb);

/* core.c: what only ib_core's RDMA netlink has, on the handle's socket to it. */
void rdmactl_core_close(struct rdmactl *h);
/* A port's counters as ib_core totals them (STAT_GET), and when it read them. */
struct rdmactl_core_values {
	struct rdmactl_counter *c;	/* name and value only */
	size_t n;
	char *names;			/* what c's names point into */
	uint64_t ns;			/* CLOCK_MONOTONIC */
};

int rdmactl_core_values(struct rdmactl *h, uint32_t dev_index, uint32_t port,
			struct rdmactl_core_values *v);
void rdmactl_core_values_free(struct rdmactl_core_values *v);
/* ib_core's status of a port's counters (5.16+): which are optional, which on. */
struct rdmactl_core_status {
	struct rdmactl_hw_counter_status *c;
	size_t n;
	char *names;			/* what c's names point into */
};

int rdmactl_core_status(struct rdmactl *h, uint32_t dev_index, uint32_t port,
			struct rdmactl_core_status *st);
void rdmactl_core_status_free(struct rdmactl_core_status *st);
/* After rdmactl_core_status(): turn on exactly the optional counters of st that on[] marks. */
int rdmactl_core_set(struct rdmactl *h, uint32_t dev_index, uint32_t port,
		     const struct rdmactl_core_status *st, const bool *on);
/* core-merge.c: a port's snapshot with ib_core's totals: 1, 0 (nothing to add), -errno. */
int rdmactl_core_merge(struct rdmactl *h, const struct rdmactl_stat *s,
		       struct rdmactl_stat *merged, char **names);

/*
 * ethtool*.c: the netdev statistics of rdmactl_eth_stats_get(), gathered
 * counter by counter (the names inline) before the result is made.
 */
struct rdmactl_eth_item {
	char name[48];
	uint64_t value;
	uint8_t group, unit;
	int8_t prio, lane;
};

struct rdmactl_eth_acc {
	struct rdmactl *h;		/* NULL: no string sets, counters "statN" */
	struct rdmactl_eth_item *items;
	size_t n, cap;
	int err;
};

/* What a driver's `ethtool -S` name is, when it is a pause counter. */
struct rdmactl_eth_match {
	uint8_t unit;			/* enum rdmactl_counter_unit */
	int8_t prio;			/* 0..7, or -1: the link's */
};

/*
 * sock.c: a netlink socket of the library's own besides rdmactl's (ethtool's
 * family, rtnetlink's DCB), its buffer, and one request/reply loop.
 */
#define RDMACTL_SOCK_BUF (32 * 1024)

struct rdmactl_sock {
	struct mnl_socket *nl;
	uint32_t seq;
	char *buf;			/* RDMACTL_SOCK_BUF: requests, then replies */
};

/*
 * How a request's replies are taken: those of type, each with a header of
 * hdrlen bytes after the netlink one (genlmsghdr, dcbmsg), go to cb, which
 * returns 0 or -errno; what names the request in error messages.
 */
struct rdmactl_sock_req {
	uint16_t type;
	size_t hdrlen;
	int (*cb)(const struct nlmsghdr *nlh, void *arg);
	void *arg;
	const char *what;
	uint32_t seq;			/* the loop's own */
};

/* Open s on bus (NETLINK_*), what naming it in the error: 0 or -errno, h's message set. */
int rdmactl_sock_open(struct rdmactl *h, struct rdmactl_sock *s, int bus, const char *what);
void rdmactl_sock_close(struct rdmactl_sock *s);
/* A request of type in s->buf, NLM_F_REQUEST and flags, the next sequence number. */
struct nlmsghdr *rdmactl_sock_msg(struct rdmactl_sock *s, uint16_t type, uint16_t flags);
/* Send nlh and take its replies by r until the ACK: 0, the kernel's -errno (h's message), cb's. */
int rdmactl_sock_transact(struct rdmactl *h, struct rdmactl_sock *s, struct nlmsghdr *nlh,
			  const struct rdmactl_sock_req *r);
/* The index of netdev ifname in fd's network namespace: 0, or -errno with h's message. */
int rdmactl_ifindex(struct rdmactl *h, int fd, const char *ifname, uint32_t *ifindex);

/* ethtool-netlink.c: the handle's socket, its fd (SIOCETHTOOL's too) or -errno. */
int rdmactl_eth_open(struct rdmactl *h);
void rdmactl_eth_close(struct rdmactl *h);
/* PAUSE_GET, FEC_GET and STATS_GET of the netdev into acc; none if no family. */
int rdmactl_eth_netlink(struct rdmactl *h, uint32_t ifindex, struct rdmactl_eth_acc *acc);
/* The name of entry index of string set id, as STRSET_GET gave it; NULL: none. */
const char *rdmactl_eth_string(const struct rdmactl *h, uint32_t id, uint32_t index);

/* ethtool-parse.c: one counter more in a, or a->err (-ENOMEM). */
int rdmactl_eth_add(struct rdmactl_eth_acc *a, uint8_t group, const char *name, uint64_t value,
		    uint8_t unit, int prio, int lane);
/* The top-level attribute of type in an ethtool reply, or NULL. */
const struct nlattr *rdmactl_eth_attr(const struct nlmsghdr *nlh, uint16_t type);
/* The unit of a standard counter by its group and string-set name. */
uint8_t rdmactl_eth_std_unit(uint8_t group, const char *name);
/* The replies' parsers, arg a struct rdmactl_eth_acc: for the unit tests. */
int rdmactl_eth_pause_parse(const struct nlmsghdr *nlh, void *arg);
int rdmactl_eth_fec_parse(const struct nlmsghdr *nlh, void *arg);
int rdmactl_eth_stats_parse(const struct nlmsghdr *nlh, void *arg);

/* ethtool-driver.c: whether name is a documented pause counter; *m says what it counts. */
bool rdmactl_eth_driver_match(const char *name, struct rdmactl_eth_match *m);
/* SIOCETHTOOL on fd (any family's socket reaches dev_ioctl()): 0 or -errno. */
int rdmactl_eth_ioctl(int fd, const char *ifname, void *data);
/* The driver's `ethtool -S` counters that match a pattern, into acc. */
int rdmactl_eth_driver(struct rdmactl *h, int fd, const char *ifname,
		       struct rdmactl_eth_acc *acc);

/*
 * dcb.c: a netdev's DCB over rtnetlink. 6.2's apptrust and PCP selector
 * (uapi dcbnl.h), absent from older headers: their ABI values.
 */
#define RDMACTL_DCB_ATTR_APP_TRUST_TABLE 11	/* DCB_ATTR_DCB_APP_TRUST_TABLE */
#define RDMACTL_DCB_ATTR_DCB_APP 2		/* DCB_ATTR_DCB_APP: a PCP selector's type */
#define RDMACTL_DCB_APP_SEL_PCP 255		/* DCB_APP_SEL_PCP */

/* What IEEE_GET gave: the public part, and PFC whole (set read-modify-write). */
struct rdmactl_dcb_raw {
	struct rdmactl_dcb dcb;
	struct ieee_pfc pfc;
};

/* One IEEE_SET or IEEE_DEL: what it carries. */
struct rdmactl_dcb_edit {
	uint8_t cmd;			/* DCB_CMD_IEEE_SET or DCB_CMD_IEEE_DEL */
	uint8_t dscp;			/* APP entries dscp -> each priority of prios */
	uint8_t prios;			/* 0: no APP_TABLE */
	const struct ieee_pfc *pfc;	/* NULL: no PFC */
	uint8_t ntrust;			/* 0: no APP_TRUST_TABLE */
	uint8_t trust[8];		/* selectors, most trusted first */
};

void rdmactl_dcb_close(struct rdmactl *h);
/* rdmactl_dcb_get(), PFC whole too. */
int rdmactl_dcb_get_raw(struct rdmactl *h, const char *ifname, struct rdmactl_dcb_raw *raw);
/*
 * Send e about ifname and read its status: 0, the driver's -errno, or the
 * kernel's; h's message names ifname and step ("mapping DSCP 26 to ...").
 */
int rdmactl_dcb_edit(struct rdmactl *h, const char *ifname, const struct rdmactl_dcb_edit *e,
		     const char *step);
/* For the unit tests: an IEEE_GET reply into raw, e's request, a SET reply's status. */
int rdmactl_dcb_parse(struct rdmactl *h, const struct nlmsghdr *nlh, struct rdmactl_dcb_raw *raw);
struct nlmsghdr *rdmactl_dcb_edit_msg(struct rdmactl_sock *s, const char *ifname,
				      const struct rdmactl_dcb_edit *e);
int rdmactl_dcb_edit_reply(const struct nlmsghdr *nlh, void *arg);

/*
 * qos.c: a port's chain judged (lossy, drift) from what was read into q;
 * its priority's pause frames from st; the trust a DCB's apptrust gives.
 */
void rdmactl_qos_chain(struct rdmactl_qos_info *q);
void rdmactl_qos_pause(struct rdmactl_qos_info *q, const struct rdmactl_eth_stats *st);
uint8_t rdmactl_qos_trust_of(const struct rdmactl_dcb *d);
/* The DCB of port p's netdev, which must be the one in this namespace. */
int rdmactl_qos_netdev_dcb(struct rdmactl *h, const struct rdmactl_port_info *p,
			   struct rdmactl_dcb_raw *raw);

/* The RoCE ports (ROCE_GET) and the ports (PORT_GET) of dev[/port], kept. */
struct rdmactl_qos_lists {
	struct rdmactl_roce_info *roce;
	size_t nroce;
	struct rdmactl_port_info *ports;
	size_t nports;
};

int rdmactl_qos_lists(struct rdmactl *h, const char *dev, uint32_t port,
		      struct rdmactl_qos_lists *l);
void rdmactl_qos_lists_free(struct rdmactl_qos_lists *l);
/* r's port in l, or NULL. */
const struct rdmactl_port_info *rdmactl_qos_port_of(const struct rdmactl_qos_lists *l,
						    const struct rdmactl_roce_info *r);

/*
 * qos-set.c: rdmactl_qos_set() as a plan, what to change in which order,
 * then its steps. Apart for the unit tests, which plan without a kernel
 * and apply with a step function of their own.
 */
struct rdmactl_qos_plan {
	char dev[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	char ifname[16];
	struct rdmactl_qos_profile applied;
	unsigned int todo;		/* RDMACTL_QOS_*: what differs */
	uint8_t dscp;
	uint8_t app_old;		/* the DSCP's other priorities, to remove */
	uint8_t ntrust;			/* the new apptrust order */
	uint8_t trust[8];
};

/*
 * The plan of setting want on roce's port, whose netdev's DCB is d: 0, or
 * -EINVAL or -EOPNOTSUPP with h's message and *failed the part refused.
 */
int rdmactl_qos_plan(struct rdmactl *h, const struct rdmactl_roce_info *roce,
		     const struct rdmactl_dcb *d, const struct rdmactl_qos_profile *want,
		     unsigned int flags, struct rdmactl_qos_plan *plan, unsigned int *failed);
/* One step: the part (PRIO, APP_OLD, PFC, TRUST, or TOS and/or KEPT) made so. */
typedef int (*rdmactl_qos_step_fn)(struct rdmactl *h, const struct rdmactl_qos_plan *plan,
				   unsigned int part);
/* The plan's steps in order, until one fails; res's changed and failed. */
int rdmactl_qos_apply(struct rdmactl *h, const struct rdmactl_qos_plan *plan,
		      rdmactl_qos_step_fn step, struct rdmactl_qos_result *res);

/* Put the device a request is about: by name. */
void rdmactl_put_dev(struct nlmsghdr *nlh, const char *name);

#endif /* LIBRDMACTL_INTERNAL_H */
