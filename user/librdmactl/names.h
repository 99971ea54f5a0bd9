/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * librdmactl's names of the uapi enums. Part of <librdmactl.h>, which
 * includes it.
 */
#ifndef LIBRDMACTL_H_INSIDE
#error "<librdmactl/names.h> is part of <librdmactl.h>: include <librdmactl.h> instead"
#elif !defined(LIBRDMACTL_NAMES_H)
#define LIBRDMACTL_NAMES_H

/* Names of the uapi enums, as the CLI prints them: "ACTIVE", "LINK_UP"... */
const char *rdmactl_port_state_name(uint8_t state);
const char *rdmactl_port_phys_state_name(uint8_t phys_state);
const char *rdmactl_link_layer_name(uint8_t link_layer);
const char *rdmactl_node_type_name(uint8_t node_type);
const char *rdmactl_port_speed_name(uint32_t speed);
const char *rdmactl_pma_set_name(uint8_t pma_set);
const char *rdmactl_counter_source_name(uint8_t source);
const char *rdmactl_counter_unit_name(uint8_t unit);
const char *rdmactl_ipoib_mode_name(uint8_t mode);
/* "ib", "v1", "v2": the words the CLI takes too. */
const char *rdmactl_gid_type_name(uint8_t type);
/* "dscp", "pcp" (LIBRDMACTL_1.6) */
const char *rdmactl_roce_trust_name(uint8_t trust);

#endif /* LIBRDMACTL_NAMES_H */
