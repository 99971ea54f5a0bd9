// SPDX-License-Identifier: GPL-2.0
/*
 * The RoCE settings rdmactl remembers, by node GUID and port: what a GET
 * reports of them, their events, and forgetting them. Their restore, when
 * a device registers again or rdma_cm comes back, is roce-restore.c's.
 *
 * rdmactl_roce_saved_lock guards the list, briefly, inside
 * rdmactl_cm_lock when both are taken; it is all a GET takes.
 */
#include <linux/slab.h>

#include "roce.h"

/* Guards the list and its count, inside rdmactl_cm_lock. */
DEFINE_MUTEX(rdmactl_roce_saved_lock);
LIST_HEAD(rdmactl_roce_saved);
unsigned int rdmactl_roce_nsaved;

/* Called with rdmactl_roce_saved_lock held. */
struct rdmactl_roce_saved *rdmactl_roce_find(u64 guid, u32 port)
{
	struct rdmactl_roce_saved *s;

	list_for_each_entry(s, &rdmactl_roce_saved, list)
		if (s->guid == guid && s->port == port)
			return s;
	return NULL;
}

/*
 * What rdmactl keeps of a port, into st: its saved settings, and what it
 * applied last, where st has nothing of rdma_cm's. Called with
 * rdmactl_roce_saved_lock held.
 */
void rdmactl_roce_kept(struct rdmactl_roce_state *st, u64 guid, u32 port)
{
	struct rdmactl_roce_saved *s = guid ? rdmactl_roce_find(guid, port) : NULL;

	if (!s)
		return;
	st->saved = s->set;
	if (st->source == RDMACTL_ROCE_SOURCE_UNKNOWN && s->applied) {
		st->source = RDMACTL_ROCE_SOURCE_APPLIED;
		st->cur.mode = s->applied_mode;
		st->cur.tos = s->applied_tos;
	}
}

/*
 * A ROCE event about a port of dev, which the caller holds: what ROCE_GET
 * says of it now, with what rdma_cm read back (rev->s) for configfs's and
 * the kept settings a QoS re-apply applied (rev->applied) for those kept
 * now. A saved port the node came back without has no modes.
 */
void rdmactl_roce_event_dev(struct rdmactl_dev *dev, u32 port,
			    const struct rdmactl_roce_ev *rev)
{
	struct rdmactl_roce_state st = { .source = RDMACTL_ROCE_SOURCE_UNKNOWN };

	if (rdma_is_port_valid(dev->ibdev, port))
		st.types = rdmactl_roce_types(dev->ibdev, port);
	if (rev->s.has & RDMACTL_ROCE_HAS_MODE) {
		st.cur = rev->s;
		st.source = RDMACTL_ROCE_SOURCE_CONFIGFS;
	}
	mutex_lock(&rdmactl_roce_saved_lock);
	rdmactl_roce_kept(&st, be64_to_cpu(dev->ibdev->node_guid), port);
	mutex_unlock(&rdmactl_roce_saved_lock);
	if (rev->applied)
		st.saved = *rev->applied;
	if (rev->cm_gone)
		st.source = RDMACTL_ROCE_SOURCE_UNKNOWN;
	rdmactl_event_roce(dev, port, &st, rev);
}

/* Whether anything is saved for a node. Called with rdmactl_roce_saved_lock held. */
bool rdmactl_roce_find_guid(u64 guid)
{
	struct rdmactl_roce_saved *s;

	list_for_each_entry(s, &rdmactl_roce_saved, list)
		if (s->guid == guid)
			return true;
	return false;
}

/*
 * Forget the saved settings of ports first..last of device index (node
 * guid): each port that had some is an event, made holding no lock.
 */
void rdmactl_roce_forget(u32 index, u64 guid, u32 first, u32 last)
{
	const struct rdmactl_roce_ev rev = { .clear = true };
	struct rdmactl_roce_saved *s, *tmp;
	bool forgot;
	u32 port;

	for (port = first; port <= last; port++) {
		forgot = false;
		mutex_lock(&rdmactl_roce_saved_lock);
		list_for_each_entry_safe(s, tmp, &rdmactl_roce_saved, list) {
			if (s->guid == guid && s->port == port) {
				list_del(&s->list);
				rdmactl_roce_nsaved--;
				kfree(s);
				forgot = true;
			}
		}
		mutex_unlock(&rdmactl_roce_saved_lock);
		if (forgot)
			rdmactl_roce_event(index, guid, port, &rev);
	}
}

/* Record what rdma_cm read back for a saved port (or that it is unknown). */
void rdmactl_roce_set_applied(u64 guid, u32 port, bool applied,
			      const struct rdmactl_roce_settings *now)
{
	struct rdmactl_roce_saved *s;

	mutex_lock(&rdmactl_roce_saved_lock);
	s = rdmactl_roce_find(guid, port);
	if (s) {
		s->applied = applied;
		s->applied_mode = now->mode;
		s->applied_tos = now->tos;
	}
	mutex_unlock(&rdmactl_roce_saved_lock);
}

/* A ROCE event about device index, if it is still the node guid. */
void rdmactl_roce_event(u32 index, u64 guid, u32 port, const struct rdmactl_roce_ev *rev)
{
	struct rdmactl_dev *dev = rdmactl_dev_get_any(index);

	if (!dev)
		return;
	if (be64_to_cpu(dev->ibdev->node_guid) == guid)
		rdmactl_roce_event_dev(dev, port, rev);
	rdmactl_dev_put(dev);
}

/* A failed restore event for every port saved for a node, held by index. */
void rdmactl_roce_event_fail(u32 index, u64 guid, int error)
{
	struct rdmactl_roce_ev rev = { .restored = true, .error = error };
	struct rdmactl_roce_saved *s;
	u32 port = 0, next;

	/* One port at a time, in order: no lock held while the event is made. */
	for (;;) {
		next = 0;
		mutex_lock(&rdmactl_roce_saved_lock);
		list_for_each_entry(s, &rdmactl_roce_saved, list)
			if (s->guid == guid && s->port > port && (!next || s->port < next))
				next = s->port;
		mutex_unlock(&rdmactl_roce_saved_lock);
		if (!next)
			return;
		rdmactl_roce_event(index, guid, next, &rev);
		port = next;
	}
}

/*
 * Whether device index is still named name, with node guid: configfs goes
 * by name, and a rename, or another device registering under the name,
 * may have made it someone else's since the name was copied. rdma_cm
 * looks the name up again on every write, so this is asked right before
 * writing. Called with rdmactl_cm_lock held.
 */
bool rdmactl_roce_dev_same(u32 index, u64 guid, const char *name)
{
	char now[IB_DEVICE_NAME_MAX];
	struct rdmactl_dev *dev;
	bool same;

	dev = rdmactl_dev_get_any(index);
	if (!dev)
		return false;
	rdmactl_dev_name(dev, now);
	same = be64_to_cpu(dev->ibdev->node_guid) == guid && !strcmp(now, name);
	rdmactl_dev_put(dev);
	return same;
}
