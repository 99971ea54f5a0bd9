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

	/* The registry fills before anyone can ask. */
	err = rdmactl_client_register();
	if (err)
		goto err_out;

	err = rdmactl_netlink_register();
	if (err)
		goto err_client;

	pr_info("version %s loaded\n", RDMACTL_VERSION);
	return 0;

err_client:
	rdmactl_client_unregister();
err_out:
	return err;
}

static void __exit rdmactl_exit(void)
{
	/* No handler runs once the family is gone; then drop the devices. */
	rdmactl_netlink_unregister();
	rdmactl_client_unregister();
}

module_init(rdmactl_init);
module_exit(rdmactl_exit);

MODULE_DESCRIPTION("RDMA control plane over generic netlink");
MODULE_LICENSE("GPL");
MODULE_VERSION(RDMACTL_VERSION);
MODULE_SOFTDEP("pre: ib_core");
