// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl_gid_select()'s rules (rdmactl_gid_rank()), fed GID tables as the
 * kernel would report them: RoCE v1/v2 duplicates, link-local against
 * routable, IPv4 against IPv6, upper devices, IB ports, what is asked for,
 * and a tie-break that does not depend on the order entries were added.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <string.h>

#include "check.h"
#include "internal.h"

#define V1 RDMACTL_GID_TYPE_ROCE_V1
#define V2 RDMACTL_GID_TYPE_ROCE_V2
#define IB RDMACTL_GID_TYPE_IB

static struct rdmactl_gid_candidate tbl[16];
static uint32_t netdevs[16];
static size_t n;

/* An entry of port 1: addr is an IP address or a GID; netdev 2 is the port's. */
static void add(uint32_t index, uint8_t type, const char *addr, uint32_t netdev, int vlan)
{
	struct rdmactl_gid_info *g = &tbl[n].gid;

	memset(&tbl[n], 0, sizeof(tbl[n]));
	g->port = 1;
	g->index = index;
	g->type = type;
	rdmactl_gid_from_ip(addr, g->gid);
	if (netdev) {
		g->present |= RDMACTL_GID_HAS_NETDEV;
		g->netdev_index = netdev;
		strcpy(g->netdev_name, netdev == 2 ? "veth0" : netdev == 5 ? "veth0.100" : "mv0");
	}
	if (vlan >= 0) {
		g->present |= RDMACTL_GID_HAS_VLAN;
		g->vlan_id = (uint16_t)vlan;
	}
	netdevs[n++] = type == IB ? 0 : 2;
}

static int rank(const struct rdmactl_gid_want *w)
{
	return rdmactl_gid_rank(tbl, n, w, netdevs);
}

/* The entry of index after a rank. */
static struct rdmactl_gid_candidate *at(uint32_t index)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (tbl[i].gid.index == index)
			return &tbl[i];
	return &tbl[0];
}

/* The index chosen, -1 when none. */
static long chosen(const struct rdmactl_gid_want *w)
{
	return rank(w) ? -1 : (long)tbl[0].gid.index;
}

/* Soft-RoCE: a link-local and an IPv4 entry, RoCE v2 only. */
static void test_rxe(void)
{
	n = 0;
	add(0, V2, "fe80::5054:ff:fe12:3456", 2, -1);
	add(1, V2, "192.0.2.1", 2, -1);
	CHECK(chosen(NULL) == 1, "the IPv4 address over the link-local one");
	CHECK(tbl[0].chosen && tbl[0].rule == RDMACTL_GID_RULE_SCOPE, "decided by scope");
	CHECK(tbl[0].seen == RDMACTL_GID_IPV4, "seen as IPv4, routable, on the port's netdev");
	CHECK(tbl[1].rule == RDMACTL_GID_RULE_SCOPE && !tbl[1].chosen &&
	      (tbl[1].seen & RDMACTL_GID_LINK_LOCAL), "the link-local one lost on scope");
	CHECK(tbl[0].score > tbl[1].score, "and scores lower");
	add(2, V2, "2001:db8::1", 2, -1);
	CHECK(chosen(NULL) == 1, "IPv4 over a routable IPv6 address");
	CHECK(tbl[0].rule == RDMACTL_GID_RULE_FAMILY, "decided by family");
	CHECK(chosen(&(struct rdmactl_gid_want){ .what = RDMACTL_GID_WANT_FAMILY, .family = 6 }) == 2,
	      "family 6: the routable IPv6 address, not the link-local one");
	CHECK(tbl[0].rule == RDMACTL_GID_RULE_SCOPE && tbl[2].missed == RDMACTL_GID_WANT_FAMILY,
	      "by scope; the IPv4 entry is passed over for its family");
	CHECK(rank(&(struct rdmactl_gid_want){ .what = RDMACTL_GID_WANT_TYPE, .type = V1 }) == -ENOENT,
	      "v1 on a v2-only port: none");
	CHECK(tbl[0].missed == RDMACTL_GID_WANT_TYPE && !tbl[0].chosen, "each misses the type");
}

/* A RoCE port with both types: every address twice. */
static void test_v1_v2(void)
{
	n = 0;
	add(0, V1, "fe80::1", 2, -1);
	add(1, V2, "fe80::1", 2, -1);
	add(2, V1, "192.0.2.7", 2, -1);
	add(3, V2, "192.0.2.7", 2, -1);
	CHECK(chosen(NULL) == 3, "v2 of the IPv4 address");
	CHECK(tbl[0].rule == RDMACTL_GID_RULE_SCOPE, "put before v2 link-local by scope");
	CHECK(tbl[2].gid.index == 2 && tbl[2].rule == RDMACTL_GID_RULE_TYPE,
	      "its v1 twin lost on type");
	CHECK(chosen(&(struct rdmactl_gid_want){ .what = RDMACTL_GID_WANT_TYPE, .type = V1 }) == 2,
	      "type v1: the v1 entry of the address");
}

/* Upper devices: a VLAN and a macvlan on the port's netdev. */
static void test_upper(void)
{
	n = 0;
	add(0, V2, "fe80::1", 2, -1);
	add(1, V2, "198.51.100.9", 5, 100);
	add(2, V2, "203.0.113.4", 7, -1);
	CHECK(chosen(NULL) == 0, "the port's own netdev, even link-local, over upper devices");
	CHECK(tbl[0].rule == RDMACTL_GID_RULE_NETDEV, "decided by netdev");
	CHECK(tbl[1].seen & RDMACTL_GID_UPPER && tbl[2].seen & RDMACTL_GID_UPPER,
	      "the VLAN and the macvlan are upper devices");
	CHECK(chosen(&(struct rdmactl_gid_want){ .what = RDMACTL_GID_WANT_VLAN, .vlan_id = 100 }) == 1,
	      "vlan 100: the VLAN's entry");
	CHECK(tbl[0].rule == RDMACTL_GID_RULE_ONLY, "the only one");
	CHECK(chosen(&(struct rdmactl_gid_want){ .what = RDMACTL_GID_WANT_NETDEV, .netdev = "mv0" }) == 2,
	      "netdev mv0: the macvlan's entry");
	CHECK(chosen(&(struct rdmactl_gid_want){ .what = RDMACTL_GID_WANT_NO_VLAN |
			RDMACTL_GID_WANT_FAMILY, .family = 4 }) == 2,
	      "no VLAN, IPv4: the macvlan's");
	CHECK(chosen(&(struct rdmactl_gid_want){ .what = RDMACTL_GID_WANT_VLAN, .vlan_id = 7 }) == -1,
	      "vlan 7: none");
}

/* Addresses in any order give one answer; private ranges are routable. */
static void test_stable(void)
{
	long first;

	n = 0;
	add(0, V2, "fe80::1", 2, -1);
	add(1, V2, "192.0.2.200", 2, -1);
	add(2, V2, "10.1.2.3", 2, -1);
	add(3, V2, "169.254.7.7", 2, -1);
	first = chosen(NULL);
	CHECK(first == 2, "10.1.2.3: a private address is routable, the lowest GID wins the tie");
	CHECK(tbl[0].rule == RDMACTL_GID_RULE_TIE, "decided by the tie-break");
	CHECK(at(3)->seen == (RDMACTL_GID_IPV4 | RDMACTL_GID_LINK_LOCAL) &&
	      at(3)->rule == RDMACTL_GID_RULE_SCOPE, "169.254.0.0/16 is link-local, lost on scope");
	n = 0;
	add(0, V2, "fe80::1", 2, -1);
	add(1, V2, "10.1.2.3", 2, -1);
	add(2, V2, "169.254.7.7", 2, -1);
	add(3, V2, "192.0.2.200", 2, -1);
	CHECK(chosen(NULL) == 1 && !memcmp(tbl[0].gid.gid + 12, "\x0a\x01\x02\x03", 4),
	      "added in another order: the same address");
	CHECK(chosen(&(struct rdmactl_gid_want){ .what = RDMACTL_GID_WANT_SUBNET,
			.subnet = { [10] = 0xff, [11] = 0xff, 192, 0, 2, 0 }, .prefix_len = 120 }) == 3,
	      "subnet 192.0.2.0/24");
}

/* IB: the default GID unless a subnet prefix is asked for. */
static void test_ib(void)
{
	n = 0;
	add(0, IB, "fe80::2:c903:fa00:1", 0, -1);
	add(1, IB, "fec0::2:c903:fa00:1", 0, -1);
	CHECK(chosen(NULL) == 0, "IB: index 0");
	CHECK(tbl[0].rule == RDMACTL_GID_RULE_DEFAULT, "decided by default");
	CHECK(chosen(&(struct rdmactl_gid_want){ .what = RDMACTL_GID_WANT_SUBNET,
			.subnet = { 0xfe, 0xc0 }, .prefix_len = 64 }) == 1,
	      "subnet fec0::/64: its entry");
	CHECK(chosen(&(struct rdmactl_gid_want){ .what = RDMACTL_GID_WANT_FAMILY, .family = 4 }) == -1,
	      "a family on an IB port: none");
	CHECK(tbl[0].missed == RDMACTL_GID_WANT_FAMILY, "missed for its family");
}

/* iWARP: one entry, the netdev's MAC, which is no IPv6 address. */
static void test_iwarp(void)
{
	n = 0;
	add(0, RDMACTL_GID_TYPE_IWARP, "fe80:5054:ff12:3456::", 2, -1);
	CHECK(chosen(NULL) == 0, "iWARP: its one entry");
	CHECK(tbl[0].seen == 0, "seen as no address: not link-local, not IPv6");
	CHECK(chosen(&(struct rdmactl_gid_want){ .what = RDMACTL_GID_WANT_FAMILY, .family = 6 }) == -1,
	      "family 6 on an iWARP port: none");
	CHECK(tbl[0].missed == RDMACTL_GID_WANT_FAMILY, "missed for its family");
}

/*
 * IB, every port at once: the default rule orders any two IB entries by
 * index, whatever their ports, so the order is one whatever the input's
 * (an alias with the lowest GID never beats a default GID).
 */
static void test_ib_ports(void)
{
	static const struct { uint32_t port, index; const char *gid; } e[] = {
		{ 1, 0, "fe80::5" }, { 1, 1, "fe80::1" }, { 2, 0, "fe80::3" }, { 2, 1, "fe80::2" },
	};
	size_t i, start;

	for (start = 0; start < 4; start++) {
		n = 0;
		for (i = 0; i < 4; i++) {
			add(e[(start + i) % 4].index, IB, e[(start + i) % 4].gid, 0, -1);
			tbl[n - 1].gid.port = e[(start + i) % 4].port;
		}
		CHECK(rank(NULL) == 0, "two IB ports, from entry %zu: ranked", start);
		CHECK(tbl[0].gid.port == 2 && tbl[0].gid.index == 0,
		      "from entry %zu: port 2's default GID, the lower of the two", start);
		CHECK(tbl[1].gid.port == 1 && tbl[1].gid.index == 0 &&
		      tbl[1].rule == RDMACTL_GID_RULE_TIE, "then port 1's, by the tie");
		CHECK(tbl[2].gid.port == 1 && tbl[2].gid.index == 1 &&
		      tbl[2].rule == RDMACTL_GID_RULE_DEFAULT, "then the aliases, by the default rule");
		CHECK(tbl[3].gid.port == 2 && tbl[3].gid.index == 1, "the higher alias GID last");
	}
}

/* What rdmactl_gid_select() refuses before it asks the kernel anything. */
static void test_want_refused(void)
{
	struct rdmactl h = { 0 };
	struct rdmactl_gid_candidate out;
	struct rdmactl_gid_want w = { .what = RDMACTL_GID_WANT_NETDEV };

	memset(w.netdev, 'x', sizeof(w.netdev));
	CHECK(rdmactl_gid_select(&h, "rxe0", 0, &w, &out, NULL, NULL) == -EINVAL,
	      "a netdev name without its NUL: -EINVAL");
	CHECK(strstr(h.errmsg, "netdev name of 16 bytes") != NULL, "says so: %s", h.errmsg);
	CHECK(rdmactl_gid_select(&h, "rxe0", 0, NULL, NULL, NULL, NULL) == -EINVAL,
	      "no place for the answer: -EINVAL");
	CHECK(strstr(h.errmsg, "out") != NULL, "says so: %s", h.errmsg);
}

int main(void)
{
	test_rxe();
	test_v1_v2();
	test_upper();
	test_stable();
	test_ib();
	test_ib_ports();
	test_iwarp();
	test_want_refused();
	return DONE();
}
