#!/bin/bash
# rdmactl stat: snapshots against sysfs (counters/, hw_counters/) and the
# fake HCA's knobs, traffic on rxe, both resets, permissions, devices
# removed mid-dump, and stat watch on a terminal and in a pipe.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
# What this suite checks of a PMA that fails is its own retry, a second;
# the hold of a device whose reads fail (60 s, providers.sh) is cut to a
# second for it.
hold=/sys/module/rdmactl/parameters/failed_read_hold_s
echo 1 >$hold
trap 'echo 60 >$hold' EXIT
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"; }
counter_start

# --- rxe: driver counters, all of them, equal sysfs after real traffic.
# rxe has a PMA on some kernels (7.2's rxe_mad.c) and none on others;
# sysfs's counters/ says which, and each case is checked as it is. Soft-RoCE
# is on every line but DOCA-OFED's (no rdma_rxe: lines.sh).
s=/sys/class/infiniband/rxe0/ports/1/hw_counters
pmadir=/sys/class/infiniband/rxe0/ports/1/counters
rxe=yes
t_expect "rxe0's counters (traffic, its PMA, resets)" '[ -z "${RDMACTL_OFED:-}" ]' "there is no rxe0" \
	test -e /sys/class/infiniband/rxe0 || rxe=
if [ -n "$rxe" ]; then
	before=$(rdmactl -j stat show rxe0/1)
	# Traffic where RC traffic completes (t_rxe_rc): not tried on RHEL 10,
	# whose rxe leaves a QP that holds the device's removal.
	traffic=
	if t_rxe_rc; then
		timeout 130 ibv_rc_pingpong -d rxe0 -g 0 -n 500 >/tmp/pp-server.log 2>&1 &
		t_run "the ibv_rc_pingpong server listens" 0 tcp_listening 18515
		t_run "ibv_rc_pingpong between rxe1 and rxe0" 0 timeout 120 \
			ibv_rc_pingpong -d rxe1 -g 0 -n 500 localhost
		wait
		traffic=1
	else
		t_skip "RC traffic between rxe1 and rxe0" "not on $(uname -r) (t_rxe_rc)"
	fi
	after=$(rdmactl -j stat show rxe0/1)
	sysfs_sent=$(<$s/sent_pkts)
	t_eq "every hw counter of the port, no allow-list" \
		"$(ls $s | grep -v lifespan | sort | xargs)" \
		"$(jq -r '.[0].counters[] | select(.source == "driver") | .name' <<<"$after" | sort | xargs)"
	for c in $(ls $s | grep -v lifespan); do
		t_eq "rxe0/1 $c = sysfs" "$(<$s/$c)" "$(counter "$after" $c value driver)"
	done
	if [ -n "$traffic" ]; then
		moved=$(($(counter "$after" sent_pkts value driver) - $(counter "$before" sent_pkts value driver)))
		[ "$moved" -ge 500 ] && t_pass "sent_pkts moved by $moved >= 500 messages" ||
			t_fail "sent_pkts moved by $moved < 500"
		moved=$(($(counter "$after" rcvd_pkts value driver) - $(counter "$before" rcvd_pkts value driver)))
		[ "$moved" -ge 500 ] && t_pass "rcvd_pkts moved by $moved >= 500 messages" ||
			t_fail "rcvd_pkts moved by $moved < 500"
	fi
	t_eq "driver counters: all 64-bit, wrapping" "64 true false" \
		"$(jq -r '[.[0].counters[] | select(.source == "driver") |
			"\(.width) \(.wraps) \(.saturates)"] | unique | join(",")' <<<"$after")"
	# A name in both counters/ and hw_counters/ is two counters: both are
	# reported, each with its source, and no other name twice.
	shared=$(comm -12 <(ls $pmadir 2>/dev/null | sort) <(ls $s | grep -v lifespan | sort) | xargs)
	t_eq "names reported twice (${shared:-none}) = names in both sysfs counters/ and hw_counters/" "$shared" \
		"$(jq -r '.[0].counters | group_by(.name)[] | select(length > 1) |
			"\(.[0].name)" + ([.[].source] | if . == ["pma", "driver"] then "" else " \(.)" end)' \
			<<<"$after" | xargs)"
	if [ -d $pmadir ]; then
		t_eq "rxe0/1 has a PMA (sysfs counters/): its set" \
			"$([ -e $pmadir/unicast_xmit_packets ] && echo extended || echo extended_noietf/basic)" \
			"$(jq -r '.[0].pma_set | if . == "extended" then . else "extended_noietf/basic" end' <<<"$after")"
		t_eq "every PMA counter sysfs has, and no other" "$(ls $pmadir | sort | xargs)" \
			"$(jq -r '.[0].counters[] | select(.source == "pma") | .name' <<<"$after" | sort | xargs)"
		for c in $(ls $pmadir); do
			t_eq "rxe0/1 pma $c = sysfs" "$(<$pmadir/$c)" "$(counter "$after" $c value pma)"
		done
		t_eq "PMA counters come first" "pma" "$(jq -r '.[0].counters[0].source' <<<"$after")"
		text=$(rdmactl stat show rxe0/1)
		for c in $shared; do
			t_eq "text: one line '$c (pma)' with sysfs's value" "1" \
				"$(grep -cE "^ +$c \(pma\) +$(<$pmadir/$c)( |\$)" <<<"$text")"
			t_eq "text: one line '$c (driver)' with sysfs's value" "1" \
				"$(grep -cE "^ +$c \(driver\) +$(<$s/$c)\$" <<<"$text")"
		done
		t_eq "text: a name one source reports is bare" "1" \
			"$(grep -cE "^ +sent_pkts +[0-9]+\$" <<<"$text")"
	else
		t_eq "rxe0/1 has no PMA (no sysfs counters/): no pma_set" "" \
			"$(jq -r '.[0].pma_set // empty' <<<"$after")"
		t_eq "and no PMA counter" "0" \
			"$(jq '[.[0].counters[] | select(.source == "pma")] | length' <<<"$after")"
	fi
	t_run "rxe has no device-level counters" 1 "$RDMACTL_TOP/build/tests/nlraw" STAT_GET DEV_NAME:strz:rxe0 PORT_INDEX:u32:0
	t_eq "and says so" "error 19: the device has no device-level counters" "$T_OUT"
fi

# --- the fake HCA's PMA: values set come back exactly, at their widths.
k=$knobs/fakeib0/port1
pma() { echo "$1" >$k/pma; }
pma "port_xmit_data 4294967303"
pma "port_rcv_data 18446744073709551615"
pma "unicast_xmit_packets 4294967296"
pma "symbol_error 70000"
pma "local_link_integrity_errors 9"
rdmactl stat show fakeib0/1 >/dev/null		# ClassPortInfo, once
m0=$(<$k/mads)
j=$(rdmactl -j stat show fakeib0/1)
t_eq "one snapshot of a PMA port costs 2 MADs" "$((m0 + 2))" "$(<$k/mads)"
t_eq "pma set" "extended" "$(jq -r '.[0].pma_set' <<<"$j")"
# Compact JSON writes counters in one go (tools/stat.c), pretty JSON field
# by field: the same document, from snapshots of every source and unit.
norm() { jq -S 'map(del(.timestamp_ns))'; }
t_once && t_eq "compact and pretty JSON are the same document" \
	"$(rdmactl -jp stat show | norm)" "$(rdmactl -j stat show | norm)"
t_eq "64-bit data counter past 2^32" "4294967303" "$(counter "$j" port_xmit_data)"
t_eq "bytes = 4 x data words" "17179869212" "$(counter "$j" port_xmit_data bytes)"
t_eq "64-bit counter at 2^64-1" "18446744073709551615" "$(counter "$j" port_rcv_data)"
t_eq "bytes of a counter that would overflow: capped" "18446744073709551615" "$(counter "$j" port_rcv_data bytes)"
t_eq "unicast counter at 2^32" "4294967296" "$(counter "$j" unicast_xmit_packets)"
t_eq "16-bit error counter saturated" "65535" "$(counter "$j" symbol_error)"
t_eq "marked 16 bits, saturating, an error" "16 true false true" \
	"$(jq -r '.[0].counters[] | select(.name == "symbol_error") | "\(.width) \(.saturates) \(.wraps) \(.error)"' <<<"$j")"
t_eq "4-bit counter" "9 4" "$(counter "$j" local_link_integrity_errors) $(counter "$j" local_link_integrity_errors width)"
t_eq "data counter unit" "4_octets" "$(counter "$j" port_xmit_data unit)"
sys=/sys/class/infiniband/fakeib0/ports/1/counters
for c in $(ls $sys); do
	t_eq "fakeib0/1 $c = sysfs" "$(<$sys/$c)" "$(counter "$j" $c)"
done
t_eq "every PMA counter sysfs has, and no other" "$(ls $sys | sort | xargs)" \
	"$(jq -r '.[0].counters[] | select(.source == "pma") | .name' <<<"$j" | sort | xargs)"
echo "fake_tx_msgs 99" >$k/hw_counters
echo "fake_fw_resets 4" >$knobs/fakeib0/hw_counters
j=$(rdmactl -j stat show fakeib0)
t_eq "driver counter of the fake port" "99" \
	"$(jq -r '.[] | select(.port == 1) | .counters[] | select(.name == "fake_tx_msgs") | .value' <<<"$j")"
t_eq "device counters come first, as port 0" "0 driver_device fake_fw_resets 4" \
	"$(jq -r '.[0] | "\(.port) \(.counters[0].source) \(.counters[0].name) \(.counters[0].value)"' <<<"$j")"

# Basic and noietf PMA sets, on devices added for them.
echo "pma=basic" >$knobs/add
basic=$(tail -1 $knobs/devices)
echo "port_xmit_data 4294967303" >$knobs/$basic/port1/pma
rdmactl stat show $basic/1 >/dev/null
m0=$(<$knobs/$basic/port1/mads)
j=$(rdmactl -j stat show $basic/1)
t_eq "one snapshot of a basic PMA costs 1 MAD" "$((m0 + 1))" "$(<$knobs/$basic/port1/mads)"
t_eq "basic set: 32-bit data counter saturated" "4294967295 32 true" \
	"$(jq -r '.[0].counters[] | select(.name == "port_xmit_data") | "\(.value) \(.width) \(.saturates)"' <<<"$j")"
t_eq "basic set = sysfs's counter files" "$(ls /sys/class/infiniband/$basic/ports/1/counters | sort | xargs)" \
	"$(jq -r '.[0].counters[] | select(.source == "pma") | .name' <<<"$j" | sort | xargs)"
echo "$basic" >$knobs/remove
echo "pma=noietf" >$knobs/add
noietf=$(tail -1 $knobs/devices)
j=$(rdmactl -j stat show $noietf/1)
t_eq "noietf set = sysfs's counter files" "$(ls /sys/class/infiniband/$noietf/ports/1/counters | sort | xargs)" \
	"$(jq -r '.[0].counters[] | select(.source == "pma") | .name' <<<"$j" | sort | xargs)"
t_eq "noietf: 64-bit data counters" "64" "$(counter "$j" port_rcv_data width)"
echo "$noietf" >$knobs/remove

# --- rate limits: an unprivileged loop of snapshots reads the driver at
# most once per lifespan of its stats object (as sysfs does), and the PMA
# as often (at least 10 ms apart), however many callers ask.
echo "lifespan_ms=1000" >$knobs/add
slow=$(tail -1 $knobs/devices)
sk=$knobs/$slow/port1
rdmactl stat show $slow/1 >/dev/null
sleep 1.1
# snapshots N DEV/PORT: N unprivileged snapshots, 0.1 s apart, in one
# process (a VM under TCG starts few processes a second); sets $ms, the
# milliseconds they took.
snapshots() {
	local t0=$(date +%s%N)
	nobody rdmactl -j stat watch -i 0.1 -n "$1" "$2" >/dev/null
	ms=$((($(date +%s%N) - t0) / 1000000))
}
r0=$(<$sk/hw_reads) m0=$(<$sk/mads)
snapshots 20 $slow/1
reads=$(($(<$sk/hw_reads) - r0)) mads=$(($(<$sk/mads) - m0)) most=$((ms / 1000 + 1))
[ $reads -le $most ] && t_pass "lifespan 1 s: 20 snapshots in $ms ms read the driver $reads times (<= $most)" ||
	t_fail "lifespan 1 s: 20 snapshots in $ms ms read the driver $reads times (> $most)"
[ $mads -le $((2 * most)) ] && t_pass "and sent $mads PMA MADs (<= $most snapshots' worth)" ||
	t_fail "and sent $mads PMA MADs (> $most snapshots' worth)"
echo "fake_tx_msgs 7" >$sk/hw_counters
echo "port_rcv_packets 8" >$sk/pma
# A lifespan later by the kernel's clock (until_ok, tests/lib.sh).
new_values() {
	j=$(nobody rdmactl -j stat show $slow/1) &&
		[ "$(counter "$j" fake_tx_msgs) $(counter "$j" port_rcv_packets)" = "7 8" ]
}
sleep 1
until_ok 10 new_values
t_eq "a lifespan later, the driver's new value" "7" "$(counter "$j" fake_tx_msgs)"
t_eq "and the PMA's" "8" "$(counter "$j" port_rcv_packets)"
echo "$slow" >$knobs/remove

# --- a PMA that did not answer is asked again, at most once a second;
# one that says it has no such method or attribute is believed.
echo "ports=1" >$knobs/add
flaky=$(tail -1 $knobs/devices)
fk=$knobs/$flaky/port1
echo 1 >$fk/mad_fail
j=$(rdmactl -j stat show $flaky/1)
t_eq "ClassPortInfo failed: no PMA counters in that snapshot" "" "$(jq -r '.[0].pma_set // empty' <<<"$j")"
pma_answers() {
	j=$(rdmactl -j stat show $flaky/1) && [ "$(jq -r '.[0].pma_set // empty' <<<"$j")" = extended ]
}
sleep 1
until_ok 10 pma_answers
t_eq "a second later the PMA is asked again and answers" "extended" "$(jq -r '.[0].pma_set // empty' <<<"$j")"
t_eq "with sysfs's values" "$(</sys/class/infiniband/$flaky/ports/1/counters/port_xmit_data)" \
	"$(counter "$j" port_xmit_data)"
echo "$flaky" >$knobs/remove
echo "ports=1" >$knobs/add
flaky=$(tail -1 $knobs/devices)
fk=$knobs/$flaky/port1
echo 1000 >$fk/mad_fail
m0=$(<$fk/mads)
snapshots 20 $flaky/1
mads=$(($(<$fk/mads) - m0)) most=$((ms / 1000 + 1))
[ $mads -le $most ] && t_pass "a PMA that keeps failing: 20 snapshots in $ms ms asked it $mads times (<= $most)" ||
	t_fail "a PMA that keeps failing: 20 snapshots in $ms ms asked it $mads times (> $most)"
echo "$flaky" >$knobs/remove
echo "ports=1" >$knobs/add
flaky=$(tail -1 $knobs/devices)
fk=$knobs/$flaky/port1
echo "1 0x0c" >$fk/mad_fail
rdmactl stat show $flaky/1 >/dev/null
m0=$(<$fk/mads)
sleep 1.1
j=$(rdmactl -j stat show $flaky/1)
t_eq "ClassPortInfo unsupported (status 0x0c): no PMA, for good" "" "$(jq -r '.[0].pma_set // empty' <<<"$j")"
t_eq "and it is not asked again" "$m0" "$(<$fk/mads)"
echo "$flaky" >$knobs/remove

# --- a PMA that answered and then fails (a firmware timeout): it is asked
# no more often than when it answers, and a reply's timestamp is that of
# the last read that happened, not of the attempt. (A lifespan of 3 s: two
# snapshots, each a process, must fit in one on a busy machine.) The PMA
# fails from inside the lifespan of the read that answered; the first
# snapshot past it by the kernel's clock (until_ok) asks, and gets none.
echo "lifespan_ms=3000" >$knobs/add
slow=$(tail -1 $knobs/devices)
sk=$knobs/$slow/port1
rdmactl stat show $slow/1 >/dev/null
echo 1000 >$sk/mad_fail
t0=$(date +%s%N) m0=$(<$sk/mads) n=0
# A second snapshot right after the one without the PMA, which counts
# only if it began within the lifespan of that one's read by the kernel's
# clock (uptime, read with no process started; monotonic = boot time in
# the VM, which never sleeps): the processes between them can take
# seconds in a loaded VM under emulation, and CI's 5.10 line once took
# more than 3 s.
pma_failed() {
	local up
	n=$((n + 2))
	j=$(nobody rdmactl -j stat show $slow/1) || return 1
	read -r up _ </proc/uptime
	j2=$(nobody rdmactl -j stat show $slow/1) || return 1
	[ "$(jq '[.[0].counters[] | select(.source == "pma")] | length' <<<"$j")" = 0 ] || return 1
	ts=$(jq -r '.[0].timestamp_ns' <<<"$j")
	[ $((${up/./} * 10000000)) -lt $((ts + 2500000000)) ]
}
sleep 3
until_ok 30 pma_failed
t_eq "PortCounters failed: no PMA counters in that snapshot" "0" \
	"$(jq '[.[0].counters[] | select(.source == "pma")] | length' <<<"$j")"
t_eq "a snapshot within the lifespan has the same read's timestamp" "$ts" "$(jq -r '.[0].timestamp_ns' <<<"$j2")"
snapshots 20 $slow/1
ms=$((($(date +%s%N) - t0) / 1000000))
mads=$(($(<$sk/mads) - m0)) most=$((ms / 3000 + 1)) n=$((n + 20))
[ $mads -le $most ] && t_pass "a failing PMA: $n snapshots in $ms ms sent $mads MADs (<= $most)" ||
	t_fail "a failing PMA: $n snapshots in $ms ms sent $mads MADs (> $most)"
echo 0 >$sk/mad_fail
echo "$slow" >$knobs/remove

# --- driver counters rdmactl's own stats object cannot have: optional
# ones (`rdma statistic set ... optional-counters`, 5.16+) and those of
# QPs bound to counters. rdmactl.ko's reply says it lacks them; the CLI
# takes them from ib_core (stat-mode.sh has the rest).
t_eq "a port without optional or bound counters: the reply is whole" "false" \
	"$(rdmactl -j stat show fakeib0/1 | jq -r '.[0].partial // false')"
# Optional counters are 5.16's (RHEL 9.6 has them: IB_STAT_FLAG_OPTIONAL).
if t_expect "optional counters" 't_kver_ge 5.16 || [ "${RDMACTL_LINE:-}" = rhel9 ]' \
	"the fake HCA refuses optional=1: ib_core has no optional counters" \
	eval 'echo "optional=1" >$knobs/add'; then
	opt=$(tail -1 $knobs/devices)
	t_run "rdma statistic turns the optional counter on" 0 \
		rdma statistic set link $opt/1 optional-counters fake_opt
	t_match "rdma statistic reports it" '"fake_opt":' "$(rdma -j statistic show link $opt/1)"
	j=$(rdmactl -j stat show baseline $opt/1)
	t_eq "rdmactl.ko's own reply (baseline: not merged) lacks it" "" "$(counter "$j" fake_opt)"
	t_eq "and says it is partial" "true" "$(jq -r '.[0].partial // false' <<<"$j")"
	t_match "text says so" "partial" "$(rdmactl stat show baseline $opt/1 | head -1)"
	t_eq "without baseline, the CLI has it from ib_core" "true" \
		"$(counter "$(rdmactl -j stat show $opt/1)" fake_opt optional)"
	echo "$opt" >$knobs/remove
fi

# --errors: only the error counters that are not zero.
t_run "stat show --errors" 0 rdmactl stat show --errors
t_eq "--errors shows the non-zero error counters only" \
	"fakeib0/1: pma extended|symbol_error 65535 saturated|local_link_integrity_errors 9" \
	"$(tr -s ' ' <<<"$T_OUT" | sed 's/^ //' | paste -sd'|')"

# --- resets: a baseline leaves sysfs alone; the hardware reset zeroes it.
pma "port_xmit_data 1000"
t_run "baseline reset" 0 rdmactl stat reset fakeib0/1
pma "port_xmit_data +25"
t_eq "sysfs untouched by a baseline" "1025" "$(<$sys/port_xmit_data)"
j=$(rdmactl -j stat show --baseline fakeib0/1)
t_eq "--baseline reports the difference" "25" "$(counter "$j" port_xmit_data)"
t_eq "and marks it" "true" "$(counter "$j" port_xmit_data baselined)"
t_match "with the baseline's time" "^[0-9]+$" "$(jq -r '.[0].baseline_ns' <<<"$j")"
t_eq "without --baseline, the raw value" "1025" "$(counter "$(rdmactl -j stat show fakeib0/1)" port_xmit_data)"
# A baseline is every source read at one time: when the PMA fails, the
# reset fails and the old baseline stands, values and time.
b0=$(jq -r '.[0].baseline_ns' <<<"$j")
echo 1 >$k/mad_fail
t_run "baseline reset while the PMA fails" 1 rdmactl stat reset fakeib0/1
t_match "is refused, naming the cause" \
	"^rdmactl: fakeib0: port 1: the PMA did not answer, no baseline taken\$" "$T_ERR"
# Past the failed read's back-off by the kernel's clock (until_ok).
pma_back() {
	j=$(rdmactl -j stat show --baseline fakeib0/1) && [ -n "$(counter "$j" port_xmit_data)" ]
}
sleep 1
until_ok 10 pma_back
t_eq "the old baseline stands: its time" "$b0" "$(jq -r '.[0].baseline_ns' <<<"$j")"
t_eq "and its values" "25" "$(counter "$j" port_xmit_data)"
rdmactl -j monitor >/tmp/reset-events.json 2>&1 &
mon=$!
sleep 0.5
t_run "baseline reset once the PMA answers" 0 rdmactl stat reset fakeib0/1
t_eq "measures from then" "0" "$(counter "$(rdmactl -j stat show --baseline fakeib0/1)" port_xmit_data)"
t_run "hardware reset" 0 rdmactl stat reset --hardware fakeib0/1
t_eq "the hardware reset zeroes sysfs data counters" "0" "$(<$sys/port_xmit_data)"
t_eq "and error counters" "0" "$(<$sys/symbol_error)"
t_eq "and the extended ones" "0" "$(<$sys/unicast_xmit_packets)"
sleep 0.3
kill $mon
t_eq "the resets are events (the baseline, then the hardware)" "fakeib0 1 baseline|fakeib0 1 hardware" \
	"$(jq -r 'select(.event == "stat_reset") | "\(.ifname) \(.port) \(.reset)"' /tmp/reset-events.json | paste -sd'|')"
# Half a hardware reset: PortCounters' Set taken, PortCountersExtended's
# not. Which counters the first zeroed is the hardware's: the port's
# baseline means nothing now, is dropped, and the refusal says so.
t_run "a baseline before a half hardware reset" 0 rdmactl stat reset fakeib0/1
echo "1 0 ext" >$knobs/fakeib0/port1/mad_fail
t_run "a hardware reset whose PortCountersExtended Set fails" 1 rdmactl stat reset --hardware fakeib0/1
t_eq "says what happened" \
	"rdmactl: fakeib0: port 1: PMA reset PortCounters, not the extended: baseline dropped" "$T_ERR"
t_eq "and the port has no baseline" "null" \
	"$(rdmactl -j stat show --baseline fakeib0/1 | jq -r '.[0].baseline_ns')"
if [ -n "$rxe" ]; then
	if [ -d $pmadir ]; then
		# rxe's PMA answers Get only: a Set comes back as an empty MAD.
		before=$(<$pmadir/port_xmit_packets)
		t_match "rxe0/1's PMA counted the traffic" "^[1-9][0-9]*$" "$before"
		t_run "hardware reset of a port whose PMA does not reset" 1 rdmactl stat reset --hardware rxe0/1
		t_eq "is refused by name" \
			"rdmactl: rxe0: port 1's PMA does not reset; reset without hardware to set a baseline" "$T_ERR"
		t_eq "and nothing was reset" "$before" "$(<$pmadir/port_xmit_packets)"
	else
		t_run "hardware reset of a port without PMA" 1 rdmactl stat reset --hardware rxe0/1
		t_eq "is refused by name" \
			"rdmactl: rxe0: port 1 has no PMA to reset; reset without hardware to set a baseline" "$T_ERR"
	fi
	# A device name of 60 bytes: the refusal still fits the 80 bytes a formatted
	# extack message has (NETLINK_MAX_FMTMSG_LEN), for it names the port only;
	# the CLI names the device.
	long=rxe_$(printf 'x%.0s' $(seq 56))
	rdma dev set rxe1 name $long
	t_run "hardware reset of a port of a device with a 60-byte name" 1 rdmactl stat reset --hardware $long/1
	t_match "is refused with the whole message" \
		"^rdmactl: $long: port 1('s PMA does not reset| has no PMA to reset); reset without hardware to set a baseline\$" "$T_ERR"
	rdma dev set $long name rxe1
fi
t_run "hardware reset of every port skips those without a PMA that resets" 0 \
	rdmactl stat reset --hardware
t_run "baseline reset of every port" 0 rdmactl stat reset

t_run "unprivileged stat show" 0 nobody rdmactl -j stat show
t_run "unprivileged reset" 1 nobody rdmactl stat reset fakeib0/1
t_eq "is refused with what it needs" "rdmactl: permission denied: this needs CAP_NET_ADMIN" "$T_ERR"
t_run "unprivileged hardware reset" 1 nobody rdmactl stat reset --hardware
t_run "reset of a missing port" 1 rdmactl stat reset fakeib0/7
t_eq "names it" "rdmactl: fakeib0: port 7 does not exist: the device has port 1 only" "$T_ERR"

# --- a reset of every device that one port refuses (a reset of the other
# kind under way there) touches no port: the device before it is neither
# read for a baseline nor given one. 1 s MADs: the hardware reset is
# still under way when the other comes.
delay=/sys/module/rdmactl_fakehca/parameters/mad_delay_us
echo "ports=1" >$knobs/add
early=$(tail -1 $knobs/devices)
echo "ports=1" >$knobs/add
busy=$(tail -1 $knobs/devices)
echo 1000000 >$delay
m0=$(<$knobs/$early/port1/mads) b0=$(<$knobs/$busy/port1/mads)
rdmactl stat reset --hardware $busy/1 >/dev/null 2>&1 &
hwr=$!
until_ok 10 eval '[ $(<$knobs/$busy/port1/mads) -gt $b0 ]'
t_run "a baseline reset of every device while a hardware reset is under way on one" 1 \
	rdmactl stat reset
t_match "is refused, naming that device (rdma dev) and port" \
	"device $(rdma dev show $busy | cut -d: -f1) port 1: the other reset is under way" "$T_ERR"
wait $hwr
echo 0 >$delay
sleep 2.5
t_eq "the device before it: its PMA was not read" "$m0" "$(<$knobs/$early/port1/mads)"
t_eq "and it has no baseline" "" \
	"$(rdmactl -j stat show --baseline $early/1 | jq -r '.[0].baseline_ns // empty')"
echo "$early" >$knobs/remove
echo "$busy" >$knobs/remove

# --- a dump reads ports side by side (kmod/counters.c): with the fake
# HCA answering MADs as slowly as firmware, the MADs of several devices,
# and of several ports of one device, are in flight at once; each port
# still costs its 2 MADs and reports its own counters.
inflight() { cat $knobs/${1:+$1/}mads_in_flight_max; }
port_mads() { cat $knobs/$1/port$2/mads; }
single=()
for i in 1 2 3 4; do
	echo "ports=1" >$knobs/add
	single+=("$(tail -1 $knobs/devices)")
done
n=0
for d in "${single[@]}"; do
	n=$((n + 1))
	echo "port_xmit_packets $((7000 + n))" >$knobs/$d/port1/pma
done
rdmactl stat show >/dev/null			# ClassPortInfo of the new ports
echo 2000 >$delay
echo 0 >$knobs/mads_in_flight_max
for d in "${single[@]}"; do
	echo 0 >$knobs/$d/mads_in_flight_max
done
declare -A m0
for d in "${single[@]}"; do m0[$d]=$(port_mads $d 1); done
sleep 0.05					# past the 10 ms a read serves
j=$(rdmactl -j stat show)
n=0 ok=0
for d in "${single[@]}"; do
	n=$((n + 1))
	[ $(($(port_mads $d 1) - ${m0[$d]})) = 2 ] &&
		[ "$(jq -r --arg d $d '.[] | select(.ifname == $d) | .counters[] |
			select(.name == "port_xmit_packets") | .value' <<<"$j")" = $((7000 + n)) ] &&
		ok=$((ok + 1))
done
t_eq "4 one-port devices read ahead: 2 MADs each, each its own counters" 4 $ok
t_eq "each device had one MAD in flight at a time" "1 1 1 1" \
	"$(for d in "${single[@]}"; do inflight $d; done | xargs)"
most=$(inflight)
[ "$most" -ge 2 ] && t_pass "the devices' MADs overlapped: $most in flight at once" ||
	t_fail "the devices' MADs did not overlap: $most in flight at most"

echo "ports=8" >$knobs/add
wide=$(tail -1 $knobs/devices)
rdmactl stat show $wide >/dev/null
for p in $(seq 8); do m0[$p]=$(port_mads $wide $p); done
echo 0 >$knobs/$wide/mads_in_flight_max
sleep 0.05
rdmactl -j stat show $wide >/dev/null
t_eq "8 ports of one device read ahead: 2 MADs each" "2 2 2 2 2 2 2 2" \
	"$(for p in $(seq 8); do echo $(($(port_mads $wide $p) - ${m0[$p]})); done | xargs)"
most=$(inflight $wide)
[ "$most" -ge 2 ] && t_pass "its ports' MADs overlapped: $most in flight at once" ||
	t_fail "its ports' MADs did not overlap: $most in flight at most"
m=$(port_mads $wide 3)
sleep 0.05
t_run "one port alone (a dump with the port as filter)" 0 rdmactl -j stat show $wide/3
t_eq "costs its 2 MADs" $((m + 2)) "$(port_mads $wide 3)"
# Two dumps at once share the reads: neither costs a port more than its 2.
for p in $(seq 8); do m0[$p]=$(port_mads $wide $p); done
sleep 0.05
rdmactl -j stat show $wide >/tmp/dump1.json &
rdmactl -j stat show $wide >/tmp/dump2.json
wait $!
t_eq "two dumps at once: 8 ports each, complete" "8 8" \
	"$(jq '[.[] | select(.port > 0)] | length' /tmp/dump1.json /tmp/dump2.json | xargs)"
most=0
for p in $(seq 8); do
	m=$(($(port_mads $wide $p) - ${m0[$p]}))
	[ $m -gt $most ] && most=$m
done
[ $most -le 4 ] && t_pass "and at most 2 MADs each per port ($most)" ||
	t_fail "a port cost $most MADs for two dumps"

# A dump killed while it waits for its reads goes at once; a device
# removed while a dump waits on it goes, and the dump ends whole or says
# the devices changed.
echo 500000 >$delay				# 0.5 s a MAD
sleep 0.05
rdmactl -j stat show $wide >/dev/null 2>&1 &
pid=$!
sleep 0.3
kill -9 $pid
for i in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
kill -0 $pid 2>/dev/null && t_fail "a killed dump is still there 5 s on" ||
	t_pass "a dump killed while it waits for the reads ends"
wait $pid 2>/dev/null
sleep 1.2					# the reads it left finish
rdmactl -j stat show >/tmp/dump3.json 2>/tmp/dump3.err &
pid=$!
sleep 0.3
t_run "a device removed while a dump waits for its reads" 0 sh -c "echo $wide >$knobs/remove"
wait $pid && rc=0 || rc=$?
if [ $rc = 0 ]; then
	t_eq "the dump ends whole (no port of $wide half-reported)" 0 \
		"$(jq --arg d $wide '[.[] | select(.ifname == $d and .port > 0 and (.counters | length) != 24)] | length' /tmp/dump3.json)"
else
	t_match "the dump says the devices changed" "changed while they were being listed" "$(</tmp/dump3.err)"
fi
echo 0 >$delay
for d in "${single[@]}"; do echo $d >$knobs/remove; done

# --- devices removed during dumps: every port complete, or the dump
# flagged and listed again.
(for i in $(seq 6); do
	echo "ports=4" >$knobs/add
	sleep 0.2
	echo "$(tail -1 $knobs/devices)" >$knobs/remove
done) &
churn=$!
bad=0 good=0
# A fakeib port: 21 PMA + 3 driver counters; a device: 2; rxe: what sysfs has.
nrxe=$( (ls $pmadir; ls $s) 2>/dev/null | grep -cv lifespan)
while kill -0 $churn 2>/dev/null; do
	if out=$(rdmactl -j stat show 2>/tmp/stat.err); then
		n=$(jq --argjson r "$nrxe" \
			'[.[] | .counters | length | select(. != 24 and . != $r and . != 2)] | length' <<<"$out")
		[ "$n" = 0 ] && good=$((good + 1)) || { bad=$((bad + 1)); echo "$out" | head -c 400; }
	elif ! grep -q "changed while they were being listed" /tmp/stat.err; then
		bad=$((bad + 1))
		cat /tmp/stat.err
	fi
done
wait $churn
t_eq "no half-reported port while devices come and go" 0 "$bad"
[ "$good" -gt 0 ] && t_pass "$good full snapshots during churn" || t_fail "no snapshot completed"

# --- stat watch: rates while traffic runs, on a terminal and in a pipe:
# the CLI's drawing, the same on every kernel (t_once).
t_once || { t_done; exit; }
ibv_rc_pingpong -d rxe0 -g 0 -n 30000 >/dev/null 2>&1 &
tcp_listening 18515
ibv_rc_pingpong -d rxe1 -g 0 -n 30000 localhost >/dev/null 2>&1 &
traffic=$!
sleep 1
tmux new-session -d -s watch -x 200 -y 20 "rdmactl stat watch -i 1 rxe0/1"
sleep 3.5
screen=$(tmux capture-pane -p -t watch)
tmux kill-session -t watch
t_match "watch on a terminal shows packet rates" "rxe0/1 .*sent_pkts [0-9.]+[kM]?/s" "$screen"
t_eq "and redraws in place (one frame on screen)" "1" "$(grep -c 'every 1.0s' <<<"$screen")"
piped=$(rdmactl stat watch -i 0.5 -n 3 rxe0/1 | cat)
t_eq "piped, one frame per interval" "3" "$(grep -c 'every 0.5s' <<<"$piped")"
t_match "piped frames show rates too" "rcvd_pkts [0-9.]+[kM]?/s" "$piped"
t_run "watch -j" 0 rdmactl -j stat watch -i 0.5 -n 1 rxe0/1
t_match "JSON rates" '"name":"sent_pkts","per_second":[1-9]' "$T_OUT"
t_match "with their source" '"name":"sent_pkts","per_second":[0-9]+,[^}]*"source":"driver"' "$T_OUT"
kill $traffic 2>/dev/null
pkill ibv_rc_pingpong
wait 2>/dev/null

t_done
