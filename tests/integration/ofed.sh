#!/bin/bash
# rdmactl on DOCA-OFED's ib_core (tests/vm/run --kernel ofed): the module
# and the fake HCA built against OFED run on it; a module built against
# the kernel's own ib_core is refused, and the CLI names why and the
# remedy; installed from the right build, modprobe loads it.
. "$RDMACTL_TOP/tests/lib.sh"
T_NAME=ofed
kver=$(uname -r)
ofed_build=$RDMACTL_TOP/build/$kver-ofed
inbox_build=$RDMACTL_TOP/build/$kver
version=$(sed -n 's/^VERSION *:*= *//p' "$RDMACTL_TOP/Makefile")

t_eq "ib_core is OFED's: its mlx_compat is loaded" "yes" \
	"$([ -d /sys/module/mlx_compat ] && echo yes)"
t_match "modprobe finds OFED's ib_core, in updates/dkms" "/updates/dkms/ib_core.ko" \
	"$(modinfo -n ib_core)"
base=$(cat /sys/module/mlx_compat/parameters/compat_base)
# The one the VM loaded: in make check, the one DKMS built through the
# package's trigger (tests/package.sh).
loaded=${RDMACTL_MODULE:-$ofed_build/kmod/rdmactl.ko}
t_eq "the loaded rdmactl.ko says it was built against this OFED" "ofed $base" \
	"$(modinfo -F ib_core "$loaded")"
# The CRCs it asks for are those OFED's ib_core exports, not the kernel's.
crc() { modprobe --dump-modversions "$1" | awk -v s="$2" '$2 == s { print $1 }'; }
ofed_crc=$(awk '$2 == "ib_register_client" { print $1 }' "$RDMACTL_OFED_SYMVERS")
t_eq "its ib_register_client CRC is the one OFED's Module.symvers lists" "$ofed_crc" \
	"$(crc "$loaded" ib_register_client)"
t_eq "as OFED's own ib_ipoib's is" "$ofed_crc" "$(crc "$(modinfo -n ib_ipoib)" ib_register_client)"
t_run "rdmactl answers on OFED" 0 rdmactl -j dev show
t_eq "and lists the fake HCA" "fakeib0" "$(jq -r '.[].ifname' <<<"$T_OUT" | grep -x fakeib0)"
t_run "the port, counters and GIDs of the fake HCA" 0 sh -c \
	"rdmactl port show fakeib0/1 && rdmactl stat show fakeib0/1 && rdmactl gid show fakeib0"
t_run "rdma link show" 0 rdma link show
t_match "it lists the fake HCA's port" "^link fakeib0/1 " "$T_OUT"
t_eq "and no rxe: OFED ships no Soft-RoCE" "" "$(grep rxe <<<"$T_OUT")"

# A RoCE port on OFED's ib_core (a fake RoCE device on a veth): its GIDs,
# and rdma_cm's defaults, set by rdmactl in OFED's rdma_cm configfs and
# read back there.
knobs=/sys/kernel/debug/rdmactl_fakehca
cm=/sys/kernel/config/rdma_cm
ip link add vo0 type veth peer name vo1 && ip link set vo0 up && ip link set vo1 up
t_run "a fake RoCE device on OFED" 0 sh -c "echo 'link_layer=roce netdevs=vo0 state=active' >$knobs/add"
r=$(tail -1 $knobs/devices)
# Each GID as "INDEX HEX TYPE", from sysfs and from rdmactl.
gids_sysfs() {
	local p=/sys/class/infiniband/$1/ports/1 i g t
	for i in $(ls $p/gids | sort -n); do
		g=$(tr -d ':' <$p/gids/$i)
		[ "$g" = 00000000000000000000000000000000 ] && continue
		t=$(cat $p/gid_attrs/types/$i)
		echo "$i $g ${t##* }"
	done
}
gids_rdmactl() {
	rdmactl -j gid show "$1" | python3 -c 'import ipaddress, json, sys
for g in json.load(sys.stdin):
    print(g["index"], ipaddress.IPv6Address(g["gid"]).packed.hex(), g["type"])'
}
t_eq "$r: rdmactl's GIDs are sysfs's" "$(gids_sysfs $r)" "$(gids_rdmactl $r | sort -n)"
t_eq "$r supports v1 and v2" '["v1","v2"]' "$(rdmactl -j roce show $r/1 | jq -c '.[0].supported')"
mode() { mkdir -p $cm/$1 && cat $cm/$1/ports/1/default_roce_mode; rmdir $cm/$1; }
t_run "OFED's rdma_cm loads" 0 modprobe rdma_cm
t_match "from updates/dkms" "/updates/dkms/rdma_cm.ko" "$(modinfo -n rdma_cm)"
t_run "roce set $r mode v1 tos 106" 0 rdmactl roce set $r mode v1 tos 106
t_eq "OFED's rdma_cm reads IB/RoCE v1" "IB/RoCE v1" "$(mode $r)"
t_eq "and ToS 106" "106" "$(mkdir -p $cm/$r && cat $cm/$r/ports/1/default_roce_tos; rmdir $cm/$r)"
t_run "roce set $r mode v2" 0 rdmactl roce set $r mode v2
t_eq "OFED's rdma_cm reads RoCE v2" "RoCE v2" "$(mode $r)"
echo "$r" >$knobs/remove
ip link del vo0

# The kernel's own build, the module DKMS made before OFED came.
t_eq "the inbox build is there (make check builds the 6.12 line first)" "yes" \
	"$([ -f "$inbox_build/kmod/rdmactl.ko" ] && echo yes)"
t_eq "which says it was built against the kernel's own ib_core" "inbox" \
	"$(modinfo -F ib_core "$inbox_build/kmod/rdmactl.ko")"
t_eq "and asks for other CRCs" "different" \
	"$([ "$(crc "$inbox_build/kmod/rdmactl.ko" ib_register_client)" != "$ofed_crc" ] && echo different)"
t_run "rmmod rdmactl" 0 rmmod rdmactl
dmesg -C
t_run "the kernel refuses the inbox build" 1 insmod "$inbox_build/kmod/rdmactl.ko"
t_match "for its symbol versions" "disagrees about version of symbol" "$(dmesg)"

# Installed as DKMS installs it, over the modules this VM booted with
# (read-only: an overlay takes the writes), with the indexes depmod made
# for it outside (tests/vm/run: here it would take a minute and more).
mods=/lib/modules/$kver
mkdir -p /run/ofed-mods/upper /run/ofed-mods/work
modprobe overlay
mount -t overlay overlay -o "lowerdir=$mods,upperdir=/run/ofed-mods/upper,workdir=/run/ofed-mods/work" "$mods"
install_ko() {
	mkdir -p "$mods/updates/dkms" && cp "$1" "$mods/updates/dkms/rdmactl.ko" &&
		cp "$RDMACTL_OFED_INDEX"/modules.* "$mods/"
}
install_ko "$inbox_build/kmod/rdmactl.ko"
t_run "modprobe rdmactl refuses it too" 1 modprobe rdmactl
t_run "rdmactl without its module" 1 rdmactl port show
t_eq "names both stacks, the module and the remedy, in one line" \
	"rdmactl: the rdmactl kernel module is not loaded: the loaded ib_core is DOCA-OFED's ib_core ($base), and $mods/updates/dkms/rdmactl.ko was built against the kernel's own ib_core, so the kernel refuses it (\"disagrees about version of symbol\"); rebuild it with \"sh /usr/src/rdmactl-$version/kmod/compat/restack.sh $version\"" \
	"$T_ERR"
t_run "rdmactl check says the same" 1 rdmactl check
t_match "check: the remedy" "rebuild it with \"sh /usr/src/rdmactl-$version/kmod/compat/restack.sh $version\"" "$T_ERR"

install_ko "$loaded"
t_run "rdmactl with OFED's build installed" 1 rdmactl port show
t_eq "says only to load it" 'rdmactl: the rdmactl kernel module is not loaded; load it with "modprobe rdmactl"' \
	"$T_ERR"
t_run "modprobe rdmactl loads it" 0 modprobe rdmactl
t_run "and it answers" 0 rdmactl port show fakeib0/1
umount "$mods"
t_done
