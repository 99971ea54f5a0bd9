#!/bin/bash
# A RHEL host's way to the module: rdmactl-dkms's payload (the RPM that
# make rpm makes from a clean clone of HEAD) built by DKMS against a RHEL
# test kernel's build tree (tests/vm/rhel-kernel: what kernel-devel holds)
# with that kernel's compiler (its compiler root), then the kernel booted
# with that module loaded, answering.
#
#   tests/rhel-dkms.sh rhel9|rhel10
. "$(dirname "$0")/lib.sh"
line=${1:?usage: tests/rhel-dkms.sh rhel9|rhel10}
T_NAME=rhel-dkms-$line
top=$(cd "$(dirname "$0")/.." && pwd)
# make check's make exports BUILD (and VERSION, PREFIX, its MAKEFLAGS):
# the clone's make must use its own.
unset BUILD VERSION PREFIX MAKEFLAGS MFLAGS MAKELEVEL
version=$(sed -n 's/^VERSION *:*= *//p' "$top/Makefile")

built=$("$top/tests/vm/rhel-kernel" "$line") || {
	t_fail "no $line kernel (tests/vm/rhel-kernel $line)"
	t_done
	exit 1
}
kver=$(cat "$built/kernelrelease")
in_root() { "$top/tests/vm/buildroot" "$(cat "$built/suite")" -- "$@"; }
# Under the repo's build/: the compiler root sees it (buildroot binds the
# repo), and so does the VM (/mnt/rdmactl).
work=$top/build/rhel-dkms/$line
rm -rf "$work"
mkdir -p "$work"

git clone -q "$top" "$work/src"
t_run "make rpm in a clean clone of HEAD" 0 sh -c "make -C '$work/src' rpm \
	RPMBUILDFLAGS=\"--define '_smp_mflags -j1' --define '_smp_build_ncpus 1'\" >'$work/rpm.log' 2>&1"
rpm=$work/src/build/rpm/RPMS/noarch/rdmactl-dkms-$version-1.noarch.rpm
mkdir -p "$work/payload"
(cd "$work/payload" && rpm2cpio "$rpm" | cpio -idm --quiet)
t_eq "rdmactl-dkms's payload holds dkms.conf" "yes" \
	"$([ -f "$work/payload/usr/src/rdmactl-$version/dkms.conf" ] && echo yes)"

# DKMS as on RHEL: the tree kernel-devel would hold (the kernel's build
# directory), a private DKMS tree, one job.
dk=(-m rdmactl -v "$version" --sourcetree "$work/payload/usr/src" --dkmstree "$work/dkms")
t_run "dkms add" 0 in_root dkms add "${dk[@]}"
cc=$(in_root gcc -dumpfullversion)
t_run "dkms build against $kver, with gcc $cc" 0 \
	in_root dkms build -j 1 "${dk[@]}" -k "$kver" --kernelsourcedir "$built/build"
[ "$T_FAIL" = 0 ] || tail -30 "$work"/dkms/rdmactl/"$version"/build/make.log 2>/dev/null
ko=$(find "$work/dkms" -name 'rdmactl.ko*' | head -1)
t_eq "it built rdmactl.ko $version for $kver" "$kver $version" \
	"$(modinfo -F vermagic "$ko" 2>/dev/null | cut -d' ' -f1) $(modinfo -F version "$ko" 2>/dev/null)"
t_match "with the kernel's symbol versions (RHEL's CONFIG_MODVERSIONS)" "modversions" \
	"$(modinfo -F vermagic "$ko" 2>/dev/null)"

t_run "$line: boot, insmod the DKMS-built module, list" 0 \
	"$top/tests/vm/run" --kernel "$line" --no-module -- sh -c \
	"insmod /mnt/rdmactl/${ko#"$top"/} && cat /sys/module/rdmactl/version && rdmactl dev show"
t_match "$line: it is loaded, version $version" "^$version\$" "$T_OUT"
t_match "$line: and it answers" "rxe0.*rdma_rxe" "$T_OUT"
rm -rf "$work"
t_done
