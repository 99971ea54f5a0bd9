/* SPDX-License-Identifier: GPL-2.0 */
/* What the files of rdmactl_kunit.ko share (main.c says what they test). */
#ifndef _RDMACTL_KUNIT_H
#define _RDMACTL_KUNIT_H

#include <kunit/test.h>

#include "../core.h"

/* Before KUnit's own (5.18), the NULL checks spelled out. */
#ifndef KUNIT_EXPECT_NOT_NULL
#define KUNIT_EXPECT_NULL(test, ptr) KUNIT_EXPECT_TRUE(test, (ptr) == NULL)
#define KUNIT_EXPECT_NOT_NULL(test, ptr) KUNIT_EXPECT_TRUE(test, (ptr) != NULL)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, fmt, ...)				\
	KUNIT_EXPECT_TRUE_MSG(test, (ptr) != NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_NULL(test, ptr) KUNIT_ASSERT_TRUE(test, (ptr) != NULL)
#endif

/*
 * A message cut short: an skb with room for room bytes and no more, for a
 * fill to find it has not room for all of it, wherever that falls.
 */
static inline struct sk_buff *kt_skb_room(struct kunit *test, int room)
{
	struct sk_buff *skb = alloc_skb(room + 64, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb_put(skb, skb_tailroom(skb) - room);
	return skb;
}

extern struct kunit_suite rdmactl_policy_suite;
extern struct kunit_suite rdmactl_modes_suite;
extern struct kunit_suite rdmactl_counters_suite;
extern struct kunit_suite rdmactl_types_suite;
extern struct kunit_suite rdmactl_events_suite;
extern struct kunit_suite rdmactl_messages_suite;
extern struct kunit_suite rdmactl_ipoib_suite;

#endif /* _RDMACTL_KUNIT_H */
