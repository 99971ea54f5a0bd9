// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_STAT_MODE_GET and _SET: the optional counters rdmactl keeps
 * for a port, by node GUID and port number, as roce-saved.c keeps RoCE
 * settings, so that a device registering again gets them back.
 *
 * ib_core turns optional counters on and off in its own stats object
 * (rdma_counter_modify(), under that object's lock, with its is_disabled
 * bitmap), and exports none of it: RDMA netlink's STAT_SET is the only
 * way. So user space sets them there, then records here what it set; on
 * a device registering again the udev rule's `rdmactl stat mode restore`
 * reads this back, sets it there again and reports the outcome here
 * (RESTORED, or ERROR). Every record, forget and report is a STAT_MODE
 * event. Nothing here reaches a driver: a GET reads this list, a SET
 * changes it.
 *
 * rdmactl_stat_saved_lock guards the list, briefly. Under it only an
 * event is allocated (GFP_KERNEL) and queued, so that events tell changes
 * in their order; the event worker never takes it, nor does anything
 * that holds RTNL, ib_core's locks or the module's device registry.
 */
#include <linux/slab.h>

#include "core.h"

/* The most ports kept, and names per port. */
#define RDMACTL_STAT_SAVED_MAX		1024
#define RDMACTL_STAT_OPTIONAL_MAX	32	/* an event of 32 fits NLMSG_DEFAULT_SIZE */

struct rdmactl_stat_saved {
	struct list_head list;
	u64 guid;
	u32 port;
	struct rdmactl_names names;
};

static DEFINE_MUTEX(rdmactl_stat_saved_lock);
static LIST_HEAD(rdmactl_stat_saved);
static unsigned int rdmactl_stat_nsaved;

/* Called with rdmactl_stat_saved_lock held. */
static struct rdmactl_stat_saved *rdmactl_stat_saved_find(u64 guid, u32 port)
{
	struct rdmactl_stat_saved *s;

	list_for_each_entry(s, &rdmactl_stat_saved, list)
		if (s->guid == guid && s->port == port)
			return s;
	return NULL;
}

/* A copy of names (NULL, ENOMEM aside, only for no names at all). */
static int rdmactl_names_dup(struct rdmactl_names *to, const struct rdmactl_names *from)
{
	to->count = from->count;
	to->len = from->len;
	to->buf = NULL;
	if (!from->len)
		return 0;
	to->buf = kmemdup(from->buf, from->len, GFP_KERNEL);
	return to->buf ? 0 : -ENOMEM;
}

/* Each name of the nest, NUL-terminated, one after the other. */
int rdmactl_names_put(struct sk_buff *skb, const struct rdmactl_names *names)
{
	struct nlattr *nest = nla_nest_start(skb, RDMACTL_A_STAT_OPTIONAL);
	const char *name = names->buf;
	u32 i;

	if (!nest)
		return -EMSGSIZE;
	for (i = 0; i < names->count; i++, name += strlen(name) + 1) {
		if (nla_put_string(skb, RDMACTL_A_STAT_OPTIONAL_NAME, name)) {
			nla_nest_cancel(skb, nest);
			return -EMSGSIZE;
		}
	}
	nla_nest_end(skb, nest);
	return 0;
}

/*
 * GET: what is kept for the port, put under the lock, so that a dump
 * allocates nothing per port and skips none (reply_size has room).
 */
static int rdmactl_stat_mode_fill(struct sk_buff *skb, const struct rdmactl_req *req,
				  struct rdmactl_dev *dev, const void *data)
{
	u32 port = ((const struct rdmactl_reply_data *)data)->port;
	struct rdmactl_stat_saved *s;
	int err = 0;

	mutex_lock(&rdmactl_stat_saved_lock);
	s = rdmactl_stat_saved_find(be64_to_cpu(dev->ibdev->node_guid), port);
	if (s)
		err = rdmactl_names_put(skb, &s->names);
	mutex_unlock(&rdmactl_stat_saved_lock);
	return err;
}

static size_t rdmactl_stat_mode_size(struct rdmactl_dev *dev)
{
	return NLMSG_HDRLEN + GENL_HDRLEN + 256 + nla_total_size(0) +
	       RDMACTL_STAT_OPTIONAL_MAX * nla_total_size(RDMACTL_COUNTER_NAME_MAX);
}

/* Whether the port's driver has an optional counter of that name. */
static bool rdmactl_stat_is_optional(struct rdmactl_dev *dev, u32 port, const char *name)
{
	const struct rdma_hw_stats *hw = rdmactl_stat_hw(dev, port);
	int i;

	for (i = 0; hw && i < hw->num_counters; i++)
		if (rdmactl_hw_stat_optional(hw, i) && !strcmp(rdmactl_hw_stat_name(hw, i), name))
			return true;
	return false;
}

/*
 * The names of a SET's nest, checked: each an optional counter of the
 * port, each once, RDMACTL_STAT_OPTIONAL_MAX at most (the policy checked
 * their type and length).
 */
static int rdmactl_names_parse(struct rdmactl_dev *dev, u32 port, const struct nlattr *nest,
			       struct rdmactl_names *names, struct netlink_ext_ack *extack)
{
	const struct nlattr *a;
	size_t len = 0;
	char *p;
	int rem;

	names->count = 0;
	nla_for_each_nested(a, nest, rem) {
		const char *name = nla_data(a);

		if (!rdmactl_stat_is_optional(dev, port, name)) {
			NL_SET_ERR_MSG_ATTR(extack, a, RDMACTL_MSG_NOT_OPTIONAL);
			return -EINVAL;
		}
		if (++names->count > RDMACTL_STAT_OPTIONAL_MAX) {
			NL_SET_ERR_MSG_ATTR(extack, nest,
					    "too many optional counters for one port");
			return -E2BIG;
		}
		for (p = names->buf; p && p < names->buf + len; p += strlen(p) + 1) {
			if (!strcmp(p, name)) {
				NL_SET_ERR_MSG_ATTR(extack, a, RDMACTL_MSG_NAMED_TWICE);
				return -EINVAL;
			}
		}
		p = krealloc(names->buf, len + strlen(name) + 1, GFP_KERNEL);
		if (!p)
			return -ENOMEM;
		names->buf = p;
		strcpy(p + len, name);
		len += strlen(name) + 1;
	}
	names->len = len;
	return 0;
}

/*
 * Keep names for guid/port, replacing what was kept, and tell: the event
 * is queued under the lock, so that listeners hear of concurrent changes
 * to a port in the order they were made (the event workqueue is ordered).
 * event is the copy of names it takes. restored: a re-apply's report,
 * which changes nothing kept: -ENOENT when nothing is, -EAGAIN when what
 * is differs from what was re-applied (a SET came in between, and told).
 */
static int rdmactl_stat_save(struct rdmactl_dev *dev, u64 guid, u32 port,
			     struct rdmactl_names *names, struct rdmactl_names *event,
			     bool restored)
{
	struct rdmactl_stat_saved *s, *add;
	int err = 0;

	add = kzalloc(sizeof(*add), GFP_KERNEL);
	if (!add)
		return -ENOMEM;
	mutex_lock(&rdmactl_stat_saved_lock);
	s = rdmactl_stat_saved_find(guid, port);
	if (restored) {
		if (!s)
			err = -ENOENT;
		else if (s->names.len != names->len ||
			 memcmp(s->names.buf, names->buf, names->len))
			err = -EAGAIN;
	} else if (!s && rdmactl_stat_nsaved >= RDMACTL_STAT_SAVED_MAX) {
		err = -ENOSPC;
	} else if (s) {
		swap(s->names, *names);
	} else {
		add->guid = guid;
		add->port = port;
		swap(add->names, *names);
		list_add_tail(&add->list, &rdmactl_stat_saved);
		rdmactl_stat_nsaved++;
		add = NULL;
	}
	if (!err)
		rdmactl_event_stat_mode(dev, port, event,
					restored ? RDMACTL_STAT_MODE_EV_RESTORED : 0, 0);
	mutex_unlock(&rdmactl_stat_saved_lock);
	kfree(add);
	return err;
}

/* Forget what guid/port keeps, and tell; -ENOENT when nothing was. */
static int rdmactl_stat_forget(struct rdmactl_dev *dev, u64 guid, u32 port)
{
	struct rdmactl_stat_saved *s;

	mutex_lock(&rdmactl_stat_saved_lock);
	s = rdmactl_stat_saved_find(guid, port);
	if (s) {
		list_del(&s->list);
		rdmactl_stat_nsaved--;
		rdmactl_event_stat_mode(dev, port, NULL, RDMACTL_STAT_MODE_EV_CLEAR, 0);
	}
	mutex_unlock(&rdmactl_stat_saved_lock);
	if (!s)
		return -ENOENT;
	kfree(s->names.buf);
	kfree(s);
	return 0;
}

/* A re-apply that failed: told, when something is kept for the port. */
static int rdmactl_stat_restore_failed(struct rdmactl_dev *dev, u64 guid, u32 port, int error)
{
	bool kept;

	mutex_lock(&rdmactl_stat_saved_lock);
	kept = rdmactl_stat_saved_find(guid, port);
	if (kept)
		rdmactl_event_stat_mode(dev, port, NULL, RDMACTL_STAT_MODE_EV_RESTORED, error);
	mutex_unlock(&rdmactl_stat_saved_lock);
	return kept ? 0 : -ENOENT;
}

/* STAT_MODE_SET's own attributes: the names, clear, or a restore's error. */
static int rdmactl_stat_mode_set_validate(struct rdmactl_req *req, void *state)
{
	struct nlattr *names_attr = req->attrs[RDMACTL_A_STAT_OPTIONAL];
	struct nlattr *err_attr = req->attrs[RDMACTL_A_STAT_MODE_ERROR];
	bool clear = nla_get_flag(req->attrs[RDMACTL_A_STAT_MODE_CLEAR]);
	bool restored = nla_get_flag(req->attrs[RDMACTL_A_STAT_MODE_RESTORED]);

	if (!!names_attr + clear + !!err_attr != 1) {
		NL_SET_ERR_MSG(req->extack,
			       "give one of: the optional counters, clear, or a restore's error");
		return -EINVAL;
	}
	if (err_attr && !restored) {
		NL_SET_ERR_MSG_ATTR(req->extack, err_attr,
				    "a restore's error comes with restored");
		return -EINVAL;
	}
	if (clear && restored) {
		NL_SET_ERR_MSG_ATTR(req->extack, req->attrs[RDMACTL_A_STAT_MODE_RESTORED],
				    "clear forgets: nothing was restored");
		return -EINVAL;
	}
	return 0;
}

/* Keep the names for the port: what user space set, or restored. */
static int rdmactl_stat_mode_keep(struct rdmactl_req *req, struct rdmactl_dev *dev, u64 guid,
				  u32 port)
{
	bool restored = nla_get_flag(req->attrs[RDMACTL_A_STAT_MODE_RESTORED]);
	struct rdmactl_names names = {}, copy = {};
	int err;

	err = rdmactl_names_parse(dev, port, req->attrs[RDMACTL_A_STAT_OPTIONAL], &names,
				  req->extack);
	if (!err)
		err = rdmactl_names_dup(&copy, &names);
	if (!err)
		err = rdmactl_stat_save(dev, guid, port, &names, &copy, restored);
	if (err == -ENOSPC)
		rdmactl_err_fmt(req->extack, NULL, RDMACTL_MSG_ROCE_SAVED_MAX,
				RDMACTL_STAT_SAVED_MAX);
	else if (err == -ENOENT)
		NL_SET_ERR_MSG(req->extack, RDMACTL_MSG_NOTHING_KEPT);
	else if (err == -EAGAIN)
		NL_SET_ERR_MSG(req->extack, RDMACTL_MSG_KEPT_CHANGED);
	kfree(names.buf);
	kfree(copy.buf);
	return err;
}

static int rdmactl_stat_mode_set(struct rdmactl_req *req, void *state, struct rdmactl_dev **devp,
				 const struct nlattr *port_attr)
{
	struct nlattr *err_attr = req->attrs[RDMACTL_A_STAT_MODE_ERROR];
	bool clear = nla_get_flag(req->attrs[RDMACTL_A_STAT_MODE_CLEAR]);
	struct rdmactl_dev *dev = *devp;
	u32 port = nla_get_u32(port_attr);
	u64 guid = be64_to_cpu(dev->ibdev->node_guid);
	int err;

	if (!guid) {
		NL_SET_ERR_MSG(req->extack, RDMACTL_MSG_NO_GUID);
		return -EOPNOTSUPP;
	}
	if (!clear && !err_attr)
		return rdmactl_stat_mode_keep(req, dev, guid, port);
	if (clear)
		err = rdmactl_stat_forget(dev, guid, port);
	else
		err = rdmactl_stat_restore_failed(dev, guid, port, nla_get_s32(err_attr));
	if (err)
		NL_SET_ERR_MSG(req->extack, RDMACTL_MSG_NOTHING_KEPT);
	return err;
}

const struct rdmactl_req_ops rdmactl_stat_mode_request = {
	.cmd = RDMACTL_CMD_STAT_MODE_GET,
	.scope = RDMACTL_SCOPE_PORT,
	.missing = "no port given: set the port number",
	.data_size = sizeof(struct rdmactl_reply_data),
	.reply_size = rdmactl_stat_mode_size,
	.fill = rdmactl_stat_mode_fill,
	.set_scope = RDMACTL_SET_PORT,
	.set_validate = rdmactl_stat_mode_set_validate,
	.set = rdmactl_stat_mode_set,
};

void rdmactl_stat_mode_exit(void)
{
	struct rdmactl_stat_saved *s, *tmp;

	list_for_each_entry_safe(s, tmp, &rdmactl_stat_saved, list) {
		kfree(s->names.buf);
		kfree(s);
	}
	INIT_LIST_HEAD(&rdmactl_stat_saved);
	rdmactl_stat_nsaved = 0;
}
