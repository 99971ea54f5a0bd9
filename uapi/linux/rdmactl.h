/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/rdmactl.yaml */
/* by scripts/spec.py uapi (make regen) */

/*
 * The rdmactl generic netlink family: the whole ABI between rdmactl.ko and
 * user space, shared verbatim by the module, librdmactl and any other program.
 *
 * A control plane for RDMA devices and ports: devices, ports, counters, IPoIB
 * interfaces, GID tables and rdma_cm's default RoCE mode and ToS, and events
 * about all of them. Only the RDMA devices the caller's network namespace may
 * access are visible; a port's netdev is reported only when it is in the
 * caller's namespace. Requests are validated strictly and refused with an
 * extended ACK that names the problem. No request loads a module; GETs change
 * nothing and need no privilege (roce-get's roce-probe excepted). Dumps resume
 * over as many messages as they need; the messages built after a device was
 * added, removed or renamed carry NLM_F_DUMP_INTR: dump again.
 *
 * This header is generated from the family's netlink spec,
 * Documentation/netlink/specs/rdmactl.yaml, by make regen (scripts/spec.py
 * uapi): to change the ABI, edit the spec. The spec documents each operation,
 * attribute and value (its docs are the comments below);
 * Documentation/netlink.md, how the family behaves: validation, dumps,
 * privileges, what a request waits for.
 *
 * A value "shown as" a name is shown so by librdmactl's rdmactl_*_name() and
 * the rdmactl CLI.
 */
#ifndef _UAPI_LINUX_RDMACTL_H
#define _UAPI_LINUX_RDMACTL_H

#define RDMACTL_GENL_NAME	"rdmactl"
#define RDMACTL_GENL_VERSION	1

/* Longest device name, with its NUL (IB_DEVICE_NAME_MAX). */
#define RDMACTL_DEV_NAME_MAX	64

/* A GID's length (gid). */
#define RDMACTL_GID_LEN	16

/* IPoIB hardware address, flags, QPN (3 bytes) and GID (16 bytes). */
#define RDMACTL_IPOIB_HWADDR_LEN	20

/* In the hardware address's flags byte, connected mode possible. */
#define RDMACTL_IPOIB_HW_FLAG_RC	128

/**
 * enum rdmactl_node_type - The kernel's enum rdma_node_type.
 * @RDMACTL_NODE_IB_CA: an InfiniBand channel adapter; shown as "ca"
 * @RDMACTL_NODE_IB_SWITCH: shown as "switch"
 * @RDMACTL_NODE_IB_ROUTER: shown as "router"
 */
enum rdmactl_node_type {
	RDMACTL_NODE_IB_CA = 1,
	RDMACTL_NODE_IB_SWITCH,
	RDMACTL_NODE_IB_ROUTER,
	RDMACTL_NODE_RNIC,
	RDMACTL_NODE_USNIC,
	RDMACTL_NODE_USNIC_UDP,
	RDMACTL_NODE_UNSPECIFIED,
};

/**
 * enum rdmactl_port_state - PortInfo PortState, as the InfiniBand Architecture
 *   defines it.
 */
enum rdmactl_port_state {
	RDMACTL_PORT_NOP,
	RDMACTL_PORT_DOWN,
	RDMACTL_PORT_INIT,
	RDMACTL_PORT_ARMED,
	RDMACTL_PORT_ACTIVE,
	RDMACTL_PORT_ACTIVE_DEFER,
};

/**
 * enum rdmactl_port_phys_state - PortInfo PortPhysicalState, as the InfiniBand
 *   Architecture defines it.
 */
enum rdmactl_port_phys_state {
	RDMACTL_PORT_PHYS_SLEEP = 1,
	RDMACTL_PORT_PHYS_POLLING,
	RDMACTL_PORT_PHYS_DISABLED,
	RDMACTL_PORT_PHYS_TRAINING,
	RDMACTL_PORT_PHYS_LINK_UP,
	RDMACTL_PORT_PHYS_LINK_ERROR_RECOVERY,
	RDMACTL_PORT_PHYS_PHY_TEST,
};

/**
 * enum rdmactl_link_layer - A port's link layer.
 * @RDMACTL_LINK_LAYER_INFINIBAND: shown as "InfiniBand"
 */
enum rdmactl_link_layer {
	RDMACTL_LINK_LAYER_UNSPECIFIED,
	RDMACTL_LINK_LAYER_INFINIBAND,
	RDMACTL_LINK_LAYER_ETHERNET,
};

/**
 * enum rdmactl_port_speed - PortInfo LinkSpeedActive encodings (one value, not
 *   a set).
 * @RDMACTL_SPEED_SDR: 2.5 Gb/s a lane
 * @RDMACTL_SPEED_DDR: 5 Gb/s
 * @RDMACTL_SPEED_QDR: 10 Gb/s
 * @RDMACTL_SPEED_FDR10: 10 Gb/s
 * @RDMACTL_SPEED_FDR: 14 Gb/s
 * @RDMACTL_SPEED_EDR: 25 Gb/s
 * @RDMACTL_SPEED_HDR: 50 Gb/s
 * @RDMACTL_SPEED_NDR: 100 Gb/s
 * @RDMACTL_SPEED_XDR: 200 Gb/s
 */
enum rdmactl_port_speed {
	RDMACTL_SPEED_SDR = 1,
	RDMACTL_SPEED_DDR,
	RDMACTL_SPEED_QDR = 4,
	RDMACTL_SPEED_FDR10 = 8,
	RDMACTL_SPEED_FDR = 16,
	RDMACTL_SPEED_EDR = 32,
	RDMACTL_SPEED_HDR = 64,
	RDMACTL_SPEED_NDR = 128,
	RDMACTL_SPEED_XDR = 256,
};

/**
 * enum rdmactl_pma_set - Which PMA counter set a port has, as ClassPortInfo
 *   says.
 * @RDMACTL_PMA_BASIC: PortCounters: 32-bit data counters
 * @RDMACTL_PMA_EXT: and PortCountersExtended, with uni- and multicast; shown
 *   as "extended"
 * @RDMACTL_PMA_EXT_NOIETF: and PortCountersExtended, without uni- and
 *   multicast; shown as "extended_noietf"
 */
enum rdmactl_pma_set {
	RDMACTL_PMA_BASIC = 1,
	RDMACTL_PMA_EXT,
	RDMACTL_PMA_EXT_NOIETF,
};

/**
 * enum rdmactl_counter_source
 * @RDMACTL_SOURCE_PMA: the InfiniBand Performance Management Agent
 * @RDMACTL_SOURCE_DRIVER: the driver's port hw counters
 * @RDMACTL_SOURCE_DRIVER_DEVICE: the driver's device hw counters
 */
enum rdmactl_counter_source {
	RDMACTL_SOURCE_PMA = 1,
	RDMACTL_SOURCE_DRIVER,
	RDMACTL_SOURCE_DRIVER_DEVICE,
};

/**
 * enum rdmactl_counter_unit - A counter's unit. The module reports unspec to
 *   ticks; octets and the units after it are those of a netdev's ethtool
 *   counters, which librdmactl reads, not the module.
 * @RDMACTL_UNIT_UNSPEC: a driver counter: its driver's unit; shown as ""
 * @RDMACTL_UNIT_OCTETS_4: 4-octet words: see counter-bytes; shown as
 *   "4_octets"
 * @RDMACTL_UNIT_TICKS: PortXmitWait's sample ticks
 * @RDMACTL_UNIT_OCTETS: in bytes; shown as "bytes"
 * @RDMACTL_UNIT_USEC: microseconds (pause durations); shown as "microseconds"
 * @RDMACTL_UNIT_BLOCKS: FEC codewords
 * @RDMACTL_UNIT_BITS: FEC corrected bits
 */
enum rdmactl_counter_unit {
	RDMACTL_UNIT_UNSPEC,
	RDMACTL_UNIT_EVENTS,
	RDMACTL_UNIT_PACKETS,
	RDMACTL_UNIT_OCTETS_4,
	RDMACTL_UNIT_TICKS,
	RDMACTL_UNIT_OCTETS,
	RDMACTL_UNIT_USEC,
	RDMACTL_UNIT_BLOCKS,
	RDMACTL_UNIT_BITS,
};

/*
 * RDMACTL_COUNTER_F_* - What a counter is (counter-flags).
 * @RDMACTL_COUNTER_F_ERROR: counts errors
 * @RDMACTL_COUNTER_F_SATURATES: stops at 2^width - 1
 * @RDMACTL_COUNTER_F_WRAPS: goes on from 0
 * @RDMACTL_COUNTER_F_BASELINED: a baseline was subtracted
 */
#define RDMACTL_COUNTER_F_ERROR		(1U << 0)
#define RDMACTL_COUNTER_F_SATURATES	(1U << 1)
#define RDMACTL_COUNTER_F_WRAPS		(1U << 2)
#define RDMACTL_COUNTER_F_BASELINED	(1U << 3)

/**
 * enum rdmactl_event
 * @RDMACTL_EVENT_DEV_ADD: a device registered (and each one there when the
 *   module loads)
 * @RDMACTL_EVENT_DEV_REMOVE: a device is unregistering; always its last event
 * @RDMACTL_EVENT_DEV_RENAME: dev-name is the new name, event-old-name the old
 *   one
 * @RDMACTL_EVENT_PORT_ACTIVE: IB_EVENT_PORT_ACTIVE
 * @RDMACTL_EVENT_PORT_ERR: IB_EVENT_PORT_ERR: the port left ACTIVE
 * @RDMACTL_EVENT_NETDEV_ATTACH: a RoCE or iWARP port has a netdev (after its
 *   device's dev-add), a new one (a port re-bound, by any driver, at any
 *   time), or the same one under a new name: port-netdev-index,
 *   port-netdev-name
 * @RDMACTL_EVENT_NETDEV_DETACH: the port's netdev unregistered or was
 *   replaced; a netdev moved to another namespace detaches in the old one and
 *   attaches in the new
 * @RDMACTL_EVENT_IPOIB_MODE: an IPoIB interface's new mode: ipoib-ifindex,
 *   ipoib-ifname, ipoib-mode, ipoib-mtu
 * @RDMACTL_EVENT_IPOIB_MTU: an IPoIB interface's new MTU, as ipoib-mode
 * @RDMACTL_EVENT_ROCE: a RoCE port's settings changed: its roce-get reply
 *   after the change (roce-types, roce-source, roce-mode, roce-tos and the
 *   roce-saved-* attributes, filled as roce-get fills them, with the values
 *   rdma_cm read back for configfs's), then what only the event knows:
 *   roce-restored (applied again, to a device registering, a reloaded rdma_cm
 *   or, the QoS profile, a netdev attaching, not set through roce-set),
 *   roce-clear (the saved settings forgotten), roce-error (a failure: without
 *   roce-mode and roce-tos), roce-delayed (a re-apply to be tried again) or
 *   roce-cm-gone (rdma_cm unloading, roce-source unknown). A QoS profile
 *   applied again to a netdev: without roce-source, roce-mode and roce-tos. A
 *   saved port the device no longer has: roce-types 0.
 * @RDMACTL_EVENT_OVERFLOW: events were lost in the kernel: event-lost
 * @RDMACTL_EVENT_STAT_MODE: a port's optional counters saved (stat-optional),
 *   restored (stat-mode-restored) or forgotten (stat-mode-clear); a failed
 *   re-apply, stat-mode-error
 * @RDMACTL_EVENT_STAT_RESET: a port's counters reset (stat-reset-hardware) or
 *   given a baseline; without port-index, the device's own counters
 */
enum rdmactl_event {
	RDMACTL_EVENT_DEV_ADD = 1,
	RDMACTL_EVENT_DEV_REMOVE,
	RDMACTL_EVENT_DEV_RENAME,
	RDMACTL_EVENT_PORT_ACTIVE,
	RDMACTL_EVENT_PORT_ERR,
	RDMACTL_EVENT_LID_CHANGE,
	RDMACTL_EVENT_SM_CHANGE,
	RDMACTL_EVENT_PKEY_CHANGE,
	RDMACTL_EVENT_GID_CHANGE,
	RDMACTL_EVENT_CLIENT_REREGISTER,
	RDMACTL_EVENT_DEVICE_FATAL,
	RDMACTL_EVENT_NETDEV_ATTACH,
	RDMACTL_EVENT_NETDEV_DETACH,
	RDMACTL_EVENT_IPOIB_MODE,
	RDMACTL_EVENT_IPOIB_MTU,
	RDMACTL_EVENT_ROCE,
	RDMACTL_EVENT_OVERFLOW,
	RDMACTL_EVENT_STAT_MODE,
	RDMACTL_EVENT_STAT_RESET,
};

/**
 * enum rdmactl_gid_type - GID types. sysfs says "IB/RoCE v1" for both of the
 *   first two; the link layer tells them apart.
 * @RDMACTL_GID_TYPE_ROCE_V1: RoCE over Ethernet, ethertype 0x8915; shown as
 *   "v1"
 * @RDMACTL_GID_TYPE_ROCE_V2: RoCE over UDP/IP, port 4791; shown as "v2"
 * @RDMACTL_GID_TYPE_IWARP: an iWARP port's: its netdev's MAC (ib_core says IB)
 */
enum rdmactl_gid_type {
	RDMACTL_GID_TYPE_IB = 1,
	RDMACTL_GID_TYPE_ROCE_V1,
	RDMACTL_GID_TYPE_ROCE_V2,
	RDMACTL_GID_TYPE_IWARP,
};

/**
 * enum rdmactl_roce_source - Where roce-get's mode and ToS come from.
 * @RDMACTL_ROCE_SOURCE_CONFIGFS: read from rdma_cm just now
 * @RDMACTL_ROCE_SOURCE_APPLIED: what rdmactl last applied and read back;
 *   rdma_cm/<dev> was absent
 * @RDMACTL_ROCE_SOURCE_UNKNOWN: neither: no mode, no ToS
 */
enum rdmactl_roce_source {
	RDMACTL_ROCE_SOURCE_CONFIGFS = 1,
	RDMACTL_ROCE_SOURCE_APPLIED,
	RDMACTL_ROCE_SOURCE_UNKNOWN,
};

/**
 * enum rdmactl_roce_trust - Which field of a received frame the netdev takes
 *   its priority from first: its DCB apptrust order (IEEE 802.1Qaz APP
 *   selectors).
 * @RDMACTL_ROCE_TRUST_DSCP: the IP header's DSCP: what rdma_cm's ToS sets
 * @RDMACTL_ROCE_TRUST_PCP: the VLAN tag's PCP: a ToS-marked frame is not
 *   classified by its DSCP
 */
enum rdmactl_roce_trust {
	RDMACTL_ROCE_TRUST_DSCP = 1,
	RDMACTL_ROCE_TRUST_PCP,
};

/**
 * enum rdmactl_ipoib_mode
 * @RDMACTL_IPOIB_DATAGRAM: unreliable datagram QPs
 * @RDMACTL_IPOIB_CONNECTED: RC QPs, MTU up to 65520
 */
enum rdmactl_ipoib_mode {
	RDMACTL_IPOIB_DATAGRAM,
	RDMACTL_IPOIB_CONNECTED,
};

/**
 * enum rdmactl_attr - One flat space for every command.
 */
enum rdmactl_attr {
	RDMACTL_A_UNSPEC,
	/** @RDMACTL_A_PAD: (pad) */
	RDMACTL_A_PAD,
	/**
	 * @RDMACTL_A_DEV_INDEX: (u32) The device's index, the same as `rdma
	 *   dev`.
	 */
	RDMACTL_A_DEV_INDEX,
	/**
	 * @RDMACTL_A_DEV_NAME: (string; in requests at most 63 characters) The
	 *   device's name, for example mlx5_0 or rxe0; in a dev-rename event,
	 *   the new one.
	 */
	RDMACTL_A_DEV_NAME,
	/** @RDMACTL_A_DEV_DRIVER: (string) The driver's kernel module. */
	RDMACTL_A_DEV_DRIVER,
	/** @RDMACTL_A_DEV_NODE_TYPE: (u8, enum rdmactl_node_type) */
	RDMACTL_A_DEV_NODE_TYPE,
	/** @RDMACTL_A_DEV_NODE_GUID: (u64) Host order. */
	RDMACTL_A_DEV_NODE_GUID,
	/** @RDMACTL_A_DEV_SYS_IMAGE_GUID: (u64) Host order. */
	RDMACTL_A_DEV_SYS_IMAGE_GUID,
	/** @RDMACTL_A_DEV_FW_VER: (string) Only when the driver has one. */
	RDMACTL_A_DEV_FW_VER,
	/** @RDMACTL_A_DEV_VENDOR_ID: (u32) */
	RDMACTL_A_DEV_VENDOR_ID,
	/** @RDMACTL_A_DEV_VENDOR_PART_ID: (u32) */
	RDMACTL_A_DEV_VENDOR_PART_ID,
	/** @RDMACTL_A_DEV_HW_VER: (u32) */
	RDMACTL_A_DEV_HW_VER,
	/** @RDMACTL_A_DEV_NUM_PORTS: (u32) */
	RDMACTL_A_DEV_NUM_PORTS,
	/**
	 * @RDMACTL_A_PORT_INDEX: (u32) Port number, from 1 (0 on a switch, and
	 *   the device's own counters).
	 */
	RDMACTL_A_PORT_INDEX,
	/**
	 * @RDMACTL_A_PORT_STATE: (u8, enum rdmactl_port_state) The port's
	 *   state; in a port event, the state the event brought (ib_core's
	 *   cache).
	 */
	RDMACTL_A_PORT_STATE,
	/**
	 * @RDMACTL_A_PORT_PHYS_STATE: (u8, enum rdmactl_port_phys_state) In a
	 *   port event, this, port-lid, port-sm-lid, port-sm-sl and port-lmc
	 *   are read from the driver as the message is built, while the device
	 *   is still there.
	 */
	RDMACTL_A_PORT_PHYS_STATE,
	/** @RDMACTL_A_PORT_LINK_LAYER: (u8, enum rdmactl_link_layer) */
	RDMACTL_A_PORT_LINK_LAYER,
	/** @RDMACTL_A_PORT_LID: (u32) InfiniBand link layer only. */
	RDMACTL_A_PORT_LID,
	/** @RDMACTL_A_PORT_SM_LID: (u32) InfiniBand link layer only. */
	RDMACTL_A_PORT_SM_LID,
	/** @RDMACTL_A_PORT_SM_SL: (u8) InfiniBand link layer only. */
	RDMACTL_A_PORT_SM_SL,
	/** @RDMACTL_A_PORT_LMC: (u8) InfiniBand link layer only. */
	RDMACTL_A_PORT_LMC,
	/**
	 * @RDMACTL_A_PORT_SUBNET_PREFIX: (u64) InfiniBand link layer only (and
	 *   in ipoib-get, of the interface's GID).
	 */
	RDMACTL_A_PORT_SUBNET_PREFIX,
	/**
	 * @RDMACTL_A_PORT_GUID: (u64) Interface id of GID index 0 (in
	 *   ipoib-get, of the interface's GID).
	 */
	RDMACTL_A_PORT_GUID,
	/** @RDMACTL_A_PORT_CAP_FLAGS: (u32) PortInfo CapabilityMask. */
	RDMACTL_A_PORT_CAP_FLAGS,
	/** @RDMACTL_A_PORT_CAP_FLAGS2: (u32) PortInfo CapabilityMask2. */
	RDMACTL_A_PORT_CAP_FLAGS2,
	/** @RDMACTL_A_PORT_ACTIVE_MTU: (u32) Bytes (256 to 4096). */
	RDMACTL_A_PORT_ACTIVE_MTU,
	/** @RDMACTL_A_PORT_MAX_MTU: (u32) Bytes. */
	RDMACTL_A_PORT_MAX_MTU,
	/**
	 * @RDMACTL_A_PORT_ACTIVE_WIDTH: (u8) Number of lanes (1, 2, 4, 8 or
	 *   12).
	 */
	RDMACTL_A_PORT_ACTIVE_WIDTH,
	/**
	 * @RDMACTL_A_PORT_ACTIVE_SPEED: (u32) One of enum port-speed (not
	 *   named here: its values are not contiguous, which the kernel's code
	 *   generator cannot range-check).
	 */
	RDMACTL_A_PORT_ACTIVE_SPEED,
	/** @RDMACTL_A_PORT_RATE: (u32) Mb/s, lanes times the lane rate. */
	RDMACTL_A_PORT_RATE,
	/** @RDMACTL_A_PORT_GID_TBL_LEN: (u32) */
	RDMACTL_A_PORT_GID_TBL_LEN,
	/** @RDMACTL_A_PORT_PKEY_TBL_LEN: (u32) */
	RDMACTL_A_PORT_PKEY_TBL_LEN,
	/**
	 * @RDMACTL_A_PORT_NETDEV_INDEX: (u32) A RoCE or iWARP port's netdev,
	 *   when it is in the caller's namespace; in netdev-attach and
	 *   netdev-detach events, the netdev attached or detached.
	 */
	RDMACTL_A_PORT_NETDEV_INDEX,
	/**
	 * @RDMACTL_A_PORT_NETDEV_NAME: (string) The netdev's name
	 *   (port-netdev-index).
	 */
	RDMACTL_A_PORT_NETDEV_NAME,
	/**
	 * @RDMACTL_A_STAT_TIMESTAMP: (u64) Nanoseconds, CLOCK_MONOTONIC, of
	 *   the read the snapshot repeats.
	 */
	RDMACTL_A_STAT_TIMESTAMP,
	/**
	 * @RDMACTL_A_STAT_PMA_SET: (u8, enum rdmactl_pma_set) Absent when the
	 *   port has no PMA.
	 */
	RDMACTL_A_STAT_PMA_SET,
	/**
	 * @RDMACTL_A_STAT_BASELINE: (flag) In a request: subtract the port's
	 *   baseline (stat-reset).
	 */
	RDMACTL_A_STAT_BASELINE,
	/**
	 * @RDMACTL_A_STAT_BASELINE_TIMESTAMP: (u64) When the subtracted
	 *   baseline was taken (nanoseconds, CLOCK_MONOTONIC); only when one
	 *   was subtracted.
	 */
	RDMACTL_A_STAT_BASELINE_TIMESTAMP,
	/**
	 * @RDMACTL_A_STAT_RESET_HARDWARE: (flag) Zero the PMA counters: a
	 *   PortCounters Set and, where there is one, a PortCountersExtended
	 *   Set, as `perfquery -R`. In a stat-reset event, the PMA was zeroed
	 *   rather than a baseline taken.
	 */
	RDMACTL_A_STAT_RESET_HARDWARE,
	/**
	 * @RDMACTL_A_STAT_COUNTER: (nest, repeated; holding
	 *   RDMACTL_A_COUNTER_NAME to RDMACTL_A_COUNTER_BYTES) One per
	 *   counter.
	 */
	RDMACTL_A_STAT_COUNTER,
	/**
	 * @RDMACTL_A_COUNTER_NAME: (string) Its sysfs name (counters/,
	 *   hw_counters/). A name is unique within a source only: a PMA and a
	 *   driver may both report one (rxe's link_downed), and both are sent,
	 *   each with its source.
	 */
	RDMACTL_A_COUNTER_NAME,
	/** @RDMACTL_A_COUNTER_VALUE: (u64) */
	RDMACTL_A_COUNTER_VALUE,
	/** @RDMACTL_A_COUNTER_SOURCE: (u8, enum rdmactl_counter_source) */
	RDMACTL_A_COUNTER_SOURCE,
	/** @RDMACTL_A_COUNTER_WIDTH: (u8) Bits the hardware keeps. */
	RDMACTL_A_COUNTER_WIDTH,
	/** @RDMACTL_A_COUNTER_FLAGS: (u32, RDMACTL_COUNTER_F_* bits) */
	RDMACTL_A_COUNTER_FLAGS,
	/** @RDMACTL_A_COUNTER_UNIT: (u8, enum rdmactl_counter_unit) */
	RDMACTL_A_COUNTER_UNIT,
	/**
	 * @RDMACTL_A_COUNTER_BYTES: (u64) Data counters only: the value in
	 *   bytes (4 times the value).
	 */
	RDMACTL_A_COUNTER_BYTES,
	/** @RDMACTL_A_IPOIB_IFINDEX: (u32) */
	RDMACTL_A_IPOIB_IFINDEX,
	/**
	 * @RDMACTL_A_IPOIB_IFNAME: (string; in requests at most 15 characters)
	 */
	RDMACTL_A_IPOIB_IFNAME,
	/** @RDMACTL_A_IPOIB_PARENT_IFINDEX: (u32) P_Key children only. */
	RDMACTL_A_IPOIB_PARENT_IFINDEX,
	/** @RDMACTL_A_IPOIB_PKEY: (u16) */
	RDMACTL_A_IPOIB_PKEY,
	/**
	 * @RDMACTL_A_IPOIB_MODE: (u8, enum rdmactl_ipoib_mode; in requests at
	 *   most 1) In ipoib-set, datagram or connected: any other value is
	 *   refused with -ERANGE, by the policy.
	 */
	RDMACTL_A_IPOIB_MODE,
	/**
	 * @RDMACTL_A_IPOIB_CM_SUPPORTED: (u8) 1: connected mode is possible.
	 */
	RDMACTL_A_IPOIB_CM_SUPPORTED,
	/** @RDMACTL_A_IPOIB_UMCAST: (u8) */
	RDMACTL_A_IPOIB_UMCAST,
	/** @RDMACTL_A_IPOIB_MTU: (u32) */
	RDMACTL_A_IPOIB_MTU,
	/**
	 * @RDMACTL_A_IPOIB_MAX_MTU_DATAGRAM: (u32) The port's IB MTU less 4.
	 */
	RDMACTL_A_IPOIB_MAX_MTU_DATAGRAM,
	/**
	 * @RDMACTL_A_IPOIB_MAX_MTU_CONNECTED: (u32) Only when connected mode
	 *   is possible.
	 */
	RDMACTL_A_IPOIB_MAX_MTU_CONNECTED,
	/**
	 * @RDMACTL_A_IPOIB_HWADDR: (binary, RDMACTL_IPOIB_HWADDR_LEN bytes)
	 *   The interface's hardware address: flags, QPN and GID.
	 */
	RDMACTL_A_IPOIB_HWADDR,
	/** @RDMACTL_A_IPOIB_QPN: (u32) The QPN, decoded from ipoib-hwaddr. */
	RDMACTL_A_IPOIB_QPN,
	/**
	 * @RDMACTL_A_IPOIB_HW_FLAGS: (u8) The flags byte, decoded from
	 *   ipoib-hwaddr (ipoib-hw-flag-rc).
	 */
	RDMACTL_A_IPOIB_HW_FLAGS,
	/** @RDMACTL_A_IPOIB_OPERSTATE: (u8) IF_OPER_* (RFC 2863). */
	RDMACTL_A_IPOIB_OPERSTATE,
	/**
	 * @RDMACTL_A_IPOIB_ADMIN_UP: (u8) 1 when the interface is up (IFF_UP).
	 */
	RDMACTL_A_IPOIB_ADMIN_UP,
	/** @RDMACTL_A_EVENT_TYPE: (u8, enum rdmactl_event) */
	RDMACTL_A_EVENT_TYPE,
	/**
	 * @RDMACTL_A_EVENT_SEQ: (u64) Per namespace, from 1, one more per
	 *   message meant for it; a gap means loss.
	 */
	RDMACTL_A_EVENT_SEQ,
	/** @RDMACTL_A_EVENT_TIMESTAMP: (u64) Nanoseconds, CLOCK_MONOTONIC. */
	RDMACTL_A_EVENT_TIMESTAMP,
	/**
	 * @RDMACTL_A_EVENT_OLD_NAME: (string) In a dev-rename event, the
	 *   device's old name.
	 */
	RDMACTL_A_EVENT_OLD_NAME,
	/** @RDMACTL_A_GID_INDEX: (u32) The index verbs users pass. */
	RDMACTL_A_GID_INDEX,
	/** @RDMACTL_A_GID: (binary, RDMACTL_GID_LEN bytes) Network order. */
	RDMACTL_A_GID,
	/** @RDMACTL_A_GID_TYPE: (u8, enum rdmactl_gid_type) */
	RDMACTL_A_GID_TYPE,
	/**
	 * @RDMACTL_A_GID_NETDEV_INDEX: (u32) RoCE: the netdev the entry
	 *   belongs to, when it is in the caller's namespace.
	 */
	RDMACTL_A_GID_NETDEV_INDEX,
	/**
	 * @RDMACTL_A_GID_NETDEV_NAME: (string) The netdev's name
	 *   (gid-netdev-index).
	 */
	RDMACTL_A_GID_NETDEV_NAME,
	/** @RDMACTL_A_GID_VLAN_ID: (u16) RoCE: only on a VLAN. */
	RDMACTL_A_GID_VLAN_ID,
	/**
	 * @RDMACTL_A_ROCE_TYPES: (u32) Bit (1 << gid-type) per GID type the
	 *   port has; 0 in a roce event about a saved port the device came
	 *   back without.
	 */
	RDMACTL_A_ROCE_TYPES,
	/**
	 * @RDMACTL_A_ROCE_MODE: (u8, enum rdmactl_gid_type; in requests 2 to
	 *   3) The GID type rdma_cm uses by default for new connections on the
	 *   port: in roce-set, roce-v1 or roce-v2 (any other value is refused
	 *   with -ERANGE, by the policy); in roce-get and a roce event (its
	 *   reply), absent, as roce-tos, when roce-source is unknown, and in a
	 *   roce event with roce-error.
	 */
	RDMACTL_A_ROCE_MODE,
	/**
	 * @RDMACTL_A_ROCE_TOS: (u8) rdma_cm's default type of service for new
	 *   connections on the port.
	 */
	RDMACTL_A_ROCE_TOS,
	/**
	 * @RDMACTL_A_ROCE_SAVED_MODE: (u8, enum rdmactl_gid_type) What rdmactl
	 *   re-applies when the device registers again; only when one was set.
	 */
	RDMACTL_A_ROCE_SAVED_MODE,
	/**
	 * @RDMACTL_A_ROCE_SAVED_TOS: (u8) What rdmactl re-applies when the
	 *   device registers again; only when one was set.
	 */
	RDMACTL_A_ROCE_SAVED_TOS,
	/**
	 * @RDMACTL_A_ROCE_CLEAR: (flag) In roce-set, alone: forget the port's
	 *   saved settings (rdma_cm keeps its current ones). In a roce event:
	 *   they were forgotten (the reply has no roce-saved-* attributes).
	 */
	RDMACTL_A_ROCE_CLEAR,
	/**
	 * @RDMACTL_A_ROCE_RESTORED: (flag) In a roce event: the settings were
	 *   applied again, to a device registering again or to a reloaded
	 *   rdma_cm, or the QoS profile to a netdev attaching, not set through
	 *   roce-set.
	 */
	RDMACTL_A_ROCE_RESTORED,
	/**
	 * @RDMACTL_A_ROCE_SOURCE: (u8, enum rdmactl_roce_source) Where
	 *   roce-get's roce-mode and roce-tos come from, or unknown. In a roce
	 *   event: configfs, read back after the write; applied, what rdmactl
	 *   applied last; absent when unknown, but for rdma_cm unloading,
	 *   which says unknown (with roce-cm-gone), as librdmactl before 1.6
	 *   reads it. A QoS profile applied again to a netdev (roce-restored,
	 *   rdma_cm untouched) has no roce-source, roce-mode or roce-tos:
	 *   librdmactl before 1.6 reads those with roce-restored as rdma_cm's
	 *   defaults applied again.
	 */
	RDMACTL_A_ROCE_SOURCE,
	/**
	 * @RDMACTL_A_ROCE_PROBE: (flag) CAP_NET_ADMIN: ask rdma_cm itself,
	 *   making rdma_cm/<dev> for the request when it is not there (and
	 *   removing only that); the request fails when rdma_cm cannot tell.
	 */
	RDMACTL_A_ROCE_PROBE,
	/**
	 * @RDMACTL_A_ROCE_ERROR: (s32) -errno, in a roce event: a re-apply
	 *   that failed (with roce-restored), or a failed roce-set whose undo
	 *   left the port where it could not be read (without).
	 */
	RDMACTL_A_ROCE_ERROR,
	/**
	 * @RDMACTL_A_EVENT_LOST: (u64) In an overflow event: the events the
	 *   kernel could not queue (no memory) since the last overflow, for
	 *   any namespace; at most these were lost here.
	 */
	RDMACTL_A_EVENT_LOST,
	/**
	 * @RDMACTL_A_STAT_HW_PARTIAL: (flag) The driver has counters for the
	 *   port that this reply lacks: optional ones (`rdma statistic set ...
	 *   optional-counters`), or those of QPs bound to counters; ib_core's
	 *   RDMA netlink (`rdma statistic`) has them.
	 */
	RDMACTL_A_STAT_HW_PARTIAL,
	/**
	 * @RDMACTL_A_STAT_OPTIONAL: (nest; holding
	 *   RDMACTL_A_STAT_OPTIONAL_NAME) A port's optional counters, one
	 *   stat-optional-name each; an empty nest: none ("all off"). In
	 *   stat-mode-set, the names now on, every one an optional counter of
	 *   the port (else -EINVAL, naming it). In a stat-mode event, the
	 *   names now kept (not with stat-mode-clear or stat-mode-error).
	 */
	RDMACTL_A_STAT_OPTIONAL,
	/**
	 * @RDMACTL_A_STAT_OPTIONAL_NAME: (string, repeated; in requests at
	 *   most 63 characters)
	 */
	RDMACTL_A_STAT_OPTIONAL_NAME,
	/**
	 * @RDMACTL_A_STAT_MODE_CLEAR: (flag) Forget the port's saved optional
	 *   counters; in a stat-mode event, they were forgotten.
	 */
	RDMACTL_A_STAT_MODE_CLEAR,
	/**
	 * @RDMACTL_A_STAT_MODE_RESTORED: (flag) User space applied the saved
	 *   optional counters again (in stat-mode-set, and its stat-mode
	 *   event).
	 */
	RDMACTL_A_STAT_MODE_RESTORED,
	/**
	 * @RDMACTL_A_STAT_MODE_ERROR: (s32; in requests -4095 to -1) With
	 *   stat-mode-restored: a re-apply that failed, -errno (-4095 .. -1;
	 *   the kernel checks the range). Nothing kept changes.
	 */
	RDMACTL_A_STAT_MODE_ERROR,
	/**
	 * @RDMACTL_A_STAT_HW_ERROR: (s32) The device's driver counter reads
	 *   fail (-4095 .. -1, the last failure): the reply has none of them,
	 *   and neither the driver's nor the PMA's are read before
	 *   stat-hw-retry-ms.
	 */
	RDMACTL_A_STAT_HW_ERROR,
	/**
	 * @RDMACTL_A_STAT_HW_RETRY_MS: (u32) Milliseconds until the device's
	 *   driver counters are read again (0, by the next request).
	 */
	RDMACTL_A_STAT_HW_RETRY_MS,
	/**
	 * @RDMACTL_A_STAT_PMA_ERROR: (s32) The device's PMA does not answer
	 *   (-4095 .. -1, the last failure): the reply has no PMA counter, and
	 *   no PMA of the device is asked before stat-pma-retry-ms.
	 */
	RDMACTL_A_STAT_PMA_ERROR,
	/**
	 * @RDMACTL_A_STAT_PMA_RETRY_MS: (u32) Milliseconds until the device's
	 *   PMA is asked again (0, by the next request).
	 */
	RDMACTL_A_STAT_PMA_RETRY_MS,
	/**
	 * @RDMACTL_A_ROCE_PRIO: (u8; in requests at most 7) The priority (0-7)
	 *   the port's QoS profile maps the DSCP of roce-tos to, in the
	 *   netdev's DCB APP table. In roce-set, with roce-tos and roce-pfc:
	 *   kept with them (roce-saved-prio) and applied again to the port's
	 *   netdev each time one attaches (librdmactl applies the profile to
	 *   the netdev itself, over dcbnl, before it sends roce-set). A roce
	 *   event says the kept profile as roce-get does, in roce-saved-prio.
	 */
	RDMACTL_A_ROCE_PRIO,
	/**
	 * @RDMACTL_A_ROCE_PFC: (u8; in requests at most 1) Whether PFC is on
	 *   (1) or off (0) for roce-prio; kept and applied as roce-prio.
	 */
	RDMACTL_A_ROCE_PFC,
	/**
	 * @RDMACTL_A_ROCE_TRUST: (u8, enum rdmactl_roce_trust; in requests 1
	 *   to 2) The netdev's apptrust: dscp puts DSCP first, pcp anything
	 *   else (the wanted selector is moved first, the others kept in their
	 *   order); kept and applied as roce-prio. Optional: kernels before
	 *   6.2 and drivers without apptrust have none, and a profile kept
	 *   without it leaves the order alone.
	 */
	RDMACTL_A_ROCE_TRUST,
	/**
	 * @RDMACTL_A_ROCE_SAVED_PRIO: (u8) The kept profile's roce-prio; only
	 *   when one was set.
	 */
	RDMACTL_A_ROCE_SAVED_PRIO,
	/**
	 * @RDMACTL_A_ROCE_SAVED_PFC: (u8) The kept profile's roce-pfc; only
	 *   when one was set.
	 */
	RDMACTL_A_ROCE_SAVED_PFC,
	/**
	 * @RDMACTL_A_ROCE_SAVED_TRUST: (u8, enum rdmactl_roce_trust) The kept
	 *   profile's roce-trust; only when one was set.
	 */
	RDMACTL_A_ROCE_SAVED_TRUST,
	/**
	 * @RDMACTL_A_ROCE_CM_GONE: (flag) In a roce event: rdma_cm unloading
	 *   took the port's defaults (roce-source unknown comes with it, for
	 *   librdmactl before 1.6).
	 */
	RDMACTL_A_ROCE_CM_GONE,
	/**
	 * @RDMACTL_A_ROCE_DELAYED: (flag) In a roce event, alone (neither
	 *   roce-restored nor roce-error, so that a reader before it sees no
	 *   failure): a re-apply delayed, not failed: rdma_cm's configfs
	 *   directory, or a port's, is held (a listing of it has not ended).
	 *   It is tried again, with a back-off, for as long as the device
	 *   lives; its outcome is a later roce event.
	 */
	RDMACTL_A_ROCE_DELAYED,

	__RDMACTL_A_MAX,
	RDMACTL_A_MAX = __RDMACTL_A_MAX - 1
};

/**
 * enum rdmactl_cmd - The commands: of requests, and of events.
 */
enum rdmactl_cmd {
	RDMACTL_CMD_UNSPEC,
	/**
	 * @RDMACTL_CMD_DEV_GET: (do, dump) Get a device, by dev-index or
	 *   dev-name (or both, which must name the same device), or dump every
	 *   device, or the one named.
	 */
	RDMACTL_CMD_DEV_GET,
	/**
	 * @RDMACTL_CMD_PORT_GET: (do, dump) Get a port (a device, and
	 *   port-index), or dump every port of every device, those of a
	 *   device, or one port of a device.
	 */
	RDMACTL_CMD_PORT_GET,
	/**
	 * @RDMACTL_CMD_STAT_GET: (do, dump) One consistent counter snapshot
	 *   per port, PMA counters before driver counters: of a port (a device
	 *   and port-index, 0 meaning the device's own counters), or in a
	 *   dump, of every port of every device, or of one device (its own
	 *   counters first, as port 0). Either may carry stat-baseline to
	 *   subtract the port's baseline. On a switch, whose ports start at 0,
	 *   port 0 is its port 0, and the device's own counters are not
	 *   reported. A RoCE or iWARP port's netdev (port-netdev-index and
	 *   port-netdev-name, when it is in the caller's namespace) is there
	 *   for its ethtool statistics, which user space reads.
	 *
	 *   PMA counters cost at most two MADs per port and snapshot
	 *   (PortCounters, and PortCountersExtended when ClassPortInfo
	 *   advertises it; the first snapshot of a port also reads
	 *   ClassPortInfo), chosen as sysfs does. Snapshots are rate-limited
	 *   per port, whoever asks: the driver is read again once its last
	 *   read is older than the driver's lifespan for the counters (sysfs's
	 *   hw_counters/lifespan, 10 ms by default), and the PMA as often (10
	 *   ms at least); a snapshot in between repeats the last read, and its
	 *   stat-timestamp is that read's. A PMA that does not answer
	 *   ClassPortInfo is asked again at most once a second; until it
	 *   answers, replies have no PMA counters. So is one whose counters
	 *   could not be read (the interval, if longer): replies in between
	 *   have no PMA counters, and a timestamp only a read that happened
	 *   sets.
	 *
	 *   A failed read of a source (a PMA MAD with no answer, a driver read
	 *   that returns an error) holds that source on every port of the
	 *   device for the module parameter failed_read_hold_s (60 s; a failed
	 *   driver read holds the PMA too): restricted functions, whose
	 *   firmware refuses reads and logs each refusal, cost one read per
	 *   source and hold. The device's replies meanwhile lack that source's
	 *   counters and carry stat-hw-error or stat-pma-error.
	 *
	 *   A dump reads the ports it will send next side by side, ahead of
	 *   the messages, each port as a snapshot: its reply carries that read
	 *   (or another reader's, ended after the dump asked) and the read's
	 *   timestamp. A reader that comes back for ports more than a second
	 *   after they were read ahead gets them read again. A dump's first
	 *   datagram is empty when its first port takes over a tenth of a
	 *   second to read: read on. A doit waits for its port's read a tenth
	 *   of a second at most, then fails with EAGAIN; that read serves the
	 *   next doit of the port less than a second after it ended.
	 */
	RDMACTL_CMD_STAT_GET,
	/**
	 * @RDMACTL_CMD_STAT_RESET: (do) Reset the counters of every port (no
	 *   device), of a device (its ports and its own counters) or of one
	 *   port; CAP_NET_ADMIN. Without stat-reset-hardware, the ports'
	 *   counters are recorded as their baseline, which stat-get subtracts
	 *   when asked (stat-baseline), and nothing else changes. A baseline
	 *   is every source of the port read at one time: when its PMA (-EIO)
	 *   or driver (-ENODATA) cannot be read, the port keeps the baseline
	 *   it had; the other ports of the request have their new one.
	 *
	 *   With stat-reset-hardware, the PMA counters are zeroed. A port
	 *   without a PMA, or whose PMA does not acknowledge the Set with a
	 *   GetResp, is -EOPNOTSUPP when named and skipped otherwise; one
	 *   whose PMA takes PortCounters' Set and not the extended one's is
	 *   -EPROTO, and its baseline is dropped.
	 *
	 *   The ports are reset side by side by work items: the doit waits a
	 *   tenth of a second, then fails with EAGAIN ("ask again"); asked
	 *   again (the same kind, within ten seconds) it answers from those
	 *   resets.
	 */
	RDMACTL_CMD_STAT_RESET,
	/**
	 * @RDMACTL_CMD_IPOIB_GET: (do, dump) Get an IPoIB interface, by
	 *   ipoib-ifindex or ipoib-ifname, or dump every IPoIB interface in
	 *   the caller's namespace, those of a device (dev-index or dev-name),
	 *   of a port (and port-index), or the one ipoib-ifindex or
	 *   ipoib-ifname names. One reply per interface, parents and P_Key
	 *   children alike: dev-index, dev-name and port-index are the RDMA
	 *   port it runs on; ipoib-qpn, ipoib-hw-flags, port-subnet-prefix and
	 *   port-guid are decoded from its hardware address (its QPN, its
	 *   flags byte, its GID's subnet prefix and port GUID).
	 */
	RDMACTL_CMD_IPOIB_GET,
	/**
	 * @RDMACTL_CMD_IPOIB_SET: (do) Set an IPoIB interface's mode
	 *   (ipoib-mode), and optionally its MTU (ipoib-mtu), the interface
	 *   named by ipoib-ifindex or ipoib-ifname; CAP_NET_ADMIN in the
	 *   interface's namespace. Without an MTU the mode brings its own:
	 *   connected mode its largest, datagram mode the broadcast group's.
	 *
	 *   Mode, MTU and the notification rtnetlink sends for `ip link set IF
	 *   type ipoib mode` (netdev_state_change(): NETDEV_CHANGE, and
	 *   RTM_NEWLINK when the interface is up) share one RTNL section,
	 *   which ipoib leaves only while it flushes its paths; sets are
	 *   serialised. When the interface refuses the MTU after the mode
	 *   changed, the old mode and MTU are put back and the extack says
	 *   "rolled back to MODE MTU" or "undo failed (ERR): MODE MTU": where
	 *   the interface stands. Otherwise a failure changes nothing.
	 */
	RDMACTL_CMD_IPOIB_SET,
	/**
	 * @RDMACTL_CMD_EVENT: (event, group RDMACTL_MCGRP_EVENTS) One message
	 *   per event on the events group, to every network namespace that can
	 *   see the device (rdma_dev_access_netns()), only while someone there
	 *   listens. netdev-attach, netdev-detach and the ipoib events go to
	 *   the netdev's namespace alone: netdev-attach and netdev-detach only
	 *   if it can see the device too, the ipoib events there without the
	 *   device's attributes (dev-index, dev-name) if it cannot. Nothing
	 *   goes to a namespace being destroyed, nor tells of the netdevs the
	 *   module sees when it loads or unloads.
	 *
	 *   Every message has event-type, event-seq and event-timestamp, and
	 *   carries what a subscriber needs without a follow-up query: the
	 *   device (dev-index, dev-name); a port event (port-active to
	 *   client-reregister) port-index and the port's state (port-state and
	 *   the attributes read with port-phys-state); the others what the
	 *   event's doc says.
	 *
	 *   Anyone may subscribe (the group is not GENL_MCAST_CAP_NET_ADMIN),
	 *   on purpose: an event says no more than the unprivileged GETs say
	 *   in the same namespace, ib_core's own RDMA netlink monitor group is
	 *   open to all (NL_CFG_F_NONROOT_RECV), and the kernel's flag checks
	 *   CAP_NET_ADMIN in the namespace's user namespace, which a user
	 *   namespace's owner has anyway (Documentation/events.md).
	 *
	 *   A subscriber whose socket overran gets ENOBUFS from recv(): events
	 *   were lost, and a dump gives the state again. Loss in the kernel is
	 *   never silent: an event that could not be queued is counted and
	 *   told by an overflow event to every namespace with a listener; a
	 *   message that could not be built for a namespace still takes its
	 *   number there.
	 */
	RDMACTL_CMD_EVENT,
	/**
	 * @RDMACTL_CMD_GID_GET: (do, dump) Get a GID entry (a device,
	 *   port-index and gid-index), or dump the entries of every port, of a
	 *   device or of a port. Empty slots of the table are skipped.
	 */
	RDMACTL_CMD_GID_GET,
	/**
	 * @RDMACTL_CMD_ROCE_GET: (do, dump) rdma_cm's defaults for new
	 *   connections on a RoCE port, its RoCE mode (roce-mode) and ToS
	 *   (roce-tos): of a port (a device and port-index), or in a dump of
	 *   every RoCE port, or those of a device.
	 *
	 *   rdma_cm shows them only through its configfs ABI
	 *   (Documentation/ABI/testing/configfs-rdma_cm), in a directory
	 *   rdma_cm/<dev> someone must make; the module reads it on a private
	 *   mount (user space need not mount configfs). A GET changes nothing:
	 *   it loads no module, makes and removes no directory. So the values
	 *   come from, in this order: rdma_cm/<dev> when it exists (whoever
	 *   made it), what rdmactl last applied (roce-set, or a restore), else
	 *   nowhere: roce-source says which. roce-probe (CAP_NET_ADMIN) asks
	 *   rdma_cm itself.
	 */
	RDMACTL_CMD_ROCE_GET,
	/**
	 * @RDMACTL_CMD_ROCE_SET: (do) Set rdma_cm's default RoCE mode
	 *   (roce-mode) and/or ToS (roce-tos) of a port (a device and
	 *   port-index) or of every port of a device (no port-index); or, with
	 *   roce-clear alone, forget them. CAP_NET_ADMIN. Every port must be
	 *   RoCE and support the mode, or nothing changes. rdma_cm must be
	 *   loaded (the module's soft dependency loads it with the module): no
	 *   request loads it, and without it a set fails, saying so.
	 *
	 *   A setting is remembered by node GUID and port number, at most 1024
	 *   of them (then -ENOSPC: forget some), and applied again shortly
	 *   after rdma_cm attaches to a device with that node GUID registering
	 *   (a driver reload, a reset, a namespace move), and to every such
	 *   device when rdma_cm itself is loaded again. Each re-apply is a
	 *   roce event with roce-restored; one that failed carries roce-error.
	 *   Until it comes, new connections get rdma_cm's own defaults. The
	 *   memory lasts as long as the module.
	 *
	 *   With roce-tos, roce-prio and roce-pfc (and roce-trust, where the
	 *   netdev has apptrust) make the port's QoS profile
	 *   (Documentation/roce.md, "QoS"): rdmactl keeps it with the ToS and
	 *   applies it again to the port's netdev, under RTNL from a work
	 *   item, each time a netdev attaches to the port (the device
	 *   registering again, the netdev re-created), as a roce event with
	 *   roce-restored and the profile's attributes but no roce-mode or
	 *   roce-tos (rdma_cm is not read), with roce-error when the netdev's
	 *   DCB refused. A ToS set without a profile ends the one kept (it
	 *   mapped the old ToS's DSCP); a set's roce event carries the profile
	 *   kept after it, and none when none is. The request itself changes
	 *   no netdev: the caller sets the DCB first, as librdmactl does over
	 *   dcbnl (rtnetlink, whose own CAP_NET_ADMIN check applies). A
	 *   profile without roce-tos, or with roce-clear, is -EINVAL;
	 *   -EOPNOTSUPP on a kernel without DCB (CONFIG_DCB).
	 */
	RDMACTL_CMD_ROCE_SET,
	/**
	 * @RDMACTL_CMD_STAT_MODE_GET: (do, dump) The optional counters rdmactl
	 *   keeps for a port (stat-mode-set): of a port (a device and
	 *   port-index), or in a dump of every port, or of a device's ports.
	 *   stat-optional is there only when rdmactl keeps some for the port
	 *   (an empty nest: all off).
	 */
	RDMACTL_CMD_STAT_MODE_GET,
	/**
	 * @RDMACTL_CMD_STAT_MODE_SET: (do) Record the optional counters user
	 *   space turned on for a port, for a re-apply; CAP_NET_ADMIN. ib_core
	 *   turns optional counters (IB_STAT_FLAG_OPTIONAL, 5.16+) on and off
	 *   only through its RDMA netlink (RDMA_NLDEV_CMD_STAT_SET, `rdma
	 *   statistic set`); no exported symbol does it. So user space sets
	 *   them there, and records here what it set: a device that registers
	 *   again (a driver reload, a reset, a namespace move) starts with
	 *   them off, and the udev rule rdmactl installs runs `rdmactl stat
	 *   mode restore` for it.
	 *
	 *   The request names a device and port-index, and carries one of:
	 *   stat-optional, the names now on (with stat-mode-restored when this
	 *   was a re-apply); stat-mode-clear, to forget the port's names;
	 *   stat-mode-error with stat-mode-restored, a re-apply that failed.
	 *   They are kept by node GUID and port number (not by name), at most
	 *   1024 ports (then -ENOSPC), as long as the module. Each is a
	 *   stat-mode event.
	 */
	RDMACTL_CMD_STAT_MODE_SET,

	__RDMACTL_CMD_MAX,
	RDMACTL_CMD_MAX = __RDMACTL_CMD_MAX - 1
};

#define RDMACTL_MCGRP_EVENTS	"events"

#endif /* _UAPI_LINUX_RDMACTL_H */
