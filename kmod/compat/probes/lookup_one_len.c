// SPDX-License-Identifier: GPL-2.0
/*
 * Up to 6.15: lookup_one_len() and lookup_positive_unlocked() take a
 * name and its length. The form that 6.16 renamed (lookup_noperm);
 * probed so that a kernel with neither stops the build.
 */
#include <linux/namei.h>

struct dentry *(*probe_locked)(const char *, struct dentry *, int) = lookup_one_len;
struct dentry *(*probe_unlocked)(const char *, struct dentry *, int) = lookup_positive_unlocked;
