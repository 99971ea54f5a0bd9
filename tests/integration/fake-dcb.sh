#!/bin/bash
# fakeeth's DCB netlink ops (tests/fakehca/dcb.c) through iproute2's dcb,
# which speaks the dcbnl that librdmactl speaks (RTM_GETDCB, RTM_SETDCB):
# a new fakeeth's defaults; PFC, ETS, the APP table's DSCP entries and
# apptrust (the kernel's since 6.2) set and read back; the driver's own
# refusals; the knob that makes an op fail with an errno, which dcb must
# report; a new fakeeth at a deleted one's ifindex starts afresh.
# With the fake HCA loaded (tests/vm/run --fakehca ""), or built for this
# kernel: then it loads it, with no device, and unloads it at the end.
#
# The sets go through a dcb that knows apptrust (tests/vm/dcb-tool:
# sid's, as Debian 12's is iproute2 6.1), and not only for apptrust: 6.1's
# `dcb pfc set` and `dcb ets set` read the ACK their GET left behind as
# the SET's answer (iproute2 6.2 fixed it: "dcb: Do not leave ACKs in
# socket receive buffer"), so a driver's refusal reads as success there.
# The reads go through the VM's own dcb, what Debian 12's users run.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
knob=$knobs/fakeeth/fd0
ko=$RDMACTL_TOP/${RDMACTL_BUILD:-build/$(uname -r)}/tests/fakehca/rdmactl_fakehca.ko
loaded=
if [ ! -d $knobs ] && [ -f "$ko" ]; then
	t_run "the fake HCA loads, with no device" 0 insmod "$ko" devices=0
	loaded=1
fi
trap 'ip link del fd0 2>/dev/null; [ -z "$loaded" ] || rmmod rdmactl_fakehca' EXIT
if [ ! -d $knobs ]; then
	t_fail "the fake HCA is loaded" "it is not built for $(uname -r): tests/vm/run --fakehca '' builds and loads it"
	t_done
	exit
fi
if ! DCB=$("$RDMACTL_TOP/tests/vm/dcb-tool" 2>&1); then
	t_fail "a dcb that knows apptrust (tests/vm/dcb-tool)" "$DCB"
	t_done
	exit
fi
IFS=. read -r major minor _ <<<"$(uname -r)"
kv=$((major * 1000 + minor))

# words CMD...: the words CMD prints, on one line.
words() {
	local out
	out=$("$@")
	# shellcheck disable=SC2086 # split into words
	echo $out
}
# show OBJECT [ATTR...]: what the VM's dcb shows of fd0.
show() { words dcb "$1" show dev fd0 "${@:2}"; }
# set_fd0 WHAT STATUS OBJECT COMMAND ARGS...: t_run of `dcb OBJECT COMMAND
# dev fd0 ARGS` by the dcb that knows apptrust.
set_fd0() {
	local what=$1 want=$2 obj=$3 cmd=$4
	shift 4
	t_run "$what" "$want" "$DCB" "$obj" "$cmd" dev fd0 "$@"
}
log() { dmesg | tail -1 | sed 's/^\[[ 0-9.]*\] //'; }
off8="0:off 1:off 2:off 3:off 4:off 5:off 6:off 7:off"

t_run "ip link add fd0 type fakeeth" 0 ip link add fd0 type fakeeth
ip link set fd0 up

# A new fakeeth: host-managed IEEE DCBX, PFC off everywhere, every priority
# in TC 0 with all of ETS's bandwidth, no APP entry.
t_eq "DCBX: host, IEEE" "host ieee" "$(show dcbx)"
t_eq "PFC: 8 priorities, none on" "pfc-cap 8 macsec-bypass off delay 0 prio-pfc $off8" "$(show pfc)"
t_eq "ETS: 8 TCs, every priority in TC 0, which has 100%" \
	"ets-cap 8 tc-bw 0:100 1:0 2:0 3:0 4:0 5:0 6:0 7:0 tc-tsa 0:ets 1:ets 2:ets 3:ets 4:ets 5:ets 6:ets 7:ets prio-tc 0:0 1:0 2:0 3:0 4:0 5:0 6:0 7:0" \
	"$(show ets ets-cap tc-bw tc-tsa prio-tc)"
t_eq "no APP entry" "" "$(show app)"

# PFC per priority.
set_fd0 "pfc set prio-pfc 3:on 5:on" 0 pfc set prio-pfc 3:on 5:on
t_eq "PFC on for 3 and 5" "prio-pfc 0:off 1:off 2:off 3:on 4:off 5:on 6:off 7:off" "$(show pfc prio-pfc)"
set_fd0 "pfc set prio-pfc 5:off delay 32" 0 pfc set prio-pfc 5:off delay 32
t_eq "PFC on for 3 alone, the delay kept" "delay 32 prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off" \
	"$(show pfc delay prio-pfc)"

# ETS: priorities to TCs, and bandwidths that the driver checks (the ETS
# TCs' add up to 100), as dcb checks that they all do.
set_fd0 "ets set: 3 to TC 1, 5 to TC 2, 50/30/20" 0 ets set prio-tc 3:1 5:2 tc-bw 0:50 1:30 2:20
t_eq "ETS reads back" "tc-bw 0:50 1:30 2:20 3:0 4:0 5:0 6:0 7:0 prio-tc 0:0 1:0 2:0 3:1 4:0 5:2 6:0 7:0" \
	"$(show ets tc-bw prio-tc)"
set_fd0 "ets set: TC 2 strict leaves ETS 80%: the driver refuses" 1 ets set tc-tsa 2:strict
t_eq "with an error dcb names" "Attribute write: Invalid argument" "$T_ERR"
t_match "and a log line" "fd0: ETS: the ETS TCs' bandwidths add up to 80%, not 100%" "$(log)"
t_eq "and TC 2 is still ETS" "tc-tsa 0:ets 1:ets 2:ets 3:ets 4:ets 5:ets 6:ets 7:ets" "$(show ets tc-tsa)"

# The APP table is the kernel's: DSCP entries, one priority each.
set_fd0 "app add dscp-prio 26:3 46:5" 0 app add dscp-prio 26:3 46:5
t_eq "dcb app shows them" "dscp-prio AF31:3 EF:5" "$(show app)"
set_fd0 "app add dscp-prio 26:4: DSCP 26 moves" 0 app add dscp-prio 26:4
t_eq "one priority a DSCP" "dscp-prio AF31:4 EF:5" "$(show app)"
set_fd0 "app del dscp-prio 46:5" 0 app del dscp-prio 46:5
set_fd0 "app del dscp-prio 46:5 again: no such entry" 1 app del dscp-prio 46:5
t_eq "with ENOENT" "Attribute write: No such file or directory" "$T_ERR"
set_fd0 "app add default-prio 2" 0 app add default-prio 2
set_fd0 "app add stream-port-prio 4791:3: not a selector it classifies by" 1 \
	app add stream-port-prio 4791:3
t_eq "with EINVAL" "Attribute write: Invalid argument" "$T_ERR"
t_eq "the table" "default-prio 2 dscp-prio AF31:4" "$(show app)"

# apptrust: the order of selectors trusted, PCP alone at first (6.2+).
if [ "$kv" -ge 6002 ]; then
	t_eq "apptrust: pcp at first" "order: pcp" "$(words "$DCB" apptrust show dev fd0)"
	set_fd0 "apptrust set order dscp pcp" 0 apptrust set order dscp pcp
	t_eq "reads back" "order: dscp pcp" "$(words "$DCB" apptrust show dev fd0)"
	set_fd0 "apptrust set order ethtype: not a selector it classifies by" 1 apptrust set order ethtype
	t_eq "with EOPNOTSUPP" "Attribute write: Operation not supported" "$T_ERR"
	set_fd0 "app add pcp-prio 1de:3 (PCP 1, drop eligible)" 0 app add pcp-prio 1de:3
	t_match "dcb app shows it" "pcp-prio 1de:3" "$(words "$DCB" app show dev fd0)"
else
	t_skip "apptrust and PCP entries" "$(uname -r) has no dcbnl apptrust (6.2)"
fi

# A driver's refusal, with the errno the knob gives.
echo "dcb_fail.pfc=-EIO" >$knob
t_eq "the knob reads dcb_fail.pfc back" "dcb_fail.pfc -EIO" "$(grep '^dcb_fail.pfc ' $knob)"
set_fd0 "dcb_fail.pfc=-EIO: pfc set fails" 1 pfc set prio-pfc 4:on
t_eq "with EIO" "Attribute write: Input/output error" "$T_ERR"
t_eq "and a log line" "fd0: PFC failed: -5 (dcb_fail.pfc)" "$(log)"
t_eq "PFC unchanged" "prio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off" "$(show pfc prio-pfc)"
echo "dcb_fail.pfc=0 dcb_fail.app=-EBUSY" >$knob
set_fd0 "dcb_fail.app=-EBUSY: app add fails" 1 app add dscp-prio 10:1
t_eq "with EBUSY" "Attribute write: Device or resource busy" "$T_ERR"
set_fd0 "dcb_fail.pfc=0: pfc set works again" 0 pfc set prio-pfc 4:on
t_eq "PFC on for 3 and 4" "prio-pfc 0:off 1:off 2:off 3:on 4:on 5:off 6:off 7:off" "$(show pfc prio-pfc)"
t_run "an errno above 0 is refused" 1 sh -c "echo dcb_fail.pfc=5 >$knob"
t_match "naming it" 'fd0: dcb_fail.pfc: "5" is not an errno' "$(log)"
echo "dcb_fail.app=0" >$knob

# The kernel's APP list is keyed by ifindex: a new fakeeth at a deleted
# one's starts with none of its entries, and the defaults.
idx=$(</sys/class/net/fd0/ifindex)
ip link del fd0
t_run "a new fd0 at the deleted one's ifindex $idx" 0 ip link add fd0 index "$idx" type fakeeth
t_eq "no APP entry" "" "$(show app)"
t_eq "PFC off" "prio-pfc $off8" "$(show pfc prio-pfc)"
t_done
