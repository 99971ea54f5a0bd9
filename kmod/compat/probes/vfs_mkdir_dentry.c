// SPDX-License-Identifier: GPL-2.0
/*
 * 6.15: vfs_mkdir() returns the dentry of the new directory, which may
 * not be the one it was given: when it is another, or an error, the one
 * given has been put (dput()). The caller still unlocks the parent.
 */
#include <linux/fs.h>
#include <linux/mnt_idmapping.h>

struct dentry *(*probe)(struct mnt_idmap *, struct inode *, struct dentry *, umode_t) = vfs_mkdir;
