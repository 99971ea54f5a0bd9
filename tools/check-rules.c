// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The checks of rdmactl check, each a finding with a stable id, the
 * values it saw and a remedy: the folklore of ibstat and perfquery (INIT
 * is no subnet manager, POLLING no cable or peer) and the checks of
 * fabric health tools (NVIDIA's NIC health monitor, LBNL NHC, Azure's HPC
 * checks); the counters' are in check-counters.c. Documentation/check.md.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "check.h"

struct chk_finding *chk_add(struct chk_run *r, const char *id, enum chk_severity sev,
			    const struct rdmactl_port_info *p, const char *remedy,
			    const char *fmt, ...)
{
	struct chk_finding f = { .id = id, .sev = sev, .remedy = remedy };
	va_list ap;

	if (p) {
		snprintf(f.dev, sizeof(f.dev), "%s", p->dev_name);
		f.port = p->port;
		if (p->present & RDMACTL_PORT_HAS_NETDEV)
			snprintf(f.netdev, sizeof(f.netdev), "%s", p->netdev_name);
	}
	va_start(ap, fmt);
	vsnprintf(f.message, sizeof(f.message), fmt, ap);
	va_end(ap);
	if (cli_vec_push(&r->findings, &f)) {
		fprintf(stderr, "rdmactl: check: out of memory\n");
		exit(EXIT_ERROR);
	}
	return (struct chk_finding *)r->findings.items + r->findings.n - 1;
}

void chk_ev_num(struct chk_finding *f, const char *key, double v)
{
	if (f->num_ev < CHK_MAX_EVIDENCE)
		f->ev[f->num_ev++] = (struct chk_evidence){ .key = key, .is_num = true, .num = v };
}

void chk_ev_str(struct chk_finding *f, const char *key, const char *v)
{
	struct chk_evidence *e;

	if (f->num_ev >= CHK_MAX_EVIDENCE)
		return;
	e = &f->ev[f->num_ev++];
	*e = (struct chk_evidence){ .key = key };
	snprintf(e->str, sizeof(e->str), "%s", v);
}

/* --- Port state. */

static const char *const remedy_polling =
	"No signal: no cable, or the peer port is down or disabled. Check the cable and the peer port.";
static const char *const remedy_disabled =
	"The port is disabled. Enable it (ibportstate LID PORT enable, or on the switch).";
/* RoCE and iWARP: the port follows its netdev, which an administrator set down. */
static const char *const remedy_disabled_eth =
	"The port's netdev is administratively down. Bring it up (ip link set NETDEV up).";
static const char *const remedy_down =
	"The link is down. Reseat or replace the cable, and check the peer port.";
static const char *const remedy_no_sm =
	"No subnet manager has configured the port. Start one (systemctl start opensm), or enable the switch's SM.";
static const char *const remedy_init =
	"A subnet manager knows the port but has not activated it. Check its log (opensm.log) for this port's GUID.";
static const char *const remedy_armed =
	"The subnet manager has not finished activating the port. Wait a sweep, or check the SM.";
static const char *const remedy_width =
	"The link trained on fewer lanes than its peers: a damaged cable or a lane down. Reseat or replace the cable.";
static const char *const remedy_speed =
	"The link trained slower than its peers. Check the cable's rating and the peer port's speed.";

static void state_evidence(struct chk_finding *f, const struct rdmactl_port_info *p)
{
	chk_ev_str(f, "state", rdmactl_port_state_name(p->state));
	chk_ev_str(f, "physical_state", rdmactl_port_phys_state_name(p->phys_state));
}

/* Whether q is a peer of p: same link layer, same model or same device. */
static bool peer(const struct chk_port *p, const struct chk_port *q)
{
	return p != q && q->info.state == RDMACTL_PORT_ACTIVE &&
	       q->info.link_layer == p->info.link_layer &&
	       (!strcmp(q->info.dev_name, p->info.dev_name) ||
		(p->vendor_part_id && q->vendor_part_id == p->vendor_part_id));
}

static void chk_degraded(struct chk_run *r, const struct chk_port *p)
{
	const struct chk_port *ports = r->ports.items, *wide = NULL, *fast = NULL;
	struct chk_finding *f;
	size_t i;

	if (p->info.state != RDMACTL_PORT_ACTIVE || !(p->info.present & RDMACTL_PORT_HAS_WIDTH))
		return;
	for (i = 0; i < r->ports.n; i++) {
		const struct chk_port *q = &ports[i];

		if (!peer(p, q) || !(q->info.present & RDMACTL_PORT_HAS_WIDTH))
			continue;
		if (q->info.active_width > p->info.active_width &&
		    (!wide || q->info.active_width > wide->info.active_width))
			wide = q;
		if (q->info.active_speed > p->info.active_speed &&
		    (!fast || q->info.active_speed > fast->info.active_speed))
			fast = q;
	}
	if (wide) {
		f = chk_add(r, "port.degraded-width", CHK_WARNING, &p->info, remedy_width,
			    "runs %uX where %s/%u runs %uX", p->info.active_width,
			    wide->info.dev_name, wide->info.port, wide->info.active_width);
		chk_ev_num(f, "width", p->info.active_width);
		chk_ev_num(f, "peer_width", wide->info.active_width);
		chk_ev_num(f, "rate_mbps", p->info.rate_mbps);
	}
	if (fast) {
		f = chk_add(r, "port.degraded-speed", CHK_WARNING, &p->info, remedy_speed,
			    "runs at %s lanes where %s/%u runs %s",
			    rdmactl_port_speed_name(p->info.active_speed), fast->info.dev_name,
			    fast->info.port, rdmactl_port_speed_name(fast->info.active_speed));
		chk_ev_str(f, "speed", rdmactl_port_speed_name(p->info.active_speed));
		chk_ev_str(f, "peer_speed", rdmactl_port_speed_name(fast->info.active_speed));
	}
}

void chk_port(struct chk_run *r, const struct chk_port *p)
{
	const struct rdmactl_port_info *i = &p->info;
	bool ib = i->present & RDMACTL_PORT_HAS_IB;
	struct chk_finding *f = NULL;

	switch (i->state) {
	case RDMACTL_PORT_DOWN:
		if (i->phys_state == RDMACTL_PORT_PHYS_POLLING)
			f = chk_add(r, "port.polling", CHK_ERROR, i, remedy_polling,
				    "is DOWN and polling for a peer");
		else if (i->phys_state == RDMACTL_PORT_PHYS_DISABLED)
			f = chk_add(r, "port.disabled", CHK_ERROR, i,
				    ib ? remedy_disabled : remedy_disabled_eth, "is disabled");
		else
			f = chk_add(r, "port.down", CHK_ERROR, i, remedy_down, "is DOWN");
		break;
	case RDMACTL_PORT_INIT:
		if (ib && !i->sm_lid)
			f = chk_add(r, "port.no-sm", CHK_ERROR, i, remedy_no_sm,
				    "is INIT with no subnet manager (sm_lid 0)");
		else
			f = chk_add(r, "port.init", CHK_ERROR, i, remedy_init,
				    "is INIT: the link is up, the port not activated");
		break;
	case RDMACTL_PORT_ARMED:
		f = chk_add(r, "port.armed", CHK_WARNING, i, remedy_armed, "is ARMED, not ACTIVE");
		break;
	}
	if (f) {
		state_evidence(f, i);
		if (ib)
			chk_ev_num(f, "sm_lid", i->sm_lid);
	}
	chk_degraded(r, p);
}

/* --- IPoIB. */

static const char *const remedy_cm_mtu =
	"Connected mode pays off only with its large MTU: rdmactl ipoib set IF mode connected mtu 65520.";
static const char *const remedy_dg_mtu =
	"Datagram mode cannot carry this MTU: lower it, or rdmactl ipoib set IF mode connected.";
static const char *const remedy_pkey =
	"The subnet manager has not put the interface's P_Key in the port's table: add it to its partitions (opensm's partitions.conf).";

/* Whether the port's P_Key table (sysfs) holds pkey, as a member of either kind. */
static int pkey_in_table(const struct rdmactl_ipoib_info *ib, uint32_t len)
{
	char path[256], line[32];
	uint32_t i;
	int found = 0;

	for (i = 0; i < len && !found; i++) {
		FILE *fp;

		snprintf(path, sizeof(path), "/sys/class/infiniband/%s/ports/%u/pkeys/%u",
			 ib->dev_name, ib->port, i);
		fp = fopen(path, "r");
		if (!fp)
			return i ? found : -errno;
		if (fgets(line, sizeof(line), fp) &&
		    (strtoul(line, NULL, 16) & 0x7fff) == (ib->pkey & 0x7fffu))
			found = 1;
		fclose(fp);
	}
	return found;
}

struct chk_port *chk_port_of(const struct chk_run *r, const char *dev, uint32_t port)
{
	struct chk_port *p = r->ports.items;
	size_t i;

	for (i = 0; i < r->ports.n; i++)
		if (p[i].info.port == port && !strcmp(p[i].info.dev_name, dev))
			return &p[i];
	return NULL;
}

void chk_ipoib(struct chk_run *r)
{
	const struct rdmactl_ipoib_info *ib = r->ipoib.items;
	size_t i;

	for (i = 0; i < r->ipoib.n; i++) {
		const struct chk_port *p = chk_port_of(r, ib[i].dev_name, ib[i].port);
		struct chk_finding *f = NULL;
		char pkey[8];

		if (!p)
			continue;
		if (ib[i].mode == RDMACTL_IPOIB_CONNECTED && ib[i].max_mtu_datagram &&
		    ib[i].mtu <= ib[i].max_mtu_datagram)
			f = chk_add(r, "ipoib.connected-small-mtu", CHK_WARNING, &p->info,
				    remedy_cm_mtu, "%s is in connected mode with MTU %u, a datagram MTU",
				    ib[i].ifname, ib[i].mtu);
		else if (ib[i].mode == RDMACTL_IPOIB_DATAGRAM && ib[i].max_mtu_datagram &&
			 ib[i].mtu > ib[i].max_mtu_datagram)
			f = chk_add(r, "ipoib.mtu-too-large", CHK_ERROR, &p->info, remedy_dg_mtu,
				    "%s is in datagram mode with MTU %u, above its %u", ib[i].ifname,
				    ib[i].mtu, ib[i].max_mtu_datagram);
		if (f) {
			snprintf(f->netdev, sizeof(f->netdev), "%s", ib[i].ifname);
			chk_ev_str(f, "mode", rdmactl_ipoib_mode_name(ib[i].mode));
			chk_ev_num(f, "mtu", ib[i].mtu);
			chk_ev_num(f, "max_mtu_datagram", ib[i].max_mtu_datagram);
		}
		if (!ib[i].parent_ifindex || pkey_in_table(&ib[i], p->info.pkey_tbl_len) != 0)
			continue;
		snprintf(pkey, sizeof(pkey), "0x%04x", ib[i].pkey);
		f = chk_add(r, "ipoib.pkey-missing", CHK_ERROR, &p->info, remedy_pkey,
			    "%s's P_Key %s is not in the port's P_Key table", ib[i].ifname, pkey);
		snprintf(f->netdev, sizeof(f->netdev), "%s", ib[i].ifname);
		chk_ev_str(f, "pkey", pkey);
		chk_ev_num(f, "pkey_table_length", p->info.pkey_tbl_len);
	}
}

/* --- RoCE. */

static const char *const remedy_no_v2 =
	"rdma_cm cannot reach this address over routed RoCE. Is it on an upper device (bond, VLAN, macvlan) the port does not follow? See rdmactl gid show DEV.";
static const char *const remedy_v1 =
	"rdma_cm defaults to RoCE v1, which routers do not carry: rdmactl roce set DEV mode v2.";

static bool has_gid(const struct chk_run *r, const struct rdmactl_port_info *p,
		    const uint8_t gid[RDMACTL_GID_LEN], uint8_t type)
{
	const struct rdmactl_gid_info *g = r->gids.items;
	size_t i;

	for (i = 0; i < r->gids.n; i++)
		if (g[i].port == p->port && g[i].type == type && !strcmp(g[i].dev_name, p->dev_name) &&
		    !memcmp(g[i].gid, gid, RDMACTL_GID_LEN))
			return true;
	return false;
}

void chk_roce_addresses(struct chk_run *r, const struct chk_port *p)
{
	struct ifaddrs *ifa, *a;
	struct chk_finding *f;

	if (p->has_roce && (p->roce.present & RDMACTL_ROCE_HAS_CURRENT) &&
	    p->roce.mode == RDMACTL_GID_TYPE_ROCE_V1 &&
	    (p->roce.types & (1u << RDMACTL_GID_TYPE_ROCE_V2))) {
		f = chk_add(r, "roce.default-v1", CHK_WARNING, &p->info, remedy_v1,
			    "rdma_cm's default RoCE mode is v1; the port has v2");
		chk_ev_str(f, "mode", "v1");
	}
	/* iWARP and raw Ethernet ports (irdma, siw, mana) have no RoCE GIDs to want. */
	if (!p->has_roce || p->info.link_layer != RDMACTL_LINK_LAYER_ETHERNET ||
	    !(p->info.present & RDMACTL_PORT_HAS_NETDEV) || getifaddrs(&ifa))
		return;
	for (a = ifa; a; a = a->ifa_next) {
		uint8_t gid[RDMACTL_GID_LEN] = { 0 };
		char ip[INET6_ADDRSTRLEN];

		if (!a->ifa_addr || strcmp(a->ifa_name, p->info.netdev_name))
			continue;
		if (a->ifa_addr->sa_family == AF_INET) {
			gid[10] = gid[11] = 0xff;
			memcpy(gid + 12, &((struct sockaddr_in *)a->ifa_addr)->sin_addr, 4);
			inet_ntop(AF_INET, gid + 12, ip, sizeof(ip));
		} else if (a->ifa_addr->sa_family == AF_INET6) {
			memcpy(gid, &((struct sockaddr_in6 *)a->ifa_addr)->sin6_addr, 16);
			inet_ntop(AF_INET6, gid, ip, sizeof(ip));
		} else {
			continue;
		}
		if (has_gid(r, &p->info, gid, RDMACTL_GID_TYPE_ROCE_V2))
			continue;
		f = chk_add(r, "roce.no-v2-gid", CHK_WARNING, &p->info, remedy_no_v2,
			    "%s's address %s has no RoCE v2 GID", a->ifa_name, ip);
		chk_ev_str(f, "address", ip);
	}
	freeifaddrs(ifa);
}

/* --- The system. */

#define CHK_MEMLOCK_MIN (64ull << 20)

static const char *const remedy_memlock =
	"Verbs applications pin their buffers: raise the limit (\"* - memlock unlimited\" in /etc/security/limits.d/rdma.conf; LimitMEMLOCK=infinity for services).";
static const char *const remedy_module =
	"Load it (modprobe NAME); rdma-core's udev rules load it when an RDMA device appears.";
static const char *const remedy_version =
	"The CLI and the loaded module come from different releases: install matching packages and reload rdmactl.ko.";

/* PID 1's memlock limit (what services get): its soft value, or -1. */
static long long init_memlock(void)
{
	char line[256];
	long long v = -1;
	FILE *f = fopen("/proc/1/limits", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char soft[32];

		if (strncmp(line, "Max locked memory", 17) || sscanf(line + 17, "%31s", soft) != 1)
			continue;
		v = strcmp(soft, "unlimited") ? atoll(soft) : -2;
	}
	fclose(f);
	return v;
}

static void memlock(struct chk_run *r, const char *id, const char *whose, long long soft)
{
	struct chk_finding *f;

	if (soft < 0 || (unsigned long long)soft >= CHK_MEMLOCK_MIN)
		return;
	f = chk_add(r, id, CHK_WARNING, NULL, remedy_memlock,
		    "%s memlock limit is %lld KiB, below %llu MiB", whose, soft / 1024,
		    CHK_MEMLOCK_MIN >> 20);
	chk_ev_num(f, "memlock_bytes", soft);
	chk_ev_num(f, "minimum_bytes", CHK_MEMLOCK_MIN);
}

static bool module_loaded(const char *name)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/%s", name);
	f = fopen(path, "r");
	if (f)
		fclose(f);
	return f || errno == EISDIR;
}

void chk_system(struct chk_run *r)
{
	static const char *const modules[] = { "ib_uverbs", "ib_umad", "rdma_ucm" };
	struct rlimit rl;
	char version[64] = "";
	struct chk_finding *f;
	FILE *fp;
	size_t i;

	if (!getrlimit(RLIMIT_MEMLOCK, &rl) && rl.rlim_cur != RLIM_INFINITY)
		memlock(r, "system.memlock", "this session's", (long long)rl.rlim_cur);
	memlock(r, "system.memlock-services", "services' (PID 1's)", init_memlock());
	for (i = 0; i < sizeof(modules) / sizeof(modules[0]); i++) {
		if (module_loaded(modules[i]))
			continue;
		f = chk_add(r, "module.missing", CHK_WARNING, NULL, remedy_module,
			    "%s is not loaded", modules[i]);
		chk_ev_str(f, "module", modules[i]);
	}
	fp = fopen("/sys/module/rdmactl/version", "r");
	if (fp) {
		if (fgets(version, sizeof(version), fp))
			version[strcspn(version, "\n")] = '\0';
		fclose(fp);
	}
	if (*version && strcmp(version, RDMACTL_VERSION)) {
		f = chk_add(r, "module.version-mismatch", CHK_WARNING, NULL, remedy_version,
			    "rdmactl.ko is %s, the CLI %s", version, RDMACTL_VERSION);
		chk_ev_str(f, "module", version);
		chk_ev_str(f, "cli", RDMACTL_VERSION);
	}
}

/* --- A manifest's expectations. */

static const char *const remedy_exp_missing =
	"The manifest expects it and the system does not have it: check that the device's driver loaded.";
static const char *const remedy_exp_state =
	"The port is not in the state the manifest expects; see the port's own findings.";
static const char *const remedy_exp_rate =
	"The link runs slower than expected: check the cable's rating and the peer port, then reseat or replace the cable.";
static const char *const remedy_exp_mtu =
	"The active MTU differs from the manifest's: check the subnet manager's (or the switch's) MTU.";
static const char *const remedy_exp_roce =
	"Set it: rdmactl roce set DEV mode vN (kept across device resets).";
static const char *const remedy_exp_ipoib =
	"Set it: rdmactl ipoib set IF mode MODE.";
static const char *const remedy_exp_module =
	"The manifest needs it: modprobe NAME, and list it in /etc/modules-load.d/.";

static const struct rdmactl_ipoib_info *ipoib_of(const struct chk_run *r, const char *ifname)
{
	const struct rdmactl_ipoib_info *ib = r->ipoib.items;
	size_t i;

	for (i = 0; i < r->ipoib.n; i++)
		if (!strcmp(ib[i].ifname, ifname))
			return &ib[i];
	return NULL;
}

static void expect_port(struct chk_run *r, const struct chk_expect_port *e)
{
	struct rdmactl_port_info none = { .port = e->port };
	const struct chk_port *p = chk_port_of(r, e->dev, e->port);
	struct chk_finding *f;

	if (!p) {
		snprintf(none.dev_name, sizeof(none.dev_name), "%s", e->dev);
		chk_add(r, "expect.port-missing", CHK_ERROR, &none, remedy_exp_missing,
			"the port does not exist");
		return;
	}
	if ((e->what & EXP_STATE) && p->info.state != e->state) {
		f = chk_add(r, "expect.state", CHK_ERROR, &p->info, remedy_exp_state,
			    "is %s, expected %s", rdmactl_port_state_name(p->info.state),
			    rdmactl_port_state_name(e->state));
		chk_ev_str(f, "expected", rdmactl_port_state_name(e->state));
		state_evidence(f, &p->info);
	}
	if ((e->what & EXP_RATE) && p->info.rate_mbps < e->rate_mbps) {
		f = chk_add(r, "expect.rate", CHK_ERROR, &p->info, remedy_exp_rate,
			    "runs at %g Gb/s, below the %g Gb/s expected", p->info.rate_mbps / 1000.0,
			    e->rate_mbps / 1000.0);
		chk_ev_num(f, "rate_mbps", p->info.rate_mbps);
		chk_ev_num(f, "expected_rate_mbps", e->rate_mbps);
	}
	if ((e->what & EXP_WIDTH) && p->info.active_width < e->width) {
		f = chk_add(r, "expect.width", CHK_ERROR, &p->info, remedy_exp_rate,
			    "runs %uX, below the %uX expected", p->info.active_width, e->width);
		chk_ev_num(f, "width", p->info.active_width);
		chk_ev_num(f, "expected_width", e->width);
	}
	if ((e->what & EXP_MTU) && p->info.active_mtu != e->mtu) {
		f = chk_add(r, "expect.mtu", CHK_WARNING, &p->info, remedy_exp_mtu,
			    "active MTU %u, expected %u", p->info.active_mtu, e->mtu);
		chk_ev_num(f, "mtu", p->info.active_mtu);
		chk_ev_num(f, "expected_mtu", e->mtu);
	}
	if ((e->what & EXP_ROCE_MODE) &&
	    (!p->has_roce || !(p->roce.present & RDMACTL_ROCE_HAS_CURRENT) ||
	     p->roce.mode != e->roce_mode)) {
		f = chk_add(r, "expect.roce-mode", CHK_WARNING, &p->info, remedy_exp_roce,
			    "rdma_cm's default RoCE mode is %s, expected %s",
			    p->has_roce && (p->roce.present & RDMACTL_ROCE_HAS_CURRENT) ?
			    rdmactl_gid_type_name(p->roce.mode) : "unknown",
			    rdmactl_gid_type_name(e->roce_mode));
		chk_ev_str(f, "expected", rdmactl_gid_type_name(e->roce_mode));
	}
}

static void expect_ipoib(struct chk_run *r, const struct chk_expect_port *e)
{
	const struct rdmactl_ipoib_info *ib = ipoib_of(r, e->ifname);
	struct chk_finding *f;

	if (!ib) {
		f = chk_add(r, "expect.ipoib-missing", CHK_ERROR, NULL, remedy_exp_missing,
			    "IPoIB interface %s does not exist", e->ifname);
		snprintf(f->netdev, sizeof(f->netdev), "%s", e->ifname);
		return;
	}
	if ((e->what & EXP_IPOIB_MODE) && ib->mode != e->ipoib_mode) {
		f = chk_add(r, "expect.ipoib-mode", CHK_WARNING, NULL, remedy_exp_ipoib,
			    "%s is in %s mode, expected %s", ib->ifname,
			    rdmactl_ipoib_mode_name(ib->mode), rdmactl_ipoib_mode_name(e->ipoib_mode));
		snprintf(f->dev, sizeof(f->dev), "%s", ib->dev_name);
		f->port = ib->port;
		snprintf(f->netdev, sizeof(f->netdev), "%s", ib->ifname);
	}
	if ((e->what & EXP_MTU) && ib->mtu != e->mtu) {
		f = chk_add(r, "expect.ipoib-mtu", CHK_WARNING, NULL, remedy_exp_ipoib,
			    "%s has MTU %u, expected %u", ib->ifname, ib->mtu, e->mtu);
		snprintf(f->dev, sizeof(f->dev), "%s", ib->dev_name);
		f->port = ib->port;
		snprintf(f->netdev, sizeof(f->netdev), "%s", ib->ifname);
	}
}

void chk_expectations(struct chk_run *r)
{
	const struct chk_expect_port *e;
	const char (*m)[32];
	bool ipoib = false;
	size_t i;

	if (!r->expect)
		return;
	e = r->expect->ports.items;
	for (i = 0; i < r->expect->ports.n; i++) {
		if (e[i].ifname[0])
			expect_ipoib(r, &e[i]);
		else
			expect_port(r, &e[i]);
		ipoib |= e[i].ifname[0];
	}
	/* IPoIB is configured: its module is needed. */
	if (ipoib && !module_loaded("ib_ipoib")) {
		struct chk_finding *f = chk_add(r, "expect.module", CHK_ERROR, NULL, remedy_exp_module,
						"ib_ipoib is not loaded, and the manifest has IPoIB interfaces");

		chk_ev_str(f, "module", "ib_ipoib");
	}
	m = r->expect->modules.items;
	for (i = 0; i < r->expect->modules.n; i++) {
		struct chk_finding *f;

		if (module_loaded(m[i]))
			continue;
		f = chk_add(r, "expect.module", CHK_ERROR, NULL, remedy_exp_module,
			    "%s is not loaded", m[i]);
		chk_ev_str(f, "module", m[i]);
	}
}
