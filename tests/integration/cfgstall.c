// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cfgstall: hold a directory's inode lock, shared, for SECONDS, as anyone
 * who may list the directory can: getdents64() into a page that
 * userfaultfd leaves missing, so the kernel's copy of the first entry
 * waits, the lock held, until the fault is resolved. A mkdir or rmdir in
 * the directory (rdmactl's in rdma_cm's configfs) waits as long. Prints
 * "stalled" once the listing waits, then resolves the fault after SECONDS,
 * or at once on SIGUSR1 (a test done with the hold: the listing ends as
 * it would have; before "stalled", SIGUSR1 ends the wait for the fault).
 * Needs root (a fault taken by the kernel), or vm.unprivileged_userfaultfd.
 *
 *   cfgstall [-w PARENT] DIR SECONDS
 *
 * -w: DIR does not exist yet. Watch PARENT with inotify, print "watching",
 * and list DIR as soon as an entry made in PARENT lets it open: the
 * window between someone's mkdir of PARENT/X and rmdir of it, as an
 * unprivileged user who may list PARENT can catch it.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <string.h>
#include <sys/inotify.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static void *page;
static long page_size;
static const char *dir;
static int watch_fd = -1;

/* DIR opened once it exists: after each entry made in PARENT, with -w. */
static int open_dir(void)
{
	char ev[sizeof(struct inotify_event) + 256];
	int fd;

	while ((fd = open(dir, O_RDONLY | O_DIRECTORY)) < 0 && watch_fd >= 0) {
		if (read(watch_fd, ev, sizeof(ev)) < 0) {
			perror("inotify");
			exit(1);
		}
	}
	return fd;
}

static void *lister(void *arg)
{
	int fd = open_dir();
	long n;

	(void)arg;
	if (fd < 0) {
		perror(dir);
		exit(1);
	}
	n = syscall(SYS_getdents64, fd, page, page_size);
	close(fd);
	return (void *)n;
}

/* SIGUSR1's handler: that sleep() and poll() return is all it is for. */
static void on_release(int sig)
{
	(void)sig;
}

int main(int argc, char **argv)
{
	struct sigaction release = { .sa_handler = on_release };
	sigset_t usr1;
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_MISSING };
	struct uffdio_zeropage zero = { 0 };
	struct uffd_msg msg;
	struct pollfd pfd;
	pthread_t t;
	void *res;
	int uffd;

	if (argc == 5 && !strcmp(argv[1], "-w")) {
		watch_fd = inotify_init1(IN_CLOEXEC);
		if (watch_fd < 0 || inotify_add_watch(watch_fd, argv[2], IN_CREATE) < 0) {
			perror(argv[2]);
			return 1;
		}
		argv += 2;
		argc -= 2;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: cfgstall [-w PARENT] DIR SECONDS\n");
		return 2;
	}
	dir = argv[1];
	page_size = sysconf(_SC_PAGESIZE);
	uffd = syscall(SYS_userfaultfd, O_CLOEXEC);
	if (uffd < 0 || ioctl(uffd, UFFDIO_API, &api)) {
		perror("userfaultfd");
		return 1;
	}
	page = mmap(NULL, page_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	reg.range.start = (unsigned long)page;
	reg.range.len = page_size;
	if (ioctl(uffd, UFFDIO_REGISTER, &reg)) {
		perror("UFFDIO_REGISTER");
		return 1;
	}
	/* Caught here, not in the lister's fault: it blocks SIGUSR1. No
	 * SA_RESTART, so that the sleep below ends at it. */
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigaction(SIGUSR1, &release, NULL);
	pthread_sigmask(SIG_BLOCK, &usr1, NULL);
	if (pthread_create(&t, NULL, lister, NULL))
		return 1;
	pthread_sigmask(SIG_UNBLOCK, &usr1, NULL);

	if (watch_fd >= 0) {
		printf("watching\n");
		fflush(stdout);
	}
	pfd.fd = uffd;
	pfd.events = POLLIN;
	/* With -w, as long as DIR takes to appear: a minute at most. */
	if (poll(&pfd, 1, watch_fd >= 0 ? 60000 : 10000) != 1 || read(uffd, &msg, sizeof(msg)) != sizeof(msg) ||
	    msg.event != UFFD_EVENT_PAGEFAULT) {
		fprintf(stderr, "cfgstall: the listing of %s did not fault\n", dir);
		return 1;
	}
	printf("stalled\n");
	fflush(stdout);
	sleep(atoi(argv[2]));

	zero.range.start = (unsigned long)page;
	zero.range.len = page_size;
	if (ioctl(uffd, UFFDIO_ZEROPAGE, &zero)) {
		perror("UFFDIO_ZEROPAGE");
		return 1;
	}
	pthread_join(t, &res);
	printf("listed: %ld bytes\n", (long)res);
	return 0;
}
