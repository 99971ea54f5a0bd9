// SPDX-License-Identifier: GPL-2.0
/*
 * Up to 6.15: lookup_one_len() takes a name and its length, and the
 * dcache alone is asked with d_hash_and_lookup(), exported until 7.x.
 * The forms that 6.16 renamed (lookup_noperm); probed so that a kernel
 * with neither stops the build.
 * symbol: d_hash_and_lookup
 */
#include <linux/dcache.h>
#include <linux/namei.h>

struct dentry *(*probe_locked)(const char *, struct dentry *, int) = lookup_one_len;
struct dentry *(*probe_cached)(struct dentry *, struct qstr *) = d_hash_and_lookup;
