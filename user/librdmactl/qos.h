/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * librdmactl's RoCE QoS: the chain from rdma_cm's default ToS of a RoCE
 * port through its netdev's DCB (the kernel's dcbnl, RTM_GETDCB: the IEEE
 * 802.1Qaz APP table, apptrust, PFC and ETS, the interface iproute2's dcb
 * uses) to the pause counters of the priority it lands on; and one call
 * that sets the lot and has rdmactl.ko keep it, to apply again when the
 * netdev attaches to the port again. Part of <librdmactl.h>, which
 * includes it. Documentation/roce.md, "QoS", says what lossless means
 * here. (LIBRDMACTL_1.6)
 */
#ifndef LIBRDMACTL_H_INSIDE
#error "<librdmactl/qos.h> is part of <librdmactl.h>: include <librdmactl.h> instead"
#elif !defined(LIBRDMACTL_QOS_H)
#define LIBRDMACTL_QOS_H

/* What a netdev's DCB reported (struct rdmactl_dcb's present). */
enum {
	RDMACTL_DCB_HAS_PFC = 1 << 0,	/* pfc_cap, pfc_en */
	RDMACTL_DCB_HAS_ETS = 1 << 1,	/* ets_cap, prio_tc, tc_bw, tc_tsa */
	RDMACTL_DCB_HAS_APP = 1 << 2,	/* dscp_prios (an empty table too) */
	RDMACTL_DCB_HAS_TRUST = 1 << 3,	/* ntrust, trust: 6.2+ and the driver's apptrust */
};

/* A netdev's DCB, as dcbnl's DCB_CMD_IEEE_GET reports it. */
struct rdmactl_dcb {
	uint32_t ifindex;
	char ifname[16];
	unsigned int present;		/* RDMACTL_DCB_HAS_* */
	uint8_t pfc_cap;		/* how many priorities PFC may be on for */
	uint8_t pfc_en;			/* bit per priority with PFC on */
	uint8_t ets_cap;		/* traffic classes */
	uint8_t prio_tc[8];		/* priority -> traffic class */
	uint8_t tc_bw[8];		/* a class's share of the bandwidth, % */
	uint8_t tc_tsa[8];		/* a class's IEEE_8021QAZ_TSA_* */
	uint8_t dscp_prios[64];		/* DSCP -> bit per priority the APP table maps it to */
	uint8_t ntrust;			/* the apptrust order: */
	uint8_t trust[8];		/* IEEE_8021QAZ_APP_SEL_*, most trusted first */
};

/*
 * Read netdev ifname's DCB in the caller's network namespace. -ENODEV: no
 * such netdev. -EOPNOTSUPP: it has no DCB (its driver has no dcbnl ops,
 * a veth; or the kernel has no CONFIG_DCB), and rdmactl_errmsg() says
 * which. Needs no privilege; uses a netlink socket of its own.
 */
int rdmactl_dcb_get(struct rdmactl *h, const char *ifname, struct rdmactl_dcb *out);

/* The pieces of a port's QoS (profile has, drift, changed, failed). */
enum {
	RDMACTL_QOS_TOS = 1 << 0,	/* rdma_cm's default ToS */
	RDMACTL_QOS_PRIO = 1 << 1,	/* the APP entry: the ToS's DSCP -> prio */
	RDMACTL_QOS_PFC = 1 << 2,	/* PFC on or off for prio */
	RDMACTL_QOS_TRUST = 1 << 3,	/* apptrust: dscp or pcp first */
	RDMACTL_QOS_KEPT = 1 << 4,	/* changed: rdmactl.ko keeps the profile */
	RDMACTL_QOS_APP_OLD = 1 << 5,	/* changed: the DSCP's other APP entries removed */
};

/* A port's QoS as set or kept: tos, and with it prio, pfc and trust. */
struct rdmactl_qos_profile {
	unsigned int has;		/* RDMACTL_QOS_TOS .. _TRUST */
	uint8_t tos;
	uint8_t prio;			/* 0..7 */
	uint8_t pfc;			/* 1 on, 0 off */
	uint8_t trust;			/* enum rdmactl_roce_trust */
};

/* What of the chain was found (struct rdmactl_qos_info's present). */
enum {
	RDMACTL_QOS_HAS_TOS = 1 << 0,	/* tos, dscp, ecn: rdma_cm's default is known */
	RDMACTL_QOS_HAS_NETDEV = 1 << 1,	/* ifname: the port's netdev, here */
	RDMACTL_QOS_HAS_DCB = 1 << 2,	/* dcb, prio, pfc, tc..: else dcb_error */
	RDMACTL_QOS_HAS_APP = 1 << 3,	/* the APP table maps dscp (to prio) */
	RDMACTL_QOS_HAS_TRUST = 1 << 4,	/* trust */
	RDMACTL_QOS_HAS_PAUSE = 1 << 5,	/* rx_pause, tx_pause: prio's PFC frames */
	RDMACTL_QOS_HAS_SAVED = 1 << 6,	/* saved: the profile rdmactl.ko keeps */
};

/* Why a port's RoCE traffic is not lossless (struct rdmactl_qos_info's lossy). */
enum {
	RDMACTL_QOS_LOSSY_NO_TOS = 1 << 0,	/* rdma_cm's ToS is unknown */
	RDMACTL_QOS_LOSSY_NO_DCB = 1 << 1,	/* no netdev here, or it has no DCB */
	RDMACTL_QOS_LOSSY_UNMAPPED = 1 << 2,	/* no APP entry for the DSCP */
	RDMACTL_QOS_LOSSY_NO_PFC = 1 << 3,	/* PFC is off for prio */
	RDMACTL_QOS_LOSSY_TRUST = 1 << 4,	/* apptrust does not put DSCP first */
};

/* One RoCE port's chain, rdma_cm's ToS to its priority's pause frames. */
struct rdmactl_qos_info {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	char ifname[16];
	unsigned int present;		/* RDMACTL_QOS_HAS_* */
	uint8_t tos;			/* rdma_cm's default ToS (struct rdmactl_roce_info's) */
	uint8_t dscp;			/* tos >> 2 */
	uint8_t ecn;			/* tos & 3: 0 not ECT, 1 ECT(1), 2 ECT(0), 3 CE */
	int dcb_error;			/* -errno: the DCB could not be read (dcb_errmsg) */
	char dcb_errmsg[160];
	struct rdmactl_dcb dcb;
	uint8_t prio;			/* the lowest priority the APP table maps dscp to */
	uint8_t pfc;			/* PFC on prio */
	uint8_t trust;			/* enum rdmactl_roce_trust: which comes first */
	uint8_t tc;			/* prio's traffic class, */
	uint8_t tc_bw;			/* its bandwidth share, % */
	uint8_t tc_tsa;			/* and IEEE_8021QAZ_TSA_* */
	uint64_t rx_pause;		/* prio's PFC pause frames received */
	uint64_t tx_pause;		/* and sent */
	struct rdmactl_qos_profile saved;
	unsigned int drift;		/* RDMACTL_QOS_* where the port differs from saved */
	unsigned int lossy;		/* RDMACTL_QOS_LOSSY_*, 0: lossless */
};

typedef int (*rdmactl_qos_cb)(const struct rdmactl_qos_info *qos, void *arg);

/*
 * The chain of every RoCE port (dev NULL), of a device (port 0) or of one
 * port. A netdev without DCB gives dcb_error and RDMACTL_QOS_LOSSY_NO_DCB,
 * never zeros. Needs no privilege and changes nothing.
 */
int rdmactl_qos_list(struct rdmactl *h, const char *dev, uint32_t port, rdmactl_qos_cb cb,
		     void *arg);

/* rdmactl_qos_set()'s flags. */
enum {
	RDMACTL_QOS_SET_LOSSY = 1 << 0,	/* allow pfc off or trust pcp */
};

/* What rdmactl_qos_set() did. */
struct rdmactl_qos_result {
	unsigned int changed;		/* RDMACTL_QOS_*: changed, in this order */
	unsigned int failed;		/* the one that failed (rdmactl_errmsg()), or 0 */
	struct rdmactl_qos_profile applied;	/* the whole profile, defaults filled */
};

/*
 * Set port's QoS: want must have RDMACTL_QOS_TOS; without _PRIO the DSCP's
 * current APP entry is kept (none: -EINVAL), without _PFC it is on, without
 * _TRUST it is dscp. A lossy combination (pfc off, trust pcp) is -EINVAL
 * unless flags has RDMACTL_QOS_SET_LOSSY. The netdev's DCB is set over
 * dcbnl (the APP entry, then the DSCP's other entries removed, PFC,
 * apptrust), then rdma_cm's ToS through rdmactl.ko, which keeps the
 * profile. Stops at the first failure: res says what was changed before it
 * and which failed, rdmactl_errmsg() the driver's or kernel's error.
 * Needs CAP_NET_ADMIN. port 0: the device's one port (-EINVAL if several).
 */
int rdmactl_qos_set(struct rdmactl *h, const char *dev, uint32_t port,
		    const struct rdmactl_qos_profile *want, unsigned int flags,
		    struct rdmactl_qos_result *res);

/* "tos", "prio", "pfc", "trust", "kept", "app-old": one RDMACTL_QOS_* bit's. */
const char *rdmactl_qos_part_name(unsigned int part);

#endif /* LIBRDMACTL_QOS_H */
