/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _RDMACTL_MSG_H
#define _RDMACTL_MSG_H

/*
 * The module's extack messages, by the file that sends them. Kernels
 * since 6.2 cut formatted messages at
 * NETLINK_MAX_FMTMSG_LEN (80 bytes with the NUL), and the ring before them
 * (compat.h) does too, so none names a device (up to 63 bytes): the
 * attribute the message is about is pointed at, and the CLI names the
 * device it asked about. Interface names (up to 15 bytes) may appear. The
 * KUnit suite formats each with its longest arguments: 63-byte names,
 * U32_MAX, and -MAX_ERRNO for an error.
 */

/* counters.c, pma.c */
#define RDMACTL_MSG_NO_DEV_COUNTERS "the device has no device-level counters"
#define RDMACTL_MSG_PMA_NO_RESET \
	"port %u's PMA does not reset; reset without hardware to set a baseline"
#define RDMACTL_MSG_NO_PMA \
	"port %u has no PMA to reset; reset without hardware to set a baseline"
#define RDMACTL_MSG_PMA_FAILED "the PMA of device %u port %u did not take the reset"
#define RDMACTL_MSG_PMA_PARTIAL "port %u: PMA reset PortCounters, not the extended: baseline dropped"
#define RDMACTL_MSG_STAT_SLOW "device %u port %u: its counters are still being read; ask again"
#define RDMACTL_MSG_PMA_NO_BASELINE "port %u: the PMA did not answer, no baseline taken"
#define RDMACTL_MSG_HW_NO_BASELINE "port %u: driver counters not read, no baseline taken"

/* stat-reset.c (and RDMACTL_MSG_PMA_*, above) */
#define RDMACTL_MSG_RESET_SLOW "the counters are still being reset; ask again"
#define RDMACTL_MSG_RESET_OTHER "device %u port %u: the other reset is under way; try again"

/* port-query.c */
#define RDMACTL_MSG_PORT_SLOW "device %u port %u: its state is still being read; ask again"

/* netlink.c */
#define RDMACTL_MSG_NO_DEV_INDEX "no RDMA device with index %u"
#define RDMACTL_MSG_NO_DEV_NAME "no RDMA device has this name"
#define RDMACTL_MSG_DEV_OTHER_NAME \
	"device index %u has another name; give the index or the name alone"
#define RDMACTL_MSG_NO_PORT "port %u does not exist: the device has port %u only"
#define RDMACTL_MSG_NO_PORT_OF "port %u does not exist: the device has ports %u to %u"

/* gid.c */
#define RDMACTL_MSG_GID_EMPTY "GID index %u of port %u is empty"
#define RDMACTL_MSG_GID_BEYOND "GID index %u is beyond port %u's table (%u entries)"

/* roce.c */
#define RDMACTL_MSG_ROCE_MODE "RoCE mode %d is neither v1 (%d) nor v2 (%d)"
#define RDMACTL_MSG_CM_NOT_ATTACHED "rdma_cm has not attached to the device"
#define RDMACTL_MSG_CM_MKDIR "cannot make the device's directory in rdma_cm's configfs (error %d)"
#define RDMACTL_MSG_CM_BUSY \
	"rdma_cm's configfs directory is busy (a listing of it has not ended): nothing was changed; try again"
#define RDMACTL_MSG_CM_LOCKED "another RoCE change is in progress: nothing was changed; try again"
#define RDMACTL_MSG_CM_NOMEM "out of memory for rdma_cm's configfs work: nothing was changed"
#define RDMACTL_MSG_CM_READ "cannot read rdma_cm's defaults of port %u (error %d)"
#define RDMACTL_MSG_NOT_ROCE "port %u is %s, not RoCE: it has no RoCE mode"
#define RDMACTL_MSG_NO_ROCE_PORT "the device has no RoCE port"
#define RDMACTL_MSG_ROCE_SAVED_MAX "rdmactl keeps %d ports' settings at most: forget some"
#define RDMACTL_MSG_CM_REFUSED "rdma_cm refused the setting for port %u (error %d)"
#define RDMACTL_MSG_CM_LEFT_CHANGED \
	"port %u refused (%d), undo failed on %u ports: see events"
#define RDMACTL_MSG_DEV_REPLACED "the device was renamed or replaced during the request: try again"
#define RDMACTL_MSG_ROCE_TYPES "port %u supports %s"
#define RDMACTL_MSG_NO_GUID "the device has no node GUID to remember a setting by"

/* stat-mode.c */
#define RDMACTL_MSG_NOT_OPTIONAL "not an optional counter of this port"
#define RDMACTL_MSG_NAMED_TWICE "a counter is named twice"
#define RDMACTL_MSG_NOTHING_KEPT "rdmactl keeps no optional counters for this port"
#define RDMACTL_MSG_KEPT_CHANGED "the kept optional counters changed during the restore"

/* ipoib.c: its messages name the interface, or the CLI does. */
#define RDMACTL_MSG_NO_IFINDEX "no interface with index %u"
#define RDMACTL_MSG_NO_IFNAME "interface %s not found"
#define RDMACTL_MSG_NOT_IPOIB "%s is not an IPoIB interface"
#define RDMACTL_MSG_DGRAM_ONLY "%s cannot use connected mode: its RDMA device is datagram-only"
#define RDMACTL_MSG_MTU_RANGE "MTU %u is out of range in %s mode (%u to %u)"
#define RDMACTL_MSG_MODE_REFUSED "%s refused %s mode (%d)"
#define RDMACTL_MSG_OFED_NO_CM "DOCA-OFED's ib_ipoib has datagram mode only: it refuses connected mode"
#define RDMACTL_MSG_MTU_GONE "MTU %u refused (%d), then the interface went away"
#define RDMACTL_MSG_MTU_UNDO_FAILED "MTU %u refused (%d), undo failed (%d): %s %u"
#define RDMACTL_MSG_MTU_ROLLED_BACK "MTU %u refused (%d), rolled back to %s %u"
#define RDMACTL_MSG_RTNL_BUSY "%s: RTNL is held by another task; ask again"
#define RDMACTL_MSG_IPOIB_BUSY "too many IPoIB changes wait in this namespace; ask again"
#define RDMACTL_MSG_IPOIB_FULL "too many IPoIB changes wait; ask again"
#define RDMACTL_MSG_IPOIB_UNREADABLE "%s: its IPoIB settings cannot be read (%d)"
#define RDMACTL_MSG_IPOIB_SLOW "the IPoIB change is still being made; ask again"
#define RDMACTL_MSG_IPOIB_NO_PORT "%s: no port of its device has the GID its address names"

/* roce-qos.c */
#define RDMACTL_MSG_QOS_PARTS "a QoS profile is roce-prio and roce-pfc together (and roce-trust)"
#define RDMACTL_MSG_QOS_CLEAR "clear forgets the saved settings: give it no QoS profile"
#define RDMACTL_MSG_QOS_NO_TOS "a QoS profile maps the ToS's DSCP: give the ToS with it"
#define RDMACTL_MSG_QOS_NO_DCB "this kernel has no DCB (CONFIG_DCB): no QoS profile can be kept"

#endif /* _RDMACTL_MSG_H */
