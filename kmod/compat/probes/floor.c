// SPDX-License-Identifier: GPL-2.0
/*
 * Not an API difference: the floor. rdmactl supports Linux 5.10 and later
 * and uses what came before without a fallback: ib_client.rename (5.3),
 * process_mad() on struct ib_mad (5.5), ib_client.add() returning int
 * (5.8) and a policy per genl op (5.10). probe.sh stops the build when
 * this fails.
 */
#include <net/genetlink.h>
#include <rdma/ib_mad.h>
#include <rdma/ib_verbs.h>

int probe(struct ib_device *ibdev, struct ib_client *client, struct genl_ops *op);
int probe(struct ib_device *ibdev, struct ib_client *client, struct genl_ops *op)
{
	int (*add)(struct ib_device *dev) = client->add;
	size_t size = sizeof(struct ib_mad);
	u16 pkey_index;

	client->rename = NULL;
	op->policy = NULL;
	op->maxattr = 0;
	return add(ibdev) +
	       ibdev->ops.process_mad(ibdev, 0, 1, NULL, NULL, (const struct ib_mad *)NULL,
				      (struct ib_mad *)NULL, &size, &pkey_index);
}
