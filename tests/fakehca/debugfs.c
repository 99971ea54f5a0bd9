// SPDX-License-Identifier: GPL-2.0
/*
 * The knobs tests turn, under /sys/kernel/debug/rdmactl_fakehca/:
 *
 *   add               write "ports=N state=S pma=M datagram_only=0|1
 *                     ud_csum=0|1 link_layer=ib|roce netdevs=IF[,IF...]
 *                     netdev_op=set|get lifespan_ms=MS optional=0|1
 *                     personality=P restricted=none|all|pma id=N", each
 *                     optional (main.c: netdev_op, id; counters.c:
 *                     lifespan_ms, optional, restricted; personality.c:
 *                     personality)
 *   remove            write a device name
 *   devices           the devices, one name a line
 *   mads_in_flight_max  the most PMA MADs in process_mad() at once; write
 *                     0 to start counting again (counters.c's
 *                     mad_delay_us makes them last)
 *   DEV/hw_counters   device hw counters: read "name value" lines; write
 *                     "name value" to set or "name +value" to add
 *   DEV/fatal         write anything: IB_EVENT_DEVICE_FATAL
 *   DEV/restricted    none, all (every PMA MAD and hw counter read fails,
 *                     each with a kernel log line) or pma (PMA MADs
 *                     alone, as mlx5's); 0 and 1 as none and all
 *   DEV/hw_reads      how many get_hw_stats() calls of the device's own
 *                     counters it has had
 *   DEV/mads_in_flight_max  as mads_in_flight_max, the device's alone
 *   DEV/portN/state   down|init|armed|active   -> PORT_ACTIVE or PORT_ERR
 *   DEV/portN/lid, lmc                          -> LID_CHANGE
 *   DEV/portN/sm_lid, sm_sl                     -> SM_CHANGE
 *   DEV/portN/subnet_prefix, guid (hex)         -> GID_CHANGE
 *   DEV/portN/gids    write "INDEX GID" (1..7, "::" clears) -> GID_CHANGE
 *   DEV/portN/pkeys   write the whole table, e.g. "0xffff 0x8001"
 *                                               -> PKEY_CHANGE
 *   DEV/portN/reregister  write anything        -> CLIENT_REREGISTER
 *   DEV/portN/pma     PMA counters, as hw_counters (no event)
 *   DEV/portN/hw_counters  port hw counters, likewise
 *   DEV/portN/bound_counters  what every counter bound on the port (`rdma
 *                     statistic qp bind`) reads, likewise: the counts of
 *                     the QPs the driver moved out of hw_counters
 *   DEV/portN/mads    how many process_mad() calls the port has had
 *   DEV/portN/mad_fail  write "N" (the next N PMA MADs fail, no reply) or
 *                     "N STATUS" (answered with that MAD status, 0: no
 *                     reply), "N STATUS ext" (only PortCountersExtended
 *                     MADs count and fail); reads how many are left
 *   DEV/portN/hw_reads  how many get_hw_stats() calls the port has had
 *   DEV/portN/width   active lanes: 1, 2, 4, 8 or 12 (no event: as a
 *                     link retrained narrower reads)
 *   DEV/portN/netdev  RoCE: the port's netdev, "-" for none; write IFNAME
 *                     (in init_net) or "-" to re-bind it at run time
 *                     (ib_device_set_netdev(), or what ops.get_netdev()
 *                     answers)            -> PORT_ACTIVE or PORT_ERR
 *   fakeeth/IFNAME    the ethtool statistics of the fakeeth netdev IFNAME
 *                     (ethdev.c): read "NAME VALUE" lines, write
 *                     "NAME=VALUE ..." or "scheme=mlx5|ice|bnxt"; and
 *                     "dcb_fail.OP=ERRNO": a DCB op fails (dcb.c)
 *
 * Directories keep the name the device had when it was created.
 */
#include <linux/debugfs.h>
#include <linux/inet.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "fakehca.h"

static const struct {
	const char *name;
	umode_t mode;
} fake_knob_files[K_NUM] = {
	[K_ADD] = { "add", 0200 }, [K_REMOVE] = { "remove", 0200 },
	[K_DEVICES] = { "devices", 0444 },
	[K_DEV_HW] = { "hw_counters", 0644 }, [K_FATAL] = { "fatal", 0200 },
	[K_RESTRICTED] = { "restricted", 0644 }, [K_DEV_HW_READS] = { "hw_reads", 0444 },
	[K_STATE] = { "state", 0644 }, [K_LID] = { "lid", 0644 },
	[K_LMC] = { "lmc", 0644 }, [K_SM_LID] = { "sm_lid", 0644 },
	[K_SM_SL] = { "sm_sl", 0644 }, [K_SUBNET_PREFIX] = { "subnet_prefix", 0644 },
	[K_GUID] = { "guid", 0644 }, [K_GIDS] = { "gids", 0644 },
	[K_PKEYS] = { "pkeys", 0644 }, [K_REREGISTER] = { "reregister", 0200 },
	[K_PMA] = { "pma", 0644 }, [K_PORT_HW] = { "hw_counters", 0644 },
	[K_MADS] = { "mads", 0444 }, [K_MAD_FAIL] = { "mad_fail", 0644 },
	[K_HW_READS] = { "hw_reads", 0444 }, [K_NETDEV] = { "netdev", 0644 },
	[K_WIDTH] = { "width", 0644 }, [K_BOUND_HW] = { "bound_counters", 0644 },
};

static struct dentry *fake_root;
static struct fake_knob fake_top_knobs[3] = {
	{ .kind = K_ADD }, { .kind = K_REMOVE }, { .kind = K_DEVICES },
};

static void fake_show_hw(struct seq_file *m, const u64 *v, int n,
			 const struct fake_hw_counter *names)
{
	int i;

	for (i = 0; i < n; i++)
		seq_printf(m, "%s %llu\n", names[i].name, v[i]);
}

static int fake_knob_show(struct seq_file *m, void *unused)
{
	struct fake_knob *k = m->private;
	struct fake_port *p = k->port;
	struct fake_dev *fdev = k->fdev;
	unsigned long flags;
	int i;

	if (k->kind == K_DEVICES) {
		mutex_lock(&fake_lock);
		list_for_each_entry(fdev, &fake_devices, list)
			seq_printf(m, "%s\n", dev_name(&fdev->ibdev.dev));
		mutex_unlock(&fake_lock);
		return 0;
	}
	if (k->kind == K_MADS || k->kind == K_HW_READS || k->kind == K_DEV_HW_READS) {
		atomic64_t *n = k->kind == K_MADS ? &p->mads :
				k->kind == K_HW_READS ? &p->hw_reads : &fdev->hw_reads;

		seq_printf(m, "%lld\n", (long long)atomic64_read(n));
		return 0;
	}

	spin_lock_irqsave(&fdev->lock, flags);
	switch (k->kind) {
	case K_DEV_HW:
		fake_show_hw(m, fdev->hw, fdev->opts.pers->num_dev_hw, fdev->opts.pers->dev_hw);
		break;
	case K_RESTRICTED:
		seq_printf(m, "%s\n", fake_restrict_name(READ_ONCE(fdev->opts.restricted)));
		break;
	case K_STATE:
		seq_printf(m, "%s\n", fake_state_name(p->state));
		break;
	case K_LID:
		seq_printf(m, "%u\n", p->lid);
		break;
	case K_LMC:
		seq_printf(m, "%u\n", p->lmc);
		break;
	case K_WIDTH:
		seq_printf(m, "%d\n", ib_width_enum_to_int(p->width));
		break;
	case K_SM_LID:
		seq_printf(m, "%u\n", p->sm_lid);
		break;
	case K_SM_SL:
		seq_printf(m, "%u\n", p->sm_sl);
		break;
	case K_SUBNET_PREFIX:
		seq_printf(m, "0x%016llx\n", p->subnet_prefix);
		break;
	case K_GUID:
		seq_printf(m, "0x%016llx\n", p->guid);
		break;
	case K_GIDS:
		for (i = 0; i < FAKE_GID_TBL_LEN; i++)
			if (memchr_inv(p->gids[i].raw, 0, sizeof(p->gids[i].raw)))
				seq_printf(m, "%d %pI6\n", i, p->gids[i].raw);
		break;
	case K_PKEYS:
		for (i = 0; i < FAKE_PKEY_TBL_LEN; i++)
			if (p->pkeys[i])
				seq_printf(m, "0x%04x\n", p->pkeys[i]);
		break;
	case K_PMA:
		for (i = 0; i < FAKE_PMA_NUM; i++)
			seq_printf(m, "%s %llu\n", fake_pma_names[i], p->pma[i]);
		break;
	case K_PORT_HW:
		fake_show_hw(m, p->hw, fake_hw_port_num(fdev), fdev->opts.pers->port_hw);
		break;
	case K_BOUND_HW:
		fake_show_hw(m, p->bound_hw, fake_hw_port_num(fdev), fdev->opts.pers->port_hw);
		break;
	case K_MAD_FAIL:
		seq_printf(m, "%u\n", p->mad_fail);
		break;
	case K_NETDEV:
		seq_printf(m, "%s\n", p->ndev ? p->ndev->name : "-");
		break;
	default:
		break;
	}
	spin_unlock_irqrestore(&fdev->lock, flags);
	return 0;
}

/* "name value" or "name +value". */
static int fake_parse_counter(char *buf, char **name, u64 *value, bool *add)
{
	char *v = strchr(buf, ' ');

	if (!v)
		return -EINVAL;
	*v++ = '\0';
	*name = buf;
	v = skip_spaces(v);
	*add = *v == '+';
	return kstrtou64(v + *add, 0, value);
}

static int fake_set_counter(struct fake_knob *k, char *buf)
{
	const struct fake_personality *pers = k->fdev->opts.pers;
	unsigned long flags;
	char *name;
	bool add;
	u64 value;
	int err;

	err = fake_parse_counter(buf, &name, &value, &add);
	if (err)
		return err;
	spin_lock_irqsave(&k->fdev->lock, flags);
	if (k->kind == K_PMA)
		err = fake_pma_set(k->port, name, value, add);
	else if (k->kind == K_PORT_HW || k->kind == K_BOUND_HW)
		err = fake_hw_set(k->kind == K_PORT_HW ? k->port->hw : k->port->bound_hw,
				  pers->port_hw, fake_hw_port_num(k->fdev), name, value, add);
	else
		err = fake_hw_set(k->fdev->hw, pers->dev_hw, pers->num_dev_hw, name, value, add);
	spin_unlock_irqrestore(&k->fdev->lock, flags);
	return err;
}

static int fake_set_gid(struct fake_port *p, char *buf, unsigned long *flags)
{
	char *sp = strchr(buf, ' ');
	union ib_gid gid = {};
	unsigned int index;

	if (!sp)
		return -EINVAL;
	*sp++ = '\0';
	if (kstrtouint(buf, 0, &index) || index < 1 || index >= FAKE_GID_TBL_LEN)
		return -EINVAL;
	if (!in6_pton(skip_spaces(sp), -1, gid.raw, -1, NULL))
		return -EINVAL;
	spin_lock_irqsave(&p->fdev->lock, *flags);
	p->gids[index] = gid;
	spin_unlock_irqrestore(&p->fdev->lock, *flags);
	return 0;
}

static int fake_set_pkeys(struct fake_port *p, char *buf, unsigned long *flags)
{
	u16 pkeys[FAKE_PKEY_TBL_LEN] = {};
	char *tok;
	int n = 0;

	while ((tok = strsep(&buf, " ,")) != NULL) {
		if (!*tok)
			continue;
		if (n == FAKE_PKEY_TBL_LEN || kstrtou16(tok, 16, &pkeys[n]))
			return -EINVAL;
		n++;
	}
	spin_lock_irqsave(&p->fdev->lock, *flags);
	memcpy(p->pkeys, pkeys, sizeof(pkeys));
	spin_unlock_irqrestore(&p->fdev->lock, *flags);
	return 0;
}

static int fake_set_width(struct fake_port *p, const char *buf)
{
	static const u8 widths[] = { IB_WIDTH_1X, IB_WIDTH_2X, IB_WIDTH_4X, IB_WIDTH_8X,
				     IB_WIDTH_12X };
	unsigned long flags;
	unsigned int lanes, i;
	int err = kstrtouint(buf, 0, &lanes);

	if (err)
		return err;
	for (i = 0; i < ARRAY_SIZE(widths); i++)
		if (ib_width_enum_to_int(widths[i]) == lanes)
			break;
	if (i == ARRAY_SIZE(widths))
		return -EINVAL;
	spin_lock_irqsave(&p->fdev->lock, flags);
	p->width = widths[i];
	spin_unlock_irqrestore(&p->fdev->lock, flags);
	return 0;
}

/* "N", "N STATUS" or "N STATUS ext": how the next N PMA MADs fail. */
static int fake_set_mad_fail(struct fake_port *p, char *buf)
{
	char *sp = strchr(buf, ' '), *attr = NULL;
	unsigned long flags;
	u16 status = 0;
	u32 n;

	if (sp) {
		*sp++ = '\0';
		sp = skip_spaces(sp);
		attr = strchr(sp, ' ');
		if (attr) {
			*attr++ = '\0';
			attr = strim(attr);
			if (strcmp(attr, "ext"))
				return -EINVAL;
		}
		if (kstrtou16(sp, 0, &status))
			return -EINVAL;
	}
	if (kstrtou32(buf, 0, &n))
		return -EINVAL;
	spin_lock_irqsave(&p->fdev->lock, flags);
	p->mad_fail = n;
	p->mad_fail_status = status;
	p->mad_fail_ext = attr;
	spin_unlock_irqrestore(&p->fdev->lock, flags);
	return 0;
}

/* Change one port attribute and raise the event hardware would. */
static int fake_set_port(struct fake_knob *k, char *buf)
{
	struct fake_port *p = k->port;
	enum ib_event_type event;
	enum ib_port_state state;
	unsigned long flags;
	u64 v = 0;
	int err = 0;

	switch (k->kind) {
	case K_STATE:
		err = fake_parse_state(buf, &state);
		if (err)
			return err;
		spin_lock_irqsave(&p->fdev->lock, flags);
		p->state = state;
		p->phys_state = fake_phys_state(state);
		spin_unlock_irqrestore(&p->fdev->lock, flags);
		event = state == IB_PORT_ACTIVE ? IB_EVENT_PORT_ACTIVE : IB_EVENT_PORT_ERR;
		break;
	case K_GIDS:
		err = fake_set_gid(p, buf, &flags);
		event = IB_EVENT_GID_CHANGE;
		break;
	case K_PKEYS:
		err = fake_set_pkeys(p, buf, &flags);
		event = IB_EVENT_PKEY_CHANGE;
		break;
	case K_REREGISTER:
		event = IB_EVENT_CLIENT_REREGISTER;
		break;
	case K_MAD_FAIL:
		return fake_set_mad_fail(p, buf);
	case K_NETDEV:
		return fake_port_set_netdev(p, buf);
	case K_WIDTH:
		return fake_set_width(p, buf);
	default:
		err = kstrtou64(buf, 0, &v);
		if (err)
			return err;
		spin_lock_irqsave(&p->fdev->lock, flags);
		if (k->kind == K_LID) {
			p->lid = v;
			event = IB_EVENT_LID_CHANGE;
		} else if (k->kind == K_LMC) {
			p->lmc = v;
			event = IB_EVENT_LID_CHANGE;
		} else if (k->kind == K_SM_LID) {
			p->sm_lid = v;
			event = IB_EVENT_SM_CHANGE;
		} else if (k->kind == K_SM_SL) {
			p->sm_sl = v;
			event = IB_EVENT_SM_CHANGE;
		} else {
			if (k->kind == K_SUBNET_PREFIX)
				p->subnet_prefix = v;
			else
				p->guid = v;
			fake_port_set_gid0(p);
			event = IB_EVENT_GID_CHANGE;
		}
		spin_unlock_irqrestore(&p->fdev->lock, flags);
	}
	if (err)
		return err;
	fake_port_event(p, event);
	return 0;
}

/* optional=1 needs optional counters in ib_core (5.16). */
static int fake_parse_optional(const char *val, bool *optional)
{
	int err = kstrtobool(val, optional);

#ifndef HAVE_MODIFY_HW_STAT
	if (!err && *optional)
		return -EOPNOTSUPP;
#endif
	return err;
}

/* id=N: the device's id, which its node and port GUIDs carry (main.c). */
static int fake_parse_id(const char *val, u32 *id_plus1)
{
	u32 id;
	int err = kstrtou32(val, 0, &id);

	if (err)
		return err;
	if (id >= 0xffffff)
		return -ERANGE;
	*id_plus1 = id + 1;
	return 0;
}

/* The options of the "add" knob, each optional. */
static int fake_add(char *buf)
{
	struct fake_dev_opts opts = { .ports = 1, .state = IB_PORT_DOWN,
				      .pers = &fake_personalities[0] };
	char *tok, *val;
	int err = 0;

	while (!err && (tok = strsep(&buf, " ")) != NULL) {
		if (!*tok)
			continue;
		val = strchr(tok, '=');
		if (!val)
			return -EINVAL;
		*val++ = '\0';
		if (!strcmp(tok, "ports"))
			err = kstrtou32(val, 0, &opts.ports);
		else if (!strcmp(tok, "state"))
			err = fake_parse_state(val, &opts.state);
		else if (!strcmp(tok, "pma"))
			err = fake_parse_pma(val, &opts.pma);
		else if (!strcmp(tok, "datagram_only"))
			err = kstrtobool(val, &opts.datagram_only);
		else if (!strcmp(tok, "ud_csum"))
			err = kstrtobool(val, &opts.ud_csum);
		else if (!strcmp(tok, "link_layer"))
			err = fake_parse_link_layer(val, &opts.roce);
		else if (!strcmp(tok, "netdev_op"))
			err = fake_parse_netdev_op(val, &opts.netdev_get);
		else if (!strcmp(tok, "lifespan_ms"))
			err = kstrtou32(val, 0, &opts.lifespan_ms);
		else if (!strcmp(tok, "optional"))
			err = fake_parse_optional(val, &opts.optional);
		else if (!strcmp(tok, "restricted"))
			err = fake_parse_restrict(val, &opts.restricted);
		else if (!strcmp(tok, "id"))
			err = fake_parse_id(val, &opts.id_plus1);
		else if (!strcmp(tok, "personality"))
			err = (opts.pers = fake_personality_find(val)) ? 0 : -EINVAL;
		else if (!strcmp(tok, "netdevs") || !strcmp(tok, "netdev"))
			err = strscpy(opts.netdevs, val, sizeof(opts.netdevs)) < 0 ? -E2BIG : 0;
		else
			err = -EINVAL;
	}
	if (err)
		return err;
	mutex_lock(&fake_lock);
	err = fake_dev_add(&opts, NULL);
	mutex_unlock(&fake_lock);
	return err;
}

static int fake_remove(const char *name)
{
	struct fake_dev *fdev;

	mutex_lock(&fake_lock);
	fdev = fake_dev_find(name);
	if (fdev)
		fake_dev_remove(fdev);
	mutex_unlock(&fake_lock);
	return fdev ? 0 : -ENODEV;
}

static ssize_t fake_knob_write(struct file *file, const char __user *ubuf,
			       size_t len, loff_t *ppos)
{
	struct fake_knob *k = ((struct seq_file *)file->private_data)->private;
	char buf[256];
	char *s;
	int err;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	s = strim(buf);

	switch (k->kind) {
	case K_ADD:
		err = fake_add(s);
		break;
	case K_REMOVE:
		err = fake_remove(s);
		break;
	case K_FATAL: {
		struct ib_event ev = {
			.device = &k->fdev->ibdev,
			.event = IB_EVENT_DEVICE_FATAL,
			.element.port_num = 1,
		};

		ib_dispatch_event(&ev);
		err = 0;
		break;
	}
	case K_DEV_HW:
	case K_PMA:
	case K_PORT_HW:
	case K_BOUND_HW:
		err = fake_set_counter(k, s);
		break;
	case K_RESTRICTED: {
		enum fake_restrict r;

		err = fake_parse_restrict(s, &r);
		if (!err)
			WRITE_ONCE(k->fdev->opts.restricted, r);
		break;
	}
	case K_DEVICES:
	case K_MADS:
	case K_HW_READS:
	case K_DEV_HW_READS:
		err = -EPERM;
		break;
	default:
		err = fake_set_port(k, s);
	}
	return err ? err : len;
}

static int fake_knob_open(struct inode *inode, struct file *file)
{
	return single_open(file, fake_knob_show, inode->i_private);
}

static const struct file_operations fake_knob_fops = {
	.owner = THIS_MODULE,
	.open = fake_knob_open,
	.read = seq_read,
	.write = fake_knob_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static void fake_knob_file(struct dentry *dir, struct fake_knob *k)
{
	debugfs_create_file(fake_knob_files[k->kind].name, fake_knob_files[k->kind].mode,
			    dir, k, &fake_knob_fops);
}

/* Called with fake_lock held, once the device is registered. */
void fake_debugfs_add_dev(struct fake_dev *fdev)
{
	struct dentry *pdir;
	char name[16];
	u32 i;
	int kind;

	fdev->dir = debugfs_create_dir(dev_name(&fdev->ibdev.dev), fake_root);
	for (kind = K_DEV_HW; kind <= K_FATAL; kind++) {
		struct fake_knob *k = &fdev->knobs[kind - K_DEV_HW];

		*k = (struct fake_knob){ .fdev = fdev, .kind = kind };
		fake_knob_file(fdev->dir, k);
	}
	debugfs_create_atomic_t("mads_in_flight_max", 0644, fdev->dir,
				&fdev->mads_in_flight_max);
	for (i = 0; i < fdev->opts.ports; i++) {
		struct fake_port *p = &fdev->ports[i];

		snprintf(name, sizeof(name), "port%u", p->num);
		pdir = debugfs_create_dir(name, fdev->dir);
		for (kind = K_STATE; kind < K_NUM; kind++) {
			struct fake_knob *k = &p->knobs[kind - K_STATE];

			*k = (struct fake_knob){ .fdev = fdev, .port = p, .kind = kind };
			fake_knob_file(pdir, k);
		}
	}
}

int fake_debugfs_init(void)
{
	int i;

	fake_root = debugfs_create_dir("rdmactl_fakehca", NULL);
	if (IS_ERR(fake_root))
		return PTR_ERR(fake_root);
	for (i = 0; i < ARRAY_SIZE(fake_top_knobs); i++)
		fake_knob_file(fake_root, &fake_top_knobs[i]);
	debugfs_create_atomic_t("mads_in_flight_max", 0644, fake_root,
				&fake_mads_in_flight_max);
	return 0;
}

/* The top directory, for the fakeeth files (ethdev.c). */
struct dentry *fake_debugfs_root(void)
{
	return fake_root;
}

void fake_debugfs_exit(void)
{
	debugfs_remove_recursive(fake_root);
}
