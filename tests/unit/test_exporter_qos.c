// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmactl-exporter's RoCE QoS families (tools/exporter/qos.c) over a
 * snapshot of three RoCE ports as rdmactl_qos_list() hands them: a
 * lossless chain, one whose DSCP maps to a priority with PFC off, and rxe
 * over a veth, which has no DCB: its ToS and DSCP are exported, and no
 * priority, PFC nor lossless (absent, not 0), with the reason no-dcb.
 */
#define _GNU_SOURCE		/* vasprintf() */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "../../tools/exporter/metrics.h"

/* tools/exporter/main.c's, which the test does not link: the same buffer, grown by format.c. */
void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n >= 0 && exp_reserve(b, n + 1)) {
		memcpy(b->p + b->len, s, n + 1);
		b->len += n;
	}
	free(n >= 0 ? s : NULL);
}

static struct exp_port port(const char *dev, const char *ifname, uint8_t tos)
{
	struct exp_port p = {
		.info = { .port = 1, .link_layer = RDMACTL_LINK_LAYER_ETHERNET },
		.has_qos = true,
	};
	struct rdmactl_qos_info *q = &p.qos;

	snprintf(p.info.dev_name, sizeof(p.info.dev_name), "%s", dev);
	snprintf(q->dev_name, sizeof(q->dev_name), "%s", dev);
	snprintf(q->ifname, sizeof(q->ifname), "%s", ifname);
	q->port = 1;
	q->present = RDMACTL_QOS_HAS_TOS | RDMACTL_QOS_HAS_NETDEV | RDMACTL_QOS_HAS_DCB |
		     RDMACTL_QOS_HAS_APP | RDMACTL_QOS_HAS_TRUST;
	q->tos = tos;
	q->dscp = tos >> 2;
	q->ecn = tos & 3;
	q->prio = 3;
	q->pfc = 1;
	q->trust = RDMACTL_ROCE_TRUST_DSCP;
	return p;
}

/* Whether the scrape has line whole. */
static bool has(const char *text, const char *line)
{
	size_t n = strlen(line);
	const char *at;

	for (at = strstr(text, line); at; at = strstr(at + 1, line))
		if ((at == text || at[-1] == '\n') && at[n] == '\n')
			return true;
	return false;
}

static bool none(const char *text, const char *prefix)
{
	return !strstr(text, prefix);
}

/* mlx5_0 lossless, mlx5_1 with PFC off, rxe0 without DCB, fakeib0 without a QoS read. */
static void snapshot(struct exp_port ports[4], struct exp_snapshot *s)
{
	ports[0] = port("mlx5_0", "eth0", 106);
	ports[1] = port("mlx5_1", "eth1", 104);
	ports[1].qos.pfc = 0;
	ports[1].qos.lossy = RDMACTL_QOS_LOSSY_NO_PFC;
	ports[2] = port("rxe0", "veth0", 0);
	ports[2].qos.present = RDMACTL_QOS_HAS_TOS | RDMACTL_QOS_HAS_NETDEV;
	ports[2].qos.lossy = RDMACTL_QOS_LOSSY_NO_DCB;
	ports[3] = port("fakeib0", "ib0", 106);	/* what a try before left: not read now */
	ports[3].qos.lossy = RDMACTL_QOS_LOSSY_UNMAPPED;
	ports[3].has_qos = false;
	*s = (struct exp_snapshot){ .ports = ports, .num_ports = 4 };
}

/* The QoS families of s, in OpenMetrics (om) or the text format; free() it. */
static char *render(const struct exp_snapshot *s, bool om)
{
	struct buf b = { 0 };
	struct exp_out o = { .b = &b, .om = om };

	CHECK(exp_make_labels(&o, s), "the ports' labels");
	exp_qos_metrics(&o, s);
	buf_printf(&b, "%s", "");
	exp_free_labels(&o, s->num_ports);
	return b.p;
}

static void text(void)
{
	struct exp_port ports[4];
	struct exp_snapshot s;
	char *t;

	snapshot(ports, &s);
	t = render(&s, false);
	CHECK(has(t, "# TYPE rdma_roce_qos_lossless gauge") &&
	      has(t, "# TYPE rdma_roce_qos_lossy_reason gauge"), "gauges, in the text format");
	CHECK(has(t, "rdma_roce_qos_tos{device=\"mlx5_0\",port=\"1\",link_layer=\"Ethernet\"} 106") &&
	      has(t, "rdma_roce_qos_dscp{device=\"mlx5_0\",port=\"1\",link_layer=\"Ethernet\"} 26") &&
	      has(t, "rdma_roce_qos_priority{device=\"mlx5_0\",port=\"1\",link_layer=\"Ethernet\"} 3") &&
	      has(t, "rdma_roce_qos_pfc{device=\"mlx5_0\",port=\"1\",link_layer=\"Ethernet\"} 1") &&
	      has(t, "rdma_roce_qos_lossless{device=\"mlx5_0\",port=\"1\",link_layer=\"Ethernet\"} 1"),
	      "mlx5_0: ToS 106, DSCP 26, priority 3, PFC on, lossless 1");
	CHECK(has(t, "rdma_roce_qos_pfc{device=\"mlx5_1\",port=\"1\",link_layer=\"Ethernet\"} 0") &&
	      has(t, "rdma_roce_qos_lossless{device=\"mlx5_1\",port=\"1\",link_layer=\"Ethernet\"} 0") &&
	      has(t, "rdma_roce_qos_lossy_reason{device=\"mlx5_1\",port=\"1\",link_layer=\"Ethernet\",reason=\"no-pfc\"} 1"),
	      "mlx5_1: PFC off, lossless 0, reason no-pfc");
	CHECK(has(t, "rdma_roce_qos_tos{device=\"rxe0\",port=\"1\",link_layer=\"Ethernet\"} 0") &&
	      none(t, "rdma_roce_qos_priority{device=\"rxe0\"") &&
	      none(t, "rdma_roce_qos_pfc{device=\"rxe0\"") &&
	      none(t, "rdma_roce_qos_lossless{device=\"rxe0\"") &&
	      has(t, "rdma_roce_qos_lossy_reason{device=\"rxe0\",port=\"1\",link_layer=\"Ethernet\",reason=\"no-dcb\"} 1"),
	      "rxe0 without DCB: ToS 0, no priority, PFC or lossless, reason no-dcb");
	CHECK(none(t, "reason=\"no-dcb\"} 0") && none(t, "device=\"mlx5_0\",port=\"1\",link_layer=\"Ethernet\",reason"),
	      "no reason sample where it does not hold");
	CHECK(none(t, "fakeib0"), "nothing for a port without a QoS read");
	if (t_failed)
		printf("# the scrape:\n%s", t);
	free(t);
}

/* In OpenMetrics, the families alike (gauges have no suffix); a ToS nobody knows. */
static void unknown_tos(void)
{
	struct exp_port ports[4];
	struct exp_snapshot s;
	char *t;

	snapshot(ports, &s);
	ports[0].qos.present &= ~RDMACTL_QOS_HAS_TOS;
	ports[0].qos.lossy = RDMACTL_QOS_LOSSY_NO_TOS;
	t = render(&s, true);
	CHECK(has(t, "# TYPE rdma_roce_qos_lossless gauge") &&
	      none(t, "rdma_roce_qos_tos{device=\"mlx5_0\"") &&
	      none(t, "rdma_roce_qos_lossless{device=\"mlx5_0\"") &&
	      none(t, "rdma_roce_qos_priority{device=\"mlx5_0\"") &&
	      has(t, "rdma_roce_qos_lossy_reason{device=\"mlx5_0\",port=\"1\",link_layer=\"Ethernet\",reason=\"no-tos\"} 1"),
	      "ToS unknown: no ToS, DSCP, priority or lossless; reason no-tos");
	free(t);
}

int main(void)
{
	text();
	unknown_tos();
	return DONE();
}
