// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench: the timed pieces of `make bench`, one per subcommand, each printing
 * one number per line (nanoseconds unless said) for bench/in-vm to collect.
 *
 *   bench lib-snap               one snapshot of every port through librdmactl
 *   bench sysfs-snap             the same read from sysfs, as node_exporter
 *                                does: every file of ports/N/counters and
 *                                ports/N/hw_counters, opened and read
 *   bench exec CMD [ARG...]      CMD's wall time, its output to /dev/null
 *   bench evlat N STATEFILE      N port state changes through the fake HCA
 *                                knob, each until a librdmactl subscriber has
 *                                its event
 *   bench poll N MS STATEFILE SYSFS
 *                                N changes at random instants, each until a
 *                                poller reading SYSFS every MS ms sees it
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "librdmactl.h"

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static int die(const char *what, int err)
{
	fprintf(stderr, "bench: %s: %s\n", what, strerror(err < 0 ? -err : err));
	exit(1);
}

static int count_stat(const struct rdmactl_stat *s, void *arg)
{
	*(size_t *)arg += s->num_counters;
	return 0;
}

static int lib_snap(void)
{
	struct rdmactl *h;
	size_t counters = 0;
	uint64_t t0;
	int err;

	err = rdmactl_open(&h);
	if (err)
		die("rdmactl_open", err);
	t0 = now_ns();
	err = rdmactl_stat_list(h, NULL, 0, 0, count_stat, &counters);
	if (err)
		die(rdmactl_errmsg(h), err);
	printf("%llu\n", (unsigned long long)(now_ns() - t0));
	fprintf(stderr, "counters %zu\n", counters);
	rdmactl_close(h);
	return 0;
}

/* Read every file of dir; returns how many. */
static size_t read_dir(const char *dir)
{
	char path[1024], buf[64];
	struct dirent *e;
	size_t n = 0;
	DIR *d = opendir(dir);
	int fd;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		if (read(fd, buf, sizeof(buf)) > 0)
			n++;
		close(fd);
	}
	closedir(d);
	return n;
}

static int sysfs_snap(void)
{
	const char *base = "/sys/class/infiniband";
	char path[1024];
	struct dirent *dev, *port;
	size_t counters = 0;
	DIR *devs, *ports;
	uint64_t t0 = now_ns();

	devs = opendir(base);
	if (!devs)
		die(base, errno);
	while ((dev = readdir(devs))) {
		if (dev->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/ports", base, dev->d_name);
		ports = opendir(path);
		if (!ports)
			continue;
		while ((port = readdir(ports))) {
			if (port->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "%s/%s/ports/%s/counters", base, dev->d_name,
				 port->d_name);
			counters += read_dir(path);
			snprintf(path, sizeof(path), "%s/%s/ports/%s/hw_counters", base, dev->d_name,
				 port->d_name);
			counters += read_dir(path);
		}
		closedir(ports);
	}
	closedir(devs);
	printf("%llu\n", (unsigned long long)(now_ns() - t0));
	fprintf(stderr, "counters %zu\n", counters);
	return 0;
}

static int exec_time(char **argv)
{
	uint64_t t0 = now_ns();
	int status;
	pid_t pid = fork();

	if (pid < 0)
		die("fork", errno);
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);

		dup2(fd, 1);
		execvp(argv[0], argv);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	printf("%llu\n", (unsigned long long)(now_ns() - t0));
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

static void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || write(fd, text, strlen(text)) < 0)
		die(path, errno);
	close(fd);
}

struct want {
	uint8_t type;
	int seen;
};

static int on_event(const struct rdmactl_event_info *ev, void *arg)
{
	struct want *w = arg;

	if (ev->type == RDMACTL_EVENT_LOST)
		die("events were lost", EIO);
	if (ev->type == w->type)
		w->seen = 1;
	return 0;
}

static int evlat(int n, const char *knob)
{
	struct rdmactl *h;
	struct pollfd pfd;
	int i, err;

	err = rdmactl_open(&h);
	if (!err)
		err = rdmactl_events_subscribe(h);
	if (err)
		die("subscribing", err);
	pfd.fd = rdmactl_fd(h);
	pfd.events = POLLIN;
	for (i = 0; i < 2 * n; i++) {
		struct want w = { i % 2 ? RDMACTL_EVENT_PORT_ACTIVE : RDMACTL_EVENT_PORT_ERR, 0 };
		uint64_t t0 = now_ns();

		write_file(knob, i % 2 ? "active" : "down");
		while (!w.seen) {
			if (poll(&pfd, 1, 5000) != 1)
				die("no event within 5 s", ETIMEDOUT);
			err = rdmactl_events_read(h, on_event, &w);
			if (err)
				die("reading events", err);
		}
		/* Both directions count: each is one event. */
		printf("%llu\n", (unsigned long long)(now_ns() - t0));
	}
	rdmactl_close(h);
	return 0;
}

struct poller {
	const char *path;
	unsigned int ms;
	char want[16];
	uint64_t seen_at;
	pthread_mutex_t lock;
	int stop;
};

static void *poll_thread(void *arg)
{
	struct poller *p = arg;
	char buf[64];
	struct timespec ts = { p->ms / 1000, (long)(p->ms % 1000) * 1000000L };

	for (;;) {
		int fd = open(p->path, O_RDONLY);
		ssize_t len = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

		if (fd >= 0)
			close(fd);
		pthread_mutex_lock(&p->lock);
		if (p->stop) {
			pthread_mutex_unlock(&p->lock);
			return NULL;
		}
		/* sysfs says "1: DOWN" or "4: ACTIVE". */
		if (len > 0) {
			buf[len] = '\0';
			if (!p->seen_at && *p->want && strstr(buf, p->want))
				p->seen_at = now_ns();
		}
		pthread_mutex_unlock(&p->lock);
		nanosleep(&ts, NULL);
	}
}

static int poll_lat(int n, unsigned int ms, const char *knob, const char *sysfs)
{
	struct poller p = { .path = sysfs, .ms = ms, .lock = PTHREAD_MUTEX_INITIALIZER };
	pthread_t t;
	int i;

	srand((unsigned int)now_ns());
	pthread_create(&t, NULL, poll_thread, &p);
	for (i = 0; i < 2 * n; i++) {
		const char *to = i % 2 ? "active" : "down";
		struct timespec wait = { 0, (long)(rand() % (ms * 1000)) * 1000L };
		uint64_t t0, seen = 0;

		/* A random instant within the polling period. */
		nanosleep(&wait, NULL);
		pthread_mutex_lock(&p.lock);
		snprintf(p.want, sizeof(p.want), "%s", i % 2 ? "ACTIVE" : "DOWN");
		p.seen_at = 0;
		t0 = now_ns();
		write_file(knob, to);
		pthread_mutex_unlock(&p.lock);
		while (!seen) {
			usleep(1000);
			pthread_mutex_lock(&p.lock);
			seen = p.seen_at;
			pthread_mutex_unlock(&p.lock);
		}
		printf("%llu\n", (unsigned long long)(seen - t0));
	}
	pthread_mutex_lock(&p.lock);
	p.stop = 1;
	pthread_mutex_unlock(&p.lock);
	pthread_join(t, NULL);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 2 && !strcmp(argv[1], "lib-snap"))
		return lib_snap();
	if (argc >= 2 && !strcmp(argv[1], "sysfs-snap"))
		return sysfs_snap();
	if (argc >= 3 && !strcmp(argv[1], "exec"))
		return exec_time(argv + 2);
	if (argc == 4 && !strcmp(argv[1], "evlat"))
		return evlat(atoi(argv[2]), argv[3]);
	if (argc == 6 && !strcmp(argv[1], "poll"))
		return poll_lat(atoi(argv[2]), (unsigned int)atoi(argv[3]), argv[4], argv[5]);
	fprintf(stderr, "usage: bench lib-snap | sysfs-snap | exec CMD... | evlat N STATEFILE |"
			" poll N MS STATEFILE SYSFS\n");
	return 2;
}
