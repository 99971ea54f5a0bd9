/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * librdmactl's events: the "events" multicast group, subscribed and read.
 * Part of <librdmactl.h>, which includes it.
 */
#ifndef LIBRDMACTL_H_INSIDE
#error "<librdmactl/events.h> is part of <librdmactl.h>: include <librdmactl.h> instead"
#elif !defined(LIBRDMACTL_EVENTS_H)
#define LIBRDMACTL_EVENTS_H

/*
 * Events. Subscribe a handle of its own (events and requests do not share
 * a socket well), then read: each rdmactl_events_read() receives what one
 * recv() gets and calls cb per event, in order. Poll rdmactl_fd() from
 * an event loop; make it non-blocking to have -EAGAIN when nothing is
 * there. Events were lost when cb sees RDMACTL_EVENT_LOST: the socket
 * overran (lost 0: how many is unknown), the sequence skipped (lost N), or
 * the kernel could not queue events (lost N: at most N were meant for this
 * namespace; seq is that report's own number); list again to resynchronise.
 */
#define RDMACTL_EVENT_LOST 0

enum {
	RDMACTL_EVENT_HAS_DEV = 1 << 0,		/* dev_index, dev_name */
	RDMACTL_EVENT_HAS_PORT = 1 << 1,	/* port */
	RDMACTL_EVENT_HAS_STATE = 1 << 2,	/* state .. lmc: the port after */
	RDMACTL_EVENT_HAS_NETDEV = 1 << 3,	/* netdev_index, netdev_name */
	RDMACTL_EVENT_HAS_IPOIB = 1 << 4,	/* ipoib_* */
	RDMACTL_EVENT_HAS_ROCE = 1 << 5,	/* roce_mode, roce_tos, roce_restored */
	RDMACTL_EVENT_HAS_ROCE_ERROR = 1 << 6,	/* roce_error, roce_restored */
	RDMACTL_EVENT_HAS_STAT_MODE = 1 << 7,	/* stat_mode_* (LIBRDMACTL_1.4) */
	RDMACTL_EVENT_HAS_ROCE_CLEAR = 1 << 8,	/* roce_clear: ROCE, no mode or ToS */
	RDMACTL_EVENT_HAS_STAT_RESET = 1 << 9,	/* stat_reset_hardware */
	RDMACTL_EVENT_HAS_ROCE_UNKNOWN = 1 << 10,	/* roce_unknown: ROCE, no mode or ToS */
	RDMACTL_EVENT_HAS_ROCE_INFO = 1 << 11,	/* roce: the port's roce_list() (1.6) */
};

struct rdmactl_event_info {
	uint8_t type;			/* enum rdmactl_event, or RDMACTL_EVENT_LOST */
	uint32_t present;		/* RDMACTL_EVENT_HAS_* */
	uint64_t seq;
	uint64_t timestamp_ns;		/* CLOCK_MONOTONIC */
	uint64_t lost;			/* RDMACTL_EVENT_LOST: how many, 0 unknown */
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	char old_name[RDMACTL_DEV_NAME_MAX];	/* DEV_RENAME */
	uint32_t port;
	uint8_t state;
	uint8_t phys_state;
	uint8_t sm_sl;
	uint8_t lmc;
	uint32_t lid;
	uint32_t sm_lid;
	uint32_t netdev_index;
	char netdev_name[16];
	uint32_t ipoib_ifindex;
	char ipoib_ifname[16];
	uint8_t ipoib_mode;
	uint32_t ipoib_mtu;
	uint8_t roce_mode;		/* enum rdmactl_gid_type */
	uint8_t roce_tos;
	uint8_t roce_restored;		/* re-applied to a device registering */
	int32_t roce_error;		/* -errno: re-applying failed */
	/* STAT_MODE (LIBRDMACTL_1.4; events are the library's to allocate): */
	uint8_t stat_mode_clear;	/* the kept set was forgotten */
	uint8_t stat_mode_restored;	/* re-applied, by `stat mode restore` */
	int32_t stat_mode_error;	/* -errno: re-applying failed */
	char stat_optional[2048];	/* the kept set, comma-separated (32 x 63) */
	/* After LIBRDMACTL_1.4's (the library allocates events: appended): */
	uint8_t roce_clear;		/* ROCE: the saved settings were forgotten */
	uint8_t stat_reset_hardware;	/* STAT_RESET: the PMA zeroed, not a baseline */
	uint8_t roce_unknown;		/* ROCE: rdma_cm unloaded, its defaults with it */
	/*
	 * LIBRDMACTL_1.6: a ROCE event is the port's settings after the
	 * change, as rdmactl_roce_list() gives them (its mode and ToS as
	 * rdma_cm read them back, source configfs; the kept ones and QoS
	 * profile in saved_*), parsed by its parser; roce_mode and roce_tos
	 * above are roce.mode and roce.tos, for callers before it. A QoS
	 * profile applied again touched DCB alone: restored, no current
	 * mode or ToS here, and no RDMACTL_EVENT_HAS_ROCE.
	 */
	struct rdmactl_roce_info roce;
	/*
	 * After LIBRDMACTL_1.6's: a restore delayed, not failed (neither
	 * roce_restored nor roce_error): rdma_cm's configfs directory is
	 * held; it is tried again, its outcome a later event.
	 */
	uint8_t roce_delayed;
};

typedef int (*rdmactl_event_cb)(const struct rdmactl_event_info *ev, void *arg);

/* Join the "events" group: anyone may. */
int rdmactl_events_subscribe(struct rdmactl *h);
int rdmactl_events_read(struct rdmactl *h, rdmactl_event_cb cb, void *arg);
const char *rdmactl_event_name(uint8_t type);

#endif /* LIBRDMACTL_EVENTS_H */
