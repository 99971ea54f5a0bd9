/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What ipoib.c (what an IPoIB interface is: IPOIB_GET, its events),
 * ipoib-set.c (IPOIB_SET's request and its jobs) and ipoib-change.c (the
 * change a job makes) share.
 */
#ifndef _RDMACTL_IPOIB_H
#define _RDMACTL_IPOIB_H

#include "core.h"

#define RDMACTL_IPOIB_CM_MTU	65520	/* IPOIB_CM_MTU, private to ipoib */
#define RDMACTL_IPOIB_ENCAP_LEN	4	/* IPOIB_ENCAP_LEN */

/* One interface, as read under RTNL. */
struct rdmactl_ipoib {
	int ifindex;
	int parent;			/* 0 for a parent */
	char name[IFNAMSIZ];
	u32 hca_index;			/* the ib_device's index */
	const struct ib_device *hca;	/* compared, not dereferenced */
	u32 port;
	u16 pkey;
	u8 mode;
	u8 umcast;
	u32 mtu;
	u8 hwaddr[RDMACTL_IPOIB_HWADDR_LEN];
	u8 operstate;
	bool up;
	u32 max_dgram;			/* rdmactl_ipoib_max_dgram()'s, 0: unknown */
};

bool rdmactl_is_ipoib(const struct net_device *dev);
/* Called with RTNL held. */
int rdmactl_ipoib_read(struct net_device *dev, struct rdmactl_ipoib *ib);
/*
 * Takes RTNL: until jiffies reach until (a request), or as long as it
 * takes when until is 0 (IPOIB_SET's work, which no request waits on).
 */
int rdmactl_ipoib_read_one(struct net_device *ndev, struct rdmactl_ipoib *ib,
			   unsigned long until);
void rdmactl_ipoib_read_err(struct netlink_ext_ack *extack, struct net_device *ndev, int err);
struct net_device *rdmactl_ipoib_netdev(struct net *net, struct nlattr **attrs,
					struct netlink_ext_ack *extack);
struct rdmactl_dev *rdmactl_ipoib_dev(struct net *net, const struct rdmactl_ipoib *ib);
int rdmactl_ipoib_max_dgram(const struct rdmactl_req *req, struct rdmactl_dev *dev, u32 port,
			    u32 *max);

/* ipoib-change.c's, under RTNL: the mode, then the MTU, undone if the MTU is refused. */
struct rdmactl_ipoib_change {
	u8 mode;
	u32 mtu;			/* 0: the mode's own */
	struct rdmactl_ipoib old;	/* as read under the same RTNL */
	int mtu_err;			/* the interface refused the MTU */
	int undo_err;			/* and then refused the undo */
	struct rdmactl_ipoib now;	/* where it stands after a refusal */
};

int rdmactl_ipoib_apply(struct net_device *ndev, struct rdmactl_ipoib_change *c,
			struct netlink_ext_ack *extack);

/* ipoib-set.c's: IPOIB_SET, through the default SET doit (RDMACTL_SET_NETDEV). */
struct rdmactl_ipoib_set {
	u8 mode;
	unsigned long until;		/* set() waits for its job until then */
};

/* One IPOIB_SET: who asked for what, and once done what came of it. */
struct rdmactl_ipoib_job {
	struct list_head list;		/* rdmactl_ipoib_jobs */
	struct work_struct work;
	/* Who asked, for what, as the request said it (the namespace compared, not held). */
	const struct net *asker_net;
	u32 portid, seq;
	u32 asked_ifindex;		/* or, when 0, by name: */
	char asked_ifname[IFNAMSIZ];
	u8 mode;
	bool has_mtu;			/* else the mode's own */
	u32 mtu;
	/* The interface found, by index in net (held until the work ends). */
	struct net *net;
	int ifindex;
	/* Under rdmactl_ipoib_jobs_lock. */
	bool waited;			/* a doit waits for it now */
	bool started;			/* the work began it */
	bool cancelled;			/* nobody wants it any more: not begun, it never will */
	bool orphaned;			/* its socket closed: nobody takes its outcome */
	bool done;
	unsigned long done_at;
	int err;
	u16 bad_attr;			/* the attribute the message is about, or 0 */
	char msg[RDMACTL_ERR_MSG_LEN];
};

int rdmactl_ipoib_set_validate(struct rdmactl_req *req, void *state);
int rdmactl_ipoib_set(struct rdmactl_req *req, void *state, struct rdmactl_dev **devp,
		      const struct nlattr *port_attr);

#if IS_ENABLED(CONFIG_KUNIT)
struct netlink_notify;
/* ipoib-set.c's, static without KUnit: called with the jobs' lock held. */
bool rdmactl_ipoib_job_released(const struct rdmactl_ipoib_job *job,
				const struct netlink_notify *n);
#endif

#endif /* _RDMACTL_IPOIB_H */
