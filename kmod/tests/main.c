// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suites for what rdmactl.ko does without a device: the netlink
 * policies (every attribute of the wrong type or length, or unknown, is
 * refused with an extack message naming it), the parsing of modes, the
 * PMA counter layout and its normalisation (widths, wrap, saturation,
 * bytes), the counter slot of every port (a switch's port 0 too), the
 * length of every formatted extack message, GID and RoCE type naming, and
 * the encoding of every event, and which IPOIB_SET job a socket's
 * release is about.
 *
 * Built only with RDMACTL_KUNIT=1 against a kernel with CONFIG_KUNIT (the
 * debug test kernel, RHEL 10's kernel-debug: tests/vm/rhel-kernel); never
 * installed. The suites
 * run when the module loads, after rdmactl.ko, whose functions they call
 * through the EXPORTED_FOR_KUNIT_TESTING namespace; results are in
 * /sys/kernel/debug/kunit/<suite>/results.
 *
 * One file a concern: policy.c, counters.c, events.c, ipoib.c; this one is the
 * module.
 */
#include <linux/module.h>

#include "kunit.h"

/*
 * MODULE_IMPORT_NS() took an identifier before 6.13 and a string literal
 * since; both become this.
 */
MODULE_INFO(import_ns, "EXPORTED_FOR_KUNIT_TESTING");

kunit_test_suites(&rdmactl_policy_suite, &rdmactl_modes_suite, &rdmactl_counters_suite,
		  &rdmactl_messages_suite, &rdmactl_types_suite, &rdmactl_events_suite,
		  &rdmactl_ipoib_suite);

MODULE_DESCRIPTION("KUnit tests of rdmactl.ko (test only, never installed)");
MODULE_LICENSE("GPL");
