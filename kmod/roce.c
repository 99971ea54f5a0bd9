// SPDX-License-Identifier: GPL-2.0
/*
 * RDMACTL_CMD_ROCE_GET and _SET: the GID type (RoCE v1 or v2) and type of
 * service rdma_cm uses by default for new connections on a RoCE port.
 *
 * rdma_cm keeps both in its private struct cma_device; no exported symbol
 * reaches them. Its ABI for them is configfs, which cm.c drives on the
 * module's own mount. That tree is shared with administrators, so a GET, which anyone may send,
 * changes nothing there: it reads rdma_cm/<dev> only when it exists, and
 * otherwise reports what rdmactl last applied (or nothing). Only SET, the
 * administrator's PROBE and the restore make a device's directory, for
 * one request, and remove it after unless it was there already (someone
 * else's). No handler loads a module: rdma_cm comes with ours (the soft
 * dependency, or module init), and SET without it says so.
 *
 * ROCE_SET is roce-set.c's. Settings are remembered by node GUID and
 * port, and applied again when the device or rdma_cm comes back
 * (roce-saved.c); a SET and that restore write rdma_cm the same way
 * (roce-apply.c).
 *
 * Locks: rdmactl_cm_lock serialises the configfs work (SET, PROBE, the
 * restore), and is taken under no other lock; rdmactl_roce_saved_lock,
 * inside it, guards the saved list, briefly, and is all a GET takes.
 * Neither is held across anything that waits for ib_core, and no device
 * reference is held across configfs work, whose directory lock anyone may
 * hold for as long as a read into a FUSE buffer lasts.
 */
#include "roce.h"

/* ROCE_GET's reading of its own attributes (struct rdmactl_req's flags). */
#define RDMACTL_ROCE_REQ_PROBE BIT(0)

u32 rdmactl_roce_types(struct ib_device *ibdev, u32 port)
{
	u32 types = 0;

	if (rdma_protocol_roce_eth_encap(ibdev, port))
		types |= BIT(RDMACTL_GID_TYPE_ROCE_V1);
	if (rdma_protocol_roce_udp_encap(ibdev, port))
		types |= BIT(RDMACTL_GID_TYPE_ROCE_V2);
	return types;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_roce_types);

/* What ROCE_GET reports of one port: what its ROCE event reports too. */
struct rdmactl_roce_data {
	struct rdmactl_reply_data base;
	u64 guid;		/* node GUID, host order */
	struct rdmactl_roce_state st;
};

/*
 * A dump's first call holds genetlink's cb_lock: its waits, for every
 * device it reads, end together RDMACTL_LOCKED_WAIT after the call began
 * (*cut when that is sooner than until); the dump goes on from the
 * device in its next call, from the reader's recvmsg(). A doit's are its
 * own: configfs_wait_ms a step at most.
 */
static unsigned long rdmactl_roce_until(const struct rdmactl_req *req, unsigned long until,
					bool *cut)
{
	unsigned long call;

	*cut = false;
	if (!req->genl_locked || req->info)
		return until;
	call = jiffies + max_t(long, (s32)(req->call_at + RDMACTL_LOCKED_WAIT -
					   rdmactl_jiffies32()), 0);
	if (time_before(call, until)) {
		*cut = true;
		return call;
	}
	return until;
}

/*
 * Fill n ports of one RoCE device. A GET changes nothing: rdma_cm/<dev>
 * if it exists, else what rdmactl applied, else unknown. A probe (parse()
 * checked CAP_NET_ADMIN) asks rdma_cm, making the directory for the
 * request, and returns what stops it. Holds no device: configfs's
 * directory lock may be held by anyone for as long as a read into a FUSE
 * buffer lasts. -EINPROGRESS: a dump's first call ran out of time here.
 */
static int rdmactl_roce_collect(const struct rdmactl_req *req, void *data, unsigned int n)
{
	bool probe = req->flags & RDMACTL_ROCE_REQ_PROBE;
	struct netlink_ext_ack *ext = probe ? req->extack : NULL;
	struct rdmactl_roce_data *st = data;
	struct rdmactl_cm_dev cd;
	unsigned long until;
	unsigned int i;
	u32 last;
	bool open, cut;
	int err;

	if (!n)
		return 0;
	if (probe) {
		/*
		 * A probe dump's first call, under cb_lock, does no configfs
		 * work: its steps (the lock, mkdir, the reads, rmdir) each
		 * wait configfs_wait_ms. The next call, from recvmsg(), does.
		 */
		if (req->genl_locked && !req->info)
			return -EINPROGRESS;
		/* Behind another's configfs work: a bounded wait, or a kill, ends it. */
		until = rdmactl_cm_until();
		cut = false;
		err = rdmactl_cm_lock_until(until, ext);
		if (err)
			return err;
		for (i = 0, last = 0; i < n; i++)
			last = max(last, st[i].base.port);
		err = rdmactl_cm_open(&cd, st[0].base.dev_name, last, until, ext);
	} else {
		until = rdmactl_roce_until(req, rdmactl_cm_get_until(), &cut);
		err = rdmactl_cm_open_existing(&cd, st[0].base.dev_name, until);
	}
	open = !err;
	for (i = 0; i < n && !err; i++) {
		err = rdmactl_cm_read(&cd, st[i].base.port, &st[i].st.cur);
		if (!err)
			st[i].st.source = RDMACTL_ROCE_SOURCE_CONFIGFS;
		else if (err == -EBUSY && cut)
			break;
		else if (err == -EOPNOTSUPP)
			NL_SET_ERR_MSG(ext, RDMACTL_CM_NO_KERNEL_IO);
		else if (err == -EBUSY)
			NL_SET_ERR_MSG(ext, RDMACTL_MSG_CM_BUSY);
		else
			rdmactl_err_fmt(ext, NULL, RDMACTL_MSG_CM_READ, st[i].base.port, err);
	}
	if (open)
		rdmactl_cm_close(&cd);
	if (probe)
		mutex_unlock(&rdmactl_cm_lock);
	if (err == -EBUSY && cut)
		return -EINPROGRESS;	/* the next call reads this device again */

	mutex_lock(&rdmactl_roce_saved_lock);
	for (i = 0; i < n; i++)
		rdmactl_roce_kept(&st[i].st, st[i].guid, st[i].base.port);
	mutex_unlock(&rdmactl_roce_saved_lock);
	return probe ? err : 0;
}

/* A port's types, and where its values will come from; the dump skips ports without RoCE. */
static int rdmactl_roce_prepare(const struct rdmactl_req *req, struct rdmactl_dev *dev,
				void *data)
{
	struct rdmactl_roce_data *st = data;

	if (!rdma_protocol_roce(dev->ibdev, st->base.port))
		return -EOPNOTSUPP;
	st->guid = be64_to_cpu(dev->ibdev->node_guid);
	st->st.types = rdmactl_roce_types(dev->ibdev, st->base.port);
	st->st.source = RDMACTL_ROCE_SOURCE_UNKNOWN;
	return 0;
}

/*
 * A port's ROCE_GET reply: its modes, where its mode and ToS come from and
 * what they are, and what rdmactl keeps of it. Its ROCE event is this too
 * (events.c), with the event's own attributes after.
 */
int rdmactl_roce_put(struct sk_buff *skb, const struct rdmactl_roce_state *st, u32 how)
{
	bool cur = st->source != RDMACTL_ROCE_SOURCE_UNKNOWN && !(how & RDMACTL_ROCE_PUT_NO_CUR);

	if (nla_put_u32(skb, RDMACTL_A_ROCE_TYPES, st->types) ||
	    ((cur || !(how & RDMACTL_ROCE_PUT_EVENT)) &&
	     nla_put_u8(skb, RDMACTL_A_ROCE_SOURCE, st->source)))
		return -EMSGSIZE;
	if (cur &&
	    (nla_put_u8(skb, RDMACTL_A_ROCE_MODE, st->cur.mode) ||
	     nla_put_u8(skb, RDMACTL_A_ROCE_TOS, st->cur.tos)))
		return -EMSGSIZE;
	if ((st->saved.has & RDMACTL_ROCE_HAS_MODE) &&
	    nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_MODE, st->saved.mode))
		return -EMSGSIZE;
	if ((st->saved.has & RDMACTL_ROCE_HAS_TOS) &&
	    nla_put_u8(skb, RDMACTL_A_ROCE_SAVED_TOS, st->saved.tos))
		return -EMSGSIZE;
	return rdmactl_qos_put(skb, &st->saved.qos);
}

static int rdmactl_roce_fill(struct sk_buff *skb, const struct rdmactl_req *req,
			     struct rdmactl_dev *dev, const void *data)
{
	const struct rdmactl_roce_data *st = data;

	return rdmactl_roce_put(skb, &st->st, 0);
}

/* Refuse a port that has no RoCE mode, naming what it is instead. */
int rdmactl_roce_port_check(struct rdmactl_dev *dev, u32 port, const struct nlattr *attr,
			    struct netlink_ext_ack *extack)
{
	if (rdma_protocol_roce(dev->ibdev, port))
		return 0;
	rdmactl_err_fmt(extack, attr, RDMACTL_MSG_NOT_ROCE, port,
			rdma_protocol_iwarp(dev->ibdev, port) ? "iWARP" : "InfiniBand");
	return -EOPNOTSUPP;
}

/* A port named must be RoCE; a device named alone must have a RoCE port. */
static int rdmactl_roce_check(const struct rdmactl_req *req, struct rdmactl_dev *dev,
			      const struct nlattr *port_attr)
{
	struct nlattr *dev_attr = req->attrs[RDMACTL_A_DEV_INDEX] ?:
				  req->attrs[RDMACTL_A_DEV_NAME];
	int err;
	u32 port;

	if (port_attr) {
		err = rdmactl_nl_port_check(dev, port_attr, req->extack);
		return err ? err : rdmactl_roce_port_check(dev, nla_get_u32(port_attr),
							   port_attr, req->extack);
	}
	rdma_for_each_port(dev->ibdev, port)
		if (rdma_protocol_roce(dev->ibdev, port))
			return 0;
	NL_SET_ERR_MSG_ATTR(req->extack, dev_attr, RDMACTL_MSG_NO_ROCE_PORT);
	return -EOPNOTSUPP;
}

/* RDMACTL_A_ROCE_PROBE: whether it is asked for, and by whom. */
static int rdmactl_roce_parse(struct rdmactl_req *req)
{
	struct nlattr *attr = req->attrs[RDMACTL_A_ROCE_PROBE];

	if (!attr)
		return 0;
	if (!netlink_capable(req->skb, CAP_NET_ADMIN)) {
		NL_SET_ERR_MSG_ATTR(req->extack, attr,
				    "probing rdma_cm makes configfs directories: it needs CAP_NET_ADMIN");
		return -EPERM;
	}
	req->flags |= RDMACTL_ROCE_REQ_PROBE;
	return 0;
}

const struct rdmactl_req_ops rdmactl_roce_request = {
	.cmd = RDMACTL_CMD_ROCE_GET,
	.scope = RDMACTL_SCOPE_PORT,
	.missing = "no port given: set the port number",
	.data_size = RDMACTL_REPLY_DATA_SIZE(struct rdmactl_roce_data),
	.parse = rdmactl_roce_parse,
	.check = rdmactl_roce_check,
	.prepare = rdmactl_roce_prepare,
	.collect = rdmactl_roce_collect,
	.fill = rdmactl_roce_fill,
	.set_scope = RDMACTL_SET_DEV,
	.set_size = sizeof(struct rdmactl_roce_set),
	.set_validate = rdmactl_roce_set_validate,
	.set = rdmactl_roce_set,
	.set_cleanup = rdmactl_roce_set_cleanup,
};

/* rdma_cm and configfs, then what restores settings when they come back. */
int rdmactl_roce_init(void)
{
	int err;

	err = rdmactl_cm_init();
	if (err)
		return err;
	err = rdmactl_roce_saved_init();
	if (err)
		rdmactl_cm_exit();
	return err;
}

void rdmactl_roce_exit(void)
{
	rdmactl_qos_exit();
	rdmactl_roce_saved_exit();
	rdmactl_cm_exit();
}
