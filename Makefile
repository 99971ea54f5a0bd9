# rdmactl: see README.md. This file is thin; each folder has its own rules.
# The one version string of the project: module, library, CLI, dkms.conf.
VERSION := 0.1.0

BUILD ?= $(CURDIR)/build
PREFIX ?= /usr/local
export VERSION BUILD PREFIX

all: user tools

user:
	$(MAKE) -C user

tools: user
	$(MAKE) -C tools

# The module for one kernel: make module KVER=6.1.0-56-amd64. It is built
# in a copy of the sources under build/KVER, so kernels do not mix. KDIR
# names a kernel tree outside /lib/modules (the debug kernel's); with
# RDMACTL_KUNIT=1 its KUnit suites are built too (rdmactl_kunit.ko).
# Warnings are errors here; DKMS's build (dkms.conf) keeps them warnings.
KDIR ?= /lib/modules/$(KVER)/build
# OFA=DIR builds against DOCA-OFED's ib_core there (kmod/compat/ofa.sh), in
# build/KVER-ofed: one kernel's two builds side by side (tests/vm/run --kernel ofed).
MODBUILD = $(BUILD)/$(KVER)$(if $(OFA),-ofed)

module:
	@test -n "$(KVER)" || { echo "make module: set KVER (a kernel release in /lib/modules)"; exit 2; }
	mkdir -p $(MODBUILD)
	cp -a kmod uapi Makefile $(MODBUILD)/
	$(MAKE) -C $(MODBUILD)/kmod KDIR=$(KDIR) RDMACTL_KUNIT=$(RDMACTL_KUNIT) RDMACTL_WERROR=y

# The test-only fake HCA for one kernel (tests/fakehca); never installed.
fakehca:
	@test -n "$(KVER)" || { echo "make fakehca: set KVER (a kernel release in /lib/modules)"; exit 2; }
	mkdir -p $(MODBUILD)/tests
	cp -a tests/fakehca $(MODBUILD)/tests/
	mkdir -p $(MODBUILD)/kmod/compat
	cp -a kmod/compat/probe.sh kmod/compat/ofa.sh $(MODBUILD)/kmod/compat/
	$(MAKE) -C $(MODBUILD)/tests/fakehca KDIR=$(KDIR)

# Install what the tests and the demo need (apt; sudo when not root).
deps:
	tests/deps

# Every test: unit tests, module builds, DKMS, and the VM tests on both kernels.
check:
	tests/check

# The edit loop's tests, about 15 minutes warm on a slow machine: unit, style, spec, the
# module on 6.12 and one boot of 6.12 with every suite of a line.
check-quick:
	tests/check-quick

# The debug kernel's suites alone (KUnit, fuzzer, permissions, stress);
# longer with FUZZ_MESSAGES=N STRESS_SECONDS=N, repeated with FUZZ_SEED=N.
check-debug: all
	RDMACTL_FUZZ_MESSAGES=$(FUZZ_MESSAGES) RDMACTL_STRESS_SECONDS=$(STRESS_SECONDS) \
		RDMACTL_FUZZ_SEED=$(FUZZ_SEED) tests/vm/run --kernel debug --fakehca '' --line --debug

# Install what it needs, boot 6.12 (DEMO_KERNELS="6.12 7.2" for more) in
# QEMU, and show each of rdmactl's commands at work, step by step (tests/demo).
demo:
	tests/demo

# Benchmarks against sysfs scraping, rdma statistic, show_gids and polling,
# in the VM (not part of check): bench/results/, Documentation/benchmarks.md.
bench:
	bench/run

# checkpatch --strict over the module's sources.
style:
	tests/style.sh

# What is generated from the netlink spec (Documentation/netlink/specs/
# rdmactl.yaml), committed, and checked by tests/spec.sh: the uapi header,
# the module's policies and ops, the library's attribute types and names
# of the enums, nlraw's names and nlfuzz's table of requests.
regen:
	scripts/spec.py uapi >uapi/linux/rdmactl.h
	scripts/spec.py kernel-source >kmod/netlink-gen.c
	scripts/spec.py kernel-header >kmod/netlink-gen.h
	scripts/spec.py lib-types >user/attr-types.h
	scripts/spec.py lib-names >user/names.c
	scripts/spec.py nlraw-names >tests/integration/nlraw-names.h
	scripts/spec.py nlfuzz-requests >tests/integration/nlfuzz-requests.h

# Everything but the module (dkms-install, or the rdmactl-dkms package):
# CLI, library, headers, pkg-config file, man pages, bash completion, and
# an example modules-load.d file. DESTDIR and PREFIX are honoured.
SBINDIR ?= $(PREFIX)/sbin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/rdmactl
COMPLETIONSDIR ?= $(PREFIX)/share/bash-completion/completions
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
UDEVRULESDIR ?= $(PREFIX)/lib/udev/rules.d
EXPORTERDOCDIR ?= $(PREFIX)/share/doc/rdmactl-exporter
# The exporter's options, read by its unit and named in its man page:
# Debian's /etc/default; the RPM's /etc/sysconfig (packaging/rpm).
EXPORTER_ENVFILE ?= /etc/default/rdmactl-exporter
install: all
	$(MAKE) -C user install
	$(MAKE) -C tools install
	install -d $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(MANDIR)/man3 \
		$(DESTDIR)$(COMPLETIONSDIR) $(DESTDIR)$(DOCDIR)/examples/modules-load.d
	for m in Documentation/man/*.[38]; do \
		sed -e 's/@VERSION@/$(VERSION)/' -e 's|/etc/default/rdmactl-exporter|$(EXPORTER_ENVFILE)|' \
			$$m >$(DESTDIR)$(MANDIR)/man$${m##*.}/$${m##*/}; \
	done
	install -m 0644 tools/rdmactl.bash-completion $(DESTDIR)$(COMPLETIONSDIR)/rdmactl
	install -d $(DESTDIR)$(UDEVRULESDIR)
	sed 's|@SBINDIR@|$(SBINDIR)|' udev/90-rdmactl.rules.in \
		>$(DESTDIR)$(UDEVRULESDIR)/90-rdmactl.rules
	install -m 0644 examples/modules-load.d/rdmactl.conf $(DESTDIR)$(DOCDIR)/examples/modules-load.d/
	install -d $(DESTDIR)$(SYSTEMDUNITDIR) $(DESTDIR)$(EXPORTERDOCDIR)/examples
	sed -e 's|@SBINDIR@|$(SBINDIR)|' -e 's|/etc/default/rdmactl-exporter|$(EXPORTER_ENVFILE)|' \
		tools/exporter/rdmactl-exporter.service \
		>$(DESTDIR)$(SYSTEMDUNITDIR)/rdmactl-exporter.service
	install -m 0644 tools/exporter/prometheus.yml tools/exporter/rdma-alerts.yml \
		tools/exporter/rdma-hosts.yml tools/exporter/rdmactl-exporter.default \
		$(DESTDIR)$(EXPORTERDOCDIR)/examples/

# Install the module's sources where DKMS looks for them.
dkms-install:
	mkdir -p $(DESTDIR)/usr/src/rdmactl-$(VERSION)
	cp -a dkms.conf Makefile kmod uapi $(DESTDIR)/usr/src/rdmactl-$(VERSION)/
	rm -f $(DESTDIR)/usr/src/rdmactl-$(VERSION)/kmod/compat/generated.h

# The release tarball, rdmactl-VERSION.tar.gz in build/: what HEAD holds
# (git archive), so commit first.
DIST := $(BUILD)/rdmactl-$(VERSION).tar.gz
dist:
	mkdir -p $(BUILD)
	git archive --format=tar.gz --prefix=rdmactl-$(VERSION)/ -o $(DIST) HEAD

# The RPMs (packaging/rpm/rdmactl.spec) from that tarball, in a private
# rpmbuild tree, build/rpm (RPMS/, SRPMS/). Where rpm's database is not the
# system's (Debian, where the tests build them), build dependencies go
# unchecked and packaging/rpm/macros.debian gives rpmbuild what RHEL's has.
# RPMBUILDFLAGS adds to rpmbuild's command line.
RPMTOPDIR ?= $(BUILD)/rpm
RPM_HOST_FLAGS = $(if $(shell rpm -q --quiet rpm && echo y),,--nodeps --load=$(CURDIR)/packaging/rpm/macros.debian)
rpm: dist
	rm -rf $(addprefix $(RPMTOPDIR)/,BUILD BUILDROOT RPMS SRPMS)
	mkdir -p $(RPMTOPDIR)
	rpmbuild -ta --define '_topdir $(RPMTOPDIR)' $(RPM_HOST_FLAGS) $(RPMBUILDFLAGS) $(DIST)

clean:
	rm -rf $(BUILD)

.PHONY: all user tools module fakehca deps check check-quick check-debug demo bench style regen install dkms-install \
	dist rpm clean
