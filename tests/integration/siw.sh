#!/bin/bash
# Soft-iWARP: siw0 on a veth of its own (sw0, 192.0.2.21/24 and its
# link-local address), and every command, -j, the exporter and check on
# its iWARP port, against sysfs, `rdma -j` and rdma-core's `ibv_devinfo
# -v`. An iWARP port has no PMA, no LID or subnet manager, no port GUID
# (its GID is the netdev's MAC) and no RoCE mode: what does not apply is
# absent or refused, never a 0. Removes siw0, sw0 and siw at the end. On a
# kernel built without siw (Debian's, DOCA-OFED's) it is one skip, with
# why; on one built with it (RHEL's), siw missing is a failure.
. "$RDMACTL_TOP/tests/lib.sh"

t_expect "Soft-iWARP" 't_config RDMA_SIW' "this kernel has no Soft-iWARP (CONFIG_RDMA_SIW is not set)" \
	modprobe -n siw 2>/dev/null || { t_done; exit; }
sys=/sys/class/infiniband/siw0
tmp=$(mktemp -d)
chmod 0755 "$tmp"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rdma link delete siw0 2>/dev/null; ip link del sw0 2>/dev/null
	modprobe -r siw 2>/dev/null; rm -rf "$tmp"' EXIT

ip link add sw0 type veth peer name sw1
ip link set sw1 up
ip link set sw0 up
ip addr add 192.0.2.21/24 dev sw0
modprobe siw
t_run "rdma link add siw0 type siw netdev sw0" 0 rdma link add siw0 type siw netdev sw0
active() {
	for _ in $(seq 50); do
		[ "$(<$sys/ports/1/state)" = "4: ACTIVE" ] && return 0
		sleep 0.1
	done
	return 1
}
t_run "siw0/1 is ACTIVE (sysfs)" 0 active
# The exporter, as nobody, starts meanwhile; it is scraped at the end.
setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	rdmactl-exporter --listen 127.0.0.1:19881 --cache 0 >/dev/null 2>"$tmp/exporter.log" &
pids+=($!)
devinfo=$(ibv_devinfo -v -d siw0)
t_eq "ibv_devinfo: transport iWARP" "iWARP (1)" "$(text_field "$devinfo" transport)"
mac=$(<"/sys/class/net/sw0/address")
declare -A dev rdma port gid	# json_fields fills them

# --- dev show: what sysfs, rdma and ibv_devinfo have; no firmware version
# (sysfs's is empty: ibv_devinfo's 0.0.0 is its own default).
# rdma's dev and link of siw0 in one array (one jq): their keys differ.
json_fields rdma "$(rdma -j dev show siw0; rdma -j link show siw0/1)" '.[0]'
json_fields dev "$(rdmactl -j dev show siw0)" '.[0]'
t_eq "dev: driver, node type, ports" "siw rnic 1" "${dev[driver]} ${dev[node_type]} ${dev[ports]}"
t_eq "node type as rdma and sysfs" "${rdma[node_type]} 4: RNIC" "${dev[node_type]} $(<$sys/node_type)"
t_eq "node_guid as sysfs and rdma" "$(<$sys/node_guid) ${rdma[node_guid]}" \
	"${dev[node_guid]} ${dev[node_guid]}"
t_eq "sys_image_guid as sysfs" "$(<$sys/sys_image_guid)" "${dev[sys_image_guid]}"
t_eq "vendor IDs and hw_ver as ibv_devinfo" "$(text_field "$devinfo" vendor_id) \
$(text_field "$devinfo" vendor_part_id) $(text_field "$devinfo" hw_ver)" \
	"$(printf '0x%x %s 0x%x' "${dev[vendor_id]}" "${dev[vendor_part_id]}" "${dev[hw_ver]}")"
t_eq "no fw_ver: sysfs has none" "''" "'$(<$sys/fw_ver)${dev[fw_ver]:-}'"
t_eq "text: the same line" "${dev[ifindex]}: siw0: driver siw node_type rnic node_guid ${dev[node_guid]} \
sys_image_guid ${dev[sys_image_guid]} ports 1" "$(rdmactl dev show siw0)"

# --- port show: Ethernet, the netdev, and nothing of InfiniBand's.
j=$(rdmactl -j port show siw0/1)
json_fields port "$j" '.[0]'
state=$(<$sys/ports/1/state)
t_eq "state, physical state as sysfs" "${state#* } LINK_UP" \
	"${port[state]} ${port[physical_state]}"
t_eq "and as rdma link" "${rdma[state]} ${rdma[physical_state]}" \
	"${port[state]} ${port[physical_state]}"
t_eq "link_layer as sysfs" "$(<$sys/ports/1/link_layer)" "${port[link_layer]}"
t_eq "netdev as rdma link" "${rdma[netdev]} ${rdma[netdev_index]}" \
	"${port[netdev]} ${port[netdev_index]}"
t_eq "rate as sysfs" "$(<$sys/ports/1/rate)" \
	"$((port[rate_mbps] / 1000)) Gb/sec (${port[active_width]}X ${port[active_speed]})"
t_eq "cap_mask as sysfs" "$(<$sys/ports/1/cap_mask)" "$(printf '0x%08x' "${port[cap_mask]}")"
mtu=$(text_field "$devinfo" active_mtu) max=$(text_field "$devinfo" max_mtu)
t_eq "MTUs, table lengths as ibv_devinfo" "${mtu%% *} ${max%% *} $(text_field "$devinfo" gid_tbl_len) \
$(text_field "$devinfo" pkey_tbl_len)" \
	"${port[active_mtu]} ${port[max_mtu]} ${port[gid_tbl_len]} ${port[pkey_tbl_len]}"
t_eq "no LID, SM, LMC, subnet prefix or port GUID" "" \
	"$(jq -r '.[0] | [keys[] | select(test("lid|sm_|lmc|subnet|guid"))] | join(" ")' <<<"$j")"
t_run "text" 0 rdmactl -d port show siw0/1
t_eq "no port_guid, lid or sm_lid in it" "" "$([[ $T_OUT =~ port_guid|lid|sm_ ]] && echo "$T_OUT")"

# --- stat show: no PMA, and siw has no driver counters: none at all.
t_eq "sysfs: no counters/ (no PMA), no hw_counters/" "" \
	"$(for d in $sys/ports/1/counters $sys/ports/1/hw_counters $sys/hw_counters; do
		[ -d "$d" ] && echo "$d"; done)"
j=$(rdmactl -j stat show siw0/1)
t_eq "-j: no counter, no PMA set" "0 null" "$(jq -r '.[0] | "\(.counters | length) \(.pma_set)"' <<<"$j")"
t_run "text" 0 rdmactl stat show siw0/1
t_eq "no counter line, no 0" "" "$([[ $T_OUT =~ [[:space:]][a-z_]+[[:space:]]+[0-9] ]] && echo "$T_OUT")"
t_run "stat reset: a baseline" 0 rdmactl stat reset siw0/1
t_run "stat reset hardware: refused" 1 rdmactl stat reset siw0/1 hardware
t_eq "no PMA to reset" "rdmactl: siw0: port 1 has no PMA to reset; reset without hardware to set a baseline" \
	"$T_ERR"

# --- gid show: one entry, the MAC in its first 6 bytes, as sysfs, of
# type iwarp (ib_core says IB). ibv_devinfo lists no iWARP GIDs (rdma_query_gid_table()
# skips iWARP ports).
j=$(rdmactl -j gid show siw0)
json_fields gid "$j" '.[0]'
t_eq "one entry, index 0" "1 0" "$(jq length <<<"$j") ${gid[index]}"
t_eq "the GID as sysfs" "$(<$sys/ports/1/gids/0)" "${gid[gid]}"
g=${gid[gid]:0:14}
t_eq "the GID is sw0's MAC" "${mac//:/}" "${g//:/}"
t_eq "of type iwarp" "iwarp" "${gid[type]}"
t_eq "its netdev as sysfs" "$(<$sys/ports/1/gid_attrs/ndevs/0)" "${gid[netdev]}"
t_run "gid find ip: no GID for an iWARP address" 1 rdmactl gid find ip 192.0.2.21
t_eq "says so" "rdmactl: no GID ::ffff:192.0.2.21" "$T_ERR"

# --- roce: not a RoCE port; a refusal, never a mode.
t_eq "roce show lists no iWARP port" "" "$(rdmactl -j roce show | jq -r '.[] | select(.ifname == "siw0") | .ifname')"
t_run "roce show siw0/1 is refused" 1 rdmactl -j roce show siw0/1
t_eq "it is iWARP" "rdmactl: siw0: port 1 is iWARP, not RoCE: it has no RoCE mode" "$T_ERR"
t_eq "and prints nothing" "" "$T_OUT"
t_run "roce show siw0 is refused" 1 rdmactl roce show siw0
t_eq "no RoCE port" "rdmactl: siw0: the device has no RoCE port" "$T_ERR"
t_run "roce set siw0 mode v2 is refused" 1 rdmactl roce set siw0 mode v2
t_match "it is iWARP" "port 1 is iWARP, not RoCE" "$T_ERR"

# --- monitor: the port follows sw0, each event as sysfs has the state.
rdmactl -j monitor >"$tmp/events" &
mon=$!
pids+=("$mon")
sleep 0.3
ip link set sw0 down
for _ in $(seq 50); do grep -q siw0 "$tmp/events" && break; sleep 0.1; done
down=$(<$sys/ports/1/state)
down=${down#* }
ip link set sw0 up
t_run "siw0/1 ACTIVE again" 0 active
for _ in $(seq 50); do [ "$(grep -c siw0 "$tmp/events")" -ge 2 ] && break; sleep 0.1; done
kill $mon
t_eq "port_err then port_active, as sysfs" "port_err $down port_active ACTIVE" \
	"$(jq -r 'select(.ifname == "siw0") | "\(.event) \(.state)"' "$tmp/events" | xargs)"

# --- check: the port is ok; no InfiniBand or RoCE finding on iWARP.
t_run "check siw0/1" 0 rdmactl -j check siw0/1 interval 0.2
t_eq "port.ok, nothing else for the port" "port.ok" \
	"$(jq -r '[.[] | select(.device == "siw0") | .id] | join(" ")' <<<"$T_OUT")"

# --- the exporter (started above): the port's state and rate as sysfs,
# and no PMA, LID, SM or RoCE metric.
for _ in $(seq 100); do curl -sf -o "$tmp/metrics" http://127.0.0.1:19881/metrics && break; sleep 0.1; done
m=$(grep 'device="siw0"' "$tmp/metrics")
t_match "siw0 scraped" 'rdma_device_scrape_success\{device="siw0"\} 1' "$m"
t_match "rdma_port: Ethernet, sw0, no port GUID" \
	'rdma_port_info\{device="siw0",port="1",link_layer="Ethernet",netdev="sw0",port_guid="",' "$m"
state=$(<$sys/ports/1/state)
t_match "state as sysfs" "rdma_port_state\\{device=\"siw0\",port=\"1\",link_layer=\"Ethernet\"\\} \
${state%%:*}" "$m"
t_match "rate as sysfs" "rdma_port_rate_bytes_per_second\\{[^}]*\\} $((port[rate_mbps] * 125000))" "$m"
t_eq "no counter, PMA, LID, SM or RoCE metric" "" \
	"$(grep -E '^rdma_[a-z_]*(_total|pma|lid|lmc|roce)[a-z_]*\{' <<<"$m" | grep -v state_changes)"

t_done
