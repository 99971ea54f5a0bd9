// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * `rdmactl stat show` over a fixed snapshot, byte for byte: the CLI itself
 * (tools/, its main() renamed), the library's calls that would reach the
 * kernel wrapped (-Wl,--wrap) to hand it the snapshot below. Its output in
 * compact JSON, pretty JSON, text and text of errors only is compared with
 * tests/unit/golden/, written by the print path before issue 58 cut it:
 * a faster print path must print the same document.
 *
 *   test_stat_print                 compare with the golden files
 *   test_stat_print --update        write them (only for a change of output)
 *   test_stat_print --print N ARGS  the CLI over N synthetic ports, for perf
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "librdmactl.h"

int rdmactl_cli_main(int argc, char **argv);

/* Every kind of counter the print path treats apart. */
struct tmpl {
	const char *name;
	uint8_t source, width, unit;
	uint32_t flags;
};

#define PMA_ERR(n, w) { n, RDMACTL_SOURCE_PMA, w, RDMACTL_UNIT_EVENTS, \
			 RDMACTL_COUNTER_F_ERROR | RDMACTL_COUNTER_F_SATURATES }
static const struct tmpl port_counters[] = {
	PMA_ERR("symbol_error", 16),
	PMA_ERR("link_error_recovery", 8),
	PMA_ERR("link_downed", 8),
	PMA_ERR("port_rcv_errors", 16),
	{ "port_xmit_data", RDMACTL_SOURCE_PMA, 64, RDMACTL_UNIT_OCTETS_4, RDMACTL_COUNTER_F_WRAPS },
	{ "port_rcv_data", RDMACTL_SOURCE_PMA, 32, RDMACTL_UNIT_OCTETS_4,
	  RDMACTL_COUNTER_F_SATURATES },
	{ "port_xmit_packets", RDMACTL_SOURCE_PMA, 64, RDMACTL_UNIT_PACKETS, RDMACTL_COUNTER_F_WRAPS },
	{ "port_xmit_wait", RDMACTL_SOURCE_PMA, 32, RDMACTL_UNIT_TICKS, RDMACTL_COUNTER_F_SATURATES },
	/* The PMA's name again from the driver: text labels both. */
	{ "link_downed", RDMACTL_SOURCE_DRIVER, 64, RDMACTL_UNIT_UNSPEC, RDMACTL_COUNTER_F_WRAPS },
	{ "rx_write_requests", RDMACTL_SOURCE_DRIVER, 64, RDMACTL_UNIT_UNSPEC,
	  RDMACTL_COUNTER_F_WRAPS },
	{ "out_of_buffer", RDMACTL_SOURCE_DRIVER, 64, RDMACTL_UNIT_UNSPEC,
	  RDMACTL_COUNTER_F_WRAPS | RDMACTL_COUNTER_F_ERROR },
	{ "rx_icrc_encapsulated", RDMACTL_SOURCE_DRIVER, 64, RDMACTL_UNIT_UNSPEC,
	  RDMACTL_COUNTER_F_WRAPS | RDMACTL_COUNTER_F_OPTIONAL },
	{ "np_cnp_sent", RDMACTL_SOURCE_DRIVER, 64, RDMACTL_UNIT_UNSPEC,
	  RDMACTL_COUNTER_F_WRAPS | RDMACTL_COUNTER_F_CORE },
	{ "rp_cnp_handled", RDMACTL_SOURCE_DRIVER, 64, RDMACTL_UNIT_UNSPEC,
	  RDMACTL_COUNTER_F_WRAPS | RDMACTL_COUNTER_F_BASELINED },
	/* A name JSON must escape: the fast path gives way to the slow. */
	{ "odd\"name\\\tx", RDMACTL_SOURCE_DRIVER, 64, RDMACTL_UNIT_UNSPEC,
	  RDMACTL_COUNTER_F_WRAPS },
};

static const struct tmpl dev_counters[] = {
	{ "num_qps", RDMACTL_SOURCE_DRIVER_DEVICE, 64, RDMACTL_UNIT_UNSPEC, RDMACTL_COUNTER_F_WRAPS },
	{ "num_cqs", RDMACTL_SOURCE_DRIVER_DEVICE, 64, RDMACTL_UNIT_UNSPEC, RDMACTL_COUNTER_F_WRAPS },
};

#define NT(a) (sizeof(a) / sizeof((a)[0]))

/* Values of every size, zeros and counters stuck at their maximum. */
static uint64_t value_of(unsigned int n, const struct tmpl *t)
{
	uint64_t x = (uint64_t)n * 0x9e3779b97f4a7c15ULL;

	x ^= x >> 29;
	switch (n % 7) {
	case 0:
		return 0;
	case 1:
		return t->width < 64 ? (1ULL << t->width) - 1 : UINT64_MAX;
	case 2:
		return x & 0xff;
	default:
		return t->width < 64 ? x & ((1ULL << t->width) - 1) : x;
	}
}

static unsigned int nports = 6;

/* The snapshot: devices of 4 ports, each device's counters first (port 0). */
int __wrap_rdmactl_stat_list(struct rdmactl *h, const char *dev, uint32_t port,
			     unsigned int flags, rdmactl_stat_cb cb, void *arg)
{
	struct rdmactl_counter c[NT(port_counters)];
	unsigned int i, p, n = 0;
	int err;

	(void)h, (void)dev, (void)port, (void)flags;
	for (p = 0; p < nports + (nports + 3) / 4; p++) {
		struct rdmactl_stat s = { .dev_index = 1 + p / 5, .port = p % 5 };
		const struct tmpl *t = s.port ? port_counters : dev_counters;
		size_t nt = s.port ? NT(port_counters) : NT(dev_counters);

		snprintf(s.dev_name, sizeof(s.dev_name), "mlx5_%u", p / 5);
		s.timestamp_ns = 1000000000ULL * (100 + p) + 12345;
		s.pma_set = s.port ? (p % 3 ? RDMACTL_PMA_EXT : RDMACTL_PMA_BASIC) : 0;
		s.hw_partial = p % 4 == 2;
		s.core_ns = p % 3 == 1 ? s.timestamp_ns + 1500000 : 0;
		s.baseline_ns = p % 5 == 3 ? s.timestamp_ns - 2500000000ULL : 0;
		if (p == 3) {
			s.hw_error = -EIO;
			s.hw_retry_ms = 2500;
		}
		if (p == 4) {
			s.pma_error = -ETIMEDOUT;
			s.pma_retry_ms = 1000;
		}
		for (i = 0; i < nt; i++, n++) {
			c[i] = (struct rdmactl_counter) {
				.name = t[i].name, .value = value_of(n, &t[i]),
				.flags = t[i].flags, .source = t[i].source,
				.width = t[i].width, .unit = t[i].unit,
			};
			c[i].bytes = c[i].value * 4;
		}
		s.counters = c;
		s.num_counters = nt;
		err = cb(&s, arg);
		if (err)
			return err;
	}
	return 0;
}

int __wrap_rdmactl_open(struct rdmactl **h)
{
	*h = (struct rdmactl *)&nports;		/* never followed */
	return 0;
}

void __wrap_rdmactl_close(struct rdmactl *h)
{
	(void)h;
}

/* The CLI in a child, its stdout into file: its exit status. */
static int cli_to(const char *file, char **argv)
{
	int argc = 0, status;
	pid_t pid;

	while (argv[argc])
		argc++;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0)
			_exit(126);
		close(fd);
		_exit(rdmactl_cli_main(argc, argv));
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static char *slurp(const char *file, size_t *len)
{
	FILE *f = fopen(file, "r");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n) {
		buf[n] = '\0';
		*len = (size_t)n;
	} else {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static const struct variant {
	const char *golden;
	char *argv[6];
} variants[] = {
	{ "stat-show.json", { "rdmactl", "-j", "stat", "show", NULL } },
	{ "stat-show-pretty.json", { "rdmactl", "-j", "-p", "stat", "show", NULL } },
	{ "stat-show.txt", { "rdmactl", "stat", "show", NULL } },
	{ "stat-show-errors.txt", { "rdmactl", "stat", "show", "errors", NULL } },
	{ "stat-show-errors.json", { "rdmactl", "-j", "stat", "show", "errors", NULL } },
};

int main(int argc, char **argv)
{
	char out[] = "/tmp/rdmactl-stat-print-XXXXXX", golden[512], kept[600];
	bool update = argc > 1 && !strcmp(argv[1], "--update");
	size_t i;
	int fd;

	if (argc > 2 && !strcmp(argv[1], "--print")) {
		nports = (unsigned int)strtoul(argv[2], NULL, 10);
		argv[2] = "rdmactl";
		return rdmactl_cli_main(argc - 2, argv + 2);
	}
	fd = mkstemp(out);
	if (fd < 0) {
		perror("mkstemp");
		return 1;
	}
	close(fd);
	for (i = 0; i < NT(variants); i++) {
		const struct variant *v = &variants[i];
		char *want, *got;
		size_t wlen = 0, glen = 0;
		bool same;
		int rc;

		snprintf(golden, sizeof(golden), "%s/%s", GOLDEN_DIR, v->golden);
		rc = cli_to(update ? golden : out, (char **)v->argv);
		CHECK(rc == 0, "%s: the CLI exits 0 (%d)", v->golden, rc);
		if (update)
			continue;
		want = slurp(golden, &wlen);
		got = slurp(out, &glen);
		same = want && got && wlen == glen && !memcmp(want, got, wlen);
		/* What differs is kept, for diff(1). */
		snprintf(kept, sizeof(kept), "%s-%s", out, v->golden);
		if (!same)
			rename(out, kept);
		CHECK(same, "%s: byte for byte the print path's document before issue 58 "
		      "(%zu bytes; %zu now, in %s)", v->golden, wlen, glen, same ? "-" : kept);
		free(want);
		free(got);
	}
	unlink(out);
	return DONE();
}
