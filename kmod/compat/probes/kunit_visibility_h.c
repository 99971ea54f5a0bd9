// SPDX-License-Identifier: GPL-2.0
/* 6.2: <kunit/visibility.h>, VISIBLE_IF_KUNIT and EXPORT_SYMBOL_IF_KUNIT. */
#include <linux/export.h>
#include <kunit/visibility.h>

VISIBLE_IF_KUNIT int probe(void);
VISIBLE_IF_KUNIT int probe(void)
{
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(probe);

int (*probe_ref)(void) = probe;
