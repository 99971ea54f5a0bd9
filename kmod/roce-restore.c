// SPDX-License-Identifier: GPL-2.0
/*
 * The restore of the RoCE settings rdmactl remembers (roce-saved.c):
 * applied again from a work item, never from the client's add() (which
 * runs under ib_core's devices_rwsem), when a device registers, retrying
 * while rdma_cm has not attached to it yet (its client may come after
 * ours: after an rdma_cm reload it does) or while its configfs directory
 * is held, and for every device when rdma_cm goes live again (a module
 * notifier). The outcome of each is a ROCE event.
 */
#include <linux/module.h>
#include <linux/slab.h>

#include "roce.h"

/*
 * Devices whose saved settings are to be applied again, and the work that
 * does it. A device waits here while rdma_cm has not attached to it yet.
 */
struct rdmactl_roce_pending {
	struct list_head list;
	u32 index;
	u64 guid;
	unsigned int tries;
	unsigned int busy;	/* configfs held: delays, not tries */
};

#define RDMACTL_ROCE_RESTORE_TRIES 10
#define RDMACTL_ROCE_RESTORE_DELAY_MS 100
/* A held configfs: 100 ms, doubling up to 3.2 s, for as long as the device lives. */
#define RDMACTL_ROCE_BUSY_SHIFT_MAX 5

static DEFINE_SPINLOCK(rdmactl_roce_pending_lock);
static LIST_HEAD(rdmactl_roce_pending);
static bool rdmactl_roce_rescan;	/* every device: rdma_cm went live */
static unsigned int rdmactl_roce_rescan_tries;	/* the work's only */
static bool rdmactl_roce_stopping;
static void rdmactl_roce_restore_work(struct work_struct *work);
static DECLARE_DELAYED_WORK(rdmactl_roce_restore, rdmactl_roce_restore_work);

/*
 * Restoring. Each pending device is tried in turn: the ports it has
 * saved settings for are written and read back (rdmactl_roce_write(), as
 * a SET writes them, each port on its own), and each outcome is an
 * event. rdma_cm absent: nothing to do until it goes live (the module
 * notifier asks again). rdma_cm present but not attached to the device
 * yet (its client is newer than ours): tried again, with a growing delay,
 * RDMACTL_ROCE_RESTORE_TRIES times before the failure is reported.
 * rdma_cm/ held by someone's listing: tried again, with a growing delay,
 * for as long as the device lives, said once (the kernel log, a delayed
 * event).
 */

/*
 * A device that cannot be restored now: -EAGAIN, tried again later; on
 * the last try, said (every saved port an event with err) and dropped.
 */
static int rdmactl_roce_restore_fail(struct rdmactl_roce_pending *p, const char *name,
				     bool last_try, int err)
{
	if (!last_try)
		return -EAGAIN;
	pr_warn("cannot restore the RoCE settings of %s: %d\n", name, err);
	rdmactl_roce_event_fail(p->index, p->guid, err);
	return 0;
}

/*
 * The ports of dev with saved settings, into *rpp (n of them); a mode the
 * node came back without is an error of its port already. -ENOMEM: none.
 */
static int rdmactl_roce_restore_ports(struct rdmactl_dev *dev, u64 guid,
				      struct rdmactl_roce_port **rpp, unsigned int *np)
{
	struct rdmactl_roce_port *rp = NULL;
	struct rdmactl_roce_saved *s;
	unsigned int n = 0;
	int err = 0;

	mutex_lock(&rdmactl_roce_saved_lock);
	list_for_each_entry(s, &rdmactl_roce_saved, list)
		n += s->guid == guid;
	if (n) {
		rp = kcalloc(n, sizeof(*rp), GFP_KERNEL);
		err = rp ? 0 : -ENOMEM;
	}
	n = 0;
	list_for_each_entry(s, &rdmactl_roce_saved, list) {
		if (!rp || s->guid != guid || !rdma_is_port_valid(dev->ibdev, s->port) ||
		    !rdma_protocol_roce(dev->ibdev, s->port))
			continue;
		rp[n].port = s->port;
		rp[n].set = s->set;
		if ((s->set.has & RDMACTL_ROCE_HAS_MODE) &&
		    !(rdmactl_roce_types(dev->ibdev, s->port) & BIT(s->set.mode)))
			rp[n].err = -EOPNOTSUPP;
		n++;
	}
	mutex_unlock(&rdmactl_roce_saved_lock);
	*rpp = rp;
	*np = n;
	return err;
}

/*
 * A restore delayed by configfs held (rdma_cm/, or a port's directory:
 * then, busy, only the ports whose own error is -EBUSY), said once: the
 * kernel log, and a ROCE event of each port with roce-delayed alone (a
 * reader before it sees no failure). It is tried again.
 */
static void rdmactl_roce_restore_delayed(const struct rdmactl_roce_dev *rd,
					 const struct rdmactl_roce_port *rp, unsigned int n,
					 bool busy)
{
	const struct rdmactl_roce_ev rev = { .delayed = true };
	unsigned int i;

	pr_info("restoring the RoCE settings of %s is delayed: rdma_cm's configfs directory is held; trying again\n",
		rd->name);
	for (i = 0; i < n; i++)
		if (!busy || rp[i].err == -EBUSY)
			rdmactl_roce_event(rd->index, rd->guid, rp[i].port, &rev);
}

/*
 * Write and read back each port's settings on the open rdma_cm/<name>;
 * each is an event. -EBUSY: a port's directory was held (anyone may list
 * it): the device is tried again, that port's delay said on the first.
 */
static int rdmactl_roce_restore_write(const struct rdmactl_roce_dev *rd,
				      struct rdmactl_cm_dev *cd, struct rdmactl_roce_port *rp,
				      unsigned int n, bool first)
{
	struct rdmactl_roce_ev rev = { .restored = true };
	unsigned int i, held = 0;

	rdmactl_roce_write(rd, cd, rp, n, false, NULL);
	for (i = 0; i < n; i++)
		held += rp[i].err == -EBUSY;
	if (held && first)
		rdmactl_roce_restore_delayed(rd, rp, n, true);
	for (i = 0; i < n; i++) {
		if (rp[i].err == -EBUSY)
			continue;
		rdmactl_roce_set_applied(rd->guid, rp[i].port, !rp[i].err, &rp[i].now);
		if (rp[i].err)
			pr_warn("cannot restore the RoCE settings of %s port %u: %d\n", rd->name,
				rp[i].port, rp[i].err);
		/* Read back, or nothing: mode and ToS unread. */
		rev.s = rp[i].now;
		rev.error = rp[i].err;
		rdmactl_roce_event(rd->index, rd->guid, rp[i].port, &rev);
	}
	return held ? -EBUSY : 0;
}

/* Try this device again later: -EAGAIN, or -EBUSY (configfs held). Under rdmactl_cm_lock. */
static int rdmactl_roce_restore_dev_locked(struct rdmactl_roce_pending *p, bool last_try,
					   struct rdmactl_roce_port **rpp)
{
	struct rdmactl_roce_dev rd = { .index = p->index, .guid = p->guid };
	struct rdmactl_roce_ev rev = { .restored = true };
	struct rdmactl_cm_dev cd;
	struct rdmactl_dev *dev;
	unsigned int n, i;
	u32 last;
	int err;

	dev = rdmactl_dev_get_any(p->index);
	if (!dev || be64_to_cpu(dev->ibdev->node_guid) != p->guid) {
		if (dev)
			rdmactl_dev_put(dev);
		return 0;
	}
	rdmactl_dev_name(dev, rd.name);
	err = rdmactl_roce_restore_ports(dev, p->guid, rpp, &n);
	/* No reference across configfs work: it goes by name, events by index. */
	rdmactl_dev_put(dev);
	if (err)
		return rdmactl_roce_restore_fail(p, rd.name, last_try, -ENOMEM);
	if (!n)
		return 0;

	for (i = 0, last = 0; i < n; i++)
		last = max(last, (*rpp)[i].port);
	err = rdmactl_cm_open(&cd, rd.name, last, rdmactl_cm_until(), NULL);
	if (err == -ENOENT)
		return 0;		/* rdma_cm is not there: wait for it */
	/* rdma_cm/ held by anyone's listing: not a try (it would defeat us), said once. */
	if (err == -EBUSY) {
		if (!p->busy)
			rdmactl_roce_restore_delayed(&rd, *rpp, n, false);
		return -EBUSY;
	}
	/* Not attached yet: unload waits for us. */
	if (err == -ENODEV && !last_try)
		return -EAGAIN;
	if (err == -ENOMEM)
		return rdmactl_roce_restore_fail(p, rd.name, last_try, err);
	if (err) {
		pr_warn("cannot restore the RoCE settings of %s: %d\n", rd.name, err);
		rev.error = err;
		for (i = 0; i < n; i++)
			rdmactl_roce_event(p->index, p->guid, (*rpp)[i].port, &rev);
		return 0;
	}
	/* Renamed, or its name taken by another device: try again by index. */
	if (!rdmactl_roce_dev_same(p->index, p->guid, rd.name)) {
		err = last_try ? 0 : -EAGAIN;
		if (last_try) {
			pr_warn("cannot restore the RoCE settings of %s: renamed\n", rd.name);
			rdmactl_roce_event_fail(p->index, p->guid, -EAGAIN);
		}
	} else {
		err = rdmactl_roce_restore_write(&rd, &cd, *rpp, n, !p->busy);
	}
	rdmactl_cm_close(&cd);
	return err;
}

static int rdmactl_roce_restore_dev(struct rdmactl_roce_pending *p, bool last_try)
{
	struct rdmactl_roce_port *rp = NULL;
	int err;

	mutex_lock(&rdmactl_cm_lock);
	err = rdmactl_roce_restore_dev_locked(p, last_try, &rp);
	mutex_unlock(&rdmactl_cm_lock);
	kfree(rp);
	return err;
}

/*
 * Queue every device that has saved settings. Called from the work; false
 * when memory ran out (the work scans again later).
 */
static bool rdmactl_roce_rescan_devs(void)
{
	struct rdmactl_roce_pending *p;
	struct rdmactl_dev *dev;
	u32 index = 0;
	u64 guid;
	bool saved;

	while ((dev = rdmactl_dev_get_next(NULL, &index))) {
		guid = be64_to_cpu(dev->ibdev->node_guid);
		rdmactl_dev_put(dev);
		mutex_lock(&rdmactl_roce_saved_lock);
		saved = guid && rdmactl_roce_find_guid(guid);
		mutex_unlock(&rdmactl_roce_saved_lock);
		if (saved) {
			p = kzalloc(sizeof(*p), GFP_KERNEL);
			if (!p)
				return false;
			p->index = index;
			p->guid = guid;
			spin_lock(&rdmactl_roce_pending_lock);
			list_add_tail(&p->list, &rdmactl_roce_pending);
			spin_unlock(&rdmactl_roce_pending_lock);
		}
		index++;
	}
	return true;
}

static void rdmactl_roce_restore_work(struct work_struct *work)
{
	struct rdmactl_roce_pending *p, *tmp;
	unsigned int delay = 0, wait;
	bool rescan, rescan_again = false;
	int err;
	LIST_HEAD(todo);
	LIST_HEAD(again);

	spin_lock(&rdmactl_roce_pending_lock);
	rescan = rdmactl_roce_rescan;
	rdmactl_roce_rescan = false;
	spin_unlock(&rdmactl_roce_pending_lock);
	if (rescan) {
		/* rdma_cm is back: our mount, if it could not be made at load. */
		mutex_lock(&rdmactl_cm_lock);
		rdmactl_cm_mount();
		mutex_unlock(&rdmactl_cm_lock);
		if (!rdmactl_roce_rescan_devs()) {
			/* Out of memory: scan again later, not forget. */
			rdmactl_roce_rescan_tries++;
			if (rdmactl_roce_rescan_tries < RDMACTL_ROCE_RESTORE_TRIES) {
				rescan_again = true;
				delay = RDMACTL_ROCE_RESTORE_DELAY_MS <<
					min_t(unsigned int, rdmactl_roce_rescan_tries, 4);
			} else {
				pr_warn("cannot restore RoCE settings: %d\n", -ENOMEM);
				rdmactl_event_lost();
				rdmactl_roce_rescan_tries = 0;
			}
		} else {
			rdmactl_roce_rescan_tries = 0;
		}
	}

	spin_lock(&rdmactl_roce_pending_lock);
	list_splice_init(&rdmactl_roce_pending, &todo);
	spin_unlock(&rdmactl_roce_pending_lock);
	list_for_each_entry_safe(p, tmp, &todo, list) {
		/* rmmod waits for this work: the rest is freed by exit. */
		if (READ_ONCE(rdmactl_roce_stopping)) {
			list_splice_tail_init(&todo, &again);
			break;
		}
		list_del(&p->list);
		err = rdmactl_roce_restore_dev(p, p->tries + 1 >= RDMACTL_ROCE_RESTORE_TRIES);
		if (err == -EAGAIN) {
			/* 100 ms, doubling up to 1.6 s: about 10 s in all. */
			wait = RDMACTL_ROCE_RESTORE_DELAY_MS << min_t(unsigned int, p->tries, 4);
			p->tries++;
		} else if (err == -EBUSY) {
			wait = RDMACTL_ROCE_RESTORE_DELAY_MS <<
			       min_t(unsigned int, p->busy, RDMACTL_ROCE_BUSY_SHIFT_MAX);
			p->busy++;
		} else {
			kfree(p);
			continue;
		}
		delay = max(delay, wait);
		list_add_tail(&p->list, &again);
	}
	if (list_empty(&again) && !rescan_again)
		return;
	spin_lock(&rdmactl_roce_pending_lock);
	list_splice_tail(&again, &rdmactl_roce_pending);
	rdmactl_roce_rescan |= rescan_again;
	if (!rdmactl_roce_stopping)
		mod_delayed_work(system_wq, &rdmactl_roce_restore, msecs_to_jiffies(delay));
	spin_unlock(&rdmactl_roce_pending_lock);
}

/*
 * A device registered: give its ports back what was set for them, from
 * the work (this runs in the client's add(), under ib_core's rwsems).
 */
void rdmactl_roce_dev_added(struct rdmactl_dev *dev)
{
	u64 guid = be64_to_cpu(dev->ibdev->node_guid);
	struct rdmactl_roce_pending *p;
	struct rdmactl_roce_saved *s;
	bool saved = false;

	if (!guid)
		return;
	mutex_lock(&rdmactl_roce_saved_lock);
	list_for_each_entry(s, &rdmactl_roce_saved, list) {
		if (s->guid == guid) {
			/* A new cma_device: rdma_cm's defaults until restored. */
			s->applied = false;
			saved = true;
		}
	}
	mutex_unlock(&rdmactl_roce_saved_lock);
	if (!saved)
		return;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	spin_lock(&rdmactl_roce_pending_lock);
	if (p) {
		p->index = dev->index;
		p->guid = guid;
		list_add_tail(&p->list, &rdmactl_roce_pending);
	} else {
		/* No memory for the entry: the work scans every device. */
		rdmactl_roce_rescan = true;
	}
	if (!rdmactl_roce_stopping)
		mod_delayed_work(system_wq, &rdmactl_roce_restore, 0);
	spin_unlock(&rdmactl_roce_pending_lock);
}

/* rdma_cm is loading: its init has not returned (a failed one ends GOING). */
static bool rdmactl_cm_coming;

/*
 * rdma_cm is going: every RoCE port's defaults with it, set by us or not;
 * each port's event says so (cm_gone; its source unknown, as nothing is
 * applied now), no more.
 */
static void rdmactl_roce_all_unknown(void)
{
	const struct rdmactl_roce_ev rev = { .cm_gone = true };
	struct rdmactl_dev *dev;
	u32 index = 0, port;

	while ((dev = rdmactl_dev_get_next(NULL, &index))) {
		rdma_for_each_port(dev->ibdev, port)
			if (rdma_protocol_roce(dev->ibdev, port))
				rdmactl_roce_event_dev(dev, port, &rev);
		rdmactl_dev_put(dev);
		index++;
	}
}

/*
 * rdma_cm loaded again (its client added to every device: it is live once
 * its init has returned) or going away (its defaults with it).
 */
static int rdmactl_roce_module_event(struct notifier_block *nb, unsigned long state,
				     void *data)
{
	struct module *mod = data;
	struct rdmactl_roce_saved *s;

	if (strcmp(mod->name, "rdma_cm"))
		return NOTIFY_DONE;
	if (state == MODULE_STATE_COMING)
		WRITE_ONCE(rdmactl_cm_coming, true);
	if (state == MODULE_STATE_LIVE) {
		WRITE_ONCE(rdmactl_cm_coming, false);
		spin_lock(&rdmactl_roce_pending_lock);
		rdmactl_roce_rescan = true;
		if (!rdmactl_roce_stopping)
			mod_delayed_work(system_wq, &rdmactl_roce_restore, 0);
		spin_unlock(&rdmactl_roce_pending_lock);
	} else if (state == MODULE_STATE_GOING) {
		mutex_lock(&rdmactl_roce_saved_lock);
		list_for_each_entry(s, &rdmactl_roce_saved, list)
			s->applied = false;
		mutex_unlock(&rdmactl_roce_saved_lock);
		/* Not after a load that failed: it never had defaults. */
		if (!READ_ONCE(rdmactl_cm_coming))
			rdmactl_roce_all_unknown();
		WRITE_ONCE(rdmactl_cm_coming, false);
	}
	return NOTIFY_OK;
}

static struct notifier_block rdmactl_roce_module_nb = {
	.notifier_call = rdmactl_roce_module_event,
};

int rdmactl_roce_saved_init(void)
{
	return register_module_notifier(&rdmactl_roce_module_nb);
}

void rdmactl_roce_saved_exit(void)
{
	struct rdmactl_roce_saved *s, *tmp;
	struct rdmactl_roce_pending *p, *ptmp;

	unregister_module_notifier(&rdmactl_roce_module_nb);
	spin_lock(&rdmactl_roce_pending_lock);
	rdmactl_roce_stopping = true;
	spin_unlock(&rdmactl_roce_pending_lock);
	cancel_delayed_work_sync(&rdmactl_roce_restore);
	list_for_each_entry_safe(p, ptmp, &rdmactl_roce_pending, list)
		kfree(p);
	list_for_each_entry_safe(s, tmp, &rdmactl_roce_saved, list)
		kfree(s);
}
