#!/bin/bash
# The providers users run, as the fake HCA plays them (personality=, from
# each driver's source: tests/fakehca/personality.c): mlx5 (RoCE and IB),
# bnxt_re, irdma (iWARP), efa and mana. Every command, the exporter and
# check on each, against sysfs; a restricted device (every counter read
# refused, as on NVIDIA's Fabric-Manager-owned PFs), which costs one read,
# so one kernel log line, per device per failed_read_hold_s, and one whose
# PMA alone is refused (mlx5's), which keeps its driver counters; a device
# left out is never read; and check's transport rules on mlx5's counters.
# Needs the fake HCA (tests/vm/run --fakehca "").
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
hold=/sys/module/rdmactl/parameters/failed_read_hold_s
tmp=$(mktemp -d)
chmod 0755 "$tmp"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"; echo 60 >$hold
	for d in $(cat $knobs/devices); do [ "$d" = fakeib0 ] || echo "$d" >$knobs/remove; done
	ip link del pe0 2>/dev/null; ip link del pe1 2>/dev/null' EXIT
ip link add pe0 type fakeeth && ip link set pe0 up
ip link add pe1 type fakeeth && ip link set pe1 up
counter_start

# add OPTIONS: a fake device so made; its name.
add() { echo "$1" >$knobs/add && tail -1 $knobs/devices; }
sys() { cat "/sys/class/infiniband/$1" 2>/dev/null; }
field() { jq -r ".[0].$2 // empty" <<<"$1"; }
# hw_names DEV PORT: the port's (0: the device's) hw counters in sysfs, sorted.
hw_names() {
	local d=/sys/class/infiniband/$1${2:+/ports/$2}/hw_counters
	[ -d "$d" ] && ls "$d" | grep -v lifespan | sort | xargs
}
# rd_names DEV PORT: rdmactl's driver counters of the port (0: the device's), sorted.
rd_names() {
	jq -r --argjson p "$2" '.[] | select(.port == $p) | .counters[] | select(.source != "pma") | .name' \
		<<<"$(rdmactl -j stat show "$1")" | sort | xargs
}

mlx5=$(add "personality=mlx5 link_layer=roce netdevs=pe0 state=active optional=1" 2>/dev/null ||
	add "personality=mlx5 link_layer=roce netdevs=pe0 state=active")
mlx5ib=$(add "personality=mlx5 state=active")
bnxt=$(add "personality=bnxt_re netdevs=pe1 state=active")
irdma=$(add "personality=irdma netdevs=pe1 state=active")
efa=$(add "personality=efa")
mana=$(add "personality=mana netdevs=pe0")
t_eq "each personality registers under its driver's name" "mlx5_0 mlx5_1 bnxt_re0 irdma0 efa_0 mana_0" \
	"$mlx5 $mlx5ib $bnxt $irdma $efa $mana"
t_run "a personality that does not exist is refused" 1 sh -c "echo personality=cx9 >$knobs/add"

# --- dev and port show, against sysfs. Each row: device, driver, node
# type, link layer (rdma_core's words in sysfs).
devs=$(rdmactl -j dev show)
ports=$(rdmactl -j port show)
while read -r d drv node ll sysll; do
	t_eq "$d: driver $drv, node type $node; sysfs: $node, $sysll" "$drv $node $node $sysll" \
		"$(jq -r --arg d "$d" '.[] | select(.ifname == $d) | "\(.driver) \(.node_type)"' <<<"$devs") $(
		sys "$d/node_type" | sed 's/^[0-9]*: //' | tr '[:upper:]' '[:lower:]') $(sys "$d/ports/1/link_layer")"
	t_eq "$d/1: link layer $ll, state as sysfs" "$ll $(sys "$d/ports/1/state" | sed 's/^[0-9]*: //')" \
		"$(jq -r --arg d "$d" '.[] | select(.ifname == $d) | "\(.link_layer) \(.state)"' <<<"$ports")"
done <<EOF
$mlx5 mlx5_ib ca Ethernet Ethernet
$mlx5ib mlx5_ib ca InfiniBand InfiniBand
$bnxt bnxt_re ca Ethernet Ethernet
$irdma irdma rnic Ethernet Ethernet
$efa efa unspecified Unspecified Unknown
$mana mana_ib ca Ethernet Ethernet
EOF
t_eq "efa's port is ACTIVE (its state knob says down)" "ACTIVE down" \
	"$(jq -r --arg d "$efa" '.[] | select(.ifname == $d) | .state' <<<"$ports") $(<"$knobs/$efa/port1/state")"
# mana as first merged fills no port attribute: sysfs's rate is EINVAL.
t_run "sysfs: mana_0's rate is refused (EINVAL)" 1 cat /sys/class/infiniband/$mana/ports/1/rate
t_match "the refusal is EINVAL" "Invalid argument" "$T_ERR"
t_eq "rdmactl: no rate, no width for it (not 0)" "" \
	"$(jq -r --arg d "$mana" '.[] | select(.ifname == $d) | "\(.rate_mbps // "")\(.active_width // "")"' <<<"$ports")"
t_match "nor in text" "^$mana/1: state NOP physical_state UNKNOWN link_layer Ethernet cap_mask" \
	"$(rdmactl port show "$mana/1")"

# --- stat: a PMA only where the driver has process_mad (sysfs counters/);
# the driver counters are sysfs's hw_counters, all of them.
for d in $mlx5 $mlx5ib $bnxt $irdma $efa $mana; do
	j=$(rdmactl -j stat show "$d/1")
	if [ -d "/sys/class/infiniband/$d/ports/1/counters" ]; then
		t_eq "$d/1: a PMA, as sysfs's counters/" "extended" "$(field "$j" pma_set)"
	else
		t_eq "$d/1: no PMA, no PMA counter (sysfs has no counters/)" "0" \
			"$(jq '[.[0].counters[] | select(.source == "pma")] | length' <<<"$j")"
	fi
	t_eq "$d/1: driver counters = sysfs hw_counters" "$(hw_names "$d" 1)" "$(rd_names "$d/1" 1)"
done
t_eq "mlx5: mlx5_ib's names (out_of_sequence, np_cnp_sent, rx_icrc_encapsulated)" "3" \
	"$(hw_names "$mlx5" 1 | tr ' ' '\n' | grep -cx 'out_of_sequence\|np_cnp_sent\|rx_icrc_encapsulated')"
t_eq "bnxt_re: 92 counters" "92" "$(hw_names "$bnxt" 1 | wc -w)"
t_eq "efa: device counters as port 0, as sysfs" "$(hw_names "$efa")" "$(rd_names "$efa" 0)"
t_eq "mana: no counters at all" "" "$(rd_names "$mana" 1)"
echo "out_of_sequence 42" >$knobs/$mlx5/port1/hw_counters
t_eq "a value set: sysfs" "42" "$(sys "$mlx5/ports/1/hw_counters/out_of_sequence")"
t_eq "and rdmactl" "42" "$(counter "$(rdmactl -j stat show "$mlx5/1")" out_of_sequence value driver)"

# --- GIDs: irdma's iWARP GID is its netdev's MAC; RoCE ports have v1 and v2.
mac=$(</sys/class/net/pe1/address)
t_eq "irdma0: one GID, the MAC, as sysfs, of type iwarp" "$(sys "$irdma/ports/1/gids/0") iwarp" \
	"$(rdmactl -j gid show "$irdma/1" | jq -r '.[0] | "\(.gid) \(.type)"')"
t_match "which holds pe1's MAC" "^${mac:0:2}${mac:3:2}:${mac:6:2}${mac:9:2}:${mac:12:2}${mac:15:2}:" \
	"$(sys "$irdma/ports/1/gids/0")"
t_eq "bnxt_re0: RoCE v1 and v2 GIDs" "v1 v2" \
	"$(rdmactl -j gid show "$bnxt/1" | jq -r '[.[].type] | unique | join(" ")')"
t_eq "roce show: the RoCE ports only" "$bnxt $mlx5" \
	"$(rdmactl -j roce show | jq -r '.[].ifname' | grep -v '^rxe' | sort | xargs)"
t_run "roce show on iWARP: refused, naming why" 1 rdmactl roce show "$irdma/1"
t_match "no RoCE on it" "RoCE" "$T_ERR"

# --- check on each: nothing that does not apply (no RoCE GID rule on iWARP
# or raw Ethernet ports, no subnet manager on Ethernet).
t_run "check on the personalities" 4 rdmactl -j check interval 0.2
for d in $bnxt $irdma $efa $mana $mlx5; do
	t_eq "$d/1: no RoCE address or SM finding" "" "$(jq -r --arg d "$d" \
		'.[] | select(.ifname == $d and (.id | test("^roce\\.no-|no-sm"))) | .id' <<<"$T_OUT")"
done

# --- check's RoCE rules on mlx5's counters: ok while still, a finding
# with the evidence when one moves.
t_run "mlx5 counters still: no transport finding" 0 rdmactl -j check "$mlx5/1" interval 0.5
t_eq "none" "" "$(jq -r '.[] | select(.id | startswith("transport.")) | .id' <<<"$T_OUT")"
# Each rule's mlx5_ib counter (tools/check-counters.c, check.md), moved past
# its limit within one interval: every rule, in one run.
rules="req_transport_retries_exceeded 1 transport.retries-exceeded
req_rnr_retries_exceeded 1 transport.rnr-retries-exceeded
rx_icrc_encapsulated 1 transport.icrc-errors
req_cqe_error 1 transport.cqe-errors
resp_cqe_error 1 transport.cqe-errors
out_of_buffer 3 transport.out-of-buffer
out_of_sequence 3 transport.out-of-sequence
packet_seq_err 3 transport.sequence-naks
local_ack_timeout_err 3 transport.ack-timeouts
roce_adp_retrans 30 transport.retransmits
roce_slow_restart 30 transport.slow-restart
np_cnp_sent 20000 transport.cnp-storm
rp_cnp_handled 20000 transport.cnp-storm"
# The rise comes once check has read its first snapshot (the port's
# get_hw_stats() calls, the fake HCA's count): a loaded VM may start check
# later than any fixed sleep.
r0=$(<$knobs/$mlx5/port1/hw_reads)
(for i in $(seq 100); do [ "$(<$knobs/$mlx5/port1/hw_reads)" -gt "$r0" ] && break; sleep 0.05; done
 while read -r c n _; do echo "$c +$n" >$knobs/$mlx5/port1/hw_counters; done <<<"$rules") &
t_run "every rule's counter rises within the interval" 4 rdmactl -j check "$mlx5/1" interval 1
wait
t_eq "each rule finds its counter, by mlx5_ib's name, with the rise" \
	"$(awk '{print $3, $1, $2}' <<<"$rules" | sort)" \
	"$(jq -r '.[] | select(.id | startswith("transport.")) | select(.evidence.driver == "mlx5_ib") |
		"\(.id) \(.evidence.counter) \(.evidence.delta)"' <<<"$T_OUT" | sort)"
(sleep 0.2; echo "oos_drop_count +5" >$knobs/$bnxt/port1/hw_counters) &
t_run "bnxt_re's oos_drop_count, the same meaning" 3 rdmactl -j check "$bnxt/1" interval 0.5
wait
t_eq "the same finding" "transport.out-of-sequence oos_drop_count" "$(jq -r \
	'.[] | select(.id == "transport.out-of-sequence") | "\(.id) \(.evidence.counter)"' <<<"$T_OUT")"

# --- the exporter: one name per meaning, whichever provider counts it.
start_exporter() {
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		rdmactl-exporter --listen "127.0.0.1:$1" --cache 0 "${@:2}" >/dev/null 2>>"$tmp/exp.log" &
	pids+=($!)
	for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$1/" && return; sleep 0.1; done
	t_fail "the exporter on :$1 answers" "$(<"$tmp/exp.log")"
}
scrape() { curl -sf "http://127.0.0.1:$1/metrics"; }
start_exporter 19890
scrape 19890 >"$tmp/m"
t_eq "mlx5's out_of_sequence and bnxt_re's oos_drop_count: one family" "$mlx5 $bnxt" \
	"$(grep '^rdma_transport_out_of_sequence_total{' "$tmp/m" | grep -o 'device="[^"]*"' | cut -d'"' -f2 |
		grep -x "$mlx5\|$bnxt" | sort -r | xargs)"
t_eq "with mlx5's value" "$(sys "$mlx5/ports/1/hw_counters/out_of_sequence")" \
	"$(grep "^rdma_transport_out_of_sequence_total{device=\"$mlx5\"" "$tmp/m" | awk '{print $2}')"
t_eq "every device scraped" "1 1 1 1 1 1" "$(for d in $mlx5 $mlx5ib $bnxt $irdma $efa $mana; do
	grep "^rdma_device_scrape_success{device=\"$d\"}" "$tmp/m" | awk '{print $2}'; done | xargs)"
t_eq "mana: no counter sample (none exist)" "0" \
	"$(grep -v '^rdma_port_state_changes' "$tmp/m" | grep -c "_total{device=\"$mana\"")"
t_run "promtool accepts the scrape" 0 promtool check metrics <"$tmp/m"

# --- restricted=all: the firmware refuses every read and logs each.
# rdmactl.ko reads the driver's counters first, and asks the PMA only when
# they answer: one read per failed_read_hold_s, whoever asks.
logged() { dmesg | grep -c "$1: restricted:"; }
reads() { echo $(($(cat $knobs/"$1"/port*/mads $knobs/"$1"/port*/hw_reads $knobs/"$1"/hw_reads | paste -sd+))); }
echo all >$knobs/$mlx5/restricted
l0=$(logged "$mlx5") r0=$(reads "$mlx5")
for _ in $(seq 5); do
	scrape 19890 >"$tmp/r"
	rdmactl stat show >/dev/null
	sleep 1
done
t_eq "5 s of 1 s scrapes and stat shows: one refused read" "1" "$(($(reads "$mlx5") - r0))"
t_eq "so one kernel log line for the device" "1" "$(($(logged "$mlx5") - l0))"
t_eq "the exporter marks it failed" "0" \
	"$(grep "^rdma_device_scrape_success{device=\"$mlx5\"}" "$tmp/r" | awk '{print $2}')"
t_eq "and scrapes the others" "1 1 1 1 1" "$(for d in $mlx5ib $bnxt $irdma $efa $mana; do
	grep "^rdma_device_scrape_success{device=\"$d\"}" "$tmp/r" | awk '{print $2}'; done | xargs)"
t_eq "with their counters" "$(grep -c "{device=\"$bnxt\"" "$tmp/m")" "$(grep -c "{device=\"$bnxt\"" "$tmp/r")"
j=$(rdmactl -j stat show "$mlx5/1")
t_eq "stat -j: the driver's error (get_hw_stats: EINVAL), no counter" "Invalid argument 0" \
	"$(field "$j" hw_error) $(jq '.[0].counters | length' <<<"$j")"
t_run "the hold is under a minute and counts down" 0 test "$(field "$j" hw_retry_ms)" -le 56000
t_match "stat in text says so" \
	"^$mlx5/1: driver counter reads fail: Invalid argument \(read again in [0-9]+ s\)" \
	"$(rdmactl stat show "$mlx5/1" | head -1)"
t_run "check: an error" 4 rdmactl -j check "$mlx5/1" interval 0.2
t_eq "counter.read-failed, with the source and the error" "counter.read-failed driver Invalid argument" \
	"$(jq -r '.[] | select(.id == "counter.read-failed") | "\(.id) \(.evidence.source) \(.evidence.error)"' <<<"$T_OUT")"
t_match "its remedy names the exclusion" "exclude-devices" \
	"$(jq -r '.[] | select(.id == "counter.read-failed") | .remedy' <<<"$T_OUT")"
echo 1 >$hold
sleep 1.1
rdmactl stat show "$mlx5/1" >/dev/null
t_eq "failed_read_hold_s=1: read again a second later, and logged again" "2 2" \
	"$(($(reads "$mlx5") - r0)) $(($(logged "$mlx5") - l0))"
# restricted=pma, as mlx5's: its PMA reads the refused PPCNT register, its
# queue counters answer. The PMA alone is held; the driver's come.
echo pma >$knobs/$mlx5/restricted
sleep 1.1
j=$(rdmactl -j stat show "$mlx5/1")
t_eq "the PMA refused: its error, and the driver's counters as sysfs" \
	"Input/output error $(sys "$mlx5/ports/1/hw_counters/out_of_sequence")" \
	"$(field "$j" pma_error) $(counter "$j" out_of_sequence value driver)"
t_eq "no PMA counter, no driver error" "0 " \
	"$(jq '[.[0].counters[] | select(.source == "pma")] | length' <<<"$j") $(field "$j" hw_error)"
echo none >$knobs/$mlx5/restricted
sleep 1.1
j=$(rdmactl -j stat show "$mlx5/1")
t_eq "allowed again: both back, no error" "extended $(sys "$mlx5/ports/1/hw_counters/out_of_sequence") " \
	"$(field "$j" pma_set) $(counter "$j" out_of_sequence value driver) $(field "$j" hw_error)$(field "$j" pma_error)"
echo 60 >$hold

# --- left out: an excluded device is never read, by the exporter or a
# CLI filter.
r0=$(reads "$bnxt") m0=$(reads "$mlx5")
start_exporter 19891 --exclude-devices "$bnxt"
scrape 19891 >"$tmp/x"
scrape 19891 >"$tmp/x"
rdmactl stat show "$mlx5" >/dev/null
t_eq "--exclude-devices: bnxt_re0 read 0 times" "0" "$(($(reads "$bnxt") - r0))"
t_eq "and absent" "0" "$(grep -c "device=\"$bnxt\"" "$tmp/x")"
t_run "the others read" 0 test "$(reads "$mlx5")" -gt "$m0"
t_done
