// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Optional counters (rdmactl_stat_mode_*): ib_core's switch for them
 * (core.c), and what the module keeps. RDMACTL_CMD_STAT_MODE_GET/_SET
 * keep, in the module, the optional counters set through here, by node
 * GUID and port, for `rdmactl stat mode restore` (run by udev when a
 * device registers) to set again.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "internal.h"

/* What the module keeps for a port (STAT_MODE_GET), and where it is. */
struct kept {
	uint32_t dev_index;
	char dev_name[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	bool saved;
	char *names;			/* comma-separated, "" for none */
};

struct kept_list {
	struct kept *k;
	size_t n;
};

static void kept_free(struct kept_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->k[i].names);
	free(l->k);
}

static int kept_handle(struct rdmactl_req *req, const struct nlmsghdr *nlh, rdmactl_attrs tb)
{
	struct kept_list *l = req->arg;
	const struct nlattr *a;
	struct kept *k;
	size_t len = 1;

	(void)nlh;

	if (!tb[RDMACTL_A_DEV_INDEX] || !tb[RDMACTL_A_DEV_NAME] || !tb[RDMACTL_A_PORT_INDEX]) {
		rdmactl_set_err(req->h, "optional counters reply without device or port");
		return -EBADMSG;
	}
	k = realloc(l->k, (l->n + 1) * sizeof(*k));
	if (!k)
		return -ENOMEM;
	l->k = k;
	k = &l->k[l->n];
	memset(k, 0, sizeof(*k));
	k->dev_index = mnl_attr_get_u32(tb[RDMACTL_A_DEV_INDEX]);
	if (rdmactl_attr_strcpy(req->h, tb[RDMACTL_A_DEV_NAME], k->dev_name, sizeof(k->dev_name)))
		return -EBADMSG;
	k->port = mnl_attr_get_u32(tb[RDMACTL_A_PORT_INDEX]);
	k->saved = !!tb[RDMACTL_A_STAT_OPTIONAL];
	if (k->saved)
		mnl_attr_for_each_nested(a, tb[RDMACTL_A_STAT_OPTIONAL]) {
			if (mnl_attr_get_type(a) != RDMACTL_A_STAT_OPTIONAL_NAME ||
			    mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0) {
				rdmactl_set_err(req->h, "malformed optional counter name in a reply");
				return -EBADMSG;
			}
			len += mnl_attr_get_payload_len(a);
		}
	k->names = calloc(1, len);
	if (!k->names)
		return -ENOMEM;
	l->n++;
	if (k->saved)
		mnl_attr_for_each_nested(a, tb[RDMACTL_A_STAT_OPTIONAL]) {
			if (k->names[0])
				strcat(k->names, ",");
			strcat(k->names, mnl_attr_get_str(a));
		}
	return 0;
}

static int kept_list(struct rdmactl *h, const char *dev, uint32_t port, struct kept_list *l)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;

	memset(l, 0, sizeof(*l));
	nlh = rdmactl_msg_about(h, &req, RDMACTL_CMD_STAT_MODE_GET, !port, dev, port ? &port : NULL);
	if (!nlh)
		return -EINVAL;
	req.handle = kept_handle;
	req.arg = l;
	return rdmactl_transact(&req, nlh);
}

/* Tell the module: keep on[] of st for the port (or, err, that its restore failed). */
static int kept_set(struct rdmactl *h, const struct kept *k,
		    const struct rdmactl_core_status *st, const bool *on, bool restored, int err)
{
	struct rdmactl_req req;
	struct nlmsghdr *nlh;
	struct nlattr *nest;
	size_t i;

	nlh = rdmactl_msg_start(h, &req, RDMACTL_CMD_STAT_MODE_SET, 0);
	mnl_attr_put_u32(nlh, RDMACTL_A_DEV_INDEX, k->dev_index);
	mnl_attr_put_u32(nlh, RDMACTL_A_PORT_INDEX, k->port);
	if (restored)
		mnl_attr_put(nlh, RDMACTL_A_STAT_MODE_RESTORED, 0, NULL);
	if (err) {
		mnl_attr_put_u32(nlh, RDMACTL_A_STAT_MODE_ERROR, (uint32_t)err);
	} else if (!st) {
		mnl_attr_put(nlh, RDMACTL_A_STAT_MODE_CLEAR, 0, NULL);
	} else {
		nest = mnl_attr_nest_start(nlh, RDMACTL_A_STAT_OPTIONAL);
		for (i = 0; i < st->n; i++)
			if (st->c[i].optional && on[i])
				mnl_attr_put_strz(nlh, RDMACTL_A_STAT_OPTIONAL_NAME, st->c[i].name);
		mnl_attr_nest_end(nlh, nest);
	}
	return rdmactl_transact(&req, nlh);
}

/* Whether name is in the comma-separated list. */
static bool in_list(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	while (p && *p) {
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return true;
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	return false;
}

/* How many names a comma-separated list has. */
static size_t names_count(const char *list)
{
	size_t n = *list ? 1 : 0;

	for (; *list; list++)
		n += *list == ',';
	return n;
}

RDMACTL_EXPORT int rdmactl_stat_mode_list(struct rdmactl *h, const char *dev, uint32_t port,
					  rdmactl_stat_mode_cb cb, void *arg)
{
	struct kept_list l;
	size_t i;
	int err;

	err = kept_list(h, dev, port, &l);
	for (i = 0; !err && i < l.n; i++) {
		struct rdmactl_stat_mode m = { 0 };
		struct rdmactl_core_status st;
		int serr;

		m.dev_index = l.k[i].dev_index;
		memcpy(m.dev_name, l.k[i].dev_name, sizeof(m.dev_name));
		m.port = l.k[i].port;
		m.saved = l.k[i].saved;
		m.saved_names = l.k[i].names;
		serr = rdmactl_core_status(h, m.dev_index, m.port, &st);
		/* A port without driver counters: ib_core says EINVAL. */
		m.status_known = !serr;
		m.num_counters = st.n;
		m.counters = st.c;
		if (serr == -EOPNOTSUPP || serr == -EINVAL || !serr)
			err = cb(&m, arg);
		else
			err = serr;
		rdmactl_core_status_free(&st);
	}
	kept_free(&l);
	return err > 0 ? 0 : err;
}

/*
 * on[] for st, after what (EXACT, ENABLE or DISABLE) does with names. Each
 * name must be one of the port's optional counters: else -EINVAL, said in h.
 */
static int mode_on(struct rdmactl *h, const char *dev, uint32_t port,
		   const struct rdmactl_core_status *st, unsigned int what, const char *names,
		   bool *on)
{
	const char *p;
	size_t i;

	for (p = names; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		size_t n = strcspn(p, ",");

		for (i = 0; i < st->n; i++)
			if (strlen(st->c[i].name) == n && !strncmp(st->c[i].name, p, n))
				break;
		if (i == st->n || !st->c[i].optional) {
			rdmactl_set_err(h, i == st->n ? "%s port %u has no counter %.*s" :
					"%s port %u: %.*s is not optional: it is always on",
					dev, port, (int)n, p);
			return -EINVAL;
		}
	}
	for (i = 0; i < st->n; i++) {
		bool named = in_list(names, st->c[i].name);

		if (what & RDMACTL_STAT_MODE_EXACT)
			on[i] = named;
		else if (what & RDMACTL_STAT_MODE_ENABLE)
			on[i] = st->c[i].enabled || named;
		else
			on[i] = st->c[i].enabled && !named;
	}
	return 0;
}

RDMACTL_EXPORT int rdmactl_stat_mode_set(struct rdmactl *h, const char *dev, uint32_t port,
					 unsigned int what, const char *names)
{
	struct rdmactl_core_status st;
	struct kept_list l;
	bool *on = NULL;
	int err;

	err = rdmactl_what_check(h, "rdmactl_stat_mode_set", what,
				 RDMACTL_STAT_MODE_EXACT | RDMACTL_STAT_MODE_ENABLE |
				 RDMACTL_STAT_MODE_DISABLE | RDMACTL_STAT_MODE_FORGET);
	if (err)
		return err;
	if (!dev || !port) {
		rdmactl_set_err(h, "optional counters are set per port: name a device and a port");
		return -EINVAL;
	}
	err = kept_list(h, dev, port, &l);
	if (err)
		return err;
	if (l.n != 1) {
		kept_free(&l);
		rdmactl_set_err(h, "%s has no port %u", dev, port);
		return -ENODEV;
	}
	if (what & RDMACTL_STAT_MODE_FORGET) {
		err = kept_set(h, &l.k[0], NULL, NULL, false, 0);
		kept_free(&l);
		return err;
	}
	err = rdmactl_core_status(h, l.k[0].dev_index, port, &st);
	if (err == -EINVAL)
		rdmactl_set_err(h, "%s port %u has no driver counters", dev, port);
	if (err)
		goto out;
	on = calloc(st.n ? st.n : 1, sizeof(*on));
	err = on ? mode_on(h, dev, port, &st, what, names, on) : -ENOMEM;
	if (!err)
		err = rdmactl_core_set(h, l.k[0].dev_index, port, &st, on);
	if (!err) {
		err = kept_set(h, &l.k[0], &st, on, false, 0);
		if (err) {
			char why[sizeof(h->errmsg)];

			snprintf(why, sizeof(why), "%s", h->errmsg);
			rdmactl_set_err(h, "%s port %u: set, but rdmactl cannot keep it for a re-apply: %s",
					dev, port, why);
		}
	}
	free(on);
	rdmactl_core_status_free(&st);
out:
	kept_free(&l);
	return err;
}

/*
 * Restores run one at a time on a host: udev starts one for each device
 * that registers, and two at once both found a port's counters off, set
 * them and told (two events for one change). An advisory lock, as
 * iptables takes /run/xtables.lock; where the file cannot be made (no
 * /run, or a caller who could not set counters anyway) none is taken.
 * The fd, -1 for none; -EINTR when a signal ended the wait.
 */
#define RESTORE_LOCK "/run/rdmactl-stat-mode.lock"

static int restore_lock(void)
{
	int fd = open(RESTORE_LOCK, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

	if (fd >= 0 && flock(fd, LOCK_EX) < 0) {
		int err = errno;

		close(fd);
		return err == EINTR ? -EINTR : -1;
	}
	return fd;
}

RDMACTL_EXPORT int rdmactl_stat_mode_restore(struct rdmactl *h, const char *dev)
{
	struct kept_list l;
	int err, first = 0, restored = 0, lock;
	size_t i, j;

	lock = restore_lock();
	if (lock == -EINTR)
		return -EINTR;
	err = kept_list(h, dev, 0, &l);
	for (i = 0; !err && i < l.n; i++) {
		struct kept *k = &l.k[i];
		struct rdmactl_core_status st;
		bool *on, same = true;
		size_t found;

		if (!k->saved)
			continue;
		err = rdmactl_core_status(h, k->dev_index, k->port, &st);
		on = err ? NULL : calloc(st.n ? st.n : 1, sizeof(*on));
		if (!err && !on)
			err = -ENOMEM;
		for (j = 0, found = 0; !err && j < st.n; j++) {
			on[j] = st.c[j].optional && in_list(k->names, st.c[j].name);
			found += on[j];
			same &= !st.c[j].optional || on[j] == st.c[j].enabled;
		}
		/* A kept name the device no longer has optional: said, nothing set. */
		if (!err && found != names_count(k->names))
			err = -ENOENT;
		if (!err && !same)
			err = rdmactl_core_set(h, k->dev_index, k->port, &st, on);
		if (err) {
			/* Said to the module (an event), and here; on to the next port. */
			if (!first)
				first = err;
			kept_set(h, k, NULL, NULL, true, err);
			err = 0;
		} else if (!same) {
			/* Forgotten or changed meanwhile: that change was told; go on. */
			err = kept_set(h, k, &st, on, true, 0);
			if (err == -ENOENT || err == -EAGAIN)
				err = 0;
			else if (!err)
				restored++;
		}
		free(on);
		rdmactl_core_status_free(&st);
	}
	kept_free(&l);
	if (lock >= 0)
		close(lock);
	if (err)
		return err;
	if (first)
		rdmactl_set_err(h, "some ports' optional counters could not be set again: %s",
				first == -ENOENT ? "a kept counter is no longer an optional counter" :
				strerror(-first));
	return first ? first : restored;
}
