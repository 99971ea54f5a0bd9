// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_IPOIB_GET and _SET: the IPoIB interfaces of each RDMA port,
 * and switching them between datagram and connected mode.
 *
 * IPoIB interfaces are found by their link kind, "ipoib"; the public
 * struct rdma_netdev at the start of their private data names the HCA.
 * Their port is dev_port + 1 for a parent; a P_Key child has neither
 * (nor rn->port_num, which generic ipoib does not set): its port is the
 * one whose GID 0 its address carries, for its parent may be in another
 * namespace. Mode, P_Key and umcast
 * come from the interface's own rtnl_link_ops->fill_info(), and the mode is
 * changed through its changelink(), as `ip link set ... type ipoib mode`
 * does, under the protocol ipoib's sysfs "mode" file follows: ipoib drops
 * RTNL while it flushes paths and may come back without it (-EBUSY, the
 * change made). Mode, MTU and the notification rtnetlink would send
 * (netdev_state_change()) share one RTNL section, but for that drop; a
 * refused MTU puts the old mode and MTU back in the same section, and the
 * reply says whether that worked.
 *
 * RTNL is held only to read or change an interface, never while a driver
 * is queried (rxe's query_port takes RTNL) or a message is built. Under
 * genetlink's cb_lock it is not waited for behind another holder: a GET
 * doit polls it RDMACTL_LOCKED_WAIT at most, then says to ask again; a
 * dump's first call reads nothing, and the calls after it, from the
 * reader's recvmsg(), wait killably; a SET's change is made by a work
 * item (ipoib-set.c, ipoib-change.c). The ports' largest datagram MTU
 * comes from port-query.c, under the same rule.
 */
#include <linux/if_arp.h>
#include <linux/if_link.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <rdma/ib_cache.h>

#include "ipoib.h"

bool rdmactl_is_ipoib(const struct net_device *dev)
{
	return dev->type == ARPHRD_INFINIBAND && dev->rtnl_link_ops &&
	       !strcmp(dev->rtnl_link_ops->kind, "ipoib") &&
	       dev->addr_len == RDMACTL_IPOIB_HWADDR_LEN;
}

/* Mode, P_Key and umcast, through the interface's own fill_info(). */
static int rdmactl_ipoib_link_info(struct net_device *dev, struct rdmactl_ipoib *ib)
{
	struct sk_buff *skb = alloc_skb(NLMSG_GOODSIZE, GFP_KERNEL);
	const struct nlattr *a;
	int err = -ENOMEM;

	if (!skb)
		return err;
	err = -EOPNOTSUPP;
	if (dev->rtnl_link_ops->fill_info)
		err = dev->rtnl_link_ops->fill_info(skb, dev);
	if (!err) {
		a = nla_find((struct nlattr *)skb->data, skb->len, IFLA_IPOIB_PKEY);
		ib->pkey = a ? nla_get_u16(a) : 0;
		a = nla_find((struct nlattr *)skb->data, skb->len, IFLA_IPOIB_MODE);
		if (!a)
			err = -ENODATA;	/* a mode unknown is not datagram */
		else if (nla_get_u16(a))
			ib->mode = RDMACTL_IPOIB_CONNECTED;
		else
			ib->mode = RDMACTL_IPOIB_DATAGRAM;
		a = nla_find((struct nlattr *)skb->data, skb->len, IFLA_IPOIB_UMCAST);
		ib->umcast = a ? !!nla_get_u16(a) : 0;
	}
	kfree_skb(skb);
	return err;
}

/*
 * A P_Key child's port: its parent's, which may be in another namespace,
 * where its ifindex (the child's iflink) names something else. So the
 * port whose GID its address carries (a child copies its parent's): GID 0
 * first, then any of the table (an alias GUID); else the parent, when it
 * is in the child's namespace. 0 when none says.
 */
static u32 rdmactl_ipoib_child_port(struct net_device *dev, struct ib_device *hca, int iflink)
{
	const struct ib_gid_attr *attr;
	struct net_device *parent;
	union ib_gid gid;
	u32 port;

	rdma_for_each_port(hca, port)
		if (!rdma_query_gid(hca, port, 0, &gid) &&
		    !memcmp(gid.raw, dev->dev_addr + 4, sizeof(gid.raw)))
			return port;
	memcpy(gid.raw, dev->dev_addr + 4, sizeof(gid.raw));
	attr = rdma_find_gid(hca, &gid, IB_GID_TYPE_IB, NULL);
	if (!IS_ERR(attr)) {
		port = attr->port_num;
		rdma_put_gid_attr(attr);
		return port;
	}
	parent = __dev_get_by_index(dev_net(dev), iflink);
	if (parent && rdmactl_is_ipoib(parent) &&
	    ((struct rdma_netdev *)netdev_priv(parent))->hca == hca)
		return parent->dev_port + 1;
	return 0;
}

/* Called with RTNL held. */
int rdmactl_ipoib_read(struct net_device *dev, struct rdmactl_ipoib *ib)
{
	struct rdma_netdev *rn = netdev_priv(dev);
	int iflink = dev_get_iflink(dev);

	memset(ib, 0, sizeof(*ib));
	if (!rn->hca)
		return -ENODEV;
	if (iflink != dev->ifindex) {
		ib->parent = iflink;	/* in the parent's namespace, as ip link says */
		ib->port = rdmactl_ipoib_child_port(dev, rn->hca, iflink);
		if (!ib->port)
			return -ENXIO;
	} else {
		ib->port = dev->dev_port + 1;
	}
	ib->ifindex = dev->ifindex;
	strscpy(ib->name, dev->name, sizeof(ib->name));
	ib->hca = rn->hca;
	ib->hca_index = rn->hca->index;
	ib->mtu = dev->mtu;
	memcpy(ib->hwaddr, dev->dev_addr, sizeof(ib->hwaddr));
	/* As rtnetlink and sysfs report it: down while not running. */
	ib->operstate = netif_running(dev) ? READ_ONCE(dev->operstate) : IF_OPER_DOWN;
	ib->up = dev->flags & IFF_UP;
	return rdmactl_ipoib_link_info(dev, ib);
}

static int rdmactl_ipoib_cmp(const void *a, const void *b)
{
	return ((const struct rdmactl_ipoib *)a)->ifindex -
	       ((const struct rdmactl_ipoib *)b)->ifindex;
}

/*
 * Every IPoIB interface of net from ifindex first on, sorted by ifindex:
 * an array the caller frees, its length in *n. RTNL is waited for until
 * jiffies reach until (-EAGAIN), or killably when until is 0.
 */
static struct rdmactl_ipoib *rdmactl_ipoib_collect(struct net *net, int first, int *n,
						   unsigned long until)
{
	struct rdmactl_ipoib *all = NULL, *grown;
	struct net_device *dev;
	int cap = 0, err;

	*n = 0;
	err = until ? rdmactl_rtnl_lock_until(until) : rdmactl_rtnl_lock_killable();
	if (err)
		return ERR_PTR(err);
	for_each_netdev(net, dev) {
		if (dev->ifindex < first || !rdmactl_is_ipoib(dev))
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 8;
			grown = krealloc_array(all, cap, sizeof(*all), GFP_KERNEL);
			if (!grown) {
				kfree(all);
				rtnl_unlock();
				return ERR_PTR(-ENOMEM);
			}
			all = grown;
		}
		if (!rdmactl_ipoib_read(dev, &all[*n]))
			(*n)++;
	}
	rtnl_unlock();
	sort(all, *n, sizeof(*all), rdmactl_ipoib_cmp, NULL);
	return all;
}

/*
 * The largest MTU datagram mode allows on the port: its IB MTU less 4;
 * 0 when the driver cannot say. -EAGAIN, -EINPROGRESS or -EINTR as
 * rdmactl_port_query() says: not known yet.
 */
int rdmactl_ipoib_max_dgram(const struct rdmactl_req *req, struct rdmactl_dev *dev, u32 port,
			    u32 *max)
{
	struct ib_port_attr attr;
	int err, mtu;

	*max = 0;
	if (!rdma_is_port_valid(dev->ibdev, port))
		return 0;
	err = rdmactl_port_query(req, dev, port, &attr);
	if (err == -EAGAIN || err == -EINPROGRESS || err == -EINTR)
		return err;
	mtu = err ? 0 : ib_mtu_enum_to_int(attr.max_mtu);
	if (mtu > 0)
		*max = mtu - RDMACTL_IPOIB_ENCAP_LEN;
	return 0;
}

static int rdmactl_fill_ipoib(struct sk_buff *skb, struct rdmactl_dev *dev,
			      const struct rdmactl_ipoib *ib)
{
	bool cm = ib->hwaddr[0] & RDMACTL_IPOIB_HW_FLAG_RC;
	u32 max_dgram = ib->max_dgram;

	if (nla_put_u32(skb, RDMACTL_A_IPOIB_IFINDEX, ib->ifindex) ||
	    nla_put_string(skb, RDMACTL_A_IPOIB_IFNAME, ib->name) ||
	    (ib->parent && nla_put_u32(skb, RDMACTL_A_IPOIB_PARENT_IFINDEX, ib->parent)) ||
	    rdmactl_fill_dev_ident(skb, dev) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_INDEX, ib->port) ||
	    nla_put_u16(skb, RDMACTL_A_IPOIB_PKEY, ib->pkey) ||
	    nla_put_u8(skb, RDMACTL_A_IPOIB_MODE, ib->mode) ||
	    nla_put_u8(skb, RDMACTL_A_IPOIB_CM_SUPPORTED, cm) ||
	    nla_put_u8(skb, RDMACTL_A_IPOIB_UMCAST, ib->umcast) ||
	    nla_put_u32(skb, RDMACTL_A_IPOIB_MTU, ib->mtu) ||
	    (max_dgram && nla_put_u32(skb, RDMACTL_A_IPOIB_MAX_MTU_DATAGRAM, max_dgram)) ||
	    (cm && nla_put_u32(skb, RDMACTL_A_IPOIB_MAX_MTU_CONNECTED, RDMACTL_IPOIB_CM_MTU)) ||
	    nla_put(skb, RDMACTL_A_IPOIB_HWADDR, sizeof(ib->hwaddr), ib->hwaddr) ||
	    nla_put_u32(skb, RDMACTL_A_IPOIB_QPN, get_unaligned_be32(ib->hwaddr) & 0xffffff) ||
	    nla_put_u8(skb, RDMACTL_A_IPOIB_HW_FLAGS, ib->hwaddr[0]) ||
	    nla_put_u64_64bit(skb, RDMACTL_A_PORT_SUBNET_PREFIX,
			      get_unaligned_be64(ib->hwaddr + 4), RDMACTL_A_PAD) ||
	    nla_put_u64_64bit(skb, RDMACTL_A_PORT_GUID,
			      get_unaligned_be64(ib->hwaddr + 12), RDMACTL_A_PAD) ||
	    nla_put_u8(skb, RDMACTL_A_IPOIB_OPERSTATE, ib->operstate) ||
	    nla_put_u8(skb, RDMACTL_A_IPOIB_ADMIN_UP, ib->up))
		return -EMSGSIZE;
	return 0;
}

/* Our device for an interface's HCA, with a reference, or NULL. */
struct rdmactl_dev *rdmactl_ipoib_dev(struct net *net, const struct rdmactl_ipoib *ib)
{
	struct rdmactl_dev *dev = rdmactl_dev_get_by_index(net, ib->hca_index);

	if (dev && dev->ibdev != ib->hca) {
		rdmactl_dev_put(dev);
		return NULL;
	}
	return dev;
}

/* The interface a request names, with a reference; every refusal named. */
struct net_device *rdmactl_ipoib_netdev(struct net *net, struct nlattr **attrs,
					struct netlink_ext_ack *extack)
{
	struct nlattr *index = attrs[RDMACTL_A_IPOIB_IFINDEX];
	struct nlattr *name = attrs[RDMACTL_A_IPOIB_IFNAME];
	struct net_device *ndev;

	if (!index && !name) {
		NL_SET_ERR_MSG(extack, "no interface given: set its index or name");
		return ERR_PTR(-EINVAL);
	}
	if (index)
		ndev = dev_get_by_index(net, nla_get_u32(index));
	else
		ndev = dev_get_by_name(net, nla_data(name));
	if (!ndev) {
		if (index)
			rdmactl_err_fmt(extack, index, RDMACTL_MSG_NO_IFINDEX, nla_get_u32(index));
		else
			rdmactl_err_fmt(extack, name, RDMACTL_MSG_NO_IFNAME,
					(char *)nla_data(name));
		return ERR_PTR(-ENODEV);
	}
	if (!rdmactl_is_ipoib(ndev)) {
		rdmactl_err_fmt(extack, index ? index : name, RDMACTL_MSG_NOT_IPOIB, ndev->name);
		dev_put(ndev);
		return ERR_PTR(-EINVAL);
	}
	return ndev;
}

int rdmactl_ipoib_read_one(struct net_device *ndev, struct rdmactl_ipoib *ib,
			   unsigned long until)
{
	int err;

	if (until) {
		err = rdmactl_rtnl_lock_until(until);
		if (err)
			return err;
	} else {
		rtnl_lock();
	}
	err = ndev->reg_state == NETREG_REGISTERED ? rdmactl_ipoib_read(ndev, ib) : -ENODEV;
	rtnl_unlock();
	return err;
}

struct rdmactl_ipoib_reply {
	struct rdmactl_dev *dev;
	struct rdmactl_ipoib ib;
};

static int rdmactl_fill_ipoib_reply(struct sk_buff *skb, void *arg)
{
	struct rdmactl_ipoib_reply *r = arg;

	return rdmactl_fill_ipoib(skb, r->dev, &r->ib);
}

/* A request that read ib stopped by ndev's RTNL or gone: say which. */
void rdmactl_ipoib_read_err(struct netlink_ext_ack *extack, struct net_device *ndev, int err)
{
	if (err == -EAGAIN)
		rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_RTNL_BUSY, ndev->name);
	else if (err == -ENXIO)
		rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_IPOIB_NO_PORT, ndev->name);
	else if (err == -ENODEV)
		NL_SET_ERR_MSG(extack, "the interface went away");
	else if (err != -EINTR)
		rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_IPOIB_UNREADABLE, ndev->name, err);
}

/* Under cb_lock: RTNL and the port's query, each waited for a little. */
int rdmactl_ipoib_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rdmactl_req req = {
		.net = genl_info_net(info), .skb = skb, .attrs = info->attrs,
		.extack = info->extack, .genl_locked = true,
		.call_at = rdmactl_jiffies32(),
	};
	struct rdmactl_ipoib_reply r;
	struct net_device *ndev;
	int err;

	req.since = req.call_at;
	ndev = rdmactl_ipoib_netdev(req.net, info->attrs, info->extack);
	if (IS_ERR(ndev))
		return PTR_ERR(ndev);
	err = rdmactl_ipoib_read_one(ndev, &r.ib, jiffies + RDMACTL_LOCKED_WAIT);
	if (err)
		rdmactl_ipoib_read_err(info->extack, ndev, err);
	dev_put(ndev);
	if (err)
		return err;
	r.dev = rdmactl_ipoib_dev(req.net, &r.ib);
	if (!r.dev) {
		NL_SET_ERR_MSG(info->extack, "the interface's RDMA device is not visible here");
		return -ENODEV;
	}
	err = rdmactl_ipoib_max_dgram(&req, r.dev, r.ib.port, &r.ib.max_dgram);
	if (!err)
		err = rdmactl_nl_reply(info, RDMACTL_CMD_IPOIB_GET, rdmactl_fill_ipoib_reply, &r);
	rdmactl_dev_put(r.dev);
	return err;
}

/*
 * IPOIB_GET goes by interface, not by device: its doit and dumpit are its
 * own, and the framework resolves its dump's device and port filters.
 * IPOIB_SET goes through the default SET doit, which resolves no device
 * for it: the request names its interface (ipoib-set.c).
 */
const struct rdmactl_req_ops rdmactl_ipoib_request = {
	.cmd = RDMACTL_CMD_IPOIB_GET,
	.scope = RDMACTL_SCOPE_PORT,
	.set_scope = RDMACTL_SET_NETDEV,
	.set_size = sizeof(struct rdmactl_ipoib_set),
	.set_validate = rdmactl_ipoib_set_validate,
	.set = rdmactl_ipoib_set,
};

/* The interface a dump names (IPOIB_IFINDEX or _IFNAME), into ctx. */
static int rdmactl_ipoib_dump_filter(struct netlink_callback *cb)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct nlattr **attrs = rdmactl_dump_attrs(cb);
	struct net_device *ndev;

	if (!attrs[RDMACTL_A_IPOIB_IFINDEX] && !attrs[RDMACTL_A_IPOIB_IFNAME])
		return 0;
	ndev = rdmactl_ipoib_netdev(sock_net(cb->skb->sk), attrs, cb->extack);
	if (IS_ERR(ndev))
		return PTR_ERR(ndev);
	ctx->filter_ifindex = ndev->ifindex;
	dev_put(ndev);
	return 0;
}

/*
 * One interface a dump read, unless its filters leave it out or its RDMA
 * device is not visible here: 1 when its message is in skb, 0 when it is
 * skipped, else the error that stops the call (-EINPROGRESS: its port not
 * read, in a first call; -EMSGSIZE: skb is full).
 */
static int rdmactl_ipoib_dump_one(struct sk_buff *skb, struct netlink_callback *cb,
				  const struct rdmactl_req *req, struct rdmactl_ipoib *ib)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct rdmactl_dev *dev;
	void *hdr;
	int err;

	if ((ctx->has_filter_dev && ib->hca_index != ctx->filter_dev) ||
	    (ctx->has_filter_port && ib->port != ctx->filter_port) ||
	    (ctx->filter_ifindex && ib->ifindex != ctx->filter_ifindex))
		return 0;
	dev = rdmactl_ipoib_dev(req->net, ib);
	if (!dev)
		return 0;
	err = rdmactl_ipoib_max_dgram(req, dev, ib->port, &ib->max_dgram);
	hdr = err ? NULL : rdmactl_nl_put(skb, cb, NULL, RDMACTL_CMD_IPOIB_GET);
	if (hdr)
		err = rdmactl_fill_ipoib(skb, dev, ib);
	else if (!err)
		err = -EMSGSIZE;
	rdmactl_dev_put(dev);
	if (err) {
		if (hdr)
			genlmsg_cancel(skb, hdr);
		return err;
	}
	genlmsg_end(skb, hdr);
	return 1;
}

/*
 * A dump resumes at the next ifindex (ctx->port). Its first call, under
 * cb_lock, waits RDMACTL_LOCKED_WAIT in all, for RTNL and the ports'
 * queries: it stops at what it has not (its datagram may be empty), and
 * the next calls, from the reader's recvmsg(), wait killably. Interfaces
 * are read anew each call; NLM_F_DUMP_INTR follows the namespace's netdev
 * changes.
 */
int rdmactl_ipoib_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct net *net = sock_net(skb->sk);
	struct rdmactl_req req = {
		.net = net, .skb = cb->skb, .attrs = rdmactl_dump_attrs(cb),
		.ahead_since = &ctx->ahead_since, .call_at = rdmactl_jiffies32(),
		.genl_locked = !ctx->called,
	};
	unsigned long until = req.genl_locked ? jiffies + RDMACTL_LOCKED_WAIT : 0;
	struct rdmactl_ipoib *all;
	int i, n, err = 0;

	if (!ctx->started) {
		err = rdmactl_req_dump_begin(cb, &rdmactl_ipoib_request);
		if (!err)
			err = rdmactl_ipoib_dump_filter(cb);
		if (err)
			return err;
	}
	if (ctx->done)
		return 0;
	ctx->called = true;
	req.since = ctx->ahead_since;

	all = rdmactl_ipoib_collect(net, ctx->port, &n, until);
	if (IS_ERR(all))	/* RTNL not had in a first call: the next waits */
		return PTR_ERR(all) == -EAGAIN ? 1 : PTR_ERR(all);
	cb->seq = READ_ONCE(net->dev_base_seq);
	for (i = 0; i < n; i++) {
		err = rdmactl_ipoib_dump_one(skb, cb, &req, &all[i]);
		if (err < 0)
			break;
		if (err)	/* in: the dump resumes after it */
			ctx->port = all[i].ifindex + 1;
		err = 0;
	}
	kfree(all);
	if (err == -EINPROGRESS)	/* a port not read in a first call */
		return skb->len ? skb->len : 1;
	if (err)
		return skb->len ? skb->len : err;
	ctx->done = true;
	return skb->len;
}

/* The last mode seen of each interface, keyed by its net_device. */
static DEFINE_XARRAY(rdmactl_ipoib_modes);

/*
 * Called with RTNL held, for every netdev event: an IPoIB interface's
 * mode or MTU change is an event. ipoib tells of neither on its own (a
 * mode switch may change neither MTU nor features), so the mode last seen
 * is kept and compared at each event that may follow one. The event goes
 * on to netdevs.c too: an IPoIB interface may be a port's netdev.
 */
void rdmactl_ipoib_netdev_event(struct net_device *ndev, unsigned long event)
{
	unsigned long key = (unsigned long)ndev;
	struct rdmactl_ipoib ib = {};
	void *old;
	int err;

	if (!rdmactl_is_ipoib(ndev))
		return;
	if (event == NETDEV_UNREGISTER) {
		xa_erase(&rdmactl_ipoib_modes, key);
		return;
	}
	if (event != NETDEV_REGISTER && event != NETDEV_CHANGEMTU &&
	    event != NETDEV_FEAT_CHANGE && event != NETDEV_CHANGE && event != NETDEV_UP)
		return;
	/* Not knowing the mode, a change of it or of the MTU may be missed. */
	err = rdmactl_ipoib_link_info(ndev, &ib);
	if (err) {
		/*
		 * Whatever kept the mode from us (memory, a fill_info() without
		 * IFLA_IPOIB_MODE), subscribers hear that they missed something,
		 * and the next mode read is no change from a stale one.
		 */
		xa_erase(&rdmactl_ipoib_modes, key);
		if (event != NETDEV_REGISTER)
			rdmactl_event_lost();
		return;
	}
	old = xa_store(&rdmactl_ipoib_modes, key, xa_mk_value(ib.mode), GFP_KERNEL);
	if (xa_is_err(old) && event != NETDEV_REGISTER)
		rdmactl_event_lost();
	if (event == NETDEV_REGISTER || xa_is_err(old))
		return;
	if (old && xa_to_value(old) != ib.mode)
		rdmactl_event_ipoib(ndev, RDMACTL_EVENT_IPOIB_MODE, ib.mode,
				    ((struct rdma_netdev *)netdev_priv(ndev))->hca);
	if (event == NETDEV_CHANGEMTU)
		rdmactl_event_ipoib(ndev, RDMACTL_EVENT_IPOIB_MTU, ib.mode,
				    ((struct rdma_netdev *)netdev_priv(ndev))->hca);
}

void rdmactl_ipoib_events_stop(void)
{
	xa_destroy(&rdmactl_ipoib_modes);
}
