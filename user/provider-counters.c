// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What a driver's hw counter means, by a name every provider shares: one
 * table of (driver, counter, meaning). The driver is what rdmactl.ko
 * reports (kmod/dev.c): the module's name ("mlx5_ib", "rdma_rxe",
 * "mana_ib"), else the uverbs driver id's. A counter is listed only where
 * it counts the same event as the others of its meaning; names from each
 * driver's stat descriptors, as cited. Documentation/exporter.md shows the
 * table (tests/unit/test_provider.c compares them).
 */
#include <string.h>

#include "internal.h"

static const struct rdmactl_counter_map maps[] = {
	/*
	 * Linux 6.12 (RHEL 10.0's 6.12.0-55), drivers/infiniband/hw/mlx5/
	 * counters.c: basic_q_cnts, out_of_seq_q_cnts, retrans_q_cnts,
	 * extended_err_cnts, roce_accl_cnts, cong_cnts, ext_ppcnt_cnts; in
	 * switchdev mode a representor's port has the vport_ copies instead
	 * (mlx5_ib_fill_counters()), never both. Not mapped: the optional
	 * cc_tx_cnp_pkts and cc_rx_ce_pkts, which count what np_cnp_sent and
	 * np_ecn_marked_roce_packets do: one port would have two of a meaning.
	 */
	{ "mlx5_ib", "out_of_buffer", "out_of_buffer" },
	{ "mlx5_ib", "vport_out_of_buffer", "out_of_buffer" },
	{ "mlx5_ib", "out_of_sequence", "out_of_sequence" },
	{ "mlx5_ib", "vport_out_of_sequence", "out_of_sequence" },
	{ "mlx5_ib", "packet_seq_err", "packet_seq_err" },
	{ "mlx5_ib", "vport_packet_seq_err", "packet_seq_err" },
	{ "mlx5_ib", "local_ack_timeout_err", "local_ack_timeout" },
	{ "mlx5_ib", "vport_local_ack_timeout_err", "local_ack_timeout" },
	{ "mlx5_ib", "rnr_nak_retry_err", "rnr_nak_received" },
	{ "mlx5_ib", "vport_rnr_nak_retry_err", "rnr_nak_received" },
	{ "mlx5_ib", "duplicate_request", "duplicate_request" },
	{ "mlx5_ib", "vport_duplicate_request", "duplicate_request" },
	{ "mlx5_ib", "req_transport_retries_exceeded", "retries_exceeded" },
	{ "mlx5_ib", "vport_req_transport_retries_exceeded", "retries_exceeded" },
	{ "mlx5_ib", "req_rnr_retries_exceeded", "rnr_retries_exceeded" },
	{ "mlx5_ib", "vport_req_rnr_retries_exceeded", "rnr_retries_exceeded" },
	{ "mlx5_ib", "req_cqe_error", "req_cqe_error" },
	{ "mlx5_ib", "vport_req_cqe_error", "req_cqe_error" },
	{ "mlx5_ib", "resp_cqe_error", "resp_cqe_error" },
	{ "mlx5_ib", "vport_resp_cqe_error", "resp_cqe_error" },
	{ "mlx5_ib", "rx_icrc_encapsulated", "icrc_error" },
	{ "mlx5_ib", "roce_adp_retrans", "adaptive_retrans" },
	{ "mlx5_ib", "vport_roce_adp_retrans", "adaptive_retrans" },
	{ "mlx5_ib", "roce_slow_restart", "slow_restart" },
	{ "mlx5_ib", "vport_roce_slow_restart", "slow_restart" },
	{ "mlx5_ib", "np_cnp_sent", "cnp_sent" },
	{ "mlx5_ib", "rp_cnp_handled", "cnp_handled" },
	{ "mlx5_ib", "rp_cnp_ignored", "cnp_ignored" },
	{ "mlx5_ib", "np_ecn_marked_roce_packets", "ecn_marked" },
	{ "mlx5_ib", "cc_rx_cnp_pkts", "cnp_received" },
	/*
	 * Linux 6.12, drivers/infiniband/hw/bnxt_re/hw_counters.c:
	 * bnxt_re_stat_descs[] (the ext stats on P5/P7 chips). to_retransmits
	 * counts retransmissions on the local ACK timer, as mlx5's
	 * local_ack_timeout_err counts its expiries. rx_cnp_pkts is every CNP
	 * received, handled or ignored (mlx5's cc_rx_cnp_pkts).
	 */
	{ "bnxt_re", "rx_out_of_buffer", "out_of_buffer" },
	{ "bnxt_re", "oos_drop_count", "out_of_sequence" },
	{ "bnxt_re", "seq_err_naks_rcvd", "packet_seq_err" },
	{ "bnxt_re", "to_retransmits", "local_ack_timeout" },
	{ "bnxt_re", "rnr_naks_rcvd", "rnr_nak_received" },
	{ "bnxt_re", "dup_req", "duplicate_request" },
	{ "bnxt_re", "max_retry_exceeded", "retries_exceeded" },
	{ "bnxt_re", "tx_cnp_pkts", "cnp_sent" },
	{ "bnxt_re", "rx_cnp_pkts", "cnp_received" },
	{ "bnxt_re", "rx_ecn_marked_pkts", "ecn_marked" },
	/*
	 * Linux 6.12, drivers/infiniband/hw/irdma/verbs.c:
	 * irdma_hw_stat_names[] (gen 2, RoCEv2: DCQCN). tcpRetransSegs is
	 * iWARP's TCP and not mapped.
	 */
	{ "irdma", "cnpSent", "cnp_sent" },
	{ "irdma", "cnpHandled", "cnp_handled" },
	{ "irdma", "cnpIgnored", "cnp_ignored" },
	{ "irdma", "RxECNMrkd", "ecn_marked" },
	/*
	 * efa: Linux 6.12, drivers/infiniband/hw/efa/efa_verbs.c:
	 * EFA_DEFINE_PORT_STATS has no transport counter of these meanings
	 * (SRD is not RC; rx_drops is every drop, not only for want of a
	 * receive WQE): nothing is mapped.
	 *
	 * mana_ib: 6.12 has no hw counters. Later kernels' drivers/
	 * infiniband/hw/mana/counters.c (6.13 on; names as in torvalds/linux
	 * 084f35b84f57): mana_ib_port_stats_desc[], and the device's own
	 * mana_ib_device_stats_desc[] (sent_cnps, received_ecns: port 0).
	 */
	{ "mana_ib", "responder_oos", "out_of_sequence" },
	{ "mana_ib", "requester_oos_nak", "packet_seq_err" },
	{ "mana_ib", "requester_timeout", "local_ack_timeout" },
	{ "mana_ib", "requester_rnr_nak", "rnr_nak_received" },
	{ "mana_ib", "responder_dup_request", "duplicate_request" },
	{ "mana_ib", "requester_retries_exceeded", "retries_exceeded" },
	{ "mana_ib", "requester_rnr_nak_retries_exceeded", "rnr_retries_exceeded" },
	{ "mana_ib", "received_cnps", "cnp_received" },
	{ "mana_ib", "sent_cnps", "cnp_sent" },
	{ "mana_ib", "received_ecns", "ecn_marked" },
	/*
	 * Soft-RoCE: Linux 6.12, drivers/infiniband/sw/rxe/rxe_hw_counters.c.
	 * out_of_seq_request counts the first packet of a gap, the one NAKed
	 * (rxe_resp.c check_psn()). Not mapped: send_rnr_err (RC only: UD
	 * drops are not counted, as mlx5's out_of_buffer counts them),
	 * completer_retry_err (retries on timeouts and NAKs alike).
	 */
	{ "rdma_rxe", "out_of_seq_request", "out_of_sequence" },
	{ "rdma_rxe", "rcvd_seq_err", "packet_seq_err" },
	{ "rdma_rxe", "rcvd_rnr_err", "rnr_nak_received" },
	{ "rdma_rxe", "duplicate_request", "duplicate_request" },
	{ "rdma_rxe", "retry_exceeded_err", "retries_exceeded" },
	{ "rdma_rxe", "retry_rnr_exceeded_err", "rnr_retries_exceeded" },
};

RDMACTL_EXPORT const char *rdmactl_counter_meaning(const char *driver, const char *counter)
{
	size_t i;

	if (!driver || !counter)
		return NULL;
	for (i = 0; i < sizeof(maps) / sizeof(maps[0]); i++)
		if (!strcmp(maps[i].counter, counter) && !strcmp(maps[i].driver, driver))
			return maps[i].meaning;
	return NULL;
}

RDMACTL_EXPORT const struct rdmactl_counter_map *rdmactl_counter_maps(size_t *n)
{
	*n = sizeof(maps) / sizeof(maps[0]);
	return maps;
}
