// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The writer of a scrape's text: Prometheus's text format 0.0.4, or
 * OpenMetrics 1.0 (whose counter and info families are named without the
 * _total and _info of their samples). Every family's samples are written
 * together, as both formats require: a family's HELP and TYPE, then its
 * samples, label by label or with labels escaped once per port.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"

const char *const exp_kind_suffix[] = { "_total", "", "_info" };

/* Room for n more bytes; false (and oom set) when there is none. */
bool exp_reserve(struct buf *b, size_t n)
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
void exp_sample(struct buf *b, const char *name, const char *suffix, const char *labels,
		uint64_t v)
{
	size_t nl = strlen(name), sl = strlen(suffix), ll = strlen(labels);
	char digits[20], *d = digits + sizeof(digits);
	char *p;

	do {
		*--d = '0' + v % 10;
		v /= 10;
	} while (v);
	if (!exp_reserve(b, nl + sl + ll + sizeof(digits) + 5))
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
void exp_family(struct exp_out *o, const char *base, enum exp_kind k, const char *help)
{
	static const char *const om_type[] = { "counter", "gauge", "info" };
	static const char *const text_type[] = { "counter", "gauge", "gauge" };

	if (o->om)
		buf_printf(o->b, "# HELP %s %s\n# TYPE %s %s\n", base, help, base, om_type[k]);
	else
		buf_printf(o->b, "# HELP %s%s %s\n# TYPE %s%s %s\n", base, exp_kind_suffix[k], help, base,
			   exp_kind_suffix[k], text_type[k]);
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

void exp_label(struct buf *b, const char *key, const char *v)
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

void exp_end_u64(struct buf *b, uint64_t v)
{
	end(b);
	buf_printf(b, "%" PRIu64 "\n", v);
}

void exp_end_double(struct buf *b, double v)
{
	end(b);
	buf_printf(b, "%.17g\n", v);
}

void exp_begin(struct exp_out *o, const char *base, enum exp_kind k)
{
	buf_printf(o->b, "%s%s{", base, exp_kind_suffix[k]);
}

void exp_port_labels(struct buf *b, const struct rdmactl_port_info *p, bool link_layer)
{
	exp_label(b, "device", p->dev_name);
	buf_printf(b, "port=\"%u\",", p->port);
	if (link_layer)
		exp_label(b, "link_layer", rdmactl_link_layer_name(p->link_layer));
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

void exp_free_labels(struct exp_out *o, size_t n)
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
bool exp_make_labels(struct exp_out *o, const struct exp_snapshot *s)
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

const char *exp_guid(char *out, uint64_t g)
{
	sprintf(out, "%04x:%04x:%04x:%04x", (unsigned int)(g >> 48) & 0xffff,
		(unsigned int)(g >> 32) & 0xffff, (unsigned int)(g >> 16) & 0xffff,
		(unsigned int)g & 0xffff);
	return out;
}
