// SPDX-License-Identifier: GPL-2.0
/* 6.3: vfs_mkdir() and vfs_rmdir() take a struct mnt_idmap, not a user_namespace. */
#include <linux/fs.h>
#include <linux/mnt_idmapping.h>

int probe(struct inode *dir, struct dentry *dentry);
int probe(struct inode *dir, struct dentry *dentry)
{
	return vfs_mkdir(&nop_mnt_idmap, dir, dentry, 0755);
}
