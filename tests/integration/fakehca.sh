#!/bin/bash
# The fake InfiniBand HCA (tests/fakehca), loaded with its defaults: what
# it sets shows up in sysfs, iproute2 and ipoib, which run unmodified on it;
# its fakeeth netdevs' statistics in ethtool.
. "$RDMACTL_TOP/tests/lib.sh"

# Loaded again first, with its defaults: the suites before this one in the
# same boot (tests/vm/run --line) leave their devices, ports and knobs as they left them.
t_run "the fake HCA reloads with its defaults" 0 sh -c "rmmod rdmactl_fakehca &&
	insmod $RDMACTL_TOP/${RDMACTL_BUILD:-build/$(uname -r)}/tests/fakehca/rdmactl_fakehca.ko"
knobs=/sys/kernel/debug/rdmactl_fakehca
dev=fakeib0
k=$knobs/$dev/port1
s=/sys/class/infiniband/$dev/ports/1
link() { rdma -j link show "$dev/1" | jq -r ".[0].$1 // empty"; }
new_ifaces() { comm -13 <(echo "$1") <(ls /sys/class/net | sort); }

t_eq "defaults: one device, one port" "$dev/1" "$(rdma -j link show | jq -r '.[] | select(.ifname | startswith("fakeib")) | "\(.ifname)/\(.port)"' | xargs)"
t_eq "link layer InfiniBand" "InfiniBand" "$(<$s/link_layer)"
t_eq "node type CA" "1: CA" "$(</sys/class/infiniband/$dev/node_type)"
t_eq "starts DOWN" "1: DOWN" "$(<$s/state)"
t_eq "ib0 sits on port 1 (dev_port 0)" "0" "$(cat /sys/class/net/ib0/dev_port 2>/dev/null)"
# ipoib's ethtool -i names the HCA's parent device as the bus (a real
# HCA's is its PCI function); the fake's is rdmactl_fakehca. udevd asks
# it of every new IPoIB interface.
t_eq "ethtool -i ib0: the bus is the fake HCA's parent device" "rdmactl_fakehca" \
	"$(ethtool -i ib0 | sed -n 's/^bus-info: //p')"
# The device files mlx5 has and node_exporter reads.
t_eq "board_id, hca_type, hw_rev, fw_ver" "FAKE0000000000 FAKEHCA 0x0 1.2.3" \
	"$(cd /sys/class/infiniband/$dev && cat board_id hca_type hw_rev fw_ver | xargs)"
t_eq "4 lanes of EDR" "100 Gb/sec (4X EDR)" "$(<$s/rate)"
echo 1 >$k/width
t_eq "width knob: 1 lane" "25 Gb/sec (1X EDR)" "$(<$s/rate)"
t_eq "width knob reads back" "1" "$(<$k/width)"
t_run "width 3 is refused" 1 sh -c "echo 3 >$k/width"
echo 4 >$k/width

# Port attributes, each with the event that goes with it.
echo active >$k/state
t_eq "state knob: sysfs state" "4: ACTIVE" "$(<$s/state)"
t_eq "state knob: sysfs phys_state" "5: LinkUp" "$(<$s/phys_state)"
t_eq "state knob: rdma link" "ACTIVE" "$(link state)"
echo down >$k/state
t_eq "back to down" "1: DOWN" "$(<$s/state)"
t_eq "down is POLLING" "2: Polling" "$(<$s/phys_state)"
echo 0x42 >$k/lid
t_eq "lid knob: sysfs" "0x42" "$(<$s/lid)"
t_eq "lid knob: rdma link" "66" "$(link lid)"
echo 2 >$k/lmc
t_eq "lmc knob: sysfs" "2" "$(<$s/lid_mask_count)"
echo 7 >$k/sm_lid
t_eq "sm_lid knob: sysfs" "0x7" "$(<$s/sm_lid)"
t_eq "sm_lid knob: rdma link" "7" "$(link sm_lid)"
echo 3 >$k/sm_sl
t_eq "sm_sl knob: sysfs" "3" "$(<$s/sm_sl)"
# ib_core's GID cache takes a change from its event's work item, later:
# sysfs shows it once that has run (check-quick read the old GID once).
echo 0xfec0000000000001 >$k/subnet_prefix
t_eq "subnet prefix knob: rdma link" "fec0:0000:0000:0001" "$(link subnet_prefix)"
until_ok 15 grep -q "^fec0:0000:0000:0001:" $s/gids/0
t_match "subnet prefix knob: sysfs gids/0" "^fec0:0000:0000:0001:" "$(<$s/gids/0)"
echo 0x0002c903fa00beef >$k/guid
t_eq_soon "guid knob: sysfs gids/0" "fec0:0000:0000:0001:0002:c903:fa00:beef" cat $s/gids/0
echo "2 fe80::1234" >$k/gids
t_eq_soon "gid knob: sysfs gids/2" "fe80:0000:0000:0000:0000:0000:0000:1234" cat $s/gids/2
# gid select on InfiniBand: the default GID, or the entry of a subnet prefix.
t_eq "gid select: index 0, by the default rule" "0 default" \
	"$(rdmactl -j gid select $dev/1 | jq -r '.[0] | "\(.index) \(.rule)"')"
t_eq "gid select subnet fe80::/64: the entry of that prefix" "2 only" \
	"$(rdmactl -j gid select $dev/1 subnet fe80::/64 | jq -r '.[0] | "\(.index) \(.rule)"')"
t_run "gid select family 4 on an IB port" 1 rdmactl gid select $dev/1 family 4
t_match "says no entry is IPv4" "$dev/1 has no GID that is IPv4: of [0-9]+ entries, [0-9]+ not IPv4" \
	"$T_ERR"
echo "0xffff 0x8001" >$k/pkeys
t_eq "pkeys knob: sysfs pkeys/1" "0x8001" "$(<$s/pkeys/1)"
t_run "reregister knob" 0 sh -c "echo 1 >$k/reregister"
t_run "device fatal knob" 0 sh -c "echo 1 >$knobs/$dev/fatal"
t_run "a state that does not exist is refused" 1 sh -c "echo sideways >$k/state"
t_eq "and changes nothing" "1: DOWN" "$(<$s/state)"

# PMA: the values set come back through sysfs, at their IBTA width.
pma() { echo "$1" >$k/pma; }
mads0=$(<$k/mads)
pma "port_xmit_data 12345"
t_eq "PMA value in sysfs" "12345" "$(<$s/counters/port_xmit_data)"
pma "port_xmit_data +5"
t_eq "PMA increment" "12350" "$(<$s/counters/port_xmit_data)"
pma "port_rcv_data 4294967301"
t_eq "64-bit data counter past 2^32 (PortCountersExtended)" "4294967301" "$(<$s/counters/port_rcv_data)"
pma "unicast_xmit_packets 18446744073709551615"
t_eq "64-bit counter at 2^64-1" "18446744073709551615" "$(<$s/counters/unicast_xmit_packets)"
pma "symbol_error 70000"
t_eq "16-bit error counter saturates" "65535" "$(<$s/counters/symbol_error)"
pma "local_link_integrity_errors 20"
t_eq "4-bit error counter saturates" "15" "$(<$s/counters/local_link_integrity_errors)"
pma "port_xmit_wait 4294967296"
t_eq "32-bit xmit_wait saturates" "4294967295" "$(<$s/counters/port_xmit_wait)"
t_eq "each sysfs read cost one MAD" "$((mads0 + 7))" "$(<$k/mads)"
t_run "an unknown counter is refused" 1 sh -c "echo 'bogus 1' >$k/pma"

# hw counters, per port and per device, through sysfs and rdma statistic.
echo "fake_rx_msgs 77" >$k/hw_counters
t_eq "port hw counter in sysfs" "77" "$(<$s/hw_counters/fake_rx_msgs)"
t_eq "port hw counter in rdma statistic" "77" \
	"$(rdma -j statistic show link $dev/1 | jq -r '.[0].fake_rx_msgs // (.[0].counters // {} | .fake_rx_msgs) // empty')"
echo "fake_fw_resets 3" >$knobs/$dev/hw_counters
t_eq "device hw counter in sysfs" "3" "$(</sys/class/infiniband/$dev/hw_counters/fake_fw_resets)"

# A device with a 32-bit PMA: sysfs falls back to PortCounters.
before=$(ls /sys/class/net | sort)
echo "ports=1 pma=basic" >$knobs/add
basic=$(tail -1 $knobs/devices)
t_eq "hot-added device appears" "1" "$(rdma -j dev show | jq "[.[] | select(.ifname == \"$basic\")] | length")"
echo "port_xmit_data 4294967301" >$knobs/$basic/port1/pma
t_eq "basic PMA: 32-bit data counter saturates" "4294967295" \
	"$(</sys/class/infiniband/$basic/ports/1/counters/port_xmit_data)"
t_eq "basic PMA: no unicast/multicast counters" "" \
	"$(ls /sys/class/infiniband/$basic/ports/1/counters | grep cast)"
t_eq "hot-added device got its ipoib interface" "1" "$(new_ifaces "$before" | wc -l)"
echo "$basic" >$knobs/remove
t_eq "hot-removed device is gone" "0" "$(rdma -j dev show | jq "[.[] | select(.ifname == \"$basic\")] | length")"
t_eq "and its ipoib interface too" "" "$(new_ifaces "$before")"
t_run "removing a device that does not exist" 1 sh -c "echo nosuch >$knobs/remove"

# IPoIB: modes and their MTUs, by sysfs and by ip link, interface up.
ip link set ib0 up
if [ -n "${RDMACTL_OFED:-}" ]; then
	# DOCA-OFED's ib_ipoib has datagram mode only (ipoib.sh).
	t_run "OFED's ipoib refuses connected mode (sysfs)" 1 sh -c "echo connected >/sys/class/net/ib0/mode"
else
	echo connected >/sys/class/net/ib0/mode
	t_eq "ipoib connected mode (sysfs)" "connected" "$(</sys/class/net/ib0/mode)"
	t_eq "connected mode MTU" "65520" "$(</sys/class/net/ib0/mtu)"
fi
ip link set ib0 type ipoib mode datagram
t_eq "ipoib datagram mode (ip link)" "datagram" "$(</sys/class/net/ib0/mode)"
t_eq "datagram MTU is the IB MTU minus 4" "4092" "$(</sys/class/net/ib0/mtu)"
t_eq "ip -d shows the mode" "datagram" "$(ip -d -j link show ib0 | jq -r '.[0].linkinfo.info_data.mode')"
echo 0x8001 >/sys/class/net/ib0/create_child
t_eq "P_Key child ib0.8001" "0x8001" "$(cat /sys/class/net/ib0.8001/pkey 2>/dev/null)"
t_eq "child's parent" "ib0" "$(cat /sys/class/net/ib0.8001/parent 2>/dev/null)"
echo 0x8001 >/sys/class/net/ib0/delete_child

# A datagram-only device refuses connected mode; nothing changes.
before=$(ls /sys/class/net | sort)
echo "datagram_only=1" >$knobs/add
dgo=$(tail -1 $knobs/devices)
ifc=$(new_ifaces "$before")
t_match "datagram-only device has an ipoib interface" "^ib[0-9]+$" "$ifc"
mtu=$(</sys/class/net/$ifc/mtu)
t_run "connected mode refused on a datagram-only device" 1 sh -c "echo connected >/sys/class/net/$ifc/mode"
t_eq "mode unchanged" "datagram" "$(</sys/class/net/$ifc/mode)"
t_eq "MTU unchanged" "$mtu" "$(</sys/class/net/$ifc/mtu)"
echo "$dgo" >$knobs/remove

# Many devices and ports load (8 x 32), and go.
for i in $(seq 8); do echo "ports=32" >$knobs/add; done
many=$(tail -8 $knobs/devices)
t_eq "8 devices x 32 ports" "256" "$(for d in $many; do ls /sys/class/infiniband/$d/ports; done | wc -l)"
for d in $many; do echo "$d" >$knobs/remove; done
t_eq "all removed again" "1" "$(ls -d /sys/class/infiniband/fakeib* | wc -l)"

# RoCE: a device on a netdev, with both GID types, that rdma_cm takes.
ip link add vr0 type veth peer name vr1
ip link set vr0 up
ip link set vr1 up
ip addr add 192.0.2.1/24 dev vr0
ip addr add 2001:db8::1/64 dev vr0 nodad
t_run "a RoCE device on a netdev that does not exist is refused" 1 \
	sh -c "echo 'link_layer=roce netdevs=nosuch0' >$knobs/add"
t_eq "and leaves nothing behind" "" "$(grep fakeroce $knobs/devices)"
echo "link_layer=roce netdevs=vr0 state=active" >$knobs/add
roce=$(tail -1 $knobs/devices)
r=/sys/class/infiniband/$roce/ports/1
t_match "RoCE device name" "^fakeroce[0-9]+$" "$roce"
t_eq "RoCE link layer" "Ethernet" "$(<$r/link_layer)"
t_eq "RoCE netdev in rdma link" "vr0" "$(rdma -j link show "$roce/1" | jq -r '.[0].netdev')"
gid_types() {	# GID TEXT -> the types of the entries holding it
	for i in $(ls $r/gids); do
		[ "$(<$r/gids/$i)" = "$1" ] && cat $r/gid_attrs/types/$i
	done 2>/dev/null | sort | xargs
}
v4=0000:0000:0000:0000:0000:ffff:c000:0201
for i in $(seq 50); do [ -n "$(gid_types $v4)" ] && break; sleep 0.1; done
t_eq "IPv4 address: RoCE v1 and v2 GIDs" "IB/RoCE v1 RoCE v2" "$(gid_types $v4)"
t_eq "IPv6 address: RoCE v1 and v2 GIDs" "IB/RoCE v1 RoCE v2" \
	"$(gid_types 2001:0db8:0000:0000:0000:0000:0000:0001)"
t_eq "default GID: RoCE v1 and v2" "IB/RoCE v1 RoCE v2" "$(gid_types "$(<$r/gids/0)")"
t_eq "every GID on vr0" "vr0" "$(cat $r/gid_attrs/ndevs/* 2>/dev/null | sort -u | xargs)"
modprobe rdma_cm
cm=/sys/kernel/config/rdma_cm/$roce
t_run "rdma_cm attached: its configfs directory" 0 mkdir $cm
t_eq "rdma_cm default mode RoCE v2" "RoCE v2" "$(<$cm/ports/1/default_roce_mode)"
echo "IB/RoCE v1" >$cm/ports/1/default_roce_mode
t_eq "rdma_cm takes RoCE v1 too" "IB/RoCE v1" "$(<$cm/ports/1/default_roce_mode)"
rmdir $cm
ip link del vr0
for i in $(seq 50); do grep -q "$roce" $knobs/devices || break; sleep 0.1; done
t_eq "deleting its netdev removes the RoCE device" "" "$(grep "$roce" $knobs/devices)"
t_eq "from ib_core too" "0" "$(rdma -j dev show | jq "[.[] | select(.ifname == \"$roce\")] | length")"

# fakeeth: an Ethernet netdev whose ethtool statistics the knobs set, each
# read back through ethtool; a RoCE port on it; renames, namespaces.
fe=$knobs/fakeeth/fe0
xstats() { ethtool -S fe0 | awk -F': ' 'NR > 1 { gsub(/^ +/, "", $1); print $1 "=" $2 }'; }
xstat() { xstats | sed -n "s/^$1=//p"; }
t_run "ip link add fe0 type fakeeth" 0 ip link add fe0 type fakeeth
t_eq "Ethernet (type 1), a random MAC (addr_assign_type 1), down" "1 1 down" \
	"$(cat /sys/class/net/fe0/type /sys/class/net/fe0/addr_assign_type /sys/class/net/fe0/operstate | xargs)"
ip link set fe0 up
t_eq "carrier on when up" "1" "$(</sys/class/net/fe0/carrier)"
t_eq "its driver" "rdmactl_fakeeth" "$(ethtool -i fe0 | sed -n 's/^driver: //p')"
t_eq "its knob starts with the scheme" "scheme mlx5" "$(head -1 $fe)"
t_eq "every value starts at zero" "" "$(awk '$1 != "scheme" && $2 != "0"' $fe)"

# ethtool -S in mlx5's names, in mlx5's order.
want=$(echo rx_packets tx_packets rx_bytes tx_bytes rx_pause_ctrl_phy tx_pause_ctrl_phy
	for p in 0 1 2 3 4 5 6 7; do
		echo rx_prio${p}_pause rx_prio${p}_pause_duration tx_prio${p}_pause \
			tx_prio${p}_pause_duration rx_prio${p}_pause_transition
	done)
t_eq "ethtool -S: mlx5's names" "$(echo $want)" "$(xstats | cut -d= -f1 | xargs)"
echo "rx_pause_ctrl_phy=11 tx_pause_ctrl_phy=12 rx_prio3_pause=13 tx_prio7_pause_duration=14
rx_prio0_pause_transition=15 rx_packets=16 tx_bytes=0x11 tx_prio5_pause=18446744073709551615" >$fe
t_eq "ethtool -S reads the values set" "11 12 13 14 15 16 17 18446744073709551615" \
	"$(for n in rx_pause_ctrl_phy tx_pause_ctrl_phy rx_prio3_pause tx_prio7_pause_duration \
		rx_prio0_pause_transition rx_packets tx_bytes tx_prio5_pause; do xstat $n; done | xargs)"
t_eq "and nothing else moved" "8" "$(xstats | grep -vc '=0$')"
t_eq "the knob reads them back" "rx_prio3_pause 13" "$(grep '^rx_prio3_pause ' $fe)"

# The refusals: each -EINVAL with a warning naming it, and nothing changed.
refused() {	# WRITE WARNING
	t_run "refused: '$1'" 1 sh -c "echo '$1' >$fe"
	t_match "with a warning naming it" "$2" "$(dmesg | tail -1)"
}
refused "rx_packets=5 bogus=1" 'fe0: no statistic "bogus" \(scheme mlx5\)'
refused "rx_packets=12x" 'fe0: rx_packets: "12x" is not a number of 64 bits'
refused "rx_packets=18446744073709551616" 'is not a number of 64 bits'
refused "rx_packets" 'fe0: "rx_packets" is not NAME=VALUE'
refused "scheme=e1000" 'fe0: no scheme "e1000"'
refused "rx_priority_0_xon.nic=1" 'no statistic "rx_priority_0_xon.nic" \(scheme mlx5\)'
t_eq "and nothing changed" "16 mlx5" "$(xstat rx_packets) $(sed -n 's/^scheme //p' $fe)"

# The other schemes: ice's and bnxt_en's names, values zero when switched.
want=$(echo rx_packets tx_packets rx_bytes tx_bytes link_xon_rx.nic link_xon_tx.nic \
		link_xoff_rx.nic link_xoff_tx.nic
	for p in 0 1 2 3 4 5 6 7; do echo tx_priority_${p}_xon.nic tx_priority_${p}_xoff.nic; done
	for p in 0 1 2 3 4 5 6 7; do echo rx_priority_${p}_xon.nic rx_priority_${p}_xoff.nic; done)
echo "scheme=ice rx_priority_5_xoff.nic=21 link_xon_tx.nic=22" >$fe
t_eq "scheme=ice: ice's names" "$(echo $want)" "$(xstats | cut -d= -f1 | xargs)"
t_eq "scheme=ice: the values set after it, the rest zero" \
	"link_xon_tx.nic=22 rx_priority_5_xoff.nic=21" "$(xstats | grep -v '=0$' | xargs)"
want=$(echo rx_packets tx_packets rx_bytes tx_bytes rx_pause_frames tx_pause_frames
	for p in 0 1 2 3 4 5 6 7; do echo rx_pfc_ena_frames_pri$p; done
	for p in 0 1 2 3 4 5 6 7; do echo tx_pfc_ena_frames_pri$p; done)
echo "scheme=bnxt" >$fe
echo "rx_pfc_ena_frames_pri2=31 tx_pause_frames=32" >$fe
t_eq "scheme=bnxt: bnxt_en's names" "$(echo $want)" "$(xstats | cut -d= -f1 | xargs)"
t_eq "scheme=bnxt: its values" "tx_pause_frames=32 rx_pfc_ena_frames_pri2=31" \
	"$(xstats | grep -v '=0$' | xargs)"
echo "scheme=mlx5" >$fe
t_eq "back to mlx5: all zero again" "46 0" "$(xstats | wc -l) $(xstats | grep -vc '=0$')"

# Pause: parameters (text: ethtool 6.1's JSON prints every flag true) and statistics.
echo "pause.tx_pause_frames=41 pause.rx_pause_frames=42" >$fe
t_eq "pause: no autonegotiation, rx and tx on" "off on on" \
	"$(ethtool -a fe0 | awk -F':[ \t]*' '/^(Autonegotiate|RX|TX):/ { print $2 }' | xargs)"
t_eq "pause statistics" "41 42" \
	"$(ethtool --json -I --show-pause fe0 | jq -r '.[0].statistics | "\(.tx_pause_frames) \(.rx_pause_frames)"')"

# FEC: RS; statistics from 5.13, a counter's lanes (their sum the total)
# while either lane is set, its own total otherwise.
echo "fec.corrected_blocks.total=51 fec.uncorrectable_blocks.lane0=52 fec.uncorrectable_blocks.lane1=53
fec.uncorrectable_blocks.total=99 fec.corrected_bits.total=54" >$fe
t_eq "FEC configured and active: RS" "RS RS" \
	"$(ethtool --show-fec fe0 | sed -n 's/^\(Configured\|Supported\/Configured\) FEC encodings: //p; s/^Active FEC encoding: //p' | xargs)"
kv=$(uname -r | awk -F. '{ print $1 * 1000 + $2 }')
if [ "$kv" -ge 5013 ]; then
	fec=$(ethtool --json -I --show-fec fe0)
	t_eq "FEC in JSON too: RS" "RS RS" "$(jq -r '.[0] | "\(.config | join(",")) \(.active | join(","))"' <<<"$fec")"
	t_eq "FEC statistics: totals, and lanes summed" "51 - 105 52,53 54 -" \
		"$(jq -r '.[0].statistics | [.corrected_blocks, .uncorrectable_blocks, .corrected_bits] |
			map("\(.total) \(.lanes // ["-"] | map(tostring) | join(","))") | join(" ")' <<<"$fec")"
	echo "fec.uncorrectable_blocks.lane0=0 fec.uncorrectable_blocks.lane1=0" >$fe
	t_eq "FEC lanes back to zero: the counter's own total" "99" \
		"$(ethtool --json -I --show-fec fe0 | jq -r '.[0].statistics.uncorrectable_blocks | "\(.total)\(.lanes // "")"')"
else
	echo "# $(uname -r) has no ethtool_ops.get_fec_stats (5.13) nor FEC over netlink: no FEC statistics to check"
	t_eq "and ethtool -I --show-fec shows none" "" "$(ethtool -I --show-fec fe0 | grep -i statistics)"
fi

# The standard groups (5.13): IEEE 802.3 PHY, MAC, MAC control, RMON.
echo "phy.SymbolErrorDuringCarrier=61 mac.FramesTransmittedOK=62 mac.FramesReceivedOK=63
mac.FrameCheckSequenceErrors=64 mac.AlignmentErrors=65 mac.OctetsTransmittedOK=66
mac.OctetsReceivedOK=67 mac.FrameTooLongErrors=68 ctrl.MACControlFramesTransmitted=69
ctrl.MACControlFramesReceived=70 rmon.undersize_pkts=71 rmon.oversize_pkts=72 rmon.fragments=73
rmon.jabbers=74 rmon.hist.0=75 rmon.hist.6=76 rmon.hist_tx.1=77" >$fe
if [ "$kv" -ge 5013 ]; then
	g=$(ethtool --json -S fe0 --groups eth-phy eth-mac eth-ctrl rmon)
	t_eq "eth-phy" "61" "$(jq -r '.[0]["eth-phy"].SymbolErrorDuringCarrier' <<<"$g")"
	t_eq "eth-mac" "62 63 64 65 66 67 68 0" "$(jq -r '.[0]["eth-mac"] | [.FramesTransmittedOK,
		.FramesReceivedOK, .FrameCheckSequenceErrors, .AlignmentErrors, .OctetsTransmittedOK,
		.OctetsReceivedOK, .FrameTooLongErrors, .LateCollisions] | join(" ")' <<<"$g")"
	t_eq "eth-ctrl" "69 70" "$(jq -r '.[0]["eth-ctrl"] | "\(.MACControlFramesTransmitted) \(.MACControlFramesReceived)"' <<<"$g")"
	t_eq "rmon" "71 72 73 74" "$(jq -r '.[0].rmon | [.etherStatsUndersizePkts, .etherStatsOversizePkts,
		.etherStatsFragments, .etherStatsJabbers] | join(" ")' <<<"$g")"
	t_eq "rmon rx histogram, with its ranges" "0-64:75 65-127:0 128-255:0 256-511:0 512-1023:0 1024-1518:0 1519-10240:76" \
		"$(jq -r '.[0].rmon["rx-pktsNtoM"] | map("\(.low)-\(.high):\(.val)") | join(" ")' <<<"$g")"
	t_eq "rmon tx histogram" "0 77 0 0 0 0 0" \
		"$(jq -r '.[0].rmon["tx-pktsNtoM"] | map(.val) | join(" ")' <<<"$g")"
else
	echo "# $(uname -r) has no get_eth_{phy,mac,ctrl}_stats or get_rmon_stats (5.13): groups not checked"
	t_run "the kernel refuses ethtool -S --groups" 1 ethtool -S fe0 --groups eth-mac
fi

# A RoCE port on a fakeeth: node GUID the EUI-64 of its MAC.
echo "link_layer=roce netdevs=fe0 state=active" >$knobs/add
roce=$(tail -1 $knobs/devices)
t_eq "RoCE device on fe0" "fe0" "$(rdma -j link show "$roce/1" | jq -r '.[0].netdev')"
mac=$(</sys/class/net/fe0/address)
IFS=: read -r m0 m1 m2 m3 m4 m5 <<<"$mac"
eui=$(printf '%02x%s:%sff:fe%s:%s%s' $((0x$m0 ^ 2)) $m1 $m2 $m3 $m4 $m5)
t_eq "its node GUID from fe0's MAC" "$eui" "$(</sys/class/infiniband/$roce/node_guid)"

# Renames move the knob; a move to another namespace is refused; one
# created in another namespace goes with it.
ip link set fe0 down
ip link set fe0 name fe7
t_eq "renamed: the knob follows" "fe7" "$(ls $knobs/fakeeth | xargs)"
t_eq "with the values" "pause.tx_pause_frames 41" "$(grep '^pause.tx_pause_frames ' $knobs/fakeeth/fe7)"
ip link set fe7 name fe0
ip netns add fakeeth-ns
t_run "a move to another namespace is refused" 2 ip link set fe0 netns fakeeth-ns
t_run "a fakeeth in a namespace" 0 ip -n fakeeth-ns link add fe5 type fakeeth
t_run "one with fe0's name there is refused (its knob would clash)" 2 ip -n fakeeth-ns link add fe0 type fakeeth
t_eq "knobs" "fe0 fe5" "$(ls $knobs/fakeeth | xargs)"
ip netns del fakeeth-ns
for i in $(seq 50); do [ -e $knobs/fakeeth/fe5 ] || break; sleep 0.1; done
t_eq "the namespace gone, its fakeeth with it" "fe0" "$(ls $knobs/fakeeth | xargs)"

ip link del fe0
for i in $(seq 50); do grep -q "$roce" $knobs/devices || break; sleep 0.1; done
t_eq "ip link del fe0: the RoCE device on it is removed" "" "$(grep "$roce" $knobs/devices)"
t_eq "and fe0 and its knob are gone" "" "$(ls -d /sys/class/net/fe0 2>/dev/null; ls -A $knobs/fakeeth)"
ip link add fe1 type fakeeth
ip link add fe2 type fakeeth
ip link set fe2 up
echo "rx_packets=1" >$knobs/fakeeth/fe1

# Unload with ipoib up, and two fakeeth netdevs (one up).
ip link set ib0 up
t_run "rmmod with ipoib interfaces up" 0 rmmod rdmactl_fakehca
t_eq "its devices are gone" "" "$(ls -d /sys/class/infiniband/fakeib* 2>/dev/null)"
t_eq "and ib0 with them" "" "$(ls -d /sys/class/net/ib0 2>/dev/null)"
t_eq "and the fakeeth netdevs" "" "$(ls -d /sys/class/net/fe1 /sys/class/net/fe2 2>/dev/null)"
t_eq "and the knobs" "" "$(ls -d $knobs 2>/dev/null)"
t_run "the link kind is gone too" 2 ip link add fe3 type fakeeth

t_done
