// SPDX-License-Identifier: LGPL-2.1-or-later
/* The "events" multicast group: subscribing, and reading typed events. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "internal.h"

RDMACTL_EXPORT int rdmactl_events_subscribe(struct rdmactl *h)
{
	if (!h->events_group) {
		rdmactl_set_err(h, "the loaded rdmactl.ko has no events group");
		return -EOPNOTSUPP;
	}
	if (mnl_socket_setsockopt(h->nl, NETLINK_ADD_MEMBERSHIP, &h->events_group,
				  sizeof(h->events_group)) < 0) {
		rdmactl_set_err(h, "cannot join the events group: %s", strerror(errno));
		return -errno;
	}
	h->last_seq = 0;
	return 0;
}

#define STR(attr, field)							\
	(tb[attr] && rdmactl_attr_strcpy(h, tb[attr], field, sizeof(field)))

/*
 * A ROCE event: the port's ROCE_GET reply, parsed as the GET's, then what
 * only the event says: restored, forgotten, failed (a restore, or a
 * roce-set's undo), rdma_cm unloaded (cm-gone).
 * The released fields before LIBRDMACTL_1.6's roce are filled from it. A
 * module before 1.6's sends no roce-types: rdma_cm's defaults alone (mode
 * and ToS), and rdma_cm unloading as source unknown alone. One the GET's
 * parser refuses (no device or port) is read that way too, not dropped
 * with the rest of the buffer.
 */
static int event_roce(struct rdmactl *h, rdmactl_attrs tb, struct rdmactl_event_info *ev)
{
	bool old = !tb[RDMACTL_A_ROCE_TYPES];

	if (!old && rdmactl_roce_parse(h, tb, &ev->roce) == 0) {
		ev->present |= RDMACTL_EVENT_HAS_ROCE_INFO;
	} else if (!old) {
		memset(&ev->roce, 0, sizeof(ev->roce));
		old = true;
	}
	ev->roce_restored = !!tb[RDMACTL_A_ROCE_RESTORED];
	if (ev->roce.present & RDMACTL_ROCE_HAS_CURRENT) {
		ev->present |= RDMACTL_EVENT_HAS_ROCE;
		ev->roce_mode = ev->roce.mode;
		ev->roce_tos = ev->roce.tos;
	} else if (old && tb[RDMACTL_A_ROCE_MODE] && tb[RDMACTL_A_ROCE_TOS]) {
		ev->present |= RDMACTL_EVENT_HAS_ROCE;
		ev->roce_mode = mnl_attr_get_u8(tb[RDMACTL_A_ROCE_MODE]);
		ev->roce_tos = mnl_attr_get_u8(tb[RDMACTL_A_ROCE_TOS]);
	}
	if (tb[RDMACTL_A_ROCE_CLEAR]) {
		ev->present |= RDMACTL_EVENT_HAS_ROCE_CLEAR;
		ev->roce_clear = 1;
	}
	if (tb[RDMACTL_A_ROCE_ERROR]) {
		ev->present |= RDMACTL_EVENT_HAS_ROCE_ERROR;
		ev->roce_error = (int32_t)mnl_attr_get_u32(tb[RDMACTL_A_ROCE_ERROR]);
	}
	ev->roce_delayed = !!tb[RDMACTL_A_ROCE_DELAYED];
	/* rdma_cm unloaded: cm-gone; from an older module, source unknown alone. */
	if (tb[RDMACTL_A_ROCE_CM_GONE] ||
	    (old && tb[RDMACTL_A_ROCE_SOURCE] &&
	     mnl_attr_get_u8(tb[RDMACTL_A_ROCE_SOURCE]) == RDMACTL_ROCE_SOURCE_UNKNOWN)) {
		ev->present |= RDMACTL_EVENT_HAS_ROCE_UNKNOWN;
		ev->roce_unknown = 1;
	}
	return 0;
}

/* A port event's state: the port after, read when the event was sent. */
static void event_port_state(rdmactl_attrs tb, struct rdmactl_event_info *ev)
{
	if (!tb[RDMACTL_A_PORT_STATE] || !tb[RDMACTL_A_PORT_PHYS_STATE] ||
	    !tb[RDMACTL_A_PORT_LID] || !tb[RDMACTL_A_PORT_SM_LID] ||
	    !tb[RDMACTL_A_PORT_SM_SL] || !tb[RDMACTL_A_PORT_LMC])
		return;
	ev->present |= RDMACTL_EVENT_HAS_STATE;
	ev->state = mnl_attr_get_u8(tb[RDMACTL_A_PORT_STATE]);
	ev->phys_state = mnl_attr_get_u8(tb[RDMACTL_A_PORT_PHYS_STATE]);
	ev->lid = mnl_attr_get_u32(tb[RDMACTL_A_PORT_LID]);
	ev->sm_lid = mnl_attr_get_u32(tb[RDMACTL_A_PORT_SM_LID]);
	ev->sm_sl = mnl_attr_get_u8(tb[RDMACTL_A_PORT_SM_SL]);
	ev->lmc = mnl_attr_get_u8(tb[RDMACTL_A_PORT_LMC]);
}

/* A STAT_MODE event's kept set, comma-separated; -EBADMSG for a bad name. */
static int event_stat_mode(rdmactl_attrs tb, struct rdmactl_event_info *ev)
{
	const struct nlattr *a;

	ev->present |= RDMACTL_EVENT_HAS_STAT_MODE;
	ev->stat_mode_clear = !!tb[RDMACTL_A_STAT_MODE_CLEAR];
	ev->stat_mode_restored = !!tb[RDMACTL_A_STAT_MODE_RESTORED];
	if (tb[RDMACTL_A_STAT_MODE_ERROR])
		ev->stat_mode_error = (int32_t)mnl_attr_get_u32(tb[RDMACTL_A_STAT_MODE_ERROR]);
	if (!tb[RDMACTL_A_STAT_OPTIONAL])
		return 0;
	mnl_attr_for_each_nested(a, tb[RDMACTL_A_STAT_OPTIONAL]) {
		size_t at = strlen(ev->stat_optional);

		if (mnl_attr_get_type(a) != RDMACTL_A_STAT_OPTIONAL_NAME ||
		    mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0)
			return -EBADMSG;
		snprintf(ev->stat_optional + at, sizeof(ev->stat_optional) - at, "%s%s",
			 at ? "," : "", mnl_attr_get_str(a));
	}
	return 0;
}

int rdmactl_event_parse(struct rdmactl *h, rdmactl_attrs tb, struct rdmactl_event_info *ev)
{
	memset(ev, 0, sizeof(*ev));
	if (!tb[RDMACTL_A_EVENT_TYPE] || !tb[RDMACTL_A_EVENT_SEQ]) {
		rdmactl_set_err(h, "event without a type or sequence number");
		return -EBADMSG;
	}
	ev->type = mnl_attr_get_u8(tb[RDMACTL_A_EVENT_TYPE]);
	ev->seq = mnl_attr_get_u64(tb[RDMACTL_A_EVENT_SEQ]);
	if (tb[RDMACTL_A_EVENT_TIMESTAMP])
		ev->timestamp_ns = mnl_attr_get_u64(tb[RDMACTL_A_EVENT_TIMESTAMP]);
	if (STR(RDMACTL_A_DEV_NAME, ev->dev_name) || STR(RDMACTL_A_EVENT_OLD_NAME, ev->old_name) ||
	    STR(RDMACTL_A_PORT_NETDEV_NAME, ev->netdev_name) ||
	    STR(RDMACTL_A_IPOIB_IFNAME, ev->ipoib_ifname))
		return -EBADMSG;
	if (tb[RDMACTL_A_DEV_INDEX] && tb[RDMACTL_A_DEV_NAME]) {
		ev->present |= RDMACTL_EVENT_HAS_DEV;
		ev->dev_index = mnl_attr_get_u32(tb[RDMACTL_A_DEV_INDEX]);
	}
	if (tb[RDMACTL_A_PORT_INDEX]) {
		ev->present |= RDMACTL_EVENT_HAS_PORT;
		ev->port = mnl_attr_get_u32(tb[RDMACTL_A_PORT_INDEX]);
	}
	event_port_state(tb, ev);
	if (tb[RDMACTL_A_PORT_NETDEV_INDEX] && tb[RDMACTL_A_PORT_NETDEV_NAME]) {
		ev->present |= RDMACTL_EVENT_HAS_NETDEV;
		ev->netdev_index = mnl_attr_get_u32(tb[RDMACTL_A_PORT_NETDEV_INDEX]);
	}
	if (tb[RDMACTL_A_IPOIB_IFINDEX] && tb[RDMACTL_A_IPOIB_IFNAME] &&
	    tb[RDMACTL_A_IPOIB_MODE] && tb[RDMACTL_A_IPOIB_MTU]) {
		ev->present |= RDMACTL_EVENT_HAS_IPOIB;
		ev->ipoib_ifindex = mnl_attr_get_u32(tb[RDMACTL_A_IPOIB_IFINDEX]);
		ev->ipoib_mode = mnl_attr_get_u8(tb[RDMACTL_A_IPOIB_MODE]);
		ev->ipoib_mtu = mnl_attr_get_u32(tb[RDMACTL_A_IPOIB_MTU]);
	}
	/* The kernel could not queue some events: they are lost to us. */
	if (ev->type == RDMACTL_EVENT_OVERFLOW) {
		ev->type = RDMACTL_EVENT_LOST;
		if (tb[RDMACTL_A_EVENT_LOST])
			ev->lost = mnl_attr_get_u64(tb[RDMACTL_A_EVENT_LOST]);
	}
	if (ev->type == RDMACTL_EVENT_STAT_MODE && event_stat_mode(tb, ev))
		return -EBADMSG;
	if (ev->type == RDMACTL_EVENT_STAT_RESET) {
		ev->present |= RDMACTL_EVENT_HAS_STAT_RESET;
		ev->stat_reset_hardware = !!tb[RDMACTL_A_STAT_RESET_HARDWARE];
	}
	return ev->type == RDMACTL_EVENT_ROCE ? event_roce(h, tb, ev) : 0;
}

static int rdmactl_event_lost(struct rdmactl *h, uint64_t n, rdmactl_event_cb cb, void *arg)
{
	struct rdmactl_event_info lost = { .type = RDMACTL_EVENT_LOST, .lost = n };

	(void)h;
	return cb(&lost, arg);
}

/* Hand every event of a buffer to cb, noticing gaps in the sequence. */
int rdmactl_events_process(struct rdmactl *h, const void *buf, size_t len,
			   rdmactl_event_cb cb, void *arg)
{
	const struct nlmsghdr *nlh = buf;
	int left = (int)len, err;

	for (; mnl_nlmsg_ok(nlh, left); nlh = mnl_nlmsg_next(nlh, &left)) {
		const struct genlmsghdr *g = mnl_nlmsg_get_payload(nlh);
		struct rdmactl_event_info ev;
		rdmactl_attrs tb;

		if (nlh->nlmsg_type != h->family ||
		    nlh->nlmsg_len < MNL_NLMSG_HDRLEN + sizeof(*g) || g->cmd != RDMACTL_CMD_EVENT)
			continue;
		err = rdmactl_attrs_parse(h, nlh, tb);
		if (!err)
			err = rdmactl_event_parse(h, tb, &ev);
		if (err)
			return err;
		if (h->last_seq && ev.seq != h->last_seq + 1) {
			err = rdmactl_event_lost(h, ev.seq > h->last_seq ? ev.seq - h->last_seq - 1 : 0,
						 cb, arg);
			if (err)
				return err;
		}
		h->last_seq = ev.seq;
		err = cb(&ev, arg);
		if (err)
			return err;
	}
	if (left) {
		rdmactl_set_err(h, "truncated event message (%d stray bytes)", left);
		return -EBADMSG;
	}
	return 0;
}

RDMACTL_EXPORT int rdmactl_events_read(struct rdmactl *h, rdmactl_event_cb cb, void *arg)
{
	ssize_t n = mnl_socket_recvfrom(h->nl, h->buf, h->buflen);

	if (n < 0) {
		if (errno == ENOBUFS) {
			/* The socket overran: how many were lost, no one knows. */
			h->last_seq = 0;
			return rdmactl_event_lost(h, 0, cb, arg);
		}
		if (errno != EAGAIN && errno != EINTR)
			rdmactl_set_err(h, "cannot receive events: %s", strerror(errno));
		return -errno;
	}
	return rdmactl_events_process(h, h->buf, (size_t)n, cb, arg);
}
