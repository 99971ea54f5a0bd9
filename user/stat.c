// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * RDMACTL_CMD_STAT_GET and _RESET: snapshots of port counters, keeping
 * them, and how much a counter grew between two of them.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <linux/genetlink.h>

#include "internal.h"

#define COUNTER_ATTR(type) tb[RDMACTL_A_COUNTER_##type - RDMACTL_A_COUNTER_NAME]

/*
 * A checked attribute's payload, read here rather than by a libmnl call
 * each: a snapshot of 256 ports has 6,000 counters of seven attributes.
 */
static const void *attr_data(const struct nlattr *attr)
{
	return (const char *)attr + NLA_HDRLEN;
}

static uint64_t attr_u64(const struct nlattr *attr)
{
	uint64_t v;

	memcpy(&v, attr_data(attr), sizeof(v));
	return v;
}

static uint32_t attr_u32(const struct nlattr *attr)
{
	uint32_t v;

	memcpy(&v, attr_data(attr), sizeof(v));
	return v;
}

static uint8_t attr_u8(const struct nlattr *attr)
{
	return *(const uint8_t *)attr_data(attr);
}

static int rdmactl_counter_parse(struct rdmactl *h, const struct nlattr *nest,
				 struct rdmactl_counter *c)
{
	const struct nlattr *tb[RDMACTL_A_COUNTER_BYTES - RDMACTL_A_COUNTER_NAME + 1];
	int err;

	err = rdmactl_attrs_walk_range(h, mnl_attr_get_payload(nest),
				       mnl_attr_get_payload_len(nest), tb,
				       RDMACTL_A_COUNTER_NAME, RDMACTL_A_COUNTER_BYTES);
	if (err)
		return err;
	if (!COUNTER_ATTR(NAME) || !COUNTER_ATTR(VALUE)) {
		rdmactl_set_err(h, "counter without a name or a value");
		return -EBADMSG;
	}
	memset(c, 0, sizeof(*c));
	c->name = attr_data(COUNTER_ATTR(NAME));
	c->value = attr_u64(COUNTER_ATTR(VALUE));
	if (COUNTER_ATTR(BYTES))
		c->bytes = attr_u64(COUNTER_ATTR(BYTES));
	if (COUNTER_ATTR(FLAGS))
		c->flags = attr_u32(COUNTER_ATTR(FLAGS));
	if (COUNTER_ATTR(SOURCE))
		c->source = attr_u8(COUNTER_ATTR(SOURCE));
	if (COUNTER_ATTR(WIDTH))
		c->width = attr_u8(COUNTER_ATTR(WIDTH));
	if (COUNTER_ATTR(UNIT))
		c->unit = attr_u8(COUNTER_ATTR(UNIT));
	return 0;
}

/*
 * The attribute after attr: rdmactl_attrs_parse() has checked that every
 * attribute of the message is whole, so the walk needs no checks of its
 * own; it ends at the message's tail.
 */
static const struct nlattr *next_attr(const struct nlattr *attr)
{
	return (const struct nlattr *)((const char *)attr + MNL_ALIGN(attr->nla_len));
}

/*
 * s's counters: the reply's RDMACTL_A_STAT_COUNTER nests, which repeat, so
 * walk the message itself (rdmactl_attrs_parse() has checked every
 * attribute of it already); names point into the reply.
 */
static int rdmactl_stat_counters_parse(struct rdmactl *h, const struct nlmsghdr *nlh,
				       struct rdmactl_stat *s)
{
	const struct nlattr *first = mnl_nlmsg_get_payload_offset(nlh, sizeof(struct genlmsghdr));
	const struct nlattr *end = mnl_nlmsg_get_payload_tail(nlh), *attr;
	size_t n = 0;
	int err;

	for (attr = first; attr < end; attr = next_attr(attr))
		if ((attr->nla_type & NLA_TYPE_MASK) == RDMACTL_A_STAT_COUNTER)
			n++;
	s->counters = calloc(n ? n : 1, sizeof(*s->counters));
	if (!s->counters)
		return -ENOMEM;
	for (attr = first; attr < end; attr = next_attr(attr)) {
		if ((attr->nla_type & NLA_TYPE_MASK) != RDMACTL_A_STAT_COUNTER)
			continue;
		err = rdmactl_counter_parse(h, attr, &s->counters[s->num_counters]);
		if (err)
			return err;
		s->num_counters++;
	}
	return 0;
}

/*
 * s to the caller's callback. A port's partial snapshot gets ib_core's
 * counters merged in when asked (RDMACTL_STAT_CORE), but not one less a
 * baseline: ib_core's totals are not.
 */
static int rdmactl_stat_deliver(struct rdmactl_req *req, const struct rdmactl_stat *s)
{
	struct rdmactl_stat merged;
	char *names = NULL;
	int err = 0;

	if (s->hw_partial && s->port && (req->flags & RDMACTL_STAT_CORE) && !s->baseline_ns)
		err = rdmactl_core_merge(req->h, s, &merged, &names);
	/* ib_core may not see the device (another namespace): partial, as it is. */
	err = req->cb.stat(err == 1 ? &merged : s, req->arg);
	if (names)
		free(merged.counters);
	free(names);
	return err;
}

/* A snapshot reply: the port and how its reads went from tb, then its counters. */
int rdmactl_stat_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh,
			rdmactl_attrs tb)
{
	struct rdmactl *h = req->h;
	struct rdmactl_stat s;
	int err;

	memset(&s, 0, sizeof(s));
	if (!tb[RDMACTL_A_DEV_INDEX] || !tb[RDMACTL_A_DEV_NAME] ||
	    !tb[RDMACTL_A_PORT_INDEX] || !tb[RDMACTL_A_STAT_TIMESTAMP]) {
		rdmactl_set_err(h, "counter reply without device, port or timestamp");
		return -EBADMSG;
	}
	s.dev_index = mnl_attr_get_u32(tb[RDMACTL_A_DEV_INDEX]);
	if (rdmactl_attr_strcpy(h, tb[RDMACTL_A_DEV_NAME], s.dev_name, sizeof(s.dev_name)))
		return -EBADMSG;
	s.port = mnl_attr_get_u32(tb[RDMACTL_A_PORT_INDEX]);
	s.timestamp_ns = mnl_attr_get_u64(tb[RDMACTL_A_STAT_TIMESTAMP]);
	if (tb[RDMACTL_A_STAT_BASELINE_TIMESTAMP])
		s.baseline_ns = mnl_attr_get_u64(tb[RDMACTL_A_STAT_BASELINE_TIMESTAMP]);
	if (tb[RDMACTL_A_STAT_PMA_SET])
		s.pma_set = mnl_attr_get_u8(tb[RDMACTL_A_STAT_PMA_SET]);
	s.hw_partial = !!tb[RDMACTL_A_STAT_HW_PARTIAL];
	if (tb[RDMACTL_A_STAT_HW_ERROR])
		s.hw_error = (int32_t)mnl_attr_get_u32(tb[RDMACTL_A_STAT_HW_ERROR]);
	if (tb[RDMACTL_A_STAT_HW_RETRY_MS])
		s.hw_retry_ms = mnl_attr_get_u32(tb[RDMACTL_A_STAT_HW_RETRY_MS]);
	if (tb[RDMACTL_A_STAT_PMA_ERROR])
		s.pma_error = (int32_t)mnl_attr_get_u32(tb[RDMACTL_A_STAT_PMA_ERROR]);
	if (tb[RDMACTL_A_STAT_PMA_RETRY_MS])
		s.pma_retry_ms = mnl_attr_get_u32(tb[RDMACTL_A_STAT_PMA_RETRY_MS]);
	if (tb[RDMACTL_A_PORT_NETDEV_INDEX] && tb[RDMACTL_A_PORT_NETDEV_NAME]) {
		s.netdev_index = mnl_attr_get_u32(tb[RDMACTL_A_PORT_NETDEV_INDEX]);
		if (rdmactl_attr_strcpy(h, tb[RDMACTL_A_PORT_NETDEV_NAME], s.netdev_name,
					sizeof(s.netdev_name)))
			return -EBADMSG;
	}

	err = rdmactl_stat_counters_parse(h, nlh, &s);
	if (!err)
		err = rdmactl_stat_deliver(req, &s);
	free(s.counters);
	return err;
}

/*
 * Start a STAT request naming what flags and port say: every port (no
 * port), one port, or with RDMACTL_STAT_DEVICE port 0, the device's own
 * counters. NULL (errmsg set) when a port is named without a device.
 */
static struct nlmsghdr *rdmactl_stat_msg(struct rdmactl *h, struct rdmactl_req *req,
					 uint8_t cmd, const char *dev, uint32_t port,
					 unsigned int flags)
{
	bool one = port || (flags & RDMACTL_STAT_DEVICE);

	/*
	 * A snapshot is always a dump, one port its filter: a dump waits for
	 * firmware outside generic netlink's lock, a doit gives up (EAGAIN).
	 * The device's own counters are port 0's.
	 */
	return rdmactl_msg_about(h, req, cmd, cmd == RDMACTL_CMD_STAT_GET, dev, one ? &port : NULL);
}

RDMACTL_EXPORT int rdmactl_stat_list(struct rdmactl *h, const char *dev, uint32_t port,
				     unsigned int flags, rdmactl_stat_cb cb, void *arg)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;
	int err;

	nlh = rdmactl_stat_msg(h, &req, RDMACTL_CMD_STAT_GET, dev, port, flags);
	if (!nlh)
		return -EINVAL;
	req.handle = rdmactl_stat_handle;
	req.cb.stat = cb;
	req.arg = arg;
	req.flags = flags;
	if (flags & RDMACTL_STAT_BASELINE)
		mnl_attr_put(nlh, RDMACTL_A_STAT_BASELINE, 0, NULL);
	err = rdmactl_transact(&req, nlh);
	/* One port, filtered: gone if the dump ended without it. */
	if (!err && dev && (port || (flags & RDMACTL_STAT_DEVICE)) && !req.replies) {
		rdmactl_set_err(h, "%s: the device went away while its counters were read", dev);
		return -ENODEV;
	}
	return err;
}

RDMACTL_EXPORT int rdmactl_stat_reset(struct rdmactl *h, const char *dev, uint32_t port,
				      unsigned int flags)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;

	nlh = rdmactl_stat_msg(h, &req, RDMACTL_CMD_STAT_RESET, dev, port, flags);
	if (!nlh)
		return -EINVAL;
	if (flags & RDMACTL_STAT_HARDWARE)
		mnl_attr_put(nlh, RDMACTL_A_STAT_RESET_HARDWARE, 0, NULL);
	/*
	 * The kernel sends no MAD under generic netlink's lock: resets that
	 * take longer than a tenth of a second are asked again (EAGAIN), and
	 * answered from what the first asking started.
	 */
	return rdmactl_transact_again(&req, nlh, RDMACTL_AGAIN_PATIENCE_MS);
}

/*
 * A copy in one allocation: the snapshot, its counters, then their names.
 * A CLI or exporter keeps one per port (1,024 ports: 25,000 counters), so
 * a copy is one malloc(), not one per name.
 */
RDMACTL_EXPORT struct rdmactl_stat *rdmactl_stat_dup(const struct rdmactl_stat *stat)
{
	size_t i, names = 0, head = sizeof(*stat) + stat->num_counters * sizeof(*stat->counters);
	struct rdmactl_stat *s;
	char *p;

	for (i = 0; i < stat->num_counters; i++)
		names += strlen(stat->counters[i].name) + 1;
	s = malloc(head + names);
	if (!s)
		return NULL;
	*s = *stat;
	s->counters = (struct rdmactl_counter *)(s + 1);
	p = (char *)s + head;
	for (i = 0; i < stat->num_counters; i++) {
		size_t n = strlen(stat->counters[i].name) + 1;

		s->counters[i] = stat->counters[i];
		s->counters[i].name = memcpy(p, stat->counters[i].name, n);
		p += n;
	}
	return s;
}

RDMACTL_EXPORT void rdmactl_stat_free(struct rdmactl_stat *stat)
{
	free(stat);
}

RDMACTL_EXPORT const struct rdmactl_counter *
rdmactl_stat_counter(const struct rdmactl_stat *stat, const char *name)
{
	size_t i;

	for (i = 0; i < stat->num_counters; i++)
		if (!strcmp(stat->counters[i].name, name))
			return &stat->counters[i];
	return NULL;
}

RDMACTL_EXPORT int rdmactl_counter_delta(const struct rdmactl_counter *before,
					 const struct rdmactl_counter *after,
					 uint64_t *delta)
{
	uint64_t max = after->width >= 64 ? UINT64_MAX : (1ULL << after->width) - 1;

	if (after->flags & RDMACTL_COUNTER_F_WRAPS) {
		*delta = (after->value - before->value) & max;
		return RDMACTL_DELTA_EXACT;
	}
	if (after->value < before->value) {
		*delta = after->value;
		return RDMACTL_DELTA_RESET;
	}
	*delta = after->value - before->value;
	if ((after->flags & RDMACTL_COUNTER_F_SATURATES) && after->value == max)
		return RDMACTL_DELTA_SATURATED;
	return RDMACTL_DELTA_EXACT;
}
