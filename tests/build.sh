#!/bin/bash
# The module and the fake HCA build on every kernel line with that line's
# own compiler, its compat probes say what the kernel trees say, sparse is
# clean, DKMS builds it from the installed source layout, and a tree that
# cannot work is refused in one line.
. "$(dirname "$0")/lib.sh"
T_NAME=build
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/vm/lib.sh"
version=$(sed -n 's/^VERSION *:*= *//p' "$top/Makefile")

t_eq "dkms.conf has the Makefile's version" "$version" \
	"$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$top/dkms.conf")"
t_eq "no kernel version checks in kmod/ (probes decide)" "" \
	"$(grep -rn 'LINUX_VERSION_CODE\|KERNEL_VERSION(' "$top/kmod" || true)"

# Every kernel line (RDMACTL_LINES: some of them, as make check-quick
# asks), each with its own compiler: Debian 12's kernels on the host, the
# others in their build roots (tests/vm/buildroot). The modules are built
# from scratch in build/KVER, where the VMs load them from (tests/vm/run
# builds there what is missing), and build/.built-LINE is made once a
# line's are: make check's VM of a line waits for it. RHEL's lines first,
# the newest first: make check's first VM, the debug kernel's, is RHEL
# 10's.
mb=$top/build
planted=
# The lines sparse checks: the oldest, RHEL 9's 5.14 (its own compat
# branches), the reference and the newest.
sparse_lines="5.10 rhel9 6.12 7.2"
for k in ${RDMACTL_LINES:-$(vm_rhel_lines | tr ' ' '\n' | tac) $(vm_lines)}; do
	in_root=()
	tree=
	if suite=$(vm_suite_of_line "$k"); then
		br=$("$top/tests/vm/buildroot" "$suite")
		kver=$(cat "$br/kernelrelease")
		in_root=("$top/tests/vm/buildroot" "$suite" --)
		tree=$br/root
	elif vm_is_rhel_line "$k"; then
		# A RHEL kernel's build directory is what kernel-devel holds.
		built=$("$top/tests/vm/rhel-kernel" "$k")
		kver=$(cat "$built/kernelrelease")
		in_root=("$top/tests/vm/buildroot" "$(cat "$built/suite")" --)
	else
		kver=$(vm_kver "$k")
	fi
	kbuild=/lib/modules/$kver/build
	vm_is_rhel_line "$k" && kbuild=$built/build
	b=$mb/$kver/kmod
	# The headers as seen from here: the link is absolute (bullseye,
	# bookworm) or relative (sid), and absolute ones point into the root.
	if [ -L "$tree$kbuild" ]; then
		link=$(readlink "$tree$kbuild")
		case "$link" in
		/*) hdr=$tree$link ;;
		*) hdr=$tree$(dirname "$kbuild")/$link ;;
		esac
	else
		hdr=$kbuild
	fi
	cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"/\1/p' "$hdr/.config")
	# From scratch, with sparse over every file as it is compiled (C=1) on
	# the lines whose compat branches differ most (sparse_lines), without
	# on the others: sparse takes as long as the compiler, and 6.1's and
	# RHEL 10's branches are 5.10's to 6.12's.
	sparse=0
	[[ " $sparse_lines " == *" $k "* ]] && sparse=1
	rm -rf "$b"
	t_run "$k: module builds with -Werror against $kver ($cc)" 0 \
		"${in_root[@]}" make -j2 -C "$top" module KVER="$kver" KDIR="$kbuild" BUILD="$mb" C=$sparse
	sparse_out=$T_ERR
	compiled=$(grep -oE 'CC \[M\] +[^ ]+\.o' <<<"$T_OUT" | sed -E 's/.* //; s/\.o$//' |
		grep -vE '\.mod$|\.module-common$' | sort)
	checked=$(grep -oE 'CHECK +[^ ]+\.c' <<<"$T_OUT" | sed -E 's/.* //; s/\.c$//' | sort)
	t_eq "$k: modinfo version is the project's" "$version" "$(modinfo -F version "$b/rdmactl.ko")"
	t_eq "$k: vermagic names $kver" "$kver" "$(modinfo -F vermagic "$b/rdmactl.ko" | cut -d' ' -f1)"
	t_run "$k: the fake HCA builds with -Werror" 0 \
		"${in_root[@]}" make -s -j2 -C "$top" fakehca KVER="$kver" KDIR="$kbuild" BUILD="$mb"
	touch "$mb/.built-$k"

	# Each probe's verdict, against what the tree's headers say. Debian's
	# build tree includes the shared source tree from its Makefile.
	src=$(sed -n 's|^include \(.*\)/Makefile$|\1|p' "$hdr/Makefile")
	inc=${src:+$tree$src}/include
	[ -n "$src" ] || inc=$hdr/include
	kdir=$hdr
	for gen in "$b/compat/generated.h" "$mb/$kver/tests/fakehca/generated.h"; do
		dir=kmod
		[ "$gen" = "${gen%fakehca/generated.h}" ] || dir=fakehca
		for macro in $(sed -n 's,^\(#define\|/\* #undef\) HAVE_\([A-Z0-9_]*\).*,\2,p' "$gen"); do
			name=$(echo "$macro" | tr '[:upper:]' '[:lower:]')
			cond=$(awk -F '\t' -v d="$dir" -v n="$name" '$1 == d && $2 == n { print $3 }' \
				"$top/tests/probe-verdicts")
			if [ -z "$cond" ]; then
				t_fail "$k: probe $dir/$name has a line in tests/probe-verdicts"
				continue
			fi
			eval "$cond" && want=yes || want=no
			grep -q "^#define HAVE_$macro " "$gen" && got=yes || got=no
			t_eq "$k: probe $name = the kernel's headers" "$want" "$got"
		done
	done

	# sparse, which ran over every file of the module above, is shown to
	# run here: it flags an endianness mistake in a throwaway module.
	if [ $sparse = 0 ]; then
		t_skip "$k: sparse" "left to the lines whose compat branches differ most, $sparse_lines"
	else
		sp=$top/build/sparse-$kver
		rm -rf "$sp"
		mkdir -p "$sp"
		printf 'obj-m := sp.o\n' >"$sp/Kbuild"
		printf '#include <linux/module.h>\nu64 sp(__be64 g);\nu64 sp(__be64 g) { return g; }\nMODULE_LICENSE("GPL");\n' >"$sp/sp.c"
		t_match "$k: sparse runs (it flags a __be64 used as u64)" "sp.c:3:.*warning: incorrect type" \
			"$("${in_root[@]}" make -C "$kbuild" M="$sp" C=2 2>&1)"
		rm -rf "$sp"
		t_eq "$k: sparse finds nothing in the module" "" \
			"$(grep -E '(warning|error):' <<<"$sparse_out" || true)"
		t_eq "$k: it checked every file that was compiled" "$compiled" "$checked"
		t_eq "$k: main.c among them" "1" "$(grep -cE '(^|/)main$' <<<"$compiled")"
	fi

	# DKMS, from what `make dkms-install` installs, in a private DKMS tree
	# inside the build tree (so that a build root sees it too). make check
	# names the lines tests/package.sh builds with DKMS through apt
	# (RDMACTL_DKMS_PACKAGED), which need no second DKMS build here.
	[[ " ${RDMACTL_DKMS_PACKAGED:-} " == *" $k "* ]] && continue
	# RHEL 10's kernel-debug is the debug kernel: its VM loads the module
	# built above; RHEL 10's DKMS build is the production flavour's.
	[ "$k" = rhel10-debug ] && continue
	d=$top/build/dkms-$kver
	rm -rf "$d"
	mkdir -p "$d/tree"
	make -s -C "$top" dkms-install DESTDIR="$d/root" >/dev/null
	# DKMS's build has no -Werror (a user's newer compiler must not fail
	# their install); make check's has. The first line DKMS builds here
	# gets a warning planted in the installed sources.
	src=$d/root/usr/src/rdmactl-$version
	what=
	if [ -z "$planted" ]; then
		planted=$k
		echo 'static int rdmactl_planted_warning;' >>"$src/kmod/main.c"
		what=", despite a compiler warning planted in its sources"
	fi
	t_run "$k: dkms add" 0 "${in_root[@]}" dkms add -m rdmactl -v "$version" \
		--sourcetree "$d/root/usr/src" --dkmstree "$d/tree"
	# A RHEL line's tree is not under /lib/modules: DKMS is told where it
	# is (bullseye's DKMS 2.8, told so, would prepare the tree: mrproper).
	ksrc=()
	vm_is_rhel_line "$k" && ksrc=(--kernelsourcedir "$kbuild")
	t_run "$k: dkms build against $kver$what" 0 "${in_root[@]}" dkms build -m rdmactl -v "$version" \
		-k "$kver" "${ksrc[@]}" --sourcetree "$d/root/usr/src" --dkmstree "$d/tree"
	# DKMS compresses it as the kernel's own modules are (6.12: .ko.xz).
	ko=$(find "$d/tree" -name 'rdmactl.ko*' | head -1)
	t_eq "$k: dkms built a module for $kver" "$kver" \
		"$(modinfo -F vermagic "$ko" 2>/dev/null | cut -d' ' -f1)"
	if [ "$planted" = "$k" ]; then
		t_match "$k: DKMS's log shows the warning" "rdmactl_planted_warning" \
			"$(cat "$(find "$d/tree" -name make.log | head -1)")"
		# The same sources as make check builds them fail on it. The
		# probes' header is the line's own (kept: its inputs are these).
		cp "$b/compat/generated.h" "$src/kmod/compat/generated.h"
		t_run "$k: the same sources with RDMACTL_WERROR=y (make check's) fail on it" 2 \
			"${in_root[@]}" make -s -C "$src/kmod" KDIR="$kbuild" RDMACTL_WERROR=y
		t_match "$k: on the planted line" "main.c:.*rdmactl_planted_warning" "$T_ERR"
	fi
	rm -rf "$d"
done
[ -n "$planted" ] || t_fail "a line is built with DKMS here, with a warning planted"

# The shared library exports exactly its version script, all versioned.
make -s -C "$top" user
t_eq "librdmactl.so.1 exports the map's symbols, each in its own version node" \
	"$(awk '/^LIBRDMACTL_[0-9.]* \{/ { node = $1 }
		/^\trdmactl_[a-z_]*;$/ { sub(/^\t/, ""); sub(/;$/, ""); print $0 "@@" node }' \
		"$top/user/librdmactl.map" | sort | xargs)" \
	"$(nm -D --defined-only "$top/build/lib/librdmactl.so.1" | awk '$2 == "T" { print $3 }' | sort | xargs)"
t_eq "its soname" "librdmactl.so.1" \
	"$(objdump -p "$top/build/lib/librdmactl.so.1" | awk '$1 == "SONAME" { print $2 }')"

# What a packager's tree can be wrong in, each refused in one line naming
# it: no RDMA stack, too old, built with a compiler that is not installed,
# no Module.symvers.
fake=$(mktemp -d)
touch "$fake/Makefile" "$fake/Module.symvers"
echo "CONFIG_NET=y" >"$fake/.config"
t_run "a kernel without CONFIG_INFINIBAND is refused" 1 sh "$top/kmod/compat/probe.sh" "$fake" "$fake/out.h"
t_match "with a message that says why" "without CONFIG_INFINIBAND" "$T_ERR"
printf 'CONFIG_INFINIBAND=m\nCONFIG_CC_IS_GCC=y\nCONFIG_CC_VERSION_TEXT="gcc-99 (Debian 99.1-1) 99.1"\n' >"$fake/.config"
t_run "a kernel built by a compiler that is not installed is refused" 1 \
	sh "$top/kmod/compat/probe.sh" "$fake" "$fake/out.h"
t_eq "with one line naming the compiler and what to install" \
	"rdmactl: the kernel at $fake was built with gcc-99 (Debian 99.1-1) 99.1, and gcc-99 is not installed: install it (Debian: apt-get install gcc-99)" \
	"$T_ERR"
t_eq "and nothing is written" "" "$(ls "$fake/out.h" 2>/dev/null)"
printf 'CONFIG_INFINIBAND=m\nCONFIG_CC_IS_GCC=y\nCONFIG_CC_VERSION_TEXT="gcc-12 (Debian 12.2.0-14) 12.2.0"\n' >"$fake/.config"
# A tree with no Module.symvers (prepared, never built; RHEL 9.6 found it):
# its probes of exported symbols would all say "not exported".
rm "$fake/Module.symvers"
t_run "a kernel tree without Module.symvers is refused" 1 sh "$top/kmod/compat/probe.sh" "$fake" "$fake/out.h"
t_match "with a message naming the probes that read it" \
	"Module.symvers is missing or does not list ib_core's exports: the probes of exported symbols \(.*ib_port_immutable_read.*\) cannot tell" "$T_ERR"
t_eq "and nothing is written" "" "$(ls "$fake/out.h" 2>/dev/null)"
printf '0x00000000\tib_register_device\tdrivers/infiniband/core/ib_core\tEXPORT_SYMBOL\t\n' >"$fake/Module.symvers"
t_run "a kernel older than the probes' floor is refused" 1 sh "$top/kmod/compat/probe.sh" "$fake" "$fake/out.h"
t_match "with a message that names the oldest" "older than Linux 5.10, the oldest rdmactl supports" "$T_ERR"
rm -rf "$fake"

# The probes' verdicts kept by their inputs (RDMACTL_PROBE_CACHE: make
# check's builds share them): written once compiled, read by a build
# elsewhere with the same inputs, never by one whose inputs differ. One
# probe of our own, against 6.12's headers.
pc=$(mktemp -d)
mkdir -p "$pc/probes" "$pc/cache"
printf '#include <linux/types.h>\nint rdmactl_probe_a(void);\nint rdmactl_probe_a(void) { return 0; }\n' \
	>"$pc/probes/a.c"
pk=/lib/modules/$(vm_kver 6.12)/build
t_run "probe.sh with a verdict cache" 0 env RDMACTL_PROBE_CACHE="$pc/cache" \
	sh "$top/kmod/compat/probe.sh" "$pk" "$pc/one.h" "$pc/probes"
t_eq "writes the verdict there, by its inputs" "$(cat "$pc/one.h")" "$(cat "$pc/cache"/*.h 2>/dev/null)"
echo '/* from the cache */' >>"$pc/cache"/*.h
env RDMACTL_PROBE_CACHE="$pc/cache" sh "$top/kmod/compat/probe.sh" "$pk" "$pc/two.h" "$pc/probes"
t_match "a build elsewhere with the same inputs reads it" "from the cache" "$(cat "$pc/two.h")"
echo '/* changed */' >>"$pc/probes/a.c"
env RDMACTL_PROBE_CACHE="$pc/cache" sh "$top/kmod/compat/probe.sh" "$pk" "$pc/three.h" "$pc/probes"
t_eq "one whose probes changed compiles them" "1 0" \
	"$(grep -c '^#define HAVE_A 1$' "$pc/three.h") $(grep -c 'from the cache' "$pc/three.h")"
t_eq "and keeps its own verdict beside" "2" "$(ls "$pc/cache" | wc -l)"
rm -rf "$pc"

# A kernel without the RDMA stack is skipped by DKMS (77), not a failed
# build, and leaves nothing built behind.
d=$(mktemp -d)
mkdir -p "$d/tree" "$d/noib"
echo "CONFIG_NET=y" >"$d/noib/.config"
touch "$d/noib/Makefile"
make -s -C "$top" dkms-install DESTDIR="$d/root" >/dev/null
kver=$(vm_kver 6.12)
t_run "dkms add" 0 dkms add -m rdmactl -v "$version" --sourcetree "$d/root/usr/src" --dkmstree "$d/tree"
t_run "dkms skips a kernel without CONFIG_INFINIBAND" 77 dkms build --force -m rdmactl -v "$version" -k "$kver" \
	--kernelsourcedir "$d/noib" --sourcetree "$d/root/usr/src" --dkmstree "$d/tree"
t_match "and says why" "BUILD_EXCLUSIVE directive which does not match" "$T_ERR"
t_eq "and leaves no module or object in DKMS's tree" "" "$(find "$d/tree" -name '*.ko' -o -name '*.o' | head -1)"
rm -rf "$d"

t_done
