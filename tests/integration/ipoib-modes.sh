#!/bin/bash
# rdmactl ipoib set on the fake HCA: mode switches and their MTUs, what
# listeners hear of them, refused MTUs undone, and a switching storm.
# (ipoib.sh: what ipoib show says, and the refusals.) DOCA-OFED's ib_ipoib
# has no connected mode: the --ofed line skips this suite.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
# field IF KEY: one field of rdmactl -j ipoib show IF
field() { rdmactl -j ipoib show "$1" | jq -r ".[0].$2"; }
sysfs() { cat "/sys/class/net/$1/$2"; }

echo "0xffff 0x8001" >$knobs/fakeib0/port1/pkeys
ip link set ib0 up
echo 0x8001 >/sys/class/net/ib0/create_child

# Switching, with the interface up.
t_run "set connected" 0 rdmactl ipoib set ib0 mode connected
t_eq "sysfs says connected" "connected" "$(sysfs ib0 mode)"
t_eq "connected mode MTU" "65520" "$(sysfs ib0 mtu)"
t_run "set datagram" 0 rdmactl ipoib set ib0 mode datagram
t_eq "sysfs says datagram" "datagram" "$(sysfs ib0 mode)"
t_eq "datagram MTU = IB MTU - 4" "4092" "$(sysfs ib0 mtu)"
t_run "set connected with an MTU" 0 rdmactl ipoib set ib0 mode connected mtu 9000
t_eq "both applied" "connected 9000" "$(sysfs ib0 mode) $(sysfs ib0 mtu)"
echo datagram >/sys/class/net/ib0/mode
t_eq "a change through sysfs shows in the next show" "datagram $(sysfs ib0 mtu)" \
	"$(field ib0 mode) $(field ib0 mtu)"
t_run "an MTU too large for datagram mode" 1 rdmactl ipoib set ib0 mode datagram mtu 5000
t_eq "is refused by name" "rdmactl: ib0: MTU 5000 is out of range in datagram mode (72 to 4092)" "$T_ERR"
# ipoib's datagram floor is IPv4's 68 plus its 4-byte header; connected
# mode's is 68.
t_run "an MTU below datagram mode's floor" 1 rdmactl ipoib set ib0 mode datagram mtu 70
t_eq "is refused before anything changes" "rdmactl: ib0: MTU 70 is out of range in datagram mode (72 to 4092)" "$T_ERR"
t_run "an MTU too large for connected mode" 1 rdmactl ipoib set ib0 mode connected mtu 70000
t_eq "changes nothing" "datagram 4092" "$(sysfs ib0 mode) $(sysfs ib0 mtu)"
t_run "the child switches too" 0 rdmactl ipoib set ib0.8001 mode connected
t_eq "the child is connected" "connected" "$(sysfs ib0.8001 mode)"
t_eq "the parent is not" "datagram" "$(sysfs ib0 mode)"

# Listeners hear a switch as they hear `ip link set IF type ipoib mode`:
# rtnetlink's RTM_NEWLINK and rdmactl's own ipoib_mode event, even when the
# switch changes neither the MTU nor the features (connected to datagram
# below the broadcast group's MTU, on an HCA without UD checksum offload).
# listen IF CMD...: CMD while `ip monitor` and `rdmactl monitor` listen;
# $LINKS counts IF's RTM_NEWLINKs, $LAST is the last, $MODES lists IF's
# ipoib_mode events ("MODE MTU"), $T_ERR is CMD's stderr.
listen() {
	local ifc=$1 ipmon rmon
	shift
	ip -d -o monitor link >/tmp/links.txt 2>&1 &
	ipmon=$!
	rdmactl -j monitor >/tmp/modes.json 2>&1 &
	rmon=$!
	sleep 1
	"$@" 2>/tmp/t_err
	T_RC=$?
	T_ERR=$(</tmp/t_err)
	sleep 1
	kill $ipmon
	kill -INT $rmon
	wait $ipmon $rmon 2>/dev/null
	LINKS=$(grep -c "^[0-9]*: $ifc:" /tmp/links.txt)
	LAST=$(grep "^[0-9]*: $ifc:" /tmp/links.txt | tail -1)
	MODES=$(jq -r "select(.event == \"ipoib_mode\" and .ipoib == \"$ifc\") | \"\(.mode) \(.mtu)\"" \
		/tmp/modes.json | paste -sd'|')
}
# to_datagram IF CMD...: from connected mode at MTU 1500, CMD switches IF to
# datagram; $LINKS and $MODES as listen's.
to_datagram() {
	local ifc=$1
	shift
	rdmactl ipoib set "$ifc" mode connected
	ip link set "$ifc" mtu 1500
	listen "$ifc" "$@"
	t_eq "$* switches" "datagram 1500" "$(sysfs "$ifc" mode) $(sysfs "$ifc" mtu)"
}
to_datagram ib0 ip link set ib0 type ipoib mode datagram
ip_links=$LINKS
t_eq "ip link: one RTM_NEWLINK" 1 "$ip_links"
t_eq "ip link: rdmactl's ipoib_mode event" "datagram 1500" "$MODES"
to_datagram ib0 rdmactl ipoib set ib0 mode datagram
t_eq "rdmactl ipoib set: as many RTM_NEWLINKs as ip link" "$ip_links" "$LINKS"
t_match "which carry the new mode" "ipoib .*mode datagram" "$LAST"
t_eq "rdmactl ipoib set: its own ipoib_mode event" "datagram 1500" "$MODES"

# With UD checksum offload, the features change with the mode too: one
# RTM_NEWLINK more, from NETDEV_FEAT_CHANGE, either way.
before=$(ls /sys/class/net | sort)
echo "ud_csum=1" >$knobs/add
csum=$(tail -1 $knobs/devices)
ifc=$(comm -13 <(echo "$before") <(ls /sys/class/net | sort))
ip link set "$ifc" up
to_datagram "$ifc" ip link set "$ifc" type ipoib mode datagram
ip_links=$LINKS
t_eq "UD checksum: ip link's RTM_NEWLINKs" 2 "$ip_links"
to_datagram "$ifc" rdmactl ipoib set "$ifc" mode datagram
t_eq "UD checksum: as many from rdmactl ipoib set" "$ip_links" "$LINKS"
t_eq "UD checksum: rdmactl's ipoib_mode event" "datagram 1500" "$MODES"
echo "$csum" >$knobs/remove

# An MTU the interface refuses after the mode has changed: both put back,
# listeners left with the old state, and the error says it was undone.
veto=/sys/module/rdmactl_fakehca/parameters/veto_mtu
ip link set ib0 mtu 4092
echo 1234 >$veto
listen ib0 rdmactl ipoib set ib0 mode connected mtu 1234
t_eq "a refused MTU fails the set" 1 "$T_RC"
t_eq "the error says what was undone" \
	"rdmactl: ib0: MTU 1234 refused (-22), rolled back to datagram 4092" "$T_ERR"
t_eq "mode and MTU as before" "datagram 4092" "$(sysfs ib0 mode) $(sysfs ib0 mtu)"
t_match "the last RTM_NEWLINK has them" "mtu 4092 .*ipoib .*mode datagram" "$LAST"
t_eq "the last ipoib_mode event too" "datagram 4092" "${MODES##*|}"
# An undo the interface refuses as well: the error says where it stands.
rdmactl ipoib set ib0 mode connected mtu 9000
echo 1234,9000 >$veto
t_run "a refused MTU and a refused undo" 1 rdmactl ipoib set ib0 mode datagram mtu 1234
t_eq "the error says the undo failed, and the state" \
	"rdmactl: ib0: MTU 1234 refused (-22), undo failed (-22): connected 65520" "$T_ERR"
t_eq "which is the state" "connected 65520" "$(sysfs ib0 mode) $(sysfs ib0 mtu)"
echo 0 >$veto
rdmactl ipoib set ib0 mode datagram

# A storm: switches while another loop keeps listing; 200 on the line
# that runs what runs once, 40 on the others (a process takes a quarter
# of a second in the VM).
n=20
t_once && n=100
(while :; do rdmactl -j ipoib show >/dev/null 2>>/tmp/ipoib-show.err || echo fail >>/tmp/ipoib-show.err; done) &
lister=$!
fails=0
for i in $(seq $n); do
	rdmactl ipoib set ib0 mode connected || fails=$((fails + 1))
	rdmactl ipoib set ib0 mode datagram || fails=$((fails + 1))
done
kill $lister
wait $lister 2>/dev/null
t_eq "$((2 * n)) switches, no error" 0 "$fails"
t_eq "the concurrent listing never failed" "" "$(cat /tmp/ipoib-show.err 2>/dev/null)"
t_eq "ends in datagram mode at its MTU" "datagram 4092" "$(sysfs ib0 mode) $(sysfs ib0 mtu)"
echo 0x8001 >/sys/class/net/ib0/delete_child

t_done
