#!/bin/bash
# rdmactl roce qos against iproute2's dcb, on a fake RoCE port over a
# fakeeth (whose DCB ops are the fake HCA's, tests/fakehca/dcb.c, as a
# driver's): the chain as dcb and rdmactl roce show read it; set makes
# them agree; check finds each misconfiguration made with dcb and is ok
# after set; the kept profile is applied again when the device registers
# again and when the netdev is re-created, with an event; refusals (a
# lossy profile, an unprivileged caller, a driver's error, a malformed
# ROCE_SET) name the problem and change nothing; rxe on a veth has no DCB
# and says so.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
nlraw=$RDMACTL_TOP/build/tests/nlraw
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"; }
t_expect "every check (a fake RoCE port over fakeeth)" '[ -n "${RDMACTL_FAKEHCA:-}" ]' \
	"the fake HCA is not loaded" test -d $knobs || { t_done; exit; }
dcb=$("$RDMACTL_TOP/tests/vm/dcb-tool") || { t_fail "no dcb that knows apptrust"; t_done; exit; }
modprobe rdma_cm

# fe5 keeps its MAC when re-created: the fake RoCE device's node GUID is
# its EUI-64, so the device on it again is the same node.
mac=02:00:00:00:35:05
tmp=$(mktemp -d)
mon=
cleanup() {
	[ -z "$mon" ] || kill "$mon" 2>/dev/null
	[ -z "${dev:-}" ] || { rdmactl roce set "$dev/1" clear; echo "$dev" >$knobs/remove; }
	ip link del fe5
	rm -rf "$tmp"
} 2>/dev/null
trap cleanup EXIT
fakeeth() { ip link add fe5 address $mac type fakeeth && ip link set fe5 up; }
add_dev() {
	echo "link_layer=roce netdevs=fe5 state=active" >$knobs/add && dev=$(tail -1 $knobs/devices)
}
fakeeth && add_dev || { t_fail "a fake RoCE device on fakeeth fe5"; t_done; exit; }
fe_knob=$knobs/fakeeth/fe5
apptrust=no
# Changes through sid's dcb (Debian 12's hides a driver's refusal), reads
# through Debian's, which prints DSCPs as numbers; apptrust is sid's alone.
app() { dcb -N app show dev fe5 dscp-prio | sed 's/^dscp-prio *//; s/ *$//'; }
"$dcb" apptrust show dev fe5 >/dev/null 2>&1 && apptrust=yes
# Where the netdev has no apptrust (before 6.2), a profile has no trust.
trust=()
[ $apptrust = yes ] && trust=(trust dscp)

# The chain, from roce qos show -j: "KEY KEY..." of the port's object.
qos() { rdmactl -j roce qos show "$dev/1" | jq -r ".[0] | $1"; }
# The ids of check's findings about the port that are not ok, or one's remedy.
check_ids() {
	rdmactl -j check "$dev/1" interval 0.2 |
		jq -r '[.[] | select(.severity != "ok" and (.id | startswith("qos."))) | .id] | unique | join(" ")'
}
check_remedy() {
	rdmactl -j check "$dev/1" interval 0.2 |
		jq -r --arg id "$1" '[.[] | select(.id == $id)][0].remedy // empty'
}
# until_event REGEX: the monitor printed an event line REGEX matches (10 s
# at most), printed; grep, not jq: a process less per look.
until_event() {
	local end=$((SECONDS + 10))
	while [ $SECONDS -lt $end ]; do
		grep -E "$1" "$tmp/events" && return 0
		nap
	done
	echo "events: $(cat "$tmp/events")"
	return 1
}
# The profile's ROCE event, applied again.
until_restored() { until_event '"event":"roce".*"saved":\{[^}]*"prio":3,.*"restored":true'; }
# Appending, so that emptying the file between steps leaves no hole.
rdmactl -j monitor >>"$tmp/events" &
mon=$!

# A fresh fakeeth: PFC off, no APP entry, trust pcp; rdma_cm's ToS set
# alone, as before rdmactl roce qos.
rdmactl roce set "$dev/1" tos 106
t_eq "fresh: not lossless" "false" "$(qos .lossless)"
t_match "fresh: the DSCP has no APP entry" "unmapped" "$(qos '.lossy | join(" ")')"
t_match "check finds it" "qos.dscp-unmapped" "$(check_ids)"

# Refusals: nothing changes.
t_run "pfc off is refused as lossy" 1 rdmactl roce qos set "$dev/1" tos 106 priority 3 pfc off
t_match "and says why" "lossy" "$T_ERR"
t_run "an unprivileged set is refused" 1 nobody rdmactl roce qos set "$dev/1" tos 106 priority 3
t_match "and says so" "CAP_NET_ADMIN|not permitted" "$T_ERR"
t_eq "neither changed the APP table" "" "$(app)"
t_run "ROCE_SET with a priority alone is refused" 1 "$nlraw" ROCE_SET DEV_NAME:strz:"$dev" \
	PORT_INDEX:u32:1 ROCE_TOS:u8:106 ROCE_PRIO:u8:3
t_match "naming what a profile is" "roce-prio and roce-pfc together" "$T_OUT$T_ERR"
t_run "a profile without the ToS is refused" 1 "$nlraw" ROCE_SET DEV_NAME:strz:"$dev" \
	PORT_INDEX:u32:1 ROCE_PRIO:u8:3 ROCE_PFC:u8:1
t_match "naming the ToS" "give the ToS with it" "$T_OUT$T_ERR"
t_run "priority 8 is refused by the policy" 1 "$nlraw" ROCE_SET DEV_NAME:strz:"$dev" \
	PORT_INDEX:u32:1 ROCE_TOS:u8:106 ROCE_PRIO:u8:8 ROCE_PFC:u8:1
t_eq "rdmactl keeps the ToS, no profile" "106 null" "$(qos '"\(.saved.tos) \(.saved.prio)"')"

# The set: dcb, rdmactl roce show and roce qos agree.
t_run "roce qos set tos 106 priority 3 pfc on ${trust[*]}" 0 \
	rdmactl roce qos set "$dev/1" tos 106 priority 3 pfc on "${trust[@]}"
t_match "it says it mapped the DSCP" "changed prio: DSCP 26 mapped to priority 3" "$T_OUT"
t_match "and turned PFC on" "changed pfc: PFC on for priority 3" "$T_OUT"
t_match "and that rdmactl.ko keeps it" "changed kept" "$T_OUT"
t_eq "dcb app: DSCP 26 to priority 3" "26:3" "$(app)"
t_match "dcb pfc: on for priority 3" " 3:on" "$(dcb pfc show dev fe5 prio-pfc)"
if [ $apptrust = yes ]; then
	t_match "dcb apptrust: DSCP first" "order: dscp" "$("$dcb" apptrust show dev fe5)"
else
	# dcbnl's apptrust is 6.2's; RHEL 9.6 (5.14) has not taken it.
	t_kver_ge 6.2 && t_missing "dcb apptrust" "fe5 has none" ||
		t_skip "dcb apptrust" "$(uname -r) has none (6.2+)"
fi
t_eq "rdmactl roce show: ToS 106" "106" "$(rdmactl -j roce show "$dev/1" | jq '.[0].tos')"
t_eq "roce qos: lossless" "true" "$(qos .lossless)"
t_eq "the kept profile, no drift" "106 3 true 0" "$(qos '"\(.saved.tos) \(.saved.prio) \(.saved.pfc) \(.drift | length)"')"
t_eq "check: no QoS finding" "" "$(check_ids)"
t_run "the same set again changes nothing" 0 \
	rdmactl roce qos set "$dev/1" tos 106 priority 3 pfc on "${trust[@]}"
t_match "and says so" "unchanged|nothing" "$T_OUT"

# Misconfigurations made with dcb: found, and set fixes them.
"$dcb" pfc set dev fe5 prio-pfc 3:off
t_eq "PFC turned off with dcb: drift" "pfc" "$(qos '.drift | join(" ")')"
t_match "check: pfc off, and drift" "qos.drift.*qos.pfc-off" "$(check_ids)"
t_match "the remedy is the set that fixes it" "rdmactl roce qos set $dev/1 tos 106 priority 3 pfc on" \
	"$(check_remedy qos.pfc-off)"
if [ $apptrust = yes ]; then
	"$dcb" apptrust set dev fe5 order pcp dscp
	t_match "trust pcp made with dcb: found" "qos.trust-pcp" "$(check_ids)"
fi
t_run "set fixes them" 0 rdmactl roce qos set "$dev/1" tos 106 priority 3 pfc on "${trust[@]}"
t_eq "check: no QoS finding again" "" "$(check_ids)"

# A driver's refusal: what was changed before it, and its error.
"$dcb" pfc set dev fe5 prio-pfc 3:off
echo "dcb_fail.pfc=-EIO" >"$fe_knob"
t_run "a set the driver refuses fails" 1 rdmactl roce qos set "$dev/1" tos 106 priority 3 pfc on "${trust[@]}"
t_match "with the driver's error, naming the step" "PFC on for priority 3: the driver refused: Input/output error" "$T_ERR"
t_match "PFC stays off" " 3:off" "$(dcb pfc show dev fe5 prio-pfc)"
echo "dcb_fail.pfc=0" >"$fe_knob"

# Kept: the device registering again gets the profile back, with an event.
: >"$tmp/events"
echo "$dev" >$knobs/remove
add_dev
t_run "the device registered again: a ROCE event restores the profile" 0 \
	until_restored
t_match "PFC is on again" " 3:on" "$(dcb pfc show dev fe5 prio-pfc)"

# And a re-created fakeeth, whose DCB starts afresh.
echo "$dev" >$knobs/remove
ip link del fe5
: >"$tmp/events"
fakeeth && add_dev
t_run "fakeeth re-created: the profile applied to it, with an event" 0 \
	until_restored
# DCB alone: no mode, ToS or source, which librdmactl 1.5 read as rdma_cm's.
t_run "its event has no mode or ToS (roce_mode, roce_tos), nor a source" 0 \
	until_event '"port":1,"source":"unknown","supported":\[[^]]*\],"saved":\{[^}]*"prio":3,[^}]*\},"restored":true'
t_eq "dcb app: DSCP 26 to priority 3 again" "26:3" \
	"$(app)"
t_match "dcb pfc: on for priority 3 again" " 3:on" "$(dcb pfc show dev fe5 prio-pfc)"
[ $apptrust = yes ] && t_match "dcb apptrust: DSCP first again" "order: dscp" "$("$dcb" apptrust show dev fe5)"
t_eq "check: no QoS finding" "" "$(check_ids)"

# A re-apply the driver refuses midway (hardening round 4, item 6) leaves
# the chain as it found it, never half: PFC refused, the APP entry it had
# just made is taken back (a DSCP mapped to a priority without PFC is
# lossy, and check would call it lossless but for the PFC); the event
# says it failed, with the driver's error.
echo "$dev" >$knobs/remove
ip link del fe5
: >"$tmp/events"
fakeeth && echo "dcb_fail.pfc=-EIO" >"$fe_knob" && add_dev
t_run "fakeeth re-created, PFC refused: an event says the re-apply failed" 0 \
	until_event '"event":"roce".*"saved":\{[^}]*"prio":3,.*"roce_error":"Input/output error"'
t_eq "dcb app: the DSCP's entry taken back" "" "$(app)"
t_match "dcb pfc: still off" " 3:off" "$(dcb pfc show dev fe5 prio-pfc)"
echo "dcb_fail.pfc=0" >"$fe_knob"
echo "$dev" >$knobs/remove
: >"$tmp/events"
add_dev
t_run "registered again, the driver willing: the profile applied" 0 until_restored
t_eq "dcb app: DSCP 26 to priority 3" "26:3" "$(app)"

# A mode set alone keeps the profile, and its event says so (it carries
# the profile kept after the set).
: >"$tmp/events"
rdmactl roce set "$dev/1" mode v2
t_run "a mode set alone: its event carries the kept profile" 0 \
	until_event '"event":"roce".*"mode":"v2".*"saved":\{[^}]*"prio":3,'

# A ToS set alone ends the profile (it mapped the old ToS's DSCP); its
# event says which profile is kept: none.
: >"$tmp/events"
rdmactl roce set "$dev/1" tos 104
t_eq "a ToS set alone ends the kept profile" "104 null" "$(qos '"\(.saved.tos) \(.saved.prio)"')"
t_run "its event" 0 until_event '"event":"roce".*"tos":104'
t_eq "carries no profile" "" "$(grep -o '"prio":[0-9]*' <<<"$T_OUT")"

# rxe on a veth: no DCB, said, no zeros.
rxe=$(rdmactl -j dev show | jq -r '[.[] | select(.driver == "rxe")][0].ifname // empty')
if [ -n "$rxe" ]; then
	t_run "roce qos show $rxe/1" 0 rdmactl roce qos show "$rxe/1"
	t_match "says its netdev has no DCB" "no DCB" "$T_OUT"
	t_eq "and reports no priority" "null" "$(rdmactl -j roce qos show "$rxe/1" | jq '.[0].prio')"
fi
t_done
