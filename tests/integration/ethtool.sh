#!/bin/bash
# rdmactl stat show's ethtool section (librdmactl's rdmactl_eth_stats_get())
# against ethtool itself: for each Ethernet netdev with statistics that an
# rxe device is made on, the pause and FEC counters equal `ethtool --json
# -I --show-pause / --show-fec`; rxe's veth has none and says so, with no
# zeros; a netdev that is not there is refused by name.
#
# The netdevs come from add_* functions, each adding "NETDEV RXE" to
# netdevs: netdevsim (tests/vm/netdevsim builds it where Debian lacks it)
# now; the fake HCA's Ethernet netdev is to be added the same way.
. "$RDMACTL_TOP/tests/lib.sh"

netdevs=()
cleanup=()
cleanup_all() {
	local c
	for c in "${cleanup[@]}"; do eval "$c" >/dev/null 2>&1; done
}
trap cleanup_all EXIT

modprobe crc32_generic 2>/dev/null
modprobe rdma_rxe

# netdevsim's ethtool: pause frames rx 1 / tx 2 while its debugfs
# report_stats_rx/_tx are set; FEC blocks corrected 123, uncorrectable 4
# (6.12's drivers/net/netdevsim/ethtool.c; 6.1's has no FEC statistics).
add_netdevsim() {
	local ko nd
	ko=$RDMACTL_TOP/build/netdevsim/$(uname -r)/netdevsim.ko
	# insmod resolves nothing: the modules it needs (psample) first.
	[ -f "$ko" ] && for m in $(modinfo -F depends "$ko" | tr , ' '); do modprobe "$m"; done
	if ! modprobe netdevsim 2>/dev/null && ! { [ -f "$ko" ] && insmod "$ko"; }; then
		# Expected where the kernel has it (RHEL's) or tests/vm/netdevsim
		# builds it from the line's source package (Debian's 6.1, 6.12).
		local src=/usr/src/linux-source-$(sed -E 's/^([0-9]+\.[0-9]+).*/\1/' <<<"$(uname -r)").tar.xz
		if t_config NETDEVSIM || [ -f "$src" ]; then
			t_missing "netdevsim" "neither modprobe nor $ko loads it"
		else
			t_skip "netdevsim" "$(uname -r) has none (CONFIG_NETDEVSIM is not set, no $src to build it from)"
		fi
		return 0
	fi
	cleanup+=("echo 7 >/sys/bus/netdevsim/del_device")
	echo "7 1" >/sys/bus/netdevsim/new_device
	for _ in $(seq 50); do
		nd=$(ls /sys/bus/netdevsim/devices/netdevsim7/net/ 2>/dev/null | head -1)
		[ -n "$nd" ] && break
		sleep 0.1
	done
	[ -n "$nd" ] || { t_fail "netdevsim made no netdev"; return 0; }
	local dbg=/sys/kernel/debug/netdevsim/netdevsim7/ports/0/ethtool/pause
	echo Y >"$dbg/report_stats_rx"
	echo Y >"$dbg/report_stats_tx"
	ip link set "$nd" up
	rdma link add rxe_nsim type rxe netdev "$nd" || { t_fail "rxe on $nd"; return 0; }
	cleanup=("rdma link del rxe_nsim" "${cleanup[@]}")
	netdevs+=("$nd rxe_nsim")
	t_pass "netdevsim $nd carries rxe_nsim"
}

# The fake HCA's fakeeth (tests/vm/run --line): every statistic set through its
# knob; a fake RoCE device on it. Values distinct, so a mix-up shows.
fe_knob=/sys/kernel/debug/rdmactl_fakehca/fakeeth/fe3
add_fakeeth() {
	local knobs=/sys/kernel/debug/rdmactl_fakehca dev
	t_expect "fakeeth" '[ -n "${RDMACTL_FAKEHCA:-}" ]' "the fake HCA is not loaded" \
		test -d $knobs || return 0
	ip link add fe3 type fakeeth && ip link set fe3 up || { t_fail "fakeeth fe3"; return 0; }
	cleanup=("ip link del fe3" "${cleanup[@]}")
	echo "link_layer=roce netdevs=fe3 state=active" >$knobs/add
	dev=$(tail -1 $knobs/devices)
	cleanup=("echo $dev >$knobs/remove" "${cleanup[@]}")
	echo "pause.tx_pause_frames=41 pause.rx_pause_frames=42 fec.corrected_blocks.lane0=51
fec.corrected_blocks.lane1=52 fec.uncorrectable_blocks.total=53 fec.corrected_bits.total=54
phy.SymbolErrorDuringCarrier=61 mac.FramesTransmittedOK=62 mac.FramesReceivedOK=63
mac.FrameCheckSequenceErrors=64 mac.OctetsTransmittedOK=66 ctrl.MACControlFramesTransmitted=69
ctrl.MACControlFramesReceived=70 rmon.undersize_pkts=71 rmon.jabbers=74 rmon.hist.0=75
rmon.hist.6=76 rmon.hist_tx.1=77 rx_pause_ctrl_phy=81 tx_pause_ctrl_phy=82 rx_prio3_pause=83
tx_prio3_pause=84 rx_prio3_pause_duration=85 rx_prio5_pause_transition=86 rx_packets=87" >$fe_knob
	netdevs+=("fe3 $dev")
	t_pass "fakeeth fe3 carries $dev"
}

add_netdevsim
add_fakeeth

# stat show's ethtool section of a device's port 1.
eth_section() {
	rdmactl -j stat show "$1/1" | jq -c '.[0].ethtool'
}

# "name=value" lines, lanes as name[lane]=value, of one group.
rdmactl_group() {
	jq -r --arg g "$2" '.counters[] | select(.group == $g) |
		if .lane != null then "\(.name)[\(.lane)]=\(.value)" else "\(.name)=\(.value)" end' \
		<<<"$1" | sort
}

# The same from ethtool's JSON statistics: numbers, or FEC's {total, lanes}.
ethtool_stats() {
	ethtool --json -I "$1" "$2" 2>/dev/null | jq -r '.[0].statistics // {} | to_entries[] |
		if (.value | type) == "object" then "\(.key)=\(.value.total)"
		else "\(.key)=\(.value)" end' | sort
}

ethtool_fec_lanes() {
	ethtool --json -I --show-fec "$1" 2>/dev/null | jq -r '.[0].statistics // {} | to_entries[] |
		select((.value | type) == "object") | .key as $k |
		(.value.lanes // []) | to_entries[] | "\($k)[\(.key)]=\(.value)"' | sort
}

for entry in "${netdevs[@]}"; do
	read -r nd rxe <<<"$entry"
	sec=$(eth_section "$rxe")
	t_eq "$rxe's section names its netdev" "$nd" "$(jq -r .ifname <<<"$sec")"
	t_eq "$rxe's section names the driver, as ethtool -i" \
		"$(ethtool -i "$nd" | sed -n 's/^driver: //p')" "$(jq -r .driver <<<"$sec")"
	t_eq "$nd pause statistics = ethtool --show-pause" \
		"$(ethtool_stats --show-pause "$nd" | xargs)" "$(rdmactl_group "$sec" pause | xargs)"
	want=$( (ethtool_stats --show-fec "$nd"; ethtool_fec_lanes "$nd") | sort | xargs)
	got=$(rdmactl_group "$sec" fec | xargs)
	t_eq "$nd FEC statistics = ethtool --show-fec" "$want" "$got"
	t_eq "every counter is from ethtool, with a unit" "" \
		"$(jq -r '.counters[] | select(.source != "ethtool" or .unit == "") | .name' <<<"$sec")"
	if [[ $rxe == rxe_nsim ]]; then
		t_eq "netdevsim: pause rx 1, tx 2" "rx_pause_frames=1 tx_pause_frames=2" \
			"$(rdmactl_group "$sec" pause | xargs)"
		dbg=/sys/kernel/debug/netdevsim/netdevsim7/ports/0/ethtool/pause
		echo N >"$dbg/report_stats_tx"
		t_eq "netdevsim without tx stats: tx absent, not 0" "rx_pause_frames=1" \
			"$(rdmactl_group "$(eth_section "$rxe")" pause | xargs)"
		echo Y >"$dbg/report_stats_tx"
		if [ -n "$(ethtool_stats --show-fec "$nd")" ]; then
			t_eq "netdevsim: FEC corrected 123, uncorrectable 4" \
				"corrected_blocks=123 uncorrectable_blocks=4" \
				"$(rdmactl_group "$sec" fec | xargs)"
		fi
		t_run "text output" 0 rdmactl stat show "$rxe/1"
		t_match "text: the section's heading, driver named" "  ethtool $nd \([a-z_0-9]+\):" "$T_OUT"
		t_match "text: a pause counter with its unit" "rx_pause_frames +1 packets +\(pause\)" "$T_OUT"
	fi
done

# fakeeth: the IEEE 802.3 and RMON groups as ethtool -S --groups reads
# them (5.13+), and the driver's pause/PFC counters of ethtool -S, each
# vendor's names, with their priority and unit.
fe_entry=$(printf '%s\n' "${netdevs[@]}" | grep '^fe3 ')
if [ -n "$fe_entry" ]; then
	read -r nd dev <<<"$fe_entry"
	sec=$(eth_section "$dev")
	kv=$(uname -r | awk -F. '{ print $1 * 1000 + $2 }')
	if [ "$kv" -ge 5013 ]; then
		g=$(ethtool --json -S fe3 --groups eth-phy eth-mac eth-ctrl rmon)
		for grp in eth-phy eth-mac eth-ctrl; do
			t_eq "fe3 $grp = ethtool -S --groups $grp" \
				"$(jq -r --arg g $grp '.[0][$g] | to_entries[] | "\(.key)=\(.value)"' <<<"$g" | sort | xargs)" \
				"$(rdmactl_group "$sec" $grp | xargs)"
		done
		want=$( (jq -r '.[0].rmon | to_entries[] | select(.value | type == "number") |
				"\(.key)=\(.value)"' <<<"$g"
			jq -r '.[0].rmon | ["rx", "tx"][] as $d | .["\($d)-pktsNtoM"] // [] | .[] |
				"\($d)_etherStatsPkts\(.low)to\(.high)Octets=\(.val)"' <<<"$g") | sort | xargs)
		t_eq "fe3 rmon = ethtool -S --groups rmon, histograms by range" "$want" \
			"$(rdmactl_group "$sec" rmon | sed 's/toMaxOctets/to10240Octets/' | sort | xargs)"
		t_eq "an 802.3 octet counter is in bytes" "bytes" \
			"$(jq -r '.counters[] | select(.name == "OctetsTransmittedOK") | .unit' <<<"$sec")"
	else
		t_eq "before 5.13: no 802.3 or RMON groups" "" \
			"$(jq -r '.counters[] | select(.group | test("eth-|rmon")) | .name' <<<"$sec")"
	fi
	# driver_pause SCHEME: ethtool -S's pause/PFC counters of fe3, as
	# name=value, against rdmactl's driver group.
	driver_pause() {
		t_eq "fe3, $1's names: the pause/PFC counters of ethtool -S" \
			"$(ethtool -S fe3 | awk -F': ' 'NR > 1 { gsub(/^ +/, "", $1); print $1 "=" $2 }' |
				grep -Ev '^(rx|tx)_(packets|bytes)=' | sort | xargs)" \
			"$(rdmactl_group "$(eth_section "$dev")" driver | xargs)"
	}
	driver_pause mlx5
	t_eq "mlx5: priority and unit" "rx_pause_ctrl_phy - packets|rx_prio3_pause 3 packets|rx_prio3_pause_duration 3 microseconds" \
		"$(jq -r '.counters[] | select(.name == "rx_prio3_pause" or .name == "rx_prio3_pause_duration" or
			.name == "rx_pause_ctrl_phy") | "\(.name) \(.prio // "-") \(.unit)"' <<<"$sec" | paste -sd'|')"
	t_eq "ordinary counters of ethtool -S are not taken" "" \
		"$(jq -r '.counters[] | select(.name == "rx_packets") | .name' <<<"$sec")"
	# The other vendors' names are the library's patterns over the same
	# string set: the same on every kernel (t_once).
	if t_once; then
		echo "scheme=ice rx_priority_5_xoff.nic=91 link_xon_tx.nic=92 tx_priority_0_xon.nic=93" >$fe_knob
		driver_pause ice
		t_eq "ice: priority" "5" \
			"$(eth_section "$dev" | jq -r '.counters[] | select(.name == "rx_priority_5_xoff.nic") | .prio')"
		echo "scheme=bnxt rx_pfc_ena_frames_pri2=94 tx_pause_frames=95" >$fe_knob
		driver_pause bnxt_en
		t_eq "bnxt_en: priority" "2" \
			"$(eth_section "$dev" | jq -r '.counters[] | select(.name == "rx_pfc_ena_frames_pri2") | .prio')"
		t_match "text: a per-priority counter with its priority and unit" \
			"rx_pfc_ena_frames_pri2 +94 packets +prio 2" "$(rdmactl stat show "$dev/1")"
	fi
fi

# rxe on a veth: veth has no pause, FEC or 802.3 statistics.
sec=$(eth_section rxe1)
t_eq "veth: said not supported, naming the driver" \
	'{"ifname":"veth1","error":"not supported by veth1'"'"'s driver (veth)"}' "$sec"
t_run "veth, text" 0 rdmactl stat show rxe1/1
t_match "veth, text: one line, no zeros" "  ethtool veth1: not supported by veth1's driver \(veth\)" "$T_OUT"
t_eq "veth, text: no counter of ethtool's" "" "$(grep -E 'pause|fec' <<<"$T_OUT")"

# A netdev that is not there (librdmactl, through a small program).
probe=$RDMACTL_TOP/build/tests/eth-stats
t_run "a missing netdev is refused" 1 "$probe" nosuch0
t_eq "naming it" "eth-stats: nosuch0: no interface nosuch0 in this network namespace (-19)" "$T_ERR"
t_run "veth through the library: -EOPNOTSUPP, driver named" 2 "$probe" veth0
t_eq "its message" "eth-stats: veth0: not supported by veth0's driver (veth) (-95), driver veth" "$T_ERR"

t_done
