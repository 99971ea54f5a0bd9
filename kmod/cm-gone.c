// SPDX-License-Identifier: GPL-2.0
/*
 * The removal of a directory rdmactl made in rdma_cm's configfs (cm.c) for
 * a ROCE_SET, a PROBE or a restore, off their path. configfs's rmdir
 * (configfs_rmdir(), detach_groups()) locks ports/ and ports/N/ inside the
 * directory without a bound, and anyone who may list rdma_cm/ can hold
 * those: an inotify watch on rdma_cm/ says when the directory is made, and
 * a listing into a FUSE or userfaultfd page lasts as long as its owner
 * wants. A request holds generic netlink's cb_lock and a restore is work
 * that unload waits for: neither may wait so.
 *
 * So the closer queues the removal here and waits for it no longer than
 * for configfs's locks (configfs_wait_ms, killably). The work locks
 * rdma_cm/ and the directory (trylock, bounded), then looks whether
 * ports/ or a ports/N/ is locked (a listing): then, or when either lock
 * was held, it is tried again with a back-off (100 ms doubling to 3.2 s)
 * for as long as the listing lasts, holding nothing meanwhile, said once
 * in the kernel log. A listing begun between that look and configfs's own
 * locks (vfs_rmdir() takes the directory's, configfs its mutexes, nothing
 * else waits there) still holds the rmdir: the work then holds a
 * reference to the module, so that rmmod is refused (in use) rather than
 * waiting. The next request for the
 * device takes over a removal waiting its back-off, directory and all (if
 * it has the ports the request needs), and waits as for a lock for one
 * that runs. Unload leaves what still waits, saying so: the directory
 * then keeps rdma_cm loaded until an administrator removes it.
 *
 * Items are on rdmactl_cm_gones; whoever takes one off it (the work when
 * done, a request taking it over, unload) frees it or owns it.
 */
#include <linux/cred.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "compat/vfs.h"
#include "roce.h"

struct rdmactl_cm_gone {
	struct delayed_work work;
	struct list_head node;		/* on rdmactl_cm_gones while queued */
	struct path root;		/* rdma_cm/: a reference to the dentry */
	struct dentry *made;		/* <name>/, as made: a reference */
	const struct cred *cred;	/* the kernel's: a reference */
	unsigned int delay_ms;
	bool said;
	char name[IB_DEVICE_NAME_MAX];
};

static struct workqueue_struct *rdmactl_cm_wq;
static LIST_HEAD(rdmactl_cm_gones);
static DEFINE_SPINLOCK(rdmactl_cm_gones_lock);

/* What a queued item holds, let go; the item itself is left. */
static void rdmactl_cm_gone_drop(struct rdmactl_cm_gone *g)
{
	dput(g->made);
	dput(g->root.dentry);
	put_cred(g->cred);
	g->made = NULL;
	g->root.dentry = NULL;
	g->cred = NULL;
}

/* Off the list, if still on it: true when the caller now owns g. */
static bool rdmactl_cm_gone_unlist(struct rdmactl_cm_gone *g)
{
	bool owned;

	spin_lock(&rdmactl_cm_gones_lock);
	owned = !list_empty(&g->node);
	list_del_init(&g->node);
	spin_unlock(&rdmactl_cm_gones_lock);
	return owned;
}

/*
 * -EAGAIN when a listing holds ports/ or a ports/N/ inside dir now: the
 * rmdir would wait for it. configfs keeps its directories' dentries, so
 * they are found without a lock. Sleeps nowhere.
 */
static int rdmactl_cm_gone_listed(struct dentry *dir)
{
	struct dentry *ports, *d;
	char num[12];
	unsigned int n;
	int err = 0;

	ports = rdmactl_lookup_cached(dir, "ports");
	if (IS_ERR_OR_NULL(ports))
		return 0;
	for (n = 0, d = dget(ports); !IS_ERR_OR_NULL(d) && d_is_positive(d) && !err;
	     d = rdmactl_lookup_cached(ports, num)) {
		if (inode_trylock(d_inode(d)))
			inode_unlock(d_inode(d));
		else
			err = -EAGAIN;
		dput(d);
		snprintf(num, sizeof(num), "%u", ++n);
	}
	if (!IS_ERR_OR_NULL(d))
		dput(d);
	dput(ports);
	return err;
}

static void rdmactl_cm_gone_work(struct work_struct *work)
{
	struct rdmactl_cm_gone *g = container_of(to_delayed_work(work),
						 struct rdmactl_cm_gone, work);
	const struct cred *old;
	int err;

	/* Unloading: rdmactl_cm_gone_exit() leaves the directory, saying so. */
	if (!try_module_get(THIS_MODULE))
		return;
	old = override_creds(g->cred);
	err = mnt_want_write(g->root.mnt);
	if (!err) {
		err = rdmactl_rmdir(g->root.dentry, g->name, g->made, rdmactl_cm_gone_listed,
				    rdmactl_cm_until());
		mnt_drop_write(g->root.mnt);
	}
	revert_creds(old);
	/* rdma_cm/ gone with rdma_cm (the directory was removed first). */
	if (err == -ENOENT)
		err = 0;
	if (err == -EAGAIN) {
		if (!g->said)
			pr_info("configfs rdma_cm/%s: its removal waits for a listing of it to end\n",
				g->name);
		g->said = true;
		g->delay_ms = clamp(g->delay_ms * 2, 100U, 3200U);
		queue_delayed_work(rdmactl_cm_wq, &g->work, msecs_to_jiffies(g->delay_ms));
	} else if (rdmactl_cm_gone_unlist(g)) {
		if (err)
			pr_warn("cannot remove configfs rdma_cm/%s: %d\n", g->name, err);
		else if (g->said)
			pr_info("configfs rdma_cm/%s: removed\n", g->name);
		rdmactl_cm_gone_drop(g);
		kfree(g);
	}
	/* The work's last step: unload waits for the work to return. */
	module_put(THIS_MODULE);
}

/* Whether dir has ports/<port>/: rdma_cm made one for each port the device had. */
static bool rdmactl_cm_gone_has_port(struct dentry *dir, u32 port)
{
	struct dentry *ports, *d = NULL;
	char num[12];
	bool has;

	ports = rdmactl_lookup_cached(dir, "ports");
	if (!IS_ERR_OR_NULL(ports)) {
		snprintf(num, sizeof(num), "%u", port);
		d = rdmactl_lookup_cached(ports, num);
		dput(ports);
	}
	has = !IS_ERR_OR_NULL(d) && d_is_positive(d);
	if (!IS_ERR_OR_NULL(d))
		dput(d);
	return has;
}

/*
 * What will remove name's directory if the caller makes it: a new item,
 * or one queued for name and taken over before it ran, if the directory
 * has ports/<last>/ (*made then a reference to it, which the caller owns
 * now: not one rdma_cm made for another device of the name, with fewer
 * ports); the caller waits for one that runs, until jiffies reach until:
 * -EBUSY then, or for a directory it cannot use, -EINTR at a kill,
 * -ENOMEM. Nothing changes on error.
 */
struct rdmactl_cm_gone *rdmactl_cm_gone_get(const char *name, u32 last, unsigned long until,
					    struct dentry **made)
{
	struct rdmactl_cm_gone *g, *found, *unusable = NULL;
	bool ours;

	*made = NULL;
	for (;;) {
		found = NULL;
		ours = false;
		spin_lock(&rdmactl_cm_gones_lock);
		list_for_each_entry(g, &rdmactl_cm_gones, node) {
			if (!strcmp(g->name, name)) {
				found = g;
				break;
			}
		}
		/* Waiting its back-off: it will not run, and is ours. */
		if (found && found != unusable && cancel_delayed_work(&found->work)) {
			list_del_init(&found->node);
			ours = true;
		}
		spin_unlock(&rdmactl_cm_gones_lock);
		/*
		 * One the caller cannot use (removed by someone else since is
		 * fine: it is made again) is run again now, and waited for.
		 */
		if (ours && !d_unhashed(found->made) && d_is_positive(found->made) &&
		    !rdmactl_cm_gone_has_port(found->made, last)) {
			spin_lock(&rdmactl_cm_gones_lock);
			list_add_tail(&found->node, &rdmactl_cm_gones);
			queue_delayed_work(rdmactl_cm_wq, &found->work, 0);
			spin_unlock(&rdmactl_cm_gones_lock);
			unusable = found;
			ours = false;
		}
		if (ours) {
			*made = dget(found->made);
			rdmactl_cm_gone_drop(found);
			found->delay_ms = 0;
			return found;
		}
		if (!found)
			break;
		if (fatal_signal_pending(current))
			return ERR_PTR(-EINTR);
		if (time_after(jiffies, until))
			return ERR_PTR(-EBUSY);
		usleep_range(1000, 2000);
	}
	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g)
		return ERR_PTR(-ENOMEM);
	INIT_LIST_HEAD(&g->node);
	INIT_DELAYED_WORK(&g->work, rdmactl_cm_gone_work);
	return g;
}

/* An item rdmactl_cm_gone_get() gave that removes nothing. */
void rdmactl_cm_gone_put(struct rdmactl_cm_gone *g)
{
	kfree(g);
}

/*
 * Remove made, name in root (rdma_cm/), as cred: takes the references to
 * both dentries and waits as long as for configfs's locks, killably, so
 * that the caller normally returns with the directory gone, as an
 * administrator's mkdir right after expects.
 */
void rdmactl_cm_gone_queue(struct rdmactl_cm_gone *g, const struct path *root,
			   struct dentry *made, const char *name, const struct cred *cred)
{
	unsigned long until = rdmactl_cm_until();
	struct rdmactl_cm_gone *it;
	bool queued;

	g->root = *root;
	g->made = made;
	g->cred = get_cred(cred);
	strscpy(g->name, name, sizeof(g->name));
	spin_lock(&rdmactl_cm_gones_lock);
	list_add_tail(&g->node, &rdmactl_cm_gones);
	queue_delayed_work(rdmactl_cm_wq, &g->work, 0);
	spin_unlock(&rdmactl_cm_gones_lock);
	do {
		usleep_range(1000, 2000);
		spin_lock(&rdmactl_cm_gones_lock);
		queued = false;
		list_for_each_entry(it, &rdmactl_cm_gones, node)
			queued |= !strcmp(it->name, name);
		spin_unlock(&rdmactl_cm_gones_lock);
	} while (queued && !fatal_signal_pending(current) && time_before(jiffies, until));
}

int rdmactl_cm_gone_init(void)
{
	rdmactl_cm_wq = alloc_ordered_workqueue("rdmactl_cm", 0);
	return rdmactl_cm_wq ? 0 : -ENOMEM;
}

/*
 * Unload, after the requests and the restore ended: what is still queued
 * waits its back-off (a run holds the module, which rmmod found unheld),
 * or found the module unloading. Left, each said. On a load that fails
 * after generic netlink's registration, a removal may be running: waited.
 */
void rdmactl_cm_gone_exit(void)
{
	struct rdmactl_cm_gone *g;

	for (;;) {
		spin_lock(&rdmactl_cm_gones_lock);
		g = list_first_entry_or_null(&rdmactl_cm_gones, struct rdmactl_cm_gone, node);
		if (g)
			list_del_init(&g->node);
		spin_unlock(&rdmactl_cm_gones_lock);
		if (!g)
			break;
		cancel_delayed_work_sync(&g->work);
		pr_warn("configfs rdma_cm/%s left: a listing of it had not ended when rdmactl unloaded (rmdir it to unload rdma_cm)\n",
			g->name);
		rdmactl_cm_gone_drop(g);
		kfree(g);
	}
	destroy_workqueue(rdmactl_cm_wq);
}
