// SPDX-License-Identifier: GPL-2.0
/*
 * An IPoIB interface's mode and MTU changed under RTNL, for IPOIB_SET's
 * work (ipoib-set.c): the mode through the interface's own changelink(),
 * as `ip link set ... type ipoib mode` does, the MTU through
 * dev_set_mtu(), and both put back when the MTU is refused. Only
 * IPOIB_SET's work item calls it, never a request under genetlink's
 * cb_lock: ipoib drops RTNL in the middle of its switch, and RTNL is
 * waited for here as long as it takes.
 */
#include <linux/if_link.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "ipoib.h"

/*
 * Change the mode through the interface's changelink(), as rtnetlink and
 * ipoib's sysfs "mode" file do. Called with RTNL held on a registered
 * interface, and returns with RTNL held: ipoib drops RTNL while it
 * flushes its paths and may come back without it (-EBUSY, the change
 * made), in which case it is taken again (the work's, no request's wait).
 * The interface may have been unregistered meanwhile (-ENODEV).
 */
static int rdmactl_ipoib_change_mode(struct net_device *ndev, struct nlattr **tb, u8 mode,
				     struct netlink_ext_ack *extack)
{
	struct {
		struct nlattr nla;
		u16 mode;
		u16 pad;
	} attr = {
		.nla = { .nla_len = nla_attr_size(sizeof(u16)),
			 .nla_type = IFLA_IPOIB_MODE },
		.mode = mode == RDMACTL_IPOIB_CONNECTED ? IPOIB_MODE_CONNECTED :
							  IPOIB_MODE_DATAGRAM,
	};
	struct nlattr *data[IFLA_IPOIB_MAX + 1] = { [IFLA_IPOIB_MODE] = &attr.nla };
	int err;

	ASSERT_RTNL();
	err = ndev->rtnl_link_ops->changelink(ndev, tb, data, extack);
	if (err == -EBUSY) {
		rtnl_lock();
		err = 0;
	}
	if (!err && ndev->reg_state != NETREG_REGISTERED)
		err = -ENODEV;
	return err;
}

/*
 * The change, in one RTNL section (but for ipoib's own drop), ending with
 * netdev_state_change() as rtnetlink's do_setlink() ends a changelink():
 * NETDEV_CHANGE and RTM_NEWLINK when the interface is up, so that ip
 * monitor, NetworkManager, networkd and rdmactl's own IPOIB_MODE event
 * hear of it even when ipoib's switch changed neither MTU nor features.
 */
int rdmactl_ipoib_apply(struct net_device *ndev, struct rdmactl_ipoib_change *c,
			struct netlink_ext_ack *extack)
{
	struct nlattr **tb;
	int err;

	tb = kcalloc(IFLA_MAX + 1, sizeof(*tb), GFP_KERNEL);
	if (!tb)
		return -ENOMEM;
	rtnl_lock();
	err = ndev->reg_state == NETREG_REGISTERED ? rdmactl_ipoib_read(ndev, &c->old) : -ENODEV;
	if (err)
		goto out_unlock;
	err = rdmactl_ipoib_change_mode(ndev, tb, c->mode, extack);
	if (err)
		goto out_unlock;
	if (c->mtu)
		c->mtu_err = dev_set_mtu(ndev, c->mtu);
	if (c->mtu_err) {
		/* Put back the mode and the MTU it had; say if either fails. */
		c->undo_err = rdmactl_ipoib_change_mode(ndev, tb, c->old.mode, NULL);
		if (!c->undo_err)
			c->undo_err = dev_set_mtu(ndev, c->old.mtu);
		if (c->undo_err != -ENODEV && rdmactl_ipoib_read(ndev, &c->now))
			c->undo_err = -ENODEV;
	}
	if (ndev->reg_state == NETREG_REGISTERED)
		netdev_state_change(ndev);
out_unlock:
	rtnl_unlock();
	kfree(tb);
	return err;
}
