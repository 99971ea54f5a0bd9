// SPDX-License-Identifier: GPL-2.0
/*
 * 6.19: vfs_mkdir() takes a struct delegated_inode * (NULL: fail rather
 * than wait for a delegation break on the parent). In the same release,
 * when it fails it also unlocks the parent, besides putting the dentry it
 * was given (porting.rst: its result goes to end_creating()).
 */
#include <linux/fs.h>
#include <linux/mnt_idmapping.h>

struct dentry *(*probe)(struct mnt_idmap *, struct inode *, struct dentry *, umode_t,
			struct delegated_inode *) = vfs_mkdir;
