// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * eth-stats IFNAME: rdmactl_eth_stats_get() of one netdev, for ethtool.sh.
 * Prints "group name[lane] value unit prio" lines; on failure one line on
 * stderr with the library's message and the error. Exit 0, 1 on an error,
 * 2 on -EOPNOTSUPP (the driver's name then follows the message).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "librdmactl.h"

int main(int argc, char **argv)
{
	struct rdmactl_eth_stats *st;
	struct rdmactl *h;
	size_t i;
	int err;

	if (argc != 2) {
		fprintf(stderr, "usage: eth-stats IFNAME\n");
		return 1;
	}
	err = rdmactl_open(&h);
	if (err) {
		fprintf(stderr, "eth-stats: cannot open librdmactl (%d)\n", err);
		return 1;
	}
	err = rdmactl_eth_stats_get(h, argv[1], &st);
	if (err) {
		fprintf(stderr, "eth-stats: %s: %s (%d)", argv[1], rdmactl_errmsg(h), err);
		if (st)
			fprintf(stderr, ", driver %s", st->driver);
		fprintf(stderr, "\n");
		rdmactl_eth_stats_free(st);
		rdmactl_close(h);
		return err == -EOPNOTSUPP ? 2 : 1;
	}
	for (i = 0; i < st->num_counters; i++) {
		const struct rdmactl_eth_counter *c = &st->counters[i];

		printf("%s %s[%d] %" PRIu64 " %s %d\n", rdmactl_eth_group_name(c->group), c->name,
		       c->lane, c->value, rdmactl_counter_unit_name(c->unit), c->prio);
	}
	rdmactl_eth_stats_free(st);
	rdmactl_close(h);
	return 0;
}
