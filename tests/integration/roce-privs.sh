#!/bin/bash
# ROCE_GET changes nothing, whoever asks: it loads no module (rdma_cm
# unloaded stays unloaded), makes and removes no directory in rdma_cm's
# configfs (watched with inotify), reads an administrator's directory when
# there is one, and otherwise says what rdmactl last applied, or that it
# does not know. Only an administrator's --probe looks into rdma_cm, and
# it removes only the directory it made. ROCE_SET without rdma_cm is
# refused, and loads nothing either. Needs rdma_cm as a module (stock
# kernels, not the debug one). The RoCE devices are Soft-RoCE's rxe0 and
# rxe1; on DOCA-OFED, which has no rdma_rxe but its own rdma_cm, two of
# the fake HCA's RoCE devices on veths (lines.sh).
. "$RDMACTL_TOP/tests/lib.sh"
. "$RDMACTL_TOP/tests/integration/modprobe-hook.sh"

t_expect "ROCE_GET and rdma_cm unloaded" 't_config INFINIBAND m' \
	"rdma_cm is built in: nothing to unload" rdma_cm_modular || { t_done; exit; }
fakes=()
cleanup() {
	local d i
	modprobe_unhook
	for d in "${fakes[@]}"; do roce_del "$d"; done
	for i in "${!fakes[@]}"; do ip link del rpv$i; done
	return 0
}
trap cleanup EXIT
if [ -z "${RDMACTL_OFED:-}" ]; then
	d0=rxe0 d1=rxe1
else
	for i in 0 1; do
		ip link add rpv$i type veth peer name rpp$i
		ip link set rpv$i up
		fakes+=("$(roce_add rpv$i rxe$i state=active)")
	done
	d0=${fakes[0]} d1=${fakes[1]}
fi
# Every RoCE port by sysfs, "DEV/PORT WORD" each, sorted, comma-joined.
roce_ports() {
	local f
	for f in $(grep -lx Ethernet /sys/class/infiniband/*/ports/*/link_layer); do
		f=${f#/sys/class/infiniband/}
		echo "${f%%/*}/$(cut -d/ -f3 <<<"$f") $1"
	done | sort | paste -sd,
}
kv=$(uname -r)
old_configfs=
[ "$(printf '%s\n' 5.14 "${kv%%-*}" | sort -V | head -1)" != 5.14 ] && old_configfs=1

# What rdma_cm says through user space's configfs, making the directory
# only when it is not there; "" when rdma_cm is not there.
cm_read() {
	local made=
	[ -d $cm ] || return 0
	[ -d $cm/$1 ] || { mkdir $cm/$1 && made=1; }
	echo "$(<$cm/$1/ports/$2/default_roce_mode) $(<$cm/$1/ports/$2/default_roce_tos)"
	[ -n "$made" ] && rmdir $cm/$1
}

t_run "rdma_cm unloads" 0 rdma_cm_unload
modprobe_hook

# Item 2: an unprivileged GET, doit and dump, loads nothing.
t_run "unprivileged roce show $d0/1 without rdma_cm" 0 nobody rdmactl -j roce show $d0/1
out=$T_OUT
t_eq "it left rdma_cm unloaded" "unloaded" "$(rdma_cm_loaded && echo loaded || echo unloaded)"
t_eq "the kernel asked modprobe for nothing" "" "$(modprobe_requests)"
t_eq "it says the defaults are unknown" "unknown" "$(jq -r '.[0].source' <<<"$out")"
t_run "unprivileged roce show (dump) without rdma_cm" 0 nobody rdmactl -j roce show
t_eq "every RoCE port sysfs has, each unknown" "$(roce_ports unknown)" \
	"$(jq -r '[.[] | "\(.ifname)/\(.port) \(.source)"] | sort | join(",")' <<<"$T_OUT")"
t_run "root's roce show without rdma_cm" 0 rdmactl roce show $d0/1
t_match "says so in text" "$d0/1: mode unknown" "$T_OUT"
t_eq "and loads nothing either" "unloaded " "$(rdma_cm_loaded && echo loaded || echo unloaded) $(modprobe_requests)"

# Item 7: no handler loads modules; SET says what is missing.
t_run "roce set without rdma_cm" 1 rdmactl roce set $d0/1 tos 32
t_match "is refused: rdma_cm is not loaded" "rdma_cm is not loaded" "$T_ERR"
t_eq "and loads nothing" "unloaded " "$(rdma_cm_loaded && echo loaded || echo unloaded) $(modprobe_requests)"
t_run "roce show --probe without rdma_cm" 1 rdmactl roce show --probe $d0/1
t_match "is refused the same way" "rdma_cm is not loaded" "$T_ERR"
t_eq "loading nothing" "unloaded " "$(rdma_cm_loaded && echo loaded || echo unloaded) $(modprobe_requests)"
modprobe_unhook

modprobe rdma_cm
if [ -n "$old_configfs" ]; then
	# Before 5.14 the module can neither read nor write rdma_cm's files.
	t_run "$kv: unprivileged roce show" 0 nobody rdmactl -j roce show $d0/1
	t_eq "says unknown" "unknown" "$(jq -r '.[0].source' <<<"$T_OUT")"
	t_done
	exit
fi

# No directory made or removed by unprivileged GETs, doit and dump, again
# and again (ten: on the debug kernel a process takes a second to start).
cm_watch_start
for i in $(seq 5); do
	nobody rdmactl roce show $d0/1 >/dev/null
	nobody rdmactl roce show >/dev/null
done
t_eq "10 unprivileged roce shows: nothing made or removed in rdma_cm's configfs" "0 " \
	"$(cm_watch_stop)"
t_eq "nor left behind" "" "$(ls $cm)"
t_eq "they still say unknown" "unknown" "$(nobody rdmactl -j roce show $d0/1 | jq -r '.[0].source')"

# An administrator's directory is read, and survives.
mkdir $cm/$d0
echo 40 >$cm/$d0/ports/1/default_roce_tos
t_run "unprivileged roce show with an administrator's rdma_cm/$d0" 0 nobody rdmactl -j roce show $d0/1
t_eq "reads rdma_cm's values through it" "configfs v2 40" \
	"$(jq -r '.[0] | "\(.source) \(.mode) \(.tos)"' <<<"$T_OUT")"
t_eq "and leaves it there" "$d0" "$(ls $cm)"
t_eq "$d1, without one, is unknown" "unknown" "$(nobody rdmactl -j roce show $d1/1 | jq -r '.[0].source')"
rmdir $cm/$d0

# What rdmactl applied, it reports as such.
t_run "roce set $d0/1 tos 48" 0 rdmactl roce set $d0/1 tos 48
t_eq "unprivileged roce show: what rdmactl applied" "applied v2 48" \
	"$(nobody rdmactl -j roce show $d0/1 | jq -r '.[0] | "\(.source) \(.mode) \(.tos)"')"
t_match "said so in text" "$d0/1: mode v2 tos 48 \(applied by rdmactl\)" "$(nobody rdmactl roce show $d0/1)"
t_eq "which is rdma_cm's" "RoCE v2 48" "$(cm_read $d0 1)"

# --probe: an administrator's exact read, which cleans up after itself only.
echo 56 >/tmp/t; mkdir $cm/$d0 && cat /tmp/t >$cm/$d0/ports/1/default_roce_tos && rmdir $cm/$d0
t_eq "rdma_cm changed behind rdmactl's back: still reported as applied" "applied 48" \
	"$(rdmactl -j roce show $d0/1 | jq -r '.[0] | "\(.source) \(.tos)"')"
cm_watch_start
t_run "roce show --probe $d0/1" 0 rdmactl -j roce show --probe $d0/1
t_eq "reads rdma_cm itself" "configfs v2 56" "$(jq -r '.[0] | "\(.source) \(.mode) \(.tos)"' <<<"$T_OUT")"
t_eq "through a directory it made and removed" "2 mkdir $d0 rmdir $d0" "$(cm_watch_stop)"
t_run "roce show --probe (dump)" 0 rdmactl -j roce show --probe
t_eq "every port from rdma_cm" "$(roce_ports configfs)" \
	"$(jq -r '[.[] | "\(.ifname)/\(.port) \(.source)"] | sort | join(",")' <<<"$T_OUT")"
mkdir $cm/$d1
t_run "roce show --probe $d1/1 with an administrator's directory" 0 rdmactl -j roce show --probe $d1/1
t_eq "leaves it there" "$d1" "$(ls $cm)"
rmdir $cm/$d1
t_run "unprivileged roce show --probe" 1 nobody rdmactl roce show --probe $d0/1
t_match "is refused: it needs CAP_NET_ADMIN" "CAP_NET_ADMIN" "$T_ERR"

rdmactl roce forget $d0
t_done
