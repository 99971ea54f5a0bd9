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
 * RDMACTL_CMD_STAT_MODE_GET/_SET keep, in the module, the optional
 * counters set through here, by node GUID and port, for `rdmactl stat
 * mode restore` (run by udev when a device registers) to set again.
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

/* ---- a port's counters as ib_core totals them ---- */

struct core_values {
	struct rdmactl *h;
	struct rdmactl_counter *c;
	size_t n;
	char *names;			/* the names, one after the other */
	size_t names_len;
};

static int core_values_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[CORE_ATTR_MAX + 1], *table = core_hwcounters(nlh), *e;
	struct core_values *v = arg;
	size_t n = 0, len = 0;
	char *p;

	if (!table)
		return 0;
	mnl_attr_for_each_nested(e, table) {
		if (core_entry(e, tb) || !tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE]) {
			rdmactl_set_err(v->h, "malformed counter from ib_core");
			return -EBADMSG;
		}
		n++;
		len += strlen(mnl_attr_get_str(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME])) + 1;
	}
	v->c = calloc(n ? n : 1, sizeof(*v->c));
	v->names = malloc(len ? len : 1);
	if (!v->c || !v->names)
		return -ENOMEM;
	p = v->names;
	mnl_attr_for_each_nested(e, table) {
		const char *name;

		core_entry(e, tb);
		name = mnl_attr_get_str(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME]);
		v->c[v->n].name = strcpy(p, name);
		v->c[v->n].value = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE]);
		p += strlen(name) + 1;
		v->n++;
	}
	return 0;
}

static uint64_t core_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * Merge ib_core's totals into a port's snapshot, whose driver counters
 * rdmactl.ko read from its own object: those lack the counts of QPs
 * bound to counters (ib_core adds them back, as sysfs does) and every
 * optional counter (on in ib_core's object only). Each driver counter
 * ib_core reports takes its value, marked CORE; one rdmactl.ko lacks
 * is an optional counter, appended, marked OPTIONAL. core_ns says when
 * ib_core read them (it reads the driver afresh on every request). The
 * result lives in merged until the caller frees merged->counters and
 * *names. Not for a baselined snapshot: its baseline is of rdmactl.ko's
 * values. 1: merged; 0: ib_core had nothing to add (left as it was).
 */
int rdmactl_core_merge(struct rdmactl *h, const struct rdmactl_stat *s,
		       struct rdmactl_stat *merged, char **names)
{
	struct core_values v = { .h = h };
	size_t i, j, extra = 0;
	uint64_t before, after;
	int err;

	*names = NULL;
	err = core_open(h);
	if (err)
		return err;
	before = core_now();
	err = core_transact(h, core_msg(h, RDMA_NLDEV_CMD_STAT_GET, s->dev_index, s->port),
			    "ib_core's counters", core_values_cb, &v);
	after = core_now();
	if (err || !v.n) {
		free(v.c);
		free(v.names);
		return err;
	}
	for (i = 0; i < v.n; i++) {
		for (j = 0; j < s->num_counters; j++)
			if (s->counters[j].source == RDMACTL_SOURCE_DRIVER &&
			    !strcmp(s->counters[j].name, v.c[i].name))
				break;
		if (j == s->num_counters)
			extra++;
	}
	*merged = *s;
	merged->counters = calloc(s->num_counters + extra, sizeof(*merged->counters));
	if (!merged->counters) {
		free(v.c);
		free(v.names);
		return -ENOMEM;
	}
	memcpy(merged->counters, s->counters, s->num_counters * sizeof(*s->counters));
	merged->num_counters = s->num_counters;
	for (i = 0; i < v.n; i++) {
		struct rdmactl_counter *c = NULL;

		for (j = 0; j < s->num_counters; j++)
			if (s->counters[j].source == RDMACTL_SOURCE_DRIVER &&
			    !strcmp(s->counters[j].name, v.c[i].name))
				c = &merged->counters[j];
		if (!c) {
			c = &merged->counters[merged->num_counters++];
			c->name = v.c[i].name;
			c->source = RDMACTL_SOURCE_DRIVER;
			c->width = 64;
			c->flags = RDMACTL_COUNTER_F_WRAPS | RDMACTL_COUNTER_F_OPTIONAL;
		}
		c->value = v.c[i].value;
		c->flags |= RDMACTL_COUNTER_F_CORE;
	}
	merged->hw_partial = 0;
	merged->core_ns = before + (after - before) / 2;
	free(v.c);
	*names = v.names;
	return 1;
}

/* ---- optional counters: ib_core's switch, and what the module keeps ---- */

struct core_status {
	struct rdmactl *h;
	struct rdmactl_hw_counter_status *c;
	size_t n;
	char *names;
};

static int core_status_cb(const struct nlmsghdr *nlh, void *arg)
{
	const struct nlattr *tb[CORE_ATTR_MAX + 1], *table = core_hwcounters(nlh), *e;
	struct core_status *st = arg;
	size_t n = 0, len = 0;
	char *p;

	if (!table)
		return 0;
	mnl_attr_for_each_nested(e, table) {
		if (core_entry(e, tb) || !tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX]) {
			rdmactl_set_err(st->h, "malformed counter status from ib_core");
			return -EBADMSG;
		}
		n++;
		len += strlen(mnl_attr_get_str(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME])) + 1;
	}
	st->c = calloc(n ? n : 1, sizeof(*st->c));
	st->names = malloc(len ? len : 1);
	if (!st->c || !st->names)
		return -ENOMEM;
	p = st->names;
	mnl_attr_for_each_nested(e, table) {
		struct rdmactl_hw_counter_status *c = &st->c[st->n++];
		const char *name;

		core_entry(e, tb);
		name = mnl_attr_get_str(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME]);
		c->name = strcpy(p, name);
		p += strlen(name) + 1;
		c->index = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX]);
		c->optional = !!tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC];
		c->enabled = !c->optional ||
			     mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC]);
	}
	return 0;
}

/* ib_core's status of a port's counters (5.16+): which are optional, which on. */
static int core_status(struct rdmactl *h, uint32_t dev_index, uint32_t port,
		       struct core_status *st)
{
	int err;

	memset(st, 0, sizeof(*st));
	st->h = h;
	err = core_open(h);
	if (!err)
		err = core_transact(h, core_msg(h, RDMA_NLDEV_CMD_STAT_GET_STATUS, dev_index, port),
				    "optional counters", core_status_cb, st);
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

static void core_status_free(struct core_status *st)
{
	free(st->c);
	free(st->names);
}

/* Turn on exactly the optional counters of st that on[] marks. */
static int core_set(struct rdmactl *h, uint32_t dev_index, uint32_t port,
		    const struct core_status *st, const bool *on)
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

/* What the module keeps for a port (STAT_MODE_GET), and where it is. */
struct kept {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	bool saved;
	char *names;			/* comma-separated, "" for none */
};

struct kept_list {
	struct kept *k;
	size_t n;
};

static void kept_free(struct kept_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->k[i].names);
	free(l->k);
}

static int kept_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh, rdmactl_attrs tb)
{
	struct kept_list *l = req->arg;
	const struct nlattr *a;
	struct kept *k;
	size_t len = 1;

	(void)nlh;

	if (!tb[RDMACTL_A_DEV_INDEX] || !tb[RDMACTL_A_DEV_NAME] || !tb[RDMACTL_A_PORT_INDEX]) {
		rdmactl_set_err(req->h, "optional counters reply without device or port");
		return -EBADMSG;
	}
	k = realloc(l->k, (l->n + 1) * sizeof(*k));
	if (!k)
		return -ENOMEM;
	l->k = k;
	k = &l->k[l->n];
	memset(k, 0, sizeof(*k));
	k->dev_index = mnl_attr_get_u32(tb[RDMACTL_A_DEV_INDEX]);
	if (rdmactl_attr_strcpy(req->h, tb[RDMACTL_A_DEV_NAME], k->dev_name, sizeof(k->dev_name)))
		return -EBADMSG;
	k->port = mnl_attr_get_u32(tb[RDMACTL_A_PORT_INDEX]);
	k->saved = !!tb[RDMACTL_A_STAT_OPTIONAL];
	if (k->saved)
		mnl_attr_for_each_nested(a, tb[RDMACTL_A_STAT_OPTIONAL]) {
			if (mnl_attr_get_type(a) != RDMACTL_A_STAT_OPTIONAL_NAME ||
			    mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0) {
				rdmactl_set_err(req->h, "malformed optional counter name in a reply");
				return -EBADMSG;
			}
			len += mnl_attr_get_payload_len(a);
		}
	k->names = calloc(1, len);
	if (!k->names)
		return -ENOMEM;
	l->n++;
	if (k->saved)
		mnl_attr_for_each_nested(a, tb[RDMACTL_A_STAT_OPTIONAL]) {
			if (k->names[0])
				strcat(k->names, ",");
			strcat(k->names, mnl_attr_get_str(a));
		}
	return 0;
}

static int kept_list(struct rdmactl *h, const char *dev, uint32_t port, struct kept_list *l)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;

	memset(l, 0, sizeof(*l));
	if (port && !dev) {
		rdmactl_set_err(h, "a port number needs a device");
		return -EINVAL;
	}
	nlh = rdmactl_msg_start(h, &req, RDMACTL_CMD_STAT_MODE_GET, !port);
	if (dev)
		rdmactl_put_dev(nlh, dev);
	if (port)
		mnl_attr_put_u32(nlh, RDMACTL_A_PORT_INDEX, port);
	req.handle = kept_handle;
	req.arg = l;
	return rdmactl_transact(&req, nlh);
}

/* Tell the module: keep on[] of st for the port (or, err, that its restore failed). */
static int kept_set(struct rdmactl *h, const struct kept *k, const struct core_status *st,
		    const bool *on, bool restored, int err)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;
	struct nlattr *nest;
	size_t i;

	nlh = rdmactl_msg_start(h, &req, RDMACTL_CMD_STAT_MODE_SET, 0);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, k->dev_index);
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_INDEX, k->port);
	if (restored)
		mnl_attr_put(nlh, RDMACTL_A_STAT_MODE_RESTORED, 0, NULL);
	if (err) {
		mnl_attr_put_u32(nlh, RDMACTL_A_STAT_MODE_ERROR, (uint32_t)err);
	} else if (!st) {
		mnl_attr_put(nlh, RDMACTL_A_STAT_MODE_CLEAR, 0, NULL);
	} else {
		nest = mnl_attr_nest_start(nlh, RDMACTL_A_STAT_OPTIONAL);
		for (i = 0; i < st->n; i++)
			if (st->c[i].optional && on[i])
				mnl_attr_put_strz(nlh, RDMACTL_A_STAT_OPTIONAL_NAME, st->c[i].name);
		mnl_attr_nest_end(nlh, nest);
	}
	return rdmactl_transact(&req, nlh);
}

/* Whether name is in the comma-separated list. */
static bool in_list(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	while (p && *p) {
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return true;
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	return false;
}

/* How many names a comma-separated list has. */
static size_t names_count(const char *list)
{
	size_t n = *list ? 1 : 0;

	for (; *list; list++)
		n += *list == ',';
	return n;
}

RDMACTL_EXPORT int rdmactl_stat_mode_list(struct rdmactl *h, const char *dev, uint32_t port,
					  rdmactl_stat_mode_cb cb, void *arg)
{
	struct kept_list l;
	size_t i;
	int err;

	err = kept_list(h, dev, port, &l);
	for (i = 0; !err && i < l.n; i++) {
		struct rdmactl_stat_mode m = { 0 };
		struct core_status st;
		int serr;

		m.dev_index = l.k[i].dev_index;
		memcpy(m.dev_name, l.k[i].dev_name, sizeof(m.dev_name));
		m.port = l.k[i].port;
		m.saved = l.k[i].saved;
		m.saved_names = l.k[i].names;
		serr = core_status(h, m.dev_index, m.port, &st);
		/* A port without driver counters: ib_core says EINVAL. */
		m.status_known = !serr;
		m.num_counters = st.n;
		m.counters = st.c;
		if (serr == -EOPNOTSUPP || serr == -EINVAL || !serr)
			err = cb(&m, arg);
		else
			err = serr;
		core_status_free(&st);
	}
	kept_free(&l);
	return err > 0 ? 0 : err;
}

RDMACTL_EXPORT int rdmactl_stat_mode_set(struct rdmactl *h, const char *dev, uint32_t port,
					 unsigned int what, const char *names)
{
	struct core_status st;
	struct kept_list l;
	bool *on = NULL;
	const char *p;
	size_t i;
	int err;

	err = rdmactl_what_check(h, "rdmactl_stat_mode_set", what,
				 RDMACTL_STAT_MODE_EXACT | RDMACTL_STAT_MODE_ENABLE |
				 RDMACTL_STAT_MODE_DISABLE | RDMACTL_STAT_MODE_FORGET);
	if (err)
		return err;
	if (!dev || !port) {
		rdmactl_set_err(h, "optional counters are set per port: name a device and a port");
		return -EINVAL;
	}
	err = kept_list(h, dev, port, &l);
	if (err)
		return err;
	if (l.n != 1) {
		kept_free(&l);
		rdmactl_set_err(h, "%s has no port %u", dev, port);
		return -ENODEV;
	}
	if (what & RDMACTL_STAT_MODE_FORGET) {
		err = kept_set(h, &l.k[0], NULL, NULL, false, 0);
		kept_free(&l);
		return err;
	}
	err = core_status(h, l.k[0].dev_index, port, &st);
	if (err == -EINVAL)
		rdmactl_set_err(h, "%s port %u has no driver counters", dev, port);
	if (err)
		goto out;
	on = calloc(st.n ? st.n : 1, sizeof(*on));
	err = -ENOMEM;
	if (!on)
		goto out_status;
	/* Every name must be one of the port's optional counters. */
	for (p = names; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		size_t n = strcspn(p, ",");

		for (i = 0; i < st.n; i++)
			if (strlen(st.c[i].name) == n && !strncmp(st.c[i].name, p, n))
				break;
		if (i == st.n || !st.c[i].optional) {
			rdmactl_set_err(h, i == st.n ? "%s port %u has no counter %.*s" :
					"%s port %u: %.*s is not optional: it is always on",
					dev, port, (int)n, p);
			err = -EINVAL;
			goto out_status;
		}
	}
	for (i = 0; i < st.n; i++) {
		bool named = in_list(names, st.c[i].name);

		if (what & RDMACTL_STAT_MODE_EXACT)
			on[i] = named;
		else if (what & RDMACTL_STAT_MODE_ENABLE)
			on[i] = st.c[i].enabled || named;
		else
			on[i] = st.c[i].enabled && !named;
	}
	err = core_set(h, l.k[0].dev_index, port, &st, on);
	if (!err) {
		err = kept_set(h, &l.k[0], &st, on, false, 0);
		if (err) {
			char why[sizeof(h->errmsg)];

			snprintf(why, sizeof(why), "%s", h->errmsg);
			rdmactl_set_err(h, "%s port %u: set, but rdmactl cannot keep it for a re-apply: %s",
					dev, port, why);
		}
	}
out_status:
	free(on);
	core_status_free(&st);
out:
	kept_free(&l);
	return err;
}

RDMACTL_EXPORT int rdmactl_stat_mode_restore(struct rdmactl *h, const char *dev)
{
	struct kept_list l;
	int err, first = 0, restored = 0;
	size_t i, j;

	err = kept_list(h, dev, 0, &l);
	for (i = 0; !err && i < l.n; i++) {
		struct kept *k = &l.k[i];
		struct core_status st;
		bool *on, same = true;
		size_t found;

		if (!k->saved)
			continue;
		err = core_status(h, k->dev_index, k->port, &st);
		on = err ? NULL : calloc(st.n ? st.n : 1, sizeof(*on));
		if (!err && !on)
			err = -ENOMEM;
		for (j = 0, found = 0; !err && j < st.n; j++) {
			on[j] = st.c[j].optional && in_list(k->names, st.c[j].name);
			found += on[j];
			same &= !st.c[j].optional || on[j] == st.c[j].enabled;
		}
		/* A kept name the device no longer has optional: said, nothing set. */
		if (!err && found != names_count(k->names))
			err = -ENOENT;
		if (!err && !same)
			err = core_set(h, k->dev_index, k->port, &st, on);
		if (err) {
			/* Said to the module (an event), and here; on to the next port. */
			if (!first)
				first = err;
			kept_set(h, k, NULL, NULL, true, err);
			err = 0;
		} else if (!same) {
			/* Forgotten or changed meanwhile: that change was told; go on. */
			err = kept_set(h, k, &st, on, true, 0);
			if (err == -ENOENT || err == -EAGAIN)
				err = 0;
			else if (!err)
				restored++;
		}
		free(on);
		core_status_free(&st);
	}
	kept_free(&l);
	if (err)
		return err;
	if (first)
		rdmactl_set_err(h, "some ports' optional counters could not be set again: %s",
				first == -ENOENT ? "a kept counter is no longer an optional counter" :
				strerror(-first));
	return first ? first : restored;
}
