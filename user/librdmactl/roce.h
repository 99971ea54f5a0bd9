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

/* What rdmactl_roce_set() changes. */
enum {
	RDMACTL_ROCE_SET_MODE = 1 << 0,
	RDMACTL_ROCE_SET_TOS = 1 << 1,
	RDMACTL_ROCE_CLEAR = 1 << 2,	/* alone: forget the saved settings */
};

/*
 * Set rdma_cm's default mode and/or ToS on a port of dev, or on all its
 * ports (port 0), and remember them for when the device registers again;
 * or, with RDMACTL_ROCE_CLEAR, forget them. -EINVAL for a bit of what it
 * does not know. Needs CAP_NET_ADMIN; on failure nothing changed.
 */
int rdmactl_roce_set(struct rdmactl *h, const char *dev, uint32_t port, unsigned int what,
		     uint8_t mode, uint8_t tos);

#endif /* LIBRDMACTL_ROCE_H */
