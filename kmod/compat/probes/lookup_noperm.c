// SPDX-License-Identifier: GPL-2.0
/*
 * 6.16: lookup_one_len() and lookup_positive_unlocked() became
 * lookup_noperm() and lookup_noperm_positive_unlocked(), which take a
 * struct qstr and check no permission on the parent.
 */
#include <linux/namei.h>

struct dentry *(*probe_locked)(struct qstr *, struct dentry *) = lookup_noperm;
struct dentry *(*probe_unlocked)(struct qstr *, struct dentry *) =
	lookup_noperm_positive_unlocked;
