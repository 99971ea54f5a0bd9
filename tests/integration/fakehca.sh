#!/bin/bash
# The fake InfiniBand HCA (tests/fakehca), loaded with its defaults: what
# it sets shows up in sysfs, iproute2 and ipoib, which run unmodified on it.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
dev=fakeib0
k=$knobs/$dev/port1
s=/sys/class/infiniband/$dev/ports/1
link() { rdma -j link show "$dev/1" | jq -r ".[0].$1 // empty"; }
new_ifaces() { comm -13 <(echo "$1") <(ls /sys/class/net | sort); }

t_eq "defaults: one device, one port" "$dev/1" "$(rdma -j link show | jq -r '.[] | select(.ifname | startswith("fakeib")) | "\(.ifname)/\(.port)"' | xargs)"
t_eq "link layer InfiniBand" "InfiniBand" "$(cat $s/link_layer)"
t_eq "node type CA" "1: CA" "$(cat /sys/class/infiniband/$dev/node_type)"
t_eq "starts DOWN" "1: DOWN" "$(cat $s/state)"
t_eq "ib0 sits on port 1 (dev_port 0)" "0" "$(cat /sys/class/net/ib0/dev_port 2>/dev/null)"
# The device files mlx5 has and node_exporter reads.
t_eq "board_id, hca_type, hw_rev, fw_ver" "FAKE0000000000 FAKEHCA 0x0 1.2.3" \
	"$(cd /sys/class/infiniband/$dev && cat board_id hca_type hw_rev fw_ver | xargs)"
t_eq "4 lanes of EDR" "100 Gb/sec (4X EDR)" "$(cat $s/rate)"
echo 1 >$k/width
t_eq "width knob: 1 lane" "25 Gb/sec (1X EDR)" "$(cat $s/rate)"
t_eq "width knob reads back" "1" "$(cat $k/width)"
t_run "width 3 is refused" 1 sh -c "echo 3 >$k/width"
echo 4 >$k/width

# Port attributes, each with the event that goes with it.
echo active >$k/state
t_eq "state knob: sysfs state" "4: ACTIVE" "$(cat $s/state)"
t_eq "state knob: sysfs phys_state" "5: LinkUp" "$(cat $s/phys_state)"
t_eq "state knob: rdma link" "ACTIVE" "$(link state)"
echo down >$k/state
t_eq "back to down" "1: DOWN" "$(cat $s/state)"
t_eq "down is POLLING" "2: Polling" "$(cat $s/phys_state)"
echo 0x42 >$k/lid
t_eq "lid knob: sysfs" "0x42" "$(cat $s/lid)"
t_eq "lid knob: rdma link" "66" "$(link lid)"
echo 2 >$k/lmc
t_eq "lmc knob: sysfs" "2" "$(cat $s/lid_mask_count)"
echo 7 >$k/sm_lid
t_eq "sm_lid knob: sysfs" "0x7" "$(cat $s/sm_lid)"
t_eq "sm_lid knob: rdma link" "7" "$(link sm_lid)"
echo 3 >$k/sm_sl
t_eq "sm_sl knob: sysfs" "3" "$(cat $s/sm_sl)"
echo 0xfec0000000000001 >$k/subnet_prefix
t_eq "subnet prefix knob: rdma link" "fec0:0000:0000:0001" "$(link subnet_prefix)"
t_match "subnet prefix knob: sysfs gids/0" "^fec0:0000:0000:0001:" "$(cat $s/gids/0)"
echo 0x0002c903fa00beef >$k/guid
t_eq "guid knob: sysfs gids/0" "fec0:0000:0000:0001:0002:c903:fa00:beef" "$(cat $s/gids/0)"
echo "2 fe80::1234" >$k/gids
t_eq "gid knob: sysfs gids/2" "fe80:0000:0000:0000:0000:0000:0000:1234" "$(cat $s/gids/2)"
# gid select on InfiniBand: the default GID, or the entry of a subnet prefix.
t_eq "gid select: index 0, by the default rule" "0 default" \
	"$(rdmactl -j gid select $dev/1 | jq -r '.[0] | "\(.index) \(.rule)"')"
t_eq "gid select subnet fe80::/64: the entry of that prefix" "2 only" \
	"$(rdmactl -j gid select $dev/1 subnet fe80::/64 | jq -r '.[0] | "\(.index) \(.rule)"')"
t_run "gid select family 4 on an IB port" 1 rdmactl gid select $dev/1 family 4
t_match "says no entry is IPv4" "$dev/1 has no GID that is IPv4: of [0-9]+ entries, [0-9]+ not IPv4" \
	"$T_ERR"
echo "0xffff 0x8001" >$k/pkeys
t_eq "pkeys knob: sysfs pkeys/1" "0x8001" "$(cat $s/pkeys/1)"
t_run "reregister knob" 0 sh -c "echo 1 >$k/reregister"
t_run "device fatal knob" 0 sh -c "echo 1 >$knobs/$dev/fatal"
t_run "a state that does not exist is refused" 1 sh -c "echo sideways >$k/state"
t_eq "and changes nothing" "1: DOWN" "$(cat $s/state)"

# PMA: the values set come back through sysfs, at their IBTA width.
pma() { echo "$1" >$k/pma; }
mads0=$(cat $k/mads)
pma "port_xmit_data 12345"
t_eq "PMA value in sysfs" "12345" "$(cat $s/counters/port_xmit_data)"
pma "port_xmit_data +5"
t_eq "PMA increment" "12350" "$(cat $s/counters/port_xmit_data)"
pma "port_rcv_data 4294967301"
t_eq "64-bit data counter past 2^32 (PortCountersExtended)" "4294967301" "$(cat $s/counters/port_rcv_data)"
pma "unicast_xmit_packets 18446744073709551615"
t_eq "64-bit counter at 2^64-1" "18446744073709551615" "$(cat $s/counters/unicast_xmit_packets)"
pma "symbol_error 70000"
t_eq "16-bit error counter saturates" "65535" "$(cat $s/counters/symbol_error)"
pma "local_link_integrity_errors 20"
t_eq "4-bit error counter saturates" "15" "$(cat $s/counters/local_link_integrity_errors)"
pma "port_xmit_wait 4294967296"
t_eq "32-bit xmit_wait saturates" "4294967295" "$(cat $s/counters/port_xmit_wait)"
t_eq "each sysfs read cost one MAD" "$((mads0 + 7))" "$(cat $k/mads)"
t_run "an unknown counter is refused" 1 sh -c "echo 'bogus 1' >$k/pma"

# hw counters, per port and per device, through sysfs and rdma statistic.
echo "fake_rx_msgs 77" >$k/hw_counters
t_eq "port hw counter in sysfs" "77" "$(cat $s/hw_counters/fake_rx_msgs)"
t_eq "port hw counter in rdma statistic" "77" \
	"$(rdma -j statistic show link $dev/1 | jq -r '.[0].fake_rx_msgs // (.[0].counters // {} | .fake_rx_msgs) // empty')"
echo "fake_fw_resets 3" >$knobs/$dev/hw_counters
t_eq "device hw counter in sysfs" "3" "$(cat /sys/class/infiniband/$dev/hw_counters/fake_fw_resets)"

# A device with a 32-bit PMA: sysfs falls back to PortCounters.
before=$(ls /sys/class/net | sort)
echo "ports=1 pma=basic" >$knobs/add
basic=$(tail -1 $knobs/devices)
t_eq "hot-added device appears" "1" "$(rdma -j dev show | jq "[.[] | select(.ifname == \"$basic\")] | length")"
echo "port_xmit_data 4294967301" >$knobs/$basic/port1/pma
t_eq "basic PMA: 32-bit data counter saturates" "4294967295" \
	"$(cat /sys/class/infiniband/$basic/ports/1/counters/port_xmit_data)"
t_eq "basic PMA: no unicast/multicast counters" "" \
	"$(ls /sys/class/infiniband/$basic/ports/1/counters | grep cast)"
t_eq "hot-added device got its ipoib interface" "1" "$(new_ifaces "$before" | wc -l)"
echo "$basic" >$knobs/remove
t_eq "hot-removed device is gone" "0" "$(rdma -j dev show | jq "[.[] | select(.ifname == \"$basic\")] | length")"
t_eq "and its ipoib interface too" "" "$(new_ifaces "$before")"
t_run "removing a device that does not exist" 1 sh -c "echo nosuch >$knobs/remove"

# IPoIB: modes and their MTUs, by sysfs and by ip link, interface up.
ip link set ib0 up
echo connected >/sys/class/net/ib0/mode
t_eq "ipoib connected mode (sysfs)" "connected" "$(cat /sys/class/net/ib0/mode)"
t_eq "connected mode MTU" "65520" "$(cat /sys/class/net/ib0/mtu)"
ip link set ib0 type ipoib mode datagram
t_eq "ipoib datagram mode (ip link)" "datagram" "$(cat /sys/class/net/ib0/mode)"
t_eq "datagram MTU is the IB MTU minus 4" "4092" "$(cat /sys/class/net/ib0/mtu)"
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
mtu=$(cat /sys/class/net/$ifc/mtu)
t_run "connected mode refused on a datagram-only device" 1 sh -c "echo connected >/sys/class/net/$ifc/mode"
t_eq "mode unchanged" "datagram" "$(cat /sys/class/net/$ifc/mode)"
t_eq "MTU unchanged" "$mtu" "$(cat /sys/class/net/$ifc/mtu)"
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
t_eq "RoCE link layer" "Ethernet" "$(cat $r/link_layer)"
t_eq "RoCE netdev in rdma link" "vr0" "$(rdma -j link show "$roce/1" | jq -r '.[0].netdev')"
gid_types() {	# GID TEXT -> the types of the entries holding it
	for i in $(ls $r/gids); do
		[ "$(cat $r/gids/$i)" = "$1" ] && cat $r/gid_attrs/types/$i
	done 2>/dev/null | sort | xargs
}
v4=0000:0000:0000:0000:0000:ffff:c000:0201
for i in $(seq 50); do [ -n "$(gid_types $v4)" ] && break; sleep 0.1; done
t_eq "IPv4 address: RoCE v1 and v2 GIDs" "IB/RoCE v1 RoCE v2" "$(gid_types $v4)"
t_eq "IPv6 address: RoCE v1 and v2 GIDs" "IB/RoCE v1 RoCE v2" \
	"$(gid_types 2001:0db8:0000:0000:0000:0000:0000:0001)"
t_eq "default GID: RoCE v1 and v2" "IB/RoCE v1 RoCE v2" "$(gid_types "$(cat $r/gids/0)")"
t_eq "every GID on vr0" "vr0" "$(cat $r/gid_attrs/ndevs/* 2>/dev/null | sort -u | xargs)"
modprobe rdma_cm
cm=/sys/kernel/config/rdma_cm/$roce
t_run "rdma_cm attached: its configfs directory" 0 mkdir $cm
t_eq "rdma_cm default mode RoCE v2" "RoCE v2" "$(cat $cm/ports/1/default_roce_mode)"
echo "IB/RoCE v1" >$cm/ports/1/default_roce_mode
t_eq "rdma_cm takes RoCE v1 too" "IB/RoCE v1" "$(cat $cm/ports/1/default_roce_mode)"
rmdir $cm
ip link del vr0
for i in $(seq 50); do grep -q "$roce" $knobs/devices || break; sleep 0.1; done
t_eq "deleting its netdev removes the RoCE device" "" "$(grep "$roce" $knobs/devices)"
t_eq "from ib_core too" "0" "$(rdma -j dev show | jq "[.[] | select(.ifname == \"$roce\")] | length")"

# Unload with ipoib up.
ip link set ib0 up
t_run "rmmod with ipoib interfaces up" 0 rmmod rdmactl_fakehca
t_eq "its devices are gone" "" "$(ls -d /sys/class/infiniband/fakeib* 2>/dev/null)"
t_eq "and ib0 with them" "" "$(ls -d /sys/class/net/ib0 2>/dev/null)"

t_done
