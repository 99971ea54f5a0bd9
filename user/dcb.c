// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A netdev's DCB through the kernel's dcbnl (net/dcb/dcbnl.c): rtnetlink
 * messages RTM_GETDCB and RTM_SETDCB, a struct dcbmsg, the netdev by name.
 * The interface iproute2's dcb uses, on a socket of the handle's own
 * (sock.c's loop), opened on first use:
 *
 *   GET  dcbmsg{cmd IEEE_GET}, IFNAME -> IFNAME, IEEE{ETS: struct ieee_ets,
 *        PFC: struct ieee_pfc, APP_TABLE{IEEE_APP: struct dcb_app, DCB_APP
 *        (PCP)...}, APP_TRUST_TABLE{IEEE_APP|DCB_APP: u8 selector...} (6.2+),
 *        peer and other ones}, DCBX
 *   SET  dcbmsg{cmd IEEE_SET or IEEE_DEL}, IFNAME, IEEE{APP_TABLE, PFC,
 *        APP_TRUST_TABLE} -> IEEE: u8, the first failing op's return as an
 *        s8 (a driver's positive "done" too: ice's setters return 1 or 2)
 *
 * ETS and PFC are in the reply only when the driver reports them; the APP
 * table always is (dcbnl keeps it), apptrust only on 6.2 and later and
 * when the driver has it. A netdev without dcbnl_ops, or a kernel without
 * CONFIG_DCB, answers -EOPNOTSUPP. A SET's driver error is no netlink
 * error: dcbnl_ieee_set() acknowledges the request and reports it in the
 * reply's IEEE attribute, a u8 holding a negative errno (what iproute2's
 * dcb reads as an s8); the ops after a failing one are not called.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <net/if.h>
#include <linux/ethtool.h>
#include <linux/rtnetlink.h>

#include "internal.h"

/* internal.h's copies of 6.2's apptrust values follow from these. */
_Static_assert(DCB_ATTR_DCB_BUFFER == 10, "enum ieee_attrs changed");
_Static_assert(DCB_ATTR_IEEE_APP == 1, "enum ieee_attrs_app changed");

/* The handle's rtnetlink socket, opened on first use: 0 or -errno. */
static int dcb_sock(struct rdmactl *h, struct rdmactl_sock **out)
{
	struct rdmactl_sock *s = h->rt;
	int err;

	if (!s) {
		s = calloc(1, sizeof(*s));
		if (!s) {
			rdmactl_set_err(h, "out of memory");
			return -ENOMEM;
		}
		err = rdmactl_sock_open(h, s, NETLINK_ROUTE, "rtnetlink");
		if (err) {
			free(s);
			return err;
		}
		h->rt = s;
	}
	*out = s;
	return 0;
}

void rdmactl_dcb_close(struct rdmactl *h)
{
	if (!h->rt)
		return;
	rdmactl_sock_close(h->rt);
	free(h->rt);
	h->rt = NULL;
}

/* A request of cmd about ifname, in s's buffer. */
static struct nlmsghdr *dcb_msg(struct rdmactl_sock *s, uint16_t type, uint8_t cmd,
				const char *ifname)
{
	struct nlmsghdr *nlh = rdmactl_sock_msg(s, type, NLM_F_ACK);
	struct dcbmsg *d = mnl_nlmsg_put_extra_header(nlh, sizeof(*d));

	d->dcb_family = AF_UNSPEC;
	d->cmd = cmd;
	mnl_attr_put_strz(nlh, DCB_ATTR_IFNAME, ifname);
	return nlh;
}

/* A fixed-size struct attribute: its size checked, copied into dst. */
static int dcb_struct(struct rdmactl *h, const struct nlattr *a, void *dst, size_t size,
		      const char *what)
{
	if (mnl_attr_get_payload_len(a) < size) {
		rdmactl_set_err(h, "a DCB reply's %s has %u bytes, not %zu", what,
				mnl_attr_get_payload_len(a), size);
		return -EBADMSG;
	}
	memcpy(dst, mnl_attr_get_payload(a), size);
	return 0;
}

/* APP_TABLE: the DSCP entries (selector 5), DSCP -> bit per priority. */
static int dcb_apps(struct rdmactl *h, const struct nlattr *table, struct rdmactl_dcb *d)
{
	const struct nlattr *a;
	struct dcb_app app;

	d->present |= RDMACTL_DCB_HAS_APP;
	mnl_attr_for_each_nested(a, table) {
		/* DCB_ATTR_DCB_APP (6.2+) holds the PCP entries: not ours. */
		if (mnl_attr_get_type(a) != DCB_ATTR_IEEE_APP)
			continue;
		if (dcb_struct(h, a, &app, sizeof(app), "APP entry"))
			return -EBADMSG;
		if (app.selector == IEEE_8021QAZ_APP_SEL_DSCP && app.protocol < 64 &&
		    app.priority < 8)
			d->dscp_prios[app.protocol] |= (uint8_t)(1U << app.priority);
	}
	return 0;
}

/* APP_TRUST_TABLE: u8 selectors, most trusted first (only the first 8 kept). */
static int dcb_trust(struct rdmactl *h, const struct nlattr *table, struct rdmactl_dcb *d)
{
	const struct nlattr *a;

	d->present |= RDMACTL_DCB_HAS_TRUST;
	mnl_attr_for_each_nested(a, table) {
		if (mnl_attr_validate(a, MNL_TYPE_U8) < 0) {
			rdmactl_set_err(h, "a DCB reply's apptrust selector has %u bytes, not 1",
					mnl_attr_get_payload_len(a));
			return -EBADMSG;
		}
		if (d->ntrust < sizeof(d->trust))
			d->trust[d->ntrust++] = mnl_attr_get_u8(a);
	}
	return 0;
}

static int dcb_ieee(struct rdmactl *h, const struct nlattr *ieee, struct rdmactl_dcb_raw *raw)
{
	struct rdmactl_dcb *d = &raw->dcb;
	const struct nlattr *a;
	struct ieee_ets ets;
	int err = 0;

	mnl_attr_for_each_nested(a, ieee) {
		switch (mnl_attr_get_type(a)) {
		case DCB_ATTR_IEEE_PFC:
			if (dcb_struct(h, a, &raw->pfc, sizeof(raw->pfc), "PFC"))
				return -EBADMSG;
			d->present |= RDMACTL_DCB_HAS_PFC;
			d->pfc_cap = raw->pfc.pfc_cap;
			d->pfc_en = raw->pfc.pfc_en;
			break;
		case DCB_ATTR_IEEE_ETS:
			if (dcb_struct(h, a, &ets, sizeof(ets), "ETS"))
				return -EBADMSG;
			d->present |= RDMACTL_DCB_HAS_ETS;
			d->ets_cap = ets.ets_cap;
			memcpy(d->prio_tc, ets.prio_tc, sizeof(d->prio_tc));
			memcpy(d->tc_bw, ets.tc_tx_bw, sizeof(d->tc_bw));
			memcpy(d->tc_tsa, ets.tc_tsa, sizeof(d->tc_tsa));
			break;
		case DCB_ATTR_IEEE_APP_TABLE:
			err = dcb_apps(h, a, d);
			break;
		case RDMACTL_DCB_ATTR_APP_TRUST_TABLE:
			err = dcb_trust(h, a, d);
			break;
		}
		if (err)
			return err;
	}
	return 0;
}

int rdmactl_dcb_parse(struct rdmactl *h, const struct nlmsghdr *nlh, struct rdmactl_dcb_raw *raw)
{
	const struct nlattr *a, *ieee = NULL;

	memset(raw, 0, sizeof(*raw));
	mnl_attr_for_each(a, nlh, sizeof(struct dcbmsg)) {
		if (mnl_attr_get_type(a) == DCB_ATTR_IFNAME &&
		    mnl_attr_validate(a, MNL_TYPE_NUL_STRING) == 0)
			snprintf(raw->dcb.ifname, sizeof(raw->dcb.ifname), "%s",
				 mnl_attr_get_str(a));
		else if (mnl_attr_get_type(a) == DCB_ATTR_IEEE)
			ieee = a;
	}
	if (!ieee) {
		rdmactl_set_err(h, "a DCB reply without its IEEE 802.1Qaz attributes");
		return -EBADMSG;
	}
	return dcb_ieee(h, ieee, raw);
}

struct dcb_get_arg {
	struct rdmactl *h;
	struct rdmactl_dcb_raw *raw;
	bool replied;
};

static int dcb_get_cb(const struct nlmsghdr *nlh, void *arg)
{
	struct dcb_get_arg *g = arg;

	g->replied = true;
	return rdmactl_dcb_parse(g->h, nlh, g->raw);
}

/* -EOPNOTSUPP's message: who lacks DCB, the netdev's driver or the kernel. */
static void dcb_none(struct rdmactl *h, int fd, const char *ifname)
{
	struct ethtool_drvinfo drv = { .cmd = ETHTOOL_GDRVINFO };

	if (rdmactl_eth_ioctl(fd, ifname, &drv) || !drv.driver[0])
		snprintf(drv.driver, sizeof(drv.driver), "unknown");
	drv.driver[sizeof(drv.driver) - 1] = '\0';
	rdmactl_set_err(h, "%s has no DCB: its driver %s has no dcbnl ops, or the kernel no CONFIG_DCB",
			ifname, drv.driver);
}

int rdmactl_dcb_get_raw(struct rdmactl *h, const char *ifname, struct rdmactl_dcb_raw *raw)
{
	struct dcb_get_arg g = { .h = h, .raw = raw };
	const struct rdmactl_sock_req r = {
		.type = RTM_GETDCB, .hdrlen = sizeof(struct dcbmsg), .cb = dcb_get_cb, .arg = &g,
		.what = ifname,
	};
	struct rdmactl_sock *s;
	uint32_t ifindex;
	int err;

	memset(raw, 0, sizeof(*raw));
	h->errmsg[0] = '\0';
	if (!ifname || !*ifname || strlen(ifname) >= IFNAMSIZ) {
		rdmactl_set_err(h, "\"%s\" is no interface name", ifname ? ifname : "");
		return -EINVAL;
	}
	err = dcb_sock(h, &s);
	if (err)
		return err;
	err = rdmactl_ifindex(h, mnl_socket_get_fd(s->nl), ifname, &ifindex);
	if (!err)
		err = rdmactl_sock_transact(h, s, dcb_msg(s, RTM_GETDCB, DCB_CMD_IEEE_GET, ifname),
					    &r);
	if (err == -EOPNOTSUPP)
		dcb_none(h, mnl_socket_get_fd(s->nl), ifname);
	if (err)
		return err;
	if (!g.replied) {
		rdmactl_set_err(h, "%s: the kernel acknowledged the DCB request without a reply", ifname);
		return -EBADMSG;
	}
	raw->dcb.ifindex = ifindex;
	snprintf(raw->dcb.ifname, sizeof(raw->dcb.ifname), "%s", ifname);
	return 0;
}

RDMACTL_EXPORT int rdmactl_dcb_get(struct rdmactl *h, const char *ifname, struct rdmactl_dcb *out)
{
	struct rdmactl_dcb_raw raw;
	int err = rdmactl_dcb_get_raw(h, ifname, &raw);

	*out = raw.dcb;
	return err;
}

struct nlmsghdr *rdmactl_dcb_edit_msg(struct rdmactl_sock *s, const char *ifname,
				      const struct rdmactl_dcb_edit *e)
{
	struct nlmsghdr *nlh = dcb_msg(s, RTM_SETDCB, e->cmd, ifname);
	struct nlattr *ieee = mnl_attr_nest_start(nlh, DCB_ATTR_IEEE), *nest;
	unsigned int i;

	if (e->prios) {
		nest = mnl_attr_nest_start(nlh, DCB_ATTR_IEEE_APP_TABLE);
		for (i = 0; i < 8; i++) {
			struct dcb_app app = {
				.selector = IEEE_8021QAZ_APP_SEL_DSCP, .priority = (uint8_t)i,
				.protocol = e->dscp,
			};

			if (e->prios & (1U << i))
				mnl_attr_put(nlh, DCB_ATTR_IEEE_APP, sizeof(app), &app);
		}
		mnl_attr_nest_end(nlh, nest);
	}
	if (e->pfc)
		mnl_attr_put(nlh, DCB_ATTR_IEEE_PFC, sizeof(*e->pfc), e->pfc);
	if (e->ntrust) {
		nest = mnl_attr_nest_start(nlh, RDMACTL_DCB_ATTR_APP_TRUST_TABLE);
		/* dcbnl wants each selector under the type its table files it as. */
		for (i = 0; i < e->ntrust; i++)
			mnl_attr_put_u8(nlh, e->trust[i] == RDMACTL_DCB_APP_SEL_PCP ?
					RDMACTL_DCB_ATTR_DCB_APP : DCB_ATTR_IEEE_APP, e->trust[i]);
		mnl_attr_nest_end(nlh, nest);
	}
	mnl_attr_nest_end(nlh, ieee);
	return nlh;
}

/* What rdmactl_dcb_edit_reply() leaves when no reply came: no s8 is this. */
#define DCB_NO_STATUS INT_MIN

int rdmactl_dcb_edit_reply(const struct nlmsghdr *nlh, void *arg)
{
	int *driver_err = arg;
	const struct nlattr *a;

	mnl_attr_for_each(a, nlh, sizeof(struct dcbmsg)) {
		if (mnl_attr_get_type(a) != DCB_ATTR_IEEE)
			continue;
		if (mnl_attr_validate(a, MNL_TYPE_U8) < 0)
			return -EBADMSG;
		/* A u8 on the wire, a negative errno in it. */
		*driver_err = (int8_t)mnl_attr_get_u8(a);
		return 0;
	}
	return -EBADMSG;
}

int rdmactl_dcb_edit(struct rdmactl *h, const char *ifname, const struct rdmactl_dcb_edit *e,
		     const char *step)
{
	char what[IFNAMSIZ + 120];
	int driver_err = DCB_NO_STATUS;
	const struct rdmactl_sock_req r = {
		.type = RTM_SETDCB, .hdrlen = sizeof(struct dcbmsg), .cb = rdmactl_dcb_edit_reply,
		.arg = &driver_err, .what = what,
	};
	struct rdmactl_sock *s;
	int err;

	snprintf(what, sizeof(what), "%s: %s", ifname, step);
	h->errmsg[0] = '\0';
	err = dcb_sock(h, &s);
	if (err)
		return err;
	err = rdmactl_sock_transact(h, s, rdmactl_dcb_edit_msg(s, ifname, e), &r);
	if (err == -EOPNOTSUPP && driver_err == DCB_NO_STATUS)
		dcb_none(h, mnl_socket_get_fd(s->nl), ifname);
	if (err == -EBADMSG && !h->errmsg[0])
		rdmactl_set_err(h, "%s: the kernel's reply has no 1-byte status", what);
	if (err)
		return err;
	if (driver_err == DCB_NO_STATUS) {
		rdmactl_set_err(h, "%s: the kernel acknowledged the request without a reply", what);
		return -EBADMSG;
	}
	/* ice's setters return 1 or 2 ("changed", "changed with a reset") when done. */
	if (driver_err < 0) {
		rdmactl_set_err(h, "%s: the driver refused: %s (errno %d)", what,
				strerror(-driver_err), -driver_err);
		return driver_err;
	}
	return 0;
}
