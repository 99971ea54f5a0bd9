/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What events.c (the events and their sending) and netdevs.c (ports'
 * netdevs, watched for NETDEV_ATTACH and _DETACH) share.
 */
#ifndef _RDMACTL_EVENTS_H
#define _RDMACTL_EVENTS_H

#include "core.h"

/* events.c: the ordered workqueue every event is built and sent from. */
extern struct workqueue_struct *rdmactl_wq;
struct rdmactl_event_item *rdmactl_event_new(u8 type, gfp_t gfp);
void rdmactl_event_free(struct rdmactl_event_item *ev);
/* Build and send ev now, from rdmactl_wq; frees it. */
void rdmactl_event_work(struct work_struct *work);

/* netdevs.c */
void rdmactl_netdevs_init(void);
int rdmactl_netdevs_start(void);
void rdmactl_netdevs_stop(void);
void rdmactl_netdevs_release_all(void);
/* Ask every announced device's ports for their netdevs again. */
void rdmactl_rescan(void);
/* Under RTNL: let go of dev's netdevs, silently. */
void rdmactl_ndevs_release(struct rdmactl_dev *dev);

#endif /* _RDMACTL_EVENTS_H */
