// SPDX-License-Identifier: GPL-2.0
/*
 * rdma_cm's configfs, driven from the module: rdma_cm keeps the default
 * RoCE mode and ToS of a port in its private struct cma_device, and its
 * ABI for them is rdma_cm/<dev>/ports/<n>/default_roce_{mode,tos}, once
 * rdma_cm/<dev> is made.
 *
 * The module drives that ABI on its own internal mount of configfs
 * (kern_mount() at load: in no mount namespace) and with the kernel's
 * credentials, so it works whether and wherever user space mounted
 * configfs, and never resolves a path in the caller's namespace or root.
 * configfs has one superblock: our mount and /sys/kernel/config are the
 * same tree, shared with administrators; roce.c says who may change it.
 *
 * rdmactl_cm_lock serialises the configfs work (SET, PROBE, the restore)
 * and is taken under no other lock. A request holds generic netlink's
 * cb_lock, and unload waits for the restore work, so neither waits
 * without a bound: for the lock, and for the configfs directory's lock
 * (which anyone who may list rdma_cm/ can hold for as long as a read
 * into a FUSE or userfaultfd buffer lasts), each waits at most
 * configfs_wait_ms, then gives up with -EBUSY having changed nothing.
 * The one wait that cannot be bounded, configfs's removal of a directory
 * we made (it locks ports/ and ports/N/ inside, which anyone may list
 * once an inotify watch on rdma_cm/ says the directory is there), is
 * work of its own, beside them (cm-gone.c): rdmactl_cm_close() queues it.
 */
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/kmod.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/sched/task.h>

#include "compat/vfs.h"
#include "roce.h"

/* Serialises the configfs work: SET, PROBE and the restore. */
DEFINE_MUTEX(rdmactl_cm_lock);

/* How long a GET's reading waits for a directory configfs has locked. */
#define RDMACTL_CM_GET_WAIT_MS 20

/*
 * How long a RoCE request waits for configfs at each step (the lock and
 * the directory, an undo, the removal), under generic netlink's cb_lock
 * when it is a doit: every family's requests wait as long behind it, so
 * an administrator's value is bounded too (a larger one at load is taken
 * as the bound, so that an old modprobe.d line does not stop the load).
 */
#define RDMACTL_CM_WAIT_MAX_MS 5000
static unsigned int configfs_wait_ms = 200;

/* The module's parameters are being parsed for its load (modprobe.d, the command line). */
static bool rdmactl_cm_loading(void)
{
	return THIS_MODULE->state != MODULE_STATE_LIVE;
}

static int rdmactl_cm_wait_set(const char *val, const struct kernel_param *kp)
{
	unsigned int ms;
	int err = kstrtouint(val, 0, &ms);

	if (err)
		return err;
	if (ms > RDMACTL_CM_WAIT_MAX_MS) {
		pr_warn("configfs_wait_ms: %u ms is more than the %u ms a request may hold generic netlink's lock%s\n",
			ms, RDMACTL_CM_WAIT_MAX_MS, rdmactl_cm_loading() ? ": 5000 ms" : "");
		/* At load (modprobe.d), taken as the bound: the module loads. */
		if (!rdmactl_cm_loading())
			return -EINVAL;
		ms = RDMACTL_CM_WAIT_MAX_MS;
	}
	WRITE_ONCE(*(unsigned int *)kp->arg, ms);
	return 0;
}

static const struct kernel_param_ops rdmactl_cm_wait_ops = {
	.set = rdmactl_cm_wait_set,
	.get = param_get_uint,
};
module_param_cb(configfs_wait_ms, &rdmactl_cm_wait_ops, &configfs_wait_ms, 0644);
MODULE_PARM_DESC(configfs_wait_ms,
		 "How long a RoCE request waits for rdma_cm's configfs directory at each step, in ms (200, at most 5000); generic netlink waits as long at most for each");

/* When configfs work begun now gives up waiting. */
unsigned long rdmactl_cm_until(void)
{
	return jiffies + msecs_to_jiffies(READ_ONCE(configfs_wait_ms));
}

/*
 * rdmactl_cm_lock for a request: 0, or -EBUSY once jiffies reach until
 * (saying so), or -EINTR when killed. The holders are bounded the same way.
 */
int rdmactl_cm_lock_until(unsigned long until, struct netlink_ext_ack *extack)
{
	while (!mutex_trylock(&rdmactl_cm_lock)) {
		if (fatal_signal_pending(current))
			return -EINTR;
		if (time_after(jiffies, until)) {
			NL_SET_ERR_MSG(extack, RDMACTL_MSG_CM_LOCKED);
			return -EBUSY;
		}
		usleep_range(1000, 2000);
	}
	return 0;
}

/*
 * Set at load, or by the restore work when rdma_cm goes live if that
 * failed; read without a lock.
 */
static struct vfsmount *rdmactl_cm_mnt;
static const struct cred *rdmactl_cm_cred;

static const char *const rdmactl_cm_mode_str[] = {
	[RDMACTL_GID_TYPE_ROCE_V1] = "IB/RoCE v1",
	[RDMACTL_GID_TYPE_ROCE_V2] = "RoCE v2",
};

/*
 * Our mount of configfs, made once: at load, or by the restore work when
 * rdma_cm (which needs configfs) goes live. Never from a request, since
 * get_fs_type() may load a module.
 */
void rdmactl_cm_mount(void)
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
 * when rdma_cm is not loaded (or has no configfs), -EBUSY when configfs's
 * root stayed locked by others past jiffies until.
 */
static int rdmactl_cm_root(struct path *root, unsigned long until)
{
	/* Pairs with rdmactl_cm_mount()'s release. */
	struct vfsmount *mnt = smp_load_acquire(&rdmactl_cm_mnt);
	const struct cred *old;
	struct dentry *d;

	if (!mnt)
		return -ENOENT;
	old = override_creds(rdmactl_cm_cred);
	d = rdmactl_lookup_bounded(mnt->mnt_root, "rdma_cm", until);
	revert_creds(old);
	if (IS_ERR(d))
		return PTR_ERR(d);
	root->mnt = mnt;
	root->dentry = d;
	return 0;
}

/* Make name in root unless it is there: *made a reference to what we made. */
static int rdmactl_cm_mkdir(const struct path *root, const char *name, struct dentry **made,
			    unsigned long until)
{
	int err;

	err = mnt_want_write(root->mnt);
	if (err)
		return err;
	err = rdmactl_mkdir(root->dentry, name, 0755, until, made);
	mnt_drop_write(root->mnt);
	return err < 0 ? err : 0;
}

/*
 * Open rdma_cm's directory of a device, making it if needed: -ENOENT when
 * rdma_cm is not loaded, -ENODEV when it has not attached to the device,
 * -EBUSY when rdma_cm/ stayed locked by others past jiffies until, or the
 * removal of the directory an earlier request made still ran, -ENOMEM.
 * last: the highest port the caller will read or write. Called with
 * rdmactl_cm_lock held.
 */
int rdmactl_cm_open(struct rdmactl_cm_dev *cd, const char *name, u32 last, unsigned long until,
		    struct netlink_ext_ack *extack)
{
	const struct cred *old;
	int err;

	memset(cd, 0, sizeof(*cd));
	cd->until = until;
	err = rdmactl_cm_root(&cd->root, until);
	if (err) {
		if (err == -ENOENT)
			NL_SET_ERR_MSG(extack, RDMACTL_CM_MISSING);
		else if (err == -EBUSY)
			NL_SET_ERR_MSG(extack, RDMACTL_MSG_CM_BUSY);
		return err;
	}
	strscpy(cd->name, name, sizeof(cd->name));
	/*
	 * What will remove the directory if we make it (nothing fails
	 * after), or one we made before whose removal we take over.
	 */
	cd->gone = rdmactl_cm_gone_get(name, last, until, &cd->made);
	err = PTR_ERR_OR_ZERO(cd->gone);
	/* Taken over, but removed meanwhile by someone else: made again. */
	if (cd->made && (d_unhashed(cd->made) || d_is_negative(cd->made))) {
		dput(cd->made);
		cd->made = NULL;
	}
	if (!err && !cd->made) {
		old = override_creds(rdmactl_cm_cred);
		err = rdmactl_cm_mkdir(&cd->root, name, &cd->made, until);
		revert_creds(old);
	}
	if (err) {
		/* make_cma_dev() says -ENODEV for a device rdma_cm lacks. */
		if (err == -ENODEV)
			NL_SET_ERR_MSG(extack, RDMACTL_MSG_CM_NOT_ATTACHED);
		else if (err == -EBUSY)
			NL_SET_ERR_MSG(extack, RDMACTL_MSG_CM_BUSY);
		else if (err == -ENOMEM)
			NL_SET_ERR_MSG(extack, RDMACTL_MSG_CM_NOMEM);
		else if (err != -EINTR)
			rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_CM_MKDIR, err);
		if (!IS_ERR(cd->gone))
			rdmactl_cm_gone_put(cd->gone);
		dput(cd->root.dentry);
	}
	return err;
}

/*
 * For a GET: rdma_cm's directory of a device as it is, made by nobody;
 * reading it fails with -ENOENT when it is not there. Takes no lock, and
 * waits for configfs's directory locks until jiffies reach until.
 */
int rdmactl_cm_open_existing(struct rdmactl_cm_dev *cd, const char *name, unsigned long until)
{
	memset(cd, 0, sizeof(*cd));
	strscpy(cd->name, name, sizeof(cd->name));
	cd->until = until;
	return rdmactl_cm_root(&cd->root, cd->until);
}

/* When a GET's reading of a device gives up: RDMACTL_CM_GET_WAIT_MS from now. */
unsigned long rdmactl_cm_get_until(void)
{
	return jiffies + msecs_to_jiffies(RDMACTL_CM_GET_WAIT_MS);
}

/*
 * Done with the directory: one we made is removed (cm-gone.c), which takes
 * cd's reference to rdma_cm/; normally gone when this returns.
 */
void rdmactl_cm_close(struct rdmactl_cm_dev *cd)
{
	if (cd->made) {
		rdmactl_cm_gone_queue(cd->gone, &cd->root, cd->made, cd->name, rdmactl_cm_cred);
		return;
	}
	rdmactl_cm_gone_put(cd->gone);
	dput(cd->root.dentry);
}

/*
 * Open <dev>/ports/<port>/<attr> under rdma_cm/, a name at a time, each
 * looked up with its directory locked until cd->until at most: a path
 * walk would wait without a bound for a directory whose listing someone
 * holds while another's mkdir there queues for it.
 */
static struct file *rdmactl_cm_open_attr(struct rdmactl_cm_dev *cd, u32 port,
					 const char *attr, int flags)
{
	char num[12];
	const char *const names[] = { cd->name, "ports", num, attr };
	struct path p = { .mnt = cd->root.mnt, .dentry = dget(cd->root.dentry) };
	struct dentry *d;
	struct file *f;
	unsigned int i;

	snprintf(num, sizeof(num), "%u", port);
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		d = rdmactl_lookup_bounded(p.dentry, names[i], cd->until);
		dput(p.dentry);
		if (IS_ERR(d))
			return ERR_CAST(d);
		p.dentry = d;
	}
	/* dentry_open() takes its own reference to the path. */
	f = dentry_open(&p, flags, current_cred());
	dput(p.dentry);
	return f;
}

/* Read (buf receives the text) or write (buf is the text) one attribute. */
static int rdmactl_cm_io(struct rdmactl_cm_dev *cd, u32 port, const char *attr,
			 char *buf, size_t size, bool write)
{
	const struct cred *old;
	struct file *f;
	loff_t pos = 0;
	ssize_t n;

	old = override_creds(rdmactl_cm_cred);
	f = rdmactl_cm_open_attr(cd, port, attr, write ? O_WRONLY : O_RDONLY);
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

/*
 * rdma_cm's mode and ToS of a port, into s (its has gains both), or an
 * error and s as it was.
 */
int rdmactl_cm_read(struct rdmactl_cm_dev *cd, u32 port, struct rdmactl_roce_settings *s)
{
	char buf[32];
	u8 mode, tos;
	int err;

	err = rdmactl_cm_io(cd, port, "default_roce_mode", buf, sizeof(buf), false);
	if (err)
		return err;
	if (sysfs_streq(buf, rdmactl_cm_mode_str[RDMACTL_GID_TYPE_ROCE_V2]))
		mode = RDMACTL_GID_TYPE_ROCE_V2;
	else if (sysfs_streq(buf, rdmactl_cm_mode_str[RDMACTL_GID_TYPE_ROCE_V1]))
		mode = RDMACTL_GID_TYPE_ROCE_V1;
	else
		return -EPROTO;

	err = rdmactl_cm_io(cd, port, "default_roce_tos", buf, sizeof(buf), false);
	if (!err)
		err = kstrtou8(buf, 0, &tos);
	if (err)
		return err;
	s->has |= RDMACTL_ROCE_HAS_MODE | RDMACTL_ROCE_HAS_TOS;
	s->mode = mode;
	s->tos = tos;
	return 0;
}

/* The mode and ToS s has, the mode first; the profile is not rdma_cm's. */
int rdmactl_cm_write(struct rdmactl_cm_dev *cd, u32 port, const struct rdmactl_roce_settings *s)
{
	char buf[8];
	int err = 0;

	if (s->has & RDMACTL_ROCE_HAS_MODE) {
		/* ROCE_SET's parse gave v1 or v2: anything else is a caller's bug. */
		if (WARN_ON_ONCE(s->mode >= ARRAY_SIZE(rdmactl_cm_mode_str) ||
				 !rdmactl_cm_mode_str[s->mode]))
			return -EINVAL;
		err = rdmactl_cm_io(cd, port, "default_roce_mode",
				    (char *)rdmactl_cm_mode_str[s->mode], 0, true);
	}
	if (!err && (s->has & RDMACTL_ROCE_HAS_TOS)) {
		snprintf(buf, sizeof(buf), "%u", s->tos);
		err = rdmactl_cm_io(cd, port, "default_roce_tos", buf, 0, true);
	}
	return err;
}

/*
 * Load rdma_cm and mount configfs at load (insmod ignores the soft
 * dependency), never from a request. Not fatal: without rdma_cm there are
 * no RoCE defaults to keep, and its loading later is noticed.
 */
int rdmactl_cm_init(void)
{
	rdmactl_cm_cred = prepare_kernel_cred(&init_task);
	if (!rdmactl_cm_cred)
		return -ENOMEM;
	if (rdmactl_cm_gone_init()) {
		put_cred(rdmactl_cm_cred);
		return -ENOMEM;
	}
	if (request_module("rdma_cm"))
		pr_info("rdma_cm is not loaded: RoCE settings need it\n");
	rdmactl_cm_mount();
	return 0;
}

void rdmactl_cm_exit(void)
{
	rdmactl_cm_gone_exit();
	if (rdmactl_cm_mnt) {
		kern_unmount(rdmactl_cm_mnt);
		rdmactl_cm_mnt = NULL;
	}
	put_cred(rdmactl_cm_cred);
}
