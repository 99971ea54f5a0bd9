#!/bin/bash
# rdmactl-exporter, run as nobody, against sysfs, configfs, rdma, the fake
# HCA's knobs and MAD counters, Debian's promtool and prometheus server
# (which scrapes it), and Debian's prometheus-node-exporter for the
# --node-exporter-names mapping. Needs rxe0/rxe1 and the fake HCA
# (tests/vm/run --fakehca ""). Ends by removing the rxe devices.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
tmp=$(mktemp -d)
chmod 0755 "$tmp"
pids=()
# A PMA that fails is asked again a second later here (the device's hold,
# 60 s by default, is providers.sh's).
hold=/sys/module/rdmactl/parameters/failed_read_hold_s
echo 1 >$hold
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"; echo 60 >$hold' EXIT
# spawn LOG COMMAND...: COMMAND as nobody in the background, its PID last
# in pids (the PID is the program's: setpriv execs it).
spawn() {
	local log=$1
	shift
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@" >/dev/null 2>>"$log" &
	pids+=($!)
}

# start WHAT PORT ARGS...: an exporter as nobody on 127.0.0.1:PORT, until it
# answers (not under t_run: its command substitution would wait for it).
start() {
	local what=$1 port=$2
	shift 2
	spawn "$tmp/exporter-$port.log" rdmactl-exporter --listen "127.0.0.1:$port" "$@"
	for i in $(seq 100); do
		curl -sf -o /dev/null "http://127.0.0.1:$port/" && { t_pass "$what"; return 0; }
		sleep 0.1
	done
	t_fail "$what" "$(<"$tmp/exporter-$port.log")"
}
scrape() { curl -sf "http://127.0.0.1:${2:-19879}/metrics" >"$tmp/$1"; }
# metric FILE NAME [LABEL=VALUE...]: the value of the first sample of NAME
# with those labels, in the text format; nothing when there is none. One
# Python for the suite (py_start, tests/lib.sh).
py_start metric 'import re
def answer(a):
    path, name, want = a[0], a[1], dict(x.split("=", 1) for x in a[2:])
    for line in open(path):
        m = re.match(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$", line.rstrip("\n"))
        if not m or m.group(1) != name:
            continue
        labels = dict(re.findall(r"([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\]|\\.)*)\"", m.group(2) or ""))
        if all(labels.get(k) == v for k, v in want.items()):
            v = m.group(3)
            return int(float(v)) if re.match(r"^-?[0-9.e+]+$", v) and float(v).is_integer() else v
    return ""'
metric() { py_ask metric "$@"; }
mads() { cat $knobs/"$1"/port*/mads | paste -sd+ | bc; }
# What the exporter says is compared with what rdmactl does not make:
# sysfs, rdma_cm's configfs, iproute2's rdma.
cm=/sys/kernel/config/rdma_cm
cm_tos() { mkdir -p $cm/$1 && cat $cm/$1/ports/$2/default_roce_tos; rmdir $cm/$1; }
# sysfs's rate ("10 Gb/sec (1X QDR)") in bytes/s.
sysfs_rate() { awk '{ printf "%d", $1 * 1000000000 / 8 }' "/sys/class/infiniband/$1/ports/$2/rate"; }

# --- Usage errors: the CLI's status 2, and what is wrong.
t_run "--cache -1 is refused" 2 rdmactl-exporter --cache -1
t_match "naming the option" "--cache -1: give seconds" "$T_ERR"
t_run "--max-connections 0 is refused" 2 rdmactl-exporter --max-connections 0
t_run "--exclude-devices , is refused" 2 rdmactl-exporter --exclude-devices ,
t_run "--listen without a port" 1 rdmactl-exporter --listen 127.0.0.1
t_match "says how to write it" "give ADDRESS:PORT" "$T_ERR"

start "starts as nobody, no capabilities" 19879 --cache 0
scrape a
t_run "promtool check metrics accepts the text format" 0 promtool check metrics <"$tmp/a"
t_eq "rdmactl.ko is seen loaded" "1" "$(metric "$tmp/a" rdma_exporter_module_loaded)"
t_eq "every device's scrape succeeded" "1 1 1" "$(for d in rxe0 rxe1 fakeib0; do
	metric "$tmp/a" rdma_device_scrape_success device=$d; done | xargs)"
t_eq "link_layer label: rxe0 Ethernet" "1" \
	"$(metric "$tmp/a" rdma_port_info device=rxe0 port=1 link_layer=Ethernet netdev=veth0)"
t_eq "link_layer label: fakeib0 InfiniBand" "1" \
	"$(metric "$tmp/a" rdma_port_info device=fakeib0 port=1 link_layer=InfiniBand)"
t_eq "fakeib0 state as sysfs has it" "$(cut -d: -f1 /sys/class/infiniband/fakeib0/ports/1/state)" \
	"$(metric "$tmp/a" rdma_port_state device=fakeib0 port=1)"
t_eq "rxe0 rate in bytes/s as sysfs has it" "$(sysfs_rate rxe0 1)" \
	"$(metric "$tmp/a" rdma_port_rate_bytes_per_second device=rxe0 port=1)"
t_eq "GIDs per type as sysfs's gid_attrs/types" \
	"$(cat /sys/class/infiniband/rxe0/ports/1/gid_attrs/types/* 2>/dev/null | grep -cx 'RoCE v2')" \
	"$(metric "$tmp/a" rdma_port_gids device=rxe0 port=1 type=v2)"
t_eq "IB: sm_lid as sysfs" "$(($(</sys/class/infiniband/fakeib0/ports/1/sm_lid)))" \
	"$(metric "$tmp/a" rdma_port_sm_lid device=fakeib0 port=1)"
t_eq "IPoIB: ib0 with its mode" "1" \
	"$(metric "$tmp/a" rdma_ipoib_info device=fakeib0 interface=ib0 \
		mode="$(</sys/class/net/ib0/mode)")"
t_eq "a data counter in bytes, with its width once" "1" \
	"$(metric "$tmp/a" rdma_metric_info metric=rdma_port_xmit_data_bytes_total width=64 unit=bytes)"

# --- RoCE QoS: rxe0 over a veth has a ToS and a DSCP, no DCB: no priority,
# PFC nor lossless (absent, not 0), and the reason no-dcb.
rdmactl roce set rxe0 tos 106
scrape q
t_eq "rdma_roce_qos_tos = rdma_cm's configfs" "$(cm_tos rxe0 1)" \
	"$(metric "$tmp/q" rdma_roce_qos_tos device=rxe0 port=1)"
t_eq "rdma_roce_qos_dscp: 26" "26" "$(metric "$tmp/q" rdma_roce_qos_dscp device=rxe0 port=1)"
t_eq "no DCB: no priority, PFC or lossless" "||" "$(metric "$tmp/q" rdma_roce_qos_priority device=rxe0 \
	port=1)|$(metric "$tmp/q" rdma_roce_qos_pfc device=rxe0 port=1)|$(metric "$tmp/q" \
	rdma_roce_qos_lossless device=rxe0 port=1)"
t_eq "and the reason, no-dcb" "1" \
	"$(metric "$tmp/q" rdma_roce_qos_lossy_reason device=rxe0 port=1 reason=no-dcb)"
t_run "promtool accepts it" 0 promtool check metrics <"$tmp/q"
rdmactl roce set rxe0 tos 0
rdmactl roce forget rxe0

# --- Counters after traffic between rxe1 and rxe0 (where it completes:
# t_rxe_rc): the exporter, rdmactl -j stat show and sysfs agree, and so
# does Prometheus after scraping.
traffic=
if t_rxe_rc; then
	timeout 130 ibv_rc_pingpong -d rxe0 -g 0 -n 200 >/dev/null 2>&1 &
	t_run "the ibv_rc_pingpong server listens" 0 tcp_listening 18515
	t_run "ibv_rc_pingpong between rxe1 and rxe0" 0 timeout 120 \
		ibv_rc_pingpong -d rxe1 -g 0 -n 200 localhost
	wait $!
	traffic=1
else
	t_skip "RC traffic between rxe1 and rxe0" "not on $(uname -r) (t_rxe_rc)"
fi
scrape b
sysfs=$(</sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts)
[ -z "$traffic" ] || t_run "traffic moved rxe0's sent_pkts" 0 test "$sysfs" -ge 400
t_eq "rdma_sent_pkts_total = sysfs" "$sysfs" "$(metric "$tmp/b" rdma_sent_pkts_total device=rxe0 port=1)"
t_eq "rdma_sent_pkts_total = rdma statistic" \
	"$(rdma -j statistic show link rxe0/1 | jq '.[0].sent_pkts')" \
	"$(metric "$tmp/b" rdma_sent_pkts_total device=rxe0 port=1)"
t_eq "rdma_rcvd_pkts_total (rxe1) = sysfs" \
	"$(</sys/class/infiniband/rxe1/ports/1/hw_counters/rcvd_pkts)" \
	"$(metric "$tmp/b" rdma_rcvd_pkts_total device=rxe1 port=1)"

cat >"$tmp/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: rdma
    static_configs:
      - targets: ['127.0.0.1:19879']
EOF
mkdir "$tmp/tsdb"
chown nobody "$tmp/tsdb"
spawn "$tmp/prometheus.log" prometheus --config.file="$tmp/prometheus.yml" \
	--storage.tsdb.path="$tmp/tsdb" --web.listen-address=127.0.0.1:19090
query() { curl -sf "http://127.0.0.1:19090/api/v1/query" --data-urlencode "query=$1" |
	jq -r '.data.result[0].value[1] // empty'; }
# until_query QUERY VALUE: until Prometheus answers VALUE (it scrapes every second).
until_query() {
	for i in $(seq 120); do
		[ "$(query "$1")" = "$2" ] && return 0
		sleep 0.5
	done
	echo "last answer: $(query "$1")" >&2
	return 1
}
t_run "Prometheus scrapes the exporter: up" 0 until_query 'up{job="rdma"}' 1
t_run "Prometheus has rdma_sent_pkts_total = sysfs" 0 \
	until_query 'rdma_sent_pkts_total{device="rxe0",port="1"}' "$sysfs"
t_run "and rxe1's rcvd_pkts" 0 until_query 'rdma_rcvd_pkts_total{device="rxe1",port="1"}' \
	"$(</sys/class/infiniband/rxe1/ports/1/hw_counters/rcvd_pkts)"
t_run "Prometheus asked for OpenMetrics" 0 test "$(query 'rdma_exporter_scrapes_total{format="openmetrics"}')" -ge 1
[ "$T_FAIL" = 0 ] || tail -5 "$tmp/prometheus.log"
# Its scrapes would read the devices the MAD counts below are about.
kill "${pids[-1]}"
wait "${pids[-1]}" 2>/dev/null

# --- OpenMetrics and content negotiation.
om=$(curl -sf -D "$tmp/om.h" -H 'Accept: application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5' http://127.0.0.1:19879/metrics)
t_match "OpenMetrics when preferred" "application/openmetrics-text; version=1.0.0" "$(<"$tmp/om.h")"
t_eq "ends with # EOF" "# EOF" "$(tail -1 <<<"$om")"
t_match "counter family named without _total" $'# TYPE rdma_sent_pkts counter\nrdma_sent_pkts_total\\{' "$om"
curl -sf -D "$tmp/bad.h" -H 'Accept: ;;;q=x,,' -o /dev/null http://127.0.0.1:19879/metrics
t_match "a malformed Accept gets the text format" "text/plain; version=0.0.4" "$(<"$tmp/bad.h")"
t_eq "an unknown path is 404" "404" "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:19879/nope)"
t_eq "POST is 405" "405" "$(curl -s -o /dev/null -w '%{http_code}' -d x http://127.0.0.1:19879/metrics)"

# --- Port state from events: two flaps between scrapes are four changes.
echo active >$knobs/fakeib0/port1/state
scrape c
before=$(metric "$tmp/c" rdma_port_state_changes_total device=fakeib0 port=1)
for s in down active down active; do echo $s >$knobs/fakeib0/port1/state; done
sleep 1
scrape d
t_eq "two flaps: four state changes" "$((before + 4))" \
	"$(metric "$tmp/d" rdma_port_state_changes_total device=fakeib0 port=1)"
t_eq "and the port is ACTIVE again" "4" "$(metric "$tmp/d" rdma_port_state device=fakeib0 port=1)"
last=$(metric "$tmp/d" rdma_port_last_state_change_seconds device=fakeib0 port=1)
t_run "the last change is within the last minute" 0 \
	python3 -c "import sys, time; sys.exit(not 0 <= time.time() - float(sys.argv[1]) < 60)" "$last"

# --- Devices added and removed between scrapes.
echo "ports=2" >$knobs/add
new=$(tail -1 $knobs/devices)
scrape e
t_eq "an added device appears" "2" \
	"$(grep -c "^rdma_port_state{device=\"$new\"" "$tmp/e")"
echo "$new" >$knobs/remove
scrape f
t_eq "a removed device disappears" "0" "$(grep -c "device=\"$new\"" "$tmp/f")"

# --- A PMA that does not answer: its port is marked, nothing else is lost.
sleep 1.1	# past the PMA's interval (counters.md)
echo 4 >$knobs/fakeib0/port1/mad_fail
scrape q1
t_eq "a port whose PMA failed: pma_counters 0" "0" \
	"$(metric "$tmp/q1" rdma_port_pma_counters device=fakeib0 port=1)"
t_eq "its device marked failed, the others scraped" "1 1 0" "$(for d in rxe0 rxe1 fakeib0; do
	metric "$tmp/q1" rdma_device_scrape_success device=$d; done | xargs)"
t_eq "its port still exported" "4" "$(metric "$tmp/q1" rdma_port_state device=fakeib0 port=1)"
t_eq "without PMA counters" "" "$(metric "$tmp/q1" rdma_symbol_error_total device=fakeib0 port=1)"
echo 0 >$knobs/fakeib0/port1/mad_fail
sleep 1.1	# the kernel asks a failed PMA again after a second
scrape q2
t_eq "answering again: its device scraped" "1" "$(metric "$tmp/q2" rdma_device_scrape_success device=fakeib0)"
t_eq "answering again: pma_counters 1" "1" \
	"$(metric "$tmp/q2" rdma_port_pma_counters device=fakeib0 port=1)"
t_run "and its counters are back" 0 test -n "$(metric "$tmp/q2" rdma_symbol_error_total device=fakeib0 port=1)"
t_eq "rxe has no PMA: no such gauge" "" "$(metric "$tmp/q2" rdma_port_pma_counters device=rxe0 port=1)"

# --- MADs: counted right, and none on an excluded device.
echo "ports=4" >$knobs/add
big=$(tail -1 $knobs/devices)
start "an exporter of the fake devices alone" 19880 --cache 0 --include-devices 'fakeib*'
scrape g 19880
sleep 0.2
m0=$(($(mads fakeib0) + $(mads "$big")))
scrape h 19880
m1=$(($(mads fakeib0) + $(mads "$big")))
t_eq "the MADs it reports are those the fake HCA answered" "$((m1 - m0))" \
	"$(metric "$tmp/h" rdma_exporter_scrape_mads)"
t_run "at most 2 per port (5 ports)" 0 test $((m1 - m0)) -le 10 -a $((m1 - m0)) -ge 1
t_eq "no rxe device" "" "$(grep 'device="rxe' "$tmp/h")"
start "an exporter excluding $big" 19881 --cache 0 --exclude-devices "$big,nosuch*"
x0=$(mads "$big")
scrape i 19881
scrape i 19881
t_eq "the excluded device got no MAD" "$x0" "$(mads "$big")"
t_eq "and is not in the metrics" "0" "$(grep -c "device=\"$big\"" "$tmp/i")"
t_eq "the others are" "1" "$(metric "$tmp/i" rdma_device_scrape_success device=fakeib0)"
echo "$big" >$knobs/remove

# --- A cached snapshot is read once: a second scrape within --cache costs
# no MAD and takes no snapshot.
start "an exporter with a 60 s cache" 19883 --cache 60 --include-devices fakeib0
scrape o1 19883
c0=$(mads fakeib0)
scrape o2 19883
t_eq "a scrape within the cache: no MAD" "$c0" "$(mads fakeib0)"
t_eq "and one snapshot for both" "1" "$(metric "$tmp/o2" rdma_exporter_snapshots_total)"
t_eq "the same counters" "$(grep '^rdma_symbol_error_total' "$tmp/o1")" \
	"$(grep '^rdma_symbol_error_total' "$tmp/o2")"
kill "${pids[-1]}"

# --- Events lost (the exporter stopped while the port flaps, its socket
# overruns): it reads every port again, counts it, and has the state right.
scrape p1
r0=$(metric "$tmp/p1" rdma_exporter_event_resyncs_total)
kill -STOP "${pids[0]}"
for i in $(seq 400); do echo down >$knobs/fakeib0/port1/state; echo active >$knobs/fakeib0/port1/state; done
echo down >$knobs/fakeib0/port1/state
kill -CONT "${pids[0]}"
sleep 1
scrape p2
t_run "a resync counted ($r0 before)" 0 test "$(metric "$tmp/p2" rdma_exporter_event_resyncs_total)" -gt "$r0"
t_eq "the port's state is read again: DOWN" "1" "$(metric "$tmp/p2" rdma_port_state device=fakeib0 port=1)"
t_match "the exporter said so" "events were lost" "$(<"$tmp/exporter-19879.log")"
echo active >$knobs/fakeib0/port1/state

# --- A connection flood is bounded; the exporter goes on.
t_run "200 connections held open: at most 16 are kept" 0 python3 - <<'EOF'
import socket, sys, time
conns, kept = [], 0
for i in range(200):
    s = socket.create_connection(("127.0.0.1", 19879))
    s.settimeout(0.5)
    conns.append(s)
time.sleep(1)
for s in conns:
    try:
        kept += s.recv(1) != b""
    except socket.timeout:
        kept += 1
    except OSError:
        pass
print(f"{kept} of 200 kept open", file=sys.stderr)
sys.exit(0 if kept <= 16 else 1)
EOF
t_match "the others were closed" "^[0-9]+ of 200 kept open$" "$T_ERR"
# until_scrape FILE: until a scrape is answered (closed connections take a
# moment to leave the server's count).
until_scrape() {
	for i in $(seq 50); do
		scrape "$1" && return 0
		sleep 0.1
	done
	return 1
}
t_run "then scrapes are answered" 0 until_scrape j
t_run "one address holding connections cannot lock another out" 0 python3 - <<'EOF2'
import socket, sys, urllib.request
conns = []
for i in range(40):
    s = socket.socket()
    s.bind(("127.0.0.2", 0))
    try:
        s.connect(("127.0.0.1", 19879))
    except OSError:
        pass
    conns.append(s)
body = urllib.request.urlopen("http://127.0.0.1:19879/metrics", timeout=5).read()
sys.exit(0 if b"rdma_exporter_scrapes_total" in body else 1)
EOF2
t_eq "its PID is the exporter's" "rdmactl-exporte" "$(</proc/"${pids[0]}"/comm)"
rss=$(awk '/VmRSS/ {print $2}' /proc/"${pids[0]}"/status)
t_run "RSS under 20 MiB after the flood (${rss} KiB)" 0 test "$rss" -lt 20480

# --- rdmactl.ko unloaded and loaded again: the exporter says so, and
# follows the events of the new module.
until_rmmod() {
	for i in $(seq 50); do
		rmmod rdmactl 2>/dev/null && return 0
		sleep 0.2
	done
	return 1
}
t_run "rmmod rdmactl" 0 until_rmmod
sleep 0.5
t_run "a scrape without the module is answered" 0 scrape k
t_eq "module_loaded 0" "0" "$(metric "$tmp/k" rdma_exporter_module_loaded)"
t_eq "and no port" "0" "$(grep -c '^rdma_port_state{' "$tmp/k")"
insmod "$RDMACTL_MODULE"
sleep 1
scrape l
t_eq "module_loaded 1 after insmod" "1" "$(metric "$tmp/l" rdma_exporter_module_loaded)"
t_eq "one load counted" "1" "$(metric "$tmp/l" rdma_exporter_module_loads_total)"
t_eq "ports are back" "4" "$(metric "$tmp/l" rdma_port_state device=fakeib0 port=1)"
echo down >$knobs/fakeib0/port1/state
sleep 1
scrape m
t_eq "events of the new module are followed" "1" \
	"$(metric "$tmp/m" rdma_port_state_changes_total device=fakeib0 port=1)"
t_eq "its state DOWN" "1" "$(metric "$tmp/m" rdma_port_state device=fakeib0 port=1)"

# --- --node-exporter-names against node_exporter itself. Its infiniband
# collector gives up on every device when one lacks board_id (rxe does):
# the rxe devices go, the fake HCA has what it reads, as mlx5 does.
rdma link delete rxe0
rdma link delete rxe1
echo active >$knobs/fakeib0/port1/state
for c in "port_xmit_data 1000" "port_rcv_data 2000" "symbol_error 5" "link_downed 2" \
	"port_xmit_wait 77" "unicast_rcv_packets 9"; do
	echo "$c" >$knobs/fakeib0/port1/pma
done
spawn "$tmp/node.log" prometheus-node-exporter --collector.disable-defaults \
	--collector.infiniband --web.listen-address=127.0.0.1:19100
start "an exporter with node_exporter's names" 19882 --node-exporter-names
for i in $(seq 100); do curl -sf -o "$tmp/node" http://127.0.0.1:19100/metrics && break; sleep 0.1; done
scrape n 19882
t_eq "node_exporter's collector works on the fake HCA" "1" \
	"$(metric "$tmp/node" node_scrape_collector_success collector=infiniband)"
names=$(grep -o '^node_infiniband_[a-z0-9_]*' "$tmp/n" | sort -u)
t_run "some names are node_exporter's" 0 test "$(wc -w <<<"$names")" -ge 20
for n in $names; do
	v=$(metric "$tmp/node" "$n" device=fakeib0 port=1)
	t_eq "$n: node_exporter's value${v:- (node_exporter has none)}" "${v:-none}" \
		"$(metric "$tmp/n" "$n" device=fakeib0 port=1)"
done
theirs=$(grep -o '^node_infiniband_[a-z0-9_]*{[^}]*device="fakeib0"[^}]*port="1"' "$tmp/node" |
	cut -d'{' -f1 | sort -u)
t_eq "every per-port metric of node_exporter's, we have" "" "$(comm -23 <(echo "$theirs") <(echo "$names"))"
t_eq "data in bytes (words x 4)" "4000" \
	"$(metric "$tmp/n" node_infiniband_port_data_transmitted_bytes_total device=fakeib0 port=1)"
t_run "promtool accepts that too" 0 promtool check metrics <"$tmp/n"
rdma link add rxe0 type rxe netdev veth0
rdma link add rxe1 type rxe netdev veth1

t_done
