#!/bin/bash
# A RHEL host's way to the module: rdmactl-dkms's payload (the RPM that
# make rpm makes from the working tree, tests/snapshot) built by DKMS against a RHEL
# test kernel's build tree (tests/vm/rhel-kernel: what kernel-devel holds)
# with that kernel's compiler (its compiler root). It leaves the module in
# build/rhel-dkms/LINE/rdmactl.ko, which make check's VM of the line loads
# (tests/vm/run --module) to run the line's suites on it.
#
#   tests/rhel-dkms.sh rhel9|rhel10
#
# make check runs the two lines side by side: the RPMs are made once.
. "$(dirname "$0")/lib.sh"
line=${1:?usage: tests/rhel-dkms.sh rhel9|rhel10}
T_NAME=rhel-dkms-$line
top=$(cd "$(dirname "$0")/.." && pwd)
# make check's make exports BUILD (and VERSION, PREFIX, its MAKEFLAGS):
# the snapshot's make must use its own.
unset BUILD VERSION PREFIX MAKEFLAGS MFLAGS MAKELEVEL
version=$(sed -n 's/^VERSION *:*= *//p' "$top/Makefile")

built=$("$top/tests/vm/rhel-kernel" "$line") || {
	t_fail "no $line kernel (tests/vm/rhel-kernel $line)"
	t_done
	exit 1
}
kver=$(cat "$built/kernelrelease")
in_root() { "$top/tests/vm/buildroot" "$(cat "$built/suite")" -- "$@"; }

# The RPMs of the working tree as it is (tests/snapshot: edits and new
# files included, HEAD in CI's clone), once for both lines, keyed by its
# content: under the repo's build/, which the compiler roots see
# (buildroot binds the repo), as the VM does (/mnt/rdmactl).
base=$top/build/rhel-dkms
mkdir -p "$base"
exec 9>"$base/.rpm.lock"
flock 9
tree=$("$top/tests/snapshot" "$base/src")
rpm=$base/rpm-$tree/rdmactl-dkms-$version-1.noarch.rpm
if [ ! -f "$rpm" ]; then
	rm -rf "$base"/rpm-*
	t_run "make rpm of the working tree (${tree:0:12})" 0 sh -c "make -C '$base/src' rpm \
		RPMBUILDFLAGS=\"--define '_smp_mflags -j1' --define '_smp_build_ncpus 1'\" >'$base/rpm.log' 2>&1"
	[ "$T_FAIL" = 0 ] || tail -30 "$base/rpm.log"
	mkdir -p "$base/rpm-$tree"
	cp "$base/src/build/rpm/RPMS/noarch/rdmactl-dkms-$version-1.noarch.rpm" "$rpm" 2>/dev/null
fi
rm -rf "$base/src"
flock -u 9
t_eq "rdmactl-dkms-$version-1.noarch.rpm, made from the working tree" "yes" "$([ -f "$rpm" ] && echo yes)"

# DKMS as on RHEL: the tree kernel-devel would hold (the kernel's build
# directory), one job, a private DKMS tree.
work=$base/$line
rm -rf "$work"
mkdir -p "$work/payload" "$work/dkms"
(cd "$work/payload" && rpm2cpio "$rpm" | cpio -idm --quiet)
t_eq "its payload holds dkms.conf" "yes" \
	"$([ -f "$work/payload/usr/src/rdmactl-$version/dkms.conf" ] && echo yes)"
dk=(-m rdmactl -v "$version" --sourcetree "$work/payload/usr/src" --dkmstree "$work/dkms")
t_run "dkms add" 0 in_root dkms add "${dk[@]}"
cc=$(in_root gcc -dumpfullversion)
t_run "dkms build against $kver, with gcc $cc" 0 \
	in_root dkms build -j 1 "${dk[@]}" -k "$kver" --kernelsourcedir "$built/build"
[ "$T_FAIL" = 0 ] || tail -30 "$work/dkms/rdmactl/$version/build/make.log" 2>/dev/null
ko=$(find "$work/dkms" -name 'rdmactl.ko*' | head -1)
t_eq "it built rdmactl.ko $version for $kver" "$kver $version" \
	"$(modinfo -F vermagic "$ko" 2>/dev/null | cut -d' ' -f1) $(modinfo -F version "$ko" 2>/dev/null)"
t_match "with the kernel's symbol versions (RHEL's CONFIG_MODVERSIONS)" "modversions" \
	"$(modinfo -F vermagic "$ko" 2>/dev/null)"
# What the line's VM loads (tests/check: tests/vm/run --module).
case "$ko" in
*.ko) cp "$ko" "$work/rdmactl.ko" ;;
*.ko.xz) xz -dc "$ko" >"$work/rdmactl.ko" ;;
*) t_fail "a module to load (DKMS left '$ko')" ;;
esac
t_done
