// SPDX-License-Identifier: GPL-2.0
/*
 * STAT_GET's read-ahead, and what a request under genetlink's cb_lock
 * does instead of waiting for firmware (Documentation/netlink.md, "What a
 * request waits for").
 *
 * A STAT_GET dump reads its next ports ahead (dump.c), side by side on a
 * workqueue: a MAD is a firmware round trip, and ports wait on it each
 * alone. Each port has its own work item, so dumps that ask together read
 * it once; it reads the port as fill() would, both sources under the
 * port's lock, and fill() reports what any reader read since the dump
 * asked, if it ended less than AHEAD_KEEP before the dump's call that
 * reports it began, so a port costs its dump the same MADs. Ports and
 * devices are read side by side as sysfs's readers already may: its
 * counters files send their MADs with no lock of ib_core's held.
 * A dump waits while its ports are being read, AHEAD_WAIT at most, and not
 * once one of their devices is being removed; a removed device cancels
 * its ports' work.
 */
#include <linux/workqueue.h>

#include "core.h"

/*
 * Read-ahead: at most this many ports are read at once (the workqueue's
 * max_active; a kernel may apply it per NUMA node or cache domain). A dump
 * waits at most AHEAD_WAIT for its ports (AHEAD_STALL under genetlink's
 * cb_lock), and stops sooner when none has been read for AHEAD_STALL (a
 * firmware stall elsewhere must not hold it); a read serves the dump that
 * asked for it in a call that begins less than AHEAD_KEEP (the uapi's
 * second) after it ended, and is then read again. A read less than
 * AHEAD_FRESH old is not queued again.
 */
#define RDMACTL_STAT_AHEAD_MAX		32
#define RDMACTL_STAT_AHEAD_WAIT		(2 * HZ)
#define RDMACTL_STAT_AHEAD_STALL	(HZ / 10)
#define RDMACTL_STAT_AHEAD_KEEP		HZ
#define RDMACTL_STAT_AHEAD_FRESH	(HZ / 2)

static struct workqueue_struct *rdmactl_stat_wq;
static DECLARE_WAIT_QUEUE_HEAD(rdmactl_stat_ahead_wait);

/*
 * Whether the port holds a read ended at or after since and less than
 * keep before ref (rdmactl_jiffies32()s; ref 0: now): with AHEAD_KEEP,
 * what a dump that asked at since may report instead of reading the port
 * again; with AHEAD_FRESH, a read not worth queueing again.
 */
static bool rdmactl_stat_read_since(const struct rdmactl_stat_state *st, u32 since,
				    unsigned long keep, u32 ref)
{
	u32 at = (u32)READ_ONCE(st->read_at);

	if (!ref)
		ref = (u32)jiffies;
	return since && READ_ONCE(st->read_ok) && rdmactl_after_eq32(at, since) &&
	       (s32)(at + (u32)keep - ref) > 0;
}

/*
 * One port's read-ahead, for whichever dumps asked (a port queued twice
 * runs once): unless a read for the latest asker serves already, the
 * device is going, or another holds the port (its reader, a dump's fill
 * waiting on it, or a reset): a dump's fill reads what is not read.
 */
void rdmactl_stat_ahead_one(struct work_struct *work)
{
	struct rdmactl_stat_state *st = container_of(work, struct rdmactl_stat_state, ahead_work);
	bool have_pma, have_hw;

	if (!READ_ONCE(st->dev->removing) && mutex_trylock(&st->lock)) {
		if (!rdmactl_stat_read_since(st, READ_ONCE(st->ahead_after),
					     RDMACTL_STAT_AHEAD_FRESH, 0))
			rdmactl_stat_read(st->dev, st->port, st, &have_pma, &have_hw);
		mutex_unlock(&st->lock);
	}
	WRITE_ONCE(st->ahead_busy, false);
	wake_up_all(&rdmactl_stat_ahead_wait);
}

/*
 * How many of the items are still to be read for a dump that asked at
 * since; 0 also when one of their devices is being removed (its removal
 * waits for the dump's references).
 */
static unsigned int rdmactl_stat_ahead_left(const struct rdmactl_ahead *items, unsigned int n,
					    u32 since)
{
	unsigned int i, left = 0;

	for (i = 0; i < n; i++)
		if (READ_ONCE(items[i].dev->removing))
			return 0;
	for (i = 0; i < n; i++) {
		struct rdmactl_stat_state *st = rdmactl_stat_of(items[i].dev, items[i].port);

		if (READ_ONCE(st->ahead_busy) &&
		    !rdmactl_stat_read_since(st, since, RDMACTL_STAT_AHEAD_FRESH, 0))
			left++;
	}
	return left;
}

/*
 * Queue the reads of the ports a dump will fill, each unless a read for
 * since serves, its device is going, or it is queued; with wait, wait for
 * them: while they keep being read (AHEAD_STALL), AHEAD_WAIT at most,
 * until the caller is killed or one of the devices is being removed.
 * fill() reads what is not read.
 */
void rdmactl_stat_ahead(const struct rdmactl_req *req, const struct rdmactl_ahead *items,
			unsigned int n, u32 since, bool wait)
{
	unsigned long deadline = jiffies + (req->genl_locked ? RDMACTL_STAT_AHEAD_STALL :
					    RDMACTL_STAT_AHEAD_WAIT);
	unsigned int i, left, before;

	for (i = 0; i < n; i++) {
		struct rdmactl_stat_state *st = rdmactl_stat_of(items[i].dev, items[i].port);
		u32 after = READ_ONCE(st->ahead_after);

		if (rdmactl_stat_is_dev(items[i].dev, items[i].port) && !st->hw)
			continue;	/* no device counters: prepare() skips it */
		if (READ_ONCE(items[i].dev->removing) ||
		    rdmactl_stat_read_since(st, since, RDMACTL_STAT_AHEAD_FRESH, 0))
			continue;
		/*
		 * The latest asker's time: a read for it serves the earlier
		 * ones too. Racing dumps may leave the earlier: then one of
		 * them reads the port itself, no more.
		 */
		if (!after || rdmactl_after_eq32(since, after))
			WRITE_ONCE(st->ahead_after, since);
		if (READ_ONCE(st->ahead_busy))
			continue;	/* queued: it reads for since too */
		WRITE_ONCE(st->ahead_busy, true);
		queue_work(rdmactl_stat_wq, &st->ahead_work);
	}
	if (!wait)
		return;
	left = rdmactl_stat_ahead_left(items, n, since);
	while (left && time_before(jiffies, deadline) && !fatal_signal_pending(current)) {
		long slice = max_t(long, deadline - jiffies, 1);

		before = left;
		slice = min_t(long, slice, RDMACTL_STAT_AHEAD_STALL);
		wait_event_killable_timeout(rdmactl_stat_ahead_wait,
					    rdmactl_stat_ahead_left(items, n, since) < before,
					    slice);
		left = rdmactl_stat_ahead_left(items, n, since);
		if (left == before)
			break;		/* none read for a while: a stall */
	}
}

/* Whether fill() may report what the port holds rather than read it. */
bool rdmactl_stat_ahead_read(const struct rdmactl_req *req, const struct rdmactl_stat_state *st)
{
	return req->ahead_since &&
	       rdmactl_stat_read_since(st, *req->ahead_since, RDMACTL_STAT_AHEAD_KEEP,
				       req->call_at);
}

void rdmactl_stat_removing(struct rdmactl_dev *dev)
{
	/* After the generation's bump: a dump that sees it sees the bump (dump.c). */
	smp_store_release(&dev->removing, true);
	wake_up_all(&rdmactl_stat_ahead_wait);
}

void rdmactl_read_queue(struct work_struct *work)
{
	queue_work(rdmactl_stat_wq, work);
}

int rdmactl_stat_wq_init(void)
{
	rdmactl_stat_wq = alloc_workqueue("rdmactl_stat", WQ_UNBOUND, RDMACTL_STAT_AHEAD_MAX);
	return rdmactl_stat_wq ? 0 : -ENOMEM;
}

void rdmactl_stat_wq_exit(void)
{
	destroy_workqueue(rdmactl_stat_wq);
}

/*
 * Under genetlink's cb_lock (req->genl_locked), which a family's
 * registration waits for, the port is never read here, nor its lock
 * waited for. A dump's first call takes what its read-ahead (waited for
 * AHEAD_STALL at most) read, or stops (-EINPROGRESS): the next call waits.
 * A doit has the port's work item read it, and waits AHEAD_STALL at most;
 * a read that takes longer serves the port's next doit (doit_since, for
 * AHEAD_BACK) less than AHEAD_KEEP after it ended; until then, -EAGAIN.
 * On success st->lock is held.
 */
#define RDMACTL_STAT_AHEAD_BACK		(10 * HZ)

static bool rdmactl_stat_try(struct rdmactl_stat_state *st, u32 since)
{
	if (!mutex_trylock(&st->lock))
		return false;
	if (rdmactl_stat_read_since(st, since, RDMACTL_STAT_AHEAD_KEEP, 0))
		return true;
	mutex_unlock(&st->lock);
	return false;
}

int rdmactl_stat_locked_read(const struct rdmactl_req *req, struct rdmactl_dev *dev, u32 port,
			     struct rdmactl_stat_state *st)
{
	struct rdmactl_ahead item = { .dev = dev, .port = port };
	u32 now = rdmactl_jiffies32(), since = READ_ONCE(st->doit_since);

	if (req->ahead_since)
		return rdmactl_stat_try(st, *req->ahead_since) ? 0 : -EINPROGRESS;
	if (!since || now - since >= RDMACTL_STAT_AHEAD_BACK)
		since = now;
	if (!rdmactl_stat_try(st, since)) {
		rdmactl_stat_ahead(req, &item, 1, since, true);
		if (fatal_signal_pending(current))
			return -EINTR;
		if (!rdmactl_stat_try(st, since)) {
			WRITE_ONCE(st->doit_since, since);
			rdmactl_err_fmt(req->extack, NULL, RDMACTL_MSG_STAT_SLOW, dev->index, port);
			return -EAGAIN;
		}
	}
	WRITE_ONCE(st->doit_since, 0);
	return 0;
}
