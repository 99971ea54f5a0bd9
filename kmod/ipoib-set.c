// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_IPOIB_SET: switching an IPoIB interface between datagram
 * and connected mode, and its MTU with it. ipoib.c's top comment says how
 * the mode is changed, and under which locks.
 */
#include <linux/if_link.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "ipoib.h"

/*
 * One IPOIB_SET at a time (the family is parallel_ops): a set and its undo
 * must not interleave with another's, whose undo would put back values
 * read before this one.
 */
static DEFINE_MUTEX(rdmactl_ipoib_lock);

/*
 * Change the mode through the interface's changelink(), as rtnetlink and
 * ipoib's sysfs "mode" file do. Called with RTNL held on a registered
 * interface, and returns with RTNL held, but for -EINTR: ipoib drops RTNL
 * while it flushes its paths and may come back without it (-EBUSY, the
 * change made), in which case RTNL is taken again, killably (killed:
 * -EINTR, RTNL not held, the mode changed and nothing after it). Either
 * way the interface may have been unregistered meanwhile (-ENODEV).
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
		if (rdmactl_rtnl_lock_killable())
			return -EINTR;
		err = 0;
	}
	if (!err && ndev->reg_state != NETREG_REGISTERED)
		err = -ENODEV;
	return err;
}

/* Under RTNL: the mode, then the MTU, undone if the MTU is refused. */
struct rdmactl_ipoib_change {
	u8 mode;
	u32 mtu;			/* 0: the mode's own */
	struct rdmactl_ipoib old;	/* as read under the same RTNL */
	int mtu_err;			/* the interface refused the MTU */
	int undo_err;			/* and then refused the undo */
	struct rdmactl_ipoib now;	/* where it stands after a refusal */
};

/*
 * The change, in one RTNL section (but for ipoib's own drop), ending with
 * netdev_state_change() as rtnetlink's do_setlink() ends a changelink():
 * NETDEV_CHANGE and RTM_NEWLINK when the interface is up, so that ip
 * monitor, NetworkManager, networkd and rdmactl's own IPOIB_MODE event
 * hear of it even when ipoib's switch changed neither MTU nor features.
 */
static int rdmactl_ipoib_apply(struct net_device *ndev, struct rdmactl_ipoib_change *c,
			       unsigned long until, struct netlink_ext_ack *extack)
{
	struct nlattr **tb;
	int err;

	tb = kcalloc(IFLA_MAX + 1, sizeof(*tb), GFP_KERNEL);
	if (!tb)
		return -ENOMEM;
	err = rdmactl_rtnl_lock_until(until);
	if (err) {
		kfree(tb);
		return err;
	}
	err = ndev->reg_state == NETREG_REGISTERED ? rdmactl_ipoib_read(ndev, &c->old) : -ENODEV;
	if (err)
		goto out_unlock;
	err = rdmactl_ipoib_change_mode(ndev, tb, c->mode, extack);
	if (err == -EINTR)
		goto out_free;
	if (err)
		goto out_unlock;
	if (c->mtu)
		c->mtu_err = dev_set_mtu(ndev, c->mtu);
	if (c->mtu_err) {
		/* Put back the mode and the MTU it had; say if either fails. */
		c->undo_err = rdmactl_ipoib_change_mode(ndev, tb, c->old.mode, NULL);
		if (c->undo_err == -EINTR)
			goto out_free;
		if (!c->undo_err)
			c->undo_err = dev_set_mtu(ndev, c->old.mtu);
		if (c->undo_err != -ENODEV && rdmactl_ipoib_read(ndev, &c->now))
			c->undo_err = -ENODEV;
	}
	if (ndev->reg_state == NETREG_REGISTERED)
		netdev_state_change(ndev);
out_unlock:
	rtnl_unlock();
out_free:
	kfree(tb);
	return err;
}

static const char *const rdmactl_mode_names[] = { "datagram", "connected" };

/* RDMACTL_A_IPOIB_MODE: datagram or connected, else -EINVAL saying so. */
VISIBLE_IF_KUNIT int rdmactl_ipoib_mode_parse(const struct nlattr *attr,
					      struct netlink_ext_ack *extack)
{
	u8 mode = nla_get_u8(attr);

	if (mode != RDMACTL_IPOIB_DATAGRAM && mode != RDMACTL_IPOIB_CONNECTED) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "the mode is datagram (0) or connected (1)");
		return -EINVAL;
	}
	return mode;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_ipoib_mode_parse);

int rdmactl_ipoib_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *mode_attr = info->attrs[RDMACTL_A_IPOIB_MODE];
	struct nlattr *mtu_attr = info->attrs[RDMACTL_A_IPOIB_MTU];
	struct rdmactl_req req = {
		.net = genl_info_net(info), .skb = skb, .attrs = info->attrs,
		.extack = info->extack, .genl_locked = true,
		.call_at = rdmactl_jiffies32(),
	};
	/* Under cb_lock: RTNL and the port's query, each waited for a little. */
	unsigned long until = jiffies + RDMACTL_LOCKED_WAIT;
	struct net *net = req.net;
	struct rdmactl_ipoib_change c = {};
	struct net_device *ndev;
	struct rdmactl_ipoib ib;
	struct rdmactl_dev *dev;
	u32 mtu = 0, min, max;
	u8 mode;
	int err;

	if (!mode_attr) {
		NL_SET_ERR_MSG(info->extack, "no mode given: set datagram or connected");
		return -EINVAL;
	}
	err = rdmactl_ipoib_mode_parse(mode_attr, info->extack);
	if (err < 0)
		return err;
	mode = err;
	ndev = rdmactl_ipoib_netdev(net, info->attrs, info->extack);
	if (IS_ERR(ndev))
		return PTR_ERR(ndev);

	/* Behind another SET's work, under cb_lock: a little, then ask again. */
	err = rdmactl_mutex_lock_until(&rdmactl_ipoib_lock, until);
	if (err) {
		if (err == -EAGAIN)
			NL_SET_ERR_MSG(info->extack, RDMACTL_MSG_IPOIB_BUSY);
		dev_put(ndev);
		return err;
	}
	req.since = req.call_at;
	err = rdmactl_ipoib_read_one(ndev, &ib, until);
	if (err) {
		rdmactl_ipoib_read_err(info->extack, ndev, err);
		goto out_unlock;
	}
	dev = rdmactl_ipoib_dev(net, &ib);
	if (!dev) {
		NL_SET_ERR_MSG(info->extack, "the interface's RDMA device is not visible here");
		err = -ENODEV;
		goto out_unlock;
	}
	/* ipoib's own bounds: datagram carries its 4-byte header in the MTU. */
	min = ETH_MIN_MTU + RDMACTL_IPOIB_ENCAP_LEN;
	err = rdmactl_ipoib_max_dgram(&req, dev, ib.port, &max);
	if (mode == RDMACTL_IPOIB_CONNECTED && !err) {
		min = ETH_MIN_MTU;
		max = RDMACTL_IPOIB_CM_MTU;
		if (!(ib.hwaddr[0] & RDMACTL_IPOIB_HW_FLAG_RC)) {
			rdmactl_err_fmt(info->extack, mode_attr, RDMACTL_MSG_DGRAM_ONLY, ib.name);
			err = -EOPNOTSUPP;
		}
	}
	rdmactl_dev_put(dev);
	if (err)
		goto out_unlock;

	if (mtu_attr) {
		mtu = nla_get_u32(mtu_attr);
		if (mtu < min || mtu > max) {
			rdmactl_err_fmt(info->extack, mtu_attr, RDMACTL_MSG_MTU_RANGE, mtu,
					rdmactl_mode_names[mode], min, max);
			err = -ERANGE;
			goto out_unlock;
		}
	}

	c.mode = mode;
	c.mtu = mtu;
	err = rdmactl_ipoib_apply(ndev, &c, until, info->extack);
	if (err == -ENODEV || err == -EAGAIN) {
		rdmactl_ipoib_read_err(info->extack, ndev, err);
	} else if (err == -EINTR) {
		/* killed: the reply goes nowhere */
	} else if (err) {
		rdmactl_err_fmt(info->extack, mode_attr, RDMACTL_MSG_MODE_REFUSED, ib.name,
				rdmactl_mode_names[mode], err);
	} else if (c.mtu_err && c.undo_err == -ENODEV) {
		err = c.mtu_err;
		rdmactl_err_fmt(info->extack, mtu_attr, RDMACTL_MSG_MTU_GONE, mtu, err);
	} else if (c.mtu_err && c.undo_err) {
		err = c.mtu_err;
		rdmactl_err_fmt(info->extack, mtu_attr, RDMACTL_MSG_MTU_UNDO_FAILED, mtu, err,
				c.undo_err, rdmactl_mode_names[c.now.mode], c.now.mtu);
	} else if (c.mtu_err) {
		err = c.mtu_err;
		rdmactl_err_fmt(info->extack, mtu_attr, RDMACTL_MSG_MTU_ROLLED_BACK, mtu, err,
				rdmactl_mode_names[c.now.mode], c.now.mtu);
	}
out_unlock:
	mutex_unlock(&rdmactl_ipoib_lock);
	dev_put(ndev);
	return err;
}
