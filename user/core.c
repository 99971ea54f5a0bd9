// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What only ib_core has, through its own RDMA netlink (NETLINK_RDMA, the
 * "nldev" client `rdma` speaks): a port's driver counters in ib_core's
 * stats object, which alone has the optional counters `rdma statistic
 * set` turns on and adds back the counts of QPs bound to counters; and
 * the switch for optional counters. None of it is exported to modules
 * (rdma_counter_get_hwstat_value(), rdma_counter_modify()), so rdmactl.ko
 * cannot give it: the library asks ib_core on a socket of its own, in the
 * caller's network namespace, and merges.
 *
 * Here the socket and the three requests: a port's counters (STAT_GET),
 * their status (STAT_GET_STATUS: which are optional, which on) and the
 * switch (STAT_SET). Both reads answer with the same table of counters,
 * parsed once. core-merge.c merges the counters into a snapshot;
 * stat-mode.c is the optional counters' calls.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/genetlink.h>
#include <rdma/rdma_netlink.h>

#include "internal.h"

#define CORE_BUF_SIZE (32 * 1024)
#define CORE_NAME_MAX 64

/* A reply's attributes we read, by RDMA_NLDEV_ATTR_*. */
#define CORE_ATTR_MAX RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC

static int core_open(struct rdmactl *h)
{
	if (h->core)
		return 0;
	h->core_buf = malloc(CORE_BUF_SIZE);
	if (!h->core_buf)
		return -ENOMEM;
	h->core = mnl_socket_open(NETLINK_RDMA);
	if (!h->core || mnl_socket_bind(h->core, 0, MNL_SOCKET_AUTOPID) < 0) {
		int err = -errno;

		rdmactl_set_err(h, "cannot open ib_core's RDMA netlink socket: %s", strerror(errno));
		if (h->core)
			mnl_socket_close(h->core);
		h->core = NULL;
		free(h->core_buf);
		h->core_buf = NULL;
		return err;
	}
	h->core_portid = mnl_socket_get_portid(h->core);
	return 0;
}

void rdmactl_core_close(struct rdmactl *h)
{
	if (h->core)
		mnl_socket_close(h->core);
	free(h->core_buf);
}

static struct nlmsghdr *core_msg(struct rdmactl *h, uint16_t cmd, uint32_t dev_index,
				 uint32_t port)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(h->core_buf);

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = ++h->seq;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, dev_index);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, port);
	return nlh;
}

/* The error ib_core answered, said in h: its extended ACK's text when it has one. */
static int core_error(struct rdmactl *h, const struct nlmsghdr *nlh, const char *what)
{
	const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);
	const struct nlattr *attr;
	const char *msg = NULL;

	if (nlh->nlmsg_len < MNL_NLMSG_HDRLEN + sizeof(*e)) {
		rdmactl_set_err(h, "truncated netlink error from ib_core");
		return -EBADMSG;
	}
	if (!e->error)
		return 0;
	if (nlh->nlmsg_flags & NLM_F_ACK_TLVS) {
		size_t off = sizeof(*e) - sizeof(e->msg);

		off += (nlh->nlmsg_flags & NLM_F_CAPPED) ? sizeof(e->msg) : MNL_ALIGN(e->msg.nlmsg_len);
		mnl_attr_for_each(attr, nlh, off)
			if (mnl_attr_get_type(attr) == NLMSGERR_ATTR_MSG &&
			    mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) == 0)
				msg = mnl_attr_get_str(attr);
	}
	if (e->error == -EPERM)
		rdmactl_set_err(h, "%s: permission denied: this needs CAP_NET_ADMIN", what);
	else
		rdmactl_set_err(h, "%s: ib_core says: %s", what, msg ? msg : strerror(-e->error));
	return e->error;
}

/*
 * One request, its reply handed to cb (NULL: an ACK is all). Negative
 * errno, said in h as what failed.
 */
static int core_transact(struct rdmactl *h, struct nlmsghdr *nlh, const char *what,
			 int (*cb)(const struct nlmsghdr *nlh, void *arg), void *arg)
{
	uint32_t seq = nlh->nlmsg_seq;
	bool done = false;
	int err = 0;

	if (mnl_socket_sendto(h->core, nlh, nlh->nlmsg_len) < 0) {
		rdmactl_set_err(h, "%s: cannot send to ib_core: %s", what, strerror(errno));
		return -errno;
	}
	while (!done) {
		ssize_t n = mnl_socket_recvfrom(h->core, h->core_buf, CORE_BUF_SIZE);
		const struct nlmsghdr *r = (const struct nlmsghdr *)h->core_buf;
		int left = (int)n;

		if (n < 0) {
			rdmactl_set_err(h, "%s: cannot receive from ib_core: %s", what, strerror(errno));
			return -errno;
		}
		for (; mnl_nlmsg_ok(r, left); r = mnl_nlmsg_next(r, &left)) {
			if (r->nlmsg_seq != seq)
				continue;
			if (r->nlmsg_type == NLMSG_ERROR) {
				int e = core_error(h, r, what);

				done = true;
				if (!err)
					err = e;
				break;
			}
			if (r->nlmsg_type == NLMSG_DONE) {
				done = true;
				break;
			}
			if (cb && !err)
				err = cb(r, arg);
		}
	}
	return err;
}

/* The RDMA_NLDEV_ATTR_STAT_HWCOUNTERS nest of a reply, or NULL. */
static const struct nlattr *core_hwcounters(const struct nlmsghdr *nlh)
{
	const struct nlattr *attr;

	mnl_attr_for_each(attr, nlh, 0)
		if (mnl_attr_get_type(attr) == RDMA_NLDEV_ATTR_STAT_HWCOUNTERS)
			return attr;
	return NULL;
}

/* One RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY: its attributes, checked. */
static int core_entry(const struct nlattr *entry, const struct nlattr **tb)
{
	const struct nlattr *a;

	memset(tb, 0, (CORE_ATTR_MAX + 1) * sizeof(*tb));
	mnl_attr_for_each_nested(a, entry) {
		uint16_t type = mnl_attr_get_type(a);
		enum mnl_attr_data_type want;

		switch (type) {
		case RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME:
			want = MNL_TYPE_NUL_STRING;
			break;
		case RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE:
			want = MNL_TYPE_U64;
			break;
		case RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX:
			want = MNL_TYPE_U32;
			break;
		case RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC:
			want = MNL_TYPE_U8;
			break;
		default:
			continue;
		}
		if (mnl_attr_validate(a, want) < 0 ||
		    (want == MNL_TYPE_NUL_STRING && mnl_attr_get_payload_len(a) > CORE_NAME_MAX))
			return -EBADMSG;
		tb[type] = a;
	}
	return tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME] ? 0 : -EBADMSG;
}

/*
 * The table of counters both STAT_GET and STAT_GET_STATUS answer with,
 * parsed by one callback into items of size bytes, each filled in by fill
 * from its entry's attributes (tb by RDMA_NLDEV_ATTR_*) and its name, a
 * copy in names. Every entry must have the attribute need: else the table
 * is a malformed what.
 */
struct core_table {
	struct rdmactl *h;
	uint16_t need;
	const char *what;
	size_t size;
	void (*fill)(void *item, const char *name, const struct nlattr **tb);
	void *items;
	size_t n;
	char *names;			/* the names, one after the other */
};

static int core_table_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[CORE_ATTR_MAX + 1], *table = core_hwcounters(nlh), *e;
	struct core_table *t = arg;
	size_t n = 0, len = 0;
	char *p;

	if (!table)
		return 0;
	mnl_attr_for_each_nested(e, table) {
		if (core_entry(e, tb) || !tb[t->need]) {
			rdmactl_set_err(t->h, "malformed %s from ib_core", t->what);
			return -EBADMSG;
		}
		n++;
		len += strlen(mnl_attr_get_str(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME])) + 1;
	}
	t->items = calloc(n ? n : 1, t->size);
	t->names = malloc(len ? len : 1);
	if (!t->items || !t->names)
		return -ENOMEM;
	p = t->names;
	mnl_attr_for_each_nested(e, table) {
		const char *name;

		core_entry(e, tb);
		name = mnl_attr_get_str(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME]);
		t->fill((char *)t->items + t->n++ * t->size, strcpy(p, name), tb);
		p += strlen(name) + 1;
	}
	return 0;
}

static void core_value_fill(void *item, const char *name, const struct nlattr **tb)
{
	struct rdmactl_counter *c = item;

	c->name = name;
	c->value = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE]);
}

static void core_status_fill(void *item, const char *name, const struct nlattr **tb)
{
	struct rdmactl_hw_counter_status *c = item;

	c->name = name;
	c->index = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX]);
	c->optional = !!tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC];
	c->enabled = !c->optional || mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC]);
}

static uint64_t core_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

int rdmactl_core_values(struct rdmactl *h, uint32_t dev_index, uint32_t port,
			struct rdmactl_core_values *v)
{
	struct core_table t = {
		.h = h, .need = RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE, .what = "counter",
		.size = sizeof(*v->c), .fill = core_value_fill,
	};
	uint64_t before, after;
	int err;

	memset(v, 0, sizeof(*v));
	err = core_open(h);
	if (err)
		return err;
	before = core_now();
	err = core_transact(h, core_msg(h, RDMA_NLDEV_CMD_STAT_GET, dev_index, port),
			    "ib_core's counters", core_table_cb, &t);
	after = core_now();
	v->c = t.items;
	v->n = t.n;
	v->names = t.names;
	v->ns = before + (after - before) / 2;
	return err;
}

void rdmactl_core_values_free(struct rdmactl_core_values *v)
{
	free(v->c);
	free(v->names);
}

int rdmactl_core_status(struct rdmactl *h, uint32_t dev_index, uint32_t port,
			struct rdmactl_core_status *st)
{
	struct core_table t = {
		.h = h, .need = RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX, .what = "counter status",
		.size = sizeof(*st->c), .fill = core_status_fill,
	};
	int err;

	err = core_open(h);
	if (!err)
		err = core_transact(h, core_msg(h, RDMA_NLDEV_CMD_STAT_GET_STATUS, dev_index, port),
				    "optional counters", core_table_cb, &t);
	st->c = t.items;
	st->n = t.n;
	st->names = t.names;
	/*
	 * Before 5.16 ib_core knows no STAT_GET_STATUS and says EINVAL, as it
	 * does for a port without driver counters: the port's counters tell.
	 */
	if (err == -EINVAL &&
	    !core_transact(h, core_msg(h, RDMA_NLDEV_CMD_STAT_GET, dev_index, port),
			   "ib_core's counters", NULL, NULL))
		err = -EOPNOTSUPP;
	if (err == -EOPNOTSUPP)
		rdmactl_set_err(h, "this kernel has no optional counters (5.16 and later have)");
	return err;
}

void rdmactl_core_status_free(struct rdmactl_core_status *st)
{
	free(st->c);
	free(st->names);
}

int rdmactl_core_set(struct rdmactl *h, uint32_t dev_index, uint32_t port,
		     const struct rdmactl_core_status *st, const bool *on)
{
	struct nlmsghdr *nlh = core_msg(h, RDMA_NLDEV_CMD_STAT_SET, dev_index, port);
	struct nlattr *nest;
	size_t i;

	nest = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS);
	for (i = 0; i < st->n; i++)
		if (st->c[i].optional && on[i])
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX, st->c[i].index);
	mnl_attr_nest_end(nlh, nest);
	return core_transact(h, nlh, "setting optional counters", NULL, NULL);
}
