#!/bin/bash
# The module builds for both Debian kernels, its compat probes say what the
# kernel trees say, and DKMS builds it from the installed source layout.
. "$(dirname "$0")/lib.sh"
T_NAME=build
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/vm/lib.sh"
version=$(sed -n 's/^VERSION *:*= *//p' "$top/Makefile")

t_eq "dkms.conf has the Makefile's version" "$version" \
	"$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$top/dkms.conf")"
t_eq "no kernel version checks in kmod/ (probes decide)" "" \
	"$(grep -rn 'LINUX_VERSION_CODE\|KERNEL_VERSION(' "$top/kmod" || true)"

for k in 6.1 6.12; do
	kver=$(vm_kver "$k")
	kdir=/lib/modules/$kver/build
	b=$top/build/$kver/kmod
	t_run "$k: module builds with -Werror against $kver" 0 make -s -C "$top" module KVER="$kver"
	t_eq "$k: modinfo version is the project's" "$version" "$(modinfo -F version "$b/rdmactl.ko")"
	t_eq "$k: vermagic names $kver" "$kver" "$(modinfo -F vermagic "$b/rdmactl.ko" | cut -d' ' -f1)"

	# Each probe's verdict against the tree it was compiled for.
	gen=$b/compat/generated.h
	grep -qw ib_device_get_netdev "$kdir/Module.symvers" && want=yes || want=no
	grep -q '^#define HAVE_IB_DEVICE_GET_NETDEV' "$gen" && got=yes || got=no
	t_eq "$k: ib_device_get_netdev probe = Module.symvers" "$want" "$got"
	# Debian's build tree includes the shared source tree from its Makefile.
	src=$(sed -n 's|^include \(.*\)/Makefile$|\1|p' "$kdir/Makefile")
	grep -q 'genl_info_dump(' "${src:-$kdir}/include/net/genetlink.h" && want=yes || want=no
	grep -q '^#define HAVE_GENL_INFO_DUMP' "$gen" && got=yes || got=no
	t_eq "$k: genl_info_dump probe = the kernel's genetlink.h" "$want" "$got"
	grep -q '^int vfs_mkdir(struct mnt_idmap' "${src:-$kdir}/include/linux/fs.h" && want=yes || want=no
	grep -q '^#define HAVE_VFS_MKDIR_IDMAP' "$gen" && got=yes || got=no
	t_eq "$k: vfs_mkdir_idmap probe = the kernel's fs.h" "$want" "$got"

	# sparse over every file of the module, from scratch (C=2).
	t_eq "$k: sparse finds nothing in the module" "" \
		"$(make -C "$b" KDIR="$kdir" C=2 2>&1 | grep -E '(warning|error):' || true)"

	t_run "$k: the fake HCA builds with -Werror" 0 make -s -C "$top" fakehca KVER="$kver"
	grep -q 'create_cq)(struct ib_cq \*cq, const struct ib_cq_init_attr \*attr,[[:space:]]*$' \
		"${src:-$kdir}/include/rdma/ib_verbs.h" &&
		sed -n '/(\*create_cq)(/,/;/p' "${src:-$kdir}/include/rdma/ib_verbs.h" | grep -q uverbs_attr_bundle &&
		want=yes || want=no
	grep -q '^#define HAVE_CREATE_CQ_ATTRS' "$top/build/$kver/tests/fakehca/generated.h" && got=yes || got=no
	t_eq "$k: create_cq probe = the kernel's ib_verbs.h" "$want" "$got"
done

# The shared library exports exactly its version script, all versioned.
make -s -C "$top" user
t_eq "librdmactl.so.1 exports the map's symbols, as LIBRDMACTL_1" \
	"$(sed -n 's/^\t\(rdmactl_[a-z_]*\);$/\1@@LIBRDMACTL_1/p' "$top/user/librdmactl.map" | sort | xargs)" \
	"$(nm -D --defined-only "$top/build/lib/librdmactl.so.1" | awk '$2 == "T" { print $3 }' | sort | xargs)"
t_eq "its soname" "librdmactl.so.1" \
	"$(objdump -p "$top/build/lib/librdmactl.so.1" | awk '$1 == "SONAME" { print $2 }')"

# A kernel without the RDMA stack is refused by name.
fake=$(mktemp -d)
touch "$fake/Makefile" "$fake/Module.symvers"
echo "CONFIG_NET=y" >"$fake/.config"
t_run "a kernel without CONFIG_INFINIBAND is refused" 1 sh "$top/kmod/compat/probe.sh" "$fake" "$fake/out.h"
t_match "with a message that says why" "without CONFIG_INFINIBAND" "$T_ERR"
echo "CONFIG_INFINIBAND=m" >"$fake/.config"
t_run "a kernel older than the probes' floor is refused" 1 sh "$top/kmod/compat/probe.sh" "$fake" "$fake/out.h"
t_match "with a message that names the oldest" "older than Linux 6.1, the oldest rdmactl supports" "$T_ERR"
rm -rf "$fake"

# sparse is really on: it flags an endianness mistake in a throwaway module.
s=$(mktemp -d)
printf 'obj-m := sp.o\n' >"$s/Kbuild"
printf '#include <linux/module.h>\nu64 sp(__be64 g);\nu64 sp(__be64 g) { return g; }\nMODULE_LICENSE("GPL");\n' >"$s/sp.c"
t_match "sparse flags a __be64 used as u64" "sp.c:3:.*warning: incorrect type" \
	"$(make -C "/lib/modules/$(vm_kver 6.1)/build" M="$s" C=2 2>&1)"
rm -rf "$s"

# DKMS, from what `make dkms-install` installs, in a private DKMS tree.
d=$(mktemp -d)
mkdir -p "$d/tree"
make -s -C "$top" dkms-install DESTDIR="$d/root" >/dev/null
kver=$(vm_kver 6.1)
t_run "dkms add" 0 dkms add -m rdmactl -v "$version" --sourcetree "$d/root/usr/src" --dkmstree "$d/tree"
t_run "dkms build against $kver" 0 dkms build -m rdmactl -v "$version" -k "$kver" \
	--sourcetree "$d/root/usr/src" --dkmstree "$d/tree"
ko=$(find "$d/tree" -name rdmactl.ko | head -1)
t_eq "dkms built a module for $kver" "$kver" "$(modinfo -F vermagic "$ko" 2>/dev/null | cut -d' ' -f1)"
# A kernel without the RDMA stack is skipped (77), not a failed build.
mkdir -p "$d/noib"
echo "CONFIG_NET=y" >"$d/noib/.config"
touch "$d/noib/Makefile"
t_run "dkms skips a kernel without CONFIG_INFINIBAND" 77 dkms build --force -m rdmactl -v "$version" -k "$kver" \
	--kernelsourcedir "$d/noib" --sourcetree "$d/root/usr/src" --dkmstree "$d/tree"
t_match "and says why" "BUILD_EXCLUSIVE directive which does not match" "$T_ERR"
rm -rf "$d"

t_done
