// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * RDMACTL_CMD_ROCE_GET and _SET: rdma_cm's default RoCE mode and ToS, and
 * the QoS profile rdmactl.ko keeps with the ToS.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "internal.h"

/*
 * The kept QoS profile: whether there is one (prio and pfc); trust 0 when
 * absent (kept where the netdev had no apptrust).
 */
static bool rdmactl_roce_saved_qos(rdmactl_attrs tb, struct rdmactl_roce_info *roce)
{
	if (!tb[RDMACTL_A_ROCE_SAVED_PRIO] || !tb[RDMACTL_A_ROCE_SAVED_PFC])
		return false;
	roce->saved_prio = mnl_attr_get_u8(tb[RDMACTL_A_ROCE_SAVED_PRIO]);
	roce->saved_pfc = mnl_attr_get_u8(tb[RDMACTL_A_ROCE_SAVED_PFC]);
	if (tb[RDMACTL_A_ROCE_SAVED_TRUST])
		roce->saved_trust = mnl_attr_get_u8(tb[RDMACTL_A_ROCE_SAVED_TRUST]);
	return true;
}

/* A ROCE_GET reply, or a ROCE event (events.c): the same attributes. */
int rdmactl_roce_parse(struct rdmactl *h, rdmactl_attrs tb, struct rdmactl_roce_info *roce)
{
	memset(roce, 0, sizeof(*roce));
	if (!tb[RDMACTL_A_DEV_INDEX] || !tb[RDMACTL_A_DEV_NAME] || !tb[RDMACTL_A_PORT_INDEX] ||
	    !tb[RDMACTL_A_ROCE_TYPES]) {
		rdmactl_set_err(h, "RoCE reply without device, port or GID types");
		return -EBADMSG;
	}
	if (rdmactl_attr_strcpy(h, tb[RDMACTL_A_DEV_NAME], roce->dev_name, sizeof(roce->dev_name)))
		return -EBADMSG;
	roce->dev_index = mnl_attr_get_u32(tb[RDMACTL_A_DEV_INDEX]);
	roce->port = mnl_attr_get_u32(tb[RDMACTL_A_PORT_INDEX]);
	roce->types = mnl_attr_get_u32(tb[RDMACTL_A_ROCE_TYPES]);
	/* A module before ROCE_SOURCE read rdma_cm whenever it replied. */
	roce->source = RDMACTL_ROCE_SOURCE_UNKNOWN;
	if (tb[RDMACTL_A_ROCE_MODE] && tb[RDMACTL_A_ROCE_TOS]) {
		roce->present |= RDMACTL_ROCE_HAS_CURRENT;
		roce->mode = mnl_attr_get_u8(tb[RDMACTL_A_ROCE_MODE]);
		roce->tos = mnl_attr_get_u8(tb[RDMACTL_A_ROCE_TOS]);
		roce->source = RDMACTL_ROCE_SOURCE_CONFIGFS;
	}
	if (tb[RDMACTL_A_ROCE_SOURCE])
		roce->source = mnl_attr_get_u8(tb[RDMACTL_A_ROCE_SOURCE]);
	if (tb[RDMACTL_A_ROCE_SAVED_MODE]) {
		roce->present |= RDMACTL_ROCE_HAS_SAVED_MODE;
		roce->saved_mode = mnl_attr_get_u8(tb[RDMACTL_A_ROCE_SAVED_MODE]);
	}
	if (tb[RDMACTL_A_ROCE_SAVED_TOS]) {
		roce->present |= RDMACTL_ROCE_HAS_SAVED_TOS;
		roce->saved_tos = mnl_attr_get_u8(tb[RDMACTL_A_ROCE_SAVED_TOS]);
	}
	if (rdmactl_roce_saved_qos(tb, roce))
		roce->present |= RDMACTL_ROCE_HAS_SAVED_QOS;
	return 0;
}

static int rdmactl_roce_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh,
			       rdmactl_attrs tb)
{
	struct rdmactl_roce_info roce;
	int err;

	(void)nlh;
	err = rdmactl_roce_parse(req->h, tb, &roce);
	return err ? err : req->cb.roce(&roce, req->arg);
}

static int rdmactl_roce_get(struct rdmactl *h, const char *dev, uint32_t port, int probe,
			    rdmactl_roce_cb cb, void *arg)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;

	/* One port: a doit, whose refusal says why that port has no mode. */
	nlh = rdmactl_msg_about(h, &req, RDMACTL_CMD_ROCE_GET, !port, dev, port ? &port : NULL);
	if (!nlh)
		return -EINVAL;
	req.handle = rdmactl_roce_handle;
	req.cb.roce = cb;
	req.arg = arg;
	if (probe)
		mnl_attr_put(nlh, RDMACTL_A_ROCE_PROBE, 0, NULL);
	return rdmactl_transact(&req, nlh);
}

RDMACTL_EXPORT int rdmactl_roce_list(struct rdmactl *h, const char *dev, uint32_t port,
				     rdmactl_roce_cb cb, void *arg)
{
	return rdmactl_roce_get(h, dev, port, 0, cb, arg);
}

RDMACTL_EXPORT int rdmactl_roce_probe(struct rdmactl *h, const char *dev, uint32_t port,
				      rdmactl_roce_cb cb, void *arg)
{
	return rdmactl_roce_get(h, dev, port, 1, cb, arg);
}

RDMACTL_EXPORT int rdmactl_roce_apply(struct rdmactl *h, const char *dev, uint32_t port,
				      const struct rdmactl_roce_settings *s)
{
	unsigned int known = RDMACTL_ROCE_SET_MODE | RDMACTL_ROCE_SET_TOS | RDMACTL_ROCE_CLEAR |
			     RDMACTL_ROCE_SET_QOS | RDMACTL_ROCE_SET_TRUST;
	struct rdmactl_req req;
	struct nlmsghdr *nlh;

	if (s && rdmactl_what_check(h, "rdmactl_roce_apply", s->has, known))
		return -EINVAL;
	if (!s || !dev) {
		if (h)
			rdmactl_set_err(h, "rdmactl_roce_apply: no %s", s ? "device" : "settings");
		return -EINVAL;
	}
	nlh = rdmactl_msg_about(h, &req, RDMACTL_CMD_ROCE_SET, 0, dev, port ? &port : NULL);
	if (s->has & RDMACTL_ROCE_SET_MODE)
		mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_MODE, s->mode);
	if (s->has & RDMACTL_ROCE_SET_TOS)
		mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_TOS, s->tos);
	if (s->has & RDMACTL_ROCE_SET_QOS) {
		mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_PRIO, s->prio);
		mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_PFC, s->pfc);
	}
	if (s->has & RDMACTL_ROCE_SET_TRUST)
		mnl_attr_put_u8(nlh, RDMACTL_A_ROCE_TRUST, s->trust);
	if (s->has & RDMACTL_ROCE_CLEAR)
		mnl_attr_put(nlh, RDMACTL_A_ROCE_CLEAR, 0, NULL);
	return rdmactl_transact(&req, nlh);
}

/* LIBRDMACTL_1's: its three bits are struct rdmactl_roce_settings's first. */
RDMACTL_EXPORT int rdmactl_roce_set(struct rdmactl *h, const char *dev, uint32_t port,
				    unsigned int what, uint8_t mode, uint8_t tos)
{
	unsigned int known = RDMACTL_ROCE_SET_MODE | RDMACTL_ROCE_SET_TOS | RDMACTL_ROCE_CLEAR;
	struct rdmactl_roce_settings s = { .has = what, .mode = mode, .tos = tos };

	if (rdmactl_what_check(h, "rdmactl_roce_set", what, known))
		return -EINVAL;
	return rdmactl_roce_apply(h, dev, port, &s);
}
