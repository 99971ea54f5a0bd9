/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The request framework (request.c, dump.c): what a GET or a SET is
 * about, what its object says of itself in a struct rdmactl_req_ops, and
 * the netlink helpers every handler shares. Included by core.h, after
 * struct rdmactl_dev.
 */
#ifndef _RDMACTL_REQUEST_H
#define _RDMACTL_REQUEST_H

enum rdmactl_req_scope {
	RDMACTL_SCOPE_DEV,	/* a message a device */
	RDMACTL_SCOPE_PORT,	/* a message a port */
	RDMACTL_SCOPE_ENTRY,	/* a message an entry of a port's table */
};

/* What a SET names: resolved by rdmactl_req_set_doit() before set(), but for SET_NETDEV. */
enum rdmactl_set_scope {
	RDMACTL_SET_PORT = 1,	/* a port of a device (missing: the refusal) */
	RDMACTL_SET_DEV,	/* a device, and one of its ports or all */
	RDMACTL_SET_ANY_DEV,	/* the same, or no device: every one */
	RDMACTL_SET_NETDEV,	/* no device: set()'s attributes name an interface */
};

struct rdmactl_req {
	struct net *net;
	struct sk_buff *skb;		/* the request, for netlink_capable() */
	struct nlattr **attrs;
	/* A doit's; NULL for a dump's items, which are skipped, not refused. */
	struct netlink_ext_ack *extack;
	u32 flags;			/* parse()'s reading of the object's attributes */
	const struct genl_info *info;	/* the default doits'; NULL in a dump */
	/*
	 * A dump's: since when (rdmactl_jiffies32()) what it read ahead was
	 * read (0: it has not); NULL in a doit.
	 */
	const u32 *ahead_since;
	u32 call_at;		/* when this call began */
	/* When the request arrived: a doit's call, a dump's first call. */
	u32 since;
	/*
	 * A doit, or a dump's first call: genetlink's cb_lock is held, which
	 * a family's registration waits for (netlink.md): no wait for firmware.
	 */
	bool genl_locked;
};

/* One port a dump will visit, held: what ops->ahead() reads ahead. */
struct rdmactl_ahead {
	struct rdmactl_dev *dev;
	u32 port;
};

/*
 * The start of every object's reply data: the item it is about, set
 * before prepare(), and written into the message before fill().
 */
struct rdmactl_reply_data {
	u32 dev_index;
	char dev_name[IB_DEVICE_NAME_MAX];
	u32 port;			/* 0 for SCOPE_DEV */
	u32 entry;			/* SCOPE_ENTRY */
};

/* An object's data_size: its reply data, which starts with struct rdmactl_reply_data base. */
#define RDMACTL_REPLY_DATA_SIZE(type) \
	(sizeof(type) + BUILD_BUG_ON_ZERO(offsetof(type, base) != 0))

struct rdmactl_req_ops {
	u8 cmd;
	u8 scope;			/* enum rdmactl_req_scope */
	u8 entry_attr;			/* SCOPE_ENTRY: the attribute naming one */
	bool from_port0;		/* port 0 is an item even where it is no port */
	const char *missing;		/* a doit naming less than the scope */
	size_t data_size;		/* the object's reply data, zeroed */
	/* Optional: the object's own request attributes, into req->flags. */
	int (*parse)(struct rdmactl_req *req);
	/*
	 * Optional: refuse a device or port a request names (port_attr NULL
	 * for a dump's device filter alone). Default: the port exists.
	 */
	int (*check)(const struct rdmactl_req *req, struct rdmactl_dev *dev,
		     const struct nlattr *port_attr);
	/* SCOPE_ENTRY: how many entries a port's table has. */
	u32 (*entries)(struct rdmactl_dev *dev, u32 port);
	/* Optional: the largest message an item of dev needs. */
	size_t (*reply_size)(struct rdmactl_dev *dev);
	/*
	 * Optional: read one item, dev held. An error refuses a doit, skips
	 * a dump's item.
	 */
	int (*prepare)(const struct rdmactl_req *req, struct rdmactl_dev *dev, void *data);
	/*
	 * Optional: then, holding no device, n items of one device, for work
	 * that may wait long (configfs); fill() gets no device. Its error
	 * refuses a doit; a dump reports what it has.
	 */
	int (*collect)(const struct rdmactl_req *req, void *data, unsigned int n);
	/*
	 * Optional, dumps only: have n items a dump will visit (on any
	 * device) read side by side, each unless a read ended at or after
	 * since (rdmactl_jiffies32()) is fresh, or its device is going; with
	 * wait, return once they are (or a bounded wait ends: shorter when
	 * req->genl_locked). fill() then takes what was read since
	 * *req->ahead_since. The dump holds the devices and no lock meanwhile.
	 */
	void (*ahead)(const struct rdmactl_req *req, const struct rdmactl_ahead *items,
		      unsigned int n, u32 since, bool wait);
	int (*fill)(struct sk_buff *skb, const struct rdmactl_req *req,
		    struct rdmactl_dev *dev, const void *data);
	void (*cleanup)(void *data);	/* optional */

	/* A SET of the object (rdmactl_req_set_doit()): */
	u8 set_scope;			/* enum rdmactl_set_scope */
	size_t set_size;		/* the SET's own state, zeroed (0: state is NULL) */
	/* Optional: check the request's own attributes, before any device. */
	int (*set_validate)(struct rdmactl_req *req, void *state);
	/*
	 * Make the change on *devp (held; set() may put it and NULL it, for
	 * work that goes by name), its port_attr's port, or every port when
	 * NULL, the port checked (check(), else that it exists). With no
	 * device named (SET_ANY_DEV), once a device: an -EAGAIN lets the
	 * others go on, and is the outcome. SET_NETDEV: once, devp and
	 * port_attr NULL; the request names what it changes. It tells of
	 * what it changed.
	 */
	int (*set)(struct rdmactl_req *req, void *state, struct rdmactl_dev **devp,
		   const struct nlattr *port_attr);
	/* Optional: the outcome of the whole SET, from set()'s. */
	int (*set_end)(struct rdmactl_req *req, void *state, int err);
	void (*set_cleanup)(void *state);	/* optional */
};

/* netlink.c: the object a GET or SET command is about. */
const struct rdmactl_req_ops *rdmactl_req_ops_of(u8 cmd);

/*
 * The default handlers, rdmactl_req_doit(), _start(), _dumpit() and
 * _set_doit(), are declared with the ops that name them (netlink-gen.h).
 */
int rdmactl_req_dump_begin(struct netlink_callback *cb, const struct rdmactl_req_ops *ops);
/* Shared by the doit (request.c) and the dumpit (dump.c). */
int rdmactl_req_check(const struct rdmactl_req_ops *ops, const struct rdmactl_req *req,
		      struct rdmactl_dev *dev, const struct nlattr *port_attr);
int rdmactl_req_fill(struct sk_buff *skb, const struct rdmactl_req_ops *ops,
		     const struct rdmactl_req *req, struct rdmactl_dev *dev, void *data);
void rdmactl_req_item(void *data, const char *name, u32 index, u32 port, u32 entry);

/* Resolve the device named by RDMACTL_A_DEV_INDEX and/or _NAME. */
struct rdmactl_dev *rdmactl_nl_dev_get(struct net *net, struct nlattr **attrs,
				       struct netlink_ext_ack *extack);
int rdmactl_nl_port_check(struct rdmactl_dev *dev, const struct nlattr *port_attr,
			  struct netlink_ext_ack *extack);
int rdmactl_nl_reply_size(struct genl_info *info, u8 cmd, size_t size,
			  int (*fill)(struct sk_buff *skb, void *arg), void *arg);
static inline int rdmactl_nl_reply(struct genl_info *info, u8 cmd,
				   int (*fill)(struct sk_buff *skb, void *arg), void *arg)
{
	return rdmactl_nl_reply_size(info, cmd, NLMSG_DEFAULT_SIZE, fill, arg);
}

void *rdmactl_nl_put(struct sk_buff *skb, struct netlink_callback *cb,
		     struct genl_info *info, u8 cmd);

/*
 * Where a dump resumes, overlaid on cb->ctx (zeroed when a dump starts).
 * Filters are resolved on the first call (rdmactl_req_dump_begin()) and
 * kept here, so a device renamed mid-dump keeps being the one the caller
 * asked for.
 */
struct rdmactl_dump_ctx {
	u32 dev_index;		/* next device to visit */
	/* Next port of that device, 0: first; IPOIB_GET: the next ifindex. */
	u32 port;
	u32 entry;		/* SCOPE_ENTRY: next entry of that port */
	u32 flags;		/* struct rdmactl_req's, from the first call */
	u32 filter_dev;		/* valid when has_filter_dev */
	u32 filter_port;	/* valid when has_filter_port */
	union {
		/* ops->ahead(): the first item not waited for yet, as dev_index, port. */
		struct {
			u32 ahead_dev;
			u32 ahead_port;
		};
		int filter_ifindex;	/* IPOIB_GET: the interface named, or 0 */
	};
	/* struct rdmactl_req's; without ops->ahead(), when the dump began (its since). */
	u32 ahead_since;
	u32 queued_at;		/* when the items from there on were queued, or 0 */
	bool has_filter_dev;
	bool has_filter_port;
	bool started;
	bool called;		/* a call returned: this one holds no cb_lock */
	bool done;
};

static inline struct rdmactl_dump_ctx *rdmactl_dump_ctx(struct netlink_callback *cb)
{
	BUILD_BUG_ON(sizeof(struct rdmactl_dump_ctx) > sizeof(cb->ctx));
	return (struct rdmactl_dump_ctx *)cb->ctx;
}

#endif /* _RDMACTL_REQUEST_H */
