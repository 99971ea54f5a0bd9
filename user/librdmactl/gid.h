/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * librdmactl's GID tables: their entries, finding a GID, and selecting the
 * entry an application should use. Part of <librdmactl.h>, which includes it.
 */
#ifndef LIBRDMACTL_H_INSIDE
#error "<librdmactl/gid.h> is part of <librdmactl.h>: include <librdmactl.h> instead"
#elif !defined(LIBRDMACTL_GID_H)
#define LIBRDMACTL_GID_H

/* One entry of a port's GID table. */
enum {
	RDMACTL_GID_HAS_NETDEV = 1 << 0,	/* netdev_index, netdev_name */
	RDMACTL_GID_HAS_VLAN = 1 << 1,		/* vlan_id */
};

struct rdmactl_gid_info {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	uint32_t index;			/* what verbs and rdma_cm users pass */
	uint8_t gid[RDMACTL_GID_LEN];	/* network order */
	uint8_t type;			/* enum rdmactl_gid_type */
	uint16_t vlan_id;
	uint32_t present;		/* RDMACTL_GID_HAS_* */
	uint32_t netdev_index;
	char netdev_name[16];
};

typedef int (*rdmactl_gid_cb)(const struct rdmactl_gid_info *gid, void *arg);

/*
 * The GID tables of every port (dev NULL), of a device (port 0) or of a
 * port; empty slots are skipped. -ENODEV, -EINTR as rdmactl_port_list().
 */
int rdmactl_gid_list(struct rdmactl *h, const char *dev, uint32_t port,
		     rdmactl_gid_cb cb, void *arg);

/*
 * The entries whose GID is gid, of the given type (0: any), on every port
 * or those of dev (and port): cb is called for each, as for a list.
 * Returns -ENOENT when there is none. An IPv4 address a.b.c.d is the GID
 * ::ffff:a.b.c.d (rdmactl_gid_from_ip()).
 */
int rdmactl_gid_find(struct rdmactl *h, const uint8_t gid[RDMACTL_GID_LEN], uint8_t type,
		     const char *dev, uint32_t port, rdmactl_gid_cb cb, void *arg);

/*
 * The GID a RoCE port holds for an IP address, in text (inet_pton() forms,
 * IPv4 or IPv6). -EINVAL if it is neither.
 */
int rdmactl_gid_from_ip(const char *ip, uint8_t gid[RDMACTL_GID_LEN]);

/*
 * Selecting the GID an application should use (rdmactl_gid_select()).
 * What is asked for: the fields named in what, as every set call names its
 * optional fields. Each is a condition; an entry that misses one is passed
 * over for it.
 */
enum {
	RDMACTL_GID_WANT_FAMILY = 1 << 0,	/* family: 4 or 6 */
	RDMACTL_GID_WANT_TYPE = 1 << 1,		/* type: RDMACTL_GID_TYPE_* */
	RDMACTL_GID_WANT_NETDEV = 1 << 2,	/* netdev: an entry of that interface */
	RDMACTL_GID_WANT_VLAN = 1 << 3,		/* vlan_id: an entry of that VLAN */
	RDMACTL_GID_WANT_NO_VLAN = 1 << 4,	/* an entry of no VLAN */
	RDMACTL_GID_WANT_SUBNET = 1 << 5,	/* subnet, prefix_len: a GID within */
};

struct rdmactl_gid_want {
	unsigned int what;		/* RDMACTL_GID_WANT_* */
	uint8_t family;
	uint8_t type;
	uint16_t vlan_id;
	char netdev[16];
	/* As a GID: an IPv4 subnet a.b.c.d/n is ::ffff:a.b.c.d/(96 + n). */
	uint8_t subnet[RDMACTL_GID_LEN];
	uint8_t prefix_len;		/* 0..128 */
};

/* What rdmactl_gid_select() saw in an entry. */
enum {
	RDMACTL_GID_IPV4 = 1 << 0,		/* ::ffff:a.b.c.d, an IPv4 address */
	RDMACTL_GID_LINK_LOCAL = 1 << 1,	/* fe80::/10, or 169.254.0.0/16 */
	RDMACTL_GID_UPPER = 1 << 2,		/* of a VLAN or other upper device */
};

/* The rules, in the order they decide (Documentation/roce.md says why). */
enum rdmactl_gid_rule {
	RDMACTL_GID_RULE_ONLY,		/* the one entry that meets what was asked */
	RDMACTL_GID_RULE_TYPE,		/* RoCE v2 over v1 (over IB) */
	RDMACTL_GID_RULE_NETDEV,	/* the port's own netdev over upper devices */
	RDMACTL_GID_RULE_SCOPE,		/* a routable address over a link-local one */
	RDMACTL_GID_RULE_FAMILY,	/* IPv4 over IPv6 */
	RDMACTL_GID_RULE_DEFAULT,	/* IB: the lowest index, 0 the default GID */
	RDMACTL_GID_RULE_TIE,		/* the lowest GID, then port, then index */
};

struct rdmactl_gid_candidate {
	struct rdmactl_gid_info gid;
	uint32_t seen;			/* RDMACTL_GID_IPV4, _LINK_LOCAL, _UPPER */
	unsigned int missed;		/* the RDMACTL_GID_WANT_* it misses; 0: eligible */
	uint8_t chosen;
	/* Chosen: the rule that put it before the next; else the rule it lost on. */
	uint8_t rule;			/* enum rdmactl_gid_rule */
	uint32_t score;			/* the rules it wins, as bits: higher is better */
};

typedef int (*rdmactl_gid_candidate_cb)(const struct rdmactl_gid_candidate *c, void *arg);

/*
 * The GID entry an application should use on dev (port 0: on any of its
 * ports) given want (NULL: nothing asked), into *out, and why (out->rule).
 * cb (optional) then gets every entry of the table: the chosen one, the
 * others that meet what was asked in order of preference, then those that
 * do not (missed). -ENOENT when no entry meets what was asked, said in
 * rdmactl_errmsg() with what each misses; -EINVAL for a what bit it does
 * not know or a want that contradicts itself; -ENODEV as
 * rdmactl_port_list(). (LIBRDMACTL_1.3)
 */
int rdmactl_gid_select(struct rdmactl *h, const char *dev, uint32_t port,
		       const struct rdmactl_gid_want *want, struct rdmactl_gid_candidate *out,
		       rdmactl_gid_candidate_cb cb, void *arg);
/* "only", "type", "netdev", "scope", "family", "default", "tie". */
const char *rdmactl_gid_rule_name(uint8_t rule);

#endif /* LIBRDMACTL_GID_H */
