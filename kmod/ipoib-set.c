// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_IPOIB_SET: switching an IPoIB interface between datagram
 * and connected mode, and its MTU with it: the request, the jobs that
 * make the change (ipoib-change.c), and what came of it. ipoib.c's top
 * comment says how the mode is changed, and under which locks.
 *
 * IPOIB_SET goes through the default SET doit (request.c), which names
 * no device for it (RDMACTL_SET_NETDEV): set_validate() reads the mode,
 * set() finds the interface. set() runs under genetlink's cb_lock, so it
 * changes nothing itself: ipoib's switch drops RTNL while it flushes its
 * paths, and would leave set() waiting for RTNL behind whoever took it
 * meanwhile. The change is a job, made by a work item on an ordered
 * workqueue: one at a time, for a change and its undo must not interleave
 * with another's, whose undo would put back values read before this one.
 * set() waits for it RDMACTL_LOCKED_WAIT at most, killably, then fails
 * with -EAGAIN ("ask again"); the job's outcome, its message too, is kept
 * for the same request asked again (the same socket, namespace and
 * sequence number) until RDMACTL_IPOIB_BACK after it ended. librdmactl
 * asks again until answered. A job whose asker is killed or closes its
 * socket before the job began is dropped: nothing is changed behind the
 * back of whoever gave up.
 */
#include <linux/netdevice.h>
#include <linux/slab.h>

#include "ipoib.h"

#define RDMACTL_IPOIB_BACK	(10 * HZ)
/* Jobs made or kept at once: a namespace's, and all of them. */
#define RDMACTL_IPOIB_NET_JOBS	32
#define RDMACTL_IPOIB_JOBS	1024

/* The jobs; the doits waiting for theirs. */
static DEFINE_SPINLOCK(rdmactl_ipoib_jobs_lock);
static LIST_HEAD(rdmactl_ipoib_jobs);
static unsigned int rdmactl_ipoib_njobs;
static DECLARE_WAIT_QUEUE_HEAD(rdmactl_ipoib_done);
static struct workqueue_struct *rdmactl_ipoib_wq;

/* Called with rdmactl_ipoib_jobs_lock held: the job is no longer found. */
static void rdmactl_ipoib_job_unlink(struct rdmactl_ipoib_job *job)
{
	list_del(&job->list);
	rdmactl_ipoib_njobs--;
}

/* Stand for the request's attributes in the work's messages: compared only. */
static const struct nlattr rdmactl_job_mode_attr, rdmactl_job_mtu_attr;

static const char *const rdmactl_mode_names[] = { "datagram", "connected" };

/* RDMACTL_A_IPOIB_MODE: datagram or connected, else -EINVAL saying so. */
VISIBLE_IF_KUNIT int rdmactl_ipoib_mode_parse(const struct nlattr *attr,
					      struct netlink_ext_ack *extack)
{
	u8 mode = nla_get_u8(attr);

	if (mode != RDMACTL_IPOIB_DATAGRAM && mode != RDMACTL_IPOIB_CONNECTED) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "the mode is datagram (0) or connected (1)");
		return -EINVAL;
	}
	return mode;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_ipoib_mode_parse);

/*
 * The MTUs the interface takes in the job's mode, from its port read
 * fresh into ib (the messages name it): ipoib's own bounds, where
 * datagram mode carries its 4-byte header in the MTU; connected mode only
 * where the interface's address says RC is possible.
 */
static int rdmactl_ipoib_mtu_bounds(const struct rdmactl_ipoib_job *job,
				    struct net_device *ndev, struct rdmactl_ipoib *ib,
				    u32 *min, u32 *max, struct netlink_ext_ack *extack)
{
	struct rdmactl_req req = {
		.net = job->net, .extack = extack, .call_at = rdmactl_jiffies32(),
	};
	struct rdmactl_dev *dev;
	int err;

	req.since = req.call_at;
	err = rdmactl_ipoib_read_one(ndev, ib, 0);
	if (err) {
		rdmactl_ipoib_read_err(extack, ndev, err);
		return err;
	}
	dev = rdmactl_ipoib_dev(job->net, ib);
	if (!dev) {
		NL_SET_ERR_MSG(extack, "the interface's RDMA device is not visible here");
		return -ENODEV;
	}
	*min = ETH_MIN_MTU + RDMACTL_IPOIB_ENCAP_LEN;
	err = rdmactl_ipoib_max_dgram(&req, dev, ib->port, max);
	if (job->mode == RDMACTL_IPOIB_CONNECTED && !err) {
		*min = ETH_MIN_MTU;
		*max = RDMACTL_IPOIB_CM_MTU;
		if (!(ib->hwaddr[0] & RDMACTL_IPOIB_HW_FLAG_RC)) {
			rdmactl_err_fmt(extack, &rdmactl_job_mode_attr, RDMACTL_MSG_DGRAM_ONLY,
					ib->name);
			err = -EOPNOTSUPP;
		}
	}
	rdmactl_dev_put(dev);
	if (err)
		return err;
	/* The port's MTU unknown (its query failed): IB's largest, 4096. */
	if (!*max)
		*max = ib_mtu_enum_to_int(IB_MTU_4096) - RDMACTL_IPOIB_ENCAP_LEN;
	return 0;
}

/*
 * What came of rdmactl_ipoib_apply()'s err and c, as a message the asker
 * can act on: the mode refused (by OFED's ipoib outright), the interface
 * gone, or the MTU refused after the mode changed, and where the undo left
 * the interface. The job's outcome.
 */
static int rdmactl_ipoib_set_outcome(const struct rdmactl_ipoib_job *job,
				     struct net_device *ndev, const char *name,
				     const struct rdmactl_ipoib_change *c, int err,
				     struct netlink_ext_ack *extack)
{
	const struct nlattr *mode_attr = &rdmactl_job_mode_attr;
	const struct nlattr *mtu_attr = &rdmactl_job_mtu_attr;

	if (err == -ENODEV) {
		rdmactl_ipoib_read_err(extack, ndev, err);
	} else if (rdmactl_ofed() && err == -EINVAL &&
		   job->mode == RDMACTL_IPOIB_CONNECTED) {
		/*
		 * OFED's ipoib_set_mode() refuses connected mode outright since
		 * 23.07, while its address still carries the RC flag.
		 */
		NL_SET_ERR_MSG_ATTR(extack, mode_attr, RDMACTL_MSG_OFED_NO_CM);
	} else if (err) {
		rdmactl_err_fmt(extack, mode_attr, RDMACTL_MSG_MODE_REFUSED, name,
				rdmactl_mode_names[job->mode], err);
	} else if (c->mtu_err && c->undo_err == -ENODEV) {
		err = c->mtu_err;
		rdmactl_err_fmt(extack, mtu_attr, RDMACTL_MSG_MTU_GONE, job->mtu, err);
	} else if (c->mtu_err && c->undo_err) {
		err = c->mtu_err;
		rdmactl_err_fmt(extack, mtu_attr, RDMACTL_MSG_MTU_UNDO_FAILED, job->mtu, err,
				c->undo_err, rdmactl_mode_names[c->now.mode], c->now.mtu);
	} else if (c->mtu_err) {
		err = c->mtu_err;
		rdmactl_err_fmt(extack, mtu_attr, RDMACTL_MSG_MTU_ROLLED_BACK, job->mtu, err,
				rdmactl_mode_names[c->now.mode], c->now.mtu);
	}
	return err;
}

/*
 * The job's change, its messages to extack: the MTU within what the
 * interface takes in the new mode, then the change and what came of it.
 */
static int rdmactl_ipoib_set_one(struct rdmactl_ipoib_job *job, struct net_device *ndev,
				 struct netlink_ext_ack *extack)
{
	struct rdmactl_ipoib_change c = { .mode = job->mode, .mtu = job->mtu };
	struct rdmactl_ipoib ib;
	u32 min, max;
	int err;

	err = rdmactl_ipoib_mtu_bounds(job, ndev, &ib, &min, &max, extack);
	if (err)
		return err;
	if (job->has_mtu && (job->mtu < min || job->mtu > max)) {
		rdmactl_err_fmt(extack, &rdmactl_job_mtu_attr, RDMACTL_MSG_MTU_RANGE, job->mtu,
				rdmactl_mode_names[job->mode], min, max);
		return -ERANGE;
	}
	err = rdmactl_ipoib_apply(ndev, &c, extack);
	return rdmactl_ipoib_set_outcome(job, ndev, ib.name, &c, err, extack);
}

static void rdmactl_ipoib_set_work(struct work_struct *work)
{
	struct rdmactl_ipoib_job *job = container_of(work, struct rdmactl_ipoib_job, work);
	struct netlink_ext_ack extack = {};
	struct net_device *ndev = NULL;
	bool cancelled;
	int err;

	spin_lock(&rdmactl_ipoib_jobs_lock);
	job->started = true;
	cancelled = job->cancelled;
	spin_unlock(&rdmactl_ipoib_jobs_lock);

	/* Gone, or moved to another namespace, since the doit found it. */
	if (!cancelled) {
		ndev = dev_get_by_index(job->net, job->ifindex);
		if (ndev && !rdmactl_is_ipoib(ndev)) {
			dev_put(ndev);
			ndev = NULL;
		}
	}
	if (cancelled) {
		NL_SET_ERR_MSG(&extack, "its asker went away before it began: nothing changed");
		err = -ECANCELED;
	} else if (ndev) {
		err = rdmactl_ipoib_set_one(job, ndev, &extack);
		dev_put(ndev);
	} else {
		NL_SET_ERR_MSG(&extack, "the interface went away");
		err = -ENODEV;
	}
	put_net(job->net);

	spin_lock(&rdmactl_ipoib_jobs_lock);
	if (job->orphaned) {
		rdmactl_ipoib_job_unlink(job);
		spin_unlock(&rdmactl_ipoib_jobs_lock);
		kfree(job);
		return;
	}
	job->err = err;
	if (extack._msg)
		strscpy(job->msg, extack._msg, sizeof(job->msg));
	job->bad_attr = extack.bad_attr == &rdmactl_job_mode_attr ? RDMACTL_A_IPOIB_MODE :
			extack.bad_attr == &rdmactl_job_mtu_attr ? RDMACTL_A_IPOIB_MTU : 0;
	job->done_at = jiffies;
	job->done = true;
	spin_unlock(&rdmactl_ipoib_jobs_lock);
	wake_up_all(&rdmactl_ipoib_done);
}

/* The same request, asked again: the same asker, and the same change. */
static bool rdmactl_ipoib_job_same(const struct rdmactl_ipoib_job *a,
				   const struct rdmactl_ipoib_job *b)
{
	return a->asker_net == b->asker_net && a->portid == b->portid && a->seq == b->seq &&
	       a->asked_ifindex == b->asked_ifindex &&
	       !strcmp(a->asked_ifname, b->asked_ifname) && a->mode == b->mode &&
	       a->has_mtu == b->has_mtu && a->mtu == b->mtu;
}

/*
 * Called with rdmactl_ipoib_jobs_lock held: the job made for the request
 * want describes, freeing those whose askers did not come back; *in_net,
 * how many jobs its namespace has.
 */
static struct rdmactl_ipoib_job *
rdmactl_ipoib_job_find(const struct rdmactl_ipoib_job *want, unsigned int *in_net)
{
	struct rdmactl_ipoib_job *job, *tmp, *found = NULL;

	*in_net = 0;
	list_for_each_entry_safe(job, tmp, &rdmactl_ipoib_jobs, list) {
		if (job->orphaned)
			continue;
		if (rdmactl_ipoib_job_same(job, want)) {
			found = job;
		} else if (job->done && !job->waited &&
			   time_after(jiffies, job->done_at + RDMACTL_IPOIB_BACK)) {
			rdmactl_ipoib_job_unlink(job);
			kfree(job);
			continue;
		}
		*in_net += job->asker_net == want->asker_net;
	}
	return found;
}

/*
 * Called with rdmactl_ipoib_jobs_lock held: this request's job, when it
 * was asked before (-EAGAIN, saying so, when that one is waited for now:
 * the same request twice at once); NULL when it is new.
 */
static struct rdmactl_ipoib_job *rdmactl_ipoib_job_take(const struct rdmactl_ipoib_job *want,
							struct netlink_ext_ack *extack,
							unsigned int *in_net)
{
	struct rdmactl_ipoib_job *job = rdmactl_ipoib_job_find(want, in_net);

	if (job && job->waited) {
		NL_SET_ERR_MSG(extack, RDMACTL_MSG_IPOIB_SLOW);
		return ERR_PTR(-EAGAIN);
	}
	if (job)
		job->waited = true;
	return job;
}

/* A new job for the request, as it says it: who asks, for what. */
static struct rdmactl_ipoib_job *rdmactl_ipoib_job_new(const struct rdmactl_req *req, u8 mode)
{
	struct nlattr *index = req->attrs[RDMACTL_A_IPOIB_IFINDEX];
	struct nlattr *name = req->attrs[RDMACTL_A_IPOIB_IFNAME];
	struct nlattr *mtu_attr = req->attrs[RDMACTL_A_IPOIB_MTU];
	struct rdmactl_ipoib_job *job;

	job = kzalloc(sizeof(*job), GFP_KERNEL);
	if (!job)
		return NULL;
	INIT_WORK(&job->work, rdmactl_ipoib_set_work);
	job->asker_net = req->net;
	job->portid = req->info->snd_portid;
	job->seq = req->info->snd_seq;
	if (index)
		job->asked_ifindex = nla_get_u32(index);
	else if (name)
		strscpy(job->asked_ifname, nla_data(name), sizeof(job->asked_ifname));
	job->mode = mode;
	job->has_mtu = mtu_attr;
	job->mtu = mtu_attr ? nla_get_u32(mtu_attr) : 0;
	return job;
}

/*
 * Called with rdmactl_ipoib_jobs_lock held: queue a new job, unless too
 * many wait (-EAGAIN, saying so): in_net of its namespace's, or, but for
 * the initial namespace's, all the jobs there are.
 */
static int rdmactl_ipoib_job_queue(struct rdmactl_ipoib_job *job, struct net *net,
				   unsigned int in_net, struct netlink_ext_ack *extack)
{
	if (in_net >= RDMACTL_IPOIB_NET_JOBS) {
		NL_SET_ERR_MSG(extack, RDMACTL_MSG_IPOIB_BUSY);
		return -EAGAIN;
	}
	if (rdmactl_ipoib_njobs >= RDMACTL_IPOIB_JOBS && !net_eq(net, &init_net)) {
		NL_SET_ERR_MSG(extack, RDMACTL_MSG_IPOIB_FULL);
		return -EAGAIN;
	}
	job->net = get_net(net);
	job->waited = true;
	list_add_tail(&job->list, &rdmactl_ipoib_jobs);
	rdmactl_ipoib_njobs++;
	queue_work(rdmactl_ipoib_wq, &job->work);
	return 0;
}

/*
 * The job of this request: the one it was given when asked before (found
 * by what the request says, for the interface may have changed since), or
 * a new one for the interface it names, queued.
 */
static struct rdmactl_ipoib_job *rdmactl_ipoib_job_get(const struct rdmactl_req *req, u8 mode)
{
	struct rdmactl_ipoib_job *fresh, *job;
	struct net_device *ndev;
	unsigned int in_net;
	int err;

	fresh = rdmactl_ipoib_job_new(req, mode);
	if (!fresh)
		return ERR_PTR(-ENOMEM);
	spin_lock(&rdmactl_ipoib_jobs_lock);
	job = rdmactl_ipoib_job_take(fresh, req->extack, &in_net);
	spin_unlock(&rdmactl_ipoib_jobs_lock);
	if (job)
		goto out;

	ndev = rdmactl_ipoib_netdev(req->net, req->attrs, req->extack);
	if (IS_ERR(ndev)) {
		job = ERR_CAST(ndev);
		goto out;
	}
	fresh->ifindex = ndev->ifindex;
	dev_put(ndev);

	spin_lock(&rdmactl_ipoib_jobs_lock);
	job = rdmactl_ipoib_job_take(fresh, req->extack, &in_net);
	if (!job) {
		err = rdmactl_ipoib_job_queue(fresh, req->net, in_net, req->extack);
		job = err ? ERR_PTR(err) : fresh;
	}
	spin_unlock(&rdmactl_ipoib_jobs_lock);
out:
	if (job != fresh)
		kfree(fresh);
	return job;
}

/* IPOIB_SET's own attributes: the mode, which it needs, and its deadline. */
int rdmactl_ipoib_set_validate(struct rdmactl_req *req, void *state)
{
	struct nlattr *mode_attr = req->attrs[RDMACTL_A_IPOIB_MODE];
	struct rdmactl_ipoib_set *s = state;
	int mode;

	s->until = jiffies + RDMACTL_LOCKED_WAIT;
	if (!mode_attr) {
		NL_SET_ERR_MSG(req->extack, "no mode given: set datagram or connected");
		return -EINVAL;
	}
	mode = rdmactl_ipoib_mode_parse(mode_attr, req->extack);
	if (mode < 0)
		return mode;
	s->mode = mode;
	return 0;
}

/*
 * The change the request asks of the interface it names (SET_NETDEV: no
 * device, devp and port_attr NULL): its job, got or queued, waited for
 * until s->until, killably; -EAGAIN keeps it for the request asked again.
 */
int rdmactl_ipoib_set(struct rdmactl_req *req, void *state, struct rdmactl_dev **devp,
		      const struct nlattr *port_attr)
{
	const struct rdmactl_ipoib_set *s = state;
	struct rdmactl_ipoib_job *job;
	long left;
	int err;

	job = rdmactl_ipoib_job_get(req, s->mode);
	if (IS_ERR(job))
		return PTR_ERR(job);

	left = wait_event_killable_timeout(rdmactl_ipoib_done, READ_ONCE(job->done),
					   max_t(long, s->until - jiffies, 0));
	spin_lock(&rdmactl_ipoib_jobs_lock);
	job->waited = false;
	if (!job->done) {
		/* Killed: not begun, it never will; else kept, as for asking again. */
		if (left < 0 && !job->started)
			job->cancelled = true;
		spin_unlock(&rdmactl_ipoib_jobs_lock);
		if (left < 0)
			return -EINTR;
		NL_SET_ERR_MSG(req->extack, RDMACTL_MSG_IPOIB_SLOW);
		return -EAGAIN;
	}
	rdmactl_ipoib_job_unlink(job);
	spin_unlock(&rdmactl_ipoib_jobs_lock);

	err = job->err;
	if (job->msg[0])
		rdmactl_err_fmt(req->extack, job->bad_attr ? req->attrs[job->bad_attr] : NULL,
				"%s", job->msg);
	kfree(job);
	return err;
}

/*
 * Called with rdmactl_ipoib_jobs_lock held: whether n, a generic netlink
 * socket's release, is about job, asked on that socket. Not when a doit
 * waits for it: that doit's socket is open (its sendmsg holds it), and
 * netlink_release() frees a portid before it tells of it, waiting for
 * genetlink's cb_lock in between, so a new socket may have bound the same
 * portid and asked for this job meanwhile: the notice is an older one's.
 */
VISIBLE_IF_KUNIT bool rdmactl_ipoib_job_released(const struct rdmactl_ipoib_job *job,
						 const struct netlink_notify *n)
{
	return !job->orphaned && !job->waited && job->asker_net == n->net &&
	       job->portid == n->portid;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_ipoib_job_released);

/*
 * A generic netlink socket closed: its jobs not begun are dropped, and no
 * outcome of it is kept (none is waited for: its doits have returned).
 */
static int rdmactl_ipoib_released(struct notifier_block *nb, unsigned long event, void *ptr)
{
	struct netlink_notify *n = ptr;
	struct rdmactl_ipoib_job *job, *tmp;

	if (event != NETLINK_URELEASE || n->protocol != NETLINK_GENERIC)
		return NOTIFY_DONE;
	spin_lock(&rdmactl_ipoib_jobs_lock);
	list_for_each_entry_safe(job, tmp, &rdmactl_ipoib_jobs, list) {
		if (!rdmactl_ipoib_job_released(job, n))
			continue;
		/* A new socket may get the same portid: no outcome for it. */
		job->orphaned = true;
		job->cancelled = !job->started;
		if (job->done) {
			rdmactl_ipoib_job_unlink(job);
			kfree(job);
		}
	}
	spin_unlock(&rdmactl_ipoib_jobs_lock);
	return NOTIFY_DONE;
}

static struct notifier_block rdmactl_ipoib_release_nb = {
	.notifier_call = rdmactl_ipoib_released,
};

int rdmactl_ipoib_set_init(void)
{
	int err;

	rdmactl_ipoib_wq = alloc_ordered_workqueue("rdmactl_ipoib", 0);
	if (!rdmactl_ipoib_wq)
		return -ENOMEM;
	err = netlink_register_notifier(&rdmactl_ipoib_release_nb);
	if (err)
		destroy_workqueue(rdmactl_ipoib_wq);
	return err;
}

/* No doit runs any more: changes begun end, the others are not made. */
void rdmactl_ipoib_set_exit(void)
{
	struct rdmactl_ipoib_job *job, *tmp;

	netlink_unregister_notifier(&rdmactl_ipoib_release_nb);
	/* Nobody can take an outcome any more: make no change not begun. */
	spin_lock(&rdmactl_ipoib_jobs_lock);
	list_for_each_entry(job, &rdmactl_ipoib_jobs, list)
		job->cancelled = !job->started;
	spin_unlock(&rdmactl_ipoib_jobs_lock);
	destroy_workqueue(rdmactl_ipoib_wq);
	list_for_each_entry_safe(job, tmp, &rdmactl_ipoib_jobs, list)
		kfree(job);
	INIT_LIST_HEAD(&rdmactl_ipoib_jobs);
	rdmactl_ipoib_njobs = 0;
}
