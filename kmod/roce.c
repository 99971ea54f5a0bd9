// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_ROCE_GET and _SET: the GID type (RoCE v1 or v2) and type of
 * service rdma_cm uses by default for new connections on a RoCE port.
 *
 * rdma_cm keeps both in its private struct cma_device; no exported symbol
 * reaches them. Its ABI for them is configfs, which cm.c drives on the
 * module's own mount. That tree is shared with administrators, so a GET, which anyone may send,
 * changes nothing there: it reads rdma_cm/<dev> only when it exists, and
 * otherwise reports what rdmactl last applied (or nothing). Only SET, the
 * administrator's PROBE and the restore make a device's directory, for
 * one request, and remove it after unless it was there already (someone
 * else's). No handler loads a module: rdma_cm comes with ours (the soft
 * dependency, or module init), and SET without it says so.
 *
 * Settings are remembered by node GUID and port, and applied again when
 * the device or rdma_cm comes back (roce-saved.c).
 *
 * Locks: rdmactl_cm_lock serialises the configfs work (SET, PROBE, the
 * restore), and is taken under no other lock; rdmactl_roce_saved_lock,
 * inside it, guards the saved list, briefly, and is all a GET takes.
 * Neither is held across anything that waits for ib_core, and no device
 * reference is held across configfs work, whose directory lock anyone may
 * hold for as long as a read into a FUSE buffer lasts.
 */
#include <linux/slab.h>

#include "roce.h"

/* ROCE_GET's reading of its own attributes (struct rdmactl_req's flags). */
#define RDMACTL_ROCE_REQ_PROBE BIT(0)

u32 rdmactl_roce_types(struct ib_device *ibdev, u32 port)
{
	u32 types = 0;

	if (rdma_protocol_roce_eth_encap(ibdev, port))
		types |= BIT(RDMACTL_GID_TYPE_ROCE_V1);
	if (rdma_protocol_roce_udp_encap(ibdev, port))
		types |= BIT(RDMACTL_GID_TYPE_ROCE_V2);
	return types;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_roce_types);

VISIBLE_IF_KUNIT const char *rdmactl_roce_types_str(u32 types)
{
	switch (types) {
	case BIT(RDMACTL_GID_TYPE_ROCE_V1):
		return "RoCE v1 only";
	case BIT(RDMACTL_GID_TYPE_ROCE_V2):
		return "RoCE v2 only";
	default:
		return "RoCE v1 and v2";
	}
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_roce_types_str);

/* RDMACTL_A_ROCE_MODE: v1 or v2, else -EINVAL saying so. */
VISIBLE_IF_KUNIT int rdmactl_roce_mode_parse(const struct nlattr *attr,
					     struct netlink_ext_ack *extack)
{
	u8 mode = nla_get_u8(attr);

	if (mode != RDMACTL_GID_TYPE_ROCE_V1 && mode != RDMACTL_GID_TYPE_ROCE_V2) {
		rdmactl_err_fmt(extack, attr, RDMACTL_MSG_ROCE_MODE, mode,
				RDMACTL_GID_TYPE_ROCE_V1, RDMACTL_GID_TYPE_ROCE_V2);
		return -EINVAL;
	}
	return mode;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_roce_mode_parse);

/* What ROCE_GET reports of one port. */
struct rdmactl_roce_data {
	struct rdmactl_reply_data base;
	u64 guid;		/* node GUID, host order */
	u32 types;
	u8 source;		/* enum rdmactl_roce_source */
	u8 mode;
	u8 tos;
	u8 saved_mode;
	bool has_saved_tos;
	u8 saved_tos;
	struct rdmactl_qos saved_qos;
};

/*
 * Fill n ports of one RoCE device. A GET changes nothing: rdma_cm/<dev>
 * if it exists, else what rdmactl applied, else unknown. A probe (parse()
 * checked CAP_NET_ADMIN) asks rdma_cm, making the directory for the
 * request, and returns what stops it. Holds no device: configfs's
 * directory lock may be held by anyone for as long as a read into a FUSE
 * buffer lasts.
 */
static int rdmactl_roce_collect(const struct rdmactl_req *req, void *data, unsigned int n)
{
	bool probe = req->flags & RDMACTL_ROCE_REQ_PROBE;
	struct netlink_ext_ack *ext = probe ? req->extack : NULL;
	struct rdmactl_roce_data *st = data;
	struct rdmactl_roce_saved *s;
	struct rdmactl_cm_dev cd;
	unsigned long until;
	unsigned int i;
	bool open;
	int err;

	if (!n)
		return 0;
	if (probe) {
		/* Behind another's configfs work: a bounded wait, or a kill, ends it. */
		until = rdmactl_cm_until();
		err = rdmactl_cm_lock_until(until, ext);
		if (err)
			return err;
		err = rdmactl_cm_open(&cd, st[0].base.dev_name, until, ext);
	} else {
		err = rdmactl_cm_open_existing(&cd, st[0].base.dev_name);
	}
	open = !err;
	for (i = 0; i < n && !err; i++) {
		err = rdmactl_cm_read(&cd, st[i].base.port, &st[i].mode, &st[i].tos);
		if (!err)
			st[i].source = RDMACTL_ROCE_SOURCE_CONFIGFS;
		else if (err == -EOPNOTSUPP)
			NL_SET_ERR_MSG(ext, RDMACTL_CM_NO_KERNEL_IO);
		else
			rdmactl_err_fmt(ext, NULL, RDMACTL_MSG_CM_READ, st[i].base.port, err);
	}
	if (open)
		rdmactl_cm_close(&cd);
	if (probe)
		mutex_unlock(&rdmactl_cm_lock);

	mutex_lock(&rdmactl_roce_saved_lock);
	for (i = 0; i < n; i++) {
		s = st[i].guid ? rdmactl_roce_find(st[i].guid, st[i].base.port) : NULL;
		if (!s)
			continue;
		st[i].saved_mode = s->mode;
		st[i].has_saved_tos = s->has_tos;
		st[i].saved_tos = s->tos;
		st[i].saved_qos = s->qos;
		if (st[i].source == RDMACTL_ROCE_SOURCE_UNKNOWN && s->applied) {
			st[i].source = RDMACTL_ROCE_SOURCE_APPLIED;
			st[i].mode = s->applied_mode;
			st[i].tos = s->applied_tos;
		}
	}
	mutex_unlock(&rdmactl_roce_saved_lock);
	return probe ? err : 0;
}

/* A port's types, and where its values will come from; the dump skips ports without RoCE. */
static int rdmactl_roce_prepare(const struct rdmactl_req *req, struct rdmactl_dev *dev,
				void *data)
{
	struct rdmactl_roce_data *st = data;

	if (!rdma_protocol_roce(dev->ibdev, st->base.port))
		return -EOPNOTSUPP;
	st->guid = be64_to_cpu(dev->ibdev->node_guid);
	st->types = rdmactl_roce_types(dev->ibdev, st->base.port);
	st->source = RDMACTL_ROCE_SOURCE_UNKNOWN;
	return 0;
}

static int rdmactl_roce_fill(struct sk_buff *skb, const struct rdmactl_req *req,
			     struct rdmactl_dev *dev, const void *data)
{
	const struct rdmactl_roce_data *st = data;

	if (nla_put_u32(skb, RDMACTL_A_ROCE_TYPES, st->types) ||
	    nla_put_u8(skb, RDMACTL_A_ROCE_SOURCE, st->source))
		return -EMSGSIZE;
	if (st->source != RDMACTL_ROCE_SOURCE_UNKNOWN &&
	    (nla_put_u8(skb, RDMACTL_A_ROCE_MODE, st->mode) ||
	     nla_put_u8(skb, RDMACTL_A_ROCE_TOS, st->tos)))
		return -EMSGSIZE;
	if (st->saved_mode && nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_MODE, st->saved_mode))
		return -EMSGSIZE;
	if (st->has_saved_tos && nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_TOS, st->saved_tos))
		return -EMSGSIZE;
	if (st->saved_qos.has &&
	    (nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_PRIO, st->saved_qos.prio) ||
	     nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_PFC, st->saved_qos.pfc) ||
	     (st->saved_qos.has_trust &&
	      nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_TRUST, st->saved_qos.trust))))
		return -EMSGSIZE;
	return 0;
}

/* Refuse a port that has no RoCE mode, naming what it is instead. */
static int rdmactl_roce_port_check(struct rdmactl_dev *dev, u32 port,
				   const struct nlattr *attr, struct netlink_ext_ack *extack)
{
	if (rdma_protocol_roce(dev->ibdev, port))
		return 0;
	rdmactl_err_fmt(extack, attr, RDMACTL_MSG_NOT_ROCE, port,
			rdma_protocol_iwarp(dev->ibdev, port) ? "iWARP" : "InfiniBand");
	return -EOPNOTSUPP;
}

/* A port named must be RoCE; a device named alone must have a RoCE port. */
static int rdmactl_roce_check(const struct rdmactl_req *req, struct rdmactl_dev *dev,
			      const struct nlattr *port_attr)
{
	struct nlattr *dev_attr = req->attrs[RDMACTL_A_DEV_INDEX] ?:
				  req->attrs[RDMACTL_A_DEV_NAME];
	int err;
	u32 port;

	if (port_attr) {
		err = rdmactl_nl_port_check(dev, port_attr, req->extack);
		return err ? err : rdmactl_roce_port_check(dev, nla_get_u32(port_attr),
							   port_attr, req->extack);
	}
	rdma_for_each_port(dev->ibdev, port)
		if (rdma_protocol_roce(dev->ibdev, port))
			return 0;
	NL_SET_ERR_MSG_ATTR(req->extack, dev_attr, RDMACTL_MSG_NO_ROCE_PORT);
	return -EOPNOTSUPP;
}

/* RDMACTL_A_ROCE_PROBE: whether it is asked for, and by whom. */
static int rdmactl_roce_parse(struct rdmactl_req *req)
{
	struct nlattr *attr = req->attrs[RDMACTL_A_ROCE_PROBE];

	if (!attr)
		return 0;
	if (!netlink_capable(req->skb, CAP_NET_ADMIN)) {
		NL_SET_ERR_MSG_ATTR(req->extack, attr,
				    "probing rdma_cm makes configfs directories: it needs CAP_NET_ADMIN");
		return -EPERM;
	}
	req->flags |= RDMACTL_ROCE_REQ_PROBE;
	return 0;
}

/* What a SET needs of a device, copied: no reference across configfs. */
struct rdmactl_roce_dev {
	u32 index;
	u64 guid;
	char name[IB_DEVICE_NAME_MAX];
};

struct rdmactl_roce_set {
	struct rdmactl_roce_dev rd;
	u32 first, last;
	int mode;		/* -1: unchanged */
	int tos;		/* -1: unchanged */
	bool clear;		/* forget the saved settings instead */
	struct rdmactl_qos qos;	/* with tos: the QoS profile kept with it */
	struct {
		u8 mode, tos;
	} *old;
	struct rdmactl_roce_saved **saved;	/* new entries, one per port */
};

/* Room for the ports not remembered yet, before anything changes. */
static int rdmactl_roce_room(const struct rdmactl_roce_set *rs, struct netlink_ext_ack *extack)
{
	u32 i, fresh = 0;
	int err;

	mutex_lock(&rdmactl_roce_saved_lock);
	for (i = rs->first; i <= rs->last; i++)
		fresh += !rdmactl_roce_find(rs->rd.guid, i);
	err = rdmactl_roce_nsaved + fresh > RDMACTL_ROCE_SAVED_MAX ? -ENOSPC : 0;
	mutex_unlock(&rdmactl_roce_saved_lock);
	if (err)
		rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_ROCE_SAVED_MAX, RDMACTL_ROCE_SAVED_MAX);
	return err;
}

/* What rdma_cm has on each port now: what a failed write is undone to. */
static int rdmactl_roce_read_old(struct rdmactl_roce_set *rs, struct rdmactl_cm_dev *cd,
				 struct netlink_ext_ack *extack)
{
	u32 i;
	int err;

	for (i = 0; i <= rs->last - rs->first; i++) {
		err = rdmactl_cm_read(cd, rs->first + i, &rs->old[i].mode, &rs->old[i].tos);
		if (err == -EOPNOTSUPP) {
			NL_SET_ERR_MSG(extack, RDMACTL_CM_NO_KERNEL_IO);
			return err;
		}
		if (err) {
			rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_CM_READ, rs->first + i, err);
			return err;
		}
	}
	/* rdma_cm writes by name: the name must still be this device's. */
	if (!rdmactl_roce_dev_same(rs->rd.index, rs->rd.guid, rs->rd.name)) {
		NL_SET_ERR_MSG(extack, RDMACTL_MSG_DEV_REPLACED);
		return -EAGAIN;
	}
	return 0;
}

/*
 * The write to port index i failed with err: put back what was there on
 * it and the ports before. A port the undo leaves changed is announced,
 * as a SET would be, and the message says how many.
 */
static void rdmactl_roce_undo(struct rdmactl_roce_set *rs, struct rdmactl_cm_dev *cd, u32 i,
			      int err, struct netlink_ext_ack *extack)
{
	struct rdmactl_roce_ev rev = {};
	u32 failed = rs->first + i, left = 0;
	int undo, read;

	/* The undo's own wait for configfs's directories. */
	cd->until = rdmactl_cm_until();
	do {
		undo = rdmactl_cm_write(cd, rs->first + i, rs->old[i].mode, rs->old[i].tos);
		if (!undo)
			continue;
		rev.mode = 0;
		rev.tos = 0;
		read = rdmactl_cm_read(cd, rs->first + i, &rev.mode, &rev.tos);
		if (!read && rev.mode == rs->old[i].mode && rev.tos == rs->old[i].tos)
			continue;
		left++;
		pr_warn("cannot undo the RoCE settings of %s port %u: %d\n",
			rs->rd.name, rs->first + i, undo);
		/* Where it stands, as a SET's event; or the undo's error, unread. */
		rev.error = read ? undo : 0;
		rdmactl_roce_event(rs->rd.index, rs->rd.guid, rs->first + i, &rev);
	} while (i-- > 0);
	if (left)
		rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_CM_LEFT_CHANGED, failed, err, left);
	else
		rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_CM_REFUSED, failed, err);
}

/* Remember what was set, with what rdma_cm reads back, and tell it. */
static void rdmactl_roce_record(struct rdmactl_roce_set *rs, struct rdmactl_cm_dev *cd)
{
	struct rdmactl_roce_ev rev = {};
	struct rdmactl_roce_saved *s;
	u32 i;

	for (i = 0; i <= rs->last - rs->first; i++) {
		rev.mode = rs->mode > 0 ? rs->mode : rs->old[i].mode;
		rev.tos = rs->tos >= 0 ? rs->tos : rs->old[i].tos;
		rdmactl_cm_read(cd, rs->first + i, &rev.mode, &rev.tos);

		mutex_lock(&rdmactl_roce_saved_lock);
		s = rdmactl_roce_find(rs->rd.guid, rs->first + i);
		if (!s) {
			s = rs->saved[i];
			rs->saved[i] = NULL;
			s->guid = rs->rd.guid;
			s->port = rs->first + i;
			list_add_tail(&s->list, &rdmactl_roce_saved);
			rdmactl_roce_nsaved++;
		}
		if (rs->mode > 0)
			s->mode = rs->mode;
		if (rs->tos >= 0) {
			s->has_tos = true;
			s->tos = rs->tos;
			/* A profile maps its own ToS's DSCP: a new ToS alone ends it. */
			s->qos = rs->qos;
		}
		s->applied = true;
		s->applied_mode = rev.mode;
		s->applied_tos = rev.tos;
		/* The event says which profile is kept now: none after a ToS alone. */
		rev.qos = s->qos;
		mutex_unlock(&rdmactl_roce_saved_lock);
		rdmactl_roce_event(rs->rd.index, rs->rd.guid, rs->first + i, &rev);
	}
}

/*
 * Apply a set to rdma_cm and remember it, or change nothing. Called with
 * rdmactl_cm_lock held; waits for rdma_cm/ up to jiffies until.
 */
static int rdmactl_roce_apply(struct rdmactl_roce_set *rs, unsigned long until,
			      struct netlink_ext_ack *extack)
{
	struct rdmactl_cm_dev cd;
	u32 i;
	int err;

	err = rdmactl_roce_room(rs, extack);
	if (err)
		return err;
	err = rdmactl_cm_open(&cd, rs->rd.name, until, extack);
	if (err == -ENOENT)
		return -EOPNOTSUPP;
	if (err)
		return err;
	err = rdmactl_roce_read_old(rs, &cd, extack);
	for (i = 0; !err && i <= rs->last - rs->first; i++) {
		err = rdmactl_cm_write(&cd, rs->first + i, rs->mode, rs->tos);
		if (err)
			rdmactl_roce_undo(rs, &cd, i, err, extack);
	}
	if (!err)
		rdmactl_roce_record(rs, &cd);
	rdmactl_cm_close(&cd);
	return err;
}

/* Whether the set can be done at all: every port RoCE, the mode there. */
static int rdmactl_roce_set_check(struct rdmactl_dev *dev, struct rdmactl_roce_set *rs,
				  const struct nlattr *port_attr, struct rdmactl_req *req)
{
	struct nlattr *mode_attr = req->attrs[RDMACTL_A_ROCE_MODE];
	u32 port, types;
	int err;

	for (port = rs->first; port <= rs->last; port++) {
		err = rdmactl_roce_port_check(dev, port, port_attr, req->extack);
		if (err)
			return err;
		types = rdmactl_roce_types(dev->ibdev, port);
		if (rs->mode > 0 && !(types & BIT(rs->mode))) {
			rdmactl_err_fmt(req->extack, mode_attr, RDMACTL_MSG_ROCE_TYPES, port,
					rdmactl_roce_types_str(types));
			return -EOPNOTSUPP;
		}
	}
	if (!rs->rd.guid) {
		NL_SET_ERR_MSG(req->extack, RDMACTL_MSG_NO_GUID);
		return -EOPNOTSUPP;
	}
	return 0;
}

/* ROCE_SET's own attributes: a mode, a ToS, or clear alone. */
static int rdmactl_roce_set_validate(struct rdmactl_req *req, void *state)
{
	struct nlattr *mode_attr = req->attrs[RDMACTL_A_ROCE_MODE];
	struct nlattr *tos_attr = req->attrs[RDMACTL_A_ROCE_TOS];
	struct rdmactl_roce_set *rs = state;
	int err;

	rs->mode = -1;
	rs->tos = -1;
	rs->clear = nla_get_flag(req->attrs[RDMACTL_A_ROCE_CLEAR]);
	if (rs->clear && (mode_attr || tos_attr)) {
		NL_SET_ERR_MSG_ATTR(req->extack, req->attrs[RDMACTL_A_ROCE_CLEAR],
				    "clear forgets the saved settings: give it no mode or ToS");
		return -EINVAL;
	}
	err = rdmactl_qos_parse(req, tos_attr, &rs->qos);
	if (err)
		return err;
	if (!rs->clear && !mode_attr && !tos_attr) {
		NL_SET_ERR_MSG(req->extack, "nothing to set: give a RoCE mode, a ToS or clear");
		return -EINVAL;
	}
	if (mode_attr) {
		rs->mode = rdmactl_roce_mode_parse(mode_attr, req->extack);
		if (rs->mode < 0)
			return rs->mode;
	}
	if (tos_attr)
		rs->tos = nla_get_u8(tos_attr);
	return 0;
}

/* Everything that can fail to allocate, before anything changes. */
static int rdmactl_roce_set_alloc(struct rdmactl_roce_set *rs)
{
	u32 i, n = rs->last - rs->first + 1;

	rs->old = kcalloc(n, sizeof(*rs->old), GFP_KERNEL);
	rs->saved = kcalloc(n, sizeof(*rs->saved), GFP_KERNEL);
	if (!rs->old || !rs->saved)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		rs->saved[i] = kzalloc(sizeof(*rs->saved[i]), GFP_KERNEL);
		if (!rs->saved[i])
			return -ENOMEM;
	}
	return 0;
}

static void rdmactl_roce_set_cleanup(void *state)
{
	struct rdmactl_roce_set *rs = state;
	u32 i;

	if (rs->saved)
		for (i = 0; i < rs->last - rs->first + 1; i++)
			kfree(rs->saved[i]);
	kfree(rs->saved);
	kfree(rs->old);
}

/* The device's ports, or the one named: rdma_cm's defaults set and kept, or forgotten. */
static int rdmactl_roce_set(struct rdmactl_req *req, void *state, struct rdmactl_dev **devp,
			    const struct nlattr *port_attr)
{
	struct rdmactl_roce_set *rs = state;
	struct rdmactl_dev *dev = *devp;
	unsigned long until;
	int err;

	rs->rd.index = dev->index;
	rs->rd.guid = be64_to_cpu(dev->ibdev->node_guid);
	rdmactl_dev_name(dev, rs->rd.name);
	rs->first = port_attr ? nla_get_u32(port_attr) : rdma_start_port(dev->ibdev);
	rs->last = port_attr ? rs->first : rdma_end_port(dev->ibdev);
	err = rdmactl_roce_set_check(dev, rs, port_attr, req);
	/* No reference across configfs work: it goes by name. */
	rdmactl_dev_put(dev);
	*devp = NULL;
	if (err)
		return err;

	until = rdmactl_cm_until();
	if (rs->clear) {
		err = rdmactl_cm_lock_until(until, req->extack);
		if (err)
			return err;
		rdmactl_roce_forget(rs->rd.index, rs->rd.guid, rs->first, rs->last);
		mutex_unlock(&rdmactl_cm_lock);
		return 0;
	}
	err = rdmactl_roce_set_alloc(rs);
	if (err)
		return err;
	err = rdmactl_cm_lock_until(until, req->extack);
	if (!err) {
		err = rdmactl_roce_apply(rs, until, req->extack);
		mutex_unlock(&rdmactl_cm_lock);
	}
	return err;
}

const struct rdmactl_req_ops rdmactl_roce_request = {
	.cmd = RDMACTL_CMD_ROCE_GET,
	.scope = RDMACTL_SCOPE_PORT,
	.missing = "no port given: set the port number",
	.data_size = RDMACTL_REPLY_DATA_SIZE(struct rdmactl_roce_data),
	.parse = rdmactl_roce_parse,
	.check = rdmactl_roce_check,
	.prepare = rdmactl_roce_prepare,
	.collect = rdmactl_roce_collect,
	.fill = rdmactl_roce_fill,
	.set_scope = RDMACTL_SET_DEV,
	.set_size = sizeof(struct rdmactl_roce_set),
	.set_validate = rdmactl_roce_set_validate,
	.set = rdmactl_roce_set,
	.set_cleanup = rdmactl_roce_set_cleanup,
};

/* rdma_cm and configfs, then what restores settings when they come back. */
int rdmactl_roce_init(void)
{
	int err;

	err = rdmactl_cm_init();
	if (err)
		return err;
	err = rdmactl_roce_saved_init();
	if (err)
		rdmactl_cm_exit();
	return err;
}

void rdmactl_roce_exit(void)
{
	rdmactl_qos_exit();
	rdmactl_roce_saved_exit();
	rdmactl_cm_exit();
}
