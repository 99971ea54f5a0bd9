/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rdmactl check: what it reads (check.c), the checks (check-rules.c), the
 * counters' (check-counters.c), RoCE QoS's (check-qos.c, which reads the
 * RoCE ports too), the expectations manifest (check-expect.c) and the
 * report (check-print.c). Documentation/check.md lists every finding.
 */
#ifndef RDMACTL_CHECK_H
#define RDMACTL_CHECK_H

#include "cli.h"

/* Exit statuses of check, above the CLI's own 1 (error) and 2 (usage). */
#define EXIT_CHECK_WARNING	3
#define EXIT_CHECK_ERROR	4

enum chk_severity { CHK_OK, CHK_WARNING, CHK_ERROR };

/* One value a finding saw, for text and JSON alike. */
struct chk_evidence {
	const char *key;
	bool is_num;
	double num;
	char str[64];
};

#define CHK_MAX_EVIDENCE 10

struct chk_finding {
	const char *id;				/* "port.no-sm" */
	enum chk_severity sev;
	char dev[RDMACTL_DEV_NAME_MAX];		/* "" for the system */
	uint32_t port;
	char netdev[16];
	char message[160];
	const char *remedy;
	char remedy_text[512];			/* one built for the port, when remedy is NULL */
	struct chk_evidence ev[CHK_MAX_EVIDENCE];
	unsigned int num_ev;
};

struct chk_port {
	struct rdmactl_port_info info;
	uint32_t vendor_part_id;
	char driver[64];			/* struct rdmactl_dev_info's */
	struct rdmactl_stat *before, *after;
	bool has_roce;
	struct rdmactl_roce_info roce;
	unsigned int qos_read;			/* CHK_QOS_*: what check-qos.c read */
	struct rdmactl_qos_info qos[2];		/* the QoS chain at each snapshot */
	double qos_at[2];			/* when, CLOCK_MONOTONIC seconds */
};

/* struct chk_port's qos_read. */
enum {
	CHK_QOS_FIRST = 1 << 0,			/* qos[0] */
	CHK_QOS_SECOND = 1 << 1,		/* qos[1]: for the pause counters */
	CHK_QOS_FAILED = 1 << 2,		/* qos[0].dcb_errmsg: why the chain is unknown */
};

/*
 * A counter's rate limit, per second (0: it must never move). In
 * chk_driver_rules, counter is a meaning (rdmactl_counter_meaning()).
 */
struct chk_threshold {
	const char *counter;
	double per_second;
	enum chk_severity sev;
	const char *id, *remedy;
};

/* What a manifest expects of a port, of an IPoIB interface (check-expect.c). */
enum {
	EXP_STATE = 1 << 0, EXP_RATE = 1 << 1, EXP_WIDTH = 1 << 2, EXP_MTU = 1 << 3,
	EXP_ROCE_MODE = 1 << 4, EXP_IPOIB_MODE = 1 << 5,
};

struct chk_expect_port {
	char dev[RDMACTL_DEV_NAME_MAX];
	uint32_t port;
	unsigned int what;			/* EXP_* */
	uint8_t state, roce_mode, ipoib_mode;
	uint32_t rate_mbps, width, mtu;
	char ifname[16];			/* an ipoib line */
	unsigned int line;
};

struct chk_expect {
	struct cli_vec ports;			/* struct chk_expect_port */
	struct cli_vec modules;			/* char[32] */
};

struct chk_run {
	struct cli_vec ports;			/* struct chk_port */
	struct cli_vec ipoib;			/* struct rdmactl_ipoib_info */
	struct cli_vec gids;			/* struct rdmactl_gid_info */
	struct cli_vec findings;		/* struct chk_finding */
	struct chk_threshold *thresholds;
	size_t num_thresholds;
	const struct chk_expect *expect;
	double interval;			/* seconds between the snapshots */
	bool filtered;				/* DEV[/PORT] given: no system checks */
};

/* check-counters.c */
extern const struct chk_threshold chk_default_thresholds[];
extern const size_t chk_num_default_thresholds;
extern const struct chk_threshold chk_driver_rules[];
extern const size_t chk_num_driver_rules;
void chk_counters(struct chk_run *r, const struct chk_port *p);
/* A finding when counter a rose to b faster than t allows, or NULL. */
struct chk_finding *chk_rise(struct chk_run *r, const struct chk_port *p,
			     const struct chk_threshold *t, const struct rdmactl_counter *a,
			     const struct rdmactl_counter *b, double secs, const char *driver);

/*
 * check-qos.c: rdma_cm's defaults (snap 0) and the QoS chain (snap 0, and
 * 1 for its pause counters) of every Ethernet port; 0 or -errno. Then the
 * QoS rules of one port.
 */
int chk_roce_read(struct rdmactl *h, struct chk_run *r, int snap);
void chk_qos(struct chk_run *r, const struct chk_port *p);

/* check-rules.c */
struct chk_finding *chk_add(struct chk_run *r, const char *id, enum chk_severity sev,
			    const struct rdmactl_port_info *p, const char *remedy,
			    const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void chk_ev_num(struct chk_finding *f, const char *key, double v);
void chk_ev_str(struct chk_finding *f, const char *key, const char *v);
/* The port dev/port of the run, or NULL. */
struct chk_port *chk_port_of(const struct chk_run *r, const char *dev, uint32_t port);
void chk_port(struct chk_run *r, const struct chk_port *p);
void chk_ipoib(struct chk_run *r);
void chk_roce_addresses(struct chk_run *r, const struct chk_port *p);
void chk_system(struct chk_run *r);
void chk_expectations(struct chk_run *r);

/* check-print.c: the report, text or JSON; chk_colour: severities in colour. */
extern bool chk_colour;
void chk_print_finding(const struct chk_finding *f, bool stamp);
void chk_print_report(struct chk_run *r);
void chk_summary(const struct chk_run *r, int status);

/* check-expect.c: 0, or EXIT_USAGE after naming the file, line and reason. */
int chk_expect_load(const char *path, struct chk_expect *e, struct chk_run *r);
void chk_expect_dump(const struct chk_run *r);

#endif
