/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces of rdmactl.ko: the device registry (client.c), the
 * netlink family (netlink.c) and one fill/handler pair per object.
 */
#ifndef _RDMACTL_CORE_H
#define _RDMACTL_CORE_H

#include <linux/completion.h>
#include <linux/netdevice.h>
#include <linux/refcount.h>
#include <linux/workqueue.h>
#include <net/genetlink.h>
#include <rdma/ib_verbs.h>
#include <linux/rdmactl.h>

/* The ops, policies and handlers the spec gives (make regen). */
#include "netlink-gen.h"

#define RDMACTL_PMA_NUM 21

/* One PMA read: the PMA set decides which counters are there, and how wide. */
struct rdmactl_pma_snap {
	u64 value[RDMACTL_PMA_NUM];
	u8 width[RDMACTL_PMA_NUM];	/* 0: not in this port's set */
};

/*
 * Counters of one port, or of the device itself (counters.c): our own
 * driver stats object, the port's PMA counter set, the last reads of both
 * (read again once older than the object's lifespan, as sysfs does), and
 * the baseline a non-destructive reset records.
 */
struct rdmactl_stat_state {
	struct mutex lock;		/* all below; MADs are sent under it */
	/* NULL when the driver has none; its timestamp and lifespan are ours. */
	struct rdma_hw_stats *hw;
	unsigned long pma_retry;	/* jiffies: when to ask ClassPortInfo again */
	unsigned long pma_next;		/* jiffies: when to read the PMA again */
	struct rdmactl_pma_snap pma_snap;
	s8 pma_set;			/* enum rdmactl_pma_set, 0 none, -1 unknown */
	bool pma_valid;			/* pma_snap holds a read */
	bool hw_valid;			/* hw->value[] holds a read */
	u64 read_ns;			/* ktime of the last read of either */
	/*
	 * The baseline. Its arrays are made by the first STAT_RESET doit of
	 * a baseline that reaches the port (stat-reset.c), not with the
	 * device: a port that never has one costs none, and a device's array
	 * of this struct fits 16 KiB up to 35 ports on a 64-bit kernel
	 * without lock debugging (issue 58). Set once, freed with the device.
	 */
	bool has_baseline;
	u64 baseline_ts;
	u64 *pma_base;			/* [RDMACTL_PMA_NUM]; NULL in slot 0 and until then */
	u64 *hw_base;			/* [hw->num_counters]; NULL until then */
	/*
	 * What the sources hold is a snapshot that ended at read_at (jiffies),
	 * unless !read_ok (a reset since). A dump reads ports ahead through
	 * ahead_work (ahead_busy until it has run), as dev's port.
	 */
	unsigned long read_at;
	bool read_ok;
	bool ahead_busy;		/* READ_ONCE/WRITE_ONCE, no lock */
	u32 ahead_after;		/* ahead_work need not read before this */
	u32 doit_since;			/* a doit came back empty: since when */
	struct work_struct ahead_work;
	/* STAT_RESET's (stat-reset.c), under its rdmactl_reset_lock. */
	struct work_struct reset_work;
	bool reset_hw;			/* the kind asked: the PMA's, or a baseline */
	bool reset_busy;		/* queued or running */
	bool reset_running;
	bool reset_again;		/* asked while running: run once more */
	bool reset_has_pma;		/* after the last: the port has a PMA */
	u32 reset_begun, reset_ended;	/* resets begun; the number of the last ended */
	int reset_err;			/* the last's outcome */
	/* What a doit was given, for it asked again (it gave up: EAGAIN). */
	bool reset_kept;
	u32 reset_kept_portid, reset_kept_seq, reset_kept_need, reset_kept_at;
	const struct net *reset_kept_net;	/* compared, never followed */
	struct rdmactl_dev *dev;
	u32 port;
};

/*
 * A port's netdev as the last NETDEV_ATTACH told of it (events.c), under
 * RTNL: held, so that its NETDEV_UNREGISTER finds it by pointer whatever
 * ib_core and the driver answer by then; the name and ifindex tell a
 * rename.
 */
struct rdmactl_port_ndev {
	struct net_device *ndev;
	int ifindex;
	char ifname[IFNAMSIZ];
};

/*
 * A port's attributes as its last ib_query_port() gave them (port-query.c):
 * a request handler never queries the driver itself.
 */
struct rdmactl_port_query {
	spinlock_t lock;		/* attr .. busy */
	struct ib_port_attr attr;
	int err;			/* the query's */
	unsigned long began;		/* jiffies the query attr is from began; 0: none */
	int read_epoch;			/* epoch when it began */
	u32 want;			/* the latest since asked for, 0: none */
	bool busy;			/* work queued or running */
	u32 doit_since;			/* a doit was asked to come back: since when */
	atomic_t epoch;			/* port events, which make a read in flight stale */
	struct work_struct work;
	struct rdmactl_dev *dev;
	u32 port;
};

/* Whether a device's counter reads fail, source by source (stat-hold.c). */
enum rdmactl_hold_which { RDMACTL_HOLD_HW, RDMACTL_HOLD_PMA, RDMACTL_HOLD_NUM };

struct rdmactl_hold_src {
	int err;			/* the last read's outcome: 0, or -errno */
	unsigned long failed_at;	/* jiffies: with err, when it failed */
	u32 gen;			/* failures so far, 31 bits */
	bool probing;			/* a reader tries again after the hold */
};

struct rdmactl_stat_hold {
	spinlock_t lock;		/* src[] */
	struct rdmactl_hold_src src[RDMACTL_HOLD_NUM];
};

/*
 * One per ib_device, from the client's add() to its remove(). The
 * registry holds the first reference; netlink handlers take their own
 * with rdmactl_dev_get_*() and may then sleep, take RTNL or query the
 * driver without holding any registry lock. remove() drops the registry's
 * reference and waits for the others, so the ib_device behind it stays
 * registered for as long as anyone holds a reference.
 */
struct rdmactl_dev {
	struct ib_device *ibdev;
	u32 index;
	refcount_t users;
	struct completion released;
	/* A copy of the device name, protected by the registry lock. */
	char name[IB_DEVICE_NAME_MAX];
	struct ib_event_handler event_handler;
	/* [0]: the device's own counters; then its ports, in order. */
	struct rdmactl_stat_state *stats;
	unsigned int nstats;
	struct rdmactl_stat_hold hold;
	struct rdmactl_port_query *queries;	/* [port], 0..rdma_end_port() */
	/* [port], 0..rdma_end_port(); under RTNL, as ndevs_gone. */
	struct rdmactl_port_ndev *ndevs;
	bool ndevs_gone;	/* remove() let go of them: hold nothing more */
	bool announced;		/* its DEV_ADD went out: rescans may attach */
	bool removing;		/* remove() has begun: nobody waits on its reads */
	bool told_removed;	/* its DEV_REMOVE was sent: no event of it after */
};

int rdmactl_client_register(void);
void rdmactl_client_unregister(void);

struct rdmactl_dev *rdmactl_dev_get_by_index(struct net *net, u32 index);
struct rdmactl_dev *rdmactl_dev_get_by_name(struct net *net, const char *name);
struct rdmactl_dev *rdmactl_dev_get_any(u32 index);
/* net NULL: every device, whatever namespaces see it. */
struct rdmactl_dev *rdmactl_dev_get_next(struct net *net, u32 *index);
/*
 * jiffies in 32 bits, never 0 (which means "never"), for what must fit a
 * netlink_callback's ctx; compared with rdmactl_after_eq32().
 */
static inline u32 rdmactl_jiffies32(void)
{
	u32 j = (u32)jiffies;

	return j ? j : 1;
}

static inline bool rdmactl_after_eq32(u32 a, u32 b)
{
	return (s32)(a - b) >= 0;
}

/* Another reference to a device the caller holds. */
static inline struct rdmactl_dev *rdmactl_dev_hold(struct rdmactl_dev *dev)
{
	refcount_inc(&dev->users);
	return dev;
}

void rdmactl_dev_put(struct rdmactl_dev *dev);
void rdmactl_dev_name(struct rdmactl_dev *dev, char *buf);
u32 rdmactl_generation(void);

int rdmactl_netlink_register(void);
void rdmactl_netlink_unregister(void);

extern struct genl_family rdmactl_family;

#include "request.h"

/* dev.c */
extern const struct rdmactl_req_ops rdmactl_dev_request;
int rdmactl_fill_dev_ident(struct sk_buff *skb, struct rdmactl_dev *dev);

/* Counter names, each NUL-terminated, one after the other. */
struct rdmactl_names {
	char *buf;
	u32 len;			/* bytes of buf */
	u32 count;
};

/* The longest counter name, with its NUL. */
#define RDMACTL_COUNTER_NAME_MAX	64

/* STAT_MODE events: what happened to a port's kept optional counters. */
#define RDMACTL_STAT_MODE_EV_CLEAR	BIT(0)
#define RDMACTL_STAT_MODE_EV_RESTORED	BIT(1)

/*
 * A RoCE port's QoS profile, kept with its ToS (roce-qos.c): the ToS's
 * DSCP mapped to prio in the netdev's APP table, PFC on or off for prio,
 * and which field the netdev trusts first.
 */
struct rdmactl_qos {
	bool has;		/* prio and pfc */
	bool has_trust;		/* trust too: not on netdevs without apptrust */
	u8 prio;
	u8 pfc;			/* 1: on */
	u8 trust;		/* enum rdmactl_roce_trust */
};

/* Which values a struct rdmactl_roce_settings has. */
#define RDMACTL_ROCE_HAS_MODE	BIT(0)
#define RDMACTL_ROCE_HAS_TOS	BIT(1)

/*
 * A RoCE port's settings: rdma_cm's default RoCE mode and ToS, each there
 * only when has says so, and the QoS profile, only with the ToS whose DSCP
 * it maps. What a ROCE_SET asks for, what rdma_cm is written and read back
 * with (cm.c), what is kept of a port (roce-saved.c) and what its ROCE
 * event says.
 */
struct rdmactl_roce_settings {
	u8 has;			/* RDMACTL_ROCE_HAS_* */
	u8 mode;		/* enum rdmactl_gid_type: v1 or v2 */
	u8 tos;
	struct rdmactl_qos qos;	/* qos.has: a profile */
};

/*
 * What ROCE_GET says of a RoCE port (roce.c), and so what its ROCE event
 * says: a copy, which the event owns.
 */
struct rdmactl_roce_state {
	u32 types;		/* BIT(enum rdmactl_gid_type) of each mode it can use */
	u8 source;		/* enum rdmactl_roce_source of cur's mode and tos */
	struct rdmactl_roce_settings cur;	/* rdma_cm's, unless source is unknown */
	struct rdmactl_roce_settings saved;	/* what rdmactl keeps of the port */
};

/* What a ROCE event's source knows: rdma_cm read back, and how it came. */
struct rdmactl_roce_ev {
	struct rdmactl_roce_settings s;	/* rdma_cm's mode and ToS as read back; has 0: unread */
	/* The kept settings applied (a QoS re-apply), not those kept when it is sent. */
	const struct rdmactl_roce_settings *applied;
	bool restored;		/* applied again, not set */
	bool clear;		/* the saved settings forgotten */
	bool cm_gone;		/* rdma_cm unloading took the defaults */
	bool delayed;		/* restored: not yet (error -EBUSY), tried again */
	int error;		/* -errno: not applied */
};

/* One event, as its source saw it (events.c, and its KUnit tests). */
struct rdmactl_event_item {
	struct work_struct work;
	u8 type;
	bool has_dev;		/* about device dev_index */
	u32 dev_index;
	char name[IB_DEVICE_NAME_MAX];	/* "" when the worker found none */
	char old_name[IB_DEVICE_NAME_MAX];
	u32 port;
	int ifindex;
	char ifname[IFNAMSIZ];
	u8 mode;		/* IPoIB: enum rdmactl_ipoib_mode */
	struct rdmactl_roce_state roce;	/* RoCE: the port's ROCE_GET reply */
	bool restored;		/* RoCE: applied again, not set */
	bool clear;		/* RoCE: the saved settings forgotten */
	bool cm_gone;		/* RoCE: rdma_cm unloading took the defaults */
	bool delayed;		/* RoCE: a restore delayed, tried again */
	bool qos_only;		/* RoCE: a QoS re-apply, DCB alone: no source, mode, ToS */
	bool reset_hw;		/* STAT_RESET: the PMA's, not a baseline */
	int error;		/* RoCE, STAT_MODE: a restore that failed, -errno */
	struct rdmactl_names names;	/* STAT_MODE: what is kept, owned */
	u8 stat_mode;		/* STAT_MODE: RDMACTL_STAT_MODE_EV_* */
	u32 mtu;
	struct net *net;	/* netdev events: the netdev's namespace, held */
	struct list_head list;	/* a rescan's, until it sends them */
	u64 lost;		/* OVERFLOW: events lost since the last one */
	/* Port events: the state when it happened, from ib_core's cache. */
	bool have_state;
	enum ib_port_state state;
	/* The rest of the port, read by the worker when it sends. */
	bool have_attr;
	struct ib_port_attr attr;
};

/* events.c */
int rdmactl_events_init(void);
int rdmactl_events_start(void);
void rdmactl_events_stop(void);
void rdmactl_events_exit(void);
void rdmactl_event_dev_init(struct rdmactl_dev *dev);
void rdmactl_event_dev(struct rdmactl_dev *dev, u8 type, const char *old_name,
		       const char *name);
void rdmactl_event_dev_remove(struct rdmactl_dev *dev);
/* A RoCE port's ROCE_GET reply st, with rev's restored, clear and error. */
void rdmactl_event_roce(struct rdmactl_dev *dev, u32 port, const struct rdmactl_roce_state *st,
			const struct rdmactl_roce_ev *rev);
/* roce-qos.c: under RTNL, ndev attached to port of dev (netdevs.c). */
void rdmactl_qos_attached(struct rdmactl_dev *dev, u32 port, struct net_device *ndev);
void rdmactl_event_stat_reset(struct rdmactl_dev *dev, u32 port, bool hw);
/* Takes names' buffer, when it queues the event. */
void rdmactl_event_stat_mode(struct rdmactl_dev *dev, u32 port, struct rdmactl_names *names,
			     u8 flags, int error);
void rdmactl_event_ipoib(struct net_device *ndev, u8 type, u8 mode,
			 const struct ib_device *hca);
/* An event that could not be made or queued: counted, told as an OVERFLOW. */
void rdmactl_event_lost(void);

#include "msg.h"

/* How long a handler under genetlink's cb_lock waits, in all, for a port or RTNL. */
#define RDMACTL_LOCKED_WAIT	(HZ / 10)

/* counters.c */

/*
 * A MAD status of "bad class version", "method unsupported" or
 * "method/attribute unsupported" (the InvalidField code, bits 2-4): the
 * agent has no such thing, which asking again will not change.
 */
static inline bool rdmactl_mad_status_unsupported(__be16 status)
{
	u16 invalid = (be16_to_cpu(status) >> 2) & 7;

	return invalid >= 1 && invalid <= 3;
}

int rdmactl_stat_init(struct rdmactl_dev *dev);
bool rdmactl_stat_may_read(struct rdmactl_dev *dev, enum rdmactl_hold_which src, bool reset,
			   u32 *ticket);
void rdmactl_stat_read_done(struct rdmactl_dev *dev, enum rdmactl_hold_which src, u32 ticket,
			    int err);
int rdmactl_stat_hold_put(struct sk_buff *skb, struct rdmactl_dev *dev,
			  const struct rdmactl_stat_state *st, bool have_pma, bool have_hw);
/*
 * The workqueue that reads ports for requests (a STAT_GET dump's reads
 * ahead, port queries): at module load and unload.
 */
int rdmactl_stat_wq_init(void);
void rdmactl_stat_wq_exit(void);
void rdmactl_read_queue(struct work_struct *work);

/* port-query.c */
int rdmactl_port_query_init(struct rdmactl_dev *dev);
void rdmactl_port_query_fini(struct rdmactl_dev *dev);
void rdmactl_port_query_changed(struct rdmactl_dev *dev, u32 port);
void rdmactl_port_query_removing(void);
int rdmactl_port_query_wq_init(void);
void rdmactl_port_query_wq_exit(void);
int rdmactl_port_query(const struct rdmactl_req *req, struct rdmactl_dev *dev, u32 port,
		       struct ib_port_attr *attr);
/* dev's remove() has begun: dumps waiting on its ports' reads stop waiting. */
void rdmactl_stat_removing(struct rdmactl_dev *dev);
/* counters.c and stat-ahead.c, between them. */
bool rdmactl_stat_is_dev(struct rdmactl_dev *dev, u32 port);
struct rdmactl_stat_state *rdmactl_stat_of(struct rdmactl_dev *dev, u32 port);
void rdmactl_stat_read(struct rdmactl_dev *dev, u32 port, struct rdmactl_stat_state *st,
		       bool *have_pma, bool *have_hw);
void rdmactl_stat_ahead_one(struct work_struct *work);
void rdmactl_stat_ahead(const struct rdmactl_req *req, const struct rdmactl_ahead *items,
			unsigned int n, u32 since, bool wait);
bool rdmactl_stat_ahead_read(const struct rdmactl_req *req, const struct rdmactl_stat_state *st);
int rdmactl_stat_locked_read(const struct rdmactl_req *req, struct rdmactl_dev *dev, u32 port,
			     struct rdmactl_stat_state *st);
u64 rdmactl_less_base(u64 v, u64 base, u8 width, bool wraps);
int rdmactl_put_counter(struct sk_buff *skb, const char *name, u64 v,
			u8 source, u8 width, u32 flags, u8 unit);
/* STAT_GET's reading of its own attributes (struct rdmactl_req's flags). */
#define RDMACTL_STAT_REQ_BASELINE BIT(0)

/* pma.c: each called with the port's st->lock held. */
bool rdmactl_pma_get(struct rdmactl_dev *dev, u32 port, struct rdmactl_stat_state *st,
		     bool fresh);
int rdmactl_pma_put(struct sk_buff *skb, struct rdmactl_stat_state *st,
		    const struct rdmactl_pma_snap *snap, bool baseline);
int rdmactl_pma_reset(struct rdmactl_dev *dev, u32 port, struct rdmactl_stat_state *st);
void rdmactl_stat_fini(struct rdmactl_dev *dev);
/* The port's (0: the device's) driver counters' descriptors, or NULL; no lock needed. */
const struct rdma_hw_stats *rdmactl_stat_hw(struct rdmactl_dev *dev, u32 port);
extern const struct rdmactl_req_ops rdmactl_stat_request;
/* stat-reset.c: STAT_RESET, the stat object's SET, for counters.c. */
struct rdmactl_reset_asker {
	const struct net *net;		/* portids are a namespace's */
	u32 portid, seq;
	u32 now;			/* rdmactl_jiffies32() when asked */
};

struct rdmactl_reset_items;

struct rdmactl_reset_req {
	struct rdmactl_reset_asker who;
	unsigned long until;		/* jiffies: the doit waits no longer */
	bool hw;
	int done;			/* ports reset */
	/* No device named: every device's items, started at once. */
	bool all;
	struct rdmactl_reset_items *items;
	u32 nitems;
};

int rdmactl_stat_reset_validate(struct rdmactl_req *req, void *state);
int rdmactl_stat_reset_set(struct rdmactl_req *req, void *state, struct rdmactl_dev **devp,
			   const struct nlattr *port_attr);
int rdmactl_stat_reset_end(struct rdmactl_req *req, void *state, int err);
void rdmactl_stat_reset_cleanup(void *state);
void rdmactl_stat_reset_one(struct work_struct *work);
void rdmactl_stat_reset_removing(void);
/* counters.c, for stat-reset.c */
bool rdmactl_hw_read(struct rdmactl_dev *dev, u32 port, struct rdmactl_stat_state *st,
		     bool fresh);
int rdmactl_stat_port(struct rdmactl_dev *dev, const struct nlattr *port_attr,
		      struct netlink_ext_ack *extack, u32 *port);

/* ipoib.c */
extern const struct rdmactl_req_ops rdmactl_ipoib_request;
int rdmactl_ipoib_set_init(void);
void rdmactl_ipoib_set_exit(void);
/* Called with RTNL held, from netdevs.c's notifier, for every netdev. */
void rdmactl_ipoib_netdev_event(struct net_device *ndev, unsigned long event);
void rdmactl_ipoib_events_stop(void);

/* gid.c */
u8 rdmactl_gid_type(struct ib_device *ibdev, u32 port, enum ib_gid_type type);
extern const struct rdmactl_req_ops rdmactl_gid_request;

/* roce.c */
int rdmactl_roce_init(void);
void rdmactl_roce_exit(void);
void rdmactl_roce_dev_added(struct rdmactl_dev *dev);
/* BIT(enum rdmactl_gid_type) of each RoCE mode the port can use. */
u32 rdmactl_roce_types(struct ib_device *ibdev, u32 port);
/*
 * ROCE_GET's fill of a port, which its ROCE event shares, how says:
 * EVENT, roce-source only with roce-mode and roce-tos (librdmactl before
 * 1.6 reads unknown as rdma_cm unloaded); NO_CUR, none of the three (an
 * event with roce-error, as before 1.6, which read them as applied; a QoS
 * re-apply, which touched DCB alone and 1.5 would read as rdma_cm's).
 */
#define RDMACTL_ROCE_PUT_EVENT	BIT(0)
#define RDMACTL_ROCE_PUT_NO_CUR	BIT(1)
int rdmactl_roce_put(struct sk_buff *skb, const struct rdmactl_roce_state *st, u32 how);
extern const struct rdmactl_req_ops rdmactl_roce_request;

/* port.c */
extern const struct rdmactl_req_ops rdmactl_port_request;
/* A RoCE or iWARP port's netdev, when it is in net. */
int rdmactl_fill_netdev(struct sk_buff *skb, struct net *net, struct ib_device *ibdev, u32 port);

/* stat-mode.c: the optional counters kept by node GUID and port. */
extern const struct rdmactl_req_ops rdmactl_stat_mode_request;
int rdmactl_names_put(struct sk_buff *skb, const struct rdmactl_names *names);
void rdmactl_stat_mode_exit(void);

/*
 * What rdmactl_kunit.ko (kmod/tests) calls: static unless the kernel has
 * KUnit, then exported in the EXPORTED_FOR_KUNIT_TESTING namespace.
 */
#if IS_ENABLED(CONFIG_KUNIT)
u64 rdmactl_pma_field(const u8 *data, u16 off, u8 width);
void rdmactl_pma_decode(const u8 *basic, const u8 *ext, s8 set,
			struct rdmactl_pma_snap *snap);
const char *rdmactl_pma_name(int i);
unsigned int rdmactl_stat_slot(u32 start, u32 port);
int rdmactl_event_fill(struct sk_buff *skb, struct net *net,
		       const struct rdmactl_event_item *ev);
const char *rdmactl_roce_types_str(u32 types);
int rdmactl_roce_mode_parse(const struct nlattr *attr, struct netlink_ext_ack *extack);
int rdmactl_ipoib_mode_parse(const struct nlattr *attr, struct netlink_ext_ack *extack);
#endif

#endif /* _RDMACTL_CORE_H */
