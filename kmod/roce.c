// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_ROCE_GET and _SET: the GID type (RoCE v1 or v2) and type of
 * service rdma_cm uses by default for new connections on a RoCE port.
 *
 * rdma_cm keeps both in its private struct cma_device; no exported symbol
 * reaches them. Its ABI for them is configfs:
 * rdma_cm/<dev>/ports/<n>/default_roce_{mode,tos}, once rdma_cm/<dev> is
 * made. The module drives that ABI itself, on its own internal mount of
 * configfs (kern_mount(): in no mount namespace) and with the kernel's
 * credentials, so it works whether and wherever user space mounted
 * configfs, and never resolves a path in the caller's namespace or root.
 * A device's directory is made for one request and removed after it,
 * unless it was there already (someone else's).
 *
 * Settings are remembered by node GUID and port, and applied again from
 * the client's add() when a device registers: after rdma_cm's own add()
 * (the module loads rdma_cm before it registers its client, and ib_core
 * calls clients in registration order) and before ib_register_device()
 * returns.
 *
 * rdmactl_cm_lock serialises all of it. It is taken under ib_core's
 * devices_rwsem and clients_rwsem (add()), so nothing done under it may
 * wait for those: rdma_cm is never loaded with it held (loading registers
 * a client, which takes clients_rwsem for writing).
 */
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/kmod.h>
#include <linux/mount.h>
#include <linux/sched/task.h>
#include <linux/slab.h>

#include "compat/vfs.h"
#include "core.h"

struct rdmactl_roce_saved {
	struct list_head list;
	u64 guid;		/* node GUID, host order */
	u32 port;
	u8 mode;		/* enum rdmactl_gid_type, 0: not set */
	bool has_tos;
	u8 tos;
};

/* What ROCE_GET reports of one port. */
struct rdmactl_roce_port {
	u32 port;
	u32 types;
	bool known;		/* rdma_cm's values below were read */
	u8 mode;
	u8 tos;
	u8 saved_mode;
	bool has_saved_tos;
	u8 saved_tos;
};

/* A device's rdma_cm directory, open for one request. */
struct rdmactl_cm_dev {
	struct path root;	/* rdma_cm/ on our mount */
	char name[IB_DEVICE_NAME_MAX];
	bool made;		/* we made <name>/: remove it when done */
};

#define RDMACTL_CM_MISSING \
	"no rdma_cm configfs: rdma_cm not loaded or CONFIG_INFINIBAND_ADDR_TRANS_CONFIGFS unset"
/*
 * kernel_read() and kernel_write() need ->read_iter and ->write_iter,
 * which configfs has only since 5.14 (7fe1e79b59ba): there is no header
 * to probe, so rdmactl_cm_io() looks at the file it opened.
 */
#define RDMACTL_CM_NO_KERNEL_IO \
	"this kernel's configfs (before 5.14) cannot be read or written from a module: use /sys/kernel/config/rdma_cm"

static DEFINE_MUTEX(rdmactl_cm_lock);
static LIST_HEAD(rdmactl_roce_saved);
static struct vfsmount *rdmactl_cm_mnt;
static const struct cred *rdmactl_cm_cred;

static const char *const rdmactl_cm_mode_str[] = {
	[RDMACTL_GID_TYPE_ROCE_V1] = "IB/RoCE v1",
	[RDMACTL_GID_TYPE_ROCE_V2] = "RoCE v2",
};

VISIBLE_IF_KUNIT u32 rdmactl_roce_types(struct ib_device *ibdev, u32 port)
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
		rdmactl_err_fmt(extack, attr, "RoCE mode %d is neither v1 (%d) nor v2 (%d)",
				mode, RDMACTL_GID_TYPE_ROCE_V1, RDMACTL_GID_TYPE_ROCE_V2);
		return -EINVAL;
	}
	return mode;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_roce_mode_parse);

/* Called with rdmactl_cm_lock held. */
static struct rdmactl_roce_saved *rdmactl_roce_find(u64 guid, u32 port)
{
	struct rdmactl_roce_saved *s;

	list_for_each_entry(s, &rdmactl_roce_saved, list)
		if (s->guid == guid && s->port == port)
			return s;
	return NULL;
}

/*
 * rdma_cm's configfs directory on our own mount, with a reference; the
 * mount is made on first use. -ENOENT: rdma_cm is not loaded. Called with
 * rdmactl_cm_lock held and the kernel's credentials.
 */
static struct dentry *rdmactl_cm_root(void)
{
	struct file_system_type *fs;
	struct vfsmount *mnt;

	if (!rdmactl_cm_mnt) {
		fs = get_fs_type("configfs");
		if (!fs)
			return ERR_PTR(-EOPNOTSUPP);
		mnt = kern_mount(fs);
		/* get_fs_type()'s reference: the mount holds its own. */
		module_put(fs->owner);
		if (IS_ERR(mnt))
			return ERR_CAST(mnt);
		rdmactl_cm_mnt = mnt;
	}
	return rdmactl_lookup_positive(rdmactl_cm_mnt->mnt_root, "rdma_cm");
}

static int rdmactl_cm_mkdir(struct dentry *parent, const char *name, bool *made)
{
	int err;

	err = mnt_want_write(rdmactl_cm_mnt);
	if (err)
		return err;
	err = rdmactl_mkdir(parent, name, 0755);
	mnt_drop_write(rdmactl_cm_mnt);
	*made = err > 0;
	return err < 0 ? err : 0;
}

static void rdmactl_cm_rmdir(struct dentry *parent, const char *name)
{
	int err;

	err = mnt_want_write(rdmactl_cm_mnt);
	if (err)
		goto out;
	err = rdmactl_rmdir(parent, name);
	mnt_drop_write(rdmactl_cm_mnt);
out:
	if (err)
		pr_warn("cannot remove configfs rdma_cm/%s: %d\n", name, err);
}

/*
 * Open rdma_cm's directory of a device, making it if needed. Called with
 * rdmactl_cm_lock held. With load set, a missing rdma_cm is loaded, with
 * the lock dropped meanwhile (see the top of this file).
 */
static int rdmactl_cm_open(struct rdmactl_cm_dev *cd, const char *name, bool load,
			   struct netlink_ext_ack *extack)
{
	const struct cred *old;
	struct dentry *root;
	int err;

	old = override_creds(rdmactl_cm_cred);
	root = rdmactl_cm_root();
	if (PTR_ERR(root) == -ENOENT && load) {
		mutex_unlock(&rdmactl_cm_lock);
		request_module("rdma_cm");
		mutex_lock(&rdmactl_cm_lock);
		root = rdmactl_cm_root();
	}
	if (IS_ERR(root)) {
		revert_creds(old);
		NL_SET_ERR_MSG(extack, RDMACTL_CM_MISSING);
		return -EOPNOTSUPP;
	}

	memset(cd, 0, sizeof(*cd));
	cd->root.mnt = rdmactl_cm_mnt;
	cd->root.dentry = root;
	strscpy(cd->name, name, sizeof(cd->name));
	err = rdmactl_cm_mkdir(root, name, &cd->made);
	revert_creds(old);
	if (err) {
		/* make_cma_dev() says -ENODEV for a device rdma_cm lacks. */
		if (err == -ENODEV)
			rdmactl_err_fmt(extack, NULL, "rdma_cm has not attached to %s", name);
		else
			rdmactl_err_fmt(extack, NULL, "cannot make configfs rdma_cm/%s (error %d)",
					name, err);
		dput(root);
	}
	return err;
}

static void rdmactl_cm_close(struct rdmactl_cm_dev *cd)
{
	const struct cred *old = override_creds(rdmactl_cm_cred);

	if (cd->made)
		rdmactl_cm_rmdir(cd->root.dentry, cd->name);
	dput(cd->root.dentry);
	revert_creds(old);
}

/* Read (buf receives the text) or write (buf is the text) one attribute. */
static int rdmactl_cm_io(struct rdmactl_cm_dev *cd, u32 port, const char *attr,
			 char *buf, size_t size, bool write)
{
	char path[IB_DEVICE_NAME_MAX + 40];
	const struct cred *old;
	struct file *f;
	loff_t pos = 0;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/ports/%u/%s", cd->name, port, attr);
	old = override_creds(rdmactl_cm_cred);
	f = rdmactl_file_open_root(&cd->root, path, write ? O_WRONLY : O_RDONLY);
	if (IS_ERR(f)) {
		revert_creds(old);
		return PTR_ERR(f);
	}
	/* The test __kernel_read() and __kernel_write() make, quietly. */
	if (!(f->f_mode & (write ? FMODE_CAN_WRITE : FMODE_CAN_READ)) ||
	    !(write ? f->f_op->write_iter : f->f_op->read_iter) ||
	    (write ? !!f->f_op->write : !!f->f_op->read)) {
		n = -EOPNOTSUPP;
	} else if (write) {
		n = kernel_write(f, buf, strlen(buf), &pos);
	} else {
		n = kernel_read(f, buf, size - 1, &pos);
		if (n >= 0)
			buf[n] = '\0';
	}
	fput(f);
	revert_creds(old);
	return n < 0 ? n : 0;
}

static int rdmactl_cm_read(struct rdmactl_cm_dev *cd, u32 port, u8 *mode, u8 *tos)
{
	char buf[32];
	int err;

	err = rdmactl_cm_io(cd, port, "default_roce_mode", buf, sizeof(buf), false);
	if (err)
		return err;
	if (sysfs_streq(buf, rdmactl_cm_mode_str[RDMACTL_GID_TYPE_ROCE_V2]))
		*mode = RDMACTL_GID_TYPE_ROCE_V2;
	else if (sysfs_streq(buf, rdmactl_cm_mode_str[RDMACTL_GID_TYPE_ROCE_V1]))
		*mode = RDMACTL_GID_TYPE_ROCE_V1;
	else
		return -EPROTO;

	err = rdmactl_cm_io(cd, port, "default_roce_tos", buf, sizeof(buf), false);
	return err ? err : kstrtou8(buf, 0, tos);
}

static int rdmactl_cm_write(struct rdmactl_cm_dev *cd, u32 port, int mode, int tos)
{
	char buf[8];
	int err = 0;

	if (mode > 0)
		err = rdmactl_cm_io(cd, port, "default_roce_mode",
				    (char *)rdmactl_cm_mode_str[mode], 0, true);
	if (!err && tos >= 0) {
		snprintf(buf, sizeof(buf), "%d", tos);
		err = rdmactl_cm_io(cd, port, "default_roce_tos", buf, 0, true);
	}
	return err;
}

/*
 * A device registered: give its ports back what was set for them. Runs in
 * the client's add(), under ib_core's rwsems, so rdma_cm is not loaded
 * from here: without it there is nothing to restore into.
 */
void rdmactl_roce_dev_added(struct rdmactl_dev *dev)
{
	u64 guid = be64_to_cpu(dev->ibdev->node_guid);
	struct rdmactl_roce_saved *s;
	struct rdmactl_cm_dev cd;
	bool open = false;
	int err = 0;
	u8 mode, tos;

	if (!guid)
		return;
	mutex_lock(&rdmactl_cm_lock);
	list_for_each_entry(s, &rdmactl_roce_saved, list) {
		if (s->guid != guid || !rdma_is_port_valid(dev->ibdev, s->port) ||
		    !rdma_protocol_roce(dev->ibdev, s->port))
			continue;
		if (!open) {
			err = rdmactl_cm_open(&cd, dev->name, false, NULL);
			if (err)
				break;
			open = true;
		}
		err = rdmactl_cm_write(&cd, s->port, s->mode, s->has_tos ? s->tos : -1);
		if (!err)
			err = rdmactl_cm_read(&cd, s->port, &mode, &tos);
		if (err)
			break;
		rdmactl_event_roce(dev, s->port, mode, tos, true);
	}
	if (open)
		rdmactl_cm_close(&cd);
	mutex_unlock(&rdmactl_cm_lock);
	if (err)
		pr_warn("cannot restore the RoCE settings of %s: %d\n", dev->name, err);
}

/*
 * Read ports first..last of a RoCE device (every one RoCE) into st[].
 * When rdma_cm cannot tell, st[].known stays false and the error is
 * returned, with the rest filled.
 */
static int rdmactl_roce_read(struct rdmactl_dev *dev, u32 first, u32 last,
			     struct rdmactl_roce_port *st, struct netlink_ext_ack *extack)
{
	u64 guid = be64_to_cpu(dev->ibdev->node_guid);
	struct rdmactl_roce_saved *s;
	struct rdmactl_cm_dev cd;
	char name[IB_DEVICE_NAME_MAX];
	bool open;
	int err, i;
	u32 port;

	rdmactl_dev_name(dev, name);
	mutex_lock(&rdmactl_cm_lock);
	err = rdmactl_cm_open(&cd, name, true, extack);
	open = !err;
	for (port = first, i = 0; port <= last; port++, i++) {
		st[i].port = port;
		st[i].types = rdmactl_roce_types(dev->ibdev, port);
		s = guid ? rdmactl_roce_find(guid, port) : NULL;
		if (s) {
			st[i].saved_mode = s->mode;
			st[i].has_saved_tos = s->has_tos;
			st[i].saved_tos = s->tos;
		}
		if (err)
			continue;
		err = rdmactl_cm_read(&cd, port, &st[i].mode, &st[i].tos);
		if (err == -EOPNOTSUPP)
			NL_SET_ERR_MSG(extack, RDMACTL_CM_NO_KERNEL_IO);
		else if (err)
			rdmactl_err_fmt(extack, NULL,
					"cannot read rdma_cm's defaults of %s port %u (error %d)",
					name, port, err);
		st[i].known = !err;
	}
	if (open)
		rdmactl_cm_close(&cd);
	mutex_unlock(&rdmactl_cm_lock);
	return err;
}

static int rdmactl_fill_roce(struct sk_buff *skb, struct rdmactl_dev *dev,
			     const struct rdmactl_roce_port *st)
{
	if (rdmactl_fill_dev_ident(skb, dev) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_INDEX, st->port) ||
	    nla_put_u32(skb, RDMACTL_A_ROCE_TYPES, st->types))
		return -EMSGSIZE;
	if (st->known && (nla_put_u8(skb, RDMACTL_A_ROCE_MODE, st->mode) ||
			  nla_put_u8(skb, RDMACTL_A_ROCE_TOS, st->tos)))
		return -EMSGSIZE;
	if (st->saved_mode && nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_MODE, st->saved_mode))
		return -EMSGSIZE;
	if (st->has_saved_tos && nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_TOS, st->saved_tos))
		return -EMSGSIZE;
	return 0;
}

/* Refuse a port that has no RoCE mode, naming what it is instead. */
static int rdmactl_roce_port_check(struct rdmactl_dev *dev, u32 port, struct nlattr *attr,
				   struct netlink_ext_ack *extack)
{
	char name[IB_DEVICE_NAME_MAX];

	if (rdma_protocol_roce(dev->ibdev, port))
		return 0;
	rdmactl_dev_name(dev, name);
	rdmactl_err_fmt(extack, attr, "%s port %u is %s, not RoCE: it has no RoCE mode", name,
			port, rdma_protocol_iwarp(dev->ibdev, port) ? "iWARP" : "InfiniBand");
	return -EOPNOTSUPP;
}

struct rdmactl_roce_reply {
	struct rdmactl_dev *dev;
	struct rdmactl_roce_port st;
};

static int rdmactl_fill_roce_reply(struct sk_buff *skb, void *arg)
{
	struct rdmactl_roce_reply *r = arg;

	return rdmactl_fill_roce(skb, r->dev, &r->st);
}

int rdmactl_roce_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *port_attr = info->attrs[RDMACTL_A_PORT_INDEX];
	struct rdmactl_roce_reply r = {};
	u32 port;
	int err;

	if (!port_attr) {
		NL_SET_ERR_MSG(info->extack, "no port given: set the port number");
		return -EINVAL;
	}
	r.dev = rdmactl_nl_dev_get(genl_info_net(info), info->attrs, info->extack);
	if (IS_ERR(r.dev))
		return PTR_ERR(r.dev);
	err = rdmactl_nl_port_check(r.dev, port_attr, info->extack);
	if (err)
		goto out;
	port = nla_get_u32(port_attr);
	err = rdmactl_roce_port_check(r.dev, port, port_attr, info->extack);
	if (err)
		goto out;
	err = rdmactl_roce_read(r.dev, port, port, &r.st, info->extack);
	if (!err)
		err = rdmactl_nl_reply(info, RDMACTL_CMD_ROCE_GET, rdmactl_fill_roce_reply, &r);
out:
	rdmactl_dev_put(r.dev);
	return err;
}

/*
 * The RoCE ports of one device from ctx->port on. A port whose rdma_cm
 * values cannot be read is still reported, without them.
 */
static int rdmactl_dump_dev_roce(struct sk_buff *skb, struct netlink_callback *cb,
				 struct rdmactl_dev *dev)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct ib_device *ibdev = dev->ibdev;
	struct rdmactl_roce_port *st;
	u32 first, last, port;
	int err = 0;
	void *hdr;

	first = max_t(u32, ctx->port, rdma_start_port(ibdev));
	last = rdma_end_port(ibdev);
	if (ctx->has_filter_port) {
		first = max(first, ctx->filter_port);
		last = min(last, ctx->filter_port);
	}
	while (first <= last && !rdma_protocol_roce(ibdev, first))
		first++;
	if (first > last)
		return 0;

	st = kcalloc(last - first + 1, sizeof(*st), GFP_KERNEL);
	if (!st)
		return -ENOMEM;
	rdmactl_roce_read(dev, first, last, st, NULL);
	for (port = first; port <= last; port++) {
		ctx->port = port;
		if (!rdma_protocol_roce(ibdev, port))
			continue;
		hdr = rdmactl_nl_put(skb, cb, NULL, RDMACTL_CMD_ROCE_GET);
		if (!hdr || rdmactl_fill_roce(skb, dev, &st[port - first])) {
			if (hdr)
				genlmsg_cancel(skb, hdr);
			err = -EMSGSIZE;
			break;
		}
		genlmsg_end(skb, hdr);
	}
	kfree(st);
	return err;
}

static bool rdmactl_dev_has_roce(struct rdmactl_dev *dev)
{
	u32 port;

	rdma_for_each_port(dev->ibdev, port)
		if (rdma_protocol_roce(dev->ibdev, port))
			return true;
	return false;
}

int rdmactl_roce_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	bool first = !ctx->started;
	struct rdmactl_dev *dev;
	char name[IB_DEVICE_NAME_MAX];
	int err;

	while ((dev = rdmactl_dump_next_dev(skb, cb, &err))) {
		/* A filter naming a port or device without RoCE is an error. */
		if (first && ctx->has_filter_dev) {
			struct nlattr **attrs = rdmactl_dump_attrs(cb);

			if (ctx->has_filter_port) {
				err = rdmactl_roce_port_check(dev, ctx->filter_port,
							      attrs[RDMACTL_A_PORT_INDEX],
							      cb->extack);
			} else if (!rdmactl_dev_has_roce(dev)) {
				rdmactl_dev_name(dev, name);
				rdmactl_err_fmt(cb->extack, NULL, "%s has no RoCE port", name);
				err = -EOPNOTSUPP;
			}
			if (err) {
				rdmactl_dev_put(dev);
				return err;
			}
		}
		first = false;
		err = rdmactl_dump_dev_roce(skb, cb, dev);
		rdmactl_dev_put(dev);
		if (err)
			return skb->len ? skb->len : err;
		rdmactl_dump_dev_done(cb);
	}
	return err ? err : skb->len;
}

/* Forget the saved settings of ports first..last. */
static void rdmactl_roce_forget(u64 guid, u32 first, u32 last)
{
	struct rdmactl_roce_saved *s, *tmp;

	list_for_each_entry_safe(s, tmp, &rdmactl_roce_saved, list) {
		if (s->guid == guid && s->port >= first && s->port <= last) {
			list_del(&s->list);
			kfree(s);
		}
	}
}

struct rdmactl_roce_set {
	struct rdmactl_dev *dev;
	char name[IB_DEVICE_NAME_MAX];
	u64 guid;
	u32 first, last;
	int mode;		/* -1: unchanged */
	int tos;		/* -1: unchanged */
	struct rdmactl_roce_port *old;
	struct rdmactl_roce_saved **saved;	/* new entries, one per port */
};

/*
 * Apply a set to rdma_cm and remember it, or change nothing. Called with
 * rdmactl_cm_lock held.
 */
static int rdmactl_roce_apply(struct rdmactl_roce_set *rs, struct netlink_ext_ack *extack)
{
	struct rdmactl_roce_saved *s;
	struct rdmactl_cm_dev cd;
	u32 n = rs->last - rs->first + 1, i;
	int err;

	err = rdmactl_cm_open(&cd, rs->name, true, extack);
	if (err)
		return err;
	for (i = 0; i < n; i++) {
		err = rdmactl_cm_read(&cd, rs->first + i, &rs->old[i].mode, &rs->old[i].tos);
		if (err == -EOPNOTSUPP) {
			NL_SET_ERR_MSG(extack, RDMACTL_CM_NO_KERNEL_IO);
			goto out;
		}
		if (err) {
			rdmactl_err_fmt(extack, NULL,
					"cannot read rdma_cm's defaults of %s port %u (error %d)",
					rs->name, rs->first + i, err);
			goto out;
		}
	}
	for (i = 0; i < n; i++) {
		err = rdmactl_cm_write(&cd, rs->first + i, rs->mode, rs->tos);
		if (err)
			break;
	}
	if (err) {
		rdmactl_err_fmt(extack, NULL,
				"rdma_cm refused the setting for %s port %u (error %d)",
				rs->name, rs->first + i, err);
		/* Put back what was there, the failed port included. */
		do {
			rdmactl_cm_write(&cd, rs->first + i, rs->old[i].mode, rs->old[i].tos);
		} while (i-- > 0);
		goto out;
	}

	for (i = 0; i < n; i++) {
		s = rdmactl_roce_find(rs->guid, rs->first + i);
		if (!s) {
			s = rs->saved[i];
			rs->saved[i] = NULL;
			s->guid = rs->guid;
			s->port = rs->first + i;
			list_add_tail(&s->list, &rdmactl_roce_saved);
		}
		if (rs->mode > 0)
			s->mode = rs->mode;
		if (rs->tos >= 0) {
			s->has_tos = true;
			s->tos = rs->tos;
		}
		rdmactl_event_roce(rs->dev, s->port, rs->mode > 0 ? rs->mode : rs->old[i].mode,
				   rs->tos >= 0 ? rs->tos : rs->old[i].tos, false);
	}
out:
	rdmactl_cm_close(&cd);
	return err;
}

/* Whether the set can be done at all: every port RoCE, the mode there. */
static int rdmactl_roce_set_check(struct rdmactl_roce_set *rs, struct genl_info *info)
{
	struct nlattr *port_attr = info->attrs[RDMACTL_A_PORT_INDEX];
	struct nlattr *mode_attr = info->attrs[RDMACTL_A_ROCE_MODE];
	u32 port, types;
	int err;

	for (port = rs->first; port <= rs->last; port++) {
		err = rdmactl_roce_port_check(rs->dev, port, port_attr, info->extack);
		if (err)
			return err;
		types = rdmactl_roce_types(rs->dev->ibdev, port);
		if (rs->mode > 0 && !(types & BIT(rs->mode))) {
			rdmactl_err_fmt(info->extack, mode_attr, "%s port %u supports %s",
					rs->name, port, rdmactl_roce_types_str(types));
			return -EOPNOTSUPP;
		}
	}
	if (!rs->guid) {
		rdmactl_err_fmt(info->extack, NULL,
				"%s has no node GUID to remember a setting by", rs->name);
		return -EOPNOTSUPP;
	}
	return 0;
}

int rdmactl_roce_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *port_attr = info->attrs[RDMACTL_A_PORT_INDEX];
	struct nlattr *mode_attr = info->attrs[RDMACTL_A_ROCE_MODE];
	struct nlattr *tos_attr = info->attrs[RDMACTL_A_ROCE_TOS];
	bool clear = nla_get_flag(info->attrs[RDMACTL_A_ROCE_CLEAR]);
	struct rdmactl_roce_set rs = { .mode = -1, .tos = -1 };
	u32 n, i;
	int err;

	if (clear && (mode_attr || tos_attr)) {
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[RDMACTL_A_ROCE_CLEAR],
				    "clear forgets the saved settings: give it no mode or ToS");
		return -EINVAL;
	}
	if (!clear && !mode_attr && !tos_attr) {
		NL_SET_ERR_MSG(info->extack, "nothing to set: give a RoCE mode, a ToS or clear");
		return -EINVAL;
	}
	if (mode_attr) {
		rs.mode = rdmactl_roce_mode_parse(mode_attr, info->extack);
		if (rs.mode < 0)
			return rs.mode;
	}
	if (tos_attr)
		rs.tos = nla_get_u8(tos_attr);

	rs.dev = rdmactl_nl_dev_get(genl_info_net(info), info->attrs, info->extack);
	if (IS_ERR(rs.dev))
		return PTR_ERR(rs.dev);
	rdmactl_dev_name(rs.dev, rs.name);
	rs.guid = be64_to_cpu(rs.dev->ibdev->node_guid);
	rs.first = rdma_start_port(rs.dev->ibdev);
	rs.last = rdma_end_port(rs.dev->ibdev);
	if (port_attr) {
		err = rdmactl_nl_port_check(rs.dev, port_attr, info->extack);
		if (err)
			goto out;
		rs.first = nla_get_u32(port_attr);
		rs.last = rs.first;
	}
	err = rdmactl_roce_set_check(&rs, info);
	if (err)
		goto out;

	if (clear) {
		mutex_lock(&rdmactl_cm_lock);
		rdmactl_roce_forget(rs.guid, rs.first, rs.last);
		mutex_unlock(&rdmactl_cm_lock);
		goto out;
	}

	/* Everything that can fail to allocate, before anything changes. */
	n = rs.last - rs.first + 1;
	err = -ENOMEM;
	rs.old = kcalloc(n, sizeof(*rs.old), GFP_KERNEL);
	rs.saved = kcalloc(n, sizeof(*rs.saved), GFP_KERNEL);
	if (!rs.old || !rs.saved)
		goto out_free;
	for (i = 0; i < n; i++) {
		rs.saved[i] = kzalloc(sizeof(*rs.saved[i]), GFP_KERNEL);
		if (!rs.saved[i])
			goto out_free;
	}

	mutex_lock(&rdmactl_cm_lock);
	err = rdmactl_roce_apply(&rs, info->extack);
	mutex_unlock(&rdmactl_cm_lock);

out_free:
	if (rs.saved)
		for (i = 0; i < n; i++)
			kfree(rs.saved[i]);
	kfree(rs.saved);
	kfree(rs.old);
out:
	rdmactl_dev_put(rs.dev);
	return err;
}

/*
 * Load rdma_cm before the client registers, so that its add() runs before
 * ours for every device (see the top of this file). Not fatal: without
 * rdma_cm there are no RoCE defaults to keep.
 */
int rdmactl_roce_init(void)
{
	rdmactl_cm_cred = prepare_kernel_cred(&init_task);
	if (!rdmactl_cm_cred)
		return -ENOMEM;
	if (request_module("rdma_cm"))
		pr_info("rdma_cm is not loaded: RoCE settings will load it when needed\n");
	return 0;
}

void rdmactl_roce_exit(void)
{
	struct rdmactl_roce_saved *s, *tmp;

	list_for_each_entry_safe(s, tmp, &rdmactl_roce_saved, list)
		kfree(s);
	if (rdmactl_cm_mnt)
		kern_unmount(rdmactl_cm_mnt);
	put_cred(rdmactl_cm_cred);
}
