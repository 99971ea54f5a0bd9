// SPDX-License-Identifier: GPL-2.0
/*
 * A port's attributes, ib_query_port(), as a request handler may have
 * them: read by a work item on the read workqueue (stat-ahead.c's), never
 * by the handler. Drivers ask their firmware (mlx5's QUERY_VPORT_CONTEXT
 * and MAD_IFC, mlx4's MAD_IFC) and an Ethernet port's query takes RTNL
 * (ib_get_eth_speed()): a handler under generic netlink's cb_lock may
 * wait for neither, and no handler may wait for them unkillably.
 *
 * A request takes a read begun no earlier than it arrived (since: a
 * doit's arrival, a dump's first call). It queues the port's read unless
 * one is queued, and the latest since asked for is kept: a read that
 * began before it is followed by another. A port event while a read is
 * in flight makes that read stale.
 *
 * Under cb_lock (a doit, a dump's first call) the wait ends
 * RDMACTL_LOCKED_WAIT after the call began: then a dump's call ends there
 * (-EINPROGRESS, the next call, from the reader's recvmsg(), waits), and
 * a doit says to ask again (-EAGAIN); the read it started serves that
 * port's doits for RDMACTL_QUERY_BACK after. Elsewhere the wait lasts
 * until the read is done, the caller is killed or the device is being
 * removed.
 */
#include <linux/slab.h>
#include <linux/wait.h>

#include "core.h"

#define RDMACTL_QUERY_BACK	(10 * HZ)

static DECLARE_WAIT_QUEUE_HEAD(rdmactl_query_wait);

static void rdmactl_query_work(struct work_struct *work)
{
	struct rdmactl_port_query *q = container_of(work, struct rdmactl_port_query, work);
	int epoch = atomic_read(&q->epoch);
	u32 began = rdmactl_jiffies32();
	struct ib_port_attr attr = {};
	int err = -ENODEV;
	bool again;

	if (!READ_ONCE(q->dev->removing))
		err = ib_query_port(q->dev->ibdev, q->port, &attr);
	spin_lock(&q->lock);
	/* An event since it began: what it read may be from before it. */
	if (atomic_read(&q->epoch) != epoch)
		began = 0;
	q->attr = attr;
	q->err = err;
	q->began = began;
	again = !READ_ONCE(q->dev->removing) && q->want &&
		(!began || !rdmactl_after_eq32(began, q->want));
	q->busy = again;
	spin_unlock(&q->lock);
	if (again)
		rdmactl_read_queue(&q->work);
	wake_up_all(&rdmactl_query_wait);
}

int rdmactl_port_query_init(struct rdmactl_dev *dev)
{
	u32 port, n = rdma_end_port(dev->ibdev) + 1;

	dev->queries = kcalloc(n, sizeof(*dev->queries), GFP_KERNEL);
	if (!dev->queries)
		return -ENOMEM;
	for (port = 0; port < n; port++) {
		struct rdmactl_port_query *q = &dev->queries[port];

		spin_lock_init(&q->lock);
		atomic_set(&q->epoch, 0);
		INIT_WORK(&q->work, rdmactl_query_work);
		q->dev = dev;
		q->port = port;
	}
	return 0;
}

/* After remove() has waited for every handler: a read may be queued still. */
void rdmactl_port_query_fini(struct rdmactl_dev *dev)
{
	u32 port;

	for (port = 0; dev->queries && port <= rdma_end_port(dev->ibdev); port++)
		cancel_work_sync(&dev->queries[port].work);
	kfree(dev->queries);
	dev->queries = NULL;
}

/* A port event: a read in flight may be from before it. Atomic context. */
void rdmactl_port_query_changed(struct rdmactl_dev *dev, u32 port)
{
	if (rdma_is_port_valid(dev->ibdev, port))
		atomic_inc(&dev->queries[port].epoch);
}

void rdmactl_port_query_removing(void)
{
	wake_up_all(&rdmactl_query_wait);
}

/* Copy a read begun at or after since out of q, if there is one. */
static bool rdmactl_query_take(struct rdmactl_port_query *q, u32 since,
			       struct ib_port_attr *attr, int *err)
{
	bool fresh;

	spin_lock(&q->lock);
	fresh = q->began && rdmactl_after_eq32(q->began, since);
	if (fresh) {
		*attr = q->attr;
		*err = q->err;
	}
	spin_unlock(&q->lock);
	return fresh;
}

static void rdmactl_query_start(struct rdmactl_port_query *q, u32 since)
{
	bool queue = false;

	spin_lock(&q->lock);
	if (!q->want || rdmactl_after_eq32(since, q->want))
		q->want = since;
	if (!q->busy) {
		q->busy = true;
		queue = true;
	}
	spin_unlock(&q->lock);
	if (queue)
		rdmactl_read_queue(&q->work);
}

static bool rdmactl_query_done(struct rdmactl_port_query *q, u32 since,
			       struct ib_port_attr *attr, int *err)
{
	return rdmactl_query_take(q, since, attr, err) || READ_ONCE(q->dev->removing);
}

/*
 * The attributes of dev's port for req, read by a query begun at or after
 * req->since: 0, or the driver's error, -ENODEV (the device is being
 * removed), -EINTR (killed). Under cb_lock (req->genl_locked), whose
 * waits end RDMACTL_LOCKED_WAIT after the call began: -EINPROGRESS in a
 * dump, -EAGAIN in a doit (extack says to ask again).
 */
int rdmactl_port_query(const struct rdmactl_req *req, struct rdmactl_dev *dev, u32 port,
		       struct ib_port_attr *attr)
{
	struct rdmactl_port_query *q = &dev->queries[port];
	bool doit = req->genl_locked && !req->ahead_since;
	u32 since = req->since, back = READ_ONCE(q->doit_since);
	long left;
	int err = 0;

	if (doit && back && since - back < RDMACTL_QUERY_BACK)
		since = back;
	if (rdmactl_query_take(q, since, attr, &err))
		goto out;
	rdmactl_query_start(q, since);
	if (!req->genl_locked) {
		if (wait_event_killable(rdmactl_query_wait,
					rdmactl_query_done(q, since, attr, &err)))
			return -EINTR;
	} else {
		left = max_t(long, (long)(req->call_at + RDMACTL_LOCKED_WAIT - (u32)jiffies), 0);
		if (wait_event_killable_timeout(rdmactl_query_wait,
						rdmactl_query_done(q, since, attr, &err),
						left) < 0)
			return -EINTR;
	}
	if (rdmactl_query_take(q, since, attr, &err))
		goto out;
	if (READ_ONCE(dev->removing))
		return -ENODEV;
	if (!doit)
		return -EINPROGRESS;
	WRITE_ONCE(q->doit_since, since);
	rdmactl_err_fmt(req->extack, NULL, RDMACTL_MSG_PORT_SLOW, dev->index, port);
	return -EAGAIN;
out:
	if (doit)
		WRITE_ONCE(q->doit_since, 0);
	return err;
}
