// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * rdmactl_eth_stats_get(): a RoCE port's netdev as ethtool sees it. The
 * standard pause, FEC and IEEE 802.3 / RMON statistics over the kernel's
 * "ethtool" generic netlink family (ethtool-netlink.c asks, ethtool-parse.c
 * reads the replies), and the driver's per-priority pause counters among
 * its `ethtool -S` ones (ethtool-driver.c, SIOCETHTOOL), gathered in one
 * struct rdmactl_eth_acc and handed out in one allocation.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>

#include "internal.h"

/* What acc gathered, in one allocation: the counters, then their names. */
static struct rdmactl_eth_stats *eth_stats_make(const struct rdmactl_eth_acc *acc)
{
	struct rdmactl_eth_stats *st;
	size_t i, names = 0;
	char *pool;

	/* Asked for in the order of enum rdmactl_eth_group: no sorting. */
	for (i = 0; i < acc->n; i++)
		names += strlen(acc->items[i].name) + 1;
	st = calloc(1, sizeof(*st) + acc->n * sizeof(*st->counters) + names);
	if (!st)
		return NULL;
	st->num_counters = acc->n;
	st->counters = (struct rdmactl_eth_counter *)(st + 1);
	pool = (char *)(st->counters + acc->n);
	for (i = 0; i < acc->n; i++) {
		struct rdmactl_eth_counter *c = &st->counters[i];
		size_t len = strlen(acc->items[i].name) + 1;

		memcpy(pool, acc->items[i].name, len);
		c->name = pool;
		pool += len;
		c->value = acc->items[i].value;
		c->group = acc->items[i].group;
		c->unit = acc->items[i].unit;
		c->prio = acc->items[i].prio;
		c->lane = acc->items[i].lane;
		st->groups_supported |= 1U << c->group;
	}
	return st;
}

/* The netdev's index, in the socket's (the caller's) network namespace. */
int rdmactl_ifindex(struct rdmactl *h, int fd, const char *ifname, uint32_t *ifindex)
{
	struct ifreq ifr;
	int err;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	if (ioctl(fd, SIOCGIFINDEX, &ifr)) {
		err = -errno;
		if (err == -ENODEV)
			rdmactl_set_err(h, "no interface %s in this network namespace", ifname);
		else
			rdmactl_set_err(h, "cannot find interface %s: %s", ifname, strerror(errno));
		return err;
	}
	*ifindex = (uint32_t)ifr.ifr_ifindex;
	return 0;
}

RDMACTL_EXPORT int rdmactl_eth_stats_get(struct rdmactl *h, const char *ifname,
					 struct rdmactl_eth_stats **out)
{
	struct ethtool_drvinfo drv = { .cmd = ETHTOOL_GDRVINFO };
	struct rdmactl_eth_acc acc = { .h = h };
	struct rdmactl_eth_stats *st = NULL;
	struct timespec ts;
	uint32_t ifindex = 0;
	int fd, err;

	*out = NULL;
	h->errmsg[0] = '\0';
	if (!ifname || !*ifname || strlen(ifname) >= IFNAMSIZ) {
		rdmactl_set_err(h, "\"%s\" is no interface name", ifname ? ifname : "");
		return -EINVAL;
	}
	fd = rdmactl_eth_open(h);
	if (fd < 0)
		return fd;
	err = rdmactl_ifindex(h, fd, ifname, &ifindex);
	if (err)
		return err;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	if (rdmactl_eth_ioctl(fd, ifname, &drv))
		drv.driver[0] = '\0';
	drv.driver[sizeof(drv.driver) - 1] = '\0';

	err = rdmactl_eth_netlink(h, ifindex, &acc);
	if (!err)
		err = rdmactl_eth_driver(h, fd, ifname, &acc);
	if (!err)
		st = eth_stats_make(&acc);
	free(acc.items);
	if (err)
		return err;
	if (!st)
		return -ENOMEM;
	st->ifindex = ifindex;
	snprintf(st->ifname, sizeof(st->ifname), "%s", ifname);
	snprintf(st->driver, sizeof(st->driver), "%s", drv.driver);
	st->timestamp_ns = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	*out = st;
	if (!st->num_counters) {
		rdmactl_set_err(h, "not supported by %s's driver (%s)", ifname,
				st->driver[0] ? st->driver : "unknown");
		return -EOPNOTSUPP;
	}
	return 0;
}

RDMACTL_EXPORT void rdmactl_eth_stats_free(struct rdmactl_eth_stats *stats)
{
	free(stats);
}

RDMACTL_EXPORT const char *rdmactl_eth_group_name(uint8_t group)
{
	static const char *const names[] = {
		[RDMACTL_ETH_PAUSE] = "pause",
		[RDMACTL_ETH_FEC] = "fec",
		[RDMACTL_ETH_PHY] = "eth-phy",
		[RDMACTL_ETH_MAC] = "eth-mac",
		[RDMACTL_ETH_CTRL] = "eth-ctrl",
		[RDMACTL_ETH_RMON] = "rmon",
		[RDMACTL_ETH_DRIVER] = "driver",
	};

	return group < sizeof(names) / sizeof(names[0]) && names[group] ? names[group] : "";
}
