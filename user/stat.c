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

static int rdmactl_counter_parse(struct rdmactl *h, const struct nlattr *nest,
				 struct rdmactl_counter *c)
{
	rdmactl_attrs tb;
	int err;

	err = rdmactl_attrs_walk(h, mnl_attr_get_payload(nest),
				 mnl_attr_get_payload_len(nest), tb);
	if (err)
		return err;
	if (!tb[RDMACTL_A_COUNTER_NAME] || !tb[RDMACTL_A_COUNTER_VALUE]) {
		rdmactl_set_err(h, "counter without a name or a value");
		return -EBADMSG;
	}
	memset(c, 0, sizeof(*c));
	c->name = mnl_attr_get_str(tb[RDMACTL_A_COUNTER_NAME]);
	c->value = mnl_attr_get_u64(tb[RDMACTL_A_COUNTER_VALUE]);
	if (tb[RDMACTL_A_COUNTER_BYTES])
		c->bytes = mnl_attr_get_u64(tb[RDMACTL_A_COUNTER_BYTES]);
	if (tb[RDMACTL_A_COUNTER_FLAGS])
		c->flags = mnl_attr_get_u32(tb[RDMACTL_A_COUNTER_FLAGS]);
	if (tb[RDMACTL_A_COUNTER_SOURCE])
		c->source = mnl_attr_get_u8(tb[RDMACTL_A_COUNTER_SOURCE]);
	if (tb[RDMACTL_A_COUNTER_WIDTH])
		c->width = mnl_attr_get_u8(tb[RDMACTL_A_COUNTER_WIDTH]);
	if (tb[RDMACTL_A_COUNTER_UNIT])
		c->unit = mnl_attr_get_u8(tb[RDMACTL_A_COUNTER_UNIT]);
	return 0;
}

/*
 * A snapshot reply: the counters are repeated RDMACTL_A_STAT_COUNTER
 * nests, so walk the message itself (rdmactl_attrs_parse() has checked
 * every attribute of it already); names point into the reply.
 */
int rdmactl_stat_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh,
			rdmactl_attrs tb)
{
	struct rdmactl *h = req->h;
	struct rdmactl_stat s;
	const struct nlattr *attr;
	size_t n = 0;
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

	mnl_attr_for_each(attr, nlh, sizeof(struct genlmsghdr))
		if (mnl_attr_get_type(attr) == RDMACTL_A_STAT_COUNTER)
			n++;
	s.counters = calloc(n ? n : 1, sizeof(*s.counters));
	if (!s.counters)
		return -ENOMEM;
	mnl_attr_for_each(attr, nlh, sizeof(struct genlmsghdr)) {
		if (mnl_attr_get_type(attr) != RDMACTL_A_STAT_COUNTER)
			continue;
		err = rdmactl_counter_parse(h, attr, &s.counters[s.num_counters]);
		if (err)
			goto out;
		s.num_counters++;
	}
	err = req->cb.stat(&s, req->arg);
out:
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
	struct nlmsghdr *nlh;

	if (one && !dev) {
		rdmactl_set_err(h, "a port number needs a device");
		return NULL;
	}
	nlh = rdmactl_msg_start(h, req, cmd, cmd == RDMACTL_CMD_STAT_GET && !one);
	if (dev)
		rdmactl_put_dev(nlh, dev);
	if (one)
		mnl_attr_put_u32(nlh, RDMACTL_A_PORT_INDEX, port);
	return nlh;
}

RDMACTL_EXPORT int rdmactl_stat_list(struct rdmactl *h, const char *dev, uint32_t port,
				     unsigned int flags, rdmactl_stat_cb cb, void *arg)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;

	nlh = rdmactl_stat_msg(h, &req, RDMACTL_CMD_STAT_GET, dev, port, flags);
	if (!nlh)
		return -EINVAL;
	req.handle = rdmactl_stat_handle;
	req.cb.stat = cb;
	req.arg = arg;
	if (flags & RDMACTL_STAT_BASELINE)
		mnl_attr_put(nlh, RDMACTL_A_STAT_BASELINE, 0, NULL);
	return rdmactl_transact(&req, nlh);
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
	return rdmactl_transact(&req, nlh);
}

RDMACTL_EXPORT struct rdmactl_stat *rdmactl_stat_dup(const struct rdmactl_stat *stat)
{
	struct rdmactl_stat *s = malloc(sizeof(*s));
	size_t i;

	if (!s)
		return NULL;
	*s = *stat;
	s->counters = calloc(stat->num_counters ? stat->num_counters : 1, sizeof(*s->counters));
	if (!s->counters) {
		free(s);
		return NULL;
	}
	for (i = 0; i < stat->num_counters; i++) {
		s->counters[i] = stat->counters[i];
		s->counters[i].name = strdup(stat->counters[i].name);
		if (!s->counters[i].name) {
			s->num_counters = i;
			rdmactl_stat_free(s);
			return NULL;
		}
	}
	return s;
}

RDMACTL_EXPORT void rdmactl_stat_free(struct rdmactl_stat *stat)
{
	size_t i;

	if (!stat)
		return;
	for (i = 0; i < stat->num_counters; i++)
		free((char *)stat->counters[i].name);
	free(stat->counters);
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
