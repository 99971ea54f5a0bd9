// SPDX-License-Identifier: GPL-2.0
/*
 * 6.19: vfs_rmdir() takes a struct delegated_inode * (NULL: fail rather
 * than wait for a delegation break on the parent).
 */
#include <linux/fs.h>
#include <linux/mnt_idmapping.h>

int (*probe)(struct mnt_idmap *, struct inode *, struct dentry *,
	     struct delegated_inode *) = vfs_rmdir;
