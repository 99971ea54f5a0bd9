// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl_counter_meaning(): a counter's meaning under the driver name
 * rdmactl.ko reports, none under another driver's or for a PMA counter;
 * the table itself (no driver with two counters of one meaning on a port,
 * meanings that make metric names); and Documentation/exporter.md's copy
 * of it, which must be the table as this test prints it.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "librdmactl.h"

static void lookups(void)
{
	static const struct {
		const char *driver, *counter, *meaning;
	} cases[] = {
		{ "mlx5_ib", "out_of_sequence", "out_of_sequence" },
		{ "mlx5_ib", "vport_out_of_sequence", "out_of_sequence" },
		{ "bnxt_re", "oos_drop_count", "out_of_sequence" },
		{ "rdma_rxe", "out_of_seq_request", "out_of_sequence" },
		{ "mlx5_ib", "np_cnp_sent", "cnp_sent" },
		{ "irdma", "cnpSent", "cnp_sent" },
		{ "mlx5_ib", "rx_icrc_encapsulated", "icrc_error" },
		{ "rdma_rxe", "retry_exceeded_err", "retries_exceeded" },
		{ "mana_ib", "requester_timeout", "local_ack_timeout" },
		/* Another driver's name, or the name the brief guessed ("mlx5"). */
		{ "bnxt_re", "out_of_sequence", NULL },
		{ "mlx5", "out_of_sequence", NULL },
		{ "rdma_rxe", "np_cnp_sent", NULL },
		{ "mlx5_ib", "symbol_error", NULL },
		{ "efa", "rx_drops", NULL },
		{ "mlx5_ib", "OUT_OF_SEQUENCE", NULL },
		{ NULL, "out_of_sequence", NULL },
		{ "mlx5_ib", NULL, NULL },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *m = rdmactl_counter_meaning(cases[i].driver, cases[i].counter);

		CHECK(cases[i].meaning ? m && !strcmp(m, cases[i].meaning) : !m,
		      "%s's %s means %s (%s)", cases[i].driver ? cases[i].driver : "(null)",
		      cases[i].counter ? cases[i].counter : "(null)",
		      cases[i].meaning ? cases[i].meaning : "nothing", m ? m : "nothing");
	}
}

static void table(void)
{
	size_t n, i, j, bad_names = 0, dups = 0, pairs = 0;
	const struct rdmactl_counter_map *t = rdmactl_counter_maps(&n);

	CHECK(n > 40, "the table has %zu entries", n);
	for (i = 0; i < n; i++) {
		bad_names += strspn(t[i].meaning, "abcdefghijklmnopqrstuvwxyz_") != strlen(t[i].meaning);
		for (j = i + 1; j < n; j++) {
			bool vport = !strncmp(t[j].counter, "vport_", 6) &&
				     !strcmp(t[j].counter + 6, t[i].counter);

			if (strcmp(t[i].driver, t[j].driver))
				continue;
			dups += !strcmp(t[i].counter, t[j].counter);
			/* mlx5's vport_ copies replace the others on a representor's port. */
			pairs += !strcmp(t[i].meaning, t[j].meaning) && !vport;
		}
	}
	CHECK(!bad_names, "every meaning is lower case and underscores (a metric name's tail)");
	CHECK(!dups, "no driver lists a counter twice");
	CHECK(!pairs, "no driver has two counters of one meaning on a port");
}

/* The drivers in the order the table first names them. */
static size_t drivers(const struct rdmactl_counter_map *t, size_t n, const char **out)
{
	size_t i, j, k = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < k && strcmp(out[j], t[i].driver); j++)
			;
		if (j == k)
			out[k++] = t[i].driver;
	}
	return k;
}

/* exporter.md's table: a row per meaning, in the table's order, a column per driver. */
static char *render(void)
{
	size_t n, nd, i, j, k, len = 0;
	const struct rdmactl_counter_map *t = rdmactl_counter_maps(&n);
	const char *drv[16];
	char *out = NULL;
	FILE *f = open_memstream(&out, &len);

	nd = drivers(t, n, drv);
	fprintf(f, "| meaning | metric |");
	for (j = 0; j < nd; j++)
		fprintf(f, " %s |", drv[j]);
	fprintf(f, "\n| --- | --- |");
	for (j = 0; j < nd; j++)
		fprintf(f, " --- |");
	fprintf(f, "\n");
	for (i = 0; i < n; i++) {
		for (k = 0; k < i && strcmp(t[k].meaning, t[i].meaning); k++)
			;
		if (k < i)
			continue;
		fprintf(f, "| %s | `rdma_transport_%s_total` |", t[i].meaning, t[i].meaning);
		for (j = 0; j < nd; j++) {
			const char *sep = " ";

			for (k = 0; k < n; k++) {
				if (strcmp(t[k].driver, drv[j]) || strcmp(t[k].meaning, t[i].meaning))
					continue;
				fprintf(f, "%s`%s`", sep, t[k].counter);
				sep = ", ";
			}
			fprintf(f, " |");
		}
		fprintf(f, "\n");
	}
	fclose(f);
	return out;
}

static void doc(const char *path)
{
	char *want = render(), *have = NULL;
	size_t len = 0;
	FILE *f = fopen(path, "r");
	bool same;

	CHECK(f, "%s opens", path);
	if (f) {
		have = calloc(1, 1 << 20);
		len = have ? fread(have, 1, (1 << 20) - 1, f) : 0;
		fclose(f);
	}
	same = len && strstr(have, want);
	CHECK(same, "%s has the table of user/provider-counters.c", path);
	if (!same)
		printf("# exporter.md should have, under \"Driver counters by meaning\":\n%s", want);
	free(have);
	free(want);
}

int main(void)
{
	lookups();
	table();
	doc(DOC_DIR "/exporter.md");
	return DONE();
}
