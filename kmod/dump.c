// SPDX-License-Identifier: GPL-2.0
/*
 * The default dumpit of the request framework (request.c): the device
 * loop of a dump and where it resumes, the port range and filters.
 *
 * A dump visits every device of the caller's namespace, or the one its
 * filter names, and in each the items of the object's scope: the device
 * itself, each port, or each entry of each port's table. An item whose
 * prepare() fails is skipped (a port the driver cannot query, an empty
 * GID).
 *
 * An object whose items wait on firmware (STAT_GET's MADs) has ahead():
 * a dump hands it the next items it will visit, across devices, to read
 * side by side, and fills them one by one after, the items after those
 * being read meanwhile (rdmactl_dump_ahead()).
 */
#include "core.h"

/* How many items a dump waits on at once; as many again are queued after them. */
#define RDMACTL_DUMP_AHEAD	32

/*
 * Resolve a dump's filters on its first call: a device (index or name)
 * and, for an object with ports, a port of it; then the object's own
 * attributes. A filter that matches nothing is an error, as for a doit.
 * This runs in the dumpit rather than in the op's start(): an error
 * returned from the first dumpit reaches the caller with its extack
 * message on every kernel (6.1 drops start()'s).
 */
int rdmactl_req_dump_begin(struct netlink_callback *cb, const struct rdmactl_req_ops *ops)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct nlattr **attrs = rdmactl_dump_attrs(cb);
	struct rdmactl_req req = {
		.net = sock_net(cb->skb->sk), .skb = cb->skb,
		.attrs = attrs, .extack = cb->extack,
	};
	struct nlattr *port_attr = NULL;
	struct rdmactl_dev *dev;
	int err;

	memset(ctx, 0, sizeof(*ctx));
	ctx->started = true;
	if (!ops->ahead)
		ctx->ahead_since = rdmactl_jiffies32();	/* req->since */
	if (ops->parse) {
		err = ops->parse(&req);
		if (err)
			return err;
		ctx->flags = req.flags;
	}
	if (ops->scope != RDMACTL_SCOPE_DEV)
		port_attr = attrs[RDMACTL_A_PORT_INDEX];

	if (!attrs[RDMACTL_A_DEV_INDEX] && !attrs[RDMACTL_A_DEV_NAME]) {
		if (port_attr) {
			NL_SET_ERR_MSG_ATTR(cb->extack, port_attr,
					    "a port filter needs a device");
			return -EINVAL;
		}
		return 0;
	}

	dev = rdmactl_nl_dev_get(req.net, attrs, cb->extack);
	if (IS_ERR(dev))
		return PTR_ERR(dev);

	ctx->has_filter_dev = true;
	ctx->filter_dev = dev->index;
	ctx->dev_index = dev->index;
	err = rdmactl_req_check(ops, &req, dev, port_attr);
	if (port_attr) {
		ctx->has_filter_port = true;
		ctx->filter_port = nla_get_u32(port_attr);
	}
	rdmactl_dev_put(dev);
	return err;
}

/*
 * The next device a dump visits, with a reference; NULL when the dump is
 * done, or on error (*err set, on the first call only: a bad filter).
 * Call rdmactl_dump_dev_done() once all of a device is in the message.
 */
static struct rdmactl_dev *rdmactl_dump_next_dev(struct sk_buff *skb,
						 struct netlink_callback *cb,
						 const struct rdmactl_req_ops *ops, int *err)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct rdmactl_dev *dev;
	u32 resume;

	*err = 0;
	if (!ctx->started) {
		*err = rdmactl_req_dump_begin(cb, ops);
		if (*err)
			return NULL;
	}
	cb->seq = rdmactl_generation();
	if (ctx->done)
		return NULL;

	resume = ctx->dev_index;
	dev = rdmactl_dev_get_next(sock_net(skb->sk), &ctx->dev_index);
	if (dev && ctx->has_filter_dev && dev->index != ctx->filter_dev) {
		rdmactl_dev_put(dev);
		dev = NULL;
	}
	if (!dev) {
		ctx->done = true;
		return NULL;
	}
	/* The device we were in went away: start the next one afresh. */
	if (ctx->dev_index != resume) {
		ctx->port = 0;
		ctx->entry = 0;
	}
	return dev;
}

static void rdmactl_dump_dev_done(struct netlink_callback *cb)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);

	ctx->dev_index++;
	ctx->port = 0;
	ctx->entry = 0;
}

/* One message of a dump; 0 also when the item is skipped. */
static int rdmactl_dump_one(struct sk_buff *skb, struct netlink_callback *cb,
			    const struct rdmactl_req_ops *ops, const struct rdmactl_req *req,
			    struct rdmactl_dev *dev, void *data)
{
	void *hdr;
	int err;

	hdr = rdmactl_nl_put(skb, cb, NULL, ops->cmd);
	if (!hdr)
		return -EMSGSIZE;
	err = rdmactl_req_fill(skb, ops, req, dev, data);
	if (err) {
		genlmsg_cancel(skb, hdr);
		return err;
	}
	genlmsg_end(skb, hdr);
	return 0;
}

/* The ports of dev a dump visits: first..last, empty when first > last. */
static void rdmactl_dump_ports(const struct rdmactl_dump_ctx *ctx,
			       const struct rdmactl_req_ops *ops, struct rdmactl_dev *dev,
			       u32 *first, u32 *last)
{
	if (ops->scope == RDMACTL_SCOPE_DEV) {
		*first = *last = 0;
		return;
	}
	*first = ops->from_port0 ? 0 : rdma_start_port(dev->ibdev);
	*last = rdma_end_port(dev->ibdev);
	if (ctx->has_filter_port) {
		*first = max(*first, ctx->filter_port);
		*last = min(*last, ctx->filter_port);
	}
	*first = max(*first, ctx->port);
}

/* Whether item (dev, port) comes before item (dev2, port2) in a dump. */
static bool rdmactl_dump_before(u32 dev, u32 port, u32 dev2, u32 port2)
{
	return dev < dev2 || (dev == dev2 && port < port2);
}

/*
 * The items the dump will visit from dev's port on, each held, into
 * items[most]: the rest of dev's, then those of the devices after it (not
 * past the device a filter names). A port of a scope beyond SCOPE_PORT is
 * one item. *adev, *aport: where window A, the first RDMACTL_DUMP_AHEAD of
 * them, ends. Returns how many there are.
 */
static unsigned int rdmactl_dump_ahead_items(struct netlink_callback *cb,
					     const struct rdmactl_req_ops *ops,
					     struct rdmactl_dev *dev, u32 port,
					     struct rdmactl_ahead *items, unsigned int most,
					     u32 *adev, u32 *aport)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct net *net = sock_net(cb->skb->sk);
	struct rdmactl_dev *d = rdmactl_dev_hold(dev);
	unsigned int n = 0;
	u32 index;

	while (d) {
		u32 first, last;

		rdmactl_dump_ports(ctx, ops, d, &first, &last);
		if (d == dev)
			first = max(first, port);
		else
			first = ops->from_port0 ? 0 : rdma_start_port(d->ibdev);
		for (; first <= last && n < most; first++) {
			items[n].dev = rdmactl_dev_hold(d);
			items[n++].port = first;
			if (n <= RDMACTL_DUMP_AHEAD) {
				/* Window A ends after this item, for now. */
				*adev = d->index;
				*aport = first + 1;
			}
		}
		index = d->index + 1;
		rdmactl_dev_put(d);
		if (ctx->has_filter_dev || n == most)
			break;
		d = rdmactl_dev_get_next(net, &index);
	}
	return n;
}

/*
 * Read ahead from dev's port on, as the dump will visit the items. The
 * next RDMACTL_DUMP_AHEAD (window A) are read, unless the previous call
 * had them read and the reads are fresh, and waited for; the ones after
 * them (window B) are only queued, to be read while this dump fills A and
 * its reader takes the messages (queued work needs no reference: a
 * device's removal cancels its own). One item is read ahead too: its wait
 * is killable, and bounded in a first call (req->genl_locked), whose
 * fill() takes only what was read.
 */
static void rdmactl_dump_ahead(struct netlink_callback *cb, const struct rdmactl_req_ops *ops,
			       const struct rdmactl_req *req, struct rdmactl_dev *dev, u32 port)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	const unsigned int most = 2 * RDMACTL_DUMP_AHEAD;
	struct rdmactl_ahead *items;
	unsigned int n, na, i;
	u32 since, now, adev = dev->index, aport = port + 1;

	items = kmalloc_array(most, sizeof(*items), GFP_KERNEL);
	if (!items) {
		/* Not this time: each port is read as it is filled. */
		ctx->ahead_dev = adev;
		ctx->ahead_port = aport;
		return;
	}
	n = rdmactl_dump_ahead_items(cb, ops, dev, port, items, most, &adev, &aport);
	na = min_t(unsigned int, n, RDMACTL_DUMP_AHEAD);
	ctx->ahead_dev = adev;
	ctx->ahead_port = aport;
	/* Window A's reads count from when the last call queued it. */
	now = rdmactl_jiffies32();
	since = ctx->queued_at ? ctx->queued_at : now;
	ctx->queued_at = 0;
	if (n)
		ops->ahead(req, items, na, since, false);
	if (n > na) {
		ops->ahead(req, items + na, n - na, now, false);
		ctx->queued_at = now;
	}
	/* Window B is only queued: its devices need not wait on this dump. */
	for (i = na; i < n; i++)
		rdmactl_dev_put(items[i].dev);
	if (n)
		ops->ahead(req, items, na, since, true);
	ctx->ahead_since = since;
	for (i = 0; i < na; i++)
		rdmactl_dev_put(items[i].dev);
	kfree(items);
}

/*
 * The items of one device from the dump's cursor on, prepared and filled
 * one by one with the device held. 0 when all are in, -EMSGSIZE when the
 * skb is full (the cursor is where to resume).
 */
static int rdmactl_dump_dev(struct sk_buff *skb, struct netlink_callback *cb,
			    const struct rdmactl_req_ops *ops, const struct rdmactl_req *req,
			    struct rdmactl_dev *dev, void *data)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	size_t need = ops->reply_size ? ops->reply_size(dev) : 0;
	char name[IB_DEVICE_NAME_MAX];
	u32 port, last, n;
	int err;

	rdmactl_dev_name(dev, name);
	rdmactl_dump_ports(ctx, ops, dev, &port, &last);
	for (; port <= last; port++, ctx->entry = 0) {
		ctx->port = port;
		n = ops->scope == RDMACTL_SCOPE_ENTRY ? ops->entries(dev, port) : 1;
		for (; ctx->entry < n; ctx->entry++) {
			/*
			 * Removed meanwhile: none of the rest, whose reads
			 * would hold up the removal. The generation moved
			 * before, so the next message is flagged interrupted.
			 */
			if (smp_load_acquire(&dev->removing))
				return 0;
			/* Prepare only what will fit: reading may be costly. */
			if (skb->len && skb_tailroom(skb) < need)
				return -EMSGSIZE;
			if (ops->ahead && ctx->entry == 0 &&
			    !rdmactl_dump_before(dev->index, port, ctx->ahead_dev,
						 ctx->ahead_port))
				rdmactl_dump_ahead(cb, ops, req, dev, port);
			memset(data, 0, ops->data_size);
			rdmactl_req_item(data, name, dev->index, port, ctx->entry);
			err = ops->prepare ? ops->prepare(req, dev, data) : 0;
			/* Not read yet in a first call, or killed: stop here. */
			if (err == -EINPROGRESS || err == -EINTR)
				return err;
			if (err)
				continue;
			err = rdmactl_dump_one(skb, cb, ops, req, dev, data);
			if (ops->cleanup)
				ops->cleanup(data);
			if (err)
				return err;
		}
	}
	return 0;
}

/*
 * As rdmactl_dump_dev(), for an object that collects: every port is
 * prepared with the device held, then the reference is dropped (*devp
 * NULL) before collect() and fill().
 */
static int rdmactl_dump_dev_collect(struct sk_buff *skb, struct netlink_callback *cb,
				    const struct rdmactl_req_ops *ops,
				    const struct rdmactl_req *req, struct rdmactl_dev **devp)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct rdmactl_dev *dev = *devp;
	char name[IB_DEVICE_NAME_MAX];
	struct rdmactl_reply_data *d;
	unsigned int n = 0, i;
	u32 port, last;
	void *all;
	int err = 0;

	rdmactl_dev_name(dev, name);
	rdmactl_dump_ports(ctx, ops, dev, &port, &last);
	if (port > last)
		return 0;
	all = kcalloc(last - port + 1, ops->data_size, GFP_KERNEL);
	if (!all)
		return -ENOMEM;
	for (; port <= last; port++) {
		d = all + n * ops->data_size;
		rdmactl_req_item(d, name, dev->index, port, 0);
		if (!ops->prepare || !ops->prepare(req, dev, d))
			n++;
		else
			memset(d, 0, ops->data_size);
	}
	rdmactl_dev_put(dev);
	*devp = NULL;

	/* Out of time in a first call, or killed: this device again next call. */
	err = ops->collect(req, all, n);
	if (err != -EINPROGRESS && err != -EINTR)
		err = 0;
	for (i = 0; i < n; i++) {
		d = all + i * ops->data_size;
		if (!err) {
			/* Resume at the first port that did not fit. */
			ctx->port = d->port;
			err = rdmactl_dump_one(skb, cb, ops, req, NULL, d);
		}
		if (ops->cleanup)
			ops->cleanup(d);
	}
	kfree(all);
	return err;
}

int rdmactl_req_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	const struct genlmsghdr *ghdr = nlmsg_data(cb->nlh);
	const struct rdmactl_req_ops *ops = rdmactl_req_ops_of(ghdr->cmd);
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct rdmactl_req req = {
		.net = sock_net(skb->sk), .skb = cb->skb,
		.attrs = rdmactl_dump_attrs(cb),
		.call_at = rdmactl_jiffies32(), .genl_locked = !ctx->called,
	};
	struct rdmactl_dev *dev;
	void *data = NULL;
	int err;

	if (!ops)
		return -EOPNOTSUPP;
	/*
	 * The object's own attributes, checked again on every call: a
	 * privilege (ROCE_GET's PROBE) is the reader's, who may have changed.
	 */
	if (ctx->started && ops->parse) {
		err = ops->parse(&req);
		if (err)
			return err;
	}
	if (ctx->started && ctx->done)
		return 0;
	if (!ops->collect) {
		data = kmalloc(ops->data_size, GFP_KERNEL);
		if (!data)
			return -ENOMEM;
	}
	while ((dev = rdmactl_dump_next_dev(skb, cb, ops, &err))) {
		req.flags = ctx->flags;
		req.ahead_since = &ctx->ahead_since;
		req.since = ctx->ahead_since;
		if (ops->collect)
			err = rdmactl_dump_dev_collect(skb, cb, ops, &req, &dev);
		else
			err = rdmactl_dump_dev(skb, cb, ops, &req, dev, data);
		if (dev)
			rdmactl_dev_put(dev);
		if (err) {
			/*
			 * Resume here, unless not even one item fits. A first
			 * call stops (-EINPROGRESS) at an item not read yet,
			 * which the next, from the reader's recvmsg(), waits
			 * for; it may have sent nothing yet: an empty datagram.
			 */
			if (err == -EINPROGRESS)
				err = skb->len ? skb->len : 1;
			else
				err = skb->len ? skb->len : err;
			break;
		}
		rdmactl_dump_dev_done(cb);
	}
	ctx->called = true;
	kfree(data);
	return err ? err : skb->len;
}

/* Every dump message must hold the largest item any device has. */
int rdmactl_req_start(struct netlink_callback *cb)
{
	const struct genlmsghdr *ghdr = nlmsg_data(cb->nlh);
	const struct rdmactl_req_ops *ops = rdmactl_req_ops_of(ghdr->cmd);
	struct net *net = sock_net(cb->skb->sk);
	struct rdmactl_dev *dev;
	size_t most = 0;
	u32 index = 0;

	if (!ops || !ops->reply_size)
		return 0;
	while ((dev = rdmactl_dev_get_next(net, &index))) {
		most = max(most, ops->reply_size(dev));
		rdmactl_dev_put(dev);
		index++;
	}
	cb->min_dump_alloc = most;
	return 0;
}
