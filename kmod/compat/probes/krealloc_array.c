// SPDX-License-Identifier: GPL-2.0
/* 5.12: krealloc_array(), krealloc() of n elements with an overflow check. */
#include <linux/slab.h>

void *probe(void *p, size_t n);
void *probe(void *p, size_t n)
{
	return krealloc_array(p, n, 8, GFP_KERNEL);
}
