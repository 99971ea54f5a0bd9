/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * librdmactl's IPoIB interfaces: how to list them, and how to change their
 * mode and MTU. Part of <librdmactl.h>, which includes it.
 */
#ifndef LIBRDMACTL_H_INSIDE
#error "<librdmactl/ipoib.h> is part of <librdmactl.h>: include <librdmactl.h> instead"
#elif !defined(LIBRDMACTL_IPOIB_H)
#define LIBRDMACTL_IPOIB_H

/* An IPoIB interface and the RDMA port it runs on. */
struct rdmactl_ipoib_info {
	uint32_t ifindex;
	char ifname[16];
	uint32_t parent_ifindex;	/* P_Key children; 0 for a parent */
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	uint16_t pkey;
	uint8_t mode;			/* enum rdmactl_ipoib_mode */
	uint8_t cm_supported;		/* connected mode possible */
	uint8_t umcast;
	uint8_t operstate;		/* IF_OPER_* */
	uint8_t admin_up;
	uint8_t hw_flags;
	uint32_t mtu;
	uint32_t max_mtu_datagram;	/* 0: unknown */
	uint32_t max_mtu_connected;	/* 0: connected mode impossible */
	uint32_t qpn;
	uint64_t subnet_prefix;
	uint64_t port_guid;
	uint8_t hwaddr[RDMACTL_IPOIB_HWADDR_LEN];
};

typedef int (*rdmactl_ipoib_cb)(const struct rdmactl_ipoib_info *ib, void *arg);

/*
 * One interface by name (ifname), or every IPoIB interface of the
 * caller's namespace, of a device (dev) or of a port (dev and port).
 * -ENODEV when the interface or device does not exist.
 */
int rdmactl_ipoib_list(struct rdmactl *h, const char *ifname, const char *dev,
		       uint32_t port, rdmactl_ipoib_cb cb, void *arg);

/*
 * What rdmactl_ipoib_modify() changes. Every set call of the library names
 * the optional fields it is given with such a "what" bitmask, as
 * rdmactl_roce_set() and rdmactl_stat_reset()'s flags do and as
 * ibv_modify_qp()'s attr_mask does: a value is never both a setting and
 * a "not given" marker.
 */
enum {
	RDMACTL_IPOIB_MODIFY_MODE = 1 << 0,	/* mode: datagram or connected */
	RDMACTL_IPOIB_MODIFY_MTU = 1 << 1,	/* mtu, in bytes */
};

/*
 * Switch an interface to datagram or connected mode, and to mtu when
 * RDMACTL_IPOIB_MODIFY_MTU is in what (else the mode's own MTU). Today's
 * kernel module needs the mode: without RDMACTL_IPOIB_MODIFY_MODE it
 * refuses with -EINVAL and says so. -EINVAL for a bit it does not know.
 * Needs CAP_NET_ADMIN; on failure the interface is as it was (a refused
 * MTU puts the old mode back, and the error says if that failed). The
 * kernel makes the change in the background and is asked again until it
 * is done; -EAGAIN after a minute of that: it is still to be made.
 * (LIBRDMACTL_1.2)
 */
int rdmactl_ipoib_modify(struct rdmactl *h, const char *ifname, unsigned int what,
			 uint8_t mode, uint32_t mtu);

/*
 * The call of LIBRDMACTL_1, kept: rdmactl_ipoib_modify() with the mode, and
 * with mtu unless it is 0 (then the mode's own).
 */
int rdmactl_ipoib_set(struct rdmactl *h, const char *ifname, uint8_t mode, uint32_t mtu);

#endif /* LIBRDMACTL_IPOIB_H */
