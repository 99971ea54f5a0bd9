// SPDX-License-Identifier: GPL-2.0-or-later
/* The IPoIB interfaces' families: each one's port, P_Key, mode and MTU. */
#include <stdio.h>

#include "metrics.h"

void exp_ipoib_metrics(struct exp_out *o, const struct exp_snapshot *s)
{
	char pkey[8];
	size_t i;

	if (!s->num_ipoib)
		return;
	exp_family(o, "rdma_ipoib", EXP_INFO, "An IPoIB interface: its port, P_Key and mode.");
	for (i = 0; i < s->num_ipoib; i++) {
		const struct rdmactl_ipoib_info *ib = &s->ipoib[i];

		exp_begin(o, "rdma_ipoib", EXP_INFO);
		exp_label(o->b, "device", ib->dev_name);
		buf_printf(o->b, "port=\"%u\",", ib->port);
		exp_label(o->b, "interface", ib->ifname);
		snprintf(pkey, sizeof(pkey), "0x%04x", ib->pkey);
		exp_label(o->b, "pkey", pkey);
		exp_label(o->b, "mode", rdmactl_ipoib_mode_name(ib->mode));
		exp_end_u64(o->b, 1);
	}
	exp_family(o, "rdma_ipoib_mtu_bytes", EXP_GAUGE, "The IPoIB interface's MTU.");
	for (i = 0; i < s->num_ipoib; i++) {
		exp_begin(o, "rdma_ipoib_mtu_bytes", EXP_GAUGE);
		exp_label(o->b, "device", s->ipoib[i].dev_name);
		buf_printf(o->b, "port=\"%u\",", s->ipoib[i].port);
		exp_label(o->b, "interface", s->ipoib[i].ifname);
		exp_end_u64(o->b, s->ipoib[i].mtu);
	}
}
