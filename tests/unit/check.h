/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The smallest test harness: CHECK() each claim, end with return DONE(). */
#ifndef RDMACTL_TEST_CHECK_H
#define RDMACTL_TEST_CHECK_H

#include <stdio.h>

static int t_passed, t_failed;

#define CHECK(cond, ...)						\
	do {								\
		if (cond) {						\
			t_passed++;					\
			printf("ok - " __VA_ARGS__);			\
			printf("\n");					\
		} else {						\
			t_failed++;					\
			printf("not ok - %s:%d: ", __FILE__, __LINE__);	\
			printf(__VA_ARGS__);				\
			printf(" [%s]\n", #cond);			\
		}							\
	} while (0)

#define DONE() (printf("%d passed, %d failed\n", t_passed, t_failed), t_failed ? 1 : 0)

#endif
