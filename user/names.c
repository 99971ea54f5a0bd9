/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Generated from Documentation/netlink/specs/rdmactl.yaml by
 * scripts/spec.py lib-names (make regen): do not edit.
 * Names of the uapi enums, shared by the CLI and any other caller:
 * what each rdmactl_*_name() returns (librdmactl/names.h), UNKNOWN for
 * a value the enum does not have.
 */
#include "internal.h"

#define NAME(table, v) \
	((v) < sizeof(table) / sizeof(table[0]) && table[v] ? table[v] : "UNKNOWN")

RDMACTL_EXPORT const char *rdmactl_port_state_name(uint8_t state)
{
	static const char *const names[] = {
		[RDMACTL_PORT_NOP] = "NOP",
		[RDMACTL_PORT_DOWN] = "DOWN",
		[RDMACTL_PORT_INIT] = "INIT",
		[RDMACTL_PORT_ARMED] = "ARMED",
		[RDMACTL_PORT_ACTIVE] = "ACTIVE",
		[RDMACTL_PORT_ACTIVE_DEFER] = "ACTIVE_DEFER",
	};

	return NAME(names, state);
}

RDMACTL_EXPORT const char *rdmactl_port_phys_state_name(uint8_t phys_state)
{
	static const char *const names[] = {
		[RDMACTL_PORT_PHYS_SLEEP] = "SLEEP",
		[RDMACTL_PORT_PHYS_POLLING] = "POLLING",
		[RDMACTL_PORT_PHYS_DISABLED] = "DISABLED",
		[RDMACTL_PORT_PHYS_TRAINING] = "TRAINING",
		[RDMACTL_PORT_PHYS_LINK_UP] = "LINK_UP",
		[RDMACTL_PORT_PHYS_LINK_ERROR_RECOVERY] = "LINK_ERROR_RECOVERY",
		[RDMACTL_PORT_PHYS_PHY_TEST] = "PHY_TEST",
	};

	return NAME(names, phys_state);
}

RDMACTL_EXPORT const char *rdmactl_link_layer_name(uint8_t link_layer)
{
	static const char *const names[] = {
		[RDMACTL_LINK_LAYER_UNSPECIFIED] = "Unspecified",
		[RDMACTL_LINK_LAYER_INFINIBAND] = "InfiniBand",
		[RDMACTL_LINK_LAYER_ETHERNET] = "Ethernet",
	};

	return NAME(names, link_layer);
}

RDMACTL_EXPORT const char *rdmactl_node_type_name(uint8_t node_type)
{
	static const char *const names[] = {
		[RDMACTL_NODE_IB_CA] = "ca",
		[RDMACTL_NODE_IB_SWITCH] = "switch",
		[RDMACTL_NODE_IB_ROUTER] = "router",
		[RDMACTL_NODE_RNIC] = "rnic",
		[RDMACTL_NODE_USNIC] = "usnic",
		[RDMACTL_NODE_USNIC_UDP] = "usnic_udp",
		[RDMACTL_NODE_UNSPECIFIED] = "unspecified",
	};

	return NAME(names, node_type);
}

RDMACTL_EXPORT const char *rdmactl_port_speed_name(uint32_t speed)
{
	switch (speed) {
	case RDMACTL_SPEED_SDR:
		return "SDR";
	case RDMACTL_SPEED_DDR:
		return "DDR";
	case RDMACTL_SPEED_QDR:
		return "QDR";
	case RDMACTL_SPEED_FDR10:
		return "FDR10";
	case RDMACTL_SPEED_FDR:
		return "FDR";
	case RDMACTL_SPEED_EDR:
		return "EDR";
	case RDMACTL_SPEED_HDR:
		return "HDR";
	case RDMACTL_SPEED_NDR:
		return "NDR";
	case RDMACTL_SPEED_XDR:
		return "XDR";
	default:
		return "UNKNOWN";
	}
}

RDMACTL_EXPORT const char *rdmactl_pma_set_name(uint8_t pma_set)
{
	static const char *const names[] = {
		[0] = "none",
		[RDMACTL_PMA_BASIC] = "basic",
		[RDMACTL_PMA_EXT] = "extended",
		[RDMACTL_PMA_EXT_NOIETF] = "extended_noietf",
	};

	return NAME(names, pma_set);
}

RDMACTL_EXPORT const char *rdmactl_counter_source_name(uint8_t source)
{
	static const char *const names[] = {
		[RDMACTL_SOURCE_PMA] = "pma",
		[RDMACTL_SOURCE_DRIVER] = "driver",
		[RDMACTL_SOURCE_DRIVER_DEVICE] = "driver_device",
	};

	return NAME(names, source);
}

RDMACTL_EXPORT const char *rdmactl_counter_unit_name(uint8_t unit)
{
	static const char *const names[] = {
		[RDMACTL_UNIT_UNSPEC] = "",
		[RDMACTL_UNIT_EVENTS] = "events",
		[RDMACTL_UNIT_PACKETS] = "packets",
		[RDMACTL_UNIT_OCTETS_4] = "4_octets",
		[RDMACTL_UNIT_TICKS] = "ticks",
		[RDMACTL_UNIT_OCTETS] = "bytes",
		[RDMACTL_UNIT_USEC] = "microseconds",
		[RDMACTL_UNIT_BLOCKS] = "blocks",
		[RDMACTL_UNIT_BITS] = "bits",
	};

	return NAME(names, unit);
}

RDMACTL_EXPORT const char *rdmactl_ipoib_mode_name(uint8_t mode)
{
	static const char *const names[] = {
		[RDMACTL_IPOIB_DATAGRAM] = "datagram",
		[RDMACTL_IPOIB_CONNECTED] = "connected",
	};

	return NAME(names, mode);
}

RDMACTL_EXPORT const char *rdmactl_gid_type_name(uint8_t type)
{
	static const char *const names[] = {
		[RDMACTL_GID_TYPE_IB] = "ib",
		[RDMACTL_GID_TYPE_ROCE_V1] = "v1",
		[RDMACTL_GID_TYPE_ROCE_V2] = "v2",
		[RDMACTL_GID_TYPE_IWARP] = "iwarp",
	};

	return NAME(names, type);
}

RDMACTL_EXPORT const char *rdmactl_roce_trust_name(uint8_t trust)
{
	static const char *const names[] = {
		[RDMACTL_ROCE_TRUST_DSCP] = "dscp",
		[RDMACTL_ROCE_TRUST_PCP] = "pcp",
	};

	return NAME(names, trust);
}

RDMACTL_EXPORT const char *rdmactl_event_name(uint8_t type)
{
	static const char *const names[] = {
		[RDMACTL_EVENT_LOST] = "LOST",
		[RDMACTL_EVENT_DEV_ADD] = "DEV_ADD",
		[RDMACTL_EVENT_DEV_REMOVE] = "DEV_REMOVE",
		[RDMACTL_EVENT_DEV_RENAME] = "DEV_RENAME",
		[RDMACTL_EVENT_PORT_ACTIVE] = "PORT_ACTIVE",
		[RDMACTL_EVENT_PORT_ERR] = "PORT_ERR",
		[RDMACTL_EVENT_LID_CHANGE] = "LID_CHANGE",
		[RDMACTL_EVENT_SM_CHANGE] = "SM_CHANGE",
		[RDMACTL_EVENT_PKEY_CHANGE] = "PKEY_CHANGE",
		[RDMACTL_EVENT_GID_CHANGE] = "GID_CHANGE",
		[RDMACTL_EVENT_CLIENT_REREGISTER] = "CLIENT_REREGISTER",
		[RDMACTL_EVENT_DEVICE_FATAL] = "DEVICE_FATAL",
		[RDMACTL_EVENT_NETDEV_ATTACH] = "NETDEV_ATTACH",
		[RDMACTL_EVENT_NETDEV_DETACH] = "NETDEV_DETACH",
		[RDMACTL_EVENT_IPOIB_MODE] = "IPOIB_MODE",
		[RDMACTL_EVENT_IPOIB_MTU] = "IPOIB_MTU",
		[RDMACTL_EVENT_ROCE] = "ROCE",
		[RDMACTL_EVENT_OVERFLOW] = "OVERFLOW",
		[RDMACTL_EVENT_STAT_MODE] = "STAT_MODE",
		[RDMACTL_EVENT_STAT_RESET] = "STAT_RESET",
	};

	return NAME(names, type);
}
