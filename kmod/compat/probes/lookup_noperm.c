// SPDX-License-Identifier: GPL-2.0
/*
 * 6.16: lookup_one_len() became lookup_noperm(), which takes a struct
 * qstr and checks no permission on the parent, and try_lookup_noperm()
 * asks the dcache alone, with no lock held.
 */
#include <linux/namei.h>

struct dentry *(*probe_locked)(struct qstr *, struct dentry *) = lookup_noperm;
struct dentry *(*probe_cached)(struct qstr *, struct dentry *) = try_lookup_noperm;
