#!/bin/bash
# PORT_GET and IPOIB_GET hold up neither generic netlink nor a kill while
# the driver's query_port() waits on firmware (the fake HCA's
# query_delay_us, 1 s) or RTNL is held by someone else (ipoib's
# get_link_ksettings queries the port under RTNL: sysfs's speed file, not
# ethtool, whose netlink requests would hold generic netlink's lock
# themselves meanwhile): a doit comes back at
# once, asked to come back; a module registering a generic netlink family
# meanwhile and anyone's family lookup go through at once; a killed dump
# ends at once; the module unloads with queries in flight.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
delay=/sys/module/rdmactl_fakehca/parameters/query_delay_us
raw=$RDMACTL_TOP/build/tests/nlraw
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"; }

echo "ports=4 state=active" >$knobs/add
dev=$(tail -1 $knobs/devices)
modprobe ib_ipoib
for _ in $(seq 50); do
	ifc=$(rdmactl -j ipoib show "$dev/1" | jq -r '.[0].netdev // empty')
	[ -n "$ifc" ] && break
	sleep 0.1
done
t_match "$dev port 1 has an IPoIB interface" . "$ifc"
ifc2=$(rdmactl -j ipoib show "$dev/2" | jq -r '.[0].netdev // empty')
# wireguard (its dependencies loaded now) registers a family; the debug
# kernel has none.
wg=1
modprobe wireguard 2>/dev/null && rmmod wireguard || wg=
echo 1000000 >$delay

# rtnl_hold N: N loops reading the interface's speed from sysfs, each
# holding RTNL for its port's query (1 s); their pids in RTNL_LOOPS.
# sysfs's trylock spins while RTNL is held: niced, they leave the vCPU to
# the rest.
rtnl_hold() {
	local i
	ip link set "$ifc" up			# sysfs reads a running one's only
	RTNL_LOOPS=()
	for i in $(seq "$1"); do
		(while :; do nice -n 19 cat /sys/class/net/$ifc/speed >/dev/null 2>&1; done) &
		RTNL_LOOPS+=($!)
	done
}

# family_beside MS: a family registers (wireguard; without it, a pause of
# 2.5 s) while `genl ctrl list` runs over and over, for MS ms at least:
# T_MOST the longest, T_RC how modprobe ended.
family_beside() {
	local mp
	if [ -n "$wg" ]; then modprobe wireguard & else sleep 2.5 & fi
	mp=$!
	genl_most $mp "$1"
	wait $mp
	T_RC=$?
}

# What "at once" means on this kernel (the debug kernel is slow at all of
# it): a doit that waits for nothing, a process killed in its sleep. A
# request that waited for the 1 s query would take a second more.
took_ms nobody "$raw" DEV_GET "DEV_NAME:strz:$dev"
base=$T_MS
kill_sleep_ms
kbase=$T_MS
took_ms genl ctrl list
gbase=$T_MS

# A doit does not wait for the driver: asked again, it answers from the
# query its first asking started.
for req in "PORT_GET DEV_NAME:strz:$dev PORT_INDEX:u32:2" "IPOIB_GET IPOIB_IFNAME:strz:$ifc"; do
	read -ra args <<<"$req"
	took_ms nobody "$raw" "${args[@]}"
	t_match "${args[0]} (doit) of a port whose query takes 1 s is asked to come back" \
		"error 11: .*still being read; ask again" "$T_OUT"
	[ $T_MS -lt $((base + 600)) ] && t_pass "at once (${T_MS} ms, a DEV_GET ${base} ms)" ||
		t_fail "after ${T_MS} ms (a DEV_GET ${base} ms)"
	for _ in $(seq 30); do
		nobody "$raw" "${args[@]}" >/tmp/stall-port.out 2>&1 && break
		sleep 0.2
	done
	t_match "asked again until answered" "^msg " "$(</tmp/stall-port.out)"
done

# genl ctrl list while a family registers beside unprivileged dumps of
# ports and IPoIB interfaces in a loop, and a loop holding RTNL for a
# second at a time.
loops=()
for cmd in "port show $dev" "ipoib show" "port show $dev/3"; do
	read -ra args <<<"$cmd"
	(while :; do nice -n 19 setpriv --reuid=65534 --regid=65534 --clear-groups \
		--inh-caps=-all rdmactl "${args[@]}" >/dev/null 2>&1; done) &
	loops+=($!)
done
rtnl_hold 1
sleep 1.5
family_beside 2500
most=$T_MOST
if [ -n "$wg" ]; then
	t_eq "wireguard loads beside them" 0 "$T_RC"
elif t_config WIREGUARD; then
	t_missing "a family registering beside them" "modprobe wireguard failed"
else
	t_skip "a family registering beside them" "no wireguard in this kernel (CONFIG_WIREGUARD is not set)"
fi
[ $most -lt $((gbase + 800)) ] && t_pass "genl ctrl list meanwhile: ${most} ms at most (alone: ${gbase} ms)" ||
	t_fail "genl ctrl list waited ${most} ms beside port and IPoIB requests on a 1 s query_port (alone: ${gbase} ms)"

kill "${loops[@]}"
wait "${loops[@]}" 2>/dev/null

# Killed while the driver is queried or RTNL is held by another (the
# speed loop goes on), a request ends at once ($! must be rdmactl
# itself, which setpriv execs).
for cmd in "port show $dev" "ipoib show"; do
	read -ra args <<<"$cmd"
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		rdmactl "${args[@]}" >/dev/null 2>&1 &
	pid=$!
	# The race is on once it sleeps in rdmactl.ko (its kernel stack says
	# so), however slowly it started: a kill before would prove nothing.
	until_ok 10 grep -q '\[rdmactl\]' /proc/$pid/stack &&
		t_pass "rdmactl $cmd waits in rdmactl.ko" ||
		t_fail "rdmactl $cmd never waited in rdmactl.ko: the race was not run" \
			"$(sed 's/+0x.*//' /proc/$pid/stack 2>/dev/null | tr '\n' ' ')"
	kill_ms $pid
	[ $T_MS -lt $((kbase + 500)) ] &&
		t_pass "rdmactl $cmd killed in its wait ends in ${T_MS} ms (a sleep: ${kbase} ms)" ||
		t_fail "rdmactl $cmd killed in its wait took ${T_MS} ms to end (a sleep: ${kbase} ms) ${T_STACK}"
done

kill "${RTNL_LOOPS[@]}"
wait "${RTNL_LOOPS[@]}" 2>/dev/null

# IPOIB_SET beside two loops reading the interface's speed from sysfs,
# which queries the port (1 s) under RTNL, as ethtool does but outside
# generic netlink: ipoib's switch drops RTNL while it flushes its paths,
# and another may take it before ipoib takes it back. The doit changes
# nothing itself (a work item does), so switches back and forth, a
# family registering and lookups all go on.
# DOCA-OFED's ib_ipoib has no connected mode: there the sets change the
# datagram MTU instead, through the same doit and work item under RTNL.
# The port's query takes 2 s here: the loops and the sets keep a one-vCPU
# VM busy enough that a lone lookup's time (gbase) moves by most of a
# second (5.10: +842 ms, once), and a lookup that waited for a query
# must stand out from that.
echo 2000000 >$delay
if [ -n "${RDMACTL_OFED:-}" ]; then
	sets=("mode datagram mtu 2044" "mode datagram mtu 4092") attr=mtu states=(2044 4092)
else
	sets=("mode connected" "mode datagram") attr=mode states=(connected datagram)
fi
[ -n "$wg" ] && rmmod wireguard
rtnl_hold 2
: >/tmp/stall-port.sets
(while :; do
	for m in "${sets[@]}"; do
		# shellcheck disable=SC2086
		rdmactl ipoib set "$ifc" $m >/dev/null 2>&1 && echo "$m" >>/tmp/stall-port.sets
	done
done) &
setter=$!
sleep 1.5
family_beside 6000
most=$T_MOST
kill $setter
wait $setter 2>/dev/null
t_match "IPoIB switches went through meanwhile ($(wc -l </tmp/stall-port.sets))" "${sets[0]}" \
	"$(</tmp/stall-port.sets)"
echo 1000000 >$delay
[ $most -lt $((gbase + 1500)) ] && t_pass "genl ctrl list beside them: ${most} ms at most (alone: ${gbase} ms)" ||
	t_fail "genl ctrl list waited ${most} ms beside IPoIB mode switches and RTNL held (alone: ${gbase} ms)"

# A set given up while its change waits behind two others (each a port
# query of 1 s and RTNL, still held by the loops): killed, it changes
# nothing, then or later. (Killing one whose change has begun does not
# undo it.)
pkill -x rdmactl
was=$(cat /sys/class/net/$ifc2/$attr)
[ "$was" = "${states[1]}" ] && to=${sets[0]} || to=${sets[1]}
ahead=()
for m in "${sets[1]}" "${sets[0]}"; do
	# shellcheck disable=SC2086
	rdmactl ipoib set "$ifc" $m >/dev/null 2>&1 &
	ahead+=($!)
	sleep 0.2
done
# shellcheck disable=SC2086
rdmactl ipoib set "$ifc2" $to >/dev/null 2>&1 &
second=$!
sleep 0.5
kill -9 $second
kill "${RTNL_LOOPS[@]}"
wait "${RTNL_LOOPS[@]}" 2>/dev/null
fails=0
for p in "${ahead[@]}"; do wait $p || fails=$((fails + 1)); done
t_eq "the sets ahead of it are made" "0 ${states[0]}" "$fails $(cat /sys/class/net/$ifc/$attr)"
sleep 2.5					# a change: its port's query (1 s), RTNL
t_eq "a set killed before its change began changes nothing ($ifc2 stays $was)" "$was" \
	"$(cat /sys/class/net/$ifc2/$attr)"
[ -n "$wg" ] && rmmod wireguard
# The loops' last rdmactl may still be reading: a dump in progress holds
# the module (EBUSY). Then a doit leaves its port's query in flight.
pkill -x rdmactl
while pgrep -x rdmactl >/dev/null; do sleep 0.1; done
nobody "$raw" PORT_GET "DEV_NAME:strz:$dev" PORT_INDEX:u32:4 >/dev/null 2>&1
t_run "rmmod rdmactl with a query in flight" 0 rmmod rdmactl
t_run "and insmod" 0 insmod "$RDMACTL_MODULE"
echo 0 >$delay
t_eq "$dev/2 read again at full speed" ACTIVE "$(rdmactl -j port show "$dev/2" | jq -r '.[0].state')"
echo "$dev" >$knobs/remove

t_done
