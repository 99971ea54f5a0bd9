#!/bin/sh
# Rebuild rdmactl.ko with DKMS for each kernel whose RDMA stack is not the
# one its installed rdmactl.ko was built against: run when DOCA-OFED is
# installed or removed (rdmactl-dkms's dpkg trigger on /usr/src/ofa_kernel,
# the RPM's triggers on OFED's packages). The kernel refuses a module
# built against the other stack, so without this rdmactl stops loading
# until someone runs dkms by hand.
#
#   compat/restack.sh VERSION
#
# A module says what it was built against in its modinfo field ib_core
# (kmod/Kbuild); what the kernel has now is what compat/ofa.sh finds.
# Kernels rdmactl is not installed for are left alone.
set -u
version=$1
here=$(cd "$(dirname "$0")" && pwd)
rc=0
# dkms 3 says "rdmactl/VERSION, KVER, ARCH: installed", dkms 2
# "rdmactl, VERSION, KVER, ARCH: installed".
for kver in $(dkms status -m rdmactl -v "$version" 2>/dev/null |
	      sed -n 's/^rdmactl[/,] \{0,1\}[^,]*, \([^,]*\), [^:]*: installed.*/\1/p' | sort -u); do
	kdir=/lib/modules/$kver/build
	[ -d "$kdir" ] || continue
	ko=$(modinfo -k "$kver" -n rdmactl 2>/dev/null) || continue
	built=$(modinfo -F ib_core "$ko" 2>/dev/null)
	ofa=$(sh "$here/ofa.sh" "$kdir")
	if [ -n "$ofa" ]; then
		now="ofed $(cat "$ofa/compat_base")"
	else
		now=inbox
	fi
	[ "$built" = "$now" ] && continue
	echo "rdmactl-dkms: $kver: rdmactl.ko was built against '${built:-an unnamed ib_core}', the kernel's ib_core is now '$now': rebuilding"
	# Removed and installed again, as dkms 2 can (build --force is dkms
	# 3.0.7's); removing its last kernel takes the module out of DKMS's
	# tree, so it is added again (which fails harmlessly when it is there).
	dkms remove -m rdmactl -v "$version" -k "$kver" >/dev/null || rc=1
	dkms add -m rdmactl -v "$version" >/dev/null 2>&1 || :
	dkms install -m rdmactl -v "$version" -k "$kver" || rc=1
done
exit $rc
