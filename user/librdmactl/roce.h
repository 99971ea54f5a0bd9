/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * librdmactl's RoCE settings: rdma_cm's default RoCE mode and ToS of a port,
 * read and set. Part of <librdmactl.h>, which includes it.
 */
#ifndef LIBRDMACTL_H_INSIDE
#error "<librdmactl/roce.h> is part of <librdmactl.h>: include <librdmactl.h> instead"
#elif !defined(LIBRDMACTL_ROCE_H)
#define LIBRDMACTL_ROCE_H

/* rdma_cm's defaults on a RoCE port. */
enum {
	RDMACTL_ROCE_HAS_CURRENT = 1 << 0,	/* mode, tos: rdma_cm's, see source */
	RDMACTL_ROCE_HAS_SAVED_MODE = 1 << 1,	/* saved_mode */
	RDMACTL_ROCE_HAS_SAVED_TOS = 1 << 2,	/* saved_tos */
	RDMACTL_ROCE_HAS_SAVED_QOS = 1 << 3,	/* saved_prio, _pfc, _trust (LIBRDMACTL_1.6) */
};

struct rdmactl_roce_info {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	uint32_t types;			/* 1 << enum rdmactl_gid_type, each supported */
	uint32_t present;		/* RDMACTL_ROCE_HAS_* */
	uint8_t mode;			/* RDMACTL_GID_TYPE_ROCE_V1 or _V2 */
	uint8_t tos;
	uint8_t saved_mode;		/* what is re-applied on registration */
	uint8_t saved_tos;
	uint8_t source;			/* enum rdmactl_roce_source of mode, tos */
	uint8_t saved_prio;		/* the kept QoS profile (librdmactl/qos.h) */
	uint8_t saved_pfc;
	uint8_t saved_trust;		/* enum rdmactl_roce_trust; 0: none kept */
};

typedef int (*rdmactl_roce_cb)(const struct rdmactl_roce_info *roce, void *arg);

/*
 * rdma_cm's default RoCE mode and ToS of every RoCE port (dev NULL), of a
 * device (port 0) or of one port, and what rdmactl keeps for each.
 * -EOPNOTSUPP for a device or port that is not RoCE. This changes nothing:
 * source says whether the values were read from rdma_cm (whose configfs
 * directory of the device someone had made), are what rdmactl last applied,
 * or are unknown (no RDMACTL_ROCE_HAS_CURRENT).
 */
int rdmactl_roce_list(struct rdmactl *h, const char *dev, uint32_t port,
		      rdmactl_roce_cb cb, void *arg);

/*
 * The same, read from rdma_cm itself (making its configfs directory of the
 * device for the request if nobody has): needs CAP_NET_ADMIN, and fails
 * when rdma_cm cannot tell (not loaded: -EOPNOTSUPP... with the message).
 */
int rdmactl_roce_probe(struct rdmactl *h, const char *dev, uint32_t port,
		       rdmactl_roce_cb cb, void *arg);

/*
 * The fields a struct rdmactl_roce_settings gives (its has), one bit each,
 * and rdmactl_roce_set()'s what (the first three). Not the
 * RDMACTL_ROCE_HAS_* bits above, which say what a struct rdmactl_roce_info
 * has: their values overlap (RDMACTL_ROCE_HAS_SAVED_TOS is
 * RDMACTL_ROCE_CLEAR's).
 */
enum {
	RDMACTL_ROCE_SET_MODE = 1 << 0,	/* mode */
	RDMACTL_ROCE_SET_TOS = 1 << 1,	/* tos */
	RDMACTL_ROCE_CLEAR = 1 << 2,	/* alone: forget the saved settings */
	RDMACTL_ROCE_SET_QOS = 1 << 3,	/* prio and pfc, with tos (LIBRDMACTL_1.6) */
	RDMACTL_ROCE_SET_TRUST = 1 << 4,	/* trust, with _QOS (LIBRDMACTL_1.6) */
};

/*
 * A RoCE port's settings, as rdmactl_roce_apply() sets them
 * (LIBRDMACTL_1.6). has names the fields given; the others are not sent,
 * and rdma_cm keeps what it has there. The QoS profile (prio, pfc, trust)
 * is what rdmactl.ko keeps with the ToS whose DSCP it maps, and applies
 * again to the port's netdev when it attaches (Documentation/roce.md,
 * "QoS"): it goes with a ToS, and a ToS given without one ends the kept
 * profile. It does not set the netdev's DCB now: rdmactl_qos_set() does,
 * then calls rdmactl_roce_apply() with it.
 */
struct rdmactl_roce_settings {
	unsigned int has;		/* RDMACTL_ROCE_SET_*, or RDMACTL_ROCE_CLEAR alone */
	uint8_t mode;			/* RDMACTL_GID_TYPE_ROCE_V1 or _V2 */
	uint8_t tos;			/* rdma_cm's default ToS for new connections */
	uint8_t prio;			/* the priority the ToS's DSCP maps to, 0..7 */
	uint8_t pfc;			/* PFC on prio: 1 on, 0 off */
	uint8_t trust;			/* enum rdmactl_roce_trust: what the netdev trusts first */
};

/*
 * Set a port of dev, or all its ports (port 0), to s, and have rdmactl.ko
 * remember it for when the device or rdma_cm comes back; or, with
 * RDMACTL_ROCE_CLEAR alone, forget what it remembers. -EINVAL for a bit of
 * has it does not know, before anything is sent; the kernel refuses what
 * does not go together (a profile without a ToS, part of one, clear with
 * a value), saying so: a profile's bits without RDMACTL_ROCE_SET_TOS,
 * RDMACTL_ROCE_SET_TRUST without _SET_QOS. Needs CAP_NET_ADMIN. On
 * failure nothing changed, unless the error says that the undo of a
 * change to several ports failed too, and which it left changed (each
 * told by a ROCE event). (LIBRDMACTL_1.6)
 */
int rdmactl_roce_apply(struct rdmactl *h, const char *dev, uint32_t port,
		       const struct rdmactl_roce_settings *s);

/*
 * rdmactl_roce_apply() with what as has (RDMACTL_ROCE_SET_MODE, _SET_TOS,
 * RDMACTL_ROCE_CLEAR; another bit is -EINVAL), mode and tos: set rdma_cm's
 * default mode and/or ToS, and remember them, or forget them.
 */
int rdmactl_roce_set(struct rdmactl *h, const char *dev, uint32_t port, unsigned int what,
		     uint8_t mode, uint8_t tos);

#endif /* LIBRDMACTL_ROCE_H */
