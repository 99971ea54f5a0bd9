/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * rdmactl: a control plane for RDMA devices and ports over generic netlink.
 *
 * This header is the whole ABI between rdmactl.ko and user space. It is
 * shared verbatim by the module, librdmactl and any other program.
 *
 * Family: RDMACTL_GENL_NAME ("rdmactl"), version RDMACTL_GENL_VERSION.
 * Every request is validated strictly: unknown attributes, attributes of
 * the wrong type or length and non-zero reserved header fields are refused
 * with an extended ACK (NLMSGERR_ATTR_MSG) that names the problem.
 * Attributes live in one flat space, enum rdmactl_attr.
 *
 * Only RDMA devices that the caller's network namespace may access are
 * visible (rdma_dev_access_netns(): all devices in "shared" mode, the
 * namespace's own in "exclusive" mode). A port's netdev is reported only
 * when it is in the caller's namespace.
 *
 * Dumps are resumable over several messages. When the set of devices
 * changes during a dump (add, remove, rename), the following messages
 * carry NLM_F_DUMP_INTR; the caller should dump again.
 *
 * RDMACTL_CMD_DEV_GET
 *   Request (doit): RDMACTL_A_DEV_INDEX or RDMACTL_A_DEV_NAME (or both,
 *   which must name the same device).
 *   Request (dump): no attributes, or RDMACTL_A_DEV_INDEX/NAME as a filter.
 *   Reply, one message per device:
 *     RDMACTL_A_DEV_INDEX            u32     index, the same as `rdma dev`
 *     RDMACTL_A_DEV_NAME             string  e.g. "mlx5_0", "rxe0"
 *     RDMACTL_A_DEV_DRIVER           string  kernel module of the driver
 *     RDMACTL_A_DEV_NODE_TYPE        u8      enum rdmactl_node_type
 *     RDMACTL_A_DEV_NODE_GUID        u64     host order
 *     RDMACTL_A_DEV_SYS_IMAGE_GUID   u64     host order
 *     RDMACTL_A_DEV_FW_VER           string  only when the driver has one
 *     RDMACTL_A_DEV_VENDOR_ID        u32
 *     RDMACTL_A_DEV_VENDOR_PART_ID   u32
 *     RDMACTL_A_DEV_HW_VER           u32
 *     RDMACTL_A_DEV_NUM_PORTS        u32
 *
 * RDMACTL_CMD_PORT_GET
 *   Request (doit): device (RDMACTL_A_DEV_INDEX and/or RDMACTL_A_DEV_NAME)
 *   and RDMACTL_A_PORT_INDEX.
 *   Request (dump): no attributes (every port of every device), or a
 *   device, or a device and a port.
 *   Reply, one message per port:
 *     RDMACTL_A_DEV_INDEX            u32
 *     RDMACTL_A_DEV_NAME             string
 *     RDMACTL_A_PORT_INDEX           u32     port number, from 1 (0: switch)
 *     RDMACTL_A_PORT_STATE           u8      enum rdmactl_port_state
 *     RDMACTL_A_PORT_PHYS_STATE      u8      enum rdmactl_port_phys_state
 *     RDMACTL_A_PORT_LINK_LAYER      u8      enum rdmactl_link_layer
 *     RDMACTL_A_PORT_LID             u32     InfiniBand link layer only
 *     RDMACTL_A_PORT_SM_LID          u32     InfiniBand link layer only
 *     RDMACTL_A_PORT_SM_SL           u8      InfiniBand link layer only
 *     RDMACTL_A_PORT_LMC             u8      InfiniBand link layer only
 *     RDMACTL_A_PORT_SUBNET_PREFIX   u64     InfiniBand link layer only
 *     RDMACTL_A_PORT_GUID            u64     interface id of GID index 0
 *     RDMACTL_A_PORT_CAP_FLAGS       u32     PortInfo CapabilityMask
 *     RDMACTL_A_PORT_CAP_FLAGS2      u32     PortInfo CapabilityMask2
 *     RDMACTL_A_PORT_ACTIVE_MTU      u32     bytes (256 .. 4096)
 *     RDMACTL_A_PORT_MAX_MTU         u32     bytes
 *     RDMACTL_A_PORT_ACTIVE_WIDTH    u8      number of lanes (1, 2, 4, 8, 12)
 *     RDMACTL_A_PORT_ACTIVE_SPEED    u32     enum rdmactl_port_speed
 *     RDMACTL_A_PORT_RATE            u32     Mb/s, lanes x lane rate
 *     RDMACTL_A_PORT_GID_TBL_LEN     u32
 *     RDMACTL_A_PORT_PKEY_TBL_LEN    u32
 *     RDMACTL_A_PORT_NETDEV_INDEX    u32     when visible from the caller
 *     RDMACTL_A_PORT_NETDEV_NAME     string  when visible from the caller
 *
 * Neither command changes state, so neither needs CAP_NET_ADMIN.
 */
#ifndef _UAPI_LINUX_RDMACTL_H
#define _UAPI_LINUX_RDMACTL_H

#define RDMACTL_GENL_NAME	"rdmactl"
#define RDMACTL_GENL_VERSION	1

/* Longest device name, with its NUL (IB_DEVICE_NAME_MAX in the kernel). */
#define RDMACTL_DEV_NAME_MAX	64

enum rdmactl_cmd {
	RDMACTL_CMD_UNSPEC,
	RDMACTL_CMD_DEV_GET,
	RDMACTL_CMD_PORT_GET,

	__RDMACTL_CMD_MAX,
	RDMACTL_CMD_MAX = __RDMACTL_CMD_MAX - 1
};

enum rdmactl_attr {
	RDMACTL_A_UNSPEC,
	RDMACTL_A_PAD,

	RDMACTL_A_DEV_INDEX,		/* u32 */
	RDMACTL_A_DEV_NAME,		/* string */
	RDMACTL_A_DEV_DRIVER,		/* string */
	RDMACTL_A_DEV_NODE_TYPE,	/* u8 */
	RDMACTL_A_DEV_NODE_GUID,	/* u64 */
	RDMACTL_A_DEV_SYS_IMAGE_GUID,	/* u64 */
	RDMACTL_A_DEV_FW_VER,		/* string */
	RDMACTL_A_DEV_VENDOR_ID,	/* u32 */
	RDMACTL_A_DEV_VENDOR_PART_ID,	/* u32 */
	RDMACTL_A_DEV_HW_VER,		/* u32 */
	RDMACTL_A_DEV_NUM_PORTS,	/* u32 */

	RDMACTL_A_PORT_INDEX,		/* u32 */
	RDMACTL_A_PORT_STATE,		/* u8 */
	RDMACTL_A_PORT_PHYS_STATE,	/* u8 */
	RDMACTL_A_PORT_LINK_LAYER,	/* u8 */
	RDMACTL_A_PORT_LID,		/* u32 */
	RDMACTL_A_PORT_SM_LID,		/* u32 */
	RDMACTL_A_PORT_SM_SL,		/* u8 */
	RDMACTL_A_PORT_LMC,		/* u8 */
	RDMACTL_A_PORT_SUBNET_PREFIX,	/* u64 */
	RDMACTL_A_PORT_GUID,		/* u64 */
	RDMACTL_A_PORT_CAP_FLAGS,	/* u32 */
	RDMACTL_A_PORT_CAP_FLAGS2,	/* u32 */
	RDMACTL_A_PORT_ACTIVE_MTU,	/* u32 */
	RDMACTL_A_PORT_MAX_MTU,		/* u32 */
	RDMACTL_A_PORT_ACTIVE_WIDTH,	/* u8 */
	RDMACTL_A_PORT_ACTIVE_SPEED,	/* u32 */
	RDMACTL_A_PORT_RATE,		/* u32 */
	RDMACTL_A_PORT_GID_TBL_LEN,	/* u32 */
	RDMACTL_A_PORT_PKEY_TBL_LEN,	/* u32 */
	RDMACTL_A_PORT_NETDEV_INDEX,	/* u32 */
	RDMACTL_A_PORT_NETDEV_NAME,	/* string */

	__RDMACTL_A_MAX,
	RDMACTL_A_MAX = __RDMACTL_A_MAX - 1
};

/* Values are those of the kernel's enum rdma_node_type. */
enum rdmactl_node_type {
	RDMACTL_NODE_IB_CA = 1,
	RDMACTL_NODE_IB_SWITCH,
	RDMACTL_NODE_IB_ROUTER,
	RDMACTL_NODE_RNIC,
	RDMACTL_NODE_USNIC,
	RDMACTL_NODE_USNIC_UDP,
	RDMACTL_NODE_UNSPECIFIED,
};

/* PortInfo PortState, as defined by the InfiniBand Architecture. */
enum rdmactl_port_state {
	RDMACTL_PORT_NOP = 0,
	RDMACTL_PORT_DOWN = 1,
	RDMACTL_PORT_INIT = 2,
	RDMACTL_PORT_ARMED = 3,
	RDMACTL_PORT_ACTIVE = 4,
	RDMACTL_PORT_ACTIVE_DEFER = 5,
};

/* PortInfo PortPhysicalState, as defined by the InfiniBand Architecture. */
enum rdmactl_port_phys_state {
	RDMACTL_PORT_PHYS_SLEEP = 1,
	RDMACTL_PORT_PHYS_POLLING = 2,
	RDMACTL_PORT_PHYS_DISABLED = 3,
	RDMACTL_PORT_PHYS_TRAINING = 4,
	RDMACTL_PORT_PHYS_LINK_UP = 5,
	RDMACTL_PORT_PHYS_LINK_ERROR_RECOVERY = 6,
	RDMACTL_PORT_PHYS_PHY_TEST = 7,
};

enum rdmactl_link_layer {
	RDMACTL_LINK_LAYER_UNSPECIFIED = 0,
	RDMACTL_LINK_LAYER_INFINIBAND = 1,
	RDMACTL_LINK_LAYER_ETHERNET = 2,
};

/* PortInfo LinkSpeedActive encodings; the lane rate follows in comments. */
enum rdmactl_port_speed {
	RDMACTL_SPEED_SDR = 1,		/* 2.5 Gb/s */
	RDMACTL_SPEED_DDR = 2,		/* 5 Gb/s */
	RDMACTL_SPEED_QDR = 4,		/* 10 Gb/s */
	RDMACTL_SPEED_FDR10 = 8,	/* 10 Gb/s */
	RDMACTL_SPEED_FDR = 16,		/* 14 Gb/s */
	RDMACTL_SPEED_EDR = 32,		/* 25 Gb/s */
	RDMACTL_SPEED_HDR = 64,		/* 50 Gb/s */
	RDMACTL_SPEED_NDR = 128,	/* 100 Gb/s */
	RDMACTL_SPEED_XDR = 256,	/* 200 Gb/s */
};

#endif /* _UAPI_LINUX_RDMACTL_H */
