// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The text of a scrape: Prometheus's text format 0.0.4, or OpenMetrics
 * 1.0 (whose counter and info families are named without the _total and
 * _info of their samples, and which ends with "# EOF"). Every family's
 * samples are written together, as both formats require.
 * Documentation/exporter.md lists the families.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exporter.h"
#include "names.h"

enum kind { COUNTER, GAUGE, INFO };

struct out {
	struct buf *b;
	bool om;
	/*
	 * Each port's labels, escaped once: [1] device, port and link_layer;
	 * [0] device and port (node_exporter's names). Then each device's own
	 * (port "0"), after the ports.
	 */
	char **labels[2];
};

static const char *const kind_suffix[] = { "_total", "", "_info" };

/* Room for n more bytes; false (and oom set) when there is none. */
static bool reserve(struct buf *b, size_t n)
{
	size_t cap = b->cap ? b->cap : 65536;
	char *p;

	if (b->oom)
		return false;
	if (b->len + n < b->cap)
		return true;
	while (cap <= b->len + n)
		cap *= 2;
	p = realloc(b->p, cap);
	if (!p) {
		b->oom = true;
		return false;
	}
	b->p = p;
	b->cap = cap;
	return true;
}

/*
 * One sample, NAME{LABELS} V, without printf: a scrape of a thousand
 * ports is tens of thousands of them.
 */
static void sample(struct buf *b, const char *name, const char *suffix, const char *labels,
		   uint64_t v)
{
	size_t nl = strlen(name), sl = strlen(suffix), ll = strlen(labels);
	char digits[20], *d = digits + sizeof(digits);
	char *p;

	do {
		*--d = '0' + v % 10;
		v /= 10;
	} while (v);
	if (!reserve(b, nl + sl + ll + sizeof(digits) + 5))
		return;
	p = b->p + b->len;
	memcpy(p, name, nl);
	p += nl;
	memcpy(p, suffix, sl);
	p += sl;
	*p++ = '{';
	memcpy(p, labels, ll);
	p += ll;
	*p++ = '}';
	*p++ = ' ';
	memcpy(p, d, digits + sizeof(digits) - d);
	p += digits + sizeof(digits) - d;
	*p++ = '\n';
	b->len = p - b->p;
}

/* A family's HELP and TYPE; its samples are named base + kind's suffix. */
static void family(struct out *o, const char *base, enum kind k, const char *help)
{
	static const char *const om_type[] = { "counter", "gauge", "info" };
	static const char *const text_type[] = { "counter", "gauge", "gauge" };

	if (o->om)
		buf_printf(o->b, "# HELP %s %s\n# TYPE %s %s\n", base, help, base, om_type[k]);
	else
		buf_printf(o->b, "# HELP %s%s %s\n# TYPE %s%s %s\n", base, kind_suffix[k], help, base,
			   kind_suffix[k], text_type[k]);
}

/* A label value: backslash, double quote and newline escaped. */
static void value(struct buf *b, const char *s)
{
	const char *run = s;

	for (; *s; s++) {
		const char *esc = *s == '\\' ? "\\\\" : *s == '"' ? "\\\"" : *s == '\n' ? "\\n" : NULL;

		if (!esc)
			continue;
		buf_printf(b, "%.*s%s", (int)(s - run), run, esc);
		run = s + 1;
	}
	buf_printf(b, "%s", run);
}

static void label(struct buf *b, const char *key, const char *v)
{
	buf_printf(b, "%s=\"", key);
	value(b, v);
	buf_printf(b, "\",");
}

/* Close a sample's labels (dropping the last comma, or "{}") and write v. */
static void end(struct buf *b)
{
	if (b->oom || !b->len)
		return;
	if (b->p[b->len - 1] == '{') {
		b->len--;
		buf_printf(b, " ");
		return;
	}
	if (b->p[b->len - 1] == ',')
		b->len--;
	buf_printf(b, "} ");
}

static void end_u64(struct buf *b, uint64_t v)
{
	end(b);
	buf_printf(b, "%" PRIu64 "\n", v);
}

static void end_double(struct buf *b, double v)
{
	end(b);
	buf_printf(b, "%.17g\n", v);
}

static void begin(struct out *o, const char *base, enum kind k)
{
	buf_printf(o->b, "%s%s{", base, kind_suffix[k]);
}

static void port_labels(struct buf *b, const struct rdmactl_port_info *p, bool link_layer)
{
	label(b, "device", p->dev_name);
	buf_printf(b, "port=\"%u\",", p->port);
	if (link_layer)
		label(b, "link_layer", rdmactl_link_layer_name(p->link_layer));
}

/* A port's (or with port 0, a device's) labels as one escaped string. */
static char *label_string(const char *dev, uint32_t port, const char *link_layer)
{
	/* Names escape to at most twice their length. */
	char s[2 * RDMACTL_DEV_NAME_MAX + 64], *p = s;
	const char *ll = link_layer ? link_layer : "";

	p += sprintf(p, "device=\"");
	for (; *dev; dev++) {
		if (*dev == '\\' || *dev == '"' || *dev == '\n')
			*p++ = '\\';
		*p++ = *dev == '\n' ? 'n' : *dev;
	}
	p += sprintf(p, "\",port=\"%u\"", port);
	if (link_layer)
		sprintf(p, ",link_layer=\"%s\"", ll);
	return strdup(s);
}

static void free_labels(struct out *o, size_t n)
{
	size_t i, k;

	for (k = 0; k < 2; k++) {
		for (i = 0; o->labels[k] && i < n; i++)
			free(o->labels[k][i]);
		free(o->labels[k]);
		o->labels[k] = NULL;
	}
}

/* Every port's and device's label strings; false without memory. */
static bool make_labels(struct out *o, const struct exp_snapshot *s)
{
	size_t n = s->num_ports + s->num_devs, i, k;

	for (k = 0; k < 2; k++) {
		o->labels[k] = calloc(n ? n : 1, sizeof(char *));
		if (!o->labels[k])
			return false;
		for (i = 0; i < s->num_ports; i++) {
			const struct rdmactl_port_info *p = &s->ports[i].info;

			o->labels[k][i] = label_string(p->dev_name, p->port,
						       k ? rdmactl_link_layer_name(p->link_layer) : NULL);
			if (!o->labels[k][i])
				return false;
		}
		for (i = 0; i < s->num_devs; i++) {
			o->labels[k][s->num_ports + i] = label_string(s->devs[i].info.name, 0, NULL);
			if (!o->labels[k][s->num_ports + i])
				return false;
		}
	}
	return true;
}

/* A gauge of the exporter itself, without labels. */
static void self(struct out *o, const char *base, enum kind k, const char *help, double v)
{
	family(o, base, k, help);
	begin(o, base, k);
	end_double(o->b, v);
}

static void exporter_metrics(struct out *o, const struct exp_snapshot *s)
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

	family(o, "rdma_exporter_build", INFO, "The exporter's version.");
	begin(o, "rdma_exporter_build", INFO);
	label(o->b, "version", RDMACTL_VERSION);
	label(o->b, "librdmactl", rdmactl_version());
	end_u64(o->b, 1);
	self(o, "rdma_exporter_module_loaded", GAUGE,
	     "1 when rdmactl.ko is loaded, 0 when it is not (nothing else is then exported).",
	     loaded);
	self(o, "rdma_exporter_module_loads", COUNTER,
	     "How many times rdmactl.ko was loaded again while the exporter ran.", loads);
	self(o, "rdma_exporter_snapshot_success", GAUGE,
	     "1 when the snapshot this scrape shows read every device, 0 when it failed or "
	     "devices changed while it read them.", !s->err && !s->incomplete);
	self(o, "rdma_exporter_scrape_duration_seconds", GAUGE,
	     "How long reading the devices took for the snapshot this scrape shows.", s->duration);
	self(o, "rdma_exporter_scrape_mads", GAUGE,
	     "PMA MADs the kernel sent for the snapshot this scrape shows.", s->mads);
	self(o, "rdma_exporter_snapshot_age_seconds", GAUGE,
	     "How old the snapshot this scrape shows is (--cache reuses one).",
	     exp_mono_now() - s->taken_ns / 1e9);
	self(o, "rdma_exporter_snapshots", COUNTER, "Snapshots of the devices taken.", snapshots);
	family(o, "rdma_exporter_scrapes", COUNTER, "Scrapes answered before this one, by format.");
	buf_printf(o->b, "rdma_exporter_scrapes_total{format=\"text\"} %" PRIu64 "\n", scrapes[0]);
	buf_printf(o->b, "rdma_exporter_scrapes_total{format=\"openmetrics\"} %" PRIu64 "\n",
		   scrapes[1]);
	self(o, "rdma_exporter_scrape_timeouts", COUNTER,
	     "Scrapes answered 503 because the devices were not read in time.", timeouts);
	self(o, "rdma_exporter_events", COUNTER, "Events received from rdmactl.ko.", events);
	self(o, "rdma_exporter_event_resyncs", COUNTER,
	     "Times events were lost and every port's state was read again.", resyncs);
}

static const char *guid(char *out, uint64_t g)
{
	sprintf(out, "%04x:%04x:%04x:%04x", (unsigned int)(g >> 48) & 0xffff,
		(unsigned int)(g >> 32) & 0xffff, (unsigned int)(g >> 16) & 0xffff,
		(unsigned int)g & 0xffff);
	return out;
}

static void device_metrics(struct out *o, const struct exp_snapshot *s)
{
	char g[24], num[16];
	size_t i;

	family(o, "rdma_device", INFO, "An RDMA device: driver, GUIDs, firmware, IDs.");
	for (i = 0; i < s->num_devs; i++) {
		const struct rdmactl_dev_info *d = &s->devs[i].info;

		if (s->devs[i].err == -ENODEV)
			continue;
		begin(o, "rdma_device", INFO);
		label(o->b, "device", d->name);
		label(o->b, "driver", d->driver);
		label(o->b, "node_type", rdmactl_node_type_name(d->node_type));
		label(o->b, "node_guid", guid(g, d->node_guid));
		label(o->b, "sys_image_guid", guid(g, d->sys_image_guid));
		label(o->b, "firmware_version", d->fw_ver);
		snprintf(num, sizeof(num), "0x%x", d->vendor_id);
		label(o->b, "vendor_id", num);
		snprintf(num, sizeof(num), "0x%x", d->vendor_part_id);
		label(o->b, "vendor_part_id", num);
		snprintf(num, sizeof(num), "0x%x", d->hw_ver);
		label(o->b, "hw_ver", num);
		end_u64(o->b, 1);
	}
	family(o, "rdma_device_scrape_success", GAUGE,
	       "1 when everything of the device was read, 0 when something failed (the log, or rdmactl stat show, says what).");
	for (i = 0; i < s->num_devs; i++) {
		if (s->devs[i].err == -ENODEV)
			continue;
		begin(o, "rdma_device_scrape_success", GAUGE);
		label(o->b, "device", s->devs[i].info.name);
		end_u64(o->b, !s->devs[i].err && !s->devs[i].read_error);
	}
}

static int pstate_cmp(const void *a, const void *b)
{
	const struct exp_pstate *x = a, *y = b;

	if (x->dev_index != y->dev_index)
		return x->dev_index < y->dev_index ? -1 : 1;
	return x->port < y->port ? -1 : x->port > y->port;
}

/* The events' states, sorted for lookups; NULL when there are none. */
static struct exp_pstate *states(size_t *n)
{
	struct exp_pstate *st = NULL;

	pthread_mutex_lock(&exporter.state_lock);
	*n = exporter.num_ports;
	if (*n) {
		st = malloc(*n * sizeof(*st));
		if (st)
			memcpy(st, exporter.ports, *n * sizeof(*st));
	}
	pthread_mutex_unlock(&exporter.state_lock);
	if (!st)
		*n = 0;
	else
		qsort(st, *n, sizeof(*st), pstate_cmp);
	return st;
}

static const struct exp_pstate *state_of(const struct exp_pstate *st, size_t n,
					 const struct rdmactl_port_info *p)
{
	struct exp_pstate key = { .dev_index = p->dev_index, .port = p->port };

	return n ? bsearch(&key, st, n, sizeof(*st), pstate_cmp) : NULL;
}

/* Per-port gauges, each family over every port that has the value. */
enum pfield {
	P_STATE, P_PHYS, P_CHANGES, P_LAST_CHANGE, P_RATE, P_WIDTH, P_MTU, P_MAX_MTU,
	P_LID, P_SM_LID, P_LMC, P_ROCE_MODE, P_ROCE_TOS, P_PMA, P_NUM
};

static const struct {
	const char *rdma, *node;		/* node: --node-exporter-names */
	enum kind kind;
	const char *help;
} pfields[P_NUM] = {
	[P_STATE] = { "rdma_port_state", "node_infiniband_state_id", GAUGE,
		      "Port state: 1 DOWN, 2 INIT, 3 ARMED, 4 ACTIVE, 5 ACTIVE_DEFER (kept by events)." },
	[P_PHYS] = { "rdma_port_physical_state", "node_infiniband_physical_state_id", GAUGE,
		     "Physical state: 1 Sleep, 2 Polling, 3 Disabled, 4 PortConfigurationTraining, 5 LinkUp, 6 LinkErrorRecovery, 7 PhyTest." },
	[P_CHANGES] = { "rdma_port_state_changes", NULL, COUNTER,
			"Port state changes (PORT_ACTIVE and PORT_ERR events) since the exporter started." },
	[P_LAST_CHANGE] = { "rdma_port_last_state_change_seconds", NULL, GAUGE,
			    "Unix time of the port's last state change seen." },
	[P_RATE] = { "rdma_port_rate_bytes_per_second", "node_infiniband_rate_bytes_per_second", GAUGE,
		     "The link's data rate, width times lane speed." },
	[P_WIDTH] = { "rdma_port_width_lanes", NULL, GAUGE, "Active link width in lanes." },
	[P_MTU] = { "rdma_port_mtu_bytes", NULL, GAUGE, "Active MTU." },
	[P_MAX_MTU] = { "rdma_port_max_mtu_bytes", NULL, GAUGE, "Largest MTU the port supports." },
	[P_LID] = { "rdma_port_lid", NULL, GAUGE, "The port's base LID (InfiniBand)." },
	[P_SM_LID] = { "rdma_port_sm_lid", NULL, GAUGE,
		       "The subnet manager's LID; 0: no subnet manager (InfiniBand)." },
	[P_LMC] = { "rdma_port_lmc", NULL, GAUGE, "The port's LID mask control (InfiniBand)." },
	[P_ROCE_MODE] = { "rdma_port_roce_mode", NULL, GAUGE,
			  "rdma_cm's default RoCE version on the port: 1 or 2." },
	[P_ROCE_TOS] = { "rdma_port_roce_tos", NULL, GAUGE, "rdma_cm's default ToS on the port." },
	[P_PMA] = { "rdma_port_pma_counters", NULL, GAUGE,
		    "InfiniBand: 1 when the snapshot has the port's PMA counters, 0 when its PMA did not answer (the driver's are exported either way)." },
};

/* The value of field f of port p, false when it has none. */
static bool pvalue(enum pfield f, const struct exp_port *p, const struct exp_pstate *st,
		   uint64_t *v)
{
	const struct rdmactl_port_info *i = &p->info;
	bool ib = i->present & RDMACTL_PORT_HAS_IB;

	switch (f) {
	case P_STATE:
		*v = st ? st->state : i->state;
		return true;
	case P_PHYS:
		*v = st ? st->phys_state : i->phys_state;
		return i->phys_state || (st && st->phys_state);
	case P_CHANGES:
		*v = st ? st->changes : 0;
		return st;
	case P_RATE:
		*v = i->rate_mbps * 125000ull;
		return i->present & RDMACTL_PORT_HAS_RATE;
	case P_WIDTH:
		*v = i->active_width;
		return i->present & RDMACTL_PORT_HAS_WIDTH;
	case P_MTU:
		*v = i->active_mtu;
		return i->present & RDMACTL_PORT_HAS_ACTIVE_MTU;
	case P_MAX_MTU:
		*v = i->max_mtu;
		return i->present & RDMACTL_PORT_HAS_MAX_MTU;
	case P_LID:
		*v = i->lid;
		return ib;
	case P_SM_LID:
		*v = i->sm_lid;
		return ib;
	case P_LMC:
		*v = i->lmc;
		return ib;
	case P_ROCE_MODE:
		*v = p->roce.mode == RDMACTL_GID_TYPE_ROCE_V1 ? 1 : 2;
		return p->has_roce && (p->roce.present & RDMACTL_ROCE_HAS_CURRENT);
	case P_ROCE_TOS:
		*v = p->roce.tos;
		return p->has_roce && (p->roce.present & RDMACTL_ROCE_HAS_CURRENT);
	case P_PMA:
		/* Every IB port has a PMA (IBTA); RoCE drivers may have none. */
		*v = p->stat && p->stat->pma_set;
		return ib && p->stat;
	default:
		return false;
	}
}

static void port_metrics(struct out *o, const struct exp_snapshot *s)
{
	static const char *const gid_types[] = {
		[RDMACTL_GID_TYPE_IB] = "ib", [RDMACTL_GID_TYPE_ROCE_V1] = "v1",
		[RDMACTL_GID_TYPE_ROCE_V2] = "v2", [RDMACTL_GID_TYPE_IWARP] = "iwarp",
	};
	size_t nst, i, f, t;
	struct exp_pstate *st = states(&nst);
	char g[24];

	family(o, "rdma_port", INFO, "An RDMA port: link layer, netdev, GUID, lane speed.");
	for (i = 0; i < s->num_ports; i++) {
		const struct rdmactl_port_info *p = &s->ports[i].info;

		begin(o, "rdma_port", INFO);
		port_labels(o->b, p, true);
		label(o->b, "netdev", p->present & RDMACTL_PORT_HAS_NETDEV ? p->netdev_name : "");
		label(o->b, "port_guid", p->present & RDMACTL_PORT_HAS_GUID ? guid(g, p->port_guid) : "");
		label(o->b, "speed", rdmactl_port_speed_name(p->active_speed));
		end_u64(o->b, 1);
	}
	for (f = 0; f < P_NUM; f++) {
		const char *name = pfields[f].rdma;
		bool node = false;
		bool any = false;
		uint64_t v;

		if (exporter.opt.node_exporter_names && pfields[f].node) {
			name = pfields[f].node;
			node = true;
		}
		for (i = 0; i < s->num_ports; i++) {
			const struct exp_port *p = &s->ports[i];
			const struct exp_pstate *ps = state_of(st, nst, &p->info);

			if (f == P_LAST_CHANGE) {
				/* The one real number: a Unix time. */
				if (!ps || !ps->last_change)
					continue;
				if (!any)
					family(o, name, pfields[f].kind, pfields[f].help);
				any = true;
				begin(o, name, pfields[f].kind);
				port_labels(o->b, &p->info, true);
				end_double(o->b, ps->last_change);
				continue;
			}
			if (!pvalue(f, p, ps, &v))
				continue;
			if (!any)
				family(o, name, pfields[f].kind, pfields[f].help);
			any = true;
			sample(o->b, name, kind_suffix[pfields[f].kind], o->labels[!node][i], v);
		}
	}
	free(st);

	family(o, "rdma_port_gids", GAUGE, "Entries of the port's GID table, by type.");
	for (i = 0; i < s->num_ports; i++) {
		for (t = 1; t < sizeof(gid_types) / sizeof(gid_types[0]); t++) {
			if (!s->ports[i].gids[t])
				continue;
			begin(o, "rdma_port_gids", GAUGE);
			port_labels(o->b, &s->ports[i].info, true);
			label(o->b, "type", gid_types[t]);
			end_u64(o->b, s->ports[i].gids[t]);
		}
	}
}

static void ipoib_metrics(struct out *o, const struct exp_snapshot *s)
{
	char pkey[8];
	size_t i;

	if (!s->num_ipoib)
		return;
	family(o, "rdma_ipoib", INFO, "An IPoIB interface: its port, P_Key and mode.");
	for (i = 0; i < s->num_ipoib; i++) {
		const struct rdmactl_ipoib_info *ib = &s->ipoib[i];

		begin(o, "rdma_ipoib", INFO);
		label(o->b, "device", ib->dev_name);
		buf_printf(o->b, "port=\"%u\",", ib->port);
		label(o->b, "interface", ib->ifname);
		snprintf(pkey, sizeof(pkey), "0x%04x", ib->pkey);
		label(o->b, "pkey", pkey);
		label(o->b, "mode", rdmactl_ipoib_mode_name(ib->mode));
		end_u64(o->b, 1);
	}
	family(o, "rdma_ipoib_mtu_bytes", GAUGE, "The IPoIB interface's MTU.");
	for (i = 0; i < s->num_ipoib; i++) {
		begin(o, "rdma_ipoib_mtu_bytes", GAUGE);
		label(o->b, "device", s->ipoib[i].dev_name);
		buf_printf(o->b, "port=\"%u\",", s->ipoib[i].port);
		label(o->b, "interface", s->ipoib[i].ifname);
		end_u64(o->b, s->ipoib[i].mtu);
	}
}

/*
 * Counters. Each counter of each snapshot is an entry; entries are grouped
 * by metric name (a hash table of families) so that each family is written
 * once, with every port's sample.
 */
struct centry {
	uint32_t fam;
	uint32_t at;				/* in out.labels */
	const struct rdmactl_port_info *port;	/* NULL: the device's own */
	const struct exp_dev *dev;
	const struct rdmactl_counter *c;
};

struct cfam {
	char name[128];
	const struct rdmactl_counter *first;
	bool node;				/* a node_exporter name: labels device, port */
	uint32_t n, start;
};

#define CTAB_LAST 256

struct ctab {
	struct cfam *fams;
	uint32_t num, cap;
	uint32_t *slots;			/* fam + 1, 0: empty */
	uint32_t nslots;
	/*
	 * The previous snapshot's counters by position, and their families:
	 * ports of one driver list the same counters in the same order, so
	 * most counters are found here with one strcmp.
	 */
	struct {
		const char *name, *driver;
		uint8_t source, unit;
		uint32_t fam;
	} last[CTAB_LAST];
};

static uint32_t hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (uint8_t)*s++) * 16777619u;
	return h;
}

static bool ctab_grow(struct ctab *t)
{
	uint32_t n = t->nslots ? t->nslots * 2 : 256, i, j;
	uint32_t *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return false;
	for (i = 0; i < t->num; i++) {
		for (j = hash(t->fams[i].name) & (n - 1); slots[j]; j = (j + 1) & (n - 1))
			;
		slots[j] = i + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->nslots = n;
	return true;
}

/* The family of that name, added if new; -1 without memory. */
static int64_t ctab_find(struct ctab *t, const char *name)
{
	uint32_t j;

	if (2 * (t->num + 1) > t->nslots && !ctab_grow(t))
		return -1;
	for (j = hash(name) & (t->nslots - 1); t->slots[j]; j = (j + 1) & (t->nslots - 1))
		if (!strcmp(t->fams[t->slots[j] - 1].name, name))
			return t->slots[j] - 1;
	if (t->num == t->cap) {
		uint32_t cap = t->cap ? t->cap * 2 : 64;
		struct cfam *f = reallocarray(t->fams, cap, sizeof(*f));

		if (!f)
			return -1;
		t->fams = f;
		t->cap = cap;
	}
	memset(&t->fams[t->num], 0, sizeof(t->fams[t->num]));
	snprintf(t->fams[t->num].name, sizeof(t->fams[t->num].name), "%s", name);
	t->slots[j] = t->num + 1;
	return t->num++;
}

static bool add_stat(struct ctab *t, struct centry **e, size_t *n, size_t *cap,
		     const struct rdmactl_stat *stat, const struct exp_dev *dev,
		     const struct rdmactl_port_info *port, uint32_t at)
{
	char name[128];
	size_t i;

	for (i = 0; i < stat->num_counters; i++) {
		const struct rdmactl_counter *c = &stat->counters[i];
		bool node = false;
		int64_t f = -1;

		if (i < CTAB_LAST && t->last[i].name && t->last[i].source == c->source &&
		    t->last[i].unit == c->unit && !strcmp(t->last[i].name, c->name) &&
		    !strcmp(t->last[i].driver, dev->info.driver))
			f = t->last[i].fam;
		if (f < 0) {
			node = exp_counter_name(name, sizeof(name), c, dev->info.driver,
						exporter.opt.node_exporter_names);
			f = ctab_find(t, name);
			if (f < 0)
				return false;
			if (i < CTAB_LAST) {
				t->last[i].name = c->name;
				t->last[i].driver = dev->info.driver;
				t->last[i].source = c->source;
				t->last[i].unit = c->unit;
				t->last[i].fam = f;
			}
		}
		if (*n == *cap) {
			size_t nc = *cap ? *cap * 2 : 1024;
			struct centry *ne = reallocarray(*e, nc, sizeof(**e));

			if (!ne)
				return false;
			*e = ne;
			*cap = nc;
		}
		if (!t->fams[f].first) {
			t->fams[f].first = c;
			t->fams[f].node = node;
		}
		t->fams[f].n++;
		(*e)[(*n)++] = (struct centry){ .fam = f, .at = at, .port = port, .dev = dev, .c = c };
	}
	return true;
}

static bool saturated(const struct rdmactl_counter *c)
{
	return (c->flags & RDMACTL_COUNTER_F_SATURATES) && c->width && c->width < 64 &&
	       c->value == (1ull << c->width) - 1;
}

static void counter_metrics(struct out *o, const struct exp_snapshot *s)
{
	struct ctab t = { 0 };
	struct centry *e = NULL, *sorted = NULL;
	size_t n = 0, cap = 0, i, j;
	bool any = false;
	char help[160];
	uint32_t f, at;

	for (i = 0; i < s->num_devs; i++) {
		const struct exp_dev *d = &s->devs[i];

		if (d->err == -ENODEV)
			continue;
		if (d->stat && !add_stat(&t, &e, &n, &cap, d->stat, d, NULL, s->num_ports + i))
			goto oom;
		for (j = 0; j < d->num_ports; j++) {
			const struct exp_port *p = &s->ports[d->first_port + j];

			if (p->stat && !add_stat(&t, &e, &n, &cap, p->stat, d, &p->info,
						 d->first_port + j))
				goto oom;
		}
	}
	/* Group the entries by family, keeping the ports' order. */
	sorted = malloc((n ? n : 1) * sizeof(*sorted));
	if (!sorted)
		goto oom;
	for (f = 0, at = 0; f < t.num; f++) {
		t.fams[f].start = at;
		at += t.fams[f].n;
		t.fams[f].n = 0;
	}
	for (i = 0; i < n; i++) {
		struct cfam *cf = &t.fams[e[i].fam];

		sorted[cf->start + cf->n++] = e[i];
	}

	for (f = 0; f < t.num; f++) {
		const struct cfam *cf = &t.fams[f];

		exp_counter_help(help, sizeof(help), cf->name, cf->first);
		family(o, cf->name, COUNTER, help);
		for (i = cf->start; i < cf->start + cf->n; i++) {
			const struct centry *ce = &sorted[i];
			const struct rdmactl_counter *c = ce->c;

			sample(o->b, cf->name, "_total", o->labels[!cf->node][ce->at],
			       c->unit == RDMACTL_UNIT_OCTETS_4 ? c->bytes : c->value);
		}
	}

	/* Width and behaviour, once per family (per kind of port, if they differ). */
	family(o, "rdma_metric", INFO,
	       "How a counter family counts: source, unit, width in bits, saturates or wraps.");
	for (f = 0; f < t.num; f++) {
		const struct cfam *cf = &t.fams[f];
		/* The kinds written: a family has one or two (extended, basic PMA). */
		const struct rdmactl_counter *kinds[8];
		size_t num_kinds = 0;

		for (i = cf->start; i < cf->start + cf->n; i++) {
			const struct rdmactl_counter *c = sorted[i].c;
			bool seen = false;
			char width[8];

			for (j = 0; j < num_kinds && !seen; j++)
				seen = kinds[j]->width == c->width && kinds[j]->flags == c->flags &&
				       kinds[j]->source == c->source && !strcmp(kinds[j]->name, c->name);
			if (seen || num_kinds == sizeof(kinds) / sizeof(kinds[0]))
				continue;
			kinds[num_kinds++] = c;
			begin(o, "rdma_metric", INFO);
			buf_printf(o->b, "metric=\"%s_total\",", cf->name);
			label(o->b, "counter", c->name);
			label(o->b, "source", rdmactl_counter_source_name(c->source));
			label(o->b, "unit", c->unit == RDMACTL_UNIT_OCTETS_4 ? "bytes" :
					    rdmactl_counter_unit_name(c->unit));
			snprintf(width, sizeof(width), "%u", c->width);
			label(o->b, "width", width);
			label(o->b, "overflow", c->flags & RDMACTL_COUNTER_F_SATURATES ? "saturates" :
						c->flags & RDMACTL_COUNTER_F_WRAPS ? "wraps" : "");
			end_u64(o->b, 1);
		}
	}

	for (i = 0; i < n; i++) {
		if (!saturated(sorted[i].c))
			continue;
		if (!any)
			family(o, "rdma_metric_saturated", GAUGE,
			       "A counter at its maximum: it counts no more until reset (rdmactl stat reset hw).");
		any = true;
		begin(o, "rdma_metric_saturated", GAUGE);
		buf_printf(o->b, "metric=\"%s_total\",", t.fams[sorted[i].fam].name);
		label(o->b, "device", sorted[i].dev->info.name);
		buf_printf(o->b, "port=\"%u\",", sorted[i].port ? sorted[i].port->port : 0);
		end_u64(o->b, 1);
	}
	goto out;
oom:
	o->b->oom = true;
out:
	free(sorted);
	free(e);
	free(t.fams);
	free(t.slots);
}

void exp_render(struct buf *b, const struct exp_snapshot *s, bool openmetrics)
{
	struct out o = { .b = b, .om = openmetrics };

	/* About 3 KiB a port: grown once rather than copied at each doubling. */
	reserve(b, 16384 + s->num_ports * 3200);
	exporter_metrics(&o, s);
	if (!s->err) {
		if (make_labels(&o, s)) {
			device_metrics(&o, s);
			port_metrics(&o, s);
			ipoib_metrics(&o, s);
			counter_metrics(&o, s);
		} else {
			b->oom = true;
		}
		free_labels(&o, s->num_ports + s->num_devs);
	}
	if (openmetrics)
		buf_printf(b, "# EOF\n");
}
