#!/bin/bash
# What RHEL packagers get: the RPMs of packaging/rpm/rdmactl.spec, built by
# `make rpm` from `make dist` of the working tree (tests/snapshot: HEAD in
# CI's clone; Debian's rpmbuild,
# with packaging/rpm/macros.debian for what RHEL's has), rpmlint clean but
# for packaging/rpm/rdmactl.rpmlintrc's filters, each package's files the
# Debian package's (built here from the same snapshot) at RHEL's paths, the
# scriptlets, and rdmactl-dkms's payload built by DKMS for one of this
# machine's kernels. One core (-j1): make check runs it beside a VM.
# Installs nothing, loads nothing.
. "$(dirname "$0")/lib.sh"
T_NAME=rpm
top=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's/^VERSION *:*= *//p' "$top/Makefile")
. "$top/tests/vm/lib.sh"
# make check's make exports BUILD (and VERSION, PREFIX, its MAKEFLAGS):
# the snapshot's make must use its own.
unset BUILD VERSION PREFIX MAKEFLAGS MFLAGS MAKELEVEL
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
oneline() { tr '\n' ' ' | sed 's/ $//'; }

t_eq "the spec has the Makefile's version" "$version" \
	"$(sed -n 's/^Version: *//p' "$top/packaging/rpm/rdmactl.spec")"
t_match "and a %changelog entry for it" "^\* .* - $version-1$" \
	"$(sed -n '/^%changelog/{n;p;q}' "$top/packaging/rpm/rdmactl.spec")"

# The tarball: what git archive makes of the snapshot's one commit.
src=$work/src
tree=$("$top/tests/snapshot" "$src")
t_run "make dist of the working tree (${tree:0:12})" 0 make -s -C "$src" dist
tarball=$src/build/rdmactl-$version.tar.gz
t_eq "rdmactl-$version.tar.gz holds every file of the tree, under rdmactl-$version/" \
	"$(git -C "$src" ls-files | sed "s|^|rdmactl-$version/|" | sort)" \
	"$(tar -tzf "$tarball" | grep -v '/$' | sort)"

# The RPMs, with rpmbuild -ta on it.
t_run "make rpm" 0 sh -c "make -C '$src' rpm \
	RPMBUILDFLAGS=\"--define '_smp_mflags -j1' --define '_smp_build_ncpus 1'\" >'$work/rpm.log' 2>&1"
[ "$T_FAIL" = 0 ] || tail -30 "$work/rpm.log"
r=$src/build/rpm
# rpmf NAME: the path of the RPM named NAME (rdmactl-dkms is noarch)
rpmf() {
	local a=x86_64
	[ "$1" = rdmactl-dkms ] && a=noarch
	echo "$r/RPMS/$a/$1-$version-1.$a.rpm"
}
rpms=(rdmactl-dkms librdmactl librdmactl-devel librdmactl-static rdmactl rdmactl-exporter)
for n in "${rpms[@]}" rdmactl-debugsource; do
	t_eq "built $(basename "$(rpmf "$n")")" "yes" "$([ -f "$(rpmf "$n")" ] && echo yes)"
done
t_eq "and rdmactl-$version-1.src.rpm" "yes" "$([ -f "$r/SRPMS/rdmactl-$version-1.src.rpm" ] && echo yes)"
t_eq "and a -debuginfo package for each of the binaries' packages, as RHEL's rpmbuild makes" \
	"librdmactl-debuginfo rdmactl-debuginfo rdmactl-exporter-debuginfo" \
	"$(find "$r/RPMS/x86_64" -name '*-debuginfo-*' -printf '%f\n' | sed "s/-$version-1.x86_64.rpm//" |
	   LC_ALL=C sort | oneline)"
t_match "compiled with RHEL's flags (_FORTIFY_SOURCE, stack protection) and -Werror" \
	"cc -O2 .*-D_FORTIFY_SOURCE=2 .*-fstack-protector-strong .*-Werror .*-c -o .*/nl\.o nl\.c" \
	"$(grep -m1 ' nl\.c$' "$work/rpm.log")"

t_run "rpmlint, with rdmactl.rpmlintrc" 0 rpmlint -r "$top/packaging/rpm/rdmactl.rpmlintrc" \
	"$r"/RPMS/*/*.rpm "$r"/SRPMS/*.rpm
t_match "it reports nothing (and every filter is used)" "11 packages and 0 specfiles checked; 0 errors, 0 warnings" \
	"$T_OUT"
[ "$T_FAIL" = 0 ] || grep -E ': [EW]: ' <<<"$T_OUT"

# The Debian packages of the same snapshot, whose files each RPM must hold.
t_run "dpkg-buildpackage -us -uc -b in the same snapshot" 0 sh -c "cd '$src' &&
	DEB_BUILD_OPTIONS=parallel=1 dpkg-buildpackage -us -uc -b >'$work/deb.log' 2>&1"
[ "$T_FAIL" = 0 ] || tail -30 "$work/deb.log"

# A package's files as "TYPE PATH" (l: "l PATH -> TARGET"), directories
# only where they are its own (named for rdmactl, and not empty), and
# Debian's paths written as RHEL's: /usr/lib64, systemd's /usr/lib,
# /etc/sysconfig. Debian's changelog.gz and copyright are Debian's alone
# (an RPM's changelog is in its header); build-id links are rpmbuild's.
mapped() {
	sed -E -e 's|^(. )/usr/lib/x86_64-linux-gnu/|\1/usr/lib64/|' \
		-e 's|^(. )/lib/systemd/system/|\1/usr/lib/systemd/system/|' \
		-e 's|^(. )/etc/default/|\1/etc/sysconfig/|' |
		grep -vE '^. /usr/share/doc/[^/]+/(changelog\.gz|copyright)$|^. /usr/lib/\.build-id(/|$)' |
		awk '{ line[NR] = $0; path[NR] = $2 } END {
			for (i = 1; i <= NR; i++) {
				if (substr(line[i], 1, 1) != "d") { print line[i]; continue }
				if (path[i] !~ /rdmactl/) continue
				for (j = 1; j <= NR; j++)
					if (substr(line[j], 1, 1) != "d" && index(path[j], path[i] "/") == 1) {
						print line[i]; break
					}
			}
		}' | sort
}
deb_files() {
	dpkg-deb -c "$1" | awk '{ p = $6; sub(/^\./, "", p); sub(/\/$/, "", p)
		if (p == "") next
		t = substr($1, 1, 1); print t, p ($7 == "->" ? " -> " $8 : "") }' | mapped
}
rpm_files() {
	local n
	for n in "$@"; do
		rpm -qp --qf '[%{FILEMODES:perms} %{FILENAMES} %{FILELINKTOS}\n]' "$(rpmf "$n")"
	done | awk '{ t = substr($1, 1, 1); print t, $2 (t == "l" ? " -> " $3 : "") }' | mapped
}
while read -r deb rpmlist; do
	# shellcheck disable=SC2086
	t_eq "${rpmlist// / + } holds the files of ${deb}_${version}_*.deb (diff deb rpm)" "" \
		"$(diff <(deb_files "$(echo "$work/${deb}_${version}"_*.deb)") <(rpm_files $rpmlist))"
done <<EOF
rdmactl-dkms rdmactl-dkms
librdmactl1 librdmactl
librdmactl-dev librdmactl-devel librdmactl-static
rdmactl rdmactl
rdmactl-exporter rdmactl-exporter
EOF
t_eq "which sees a file that is not there (rdmactl-exporter's against rdmactl's .deb)" \
	"< - /usr/sbin/rdmactl" \
	"$(diff <(deb_files "$work/rdmactl_${version}_amd64.deb") <(rpm_files rdmactl-exporter) | grep -x '< - /usr/sbin/rdmactl')"
t_eq "the RPMs own no directory but their own (none of /usr/include/linux, /usr/lib64, ...)" "" \
	"$(for n in "${rpms[@]}"; do rpm -qp --qf '[%{FILEMODES:perms} %{FILENAMES}\n]' "$(rpmf "$n")"; done |
	   awk '$1 ~ /^d/ && $2 !~ /rdmactl/ && $2 !~ /^\/usr\/lib\/\.build-id/ { print $2 }')"

# What differs from Debian on purpose: the exporter's options file and
# unit, the library's file mode; what both share: versions, the ABI.
x=$work/x
mkdir -p "$x/rpm" "$x/deb"
for n in rdmactl rdmactl-exporter librdmactl-devel; do
	(cd "$x/rpm" && rpm2cpio "$(rpmf "$n")" | cpio -idm --quiet)
done
dpkg-deb -x "$work/rdmactl-exporter_${version}_amd64.deb" "$x/deb"
unit=$x/rpm/usr/lib/systemd/system/rdmactl-exporter.service
t_eq "the RPM's unit reads /etc/sysconfig/rdmactl-exporter and runs the packaged exporter" \
	"EnvironmentFile=-/etc/sysconfig/rdmactl-exporter ExecStart=/usr/sbin/rdmactl-exporter \$ARGS" \
	"$(grep -E '^(EnvironmentFile|ExecStart)=' "$unit" | oneline)"
t_eq "the Debian package's unit still reads /etc/default/rdmactl-exporter" \
	"EnvironmentFile=-/etc/default/rdmactl-exporter" \
	"$(grep '^EnvironmentFile=' "$x/deb/lib/systemd/system/rdmactl-exporter.service")"
t_eq "the sysconfig file is the Debian defaults file" "" \
	"$(diff "$x/rpm/etc/sysconfig/rdmactl-exporter" "$x/deb/etc/default/rdmactl-exporter" 2>&1)"
t_eq "it is %config(noreplace)" "cn /etc/sysconfig/rdmactl-exporter" \
	"$(rpm -qp --qf '[%{FILEFLAGS:fflags} %{FILENAMES}\n]' "$(rpmf rdmactl-exporter)" | grep /etc/)"
t_match "rdmactl-exporter(8) names it" "/etc/sysconfig/rdmactl-exporter" \
	"$(zcat "$x/rpm/usr/share/man/man8/rdmactl-exporter.8.gz")"
t_eq "the exporter's scriptlets: preset on install, disable --now on removal, try-restart on upgrade" \
	"preset rdmactl-exporter.service disable --now rdmactl-exporter.service try-restart rdmactl-exporter.service" \
	"$(rpm -qp --scripts "$(rpmf rdmactl-exporter)" |
	   grep -oE '(preset|disable --now|try-restart) rdmactl-exporter\.service' | xargs)"
t_eq "the CLI in the RPM says its version" "rdmactl $version" \
	"$("$x/rpm/usr/sbin/rdmactl" -V | cut -d' ' -f1-2)"
t_eq "the udev rule runs the packaged CLI" "1" \
	"$(grep -c 'RUN+="/usr/sbin/rdmactl stat mode restore"' "$x/rpm/usr/lib/udev/rules.d/90-rdmactl.rules")"
t_eq "librdmactl provides each version node of its symbol map" \
	"$(sed -n 's/^\(LIBRDMACTL_[0-9.]*\) {.*/librdmactl.so.1(\1)(64bit)/p' "$top/user/librdmactl.map" | sort | oneline)" \
	"$(rpm -qp --provides "$(rpmf librdmactl)" | grep '^librdmactl\.so\.1(LIB' | sort | oneline)"
t_eq "librdmactl.so.1 is executable, as RHEL ships shared libraries" "-rwxr-xr-x" \
	"$(rpm -qp --qf '[%{FILEMODES:perms} %{FILENAMES}\n]' "$(rpmf librdmactl)" |
	   awk '$2 == "/usr/lib64/librdmactl.so.1" { print $1 }')"
dev=$(rpmf librdmactl-devel)
t_eq "librdmactl-devel: pkgconfig(rdmactl), needing pkgconfig(libmnl) and the same librdmactl" \
	"pkgconfig(rdmactl) = $version pkgconfig(libmnl) librdmactl(x86-64) = $version-1" \
	"$({ rpm -qp --provides "$dev" | grep '^pkgconfig('
	    rpm -qp --requires "$dev" | grep -E '^(pkgconfig|librdmactl)\(' | sort -r; } | oneline)"
t_eq "rdmactl.pc says /usr/lib64" "libdir=/usr/lib64" "$(grep '^libdir=' "$x/rpm/usr/lib64/pkgconfig/rdmactl.pc")"

# rdmactl-dkms: what it needs, its scriptlets, and its payload.
dkms_rpm=$(rpmf rdmactl-dkms)
t_eq "rdmactl-dkms requires dkms and kernel-devel" "dkms kernel-devel" \
	"$(rpm -qp --requires "$dkms_rpm" | grep -vE '^(rpmlib|/bin/sh)' | sort | xargs)"
scripts=$(rpm -qp --scripts "$dkms_rpm")
t_eq "%post: dkms add, build and install, --rpm_safe_upgrade, each allowed to fail" \
	"dkms add -m rdmactl -v $version -q --rpm_safe_upgrade || :
dkms build -m rdmactl -v $version -q --rpm_safe_upgrade || :
dkms install -m rdmactl -v $version -q --rpm_safe_upgrade || :" \
	"$(sed -n '/^postinstall scriptlet/,/^[a-z]* scriptlet/p' <<<"$scripts" | grep '^dkms ')"
t_eq "%preun: dkms remove --all --rpm_safe_upgrade" \
	"dkms remove -m rdmactl -v $version -q --all --rpm_safe_upgrade || :" \
	"$(sed -n '/^preuninstall scriptlet/,$p' <<<"$scripts" | grep '^dkms ')"
# DOCA-OFED installed or removed: the module rebuilt against the ib_core
# each kernel then has (kmod/compat/restack.sh; tests/package.sh runs it
# through the .deb's trigger).
triggers=$(rpm -qp --triggers "$dkms_rpm")
for t in triggerin triggerpostun; do
	for o in mlnx-ofa_kernel-dkms mlnx-ofa_kernel-devel mlnx-ofa_kernel-modules; do
		t_eq "%$t on $o" 1 "$(grep -cE "^$t scriptlet .*-- (.*, )?$o(,|$)" <<<"$triggers")"
	done
done
t_eq "each runs restack.sh, allowed to fail" \
	"$(grep -c ' scriptlet ' <<<"$triggers")" \
	"$(grep -cxF "sh /usr/src/rdmactl-$version/kmod/compat/restack.sh $version || :" <<<"$triggers")"
# %post where the kernel-devel of the running kernel is missing: a dkms
# that fails to build, as DKMS does then (exit 1, "headers ... cannot be
# found"); the install of the package goes on.
mkdir -p "$work/bin"
printf '#!/bin/sh\necho "$*" >>%s/dkms.calls\n[ "$1" != build ] || exit 1\n' "$work" >"$work/bin/dkms"
chmod +x "$work/bin/dkms"
t_run "%post succeeds when DKMS cannot build (no kernel-devel)" 0 \
	env PATH="$work/bin:$PATH" sh -e -c "$(rpm -qp --qf '%{POSTIN}' "$dkms_rpm")" sh 1
t_eq "having asked DKMS to add, build and install" "add build install" \
	"$(cut -d' ' -f1 "$work/dkms.calls" | xargs)"

p=$work/payload
mkdir -p "$p" "$work/debpayload"
(cd "$p" && rpm2cpio "$dkms_rpm" | cpio -idm --quiet)
dpkg-deb -x "$work/rdmactl-dkms_${version}_all.deb" "$work/debpayload"
s=$p/usr/src/rdmactl-$version
t_eq "the payload is the Debian package's, byte for byte" \
	"$(cd "$work/debpayload/usr/src" && find . -type f | sort | xargs sha256sum)" \
	"$(cd "$p/usr/src" && find . -type f | sort | xargs sha256sum)"
t_eq "dkms.conf builds with make -C kmod, as the Makefile's version" \
	"MAKE[0]=\"make -C kmod KDIR=\${kernel_source_dir}\" PACKAGE_VERSION=\"$version\"" \
	"$(grep -E '^(MAKE\[0\]|PACKAGE_VERSION)=' "$s/dkms.conf" | sort | oneline)"
t_eq "kmod/Makefile finds the version in ../Makefile" "$version" "$(sed -n 's/^VERSION *:*= *//p' "$s/Makefile")"
objs=$(sed -n '/^rdmactl-y/,/[^\\]$/p' "$s/kmod/Kbuild" | tr -d '\\' | sed 's/^rdmactl-y *:= *//' | xargs -n1 | sort)
t_eq "every object of kmod/Kbuild has its source in the payload" "" \
	"$(for o in $objs; do [ -f "$s/kmod/${o%.o}.c" ] || echo "$o"; done)"
t_match "(all $(wc -w <<<"$objs") of them, main.o among them)" "main\.o" "$objs"
# Each #include "..." from the file's folder or Kbuild's -I folders, but
# compat/generated.h, which kmod/compat/probe.sh writes at build time.
# shellcheck disable=SC2086
incs=$(cd "$s/kmod" && grep -o '^#include "[^"]*"' ${objs//.o/.c} compat/*.h ./*.h | sort -u)
t_eq "every #include \"...\" of the module resolves within the payload" "" \
	"$(cd "$s/kmod" && while IFS=: read -r f inc; do
		h=${inc#\#include \"}
		h=${h%\"}
		[ "$h" = generated.h ] && continue
		for d in "$(dirname "$f")" compat ../uapi; do [ -f "$d/$h" ] && continue 2; done
		echo "$f: $h"
	   done <<<"$incs")"
t_match "($(wc -l <<<"$incs") of them, cm.c's compat/vfs.h and main.c's core.h among them)" \
	'cm\.c:#include "compat/vfs\.h".* main\.c:#include "core\.h"' "$(oneline <<<"$incs")"
t_eq "and <linux/rdmactl.h>, from Kbuild's -I../uapi" "yes" \
	"$(grep -lq '^#include <linux/rdmactl.h>' "$s"/kmod/*.h && [ -f "$s/uapi/linux/rdmactl.h" ] && echo yes)"
t_eq "probe.sh is executable, with every probe" "x $(git -C "$src" ls-files kmod/compat/probes | wc -l)" \
	"$([ -x "$s/kmod/compat/probe.sh" ] && echo x) $(find "$s/kmod/compat/probes" -type f | wc -l)"

# DKMS builds it for 6.12, whose headers make deps installs, in a private
# DKMS tree as tests/build.sh does; make check skips it (it names 6.12 in
# RDMACTL_DKMS_PACKAGED): tests/package.sh builds the same payload, byte
# for byte, through apt and boots it.
kver=$(vm_kver 6.12 2>/dev/null)
if [[ " ${RDMACTL_DKMS_PACKAGED:-} " == *" 6.12 "* ]]; then
	echo "# the payload is built by DKMS in tests/package.sh (RDMACTL_DKMS_PACKAGED)"
elif [ -z "$kver" ] || [ ! -d "/lib/modules/$kver/build" ]; then
	echo "# no headers of the 6.12 line here (make deps): DKMS does not build the payload"
else
	d=$work/dkms
	mkdir -p "$d"
	t_run "dkms add from the RPM's payload" 0 dkms add -m rdmactl -v "$version" \
		--sourcetree "$p/usr/src" --dkmstree "$d"
	t_run "dkms build against $kver, one job" 0 dkms build -j 1 -m rdmactl -v "$version" -k "$kver" \
		--sourcetree "$p/usr/src" --dkmstree "$d"
	ko=$(find "$d" -name 'rdmactl.ko*' | head -1)
	t_eq "it built rdmactl.ko $version for $kver" "$kver $version" \
		"$(modinfo -F vermagic "$ko" 2>/dev/null | cut -d' ' -f1) $(modinfo -F version "$ko" 2>/dev/null)"
fi

t_done
