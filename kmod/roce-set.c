// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_ROCE_SET: a RoCE port's, or every RoCE port's, default mode
 * and ToS in rdma_cm, with the QoS profile kept with the ToS; or the saved
 * settings forgotten. roce.c's top comment says how rdma_cm is reached and
 * under which locks.
 *
 * The request is parsed into one struct rdmactl_roce_settings. Under
 * rdmactl_cm_lock, with a bounded killable wait for it, what rdma_cm has
 * is read first (what a failed write is undone to), then the settings are
 * written by rdmactl_roce_write() (roce-apply.c), the path the restore
 * takes too, and undone at the first failure: all or nothing. Only then
 * are they remembered (roce-saved.c), and each port is an event. What can
 * fail to allocate is allocated before anything changes.
 */
#include <linux/slab.h>

#include "roce.h"

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
	struct rdmactl_roce_port *rp;
	u32 i;
	int err;

	for (i = 0; i <= rs->last - rs->first; i++) {
		rp = &rs->ports[i];
		err = rdmactl_cm_read(cd, rp->port, &rp->old);
		if (err == -EOPNOTSUPP) {
			NL_SET_ERR_MSG(extack, RDMACTL_CM_NO_KERNEL_IO);
			return err;
		}
		if (err == -EBUSY) {
			/* A listing of ports/N/ began since the directory was made. */
			NL_SET_ERR_MSG(extack, RDMACTL_MSG_CM_BUSY);
			return err;
		}
		if (err) {
			rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_CM_READ, rp->port, err);
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
 * Remember what was set, with what rdma_cm read back, and tell it: the
 * event is the port's ROCE_GET reply, applied by rdmactl where unread.
 */
static void rdmactl_roce_record(struct rdmactl_roce_set *rs)
{
	struct rdmactl_roce_settings applied;
	struct rdmactl_roce_ev rev = {};
	struct rdmactl_roce_saved *s;
	struct rdmactl_roce_port *rp;
	u32 i;

	for (i = 0; i <= rs->last - rs->first; i++) {
		rp = &rs->ports[i];
		/* Unread: what was written over what was there. */
		rev.s = rp->now;
		applied = rp->now;
		if (!applied.has) {
			applied = rp->old;
			rdmactl_roce_merge(&applied, &rs->set);
		}

		mutex_lock(&rdmactl_roce_saved_lock);
		s = rdmactl_roce_find(rs->rd.guid, rp->port);
		if (!s) {
			s = rs->saved[i];
			rs->saved[i] = NULL;
			s->guid = rs->rd.guid;
			s->port = rp->port;
			list_add_tail(&s->list, &rdmactl_roce_saved);
			rdmactl_roce_nsaved++;
		}
		/* A profile maps its own ToS's DSCP: a new ToS alone ends it. */
		rdmactl_roce_merge(&s->set, &rs->set);
		s->applied = true;
		s->applied_mode = applied.mode;
		s->applied_tos = applied.tos;
		mutex_unlock(&rdmactl_roce_saved_lock);
		rdmactl_roce_event(rs->rd.index, rs->rd.guid, rp->port, &rev);
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
	int err;

	err = rdmactl_roce_room(rs, extack);
	if (err)
		return err;
	err = rdmactl_cm_open(&cd, rs->rd.name, rs->last, until, extack);
	if (err == -ENOENT)
		return -EOPNOTSUPP;
	if (err)
		return err;
	err = rdmactl_roce_read_old(rs, &cd, extack);
	if (!err)
		err = rdmactl_roce_write(&rs->rd, &cd, rs->ports, rs->last - rs->first + 1, true,
					 extack);
	if (!err)
		rdmactl_roce_record(rs);
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
		if ((rs->set.has & RDMACTL_ROCE_HAS_MODE) && !(types & BIT(rs->set.mode))) {
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

/* ROCE_SET's own attributes, into rs->set: a mode, a ToS (with a profile), or clear alone. */
int rdmactl_roce_set_validate(struct rdmactl_req *req, void *state)
{
	struct nlattr *mode_attr = req->attrs[RDMACTL_A_ROCE_MODE];
	struct nlattr *tos_attr = req->attrs[RDMACTL_A_ROCE_TOS];
	struct rdmactl_roce_set *rs = state;
	int err, mode;

	rs->clear = nla_get_flag(req->attrs[RDMACTL_A_ROCE_CLEAR]);
	if (rs->clear && (mode_attr || tos_attr)) {
		NL_SET_ERR_MSG_ATTR(req->extack, req->attrs[RDMACTL_A_ROCE_CLEAR],
				    "clear forgets the saved settings: give it no mode or ToS");
		return -EINVAL;
	}
	err = rdmactl_qos_parse(req, tos_attr, &rs->set.qos);
	if (err)
		return err;
	if (!rs->clear && !mode_attr && !tos_attr) {
		NL_SET_ERR_MSG(req->extack, "nothing to set: give a RoCE mode, a ToS or clear");
		return -EINVAL;
	}
	if (mode_attr) {
		mode = rdmactl_roce_mode_parse(mode_attr, req->extack);
		if (mode < 0)
			return mode;
		rs->set.has |= RDMACTL_ROCE_HAS_MODE;
		rs->set.mode = mode;
	}
	if (tos_attr) {
		rs->set.has |= RDMACTL_ROCE_HAS_TOS;
		rs->set.tos = nla_get_u8(tos_attr);
	}
	return 0;
}

/* Everything that can fail to allocate, before anything changes; each port's write. */
static int rdmactl_roce_set_alloc(struct rdmactl_roce_set *rs)
{
	u32 i, n = rs->last - rs->first + 1;

	rs->ports = kcalloc(n, sizeof(*rs->ports), GFP_KERNEL);
	rs->saved = kcalloc(n, sizeof(*rs->saved), GFP_KERNEL);
	if (!rs->ports || !rs->saved)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		rs->ports[i].port = rs->first + i;
		rs->ports[i].set = rs->set;
		rs->saved[i] = kzalloc(sizeof(*rs->saved[i]), GFP_KERNEL);
		if (!rs->saved[i])
			return -ENOMEM;
	}
	return 0;
}

void rdmactl_roce_set_cleanup(void *state)
{
	struct rdmactl_roce_set *rs = state;
	u32 i;

	if (rs->saved)
		for (i = 0; i < rs->last - rs->first + 1; i++)
			kfree(rs->saved[i]);
	kfree(rs->saved);
	kfree(rs->ports);
}

/* The device's ports, or the one named: rdma_cm's defaults set and kept, or forgotten. */
int rdmactl_roce_set(struct rdmactl_req *req, void *state, struct rdmactl_dev **devp,
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
