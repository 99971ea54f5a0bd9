/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * librdmactl's devices and their ports: what they are, and how to list them.
 * Part of <librdmactl.h>, which includes it.
 */
#ifndef LIBRDMACTL_H_INSIDE
#error "<librdmactl/dev.h> is part of <librdmactl.h>: include <librdmactl.h> instead"
#elif !defined(LIBRDMACTL_DEV_H)
#define LIBRDMACTL_DEV_H

struct rdmactl_dev_info {
	uint32_t index;
	char name[RDMACTL_DEV_NAME_MAX];
	char driver[64];
	uint8_t node_type;		/* enum rdmactl_node_type */
	uint64_t node_guid;
	uint64_t sys_image_guid;
	char fw_ver[64];		/* "" when the driver reports none */
	uint32_t vendor_id;
	uint32_t vendor_part_id;
	uint32_t hw_ver;
	uint32_t num_ports;
};

/* Which optional fields of struct rdmactl_port_info are set. */
enum {
	RDMACTL_PORT_HAS_IB = 1 << 0,		/* lid, sm_lid, sm_sl, lmc, subnet_prefix */
	RDMACTL_PORT_HAS_GUID = 1 << 1,		/* port_guid */
	RDMACTL_PORT_HAS_ACTIVE_MTU = 1 << 2,
	RDMACTL_PORT_HAS_MAX_MTU = 1 << 3,
	RDMACTL_PORT_HAS_WIDTH = 1 << 4,	/* active_width */
	RDMACTL_PORT_HAS_RATE = 1 << 5,		/* rate_mbps */
	RDMACTL_PORT_HAS_NETDEV = 1 << 6,	/* netdev_index, netdev_name */
};

struct rdmactl_port_info {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	uint32_t present;		/* RDMACTL_PORT_HAS_* */
	uint8_t state;			/* enum rdmactl_port_state */
	uint8_t phys_state;		/* enum rdmactl_port_phys_state */
	uint8_t link_layer;		/* enum rdmactl_link_layer */
	uint8_t sm_sl;
	uint8_t lmc;
	uint8_t active_width;		/* lanes */
	uint32_t lid;
	uint32_t sm_lid;
	uint64_t subnet_prefix;
	uint64_t port_guid;
	uint32_t cap_flags;
	uint32_t cap_flags2;
	uint32_t active_mtu;		/* bytes */
	uint32_t max_mtu;		/* bytes */
	uint32_t active_speed;		/* enum rdmactl_port_speed */
	uint32_t rate_mbps;
	uint32_t gid_tbl_len;
	uint32_t pkey_tbl_len;
	uint32_t netdev_index;
	char netdev_name[16];
};

/*
 * Callbacks return 0 to go on; any other value stops the walk and is
 * returned by the function that called them.
 */
typedef int (*rdmactl_dev_cb)(const struct rdmactl_dev_info *dev, void *arg);
typedef int (*rdmactl_port_cb)(const struct rdmactl_port_info *port, void *arg);

/*
 * Every device (name NULL) or one named device (-ENODEV when it does not
 * exist). -EINTR: devices changed while the list was being read, so it
 * may be inconsistent; every callback has run, and reading again gives a
 * consistent list.
 */
int rdmactl_dev_list(struct rdmactl *h, const char *name, rdmactl_dev_cb cb,
		     void *arg);

/*
 * Ports of every device (dev NULL), of one device (port 0), or one port.
 * -ENODEV when the device or port does not exist; -EINTR as above.
 */
int rdmactl_port_list(struct rdmactl *h, const char *dev, uint32_t port,
		      rdmactl_port_cb cb, void *arg);

#endif /* LIBRDMACTL_DEV_H */
