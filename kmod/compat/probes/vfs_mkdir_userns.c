// SPDX-License-Identifier: GPL-2.0
/*
 * 5.12: vfs_mkdir() takes the user_namespace of the mount the directory
 * was found through (idmapped mounts), first.
 */
#include <linux/fs.h>

int (*probe)(struct user_namespace *, struct inode *, struct dentry *, umode_t) = vfs_mkdir;
