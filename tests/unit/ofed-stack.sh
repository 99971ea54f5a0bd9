#!/bin/bash
# Which ib_core a build is for, without a kernel: kmod/compat/ofa.sh's
# choice of DOCA-OFED's tree (its layouts, a leftover tree, default), and
# kmod/compat/restack.sh's rebuilds, with a stand-in dkms and modinfo.
# Against real OFED: the OFED line (tests/package.sh, ofed.sh).
. "$(dirname "$0")/../lib.sh"
T_NAME=ofed-stack
top=$(cd "$(dirname "$0")/../.." && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# A kernel tree whose release is UTS_RELEASE's, not kernel.release's (as
# Debian's 6.1 headers), and a modules root that has OFED's mlx_compat or not.
kver=9.9.9-1-test
mkdir -p "$t/kdir/include/generated" "$t/kdir/include/config"
echo "#define UTS_RELEASE \"$kver\"" >"$t/kdir/include/generated/utsrelease.h"
echo 9.9.9 >"$t/kdir/include/config/kernel.release"
# Any module stands for mlx_compat: depmod reads its name from the file's.
ko=$(find /lib/modules/*/kernel -name '*.ko*' 2>/dev/null | head -1)
if [ -z "$ko" ]; then
	t_fail "a kernel module on this machine to stand for mlx_compat (tests/deps installs 6.1's and 6.12's images)"
	t_done
	exit
fi
with_compat() {
	mkdir -p "$t/mods/lib/modules/$kver/updates"
	cp "$ko" "$t/mods/lib/modules/$kver/updates/mlx_compat.ko${ko##*.ko}"
	(cd "$t/mods/lib/modules/$kver" && touch modules.order modules.builtin modules.builtin.modinfo)
	depmod -b "$t/mods" "$kver"
}
tree() {
	mkdir -p "$1/include/linux"
	: >"$1/Module.symvers"
	: >"$1/include/linux/compat-2.6.h"
	echo mlnx-ofa_kernel-compat-test >"$1/compat_base"
}
ofa() { OFA_DIR=$t/ofa OFA_MODROOT=$t/mods sh "$top/kmod/compat/ofa.sh" "$t/kdir"; }
arch=$(uname -m)

t_eq "no tree: the kernel's own" "" "$(ofa)"
tree "$t/ofa/$arch/$kver"
t_eq "a tree, but OFED's modules gone (its RPM removed): the kernel's own" "" "$(ofa)"
with_compat
t_eq "ARCH/KVER, KVER being UTS_RELEASE" "$t/ofa/$arch/$kver" "$(ofa)"
rm "$t/ofa/$arch/$kver/compat_base"
t_eq "a tree without compat_base: not OFED's" "" "$(ofa)"
rm -rf "$t/ofa"
tree "$t/ofa/$kver"
t_eq "KVER, an older package's" "$t/ofa/$kver" "$(ofa)"
rm -rf "$t/ofa"
tree "$t/ofa/default"
echo "KVERSION=8.8.8-other" >"$t/ofa/default/configure.mk.kernel"
t_eq "default built for another kernel: not this one's" "" "$(ofa)"
echo "KVERSION=$kver" >"$t/ofa/default/configure.mk.kernel"
t_eq "default built for this kernel" "$t/ofa/default" "$(ofa)"

# restack.sh with dkms 2's status lines (and 3's), for two of this
# machine's kernels: OFED's tree for the first alone, both modules built
# against the kernel's own. Only the first is rebuilt.
mapfile -t kvers < <(for b in /lib/modules/*/build; do
	[ -f "$b/Makefile" ] && echo "$b"; done | cut -d/ -f4 | head -2)
if [ "${#kvers[@]}" -lt 2 ]; then
	t_fail "two kernels with headers on this machine (tests/deps installs 6.1's and 6.12's)"
	t_done
	exit
fi
rm -rf "$t/ofa" "$t/mods"
k1=${kvers[0]} k2=${kvers[1]}
tree "$t/ofa/$arch/$k1"
kver=$k1 with_compat
mkdir -p "$t/bin"
for fmt in 'rdmactl, 0.1.0, %s, x86_64: installed' 'rdmactl/0.1.0, %s, x86_64: installed'; do
	# shellcheck disable=SC2016
	printf '#!/bin/sh\n[ "$1" = status ] && { printf "%s\\n" %s %s; exit 0; }\necho "$*" >>%s/calls\n' \
		"$fmt" "$k1" "$k2" "$t" >"$t/bin/dkms"
	# modinfo answers for rdmactl.ko; ofa.sh's question about mlx_compat
	# goes to the real one (OFA_MODROOT: the first kernel has it).
	printf '#!/bin/sh\ncase "$*" in *mlx_compat*) exec %s "$@" ;; *-F\\ ib_core*) echo inbox ;;\n*) echo /lib/modules/x/rdmactl.ko ;; esac\n' \
		"$(command -v modinfo)" >"$t/bin/modinfo"
	chmod +x "$t/bin/dkms" "$t/bin/modinfo"
	: >"$t/calls"
	t_run "restack.sh, dkms status as '${fmt%%,*}'" 0 env PATH="$t/bin:$PATH" OFA_DIR="$t/ofa" \
		OFA_MODROOT="$t/mods" sh "$top/kmod/compat/restack.sh" 0.1.0
	t_eq "it says which kernel it rebuilds, and why" \
		"rdmactl-dkms: $k1: rdmactl.ko was built against 'inbox', the kernel's ib_core is now 'ofed mlnx-ofa_kernel-compat-test': rebuilding" \
		"$T_OUT"
	t_eq "removes, adds and installs it for that kernel alone" \
		"remove -m rdmactl -v 0.1.0 -k $k1|add -m rdmactl -v 0.1.0|install -m rdmactl -v 0.1.0 -k $k1" \
		"$(paste -sd'|' "$t/calls")"
done
t_done
