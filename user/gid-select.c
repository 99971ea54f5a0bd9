// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * rdmactl_gid_select(): the GID entry an application should use, and why.
 * The table comes from GID_GET, each port's own netdev from PORT_GET; the
 * choice is rdmactl_gid_rank()'s, which needs no kernel (the unit tests
 * feed it tables). Documentation/roce.md gives the rules and the reasons.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const char *const rdmactl_gid_rules[] = {
	[RDMACTL_GID_RULE_ONLY] = "only",
	[RDMACTL_GID_RULE_TYPE] = "type",
	[RDMACTL_GID_RULE_NETDEV] = "netdev",
	[RDMACTL_GID_RULE_SCOPE] = "scope",
	[RDMACTL_GID_RULE_FAMILY] = "family",
	[RDMACTL_GID_RULE_DEFAULT] = "default",
	[RDMACTL_GID_RULE_TIE] = "tie",
};

RDMACTL_EXPORT const char *rdmactl_gid_rule_name(uint8_t rule)
{
	if (rule < sizeof(rdmactl_gid_rules) / sizeof(rdmactl_gid_rules[0]))
		return rdmactl_gid_rules[rule];
	return "unknown";
}

static const uint8_t rdmactl_v4_prefix[12] = { [10] = 0xff, [11] = 0xff };

/* Whether the first len bits of a and b are the same. */
static bool rdmactl_prefix_match(const uint8_t *a, const uint8_t *b, unsigned int len)
{
	unsigned int bytes = len / 8, bits = len % 8;
	uint8_t mask = (uint8_t)(0xff << (8 - bits));

	if (memcmp(a, b, bytes))
		return false;
	return !bits || !((a[bytes] ^ b[bytes]) & mask);
}

/* Whether the entry holds no IP address: an IB GID, or an iWARP port's MAC. */
static bool rdmactl_gid_not_ip(uint8_t type)
{
	return type == RDMACTL_GID_TYPE_IB || type == RDMACTL_GID_TYPE_IWARP;
}

/* What the entry is: IPv4, link-local, on an upper device of port_netdev (0: none). */
static uint32_t rdmactl_gid_seen(const struct rdmactl_gid_info *g, uint32_t port_netdev)
{
	uint32_t seen = 0;

	if (rdmactl_gid_not_ip(g->type))
		return 0;
	if (!memcmp(g->gid, rdmactl_v4_prefix, sizeof(rdmactl_v4_prefix))) {
		seen |= RDMACTL_GID_IPV4;
		if (g->gid[12] == 169 && g->gid[13] == 254)
			seen |= RDMACTL_GID_LINK_LOCAL;
	} else if (g->gid[0] == 0xfe && (g->gid[1] & 0xc0) == 0x80) {
		seen |= RDMACTL_GID_LINK_LOCAL;
	}
	if ((g->present & RDMACTL_GID_HAS_VLAN) ||
	    (port_netdev && (g->present & RDMACTL_GID_HAS_NETDEV) && g->netdev_index != port_netdev))
		seen |= RDMACTL_GID_UPPER;
	return seen;
}

/* The RDMACTL_GID_WANT_* the entry misses. */
static unsigned int rdmactl_gid_missed(const struct rdmactl_gid_candidate *c,
				       const struct rdmactl_gid_want *w)
{
	const struct rdmactl_gid_info *g = &c->gid;
	unsigned int missed = 0;

	if ((w->what & RDMACTL_GID_WANT_TYPE) && g->type != w->type)
		missed |= RDMACTL_GID_WANT_TYPE;
	if ((w->what & RDMACTL_GID_WANT_FAMILY) &&
	    (rdmactl_gid_not_ip(g->type) || (w->family == 4) != !!(c->seen & RDMACTL_GID_IPV4)))
		missed |= RDMACTL_GID_WANT_FAMILY;
	if ((w->what & RDMACTL_GID_WANT_NETDEV) &&
	    (!(g->present & RDMACTL_GID_HAS_NETDEV) || strcmp(g->netdev_name, w->netdev)))
		missed |= RDMACTL_GID_WANT_NETDEV;
	if ((w->what & RDMACTL_GID_WANT_VLAN) &&
	    (!(g->present & RDMACTL_GID_HAS_VLAN) || g->vlan_id != w->vlan_id))
		missed |= RDMACTL_GID_WANT_VLAN;
	if ((w->what & RDMACTL_GID_WANT_NO_VLAN) && (g->present & RDMACTL_GID_HAS_VLAN))
		missed |= RDMACTL_GID_WANT_NO_VLAN;
	if ((w->what & RDMACTL_GID_WANT_SUBNET) &&
	    !rdmactl_prefix_match(g->gid, w->subnet, w->prefix_len))
		missed |= RDMACTL_GID_WANT_SUBNET;
	return missed;
}

static unsigned int rdmactl_gid_type_rank(uint8_t type)
{
	return type == RDMACTL_GID_TYPE_ROCE_V2 ? 2 : type == RDMACTL_GID_TYPE_ROCE_V1;
}

/* The rules an entry wins, as bits from the first rule down (--all's score). */
static uint32_t rdmactl_gid_score(const struct rdmactl_gid_candidate *c)
{
	return rdmactl_gid_type_rank(c->gid.type) << 3 |
	       !(c->seen & RDMACTL_GID_UPPER) << 2 |
	       !(c->seen & RDMACTL_GID_LINK_LOCAL) << 1 |
	       !!(c->seen & RDMACTL_GID_IPV4);
}

/*
 * Which of two eligible entries comes first, and by which rule: < 0 when a
 * does, > 0 when b does; *rule is the rule that decided.
 */
static int rdmactl_gid_compare(const struct rdmactl_gid_candidate *a,
			       const struct rdmactl_gid_candidate *b, uint8_t *rule)
{
	const struct rdmactl_gid_info *x = &a->gid, *y = &b->gid;
	int d;

#define RDMACTL_DECIDE(r, va, vb)			\
	do {						\
		if ((va) != (vb)) {			\
			*rule = (r);			\
			return (va) > (vb) ? -1 : 1;	\
		}					\
	} while (0)
	RDMACTL_DECIDE(RDMACTL_GID_RULE_TYPE, rdmactl_gid_type_rank(x->type),
		       rdmactl_gid_type_rank(y->type));
	RDMACTL_DECIDE(RDMACTL_GID_RULE_NETDEV, !(a->seen & RDMACTL_GID_UPPER),
		       !(b->seen & RDMACTL_GID_UPPER));
	RDMACTL_DECIDE(RDMACTL_GID_RULE_SCOPE, !(a->seen & RDMACTL_GID_LINK_LOCAL),
		       !(b->seen & RDMACTL_GID_LINK_LOCAL));
	RDMACTL_DECIDE(RDMACTL_GID_RULE_FAMILY, !!(a->seen & RDMACTL_GID_IPV4),
		       !!(b->seen & RDMACTL_GID_IPV4));
	/* Both IB (or iWARP), or the type had decided: on every port, index first. */
	if (rdmactl_gid_not_ip(x->type))
		RDMACTL_DECIDE(RDMACTL_GID_RULE_DEFAULT, y->index, x->index);
#undef RDMACTL_DECIDE
	*rule = RDMACTL_GID_RULE_TIE;
	d = memcmp(x->gid, y->gid, RDMACTL_GID_LEN);
	if (d)
		return d;
	if (x->port != y->port)
		return x->port < y->port ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* qsort(): the eligible in order of preference, then the rest by port and index. */
static int rdmactl_gid_order(const void *pa, const void *pb)
{
	const struct rdmactl_gid_candidate *a = pa, *b = pb;
	uint8_t rule;

	if (!a->missed != !b->missed)
		return a->missed ? 1 : -1;
	if (!a->missed)
		return rdmactl_gid_compare(a, b, &rule);
	if (a->gid.port != b->gid.port)
		return a->gid.port < b->gid.port ? -1 : 1;
	return a->gid.index < b->gid.index ? -1 : a->gid.index > b->gid.index;
}

int rdmactl_gid_rank(struct rdmactl_gid_candidate *c, size_t n,
		     const struct rdmactl_gid_want *want, const uint32_t *port_netdevs)
{
	static const struct rdmactl_gid_want none;
	size_t i, eligible = 0;

	if (!want)
		want = &none;
	for (i = 0; i < n; i++) {
		c[i].seen = rdmactl_gid_seen(&c[i].gid, port_netdevs ? port_netdevs[i] : 0);
		c[i].missed = rdmactl_gid_missed(&c[i], want);
		c[i].score = rdmactl_gid_score(&c[i]);
		c[i].chosen = 0;
		c[i].rule = RDMACTL_GID_RULE_ONLY;
		eligible += !c[i].missed;
	}
	qsort(c, n, sizeof(*c), rdmactl_gid_order);
	if (!eligible)
		return -ENOENT;
	c[0].chosen = 1;
	if (eligible > 1)
		rdmactl_gid_compare(&c[0], &c[1], &c[0].rule);
	for (i = 1; i < eligible; i++)
		rdmactl_gid_compare(&c[0], &c[i], &c[i].rule);
	return 0;
}

/* The want in words, for errors: "RoCE v1, IPv4, in 192.0.2.0/24". */
static void rdmactl_want_text(const struct rdmactl_gid_want *w, unsigned int what,
			      char *buf, size_t size)
{
	char addr[INET6_ADDRSTRLEN] = "";
	size_t len = 0;

	buf[0] = '\0';
#define RDMACTL_SAY(...)								\
	(len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s", len ? ", " : ""), \
	 len += (size_t)snprintf(buf + len, len < size ? size - len : 0, __VA_ARGS__))
	if (what & RDMACTL_GID_WANT_TYPE)
		RDMACTL_SAY("%s", w->type == RDMACTL_GID_TYPE_IB ? "IB" :
			    w->type == RDMACTL_GID_TYPE_ROCE_V1 ? "RoCE v1" :
			    w->type == RDMACTL_GID_TYPE_IWARP ? "iWARP" : "RoCE v2");
	if (what & RDMACTL_GID_WANT_FAMILY)
		RDMACTL_SAY("IPv%u", w->family);
	if (what & RDMACTL_GID_WANT_NETDEV)
		RDMACTL_SAY("on %s", w->netdev);
	if (what & RDMACTL_GID_WANT_VLAN)
		RDMACTL_SAY("on VLAN %u", w->vlan_id);
	if (what & RDMACTL_GID_WANT_NO_VLAN)
		RDMACTL_SAY("on no VLAN");
	if (what & RDMACTL_GID_WANT_SUBNET) {
		if (!memcmp(w->subnet, rdmactl_v4_prefix, sizeof(rdmactl_v4_prefix)) &&
		    w->prefix_len >= 96)
			RDMACTL_SAY("in %s/%u", inet_ntop(AF_INET, w->subnet + 12, addr, sizeof(addr)),
				    w->prefix_len - 96);
		else
			RDMACTL_SAY("in %s/%u", inet_ntop(AF_INET6, w->subnet, addr, sizeof(addr)),
				    w->prefix_len);
	}
#undef RDMACTL_SAY
}

static int rdmactl_want_check(struct rdmactl *h, const struct rdmactl_gid_want *w)
{
	unsigned int known = RDMACTL_GID_WANT_FAMILY | RDMACTL_GID_WANT_TYPE |
			     RDMACTL_GID_WANT_NETDEV | RDMACTL_GID_WANT_VLAN |
			     RDMACTL_GID_WANT_NO_VLAN | RDMACTL_GID_WANT_SUBNET;

	if (rdmactl_what_check(h, "rdmactl_gid_select", w->what, known))
		return -EINVAL;
	if ((w->what & RDMACTL_GID_WANT_VLAN) && (w->what & RDMACTL_GID_WANT_NO_VLAN)) {
		rdmactl_set_err(h, "a VLAN and no VLAN: ask for one");
		return -EINVAL;
	}
	if ((w->what & RDMACTL_GID_WANT_NETDEV) && !memchr(w->netdev, '\0', sizeof(w->netdev))) {
		rdmactl_set_err(h, "a netdev name of %zu bytes or more: a name has fewer",
				sizeof(w->netdev));
		return -EINVAL;
	}
	if ((w->what & RDMACTL_GID_WANT_FAMILY) && w->family != 4 && w->family != 6) {
		rdmactl_set_err(h, "family %u: 4 or 6", w->family);
		return -EINVAL;
	}
	if ((w->what & RDMACTL_GID_WANT_SUBNET) && w->prefix_len > 128) {
		rdmactl_set_err(h, "a prefix of %u bits: a GID has 128", w->prefix_len);
		return -EINVAL;
	}
	return 0;
}

struct rdmactl_gid_table {
	struct rdmactl_gid_candidate *c;
	uint32_t *netdevs;		/* each entry's port's netdev, 0: none */
	size_t n, cap;
	uint32_t port_netdev[256];	/* by port number (u8 in IBTA), as PORT_GET says */
};

static int rdmactl_gid_table_port(const struct rdmactl_port_info *p, void *arg)
{
	struct rdmactl_gid_table *t = arg;

	if (p->port < sizeof(t->port_netdev) / sizeof(t->port_netdev[0]) &&
	    (p->present & RDMACTL_PORT_HAS_NETDEV))
		t->port_netdev[p->port] = p->netdev_index;
	return 0;
}

static int rdmactl_gid_table_add(const struct rdmactl_gid_info *g, void *arg)
{
	struct rdmactl_gid_table *t = arg;
	size_t np = sizeof(t->port_netdev) / sizeof(t->port_netdev[0]);

	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 32;
		void *c = realloc(t->c, cap * sizeof(*t->c));

		if (!c)
			return -ENOMEM;
		t->c = c;
		c = realloc(t->netdevs, cap * sizeof(*t->netdevs));
		if (!c)
			return -ENOMEM;
		t->netdevs = c;
		t->cap = cap;
	}
	memset(&t->c[t->n], 0, sizeof(t->c[t->n]));
	t->c[t->n].gid = *g;
	t->netdevs[t->n++] = g->port < np ? t->port_netdev[g->port] : 0;
	return 0;
}

/* No entry meets want: say what each misses, and how many. */
static void rdmactl_gid_none(struct rdmactl *h, const char *dev, uint32_t port,
			     const struct rdmactl_gid_want *w, const struct rdmactl_gid_table *t)
{
	char where[RDMACTL_DEV_NAME_MAX + 16], asked[160], one[64], why[320] = "";
	unsigned int bit;
	size_t i, k, len = 0;

	snprintf(where, sizeof(where), port ? "%s/%u" : "%s", dev, port);
	if (!t->n) {
		rdmactl_set_err(h, "%s has no GID entries", where);
		return;
	}
	rdmactl_want_text(w, w->what, asked, sizeof(asked));
	for (bit = 1; bit <= RDMACTL_GID_WANT_SUBNET; bit <<= 1) {
		for (i = 0, k = 0; i < t->n; i++)
			k += !!(t->c[i].missed & bit);
		if (!k)
			continue;
		rdmactl_want_text(w, bit, one, sizeof(one));
		len += (size_t)snprintf(why + len, len < sizeof(why) ? sizeof(why) - len : 0,
					"%s%zu not %s", len ? ", " : "", k, one);
	}
	rdmactl_set_err(h, "%s has no GID that is %s: of %zu entries, %s", where, asked, t->n, why);
}

RDMACTL_EXPORT int rdmactl_gid_select(struct rdmactl *h, const char *dev, uint32_t port,
				      const struct rdmactl_gid_want *want,
				      struct rdmactl_gid_candidate *out,
				      rdmactl_gid_candidate_cb cb, void *arg)
{
	static const struct rdmactl_gid_want none;
	struct rdmactl_gid_table t = { 0 };
	size_t i;
	int err;

	if (!want)
		want = &none;
	if (!dev) {
		rdmactl_set_err(h, "which device: a GID index is a device's");
		return -EINVAL;
	}
	if (!out) {
		rdmactl_set_err(h, "rdmactl_gid_select: out is NULL: give the entry a place");
		return -EINVAL;
	}
	err = rdmactl_want_check(h, want);
	if (err)
		return err;
	err = rdmactl_port_list(h, dev, port, rdmactl_gid_table_port, &t);
	if (!err)
		err = rdmactl_gid_list(h, dev, port, rdmactl_gid_table_add, &t);
	if (err == -ENOMEM)
		rdmactl_set_err(h, "no memory for the GID table of %s", dev);
	if (!err) {
		err = rdmactl_gid_rank(t.c, t.n, want, t.netdevs);
		if (err)
			rdmactl_gid_none(h, dev, port, want, &t);
	}
	if (!err) {
		*out = t.c[0];
		for (i = 0; cb && i < t.n && !err; i++)
			err = cb(&t.c[i], arg);
	}
	free(t.c);
	free(t.netdevs);
	return err;
}
