# Shared by the VM scripts: which Debian kernel a short name means.
# shellcheck shell=bash

# The Debian meta-packages behind each kernel we test on. apt decides the
# patch level; nothing here names one.
vm_image_pkg() {
	case "$1" in
	6.1) echo linux-image-amd64 ;;
	6.12) echo linux-image-6.12-amd64 ;;
	*) return 1 ;;
	esac
}

vm_headers_pkg() {
	case "$1" in
	6.1) echo linux-headers-amd64 ;;
	6.12) echo linux-headers-6.12-amd64 ;;
	*) return 1 ;;
	esac
}

# The kernel release (uname -r) an installed meta-package points to: the
# image's, or the headers' when only they are installed (make demo's
# kernel is unpacked for QEMU, not installed: tests/vm/unpack-kernel).
vm_kver() {
	local pkg dep
	pkg=$(vm_image_pkg "$1") || { echo "unknown kernel '$1' (use 6.1 or 6.12)" >&2; return 1; }
	dep=$(vm_installed_depends "$pkg") ||
		dep=$(vm_installed_depends "$(vm_headers_pkg "$1")") || {
		echo "neither $pkg nor $(vm_headers_pkg "$1") is installed: run 'make deps'" >&2
		return 1
	}
	dep=${dep#linux-image-}
	echo "${dep#linux-headers-}"
}

# The first dependency of an installed package (not one removed with its
# configuration kept).
vm_installed_depends() {
	local s
	s=$(dpkg-query -W -f '${db:Status-Status} ${Depends}' "$1" 2>/dev/null) || return 1
	[ "${s%% *}" = installed ] || return 1
	s=${s#installed }
	echo "${s%% *}"
}

vm_cache_dir() {
	echo "${RDMACTL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rdmactl}"
}

# make check's and check-quick's builds of the module, here and in the
# build roots (which take these over), share two caches in the cache
# directory: ccache's (first in PATH: Debian's ccache links), and the
# compat probes' verdicts by their inputs (kmod/compat/probe.sh). The
# module is compiled from scratch each time, by make, DKMS and the
# packages, against every line; what did not change comes from them.
vm_build_caches() {
	local c
	c=$(vm_cache_dir)
	export RDMACTL_PROBE_CACHE=$c/probes
	[ -d /usr/lib/ccache ] || return 0
	export CCACHE_DIR=$c/ccache CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-2G}
	case ":$PATH:" in *:/usr/lib/ccache:*) ;; *) export PATH=/usr/lib/ccache:$PATH ;; esac
}

# The kernel lines outside Debian 12, each from its own suite, built
# against and booted from a build root (tests/vm/buildroot).
vm_suite_of_line() {
	case "$1" in
	5.10) echo bullseye ;;
	7.2) echo sid ;;
	*) return 1 ;;
	esac
}

vm_line_of() {
	case "$1" in
	bullseye) echo 5.10 ;;
	sid) echo 7.2 ;;
	*) return 1 ;;
	esac
}

# Every kernel line the project supports, oldest first.
vm_lines() {
	echo 5.10 6.1 6.12 7.2
}

# The RHEL lines: kernels built from AlmaLinux's source in
# ../shared/vendor/ (tests/vm/rhel-kernel), booted with --kernel LINE:
# RHEL 9's and RHEL 10's production flavour, and RHEL 10's kernel-debug
# (make check's debug kernel, --kernel debug).
vm_rhel_lines() {
	echo rhel9 rhel10 rhel10-debug
}

vm_is_rhel_line() {
	case "$1" in
	rhel9 | rhel10 | rhel10-debug) return 0 ;;
	*) return 1 ;;
	esac
}
