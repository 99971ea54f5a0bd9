// SPDX-License-Identifier: GPL-2.0
/* 6.3: vfs_mkdir() takes a struct mnt_idmap, not a user_namespace. */
#include <linux/fs.h>
#include <linux/mnt_idmapping.h>

int (*probe)(struct mnt_idmap *, struct inode *, struct dentry *, umode_t) = vfs_mkdir;
