// SPDX-License-Identifier: GPL-2.0
/*
 * One request framework for every GET, as ethtool's netlink has: each
 * object describes itself in a struct rdmactl_req_ops (its scope, its
 * checks, prepare() and fill()), and the default doit here and dumpit
 * (dump.c) own what they all share: naming the device and port a request
 * is about, reporting a missing attribute, sizing and starting each
 * message. In a doit, an item whose prepare() fails is the answer.
 */
#include "core.h"

/*
 * GENL_REQ_ATTR_CHECK, with our sentence: the attribute a doit lacks. The
 * sentence is the object's, static: no formatted message's buffer (one
 * of a ring before 6.2, compat.c) is taken for it.
 */
static int rdmactl_req_need(const struct rdmactl_req *req, int type, const char *msg)
{
	if (req->attrs[type])
		return 0;
	if (req->extack)
		req->extack->_msg = msg;
	NL_SET_ERR_ATTR_MISS(req->extack, NULL, type);
	return -EINVAL;
}

/*
 * The device a request names: by index, by name, or by both when they
 * agree. Every refusal says which attribute is wrong and why.
 */
struct rdmactl_dev *rdmactl_nl_dev_get(struct net *net, struct nlattr **attrs,
				       struct netlink_ext_ack *extack)
{
	struct nlattr *index_attr = attrs[RDMACTL_A_DEV_INDEX];
	struct nlattr *name_attr = attrs[RDMACTL_A_DEV_NAME];
	struct rdmactl_dev *dev;

	if (!index_attr && !name_attr) {
		NL_SET_ERR_MSG(extack, "no device given: set the device index or name");
		NL_SET_ERR_ATTR_MISS(extack, NULL, RDMACTL_A_DEV_INDEX);
		return ERR_PTR(-EINVAL);
	}

	if (index_attr) {
		u32 index = nla_get_u32(index_attr);

		dev = rdmactl_dev_get_by_index(net, index);
		if (!dev) {
			rdmactl_err_fmt(extack, index_attr, RDMACTL_MSG_NO_DEV_INDEX, index);
			return ERR_PTR(-ENODEV);
		}
	} else {
		dev = rdmactl_dev_get_by_name(net, nla_data(name_attr));
		if (!dev) {
			NL_SET_ERR_MSG_ATTR(extack, name_attr, RDMACTL_MSG_NO_DEV_NAME);
			return ERR_PTR(-ENODEV);
		}
	}

	if (index_attr && name_attr) {
		char name[IB_DEVICE_NAME_MAX];

		rdmactl_dev_name(dev, name);
		if (strcmp(name, nla_data(name_attr))) {
			rdmactl_err_fmt(extack, name_attr, RDMACTL_MSG_DEV_OTHER_NAME,
					dev->index);
			rdmactl_dev_put(dev);
			return ERR_PTR(-EINVAL);
		}
	}
	return dev;
}

/*
 * Whether a port number exists on the device; the refusal names the port
 * and the ports there are (the device is the request's, pointed at by the
 * caller's own naming of it).
 */
int rdmactl_nl_port_check(struct rdmactl_dev *dev, const struct nlattr *port_attr,
			  struct netlink_ext_ack *extack)
{
	u32 port = nla_get_u32(port_attr);
	u32 first, last;

	if (rdma_is_port_valid(dev->ibdev, port))
		return 0;

	first = rdma_start_port(dev->ibdev);
	last = rdma_end_port(dev->ibdev);
	if (first == last)
		rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_NO_PORT, port, first);
	else
		rdmactl_err_fmt(extack, port_attr, RDMACTL_MSG_NO_PORT_OF, port, first, last);
	return -ENODEV;
}

/* The object's own check of a device or port a request names, else the port's. */
int rdmactl_req_check(const struct rdmactl_req_ops *ops, const struct rdmactl_req *req,
		      struct rdmactl_dev *dev, const struct nlattr *port_attr)
{
	if (ops->check)
		return ops->check(req, dev, port_attr);
	return port_attr ? rdmactl_nl_port_check(dev, port_attr, req->extack) : 0;
}

/*
 * Start a reply message: a doit reply when info is set, else the next
 * message of a dump, marked NLM_F_DUMP_INTR if devices changed since the
 * dump began.
 */
void *rdmactl_nl_put(struct sk_buff *skb, struct netlink_callback *cb,
		     struct genl_info *info, u8 cmd)
{
	void *hdr;

	if (info)
		return genlmsg_put_reply(skb, info, &rdmactl_family, 0, cmd);

	hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			  &rdmactl_family, NLM_F_MULTI, cmd);
	if (hdr)
		genl_dump_check_consistent(cb, hdr);
	return hdr;
}

/* Answer a doit with one message of at most size bytes that fill() writes. */
int rdmactl_nl_reply_size(struct genl_info *info, u8 cmd, size_t size,
			  int (*fill)(struct sk_buff *skb, void *arg), void *arg)
{
	struct sk_buff *msg;
	void *hdr;
	int err;

	msg = genlmsg_new(size, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	err = -EMSGSIZE;
	hdr = rdmactl_nl_put(msg, NULL, info, cmd);
	if (!hdr)
		goto err_free;
	err = fill(msg, arg);
	if (err)
		goto err_free;
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);

err_free:
	nlmsg_free(msg);
	return err;
}

/* Who the item is about, then the object's own attributes. */
int rdmactl_req_fill(struct sk_buff *skb, const struct rdmactl_req_ops *ops,
		     const struct rdmactl_req *req, struct rdmactl_dev *dev, void *data)
{
	const struct rdmactl_reply_data *base = data;

	if (nla_put_u32(skb, RDMACTL_A_DEV_INDEX, base->dev_index) ||
	    nla_put_string(skb, RDMACTL_A_DEV_NAME, base->dev_name) ||
	    (ops->scope != RDMACTL_SCOPE_DEV &&
	     nla_put_u32(skb, RDMACTL_A_PORT_INDEX, base->port)))
		return -EMSGSIZE;
	return ops->fill(skb, req, dev, data);
}

void rdmactl_req_item(void *data, const char *name, u32 index, u32 port, u32 entry)
{
	struct rdmactl_reply_data *base = data;

	base->dev_index = index;
	strscpy(base->dev_name, name, sizeof(base->dev_name));
	base->port = port;
	base->entry = entry;
}

struct rdmactl_req_reply {
	const struct rdmactl_req_ops *ops;
	const struct rdmactl_req *req;
	struct rdmactl_dev *dev;
	void *data;
};

static int rdmactl_req_fill_reply(struct sk_buff *skb, void *arg)
{
	struct rdmactl_req_reply *r = arg;

	return rdmactl_req_fill(skb, r->ops, r->req, r->dev, r->data);
}

/*
 * What a doit must name beyond the device, as the object's scope says (a
 * port, and an entry of the port's table), then the object's own
 * attributes (parse()): *port_attr is the port named, or NULL.
 */
static int rdmactl_req_doit_parse(const struct rdmactl_req_ops *ops, struct rdmactl_req *req,
				  const struct nlattr **port_attr)
{
	int err;

	*port_attr = NULL;
	if (ops->scope != RDMACTL_SCOPE_DEV) {
		err = rdmactl_req_need(req, RDMACTL_A_PORT_INDEX, ops->missing);
		if (!err && ops->scope == RDMACTL_SCOPE_ENTRY)
			err = rdmactl_req_need(req, ops->entry_attr, ops->missing);
		if (err)
			return err;
		*port_attr = req->attrs[RDMACTL_A_PORT_INDEX];
	}
	return ops->parse ? ops->parse(req) : 0;
}

/*
 * The doit's one item: the object's reply data, zeroed, already saying
 * which device, port and entry it is about (what every reply starts with).
 */
static void *rdmactl_req_doit_data(const struct rdmactl_req_ops *ops,
				   const struct rdmactl_req *req, struct rdmactl_dev *dev,
				   const struct nlattr *port_attr)
{
	char name[IB_DEVICE_NAME_MAX];
	u32 entry = 0;
	void *data;

	data = kzalloc(ops->data_size, GFP_KERNEL);
	if (!data)
		return NULL;
	if (ops->scope == RDMACTL_SCOPE_ENTRY)
		entry = nla_get_u32(req->attrs[ops->entry_attr]);
	rdmactl_dev_name(dev, name);
	rdmactl_req_item(data, name, dev->index, port_attr ? nla_get_u32(port_attr) : 0, entry);
	return data;
}

int rdmactl_req_doit(struct sk_buff *skb, struct genl_info *info)
{
	const struct rdmactl_req_ops *ops = rdmactl_req_ops_of(info->genlhdr->cmd);
	struct rdmactl_req req = {
		.net = genl_info_net(info), .skb = skb, .info = info,
		.attrs = info->attrs, .extack = info->extack, .genl_locked = true,
		.call_at = rdmactl_jiffies32(),
	};
	struct rdmactl_req_reply r = { .ops = ops, .req = &req };
	const struct nlattr *port_attr;
	size_t size = NLMSG_DEFAULT_SIZE;
	int err;

	if (!ops)
		return -EOPNOTSUPP;
	req.since = req.call_at;
	err = rdmactl_req_doit_parse(ops, &req, &port_attr);
	if (err)
		return err;
	r.dev = rdmactl_nl_dev_get(req.net, info->attrs, info->extack);
	if (IS_ERR(r.dev))
		return PTR_ERR(r.dev);
	err = rdmactl_req_check(ops, &req, r.dev, port_attr);
	if (err)
		goto out_put;

	err = -ENOMEM;
	r.data = rdmactl_req_doit_data(ops, &req, r.dev, port_attr);
	if (!r.data)
		goto out_put;
	if (ops->reply_size)
		size = ops->reply_size(r.dev);
	err = ops->prepare ? ops->prepare(&req, r.dev, r.data) : 0;
	if (err)
		goto out_free;
	if (ops->collect) {
		/* Work that may wait long is done holding no device. */
		rdmactl_dev_put(r.dev);
		r.dev = NULL;
		err = ops->collect(&req, r.data, 1);
	}
	if (!err)
		err = rdmactl_nl_reply_size(info, ops->cmd, size, rdmactl_req_fill_reply, &r);
	if (ops->cleanup)
		ops->cleanup(r.data);
out_free:
	kfree(r.data);
out_put:
	if (r.dev)
		rdmactl_dev_put(r.dev);
	return err;
}

/* A SET's change on one device, held, once its port is checked. */
static int rdmactl_req_set_one(const struct rdmactl_req_ops *ops, struct rdmactl_req *req,
			       void *state, struct rdmactl_dev *dev,
			       const struct nlattr *port_attr)
{
	int err = 0;

	if (port_attr)
		err = rdmactl_req_check(ops, req, dev, port_attr);
	if (!err)
		err = ops->set(req, state, &dev, port_attr);
	if (dev)
		rdmactl_dev_put(dev);
	return err;
}

/* No device named (RDMACTL_SET_ANY_DEV): every one; an -EAGAIN lets the others go on. */
static int rdmactl_req_set_all(const struct rdmactl_req_ops *ops, struct rdmactl_req *req,
			       void *state)
{
	struct rdmactl_dev *dev;
	bool again = false;
	u32 index = 0;
	int err = 0;

	while ((!err || err == -EAGAIN) && (dev = rdmactl_dev_get_next(req->net, &index))) {
		err = rdmactl_req_set_one(ops, req, state, dev, NULL);
		again |= err == -EAGAIN;
		index++;
	}
	return !err && again ? -EAGAIN : err;
}

/*
 * What a SET is about, as the object's set_scope says, then set() on it:
 * the device named, and its port, checked; every device when SET_ANY_DEV
 * names none; nothing resolved here for SET_NETDEV, whose own attributes
 * name an interface (the op's policy has no device attributes).
 */
static int rdmactl_req_set_target(const struct rdmactl_req_ops *ops, struct rdmactl_req *req,
				  void *state)
{
	const struct nlattr *port_attr;
	struct rdmactl_dev *dev;

	if (ops->set_scope == RDMACTL_SET_NETDEV)
		return ops->set(req, state, NULL, NULL);
	port_attr = req->attrs[RDMACTL_A_PORT_INDEX];
	if (ops->set_scope == RDMACTL_SET_ANY_DEV &&
	    !req->attrs[RDMACTL_A_DEV_INDEX] && !req->attrs[RDMACTL_A_DEV_NAME]) {
		if (!port_attr)
			return rdmactl_req_set_all(ops, req, state);
		NL_SET_ERR_MSG_ATTR(req->extack, port_attr, "a port needs a device");
		return -EINVAL;
	}
	dev = rdmactl_nl_dev_get(req->net, req->attrs, req->extack);
	if (IS_ERR(dev))
		return PTR_ERR(dev);
	return rdmactl_req_set_one(ops, req, state, dev, port_attr);
}

/*
 * The default SET doit, as ethtool's: the request's own attributes
 * checked (set_validate()), then what it is about resolved as the
 * object's set_scope says, a port checked as its GET checks one, and
 * set() made on it (rdmactl_req_set_target()), then the outcome
 * (set_end()). Who may SET is the op's flag (netlink-gen.c); what a SET
 * locks, waits for and tells of is set()'s.
 */
int rdmactl_req_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	const struct rdmactl_req_ops *ops = rdmactl_req_ops_of(info->genlhdr->cmd);
	struct rdmactl_req req = {
		.net = genl_info_net(info), .skb = skb, .info = info,
		.attrs = info->attrs, .extack = info->extack, .genl_locked = true,
		.call_at = rdmactl_jiffies32(),
	};
	void *state = NULL;
	int err;

	if (!ops || !ops->set || WARN_ON_ONCE(!ops->set_scope))
		return -EOPNOTSUPP;
	req.since = req.call_at;
	if (ops->set_scope == RDMACTL_SET_PORT) {
		err = rdmactl_req_need(&req, RDMACTL_A_PORT_INDEX, ops->missing);
		if (err)
			return err;
	}
	if (ops->set_size) {
		state = kzalloc(ops->set_size, GFP_KERNEL);
		if (!state)
			return -ENOMEM;
	}
	err = ops->set_validate ? ops->set_validate(&req, state) : 0;
	if (err)
		goto out;
	err = rdmactl_req_set_target(ops, &req, state);
	if (ops->set_end)
		err = ops->set_end(&req, state, err);
out:
	if (ops->set_cleanup)
		ops->set_cleanup(state);
	kfree(state);
	return err;
}
