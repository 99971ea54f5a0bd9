/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rdmactl_fakehca: a test-only RDMA provider that registers real
 * ib_devices with ib_core, so that ib_core, ib_ipoib and sysfs run
 * unmodified on top of it and tests can steer what they see: port state,
 * LID, SM, P_Keys, GIDs, PMA and hw counters, and the events that go with
 * them. Never installed; built and loaded only by the test harness.
 *
 *   main.c     module parameters, creating and removing devices, the ops
 *   verbs.c    PD, MR, CQ and QP: enough for ib_ipoib
 *   counters.c the PMA (process_mad) and driver hw counters
 *   personality.c  the providers a device can play: mlx5, bnxt_re, ...
 *   debugfs.c  the knobs under /sys/kernel/debug/rdmactl_fakehca/
 *   netdev.c   netdev events: datagram-only ipoib interfaces, as
 *              Enhanced IPoIB has; RoCE netdevs going away
 *   ethdev.c   fakeeth, an Ethernet netdev (ip link add ... type
 *              fakeeth) with ethtool statistics the tests set
 *   dcb.c      fakeeth's DCB netlink ops: ETS, PFC, APP, apptrust
 */
#ifndef _FAKEHCA_H
#define _FAKEHCA_H

#include <linux/dcbnl.h>
#include <linux/spinlock.h>
#include <rdma/ib_verbs.h>

#include "compat.h"

#define FAKE_GID_TBL_LEN	8
#define FAKE_PKEY_TBL_LEN	16

/* PMA counters, in the order and with the names of sysfs ports/N/counters. */
enum fake_pma {
	FAKE_PMA_SYMBOL_ERROR,
	FAKE_PMA_LINK_ERROR_RECOVERY,
	FAKE_PMA_LINK_DOWNED,
	FAKE_PMA_PORT_RCV_ERRORS,
	FAKE_PMA_PORT_RCV_REMOTE_PHYSICAL_ERRORS,
	FAKE_PMA_PORT_RCV_SWITCH_RELAY_ERRORS,
	FAKE_PMA_PORT_XMIT_DISCARDS,
	FAKE_PMA_PORT_XMIT_CONSTRAINT_ERRORS,
	FAKE_PMA_PORT_RCV_CONSTRAINT_ERRORS,
	FAKE_PMA_LOCAL_LINK_INTEGRITY_ERRORS,
	FAKE_PMA_EXCESSIVE_BUFFER_OVERRUN_ERRORS,
	FAKE_PMA_VL15_DROPPED,
	FAKE_PMA_PORT_XMIT_DATA,
	FAKE_PMA_PORT_RCV_DATA,
	FAKE_PMA_PORT_XMIT_PACKETS,
	FAKE_PMA_PORT_RCV_PACKETS,
	FAKE_PMA_PORT_XMIT_WAIT,
	FAKE_PMA_UNICAST_XMIT_PACKETS,
	FAKE_PMA_UNICAST_RCV_PACKETS,
	FAKE_PMA_MULTICAST_XMIT_PACKETS,
	FAKE_PMA_MULTICAST_RCV_PACKETS,
	FAKE_PMA_NUM
};

extern const char *const fake_pma_names[FAKE_PMA_NUM];

/* What ClassPortInfo advertises, and so which counter set sysfs uses. */
enum fake_pma_mode {
	FAKE_PMA_EXT,		/* IB_PMA_CLASS_CAP_EXT_WIDTH: all 64-bit */
	FAKE_PMA_NOIETF,	/* ..._NOIETF: 64-bit data, no uni/multicast */
	FAKE_PMA_BASIC,		/* PortCounters only: 32-bit, saturating */
};

/* A driver hw counter: its name, and whether it is optional (5.16+). */
struct fake_hw_counter {
	const char *name;
	bool optional;
};

/* How a personality's ports reach the wire. */
enum fake_link {
	FAKE_LINK_OPTION,	/* link_layer= says: InfiniBand, or RoCE on netdevs= */
	FAKE_LINK_ROCE,		/* RoCE v1 and v2 on netdevs= */
	FAKE_LINK_IWARP,	/* iWARP on netdevs= (link_layer=roce: RoCE) */
	FAKE_LINK_RAW,		/* Ethernet, raw packet QPs only, on netdevs= */
	FAKE_LINK_NONE,		/* no core capability, link layer unspecified (EFA) */
};

/* RDMA_DRIVER_MANA (6.2): uapi, so its value never changes (probes/rdma_driver_mana.c). */
#define FAKE_DRIVER_MANA	20

/* Which counter reads the device's firmware refuses. */
enum fake_restrict { FAKE_RESTRICT_NONE, FAKE_RESTRICT_ALL, FAKE_RESTRICT_PMA };

/* A provider the fake device plays (personality.c): a table, not code. */
struct fake_personality {
	const char *name;
	enum rdma_driver_id driver_id;	/* RDMA_DRIVER_UNKNOWN: the fake's own */
	const char *dev_name;		/* ib_register_device()'s; NULL: fakeib, fakeroce */
	enum fake_link link;
	u8 node_type;			/* enum rdma_node_type */
	bool pma;			/* process_mad() answers PerfMgmt */
	bool always_active;		/* query_port() says ACTIVE whatever the port's state */
	bool no_port_attrs;		/* query_port() fills nothing: state NOP, width 0 */
	const struct fake_hw_counter *port_hw, *dev_hw;	/* optional ones last */
	u8 num_port_hw, num_dev_hw;
};

#define FAKE_NUM_PERSONALITIES	6
extern const struct fake_personality fake_personalities[FAKE_NUM_PERSONALITIES];

struct fake_dev;
struct fake_port;

/* The debugfs files (debugfs.c): device files, then port files. */
enum fake_knob_kind {
	K_ADD, K_REMOVE, K_DEVICES,
	K_DEV_HW, K_RESTRICTED, K_DEV_HW_READS, K_FATAL,
	K_STATE, K_LID, K_LMC, K_SM_LID, K_SM_SL, K_SUBNET_PREFIX, K_GUID,
	K_GIDS, K_PKEYS, K_REREGISTER, K_PMA, K_PORT_HW, K_MADS, K_MAD_FAIL,
	K_HW_READS, K_NETDEV, K_WIDTH, K_BOUND_HW,
	K_NUM
};

/* What a file is about; kept in the device or port it names. */
struct fake_knob {
	struct fake_dev *fdev;
	struct fake_port *port;
	enum fake_knob_kind kind;
};

#define FAKE_DEV_KNOBS	(K_FATAL - K_DEV_HW + 1)
#define FAKE_PORT_KNOBS	(K_NUM - K_STATE)

/* Everything below is under fake_dev.lock. */
struct fake_port {
	struct fake_dev *fdev;
	u32 num;
	enum ib_port_state state;
	u8 phys_state;
	u32 lid;
	u32 sm_lid;
	u8 sm_sl;
	u8 lmc;
	u8 width;				/* enum ib_port_width */
	u64 subnet_prefix;
	u64 guid;
	union ib_gid gids[FAKE_GID_TBL_LEN];	/* [0] is prefix + guid */
	u16 pkeys[FAKE_PKEY_TBL_LEN];
	u64 pma[FAKE_PMA_NUM];
	u64 *hw;				/* [opts.pers->num_port_hw] */
	/* What each counter bound on the port (`rdma statistic qp bind`) reads. */
	u64 *bound_hw;
	atomic64_t mads;			/* process_mad calls */
	atomic64_t hw_reads;			/* get_hw_stats calls */
	u32 mad_fail;				/* PMA MADs left to fail */
	u16 mad_fail_status;			/* 0: IB_MAD_RESULT_FAILURE */
	bool mad_fail_ext;			/* PortCountersExtended's alone */
	/* RoCE: held until removal or a write to the netdev knob */
	struct net_device *ndev;
	struct fake_knob knobs[FAKE_PORT_KNOBS];
};

/* The options of one device, from module parameters or the "add" knob. */
struct fake_dev_opts {
	u32 ports;
	enum ib_port_state state;
	enum fake_pma_mode pma;
	bool datagram_only;
	bool ud_csum;			/* IB_DEVICE_UD_IP_CSUM */
	bool optional;			/* the optional port counter fake_opt */
	u32 lifespan_ms;		/* of the hw stats objects; 0: the default */
	const struct fake_personality *pers;	/* personality=: never NULL */
	/*
	 * restricted=all: every PMA MAD and hw counter read fails, as on a
	 * restricted NVIDIA PF, and each logs the firmware's refusal;
	 * restricted=pma: PMA MADs alone, as mlx5's, whose PMA reads the
	 * refused PPCNT register while its queue counters answer (counters.c).
	 * Also the device's restricted knob; READ_ONCE/WRITE_ONCE.
	 */
	enum fake_restrict restricted;
	bool roce;			/* link_layer=roce (fake_wire() says what it makes) */
	/* netdev_op=get: ops.get_netdev (mlx4), never ib_device_set_netdev */
	bool netdev_get;
	char netdevs[128];		/* comma-separated; port N takes the Nth, or the last */
	/*
	 * id=N: the device's id (in its node GUID) N, +1; 0: the next one.
	 * A test that reloads the module gets a device back as the same node
	 * without adding and removing one per id before it.
	 */
	u32 id_plus1;
};

struct fake_dev {
	struct ib_device ibdev;			/* first: ib_alloc_device() */
	struct list_head list;			/* fake_devices, under fake_lock */
	struct fake_dev_opts opts;
	u32 id;					/* in the node GUID and board_id */
	spinlock_t lock;			/* the ports' fields, hw[] */
	u64 *hw;				/* [opts.pers->num_dev_hw] */
	atomic64_t hw_reads;			/* get_hw_stats() of the device's own */
	atomic_t next_qpn;
	/* PMA MADs in process_mad() now, and the most at once (debugfs). */
	atomic_t mads_in_flight;
	atomic_t mads_in_flight_max;
	struct fake_port *ports;		/* [opts.ports], port N at N - 1 */
	struct dentry *dir;
	struct fake_knob knobs[FAKE_DEV_KNOBS];
};

/* What a device's ports are, from its personality and link_layer=. */
enum fake_wire { FAKE_WIRE_IB, FAKE_WIRE_ROCE, FAKE_WIRE_IWARP, FAKE_WIRE_RAW, FAKE_WIRE_NONE };

static inline enum fake_wire fake_wire(const struct fake_dev_opts *opts)
{
	switch (opts->pers->link) {
	case FAKE_LINK_OPTION:
		return opts->roce ? FAKE_WIRE_ROCE : FAKE_WIRE_IB;
	case FAKE_LINK_IWARP:
		return opts->roce ? FAKE_WIRE_ROCE : FAKE_WIRE_IWARP;
	case FAKE_LINK_RAW:
		return FAKE_WIRE_RAW;
	case FAKE_LINK_NONE:
		return FAKE_WIRE_NONE;
	default:
		return FAKE_WIRE_ROCE;
	}
}

/* Whether the device's ports are on netdevs (netdevs=): RoCE, iWARP, raw Ethernet. */
static inline bool fake_on_netdev(const struct fake_dev_opts *opts)
{
	enum fake_wire w = fake_wire(opts);

	return w == FAKE_WIRE_ROCE || w == FAKE_WIRE_IWARP || w == FAKE_WIRE_RAW;
}

static inline struct fake_dev *to_fdev(struct ib_device *ibdev)
{
	return container_of(ibdev, struct fake_dev, ibdev);
}

static inline struct fake_port *fake_port(struct ib_device *ibdev, u32 port)
{
	return &to_fdev(ibdev)->ports[port - 1];
}

/* main.c */
int fake_parse_state(const char *s, enum ib_port_state *out);
const char *fake_state_name(enum ib_port_state state);
int fake_parse_pma(const char *s, enum fake_pma_mode *out);
int fake_parse_link_layer(const char *s, bool *roce);
int fake_parse_netdev_op(const char *s, bool *get);
int fake_parse_restrict(const char *s, enum fake_restrict *out);
const char *fake_restrict_name(enum fake_restrict r);
int fake_port_set_netdev(struct fake_port *port, const char *name);
u8 fake_phys_state(enum ib_port_state state);
extern struct mutex fake_lock;
extern spinlock_t fake_list_lock;
extern struct list_head fake_devices;
int fake_dev_add(const struct fake_dev_opts *opts, struct fake_dev **out);
void fake_dev_remove(struct fake_dev *fdev);
struct fake_dev *fake_dev_find(const char *name);
void fake_port_event(struct fake_port *port, enum ib_event_type type);
bool fake_ibdev_ours(const struct ib_device *ibdev);
void fake_port_set_gid0(struct fake_port *port);

/* verbs.c */
extern const struct ib_device_ops fake_verbs_ops;

/* counters.c */
extern const struct ib_device_ops fake_counter_ops;
/* The most PMA MADs in process_mad() at once (counters.c; debugfs resets it). */
extern atomic_t fake_mads_in_flight_max;
int fake_pma_set(struct fake_port *port, const char *name, u64 value, bool add);
int fake_hw_set(u64 *hw, const struct fake_hw_counter *names, int n,
		const char *name, u64 value, bool add);
int fake_hw_port_num(const struct fake_dev *fdev);
int fake_counters_alloc(struct fake_dev *fdev);
void fake_counters_free(struct fake_dev *fdev);
void fake_counters_ops(struct fake_dev *fdev);

/* personality.c */
int fake_personality_init(void);
void fake_personality_exit(void);
const struct fake_personality *fake_personality_find(const char *name);
const void *fake_hw_descs(const struct fake_dev *fdev, bool dev);

/* debugfs.c */
int fake_debugfs_init(void);
void fake_debugfs_exit(void);
void fake_debugfs_add_dev(struct fake_dev *fdev);
struct dentry *fake_debugfs_root(void);

/* netdev.c */
int fake_netdev_init(void);
void fake_netdev_exit(void);

/* ethdev.c */
int fake_ethdev_init(void);
void fake_ethdev_exit(void);

/* The DCB ops a fakeeth's knob can make fail (dcb.c's dcb_fail.OP). */
enum fake_dcb_op { FAKE_DCB_PFC, FAKE_DCB_ETS, FAKE_DCB_APP, FAKE_DCB_APPTRUST, FAKE_DCB_OPS };

struct fake_dcb_fail {
	int err[FAKE_DCB_OPS];		/* 0, or the -errno the op returns */
};

/* A fakeeth's DCB settings (dcb.c), in its private data; under RTNL. */
struct fake_eth_dcb {
	u8 prio_tc[IEEE_8021QAZ_MAX_TCS];
	u8 tc_tsa[IEEE_8021QAZ_MAX_TCS];
	u8 tc_tx_bw[IEEE_8021QAZ_MAX_TCS];
	u8 pfc_en;			/* a bit per priority */
	u8 mbc;
	u16 delay;
	u8 dcbx;			/* DCB_CAP_DCBX_* */
	u8 trust[2];			/* apptrust: selectors, most trusted first */
	u8 ntrust;
};

struct fake_eth_dcb *fake_eth_dcb(struct net_device *dev);
int fake_eth_dcb_fail(struct net_device *dev, enum fake_dcb_op op);

/* dcb.c, built where the kernel has DCB (Kbuild) */
struct seq_file;
#if IS_ENABLED(CONFIG_DCB)
void fake_dcb_setup(struct net_device *dev);
int fake_dcb_fail_set(struct net_device *dev, struct fake_dcb_fail *f, const char *name,
		      const char *val);
void fake_dcb_fail_show(struct seq_file *m, const struct fake_dcb_fail *f);
#else
static inline void fake_dcb_setup(struct net_device *dev) {}
/* No DCB: dcb_fail.OP is no name the knob knows. */
static inline int fake_dcb_fail_set(struct net_device *dev, struct fake_dcb_fail *f,
				    const char *name, const char *val)
{
	return -ENOENT;
}

static inline void fake_dcb_fail_show(struct seq_file *m, const struct fake_dcb_fail *f) {}
#endif

#endif /* _FAKEHCA_H */
