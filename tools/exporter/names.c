// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Counter names. node_exporter's infiniband collector (1.5, Debian 12's;
 * the names have not changed since) reads sysfs ports/N/counters/ and
 * names each file's metric as below; Documentation/exporter.md has the
 * table. Its data counters are bytes (the 4-octet words times 4), as ours.
 * A driver counter with a meaning (rdmactl_counter_meaning()) is named by
 * it, the same for every driver; any other by its own name.
 */
#include <stdio.h>
#include <string.h>

#include "names.h"

static const struct {
	const char *pma, *node;
} node_names[] = {
	{ "excessive_buffer_overrun_errors", "node_infiniband_excessive_buffer_overrun_errors" },
	{ "link_downed", "node_infiniband_link_downed" },
	{ "link_error_recovery", "node_infiniband_link_error_recovery" },
	{ "local_link_integrity_errors", "node_infiniband_local_link_integrity_errors" },
	{ "multicast_rcv_packets", "node_infiniband_multicast_packets_received" },
	{ "multicast_xmit_packets", "node_infiniband_multicast_packets_transmitted" },
	{ "port_rcv_constraint_errors", "node_infiniband_port_constraint_errors_received" },
	{ "port_xmit_constraint_errors", "node_infiniband_port_constraint_errors_transmitted" },
	{ "port_rcv_data", "node_infiniband_port_data_received_bytes" },
	{ "port_xmit_data", "node_infiniband_port_data_transmitted_bytes" },
	{ "port_xmit_discards", "node_infiniband_port_discards_transmitted" },
	{ "port_rcv_errors", "node_infiniband_port_errors_received" },
	{ "port_rcv_packets", "node_infiniband_port_packets_received" },
	{ "port_xmit_packets", "node_infiniband_port_packets_transmitted" },
	{ "port_xmit_wait", "node_infiniband_port_transmit_wait" },
	{ "port_rcv_remote_physical_errors", "node_infiniband_port_receive_remote_physical_errors" },
	{ "port_rcv_switch_relay_errors", "node_infiniband_port_receive_switch_relay_errors" },
	{ "symbol_error", "node_infiniband_symbol_error" },
	{ "unicast_rcv_packets", "node_infiniband_unicast_packets_received" },
	{ "unicast_xmit_packets", "node_infiniband_unicast_packets_transmitted" },
	{ "VL15_dropped", "node_infiniband_vl15_dropped" },
};

/* Every PMA counter rdmactl.ko reads (kmod/pma.c). */
static const char *const pma_names[] = {
	"symbol_error", "link_error_recovery", "link_downed", "port_rcv_errors",
	"port_rcv_remote_physical_errors", "port_rcv_switch_relay_errors", "port_xmit_discards",
	"port_xmit_constraint_errors", "port_rcv_constraint_errors", "local_link_integrity_errors",
	"excessive_buffer_overrun_errors", "VL15_dropped", "port_xmit_data", "port_rcv_data",
	"port_xmit_packets", "port_rcv_packets", "port_xmit_wait", "unicast_xmit_packets",
	"unicast_rcv_packets", "multicast_xmit_packets", "multicast_rcv_packets",
};

bool exp_is_pma_name(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(pma_names) / sizeof(pma_names[0]); i++)
		if (!strcmp(pma_names[i], name))
			return true;
	return false;
}

const char *exp_node_counter_name(const struct rdmactl_counter *c)
{
	size_t i;

	if (c->source != RDMACTL_SOURCE_PMA)
		return NULL;
	for (i = 0; i < sizeof(node_names) / sizeof(node_names[0]); i++)
		if (!strcmp(node_names[i].pma, c->name))
			return node_names[i].node;
	return NULL;
}

bool exp_counter_name(char *out, size_t size, const struct rdmactl_counter *c,
		      const char *driver, bool node_names)
{
	const char *node = node_names ? exp_node_counter_name(c) : NULL;
	const char *meaning = c->source != RDMACTL_SOURCE_PMA ?
			      rdmactl_counter_meaning(driver, c->name) : NULL;
	size_t len, i;

	if (node) {
		snprintf(out, size, "%s", node);
		return true;
	}
	if (meaning) {
		snprintf(out, size, EXP_MEANING_PREFIX "%s", meaning);
		return false;
	}
	/* A driver counter named as a PMA one (rxe's link_downed) is told apart. */
	len = snprintf(out, size, "rdma_%s",
		       c->source != RDMACTL_SOURCE_PMA && exp_is_pma_name(c->name) ? "hw_" : "");
	for (i = 0; c->name[i] && len + 1 < size; i++) {
		char ch = c->name[i];

		if (ch >= 'A' && ch <= 'Z')
			ch += 'a' - 'A';
		else if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_'))
			ch = '_';
		out[len++] = ch;
	}
	out[len] = '\0';
	if (c->unit == RDMACTL_UNIT_OCTETS_4)
		snprintf(out + len, size - len, "_bytes");
	return false;
}

void exp_counter_help(char *out, size_t size, const char *family, const struct rdmactl_counter *c)
{
	if (!strncmp(family, EXP_MEANING_PREFIX, strlen(EXP_MEANING_PREFIX)))
		snprintf(out, size, "Driver counters meaning %s, whatever the driver names them (rdma_metric's counter label).",
			 family + strlen(EXP_MEANING_PREFIX));
	else
		snprintf(out, size, "%s counter %s%s.",
			 c->source == RDMACTL_SOURCE_PMA ? "The IB PMA's" :
			 c->source == RDMACTL_SOURCE_DRIVER ? "The driver's port" : "The driver's device",
			 c->name, c->unit == RDMACTL_UNIT_OCTETS_4 ? ", in bytes" : "");
}
