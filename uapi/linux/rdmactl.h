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
 * RDMACTL_CMD_STAT_GET
 *   Request (doit): a device and RDMACTL_A_PORT_INDEX, 0 meaning the
 *   device's own counters. Request (dump): every port of every device, or
 *   of one device (its device-level counters first, as port 0). Either
 *   may carry RDMACTL_A_STAT_BASELINE to subtract the port's baseline.
 *   On a switch (whose ports start at 0) port 0 is its port 0, and the
 *   device's own counters are not reported.
 *   Reply, one message per port, one consistent snapshot:
 *     RDMACTL_A_DEV_INDEX, RDMACTL_A_DEV_NAME, RDMACTL_A_PORT_INDEX
 *     RDMACTL_A_STAT_TIMESTAMP       u64     ns, CLOCK_MONOTONIC, of the read
 *     RDMACTL_A_STAT_PMA_SET         u8      enum rdmactl_pma_set; absent
 *                                            when the port has no PMA
 *     RDMACTL_A_STAT_BASELINE_TIMESTAMP u64  when the subtracted baseline
 *                                            was taken; only when one was
 *     RDMACTL_A_STAT_HW_PARTIAL      flag    the driver has counters for the
 *                                            port that this reply lacks:
 *                                            optional ones (`rdma statistic
 *                                            set ... optional-counters`),
 *                                            or those of QPs bound to
 *                                            counters; ib_core's RDMA
 *                                            netlink (`rdma statistic`)
 *                                            has them
 *     RDMACTL_A_STAT_HW_ERROR        s32     the device's driver counter
 *                                            reads fail: the last failure,
 *                                            -errno; none in this reply
 *     RDMACTL_A_STAT_HW_RETRY_MS     u32     with it: in how many ms they
 *                                            are tried again (0: next)
 *     RDMACTL_A_STAT_PMA_ERROR       s32     the device's PMA does not
 *     RDMACTL_A_STAT_PMA_RETRY_MS    u32     answer: likewise
 *     RDMACTL_A_PORT_NETDEV_INDEX    u32     a RoCE or iWARP port's netdev,
 *     RDMACTL_A_PORT_NETDEV_NAME     string  when visible from the caller
 *                                            (its ethtool statistics are
 *                                            read in user space)
 *     RDMACTL_A_STAT_COUNTER         nest    one per counter, repeated:
 *       RDMACTL_A_COUNTER_NAME       string  sysfs's name (counters/,
 *                                            hw_counters/)
 *       RDMACTL_A_COUNTER_VALUE      u64
 *       RDMACTL_A_COUNTER_SOURCE     u8      enum rdmactl_counter_source
 *       RDMACTL_A_COUNTER_WIDTH      u8      bits the hardware keeps
 *       RDMACTL_A_COUNTER_FLAGS      u32     RDMACTL_COUNTER_F_*
 *       RDMACTL_A_COUNTER_UNIT       u8      enum rdmactl_counter_unit
 *       RDMACTL_A_COUNTER_BYTES      u64     data counters only: the value
 *                                            in bytes (4 x the value)
 *   PMA counters cost at most two MADs per port and snapshot (PortCounters,
 *   and PortCountersExtended when ClassPortInfo advertises it; the first
 *   snapshot of a port also reads ClassPortInfo), chosen as sysfs does.
 *   Snapshots are rate-limited per port, whoever asks: the driver is read
 *   again once its last read is older than the driver's lifespan for the
 *   counters (sysfs's hw_counters/lifespan, 10 ms by default), and the PMA
 *   as often (10 ms at least); a snapshot in between repeats the last read,
 *   and its RDMACTL_A_STAT_TIMESTAMP is that read's. A PMA that does
 *   not answer ClassPortInfo is asked again at most once a second; until
 *   it answers, replies have no PMA counters. So is one whose counters
 *   could not be read (the interval, if longer): replies in between have
 *   no PMA counters, and a timestamp only a read that happened sets.
 *   A failed read of a source (a PMA MAD with no answer, a driver read
 *   that returns an error) holds that source on every port of the device
 *   for the module parameter failed_read_hold_s (60 s; a failed driver
 *   read holds the PMA too): restricted functions, whose firmware refuses
 *   reads and logs each refusal, cost one read per source and hold. The
 *   device's replies meanwhile lack that source's counters and carry
 *   RDMACTL_A_STAT_HW_ERROR or RDMACTL_A_STAT_PMA_ERROR.
 *   A dump reads the ports it will send next side by side, ahead of the
 *   messages, each port as a snapshot: its reply carries that read (or
 *   another reader's, ended after the dump asked) and the read's
 *   timestamp. A reader that comes back for ports more than a second
 *   after they were read ahead gets them read again. A dump's first
 *   datagram is empty when its first port takes over a tenth of a second
 *   to read: read on. A doit waits for its port's read a tenth of a second
 *   at most, then fails with EAGAIN; that read serves the next doit of
 *   the port less than a second after it ended.
 *   PMA counters come before driver counters. A name is unique within a
 *   source only: a PMA and a driver may both report one (rxe's
 *   link_downed), and both are sent, each with its source.
 *
 * RDMACTL_CMD_STAT_RESET (CAP_NET_ADMIN)
 *   Request (doit): no device (every port), a device (its ports and its
 *   device counters) or a device and a port; and
 *     RDMACTL_A_STAT_RESET_HARDWARE  flag    zero the PMA counters (a
 *                                            PortCounters and, where there
 *                                            is one, PortCountersExtended
 *                                            Set, as `perfquery -R`)
 *   Without it, the ports' counters are recorded as their baseline, which
 *   RDMACTL_CMD_STAT_GET subtracts when asked, and nothing else changes.
 *   A baseline is every source of the port read at one time: when its
 *   PMA (-EIO) or driver (-ENODATA) cannot be read, the port keeps the
 *   baseline it had; the other ports of the request have their new one.
 *   With it, a port without a PMA, or whose PMA does not acknowledge the
 *   Set with a GetResp, is -EOPNOTSUPP when named and skipped otherwise;
 *   one whose PMA takes PortCounters' Set and not the extended one's is
 *   -EPROTO, and its baseline is dropped.
 *   The ports are reset side by side by work items: a doit waits a tenth
 *   of a second, then fails with EAGAIN ("ask again"); asked again (the
 *   same kind, within ten seconds) it answers from those resets.
 *
 * RDMACTL_CMD_IPOIB_GET
 *   Request (doit): RDMACTL_A_IPOIB_IFINDEX or RDMACTL_A_IPOIB_IFNAME.
 *   Request (dump): every IPoIB interface in the caller's namespace, or
 *   those of a device (DEV_INDEX/DEV_NAME), of a port (and PORT_INDEX),
 *   or the one IFINDEX or IFNAME names.
 *   Reply, one message per interface, parents and P_Key children alike:
 *     RDMACTL_A_IPOIB_IFINDEX        u32
 *     RDMACTL_A_IPOIB_IFNAME         string
 *     RDMACTL_A_IPOIB_PARENT_IFINDEX u32     P_Key children only
 *     RDMACTL_A_DEV_INDEX, RDMACTL_A_DEV_NAME, RDMACTL_A_PORT_INDEX
 *                                            the RDMA port it runs on
 *     RDMACTL_A_IPOIB_PKEY           u16
 *     RDMACTL_A_IPOIB_MODE           u8      enum rdmactl_ipoib_mode
 *     RDMACTL_A_IPOIB_CM_SUPPORTED   u8      1: connected mode possible
 *     RDMACTL_A_IPOIB_UMCAST         u8
 *     RDMACTL_A_IPOIB_MTU            u32
 *     RDMACTL_A_IPOIB_MAX_MTU_DATAGRAM  u32  the port's IB MTU less 4
 *     RDMACTL_A_IPOIB_MAX_MTU_CONNECTED u32  only when connected mode is
 *                                            possible
 *     RDMACTL_A_IPOIB_HWADDR         binary  the 20-byte hardware address
 *     RDMACTL_A_IPOIB_QPN            u32     decoded from it: the QPN,
 *     RDMACTL_A_IPOIB_HW_FLAGS       u8      its flags byte,
 *     RDMACTL_A_PORT_SUBNET_PREFIX   u64     the GID's subnet prefix
 *     RDMACTL_A_PORT_GUID            u64     and port GUID
 *     RDMACTL_A_IPOIB_OPERSTATE      u8      IF_OPER_* (RFC 2863)
 *     RDMACTL_A_IPOIB_ADMIN_UP       u8      1 when IFF_UP
 *
 * RDMACTL_CMD_IPOIB_SET (CAP_NET_ADMIN in the interface's namespace)
 *   Request (doit): the interface (IFINDEX or IFNAME), and
 *     RDMACTL_A_IPOIB_MODE           u8      datagram or connected (any other
 *                                            value: -ERANGE, from the policy)
 *     RDMACTL_A_IPOIB_MTU            u32     optional; without it the mode
 *                                            brings its own (connected:
 *                                            its largest, datagram: the
 *                                            broadcast group's)
 *   Mode, MTU and the notification rtnetlink sends for `ip link set IF
 *   type ipoib mode` (netdev_state_change(): NETDEV_CHANGE and RTM_NEWLINK
 *   when the interface is up) share one RTNL section, which ipoib leaves
 *   only while it flushes its paths; sets are serialised. When the
 *   interface refuses the MTU after the mode changed, the old mode and MTU
 *   are put back and the extack says "rolled back to MODE MTU" or "undo
 *   failed (ERR): MODE MTU": where the interface stands. Otherwise a
 *   failure changes nothing.
 *
 * RDMACTL_CMD_GID_GET
 *   Request (doit): a device, RDMACTL_A_PORT_INDEX and RDMACTL_A_GID_INDEX.
 *   Request (dump): every GID of every port, or of a device, or of a port.
 *   Empty slots of the table are skipped.
 *   Reply, one message per GID entry:
 *     RDMACTL_A_DEV_INDEX, RDMACTL_A_DEV_NAME, RDMACTL_A_PORT_INDEX
 *     RDMACTL_A_GID_INDEX            u32     the index verbs users pass
 *     RDMACTL_A_GID                  binary  16 bytes, network order
 *     RDMACTL_A_GID_TYPE             u8      enum rdmactl_gid_type
 *     RDMACTL_A_GID_NETDEV_INDEX     u32     RoCE: the netdev the entry
 *     RDMACTL_A_GID_NETDEV_NAME      string  belongs to, when visible from
 *                                            the caller's namespace
 *     RDMACTL_A_GID_VLAN_ID          u16     RoCE: only on a VLAN
 *
 * RDMACTL_CMD_ROCE_GET
 *   rdma_cm's defaults for new connections on a RoCE port. rdma_cm shows
 *   them only through its configfs ABI (Documentation/ABI/testing/
 *   configfs-rdma_cm), in a directory rdma_cm/<dev> someone must make;
 *   the module reads it on a private mount (user space need not mount
 *   configfs). A GET changes nothing: it loads no module, makes and
 *   removes no directory. So the values come from, in this order:
 *   rdma_cm/<dev> when it exists (whoever made it), what rdmactl last
 *   applied (ROCE_SET, or a restore), else nowhere: RDMACTL_A_ROCE_SOURCE
 *   says which.
 *   Request (doit): a device and RDMACTL_A_PORT_INDEX. Request (dump):
 *   every RoCE port, or those of a device. Either may carry
 *     RDMACTL_A_ROCE_PROBE           flag    CAP_NET_ADMIN: ask rdma_cm
 *                                            itself, making rdma_cm/<dev>
 *                                            for the request when it is not
 *                                            there (and removing only that);
 *                                            fails when rdma_cm cannot tell
 *   Reply, one message per port:
 *     RDMACTL_A_DEV_INDEX, RDMACTL_A_DEV_NAME, RDMACTL_A_PORT_INDEX
 *     RDMACTL_A_ROCE_TYPES           u32     bit (1 << enum rdmactl_gid_type)
 *                                            per GID type the port has
 *     RDMACTL_A_ROCE_SOURCE          u8      enum rdmactl_roce_source
 *     RDMACTL_A_ROCE_MODE            u8      enum rdmactl_gid_type: the GID
 *                                            type rdma_cm uses by default
 *     RDMACTL_A_ROCE_TOS             u8      its default type of service;
 *                                            both absent when the source is
 *                                            RDMACTL_ROCE_SOURCE_UNKNOWN
 *     RDMACTL_A_ROCE_SAVED_MODE      u8      what rdmactl re-applies when the
 *     RDMACTL_A_ROCE_SAVED_TOS       u8      device registers again; each
 *                                            only when one was set
 *
 * RDMACTL_CMD_ROCE_SET (CAP_NET_ADMIN)
 *   Request (doit): a device, optionally RDMACTL_A_PORT_INDEX (without it:
 *   every port of the device), and either or both of
 *     RDMACTL_A_ROCE_MODE            u8      RDMACTL_GID_TYPE_ROCE_V1 or _V2
 *                                            (else -ERANGE, from the policy)
 *     RDMACTL_A_ROCE_TOS             u8
 *   or, alone,
 *     RDMACTL_A_ROCE_CLEAR           flag    forget the saved settings (rdma_cm
 *                                            keeps its current ones)
 *   Every port must be RoCE and support the mode, or nothing changes.
 *   rdma_cm must be loaded (the module's soft dependency loads it with the
 *   module): no request loads it, and without it a SET fails, saying so.
 *   A setting is remembered by node GUID and port number, at most 1024 of
 *   them (then -ENOSPC: forget some), and applied again shortly after
 *   rdma_cm attaches to a device with that node GUID registering (a driver
 *   reload, a reset, a namespace move), and to every such device when
 *   rdma_cm itself is loaded again. Each re-apply is a ROCE event with
 *   RDMACTL_A_ROCE_RESTORED; one that failed carries RDMACTL_A_ROCE_ERROR.
 *   Until it comes, new connections get rdma_cm's own defaults. The memory
 *   lasts as long as the module.
 *
 * RDMACTL_CMD_STAT_MODE_GET
 *   The optional counters rdmactl keeps for a port (STAT_MODE_SET).
 *   Request (doit): a device and RDMACTL_A_PORT_INDEX. Request (dump):
 *   every port, or those of a device. Reply, one message per port:
 *     RDMACTL_A_DEV_INDEX, RDMACTL_A_DEV_NAME, RDMACTL_A_PORT_INDEX
 *     RDMACTL_A_STAT_OPTIONAL        nest    only when some are kept: one
 *       RDMACTL_A_STAT_OPTIONAL_NAME string  per counter (none: an empty
 *                                            nest, "all off")
 *
 * RDMACTL_CMD_STAT_MODE_SET (CAP_NET_ADMIN)
 *   ib_core turns optional counters (IB_STAT_FLAG_OPTIONAL, 5.16+) on and
 *   off only through its RDMA netlink (RDMA_NLDEV_CMD_STAT_SET, `rdma
 *   statistic set`); no exported symbol does it. So user space sets them
 *   there, and records here what it set, for a re-apply: a device that
 *   registers again (a driver reload, a reset, a namespace move) starts
 *   with them off, and the udev rule rdmactl installs runs `rdmactl stat
 *   mode restore` for it. Request (doit): a device, RDMACTL_A_PORT_INDEX,
 *   and one of
 *     RDMACTL_A_STAT_OPTIONAL        nest    the names now on, every one an
 *                                            optional counter of the port
 *                                            (else -EINVAL, naming it); with
 *     RDMACTL_A_STAT_MODE_RESTORED   flag    when this was a re-apply
 *     RDMACTL_A_STAT_MODE_CLEAR      flag    forget the port's names
 *     RDMACTL_A_STAT_MODE_ERROR      s32     with RESTORED: a re-apply that
 *                                            failed, -errno; nothing kept
 *                                            changes
 *   Kept by node GUID and port number (not by name), at most 1024 ports
 *   (then -ENOSPC), as long as the module. Each is a STAT_MODE event.
 *
 * Multicast group RDMACTL_MCGRP_EVENTS ("events"), RDMACTL_CMD_EVENT
 *   One message per event, to every network namespace that can see the
 *   device (rdma_dev_access_netns()), only while someone there listens.
 *   NETDEV_ATTACH/DETACH and IPOIB_* go to the netdev's namespace alone:
 *   ATTACH/DETACH only if it can see the device too, IPOIB_* there without
 *   the device's attributes (DEV_INDEX, DEV_NAME) if it cannot. Nothing
 *   goes to a namespace being destroyed, nor tells of the netdevs the
 *   module sees when it loads or unloads.
 *   NETDEV_ATTACH: a port has a netdev (after its device's DEV_ADD), a new
 *   one (a port re-bound, by any driver, at any time), or the same one
 *   under a new name. NETDEV_DETACH: the port's netdev unregistered or was
 *   replaced. A netdev moved to another namespace detaches in the old one
 *   and attaches in the new one.
 *   Anyone may subscribe (no GENL_MCAST_CAP_NET_ADMIN), on purpose: an
 *   event says no more than the unprivileged GETs say in the same
 *   namespace, ib_core's own RDMA netlink monitor group is open to all
 *   (NL_CFG_F_NONROOT_RECV), and the kernel's flag checks CAP_NET_ADMIN in
 *   the namespace's user namespace, which a user namespace's owner has
 *   anyway (Documentation/events.md). Each carries what a subscriber
 *   needs without a follow-up query:
 *     RDMACTL_A_EVENT_TYPE           u8      enum rdmactl_event
 *     RDMACTL_A_EVENT_SEQ            u64     per namespace, from 1, +1 per
 *                                            message meant for it: a gap
 *                                            means loss
 *     RDMACTL_A_EVENT_TIMESTAMP      u64     ns, CLOCK_MONOTONIC
 *     RDMACTL_A_DEV_INDEX, RDMACTL_A_DEV_NAME (the new name for a rename)
 *     RDMACTL_A_EVENT_OLD_NAME       string  DEV_RENAME: the old name
 *     RDMACTL_A_PORT_INDEX                   port events
 *     RDMACTL_A_PORT_STATE           u8      port events: the state when the
 *                                            event happened (ib_core's cache)
 *     RDMACTL_A_PORT_PHYS_STATE, _LID, _SM_LID, _SM_SL, _LMC
 *                                            port events: read from the
 *                                            driver as the message is built,
 *                                            while the device is still there
 *     RDMACTL_A_PORT_NETDEV_INDEX, _NAME     NETDEV_ATTACH/DETACH
 *     RDMACTL_A_IPOIB_IFINDEX, _IFNAME, _MODE, _MTU
 *                                            IPOIB_MODE, IPOIB_MTU
 *     RDMACTL_A_ROCE_MODE, _ROCE_TOS         ROCE: the port's new defaults,
 *     RDMACTL_A_ROCE_RESTORED        flag    set through ROCE_SET, or, with
 *                                            this flag, re-applied to a
 *                                            device registering again or to
 *                                            a reloaded rdma_cm
 *     RDMACTL_A_ROCE_CLEAR           flag    ROCE, without MODE and TOS: the
 *                                            port's saved settings forgotten
 *     RDMACTL_A_ROCE_SOURCE          u8      ROCE, alone: UNKNOWN, rdma_cm
 *                                            unloading took the defaults
 *     RDMACTL_A_ROCE_ERROR           s32     -errno, without MODE and TOS: a
 *                                            re-apply that failed (with
 *                                            RESTORED), or a failed SET's
 *                                            undo that left the port where
 *                                            it could not be read (without)
 *     RDMACTL_A_STAT_OPTIONAL        nest    STAT_MODE: the names now kept
 *                                            (not with CLEAR or ERROR)
 *     RDMACTL_A_STAT_MODE_CLEAR, _RESTORED   flag    STAT_MODE, as in the SET
 *     RDMACTL_A_STAT_MODE_ERROR      s32     STAT_MODE: a re-apply failed
 *     RDMACTL_A_STAT_RESET_HARDWARE  flag    STAT_RESET: the PMA zeroed, not
 *                                            a baseline (no PORT_INDEX: the
 *                                            device's own counters)
 *     RDMACTL_A_EVENT_LOST           u64     OVERFLOW: events the kernel
 *                                            could not queue (no memory)
 *                                            since the last OVERFLOW, for
 *                                            any namespace: at most these
 *                                            were lost here
 *   A subscriber whose socket overran gets ENOBUFS from recv(): events
 *   were lost, and a dump gives the state again. Loss in the kernel is
 *   never silent: an event that could not be queued is counted and told
 *   by an OVERFLOW to every namespace with a listener; a message that
 *   could not be built for a namespace still takes its number there.
 *
 * DEV_GET, PORT_GET, STAT_GET, IPOIB_GET, GID_GET, ROCE_GET and STAT_MODE_GET change nothing
 * and need no privilege (ROCE_GET's PROBE excepted). No request loads a module. Requests
 * run in parallel (the family is parallel_ops): one waiting on firmware or
 * on rdma_cm holds up no other. Generic netlink's own lock, held across a
 * doit and a dump's first call, is held across no wait for firmware of
 * STAT_GET, nor for a driver's query_port or RTNL by PORT_GET, IPOIB_GET,
 * or STAT_RESET's or IPOIB_SET's work, more than a tenth of a second (a
 * doit then fails with EAGAIN, "ask again": the same message sent again
 * takes a reset's or a set's outcome; a dump's first datagram may be
 * empty: read on), and across at most configfs_wait_ms (the module's
 * parameter, 200 ms) for rdma_cm's configfs directory by ROCE_SET and a
 * PROBE, which then fail with EBUSY having changed nothing
 * (Documentation/netlink.md).
 */
#ifndef _UAPI_LINUX_RDMACTL_H
#define _UAPI_LINUX_RDMACTL_H

#define RDMACTL_GENL_NAME	"rdmactl"
#define RDMACTL_GENL_VERSION	1
#define RDMACTL_MCGRP_EVENTS	"events"

/* Longest device name, with its NUL (IB_DEVICE_NAME_MAX in the kernel). */
#define RDMACTL_DEV_NAME_MAX	64

enum rdmactl_cmd {
	RDMACTL_CMD_UNSPEC,
	RDMACTL_CMD_DEV_GET,
	RDMACTL_CMD_PORT_GET,
	RDMACTL_CMD_STAT_GET,
	RDMACTL_CMD_STAT_RESET,
	RDMACTL_CMD_IPOIB_GET,
	RDMACTL_CMD_IPOIB_SET,
	RDMACTL_CMD_EVENT,		/* multicast only */
	RDMACTL_CMD_GID_GET,
	RDMACTL_CMD_ROCE_GET,
	RDMACTL_CMD_ROCE_SET,
	RDMACTL_CMD_STAT_MODE_GET,
	RDMACTL_CMD_STAT_MODE_SET,

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

	RDMACTL_A_STAT_TIMESTAMP,	/* u64 */
	RDMACTL_A_STAT_PMA_SET,		/* u8 */
	RDMACTL_A_STAT_BASELINE,	/* flag */
	RDMACTL_A_STAT_BASELINE_TIMESTAMP, /* u64 */
	RDMACTL_A_STAT_RESET_HARDWARE,	/* flag */
	RDMACTL_A_STAT_COUNTER,		/* nest */
	RDMACTL_A_COUNTER_NAME,		/* string */
	RDMACTL_A_COUNTER_VALUE,	/* u64 */
	RDMACTL_A_COUNTER_SOURCE,	/* u8 */
	RDMACTL_A_COUNTER_WIDTH,	/* u8 */
	RDMACTL_A_COUNTER_FLAGS,	/* u32 */
	RDMACTL_A_COUNTER_UNIT,		/* u8 */
	RDMACTL_A_COUNTER_BYTES,	/* u64 */

	RDMACTL_A_IPOIB_IFINDEX,	/* u32 */
	RDMACTL_A_IPOIB_IFNAME,		/* string */
	RDMACTL_A_IPOIB_PARENT_IFINDEX,	/* u32 */
	RDMACTL_A_IPOIB_PKEY,		/* u16 */
	RDMACTL_A_IPOIB_MODE,		/* u8 */
	RDMACTL_A_IPOIB_CM_SUPPORTED,	/* u8 */
	RDMACTL_A_IPOIB_UMCAST,		/* u8 */
	RDMACTL_A_IPOIB_MTU,		/* u32 */
	RDMACTL_A_IPOIB_MAX_MTU_DATAGRAM, /* u32 */
	RDMACTL_A_IPOIB_MAX_MTU_CONNECTED, /* u32 */
	RDMACTL_A_IPOIB_HWADDR,		/* binary, 20 bytes */
	RDMACTL_A_IPOIB_QPN,		/* u32 */
	RDMACTL_A_IPOIB_HW_FLAGS,	/* u8 */
	RDMACTL_A_IPOIB_OPERSTATE,	/* u8 */
	RDMACTL_A_IPOIB_ADMIN_UP,	/* u8 */

	RDMACTL_A_EVENT_TYPE,		/* u8 */
	RDMACTL_A_EVENT_SEQ,		/* u64 */
	RDMACTL_A_EVENT_TIMESTAMP,	/* u64 */
	RDMACTL_A_EVENT_OLD_NAME,	/* string */

	RDMACTL_A_GID_INDEX,		/* u32 */
	RDMACTL_A_GID,			/* binary, 16 bytes */
	RDMACTL_A_GID_TYPE,		/* u8 */
	RDMACTL_A_GID_NETDEV_INDEX,	/* u32 */
	RDMACTL_A_GID_NETDEV_NAME,	/* string */
	RDMACTL_A_GID_VLAN_ID,		/* u16 */

	RDMACTL_A_ROCE_TYPES,		/* u32 */
	RDMACTL_A_ROCE_MODE,		/* u8 */
	RDMACTL_A_ROCE_TOS,		/* u8 */
	RDMACTL_A_ROCE_SAVED_MODE,	/* u8 */
	RDMACTL_A_ROCE_SAVED_TOS,	/* u8 */
	RDMACTL_A_ROCE_CLEAR,		/* flag */
	RDMACTL_A_ROCE_RESTORED,	/* flag */
	RDMACTL_A_ROCE_SOURCE,		/* u8 */
	RDMACTL_A_ROCE_PROBE,		/* flag */
	RDMACTL_A_ROCE_ERROR,		/* s32 */

	RDMACTL_A_EVENT_LOST,		/* u64 */
	RDMACTL_A_STAT_HW_PARTIAL,	/* flag */
	RDMACTL_A_STAT_OPTIONAL,	/* nest */
	RDMACTL_A_STAT_OPTIONAL_NAME,	/* string, repeated */
	RDMACTL_A_STAT_MODE_CLEAR,	/* flag */
	RDMACTL_A_STAT_MODE_RESTORED,	/* flag */
	RDMACTL_A_STAT_MODE_ERROR,	/* s32 */
	RDMACTL_A_STAT_HW_ERROR,	/* s32 */
	RDMACTL_A_STAT_HW_RETRY_MS,	/* u32 */
	RDMACTL_A_STAT_PMA_ERROR,	/* s32 */
	RDMACTL_A_STAT_PMA_RETRY_MS,	/* u32 */

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

/* Which PMA counter set a port has, as ClassPortInfo says. */
enum rdmactl_pma_set {
	RDMACTL_PMA_BASIC = 1,		/* PortCounters: 32-bit data counters */
	RDMACTL_PMA_EXT = 2,		/* + PortCountersExtended, uni/multicast */
	RDMACTL_PMA_EXT_NOIETF = 3,	/* + PortCountersExtended, no uni/multicast */
};

enum rdmactl_counter_source {
	RDMACTL_SOURCE_PMA = 1,		/* the IB Performance Management Agent */
	RDMACTL_SOURCE_DRIVER = 2,	/* the driver's port hw counters */
	RDMACTL_SOURCE_DRIVER_DEVICE = 3, /* the driver's device hw counters */
};

enum rdmactl_counter_unit {
	RDMACTL_UNIT_UNSPEC = 0,	/* a driver counter: its driver's unit */
	RDMACTL_UNIT_EVENTS = 1,
	RDMACTL_UNIT_PACKETS = 2,
	RDMACTL_UNIT_OCTETS_4 = 3,	/* 4-octet words: see COUNTER_BYTES */
	RDMACTL_UNIT_TICKS = 4,		/* PortXmitWait's sample ticks */
	/* Units of the netdev's ethtool counters (librdmactl's, not the module's): */
	RDMACTL_UNIT_OCTETS = 5,	/* bytes */
	RDMACTL_UNIT_USEC = 6,		/* microseconds (pause durations) */
	RDMACTL_UNIT_BLOCKS = 7,	/* FEC codewords */
	RDMACTL_UNIT_BITS = 8,		/* FEC corrected bits */
};

enum rdmactl_event {
	RDMACTL_EVENT_DEV_ADD = 1,
	RDMACTL_EVENT_DEV_REMOVE,
	RDMACTL_EVENT_DEV_RENAME,
	RDMACTL_EVENT_PORT_ACTIVE,	/* IB_EVENT_PORT_ACTIVE */
	RDMACTL_EVENT_PORT_ERR,		/* IB_EVENT_PORT_ERR: left ACTIVE */
	RDMACTL_EVENT_LID_CHANGE,
	RDMACTL_EVENT_SM_CHANGE,
	RDMACTL_EVENT_PKEY_CHANGE,
	RDMACTL_EVENT_GID_CHANGE,
	RDMACTL_EVENT_CLIENT_REREGISTER,
	RDMACTL_EVENT_DEVICE_FATAL,
	RDMACTL_EVENT_NETDEV_ATTACH,	/* a RoCE/iWARP port's netdev */
	RDMACTL_EVENT_NETDEV_DETACH,
	RDMACTL_EVENT_IPOIB_MODE,	/* an IPoIB interface's new mode */
	RDMACTL_EVENT_IPOIB_MTU,	/* an IPoIB interface's new MTU */
	RDMACTL_EVENT_ROCE,		/* a RoCE port's new rdma_cm defaults */
	RDMACTL_EVENT_OVERFLOW,		/* events were lost in the kernel */
	RDMACTL_EVENT_STAT_MODE,	/* a port's optional counters saved,
					 * restored or forgotten */
	RDMACTL_EVENT_STAT_RESET,	/* a port's counters reset, or given
					 * a baseline */
};

/*
 * GID types. The kernel's sysfs says "IB/RoCE v1" for both of the first
 * two; the link layer tells them apart.
 */
enum rdmactl_gid_type {
	RDMACTL_GID_TYPE_IB = 1,
	RDMACTL_GID_TYPE_ROCE_V1 = 2,	/* RoCE over Ethernet, ethertype 0x8915 */
	RDMACTL_GID_TYPE_ROCE_V2 = 3,	/* RoCE over UDP/IP, port 4791 */
	RDMACTL_GID_TYPE_IWARP = 4,	/* an iWARP port's: its netdev's MAC (ib_core says IB) */
};

#define RDMACTL_GID_LEN		16

/* Where ROCE_GET's mode and ToS come from. */
enum rdmactl_roce_source {
	RDMACTL_ROCE_SOURCE_CONFIGFS = 1,	/* read from rdma_cm just now */
	RDMACTL_ROCE_SOURCE_APPLIED = 2,	/* what rdmactl last applied and read
						 * back; rdma_cm/<dev> was absent */
	RDMACTL_ROCE_SOURCE_UNKNOWN = 3,	/* neither: no mode, no ToS */
};

enum rdmactl_ipoib_mode {
	RDMACTL_IPOIB_DATAGRAM = 0,	/* unreliable datagram QPs */
	RDMACTL_IPOIB_CONNECTED = 1,	/* RC QPs, MTU up to 65520 */
};

/* IPoIB hardware address: flags, QPN (3 bytes), GID (16 bytes). */
#define RDMACTL_IPOIB_HWADDR_LEN	20
#define RDMACTL_IPOIB_HW_FLAG_RC	0x80	/* connected mode possible */

/* RDMACTL_A_COUNTER_FLAGS */
#define RDMACTL_COUNTER_F_ERROR		(1U << 0) /* counts errors */
#define RDMACTL_COUNTER_F_SATURATES	(1U << 1) /* stops at 2^width - 1 */
#define RDMACTL_COUNTER_F_WRAPS		(1U << 2) /* goes on from 0 */
#define RDMACTL_COUNTER_F_BASELINED	(1U << 3) /* a baseline was subtracted */

#endif /* _UAPI_LINUX_RDMACTL_H */
