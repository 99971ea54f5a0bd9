// SPDX-License-Identifier: GPL-2.0
/*
 * A device whose counter reads fail is left alone. On restricted NVIDIA
 * functions (DGX, GB200 PFs that Fabric Manager owns) the firmware
 * refuses counter reads, and the driver logs each refusal
 * (mlx5_cmd_out_err: ACCESS_REG failed): an exporter scraping every
 * second would fill the kernel log. So a failed read of one source of a
 * device, its PMA (a MAD with no answer) or its driver counters
 * (get_hw_stats() returning an error), holds that source on every port
 * of the device for failed_read_hold_s seconds (60; counted from the
 * failure with the parameter as it is now), whoever asks: one refused
 * read, one driver log line, per source and device per hold. A driver
 * read that fails holds the PMA too, and snapshots read the driver first:
 * a device that refuses everything costs one read a hold, and mlx5's,
 * whose PMA goes through the refused PPCNT register while its queue
 * counters answer, keeps its driver counters.
 *
 * When a hold ends, one reader tries again (probing); the others stay
 * held until it is back. A read that started before a failure cannot end
 * the hold that failure began (the generation it read under is gone).
 * Until a source has failed nothing serialises its readers: a dump that
 * reads a device's ports side by side (stat-ahead.c) as it starts to
 * refuse costs a refusal a port, once. STAT_RESET, asked by an admin,
 * reads and resets through a hold, port by port. rdmactl.ko logs nothing
 * itself: each reply says which source fails, why, and when it is read
 * again (RDMACTL_A_STAT_*_ERROR, _RETRY_MS).
 *
 * A PMA that answers with an error status, or says it has no such class
 * or attribute, is no failure of the device (pma.c handles both), and
 * pma.c running out of memory is ours: it is said, and holds nothing.
 */
#include <linux/moduleparam.h>

#include "core.h"

#define RDMACTL_HOLD_MAX_S	3600

static unsigned int failed_read_hold_s = 60;

static int rdmactl_hold_param_set(const char *val, const struct kernel_param *kp)
{
	unsigned int s;
	int err = kstrtouint(val, 0, &s);

	if (err)
		return err;
	/* Clamped, not refused: a line of modprobe.d must not keep rdmactl from loading. */
	if (s > RDMACTL_HOLD_MAX_S) {
		pr_warn("failed_read_hold_s=%u is more than %u: %u it is\n", s, RDMACTL_HOLD_MAX_S,
			RDMACTL_HOLD_MAX_S);
		s = RDMACTL_HOLD_MAX_S;
	}
	WRITE_ONCE(failed_read_hold_s, s);
	return 0;
}

static const struct kernel_param_ops rdmactl_hold_param_ops = {
	.set = rdmactl_hold_param_set,
	.get = param_get_uint,
};

module_param_cb(failed_read_hold_s, &rdmactl_hold_param_ops, &failed_read_hold_s, 0644);
MODULE_PARM_DESC(failed_read_hold_s,
		 "Seconds a device's failed counter source is not read again (60; 0 to 3600)");

static unsigned long rdmactl_hold_len(void)
{
	return READ_ONCE(failed_read_hold_s) * HZ;
}

/* Jiffies left of the source's hold at now; 0 when there is none. */
static unsigned long rdmactl_hold_left(const struct rdmactl_hold_src *s, unsigned long now)
{
	unsigned long until = s->failed_at + rdmactl_hold_len();

	return s->err && time_in_range_open(now, s->failed_at, until) ? until - now : 0;
}

/* Whether the driver's reads are held or being tried again: the PMA waits. */
static bool rdmactl_hw_blocks(const struct rdmactl_stat_hold *h, unsigned long now)
{
	const struct rdmactl_hold_src *hw = &h->src[RDMACTL_HOLD_HW];

	return rdmactl_hold_left(hw, now) || (hw->err && hw->probing);
}

/*
 * Whether the device's src may be read now; *ticket goes to
 * rdmactl_stat_read_done() after the read. reset: an admin's reset,
 * which reads through a hold.
 */
bool rdmactl_stat_may_read(struct rdmactl_dev *dev, enum rdmactl_hold_which src, bool reset,
			   u32 *ticket)
{
	struct rdmactl_stat_hold *h = &dev->hold;
	struct rdmactl_hold_src *s = &h->src[src];
	unsigned long flags, now = jiffies;
	bool may = true;

	spin_lock_irqsave(&h->lock, flags);
	*ticket = s->gen << 1;
	if (reset) {
		/* An admin's one read, whatever holds. */
	} else if (src == RDMACTL_HOLD_PMA && rdmactl_hw_blocks(h, now)) {
		may = false;	/* the PMA waits while the driver's reads fail */
	} else if (s->err && (rdmactl_hold_left(s, now) || s->probing)) {
		may = false;
	} else if (s->err) {
		s->probing = true;	/* the hold is over: this reader tries */
		*ticket |= 1;
	}
	spin_unlock_irqrestore(&h->lock, flags);
	return may;
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_stat_may_read);

/*
 * A read of src came back: err 0, it worked; else -errno. Of the PMA's,
 * -EOPNOTSUPP and -EREMOTEIO are answers (pma.c keeps what they said),
 * which end a hold as a success does, and -ENOMEM is pma.c's own: said,
 * held for nothing. Every error of the driver's is the driver's, whatever
 * its errno (mlx5's firmware says -ENOMEM too), and holds it.
 */
void rdmactl_stat_read_done(struct rdmactl_dev *dev, enum rdmactl_hold_which src, u32 ticket,
			    int err)
{
	struct rdmactl_stat_hold *h = &dev->hold;
	struct rdmactl_hold_src *s = &h->src[src];
	bool pma = src == RDMACTL_HOLD_PMA;
	unsigned long flags, now = jiffies;

	spin_lock_irqsave(&h->lock, flags);
	if (ticket & 1)
		s->probing = false;
	if (pma && (err == -EOPNOTSUPP || err == -EREMOTEIO))
		err = 0;
	if (err) {
		s->err = err;
		s->failed_at = pma && err == -ENOMEM ? now - RDMACTL_HOLD_MAX_S * HZ - 1 : now;
		s->gen = (s->gen + 1) & (U32_MAX >> 1);
	} else if (ticket >> 1 == s->gen) {
		s->err = 0;
	}
	spin_unlock_irqrestore(&h->lock, flags);
}
EXPORT_SYMBOL_IF_KUNIT(rdmactl_stat_read_done);

static int rdmactl_hold_put_one(struct sk_buff *skb, int err, unsigned long left,
				int err_attr, int retry_attr)
{
	if (nla_put_s32(skb, err_attr, err) ||
	    nla_put_u32(skb, retry_attr, jiffies_to_msecs(left)))
		return -EMSGSIZE;
	return 0;
}

/*
 * Into a STAT reply: each source the port has and the reply lacks because
 * the device's reads of it fail, the error and in how many milliseconds
 * it is read again (0: by the next request, or it is being tried); the
 * driver's, too, when it is why the PMA was not asked.
 */
int rdmactl_stat_hold_put(struct sk_buff *skb, struct rdmactl_dev *dev,
			  const struct rdmactl_stat_state *st, bool have_pma, bool have_hw)
{
	struct rdmactl_stat_hold *h = &dev->hold;
	bool pma = st->pma_set && !rdmactl_stat_is_dev(dev, st->port);
	unsigned long flags, now = jiffies, hw_left, pma_left;
	int hw_err, pma_err;
	bool hw_blocks;

	spin_lock_irqsave(&h->lock, flags);
	hw_err = h->src[RDMACTL_HOLD_HW].err;
	hw_left = rdmactl_hold_left(&h->src[RDMACTL_HOLD_HW], now);
	hw_blocks = rdmactl_hw_blocks(h, now);
	pma_err = h->src[RDMACTL_HOLD_PMA].err;
	pma_left = rdmactl_hold_left(&h->src[RDMACTL_HOLD_PMA], now);
	spin_unlock_irqrestore(&h->lock, flags);

	if (hw_err && ((st->hw && !have_hw) || (pma && !have_pma && hw_blocks)) &&
	    rdmactl_hold_put_one(skb, hw_err, hw_left, RDMACTL_A_STAT_HW_ERROR,
				 RDMACTL_A_STAT_HW_RETRY_MS))
		return -EMSGSIZE;
	if (pma_err && pma && !have_pma &&
	    rdmactl_hold_put_one(skb, pma_err, pma_left, RDMACTL_A_STAT_PMA_ERROR,
				 RDMACTL_A_STAT_PMA_RETRY_MS))
		return -EMSGSIZE;
	return 0;
}
