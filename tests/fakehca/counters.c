// SPDX-License-Identifier: GPL-2.0
/*
 * The PMA, reached through process_mad() (sysfs ports/N/counters and
 * rdmactl), and the driver hw counters (sysfs hw_counters, `rdma stat`).
 *
 * Counters are kept as 64-bit values that tests set. A PortCounters reply
 * gives each at its IBTA width, saturated as hardware does; a
 * PortCountersExtended reply gives the 64-bit ones. A PortCounters or
 * PortCountersExtended Set zeroes the counters its CounterSelect names
 * (what `perfquery -R` sends). Every call is counted in port->mads, and
 * the next port->mad_fail PMA MADs fail: with no reply, or answered with
 * port->mad_fail_status.
 *
 * Firmware latency: with mad_delay_us=N (a module parameter, writable at
 * run time), every PMA MAD sleeps N microseconds before it is answered,
 * as a real HCA's process_mad() waits for its firmware (mlx4 and mlx5
 * send a MAD_IFC command and sleep until it completes). Calls may overlap,
 * as they may on those drivers; mads_in_flight_max in debugfs keeps the
 * most PMA MADs that were in process_mad() at once, of every device and
 * of each (write 0 to restart).
 *
 * The hw counters are the device's personality's (personality.c). Every
 * get_hw_stats() is counted, in port->hw_reads or the device's hw_reads.
 * The stats objects have the device's lifespan (lifespan_ms=), which
 * ib_core's sysfs and rdmactl honour. With optional=1 (5.16+), ports have
 * their personality's optional counters (the fake's own: fake_opt), off
 * in every object the driver allocates, as mlx5's op counters are, until
 * `rdma statistic set link DEV/PORT optional-counters NAME` turns one on
 * in ib_core's. A restricted device fails every PMA MAD and hw counter
 * read, and logs each, as a restricted mlx5 PF's firmware does.
 *
 * QP counters (`rdma statistic qp bind`, on the kernel's own QPs: ipoib's,
 * as the fake has no user verbs): every counter bound on a port reads the
 * port's bound_hw, as hardware reports the counts of the QPs it moved out
 * of the port's counters. ib_core adds them back in sysfs and RDMA
 * netlink, and keeps a freed counter's last read as the port's history.
 */
#include <linux/delay.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <rdma/ib_mad.h>
#include <rdma/ib_pma.h>
#include <rdma/rdma_counter.h>

#include "fakehca.h"

const char *const fake_pma_names[FAKE_PMA_NUM] = {
	"symbol_error", "link_error_recovery", "link_downed", "port_rcv_errors",
	"port_rcv_remote_physical_errors", "port_rcv_switch_relay_errors",
	"port_xmit_discards", "port_xmit_constraint_errors",
	"port_rcv_constraint_errors", "local_link_integrity_errors",
	"excessive_buffer_overrun_errors", "VL15_dropped", "port_xmit_data",
	"port_rcv_data", "port_xmit_packets", "port_rcv_packets", "port_xmit_wait",
	"unicast_xmit_packets", "unicast_rcv_packets", "multicast_xmit_packets",
	"multicast_rcv_packets",
};

/* The counters of PortCountersExtended, in CounterSelect bit order. */
static const enum fake_pma fake_pma_ext[] = {
	FAKE_PMA_PORT_XMIT_DATA, FAKE_PMA_PORT_RCV_DATA,
	FAKE_PMA_PORT_XMIT_PACKETS, FAKE_PMA_PORT_RCV_PACKETS,
	FAKE_PMA_UNICAST_XMIT_PACKETS, FAKE_PMA_UNICAST_RCV_PACKETS,
	FAKE_PMA_MULTICAST_XMIT_PACKETS, FAKE_PMA_MULTICAST_RCV_PACKETS,
};

static u64 sat(u64 v, unsigned int bits)
{
	u64 max = (1ULL << bits) - 1;

	return v > max ? max : v;
}

static void fake_pma_counters(struct fake_port *port, struct ib_pma_portcounters *pc)
{
	const u64 *v = port->pma;

	pc->symbol_error_counter = cpu_to_be16(sat(v[FAKE_PMA_SYMBOL_ERROR], 16));
	pc->link_error_recovery_counter = sat(v[FAKE_PMA_LINK_ERROR_RECOVERY], 8);
	pc->link_downed_counter = sat(v[FAKE_PMA_LINK_DOWNED], 8);
	pc->port_rcv_errors = cpu_to_be16(sat(v[FAKE_PMA_PORT_RCV_ERRORS], 16));
	pc->port_rcv_remphys_errors =
		cpu_to_be16(sat(v[FAKE_PMA_PORT_RCV_REMOTE_PHYSICAL_ERRORS], 16));
	pc->port_rcv_switch_relay_errors =
		cpu_to_be16(sat(v[FAKE_PMA_PORT_RCV_SWITCH_RELAY_ERRORS], 16));
	pc->port_xmit_discards = cpu_to_be16(sat(v[FAKE_PMA_PORT_XMIT_DISCARDS], 16));
	pc->port_xmit_constraint_errors = sat(v[FAKE_PMA_PORT_XMIT_CONSTRAINT_ERRORS], 8);
	pc->port_rcv_constraint_errors = sat(v[FAKE_PMA_PORT_RCV_CONSTRAINT_ERRORS], 8);
	pc->link_overrun_errors = sat(v[FAKE_PMA_LOCAL_LINK_INTEGRITY_ERRORS], 4) << 4 |
				  sat(v[FAKE_PMA_EXCESSIVE_BUFFER_OVERRUN_ERRORS], 4);
	pc->vl15_dropped = cpu_to_be16(sat(v[FAKE_PMA_VL15_DROPPED], 16));
	pc->port_xmit_data = cpu_to_be32(sat(v[FAKE_PMA_PORT_XMIT_DATA], 32));
	pc->port_rcv_data = cpu_to_be32(sat(v[FAKE_PMA_PORT_RCV_DATA], 32));
	pc->port_xmit_packets = cpu_to_be32(sat(v[FAKE_PMA_PORT_XMIT_PACKETS], 32));
	pc->port_rcv_packets = cpu_to_be32(sat(v[FAKE_PMA_PORT_RCV_PACKETS], 32));
	pc->port_xmit_wait = cpu_to_be32(sat(v[FAKE_PMA_PORT_XMIT_WAIT], 32));
}

static void fake_pma_counters_ext(struct fake_port *port,
				  struct ib_pma_portcounters_ext *pc)
{
	__be64 *out = &pc->port_xmit_data;
	int i;

	for (i = 0; i < ARRAY_SIZE(fake_pma_ext); i++)
		out[i] = cpu_to_be64(port->pma[fake_pma_ext[i]]);
}

/* A Set: zero what CounterSelect names, as `perfquery -R` asks. */
static void fake_pma_reset(struct fake_port *port, __be16 attr, u16 select)
{
	int i;

	if (attr == IB_PMA_PORT_COUNTERS) {
		for (i = 0; i < 16; i++)
			if (select & BIT(i))
				port->pma[i] = 0;
		if (select == 0xffff)
			port->pma[FAKE_PMA_PORT_XMIT_WAIT] = 0;
	} else {
		for (i = 0; i < ARRAY_SIZE(fake_pma_ext); i++)
			if (select & BIT(i))
				port->pma[fake_pma_ext[i]] = 0;
	}
}

static unsigned int mad_delay_us;
module_param(mad_delay_us, uint, 0644);
MODULE_PARM_DESC(mad_delay_us, "microseconds each PMA MAD takes, as firmware would (default 0, at most 1 s)");

static atomic_t fake_mads_in_flight = ATOMIC_INIT(0);
atomic_t fake_mads_in_flight_max = ATOMIC_INIT(0);

/* One more MAD in flight; the most at once kept. */
static void fake_in_flight_inc(atomic_t *now, atomic_t *most)
{
	int n = atomic_inc_return(now), old = atomic_read(most);

	while (n > old && !atomic_try_cmpxchg(most, &old, n))
		;
}

/* The PMA's answer to one PerfMgmt MAD of the port. */
static int fake_pma_mad(struct fake_dev *fdev, struct fake_port *port, fake_port_t port_num,
			const struct ib_mad *in, struct ib_mad *out)
{
	void *payload = out->data + 40;
	__be16 attr = in->mad_hdr.attr_id;
	unsigned long flags;

	*out = *in;
	out->mad_hdr.method = IB_MGMT_METHOD_GET_RESP;
	out->mad_hdr.status = 0;
	memset(out->data, 0, sizeof(out->data));

	spin_lock_irqsave(&fdev->lock, flags);
	if (port->mad_fail && (!port->mad_fail_ext || attr == IB_PMA_PORT_COUNTERS_EXT)) {
		port->mad_fail--;
		if (!port->mad_fail_status) {
			spin_unlock_irqrestore(&fdev->lock, flags);
			return IB_MAD_RESULT_FAILURE;
		}
		out->mad_hdr.status = cpu_to_be16(port->mad_fail_status);
	} else if (attr == IB_PMA_CLASS_PORT_INFO) {
		struct ib_class_port_info *cpi = payload;

		cpi->base_version = 1;
		cpi->class_version = 1;
		if (fdev->opts.pma == FAKE_PMA_EXT)
			cpi->capability_mask = IB_PMA_CLASS_CAP_EXT_WIDTH;
		else if (fdev->opts.pma == FAKE_PMA_NOIETF)
			cpi->capability_mask = IB_PMA_CLASS_CAP_EXT_WIDTH_NOIETF;
	} else if (attr == IB_PMA_PORT_COUNTERS ||
		   (attr == IB_PMA_PORT_COUNTERS_EXT && fdev->opts.pma != FAKE_PMA_BASIC)) {
		const struct ib_pma_portcounters *req = (const void *)(in->data + 40);

		if (in->mad_hdr.method == IB_MGMT_METHOD_SET)
			fake_pma_reset(port, attr, be16_to_cpu(req->counter_select));
		if (attr == IB_PMA_PORT_COUNTERS)
			fake_pma_counters(port, payload);
		else
			fake_pma_counters_ext(port, payload);
		((struct ib_pma_portcounters *)payload)->port_select = port_num;
	} else {
		out->mad_hdr.status = cpu_to_be16(IB_MGMT_MAD_STATUS_UNSUPPORTED_METHOD_ATTRIB);
	}
	spin_unlock_irqrestore(&fdev->lock, flags);
	return IB_MAD_RESULT_SUCCESS | IB_MAD_RESULT_REPLY;
}

/*
 * restricted: the firmware refuses the read, and the driver says so in
 * the kernel log each time, as mlx5's command interface does
 * (mlx5_cmd_out_err(), node_exporter#3434). pma: a PMA MAD of attribute
 * attr; restricted=pma refuses the counters alone, as mlx5's
 * process_pma_cmd() answers ClassPortInfo itself (mad.c, 6.12).
 */
static bool fake_refused(struct fake_dev *fdev, bool pma, __be16 attr)
{
	enum fake_restrict r = READ_ONCE(fdev->opts.restricted);

	if (r == FAKE_RESTRICT_NONE ||
	    (r == FAKE_RESTRICT_PMA && (!pma || attr == IB_PMA_CLASS_PORT_INFO)))
		return false;
	ibdev_err(&fdev->ibdev,
		  "restricted: ACCESS_REG(0x805) op_mod(0x1) failed, status bad parameter(0x3), err(-22)\n");
	return true;
}

static int fake_process_mad(struct ib_device *ibdev, int mad_flags, fake_port_t port_num,
			    const struct ib_wc *in_wc, const struct ib_grh *in_grh,
			    const struct ib_mad *in, struct ib_mad *out,
			    size_t *out_mad_size, u16 *out_mad_pkey_index)
{
	struct fake_dev *fdev = to_fdev(ibdev);
	/* A second at most: removal and rmmod wait for MADs in flight. */
	unsigned int delay = min(READ_ONCE(mad_delay_us), 1000000U);
	struct fake_port *port;
	int ret;

	if (port_num < 1 || port_num > fdev->opts.ports)
		return IB_MAD_RESULT_FAILURE;
	port = fake_port(ibdev, port_num);
	atomic64_inc(&port->mads);
	if (in->mad_hdr.mgmt_class != IB_MGMT_CLASS_PERF_MGMT)
		return IB_MAD_RESULT_SUCCESS;
	if (fake_refused(fdev, true, in->mad_hdr.attr_id))
		return IB_MAD_RESULT_FAILURE;

	fake_in_flight_inc(&fake_mads_in_flight, &fake_mads_in_flight_max);
	fake_in_flight_inc(&fdev->mads_in_flight, &fdev->mads_in_flight_max);
	if (delay)
		fsleep(delay);
	ret = fake_pma_mad(fdev, port, port_num, in, out);
	atomic_dec(&fdev->mads_in_flight);
	atomic_dec(&fake_mads_in_flight);
	return ret;
}

/* Set (or, with add, increase) one counter by name, as debugfs asks. */
int fake_pma_set(struct fake_port *port, const char *name, u64 value, bool add)
{
	int i;

	for (i = 0; i < FAKE_PMA_NUM; i++) {
		if (!strcmp(name, fake_pma_names[i])) {
			port->pma[i] = add ? port->pma[i] + value : value;
			return 0;
		}
	}
	return -ENOENT;
}

int fake_hw_set(u64 *hw, const struct fake_hw_counter *names, int n,
		const char *name, u64 value, bool add)
{
	int i;

	for (i = 0; i < n; i++) {
		if (!strcmp(name, names[i].name)) {
			hw[i] = add ? hw[i] + value : value;
			return 0;
		}
	}
	return -ENOENT;
}

/* The counters' values, as many as the personality has. */
int fake_counters_alloc(struct fake_dev *fdev)
{
	const struct fake_personality *p = fdev->opts.pers;
	u32 i;

	fdev->hw = kcalloc(max_t(u8, p->num_dev_hw, 1), sizeof(u64), GFP_KERNEL);
	if (!fdev->hw)
		return -ENOMEM;
	for (i = 0; i < fdev->opts.ports; i++) {
		struct fake_port *port = &fdev->ports[i];

		port->hw = kcalloc(max_t(u8, p->num_port_hw, 1), sizeof(u64), GFP_KERNEL);
		port->bound_hw = kcalloc(max_t(u8, p->num_port_hw, 1), sizeof(u64), GFP_KERNEL);
		if (!port->hw || !port->bound_hw)
			return -ENOMEM;		/* fake_counters_free() frees what there is */
	}
	return 0;
}

void fake_counters_free(struct fake_dev *fdev)
{
	u32 i;

	for (i = 0; fdev->ports && i < fdev->opts.ports; i++) {
		kfree(fdev->ports[i].hw);
		kfree(fdev->ports[i].bound_hw);
	}
	kfree(fdev->hw);
}

/*
 * The ops the personality has not: no process_mad() without a PMA (sysfs
 * then has no counters/), no stats objects without counters (ib_core
 * would take the NULL object for a failure), and the driver's uverbs id,
 * which names it (rdmactl, as `rdma` does from its module: the owner goes,
 * which nothing needs, as the fake maps nothing into user space).
 */
void fake_counters_ops(struct fake_dev *fdev)
{
	const struct fake_personality *p = fdev->opts.pers;

	if (!p->pma)
		fdev->ibdev.ops.process_mad = NULL;
#ifdef HAVE_ALLOC_HW_PORT_STATS
	if (!p->num_dev_hw)
		fdev->ibdev.ops.alloc_hw_device_stats = NULL;
	if (!fake_hw_port_num(fdev))
		fdev->ibdev.ops.alloc_hw_port_stats = NULL;
#endif
	if (p->driver_id != RDMA_DRIVER_UNKNOWN) {
		fdev->ibdev.ops.driver_id = p->driver_id;
		fdev->ibdev.ops.owner = NULL;
	}
}

/* How many port counters the device has: the optional ones only with optional=1. */
int fake_hw_port_num(const struct fake_dev *fdev)
{
	const struct fake_personality *p = fdev->opts.pers;
	int n = p->num_port_hw;

	while (!fdev->opts.optional && n && p->port_hw[n - 1].optional)
		n--;
	return n;
}

static unsigned long fake_lifespan(struct ib_device *ibdev)
{
	u32 ms = to_fdev(ibdev)->opts.lifespan_ms;

	return ms ? ms : RDMA_HW_STATS_DEFAULT_LIFESPAN;
}

/* None when the personality has no device counters (fake_dev_add() drops the op). */
static struct rdma_hw_stats *fake_alloc_hw_device_stats(struct ib_device *ibdev)
{
	struct fake_dev *fdev = to_fdev(ibdev);

	if (!fdev->opts.pers->num_dev_hw)
		return NULL;
	return rdma_alloc_hw_stats_struct(fake_hw_descs(fdev, true), fdev->opts.pers->num_dev_hw,
					  fake_lifespan(ibdev));
}

/* A port's object; its optional counters start off, as mlx5's do. */
static struct rdma_hw_stats *fake_alloc_port_stats(struct ib_device *ibdev)
{
	struct fake_dev *fdev = to_fdev(ibdev);
	struct rdma_hw_stats *stats;
	int n = fake_hw_port_num(fdev);

	if (!n)
		return NULL;
	stats = rdma_alloc_hw_stats_struct(fake_hw_descs(fdev, false), n, fake_lifespan(ibdev));
#ifdef HAVE_MODIFY_HW_STAT
	while (stats && n-- && fdev->opts.pers->port_hw[n].optional)
		set_bit(n, stats->is_disabled);
#endif
	return stats;
}

#ifdef HAVE_ALLOC_HW_PORT_STATS
static struct rdma_hw_stats *fake_alloc_hw_port_stats(struct ib_device *ibdev,
						      u32 port_num)
{
	return fake_alloc_port_stats(ibdev);
}
#else
/* One op for both before 5.14: port 0 is the device. */
static struct rdma_hw_stats *fake_alloc_hw_stats(struct ib_device *ibdev,
						 fake_port_t port_num)
{
	if (!port_num)
		return fake_alloc_hw_device_stats(ibdev);
	return fake_alloc_port_stats(ibdev);
}
#endif

#ifdef HAVE_MODIFY_HW_STAT
/* Nothing to configure: an optional counter counts whether on or off. */
static int fake_modify_hw_stat(struct ib_device *ibdev, u32 port,
			       unsigned int index, bool enable)
{
	struct fake_dev *fdev = to_fdev(ibdev);

	return index < fake_hw_port_num(fdev) && fdev->opts.pers->port_hw[index].optional ?
	       0 : -EINVAL;
}
#endif

static int fake_get_hw_stats(struct ib_device *ibdev, struct rdma_hw_stats *stats,
			     fake_port_t port_num, int index)
{
	struct fake_dev *fdev = to_fdev(ibdev);
	const u64 *src = port_num ? fake_port(ibdev, port_num)->hw : fdev->hw;
	unsigned long flags;
	int i;

	atomic64_inc(port_num ? &fake_port(ibdev, port_num)->hw_reads : &fdev->hw_reads);
	if (fake_refused(fdev, false, 0))
		return -EINVAL;
	spin_lock_irqsave(&fdev->lock, flags);
	for (i = 0; i < stats->num_counters; i++)
		stats->value[i] = src[i];
	spin_unlock_irqrestore(&fdev->lock, flags);
	return stats->num_counters;
}

/*
 * The driver, not ib_core, records the binding in the QP (as mlx5 does).
 * 6.14 (7.2 here) passes the port too.
 */
#ifdef HAVE_COUNTER_BIND_QP_PORT
static int fake_counter_bind_qp(struct rdma_counter *counter, struct ib_qp *qp, u32 port)
#else
static int fake_counter_bind_qp(struct rdma_counter *counter, struct ib_qp *qp)
#endif
{
	qp->counter = counter;
	return 0;
}

#ifdef HAVE_COUNTER_BIND_QP_PORT
static int fake_counter_unbind_qp(struct ib_qp *qp, u32 port)
#else
static int fake_counter_unbind_qp(struct ib_qp *qp)
#endif
{
	qp->counter = NULL;
	return 0;
}

#ifdef HAVE_COUNTER_INIT
/*
 * 6.14 (7.2 here): ib_core allocates a counter at the driver's size and
 * calls counter_init() on every one (without it: a NULL call).
 */
struct fake_counter {
	struct rdma_counter rdma_counter;
};

static void fake_counter_init(struct rdma_counter *counter)
{
}
#endif

static int fake_counter_dealloc(struct rdma_counter *counter)
{
	return 0;
}

static struct rdma_hw_stats *fake_counter_alloc_stats(struct rdma_counter *counter)
{
	return fake_alloc_port_stats(counter->device);
}

static int fake_counter_update_stats(struct rdma_counter *counter)
{
	struct fake_dev *fdev = to_fdev(counter->device);
	const u64 *src = fake_port(counter->device, counter->port)->bound_hw;
	unsigned long flags;
	int i;

	spin_lock_irqsave(&fdev->lock, flags);
	for (i = 0; i < counter->stats->num_counters; i++)
		counter->stats->value[i] = src[i];
	spin_unlock_irqrestore(&fdev->lock, flags);
	return 0;
}

const struct ib_device_ops fake_counter_ops = {
	.process_mad = fake_process_mad,
#ifdef HAVE_ALLOC_HW_PORT_STATS
	.alloc_hw_port_stats = fake_alloc_hw_port_stats,
	.alloc_hw_device_stats = fake_alloc_hw_device_stats,
#else
	.alloc_hw_stats = fake_alloc_hw_stats,
#endif
	.get_hw_stats = fake_get_hw_stats,
	.counter_bind_qp = fake_counter_bind_qp,
	.counter_unbind_qp = fake_counter_unbind_qp,
	.counter_dealloc = fake_counter_dealloc,
	.counter_alloc_stats = fake_counter_alloc_stats,
	.counter_update_stats = fake_counter_update_stats,
#ifdef HAVE_COUNTER_INIT
	.counter_init = fake_counter_init,
	INIT_RDMA_OBJ_SIZE(rdma_counter, fake_counter, rdma_counter),
#endif
#ifdef HAVE_MODIFY_HW_STAT
	.modify_hw_stat = fake_modify_hw_stat,
#endif
};
