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

#ifndef NL_SET_ERR_MSG_FMT
/*
 * The message must outlive the handler until the ACK is built, so it is
 * written to the next of a ring of static buffers. Handlers run in
 * parallel (parallel_ops), so a slot could be reused before its ACK is
 * built: that takes 128 other formatted refusals in that window, and
 * costs a wrong message, never memory safety, since a slot's last byte
 * is never written and stays NUL.
 */
const char *rdmactl_compat_fmt(const char *fmt, ...)
{
	static char ring[128][RDMACTL_ERR_MSG_LEN];
	static atomic_t next = ATOMIC_INIT(0);
	char *buf = ring[(unsigned int)atomic_inc_return(&next) % ARRAY_SIZE(ring)];
	va_list args;

	va_start(args, fmt);
	vsnprintf(buf, RDMACTL_ERR_MSG_LEN - 1, fmt, args);
	va_end(args);
	return buf;
}
#endif
