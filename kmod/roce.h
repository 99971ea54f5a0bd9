/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the RoCE files share: roce.c (ROCE_GET), roce-set.c (ROCE_SET),
 * roce-saved.c (the settings remembered by node GUID and port, and applied
 * again), roce-apply.c (their writing to rdma_cm, which a SET and the
 * restore share) and cm.c (rdma_cm's configfs, which holds them). Locks,
 * in order: rdmactl_cm_lock, then rdmactl_roce_saved_lock; roce.c's
 * comment says what each guards.
 */
#ifndef _RDMACTL_ROCE_H
#define _RDMACTL_ROCE_H

#include <linux/path.h>

#include "core.h"

/* How many ports' settings are remembered at most. */
#define RDMACTL_ROCE_SAVED_MAX 1024

struct rdmactl_roce_saved {
	struct list_head list;
	u64 guid;		/* node GUID, host order */
	u32 port;
	/* What is applied again: the mode, the ToS, its profile to the netdev. */
	struct rdmactl_roce_settings set;
	/* What rdma_cm read back after rdmactl last wrote it. */
	bool applied;
	u8 applied_mode;
	u8 applied_tos;
};

/* A device's rdma_cm directory, open for one request. */
struct rdmactl_cm_dev {
	struct path root;	/* rdma_cm/ on our mount */
	char name[IB_DEVICE_NAME_MAX];
	struct dentry *made;	/* <name>/ if we made it, to remove when done */
	struct rdmactl_cm_gone *gone;	/* what removes it (cm-gone.c) */
	unsigned long until;	/* jiffies: its lookups wait no longer */
};

#define RDMACTL_CM_MISSING \
	"rdma_cm is not loaded (modprobe rdma_cm), or has no configfs (CONFIG_INFINIBAND_ADDR_TRANS_CONFIGFS)"
/*
 * kernel_read() and kernel_write() need ->read_iter and ->write_iter,
 * which configfs has only since 5.14 (7fe1e79b59ba): there is no header
 * to probe, so rdmactl_cm_io() looks at the file it opened.
 */
#define RDMACTL_CM_NO_KERNEL_IO \
	"this kernel's configfs (before 5.14) cannot be read or written from a module: use /sys/kernel/config/rdma_cm"

/* A device, copied, for configfs work: no reference across it. */
struct rdmactl_roce_dev {
	u32 index;
	u64 guid;		/* node GUID, host order */
	char name[IB_DEVICE_NAME_MAX];
};

/* One port's write to rdma_cm (rdmactl_roce_write()), and what came of it. */
struct rdmactl_roce_port {
	u32 port;
	struct rdmactl_roce_settings set;	/* what is written: its mode and ToS */
	struct rdmactl_roce_settings old;	/* a SET's: rdma_cm's before, for the undo */
	struct rdmactl_roce_settings now;	/* rdma_cm's after, read back; has 0: unread */
	int err;		/* the write's, else the read-back's; set before: skipped */
};

/* ROCE_SET's state (roce-set.c), zeroed by the framework. */
struct rdmactl_roce_set {
	struct rdmactl_roce_dev rd;
	u32 first, last;
	struct rdmactl_roce_settings set;	/* the request's */
	bool clear;		/* forget the saved settings instead */
	struct rdmactl_roce_port *ports;	/* first..last */
	struct rdmactl_roce_saved **saved;	/* new entries, one per port */
};

extern struct mutex rdmactl_cm_lock;
extern struct mutex rdmactl_roce_saved_lock;
extern struct list_head rdmactl_roce_saved;
extern unsigned int rdmactl_roce_nsaved;

/* cm.c */
unsigned long rdmactl_cm_until(void);
int rdmactl_cm_lock_until(unsigned long until, struct netlink_ext_ack *extack);
int rdmactl_cm_init(void);
void rdmactl_cm_exit(void);
void rdmactl_cm_mount(void);
int rdmactl_cm_open(struct rdmactl_cm_dev *cd, const char *name, u32 last, unsigned long until,
		    struct netlink_ext_ack *extack);
int rdmactl_cm_open_existing(struct rdmactl_cm_dev *cd, const char *name, unsigned long until);
unsigned long rdmactl_cm_get_until(void);
void rdmactl_cm_close(struct rdmactl_cm_dev *cd);
int rdmactl_cm_read(struct rdmactl_cm_dev *cd, u32 port, struct rdmactl_roce_settings *s);
int rdmactl_cm_write(struct rdmactl_cm_dev *cd, u32 port, const struct rdmactl_roce_settings *s);

/* cm-gone.c */
int rdmactl_cm_gone_init(void);
void rdmactl_cm_gone_exit(void);
struct rdmactl_cm_gone *rdmactl_cm_gone_get(const char *name, u32 last, unsigned long until,
					    struct dentry **made);
void rdmactl_cm_gone_put(struct rdmactl_cm_gone *g);
void rdmactl_cm_gone_queue(struct rdmactl_cm_gone *g, const struct path *root,
			   struct dentry *made, const char *name, const struct cred *cred);

/* roce.c */
int rdmactl_roce_port_check(struct rdmactl_dev *dev, u32 port, const struct nlattr *attr,
			    struct netlink_ext_ack *extack);

/* roce-set.c */
int rdmactl_roce_set_validate(struct rdmactl_req *req, void *state);
int rdmactl_roce_set(struct rdmactl_req *req, void *state, struct rdmactl_dev **devp,
		     const struct nlattr *port_attr);
void rdmactl_roce_set_cleanup(void *state);

/* roce-apply.c */
void rdmactl_roce_merge(struct rdmactl_roce_settings *to, const struct rdmactl_roce_settings *s);
int rdmactl_roce_write(const struct rdmactl_roce_dev *rd, struct rdmactl_cm_dev *cd,
		       struct rdmactl_roce_port *rp, u32 n, bool undo,
		       struct netlink_ext_ack *extack);

/* roce-restore.c */
int rdmactl_roce_saved_init(void);
void rdmactl_roce_saved_exit(void);

/* roce-saved.c */
struct rdmactl_roce_saved *rdmactl_roce_find(u64 guid, u32 port);
bool rdmactl_roce_find_guid(u64 guid);
void rdmactl_roce_event_dev(struct rdmactl_dev *dev, u32 port, const struct rdmactl_roce_ev *rev);
void rdmactl_roce_event_fail(u32 index, u64 guid, int error);
void rdmactl_roce_kept(struct rdmactl_roce_state *st, u64 guid, u32 port);
void rdmactl_roce_forget(u32 index, u64 guid, u32 first, u32 last);
void rdmactl_roce_event(u32 index, u64 guid, u32 port, const struct rdmactl_roce_ev *rev);
void rdmactl_roce_set_applied(u64 guid, u32 port, bool applied,
			      const struct rdmactl_roce_settings *now);
bool rdmactl_roce_dev_same(u32 index, u64 guid, const char *name);

/* roce-qos.c */
int rdmactl_qos_parse(const struct rdmactl_req *req, bool has_tos, struct rdmactl_qos *q);
int rdmactl_qos_put(struct sk_buff *skb, const struct rdmactl_qos *q);
void rdmactl_qos_exit(void);

#endif /* _RDMACTL_ROCE_H */
