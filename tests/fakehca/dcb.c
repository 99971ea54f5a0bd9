// SPDX-License-Identifier: GPL-2.0
/*
 * fakeeth's DCB: the kernel's DCB netlink ops (struct dcbnl_rtnl_ops) as
 * a driver such as mlx5 implements them, so that iproute2's `dcb` and
 * librdmactl (RTM_GETDCB, RTM_SETDCB) read and set a fakeeth's IEEE
 * 802.1Qaz ETS and APP table and 802.1Qbb PFC as a real adapter's. Built
 * where the kernel has DCB (CONFIG_DCB, Kbuild); elsewhere a fakeeth has
 * no dcbnl_ops, and `dcb` is told "Operation not supported".
 *
 *   ieee_getets, ieee_setets  8 traffic classes (ets_cap 8): prio_tc,
 *        tc_tsa and tc_tx_bw, as set. A set is refused with -EINVAL when
 *        a priority names a TC past 7, or when the ETS classes'
 *        bandwidths do not add up to 100 (mlx5's rule); with -EOPNOTSUPP
 *        for the credit-based shaper, as mlx5. The rest of struct
 *        ieee_ets (willing, cbs, rx and recommended) is not kept: it
 *        reads 0, as on mlx5.
 *   ieee_getpfc, ieee_setpfc  pfc_cap 8; pfc_en, mbc and delay as set;
 *        requests and indications (pause frames per priority) read 0:
 *        the knob's ethtool statistics are where tests set those.
 *   ieee_setapp, ieee_delapp  the kernel's APP list is the table: they
 *        check the entry and call dcb_ieee_setapp() and
 *        dcb_ieee_delapp(), as mlx5 does, and `dcb app show` reads the
 *        kernel's list. Taken: selector DSCP (0..63), PCP (6.2+: PCP and
 *        DEI, 0..15) and the default priority (ethertype 0), each to a
 *        priority 0..7; anything else -EINVAL, with a log line. A DSCP,
 *        a PCP or the default has one priority: adding one replaces the
 *        entry it had (mlx5's dscp2prio, lan966x), so adding the same
 *        entry again succeeds. Deleting one that is not there: -ENOENT.
 *   getdcbx, setdcbx  host-managed IEEE (DCB_CAP_DCBX_HOST |
 *        DCB_CAP_DCBX_VER_IEEE); a mode without those two, or with
 *        LLD_MANAGED or CEE, is refused: there is no firmware agent, and
 *        no CEE op.
 *   dcbnl_getapptrust, dcbnl_setapptrust  6.2+ (probes/dcbnl_apptrust.c):
 *        the order of selectors trusted, of DSCP and PCP (dcbnl itself
 *        refuses a selector named twice); another selector -EOPNOTSUPP.
 *
 * At creation: PFC off on every priority; every priority in TC 0, which
 * has ETS at 100% (the others ETS at 0%); the APP table empty; trust
 * [pcp] (mlx5's default, and the conservative one: DSCP is trusted once
 * someone asks). The kernel drops a netdev's APP entries when it is
 * unregistered (dcbnl's NETDEV_UNREGISTER).
 *
 * A driver's refusal, for tests: the fakeeth's debugfs file (ethdev.c)
 * takes dcb_fail.OP=ERRNO, OP one of pfc (ieee_setpfc), ets
 * (ieee_setets), app (ieee_setapp and ieee_delapp) or apptrust
 * (dcbnl_setapptrust), ERRNO a name of fake_dcb_errnos (-EIO), -N, or 0;
 * from then on the op checks what it is given, then fails with ERRNO,
 * changing nothing and logging a line, until dcb_fail.OP=0. The file
 * reads them back as "dcb_fail.OP ERRNO". dcbnl answers a set with the
 * error in a u8 attribute (DCB_ATTR_IEEE), which `dcb` reads as a signed
 * byte ("Attribute write: Input/output error"): an errno past 128 comes
 * out mangled, as it would from a driver.
 *
 * Locking: rtnetlink calls every op under RTNL, and nothing else touches
 * the settings (struct fake_eth_dcb, in the netdev's private data);
 * dcbnl calls getdcbx under its dcb_lock (a spinlock) too: it reads a
 * byte. The dcb_fail values are the knob's (ethdev.c: its lock).
 */
#undef pr_fmt
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitops.h>
#include <linux/netdevice.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <net/dcbnl.h>

#include "fakehca.h"

static const char *const fake_dcb_op_names[FAKE_DCB_OPS] = {
	[FAKE_DCB_PFC] = "pfc", [FAKE_DCB_ETS] = "ets", [FAKE_DCB_APP] = "app",
	[FAKE_DCB_APPTRUST] = "apptrust",
};

/* What dcb_fail.OP takes by name: what a driver's firmware commands say. */
static const struct {
	const char *name;
	int err;
} fake_dcb_errnos[] = {
	{ "EPERM", EPERM }, { "EIO", EIO }, { "EAGAIN", EAGAIN }, { "ENOMEM", ENOMEM },
	{ "EBUSY", EBUSY }, { "ENODEV", ENODEV }, { "EINVAL", EINVAL }, { "ENOSPC", ENOSPC },
	{ "ERANGE", ERANGE }, { "EOPNOTSUPP", EOPNOTSUPP }, { "ETIMEDOUT", ETIMEDOUT },
};

#define FAKE_DCB_FAIL "dcb_fail."

/* "-EIO", "-5" or "0" into *err (0 or a negative errno). */
static int fake_dcb_parse_errno(const char *s, int *err)
{
	int i, n;

	if (s[0] == '-')
		for (i = 0; i < ARRAY_SIZE(fake_dcb_errnos); i++)
			if (!strcmp(s + 1, fake_dcb_errnos[i].name)) {
				*err = -fake_dcb_errnos[i].err;
				return 0;
			}
	if (kstrtoint(s, 10, &n) || n > 0 || n < -MAX_ERRNO)
		return -EINVAL;
	*err = n;
	return 0;
}

/*
 * One "dcb_fail.OP=ERRNO" of a knob write into f; -ENOENT when NAME is
 * not dcb_fail.*, for the knob to look for a statistic of that name.
 */
int fake_dcb_fail_set(struct net_device *dev, struct fake_dcb_fail *f, const char *name,
		      const char *val)
{
	int op;

	if (!str_has_prefix(name, FAKE_DCB_FAIL))
		return -ENOENT;
	op = match_string(fake_dcb_op_names, FAKE_DCB_OPS, name + strlen(FAKE_DCB_FAIL));
	if (op < 0) {
		pr_warn("%s: no DCB op \"%s\" to fail (dcb_fail.pfc, .ets, .app or .apptrust)\n",
			dev->name, name);
		return -EINVAL;
	}
	if (fake_dcb_parse_errno(val, &f->err[op])) {
		pr_warn("%s: %s: \"%s\" is not an errno (-EIO, -5, or 0 for none)\n",
			dev->name, name, val);
		return -EINVAL;
	}
	return 0;
}

void fake_dcb_fail_show(struct seq_file *m, const struct fake_dcb_fail *f)
{
	int op, i;

	for (op = 0; op < FAKE_DCB_OPS; op++) {
		for (i = 0; i < ARRAY_SIZE(fake_dcb_errnos); i++)
			if (f->err[op] == -fake_dcb_errnos[i].err)
				break;
		if (i < ARRAY_SIZE(fake_dcb_errnos))
			seq_printf(m, FAKE_DCB_FAIL "%s -%s\n", fake_dcb_op_names[op],
				   fake_dcb_errnos[i].name);
		else
			seq_printf(m, FAKE_DCB_FAIL "%s %d\n", fake_dcb_op_names[op], f->err[op]);
	}
}

/* What the knob makes op fail with, said in the log as a driver would. */
static int fake_dcb_refuse(struct net_device *dev, enum fake_dcb_op op, const char *what)
{
	int err = fake_eth_dcb_fail(dev, op);

	if (err)
		netdev_err(dev, "%s failed: %d (dcb_fail.%s)\n", what, err, fake_dcb_op_names[op]);
	return err;
}

/* ETS */

static int fake_dcb_getets(struct net_device *dev, struct ieee_ets *ets)
{
	struct fake_eth_dcb *d = fake_eth_dcb(dev);

	ets->ets_cap = IEEE_8021QAZ_MAX_TCS;
	memcpy(ets->prio_tc, d->prio_tc, sizeof(ets->prio_tc));
	memcpy(ets->tc_tsa, d->tc_tsa, sizeof(ets->tc_tsa));
	memcpy(ets->tc_tx_bw, d->tc_tx_bw, sizeof(ets->tc_tx_bw));
	return 0;
}

static int fake_dcb_check_ets(struct net_device *dev, const struct ieee_ets *ets)
{
	bool have_ets = false;
	int i, sum = 0;

	for (i = 0; i < IEEE_8021QAZ_MAX_TCS; i++) {
		if (ets->prio_tc[i] >= IEEE_8021QAZ_MAX_TCS) {
			netdev_err(dev, "ETS: priority %d in TC %u: the TCs are 0..7\n",
				   i, ets->prio_tc[i]);
			return -EINVAL;
		}
		switch (ets->tc_tsa[i]) {
		case IEEE_8021QAZ_TSA_ETS:
			have_ets = true;
			sum += ets->tc_tx_bw[i];
			break;
		case IEEE_8021QAZ_TSA_STRICT:
		case IEEE_8021QAZ_TSA_VENDOR:
			break;
		default:
			netdev_err(dev, "ETS: TC %d's TSA %u is not supported (strict, ets or vendor)\n",
				   i, ets->tc_tsa[i]);
			return -EOPNOTSUPP;
		}
	}
	if (have_ets && sum != 100) {
		netdev_err(dev, "ETS: the ETS TCs' bandwidths add up to %d%%, not 100%%\n", sum);
		return -EINVAL;
	}
	return 0;
}

static int fake_dcb_setets(struct net_device *dev, struct ieee_ets *ets)
{
	struct fake_eth_dcb *d = fake_eth_dcb(dev);
	int err;

	err = fake_dcb_check_ets(dev, ets);
	if (!err)
		err = fake_dcb_refuse(dev, FAKE_DCB_ETS, "ETS");
	if (err)
		return err;
	memcpy(d->prio_tc, ets->prio_tc, sizeof(d->prio_tc));
	memcpy(d->tc_tsa, ets->tc_tsa, sizeof(d->tc_tsa));
	memcpy(d->tc_tx_bw, ets->tc_tx_bw, sizeof(d->tc_tx_bw));
	return 0;
}

/* PFC */

static int fake_dcb_getpfc(struct net_device *dev, struct ieee_pfc *pfc)
{
	struct fake_eth_dcb *d = fake_eth_dcb(dev);

	pfc->pfc_cap = IEEE_8021QAZ_MAX_TCS;
	pfc->pfc_en = d->pfc_en;
	pfc->mbc = d->mbc;
	pfc->delay = d->delay;
	return 0;
}

static int fake_dcb_setpfc(struct net_device *dev, struct ieee_pfc *pfc)
{
	struct fake_eth_dcb *d = fake_eth_dcb(dev);
	int err;

	err = fake_dcb_refuse(dev, FAKE_DCB_PFC, "PFC");
	if (err)
		return err;
	d->pfc_en = pfc->pfc_en;
	d->mbc = pfc->mbc;
	d->delay = pfc->delay;
	return 0;
}

/* APP: the kernel's list */

static int fake_dcb_check_app(struct net_device *dev, const struct dcb_app *app)
{
	unsigned int protocols;

	switch (app->selector) {
	case IEEE_8021QAZ_APP_SEL_DSCP:
		protocols = 64;
		break;
#ifdef DCB_APP_SEL_PCP
	case DCB_APP_SEL_PCP:
		protocols = 16;		/* PCP and DEI */
		break;
#endif
	case IEEE_8021QAZ_APP_SEL_ETHERTYPE:
		protocols = 1;		/* 0: the default priority */
		break;
	default:
		netdev_err(dev, "APP: selector %u is not one fakeeth classifies by (DSCP, PCP, the default priority)\n",
			   app->selector);
		return -EINVAL;
	}
	if (app->protocol >= protocols || app->priority >= IEEE_8021QAZ_MAX_TCS) {
		netdev_err(dev, "APP: selector %u protocol %u priority %u is out of range (DSCP 0..63, PCP 0..15, ethertype 0; priority 0..7)\n",
			   app->selector, app->protocol, app->priority);
		return -EINVAL;
	}
	return 0;
}

static int fake_dcb_setapp(struct net_device *dev, struct dcb_app *app)
{
	struct dcb_app old = *app;
	u8 mask;
	int err;

	err = fake_dcb_check_app(dev, app);
	if (!err)
		err = fake_dcb_refuse(dev, FAKE_DCB_APP, "APP add");
	if (err)
		return err;
	/* One priority per DSCP, PCP or default: the entry it had goes first. */
	while ((mask = dcb_ieee_getapp_mask(dev, &old))) {
		old.priority = __ffs(mask);
		if (dcb_ieee_delapp(dev, &old))
			break;
	}
	return dcb_ieee_setapp(dev, app);
}

static int fake_dcb_delapp(struct net_device *dev, struct dcb_app *app)
{
	int err = fake_dcb_refuse(dev, FAKE_DCB_APP, "APP delete");

	return err ? err : dcb_ieee_delapp(dev, app);
}

/* DCBX: host-managed IEEE alone */

static u8 fake_dcb_getdcbx(struct net_device *dev)
{
	return fake_eth_dcb(dev)->dcbx;
}

static u8 fake_dcb_setdcbx(struct net_device *dev, u8 mode)
{
	const u8 need = DCB_CAP_DCBX_HOST | DCB_CAP_DCBX_VER_IEEE;

	if ((mode & need) != need || mode & (DCB_CAP_DCBX_LLD_MANAGED | DCB_CAP_DCBX_VER_CEE))
		return 1;
	fake_eth_dcb(dev)->dcbx = mode;
	return 0;
}

#ifdef HAVE_DCBNL_APPTRUST
/* apptrust: an order of DSCP and PCP, each at most once (dcbnl checks). */
static int fake_dcb_setapptrust(struct net_device *dev, u8 *selectors, int nselectors)
{
	struct fake_eth_dcb *d = fake_eth_dcb(dev);
	int i, err;

	for (i = 0; i < nselectors; i++)
		if (selectors[i] != IEEE_8021QAZ_APP_SEL_DSCP && selectors[i] != DCB_APP_SEL_PCP) {
			netdev_err(dev, "apptrust: selector %u is not one fakeeth classifies by (dscp, pcp)\n",
				   selectors[i]);
			return -EOPNOTSUPP;
		}
	if (nselectors > ARRAY_SIZE(d->trust))
		return -EINVAL;		/* a selector twice: dcbnl refused it */
	err = fake_dcb_refuse(dev, FAKE_DCB_APPTRUST, "apptrust");
	if (err)
		return err;
	memcpy(d->trust, selectors, nselectors);
	d->ntrust = nselectors;
	return 0;
}

static int fake_dcb_getapptrust(struct net_device *dev, u8 *selectors, int *nselectors)
{
	struct fake_eth_dcb *d = fake_eth_dcb(dev);

	memcpy(selectors, d->trust, d->ntrust);
	*nselectors = d->ntrust;
	return 0;
}
#endif

static const struct dcbnl_rtnl_ops fake_dcb_ops = {
	.ieee_getets = fake_dcb_getets,
	.ieee_setets = fake_dcb_setets,
	.ieee_getpfc = fake_dcb_getpfc,
	.ieee_setpfc = fake_dcb_setpfc,
	.ieee_setapp = fake_dcb_setapp,
	.ieee_delapp = fake_dcb_delapp,
	.getdcbx = fake_dcb_getdcbx,
	.setdcbx = fake_dcb_setdcbx,
#ifdef HAVE_DCBNL_APPTRUST
	.dcbnl_setapptrust = fake_dcb_setapptrust,
	.dcbnl_getapptrust = fake_dcb_getapptrust,
#endif
};

/* From the netdev's setup, before it registers: the ops and the defaults. */
void fake_dcb_setup(struct net_device *dev)
{
	struct fake_eth_dcb *d = fake_eth_dcb(dev);

	dev->dcbnl_ops = &fake_dcb_ops;
	memset(d, 0, sizeof(*d));
	memset(d->tc_tsa, IEEE_8021QAZ_TSA_ETS, sizeof(d->tc_tsa));
	d->tc_tx_bw[0] = 100;
	d->dcbx = DCB_CAP_DCBX_HOST | DCB_CAP_DCBX_VER_IEEE;
#ifdef HAVE_DCBNL_APPTRUST
	d->trust[0] = DCB_APP_SEL_PCP;
	d->ntrust = 1;
#endif
}
