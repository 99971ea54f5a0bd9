// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_ROCE_GET and _SET: the GID type (RoCE v1 or v2) and type of
 * service rdma_cm uses by default for new connections on a RoCE port.
 *
 * rdma_cm keeps both in its private struct cma_device; no exported symbol
 * reaches them. Its ABI for them is configfs:
 * rdma_cm/<dev>/ports/<n>/default_roce_{mode,tos}, once rdma_cm/<dev> is
 * made. The module drives that ABI itself, on its own internal mount of
 * configfs (kern_mount() at load: in no mount namespace) and with the
 * kernel's credentials, so it works whether and wherever user space
 * mounted configfs, and never resolves a path in the caller's namespace
 * or root.
 *
 * configfs has one superblock: our mount and /sys/kernel/config are the
 * same tree, shared with administrators. So a GET, which anyone may send,
 * changes nothing there: it reads rdma_cm/<dev> only when it exists, and
 * otherwise reports what rdmactl last applied (or nothing). Only SET, the
 * administrator's PROBE and the restore make a device's directory, for
 * one request, and remove it after unless it was there already (someone
 * else's). No handler loads a module: rdma_cm comes with ours (the soft
 * dependency, or module init), and SET without it says so.
 *
 * Settings are remembered by node GUID and port, and applied again from a
 * work item, never from the client's add() (which runs under ib_core's
 * devices_rwsem): when a device registers, retrying while rdma_cm has not
 * attached to it yet (its client may come after ours: after an rdma_cm
 * reload it does), and for every device when rdma_cm goes live again (a
 * module notifier). The outcome of each is a ROCE event.
 *
 * Locks: rdmactl_cm_lock serialises the configfs work (SET, PROBE, the
 * restore), and is taken under no other lock; rdmactl_roce_saved_lock,
 * inside it, guards the saved list, briefly, and is all a GET takes.
 * Neither is held across anything that waits for ib_core, and no device
 * reference is held across configfs work, whose directory lock anyone may
 * hold for as long as a read into a FUSE buffer lasts.
 */
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/kmod.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/sched/task.h>
#include <linux/slab.h>

#include "compat/vfs.h"
#include "core.h"

/* How many ports' settings are remembered at most. */
#define RDMACTL_ROCE_SAVED_MAX 1024

struct rdmactl_roce_saved {
	struct list_head list;
	u64 guid;		/* node GUID, host order */
	u32 port;
	u8 mode;		/* enum rdmactl_gid_type, 0: not set */
	bool has_tos;
	u8 tos;
	/* What rdma_cm read back after rdmactl last wrote it. */
	bool applied;
	u8 applied_mode;
	u8 applied_tos;
};

/* What ROCE_GET reports of one port. */
struct rdmactl_roce_port {
	u32 port;
	u32 types;
	u8 source;		/* enum rdmactl_roce_source */
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
	"rdma_cm is not loaded (modprobe rdma_cm), or has no configfs (CONFIG_INFINIBAND_ADDR_TRANS_CONFIGFS)"
/*
 * kernel_read() and kernel_write() need ->read_iter and ->write_iter,
 * which configfs has only since 5.14 (7fe1e79b59ba): there is no header
 * to probe, so rdmactl_cm_io() looks at the file it opened.
 */
#define RDMACTL_CM_NO_KERNEL_IO \
	"this kernel's configfs (before 5.14) cannot be read or written from a module: use /sys/kernel/config/rdma_cm"

static DEFINE_MUTEX(rdmactl_cm_lock);
static DEFINE_MUTEX(rdmactl_roce_saved_lock);
static LIST_HEAD(rdmactl_roce_saved);
static unsigned int rdmactl_roce_nsaved;
/*
 * Set at load, or by the restore work when rdma_cm goes live if that
 * failed; read without a lock.
 */
static struct vfsmount *rdmactl_cm_mnt;
static const struct cred *rdmactl_cm_cred;

/*
 * Devices whose saved settings are to be applied again, and the work that
 * does it. A device waits here while rdma_cm has not attached to it yet.
 */
struct rdmactl_roce_pending {
	struct list_head list;
	u32 index;
	u64 guid;
	unsigned int tries;
};

#define RDMACTL_ROCE_RESTORE_TRIES 10
#define RDMACTL_ROCE_RESTORE_DELAY_MS 100

static DEFINE_SPINLOCK(rdmactl_roce_pending_lock);
static LIST_HEAD(rdmactl_roce_pending);
static bool rdmactl_roce_rescan;	/* every device: rdma_cm went live */
static unsigned int rdmactl_roce_rescan_tries;	/* the work's only */
static bool rdmactl_roce_stopping;
static void rdmactl_roce_restore_work(struct work_struct *work);
static DECLARE_DELAYED_WORK(rdmactl_roce_restore, rdmactl_roce_restore_work);

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
		rdmactl_err_fmt(extack, attr, RDMACTL_MSG_ROCE_MODE, mode,
				RDMACTL_GID_TYPE_ROCE_V1, RDMACTL_GID_TYPE_ROCE_V2);
		return -EINVAL;
	}
	return mode;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_roce_mode_parse);

/* Called with rdmactl_roce_saved_lock held. */
static struct rdmactl_roce_saved *rdmactl_roce_find(u64 guid, u32 port)
{
	struct rdmactl_roce_saved *s;

	list_for_each_entry(s, &rdmactl_roce_saved, list)
		if (s->guid == guid && s->port == port)
			return s;
	return NULL;
}

/* Whether anything is saved for a node. Called with rdmactl_roce_saved_lock held. */
static bool rdmactl_roce_find_guid(u64 guid)
{
	struct rdmactl_roce_saved *s;

	list_for_each_entry(s, &rdmactl_roce_saved, list)
		if (s->guid == guid)
			return true;
	return false;
}

/*
 * Our mount of configfs, made once: at load, or by the restore work when
 * rdma_cm (which needs configfs) goes live. Never from a request, since
 * get_fs_type() may load a module.
 */
static void rdmactl_cm_mount(void)
{
	struct file_system_type *fs;
	struct vfsmount *mnt;

	if (rdmactl_cm_mnt)
		return;
	fs = get_fs_type("configfs");
	if (!fs)
		return;
	mnt = kern_mount(fs);
	/* get_fs_type()'s reference: the mount holds its own. */
	module_put(fs->owner);
	if (IS_ERR(mnt))
		return;
	/* Published whole to GETs, which read it without a lock. */
	smp_store_release(&rdmactl_cm_mnt, mnt);
}

/*
 * rdma_cm's configfs directory on our mount, with a reference: -ENOENT
 * when rdma_cm is not loaded (or has no configfs). Takes no lock.
 */
static int rdmactl_cm_root(struct path *root)
{
	/* Pairs with rdmactl_cm_mount()'s release. */
	struct vfsmount *mnt = smp_load_acquire(&rdmactl_cm_mnt);
	const struct cred *old;
	struct dentry *d;

	if (!mnt)
		return -ENOENT;
	old = override_creds(rdmactl_cm_cred);
	d = rdmactl_lookup_positive(mnt->mnt_root, "rdma_cm");
	revert_creds(old);
	if (IS_ERR(d))
		return PTR_ERR(d);
	root->mnt = mnt;
	root->dentry = d;
	return 0;
}

static int rdmactl_cm_mkdir(const struct path *root, const char *name, bool *made)
{
	int err;

	err = mnt_want_write(root->mnt);
	if (err)
		return err;
	err = rdmactl_mkdir(root->dentry, name, 0755);
	mnt_drop_write(root->mnt);
	*made = err > 0;
	return err < 0 ? err : 0;
}

static void rdmactl_cm_rmdir(const struct path *root, const char *name)
{
	int err;

	err = mnt_want_write(root->mnt);
	if (err)
		goto out;
	err = rdmactl_rmdir(root->dentry, name);
	mnt_drop_write(root->mnt);
out:
	if (err)
		pr_warn("cannot remove configfs rdma_cm/%s: %d\n", name, err);
}

/*
 * Open rdma_cm's directory of a device, making it if needed: -ENOENT when
 * rdma_cm is not loaded, -ENODEV when it has not attached to the device.
 * Called with rdmactl_cm_lock held.
 */
static int rdmactl_cm_open(struct rdmactl_cm_dev *cd, const char *name,
			   struct netlink_ext_ack *extack)
{
	const struct cred *old;
	int err;

	memset(cd, 0, sizeof(*cd));
	if (rdmactl_cm_root(&cd->root)) {
		NL_SET_ERR_MSG(extack, RDMACTL_CM_MISSING);
		return -ENOENT;
	}
	strscpy(cd->name, name, sizeof(cd->name));
	old = override_creds(rdmactl_cm_cred);
	err = rdmactl_cm_mkdir(&cd->root, name, &cd->made);
	revert_creds(old);
	if (err) {
		/* make_cma_dev() says -ENODEV for a device rdma_cm lacks. */
		if (err == -ENODEV)
			NL_SET_ERR_MSG(extack, RDMACTL_MSG_CM_NOT_ATTACHED);
		else
			rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_CM_MKDIR, err);
		dput(cd->root.dentry);
	}
	return err;
}

/*
 * For a GET: rdma_cm's directory of a device as it is, made by nobody;
 * reading it fails with -ENOENT when it is not there. Takes no lock.
 */
static int rdmactl_cm_open_existing(struct rdmactl_cm_dev *cd, const char *name)
{
	memset(cd, 0, sizeof(*cd));
	strscpy(cd->name, name, sizeof(cd->name));
	return rdmactl_cm_root(&cd->root);
}

static void rdmactl_cm_close(struct rdmactl_cm_dev *cd)
{
	const struct cred *old;

	if (cd->made) {
		old = override_creds(rdmactl_cm_cred);
		rdmactl_cm_rmdir(&cd->root, cd->name);
		revert_creds(old);
	}
	dput(cd->root.dentry);
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

/* Record what rdma_cm read back for a saved port (or that it is unknown). */
static void rdmactl_roce_set_applied(u64 guid, u32 port, bool applied, u8 mode, u8 tos)
{
	struct rdmactl_roce_saved *s;

	mutex_lock(&rdmactl_roce_saved_lock);
	s = rdmactl_roce_find(guid, port);
	if (s) {
		s->applied = applied;
		s->applied_mode = mode;
		s->applied_tos = tos;
	}
	mutex_unlock(&rdmactl_roce_saved_lock);
}

/* A ROCE event about device index, if it is still the node guid. */
static void rdmactl_roce_event(u32 index, u64 guid, u32 port, u8 mode, u8 tos,
			       bool restored, int error)
{
	struct rdmactl_dev *dev = rdmactl_dev_get_any(index);

	if (!dev)
		return;
	if (be64_to_cpu(dev->ibdev->node_guid) == guid)
		rdmactl_event_roce(dev, port, mode, tos, restored, error);
	rdmactl_dev_put(dev);
}

/* A failed restore event for every port saved for a node, held by index. */
static void rdmactl_roce_event_fail(u32 index, u64 guid, int error)
{
	struct rdmactl_roce_saved *s;
	u32 port = 0, next;

	/* One port at a time, in order: no lock held while the event is made. */
	for (;;) {
		next = 0;
		mutex_lock(&rdmactl_roce_saved_lock);
		list_for_each_entry(s, &rdmactl_roce_saved, list)
			if (s->guid == guid && s->port > port && (!next || s->port < next))
				next = s->port;
		mutex_unlock(&rdmactl_roce_saved_lock);
		if (!next)
			return;
		rdmactl_roce_event(index, guid, next, 0, 0, true, error);
		port = next;
	}
}

/*
 * Whether device index is still named name, with node guid: configfs goes
 * by name, and a rename, or another device registering under the name,
 * may have made it someone else's since the name was copied. rdma_cm
 * looks the name up again on every write, so this is asked right before
 * writing. Called with rdmactl_cm_lock held.
 */
static bool rdmactl_roce_dev_same(u32 index, u64 guid, const char *name)
{
	char now[IB_DEVICE_NAME_MAX];
	struct rdmactl_dev *dev;
	bool same;

	dev = rdmactl_dev_get_any(index);
	if (!dev)
		return false;
	rdmactl_dev_name(dev, now);
	same = be64_to_cpu(dev->ibdev->node_guid) == guid && !strcmp(now, name);
	rdmactl_dev_put(dev);
	return same;
}

/*
 * Restoring. Each pending device is tried in turn: the ports it has
 * saved settings for are written and read back, and each outcome is an
 * event. rdma_cm absent: nothing to do until it goes live (the module
 * notifier asks again). rdma_cm present but not attached to the device
 * yet (its client is newer than ours): tried again, with a growing delay,
 * RDMACTL_ROCE_RESTORE_TRIES times before the failure is reported.
 */
struct rdmactl_roce_restore_port {
	u32 port;
	int mode;
	int tos;
	int err;
};

/* -EAGAIN: try this device again later. */
static int rdmactl_roce_restore_dev(struct rdmactl_roce_pending *p, bool last_try)
{
	struct rdmactl_roce_restore_port *rp = NULL;
	char name[IB_DEVICE_NAME_MAX];
	struct rdmactl_roce_saved *s;
	struct rdmactl_cm_dev cd;
	struct rdmactl_dev *dev;
	unsigned int n = 0, i;
	bool nomem = false;
	u8 mode, tos;
	int err = 0;

	mutex_lock(&rdmactl_cm_lock);
	dev = rdmactl_dev_get_any(p->index);
	if (!dev || be64_to_cpu(dev->ibdev->node_guid) != p->guid)
		goto out_unlock;
	rdmactl_dev_name(dev, name);
	mutex_lock(&rdmactl_roce_saved_lock);
	list_for_each_entry(s, &rdmactl_roce_saved, list)
		n += s->guid == p->guid;
	if (n) {
		rp = kcalloc(n, sizeof(*rp), GFP_KERNEL);
		nomem = !rp;
	}
	n = 0;
	if (rp) {
		list_for_each_entry(s, &rdmactl_roce_saved, list) {
			if (s->guid != p->guid || !rdma_is_port_valid(dev->ibdev, s->port) ||
			    !rdma_protocol_roce(dev->ibdev, s->port))
				continue;
			rp[n].port = s->port;
			rp[n].mode = s->mode ? s->mode : -1;
			rp[n].tos = s->has_tos ? s->tos : -1;
			/* A node that came back without the mode saved for it. */
			if (s->mode && !(rdmactl_roce_types(dev->ibdev, s->port) & BIT(s->mode)))
				rp[n].err = -EOPNOTSUPP;
			n++;
		}
	}
	mutex_unlock(&rdmactl_roce_saved_lock);
	/* No reference across configfs work: it goes by name, events by index. */
	rdmactl_dev_put(dev);
	if (nomem) {
		/* Kept pending, and tried again; the last time, said. */
		err = -EAGAIN;
		if (last_try) {
			pr_warn("cannot restore the RoCE settings of %s: %d\n", name, -ENOMEM);
			rdmactl_roce_event_fail(p->index, p->guid, -ENOMEM);
			err = 0;
		}
		goto out_unlock;
	}
	if (!n)
		goto out_unlock;

	err = rdmactl_cm_open(&cd, name, NULL);
	if (err == -ENOENT) {
		err = 0;		/* rdma_cm is not there: wait for it */
		goto out_unlock;
	}
	if (err == -ENODEV && !last_try) {
		err = -EAGAIN;		/* rdma_cm is not attached yet */
		goto out_unlock;
	}
	if (err) {
		pr_warn("cannot restore the RoCE settings of %s: %d\n", name, err);
		for (i = 0; i < n; i++)
			rdmactl_roce_event(p->index, p->guid, rp[i].port, 0, 0, true, err);
		err = 0;
		goto out_unlock;
	}
	/* Renamed, or its name taken by another device: try again by index. */
	if (!rdmactl_roce_dev_same(p->index, p->guid, name)) {
		err = -EAGAIN;
		if (last_try) {
			pr_warn("cannot restore the RoCE settings of %s: renamed\n", name);
			rdmactl_roce_event_fail(p->index, p->guid, -EAGAIN);
			err = 0;
		}
		goto out_close;
	}
	for (i = 0; i < n; i++) {
		mode = 0;
		tos = 0;
		if (!rp[i].err)
			rp[i].err = rdmactl_cm_write(&cd, rp[i].port, rp[i].mode, rp[i].tos);
		if (!rp[i].err)
			rp[i].err = rdmactl_cm_read(&cd, rp[i].port, &mode, &tos);
		rdmactl_roce_set_applied(p->guid, rp[i].port, !rp[i].err, mode, tos);
		if (rp[i].err)
			pr_warn("cannot restore the RoCE settings of %s port %u: %d\n", name,
				rp[i].port, rp[i].err);
		rdmactl_roce_event(p->index, p->guid, rp[i].port, mode, tos, true, rp[i].err);
	}
out_close:
	rdmactl_cm_close(&cd);
out_unlock:
	mutex_unlock(&rdmactl_cm_lock);
	kfree(rp);
	return err;
}

/*
 * Queue every device that has saved settings. Called from the work; false
 * when memory ran out (the work scans again later).
 */
static bool rdmactl_roce_rescan_devs(void)
{
	struct rdmactl_roce_pending *p;
	struct rdmactl_dev *dev;
	u32 index = 0;
	u64 guid;
	bool saved;

	while ((dev = rdmactl_dev_get_next(NULL, &index))) {
		guid = be64_to_cpu(dev->ibdev->node_guid);
		rdmactl_dev_put(dev);
		mutex_lock(&rdmactl_roce_saved_lock);
		saved = guid && rdmactl_roce_find_guid(guid);
		mutex_unlock(&rdmactl_roce_saved_lock);
		if (saved) {
			p = kzalloc(sizeof(*p), GFP_KERNEL);
			if (!p)
				return false;
			p->index = index;
			p->guid = guid;
			spin_lock(&rdmactl_roce_pending_lock);
			list_add_tail(&p->list, &rdmactl_roce_pending);
			spin_unlock(&rdmactl_roce_pending_lock);
		}
		index++;
	}
	return true;
}

static void rdmactl_roce_restore_work(struct work_struct *work)
{
	struct rdmactl_roce_pending *p, *tmp;
	unsigned int delay = 0, wait;
	bool rescan, rescan_again = false;
	LIST_HEAD(todo);
	LIST_HEAD(again);

	spin_lock(&rdmactl_roce_pending_lock);
	rescan = rdmactl_roce_rescan;
	rdmactl_roce_rescan = false;
	spin_unlock(&rdmactl_roce_pending_lock);
	if (rescan) {
		/* rdma_cm is back: our mount, if it could not be made at load. */
		mutex_lock(&rdmactl_cm_lock);
		rdmactl_cm_mount();
		mutex_unlock(&rdmactl_cm_lock);
		if (!rdmactl_roce_rescan_devs()) {
			/* Out of memory: scan again later, not forget. */
			rdmactl_roce_rescan_tries++;
			if (rdmactl_roce_rescan_tries < RDMACTL_ROCE_RESTORE_TRIES) {
				rescan_again = true;
				delay = RDMACTL_ROCE_RESTORE_DELAY_MS <<
					min_t(unsigned int, rdmactl_roce_rescan_tries, 4);
			} else {
				pr_warn("cannot restore RoCE settings: %d\n", -ENOMEM);
				rdmactl_event_lost();
				rdmactl_roce_rescan_tries = 0;
			}
		} else {
			rdmactl_roce_rescan_tries = 0;
		}
	}

	spin_lock(&rdmactl_roce_pending_lock);
	list_splice_init(&rdmactl_roce_pending, &todo);
	spin_unlock(&rdmactl_roce_pending_lock);
	list_for_each_entry_safe(p, tmp, &todo, list) {
		list_del(&p->list);
		if (rdmactl_roce_restore_dev(p, p->tries + 1 >= RDMACTL_ROCE_RESTORE_TRIES) ==
		    -EAGAIN) {
			/* 100 ms, doubling up to 1.6 s: about 10 s in all. */
			wait = RDMACTL_ROCE_RESTORE_DELAY_MS << min_t(unsigned int, p->tries, 4);
			delay = max(delay, wait);
			p->tries++;
			list_add_tail(&p->list, &again);
		} else {
			kfree(p);
		}
	}
	if (list_empty(&again) && !rescan_again)
		return;
	spin_lock(&rdmactl_roce_pending_lock);
	list_splice_tail(&again, &rdmactl_roce_pending);
	rdmactl_roce_rescan |= rescan_again;
	if (!rdmactl_roce_stopping)
		mod_delayed_work(system_wq, &rdmactl_roce_restore, msecs_to_jiffies(delay));
	spin_unlock(&rdmactl_roce_pending_lock);
}

/*
 * A device registered: give its ports back what was set for them, from
 * the work (this runs in the client's add(), under ib_core's rwsems).
 */
void rdmactl_roce_dev_added(struct rdmactl_dev *dev)
{
	u64 guid = be64_to_cpu(dev->ibdev->node_guid);
	struct rdmactl_roce_pending *p;
	struct rdmactl_roce_saved *s;
	bool saved = false;

	if (!guid)
		return;
	mutex_lock(&rdmactl_roce_saved_lock);
	list_for_each_entry(s, &rdmactl_roce_saved, list) {
		if (s->guid == guid) {
			/* A new cma_device: rdma_cm's defaults until restored. */
			s->applied = false;
			saved = true;
		}
	}
	mutex_unlock(&rdmactl_roce_saved_lock);
	if (!saved)
		return;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	spin_lock(&rdmactl_roce_pending_lock);
	if (p) {
		p->index = dev->index;
		p->guid = guid;
		list_add_tail(&p->list, &rdmactl_roce_pending);
	} else {
		/* No memory for the entry: the work scans every device. */
		rdmactl_roce_rescan = true;
	}
	if (!rdmactl_roce_stopping)
		mod_delayed_work(system_wq, &rdmactl_roce_restore, 0);
	spin_unlock(&rdmactl_roce_pending_lock);
}

/*
 * rdma_cm loaded again (its client added to every device: it is live once
 * its init has returned) or going away (its defaults with it).
 */
static int rdmactl_roce_module_event(struct notifier_block *nb, unsigned long state,
				     void *data)
{
	struct module *mod = data;
	struct rdmactl_roce_saved *s;

	if (strcmp(mod->name, "rdma_cm"))
		return NOTIFY_DONE;
	if (state == MODULE_STATE_LIVE) {
		spin_lock(&rdmactl_roce_pending_lock);
		rdmactl_roce_rescan = true;
		if (!rdmactl_roce_stopping)
			mod_delayed_work(system_wq, &rdmactl_roce_restore, 0);
		spin_unlock(&rdmactl_roce_pending_lock);
	} else if (state == MODULE_STATE_GOING) {
		mutex_lock(&rdmactl_roce_saved_lock);
		list_for_each_entry(s, &rdmactl_roce_saved, list)
			s->applied = false;
		mutex_unlock(&rdmactl_roce_saved_lock);
	}
	return NOTIFY_OK;
}

static struct notifier_block rdmactl_roce_module_nb = {
	.notifier_call = rdmactl_roce_module_event,
};

/* What a request needs of a device, copied: no reference across configfs. */
struct rdmactl_roce_dev {
	u32 index;
	u64 guid;
	char name[IB_DEVICE_NAME_MAX];
};

static void rdmactl_roce_dev_copy(struct rdmactl_dev *dev, struct rdmactl_roce_dev *rd)
{
	rd->index = dev->index;
	rd->guid = be64_to_cpu(dev->ibdev->node_guid);
	rdmactl_dev_name(dev, rd->name);
}

/*
 * Fill st[] of a RoCE device's ports, whose port and types are set. A GET
 * changes nothing: rdma_cm/<dev> if it exists, else what rdmactl applied,
 * else unknown. A probe (the caller checked CAP_NET_ADMIN) asks rdma_cm,
 * making the directory for the request, and returns what stops it.
 */
static int rdmactl_roce_read(const struct rdmactl_roce_dev *rd, unsigned int n,
			     struct rdmactl_roce_port *st, bool probe,
			     struct netlink_ext_ack *extack)
{
	struct netlink_ext_ack *ext = probe ? extack : NULL;
	struct rdmactl_roce_saved *s;
	struct rdmactl_cm_dev cd;
	unsigned int i;
	bool open;
	int err;

	if (probe) {
		mutex_lock(&rdmactl_cm_lock);
		err = rdmactl_cm_open(&cd, rd->name, ext);
	} else {
		err = rdmactl_cm_open_existing(&cd, rd->name);
	}
	open = !err;
	for (i = 0; i < n && !err; i++) {
		err = rdmactl_cm_read(&cd, st[i].port, &st[i].mode, &st[i].tos);
		if (!err)
			st[i].source = RDMACTL_ROCE_SOURCE_CONFIGFS;
		else if (err == -EOPNOTSUPP)
			NL_SET_ERR_MSG(ext, RDMACTL_CM_NO_KERNEL_IO);
		else
			rdmactl_err_fmt(ext, NULL, RDMACTL_MSG_CM_READ, st[i].port, err);
	}
	if (open)
		rdmactl_cm_close(&cd);
	if (probe)
		mutex_unlock(&rdmactl_cm_lock);

	mutex_lock(&rdmactl_roce_saved_lock);
	for (i = 0; i < n; i++) {
		s = rd->guid ? rdmactl_roce_find(rd->guid, st[i].port) : NULL;
		if (!s)
			continue;
		st[i].saved_mode = s->mode;
		st[i].has_saved_tos = s->has_tos;
		st[i].saved_tos = s->tos;
		if (st[i].source == RDMACTL_ROCE_SOURCE_UNKNOWN && s->applied) {
			st[i].source = RDMACTL_ROCE_SOURCE_APPLIED;
			st[i].mode = s->applied_mode;
			st[i].tos = s->applied_tos;
		}
	}
	mutex_unlock(&rdmactl_roce_saved_lock);
	return probe ? err : 0;
}

static int rdmactl_fill_roce(struct sk_buff *skb, const struct rdmactl_roce_dev *rd,
			     const struct rdmactl_roce_port *st)
{
	if (nla_put_u32(skb, RDMACTL_A_DEV_INDEX, rd->index) ||
	    nla_put_string(skb, RDMACTL_A_DEV_NAME, rd->name) ||
	    nla_put_u32(skb, RDMACTL_A_PORT_INDEX, st->port) ||
	    nla_put_u32(skb, RDMACTL_A_ROCE_TYPES, st->types) ||
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
	return 0;
}

/* Refuse a port that has no RoCE mode, naming what it is instead. */
static int rdmactl_roce_port_check(struct rdmactl_dev *dev, u32 port, struct nlattr *attr,
				   struct netlink_ext_ack *extack)
{
	if (rdma_protocol_roce(dev->ibdev, port))
		return 0;
	rdmactl_err_fmt(extack, attr, RDMACTL_MSG_NOT_ROCE, port,
			rdma_protocol_iwarp(dev->ibdev, port) ? "iWARP" : "InfiniBand");
	return -EOPNOTSUPP;
}

/* RDMACTL_A_ROCE_PROBE: whether it is asked for, and by whom. */
static int rdmactl_roce_probe_check(struct sk_buff *skb, struct nlattr *attr,
				    struct netlink_ext_ack *extack)
{
	if (!attr)
		return 0;
	if (!netlink_capable(skb, CAP_NET_ADMIN)) {
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "probing rdma_cm makes configfs directories: it needs CAP_NET_ADMIN");
		return -EPERM;
	}
	return 1;
}

struct rdmactl_roce_reply {
	struct rdmactl_roce_dev rd;
	struct rdmactl_roce_port st;
};

static int rdmactl_fill_roce_reply(struct sk_buff *skb, void *arg)
{
	struct rdmactl_roce_reply *r = arg;

	return rdmactl_fill_roce(skb, &r->rd, &r->st);
}

int rdmactl_roce_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *port_attr = info->attrs[RDMACTL_A_PORT_INDEX];
	struct rdmactl_roce_reply r = {};
	struct rdmactl_dev *dev;
	int err, probe;
	u32 port;

	if (!port_attr) {
		NL_SET_ERR_MSG(info->extack, "no port given: set the port number");
		return -EINVAL;
	}
	probe = rdmactl_roce_probe_check(skb, info->attrs[RDMACTL_A_ROCE_PROBE], info->extack);
	if (probe < 0)
		return probe;
	dev = rdmactl_nl_dev_get(genl_info_net(info), info->attrs, info->extack);
	if (IS_ERR(dev))
		return PTR_ERR(dev);
	err = rdmactl_nl_port_check(dev, port_attr, info->extack);
	if (err)
		goto out_put;
	port = nla_get_u32(port_attr);
	err = rdmactl_roce_port_check(dev, port, port_attr, info->extack);
	if (err)
		goto out_put;
	rdmactl_roce_dev_copy(dev, &r.rd);
	r.st.port = port;
	r.st.types = rdmactl_roce_types(dev->ibdev, port);
	r.st.source = RDMACTL_ROCE_SOURCE_UNKNOWN;
	rdmactl_dev_put(dev);

	err = rdmactl_roce_read(&r.rd, 1, &r.st, probe, info->extack);
	if (!err)
		err = rdmactl_nl_reply(info, RDMACTL_CMD_ROCE_GET, rdmactl_fill_roce_reply, &r);
	return err;

out_put:
	rdmactl_dev_put(dev);
	return err;
}

/*
 * The RoCE ports of one device from ctx->port on; dev's reference is
 * dropped here, before rdma_cm is read. A port whose rdma_cm values
 * cannot be read is still reported, without them.
 */
static int rdmactl_dump_dev_roce(struct sk_buff *skb, struct netlink_callback *cb,
				 struct rdmactl_dev *dev, bool probe)
{
	struct rdmactl_dump_ctx *ctx = rdmactl_dump_ctx(cb);
	struct ib_device *ibdev = dev->ibdev;
	struct rdmactl_roce_port *st;
	struct rdmactl_roce_dev rd;
	u32 first, last, port;
	unsigned int n = 0, i;
	int err = 0;
	void *hdr;

	first = max_t(u32, ctx->port, rdma_start_port(ibdev));
	last = rdma_end_port(ibdev);
	if (ctx->has_filter_port) {
		first = max(first, ctx->filter_port);
		last = min(last, ctx->filter_port);
	}
	if (first > last) {
		rdmactl_dev_put(dev);
		return 0;
	}
	st = kcalloc(last - first + 1, sizeof(*st), GFP_KERNEL);
	if (!st) {
		rdmactl_dev_put(dev);
		return -ENOMEM;
	}
	for (port = first; port <= last; port++) {
		if (!rdma_protocol_roce(ibdev, port))
			continue;
		st[n].port = port;
		st[n].types = rdmactl_roce_types(ibdev, port);
		st[n].source = RDMACTL_ROCE_SOURCE_UNKNOWN;
		n++;
	}
	rdmactl_roce_dev_copy(dev, &rd);
	rdmactl_dev_put(dev);

	rdmactl_roce_read(&rd, n, st, probe, NULL);
	for (i = 0; i < n; i++) {
		ctx->port = st[i].port;
		hdr = rdmactl_nl_put(skb, cb, NULL, RDMACTL_CMD_ROCE_GET);
		if (!hdr || rdmactl_fill_roce(skb, &rd, &st[i])) {
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
	struct nlattr **attrs = rdmactl_dump_attrs(cb);
	struct nlattr *dev_attr = attrs[RDMACTL_A_DEV_INDEX] ?: attrs[RDMACTL_A_DEV_NAME];
	bool first = !ctx->started;
	struct rdmactl_dev *dev;
	int err, probe;

	probe = rdmactl_roce_probe_check(cb->skb, attrs[RDMACTL_A_ROCE_PROBE], cb->extack);
	if (probe < 0)
		return probe;
	while ((dev = rdmactl_dump_next_dev(skb, cb, &err))) {
		/* A filter naming a port or device without RoCE is an error. */
		if (first && ctx->has_filter_dev) {
			if (ctx->has_filter_port) {
				err = rdmactl_roce_port_check(dev, ctx->filter_port,
							      attrs[RDMACTL_A_PORT_INDEX],
							      cb->extack);
			} else if (!rdmactl_dev_has_roce(dev)) {
				NL_SET_ERR_MSG_ATTR(cb->extack, dev_attr,
						    RDMACTL_MSG_NO_ROCE_PORT);
				err = -EOPNOTSUPP;
			}
			if (err) {
				rdmactl_dev_put(dev);
				return err;
			}
		}
		first = false;
		err = rdmactl_dump_dev_roce(skb, cb, dev, probe);
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

	mutex_lock(&rdmactl_roce_saved_lock);
	list_for_each_entry_safe(s, tmp, &rdmactl_roce_saved, list) {
		if (s->guid == guid && s->port >= first && s->port <= last) {
			list_del(&s->list);
			rdmactl_roce_nsaved--;
			kfree(s);
		}
	}
	mutex_unlock(&rdmactl_roce_saved_lock);
}

struct rdmactl_roce_set {
	struct rdmactl_roce_dev rd;
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
	u32 n = rs->last - rs->first + 1, i, fresh = 0, failed, left = 0;
	u8 mode, tos;
	int err, undo;

	/* Room for the ports not remembered yet, before anything changes. */
	mutex_lock(&rdmactl_roce_saved_lock);
	for (i = 0; i < n; i++)
		fresh += !rdmactl_roce_find(rs->rd.guid, rs->first + i);
	err = rdmactl_roce_nsaved + fresh > RDMACTL_ROCE_SAVED_MAX ? -ENOSPC : 0;
	mutex_unlock(&rdmactl_roce_saved_lock);
	if (err) {
		rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_ROCE_SAVED_MAX, RDMACTL_ROCE_SAVED_MAX);
		return err;
	}

	err = rdmactl_cm_open(&cd, rs->rd.name, extack);
	if (err == -ENOENT)
		return -EOPNOTSUPP;
	if (err)
		return err;
	for (i = 0; i < n; i++) {
		err = rdmactl_cm_read(&cd, rs->first + i, &rs->old[i].mode, &rs->old[i].tos);
		if (err == -EOPNOTSUPP) {
			NL_SET_ERR_MSG(extack, RDMACTL_CM_NO_KERNEL_IO);
			goto out;
		}
		if (err) {
			rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_CM_READ, rs->first + i, err);
			goto out;
		}
	}
	/* rdma_cm writes by name: the name must still be this device's. */
	if (!rdmactl_roce_dev_same(rs->rd.index, rs->rd.guid, rs->rd.name)) {
		NL_SET_ERR_MSG(extack, RDMACTL_MSG_DEV_REPLACED);
		err = -EAGAIN;
		goto out;
	}
	for (i = 0; i < n; i++) {
		err = rdmactl_cm_write(&cd, rs->first + i, rs->mode, rs->tos);
		if (err)
			break;
	}
	if (err) {
		failed = rs->first + i;
		/*
		 * Put back what was there, the failed port included. A port
		 * the undo leaves changed is announced, as a SET would be.
		 */
		do {
			undo = rdmactl_cm_write(&cd, rs->first + i, rs->old[i].mode,
						rs->old[i].tos);
			if (!undo)
				continue;
			mode = 0;
			tos = 0;
			if (!rdmactl_cm_read(&cd, rs->first + i, &mode, &tos) &&
			    mode == rs->old[i].mode && tos == rs->old[i].tos)
				continue;
			left++;
			pr_warn("cannot undo the RoCE settings of %s port %u: %d\n",
				rs->rd.name, rs->first + i, undo);
			rdmactl_roce_event(rs->rd.index, rs->rd.guid, rs->first + i, mode, tos,
					   false, undo);
		} while (i-- > 0);
		if (left)
			rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_CM_LEFT_CHANGED,
					failed, err, left);
		else
			rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_CM_REFUSED, failed, err);
		goto out;
	}

	for (i = 0; i < n; i++) {
		/* What rdma_cm has now, as GETs will report it. */
		mode = rs->mode > 0 ? rs->mode : rs->old[i].mode;
		tos = rs->tos >= 0 ? rs->tos : rs->old[i].tos;
		rdmactl_cm_read(&cd, rs->first + i, &mode, &tos);

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
		}
		s->applied = true;
		s->applied_mode = mode;
		s->applied_tos = tos;
		mutex_unlock(&rdmactl_roce_saved_lock);
		rdmactl_roce_event(rs->rd.index, rs->rd.guid, rs->first + i, mode, tos, false, 0);
	}
out:
	rdmactl_cm_close(&cd);
	return err;
}

/* Whether the set can be done at all: every port RoCE, the mode there. */
static int rdmactl_roce_set_check(struct rdmactl_dev *dev, struct rdmactl_roce_set *rs,
				  struct genl_info *info)
{
	struct nlattr *port_attr = info->attrs[RDMACTL_A_PORT_INDEX];
	struct nlattr *mode_attr = info->attrs[RDMACTL_A_ROCE_MODE];
	u32 port, types;
	int err;

	for (port = rs->first; port <= rs->last; port++) {
		err = rdmactl_roce_port_check(dev, port, port_attr, info->extack);
		if (err)
			return err;
		types = rdmactl_roce_types(dev->ibdev, port);
		if (rs->mode > 0 && !(types & BIT(rs->mode))) {
			rdmactl_err_fmt(info->extack, mode_attr, RDMACTL_MSG_ROCE_TYPES, port,
					rdmactl_roce_types_str(types));
			return -EOPNOTSUPP;
		}
	}
	if (!rs->rd.guid) {
		NL_SET_ERR_MSG(info->extack, RDMACTL_MSG_NO_GUID);
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
	struct rdmactl_dev *dev;
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

	dev = rdmactl_nl_dev_get(genl_info_net(info), info->attrs, info->extack);
	if (IS_ERR(dev))
		return PTR_ERR(dev);
	rdmactl_roce_dev_copy(dev, &rs.rd);
	rs.first = rdma_start_port(dev->ibdev);
	rs.last = rdma_end_port(dev->ibdev);
	if (port_attr) {
		err = rdmactl_nl_port_check(dev, port_attr, info->extack);
		if (!err) {
			rs.first = nla_get_u32(port_attr);
			rs.last = rs.first;
		}
	} else {
		err = 0;
	}
	if (!err)
		err = rdmactl_roce_set_check(dev, &rs, info);
	/* No reference across configfs work: it goes by name. */
	rdmactl_dev_put(dev);
	if (err)
		return err;

	if (clear) {
		mutex_lock(&rdmactl_cm_lock);
		rdmactl_roce_forget(rs.rd.guid, rs.first, rs.last);
		mutex_unlock(&rdmactl_cm_lock);
		return 0;
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
	return err;
}

/*
 * Load rdma_cm and mount configfs at load (insmod ignores the soft
 * dependency), never from a request. Not fatal: without rdma_cm there are
 * no RoCE defaults to keep, and its loading later is noticed.
 */
int rdmactl_roce_init(void)
{
	int err;

	rdmactl_cm_cred = prepare_kernel_cred(&init_task);
	if (!rdmactl_cm_cred)
		return -ENOMEM;
	if (request_module("rdma_cm"))
		pr_info("rdma_cm is not loaded: RoCE settings need it\n");
	rdmactl_cm_mount();
	err = register_module_notifier(&rdmactl_roce_module_nb);
	if (err)
		goto err_unmount;
	return 0;

err_unmount:
	if (rdmactl_cm_mnt) {
		kern_unmount(rdmactl_cm_mnt);
		rdmactl_cm_mnt = NULL;
	}
	put_cred(rdmactl_cm_cred);
	return err;
}

void rdmactl_roce_exit(void)
{
	struct rdmactl_roce_saved *s, *tmp;
	struct rdmactl_roce_pending *p, *ptmp;

	unregister_module_notifier(&rdmactl_roce_module_nb);
	spin_lock(&rdmactl_roce_pending_lock);
	rdmactl_roce_stopping = true;
	spin_unlock(&rdmactl_roce_pending_lock);
	cancel_delayed_work_sync(&rdmactl_roce_restore);
	list_for_each_entry_safe(p, ptmp, &rdmactl_roce_pending, list)
		kfree(p);
	list_for_each_entry_safe(s, tmp, &rdmactl_roce_saved, list)
		kfree(s);
	if (rdmactl_cm_mnt)
		kern_unmount(rdmactl_cm_mnt);
	put_cred(rdmactl_cm_cred);
}
