// SPDX-License-Identifier: GPL-2.0
/*
 * Up to 5.11: vfs_rmdir(dir, dentry), no namespace. The form that 5.12
 * changed (vfs_rmdir_userns); probed so that a kernel with none of the
 * known forms stops the build.
 */
#include <linux/fs.h>

int (*probe)(struct inode *, struct dentry *) = vfs_rmdir;
