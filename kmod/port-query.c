// SPDX-License-Identifier: GPL-2.0
/*
 * A port's attributes, ib_query_port(), as a request handler may have
 * them: read by a work item on a workqueue of its own, never by the
 * handler. Drivers ask their firmware (mlx5's QUERY_VPORT_CONTEXT
 * and MAD_IFC, mlx4's MAD_IFC) and an Ethernet port's query takes RTNL
 * (ib_get_eth_speed()): a handler under generic netlink's cb_lock may
 * wait for neither, and no handler may wait for them unkillably.
 *
 * A request takes a read begun no earlier than it arrived (since: a
 * doit's arrival, a dump's first call). It queues the port's read unless
 * one is queued, and the latest since asked for is kept: a read that
 * began before it is followed by another. A port event makes what was
 * read before it, or is being read, stale; so does RDMACTL_QUERY_BACK.
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
/*
 * Its own, not the read-ahead's: queries that wait on RTNL (every RoCE
 * port's) must not hold up MADs, nor MADs them.
 */
static struct workqueue_struct *rdmactl_query_wq;

/*
 * Whether q holds a read begun at or after since (jiffies32), with no
 * port event since it began; under q->lock. A read older than
 * RDMACTL_QUERY_BACK serves nobody (nor can 32-bit time wrap make it).
 */
static bool rdmactl_query_fresh(const struct rdmactl_port_query *q, u32 since)
{
	return q->began && time_before(jiffies, q->began + RDMACTL_QUERY_BACK) &&
	       rdmactl_after_eq32((u32)q->began, since) &&
	       q->read_epoch == atomic_read(&q->epoch);
}

static void rdmactl_query_work(struct work_struct *work)
{
	struct rdmactl_port_query *q = container_of(work, struct rdmactl_port_query, work);
	int epoch = atomic_read(&q->epoch);
	unsigned long began = jiffies;
	struct ib_port_attr attr = {};
	int err = -ENODEV;
	bool again;

	if (!READ_ONCE(q->dev->removing))
		err = ib_query_port(q->dev->ibdev, q->port, &attr);
	spin_lock(&q->lock);
	q->attr = attr;
	q->err = err;
	q->began = began;
	q->read_epoch = epoch;	/* an event since: stale (rdmactl_query_fresh()) */
	again = !READ_ONCE(q->dev->removing) && q->want && !rdmactl_query_fresh(q, q->want);
	if (!again)
		q->want = 0;	/* served */
	q->busy = again;
	spin_unlock(&q->lock);
	if (again)
		queue_work(rdmactl_query_wq, &q->work);
	wake_up_all(&rdmactl_query_wait);
}

int rdmactl_port_query_wq_init(void)
{
	rdmactl_query_wq = alloc_workqueue("rdmactl_query", WQ_UNBOUND, 0);
	return rdmactl_query_wq ? 0 : -ENOMEM;
}

void rdmactl_port_query_wq_exit(void)
{
	destroy_workqueue(rdmactl_query_wq);
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

/* A port event: what was read, or is being read, may be from before it. Atomic context. */
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
	fresh = rdmactl_query_fresh(q, since);
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
		queue_work(rdmactl_query_wq, &q->work);
}

/*
 * The wait's condition: *got says a read was copied out, which is the
 * answer (a port event after it must not make the caller's own read
 * stale: it would end in -EINPROGRESS, which only a dump can take).
 */
static bool rdmactl_query_done(struct rdmactl_port_query *q, u32 since,
			       struct ib_port_attr *attr, int *err, bool *got)
{
	*got = rdmactl_query_take(q, since, attr, err);
	return *got || READ_ONCE(q->dev->removing);
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
	bool got = false;
	long left;
	int err = 0;

	if (doit && back && since - back < RDMACTL_QUERY_BACK)
		since = back;
	if (rdmactl_query_take(q, since, attr, &err))
		return err;
	rdmactl_query_start(q, since);
	if (!req->genl_locked) {
		if (wait_event_killable(rdmactl_query_wait,
					rdmactl_query_done(q, since, attr, &err, &got)))
			return -EINTR;
	} else {
		/* In 32 bits, signed: past the deadline is below 0, not 4e9. */
		left = max_t(long, (s32)(req->call_at + RDMACTL_LOCKED_WAIT - rdmactl_jiffies32()),
			     0);
		if (wait_event_killable_timeout(rdmactl_query_wait,
						rdmactl_query_done(q, since, attr, &err, &got),
						left) < 0)
			return -EINTR;
	}
	if (got)
		return err;
	if (READ_ONCE(dev->removing))
		return -ENODEV;
	if (!doit)
		return -EINPROGRESS;
	/* Kept, not cleared by whoever is served: it expires (QUERY_BACK). */
	WRITE_ONCE(q->doit_since, since);
	rdmactl_err_fmt(req->extack, NULL, RDMACTL_MSG_PORT_SLOW, dev->index, port);
	return -EAGAIN;
}
