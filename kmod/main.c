// SPDX-License-Identifier: GPL-2.0
/*
 * rdmactl.ko: tracks every RDMA device and port as an ib_client and
 * exports them over the "rdmactl" generic netlink family.
 */
#include <linux/module.h>

#include "core.h"

static int __init rdmactl_init(void)
{
	int err;

	err = rdmactl_stat_wq_init();
	if (err)
		goto err_out;
	err = rdmactl_port_query_wq_init();
	if (err)
		goto err_stat_wq;
	err = rdmactl_ipoib_set_init();
	if (err)
		goto err_query_wq;

	err = rdmactl_events_init();
	if (err)
		goto err_wq;

	/* Loads rdma_cm, whose client must come before ours. */
	err = rdmactl_roce_init();
	if (err)
		goto err_events;

	/* The registry fills before anyone can ask. */
	err = rdmactl_client_register();
	if (err)
		goto err_roce;

	err = rdmactl_netlink_register();
	if (err)
		goto err_client;

	err = rdmactl_events_start();
	if (err)
		goto err_netlink;

	pr_info("version %s loaded\n", RDMACTL_VERSION);
	return 0;

err_netlink:
	rdmactl_events_stop();
	rdmactl_netlink_unregister();
	rdmactl_stat_mode_exit();
err_client:
	rdmactl_client_unregister();
err_roce:
	rdmactl_roce_exit();
err_events:
	rdmactl_events_exit();
err_wq:
	rdmactl_ipoib_set_exit();
err_query_wq:
	rdmactl_port_query_wq_exit();
err_stat_wq:
	rdmactl_stat_wq_exit();
err_out:
	return err;
}

static void __exit rdmactl_exit(void)
{
	/* No event is sent, then no handler runs; then drop the devices. */
	rdmactl_events_stop();
	rdmactl_netlink_unregister();
	rdmactl_ipoib_set_exit();
	rdmactl_stat_mode_exit();
	rdmactl_client_unregister();
	rdmactl_roce_exit();
	rdmactl_events_exit();
	rdmactl_port_query_wq_exit();
	rdmactl_stat_wq_exit();
}

module_init(rdmactl_init);
module_exit(rdmactl_exit);

MODULE_DESCRIPTION("RDMA control plane over generic netlink");
MODULE_LICENSE("GPL");
MODULE_VERSION(RDMACTL_VERSION);
MODULE_INFO(ib_core, RDMACTL_IB_CORE);
MODULE_SOFTDEP("pre: ib_core rdma_cm");
