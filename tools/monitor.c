// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl monitor [timestamp]: one line (with -j, one JSON object) per
 * event, flushed as it comes, until SIGINT or SIGTERM.
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"

static volatile sig_atomic_t monitor_stop;
static bool monitor_timestamp;

static void monitor_signal(int sig)
{
	(void)sig;
	monitor_stop = 1;
}

static void lower(const char *s, char *buf, size_t size)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < size; i++)
		buf[i] = (s[i] >= 'A' && s[i] <= 'Z') ? s[i] - 'A' + 'a' : s[i];
	buf[i] = '\0';
}

/* A loss: the kernel's (with how many, in the sequence) or the socket's. */
static void monitor_print_lost(const struct rdmactl_event_info *ev)
{
	if (ev->lost)
		print_uint("lost", " %" PRIu64 " events; list again to resynchronise", ev->lost);
	else
		print_text(" events (the socket overran); list again to resynchronise");
	/* The kernel's own report of a loss has its place in the sequence. */
	if (ev->seq)
		print_uint("seq", NULL, ev->seq);
}

/* The device, port, the port's state and its netdev. */
static void monitor_print_port(const struct rdmactl_event_info *ev)
{
	if (ev->present & RDMACTL_EVENT_HAS_DEV) {
		print_str("ifname", " %s", ev->dev_name);
		print_uint("ifindex", NULL, ev->dev_index);
	}
	if (ev->present & RDMACTL_EVENT_HAS_PORT)
		print_uint("port", "/%" PRIu64, ev->port);
	if (ev->old_name[0])
		print_str("old_name", " old_name %s", ev->old_name);
	if (ev->present & RDMACTL_EVENT_HAS_STATE) {
		print_str("state", " state %s", rdmactl_port_state_name(ev->state));
		print_str("physical_state", " physical_state %s",
			  rdmactl_port_phys_state_name(ev->phys_state));
		print_uint("lid", " lid %" PRIu64, ev->lid);
		print_uint("sm_lid", " sm_lid %" PRIu64, ev->sm_lid);
		print_uint("sm_sl", " sm_sl %" PRIu64, ev->sm_sl);
		print_uint("lmc", " lmc %" PRIu64, ev->lmc);
	}
	if (ev->present & RDMACTL_EVENT_HAS_NETDEV) {
		print_str("netdev", " netdev %s", ev->netdev_name);
		print_uint("netdev_index", NULL, ev->netdev_index);
	}
}

/*
 * A ROCE event: the port's row of roce show, as it is after the change,
 * then how it came: restored, failed, forgotten, or rdma_cm unloaded; in
 * JSON, rdma_cm's mode and ToS under 1.5's keys too (roce_mode, roce_tos).
 * A module before librdmactl 1.6's sends rdma_cm's defaults alone: printed
 * after the port as the monitor printed them then, restored only with
 * them (or a profile re-applied, or an error), as then.
 */
static void monitor_print_roce(const struct rdmactl_event_info *ev)
{
	bool info = ev->present & RDMACTL_EVENT_HAS_ROCE_INFO;

	if (info) {
		print_text(" ");
		roce_print_row(&ev->roce, true);
	}
	if (ev->present & RDMACTL_EVENT_HAS_ROCE) {
		print_str("roce_mode", info ? NULL : " mode %s", rdmactl_gid_type_name(ev->roce_mode));
		print_uint("roce_tos", info ? NULL : " tos %" PRIu64, ev->roce_tos);
	}
	if (ev->roce_delayed) {
		/* A restore to be tried again: configfs held. */
		print_bool("delayed", true,
			   " restore delayed: rdma_cm's configfs directory is held; trying again");
	} else if (ev->present & RDMACTL_EVENT_HAS_ROCE_ERROR) {
		print_bool("restored", ev->roce_restored, NULL);
		/* A restore that failed, or a failed SET's undo. */
		print_str("roce_error", ev->roce_restored ? " restore failed: %s" : " undo failed: %s",
			  strerror(-ev->roce_error));
		print_uint("roce_errno", NULL, (uint64_t)-(int64_t)ev->roce_error);
	} else if (info || (ev->present & RDMACTL_EVENT_HAS_ROCE) || ev->roce_restored) {
		print_bool("restored", ev->roce_restored, ev->roce_restored ? " restored" : NULL);
	}
	if (ev->present & RDMACTL_EVENT_HAS_ROCE_CLEAR)
		print_bool("forgotten", true, " forgotten");
	if (ev->present & RDMACTL_EVENT_HAS_ROCE_UNKNOWN)
		print_bool("roce_unknown", true, " defaults unknown: rdma_cm unloaded");
}

/* " optional-counters a,b [restored]", " forgotten", " restore failed: ..." */
static void monitor_print_stat_mode(const struct rdmactl_event_info *ev)
{
	if (ev->stat_mode_error) {
		print_bool("restored", true, NULL);
		print_str("error", " restore failed: %s", strerror(-ev->stat_mode_error));
		print_uint("errno", NULL, (uint64_t)-(int64_t)ev->stat_mode_error);
	} else if (ev->stat_mode_clear) {
		print_bool("forgotten", true, " forgotten");
	} else {
		print_str("optional_counters", " optional-counters %s",
			  ev->stat_optional[0] ? ev->stat_optional : "none");
		print_bool("restored", ev->stat_mode_restored,
			   ev->stat_mode_restored ? " restored" : NULL);
	}
}

static int monitor_print(const struct rdmactl_event_info *ev, void *arg)
{
	char name[32];

	(void)arg;
	lower(rdmactl_event_name(ev->type), name, sizeof(name));
	print_line_begin();
	if (monitor_timestamp) {
		struct timespec ts;
		char when[32];

		clock_gettime(CLOCK_REALTIME, &ts);
		strftime(when, sizeof(when), "%H:%M:%S", localtime(&ts.tv_sec));
		print_text("[%s.%06ld] ", when, ts.tv_nsec / 1000);
	}
	print_str_fmt("event", name, "%s", rdmactl_event_name(ev->type));
	if (ev->type == RDMACTL_EVENT_LOST) {
		monitor_print_lost(ev);
		print_line_end();
		return 0;
	}
	print_uint("seq", NULL, ev->seq);
	print_uint("timestamp_ns", NULL, ev->timestamp_ns);
	/* A ROCE event's row names its device and port itself. */
	if (!(ev->present & RDMACTL_EVENT_HAS_ROCE_INFO))
		monitor_print_port(ev);
	if (ev->type == RDMACTL_EVENT_ROCE)
		monitor_print_roce(ev);
	if (ev->present & RDMACTL_EVENT_HAS_STAT_RESET)
		print_str("reset", " reset %s", ev->stat_reset_hardware ? "hardware" : "baseline");
	if (ev->present & RDMACTL_EVENT_HAS_STAT_MODE)
		monitor_print_stat_mode(ev);
	if (ev->present & RDMACTL_EVENT_HAS_IPOIB) {
		print_str("ipoib", " ipoib %s", ev->ipoib_ifname);
		print_uint("ipoib_index", NULL, ev->ipoib_ifindex);
		print_str("mode", " mode %s", rdmactl_ipoib_mode_name(ev->ipoib_mode));
		print_uint("mtu", " mtu %" PRIu64, ev->ipoib_mtu);
	}
	print_line_end();
	return 0;
}

/* The one command of monitor has no name: "rdmactl monitor [timestamp]". */
static const struct cli_spec monitor_spec = {
	.cmd = "monitor", .args = (const struct cli_arg[]) {
		{ "timestamp", CLI_FLAG, 0, .aliases = "--timestamp -t" },
		{ .name = NULL },
	}
};

int monitor_main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = monitor_signal };
	struct rdmactl *h;
	int err = 0;

	if (argc == 1 && !strcmp(argv[0], "help")) {
		fputs("Usage: ", stdout);
		cli_usage(stdout, &monitor_spec);
		return EXIT_OK;
	}
	if (cli_parse(&monitor_spec, argc, argv, &monitor_timestamp, NULL))
		return EXIT_USAGE;
	h = cli_open();
	if (!h)
		return EXIT_ERROR;
	err = rdmactl_events_subscribe(h);
	if (err) {
		err = cli_fail(h, err, NULL, "cannot subscribe to events");
		rdmactl_close(h);
		return err;
	}
	/* No SA_RESTART: a signal ends the wait for the next event. */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	while (!monitor_stop) {
		err = rdmactl_events_read(h, monitor_print, NULL);
		if (err == -EINTR || err == -EAGAIN)
			continue;
		if (err) {
			err = cli_fail(h, err, NULL, "cannot read events");
			break;
		}
	}
	rdmactl_close(h);
	return monitor_stop ? EXIT_OK : err;
}
