// SPDX-License-Identifier: GPL-2.0
/*
 * A device whose counter reads fail is left alone. On restricted NVIDIA
 * functions (DGX, GB200 PFs that Fabric Manager owns) the firmware
 * refuses every PMA MAD and hw counter read, and the driver logs each
 * refusal (mlx5_cmd_out_err: ACCESS_REG failed): an exporter scraping
 * every second would fill the kernel log. So the first read of a device
 * that fails, a PMA MAD with no answer or a driver read that returns an
 * error, holds every counter read of the device, every port, for
 * failed_read_hold_s seconds (60; the parameter as it is, from the
 * failure), whoever asks: one failed read, one driver log line, per
 * device per hold. rdmactl.ko logs nothing itself:
 * each reply of the device says the reads fail, the error and when they
 * are tried again (RDMACTL_A_STAT_READ_ERROR, RDMACTL_A_STAT_READ_RETRY_MS).
 * A read that works ends it.
 *
 * A PMA that says it has no such class or attribute is no failure
 * (pma.c keeps "no PMA"), nor is running out of memory.
 */
#include <linux/moduleparam.h>

#include "core.h"

static unsigned int failed_read_hold_s = 60;
module_param(failed_read_hold_s, uint, 0644);
MODULE_PARM_DESC(failed_read_hold_s,
		 "Seconds a device whose counter read failed is not read again (60; at most 3600)");

static unsigned long rdmactl_hold_len(void)
{
	return min(READ_ONCE(failed_read_hold_s), 3600U) * HZ;
}

/*
 * Jiffies left of the hold; 0 when there is none. The hold is measured
 * from the failure with the parameter as it is now: an admin who lowers
 * it has the device read again at once.
 */
static unsigned long rdmactl_hold_left(const struct rdmactl_stat_hold *h)
{
	unsigned long until = h->failed_at + rdmactl_hold_len();

	return h->err && time_before(jiffies, until) ? until - jiffies : 0;
}

/* Whether the device's counters may not be read now. */
bool rdmactl_stat_held(struct rdmactl_dev *dev)
{
	struct rdmactl_stat_hold *h = &dev->hold;
	unsigned long flags, left;

	spin_lock_irqsave(&h->lock, flags);
	left = rdmactl_hold_left(h);
	spin_unlock_irqrestore(&h->lock, flags);
	return left;
}

/* A read of the device came back: err 0, it worked; else -errno. */
void rdmactl_stat_read_done(struct rdmactl_dev *dev, int err)
{
	struct rdmactl_stat_hold *h = &dev->hold;
	unsigned long flags;

	if (err == -EOPNOTSUPP || err == -ENOMEM)
		return;
	spin_lock_irqsave(&h->lock, flags);
	h->err = err;
	if (err)
		h->failed_at = jiffies;
	spin_unlock_irqrestore(&h->lock, flags);
}

/*
 * Into a STAT reply: whether the device's reads fail, and in how many
 * milliseconds they are tried again (0: by the next request).
 */
int rdmactl_stat_hold_put(struct sk_buff *skb, struct rdmactl_dev *dev)
{
	struct rdmactl_stat_hold *h = &dev->hold;
	unsigned long flags, left;
	int err;

	spin_lock_irqsave(&h->lock, flags);
	err = h->err;
	left = rdmactl_hold_left(h);
	spin_unlock_irqrestore(&h->lock, flags);
	if (!err)
		return 0;
	if (nla_put_s32(skb, RDMACTL_A_STAT_READ_ERROR, err) ||
	    nla_put_u32(skb, RDMACTL_A_STAT_READ_RETRY_MS, jiffies_to_msecs(left)))
		return -EMSGSIZE;
	return 0;
}
