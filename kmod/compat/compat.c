// SPDX-License-Identifier: GPL-2.0
/* Fallbacks for what older kernels lack; see compat.h. */
#include <linux/netdevice.h>
#include <rdma/ib_cache.h>

#ifndef HAVE_IB_DEVICE_GET_NETDEV
/*
 * ib_device_get_netdev() is private before 6.12. Ask the driver when it
 * says, else take the netdev of GID index 0, which ib_core fills from the
 * port's netdev on RoCE ports, if it still is the device's: the GID table
 * keeps a netdev the driver has since replaced (ib_device_set_netdev()),
 * ib_core's netdev hash does not.
 */
struct net_device *rdmactl_port_netdev(struct ib_device *ibdev, u32 port)
{
	const struct ib_gid_attr *attr;
	struct net_device *ndev = NULL;

	if (ibdev->ops.get_netdev)
		ndev = ibdev->ops.get_netdev(ibdev, port);
	if (ndev || !rdma_protocol_roce(ibdev, port))
		return ndev;

	attr = rdma_get_gid_attr(ibdev, port, 0);
	if (IS_ERR(attr))
		return NULL;
	rcu_read_lock();
	ndev = rdma_read_gid_attr_ndev_rcu(attr);
	if (IS_ERR(ndev))
		ndev = NULL;
	else
		dev_hold(ndev);
	rcu_read_unlock();
	rdma_put_gid_attr(attr);
	if (ndev) {
		struct ib_device *owner = ib_device_get_by_netdev(ndev, RDMA_DRIVER_UNKNOWN);

		if (owner != ibdev) {
			dev_put(ndev);
			ndev = NULL;
		}
		if (owner)
			ib_device_put(owner);
	}
	return ndev;
}
#endif

#if !defined(NL_SET_ERR_MSG_FMT) || IS_ENABLED(CONFIG_KUNIT)
/*
 * The message must outlive the handler until the ACK is built, and
 * handlers run in parallel (parallel_ops). Each message takes a slot of
 * its own for a second; the ACK, built as the handler returns, reads it
 * long before. Rewriting a slot under a pending ACK would be worse than a
 * wrong message: netlink_ack() sizes the reply by strlen() and then puts
 * the string under WARN_ON(). With every slot taken (128 refusals within
 * a second), the message is a constant that says so.
 */
static struct {
	char msg[RDMACTL_ERR_MSG_LEN];
	unsigned long taken;	/* jiffies, 0 never */
} rdmactl_fmt_ring[RDMACTL_ERR_MSG_SLOTS];
static DEFINE_SPINLOCK(rdmactl_fmt_lock);
static unsigned int rdmactl_fmt_next;

const char *rdmactl_compat_fmt(const char *fmt, ...)
{
	unsigned long now = jiffies;
	unsigned int i, slot;
	char *buf = NULL;
	va_list args;

	spin_lock(&rdmactl_fmt_lock);
	for (i = 0; i < RDMACTL_ERR_MSG_SLOTS; i++) {
		slot = (rdmactl_fmt_next + i) % RDMACTL_ERR_MSG_SLOTS;
		if (!rdmactl_fmt_ring[slot].taken ||
		    time_after(now, rdmactl_fmt_ring[slot].taken + HZ)) {
			rdmactl_fmt_ring[slot].taken = now ?: 1;
			rdmactl_fmt_next = slot + 1;
			buf = rdmactl_fmt_ring[slot].msg;
			break;
		}
	}
	spin_unlock(&rdmactl_fmt_lock);
	if (!buf)
		return "refused; too many refusals at once to say why";

	va_start(args, fmt);
	vsnprintf(buf, RDMACTL_ERR_MSG_LEN, fmt, args);
	va_end(args);
	return buf;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_compat_fmt);
#endif
