// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The counters' families. Each counter of each snapshot is an entry;
 * entries are grouped by metric name (a hash table of families) so that
 * each family is written once, with every port's sample. Then how each
 * family counts (rdma_metric), and the counters that saturated.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "names.h"

struct centry {
	uint32_t fam;
	uint32_t at;				/* in exp_out.labels */
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

/* Every counter of a snapshot, grouped by family. */
struct counters {
	struct ctab t;
	struct centry *e;			/* in the order of the ports */
	size_t n, cap;
	struct centry *sorted;			/* by family, each in the ports' order */
};

/* Every counter of every device and its ports; false without memory. */
static bool collect(struct counters *cs, const struct exp_snapshot *s)
{
	size_t i, j;

	for (i = 0; i < s->num_devs; i++) {
		const struct exp_dev *d = &s->devs[i];

		if (d->err == -ENODEV)
			continue;
		if (d->stat && !add_stat(&cs->t, &cs->e, &cs->n, &cs->cap, d->stat, d, NULL,
					 s->num_ports + i))
			return false;
		for (j = 0; j < d->num_ports; j++) {
			const struct exp_port *p = &s->ports[d->first_port + j];

			if (p->stat && !add_stat(&cs->t, &cs->e, &cs->n, &cs->cap, p->stat, d,
						 &p->info, d->first_port + j))
				return false;
		}
	}
	return true;
}

/* Group the entries by family, keeping the ports' order; false without memory. */
static bool group(struct counters *cs)
{
	struct ctab *t = &cs->t;
	uint32_t f, at;
	size_t i;

	cs->sorted = malloc((cs->n ? cs->n : 1) * sizeof(*cs->sorted));
	if (!cs->sorted)
		return false;
	for (f = 0, at = 0; f < t->num; f++) {
		t->fams[f].start = at;
		at += t->fams[f].n;
		t->fams[f].n = 0;
	}
	for (i = 0; i < cs->n; i++) {
		struct cfam *cf = &t->fams[cs->e[i].fam];

		cs->sorted[cf->start + cf->n++] = cs->e[i];
	}
	return true;
}

static void write_samples(struct exp_out *o, const struct counters *cs)
{
	char help[160];
	uint32_t f;
	size_t i;

	for (f = 0; f < cs->t.num; f++) {
		const struct cfam *cf = &cs->t.fams[f];

		exp_counter_help(help, sizeof(help), cf->name, cf->first);
		exp_family(o, cf->name, EXP_COUNTER, help);
		for (i = cf->start; i < cf->start + cf->n; i++) {
			const struct centry *ce = &cs->sorted[i];
			const struct rdmactl_counter *c = ce->c;

			exp_sample(o->b, cf->name, "_total", o->labels[!cf->node][ce->at],
				   c->unit == RDMACTL_UNIT_OCTETS_4 ? c->bytes : c->value);
		}
	}
}

/* A family's rdma_metric samples: one per kind of counter in it. */
static void write_kinds(struct exp_out *o, const struct counters *cs, const struct cfam *cf)
{
	/* The kinds written: a family has one or two (extended, basic PMA). */
	const struct rdmactl_counter *kinds[8];
	size_t num_kinds = 0, i, j;

	for (i = cf->start; i < cf->start + cf->n; i++) {
		const struct rdmactl_counter *c = cs->sorted[i].c;
		bool seen = false;
		char width[8];

		for (j = 0; j < num_kinds && !seen; j++)
			seen = kinds[j]->width == c->width && kinds[j]->flags == c->flags &&
			       kinds[j]->source == c->source && !strcmp(kinds[j]->name, c->name);
		if (seen || num_kinds == sizeof(kinds) / sizeof(kinds[0]))
			continue;
		kinds[num_kinds++] = c;
		exp_begin(o, "rdma_metric", EXP_INFO);
		buf_printf(o->b, "metric=\"%s_total\",", cf->name);
		exp_label(o->b, "counter", c->name);
		exp_label(o->b, "source", rdmactl_counter_source_name(c->source));
		exp_label(o->b, "unit", c->unit == RDMACTL_UNIT_OCTETS_4 ? "bytes" :
					rdmactl_counter_unit_name(c->unit));
		snprintf(width, sizeof(width), "%u", c->width);
		exp_label(o->b, "width", width);
		exp_label(o->b, "overflow", c->flags & RDMACTL_COUNTER_F_SATURATES ? "saturates" :
					    c->flags & RDMACTL_COUNTER_F_WRAPS ? "wraps" : "");
		exp_end_u64(o->b, 1);
	}
}

static void write_saturated(struct exp_out *o, const struct counters *cs)
{
	bool any = false;
	size_t i;

	for (i = 0; i < cs->n; i++) {
		const struct centry *ce = &cs->sorted[i];

		if (!saturated(ce->c))
			continue;
		if (!any)
			exp_family(o, "rdma_metric_saturated", EXP_GAUGE,
				   "A counter at its maximum: it counts no more until reset (rdmactl stat reset hw).");
		any = true;
		exp_begin(o, "rdma_metric_saturated", EXP_GAUGE);
		buf_printf(o->b, "metric=\"%s_total\",", cs->t.fams[ce->fam].name);
		exp_label(o->b, "device", ce->dev->info.name);
		buf_printf(o->b, "port=\"%u\",", ce->port ? ce->port->port : 0);
		exp_end_u64(o->b, 1);
	}
}

void exp_counter_metrics(struct exp_out *o, const struct exp_snapshot *s)
{
	struct counters cs = { 0 };
	uint32_t f;

	if (collect(&cs, s) && group(&cs)) {
		write_samples(o, &cs);
		/* Width and behaviour, once per family (per kind of port, if they differ). */
		exp_family(o, "rdma_metric", EXP_INFO,
			   "How a counter family counts: source, unit, width in bits, saturates or wraps.");
		for (f = 0; f < cs.t.num; f++)
			write_kinds(o, &cs, &cs.t.fams[f]);
		write_saturated(o, &cs);
	} else {
		o->b->oom = true;
	}
	free(cs.sorted);
	free(cs.e);
	free(cs.t.fams);
	free(cs.t.slots);
}
