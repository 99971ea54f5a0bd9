/* SPDX-License-Identifier: GPL-2.0 */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/rdmactl.yaml */
/* by scripts/spec.py kernel-header (make regen) */

#ifndef _RDMACTL_NETLINK_GEN_H
#define _RDMACTL_NETLINK_GEN_H

#include <net/netlink.h>
#include <net/genetlink.h>

#include <linux/rdmactl.h>

/* Ops table for rdmactl */
extern const struct genl_ops rdmactl_nl_ops[11];

int rdmactl_req_doit(struct sk_buff *skb, struct genl_info *info);
int rdmactl_req_start(struct netlink_callback *cb);
int rdmactl_req_dumpit(struct sk_buff *skb, struct netlink_callback *cb);
int rdmactl_req_set_doit(struct sk_buff *skb, struct genl_info *info);
int rdmactl_ipoib_get_doit(struct sk_buff *skb, struct genl_info *info);
int rdmactl_ipoib_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb);

enum {
	RDMACTL_NLGRP_EVENTS,
};

extern const struct genl_multicast_group rdmactl_nl_mcgrps[1];

#endif /* _RDMACTL_NETLINK_GEN_H */
