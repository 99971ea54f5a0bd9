#!/bin/bash
# rdma_cm coming and going under rdmactl. A slow module load holds up no
# one: generic netlink answers and a device unregisters while an
# unprivileged roce show runs. Saved settings come back after rdma_cm is
# reloaded, and after a device registers again while rdma_cm's client is
# newer than rdmactl's, each announced by a "restored" event. Needs
# rdma_cm as a module (stock kernels, not the debug one).
. "$RDMACTL_TOP/tests/lib.sh"
. "$RDMACTL_TOP/tests/integration/modprobe-hook.sh"

# rdma_cm is a module where ib_core is (CONFIG_INFINIBAND=m: every line
# but a kernel built with it in); a module writes configfs from 5.14.
t_expect "rdma_cm reloaded under rdmactl" 't_config INFINIBAND m' \
	"rdma_cm is built in: nothing to reload" rdma_cm_modular || { t_done; exit; }
kv=$(uname -r)
t_expect "saved settings restored" false \
	"$kv: configfs cannot be written from a module before 5.14, nothing to restore" \
	t_kver_ge 5.14 || { t_done; exit; }
trap 'modprobe_unhook; kill $mon 2>/dev/null' EXIT

cm_read() {
	local made=
	[ -d $cm/$1 ] || { mkdir $cm/$1 && made=1; }
	echo "$(<$cm/$1/ports/$2/default_roce_mode) $(<$cm/$1/ports/$2/default_roce_tos)"
	[ -n "$made" ] && rmdir $cm/$1
}
now() { date +%s%N; }
ms_since() { echo $((($(now) - $1) / 1000000)); }
# hold DIR SECONDS: a listing of DIR holds its lock (cfgstall), from now.
hold() {
	"$RDMACTL_TOP/build/tests/cfgstall" "$1" "$2" >/tmp/cfgstall.out 2>&1 &
	stall=$!
	for i in $(seq 100); do grep -q stalled /tmp/cfgstall.out && break; sleep 0.1; done
}
# release: the checks that needed the hold are done: its listing ends now
# (cfgstall's SIGUSR1), as it would at its end.
release() {
	kill -USR1 $stall 2>/dev/null
	wait $stall
}
# beside_family OUT CMD...: CMD in the background, output to OUT, while
# wireguard registers its family (genl_register_family() takes generic
# netlink's lock for writing; lookups queue behind it); then genl ctrl
# list. Sets look (its ms), rc and took (CMD's exit status and ms).
beside_family() {
	local out=$1 t0 t1 bg mp
	shift
	t0=$(now)
	"$@" >"$out" 2>&1 &
	bg=$!
	sleep 0.05
	modprobe wireguard &
	mp=$!
	sleep 0.2
	t1=$(now)
	genl ctrl list >/dev/null
	look=$(ms_since "$t1")
	rc=0
	wait $bg || rc=$?
	took=$(ms_since "$t0")
	wait $mp
	rmmod wireguard
}

# Item 7: a module load that takes 5 s holds up nothing else, since no
# request loads modules.
t_run "rdma_cm unloads" 0 rdma_cm_unload
modprobe_hook 5
nobody rdmactl roce show rxe0/1 >/dev/null 2>&1 &
bg=$!
sleep 1
t_run "genl ctrl list while an unprivileged roce show runs" 0 timeout 3 genl ctrl list
wait $bg
rdma_cm_loaded && rdma_cm_unload
nobody rdmactl roce show rxe1/1 >/dev/null 2>&1 &
bg=$!
sleep 1
t0=$(now)
rdma link delete rxe1
ms=$(ms_since "$t0")
wait $bg
t_eq "rdma link delete rxe1 meanwhile takes under 2 s ($ms ms)" "yes" \
	"$( [ "$ms" -lt 2000 ] && echo yes || echo no)"
rdma link add rxe1 type rxe netdev veth1
modprobe_unhook

# Item 7 without module loading: a ROCE_SET meeting configfs's directory
# lock, which a listing into a userfaultfd page holds (anyone who can list
# rdma_cm/ can), holds up neither generic netlink nor the device.
modprobe rdma_cm
hold $cm 8
t_eq "a listing of rdma_cm/ holds its lock" "stalled" "$(head -1 /tmp/cfgstall.out)"
rdmactl roce set rxe1/1 tos 16 >/dev/null 2>&1 &
bg=$!
sleep 1
t_run "genl ctrl list while a roce set meets the held directory" 0 timeout 3 genl ctrl list
t0=$(now)
rdma link delete rxe1
ms=$(ms_since "$t0")
t_eq "rdma link delete rxe1 meanwhile takes under 2 s ($ms ms)" "yes" \
	"$( [ "$ms" -lt 2000 ] && echo yes || echo no)"
release
wait $bg
rdma link add rxe1 type rxe netdev veth1
rdmactl roce forget rxe1 2>/dev/null

# Issue 32, item 1: a SET meeting a held rdma_cm/ does not wait there
# under generic netlink's lock. A family registering meanwhile
# (wireguard: genl_register_family() takes that lock for writing, and
# lookups queue behind it) holds up anyone's lookup no longer than the
# SET's bounded wait; the SET gives up at once, says why, changes
# nothing, and a kill would end it as soon.
modprobe wireguard && rmmod wireguard		# its dependencies, loaded now
# What a lone family lookup takes on this kernel and machine (fork and
# exec included): a lookup beside the family registering may take 0.8 s
# more, as in stall.sh. The SET and the GET below must end a second before
# the 6 s hold does (RHEL 10's kernel-debug, a module load under KASAN
# beside them, took 3.3 s, where the others take under 3).
took_ms genl ctrl list
gbase=$T_MS
before=$(cm_read rxe1 1)
hold $cm 6
beside_family /tmp/cfg-set.out rdmactl roce set rxe1/1 tos 16
t_eq "genl ctrl list while a roce set meets a held rdma_cm/ and a family registers: $look ms (alone: $gbase ms)" \
	yes "$( [ "$look" -lt $((gbase + 800)) ] && echo yes || echo no)"
t_eq "the roce set gives up before the listing ends ($took ms of 6 s)" "1 yes" \
	"$rc $( [ "$took" -lt 5000 ] && echo yes || echo no)"
t_match "saying that rdma_cm's directory is busy" "rdma_cm's configfs directory is busy" "$(</tmp/cfg-set.out)"
release
t_eq "and changed nothing" "$before" "$(cm_read rxe1 1)"
t_eq "nor remembered anything" "null" "$(rdmactl -j roce show rxe1/1 | jq -c '.[0].saved')"

# A GET, which anyone may send, reads an existing rdma_cm/<dev>: a listing
# of its ports/1/ held, and anyone's mkdir there queued behind it (the
# lock is taken before the permission check), hold up neither it nor
# generic netlink. (configfs keeps no attribute's dentry: each open looks
# the attribute up again under ports/1/'s lock.)
mkdir $cm/rxe1
hold $cm/rxe1/ports/1 6
nobody mkdir $cm/rxe1/ports/1/x 2>/dev/null &
mk=$!
sleep 0.2
beside_family /tmp/cfg-get.out nobody rdmactl -j roce show rxe1/1
t_eq "genl ctrl list while a roce show meets a held ports/1/ and a family registers: $look ms (alone: $gbase ms)" \
	yes "$( [ "$look" -lt $((gbase + 800)) ] && echo yes || echo no)"
t_eq "the roce show answers before the listing ends ($took ms of 6 s)" "0 yes" \
	"$rc $( [ "$took" -lt 5000 ] && echo yes || echo no)"
t_eq "from what it could read: not rdma_cm's directory" "unknown" \
	"$(jq -r '.[0].source' /tmp/cfg-get.out)"
release
wait $mk
rmdir $cm/rxe1

# Hardening round 4, item 1: the directory a SET or a probe makes for
# itself (rdma_cm/rxe1, removed after it), caught by anyone who may list
# rdma_cm/: an inotify watch says when it is made, and a listing of its
# ports/1/ into a userfaultfd page holds that directory's lock, which
# configfs's rmdir takes without a bound. The request ends without
# waiting for it, and generic netlink with it; the directory goes when
# the listing ends. ("stalled" proves the listing caught it.)
# (Real-time, so that it runs as soon as the mkdir wakes it: on one vCPU
# the race is otherwise the scheduler's; an attacker has more CPUs.)
watch_hold() {
	chrt -f 50 "$RDMACTL_TOP/build/tests/cfgstall" -w $cm $cm/$1/ports/1 "$2" >/tmp/cfgstall.out 2>&1 &
	stall=$!
	for i in $(seq 100); do grep -q watching /tmp/cfgstall.out && break; sleep 0.1; done
}
cm_gone() { [ ! -d $cm/$1 ]; }
before=$(cm_read rxe1 1)
watch_hold rxe1 6
beside_family /tmp/cfg-own.out rdmactl roce set rxe1/1 tos 24
t_eq "a listing of ports/1/ caught the roce set's own rdma_cm/rxe1" "stalled" \
	"$(grep -x stalled /tmp/cfgstall.out)"
t_eq "genl ctrl list while the SET meets it and a family registers: $look ms (alone: $gbase ms)" \
	yes "$( [ "$look" -lt $((gbase + 800)) ] && echo yes || echo no)"
# The listing may also hold the SET's own lookups in ports/1/ (then it
# says so, having changed nothing): which, is the scheduler's.
t_eq "the roce set ends before the listing does ($took ms of 6 s)" yes \
	"$( [ "$took" -lt 5000 ] && echo yes || echo no)"
[ "$rc" = 0 ] && after="RoCE v2 24" || after=$before
t_match "done, or said busy ($rc)" "^0$|rdma_cm's configfs directory is busy" \
	"$( [ "$rc" = 0 ] && echo 0 || cat /tmp/cfg-own.out)"
release
t_run "rdma_cm/rxe1 is removed once the listing ends" 0 until_ok 10 cm_gone rxe1
t_eq "rdma_cm's ToS is what the SET said" "$after" "$(cm_read rxe1 1)"
watch_hold rxe1 6
beside_family /tmp/cfg-own.out rdmactl -j roce show probe rxe1/1
t_eq "a listing of ports/1/ caught the probe's own rdma_cm/rxe1" "stalled" \
	"$(grep -x stalled /tmp/cfgstall.out)"
t_eq "genl ctrl list while the probe meets it and a family registers: $look ms (alone: $gbase ms)" \
	yes "$( [ "$look" -lt $((gbase + 800)) ] && echo yes || echo no)"
t_eq "the probe ends before the listing does ($took ms of 6 s)" yes \
	"$( [ "$took" -lt 5000 ] && echo yes || echo no)"
t_match "answered, or said busy ($rc)" "^0$|rdma_cm's configfs directory is busy" \
	"$( [ "$rc" = 0 ] && echo 0 || cat /tmp/cfg-own.out)"
release
t_run "rdma_cm/rxe1 is removed once the listing ends" 0 until_ok 10 cm_gone rxe1
[ "$rc" = 0 ] && ptos="RoCE v2 $(jq -r '.[0].tos' /tmp/cfg-own.out)" || ptos=$after
t_eq "the probe's ToS, if it answered, is rdma_cm's" "$ptos" "$(cm_read rxe1 1)"
rdmactl roce forget rxe1 2>/dev/null

# Hardening round 4, item 2: a ROCE dump's first call, under generic
# netlink's lock, waits for a held rdma_cm/ once for the call, not
# configfs_wait_ms (200 ms) for each device: with 40 more RoCE devices
# (the fake HCA's, on veths: the RHEL kernels have no dummy) a family
# registering beside a probe of them all waits no longer than beside one.
# The dump goes on from its next calls and lists every RoCE port sysfs
# has.
# (fakehca.sh, before this suite, unloads the fake HCA: loaded again.)
knobs=/sys/kernel/debug/rdmactl_fakehca
fake_ko=$RDMACTL_TOP/${RDMACTL_BUILD:-build/$(uname -r)}/tests/fakehca/rdmactl_fakehca.ko
fake_here=
fake_load() { [ -d $knobs ] || { insmod "$fake_ko" && fake_here=1; }; }
if t_expect "40 fake RoCE devices" '[ -f "$fake_ko" ]' \
	"the fake HCA is not built for $(uname -r)" fake_load; then
	fakes=()
	n0=$(wc -l <$knobs/devices)
	for i in $(seq 40); do
		ip link add rrd$i type veth peer name rrp$i &&
			echo "link_layer=roce netdevs=rrd$i" >$knobs/add &&
			fakes+=("$(tail -1 $knobs/devices)")
	done
	# Each made (on RHEL's kernels, dummy interfaces were not: the devices
	# never existed, and the last device there was went 40 times).
	t_eq "40 fake RoCE devices added (the fake's list)" "40 40" "$(($(wc -l <$knobs/devices) - n0)) ${#fakes[@]}"
	hold $cm 6
	beside_family /tmp/cfg-dump.out rdmactl -j roce show probe
	t_eq "genl ctrl list while a probe of 42 RoCE devices meets a held rdma_cm/ and a family registers: $look ms (alone: $gbase ms)" \
		yes "$( [ "$look" -lt $((gbase + 800)) ] && echo yes || echo no)"
	release
	t_eq "the dump lists every RoCE port sysfs has" \
		"$(grep -lx Ethernet /sys/class/infiniband/*/ports/*/link_layer | wc -l)" \
		"$(jq length /tmp/cfg-dump.out)"
	for d in "${fakes[@]}"; do echo "$d" >$knobs/remove; done
	for i in $(seq 40); do ip link del rrd$i 2>/dev/null; done
	[ -z "$fake_here" ] || rmmod rdmactl_fakehca
fi
rdma_cm_loaded && rdma_cm_unload >/dev/null

# A SET that waits in configfs (mkdir rdma_cm/rxe0) while rxe0's name
# passes to rxe1 writes nothing: rdma_cm writes by name, so it would land
# on rxe1, and be remembered under rxe0's GUID. (The SET waits 200 ms for
# configfs; the module's parameter lets this one wait long enough.)
wait_ms=/sys/module/rdmactl/parameters/configfs_wait_ms
# The parameter is bounded: a doit waits under generic netlink's lock.
t_run "configfs_wait_ms above 5000 ms is refused" 1 bash -c "echo 5001 >$wait_ms"
t_match "with EINVAL" "Invalid argument" "$T_ERR"
t_eq "and the value stays" "200" "$(<$wait_ms)"
t_match "the kernel log names the bound" "configfs_wait_ms: 5001 ms is more than the 5000 ms" \
	"$(dmesg | tail -20)"
echo 5000 >$wait_ms
modprobe rdma_cm
hold $cm 3
rdmactl roce set rxe0/1 tos 96 >/tmp/rename.out 2>&1 &
bg=$!
sleep 1
rdma dev set rxe0 name rxetmp
rdma dev set rxe1 name rxe0
release
rc=0
wait $bg || rc=$?
t_eq "roce set refuses a device renamed meanwhile" "1" "$rc"
# (rdma_cm's mkdir may also see the name between the two renames: gone.)
t_match "and says why" "renamed or replaced during the request|has not attached to the device" \
	"$(</tmp/rename.out)"
t_eq "the device now called rxe0 (rxe1) keeps rdma_cm's ToS" "RoCE v2 0" "$(cm_read rxe0 1)"
rdma dev set rxe0 name rxe1
rdma dev set rxetmp name rxe0
t_eq "nothing remembered for rxe0" "null" \
	"$(rdmactl -j roce show rxe0/1 | jq -c '.[0].saved')"
rdmactl roce forget rxe0 2>/dev/null
echo 200 >$wait_ms
rdma_cm_loaded && rdma_cm_unload >/dev/null

# Item 9: saved settings outlive an rdma_cm reload. rxe has RoCE v2 only,
# so the ToS is what tells rdma_cm's defaults from rdmactl's.
modprobe rdma_cm
rdmactl -j monitor >/tmp/rr-monitor 2>&1 &
mon=$!
# Subscribed once it has seen a change of ours.
for i in $(seq 50); do
	rdmactl roce set rxe1/1 tos 8
	sleep 0.1
	grep -q '"roce"' /tmp/rr-monitor && break
done
t_run "roce set rxe0/1 tos 32" 0 rdmactl roce set rxe0/1 tos 32
t_run "roce set rxe1/1 tos 64" 0 rdmactl roce set rxe1/1 tos 64
t_eq "rdma_cm has them" "RoCE v2 32|RoCE v2 64" "$(cm_read rxe0 1)|$(cm_read rxe1 1)"

# restored N: wait until N "restored" events are in the monitor's output.
restored() {
	for i in $(seq 100); do
		[ "$(jq -s '[.[] | select(.event == "roce" and .restored)] | length' /tmp/rr-monitor)" -ge "$1" ] &&
			return 0
		sleep 0.1
	done
	return 1
}

t_run "rdma_cm unloads again" 0 rdma_cm_unload
# Every RoCE port's defaults went with it, set by rdmactl or not.
for i in $(seq 50); do
	gone=$(jq -r 'select(.event == "roce" and .roce_unknown) | .ifname' /tmp/rr-monitor | sort | paste -sd' ')
	[ "$gone" = "rxe0 rxe1" ] && break
	sleep 0.1
done
t_eq "the events say each RoCE port's defaults are unknown" "rxe0 rxe1" "$gone"
t_run "and loads" 0 modprobe rdma_cm
t_run "rdmactl announces the restores" 0 restored 2
t_eq "after the reload rdma_cm has them again" "RoCE v2 32|RoCE v2 64" "$(cm_read rxe0 1)|$(cm_read rxe1 1)"
t_eq "the events say so" "rxe0 32 true|rxe1 64 true" \
	"$(jq -r 'select(.event == "roce" and .restored) | "\(.ifname) \(.roce_tos) \(.restored)"' /tmp/rr-monitor | sort | paste -sd'|')"

# rdma_cm's client is now newer than rdmactl's: ib_core calls rdmactl's
# add() first when rxe0 registers again.
log0=$(dmesg | wc -l)
rdma link delete rxe0
rdma link add rxe0 type rxe netdev veth0
t_run "rxe0 registered again: rdmactl announces the restore" 0 restored 3
t_eq "its ToS is back" "RoCE v2 32" "$(cm_read rxe0 1)"
t_eq "nothing in the kernel log about it" "" "$(dmesg | tail -n +$((log0 + 1)) | grep -i 'cannot restore')"
t_eq "and it reads as applied" "applied 32" \
	"$(nobody rdmactl -j roce show rxe0/1 | jq -r '.[0] | "\(.source) \(.tos)"')"

# Hardening round 4, item 3: a listing of rdma_cm/ (anyone may make one)
# during a re-registration delays the restore and never defeats it:
# rdmactl says so once (a delayed event, the kernel log) and tries again
# for as long as the device lives. The listing outlasts the ten tries
# (about 13 s) that ended in a failed restore before.
rxe0_back() {
	[ "$(jq -s '[.[] | select(.event == "roce" and .restored and .ifname == "rxe0" and
		.roce_tos == 32)] | length' /tmp/rr-monitor)" -gt "$n0" ]
}
n0=$(jq -s '[.[] | select(.event == "roce" and .restored and .ifname == "rxe0" and
	.roce_tos == 32)] | length' /tmp/rr-monitor)
log0=$(dmesg | wc -l)
hold $cm 16
rdma link delete rxe0
rdma link add rxe0 type rxe netdev veth0
wait $stall
t_run "rxe0 registered again beside a 16 s listing of rdma_cm/: the restore lands after it" 0 \
	until_ok 30 rxe0_back
t_eq "its ToS is back" "RoCE v2 32" "$(cm_read rxe0 1)"
t_eq "an event said it was delayed, neither restored nor failed" "rxe0 false none" \
	"$(jq -r 'select(.event == "roce" and .delayed) |
		"\(.ifname) \(.restored // false) \(.roce_errno // "none")"' /tmp/rr-monitor)"
t_eq "none said it failed" "" "$(jq -r 'select(.event == "roce" and .roce_error) | .ifname' /tmp/rr-monitor)"
t_eq "the kernel log says so once" "1" \
	"$(dmesg | tail -n +$((log0 + 1)) | grep -c 'RoCE settings of rxe0 is delayed')"
# One directory deeper: rdma_cm/rxe0 an administrator's (it outlives the
# device), its ports/1/ listed during the re-registration.
mkdir $cm/rxe0
n0=$(jq -s '[.[] | select(.event == "roce" and .restored and .ifname == "rxe0" and
	.roce_tos == 32)] | length' /tmp/rr-monitor)
hold $cm/rxe0/ports/1 16
rdma link delete rxe0
rdma link add rxe0 type rxe netdev veth0
wait $stall
t_run "with a 16 s listing of rdma_cm/rxe0/ports/1 too, the restore lands after it" 0 \
	until_ok 30 rxe0_back
t_eq "its ToS is back" "RoCE v2 32" "$(cm_read rxe0 1)"
t_eq "two delayed events in all, no failed one" "2 0" \
	"$(jq -s '[.[] | select(.event == "roce" and .delayed)] | length' /tmp/rr-monitor) $(jq -s \
		'[.[] | select(.event == "roce" and .roce_error)] | length' /tmp/rr-monitor)"
rmdir $cm/rxe0

kill $mon
mon=

# Item 2: unload is bounded. rxe0 registers again, with settings saved,
# while a listing holds rdma_cm/: the restore meets the held directory,
# and rmmod does not wait for the listing to end.
hold $cm 8
rdma link delete rxe0
rdma link add rxe0 type rxe netdev veth0
sleep 0.5
t0=$(now)
t_run "rmmod rdmactl while its restore meets a held rdma_cm/" 0 rmmod rdmactl
ms=$(ms_since "$t0")
t_eq "within 2 s ($ms ms; the listing holds it 8 s)" yes "$( [ "$ms" -lt 2000 ] && echo yes || echo no)"
t_run "and insmod" 0 insmod "$RDMACTL_MODULE"
release

# Item 1 on the restore's path: rxe0 registers again with a ToS kept, and
# the restore's own rdma_cm/rxe0 is caught as above. Its removal waits
# for the listing to end, holding nothing meanwhile, and the restore lands
# after it; during a second such listing rmmod unloads at once, leaving
# the directory, which the kernel log names (an administrator removes it).
modprobe rdma_cm
t_run "roce set rxe0/1 tos 40" 0 rdmactl roce set rxe0/1 tos 40
log0=$(dmesg | wc -l)
watch_hold rxe0 6
rdma link delete rxe0
rdma link add rxe0 type rxe netdev veth0
caught() { grep -qx stalled /tmp/cfgstall.out; }
# caught_in S: caught within S seconds, or what cfgstall and the kernel said.
caught_in() {
	until_ok "$1" caught && return
	echo "cfgstall: $(tr '\n' ' ' </tmp/cfgstall.out)"
	dmesg | tail -6
	return 1
}
t_run "the restore's own rdma_cm/rxe0 caught by a listing of its ports/1/" 0 caught_in 10
t_run "its removal waits, said in the kernel log" 0 until_ok 10 eval \
	"dmesg | tail -n +$((log0 + 1)) | grep -q 'rdma_cm/rxe0: its removal waits for a listing of it to end'"
took_ms genl ctrl list
t_eq "genl ctrl list meanwhile ($T_MS ms; alone: $gbase ms)" yes \
	"$( [ "$T_MS" -lt $((gbase + 800)) ] && echo yes || echo no)"
release
rxe0_applied() { [ "$(rdmactl -j roce show rxe0/1 | jq -r '.[0] | "\(.source) \(.tos)"')" = "applied 40" ]; }
t_run "once the listing ends, the restore lands" 0 until_ok 15 rxe0_applied
t_run "and rdma_cm/rxe0 is removed" 0 until_ok 10 cm_gone rxe0
t_eq "rdma_cm has the ToS" "RoCE v2 40" "$(cm_read rxe0 1)"
watch_hold rxe0 8
rdma link delete rxe0
rdma link add rxe0 type rxe netdev veth0
t_run "caught again" 0 caught_in 10
t0=$(now)
t_run "rmmod rdmactl meanwhile" 0 until_ok 2 rmmod rdmactl
ms=$(ms_since "$t0")
t_eq "at once ($ms ms; the listing holds it 8 s)" yes "$( [ "$ms" -lt 2000 ] && echo yes || echo no)"
t_match "the kernel log names the directory left" "configfs rdma_cm/rxe0 left" "$(dmesg | tail -20)"
release
t_run "which an administrator removes" 0 rmdir $cm/rxe0
t_run "and insmod" 0 insmod "$RDMACTL_MODULE"

# configfs_wait_ms above the bound at load (an old modprobe.d line) is
# taken as the bound, said in the kernel log: the module still loads.
rmmod rdmactl
t_run "insmod rdmactl configfs_wait_ms=9000 loads" 0 insmod "$RDMACTL_MODULE" configfs_wait_ms=9000
t_eq "with the bound" "5000" "$(<$wait_ms)"
t_match "said in the kernel log" "configfs_wait_ms: 9000 ms is more than the 5000 ms .*: 5000 ms" \
	"$(dmesg | tail -20)"
rmmod rdmactl
insmod "$RDMACTL_MODULE"
t_done
