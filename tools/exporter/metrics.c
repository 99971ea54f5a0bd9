// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The text of a scrape: Prometheus's text format 0.0.4, or OpenMetrics
 * 1.0 (which ends with "# EOF"). The exporter's own families and the
 * devices' are here; the ports' are in ports.c, the RoCE ports' QoS in
 * qos.c, the IPoIB interfaces' in ipoib.c, the counters' in counters.c,
 * all written through format.c.
 * Documentation/exporter.md lists the families.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "metrics.h"

/* A gauge of the exporter itself, without labels. */
static void self(struct exp_out *o, const char *base, enum exp_kind k, const char *help,
		 double v)
{
	exp_family(o, base, k, help);
	exp_begin(o, base, k);
	exp_end_double(o->b, v);
}

static void exporter_metrics(struct exp_out *o, const struct exp_snapshot *s)
{
	uint64_t snapshots, scrapes[2], timeouts, loads, events, resyncs;
	bool loaded;

	pthread_mutex_lock(&exporter.snap_lock);
	snapshots = exporter.snapshots;
	scrapes[0] = exporter.scrapes[0];
	scrapes[1] = exporter.scrapes[1];
	timeouts = exporter.timeouts;
	pthread_mutex_unlock(&exporter.snap_lock);
	pthread_mutex_lock(&exporter.state_lock);
	loaded = exporter.module_loaded;
	loads = exporter.module_loads;
	events = exporter.events;
	resyncs = exporter.resyncs;
	pthread_mutex_unlock(&exporter.state_lock);

	exp_family(o, "rdma_exporter_build", EXP_INFO, "The exporter's version.");
	exp_begin(o, "rdma_exporter_build", EXP_INFO);
	exp_label(o->b, "version", RDMACTL_VERSION);
	exp_label(o->b, "librdmactl", rdmactl_version());
	exp_end_u64(o->b, 1);
	self(o, "rdma_exporter_module_loaded", EXP_GAUGE,
	     "1 when rdmactl.ko is loaded, 0 when it is not (nothing else is then exported).",
	     loaded);
	self(o, "rdma_exporter_module_loads", EXP_COUNTER,
	     "How many times rdmactl.ko was loaded again while the exporter ran.", loads);
	self(o, "rdma_exporter_snapshot_success", EXP_GAUGE,
	     "1 when the snapshot this scrape shows read every device, 0 when it failed or "
	     "devices changed while it read them.", !s->err && !s->incomplete);
	self(o, "rdma_exporter_scrape_duration_seconds", EXP_GAUGE,
	     "How long reading the devices took for the snapshot this scrape shows.", s->duration);
	self(o, "rdma_exporter_scrape_mads", EXP_GAUGE,
	     "PMA MADs the kernel sent for the snapshot this scrape shows.", s->mads);
	self(o, "rdma_exporter_snapshot_age_seconds", EXP_GAUGE,
	     "How old the snapshot this scrape shows is (--cache reuses one).",
	     exp_mono_now() - s->taken_ns / 1e9);
	self(o, "rdma_exporter_snapshots", EXP_COUNTER, "Snapshots of the devices taken.", snapshots);
	exp_family(o, "rdma_exporter_scrapes", EXP_COUNTER,
		   "Scrapes answered before this one, by format.");
	buf_printf(o->b, "rdma_exporter_scrapes_total{format=\"text\"} %" PRIu64 "\n", scrapes[0]);
	buf_printf(o->b, "rdma_exporter_scrapes_total{format=\"openmetrics\"} %" PRIu64 "\n",
		   scrapes[1]);
	self(o, "rdma_exporter_scrape_timeouts", EXP_COUNTER,
	     "Scrapes answered 503 because the devices were not read in time.", timeouts);
	self(o, "rdma_exporter_events", EXP_COUNTER, "Events received from rdmactl.ko.", events);
	self(o, "rdma_exporter_event_resyncs", EXP_COUNTER,
	     "Times events were lost and every port's state was read again.", resyncs);
}

static void device_metrics(struct exp_out *o, const struct exp_snapshot *s)
{
	char g[24], num[16];
	size_t i;

	exp_family(o, "rdma_device", EXP_INFO, "An RDMA device: driver, GUIDs, firmware, IDs.");
	for (i = 0; i < s->num_devs; i++) {
		const struct rdmactl_dev_info *d = &s->devs[i].info;

		if (s->devs[i].err == -ENODEV)
			continue;
		exp_begin(o, "rdma_device", EXP_INFO);
		exp_label(o->b, "device", d->name);
		exp_label(o->b, "driver", d->driver);
		exp_label(o->b, "node_type", rdmactl_node_type_name(d->node_type));
		exp_label(o->b, "node_guid", exp_guid(g, d->node_guid));
		exp_label(o->b, "sys_image_guid", exp_guid(g, d->sys_image_guid));
		exp_label(o->b, "firmware_version", d->fw_ver);
		snprintf(num, sizeof(num), "0x%x", d->vendor_id);
		exp_label(o->b, "vendor_id", num);
		snprintf(num, sizeof(num), "0x%x", d->vendor_part_id);
		exp_label(o->b, "vendor_part_id", num);
		snprintf(num, sizeof(num), "0x%x", d->hw_ver);
		exp_label(o->b, "hw_ver", num);
		exp_end_u64(o->b, 1);
	}
	exp_family(o, "rdma_device_scrape_success", EXP_GAUGE,
		   "1 when everything of the device was read, 0 when something failed (the log, or rdmactl stat show, says what).");
	for (i = 0; i < s->num_devs; i++) {
		if (s->devs[i].err == -ENODEV)
			continue;
		exp_begin(o, "rdma_device_scrape_success", EXP_GAUGE);
		exp_label(o->b, "device", s->devs[i].info.name);
		exp_end_u64(o->b, !s->devs[i].err && !s->devs[i].read_error);
	}
}

void exp_render(struct buf *b, const struct exp_snapshot *s, bool openmetrics)
{
	struct exp_out o = { .b = b, .om = openmetrics };

	/* About 3 KiB a port: grown once rather than copied at each doubling. */
	exp_reserve(b, 16384 + s->num_ports * 3200);
	exporter_metrics(&o, s);
	if (!s->err) {
		if (exp_make_labels(&o, s)) {
			device_metrics(&o, s);
			exp_port_metrics(&o, s);
			exp_qos_metrics(&o, s);
			exp_ipoib_metrics(&o, s);
			exp_counter_metrics(&o, s);
		} else {
			b->oom = true;
		}
		exp_free_labels(&o, s->num_ports + s->num_devs);
	}
	if (openmetrics)
		buf_printf(b, "# EOF\n");
}
