// SPDX-License-Identifier: GPL-2.0
/*
 * IPOIB_SET's jobs (ipoib-set.c): which of them a generic netlink
 * socket's release is about. netlink_release() frees the socket's portid
 * before it tells the notifier chain, and may wait for genetlink's
 * cb_lock in between: a new socket may meanwhile bind the same portid and
 * ask for a job, which that late notice must leave alone.
 */
#include <linux/netlink.h>

#include "kunit.h"
#include "../ipoib.h"

static void rdmactl_ipoib_release_reused(struct kunit *test)
{
	struct rdmactl_ipoib_job job = {
		.asker_net = &init_net, .portid = 4242, .waited = true,
	};
	struct netlink_notify n = {
		.net = &init_net, .portid = 4242, .protocol = NETLINK_GENERIC,
	};

	/* A request waits for it: its socket is open, the notice an older one's. */
	KUNIT_EXPECT_FALSE(test, rdmactl_ipoib_job_released(&job, &n));
	/* Kept for asking again, its request gone: the notice is its socket's. */
	job.waited = false;
	KUNIT_EXPECT_TRUE(test, rdmactl_ipoib_job_released(&job, &n));
}

static void rdmactl_ipoib_release_others(struct kunit *test)
{
	struct net *other = kunit_kzalloc(test, sizeof(*other), GFP_KERNEL);
	struct rdmactl_ipoib_job job = { .asker_net = &init_net, .portid = 4242 };
	struct netlink_notify n = {
		.net = &init_net, .portid = 4243, .protocol = NETLINK_GENERIC,
	};

	KUNIT_ASSERT_NOT_NULL(test, other);
	KUNIT_EXPECT_FALSE(test, rdmactl_ipoib_job_released(&job, &n));
	n.portid = 4242;
	n.net = other;
	KUNIT_EXPECT_FALSE(test, rdmactl_ipoib_job_released(&job, &n));
	/* Told once already: an orphan is its worker's to free. */
	n.net = &init_net;
	job.orphaned = true;
	KUNIT_EXPECT_FALSE(test, rdmactl_ipoib_job_released(&job, &n));
}

static struct kunit_case rdmactl_ipoib_cases[] = {
	KUNIT_CASE(rdmactl_ipoib_release_reused),
	KUNIT_CASE(rdmactl_ipoib_release_others),
	{}
};

struct kunit_suite rdmactl_ipoib_suite = {
	.name = "rdmactl_ipoib_jobs",
	.test_cases = rdmactl_ipoib_cases,
};
