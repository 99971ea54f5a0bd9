// SPDX-License-Identifier: GPL-2.0
/*
 * 6.19: start_creating()/end_creating(), from the series (fe497f0759e0)
 * that made vfs_mkdir() unlock the parent when it fails: what
 * end_creating() of its result relies on. vfs.h checks that a kernel
 * whose vfs_mkdir() takes a delegated_inode has these too.
 */
#include <linux/namei.h>

void (*probe)(struct dentry *) = end_creating;
