// SPDX-License-Identifier: GPL-2.0
/*
 * Before 5.15: file_open_root(dentry, mnt, name, flags, mode). The form
 * that 5.15 changed (file_open_root_path); probed so that a kernel with
 * neither stops the build.
 */
#include <linux/fs.h>

struct file *(*probe)(struct dentry *, struct vfsmount *, const char *, int, umode_t) =
	file_open_root;
