#!/bin/bash
# rdmactl check: a healthy system says ok and exits 0; then each problem is
# made for real (fake HCA knobs, IPoIB, addresses, limits, modules, a
# manifest) and seen with its id, evidence and severity, and undone. Bad
# input gets the usage status. Needs rxe and the fake HCA.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
k=$knobs/fakeib0/port1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; ip link del vk0 2>/dev/null' EXIT

# ids JSON: the ids of the findings that are not ok, sorted.
ids() { jq -r '[.[] | select(.severity != "ok") | .id] | unique | join(" ")' <<<"$1"; }
# finding JSON ID FIELD: a field of the first finding with that id.
finding() { jq -r --arg id "$2" "[.[] | select(.id == \$id)][0] | $3 // empty" <<<"$1"; }

# --- Healthy: what rdma-core's packages and an admin set up.
modprobe ib_uverbs
modprobe ib_umad
modprobe rdma_ucm
prlimit --pid 1 --memlock=unlimited:unlimited
ulimit -l unlimited
echo 5 >$k/sm_lid
echo active >$k/state
t_run "a healthy system exits 0" 0 rdmactl check interval 0.5
t_match "and says ok" "ports? checked over 0.5 s: ok \(0 errors, 0 warnings\)" "$T_OUT"
t_match "port by port" $'fakeib0/1:\n  ok      port.ok: every check passed' "$T_OUT"
t_run "-j: the same" 0 rdmactl -j check interval 0.5
t_eq "every finding ok" "ok" "$(jq -r '[.[].severity] | unique | join(" ")' <<<"$T_OUT")"
t_eq "one port.ok per port (sysfs's ports)" "$(ls -d /sys/class/infiniband/*/ports/* | wc -l)" \
	"$(jq '[.[] | select(.id == "port.ok")] | length' <<<"$T_OUT")"

# --- RoCE QoS on rxe over a veth: no DCB, so nothing is judged (ToS 104
# is not ECT, and would be a warning on a netdev with DCB); said at ok.
t_run "rxe0's ToS set to 104" 0 rdmactl roce set rxe0 tos 104
t_run "no DCB: QoS not judged, exit 0" 0 rdmactl -j check rxe0/1 interval 0.2
t_eq "qos.no-dcb at ok, naming veth0" "ok veth0" \
	"$(finding "$T_OUT" qos.no-dcb '"\(.severity) \(.evidence.netdev)"')"
t_match "in the library's words" "veth0 has no DCB" "$(finding "$T_OUT" qos.no-dcb .message)"
t_eq "and the port keeps its port.ok" "port.ok" "$(finding "$T_OUT" port.ok .id)"
rdmactl roce set rxe0 tos 0
rdmactl roce forget rxe0

# --- Port state.
echo 0 >$k/sm_lid
echo init >$k/state
t_run "INIT without a subnet manager: errors, exit 4" 4 rdmactl -j check fakeib0/1 interval 0.2
t_eq "port.no-sm" "port.no-sm" "$(ids "$T_OUT")"
t_eq "its evidence" "INIT 0" "$(finding "$T_OUT" port.no-sm '"\(.evidence.state) \(.evidence.sm_lid)"')"
t_match "its remedy" "opensm" "$(finding "$T_OUT" port.no-sm .remedy)"
t_run "text: grouped under the port, with the remedy" 4 rdmactl check fakeib0/1 interval 0.2
t_eq "no colour in a pipe" "" "$(grep -c $'\e\\[' <<<"$T_OUT" | grep -v '^0$')"
t_match "red on a terminal" $'\e\\[31merror' \
	"$(script -qec 'rdmactl check fakeib0/1 interval 0.2' /dev/null)"
t_match "in text" $'fakeib0/1:\n  error   port.no-sm: is INIT with no subnet manager \(sm_lid 0\)\n +No subnet manager' "$T_OUT"
echo 5 >$k/sm_lid
t_run "INIT with a subnet manager" 4 rdmactl -j check fakeib0/1 interval 0.2
t_eq "port.init" "port.init" "$(ids "$T_OUT")"
echo down >$k/state
t_run "DOWN" 4 rdmactl -j check fakeib0/1 interval 0.2
t_eq "port.polling: DOWN and polling" "port.polling DOWN POLLING" \
	"$(finding "$T_OUT" port.polling '"\(.id) \(.evidence.state) \(.evidence.physical_state)"')"
echo armed >$k/state
t_run "ARMED: a warning, exit 3" 3 rdmactl -j check fakeib0/1 interval 0.2
t_eq "port.armed" "port.armed warning" "$(finding "$T_OUT" port.armed '"\(.id) \(.severity)"')"
echo active >$k/state
# rxe reports a port whose netdev is down as DOWN and Disabled.
ip link set veth1 down
t_run "an rxe port whose netdev is down" 4 rdmactl -j check rxe1/1 interval 0.2
t_eq "port.disabled" "port.disabled DOWN" \
	"$(finding "$T_OUT" port.disabled '"\(.id) \(.evidence.state)"')"
t_match "its remedy is the netdev's, not InfiniBand's" "ip link set NETDEV up" \
	"$(finding "$T_OUT" port.disabled .remedy)"
ip link set veth1 up
until_active() {
	for i in $(seq 50); do
		[ "$(cut -d: -f1 /sys/class/infiniband/rxe1/ports/1/state)" = 4 ] && return 0
		sleep 0.1
	done
	return 1
}
t_run "rxe1 ACTIVE again" 0 until_active
echo "ports=2 state=active" >$knobs/add
two=$(tail -1 $knobs/devices)
echo 1 >$knobs/$two/port2/width
t_run "a port trained on 1 lane of 4" 3 rdmactl -j check "$two" interval 0.2
t_eq "port.degraded-width on port 2, against port 1" "2 1 4" \
	"$(finding "$T_OUT" port.degraded-width '"\(.port) \(.evidence.width) \(.evidence.peer_width)"')"
echo "$two" >$knobs/remove

# --- Counters over the interval: made to move while check waits.
# during_check SECONDS PMA-LINE...: check fakeib0/1 while the lines are
# written to the port's PMA knob, half a second in.
during_check() {
	local secs=$1
	shift
	(sleep 0.5; for l in "$@"; do echo "$l" >$k/pma; done) &
	T_OUT=$(rdmactl -j check fakeib0/1 interval "$secs" $CHECK_ARGS)
	T_RC=$?
	wait
}
during_check 2 "symbol_error +200"
t_eq "symbol errors at a high rate: a warning, exit 3" 3 "$T_RC"
t_eq "counter.symbol-errors" "counter.symbol-errors" "$(ids "$T_OUT")"
t_eq "evidence: the delta" "200" "$(finding "$T_OUT" counter.symbol-errors .evidence.delta)"
t_match "and the rate" "^[0-9.]+$" "$(finding "$T_OUT" counter.symbol-errors .evidence.per_second)"
during_check 1 "link_downed +1"
t_eq "link_downed moved: an error, exit 4" 4 "$T_RC"
t_eq "counter.link-downed" "counter.link-downed 1" \
	"$(finding "$T_OUT" counter.link-downed '"\(.id) \(.evidence.delta)"')"
during_check 2 "port_xmit_discards +100"
t_eq "xmit discards rising: exit 3" 3 "$T_RC"
t_eq "counter.xmit-discards" "counter.xmit-discards" "$(ids "$T_OUT")"
# The other counters that must never move, and the other rates.
for c in "local_link_integrity_errors link-integrity 4" "excessive_buffer_overrun_errors buffer-overrun 4" \
	"port_rcv_remote_physical_errors remote-physical-errors 4" \
	"port_rcv_errors rcv-errors 3" "port_xmit_wait xmit-wait 3"; do
	set -- $c
	during_check 2 "$1 +$([ "$1" = port_xmit_wait ] && echo 1000000 || echo 1)"
	t_eq "$1 moved: counter.$2, exit $3" "$3 counter.$2" "$T_RC $(ids "$T_OUT")"
done
echo "symbol_error 65535" >$k/pma
t_run "a saturated counter" 3 rdmactl -j check fakeib0/1 interval 0.2
t_eq "counter.saturated, with its width" "symbol_error 16" \
	"$(finding "$T_OUT" counter.saturated '"\(.evidence.counter) \(.evidence.width)"')"
echo "symbol_error 0" >$k/pma
echo "threshold port_xmit_discards 1000/s" >"$tmp/t"
CHECK_ARGS="expect $tmp/t" during_check 2 "port_xmit_discards +100"
t_eq "a manifest's higher threshold lets 50/s pass" "0 " "$T_RC $(ids "$T_OUT")"

# --- IPoIB.
rdmactl ipoib set ib0 mode connected mtu 2044
t_run "connected mode with a datagram MTU" 3 rdmactl -j check fakeib0/1 interval 0.2
t_eq "ipoib.connected-small-mtu on ib0" "ib0 2044" \
	"$(finding "$T_OUT" ipoib.connected-small-mtu '"\(.netdev) \(.evidence.mtu)"')"
rdmactl ipoib set ib0 mode datagram
echo 0x8005 >/sys/class/net/ib0/create_child
t_run "a P_Key child whose P_Key the port lacks" 4 rdmactl -j check fakeib0/1 interval 0.2
t_eq "ipoib.pkey-missing" "ib0.8005 0x8005" \
	"$(finding "$T_OUT" ipoib.pkey-missing '"\(.netdev) \(.evidence.pkey)"')"
echo "0xffff 0x8005" >$k/pkeys
t_run "once the table has it, ok" 0 rdmactl -j check fakeib0/1 interval 0.2
echo 0x8005 >/sys/class/net/ib0/delete_child
echo "0xffff" >$k/pkeys

# --- RoCE: a port whose GID table is full has addresses without GIDs.
ip link add vk0 type veth peer name vk1
ip link set vk0 up
ip link set vk1 up
echo "link_layer=roce netdevs=vk0 state=active" >$knobs/add
roce=$(tail -1 $knobs/devices)
for i in $(seq 10 29); do ip addr add 192.0.2.$i/24 dev vk0; done
sleep 1
t_run "addresses beyond a full GID table" 3 rdmactl -j check "$roce/1" interval 0.2
missing=$(jq -r '[.[] | select(.id == "roce.no-v2-gid") | .evidence.address] | join(" ")' <<<"$T_OUT")
t_match "roce.no-v2-gid names them" "^192\.0\.2\.[0-9]+( 192\.0\.2\.[0-9]+)*$" "$missing"
first=${missing%% *}
t_eq "and $first truly has no GID" "" "$(rdmactl -j gid show "$roce/1" | jq -r --arg ip "$first" '.[] | select(.ipv4 == $ip) | .index')"
t_run "rdma_cm's default set to RoCE v1" 0 rdmactl roce set "$roce" mode v1
t_run "a v1 default where v2 is there" 3 rdmactl -j check "$roce/1" interval 0.2
t_eq "roce.default-v1" "v1" "$(finding "$T_OUT" roce.default-v1 .evidence.mode)"
rdmactl roce forget "$roce"
echo "$roce" >$knobs/remove
ip link del vk0

# --- The system: memlock, modules.
t_run "ulimit -l 64" 3 bash -c 'ulimit -l 64; rdmactl -j check interval 0.2'
t_eq "system.memlock, with the limit" "65536" "$(finding "$T_OUT" system.memlock .evidence.memlock_bytes)"
prlimit --pid 1 --memlock=65536:unlimited
t_run "PID 1's memlock 64 KiB" 3 rdmactl -j check interval 0.2
t_eq "system.memlock-services, with the limit" "65536" \
	"$(finding "$T_OUT" system.memlock-services .evidence.memlock_bytes)"
prlimit --pid 1 --memlock=unlimited:unlimited
rmmod ib_umad
t_run "ib_umad unloaded" 3 rdmactl -j check interval 0.2
t_eq "module.missing ib_umad" "ib_umad" "$(finding "$T_OUT" module.missing .evidence.module)"
modprobe ib_umad

# --- Manifests.
echo "port fakeib0/1 state ACTIVE rate 200 width 4" >"$tmp/m"
t_run "200 Gb/s expected of a 100 Gb/s port" 4 rdmactl -j check expect "$tmp/m" interval 0.2
t_eq "expect.rate" "expect.rate 100000 200000" \
	"$(finding "$T_OUT" expect.rate '"\(.id) \(.evidence.rate_mbps) \(.evidence.expected_rate_mbps)"')"
t_run "dump-expect writes today's state" 0 rdmactl check dump-expect
echo "$T_OUT" >"$tmp/today"
t_match "as port lines" "port fakeib0/1 state ACTIVE rate 100 width 4 mtu 2048" "$T_OUT"
t_run "which check then accepts" 0 rdmactl check expect "$tmp/today" interval 0.2
printf 'port fakeib0/1 state ACTIVE\nport fakeib0/9\nipoib ib0 mode connected\n' >"$tmp/m2"
t_run "a manifest expecting a port that is not there" 4 rdmactl -j check expect "$tmp/m2" interval 0.2
t_eq "expect.port-missing, expect.ipoib-mode" "expect.ipoib-mode expect.port-missing" "$(ids "$T_OUT")"

# --- watch: flaps counted from events.
rdmactl -j check fakeib0/1 interval 0.2 watch >"$tmp/watch" 2>&1 &
w=$!
for i in $(seq 50); do grep -q '"id":"port.ok"' "$tmp/watch" && break; sleep 0.1; done
for s in down active down active; do echo $s >$k/state; sleep 0.2; done
sleep 1
kill -INT $w
wait $w
rc=$?
t_eq "watch: four changes are a flap" "1" "$(grep -c '"id":"port.flapping"' "$tmp/watch")"
t_eq "each DOWN seen as it happened" "2" "$(grep -c '"id":"port.polling"' "$tmp/watch")"
t_eq "its status: the worst it saw (errors)" "4" "$rc"

# --- Bad input: the usage status, and what is wrong.
t_run "an unknown device" 2 rdmactl check nosuch0
t_match "named" "nosuch0" "$T_ERR"
t_run "interval 0" 2 rdmactl check interval 0
t_run "interval -1" 2 rdmactl check interval -1
t_match "says what an interval is" "at least 0.1" "$T_ERR"
t_run "an unreadable manifest" 2 rdmactl check expect "$tmp/nonexistent"
t_match "names it and why" "cannot read the manifest .*nonexistent: No such file" "$T_ERR"
printf '# ok\nport fakeib0/1 state ACTIVE\nport fakeib0/1 state UP\n' >"$tmp/bad"
t_run "a malformed manifest" 2 rdmactl check expect "$tmp/bad"
t_match "the line and the reason" "bad:3: state \"UP\": give DOWN, INIT, ARMED or ACTIVE" "$T_ERR"

t_done
