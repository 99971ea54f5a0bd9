/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * For the suites of rdmactl check's rules (tools/check-*.c), linked
 * without the CLI: its one vector push, and lookups of a run's findings
 * and their evidence.
 */
#ifndef RDMACTL_TEST_FINDINGS_H
#define RDMACTL_TEST_FINDINGS_H

#include <stdlib.h>
#include <string.h>

#include "../../tools/check.h"

/* tools/rdmactl.c's, which the tests do not link. */
int cli_vec_push(struct cli_vec *v, const void *item)
{
	void *items = realloc(v->items, (v->n + 1) * v->size);

	if (!items)
		return -1;
	v->items = items;
	memcpy((char *)items + v->n++ * v->size, item, v->size);
	return 0;
}

static inline const struct chk_finding *find(const struct chk_run *r, const char *id)
{
	const struct chk_finding *f = r->findings.items;
	size_t i;

	for (i = 0; i < r->findings.n; i++)
		if (!strcmp(f[i].id, id))
			return &f[i];
	return NULL;
}

static inline const struct chk_evidence *ev(const struct chk_finding *f, const char *key)
{
	unsigned int i;

	for (i = 0; f && i < f->num_ev; i++)
		if (!strcmp(f->ev[i].key, key))
			return &f->ev[i];
	return NULL;
}

static inline bool ev_str(const struct chk_finding *f, const char *key, const char *want)
{
	const struct chk_evidence *e = ev(f, key);

	return e && !e->is_num && !strcmp(e->str, want);
}

static inline bool ev_num(const struct chk_finding *f, const char *key, double want)
{
	const struct chk_evidence *e = ev(f, key);

	return e && e->is_num && e->num > want - 1e-9 && e->num < want + 1e-9;
}

#endif
