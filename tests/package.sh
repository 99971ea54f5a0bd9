#!/bin/bash
# What packagers get: make install into a DESTDIR and a program built from
# it with pkg-config alone; the Debian packages built, checked by lintian,
# installed with apt (DKMS building the module for both test kernels'
# headers, which make check's VMs of those lines load), then removed
# without a trace. Installs packages on this machine; loads nothing here.
. "$(dirname "$0")/lib.sh"
T_NAME=package
top=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's/^VERSION *:*= *//p' "$top/Makefile")
. "$top/tests/vm/lib.sh"
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
work=$(mktemp -d)
# RDMACTL_PACKAGED_MARK: a file made when this ends, however it ends
# (make check starts the VMs of the kernels it installs into then).
# The OFED stand-in (below) never outlives the suite: 6.12's VMs boot
# from this machine's /lib/modules.
trap 'dpkg -s rdmactl-test-ofa-tree >/dev/null 2>&1 && $sudo dpkg --purge rdmactl-test-ofa-tree >/dev/null
	rm -rf "$work"; [ -z "${RDMACTL_PACKAGED_MARK:-}" ] || touch "$RDMACTL_PACKAGED_MARK"' EXIT

# make install, and a program that knows only pkg-config.
d=$work/destdir
t_run "make install DESTDIR PREFIX=/usr" 0 make -s -C "$top" install DESTDIR="$d" PREFIX=/usr \
	BUILD="$work/build"
for f in usr/sbin/rdmactl usr/lib/librdmactl.so.1 usr/lib/librdmactl.a usr/include/librdmactl.h \
	 usr/include/linux/rdmactl.h usr/lib/pkgconfig/rdmactl.pc usr/share/man/man8/rdmactl.8 \
	 usr/share/man/man8/rdmactl-roce.8 usr/share/man/man3/librdmactl.3 \
	 usr/share/bash-completion/completions/rdmactl \
	 usr/share/doc/rdmactl/examples/modules-load.d/rdmactl.conf usr/sbin/rdmactl-exporter \
	 usr/share/man/man8/rdmactl-exporter.8 usr/lib/systemd/system/rdmactl-exporter.service \
	 usr/share/doc/rdmactl-exporter/examples/rdma-alerts.yml usr/lib/udev/rules.d/90-rdmactl.rules; do
	[ -e "$d/$f" ] && t_pass "installs /$f" || t_fail "installs /$f"
done
t_eq "installs librdmactl.h's topic headers, those of user/librdmactl/, in /usr/include/librdmactl/" \
	"$(cd "$top/user/librdmactl" && ls | xargs)" "$(ls "$d/usr/include/librdmactl" | xargs)"
t_eq "the unit runs the installed exporter" "ExecStart=/usr/sbin/rdmactl-exporter \$ARGS" \
	"$(grep ^ExecStart "$d/usr/lib/systemd/system/rdmactl-exporter.service")"
t_eq "the udev rule runs the installed CLI" "1" \
	"$(grep -c 'RUN+="/usr/sbin/rdmactl stat mode restore"' "$d/usr/lib/udev/rules.d/90-rdmactl.rules")"
t_eq "librdmactl.so is a link to the soname" "librdmactl.so.1" "$(readlink "$d/usr/lib/librdmactl.so")"
t_eq "the soname" "librdmactl.so.1" \
	"$(objdump -p "$d/usr/lib/librdmactl.so.1" | awk '/SONAME/ { print $2 }')"
t_eq "man pages carry the version" "rdmactl $version" \
	"$(sed -n 's/^\.TH [^ ]* [0-9] "[^"]*" "\([^"]*\)".*/\1/p' "$d/usr/share/man/man8/rdmactl.8")"
for m in "$d"/usr/share/man/man*/*; do
	t_eq "$(basename "$m") formats without warnings" "" "$(groff -man -Tutf8 -ww -z "$m" 2>&1)"
done
t_run "the bash completion loads" 0 bash -c ". /usr/share/bash-completion/bash_completion 2>/dev/null;
	. '$d/usr/share/bash-completion/completions/rdmactl' && complete -p rdmactl"
t_eq "the bash completion completes objects" "roce" "$(bash -c ". /usr/share/bash-completion/bash_completion 2>/dev/null
	. '$d/usr/share/bash-completion/completions/rdmactl'
	COMP_WORDS=(rdmactl ro); COMP_CWORD=1; COMP_LINE='rdmactl ro'; COMP_POINT=10
	_rdmactl; echo \${COMPREPLY[*]}")"
cat >"$work/tiny.c" <<'EOF'
#include <stdio.h>
#include <librdmactl.h>

int main(void)
{
	printf("%s %d\n", rdmactl_version(), RDMACTL_CMD_ROCE_SET);
	return 0;
}
EOF
# The DESTDIR's rdmactl.pc first, the system's (libmnl) after it.
pc() { PKG_CONFIG_SYSROOT_DIR=$d PKG_CONFIG_PATH=$d/usr/lib/pkgconfig pkg-config "$@"; }
t_run "pkg-config knows rdmactl $version" 0 pc --modversion rdmactl
t_eq "its version" "$version" "$T_OUT"
t_run "a program builds with pkg-config --cflags --libs rdmactl alone" 0 \
	sh -c "cc -o '$work/tiny' '$work/tiny.c' \$(PKG_CONFIG_SYSROOT_DIR=$d PKG_CONFIG_PATH=$d/usr/lib/pkgconfig pkg-config --cflags --libs rdmactl)"
t_run "and runs against the installed library" 0 env LD_LIBRARY_PATH="$d/usr/lib" "$work/tiny"
t_eq "which is this version, with this ABI" "$version 10" "$T_OUT"
t_run "<librdmactl.h> alone, first, compiles (C and C++)" 0 sh -c "for l in c c++; do
	echo '#include <librdmactl.h>' | cc -x \$l -fsyntax-only -Wall -Werror - \
		\$(PKG_CONFIG_SYSROOT_DIR=$d PKG_CONFIG_PATH=$d/usr/lib/pkgconfig pkg-config --cflags rdmactl) || exit; done"
t_run "a topic header included alone refuses" 1 sh -c "echo '#include <librdmactl/stat.h>' |
	cc -x c -fsyntax-only - \$(PKG_CONFIG_SYSROOT_DIR=$d PKG_CONFIG_PATH=$d/usr/lib/pkgconfig pkg-config --cflags rdmactl)"
t_match "and names the header to include" "<librdmactl/stat\.h> is part of <librdmactl\.h>: include <librdmactl\.h> instead" \
	"$T_ERR"

# Debian packages, from a copy of the tree (dpkg-buildpackage writes to ..).
src=$work/deb/rdmactl-$version
mkdir -p "$src"
tar -C "$top" --exclude=./build --exclude=./.git -cf - . | tar -C "$src" -xf -
t_eq "debian/changelog has the Makefile's version" "$version" \
	"$(cd "$src" && dpkg-parsechangelog -S Version)"
t_run "dpkg-buildpackage -us -uc -b" 0 sh -c "cd '$src' && dpkg-buildpackage -us -uc -b >'$work/build.log' 2>&1"
[ "$T_FAIL" = 0 ] || tail -30 "$work/build.log"
for p in rdmactl-dkms_${version}_all librdmactl1_${version}_amd64 librdmactl-dev_${version}_amd64 \
	 rdmactl_${version}_amd64 rdmactl-exporter_${version}_amd64; do
	[ -f "$work/deb/$p.deb" ] && t_pass "built $p.deb" || t_fail "built $p.deb"
done
t_run "lintian reports no errors" 0 lintian --fail-on error --no-tag-display-limit \
	"$work/deb/rdmactl_${version}_amd64.changes"
[ "$T_FAIL" = 0 ] || echo "$T_OUT"
t_eq "only rdmactl-dkms carries the module's sources" "rdmactl-dkms_${version}_all.deb" \
	"$(cd "$work/deb" && for p in *.deb; do dpkg -c "$p" | grep -q '/usr/src/rdmactl' && echo "$p"; done)"
t_eq "the CLI in the package says its version" "rdmactl $version" \
	"$(dpkg-deb --fsys-tarfile "$work/deb/rdmactl_${version}_amd64.deb" |
	   tar -xOf - ./usr/sbin/rdmactl >"$work/cli" && chmod +x "$work/cli" && "$work/cli" -V | cut -d' ' -f1-2)"

# Install them; DKMS builds the module for every kernel with headers.
$sudo apt-get purge -y -q rdmactl rdmactl-exporter rdmactl-dkms librdmactl-dev librdmactl1 >/dev/null 2>&1
t_run "apt-get install ./*.deb" 0 sh -c "cd '$work/deb' && $sudo env DEBIAN_FRONTEND=noninteractive \
	apt-get install -y -q ./rdmactl-dkms_${version}_all.deb ./librdmactl1_${version}_amd64.deb \
	./librdmactl-dev_${version}_amd64.deb ./rdmactl_${version}_amd64.deb \
	./rdmactl-exporter_${version}_amd64.deb >'$work/apt.log' 2>&1"
[ "$T_FAIL" = 0 ] || tail -30 "$work/apt.log"
t_eq "/usr/sbin/rdmactl is the package's" "rdmactl" "$(dpkg -S /usr/sbin/rdmactl | cut -d: -f1)"
t_eq "rdmactl-exporter ships the exporter, its unit, its defaults and man page" \
	"/etc/default/rdmactl-exporter /lib/systemd/system/rdmactl-exporter.service /usr/sbin/rdmactl-exporter /usr/share/man/man8/rdmactl-exporter.8.gz" \
	"$(dpkg -L rdmactl-exporter | grep -E '^/etc/default/|\.service$|/sbin/|/man8/' | sort | xargs)"
t_run "the packaged exporter runs" 0 /usr/sbin/rdmactl-exporter --version
t_run "a program builds against the packages with pkg-config" 0 \
	sh -c "cc -o '$work/tiny2' '$work/tiny.c' \$(pkg-config --cflags --libs rdmactl) && '$work/tiny2'"
# DOCA-OFED for 6.12, installed and removed with dpkg: a package with what
# OFED's own non-DKMS package (mlnx-ofed-kernel-modules) ships, its build
# tree in /usr/src/ofa_kernel/ARCH/KVER and its modules (depmod'ed by its
# scripts), taken from the OFED line's build (tests/vm/ofed-kernel).
# rdmactl-dkms's trigger on that path rebuilds the module against OFED's
# ib_core, and back; the boots below load what it rebuilt last. 6.1 has no
# OFED: left alone.
k=$(vm_kver 6.12)
ofed=$("$top/tests/vm/ofed-kernel")
ofa=$ofed/ofa_kernel/$(uname -m)/$k
crc() { modprobe --dump-modversions "$1" | awk '$2 == "ib_register_client" { print $1 }'; }
sym() { awk '$2 == "ib_register_client" { print $1 }' "$1"; }
t_eq "6.12's module asks for the kernel's own CRCs" "$(sym "/lib/modules/$k/build/Module.symvers")" \
	"$(crc "$(modinfo -k "$k" -n rdmactl)")"
old61=$(stat -c %Y "$(modinfo -k "$(vm_kver 6.1)" -n rdmactl)")
p=$work/ofed-tree
mkdir -p "$p/DEBIAN" "$p/usr/src/ofa_kernel/$(uname -m)" "$p/lib/modules/$k/updates"
cp -a "$ofa" "$p/usr/src/ofa_kernel/$(uname -m)/"
cp -a "$ofed/lib/modules/$k/updates/dkms" "$p/lib/modules/$k/updates/mlnx-ofed"
printf 'Package: rdmactl-test-ofa-tree\nVersion: 25.10.1.7.1.1\nArchitecture: all\nMaintainer: rdmactl tests <tests@localhost>\nDescription: DOCA-OFED for %s (tests/package.sh)\n' "$k" \
	>"$p/DEBIAN/control"
printf '#!/bin/sh\ndepmod %s\n' "$k" >"$p/DEBIAN/postinst"
cp "$p/DEBIAN/postinst" "$p/DEBIAN/postrm"
chmod 755 "$p/DEBIAN/postinst" "$p/DEBIAN/postrm"
dpkg-deb -Zgzip -z1 --build "$p" "$work/ofa-tree.deb" >/dev/null
t_run "OFED's tree installed: dpkg runs rdmactl-dkms's trigger" 0 $sudo dpkg -i "$work/ofa-tree.deb"
t_eq "which rebuilds 6.12's module" \
	"rdmactl-dkms: $k: rdmactl.ko was built against 'inbox', the kernel's ib_core is now 'ofed $(cat "$ofa/compat_base")': rebuilding" \
	"$(grep '^rdmactl-dkms:' <<<"$T_OUT")"
ko=$(modinfo -k "$k" -n rdmactl)
t_eq "against OFED: the CRCs its Module.symvers lists" "$(sym "$ofa/Module.symvers")" "$(crc "$ko")"
t_eq "and says so" "ofed $(cat "$ofa/compat_base")" "$(modinfo -F ib_core "$ko")"
t_eq "6.1's is left alone" "$old61" "$(stat -c %Y "$(modinfo -k "$(vm_kver 6.1)" -n rdmactl)")"
# What the OFED line's VM loads (tests/check: tests/vm/run --kernel ofed --module).
mkdir -p "$top/build/ofed-dkms"
case "$ko" in
*.xz) xz -dc "$ko" >"$top/build/ofed-dkms/rdmactl.ko" ;;
*) cp "$ko" "$top/build/ofed-dkms/rdmactl.ko" ;;
esac
t_run "OFED's tree removed: the trigger again" 0 $sudo dpkg --purge rdmactl-test-ofa-tree
t_eq "rebuilds against the kernel's own" \
	"rdmactl-dkms: $k: rdmactl.ko was built against 'ofed $(cat "$ofa/compat_base")', the kernel's ib_core is now 'inbox': rebuilding" \
	"$(grep '^rdmactl-dkms:' <<<"$T_OUT")"
t_eq "whose CRCs it asks for again" "$(sym "/lib/modules/$k/build/Module.symvers")" \
	"$(crc "$(modinfo -k "$k" -n rdmactl)")"

for k in 6.1 6.12; do
	kver=$(vm_kver "$k")
	t_eq "dkms status: installed for $kver" "rdmactl/$version, $kver, x86_64: installed" \
		"$(dkms status rdmactl 2>/dev/null | grep -F ", $kver,")"
	ko=/lib/modules/$kver/updates/dkms/rdmactl.ko
	[ -f "$ko" ] || ko=$ko.xz
	t_eq "the DKMS-built module for $kver has its vermagic" "$kver" \
		"$(modinfo -F vermagic "$ko" 2>/dev/null | cut -d' ' -f1)"
	# What modprobe would load, from the kernel's module index (a dry
	# run: nothing is loaded here).
	t_run "$k: modprobe rdmactl resolves to it" 0 modprobe -S "$kver" --show-depends rdmactl
	t_match "$k: after ib_core" "^insmod [^ ]*/ib_core\.ko" "$T_OUT"
	t_eq "$k: last, the module DKMS installed" "insmod $ko" \
		"$(grep '^insmod' <<<"$T_OUT" | tail -1 | sed 's/ *$//')"
	# The module make check's VM of the line loads for its suites
	# (tests/check: tests/vm/run --kernel K --module): what DKMS built.
	mkdir -p "$top/build/deb-dkms/$kver"
	case "$ko" in
	*.xz) xz -dc "$ko" >"$top/build/deb-dkms/$kver/rdmactl.ko" ;;
	*) cp "$ko" "$top/build/deb-dkms/$kver/rdmactl.ko" ;;
	esac
done

# The DKMS commands themselves, on the installed package.
k=$(vm_kver 6.12)
t_run "dkms uninstall for $k" 0 dkms uninstall -m rdmactl -v "$version" -k "$k"
t_eq "its module is gone" "" "$(ls /lib/modules/$k/updates/dkms/rdmactl.ko* 2>/dev/null)"
t_eq "the other kernel keeps its own" "1" "$(ls /lib/modules/$(vm_kver 6.1)/updates/dkms/rdmactl.ko* | wc -l)"
t_run "dkms install for $k again" 0 dkms install -m rdmactl -v "$version" -k "$k"
t_eq "its module is back" "1" "$(ls /lib/modules/$k/updates/dkms/rdmactl.ko* 2>/dev/null | wc -l)"

t_run "apt-get purge" 0 sh -c "$sudo env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q \
	rdmactl rdmactl-exporter rdmactl-dkms librdmactl-dev librdmactl1 >'$work/purge.log' 2>&1"
t_eq "no DKMS module left" "" "$(dkms status rdmactl 2>&1)"
t_eq "no module left in /lib/modules" "" "$(ls /lib/modules/*/updates/dkms/rdmactl.ko* 2>/dev/null)"
t_eq "no sources left" "" "$(ls -d /usr/src/rdmactl-* 2>/dev/null)"
t_eq "no files left" "" "$(ls /usr/sbin/rdmactl /usr/sbin/rdmactl-exporter /usr/lib/*/librdmactl* \
	/etc/default/rdmactl-exporter /lib/systemd/system/rdmactl-exporter.service 2>/dev/null)"

t_done
