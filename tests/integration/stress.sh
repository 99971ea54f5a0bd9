#!/bin/bash
# Hot-unplug and reload stress, for RDMACTL_STRESS_SECONDS (60 unless set):
# at the same time, rxe and fake HCA devices are added and removed, every
# command is dumped in loops, monitors come and go, settings are changed,
# and rdmactl.ko is unloaded and loaded again. Every dump must end either
# complete (valid JSON) or flagged interrupted, or fail for a reason the
# moment explains (the module unloaded, the device gone); afterwards the
# module reports what is there. The debug kernel's checkers and the
# kmemleak scan of the debug plan (tests/integration/lines.sh) judge the rest.
. "$RDMACTL_TOP/tests/lib.sh"

secs=${RDMACTL_STRESS_SECONDS:-60}
M=$RDMACTL_MODULE
knobs=/sys/kernel/debug/rdmactl_fakehca
w=/tmp/stress
rm -rf "$w"
mkdir -p "$w"
stop=$w/stop

ip link add veth4 type veth peer name veth5
ip link set veth4 up
ip link set veth5 up

# One rdmactl command; its outcome as a word on stdout. A device gone
# explains a failure only where one can go: a dump of every device (the
# rxe and fake HCA loops remove theirs under it: "went away"); rxe0 and
# ib0, which the set loop names, are never removed, so their "not found"
# is a defect, not the moment. A set that succeeds prints nothing, a
# dump a JSON document (Debian 12's jq 1.6 took no input for one:
# `jq -e .` exits 0 there, 4 in 1.7).
outcome() {
	local out err errf=$w/err.$BASHPID
	if out=$(rdmactl -j "$@" 2>"$errf"); then
		if [[ " $* " == *" set "* || " $* " == *" reset "* ]]; then
			[ -z "$out" ] && echo complete || echo "bad: rdmactl $*: printed: ${out:0:200}"
		elif jq -e . >/dev/null 2>&1 <<<"$out"; then
			echo complete
		else
			echo "bad: rdmactl $*: not JSON: ${out:0:200}"
		fi
		return
	fi
	err=$(<"$errf")
	case $err in
	*"changed while they were being listed"*) echo interrupted ;;
	*"module is not loaded"* | *"module is being unloaded"*) echo unloaded ;;
	*"went away"*) [ $# -le 2 ] && echo gone || echo "bad: rdmactl $*: $err" ;;
	*) echo "bad: rdmactl $*: $err" ;;
	esac
}

dumps() {
	local cmds=("dev show" "port show" "stat show" "gid show" "roce show" "ipoib show")
	while [ ! -e "$stop" ]; do
		for c in "${cmds[@]}"; do
			# shellcheck disable=SC2086
			outcome $c
		done
	done >"$w/dumps"
}

# The same in one process, as fast as it goes: nlfuzz's dump loop.
libdumps() {
	"$RDMACTL_TOP/build/tests/nlfuzz" -D "$secs" >"$w/libdumps.out" 2>&1
	echo "exit $?" >"$w/libdumps"
}

sets() {
	local has_ib=
	[ -e /sys/class/net/ib0 ] && has_ib=1
	while [ ! -e "$stop" ]; do
		outcome roce set rxe0 tos $((RANDOM % 256))
		outcome stat reset rxe0
		[ -n "$has_ib" ] && outcome ipoib set ib0 mode $( ((RANDOM % 2)) && echo connected || echo datagram)
	done >"$w/sets"
}

monitors() {
	local rc
	while [ ! -e "$stop" ]; do
		timeout 3 rdmactl -j monitor >>"$w/monitor.json" 2>>"$w/monitor.err"
		rc=$?
		# 124: it ran until timeout stopped it; 1: the module was away.
		case $rc in
		124) echo ran ;;
		1) echo unloaded; sleep 0.2 ;;
		*) echo "bad: monitor exited $rc" ;;
		esac
	done >"$w/monitors"
}

rxe() {
	while [ ! -e "$stop" ]; do
		rdma link add rxe4 type rxe netdev veth4 && echo added || echo "bad: rxe4 add"
		sleep 0.$((RANDOM % 5))
		rdma link delete rxe4 && echo removed || echo "bad: rxe4 delete"
	done >"$w/rxe"
}

fakehca() {
	local dev
	while [ ! -e "$stop" ]; do
		echo "ports=2 state=active" >"$knobs/add" && echo added || echo "bad: fake add"
		dev=$(ls /sys/class/infiniband | grep -E '^fakeib[1-9]' | sort -V | tail -1)
		sleep 0.$((RANDOM % 5))
		echo "$dev" >"$knobs/remove" && echo removed || echo "bad: fake remove $dev"
	done >"$w/fakehca"
}

reload() {
	local try
	while [ ! -e "$stop" ]; do
		sleep 2
		# In use while a dump holds it: try again until a gap between two.
		for try in $(seq 100); do
			rmmod rdmactl 2>/dev/null && break
		done
		if [ "$try" -lt 100 ] || ! grep -q '^rdmactl ' /proc/modules; then
			sleep 0.$((RANDOM % 5 + 1))
			insmod "$M" && echo reloaded || echo "bad: insmod failed"
		else
			echo busy
		fi
	done >"$w/reload"
}

loops=(dumps libdumps sets monitors rxe reload)
[ -d "$knobs" ] && loops+=(fakehca)
echo "# stress: ${loops[*]} for $secs s"
pids=()
for l in "${loops[@]}"; do
	"$l" &
	pids+=($!)
done
sleep "$secs"
touch "$stop"
wait "${pids[@]}"
grep -q '^rdmactl ' /proc/modules || insmod "$M"

for l in "${loops[@]}"; do
	[ "$l" = libdumps ] && continue
	summary=$(sort "$w/$l" | grep -v '^bad' | uniq -c | awk '{ printf "%s %s, ", $2, $1 }')
	echo "# $l: ${summary%, }"
	t_eq "$l: nothing unexpected" "" "$(grep '^bad' "$w/$l" | sort | uniq -c | head -20)"
done
cat "$w/libdumps.out"
t_eq "libdumps: every dump complete or flagged interrupted" "exit 0" "$(<"$w/libdumps")"
t_match "libdumps: dumps completed" '[1-9][0-9]* complete,' "$(<"$w/libdumps.out")"
t_match "dumps: some complete" "complete" "$(<"$w/dumps")"
t_match "sets: some applied" "complete" "$(<"$w/sets")"
t_match "monitors: some ran" "ran" "$(<"$w/monitors")"
t_match "rxe: devices added and removed" "removed" "$(<"$w/rxe")"
t_match "module: unloaded and loaded again" "reloaded" "$(<"$w/reload")"
[ -d "$knobs" ] && t_match "fake HCA: devices added and removed" "removed" "$(<"$w/fakehca")"
t_eq "every event the monitors printed is JSON" "" \
	"$(jq -c . "$w/monitor.json" 2>&1 >/dev/null | head -5)"

# What is left is what the module reports.
rdma link delete rxe4 2>/dev/null
t_eq "devices after the storm = sysfs" "$(ls /sys/class/infiniband | sort | xargs)" \
	"$(rdmactl -j dev show | jq -r '.[].ifname' | sort | xargs)"
t_run "port show after the storm" 0 rdmactl -j port show
ip link delete veth4
t_done
