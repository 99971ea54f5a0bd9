// SPDX-License-Identifier: GPL-2.0
/* 6.7: dumps see their request through genl_info_dump(), not ->attrs. */
#include <net/genetlink.h>

const struct genl_info *probe(struct netlink_callback *cb);
const struct genl_info *probe(struct netlink_callback *cb)
{
	return genl_info_dump(cb);
}
