#!/bin/bash
# No rdmactl request holds up generic netlink or outlives a kill. With the
# fake HCA answering MADs as slowly as a stalled firmware (1 s each): a
# doit comes back at once, asked to come back; with unprivileged dumps of
# its 16 ports and doits of one in a loop, a module registering a generic
# netlink family (wireguard: genl_register_family() takes the lock every
# generic netlink request holds) and anyone's family lookup (genl ctrl
# list) go through at once; a killed dump ends at once; the module
# unloads with reads in flight. And a reader that comes back more than a
# second after its ports were read ahead gets them read again.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
delay=/sys/module/rdmactl_fakehca/parameters/mad_delay_us
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"; }

echo "ports=16" >$knobs/add
dev=$(tail -1 $knobs/devices)
rdmactl stat show "$dev" >/dev/null		# ClassPortInfo, at full speed
# wireguard's dependencies now, so that loading it later is quick.
modprobe wireguard && rmmod wireguard
echo 1000000 >$delay

raw=$RDMACTL_TOP/build/tests/nlraw
idx=$(rdmactl -j dev show "$dev" | jq '.[0].ifindex')
port_mads_of() { cat $knobs/$1/port$2/mads; }
port_mads() { port_mads_of "$dev" "$1"; }
dev_mads() { cat $knobs/$dev/port*/mads | paste -sd+ | bc; }
# in_flight WHAT M0: the device has had a MAD since M0 (counted as it
# enters the fake's process_mad(), a second before it returns): the
# request is waiting on the firmware, so a kill now is the race the check
# is about, however slowly the process started. A failure otherwise.
in_flight() {
	until_ok 10 eval '[ "$(dev_mads)" -gt '"$2"' ]' && t_pass "$1: its MADs are in flight" ||
		t_fail "$1: no MAD was sent in 10 s: the race was not run"
}
# What a lone family lookup takes on this kernel and machine (fork and
# exec included, slow beside other VMs): the lookups below may take 0.8 s
# more; one that waited for a MAD would take a second more.
took_ms genl ctrl list
gbase=$T_MS

# A doit does not wait for the firmware (two MADs, 2 s): it has the port
# read, and comes back empty at once; asked again, it answers once the
# read is done, from that read.
m0=$(port_mads 3)
t0=$(now_ms)
t_run "STAT_GET (doit) of a port whose MADs take 1 s" 1 nobody "$raw" STAT_GET "DEV_NAME:strz:$dev" PORT_INDEX:u32:3
took=$(($(now_ms) - t0))
t_eq "is asked to come back" "error 11: device $idx port 3: its counters are still being read; ask again" "$T_OUT"
[ $took -lt 1500 ] && t_pass "at once (${took} ms, the read takes 2 s)" || t_fail "after ${took} ms"
for _ in $(seq 30); do
	nobody "$raw" STAT_GET "DEV_NAME:strz:$dev" PORT_INDEX:u32:3 >/tmp/stall-doit.out && break
	sleep 0.2
done
t_match "asked again until answered: the port's snapshot" "^msg .* $("$raw" --number STAT_TIMESTAMP)=[1-9]" \
	"$(</tmp/stall-doit.out)"
t_eq "all from the one read: 2 MADs" 2 $(($(port_mads 3) - m0))

# A dump in its reads (its first call made 0.3 s before), then a family
# registering (a writer of generic netlink's lock, queued behind that
# call if it still holds the lock), then a lookup 0.2 s later (queued
# behind the writer).
setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	rdmactl stat show "$dev" >/dev/null 2>&1 &
dump=$!
sleep 0.3
modprobe wireguard &
mp=$!
sleep 0.2
t0=$(now_ms)
genl ctrl list >/dev/null
look=$(($(now_ms) - t0))
wait $mp
t_eq "wireguard loads beside the dump" 0 "$?"
wait $dump
[ $look -lt $((gbase + 800)) ] && t_pass "genl ctrl list meanwhile: ${look} ms (alone: ${gbase} ms)" ||
	t_fail "genl ctrl list waited ${look} ms while a family registered beside a dump on 1 s MADs (alone: ${gbase} ms)"
# And beside unprivileged dumps and doits in a loop (niced: what the
# lookups wait for is the lock, not the one vCPU).
loops=()
for _ in 1 2 3; do
	(while :; do nice -n 19 setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		rdmactl stat show "$dev" >/dev/null 2>&1; done) &
	loops+=($!)
done
(while :; do nice -n 19 setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	"$raw" STAT_GET "DEV_NAME:strz:$dev" PORT_INDEX:u32:5 >/dev/null 2>&1; done) &
loops+=($!)
sleep 1
rmmod wireguard
modprobe wireguard &
mp=$!
genl_most $mp 1500
most=$T_MOST
wait $mp
kill "${loops[@]}"
wait "${loops[@]}" 2>/dev/null
[ $most -lt $((gbase + 800)) ] && t_pass "and beside dumps and doits in a loop: ${most} ms at most (alone: ${gbase} ms)" ||
	t_fail "genl ctrl list waited ${most} ms beside dumps and doits in a loop (alone: ${gbase} ms)"
rmmod wireguard

# Killed in the middle of its reads, a dump goes at once ($! must be
# rdmactl itself, which setpriv execs: not through a function): within
# 0.5 s of a killed sleep (the MADs end 0.7 s after the kill).
sleep 2.5					# the loops' reads end
kill_sleep_ms
kbase=$T_MS
m0=$(dev_mads)
setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	rdmactl stat show "$dev" >/dev/null 2>&1 &
in_flight "a dump" "$m0"
kill_ms $!
took=$T_MS
[ $took -lt $((kbase + 500)) ] && t_pass "a dump killed in its 1 s MADs ends in ${took} ms (a sleep: ${kbase} ms)" ||
	t_fail "a dump killed in its 1 s MADs took ${took} ms to end (a sleep: ${kbase} ms) ${T_STACK}"

# STAT_RESET sends its MADs from the ports' work items too: its doit comes
# back at once, asked to come back. The same doit asked again (librdmactl
# sends it again, sequence number and all) is answered from the reset it
# started: one baseline read of the port, 2 MADs, however often asked. A
# reset asked while another runs (which may have read before it came) gets
# one of its own after it.
sleep 2.5					# the killed dump's reads end
m0=$(port_mads 3)
t0=$(now_ms)
t_run "STAT_RESET (doit) of a port whose MADs take 1 s" 1 "$raw" STAT_RESET "DEV_NAME:strz:$dev" PORT_INDEX:u32:3
took=$(($(now_ms) - t0))
t_eq "is asked to come back" "error 11: the counters are still being reset; ask again" "$T_OUT"
[ $took -lt 1500 ] && t_pass "at once (${took} ms, the reset's read takes 2 s)" || t_fail "after ${took} ms"
t_run "rdmactl stat reset of that port meanwhile" 0 rdmactl stat reset "$dev/3"
t_eq "came after the first began: a reset of its own, 2 + 2 MADs" 4 $(($(port_mads 3) - m0))
m0=$(port_mads 4)
t_run "rdmactl stat reset of an idle port, asking again until answered" 0 rdmactl stat reset "$dev/4"
t_eq "from the one reset: 2 MADs" 2 $(($(port_mads 4) - m0))
# A reset of all 16 ports (32 s of MADs, 2 s with the workqueue's 32 at
# once) beside a family registering: lookups go through.
rdmactl stat reset "$dev" &
rs=$!
sleep 0.3
modprobe wireguard &
mp=$!
genl_most $mp 1500
wait $mp
rmmod wireguard
wait $rs
t_eq "rdmactl stat reset of 16 ports with 1 s MADs succeeds" 0 "$?"
[ $T_MOST -lt $((gbase + 800)) ] && t_pass "genl ctrl list beside it: ${T_MOST} ms at most (alone: ${gbase} ms)" ||
	t_fail "genl ctrl list waited ${T_MOST} ms beside a reset of 16 ports on 1 s MADs (alone: ${gbase} ms)"
t_match "every port has its baseline" "^16$" \
	"$(rdmactl -j stat show --baseline "$dev" 2>/dev/null | jq '[.[] | select(.port > 0 and .baseline_ns)] | length')"
kill_sleep_ms
kbase=$T_MS
m0=$(dev_mads)
rdmactl stat reset --hardware "$dev" &
in_flight "a hardware reset" "$m0"
kill_ms $!
took=$T_MS
[ $took -lt $((kbase + 500)) ] && t_pass "a hardware reset killed in its 1 s MADs ends in ${took} ms (a sleep: ${kbase} ms)" ||
	t_fail "a hardware reset killed in its 1 s MADs took ${took} ms to end (a sleep: ${kbase} ms) ${T_STACK}"
t_run "rmmod rdmactl with its reads in flight" 0 rmmod rdmactl
t_run "and insmod" 0 insmod "$RDMACTL_MODULE"
echo 0 >$delay

# A reader that reads one message, then comes back 1.5 s later: what it
# gets from then on was read after it came back, not read ahead before.
ts=$("$raw" --number STAT_TIMESTAMP)
rdmactl stat show "$dev" >/dev/null
sleep 0.05
t_run "a dump of 16 ports read with a pause" 0 "$raw" --dump --small \
	--after "sleep 1.5; cut -d' ' -f1 /proc/uptime >/tmp/stall-resumed" STAT_GET "DEV_NAME:strz:$dev"
last=$(grep -o " $ts=[0-9]*" <<<"$T_OUT" | tail -1 | cut -d= -f2)
t_eq "17 messages: the device's counters, its 16 ports" 17 "$(grep -c "^msg" <<<"$T_OUT")"
t_eq "the last port was read after the reader came back ($(</tmp/stall-resumed) s)" 1 \
	"$(awk -v t="$last" -v r="$(</tmp/stall-resumed)" 'BEGIN { print (t / 1e9 >= r - 0.01) ? 1 : 0 }')"

# A device removed while a dump waits for its ports' reads, queued behind
# an unprivileged dump of 40 ports (32 fill the read workqueue): the dump
# reads none of them itself after, so the removal need not wait for 2 s
# of MADs a port (the call's every port: 16 of them), and the dump ends,
# its device gone. The bound: an idle device's removal (IPoIB's
# 16 interfaces go too), and the MADs a call had begun (2 s), and 2 s.
echo "ports=16" >$knobs/add
took_ms sh -c "echo $(tail -1 $knobs/devices) >$knobs/remove"
idle_ms=$T_MS
echo "ports=40" >$knobs/add
hog=$(tail -1 $knobs/devices)
echo "ports=16" >$knobs/add
gone=$(tail -1 $knobs/devices)
rdmactl stat show >/dev/null			# ClassPortInfo, at full speed
echo 1000000 >$delay
nobody rdmactl stat show "$hog" >/dev/null 2>&1 &
hogger=$!
sleep 0.3
nobody "$raw" --dump STAT_GET "DEV_NAME:strz:$gone" >/tmp/stall-gone.out 2>&1 &
reader=$!
sleep 0.7
took_ms sh -c "echo $gone >$knobs/remove"
gone_ms=$T_MS
wait $reader
kill $hogger					# its reads go on: the device is removed
wait $hogger 2>/dev/null
echo 0 >$delay
echo "$hog" >$knobs/remove
[ $gone_ms -lt $((idle_ms + 4000)) ] &&
	t_pass "a device removed mid-dump is gone in ${gone_ms} ms (MADs of 1 s; idle: ${idle_ms} ms)" ||
	t_fail "removing a device mid-dump took ${gone_ms} ms (MADs of 1 s; idle: ${idle_ms} ms): its ports were read for the dump"
t_match "the dump ends" "^done" "$(tail -1 /tmp/stall-gone.out)"

# Item 4, the bounds on MADs (Documentation/netlink.md): a port's read is
# two MADs, one after the other; the read-ahead's workqueue reads at most
# 32 ports at once for every caller together, and each dump may read one
# more port in its own call. Three unprivileged dumps of 64 ports at once:
# at most 32 + 3 MADs in flight, and no port read more than once a dump.
more=()
for _ in 1 2; do
	echo "ports=24" >$knobs/add
	more+=("$(tail -1 $knobs/devices)")
done
rdmactl stat show >/dev/null			# ClassPortInfo, at full speed
declare -A mads0
for d in "$dev" "${more[@]}"; do
	for p in $(seq "$(ls -d $knobs/$d/port* | wc -l)"); do mads0[$d/$p]=$(port_mads_of $d $p); done
done
echo 200000 >$delay				# 0.2 s a MAD
echo 0 >$knobs/mads_in_flight_max
sleep 0.05
dumps=()
for _ in 1 2 3; do
	nobody rdmactl -j stat show >/dev/null 2>&1 &
	dumps+=($!)
done
wait "${dumps[@]}"
echo 0 >$delay
most=$(<$knobs/mads_in_flight_max)
[ "$most" -ge 2 ] && [ "$most" -le 35 ] &&
	t_pass "three dumps of 64 ports with 0.2 s MADs: $most MADs in flight at most (bound 32 + 3)" ||
	t_fail "three dumps of 64 ports with 0.2 s MADs: $most MADs in flight at most (bound 32 + 3)"
worst=0
for k in "${!mads0[@]}"; do
	m=$(($(port_mads_of ${k%/*} ${k#*/}) - ${mads0[$k]}))
	[ $m -gt $worst ] && worst=$m
done
[ $worst -ge 2 ] && [ $worst -le 6 ] && t_pass "each port read at most once a dump: $worst MADs at most" ||
	t_fail "a port cost $worst MADs for three dumps (bound 6)"
for d in "$dev" "${more[@]}"; do echo "$d" >$knobs/remove; done
t_done
