// SPDX-License-Identifier: GPL-2.0
/*
 * Writing RoCE settings to rdma_cm: the one path ROCE_SET (roce-set.c)
 * and the restore (roce-saved.c) take. Each port's mode and ToS are
 * written on the open rdma_cm/<dev> (cm.c) and read back. A SET is all or
 * nothing: the first write that fails is undone, with the ports before
 * it, to what rdma_cm had. A restore writes each port on its own. Both
 * run under rdmactl_cm_lock, holding no device: the device is its copied
 * name for configfs, its index and node GUID for events.
 */
#include "roce.h"

/*
 * s over to: its mode, and its ToS with the profile that goes with it; a
 * ToS alone ends to's profile, since a profile maps its own ToS's DSCP.
 */
void rdmactl_roce_merge(struct rdmactl_roce_settings *to, const struct rdmactl_roce_settings *s)
{
	if (s->has & RDMACTL_ROCE_HAS_MODE)
		to->mode = s->mode;
	if (s->has & RDMACTL_ROCE_HAS_TOS) {
		to->tos = s->tos;
		to->qos = s->qos;
	}
	to->has |= s->has;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_roce_merge);

/*
 * The write to rp[i] failed: put back what was there on it and the ports
 * before. A port the undo leaves changed is announced, as a SET would be,
 * and the message says how many.
 */
static void rdmactl_roce_undo(const struct rdmactl_roce_dev *rd, struct rdmactl_cm_dev *cd,
			      struct rdmactl_roce_port *rp, u32 i, struct netlink_ext_ack *extack)
{
	struct rdmactl_roce_ev rev = {};
	u32 failed = rp[i].port, left = 0;
	int err = rp[i].err, undo, read;

	/* The undo's own wait for configfs's directories. */
	cd->until = rdmactl_cm_until();
	do {
		undo = rdmactl_cm_write(cd, rp[i].port, &rp[i].old);
		if (!undo)
			continue;
		memset(&rev.s, 0, sizeof(rev.s));
		read = rdmactl_cm_read(cd, rp[i].port, &rev.s);
		if (!read && rev.s.mode == rp[i].old.mode && rev.s.tos == rp[i].old.tos)
			continue;
		left++;
		pr_warn("cannot undo the RoCE settings of %s port %u: %d\n", rd->name, rp[i].port,
			undo);
		/*
		 * Where it stands, as a SET's event, and what ROCE_GET says
		 * applied; or the undo's error, unread, and nothing applied.
		 */
		rev.error = read ? undo : 0;
		rdmactl_roce_set_applied(rd->guid, rp[i].port, !read, &rev.s);
		rdmactl_roce_event(rd->index, rd->guid, rp[i].port, &rev);
	} while (i-- > 0);
	if (left)
		rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_CM_LEFT_CHANGED, failed, err, left);
	else if (err == -EBUSY)
		NL_SET_ERR_MSG(extack, RDMACTL_MSG_CM_BUSY);
	else
		rdmactl_err_fmt(extack, NULL, RDMACTL_MSG_CM_REFUSED, failed, err);
}

/*
 * Write n ports' settings (the mode and ToS each set has) on the open
 * rdma_cm/<rd->name>, in order, and read each back into its now. A port's
 * err is its write's, else its read-back's; a port with one already is
 * skipped. With undo (a SET: all or nothing), the first write that fails
 * stops it, and that port and those before it get their old back: its
 * error is returned, extack saying what was left. Without (the restore),
 * each port is on its own, its outcome in its err: 0. Called with
 * rdmactl_cm_lock held.
 */
int rdmactl_roce_write(const struct rdmactl_roce_dev *rd, struct rdmactl_cm_dev *cd,
		       struct rdmactl_roce_port *rp, u32 n, bool undo,
		       struct netlink_ext_ack *extack)
{
	u32 i;

	for (i = 0; i < n; i++) {
		if (rp[i].err)
			continue;
		rp[i].err = rdmactl_cm_write(cd, rp[i].port, &rp[i].set);
		if (rp[i].err && undo) {
			rdmactl_roce_undo(rd, cd, rp, i, extack);
			return rp[i].err;
		}
		if (!rp[i].err)
			rp[i].err = rdmactl_cm_read(cd, rp[i].port, &rp[i].now);
	}
	return 0;
}
