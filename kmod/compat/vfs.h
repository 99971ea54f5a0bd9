/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The VFS calls cm.c makes on its own mount of configfs: look a name up,
 * make and remove a directory, each with the directory's lock taken for a
 * bounded time (rdmactl_dir_lock()).
 * Each changed upstream, some more than once; a probe in probes/ names
 * each form (see its top comment), and a kernel with none of the known
 * forms of a call stops the build here rather than compile another.
 *
 *   vfs_mkdir()   up to 5.11  (dir, dentry, mode)                 vfs_mkdir_pre_userns
 *                 5.12        (user_namespace, dir, dentry, mode)  vfs_mkdir_userns
 *                 6.3         (mnt_idmap, dir, dentry, mode)       vfs_mkdir_idmap
 *                 6.15        returns the new dentry               vfs_mkdir_dentry
 *                 6.19        + delegated_inode; unlocks on error  vfs_mkdir_delegated
 *   vfs_rmdir()   up to 5.11  (dir, dentry)                        vfs_rmdir_pre_userns
 *                 5.12        (user_namespace, dir, dentry)        vfs_rmdir_userns
 *                 6.3         (mnt_idmap, dir, dentry)             vfs_rmdir_idmap
 *                 6.19        + delegated_inode                    vfs_rmdir_delegated
 *   lookups       up to 6.15  lookup_one_len(name, base, len),     lookup_one_len
 *                             d_hash_and_lookup(base, qstr)
 *                 6.16        lookup_noperm(qstr, base),           lookup_noperm
 *                             try_lookup_noperm(qstr, base)
 */
#ifndef _RDMACTL_COMPAT_VFS_H
#define _RDMACTL_COMPAT_VFS_H

#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/lockdep.h>
#include <linux/namei.h>
#include <linux/sched/signal.h>
#include <linux/string.h>

/*
 * Two 6.19 changes, the delegated_inode argument and vfs_mkdir()
 * unlocking the parent on failure, came in one release; the second is
 * not visible in a signature, so it is taken from end_creating(), of its
 * series. A kernel with one and not the other is refused.
 */
#if defined(HAVE_VFS_MKDIR_DELEGATED) && !defined(HAVE_END_CREATING)
#error "rdmactl: vfs_mkdir() takes a delegated_inode but there is no end_creating()"
#endif

#if defined(HAVE_VFS_MKDIR_IDMAP) || defined(HAVE_VFS_MKDIR_DENTRY) || \
	defined(HAVE_VFS_MKDIR_DELEGATED) || defined(HAVE_VFS_RMDIR_IDMAP) || \
	defined(HAVE_VFS_RMDIR_DELEGATED)
#include <linux/mnt_idmapping.h>
#endif
#if defined(HAVE_VFS_MKDIR_USERNS) || defined(HAVE_VFS_RMDIR_USERNS)
#include <linux/user_namespace.h>
#endif

/*
 * The entry name in parent, whose inode the caller holds locked: a
 * reference to its dentry, negative when there is no such entry.
 */
static inline struct dentry *rdmactl_lookup_locked(struct dentry *parent, const char *name)
{
#if defined(HAVE_LOOKUP_NOPERM)
	struct qstr q = QSTR_INIT(name, strlen(name));

	return lookup_noperm(&q, parent);
#elif defined(HAVE_LOOKUP_ONE_LEN)
	return lookup_one_len(name, parent, strlen(name));
#else
#error "rdmactl: no known form of lookup_one_len()/lookup_noperm() (probes lookup_*)"
#endif
}

/*
 * vfs_mkdir() of child, negative, in dir, which the caller has locked:
 * on every path child's reference is dropped and dir unlocked; on success
 * *made is a reference to the directory made (child, or from 6.15 the
 * dentry vfs_mkdir() returns).
 */
static inline int rdmactl_vfs_mkdir_unlock(struct inode *dir, struct dentry *child,
					   umode_t mode, struct dentry **made)
{
#if defined(HAVE_VFS_MKDIR_DELEGATED)
	struct dentry *d = vfs_mkdir(&nop_mnt_idmap, dir, child, mode, NULL);

	/* On error vfs_mkdir() has put child and unlocked dir. */
	if (IS_ERR(d))
		return PTR_ERR(d);
	*made = d;
	inode_unlock(dir);
	return 0;
#elif defined(HAVE_VFS_MKDIR_DENTRY)
	/* Either child or, having put child, another dentry or an error. */
	struct dentry *d = vfs_mkdir(&nop_mnt_idmap, dir, child, mode);

	inode_unlock(dir);
	if (IS_ERR(d))
		return PTR_ERR(d);
	*made = d;
	return 0;
#else
#if defined(HAVE_VFS_MKDIR_IDMAP)
	int err = vfs_mkdir(&nop_mnt_idmap, dir, child, mode);
#elif defined(HAVE_VFS_MKDIR_USERNS)
	int err = vfs_mkdir(&init_user_ns, dir, child, mode);
#elif defined(HAVE_VFS_MKDIR_PRE_USERNS)
	int err = vfs_mkdir(dir, child, mode);
#else
#error "rdmactl: no known form of vfs_mkdir() (probes vfs_mkdir_*)"
#endif

	inode_unlock(dir);
	if (err) {
		dput(child);
		return err;
	}
	*made = child;
	return 0;
#endif
}

/* vfs_rmdir() of child, positive, in dir, which the caller has locked. */
static inline int rdmactl_vfs_rmdir(struct inode *dir, struct dentry *child)
{
#if defined(HAVE_VFS_RMDIR_DELEGATED)
	return vfs_rmdir(&nop_mnt_idmap, dir, child, NULL);
#elif defined(HAVE_VFS_RMDIR_IDMAP)
	return vfs_rmdir(&nop_mnt_idmap, dir, child);
#elif defined(HAVE_VFS_RMDIR_USERNS)
	return vfs_rmdir(&init_user_ns, dir, child);
#elif defined(HAVE_VFS_RMDIR_PRE_USERNS)
	return vfs_rmdir(dir, child);
#else
#error "rdmactl: no known form of vfs_rmdir() (probes vfs_rmdir_*)"
#endif
}

/*
 * Lock dir as the parent of a change, as inode_lock_nested(dir,
 * I_MUTEX_PARENT) does, but waiting only until jiffies reach until and
 * never past a kill: -EBUSY or -EINTR. Anyone who may list dir can hold
 * its lock, shared, for as long as a read into a FUSE or userfaultfd
 * buffer lasts, and the callers hold generic netlink's cb_lock or are
 * work that unload waits for.
 */
static inline int rdmactl_inode_trylock(void *dir)
{
	return inode_trylock(dir);
}

static inline int rdmactl_dir_lock(struct inode *dir, unsigned long until)
{
	int err = rdmactl_lock_until(rdmactl_inode_trylock, dir, until);

	if (err)
		return err == -EAGAIN ? -EBUSY : err;
	lock_set_subclass(&dir->i_rwsem.dep_map, I_MUTEX_PARENT, _RET_IP_);
	return 0;
}

/* The entry name in parent from the dcache alone, taking no lock: a reference, NULL or -errno. */
static inline struct dentry *rdmactl_lookup_cached(struct dentry *parent, const char *name)
{
	struct qstr q = QSTR_INIT(name, strlen(name));

#if defined(HAVE_LOOKUP_NOPERM)
	return try_lookup_noperm(&q, parent);
#elif defined(HAVE_LOOKUP_ONE_LEN)
	return d_hash_and_lookup(parent, &q);
#endif
}

/*
 * The entry name in parent, positive or negative, with parent locked
 * (rdmactl_dir_lock(), for at most until), or an error with it unlocked.
 */
static inline struct dentry *rdmactl_lookup_locking(struct dentry *parent, const char *name,
						    unsigned long until)
{
	struct inode *dir = d_inode(parent);
	struct dentry *child;
	int err;

	err = rdmactl_dir_lock(dir, until);
	if (err)
		return ERR_PTR(err);
	child = rdmactl_lookup_locked(parent, name);
	if (IS_ERR(child))
		inode_unlock(dir);
	return child;
}

/*
 * The entry name in parent, positive, looked up with parent locked for at
 * most until: a reference, -ENOENT, -EBUSY or -EINTR. A path walk would
 * wait for the lock without a bound when the entry is not in the dcache
 * (configfs keeps no attribute's dentry).
 */
static inline struct dentry *rdmactl_lookup_bounded(struct dentry *parent, const char *name,
						    unsigned long until)
{
	struct dentry *child = rdmactl_lookup_cached(parent, name);

	/* configfs keeps its directories' dentries: no lock for those. */
	if (!IS_ERR_OR_NULL(child) && d_is_positive(child))
		return child;
	if (!IS_ERR_OR_NULL(child))
		dput(child);
	child = rdmactl_lookup_locking(parent, name, until);
	if (IS_ERR(child))
		return child;
	inode_unlock(d_inode(parent));
	if (d_is_negative(child)) {
		dput(child);
		return ERR_PTR(-ENOENT);
	}
	return child;
}

/*
 * Make directory name in parent unless it exists, on a mount the caller
 * holds write access to: 1 when it made it (*made a reference to it), 0
 * when it was there, or -errno (-EBUSY: parent stayed locked by others
 * past jiffies until).
 */
static inline int rdmactl_mkdir(struct dentry *parent, const char *name, umode_t mode,
				unsigned long until, struct dentry **made)
{
	struct dentry *child = rdmactl_lookup_locking(parent, name, until);
	int err;

	if (IS_ERR(child))
		return PTR_ERR(child);
	if (d_is_positive(child)) {
		dput(child);
		inode_unlock(d_inode(parent));
		return 0;
	}
	err = rdmactl_vfs_mkdir_unlock(d_inode(parent), child, mode, made);
	return err ? err : 1;
}

/*
 * Remove directory name from parent if it is there and is made (the
 * dentry it was made as: not another made since under its name), on a
 * mount the caller holds write access to: 0 or -errno. -EAGAIN when
 * parent stayed locked past jiffies until, when the directory itself is
 * locked now (a listing of it), or when busy(made), asked with both
 * locked, says a directory configfs's rmdir locks inside it (rdma_cm's
 * ports/ and ports/N/) is; vfs_rmdir()'s own errors as they are. A
 * listing begun between that look and vfs_rmdir()'s and configfs's locks
 * still holds the rmdir, without a bound: only work that holds no lock
 * of a request calls this.
 */
static inline int rdmactl_rmdir(struct dentry *parent, const char *name, struct dentry *made,
				int (*busy)(struct dentry *dir), unsigned long until)
{
	struct dentry *child = rdmactl_lookup_locking(parent, name, until);
	int err = 0;

	if (IS_ERR(child))
		return PTR_ERR(child) == -EBUSY ? -EAGAIN : PTR_ERR(child);
	if (child == made && d_is_positive(child)) {
		if (inode_trylock(d_inode(child))) {
			err = busy(child);
			inode_unlock(d_inode(child));
			if (!err)
				err = rdmactl_vfs_rmdir(d_inode(parent), child);
		} else {
			err = -EAGAIN;
		}
	}
	dput(child);
	inode_unlock(d_inode(parent));
	return err;
}

#endif /* _RDMACTL_COMPAT_VFS_H */
