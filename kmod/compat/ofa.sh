#!/bin/sh
# Print DOCA-OFED's (MLNX_OFED's) build tree for the kernel at KDIR, or
# nothing when that kernel runs its own RDMA stack:
#
#   compat/ofa.sh KDIR
#
# OFED replaces ib_core and its friends; a module built against the
# kernel's headers cannot load beside it (its symbol CRCs differ), and one
# built against OFED's headers cannot load without it. OFED's DKMS package
# leaves what other modules build against (include/, its compat header and
# configuration, Module.symvers) in /usr/src/ofa_kernel/ARCH/KVER (its
# ofed_scripts/dkms_ofed_post_build.sh), older packages in
# /usr/src/ofa_kernel/KVER, a -devel package for one kernel in
# /usr/src/ofa_kernel/default: the places every out-of-tree RDMA module
# looks (nv_peer_mem, knem, OFED's own srp and iser). default counts only
# when its configure.mk.kernel names this kernel. A tree counts only while
# OFED's modules are installed for the kernel (its mlx_compat, which every
# OFED ib_core needs): removing OFED's RPM leaves the trees behind. OFA_DIR
# moves the trees' root, OFA_MODROOT the modules' (modinfo -b; tests).
set -eu
kdir=$1
base=${OFA_DIR:-/usr/src/ofa_kernel}
# The release DKMS and modprobe know it by (include/config/kernel.release
# says 6.1.192 in Debian's 6.1.0-56-amd64 headers).
kver=$(sed -n 's/^#define UTS_RELEASE "\(.*\)"$/\1/p' "$kdir/include/generated/utsrelease.h" 2>/dev/null)
[ -n "$kver" ] || exit 0
compat=$(modinfo -b "${OFA_MODROOT:-/}" -k "$kver" -F vermagic mlx_compat 2>/dev/null) || exit 0
complete() {
	[ -f "$1/Module.symvers" ] && [ -f "$1/include/linux/compat-2.6.h" ] && [ -s "$1/compat_base" ]
}
# The kernel's own trees, then those of the kernel OFED's modules were
# built for: RHEL's weak-updates link a kABI-compatible kernel's modules
# to an older kernel's build, whose tree is the only one.
built=${compat%% *}
for k in "$kver" "$built"; do
	for d in "$base/$(uname -m)/$k" "$base/$k"; do
		if complete "$d"; then
			echo "$d"
			exit 0
		fi
	done
	d=$base/default
	if complete "$d" && grep -qxF "KVERSION=$k" "$d/configure.mk.kernel" 2>/dev/null; then
		echo "$d"
		exit 0
	fi
done
