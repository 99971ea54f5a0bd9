#!/bin/bash
# rdmactl gid and roce: GID tables against sysfs and ibv_devinfo -v, the
# entry of an address, rdma_cm's RoCE defaults driven by the module on its
# own configfs mount (read back through user space's), refusals that change
# nothing, settings that outlive the device, and rdma_cm connections that
# use the ToS set (captured on the wire).
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
cm=/sys/kernel/config/rdma_cm
nlraw=$RDMACTL_TOP/build/tests/nlraw
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"; }

# Entries as "port index gid type netdev" lines, sorted, from each source.
# GIDs are normalised to 32 hex digits; types to ib, v1, v2.
gids_sysfs() {
	python3 - "$1" <<'EOF'
import os, sys, ipaddress
dev = sys.argv[1]
base = f"/sys/class/infiniband/{dev}/ports"
out = []
for port in sorted(os.listdir(base), key=int):
    p = f"{base}/{port}"
    ll = open(f"{p}/link_layer").read().strip()
    for i in sorted(os.listdir(f"{p}/gids"), key=int):
        try:
            t = open(f"{p}/gid_attrs/types/{i}").read().strip()
        except OSError:
            continue                        # an empty slot
        g = ipaddress.IPv6Address(open(f"{p}/gids/{i}").read().strip()).packed.hex()
        t = "v2" if t == "RoCE v2" else ("v1" if ll == "Ethernet" else "ib")
        try:
            nd = open(f"{p}/gid_attrs/ndevs/{i}").read().strip()
        except OSError:
            nd = "-"
        out.append(f"{port} {i} {g} {t} {nd}")
print("\n".join(sorted(out)))
EOF
}

gids_rdmactl() {
	rdmactl -j gid show "$@" >/tmp/roce-gids.json || return
	python3 - /tmp/roce-gids.json <<'EOF'
import ipaddress, json, sys
rows = []
for g in json.load(open(sys.argv[1])):
    gid = ipaddress.IPv6Address(g["gid"]).packed.hex()
    rows.append(f"{g['port']} {g['index']} {gid} {g['type']} {g.get('netdev', '-')}")
print("\n".join(sorted(rows)))
EOF
}

# ibv_devinfo -v has no netdevs: "port index gid type" lines.
gids_devinfo() {
	ibv_devinfo -v -d "$1" | python3 -c '
import ipaddress, re, sys
port, rows = None, []
for line in sys.stdin:
    m = re.match(r"\s*port:\s*(\d+)", line)
    if m:
        port = m.group(1)
    m = re.match(r"\s*GID\[\s*(\d+)\]:\s*(\S+?),?\s+(.*)$", line)
    if m:
        t = m.group(3).strip().lower()
        t = {"roce v2": "v2", "roce v1": "v1", "ib": "ib"}.get(t, t)
        rows.append(f"{port} {m.group(1)} {ipaddress.IPv6Address(m.group(2)).packed.hex()} {t}")
print("\n".join(sorted(rows)))'
}

no_ndev() { cut -d" " -f1-4; }

# The module sees what sysfs and verbs see, entry for entry.
for d in rxe0 rxe1; do
	t_eq "$d GIDs = sysfs gids, types, ndevs" "$(gids_sysfs $d)" "$(gids_rdmactl $d)"
	t_eq "$d GIDs = ibv_devinfo -v" "$(gids_devinfo $d)" "$(gids_rdmactl $d | no_ndev)"
done
before=$(gids_rdmactl rxe0 | wc -l)

ip addr add 192.0.2.1/24 dev veth0
ip addr add 2001:db8::1/64 dev veth0 nodad
# veth0 as it was, however the suite ends: the suites after this one in
# the same boot (tests/vm/run --line) count its GID entries.
trap 'ip addr del 192.0.2.1/24 dev veth0; ip addr del 2001:db8::1/64 dev veth0' EXIT
for i in $(seq 50); do
	[ "$(gids_sysfs rxe0 | wc -l)" -ge $((before + 2)) ] && break
	sleep 0.1
done
t_eq "an IPv4 and an IPv6 address: two more entries (rxe: RoCE v2 only)" \
	"$((before + 2))" "$(gids_rdmactl rxe0 | wc -l)"
t_eq "rxe0 GIDs after the addresses = sysfs" "$(gids_sysfs rxe0)" "$(gids_rdmactl rxe0)"
t_eq "rxe0 GIDs after the addresses = ibv_devinfo -v" "$(gids_devinfo rxe0)" \
	"$(gids_rdmactl rxe0 | no_ndev)"

g=/sys/class/infiniband/rxe0/ports/1/gids
t_run "gid find --ip 192.0.2.1" 0 rdmactl -j gid find --ip 192.0.2.1 --type v2
idx=$(jq -r '.[0].index' <<<"$T_OUT")
t_eq "one entry for 192.0.2.1" "1" "$(jq length <<<"$T_OUT")"
t_eq "its sysfs entry holds 192.0.2.1" "0000:0000:0000:0000:0000:ffff:c000:0201" "$(<$g/$idx)"
t_eq "printed as IPv4 too" "192.0.2.1" "$(jq -r '.[0].ipv4' <<<"$T_OUT")"
t_run "gid find --ip 2001:db8::1" 0 rdmactl -j gid find --ip 2001:db8::1
idx=$(jq -r '.[0].index' <<<"$T_OUT")
t_eq "its sysfs entry holds 2001:db8::1" "2001:0db8:0000:0000:0000:0000:0000:0001" "$(<$g/$idx)"
t_eq "and the text columns say so" "rxe0 1 $idx v2 veth0" \
	"$(rdmactl gid find --ip 2001:db8::1 | awk 'NR == 2 { print $1, $2, $3, $5, $6 }')"
t_run "gid find of an address nobody has" 1 rdmactl gid find --ip 192.0.2.99
t_match "says which" "no GID 0000:0000:0000:0000:0000:ffff:c000:0263|no GID ::ffff:192.0.2.99" "$T_ERR"
t_run "gid find of a word" 2 rdmactl gid find --ip nonsense
t_eq "--type v1 on rxe: nothing (rxe has RoCE v2 only)" "[]" "$(rdmactl -j gid show rxe0 --type v1)"
t_eq "--netdev veth1: rxe1's entries only" "rxe1" \
	"$(rdmactl -j gid show --netdev veth1 | jq -r '[.[].ifname] | unique | join(",")')"
t_run "gid show of a port that does not exist" 1 rdmactl gid show rxe0/2
t_eq "names the device and the port" \
	"rdmactl: rxe0: port 2 does not exist: the device has port 1 only" "$T_ERR"

# GID_GET as a doit, and its refusals.
t_run "GID_GET doit: index 0" 0 "$nlraw" GID_GET DEV_NAME:strz:rxe0 PORT_INDEX:u32:1 GID_INDEX:u32:0
t_run "GID_GET doit: an empty slot" 1 "$nlraw" GID_GET DEV_NAME:strz:rxe0 PORT_INDEX:u32:1 GID_INDEX:u32:1000
t_eq "says it is empty" "error 61: GID index 1000 of port 1 is empty" "$T_OUT"
t_run "GID_GET doit: beyond the table" 1 "$nlraw" GID_GET DEV_NAME:strz:rxe0 PORT_INDEX:u32:1 GID_INDEX:u32:5000
t_match "says it is beyond, and the table's size" \
	"^error 61: GID index 5000 is beyond port 1's table \\([0-9]+ entries\\)$" "$T_OUT"
t_run "GID_GET doit without an index" 1 "$nlraw" GID_GET DEV_NAME:strz:rxe0 PORT_INDEX:u32:1
t_match "asks for it" "set the port number and the GID index" "$T_OUT"

# RoCE defaults on rxe, read back through user space's configfs.
mode() { mkdir -p $cm/$1 && cat $cm/$1/ports/$2/default_roce_mode; rmdir $cm/$1; }
tos() { mkdir -p $cm/$1 && cat $cm/$1/ports/$2/default_roce_tos; rmdir $cm/$1; }

# Before 5.14 configfs files have no read_iter/write_iter, so no module
# can read or write them (kernel_read() refuses): rdmactl says so and
# changes nothing. The rest of this file needs them.
kv=$(uname -r)
if [ "$(printf '%s\n' 5.14 "${kv%%-*}" | sort -V | head -1)" != 5.14 ]; then
	no_io="rdmactl: rxe0: this kernel's configfs (before 5.14) cannot be read or written from a module: use /sys/kernel/config/rdma_cm"
	tos0=$(tos rxe0 1)
	t_run "$kv: roce show" 0 rdmactl -j roce show rxe0/1
	t_eq "says the defaults are unknown" "unknown" "$(jq -r '.[0].source' <<<"$T_OUT")"
	t_run "$kv: roce show --probe" 1 rdmactl roce show --probe rxe0/1
	t_eq "is refused with the reason" "$no_io" "$T_ERR"
	t_run "$kv: roce set rxe0/1 tos 106" 1 rdmactl roce set rxe0/1 tos 106
	t_eq "is refused with the reason" "$no_io" "$T_ERR"
	t_eq "and changes nothing in rdma_cm" "$tos0" "$(tos rxe0 1)"
	t_eq "nor leaves a directory in rdma_cm's configfs" "" "$(ls $cm)"
	t_done
	exit
fi
t_eq "roce show --probe rxe0/1 = configfs" "$(mode rxe0 1 | sed 's/RoCE v2/v2/; s/IB\/RoCE v1/v1/') $(tos rxe0 1)" \
	"$(rdmactl -j roce show --probe rxe0/1 | jq -r '.[0] | "\(.mode) \(.tos)"')"
t_eq "roce show rxe0/1, nothing applied, no rdma_cm/rxe0: unknown" "unknown null" \
	"$(rdmactl -j roce show rxe0/1 | jq -r '.[0] | "\(.source) \(.mode)"')"
t_eq "rxe supports RoCE v2 only" '["v2"]' "$(rdmactl -j roce show rxe0/1 | jq -c '.[0].supported')"
t_run "roce set rxe0/1 mode v1" 1 rdmactl roce set rxe0/1 mode v1
t_eq "is refused with the reason" "rdmactl: rxe0: port 1 supports RoCE v2 only" "$T_ERR"
t_eq "and changes nothing in rdma_cm" "RoCE v2" "$(mode rxe0 1)"
t_eq "nor remembers anything" "null" "$(rdmactl -j roce show rxe0/1 | jq -c '.[0].saved')"
t_run "roce set rxe0/1 mode v1 tos 106: refused as a whole" 1 rdmactl roce set rxe0/1 mode v1 tos 106
t_eq "the ToS is unchanged too" "0" "$(tos rxe0 1)"
t_run "roce set rxe0/1 tos 106" 0 rdmactl roce set rxe0/1 tos 106
t_eq "rdma_cm's configfs reads 106" "106" "$(tos rxe0 1)"
t_eq "roce show says 106, saved" "106 106" \
	"$(rdmactl -j roce show rxe0/1 | jq -r '.[0] | "\(.tos) \(.saved.tos)"')"
t_eq "no configfs directory left behind" "" "$(ls $cm)"
t_run "roce set rxe0 tos 0x20 (every port)" 0 rdmactl roce set rxe0 tos 0x20
t_eq "hex ToS reaches rdma_cm" "32" "$(tos rxe0 1)"
t_run "unprivileged roce set" 1 nobody rdmactl roce set rxe0/1 tos 1
t_match "gets EPERM, said plainly" "[Oo]peration not permitted|CAP_NET_ADMIN" "$T_ERR"
t_eq "and changes nothing" "32" "$(tos rxe0 1)"
t_run "unprivileged roce show" 0 nobody rdmactl -j roce show rxe0/1
t_eq "reads the same" "32" "$(jq -r '.[0].tos' <<<"$T_OUT")"
t_run "roce set of a ToS out of range" 2 rdmactl roce set rxe0/1 tos 256
t_run "ROCE_SET with a mode that is no RoCE mode" 1 "$nlraw" ROCE_SET DEV_NAME:strz:rxe0 ROCE_MODE:u8:7
t_eq "the policy refuses it (NLA_POLICY_RANGE)" "error 34: integer out of range" "$T_OUT"
t_run "ROCE_SET with nothing to set" 1 "$nlraw" ROCE_SET DEV_NAME:strz:rxe0
t_match "says so" "nothing to set" "$T_OUT"
t_run "ROCE_SET clear with a ToS" 1 "$nlraw" ROCE_SET DEV_NAME:strz:rxe0 ROCE_CLEAR:hex: ROCE_TOS:u8:1
t_match "says clear takes none" "clear forgets the saved settings" "$T_OUT"
t_run "roce show of an InfiniBand port" 1 rdmactl roce show fakeib0/1
t_eq "is refused, naming it" "rdmactl: fakeib0: port 1 is InfiniBand, not RoCE: it has no RoCE mode" "$T_ERR"
t_run "roce set of an InfiniBand device" 1 rdmactl roce set fakeib0 tos 1
t_match "is refused the same way" "^rdmactl: fakeib0: port 1 is InfiniBand, not RoCE" "$T_ERR"
t_run "roce set of a device that does not exist" 1 rdmactl roce set nosuch0 tos 1
t_match "names it" "nosuch0" "$T_ERR"

# rdma_cm connects with the ToS set: rping and ucmatose between rxe0 and
# rxe1 over link-local addresses, RoCE v2 packets captured on veth1.
ll() { ip -6 -o addr show dev "$1" scope link | awk '{ print $4 }' | cut -d/ -f1; }
a0="$(ll veth0)%veth0"
a1="$(ll veth1)%veth1"
rdmactl roce set rxe0 tos 106 && rdmactl roce set rxe1 tos 106
python3 - >/tmp/roce-capture <<'EOF' &
import socket, struct, time
s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(0x86dd))
s.bind(("veth1", 0))
s.settimeout(0.5)
seen, end = {}, time.time() + 12
print("ready", flush=True)
while time.time() < end:
    try:
        p = s.recv(2048)[14:]
    except socket.timeout:
        continue
    if p[6] == 17 and struct.unpack("!H", p[42:44])[0] == 4791:
        tc = ((p[0] & 0xf) << 4) | (p[1] >> 4)
        seen[tc] = seen.get(tc, 0) + 1
print(" ".join(f"{k}:{v}" for k, v in sorted(seen.items())))
EOF
cap=$!
for i in $(seq 50); do grep -q ready /tmp/roce-capture && break; sleep 0.1; done
# listening PORT: until rdma_cm has a listener on that port.
listening() {
	for i in $(seq 100); do
		rdma res show cm_id src-port "$1" 2>/dev/null | grep -q LISTEN && return 0
		sleep 0.1
	done
	return 1
}
timeout 20 rping -s -a "$a1" -C 5 >/dev/null 2>&1 &
srv=$!
t_run "the rping server listens (rdma res show cm_id)" 0 listening 7174
# Where RC traffic completes (t_rxe_rc: not on RHEL 10's rxe).
if ! t_rxe_rc; then
	t_skip "rping and ucmatose between rxe0 and rxe1" "not on $(uname -r) (t_rxe_rc)"
else
	t_run "rping between rxe0 and rxe1 after the ToS change" 0 timeout 20 rping -c -a "$a1" -I "$a0" -C 5 -v
	t_eq "5 pings came back" "5" "$(grep -c 'ping data' <<<"$T_OUT")"
	timeout 20 ucmatose -b "$a1" -c 2 -C 5 >/dev/null 2>&1 &
	t_run "the ucmatose server listens" 0 listening 7471
	t_run "ucmatose between rxe0 and rxe1" 0 timeout 20 ucmatose -s "$a1" -b "$a0" -c 2 -C 5
	wait $cap
	t_match "every RoCE v2 packet carried traffic class 106" "^106:[0-9]+$" "$(tail -1 /tmp/roce-capture)"
fi
# Not waited for: an rping whose traffic never completed may not heed
# its timeout (RHEL 10's rxe); the capture ends by itself.
kill $srv 2>/dev/null
wait $cap

# A fake RoCE device supports both: switch, and survive re-registration.
ip link add vr0 type veth peer name vr1
ip link set vr0 up
ip link set vr1 up
echo "link_layer=roce netdevs=vr0 state=active" >$knobs/add
r=$(tail -1 $knobs/devices)
t_eq "$r GIDs = sysfs (v1 and v2 entries)" "$(gids_sysfs $r)" "$(gids_rdmactl $r)"
t_match "both types in its table" "v1.*v2|v2.*v1" "$(gids_rdmactl $r | awk '{ print $4 }' | sort -u | xargs)"
t_eq "$r supports v1 and v2" '["v1","v2"]' "$(rdmactl -j roce show $r/1 | jq -c '.[0].supported')"
t_run "roce set $r mode v1" 0 rdmactl roce set $r mode v1
t_eq "configfs reads IB/RoCE v1" "IB/RoCE v1" "$(mode $r 1)"
t_run "roce set $r/1 mode v2" 0 rdmactl roce set $r/1 mode v2
t_eq "configfs reads RoCE v2" "RoCE v2" "$(mode $r 1)"

# A ROCE_GET dump whose message fills in the middle of a device resumes at
# the first port it did not send: 64 ports on vr0, read 4 KiB at a time.
t_run "a fake RoCE device of 64 ports" 0 sh -c "echo 'link_layer=roce ports=64 netdevs=vr0' >$knobs/add"
wide=$(tail -1 $knobs/devices)
t_run "it is not $r" 1 test "$wide" = "$r"
pa=$("$nlraw" --number PORT_INDEX)
t_run "ROCE_GET dump of $wide's 64 ports" 0 "$nlraw" --small --dump ROCE_GET DEV_NAME:strz:$wide
t_match "the answer took more than one message" "nlraw: ([2-9]|[1-9][0-9]+) reads" "$T_ERR"
t_eq "every port once, in order" "$(seq 1 64 | xargs)" \
	"$(grep -o " $pa=[0-9]*" <<<"$T_OUT" | cut -d= -f2 | xargs)"
[ "$wide" = "$r" ] || echo "$wide" >$knobs/remove

# Without configfs in user space: unmounted here, and from a mount
# namespace that never had it.
rdmactl -j monitor >/tmp/roce-monitor 2>&1 &
mon=$!
# Subscribed once it has seen a change of ours (ToS 70, left out below).
for i in $(seq 50); do
	rdmactl roce set $r tos 70
	sleep 0.1
	grep -q '"roce"' /tmp/roce-monitor && break
done
umount /sys/kernel/config
t_run "roce set with configfs unmounted" 0 rdmactl roce set $r mode v1 tos 72
t_run "roce set from a mount namespace without configfs" 0 \
	unshare -m sh -c "umount /sys/kernel/config 2>/dev/null; rdmactl roce set $r tos 74"
mount -t configfs configfs /sys/kernel/config
t_eq "both reached rdma_cm" "IB/RoCE v1 74" "$(mode $r 1) $(tos $r 1)"

# Re-registration: remove the device and add it again on the same netdev.
g=$(</sys/class/infiniband/$r/node_guid)
echo "$r" >$knobs/remove
echo "link_layer=roce netdevs=vr0 state=active" >$knobs/add
r2=$(tail -1 $knobs/devices)
t_eq "the same node comes back (sysfs: the removed device's node GUID)" "$g" \
	"$(</sys/class/infiniband/$r2/node_guid)"
# They are applied again by a work item, once rdma_cm has attached.
for i in $(seq 100); do
	[ "$(jq -s '[.[] | select(.event == "roce" and .restored)] | length' /tmp/roce-monitor)" -ge 1 ] && break
	sleep 0.1
done
t_eq "its settings were applied again" "IB/RoCE v1 74" "$(mode $r2 1) $(tos $r2 1)"
t_eq "and are still saved" "v1 74" "$(rdmactl -j roce show $r2/1 | jq -r '.[0].saved | "\(.mode) \(.tos)"')"
sleep 0.5
t_eq "monitor: the changes, then the restore" "roce v1 72 false|roce v1 74 false|roce v1 74 true" \
	"$(jq -r 'select(.event == "roce" and .roce_tos != 70) | "\(.event) \(.roce_mode) \(.roce_tos) \(.restored)"' /tmp/roce-monitor | paste -sd'|')"
t_run "roce forget $r2" 0 rdmactl roce forget $r2
t_eq "nothing saved any more" "null" "$(rdmactl -j roce show $r2/1 | jq -c '.[0].saved')"
t_run "a second forget, with nothing saved" 0 rdmactl roce forget $r2
sleep 0.5
kill $mon
t_eq "monitor: the forget is an event, the one that changed nothing is not" "$r2 1 true" \
	"$(jq -r 'select(.event == "roce" and .forgotten) | "\(.ifname) \(.port) \(.forgotten)"' /tmp/roce-monitor)"
t_eq "rdma_cm keeps its values" "IB/RoCE v1" "$(mode $r2 1)"
echo "$r2" >$knobs/remove
echo "link_layer=roce netdevs=vr0 state=active" >$knobs/add
r3=$(tail -1 $knobs/devices)
t_eq "forgotten: a new registration has rdma_cm's defaults" "RoCE v2 0" "$(mode $r3 1) $(tos $r3 1)"

# The same node back as a device without the saved mode: rxe on vr0 has
# the fake's node GUID but RoCE v2 only. The restore fails, as an event.
rdmactl roce set $r3/1 mode v1
g3=$(</sys/class/infiniband/$r3/node_guid)
echo "$r3" >$knobs/remove
rdmactl -j monitor >/tmp/roce-monitor2 2>&1 &
mon=$!
sleep 0.5
rdma link add rxe9 type rxe netdev vr0
t_eq "rxe9 is the same node (sysfs)" "$g3" "$(</sys/class/infiniband/rxe9/node_guid)"
for i in $(seq 100); do
	grep -q roce_error /tmp/roce-monitor2 && break
	sleep 0.1
done
kill $mon
t_eq "the failed restore is an event with its error" "rxe9 1 true 95" \
	"$(jq -r 'select(.event == "roce") | "\(.ifname) \(.port) \(.restored) \(.roce_errno)"' /tmp/roce-monitor2)"
t_eq "and rxe9 keeps rdma_cm's defaults" "RoCE v2 0" "$(mode rxe9 1) $(tos rxe9 1)"
rdmactl roce forget rxe9
rdma link delete rxe9
ip link del vr0
rdmactl roce forget rxe0 && rdmactl roce forget rxe1

t_done
