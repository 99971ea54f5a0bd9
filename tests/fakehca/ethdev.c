// SPDX-License-Identifier: GPL-2.0
/*
 * fakeeth: an Ethernet netdev whose ethtool statistics the tests set.
 *
 *   ip link add fe0 type fakeeth
 *
 * makes fe0: ether_setup(), a random MAC, no queue; what it transmits is
 * dropped and counted in tx_dropped; its carrier is on while it is up. It
 * can carry a fake RoCE port ("add" knob: link_layer=roce netdevs=fe0),
 * and serves as the source of ethtool statistics in tests. Its
 * ethtool_ops, where the running kernel has the op (probes/):
 *
 *   get_drvinfo        driver "rdmactl_fakeeth"
 *   get_pauseparam     rx and tx pause on, no autonegotiation
 *   get_pause_stats    pause.*                    (5.10 has it)
 *   get_fecparam       configured and active FEC: RS
 *   get_fec_stats      fec.*                      5.13+ (fec_stats,
 *                      fec_stats_hist: no histogram is given)
 *   get_eth_phy_stats, get_eth_mac_stats, get_eth_ctrl_stats,
 *   get_rmon_stats     phy.*, mac.*, ctrl.*, rmon.*  5.13+ (eth_std_stats)
 *   get_sset_count, get_strings, get_ethtool_stats  `ethtool -S`, in the
 *                      netdev's naming scheme
 *
 * and, where the kernel has DCB, the DCB netlink ops of `dcb` (dcb.c):
 * ETS, PFC, the APP table, DCBX and apptrust (6.2+).
 *
 * The values: a debugfs file per fakeeth netdev,
 * /sys/kernel/debug/rdmactl_fakehca/fakeeth/NAME, all zero at first. It
 * reads as "NAME VALUE" lines: "scheme S", then every standard value, then
 * the `ethtool -S` values of the scheme, then (with DCB) "dcb_fail.OP
 * ERRNO" for each DCB op that can be made to fail (dcb.c). A write is one
 * or more "NAME=VALUE" (VALUE in decimal or 0x hex), "scheme=S" and
 * "dcb_fail.OP=ERRNO", separated by white space, applied in order and all
 * or none: an unknown name, a bad number, scheme or errno is refused with
 * -EINVAL and a warning naming it.
 *
 * The standard values are named GROUP.FIELD after the kernel's structs:
 *   pause.tx_pause_frames, pause.rx_pause_frames
 *   fec.C.total, fec.C.lane0, fec.C.lane1 for C corrected_blocks,
 *     uncorrectable_blocks and corrected_bits. A driver that gives lanes
 *     has the kernel report their sum as the total, so a counter reports
 *     its lanes (and their sum) while either lane is not zero, and
 *     fec.C.total while both are.
 *   phy.SymbolErrorDuringCarrier
 *   mac.F for every F of struct ethtool_eth_mac_stats (FramesTransmittedOK,
 *     FramesReceivedOK, FrameCheckSequenceErrors, OctetsReceivedOK, ...)
 *   ctrl.MACControlFramesTransmitted, ctrl.MACControlFramesReceived,
 *     ctrl.UnsupportedOpcodesReceived
 *   rmon.undersize_pkts, rmon.oversize_pkts, rmon.fragments, rmon.jabbers,
 *     rmon.hist.N and rmon.hist_tx.N, N 0..6 for the frame lengths 0-64,
 *     65-127, 128-255, 256-511, 512-1023, 1024-1518 and 1519-10240
 *
 * The naming schemes of `ethtool -S`, each after a driver (in its order);
 * rx_packets, tx_packets, rx_bytes and tx_bytes come first in each:
 *   mlx5 (the default)  rx_pause_ctrl_phy, tx_pause_ctrl_phy, and for N
 *         0..7 rx_prioN_pause, rx_prioN_pause_duration, tx_prioN_pause,
 *         tx_prioN_pause_duration, rx_prioN_pause_transition
 *   ice   link_xon_rx.nic, link_xon_tx.nic, link_xoff_rx.nic,
 *         link_xoff_tx.nic, tx_priority_N_xon.nic, tx_priority_N_xoff.nic
 *         (N 0..7), then rx_priority_N_xon.nic, rx_priority_N_xoff.nic
 *   bnxt  rx_pause_frames, tx_pause_frames, rx_pfc_ena_frames_pri0..7,
 *         tx_pfc_ena_frames_pri0..7
 * A write of scheme=S sets the `ethtool -S` values to zero.
 *
 * Locking: writes take RTNL (by rtnl_trylock(), restarting the write when
 * it is busy, for unregistering removes the file under RTNL and waits
 * for its writers), so that ethtool, which calls its ops under RTNL, sees
 * a scheme's count and strings together; the values are under the
 * netdev's spinlock, which reads of the file take alone. The DCB
 * settings are under RTNL (dcb.c).
 *
 * Lifetime. The file is made in ndo_init and removed in ndo_uninit; it
 * follows a rename (a name another namespace's fakeeth has in debugfs is
 * refused). `ip link del`, rtnl_link_unregister() at unload and a dying
 * namespace (the default for a device with rtnl_link_ops: dellink) delete
 * it. A fakeeth cannot move to another namespace (netns_local), so its
 * name in debugfs stays that of one namespace; one may be created in any
 * namespace, unless a fakeeth elsewhere has its name.
 */
#undef pr_fmt
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <net/rtnetlink.h>

#include "fakehca.h"

/* The standard values, in the order the file shows them. */
enum fake_eth_std {
	FE_PAUSE_TX, FE_PAUSE_RX,
	FE_FEC,					/* 3 counters x total, lane0, lane1 */
	FE_PHY_SYMBOL_ERR = FE_FEC + 9,
	FE_MAC,					/* struct ethtool_eth_mac_stats */
	FE_CTRL = FE_MAC + 22,
	FE_RMON = FE_CTRL + 3,			/* undersize, oversize, fragments, jabbers */
	FE_RMON_HIST = FE_RMON + 4,
	FE_RMON_HIST_TX = FE_RMON_HIST + 7,
	FE_STD_NUM = FE_RMON_HIST_TX + 7
};

#define FE_HIST_NUM 7

static const char *const fake_eth_std_names[FE_STD_NUM] = {
	[FE_PAUSE_TX] = "pause.tx_pause_frames",
	[FE_PAUSE_RX] = "pause.rx_pause_frames",
	[FE_FEC + 0] = "fec.corrected_blocks.total",
	[FE_FEC + 1] = "fec.corrected_blocks.lane0",
	[FE_FEC + 2] = "fec.corrected_blocks.lane1",
	[FE_FEC + 3] = "fec.uncorrectable_blocks.total",
	[FE_FEC + 4] = "fec.uncorrectable_blocks.lane0",
	[FE_FEC + 5] = "fec.uncorrectable_blocks.lane1",
	[FE_FEC + 6] = "fec.corrected_bits.total",
	[FE_FEC + 7] = "fec.corrected_bits.lane0",
	[FE_FEC + 8] = "fec.corrected_bits.lane1",
	[FE_PHY_SYMBOL_ERR] = "phy.SymbolErrorDuringCarrier",
	[FE_MAC + 0] = "mac.FramesTransmittedOK",
	[FE_MAC + 1] = "mac.SingleCollisionFrames",
	[FE_MAC + 2] = "mac.MultipleCollisionFrames",
	[FE_MAC + 3] = "mac.FramesReceivedOK",
	[FE_MAC + 4] = "mac.FrameCheckSequenceErrors",
	[FE_MAC + 5] = "mac.AlignmentErrors",
	[FE_MAC + 6] = "mac.OctetsTransmittedOK",
	[FE_MAC + 7] = "mac.FramesWithDeferredXmissions",
	[FE_MAC + 8] = "mac.LateCollisions",
	[FE_MAC + 9] = "mac.FramesAbortedDueToXSColls",
	[FE_MAC + 10] = "mac.FramesLostDueToIntMACXmitError",
	[FE_MAC + 11] = "mac.CarrierSenseErrors",
	[FE_MAC + 12] = "mac.OctetsReceivedOK",
	[FE_MAC + 13] = "mac.FramesLostDueToIntMACRcvError",
	[FE_MAC + 14] = "mac.MulticastFramesXmittedOK",
	[FE_MAC + 15] = "mac.BroadcastFramesXmittedOK",
	[FE_MAC + 16] = "mac.FramesWithExcessiveDeferral",
	[FE_MAC + 17] = "mac.MulticastFramesReceivedOK",
	[FE_MAC + 18] = "mac.BroadcastFramesReceivedOK",
	[FE_MAC + 19] = "mac.InRangeLengthErrors",
	[FE_MAC + 20] = "mac.OutOfRangeLengthField",
	[FE_MAC + 21] = "mac.FrameTooLongErrors",
	[FE_CTRL + 0] = "ctrl.MACControlFramesTransmitted",
	[FE_CTRL + 1] = "ctrl.MACControlFramesReceived",
	[FE_CTRL + 2] = "ctrl.UnsupportedOpcodesReceived",
	[FE_RMON + 0] = "rmon.undersize_pkts",
	[FE_RMON + 1] = "rmon.oversize_pkts",
	[FE_RMON + 2] = "rmon.fragments",
	[FE_RMON + 3] = "rmon.jabbers",
	[FE_RMON_HIST + 0] = "rmon.hist.0", [FE_RMON_HIST + 1] = "rmon.hist.1",
	[FE_RMON_HIST + 2] = "rmon.hist.2", [FE_RMON_HIST + 3] = "rmon.hist.3",
	[FE_RMON_HIST + 4] = "rmon.hist.4", [FE_RMON_HIST + 5] = "rmon.hist.5",
	[FE_RMON_HIST + 6] = "rmon.hist.6",
	[FE_RMON_HIST_TX + 0] = "rmon.hist_tx.0", [FE_RMON_HIST_TX + 1] = "rmon.hist_tx.1",
	[FE_RMON_HIST_TX + 2] = "rmon.hist_tx.2", [FE_RMON_HIST_TX + 3] = "rmon.hist_tx.3",
	[FE_RMON_HIST_TX + 4] = "rmon.hist_tx.4", [FE_RMON_HIST_TX + 5] = "rmon.hist_tx.5",
	[FE_RMON_HIST_TX + 6] = "rmon.hist_tx.6",
};

/* `ethtool -S`: the naming schemes, each after a driver. */
enum fake_eth_scheme { FE_MLX5, FE_ICE, FE_BNXT, FE_SCHEMES };

static const char *const fake_eth_scheme_names[FE_SCHEMES] = {
	[FE_MLX5] = "mlx5", [FE_ICE] = "ice", [FE_BNXT] = "bnxt",
};

#define FE_XSTATS_MAX	46	/* mlx5's: 4 + 2 + 8 x 5 */

static char fake_eth_xnames[FE_SCHEMES][FE_XSTATS_MAX][ETH_GSTRING_LEN];
static unsigned int fake_eth_xnum[FE_SCHEMES];

struct fake_eth_values {
	u64 std[FE_STD_NUM];
	u64 x[FE_XSTATS_MAX];
	enum fake_eth_scheme scheme;
	struct fake_dcb_fail dcb_fail;
};

struct fake_eth {
	spinlock_t lock;			/* v */
	struct fake_eth_values v;
	/* Under RTNL: the debugfs file, and the name it has. */
	struct dentry *file;
	char file_name[IFNAMSIZ];
	struct net_device *dev;
	struct fake_eth_dcb dcb;		/* under RTNL */
};

static struct dentry *fake_eth_dir;
static const struct net_device_ops fake_eth_netdev_ops;

static __printf(2, 3) void fake_eth_xname(enum fake_eth_scheme s, const char *fmt, ...)
{
	va_list args;

	if (WARN_ON(fake_eth_xnum[s] == FE_XSTATS_MAX))
		return;
	va_start(args, fmt);
	vsnprintf(fake_eth_xnames[s][fake_eth_xnum[s]++], ETH_GSTRING_LEN, fmt, args);
	va_end(args);
}

/* The names of each scheme, in its driver's order (see the top comment). */
static void fake_eth_names_init(void)
{
	int s, i;

	for (s = 0; s < FE_SCHEMES; s++) {
		fake_eth_xname(s, "rx_packets");
		fake_eth_xname(s, "tx_packets");
		fake_eth_xname(s, "rx_bytes");
		fake_eth_xname(s, "tx_bytes");
	}

	fake_eth_xname(FE_MLX5, "rx_pause_ctrl_phy");
	fake_eth_xname(FE_MLX5, "tx_pause_ctrl_phy");
	for (i = 0; i < 8; i++) {
		fake_eth_xname(FE_MLX5, "rx_prio%d_pause", i);
		fake_eth_xname(FE_MLX5, "rx_prio%d_pause_duration", i);
		fake_eth_xname(FE_MLX5, "tx_prio%d_pause", i);
		fake_eth_xname(FE_MLX5, "tx_prio%d_pause_duration", i);
		fake_eth_xname(FE_MLX5, "rx_prio%d_pause_transition", i);
	}

	fake_eth_xname(FE_ICE, "link_xon_rx.nic");
	fake_eth_xname(FE_ICE, "link_xon_tx.nic");
	fake_eth_xname(FE_ICE, "link_xoff_rx.nic");
	fake_eth_xname(FE_ICE, "link_xoff_tx.nic");
	for (i = 0; i < 8; i++) {
		fake_eth_xname(FE_ICE, "tx_priority_%d_xon.nic", i);
		fake_eth_xname(FE_ICE, "tx_priority_%d_xoff.nic", i);
	}
	for (i = 0; i < 8; i++) {
		fake_eth_xname(FE_ICE, "rx_priority_%d_xon.nic", i);
		fake_eth_xname(FE_ICE, "rx_priority_%d_xoff.nic", i);
	}

	fake_eth_xname(FE_BNXT, "rx_pause_frames");
	fake_eth_xname(FE_BNXT, "tx_pause_frames");
	for (i = 0; i < 8; i++)
		fake_eth_xname(FE_BNXT, "rx_pfc_ena_frames_pri%d", i);
	for (i = 0; i < 8; i++)
		fake_eth_xname(FE_BNXT, "tx_pfc_ena_frames_pri%d", i);
}

/* A copy of the values, taken under the lock. */
static void fake_eth_read(struct net_device *dev, struct fake_eth_values *v)
{
	struct fake_eth *fe = netdev_priv(dev);

	spin_lock(&fe->lock);
	*v = fe->v;
	spin_unlock(&fe->lock);
}

static u64 fake_eth_std(struct net_device *dev, enum fake_eth_std i)
{
	struct fake_eth *fe = netdev_priv(dev);
	u64 val;

	spin_lock(&fe->lock);
	val = fe->v.std[i];
	spin_unlock(&fe->lock);
	return val;
}

/* dcb.c's: the netdev's DCB settings, and what the knob makes an op fail with. */
struct fake_eth_dcb *fake_eth_dcb(struct net_device *dev)
{
	return &((struct fake_eth *)netdev_priv(dev))->dcb;
}

int fake_eth_dcb_fail(struct net_device *dev, enum fake_dcb_op op)
{
	struct fake_eth *fe = netdev_priv(dev);
	int err;

	spin_lock(&fe->lock);
	err = fe->v.dcb_fail.err[op];
	spin_unlock(&fe->lock);
	return err;
}

/* ethtool_ops */

static void fake_eth_get_drvinfo(struct net_device *dev, struct ethtool_drvinfo *info)
{
	strscpy(info->driver, "rdmactl_fakeeth", sizeof(info->driver));
}

static void fake_eth_get_pauseparam(struct net_device *dev, struct ethtool_pauseparam *pause)
{
	pause->autoneg = AUTONEG_DISABLE;
	pause->rx_pause = 1;
	pause->tx_pause = 1;
}

static void fake_eth_get_pause_stats(struct net_device *dev, struct ethtool_pause_stats *s)
{
	s->tx_pause_frames = fake_eth_std(dev, FE_PAUSE_TX);
	s->rx_pause_frames = fake_eth_std(dev, FE_PAUSE_RX);
}

static int fake_eth_get_fecparam(struct net_device *dev, struct ethtool_fecparam *fec)
{
	fec->fec = ETHTOOL_FEC_RS;
	fec->active_fec = ETHTOOL_FEC_RS;
	return 0;
}

#if defined(HAVE_FEC_STATS) || defined(HAVE_FEC_STATS_HIST)
/* Lanes while either is set: the kernel then reports their sum as the total. */
static void fake_eth_fec_stat(struct ethtool_fec_stat *s, const u64 *v)
{
	if (v[1] || v[2]) {
		s->lanes[0] = v[1];
		s->lanes[1] = v[2];
	} else {
		s->total = v[0];
	}
}

static void fake_eth_fill_fec_stats(struct net_device *dev, struct ethtool_fec_stats *s)
{
	struct fake_eth_values v;

	fake_eth_read(dev, &v);
	fake_eth_fec_stat(&s->corrected_blocks, &v.std[FE_FEC]);
	fake_eth_fec_stat(&s->uncorrectable_blocks, &v.std[FE_FEC + 3]);
	fake_eth_fec_stat(&s->corrected_bits, &v.std[FE_FEC + 6]);
}
#endif

#if defined(HAVE_FEC_STATS_HIST)
static void fake_eth_get_fec_stats(struct net_device *dev, struct ethtool_fec_stats *s,
				   struct ethtool_fec_hist *hist)
{
	fake_eth_fill_fec_stats(dev, s);
}
#elif defined(HAVE_FEC_STATS)
static void fake_eth_get_fec_stats(struct net_device *dev, struct ethtool_fec_stats *s)
{
	fake_eth_fill_fec_stats(dev, s);
}
#endif

#ifdef HAVE_ETH_STD_STATS
static void fake_eth_get_eth_phy_stats(struct net_device *dev,
				       struct ethtool_eth_phy_stats *s)
{
	s->SymbolErrorDuringCarrier = fake_eth_std(dev, FE_PHY_SYMBOL_ERR);
}

static void fake_eth_get_eth_mac_stats(struct net_device *dev,
				       struct ethtool_eth_mac_stats *s)
{
	struct fake_eth_values v;
	const u64 *m = &v.std[FE_MAC];

	fake_eth_read(dev, &v);
	s->FramesTransmittedOK = m[0];
	s->SingleCollisionFrames = m[1];
	s->MultipleCollisionFrames = m[2];
	s->FramesReceivedOK = m[3];
	s->FrameCheckSequenceErrors = m[4];
	s->AlignmentErrors = m[5];
	s->OctetsTransmittedOK = m[6];
	s->FramesWithDeferredXmissions = m[7];
	s->LateCollisions = m[8];
	s->FramesAbortedDueToXSColls = m[9];
	s->FramesLostDueToIntMACXmitError = m[10];
	s->CarrierSenseErrors = m[11];
	s->OctetsReceivedOK = m[12];
	s->FramesLostDueToIntMACRcvError = m[13];
	s->MulticastFramesXmittedOK = m[14];
	s->BroadcastFramesXmittedOK = m[15];
	s->FramesWithExcessiveDeferral = m[16];
	s->MulticastFramesReceivedOK = m[17];
	s->BroadcastFramesReceivedOK = m[18];
	s->InRangeLengthErrors = m[19];
	s->OutOfRangeLengthField = m[20];
	s->FrameTooLongErrors = m[21];
}

static void fake_eth_get_eth_ctrl_stats(struct net_device *dev,
					struct ethtool_eth_ctrl_stats *s)
{
	struct fake_eth_values v;

	fake_eth_read(dev, &v);
	s->MACControlFramesTransmitted = v.std[FE_CTRL];
	s->MACControlFramesReceived = v.std[FE_CTRL + 1];
	s->UnsupportedOpcodesReceived = v.std[FE_CTRL + 2];
}

/* Zero-terminated, as the kernel reads it. */
static const struct ethtool_rmon_hist_range fake_eth_rmon_ranges[FE_HIST_NUM + 1] = {
	{ 0, 64 }, { 65, 127 }, { 128, 255 }, { 256, 511 }, { 512, 1023 },
	{ 1024, 1518 }, { 1519, 10240 }, {}
};

static void fake_eth_get_rmon_stats(struct net_device *dev, struct ethtool_rmon_stats *s,
				    const struct ethtool_rmon_hist_range **ranges)
{
	struct fake_eth_values v;
	int i;

	BUILD_BUG_ON(FE_HIST_NUM > ETHTOOL_RMON_HIST_MAX);
	fake_eth_read(dev, &v);
	s->undersize_pkts = v.std[FE_RMON];
	s->oversize_pkts = v.std[FE_RMON + 1];
	s->fragments = v.std[FE_RMON + 2];
	s->jabbers = v.std[FE_RMON + 3];
	for (i = 0; i < FE_HIST_NUM; i++) {
		s->hist[i] = v.std[FE_RMON_HIST + i];
		s->hist_tx[i] = v.std[FE_RMON_HIST_TX + i];
	}
	*ranges = fake_eth_rmon_ranges;
}
#endif

static int fake_eth_get_sset_count(struct net_device *dev, int sset)
{
	struct fake_eth *fe = netdev_priv(dev);
	int n;

	if (sset != ETH_SS_STATS)
		return -EOPNOTSUPP;
	spin_lock(&fe->lock);
	n = fake_eth_xnum[fe->v.scheme];
	spin_unlock(&fe->lock);
	return n;
}

/* Under RTNL, as the count was taken: the scheme has not changed since. */
static void fake_eth_get_strings(struct net_device *dev, u32 sset, u8 *data)
{
	struct fake_eth *fe = netdev_priv(dev);
	enum fake_eth_scheme s;

	if (sset != ETH_SS_STATS)
		return;
	spin_lock(&fe->lock);
	s = fe->v.scheme;
	spin_unlock(&fe->lock);
	memcpy(data, fake_eth_xnames[s], fake_eth_xnum[s] * ETH_GSTRING_LEN);
}

static void fake_eth_get_ethtool_stats(struct net_device *dev, struct ethtool_stats *stats,
				       u64 *data)
{
	struct fake_eth *fe = netdev_priv(dev);
	u32 n;

	spin_lock(&fe->lock);
	n = min_t(u32, stats->n_stats, fake_eth_xnum[fe->v.scheme]);
	memcpy(data, fe->v.x, n * sizeof(*data));
	spin_unlock(&fe->lock);
}

static const struct ethtool_ops fake_eth_ethtool_ops = {
	.get_drvinfo = fake_eth_get_drvinfo,
	.get_link = ethtool_op_get_link,
	.get_pauseparam = fake_eth_get_pauseparam,
	.get_pause_stats = fake_eth_get_pause_stats,
	.get_fecparam = fake_eth_get_fecparam,
#if defined(HAVE_FEC_STATS) || defined(HAVE_FEC_STATS_HIST)
	.get_fec_stats = fake_eth_get_fec_stats,
#endif
#ifdef HAVE_ETH_STD_STATS
	.get_eth_phy_stats = fake_eth_get_eth_phy_stats,
	.get_eth_mac_stats = fake_eth_get_eth_mac_stats,
	.get_eth_ctrl_stats = fake_eth_get_eth_ctrl_stats,
	.get_rmon_stats = fake_eth_get_rmon_stats,
#endif
	.get_sset_count = fake_eth_get_sset_count,
	.get_strings = fake_eth_get_strings,
	.get_ethtool_stats = fake_eth_get_ethtool_stats,
};

/* The debugfs file */

static int fake_eth_show(struct seq_file *m, void *unused)
{
	struct fake_eth_values *v;
	int i;

	v = kmalloc(sizeof(*v), GFP_KERNEL);
	if (!v)
		return -ENOMEM;
	fake_eth_read(((struct fake_eth *)m->private)->dev, v);
	seq_printf(m, "scheme %s\n", fake_eth_scheme_names[v->scheme]);
	for (i = 0; i < FE_STD_NUM; i++)
		seq_printf(m, "%s %llu\n", fake_eth_std_names[i], v->std[i]);
	for (i = 0; i < fake_eth_xnum[v->scheme]; i++)
		seq_printf(m, "%s %llu\n", fake_eth_xnames[v->scheme][i], v->x[i]);
	fake_dcb_fail_show(m, &v->dcb_fail);
	kfree(v);
	return 0;
}

/* One "NAME=VALUE", "scheme=S" or "dcb_fail.OP=ERRNO" applied to v. */
static int fake_eth_set(struct net_device *dev, struct fake_eth_values *v, char *tok)
{
	char *val = strchr(tok, '=');
	u64 *slot = NULL;
	int i;

	if (!val) {
		pr_warn("%s: \"%s\" is not NAME=VALUE\n", dev->name, tok);
		return -EINVAL;
	}
	*val++ = '\0';
	if (!strcmp(tok, "scheme")) {
		i = match_string(fake_eth_scheme_names, FE_SCHEMES, val);
		if (i < 0) {
			pr_warn("%s: no scheme \"%s\" (mlx5, ice or bnxt)\n", dev->name, val);
			return -EINVAL;
		}
		v->scheme = i;
		memset(v->x, 0, sizeof(v->x));
		return 0;
	}
	i = fake_dcb_fail_set(dev, &v->dcb_fail, tok, val);
	if (i != -ENOENT)
		return i;
	i = match_string(fake_eth_std_names, FE_STD_NUM, tok);
	if (i >= 0)
		slot = &v->std[i];
	for (i = 0; !slot && i < fake_eth_xnum[v->scheme]; i++)
		if (!strcmp(tok, fake_eth_xnames[v->scheme][i]))
			slot = &v->x[i];
	if (!slot) {
		pr_warn("%s: no statistic \"%s\" (scheme %s)\n", dev->name, tok,
			fake_eth_scheme_names[v->scheme]);
		return -EINVAL;
	}
	if (kstrtou64(val, 0, slot)) {
		pr_warn("%s: %s: \"%s\" is not a number of 64 bits\n", dev->name, tok, val);
		return -EINVAL;
	}
	return 0;
}

static ssize_t fake_eth_write(struct file *file, const char __user *ubuf, size_t len,
			      loff_t *ppos)
{
	struct fake_eth *fe = ((struct seq_file *)file->private_data)->private;
	struct fake_eth_values *v;
	char *buf, *s, *tok;
	int err = 0;

	if (len >= PAGE_SIZE)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	v = kmalloc(sizeof(*v), GFP_KERNEL);
	if (!v) {
		err = -ENOMEM;
		goto out;
	}
	if (!rtnl_trylock()) {
		err = restart_syscall();
		goto out;
	}
	fake_eth_read(fe->dev, v);
	s = buf;
	while (!err && (tok = strsep(&s, " \t\n")) != NULL)
		if (*tok)
			err = fake_eth_set(fe->dev, v, tok);
	if (!err) {
		spin_lock(&fe->lock);
		fe->v = *v;
		spin_unlock(&fe->lock);
	}
	rtnl_unlock();
out:
	kfree(v);
	kfree(buf);
	return err ? err : len;
}

static int fake_eth_open(struct inode *inode, struct file *file)
{
	return single_open(file, fake_eth_show, inode->i_private);
}

static const struct file_operations fake_eth_fops = {
	.owner = THIS_MODULE,
	.open = fake_eth_open,
	.read = seq_read,
	.write = fake_eth_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/* Under RTNL: the file under dev's present name, replacing the old one. */
static int fake_eth_file(struct net_device *dev)
{
	struct fake_eth *fe = netdev_priv(dev);
	struct dentry *file;

	if (fe->file && !strcmp(fe->file_name, dev->name))
		return 0;
	file = debugfs_create_file(dev->name, 0644, fake_eth_dir, fe, &fake_eth_fops);
	if (IS_ERR(file)) {
		pr_warn("%s: no debugfs file fakeeth/%s (%ld): has a fakeeth in another namespace that name?\n",
			dev->name, dev->name, PTR_ERR(file));
		return PTR_ERR(file);
	}
	debugfs_remove(fe->file);	/* waits for its readers and writers */
	fe->file = file;
	strscpy(fe->file_name, dev->name, sizeof(fe->file_name));
	return 0;
}

/* net_device_ops */

static int fake_eth_init(struct net_device *dev)
{
	struct fake_eth *fe = netdev_priv(dev);

	fe->dev = dev;
	spin_lock_init(&fe->lock);
	netif_carrier_off(dev);
	return fake_eth_file(dev);
}

static void fake_eth_uninit(struct net_device *dev)
{
	struct fake_eth *fe = netdev_priv(dev);

	debugfs_remove(fe->file);
	fe->file = NULL;
}

static int fake_eth_open_dev(struct net_device *dev)
{
	netif_carrier_on(dev);
	return 0;
}

static int fake_eth_stop(struct net_device *dev)
{
	netif_carrier_off(dev);
	return 0;
}

static netdev_tx_t fake_eth_xmit(struct sk_buff *skb, struct net_device *dev)
{
	DEV_STATS_INC(dev, tx_dropped);
	dev_kfree_skb(skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops fake_eth_netdev_ops = {
	.ndo_init = fake_eth_init,
	.ndo_uninit = fake_eth_uninit,
	.ndo_open = fake_eth_open_dev,
	.ndo_stop = fake_eth_stop,
	.ndo_start_xmit = fake_eth_xmit,
	.ndo_set_mac_address = eth_mac_addr,
	.ndo_validate_addr = eth_validate_addr,
};

static void fake_eth_setup(struct net_device *dev)
{
	ether_setup(dev);
	dev->netdev_ops = &fake_eth_netdev_ops;
	dev->ethtool_ops = &fake_eth_ethtool_ops;
	fake_dcb_setup(dev);
	dev->needs_free_netdev = true;
	dev->priv_flags |= IFF_NO_QUEUE;
	fake_set_netns_local(dev);
	eth_hw_addr_random(dev);
}

static int fake_eth_validate(struct nlattr *tb[], struct nlattr *data[],
			     struct netlink_ext_ack *extack)
{
	if (tb[IFLA_ADDRESS] && (nla_len(tb[IFLA_ADDRESS]) != ETH_ALEN ||
				 !is_valid_ether_addr(nla_data(tb[IFLA_ADDRESS])))) {
		NL_SET_ERR_MSG_ATTR(extack, tb[IFLA_ADDRESS],
				    "fakeeth: the address is not a unicast MAC address");
		return -EADDRNOTAVAIL;
	}
	return 0;
}

static struct rtnl_link_ops fake_eth_link_ops = {
	.kind = "fakeeth",
	.priv_size = sizeof(struct fake_eth),
	.setup = fake_eth_setup,
	.validate = fake_eth_validate,
};

/* Renames: the file follows, or the rename is refused. */
static int fake_eth_event(struct notifier_block *nb, unsigned long event, void *ptr)
{
	struct net_device *dev = netdev_notifier_info_to_dev(ptr);

	if (event != NETDEV_CHANGENAME || dev->netdev_ops != &fake_eth_netdev_ops)
		return NOTIFY_DONE;
	return notifier_from_errno(fake_eth_file(dev));
}

static struct notifier_block fake_eth_nb = {
	.notifier_call = fake_eth_event,
};

int fake_ethdev_init(void)
{
	int err;

	fake_eth_names_init();
	fake_eth_dir = debugfs_create_dir("fakeeth", fake_debugfs_root());
	err = register_netdevice_notifier(&fake_eth_nb);
	if (err)
		return err;
	err = rtnl_link_register(&fake_eth_link_ops);
	if (err)
		unregister_netdevice_notifier(&fake_eth_nb);
	return err;
}

/* After the fake devices have let go of their netdevs: deletes every fakeeth. */
void fake_ethdev_exit(void)
{
	rtnl_link_unregister(&fake_eth_link_ops);
	unregister_netdevice_notifier(&fake_eth_nb);
	debugfs_remove(fake_eth_dir);
}
