#!/bin/bash
# rdmactl monitor: every event the fake HCA's knobs, ipoib, RoCE devices
# and their netdevs raise arrives once, in order, with its fields; losses
# are reported; anyone may listen; unloading with listeners is clean.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
k=$knobs/fakeib0/port1
# events FILE: "event dev/port" per line, from monitor -j output
events() { jq -r '"\(.event) \(.ifname // "-")/\(.port // "-")"' "$1"; }
# ev FILE N FIELD: a field of the Nth event of a type, e.g. ev f lid_change lid
ev() { jq -r "select(.event == \"$2\") | .$3" "$1" | head -1; }
# RoCE devices (roce_add, tests/lib.sh): rxe, or the fake HCA's RoCE
# personality on DOCA-OFED. Either port follows its netdev down and up:
# rxe's by rxe itself, the fake's by OFED's ib_core (its
# handle_port_event(), upstream's since 6.13), which also reports it down
# as it is deleted, where rxe's device is gone first.

before=$(nl_subscribed)
rdmactl -j monitor >/tmp/ev.json 2>/tmp/ev.err &
mon=$!
# Not through a function: $! must be rdmactl itself, which setpriv execs.
setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	rdmactl -j monitor >/tmp/ev-nobody.json 2>&1 &
mon_nobody=$!
# Another namespace (shared RDMA netns mode) sees the devices, not our netdevs.
ip netns add evns
ip netns exec evns rdmactl -j monitor >/tmp/ev-ns.json 2>&1 &
mon_ns=$!
"$RDMACTL_TOP/build/tests/nlsub" 12 >/tmp/ev-libnl.txt 2>&1 &
libnl=$!
LD_LIBRARY_PATH=$RDMACTL_TOP/build/lib "$RDMACTL_TOP/build/tests/port-watchd" 12 >/tmp/watchd.txt 2>&1 &
watchd=$!
# Documentation/events.md's 20-line subscriber, as a reader copies it.
LD_LIBRARY_PATH=$RDMACTL_TOP/build/lib stdbuf -oL "$RDMACTL_TOP/build/tests/events-example" \
	>/tmp/ev-example.txt 2>&1 &
example=$!
t_run "the five subscribers here and the namespace's are in the group" 0 eval 'subscribed_after $before 5 &&
	ip netns exec evns bash -c ". $RDMACTL_TOP/tests/lib.sh; subscribed_after 0 1"'

# Paced as a fabric paces them: ib_core refreshes its cache asynchronously,
# so state read for back-to-back events may already be the next one's.
for knob in "active state" "0x50 lid" "9 sm_lid" "0xffff,0x8002 pkeys" "1 reregister" "down state"; do
	echo "${knob% *}" >"$k/${knob#* }"
	sleep 0.2
done
echo 1 >$knobs/fakeib0/fatal
# IPoIB: a mode switch and back, where ib_ipoib has connected mode;
# DOCA-OFED's has not (ipoib.sh checks its refusal): an MTU change and back.
mtu0=$(</sys/class/net/ib0/mtu)
if [ -z "${RDMACTL_OFED:-}" ]; then
	rdmactl ipoib set ib0 mode connected
	rdmactl ipoib set ib0 mode datagram
	ipoib_ev=ipoib_mode
	ipoib_want="ipoib_mode connected 65520|ipoib_mtu connected 65520|ipoib_mode datagram $mtu0|ipoib_mtu datagram $mtu0"
else
	ip link set ib0 mtu 2000
	ip link set ib0 mtu "$mtu0"
	ipoib_ev=ipoib_mtu
	ipoib_want="ipoib_mtu datagram 2000|ipoib_mtu datagram $mtu0"
fi
ip link add veth2 type veth peer name veth3
ip link set veth2 up
ip link set veth3 up
r2=$(roce_add veth2 rxe2 state=active)
r9=roce9
sleep 0.3
rdma dev set $r2 name $r9
ip link set veth2 down
sleep 0.3
ip link set veth2 up
sleep 0.3
ip addr add 2001:db8::5/64 dev veth2 nodad
ip link del veth2
# The last event, the RoCE device's removal, has reached every subscriber.
last() { events "$1" | tail -1; }
for f in /tmp/ev.json /tmp/ev-nobody.json /tmp/ev-ns.json; do
	t_eq_soon "${f#/tmp/}: the last event arrived" "dev_remove $r9/-" last "$f"
done
kill -INT $mon $mon_nobody $mon_ns
# The example has no handler: a background job ignores SIGINT.
kill $example
wait $mon_ns
ip netns del evns
wait $mon
t_eq "monitor exits cleanly on SIGINT" 0 "$?"
wait $mon_nobody
wait $example 2>/dev/null

t_eq "the fake HCA's events, once each, in order" \
	"port_active fakeib0/1|lid_change fakeib0/1|sm_change fakeib0/1|pkey_change fakeib0/1|client_reregister fakeib0/1|port_err fakeib0/1|device_fatal fakeib0/-" \
	"$(events /tmp/ev.json | grep fakeib0 | grep -v ipoib_ | paste -sd'|')"
t_eq "PORT_ACTIVE carries the state it brought" "ACTIVE" "$(ev /tmp/ev.json port_active state)"
t_eq "LID_CHANGE carries the new LID" "80" "$(ev /tmp/ev.json lid_change lid)"
t_eq "SM_CHANGE carries the new SM LID" "9" "$(ev /tmp/ev.json sm_change sm_lid)"
t_eq "PORT_ERR carries the state it brought" "DOWN" \
	"$(jq -r 'select(.event == "port_err" and .ifname == "fakeib0") | .state' /tmp/ev.json)"
t_eq "IPoIB mode and MTU changes, in order" "$ipoib_want" \
	"$(jq -r 'select(.event | startswith("ipoib")) | "\(.event) \(.mode) \(.mtu)"' /tmp/ev.json | paste -sd'|')"
t_eq "IPoIB events name the interface and its device" "ib0 fakeib0" \
	"$(jq -r --arg e $ipoib_ev 'select(.event == $e) | "\(.ipoib) \(.ifname)"' /tmp/ev.json | head -1)"
gone=
[ -z "${RDMACTL_OFED:-}" ] || gone="|port_err $r9/1"
t_eq "$r2: added, its netdev, renamed, port down, up${gone:+, down as it goes}" \
	"dev_add $r2/-|netdev_attach $r2/1|dev_rename $r9/-|port_err $r9/1|port_active $r9/1$gone" \
	"$(events /tmp/ev.json | grep -E " ($r2|$r9)/" | grep -E 'dev_add|netdev_attach|dev_rename|port_err|port_active' | uniq | paste -sd'|')"
t_eq "the rename names the old name" "$r2" "$(ev /tmp/ev.json dev_rename old_name)"
t_eq "NETDEV_ATTACH names the netdev" "veth2" "$(ev /tmp/ev.json netdev_attach netdev)"
t_match "an address on the netdev changes the GID table" "gid_change $r9/1" "$(events /tmp/ev.json)"
t_eq "deleting the netdev: detach, then remove, last" "netdev_detach $r9/1|dev_remove $r9/-" \
	"$(events /tmp/ev.json | grep -E 'netdev_detach|dev_remove' | paste -sd'|')"
t_eq "the removal is the last event" "dev_remove $r9/-" "$(events /tmp/ev.json | tail -1)"
seqs=$(jq -r .seq /tmp/ev.json | xargs)
first=${seqs%% *}
t_eq "sequence numbers count up by one" "$(seq $first $((first + $(wc -l </tmp/ev.json) - 1)) | xargs)" "$seqs"
t_eq "no loss reported" "" "$(jq -r 'select(.event == "lost")' /tmp/ev.json)"
t_eq "an unprivileged subscriber gets the same events" "$(events /tmp/ev.json)" "$(events /tmp/ev-nobody.json)"
t_eq "monitor wrote no errors" "" "$(</tmp/ev.err)"
t_eq "another namespace gets the device events" \
	"$(events /tmp/ev.json | grep -v -E 'ipoib_|netdev_' | xargs)" \
	"$(events /tmp/ev-ns.json | xargs)"
t_eq "with its own sequence, from 1" "1" "$(jq -r .seq /tmp/ev-ns.json | head -1)"
wait $libnl $watchd
t_eq "a libnl-3 subscriber (uapi header only) gets the same events" \
	"$(jq -r '"\(.seq) \(.ifname // "-")"' /tmp/ev.json | xargs)" \
	"$(grep -v subscribed /tmp/ev-libnl.txt | awk '{ print $2, $3 }' | xargs)"
t_eq "the events.md example printed the fake HCA's knobs' port events" \
	"PORT_ACTIVE fakeib0/1|LID_CHANGE fakeib0/1|SM_CHANGE fakeib0/1|PKEY_CHANGE fakeib0/1|CLIENT_REREGISTER fakeib0/1|PORT_ERR fakeib0/1" \
	"$(grep -E '^[A-Z_]+ fakeib0/1$' /tmp/ev-example.txt | grep -v IPOIB | paste -sd'|')"
t_match "the epoll daemon example listed the ports" "watching [1-9][0-9]* ports" "$(</tmp/watchd.txt)"
t_match "and followed fakeib0/1 to ACTIVE" "fakeib0/1 DOWN -> ACTIVE \(PORT_ACTIVE\)" "$(</tmp/watchd.txt)"
t_match "and back to DOWN" "fakeib0/1 ACTIVE -> DOWN" "$(</tmp/watchd.txt)"
t_match "and saw $r2 come" "$r2/1 \? -> ACTIVE \(listed\)" "$(</tmp/watchd.txt)"

# Renames one after another: each DEV_RENAME names what its own rename
# gave (taken under the registry's lock), never a later one's, nor a name
# torn by the next rename.
a=$(printf 'a%.0s' $(seq 60)) b=$(printf 'b%.0s' $(seq 60))
ip link add veth4 type veth peer name veth5
r3=$(roce_add veth4 rxe3 state=active)
before=$(nl_subscribed)
rdmactl -j monitor >/tmp/ev-ren.json 2>&1 &
mon=$!
subscribed_after "$before" 1
rdma dev set $r3 name $a
for _ in $(seq 10); do rdma dev set $a name $b; rdma dev set $b name $a; done
rdma dev set $a name $r3
renamed() { jq -r 'select(.event == "dev_rename") | .ifname' /tmp/ev-ren.json | tail -1; }
t_eq_soon "the last rename arrived" $r3 renamed
kill -INT $mon
wait $mon
ip link del veth4
renames=$(jq -r 'select(.event == "dev_rename") | "\(.old_name) \(.ifname)"' /tmp/ev-ren.json)
t_eq "22 renames: 22 DEV_RENAMEs" 22 "$(grep -c . <<<"$renames")"
t_eq "each from the name before it to the one it gave" \
	"$r3 $a|$(for _ in $(seq 10); do printf '%s %s|%s %s|' $a $b $b $a; done)$a $r3" \
	"$(paste -sd'|' <<<"$renames")"

# A subscriber that stops reading overruns; it is told, and a dump resyncs.
before=$(nl_subscribed)
"$RDMACTL_TOP/build/tests/evstall" 4 >/tmp/stall.out &
stall=$!
subscribed_after "$before" 1
for i in $(seq 300); do echo $((i + 100)) >$k/lid; done
wait $stall
t_match "an overrun subscriber is told events were lost" "lost [1-9]" "$(</tmp/stall.out)"
t_match "and a dump resynchronises it" "resync_ports $(ls -d /sys/class/infiniband/*/ports/* | wc -l) end drained" "$(</tmp/stall.out)"

# Unloading replays every netdev's UNREGISTER to the module's notifier:
# that is no RoCE netdev detaching. Four RoCE ports, five unloads.
for i in 0 1 2 3; do ip link add rdmactl-u$i type veth peer name rdmactl-w$i; done
echo "link_layer=roce ports=4 netdevs=rdmactl-u0,rdmactl-u1,rdmactl-u2,rdmactl-u3" >$knobs/add
: >/tmp/unload.json
for round in 1 2 3 4 5; do
	before=$(nl_subscribed)
	rdmactl -j monitor >>/tmp/unload.json 2>/dev/null &
	mon=$!
	subscribed_after "$before" 1
	rmmod rdmactl
	insmod "$RDMACTL_MODULE"
	kill $mon
	wait $mon 2>/dev/null
done
t_eq "unloading tells of no netdev detaching" "" \
	"$(jq -c 'select(.event == "netdev_detach")' /tmp/unload.json | head -3)"
for i in 0 1 2 3; do ip link del rdmactl-u$i; done

# Unloading while subscribed and while events are raised.
rdmactl monitor >/dev/null 2>&1 &
mon=$!
(for i in $(seq 200); do echo $((i + 500)) >$k/lid; done) &
raiser=$!
unloaded=0
for i in $(seq 100); do
	rmmod rdmactl 2>/dev/null && { unloaded=1; break; }
	sleep 0.05
done
wait $raiser
kill $mon 2>/dev/null
wait $mon 2>/dev/null
t_eq "rmmod with subscribers while events are raised" 1 "$unloaded"
insmod "$RDMACTL_MODULE"
t_run "the module answers again" 0 rdmactl -j port show fakeib0/1

t_done
