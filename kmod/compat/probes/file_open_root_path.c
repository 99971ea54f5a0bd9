// SPDX-License-Identifier: GPL-2.0
/* 5.15: file_open_root() takes a const struct path *, not a dentry and a mount. */
#include <linux/fs.h>

struct file *(*probe)(const struct path *, const char *, int, umode_t) = file_open_root;
