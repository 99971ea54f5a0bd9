// SPDX-License-Identifier: GPL-2.0
/*
 * Before 6.13: a symbol namespace is named by an identifier,
 * MODULE_IMPORT_NS(NS); 6.13 made it a string literal,
 * MODULE_IMPORT_NS("NS"). This compiles only with the identifier.
 */
#include <linux/module.h>

MODULE_IMPORT_NS(RDMACTL_PROBE_NS);
