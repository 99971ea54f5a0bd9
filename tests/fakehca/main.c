// SPDX-License-Identifier: GPL-2.0
/*
 * rdmactl_fakehca: module parameters, creating and removing devices, and
 * the query ops that ib_core and sysfs read the ports through.
 *
 * Parameters give the devices created at load:
 *   devices=N         how many (default 1)
 *   ports=N           ports per device, 1..64 (default 1)
 *   state=S           down, init, armed or active (default down, so ipoib
 *                     never tries to join the broadcast group)
 *   pma=M             ext, noietf or basic: what ClassPortInfo advertises
 *   datagram_only=B   ipoib interfaces refuse connected mode
 *   ud_csum=B         the devices offer UD IP checksum offload
 *                     (IB_DEVICE_UD_IP_CSUM): ipoib's features then change
 *                     with its mode
 *   veto_mtu=N[,N...] writable at run time: no ipoib interface of ours may
 *                     take these MTUs (netdev.c)
 *   link_layer=L      ib (default), or roce: RoCE v1 and v2 ports, each on
 *                     a netdev of netdevs=IF[,IF...] (port N on the Nth,
 *                     the last on the ports after it too)
 *   personality=P     the provider the devices play: fake (default),
 *                     mlx5, bnxt_re, irdma, efa or mana (personality.c)
 *   restricted=R      none; all: every PMA MAD and hw counter read fails;
 *                     pma: PMA MADs alone (counters.c)
 *   netdev_op=O       set (default): the ports' netdevs go to ib_core with
 *                     ib_device_set_netdev(); get: the driver answers
 *                     ops.get_netdev() instead and never tells ib_core, as
 *                     mlx4 does (and mlx5 before 6.13)
 * Loading it also gives the link kind fakeeth (ethdev.c), an Ethernet
 * netdev for RoCE ports and ethtool statistics.
 * More devices come and go at run time through debugfs (debugfs.c).
 */
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/etherdevice.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/slab.h>
#include <rdma/ib_mad.h>

#include "fakehca.h"

static unsigned int devices = 1;
module_param(devices, uint, 0444);
MODULE_PARM_DESC(devices, "devices created at load (default 1)");
static unsigned int ports = 1;
module_param(ports, uint, 0444);
MODULE_PARM_DESC(ports, "ports per device, 1..64 (default 1)");
static char *state = "down";
module_param(state, charp, 0444);
MODULE_PARM_DESC(state, "initial port state: down, init, armed, active");
static char *pma = "ext";
module_param(pma, charp, 0444);
MODULE_PARM_DESC(pma, "PMA counter set: ext, noietf, basic");
static bool datagram_only;
module_param(datagram_only, bool, 0444);
MODULE_PARM_DESC(datagram_only, "ipoib interfaces refuse connected mode");
static bool ud_csum;
module_param(ud_csum, bool, 0444);
MODULE_PARM_DESC(ud_csum, "offer UD IP checksum offload");
static char *link_layer = "ib";
module_param(link_layer, charp, 0444);
MODULE_PARM_DESC(link_layer, "ib, or roce (RoCE v1 and v2 on netdevs=)");
static char *netdevs = "";
module_param(netdevs, charp, 0444);
MODULE_PARM_DESC(netdevs, "RoCE: netdevs of ports 1, 2, ..., comma-separated; the last: the rest");
static char *personality = "fake";
module_param(personality, charp, 0444);
MODULE_PARM_DESC(personality, "fake (default), mlx5, bnxt_re, irdma, efa or mana (personality.c)");
static char *restricted = "none";
module_param(restricted, charp, 0444);
MODULE_PARM_DESC(restricted, "none, all (every PMA MAD and hw counter read fails) or pma (MADs alone)");
static char *netdev_op = "set";
module_param(netdev_op, charp, 0444);
MODULE_PARM_DESC(netdev_op, "RoCE: set (ib_device_set_netdev) or get (ops.get_netdev)");

#define FAKE_MAX_PORTS		64
#define FAKE_ROCE_GID_TBL_LEN	32
#define FAKE_GUID_BASE		0x0002c903fa000000ULL
#define FAKE_SUBNET_PREFIX	0xfe80000000000000ULL
#define FAKE_VENDOR_ID		0x00fa4e

/* Creating and removing devices, and fake_devices. */
DEFINE_MUTEX(fake_lock);
/* fake_devices too, for the netdev notifier, which runs under RTNL. */
DEFINE_SPINLOCK(fake_list_lock);
LIST_HEAD(fake_devices);
static u32 fake_next_id;

/* The id asked for (id=, if no device has it), or the next; fake_lock held. */
static int fake_take_id(const struct fake_dev_opts *opts, u32 *id)
{
	struct fake_dev *fdev;

	if (!opts->id_plus1) {
		*id = fake_next_id++;
		return 0;
	}
	*id = opts->id_plus1 - 1;
	list_for_each_entry(fdev, &fake_devices, list)
		if (fdev->id == *id)
			return -EEXIST;
	fake_next_id = max(fake_next_id, *id + 1);
	return 0;
}

/*
 * The parent of every fake device, as a real HCA's is its PCI function:
 * ipoib's ethtool -i names it as the bus (and dereferences it).
 */
static struct device *fake_parent;

/* The physical state that goes with a logical one. */
u8 fake_phys_state(enum ib_port_state state)
{
	return state == IB_PORT_DOWN ? IB_PORT_PHYS_STATE_POLLING :
				       IB_PORT_PHYS_STATE_LINK_UP;
}

/*
 * The GID table's length: RoCE's ib_core fills; iWARP's and raw Ethernet's
 * one entry, the netdev's MAC (irdma_query_gid()); EFA's one, its address.
 */
static int fake_gid_tbl_len(const struct fake_dev *fdev)
{
	switch (fake_wire(&fdev->opts)) {
	case FAKE_WIRE_IB:
		return FAKE_GID_TBL_LEN;
	case FAKE_WIRE_ROCE:
		return FAKE_ROCE_GID_TBL_LEN;
	default:
		return 1;
	}
}

/*
 * GID index 0: an IB port's (and EFA's) is its subnet prefix and port
 * GUID; an iWARP port's its netdev's MAC (irdma_query_gid()); a raw
 * Ethernet one's nothing (mana_ib's first query_gid() filled none). RoCE
 * ports' are ib_core's. Called with fdev->lock held, or before anyone
 * sees the port.
 */
void fake_port_set_gid0(struct fake_port *port)
{
	enum fake_wire wire = fake_wire(&port->fdev->opts);

	memset(&port->gids[0], 0, sizeof(port->gids[0]));
	if (wire == FAKE_WIRE_IWARP && port->ndev) {
		ether_addr_copy(port->gids[0].raw, port->ndev->dev_addr);
	} else if (wire == FAKE_WIRE_IB || wire == FAKE_WIRE_NONE) {
		port->gids[0].global.subnet_prefix = cpu_to_be64(port->subnet_prefix);
		port->gids[0].global.interface_id = cpu_to_be64(port->guid);
	}
}

void fake_port_event(struct fake_port *port, enum ib_event_type type)
{
	struct ib_event ev = {
		.device = &port->fdev->ibdev,
		.event = type,
		.element.port_num = port->num,
	};

	ib_dispatch_event(&ev);
}

static int fake_query_device(struct ib_device *ibdev, struct ib_device_attr *props,
			     struct ib_udata *udata)
{
	props->fw_ver = 1;
	props->sys_image_guid = ibdev->node_guid;
	props->vendor_id = FAKE_VENDOR_ID;
	props->vendor_part_id = 4242;
	props->hw_ver = 1;
	props->max_mr_size = ~0ULL;
	props->page_size_cap = PAGE_SIZE;
	props->max_qp = 1024;
	props->max_qp_wr = 16384;
	props->max_send_sge = 32;
	props->max_recv_sge = 32;
	props->max_sge_rd = 1;
	props->max_cq = 1024;
	props->max_cqe = 1 << 20;
	props->max_mr = 1024;
	props->max_pd = 1024;
	props->max_ah = 1024;
	props->max_pkeys = FAKE_PKEY_TBL_LEN;
	props->max_mcast_grp = 64;
	props->max_mcast_qp_attach = 64;
	props->max_total_mcast_qp_attach = 4096;
	props->device_cap_flags = IB_DEVICE_SYS_IMAGE_GUID;
	if (to_fdev(ibdev)->opts.ud_csum)
		props->device_cap_flags |= IB_DEVICE_UD_IP_CSUM;
	/* ib_alloc_pd() then needs no get_dma_mr() for the local lkey. */
	fake_set_local_dma_lkey(props);
	return 0;
}

/* Whether ibdev is one of ours, whatever driver it plays. */
bool fake_ibdev_ours(const struct ib_device *ibdev)
{
	return ibdev->ops.query_device == fake_query_device;
}

/*
 * query_delay_us=N (writable at run time): each query_port() sleeps N
 * microseconds, a second at most, as mlx4's and mlx5's wait for the
 * firmware commands they send (MAD_IFC, QUERY_VPORT_CONTEXT); callers
 * under RTNL (ipoib's ethtool get_link_ksettings) hold it meanwhile.
 */
static unsigned int query_delay_us;
module_param(query_delay_us, uint, 0644);
MODULE_PARM_DESC(query_delay_us, "microseconds each query_port() takes (default 0, at most 1 s)");

static int fake_query_port(struct ib_device *ibdev, fake_port_t port_num,
			   struct ib_port_attr *props)
{
	unsigned int delay = min(READ_ONCE(query_delay_us), 1000000U);
	struct fake_dev *fdev = to_fdev(ibdev);
	struct fake_port *port = fake_port(ibdev, port_num);
	unsigned long flags;

	if (delay)
		fsleep(delay);
	if (fdev->opts.pers->no_port_attrs)
		return 0;	/* mana_ib as first merged */
	spin_lock_irqsave(&fdev->lock, flags);
	props->state = port->state;
	props->phys_state = port->phys_state;
	if (fdev->opts.pers->always_active) {
		props->state = IB_PORT_ACTIVE;
		props->phys_state = IB_PORT_PHYS_STATE_LINK_UP;
	}
	props->lid = port->lid;
	props->sm_lid = port->sm_lid;
	props->sm_sl = port->sm_sl;
	props->lmc = port->lmc;
	props->active_width = port->width;
	/* ib_core uses its cache only when the driver leaves this 0. */
	props->subnet_prefix = port->subnet_prefix;
	spin_unlock_irqrestore(&fdev->lock, flags);

	props->max_mtu = IB_MTU_4096;
	props->active_mtu = IB_MTU_2048;
	props->gid_tbl_len = FAKE_GID_TBL_LEN;
	props->pkey_tbl_len = FAKE_PKEY_TBL_LEN;
	props->port_cap_flags = IB_PORT_CM_SUP | IB_PORT_SYS_IMAGE_GUID_SUP |
				IB_PORT_CLIENT_REG_SUP;
	if (fake_wire(&fdev->opts) != FAKE_WIRE_IB) {
		props->active_mtu = IB_MTU_1024;
		props->gid_tbl_len = fake_gid_tbl_len(fdev);
		props->pkey_tbl_len = 1;
		props->port_cap_flags = IB_PORT_CM_SUP;
		props->ip_gids = fake_wire(&fdev->opts) == FAKE_WIRE_ROCE;
		props->subnet_prefix = 0;
		props->lid = 0;
		props->sm_lid = 0;
		props->lmc = 0;
	}
	props->max_msg_sz = 0x80000000;
	props->max_vl_num = 4;
	props->subnet_timeout = 18;
	props->active_speed = IB_SPEED_EDR;
	return 0;
}

static int fake_get_port_immutable(struct ib_device *ibdev, fake_port_t port_num,
				   struct ib_port_immutable *immutable)
{
	struct fake_dev *fdev = to_fdev(ibdev);

	switch (fake_wire(&fdev->opts)) {
	case FAKE_WIRE_ROCE:
		/* Both encapsulations, so both GID types; ib_mad opens QP1. */
		immutable->core_cap_flags = RDMA_CORE_PORT_IBA_ROCE |
					    RDMA_CORE_PORT_IBA_ROCE_UDP_ENCAP;
		immutable->max_mad_size = IB_MGMT_MAD_SIZE;
		break;
	case FAKE_WIRE_IWARP:
		/*
		 * The protocol without RDMA_CORE_CAP_IW_CM: iw_cm would call
		 * iw_create_listen() and the rest, which the fake has not.
		 */
		immutable->core_cap_flags = RDMA_CORE_CAP_PROT_IWARP;
		break;
	case FAKE_WIRE_RAW:
		immutable->core_cap_flags = RDMA_CORE_PORT_RAW_PACKET;
		break;
	case FAKE_WIRE_NONE:
		break;		/* EFA's: none at all */
	default:
		goto ib;
	}
	immutable->pkey_tbl_len = 1;
	immutable->gid_tbl_len = fake_gid_tbl_len(fdev);
	return 0;
ib:
	/* IB, but no MAD layer: ib_mad, ib_sa and ib_cm leave it alone. */
	immutable->core_cap_flags = RDMA_CORE_CAP_PROT_IB;
	immutable->pkey_tbl_len = FAKE_PKEY_TBL_LEN;
	immutable->gid_tbl_len = FAKE_GID_TBL_LEN;
	immutable->max_mad_size = 0;
	return 0;
}

static int fake_query_gid(struct ib_device *ibdev, fake_port_t port_num, int index,
			  union ib_gid *gid)
{
	struct fake_dev *fdev = to_fdev(ibdev);
	unsigned long flags;

	if (index < 0 || index >= min_t(int, fake_gid_tbl_len(fdev), FAKE_GID_TBL_LEN))
		return -EINVAL;
	spin_lock_irqsave(&fdev->lock, flags);
	*gid = fake_port(ibdev, port_num)->gids[index];
	spin_unlock_irqrestore(&fdev->lock, flags);
	return 0;
}

static int fake_query_pkey(struct ib_device *ibdev, fake_port_t port_num, u16 index,
			   u16 *pkey)
{
	struct fake_dev *fdev = to_fdev(ibdev);
	unsigned long flags;

	if (index >= FAKE_PKEY_TBL_LEN)
		return -EINVAL;
	spin_lock_irqsave(&fdev->lock, flags);
	*pkey = fake_port(ibdev, port_num)->pkeys[index];
	spin_unlock_irqrestore(&fdev->lock, flags);
	return 0;
}

static enum rdma_link_layer fake_get_link_layer(struct ib_device *ibdev,
						fake_port_t port_num)
{
	switch (fake_wire(&to_fdev(ibdev)->opts)) {
	case FAKE_WIRE_IB:
		return IB_LINK_LAYER_INFINIBAND;
	case FAKE_WIRE_NONE:
		return IB_LINK_LAYER_UNSPECIFIED;
	default:
		return IB_LINK_LAYER_ETHERNET;
	}
}

static void fake_get_dev_fw_str(struct ib_device *ibdev, char *str)
{
	snprintf(str, IB_FW_VERSION_NAME_MAX, "1.2.3");
}

/*
 * The sysfs files mlx5 has beside ib_core's (fw_ver is ib_core's, from
 * get_dev_fw_str()): node_exporter's infiniband collector reads them all.
 */
static ssize_t board_id_show(struct device *device, struct device_attribute *attr, char *buf)
{
	struct fake_dev *fdev = rdma_device_to_drv_device(device, struct fake_dev, ibdev);

	return sysfs_emit(buf, "FAKE%010u\n", fdev->id);
}
static DEVICE_ATTR_RO(board_id);

static ssize_t hca_type_show(struct device *device, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "FAKEHCA\n");
}
static DEVICE_ATTR_RO(hca_type);

static ssize_t hw_rev_show(struct device *device, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "0x0\n");
}
static DEVICE_ATTR_RO(hw_rev);

static struct attribute *fake_dev_attrs[] = {
	&dev_attr_board_id.attr, &dev_attr_hca_type.attr, &dev_attr_hw_rev.attr, NULL,
};

static const struct attribute_group fake_dev_attr_group = { .attrs = fake_dev_attrs };

/*
 * ib_core moves a device to another network namespace only when its
 * driver can cut user contexts off; the fake HCA maps nothing into user
 * space, so there is nothing to cut.
 */
static void fake_disassociate_ucontext(struct ib_ucontext *uctx)
{
}

/* netdev_op=get: the legacy op, which ib_core asks and does not hash. */
static struct net_device *fake_get_netdev(struct ib_device *ibdev, fake_port_t port_num)
{
	struct fake_dev *fdev = to_fdev(ibdev);
	struct net_device *ndev;
	unsigned long flags;

	spin_lock_irqsave(&fdev->lock, flags);
	ndev = fake_port(ibdev, port_num)->ndev;
	if (ndev)
		dev_hold(ndev);
	spin_unlock_irqrestore(&fdev->lock, flags);
	return ndev;
}

static const struct ib_device_ops fake_get_netdev_ops = {
	.get_netdev = fake_get_netdev,
};

static const struct ib_device_ops fake_main_ops = {
	.owner = THIS_MODULE,
	.driver_id = RDMA_DRIVER_UNKNOWN,
	.disassociate_ucontext = fake_disassociate_ucontext,
	.query_device = fake_query_device,
	.query_port = fake_query_port,
	.get_port_immutable = fake_get_port_immutable,
	.query_gid = fake_query_gid,
	.query_pkey = fake_query_pkey,
	.get_dev_fw_str = fake_get_dev_fw_str,
#ifdef HAVE_DEVICE_GROUP_OP
	.device_group = &fake_dev_attr_group,
#endif
	.get_link_layer = fake_get_link_layer,
};

static void fake_port_init(struct fake_dev *fdev, struct fake_port *port, u32 id,
			   u32 num)
{
	port->fdev = fdev;
	port->num = num;
	port->state = fdev->opts.state;
	port->phys_state = fake_phys_state(port->state);
	port->width = IB_WIDTH_4X;
	port->lid = id * FAKE_MAX_PORTS + num;
	port->sm_lid = 1;
	port->subnet_prefix = FAKE_SUBNET_PREFIX;
	port->guid = FAKE_GUID_BASE | (u64)id << 8 | num;
	fake_port_set_gid0(port);
	port->pkeys[0] = 0xffff;
	atomic64_set(&port->mads, 0);
}

/* RoCE: bind port N to the Nth netdev of opts.netdevs (or the last), holding each. */
static int fake_bind_netdevs(struct fake_dev *fdev)
{
	char names[sizeof(fdev->opts.netdevs)];
	char *list = names, *name = NULL, *next;
	u32 i;
	int err;

	strscpy(names, fdev->opts.netdevs, sizeof(names));
	for (i = 0; i < fdev->opts.ports; i++) {
		struct fake_port *port = &fdev->ports[i];

		/* The last netdev named takes the ports after it too. */
		next = strsep(&list, ",");
		if (next)
			name = next;
		port->ndev = dev_get_by_name(&init_net, name);
		if (!port->ndev) {
			pr_warn("rdmactl_fakehca: no netdev \"%s\" for RoCE port %u\n",
				name, i + 1);
			return -ENODEV;
		}
		if (!fdev->opts.netdev_get) {
			err = ib_device_set_netdev(&fdev->ibdev, port->ndev, port->num);
			if (err)
				return err;
		}
	}
	return 0;
}

/*
 * A RoCE device's node GUID is the EUI-64 of its first netdev's MAC, as
 * for rxe and real RoCE NICs: the same device again on the same netdev is
 * the same node.
 */
static void fake_guid_from_mac(struct fake_dev *fdev)
{
	const u8 *mac = fdev->ports[0].ndev->dev_addr;
	u8 eui[8] = { mac[0] ^ 2, mac[1], mac[2], 0xff, 0xfe, mac[3], mac[4], mac[5] };

	memcpy(&fdev->ibdev.node_guid, eui, sizeof(eui));
}

static void fake_put_netdevs(struct fake_dev *fdev)
{
	u32 i;

	for (i = 0; i < fdev->opts.ports; i++)
		if (fdev->ports[i].ndev)
			dev_put(fdev->ports[i].ndev);
}

/*
 * The netdev knob: port's netdev becomes name's (in init_net), or none
 * ("-"), at run time, as a driver re-binds a port when its uplink comes
 * back or a bond forms. ib_core hears of it through
 * ib_device_set_netdev(), unless the device answers ops.get_netdev(); the
 * driver then has ib_core rescan its GIDs (rdma_roce_rescan_device(),
 * which adds the new netdev's and removes nothing), and the port reports
 * its state again (PORT_ACTIVE or PORT_ERR), as hardware does when its
 * link is re-bound: nothing else tells ib_core's clients.
 */
int fake_port_set_netdev(struct fake_port *port, const char *name)
{
	struct fake_dev *fdev = port->fdev;
	struct net_device *ndev = NULL, *old;
	enum ib_port_state state;
	unsigned long flags;
	int err;

	if (!fake_on_netdev(&fdev->opts))
		return -EOPNOTSUPP;
	if (strcmp(name, "-")) {
		ndev = dev_get_by_name(&init_net, name);
		if (!ndev)
			return -ENODEV;
	}
	if (!fdev->opts.netdev_get) {
		err = ib_device_set_netdev(&fdev->ibdev, ndev, port->num);
		if (err) {
			if (ndev)
				dev_put(ndev);
			return err;
		}
	}
	spin_lock_irqsave(&fdev->lock, flags);
	old = port->ndev;
	port->ndev = ndev;
	fake_port_set_gid0(port);
	state = port->state;
	spin_unlock_irqrestore(&fdev->lock, flags);
	if (old)
		dev_put(old);
	rdma_roce_rescan_device(&fdev->ibdev);
	/* ib_core's cache reads an iWARP port's GID again on GID_CHANGE alone. */
	if (fake_wire(&fdev->opts) == FAKE_WIRE_IWARP)
		fake_port_event(port, IB_EVENT_GID_CHANGE);
	fake_port_event(port, state == IB_PORT_ACTIVE ? IB_EVENT_PORT_ACTIVE : IB_EVENT_PORT_ERR);
	return 0;
}

/* Called with fake_lock held. */
int fake_dev_add(const struct fake_dev_opts *opts, struct fake_dev **out)
{
	struct fake_dev *fdev;
	u32 id, i;
	int err;

	if (opts->ports < 1 || opts->ports > FAKE_MAX_PORTS)
		return -EINVAL;

	fdev = ib_alloc_device(fake_dev, ibdev);
	if (!fdev)
		return -ENOMEM;
	fdev->opts = *opts;
	/*
	 * ib_core reads the hw counters once as it registers the device, and
	 * fails the registration when they fail (sysfs.c, setup_hw_stats()):
	 * restricted= refuses reads from when the device is registered.
	 */
	fdev->opts.restricted = FAKE_RESTRICT_NONE;
	spin_lock_init(&fdev->lock);
	atomic_set(&fdev->next_qpn, 2);
	fdev->ports = kcalloc(opts->ports, sizeof(*fdev->ports), GFP_KERNEL);
	err = -ENOMEM;
	if (!fdev->ports || fake_counters_alloc(fdev))
		goto err_free;

	err = fake_take_id(opts, &id);
	if (err)
		goto err_free;
	fdev->id = id;
	for (i = 0; i < opts->ports; i++)
		fake_port_init(fdev, &fdev->ports[i], id, i + 1);

	fdev->ibdev.node_type = opts->pers->node_type;
	fdev->ibdev.node_guid = cpu_to_be64(FAKE_GUID_BASE | (u64)id << 8);
	fdev->ibdev.phys_port_cnt = opts->ports;
	fdev->ibdev.num_comp_vectors = 1;	/* ipoib divides by it */
	strscpy(fdev->ibdev.node_desc, "rdmactl fake HCA",
		sizeof(fdev->ibdev.node_desc));
	ib_set_device_ops(&fdev->ibdev, &fake_main_ops);
	ib_set_device_ops(&fdev->ibdev, &fake_verbs_ops);
	ib_set_device_ops(&fdev->ibdev, &fake_counter_ops);
	fake_counters_ops(fdev);
	if (fake_on_netdev(opts) && opts->netdev_get)
		ib_set_device_ops(&fdev->ibdev, &fake_get_netdev_ops);
	if (fake_on_netdev(opts)) {
		err = fake_bind_netdevs(fdev);
		if (err)
			goto err_put;
		fake_guid_from_mac(fdev);
	}
	for (i = 0; i < opts->ports; i++)
		fake_port_set_gid0(&fdev->ports[i]);

#ifdef HAVE_DEVICE_GROUP_PRE_OP
	rdma_set_device_sysfs_group(&fdev->ibdev, &fake_dev_attr_group);
#endif
	fdev->ibdev.dev.parent = fake_parent;
	/* No DMA device: ib_core maps with virtual addresses. */
	err = ib_register_device(&fdev->ibdev, opts->pers->dev_name ? :
				 opts->roce ? "fakeroce%d" : "fakeib%d", NULL);
	if (err)
		goto err_put;

	WRITE_ONCE(fdev->opts.restricted, opts->restricted);
	spin_lock(&fake_list_lock);
	list_add_tail(&fdev->list, &fake_devices);
	spin_unlock(&fake_list_lock);
	fake_debugfs_add_dev(fdev);
	if (out)
		*out = fdev;
	return 0;

err_put:
	fake_put_netdevs(fdev);
err_free:
	fake_counters_free(fdev);
	kfree(fdev->ports);
	ib_dealloc_device(&fdev->ibdev);
	return err;
}

/* Called with fake_lock held. */
void fake_dev_remove(struct fake_dev *fdev)
{
	spin_lock(&fake_list_lock);
	list_del(&fdev->list);
	spin_unlock(&fake_list_lock);
	/* Waits for knob writes: the netdev knob's among them. */
	debugfs_remove_recursive(fdev->dir);
	ib_unregister_device(&fdev->ibdev);
	fake_put_netdevs(fdev);
	fake_counters_free(fdev);
	kfree(fdev->ports);
	ib_dealloc_device(&fdev->ibdev);
}

/* Called with fake_lock held. */
struct fake_dev *fake_dev_find(const char *name)
{
	struct fake_dev *fdev;

	list_for_each_entry(fdev, &fake_devices, list)
		if (sysfs_streq(name, dev_name(&fdev->ibdev.dev)))
			return fdev;
	return NULL;
}

static void fake_remove_all(void)
{
	struct fake_dev *fdev, *tmp;

	mutex_lock(&fake_lock);
	list_for_each_entry_safe_reverse(fdev, tmp, &fake_devices, list)
		fake_dev_remove(fdev);
	mutex_unlock(&fake_lock);
}

static int __init fake_init(void)
{
	struct fake_dev_opts opts = {
		.ports = ports, .datagram_only = datagram_only, .ud_csum = ud_csum,
		.pers = fake_personality_find(personality),
	};
	unsigned int i;
	int err;

	if (fake_parse_state(state, &opts.state) || fake_parse_pma(pma, &opts.pma) ||
	    fake_parse_link_layer(link_layer, &opts.roce) ||
	    fake_parse_netdev_op(netdev_op, &opts.netdev_get) || !opts.pers ||
	    fake_parse_restrict(restricted, &opts.restricted)) {
		pr_err("rdmactl_fakehca: state=%s, pma=%s, link_layer=%s, netdev_op=%s, personality=%s or restricted=%s is not valid\n",
		       state, pma, link_layer, netdev_op, personality, restricted);
		return -EINVAL;
	}
	strscpy(opts.netdevs, netdevs, sizeof(opts.netdevs));
	err = fake_personality_init();
	if (err)
		return err;

	fake_parent = root_device_register("rdmactl_fakehca");
	if (IS_ERR(fake_parent)) {
		fake_personality_exit();
		return PTR_ERR(fake_parent);
	}
	err = fake_debugfs_init();
	if (err)
		goto err_parent;
	err = fake_ethdev_init();
	if (err)
		goto err_debugfs;
	err = fake_netdev_init();
	if (err)
		goto err_ethdev;

	mutex_lock(&fake_lock);
	for (i = 0; i < devices && !err; i++)
		err = fake_dev_add(&opts, NULL);
	mutex_unlock(&fake_lock);
	if (err)
		goto err_devices;
	return 0;

err_devices:
	fake_netdev_exit();
	fake_remove_all();
err_ethdev:
	fake_ethdev_exit();
err_debugfs:
	fake_debugfs_exit();
err_parent:
	root_device_unregister(fake_parent);
	fake_personality_exit();
	return err;
}

static void __exit fake_exit(void)
{
	fake_netdev_exit();
	fake_remove_all();
	/* Once no device holds one: deletes the fakeeth netdevs. */
	fake_ethdev_exit();
	fake_debugfs_exit();
	root_device_unregister(fake_parent);
	fake_personality_exit();
}

module_init(fake_init);
module_exit(fake_exit);

MODULE_DESCRIPTION("rdmactl test-only fake InfiniBand HCA");
MODULE_LICENSE("GPL");
