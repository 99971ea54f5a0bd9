// SPDX-License-Identifier: GPL-2.0
/*
 * A RoCE port's QoS profile: rdma_cm's ToS (roce.c), the DSCP it marks
 * mapped to a priority in the netdev's DCB APP table, PFC on or off for
 * that priority, and the netdev's apptrust. ROCE_SET keeps it with the
 * ToS (by node GUID and port, roce-saved.c); this file applies its DCB
 * half again to the port's netdev each time a netdev attaches to the port
 * (netdevs.c's NETDEV_ATTACH: the device registering again, the netdev
 * re-created or re-bound), and says so in a ROCE event with roce-restored.
 *
 * The request sets no netdev itself. The DCB is set through the driver's
 * dcbnl ops under RTNL, which may wait on firmware: a doit holds generic
 * netlink's cb_lock, under which nothing may wait like that. librdmactl
 * sets it over dcbnl (rtnetlink, with its own CAP_NET_ADMIN check in the
 * netdev's namespace) before it sends ROCE_SET. The re-apply here runs
 * from a work item on the system workqueue, which takes RTNL holding no
 * lock of ours, and calls the ops the way dcbnl's DCB_CMD_IEEE_SET and
 * _DEL do (net/dcb/dcbnl.c), in librdmactl's order (the APP entry, PFC,
 * apptrust), then tells dcbnl's listeners (dcbnl_ieee_notify()), as a
 * change through dcbnl would.
 *
 * A job holds its netdev (dev_hold) from the attach until the work: the
 * netdev's unregistering waits for it, briefly. Under RTNL the work
 * applies the profile kept then, and only to the port's netdev then: an
 * unregistering or replaced one is left alone, silently (its DETACH told). Unload
 * stops the attach events first (rdmactl_events_stop()), then drops the
 * jobs not run. A job that cannot be allocated is a lost event.
 */
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <net/dcbnl.h>

#include "roce.h"

/*
 * One netdev to give a port's kept profile to. The profile is looked up
 * when the work runs, not when the netdev attached: a SET or clear in
 * between is what counts.
 */
struct rdmactl_qos_job {
	struct list_head list;
	u32 index;		/* the device, by index and node GUID */
	u64 guid;
	u32 port;
	struct net_device *ndev;	/* held */
};

static DEFINE_SPINLOCK(rdmactl_qos_lock);
static LIST_HEAD(rdmactl_qos_jobs);
static bool rdmactl_qos_stopping;
static void rdmactl_qos_work_fn(struct work_struct *work);
static DECLARE_WORK(rdmactl_qos_work, rdmactl_qos_work_fn);

/*
 * ROCE_SET's roce-prio and roce-pfc, together, and roce-trust with them
 * where the netdev has apptrust; only with the ToS whose DSCP they map,
 * and not with roce-clear. The policy checked the ranges.
 */
int rdmactl_qos_parse(const struct rdmactl_req *req, bool has_tos, struct rdmactl_qos *q)
{
	struct nlattr *prio = req->attrs[RDMACTL_A_ROCE_PRIO];
	struct nlattr *pfc = req->attrs[RDMACTL_A_ROCE_PFC];
	struct nlattr *trust = req->attrs[RDMACTL_A_ROCE_TRUST];
	struct nlattr *any = prio ?: pfc ?: trust;

	memset(q, 0, sizeof(*q));
	if (!any)
		return 0;
	if (req->attrs[RDMACTL_A_ROCE_CLEAR]) {
		NL_SET_ERR_MSG_ATTR(req->extack, any, RDMACTL_MSG_QOS_CLEAR);
		return -EINVAL;
	}
	if (!prio || !pfc) {
		NL_SET_ERR_MSG_ATTR(req->extack, any, RDMACTL_MSG_QOS_PARTS);
		return -EINVAL;
	}
	if (!has_tos) {
		NL_SET_ERR_MSG_ATTR(req->extack, any, RDMACTL_MSG_QOS_NO_TOS);
		return -EINVAL;
	}
	if (!IS_ENABLED(CONFIG_DCB)) {
		NL_SET_ERR_MSG_ATTR(req->extack, any, RDMACTL_MSG_QOS_NO_DCB);
		return -EOPNOTSUPP;
	}
	q->has = true;
	q->prio = nla_get_u8(prio);
	q->pfc = nla_get_u8(pfc);
	q->has_trust = trust;
	q->trust = trust ? nla_get_u8(trust) : 0;
	return 0;
}

/* A kept profile, as ROCE_GET and the ROCE event (its reply) say it: roce-saved-prio.. */
int rdmactl_qos_put(struct sk_buff *skb, const struct rdmactl_qos *q)
{
	if (q->has &&
	    (nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_PRIO, q->prio) ||
	     nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_PFC, q->pfc) ||
	     (q->has_trust && nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_TRUST, q->trust))))
		return -EMSGSIZE;
	return 0;
}

#if IS_ENABLED(CONFIG_DCB)
static int rdmactl_qos_app_del(struct net_device *ndev, const struct dcbnl_rtnl_ops *ops,
			       struct dcb_app *app)
{
	int err = ops->ieee_delapp ? ops->ieee_delapp(ndev, app) : dcb_ieee_delapp(ndev, app);

	/*
	 * A driver whose setapp replaced the entry (mlx5) has it gone
	 * already; ice says 2 for a delete that changed no hardware.
	 */
	return err == -ENOENT || err > 0 ? 0 : err;
}

/* ice says 1 for an entry kept whose hardware setting failed. */
static int rdmactl_qos_app_set(struct net_device *ndev, const struct dcbnl_rtnl_ops *ops,
			       struct dcb_app *app)
{
	int err = ops->ieee_setapp ? ops->ieee_setapp(ndev, app) : dcb_ieee_setapp(ndev, app);

	return err > 0 ? -EIO : err;
}

/*
 * The priorities the DSCP's APP entries map it to, every one:
 * dcb_ieee_getapp_mask() gives only the newest entry's.
 */
static unsigned long rdmactl_qos_dscp_mask(struct net_device *ndev, u8 dscp)
{
	struct dcb_ieee_app_dscp_map map;

	dcb_ieee_getapp_dscp_prio_mask_map(ndev, &map);
	return map.map[dscp & 63];
}

/*
 * The DSCP's entries to each priority of mask, removed then added again:
 * a driver whose delapp clears the DSCP's hardware mapping (bnxt) while
 * another entry is kept writes it again only on an add that is not one
 * of an entry already there. The first error, the others still tried.
 */
static int rdmactl_qos_app_rewrite(struct net_device *ndev, const struct dcbnl_rtnl_ops *ops,
				   struct dcb_app *app, unsigned long mask)
{
	unsigned int p;
	int err = 0, e;

	for_each_set_bit(p, &mask, IEEE_8021QAZ_MAX_TCS) {
		app->priority = p;
		e = rdmactl_qos_app_del(ndev, ops, app);
		e = e ?: rdmactl_qos_app_set(ndev, ops, app);
		err = err ?: e;
	}
	return err;
}

/*
 * The DSCP's APP entries to the priorities of want: those missing added
 * first, so that the DSCP is never without one (a driver whose setapp
 * replaces the entry, mlx5, is done then); the others removed, and what
 * want has written again if any was (bnxt), or added then if the driver
 * refused a DSCP mapped already (ice: -EINVAL, only when it has another
 * entry). The driver's first error, else -EIO if the kernel's table does
 * not hold want at the end.
 */
static int rdmactl_qos_app_to(struct net_device *ndev, const struct dcbnl_rtnl_ops *ops,
			      u8 dscp, unsigned long want)
{
	struct dcb_app app = { .selector = IEEE_8021QAZ_APP_SEL_DSCP, .protocol = dscp };
	unsigned long others = rdmactl_qos_dscp_mask(ndev, dscp) & ~want;
	unsigned int p;
	int err = 0, del;

	for_each_set_bit(p, &want, IEEE_8021QAZ_MAX_TCS) {
		if (rdmactl_qos_dscp_mask(ndev, dscp) & BIT(p))
			continue;
		app.priority = p;
		err = err ?: rdmactl_qos_app_set(ndev, ops, &app);
	}
	/* Not the ice refusal: the driver's error, the table as it was. */
	if (err && (!others || (err != -EINVAL && err != -EEXIST)))
		return err;
	others = rdmactl_qos_dscp_mask(ndev, dscp) & ~want;
	for_each_set_bit(p, &others, IEEE_8021QAZ_MAX_TCS) {
		app.priority = p;
		del = rdmactl_qos_app_del(ndev, ops, &app);
		if (del)
			return del;
	}
	err = others || err ? rdmactl_qos_app_rewrite(ndev, ops, &app, want) : 0;
	if (err)
		return err;
	return rdmactl_qos_dscp_mask(ndev, dscp) == want ? 0 : -EIO;
}

/* PFC's settings alike (its requests and indications are counters). */
static bool rdmactl_qos_pfc_same(const struct ieee_pfc *a, const struct ieee_pfc *b)
{
	return a->pfc_en == b->pfc_en && a->mbc == b->mbc && a->delay == b->delay;
}

/*
 * PFC on or off for prio, the other priorities as was (before anything
 * changed: ice resets PFC when a DSCP's last APP entry goes), set if the
 * driver's state now differs.
 */
static int rdmactl_qos_pfc(struct net_device *ndev, const struct dcbnl_rtnl_ops *ops,
			   const struct ieee_pfc *was, u8 prio, bool on)
{
	struct ieee_pfc pfc = *was, now = {};
	int err;

	pfc.pfc_en = on ? was->pfc_en | BIT(prio) : was->pfc_en & ~BIT(prio);
	err = ops->ieee_getpfc(ndev, &now);
	if (!err && rdmactl_qos_pfc_same(&now, &pfc))
		return 0;
	err = ops->ieee_setpfc(ndev, &pfc);
	return err > 0 ? -EIO : err;
}

/*
 * The apptrust order, as librdmactl sets it: the trusted selector first,
 * the others after in their order. A DSCP-marked frame is classified by
 * its DSCP only when DSCP comes first, so that is "dscp", anything else
 * "pcp". Kernels before 6.2 have no apptrust: a profile kept there has
 * no trust (librdmactl leaves it out), and one that has it fails here.
 */
static int rdmactl_qos_trust(struct net_device *ndev, const struct dcbnl_rtnl_ops *ops,
			     u8 trust)
{
#ifdef HAVE_DCBNL_APPTRUST
	u8 want = trust == RDMACTL_ROCE_TRUST_DSCP ? IEEE_8021QAZ_APP_SEL_DSCP : DCB_APP_SEL_PCP;
	u8 sel[IEEE_8021QAZ_APP_SEL_MAX + 1] = {}, order[IEEE_8021QAZ_APP_SEL_MAX + 1];
	int n = 0, i, k = 1, err;
	bool dscp_first, want_dscp;

	if (!ops->dcbnl_getapptrust || !ops->dcbnl_setapptrust)
		return -EOPNOTSUPP;
	err = ops->dcbnl_getapptrust(ndev, sel, &n);
	if (err)
		return err;
	dscp_first = n && sel[0] == IEEE_8021QAZ_APP_SEL_DSCP;
	want_dscp = want == IEEE_8021QAZ_APP_SEL_DSCP;
	if (dscp_first == want_dscp)
		return 0;
	order[0] = want;
	for (i = 0; i < n && k < ARRAY_SIZE(order); i++)
		if (sel[i] != want)
			order[k++] = sel[i];
	return ops->dcbnl_setapptrust(ndev, order, k);
#else
	return -EOPNOTSUPP;
#endif
}

/*
 * Under RTNL: the profile's DCB on ndev, changing only what differs, and
 * all or nothing: when a step is refused, the DSCP's APP entries and then
 * PFC are put back as they were (a DSCP mapped to a priority without PFC
 * is lossy; ice resets PFC when a DSCP's last entry goes). PFC's state is
 * read before anything changes: without it nothing is changed.
 */
static int rdmactl_qos_apply(struct net_device *ndev, u8 tos, const struct rdmactl_qos *q)
{
	const struct dcbnl_rtnl_ops *ops = ndev->dcbnl_ops;
	struct ieee_pfc pfc = {}, now = {};
	unsigned long mask;
	int err;

	ASSERT_RTNL();
	if (!ops || !ops->ieee_getpfc || !ops->ieee_setpfc)
		return -EOPNOTSUPP;
	err = ops->ieee_getpfc(ndev, &pfc);
	if (err)
		return err;
	mask = rdmactl_qos_dscp_mask(ndev, tos >> 2);
	err = rdmactl_qos_app_to(ndev, ops, tos >> 2, BIT(q->prio));
	if (!err)
		err = rdmactl_qos_pfc(ndev, ops, &pfc, q->prio, q->pfc);
	if (!err && q->has_trust)
		err = rdmactl_qos_trust(ndev, ops, q->trust);
	if (err) {
		if (rdmactl_qos_dscp_mask(ndev, tos >> 2) != mask &&
		    rdmactl_qos_app_to(ndev, ops, tos >> 2, mask))
			pr_warn("%s: cannot put back DSCP %u's APP entries\n", ndev->name,
				tos >> 2);
		if ((ops->ieee_getpfc(ndev, &now) || !rdmactl_qos_pfc_same(&now, &pfc)) &&
		    ops->ieee_setpfc(ndev, &pfc))
			pr_warn("%s: cannot put back PFC\n", ndev->name);
	}
	/* What did change is told, as dcbnl tells its own. */
	dcbnl_ieee_notify(ndev, RTM_SETDCB, DCB_CMD_IEEE_SET, 0, 0);
	return err;
}
#else
static int rdmactl_qos_apply(struct net_device *ndev, u8 tos, const struct rdmactl_qos *q)
{
	return -EOPNOTSUPP;
}
#endif

/*
 * Under RTNL: the settings kept for the job's port, its ToS and profile,
 * if the job's netdev is still the port's (not unregistering, not
 * replaced since); false when there is no profile to apply.
 */
static bool rdmactl_qos_current(const struct rdmactl_qos_job *job,
				struct rdmactl_roce_settings *kept)
{
	struct rdmactl_roce_saved *s;
	struct rdmactl_dev *dev;
	bool ours;

	ASSERT_RTNL();
	dev = rdmactl_dev_get_any(job->index);
	if (!dev)
		return false;
	ours = be64_to_cpu(dev->ibdev->node_guid) == job->guid && !dev->ndevs_gone &&
	       dev->ndevs[job->port].ndev == job->ndev &&
	       job->ndev->reg_state == NETREG_REGISTERED;
	rdmactl_dev_put(dev);
	if (!ours)
		return false;
	mutex_lock(&rdmactl_roce_saved_lock);
	s = rdmactl_roce_find(job->guid, job->port);
	if (s && (s->set.has & RDMACTL_ROCE_HAS_TOS) && s->set.qos.has)
		*kept = s->set;
	mutex_unlock(&rdmactl_roce_saved_lock);
	return kept->qos.has;
}

/* One job: under RTNL, the profile kept now, on the port's netdev now; the event. */
static void rdmactl_qos_run(struct rdmactl_qos_job *job)
{
	struct rdmactl_roce_ev rev = { .restored = true };
	struct rdmactl_roce_settings kept = {};

	rtnl_lock();
	if (!rdmactl_qos_current(job, &kept)) {
		rtnl_unlock();
		return;
	}
	/*
	 * rdma_cm is not read: the event has what rdmactl applied last, and
	 * the settings whose profile this applied, whatever is kept by then.
	 */
	rev.applied = &kept;
	rev.error = rdmactl_qos_apply(job->ndev, kept.tos, &kept.qos);
	if (rev.error)
		pr_warn("cannot apply the RoCE QoS profile of port %u to %s: %d\n", job->port,
			job->ndev->name, rev.error);
	rtnl_unlock();
	rdmactl_roce_event(job->index, job->guid, job->port, &rev);
}

static void rdmactl_qos_work_fn(struct work_struct *work)
{
	struct rdmactl_qos_job *job;

	for (;;) {
		spin_lock(&rdmactl_qos_lock);
		job = list_first_entry_or_null(&rdmactl_qos_jobs, struct rdmactl_qos_job, list);
		if (job)
			list_del(&job->list);
		spin_unlock(&rdmactl_qos_lock);
		if (!job)
			return;
		rdmactl_qos_run(job);
		dev_put(job->ndev);
		kfree(job);
	}
}

/*
 * Under RTNL (netdevs.c): ndev attached to port of dev. If a profile is
 * kept for the port, the work applies it (what is kept then).
 */
void rdmactl_qos_attached(struct rdmactl_dev *dev, u32 port, struct net_device *ndev)
{
	u64 guid = be64_to_cpu(dev->ibdev->node_guid);
	struct rdmactl_roce_saved *s;
	struct rdmactl_qos_job *job;
	bool kept;

	if (!guid || !rdma_protocol_roce(dev->ibdev, port))
		return;
	mutex_lock(&rdmactl_roce_saved_lock);
	s = rdmactl_roce_find(guid, port);
	kept = s && s->set.qos.has;
	mutex_unlock(&rdmactl_roce_saved_lock);
	if (!kept)
		return;
	job = kzalloc(sizeof(*job), GFP_KERNEL);
	if (!job) {
		pr_warn("cannot apply the RoCE QoS profile of port %u to %s: %d\n", port,
			ndev->name, -ENOMEM);
		rdmactl_event_lost();
		return;
	}
	job->index = dev->index;
	job->guid = guid;
	job->port = port;
	dev_hold(ndev);
	job->ndev = ndev;
	spin_lock(&rdmactl_qos_lock);
	if (rdmactl_qos_stopping) {
		spin_unlock(&rdmactl_qos_lock);
		dev_put(ndev);
		kfree(job);
		return;
	}
	list_add_tail(&job->list, &rdmactl_qos_jobs);
	queue_work(system_wq, &rdmactl_qos_work);
	spin_unlock(&rdmactl_qos_lock);
}

/* Unload, after the attach events stopped: the jobs not run are dropped. */
void rdmactl_qos_exit(void)
{
	struct rdmactl_qos_job *job, *tmp;

	spin_lock(&rdmactl_qos_lock);
	rdmactl_qos_stopping = true;
	spin_unlock(&rdmactl_qos_lock);
	cancel_work_sync(&rdmactl_qos_work);
	list_for_each_entry_safe(job, tmp, &rdmactl_qos_jobs, list) {
		dev_put(job->ndev);
		kfree(job);
	}
}
