// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * librdmactl's reply parsers, fed canned kernel replies: every object's
 * (ports, counters and their deltas, events, GIDs, RoCE, IPoIB) and the
 * names of enum values. The transaction loop and its errors: test_nl.c.
 */
#include <errno.h>
#include <string.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "check.h"
#include "nlmsg.h"

static struct nlmsghdr *port_msg(uint8_t link_layer)
{
	struct nlmsghdr *nlh = msg(FAMILY, NLM_F_MULTI, SEQ);

	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, 3);
	mnl_attr_put_strz(nlh, RDMACTL_A_DEV_NAME, "mlx5_3");
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_INDEX, 2);
	mnl_attr_put_u8(nlh, RDMACTL_A_PORT_STATE, RDMACTL_PORT_ACTIVE);
	mnl_attr_put_u8(nlh, RDMACTL_A_PORT_PHYS_STATE, RDMACTL_PORT_PHYS_LINK_UP);
	mnl_attr_put_u8(nlh, RDMACTL_A_PORT_LINK_LAYER, link_layer);
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_RATE, 100000);
	mnl_attr_put_u8(nlh, RDMACTL_A_PORT_ACTIVE_WIDTH, 4);
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_ACTIVE_MTU, 4096);
	return nlh;
}

static void test_ports(void)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;

	req_init(&req, RDMACTL_CMD_PORT_GET);
	nlh = port_msg(RDMACTL_LINK_LAYER_INFINIBAND);
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_LID, 17);
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_SM_LID, 1);
	mnl_attr_put_u8(nlh, RDMACTL_A_PORT_SM_SL, 0);
	mnl_attr_put_u8(nlh, RDMACTL_A_PORT_LMC, 2);
	mnl_attr_put_u64(nlh, RDMACTL_A_PORT_SUBNET_PREFIX, 0xfe80000000000000ULL);
	end(nlh);
	nlh = port_msg(RDMACTL_LINK_LAYER_ETHERNET);
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_NETDEV_INDEX, 9);
	mnl_attr_put_strz(nlh, RDMACTL_A_PORT_NETDEV_NAME, "ens1f1np1");
	end(nlh);
	done_msg(0, NULL);
	CHECK(run(&req) == 0 && nports == 2, "two ports delivered");
	CHECK(ports[0].present & RDMACTL_PORT_HAS_IB, "IB port has its IB fields");
	CHECK(ports[0].lid == 17 && ports[0].sm_lid == 1 && ports[0].lmc == 2 &&
	      ports[0].subnet_prefix == 0xfe80000000000000ULL, "LID, SM LID, LMC, subnet prefix");
	CHECK(!(ports[0].present & RDMACTL_PORT_HAS_NETDEV), "IB port without netdev");
	CHECK(!(ports[1].present & RDMACTL_PORT_HAS_IB), "Ethernet port has no IB fields");
	CHECK((ports[1].present & RDMACTL_PORT_HAS_NETDEV) && ports[1].netdev_index == 9 &&
	      !strcmp(ports[1].netdev_name, "ens1f1np1"), "netdev index and name");
	CHECK(ports[1].rate_mbps == 100000 && ports[1].active_width == 4 &&
	      ports[1].active_mtu == 4096, "rate, width, MTU");
	CHECK(!(ports[1].present & RDMACTL_PORT_HAS_GUID), "absent port GUID is marked absent");

	req_init(&req, RDMACTL_CMD_PORT_GET);
	nlh = msg(FAMILY, NLM_F_MULTI, SEQ);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, 3);
	mnl_attr_put_strz(nlh, RDMACTL_A_DEV_NAME, "mlx5_3");
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_INDEX, 2);
	end(nlh);
	CHECK(run(&req) == -EBADMSG, "a port without its state is refused");
}

static void put_counter(struct nlmsghdr *nlh, const char *name, uint64_t v,
			uint8_t width, uint32_t flags, uint8_t unit)
{
	struct nlattr *nest = mnl_attr_nest_start(nlh, RDMACTL_A_STAT_COUNTER);

	mnl_attr_put_strz(nlh, RDMACTL_A_COUNTER_NAME, name);
	mnl_attr_put_u64(nlh, RDMACTL_A_COUNTER_VALUE, v);
	mnl_attr_put_u8(nlh, RDMACTL_A_COUNTER_SOURCE, RDMACTL_SOURCE_PMA);
	mnl_attr_put_u8(nlh, RDMACTL_A_COUNTER_WIDTH, width);
	mnl_attr_put_u32(nlh, RDMACTL_A_COUNTER_FLAGS, flags);
	mnl_attr_put_u8(nlh, RDMACTL_A_COUNTER_UNIT, unit);
	if (unit == RDMACTL_UNIT_OCTETS_4)
		mnl_attr_put_u64(nlh, RDMACTL_A_COUNTER_BYTES, v * 4);
	mnl_attr_nest_end(nlh, nest);
}

static struct nlmsghdr *stat_msg(uint32_t port)
{
	struct nlmsghdr *nlh = msg(FAMILY, NLM_F_MULTI, SEQ);

	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, 2);
	mnl_attr_put_strz(nlh, RDMACTL_A_DEV_NAME, "mlx5_2");
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_INDEX, port);
	mnl_attr_put_u64(nlh, RDMACTL_A_STAT_TIMESTAMP, 123456789);
	return nlh;
}

static void test_stats(void)
{
	const uint32_t sat = RDMACTL_COUNTER_F_SATURATES, err = RDMACTL_COUNTER_F_ERROR;
	struct rdmactl_req req;
	struct nlmsghdr *nlh;
	struct nlattr *nest;

	req_init(&req, RDMACTL_CMD_STAT_GET);
	nlh = stat_msg(1);
	mnl_attr_put_u8(nlh, RDMACTL_A_STAT_PMA_SET, RDMACTL_PMA_EXT);
	put_counter(nlh, "symbol_error", 65535, 16, sat | err, RDMACTL_UNIT_EVENTS);
	put_counter(nlh, "port_xmit_data", 1ULL << 40, 64, RDMACTL_COUNTER_F_WRAPS,
		    RDMACTL_UNIT_OCTETS_4);
	end(nlh);
	done_msg(0, NULL);
	CHECK(run(&req) == 0 && nstats == 1, "a snapshot delivered");
	CHECK(stats[0]->port == 1 && stats[0]->timestamp_ns == 123456789 &&
	      stats[0]->pma_set == RDMACTL_PMA_EXT, "port, timestamp, PMA set");
	CHECK(stats[0]->num_counters == 2, "both repeated counter nests parsed");
	CHECK(!strcmp(stats[0]->counters[0].name, "symbol_error") &&
	      stats[0]->counters[0].value == 65535 && stats[0]->counters[0].width == 16,
	      "first counter: name, value, width");
	CHECK(stats[0]->counters[1].bytes == 4ULL << 40, "data counter's bytes");
	CHECK(rdmactl_stat_counter(stats[0], "port_xmit_data") == &stats[0]->counters[1] &&
	      !rdmactl_stat_counter(stats[0], "nope"), "find by name");
	stats_free();

	req_init(&req, RDMACTL_CMD_STAT_GET);
	nlh = stat_msg(1);
	nest = mnl_attr_nest_start(nlh, RDMACTL_A_STAT_COUNTER);
	mnl_attr_put_strz(nlh, RDMACTL_A_COUNTER_NAME, "no_value");
	mnl_attr_nest_end(nlh, nest);
	end(nlh);
	CHECK(run(&req) == -EBADMSG && nstats == 0, "a counter without a value is refused");

	/* Types outside the counter's own are checked too, then ignored. */
	req_init(&req, RDMACTL_CMD_STAT_GET);
	nlh = stat_msg(1);
	nest = mnl_attr_nest_start(nlh, RDMACTL_A_STAT_COUNTER);
	mnl_attr_put_strz(nlh, RDMACTL_A_COUNTER_NAME, "x");
	mnl_attr_put_u64(nlh, RDMACTL_A_COUNTER_VALUE, 7);
	mnl_attr_put_u8(nlh, RDMACTL_A_DEV_INDEX, 1);
	mnl_attr_nest_end(nlh, nest);
	end(nlh);
	CHECK(run(&req) == -EBADMSG && nstats == 0 && strstr(handle.errmsg, "wrong size"),
	      "a counter's attribute of another kind with the wrong size is refused: %s",
	      handle.errmsg);
	req_init(&req, RDMACTL_CMD_STAT_GET);
	nlh = stat_msg(1);
	nest = mnl_attr_nest_start(nlh, RDMACTL_A_STAT_COUNTER);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, 1);
	mnl_attr_put_strz(nlh, RDMACTL_A_COUNTER_NAME, "x");
	mnl_attr_put_u64(nlh, RDMACTL_A_COUNTER_VALUE, 7);
	mnl_attr_nest_end(nlh, nest);
	end(nlh);
	done_msg(0, NULL);
	CHECK(run(&req) == 0 && nstats == 1 && stats[0]->counters[0].value == 7 &&
	      !strcmp(stats[0]->counters[0].name, "x"), "and with its size, ignored");
	stats_free();

	req_init(&req, RDMACTL_CMD_STAT_GET);
	nlh = stat_msg(1);
	nest = mnl_attr_nest_start(nlh, RDMACTL_A_STAT_COUNTER);
	mnl_attr_put_strz(nlh, RDMACTL_A_COUNTER_NAME, "short");
	mnl_attr_put_u32(nlh, RDMACTL_A_COUNTER_VALUE, 7);	/* u64 expected */
	mnl_attr_nest_end(nlh, nest);
	end(nlh);
	CHECK(run(&req) == -EBADMSG && strstr(handle.errmsg, "wrong size"),
	      "a nested attribute of the wrong size is refused: \"%s\"", handle.errmsg);

	req_init(&req, RDMACTL_CMD_STAT_GET);
	nlh = msg(FAMILY, NLM_F_MULTI, SEQ);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, 2);
	end(nlh);
	CHECK(run(&req) == -EBADMSG, "a snapshot without port or timestamp is refused");
}

static void test_delta(void)
{
	struct rdmactl_counter a = { .width = 32, .flags = RDMACTL_COUNTER_F_SATURATES };
	struct rdmactl_counter b = a;
	uint64_t d;

	a.value = 100;
	b.value = 350;
	CHECK(rdmactl_counter_delta(&a, &b, &d) == RDMACTL_DELTA_EXACT && d == 250,
	      "saturating counter, growing");
	b.value = 0xffffffff;
	CHECK(rdmactl_counter_delta(&a, &b, &d) == RDMACTL_DELTA_SATURATED &&
	      d == 0xffffffffULL - 100, "saturated: a lower bound");
	b.value = 40;
	CHECK(rdmactl_counter_delta(&a, &b, &d) == RDMACTL_DELTA_RESET && d == 40,
	      "fallen: reset, counted from 0");

	a.flags = b.flags = RDMACTL_COUNTER_F_WRAPS;
	a.width = b.width = 32;
	a.value = 0xfffffff0;
	b.value = 0x10;
	CHECK(rdmactl_counter_delta(&a, &b, &d) == RDMACTL_DELTA_EXACT && d == 0x20,
	      "32-bit wrapping counter across its wrap");
	a.width = b.width = 64;
	a.value = UINT64_MAX - 1;
	b.value = 3;
	CHECK(rdmactl_counter_delta(&a, &b, &d) == RDMACTL_DELTA_EXACT && d == 5,
	      "64-bit wrapping counter across its wrap");
}

static char evlog[256];

static int on_event(const struct rdmactl_event_info *ev, void *arg)
{
	size_t n = strlen(evlog);

	(void)arg;
	snprintf(evlog + n, sizeof(evlog) - n, "%s%s:%llu", n ? " " : "",
		 rdmactl_event_name(ev->type),
		 (unsigned long long)(ev->type == RDMACTL_EVENT_LOST ? ev->lost : ev->seq));
	return 0;
}

static void event_msg(uint8_t type, uint64_t seq, uint8_t cmd)
{
	struct nlmsghdr *nlh = msg(FAMILY, 0, 0);
	struct genlmsghdr *g = mnl_nlmsg_get_payload(nlh);

	g->cmd = cmd;
	mnl_attr_put_u8(nlh, RDMACTL_A_EVENT_TYPE, type);
	mnl_attr_put_u64(nlh, RDMACTL_A_EVENT_SEQ, seq);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, 1);
	mnl_attr_put_strz(nlh, RDMACTL_A_DEV_NAME, "mlx5_1");
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_INDEX, 1);
	end(nlh);
}

/* A ROCE event's head: type, sequence number, device and port 1. */
static struct nlmsghdr *roce_event_head(uint64_t seq, const char *dev)
{
	struct nlmsghdr *nlh;

	used = 0;
	nlh = msg(FAMILY, 0, 0);
	mnl_attr_put_u8(nlh, RDMACTL_A_EVENT_TYPE, RDMACTL_EVENT_ROCE);
	mnl_attr_put_u64(nlh, RDMACTL_A_EVENT_SEQ, seq);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, 1);
	mnl_attr_put_strz(nlh, RDMACTL_A_DEV_NAME, dev);
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_INDEX, 1);
	return nlh;
}

/* A ROCE event: the port's ROCE_GET reply, source (if any), v2, tos (if any). */
static struct nlmsghdr *roce_event_msg(int source, int tos)
{
	struct nlmsghdr *nlh = roce_event_head(12, "fake0");

	mnl_attr_put_u32(nlh, RDMACTL_A_ROCE_TYPES, 1 << RDMACTL_GID_TYPE_ROCE_V2);
	if (source >= 0)
		mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SOURCE, (uint8_t)source);
	if (tos >= 0) {
		mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_MODE, RDMACTL_GID_TYPE_ROCE_V2);
		mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_TOS, (uint8_t)tos);
	}
	return nlh;
}

static int roce_event_parse(struct nlmsghdr *nlh, struct rdmactl_event_info *ev)
{
	rdmactl_attrs tb;
	int err = rdmactl_attrs_parse(&handle, nlh, tb);

	return err ? err : rdmactl_event_parse(&handle, tb, ev);
}

/*
 * A ROCE event is parsed as the GET's reply (LIBRDMACTL_1.6's roce), its
 * kept QoS profile there; the released fields say the same.
 */
static void test_roce_event(void)
{
	struct rdmactl_event_info ev;
	struct nlmsghdr *nlh;
	int i;

	for (i = 0; i < 2; i++) {
		nlh = roce_event_msg(RDMACTL_ROCE_SOURCE_CONFIGFS, 106);
		mnl_attr_put(nlh, RDMACTL_A_ROCE_RESTORED, 0, NULL);
		mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_TOS, 106);
		mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_PRIO, 3);
		mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_PFC, 1);
		if (i == 0)
			mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_TRUST, RDMACTL_ROCE_TRUST_PCP);
		CHECK(roce_event_parse(nlh, &ev) == 0, "a ROCE event with QoS parses");
		CHECK((ev.present & RDMACTL_EVENT_HAS_ROCE) && ev.roce_tos == 106 && ev.roce_restored &&
		      !(ev.present & RDMACTL_EVENT_HAS_ROCE_UNKNOWN), "its ToS, restored");
		CHECK((ev.present & RDMACTL_EVENT_HAS_ROCE_INFO) && ev.roce.tos == 106 &&
		      ev.roce.source == RDMACTL_ROCE_SOURCE_CONFIGFS && !strcmp(ev.roce.dev_name, "fake0") &&
		      ev.roce.port == 1 && ev.roce.types == 1 << RDMACTL_GID_TYPE_ROCE_V2,
		      "the GET's reply: device, port, modes, source, ToS");
		CHECK((ev.roce.present & RDMACTL_ROCE_HAS_SAVED_QOS) && ev.roce.saved_prio == 3 &&
		      ev.roce.saved_pfc == 1 &&
		      ev.roce.saved_trust == (i == 0 ? RDMACTL_ROCE_TRUST_PCP : 0),
		      "its kept priority, PFC and trust (%s)", i == 0 ? "pcp" : "none: 0");
	}
	nlh = roce_event_msg(RDMACTL_ROCE_SOURCE_CONFIGFS, 0);
	CHECK(roce_event_parse(nlh, &ev) == 0 && !(ev.roce.present & RDMACTL_ROCE_HAS_SAVED_QOS),
	      "a ROCE event without QoS has none");
	nlh = roce_event_msg(RDMACTL_ROCE_SOURCE_UNKNOWN, -1);
	mnl_attr_put(nlh, RDMACTL_A_ROCE_CM_GONE, 0, NULL);
	CHECK(roce_event_parse(nlh, &ev) == 0 && (ev.present & RDMACTL_EVENT_HAS_ROCE_UNKNOWN) &&
	      ev.roce_unknown && !(ev.present & RDMACTL_EVENT_HAS_ROCE) &&
	      ev.roce.source == RDMACTL_ROCE_SOURCE_UNKNOWN,
	      "cm-gone, its source unknown: rdma_cm unloaded");
	nlh = roce_event_msg(RDMACTL_ROCE_SOURCE_UNKNOWN, -1);
	CHECK(roce_event_parse(nlh, &ev) == 0 && !(ev.present & RDMACTL_EVENT_HAS_ROCE_UNKNOWN),
	      "source unknown without cm-gone from a 1.6 module: not unloaded");
	nlh = roce_event_msg(-1, -1);
	mnl_attr_put(nlh, RDMACTL_A_ROCE_CLEAR, 0, NULL);
	CHECK(roce_event_parse(nlh, &ev) == 0 && ev.roce_clear &&
	      ev.roce.source == RDMACTL_ROCE_SOURCE_UNKNOWN &&
	      !(ev.present & RDMACTL_EVENT_HAS_ROCE_UNKNOWN), "forgotten, not unloaded");
	nlh = roce_event_msg(-1, -1);
	mnl_attr_put_u32(nlh, RDMACTL_A_ROCE_ERROR, (uint32_t)-EIO);
	mnl_attr_put(nlh, RDMACTL_A_ROCE_RESTORED, 0, NULL);
	CHECK(roce_event_parse(nlh, &ev) == 0 && ev.roce_error == -EIO && ev.roce_restored &&
	      !(ev.present & (RDMACTL_EVENT_HAS_ROCE | RDMACTL_EVENT_HAS_ROCE_UNKNOWN)),
	      "a failed restore: no mode or ToS, not unloaded");
	CHECK(!ev.roce_delayed, "a failed restore is not a delayed one");
	nlh = roce_event_msg(-1, -1);
	mnl_attr_put(nlh, RDMACTL_A_ROCE_DELAYED, 0, NULL);
	CHECK(roce_event_parse(nlh, &ev) == 0 && ev.roce_delayed && !ev.roce_restored &&
	      !(ev.present & RDMACTL_EVENT_HAS_ROCE_ERROR),
	      "a delayed restore: delayed alone, neither restored nor failed");
	/* A QoS profile applied again: DCB alone, no source, mode or ToS. */
	nlh = roce_event_msg(-1, -1);
	mnl_attr_put(nlh, RDMACTL_A_ROCE_RESTORED, 0, NULL);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_TOS, 106);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_PRIO, 3);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_PFC, 1);
	CHECK(roce_event_parse(nlh, &ev) == 0 && ev.roce_restored &&
	      !(ev.present & (RDMACTL_EVENT_HAS_ROCE | RDMACTL_EVENT_HAS_ROCE_UNKNOWN)) &&
	      !(ev.roce.present & RDMACTL_ROCE_HAS_CURRENT) &&
	      ev.roce.source == RDMACTL_ROCE_SOURCE_UNKNOWN,
	      "a QoS re-apply: restored, no roce_mode or roce_tos (not rdma_cm's defaults)");
	CHECK((ev.present & RDMACTL_EVENT_HAS_ROCE_INFO) &&
	      (ev.roce.present & RDMACTL_ROCE_HAS_SAVED_QOS) && ev.roce.saved_tos == 106 &&
	      ev.roce.saved_prio == 3, "its profile, kept");
}

/* A ROCE event from a module before 1.6's (no roce-types): parsed as it was. */
static struct nlmsghdr *roce_event_old_msg(void)
{
	return roce_event_head(13, "rxe0");
}

static void test_roce_event_old(void)
{
	struct rdmactl_event_info ev;
	struct nlmsghdr *nlh;

	nlh = roce_event_old_msg();
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_MODE, RDMACTL_GID_TYPE_ROCE_V1);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_TOS, 74);
	mnl_attr_put(nlh, RDMACTL_A_ROCE_RESTORED, 0, NULL);
	CHECK(roce_event_parse(nlh, &ev) == 0, "an old module's ROCE event parses");
	CHECK((ev.present & RDMACTL_EVENT_HAS_ROCE) && ev.roce_mode == RDMACTL_GID_TYPE_ROCE_V1 &&
	      ev.roce_tos == 74 && ev.roce_restored, "its mode and ToS, restored");
	CHECK(!(ev.present & (RDMACTL_EVENT_HAS_ROCE_INFO | RDMACTL_EVENT_HAS_ROCE_UNKNOWN)) &&
	      !strcmp(ev.dev_name, "rxe0") && ev.port == 1,
	      "no GET reply, not unloaded; the device and port as any event's");
	nlh = roce_event_old_msg();
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SOURCE, RDMACTL_ROCE_SOURCE_UNKNOWN);
	CHECK(roce_event_parse(nlh, &ev) == 0 && (ev.present & RDMACTL_EVENT_HAS_ROCE_UNKNOWN) &&
	      ev.roce_unknown && !(ev.present & RDMACTL_EVENT_HAS_ROCE),
	      "source unknown alone: rdma_cm unloaded");
	nlh = roce_event_old_msg();
	mnl_attr_put(nlh, RDMACTL_A_ROCE_CLEAR, 0, NULL);
	CHECK(roce_event_parse(nlh, &ev) == 0 && ev.roce_clear &&
	      !(ev.present & (RDMACTL_EVENT_HAS_ROCE | RDMACTL_EVENT_HAS_ROCE_UNKNOWN)),
	      "roce-clear alone: forgotten");
	nlh = roce_event_old_msg();
	mnl_attr_put_u32(nlh, RDMACTL_A_ROCE_ERROR, (uint32_t)-EIO);
	CHECK(roce_event_parse(nlh, &ev) == 0 && ev.roce_error == -EIO && !ev.roce_restored &&
	      !(ev.present & RDMACTL_EVENT_HAS_ROCE), "roce-error alone: an undo that failed");
}

/*
 * A ROCE event with roce-types the GET's parser refuses (no device or
 * port): parsed as an old module's, and the events after it still read.
 */
static void test_roce_event_bad(void)
{
	struct rdmactl_event_info ev;
	struct nlmsghdr *nlh;

	used = 0;
	nlh = msg(FAMILY, 0, 0);
	((struct genlmsghdr *)mnl_nlmsg_get_payload(nlh))->cmd = RDMACTL_CMD_EVENT;
	mnl_attr_put_u8(nlh, RDMACTL_A_EVENT_TYPE, RDMACTL_EVENT_ROCE);
	mnl_attr_put_u64(nlh, RDMACTL_A_EVENT_SEQ, 20);
	mnl_attr_put_u32(nlh, RDMACTL_A_ROCE_TYPES, 1 << RDMACTL_GID_TYPE_ROCE_V2);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_MODE, RDMACTL_GID_TYPE_ROCE_V2);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_TOS, 96);
	CHECK(roce_event_parse(nlh, &ev) == 0 && (ev.present & RDMACTL_EVENT_HAS_ROCE) &&
	      !(ev.present & RDMACTL_EVENT_HAS_ROCE_INFO) && ev.roce_tos == 96 &&
	      ev.roce_mode == RDMACTL_GID_TYPE_ROCE_V2,
	      "roce-types without device or port: parsed as before 1.6, not refused");
	end(nlh);
	event_msg(RDMACTL_EVENT_DEV_ADD, 21, RDMACTL_CMD_EVENT);
	evlog[0] = '\0';
	handle.last_seq = 19;
	CHECK(rdmactl_events_process(&handle, buf, used, on_event, NULL) == 0 &&
	      !strcmp(evlog, "ROCE:20 DEV_ADD:21"), "and the event after it is read: \"%s\"", evlog);
}

static void test_events(void)
{
	used = 0;
	evlog[0] = '\0';
	handle.last_seq = 0;
	event_msg(RDMACTL_EVENT_PORT_ACTIVE, 5, RDMACTL_CMD_EVENT);
	event_msg(RDMACTL_EVENT_LID_CHANGE, 6, RDMACTL_CMD_EVENT);
	event_msg(RDMACTL_EVENT_LID_CHANGE, 99, RDMACTL_CMD_DEV_GET);	/* not an event */
	event_msg(RDMACTL_EVENT_PORT_ERR, 9, RDMACTL_CMD_EVENT);
	CHECK(rdmactl_events_process(&handle, buf, used, on_event, NULL) == 0,
	      "a buffer of events is read");
	CHECK(!strcmp(evlog, "PORT_ACTIVE:5 LID_CHANGE:6 LOST:2 PORT_ERR:9"),
	      "in order, other commands skipped, a gap of two reported: \"%s\"", evlog);

	used = 0;
	evlog[0] = '\0';
	event_msg(RDMACTL_EVENT_DEV_ADD, 10, RDMACTL_CMD_EVENT);
	CHECK(rdmactl_events_process(&handle, buf, used, on_event, NULL) == 0 &&
	      !strcmp(evlog, "DEV_ADD:10"), "no gap, no loss: \"%s\"", evlog);

	used = 0;
	{
		struct nlmsghdr *nlh = msg(FAMILY, 0, 0);

		((struct genlmsghdr *)mnl_nlmsg_get_payload(nlh))->cmd = RDMACTL_CMD_EVENT;
		mnl_attr_put_u8(nlh, RDMACTL_A_EVENT_TYPE, RDMACTL_EVENT_DEV_ADD);
		end(nlh);
	}
	CHECK(rdmactl_events_process(&handle, buf, used, on_event, NULL) == -EBADMSG,
	      "an event without a sequence number is refused");
	test_roce_event();
	test_roce_event_old();
	test_roce_event_bad();
}

/* One reply's attributes, type-checked as the library does, into tb. */
static int parse_one(struct nlmsghdr *nlh, rdmactl_attrs tb)
{
	handle.errmsg[0] = '\0';
	return rdmactl_attrs_parse(&handle, nlh, tb);
}

static struct nlmsghdr *obj_msg(uint32_t port)
{
	struct nlmsghdr *nlh;

	used = 0;
	nlh = msg(FAMILY, 0, SEQ);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, 4);
	mnl_attr_put_strz(nlh, RDMACTL_A_DEV_NAME, "rxe0");
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_INDEX, port);
	return nlh;
}

static void test_gids(void)
{
	static const uint8_t gid[RDMACTL_GID_LEN] = { 0xfe, 0x80, [8] = 0x02, [15] = 0x01 };
	struct rdmactl_gid_info g;
	struct nlmsghdr *nlh;
	rdmactl_attrs tb;

	nlh = obj_msg(1);
	mnl_attr_put_u32(nlh, RDMACTL_A_GID_INDEX, 3);
	mnl_attr_put(nlh, RDMACTL_A_GID, sizeof(gid), gid);
	mnl_attr_put_u8(nlh, RDMACTL_A_GID_TYPE, RDMACTL_GID_TYPE_ROCE_V2);
	mnl_attr_put_u32(nlh, RDMACTL_A_GID_NETDEV_INDEX, 7);
	mnl_attr_put_strz(nlh, RDMACTL_A_GID_NETDEV_NAME, "veth0");
	mnl_attr_put_u16(nlh, RDMACTL_A_GID_VLAN_ID, 100);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_gid_parse(&handle, tb, &g) == 0, "a GID entry parses");
	CHECK(g.dev_index == 4 && !strcmp(g.dev_name, "rxe0") && g.port == 1 && g.index == 3,
	      "its device, port and index");
	CHECK(!memcmp(g.gid, gid, sizeof(gid)) && g.type == RDMACTL_GID_TYPE_ROCE_V2, "its GID and type");
	CHECK((g.present & RDMACTL_GID_HAS_NETDEV) && g.netdev_index == 7 &&
	      !strcmp(g.netdev_name, "veth0"), "its netdev");
	CHECK((g.present & RDMACTL_GID_HAS_VLAN) && g.vlan_id == 100, "its VLAN");

	nlh = obj_msg(1);
	mnl_attr_put_u32(nlh, RDMACTL_A_GID_INDEX, 0);
	mnl_attr_put(nlh, RDMACTL_A_GID, 8, gid);
	mnl_attr_put_u8(nlh, RDMACTL_A_GID_TYPE, RDMACTL_GID_TYPE_IB);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_gid_parse(&handle, tb, &g) == -EBADMSG,
	      "a GID of 8 bytes is refused");
	CHECK(!strcmp(handle.errmsg, "GID of 8 bytes, not 16"), "by its length");

	nlh = obj_msg(1);
	mnl_attr_put(nlh, RDMACTL_A_GID, sizeof(gid), gid);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_gid_parse(&handle, tb, &g) == -EBADMSG,
	      "a GID without its index and type is refused");
	CHECK(!strcmp(handle.errmsg, "GID reply without device, port, index, GID or type"),
	      "saying what it lacks");
}

static void test_roce(void)
{
	struct rdmactl_roce_info r;
	struct nlmsghdr *nlh;
	rdmactl_attrs tb;

	nlh = obj_msg(1);
	mnl_attr_put_u32(nlh, RDMACTL_A_ROCE_TYPES, 1 << RDMACTL_GID_TYPE_ROCE_V1 |
			 1 << RDMACTL_GID_TYPE_ROCE_V2);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SOURCE, RDMACTL_ROCE_SOURCE_APPLIED);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_MODE, RDMACTL_GID_TYPE_ROCE_V2);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_TOS, 106);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_TOS, 106);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_roce_parse(&handle, tb, &r) == 0, "a RoCE port parses");
	CHECK(r.port == 1 && r.types == (1 << 2 | 1 << 3), "its port and GID types");
	CHECK((r.present & RDMACTL_ROCE_HAS_CURRENT) && r.mode == RDMACTL_GID_TYPE_ROCE_V2 &&
	      r.tos == 106 && r.source == RDMACTL_ROCE_SOURCE_APPLIED, "its mode, ToS and their source");
	CHECK((r.present & RDMACTL_ROCE_HAS_SAVED_TOS) && r.saved_tos == 106 &&
	      !(r.present & RDMACTL_ROCE_HAS_SAVED_MODE), "a saved ToS without a saved mode");

	nlh = obj_msg(1);
	mnl_attr_put_u32(nlh, RDMACTL_A_ROCE_TYPES, 1 << RDMACTL_GID_TYPE_ROCE_V2);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SOURCE, RDMACTL_ROCE_SOURCE_UNKNOWN);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_roce_parse(&handle, tb, &r) == 0 &&
	      !(r.present & RDMACTL_ROCE_HAS_CURRENT) && r.source == RDMACTL_ROCE_SOURCE_UNKNOWN,
	      "an unknown mode is marked absent");

	CHECK(!(r.present & RDMACTL_ROCE_HAS_SAVED_QOS), "no kept QoS profile without one");

	/* The kept QoS profile (LIBRDMACTL_1.6): with trust, and without. */
	nlh = obj_msg(1);
	mnl_attr_put_u32(nlh, RDMACTL_A_ROCE_TYPES, 1 << RDMACTL_GID_TYPE_ROCE_V2);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_TOS, 106);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_PRIO, 3);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_PFC, 1);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_TRUST, RDMACTL_ROCE_TRUST_DSCP);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_roce_parse(&handle, tb, &r) == 0 &&
	      (r.present & RDMACTL_ROCE_HAS_SAVED_QOS) && r.saved_prio == 3 && r.saved_pfc == 1 &&
	      r.saved_trust == RDMACTL_ROCE_TRUST_DSCP, "the kept QoS profile: priority, PFC, trust");
	nlh = obj_msg(1);
	mnl_attr_put_u32(nlh, RDMACTL_A_ROCE_TYPES, 1 << RDMACTL_GID_TYPE_ROCE_V2);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_PRIO, 5);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_PFC, 0);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_roce_parse(&handle, tb, &r) == 0 &&
	      (r.present & RDMACTL_ROCE_HAS_SAVED_QOS) && r.saved_prio == 5 && r.saved_pfc == 0 &&
	      r.saved_trust == 0, "a profile kept without trust (no apptrust): trust 0");
	nlh = obj_msg(1);
	mnl_attr_put_u32(nlh, RDMACTL_A_ROCE_TYPES, 1 << RDMACTL_GID_TYPE_ROCE_V2);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_SAVED_PRIO, 5);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_roce_parse(&handle, tb, &r) == 0 &&
	      !(r.present & RDMACTL_ROCE_HAS_SAVED_QOS), "a priority without PFC is no profile");

	nlh = obj_msg(1);
	mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_MODE, RDMACTL_GID_TYPE_ROCE_V2);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_roce_parse(&handle, tb, &r) == -EBADMSG &&
	      !strcmp(handle.errmsg, "RoCE reply without device, port or GID types"),
	      "a RoCE reply without its GID types is refused, saying so");
}

static void test_ipoib(void)
{
	uint8_t hw[RDMACTL_IPOIB_HWADDR_LEN] = { 0x80, 0x00, 0x01, 0x48, 0xfe, 0x80 };
	struct rdmactl_ipoib_info ib;
	struct nlmsghdr *nlh;
	rdmactl_attrs tb;

	nlh = obj_msg(1);
	mnl_attr_put_u32(nlh, RDMACTL_A_IPOIB_IFINDEX, 5);
	mnl_attr_put_strz(nlh, RDMACTL_A_IPOIB_IFNAME, "ib0.8001");
	mnl_attr_put_u32(nlh, RDMACTL_A_IPOIB_PARENT_IFINDEX, 4);
	mnl_attr_put_u16(nlh, RDMACTL_A_IPOIB_PKEY, 0x8001);
	mnl_attr_put_u8(nlh, RDMACTL_A_IPOIB_MODE, RDMACTL_IPOIB_CONNECTED);
	mnl_attr_put_u8(nlh, RDMACTL_A_IPOIB_CM_SUPPORTED, 1);
	mnl_attr_put_u32(nlh, RDMACTL_A_IPOIB_MTU, 65520);
	mnl_attr_put_u32(nlh, RDMACTL_A_IPOIB_MAX_MTU_DATAGRAM, 4092);
	mnl_attr_put(nlh, RDMACTL_A_IPOIB_HWADDR, sizeof(hw), hw);
	mnl_attr_put_u32(nlh, RDMACTL_A_IPOIB_QPN, 0x148);
	mnl_attr_put_u64(nlh, RDMACTL_A_PORT_GUID, 0x0002c903fa00beefULL);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_ipoib_parse(&handle, tb, &ib) == 0,
	      "an IPoIB interface parses");
	CHECK(ib.ifindex == 5 && !strcmp(ib.ifname, "ib0.8001") && ib.parent_ifindex == 4 &&
	      ib.pkey == 0x8001, "its name, parent and P_Key");
	CHECK(!strcmp(ib.dev_name, "rxe0") && ib.port == 1, "its RDMA port");
	CHECK(ib.mode == RDMACTL_IPOIB_CONNECTED && ib.cm_supported && ib.mtu == 65520 &&
	      ib.max_mtu_datagram == 4092 && ib.max_mtu_connected == 0, "its mode and MTUs");
	CHECK(!memcmp(ib.hwaddr, hw, sizeof(hw)) && ib.qpn == 0x148 &&
	      ib.port_guid == 0x0002c903fa00beefULL, "its address, QPN and port GUID");

	nlh = obj_msg(1);
	mnl_attr_put_u32(nlh, RDMACTL_A_IPOIB_IFINDEX, 5);
	mnl_attr_put_strz(nlh, RDMACTL_A_IPOIB_IFNAME, "ib0");
	mnl_attr_put_u8(nlh, RDMACTL_A_IPOIB_MODE, RDMACTL_IPOIB_DATAGRAM);
	mnl_attr_put(nlh, RDMACTL_A_IPOIB_HWADDR, 6, hw);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_ipoib_parse(&handle, tb, &ib) == -EBADMSG &&
	      !strcmp(handle.errmsg, "IPoIB hardware address of 6 bytes, not 20"),
	      "an Ethernet-sized address is refused by its length");

	nlh = obj_msg(1);
	mnl_attr_put_u32(nlh, RDMACTL_A_IPOIB_IFINDEX, 5);
	mnl_attr_put_strz(nlh, RDMACTL_A_IPOIB_IFNAME, "ib0-with-a-name-too-long");
	mnl_attr_put_u8(nlh, RDMACTL_A_IPOIB_MODE, RDMACTL_IPOIB_DATAGRAM);
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_ipoib_parse(&handle, tb, &ib) == -EBADMSG,
	      "an interface name longer than IFNAMSIZ is refused");

	nlh = obj_msg(1);
	mnl_attr_put_strz(nlh, RDMACTL_A_IPOIB_IFNAME, "ib0");
	CHECK(parse_one(nlh, tb) == 0 && rdmactl_ipoib_parse(&handle, tb, &ib) == -EBADMSG &&
	      !strcmp(handle.errmsg, "IPoIB reply without interface, device, port or mode"),
	      "an IPoIB reply without its index and mode is refused, saying so");
}

static void test_names(void)
{
	CHECK(!strcmp(rdmactl_port_state_name(RDMACTL_PORT_ACTIVE), "ACTIVE"), "state names");
	CHECK(!strcmp(rdmactl_port_state_name(200), "UNKNOWN"), "unknown state");
	CHECK(!strcmp(rdmactl_port_phys_state_name(RDMACTL_PORT_PHYS_LINK_UP), "LINK_UP"),
	      "physical state names");
	CHECK(!strcmp(rdmactl_port_phys_state_name(0), "UNKNOWN"), "physical state 0 is unknown");
	CHECK(!strcmp(rdmactl_link_layer_name(RDMACTL_LINK_LAYER_INFINIBAND), "InfiniBand"),
	      "link layer names, as sysfs");
	CHECK(!strcmp(rdmactl_port_speed_name(RDMACTL_SPEED_HDR), "HDR") &&
	      !strcmp(rdmactl_port_speed_name(3), "UNKNOWN"), "speed names");
	CHECK(!strcmp(rdmactl_node_type_name(RDMACTL_NODE_RNIC), "rnic"), "node type names");
}

int main(void)
{
	test_ports();
	test_stats();
	test_delta();
	test_events();
	test_gids();
	test_roce();
	test_ipoib();
	test_names();
	return DONE();
}
