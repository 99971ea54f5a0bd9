// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cfgstall: hold a directory's inode lock, shared, for SECONDS, as anyone
 * who may list the directory can: getdents64() into a page that
 * userfaultfd leaves missing, so the kernel's copy of the first entry
 * waits, the lock held, until the fault is resolved. A mkdir or rmdir in
 * the directory (rdmactl's in rdma_cm's configfs) waits as long. Prints
 * "stalled" once the listing waits, then resolves the fault after SECONDS.
 * Needs root (a fault taken by the kernel), or vm.unprivileged_userfaultfd.
 *
 *   cfgstall DIR SECONDS
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static void *page;
static long page_size;
static const char *dir;

static void *lister(void *arg)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
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

int main(int argc, char **argv)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_MISSING };
	struct uffdio_zeropage zero = { 0 };
	struct uffd_msg msg;
	struct pollfd pfd;
	pthread_t t;
	void *res;
	int uffd;

	if (argc != 3) {
		fprintf(stderr, "usage: cfgstall DIR SECONDS\n");
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
	if (pthread_create(&t, NULL, lister, NULL))
		return 1;

	pfd.fd = uffd;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, 10000) != 1 || read(uffd, &msg, sizeof(msg)) != sizeof(msg) ||
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
