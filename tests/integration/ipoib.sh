#!/bin/bash
# rdmactl ipoib on the fake HCA: interfaces against sysfs and ip -d -j
# link, and the refusals of ipoib set (ipoib-modes.sh: the switches).
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"; }
# field IF KEY: one field of rdmactl -j ipoib show IF
field() { rdmactl -j ipoib show "$1" | jq -r ".[0].$2"; }
sysfs() { cat "/sys/class/net/$1/$2"; }

echo "0xffff 0x8001" >$knobs/fakeib0/port1/pkeys
ip link set ib0 up
echo 0x8001 >/sys/class/net/ib0/create_child
for ifc in ib0 ib0.8001; do
	t_eq "$ifc mode = sysfs" "$(sysfs $ifc mode)" "$(field $ifc mode)"
	t_eq "$ifc pkey = sysfs" "$(($(sysfs $ifc pkey)))" "$(field $ifc pkey)"
	t_eq "$ifc umcast = sysfs" "$(sysfs $ifc umcast)" "$(field $ifc umcast)"
	t_eq "$ifc mtu = sysfs" "$(sysfs $ifc mtu)" "$(field $ifc mtu)"
	t_eq "$ifc address = sysfs" "$(sysfs $ifc address)" "$(field $ifc address)"
	t_eq "$ifc operstate = sysfs" "$(sysfs $ifc operstate | tr a-z A-Z)" "$(field $ifc operstate)"
	t_eq "$ifc ifindex = sysfs" "$(sysfs $ifc ifindex)" "$(field $ifc netdev_index)"
	ipj=$(ip -d -j link show $ifc)
	t_eq "$ifc mode = ip -d link" "$(jq -r '.[0].linkinfo.info_data.mode' <<<"$ipj")" "$(field $ifc mode)"
	t_eq "$ifc pkey = ip -d link" "$(($(jq -r '.[0].linkinfo.info_data.key' <<<"$ipj")))" "$(field $ifc pkey)"
	t_eq "$ifc mtu = ip link" "$(jq -r '.[0].mtu' <<<"$ipj")" "$(field $ifc mtu)"
	t_eq "$ifc on fakeib0 port 1" "fakeib0/1" "$(field $ifc ifname)/$(field $ifc port)"
	addr=$(sysfs $ifc address)
	t_eq "$ifc QPN decoded from the address" "$((16#$(echo $addr | cut -d: -f2-4 | tr -d :)))" "$(field $ifc qpn)"
	t_eq "$ifc port GUID decoded from the address" "$(echo $addr | cut -d: -f13-20 | tr -d : | sed 's/..../&:/g; s/:$//')" "$(field $ifc port_guid)"
done
t_eq "the child names its parent" "ib0 $(sysfs ib0 ifindex)" "$(field ib0.8001 parent) $(field ib0.8001 parent_index)"
t_eq "the parent has none" "null" "$(field ib0 parent)"
t_eq "port show lists the port's IPoIB interfaces" "ib0 ib0.8001" \
	"$(rdmactl -j port show fakeib0/1 | jq -r '[.[0].ipoib[].netdev] | sort | join(" ")')"
t_match "and says so in text" "ipoib ib0,ib0.8001$" "$(rdmactl port show fakeib0/1)"
t_eq "ipoib show DEV" "ib0 ib0.8001" "$(rdmactl -j ipoib show fakeib0 | jq -r '[.[].netdev] | sort | join(" ")')"
t_eq "ipoib show DEV/PORT" "ib0 ib0.8001" "$(rdmactl -j ipoib show fakeib0/1 | jq -r '[.[].netdev] | sort | join(" ")')"
t_eq "ipoib show lists every interface" "$(ls -d /sys/class/net/ib* | xargs -n1 basename | sort | xargs)" \
	"$(rdmactl -j ipoib show | jq -r '.[].netdev' | sort | xargs)"
# A P_Key child moved into another namespace (the RDMA subsystem shared):
# seen there on its own port, its parent's ifindex being the one in the
# namespace the parent is in (as ip link's ib0.8001@ifN says).
ip netns add ipoibns
ip link set ib0.8001 netns ipoibns
t_eq "a child in another namespace: its port, its parent's ifindex" "fakeib0 1 $(sysfs ib0 ifindex)" \
	"$(ip netns exec ipoibns rdmactl -j ipoib show ib0.8001 | jq -r '.[0] | "\(.ifname) \(.port) \(.parent_index)"')"
t_eq "and in the namespace's listing" "ib0.8001" \
	"$(ip netns exec ipoibns rdmactl -j ipoib show | jq -r '.[].netdev' | xargs)"
ip -n ipoibns link set ib0.8001 netns 1
ip netns del ipoibns
t_eq "the largest datagram MTU is the IB MTU less 4" "4092" "$(field ib0 max_mtu_datagram)"
t_eq "the largest connected MTU" "65520" "$(field ib0 max_mtu_connected)"

# DOCA-OFED's ib_ipoib has no connected mode (MLNX_OFED 23.07 and later:
# its ipoib_set_mode() refuses it, though the address still carries the RC
# flag): the switch is refused with a reason, and changes nothing.
if [ -n "${RDMACTL_OFED:-}" ]; then
	t_run "connected mode on OFED's ib_ipoib" 1 rdmactl ipoib set ib0 mode connected mtu 9000
	t_eq "is refused, naming OFED's ipoib" \
		"rdmactl: ib0: DOCA-OFED's ib_ipoib has datagram mode only: it refuses connected mode" \
		"$T_ERR"
	t_eq "and changes nothing" "datagram 4092" "$(sysfs ib0 mode) $(sysfs ib0 mtu)"
	t_run "an MTU in datagram mode" 0 rdmactl ipoib set ib0 mode datagram mtu 2044
	t_eq "is applied" "datagram 2044" "$(sysfs ib0 mode) $(sysfs ib0 mtu)"
	ip link set ib0 mtu 4092
fi

# Refusals.
t_run "a non-IPoIB interface" 1 rdmactl ipoib set veth0 mode connected
t_eq "is refused by name" "rdmactl: veth0 is not an IPoIB interface" "$T_ERR"
t_run "a missing interface" 1 rdmactl ipoib set ib42 mode connected
t_eq "is named" "rdmactl: interface ib42 not found" "$T_ERR"
t_run "unprivileged set" 1 nobody rdmactl ipoib set ib0 mode connected
t_eq "says what it needs" "rdmactl: permission denied: this needs CAP_NET_ADMIN" "$T_ERR"
t_eq "and changed nothing" "datagram" "$(sysfs ib0 mode)"
t_run "unprivileged show" 0 nobody rdmactl -j ipoib show
t_run "a bad mode word" 2 rdmactl ipoib set ib0 mode reliable

before=$(ls /sys/class/net | sort)
echo "datagram_only=1" >$knobs/add
dgo=$(tail -1 $knobs/devices)
ifc=$(comm -13 <(echo "$before") <(ls /sys/class/net | sort))
mtu=$(sysfs $ifc mtu)
t_eq "a datagram-only interface says so" "false" "$(field $ifc connected_mode_supported)"
t_run "connected mode on a datagram-only device" 1 rdmactl ipoib set $ifc mode connected
t_eq "is refused, naming the interface" \
	"rdmactl: $ifc cannot use connected mode: its RDMA device is datagram-only" "$T_ERR"
t_eq "mode unchanged" "datagram" "$(sysfs $ifc mode)"
t_eq "MTU unchanged" "$mtu" "$(sysfs $ifc mtu)"
echo "$dgo" >$knobs/remove

# udev rule: keyed on the port GUID, the last 8 bytes of the address.
t_run "udev-rule" 0 rdmactl ipoib udev-rule ib0 ibfabric0
t_match "matches the address's port GUID and names the interface" \
	"ATTR\{address\}==\"\?\*$(sysfs ib0 address | cut -d: -f13-20)\", NAME=\"ibfabric0\"" "$T_OUT"
t_run "udev-rule refuses a name with a slash" 2 rdmactl ipoib udev-rule ib0 a/b

echo 0x8001 >/sys/class/net/ib0/delete_child

t_done
