// SPDX-License-Identifier: GPL-2.0
/*
 * Provider personalities: what a fake device shows ib_core when it plays
 * a real driver (personality=NAME, module parameter or add knob). Each is
 * a table entry, taken from that driver's source, never a code path: its
 * uverbs driver id (which names it in rdmactl, as its module would), its
 * device names, node type and transport, whether a PMA answers MADs (a
 * driver without process_mad() has no sysfs counters/), port quirks, and
 * its hw counters, port and device, the optional ones last.
 *
 * Unless said otherwise, the source is Linux 6.12 (RHEL 10.0's
 * 6.12.0-55 tree, which make check builds): drivers/infiniband/hw/...
 */
#include <linux/slab.h>

#include "fakehca.h"

/* The fake's own counters: personality=fake, the default. */
static const struct fake_hw_counter fake_port_hw[] = {
	{ "fake_rx_msgs" }, { "fake_tx_msgs" }, { "fake_rnr_retries" },
	{ "fake_opt", true },
};

static const struct fake_hw_counter fake_dev_hw[] = {
	{ "fake_fw_resets" }, { "fake_dev_errors" },
};

/*
 * mlx5/counters.c, mlx5_ib_fill_counters() on a ConnectX-6 Dx that is not
 * in switchdev mode (every capability: out_of_seq_cnt,
 * retransmission_q_counters, enhanced_error_q_counters, roce_accl,
 * cc_query_allowed, rx_icrc_encapsulated_counter, and both RDMA flow
 * tables): basic_q_cnts, out_of_seq_q_cnts, retrans_q_cnts,
 * extended_err_cnts, roce_accl_cnts, cong_cnts, ext_ppcnt_cnts, then the
 * op counters, IB_STAT_FLAG_OPTIONAL. Port counters only (hw_stats_ops;
 * device counters are switchdev's). Its PMA answers (mad.c).
 */
static const struct fake_hw_counter mlx5_port_hw[] = {
	{ "rx_write_requests" }, { "rx_read_requests" }, { "rx_atomic_requests" },
	{ "rx_dct_connect" }, { "out_of_buffer" }, { "out_of_sequence" },
	{ "duplicate_request" }, { "rnr_nak_retry_err" }, { "packet_seq_err" },
	{ "implied_nak_seq_err" }, { "local_ack_timeout_err" },
	{ "resp_local_length_error" }, { "resp_cqe_error" }, { "req_cqe_error" },
	{ "req_remote_invalid_request" }, { "req_remote_access_errors" },
	{ "resp_remote_access_errors" }, { "resp_cqe_flush_error" },
	{ "req_cqe_flush_error" }, { "req_transport_retries_exceeded" },
	{ "req_rnr_retries_exceeded" }, { "roce_adp_retrans" },
	{ "roce_adp_retrans_to" }, { "roce_slow_restart" }, { "roce_slow_restart_cnps" },
	{ "roce_slow_restart_trans" }, { "rp_cnp_ignored" }, { "rp_cnp_handled" },
	{ "np_ecn_marked_roce_packets" }, { "np_cnp_sent" }, { "rx_icrc_encapsulated" },
	{ "cc_rx_ce_pkts", true }, { "cc_rx_cnp_pkts", true }, { "cc_tx_cnp_pkts", true },
};

/*
 * bnxt_re/hw_counters.c, bnxt_re_stat_descs[] as a gen P5/P7 chip
 * (BCM575xx) gives them: BNXT_RE_NUM_EXT_COUNTERS, port counters only
 * (bnxt_re_ib_alloc_hw_port_stats()). No process_mad(): no PMA.
 */
static const struct fake_hw_counter bnxt_re_port_hw[] = {
	{ "active_pds" }, { "active_ahs" }, { "active_qps" }, { "active_rc_qps" },
	{ "active_ud_qps" }, { "active_srqs" }, { "active_cqs" }, { "active_mrs" },
	{ "active_mws" }, { "watermark_pds" }, { "watermark_ahs" }, { "watermark_qps" },
	{ "watermark_rc_qps" }, { "watermark_ud_qps" }, { "watermark_srqs" },
	{ "watermark_cqs" }, { "watermark_mrs" }, { "watermark_mws" },
	{ "resize_cq_cnt" }, { "rx_pkts" }, { "rx_bytes" }, { "tx_pkts" }, { "tx_bytes" },
	{ "recoverable_errors" }, { "tx_roce_errors" }, { "tx_roce_discards" },
	{ "rx_roce_errors" }, { "rx_roce_discards" }, { "to_retransmits" },
	{ "seq_err_naks_rcvd" }, { "max_retry_exceeded" }, { "rnr_naks_rcvd" },
	{ "missing_resp" }, { "unrecoverable_err" }, { "bad_resp_err" },
	{ "local_qp_op_err" }, { "local_protection_err" }, { "mem_mgmt_op_err" },
	{ "remote_invalid_req_err" }, { "remote_access_err" }, { "remote_op_err" },
	{ "dup_req" }, { "res_exceed_max" }, { "res_length_mismatch" },
	{ "res_exceeds_wqe" }, { "res_opcode_err" }, { "res_rx_invalid_rkey" },
	{ "res_rx_domain_err" }, { "res_rx_no_perm" }, { "res_rx_range_err" },
	{ "res_tx_invalid_rkey" }, { "res_tx_domain_err" }, { "res_tx_no_perm" },
	{ "res_tx_range_err" }, { "res_irrq_oflow" }, { "res_unsup_opcode" },
	{ "res_unaligned_atomic" }, { "res_rem_inv_err" }, { "res_mem_err" },
	{ "res_srq_err" }, { "res_cmp_err" }, { "res_invalid_dup_rkey" },
	{ "res_wqe_format_err" }, { "res_cq_load_err" }, { "res_srq_load_err" },
	{ "res_tx_pci_err" }, { "res_rx_pci_err" }, { "oos_drop_count" },
	{ "tx_atomic_req" }, { "tx_read_req" }, { "tx_read_resp" }, { "tx_write_req" },
	{ "tx_send_req" }, { "tx_roce_only_pkts" }, { "tx_roce_only_bytes" },
	{ "rx_atomic_req" }, { "rx_read_req" }, { "rx_read_resp" }, { "rx_write_req" },
	{ "rx_send_req" }, { "rx_roce_only_pkts" }, { "rx_roce_only_bytes" },
	{ "rx_roce_good_pkts" }, { "rx_roce_good_bytes" }, { "rx_out_of_buffer" },
	{ "tx_cnp_pkts" }, { "rx_cnp_pkts" }, { "rx_ecn_marked_pkts" },
	{ "pacing_reschedule" }, { "pacing_complete" }, { "pacing_alerts" },
	{ "db_fifo_register" },
};

/*
 * irdma/verbs.c, irdma_hw_stat_names[] (an E810, GEN_2: max_stat_idx is
 * all of them), port counters only. No process_mad(). iWARP by default
 * (irdma's roce_ena=0: RDMA_NODE_RNIC, RDMA_CORE_PORT_IWARP, the GID the
 * netdev's MAC, irdma_query_gid()); link_layer=roce for RoCE v2.
 */
static const struct fake_hw_counter irdma_port_hw[] = {
	{ "ip4InDiscards" }, { "ip4InTruncatedPkts" }, { "ip4OutNoRoutes" },
	{ "ip6InDiscards" }, { "ip6InTruncatedPkts" }, { "ip6OutNoRoutes" },
	{ "tcpRetransSegs" }, { "tcpInOptErrors" }, { "tcpInProtoErrors" },
	{ "rxVlanErrors" }, { "ip4InOctets" }, { "ip4InPkts" }, { "ip4InReasmRqd" },
	{ "ip4InMcastPkts" }, { "ip4OutOctets" }, { "ip4OutPkts" }, { "ip4OutSegRqd" },
	{ "ip4OutMcastPkts" }, { "ip6InOctets" }, { "ip6InPkts" }, { "ip6InReasmRqd" },
	{ "ip6InMcastPkts" }, { "ip6OutOctets" }, { "ip6OutPkts" }, { "ip6OutSegRqd" },
	{ "ip6OutMcastPkts" }, { "tcpInSegs" }, { "tcpOutSegs" }, { "iwInRdmaReads" },
	{ "iwInRdmaSends" }, { "iwInRdmaWrites" }, { "iwOutRdmaReads" },
	{ "iwOutRdmaSends" }, { "iwOutRdmaWrites" }, { "iwRdmaBnd" }, { "iwRdmaInv" },
	{ "cnpHandled" }, { "cnpIgnored" }, { "cnpSent" }, { "ip4InMcastOctets" },
	{ "ip4OutMcastOctets" }, { "ip6InMcastOctets" }, { "ip6OutMcastOctets" },
	{ "RxUDP" }, { "TxUDP" }, { "RxECNMrkd" },
};

/*
 * efa/efa_verbs.c, EFA_DEFINE_PORT_STATS and EFA_DEFINE_DEVICE_STATS: port
 * and device counters. RDMA_NODE_UNSPECIFIED, no core capability, link
 * layer unspecified, no netdev, no process_mad(); efa_query_port() says
 * ACTIVE, LinkUp, 4X EDR whatever the link.
 */
static const struct fake_hw_counter efa_port_hw[] = {
	{ "tx_bytes" }, { "tx_pkts" }, { "rx_bytes" }, { "rx_pkts" }, { "rx_drops" },
	{ "send_bytes" }, { "send_wrs" }, { "recv_bytes" }, { "recv_wrs" },
	{ "rdma_read_wrs" }, { "rdma_read_bytes" }, { "rdma_read_wr_err" },
	{ "rdma_read_resp_bytes" }, { "rdma_write_wrs" }, { "rdma_write_bytes" },
	{ "rdma_write_wr_err" }, { "rdma_write_recv_bytes" },
};

static const struct fake_hw_counter efa_dev_hw[] = {
	{ "submitted_cmds" }, { "completed_cmds" }, { "cmds_err" },
	{ "no_completion_cmds" }, { "keep_alive_rcvd" }, { "alloc_pd_err" },
	{ "create_qp_err" }, { "create_cq_err" }, { "reg_mr_err" },
	{ "alloc_ucontext_err" }, { "create_ah_err" }, { "mmap_err" },
};

const struct fake_personality fake_personalities[FAKE_NUM_PERSONALITIES] = {
	{
		.name = "fake", .link = FAKE_LINK_OPTION, .node_type = RDMA_NODE_IB_CA,
		.pma = true, .port_hw = fake_port_hw, .num_port_hw = ARRAY_SIZE(fake_port_hw),
		.dev_hw = fake_dev_hw, .num_dev_hw = ARRAY_SIZE(fake_dev_hw),
	},
	{
		.name = "mlx5", .driver_id = RDMA_DRIVER_MLX5, .dev_name = "mlx5_%d",
		.link = FAKE_LINK_OPTION, .node_type = RDMA_NODE_IB_CA, .pma = true,
		.port_hw = mlx5_port_hw, .num_port_hw = ARRAY_SIZE(mlx5_port_hw),
	},
	{
		/* bnxt_re/main.c: RDMA_NODE_IB_CA; ib_verbs.c: Ethernet, RoCE v1 and v2. */
		.name = "bnxt_re", .driver_id = RDMA_DRIVER_BNXT_RE, .dev_name = "bnxt_re%d",
		.link = FAKE_LINK_ROCE, .node_type = RDMA_NODE_IB_CA,
		.port_hw = bnxt_re_port_hw, .num_port_hw = ARRAY_SIZE(bnxt_re_port_hw),
	},
	{
		.name = "irdma", .driver_id = RDMA_DRIVER_I40IW, .dev_name = "irdma%d",
		.link = FAKE_LINK_IWARP, .node_type = RDMA_NODE_RNIC,
		.port_hw = irdma_port_hw, .num_port_hw = ARRAY_SIZE(irdma_port_hw),
	},
	{
		.name = "efa", .driver_id = RDMA_DRIVER_EFA, .dev_name = "efa_%d",
		.link = FAKE_LINK_NONE, .node_type = RDMA_NODE_UNSPECIFIED,
		.always_active = true,
		.port_hw = efa_port_hw, .num_port_hw = ARRAY_SIZE(efa_port_hw),
		.dev_hw = efa_dev_hw, .num_dev_hw = ARRAY_SIZE(efa_dev_hw),
	},
	{
		/*
		 * mana_ib as first merged (6.2, mana/main.c): RDMA_NODE_IB_CA,
		 * Ethernet, raw packet QPs only (RDMA_CORE_PORT_RAW_PACKET), no hw
		 * counters, and a mana_ib_query_port() that "doesn't return port
		 * properties": state NOP and width 0, so that sysfs's rate_show()
		 * answers EINVAL (node_exporter#3810). Later kernels fill them.
		 */
		.name = "mana", .driver_id = FAKE_DRIVER_MANA, .dev_name = "mana_%d",
		.link = FAKE_LINK_RAW, .node_type = RDMA_NODE_IB_CA, .no_port_attrs = true,
	},
};

const struct fake_personality *fake_personality_find(const char *name)
{
	int i;

	for (i = 0; i < FAKE_NUM_PERSONALITIES; i++)
		if (sysfs_streq(name, fake_personalities[i].name))
			return &fake_personalities[i];
	return NULL;
}

/*
 * What ib_core reads the counters' names from: since 5.16 a descriptor
 * each (the optional flag with it), before, the names themselves. Built
 * at load, one array per table: [personality][port 0, device 1].
 */
#ifdef HAVE_MODIFY_HW_STAT
#define FAKE_STAT_FLAG_OPTIONAL IB_STAT_FLAG_OPTIONAL
#else
#define FAKE_STAT_FLAG_OPTIONAL 0
#endif

static void *fake_descs[FAKE_NUM_PERSONALITIES][2];

static void *fake_descs_build(const struct fake_hw_counter *hw, int n)
{
#ifdef HAVE_RDMA_STAT_DESC
	struct rdma_stat_desc *d = kcalloc(max(n, 1), sizeof(*d), GFP_KERNEL);
#else
	const char **d = kcalloc(max(n, 1), sizeof(*d), GFP_KERNEL);
#endif
	int i;

	for (i = 0; d && i < n; i++) {
#ifdef HAVE_RDMA_STAT_DESC
		d[i].name = hw[i].name;
		d[i].flags = hw[i].optional ? FAKE_STAT_FLAG_OPTIONAL : 0;
#else
		d[i] = hw[i].name;
#endif
	}
	return d;
}

void fake_personality_exit(void)
{
	int i;

	for (i = 0; i < FAKE_NUM_PERSONALITIES; i++) {
		kfree(fake_descs[i][0]);
		kfree(fake_descs[i][1]);
	}
}

int fake_personality_init(void)
{
	int i;

#ifdef HAVE_RDMA_DRIVER_MANA
	BUILD_BUG_ON(FAKE_DRIVER_MANA != RDMA_DRIVER_MANA);
#endif
	for (i = 0; i < FAKE_NUM_PERSONALITIES; i++) {
		const struct fake_personality *p = &fake_personalities[i];

		fake_descs[i][0] = fake_descs_build(p->port_hw, p->num_port_hw);
		fake_descs[i][1] = fake_descs_build(p->dev_hw, p->num_dev_hw);
		if (!fake_descs[i][0] || !fake_descs[i][1]) {
			fake_personality_exit();
			return -ENOMEM;
		}
	}
	return 0;
}

/* The descriptors of the device's port (or, dev, device) counters. */
const void *fake_hw_descs(const struct fake_dev *fdev, bool dev)
{
	return fake_descs[fdev->opts.pers - fake_personalities][dev];
}
