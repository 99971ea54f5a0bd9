#!/bin/bash
# The kernel's own netlink client, ynl (Debian's linux-source-6.12), drives
# every operation from Documentation/netlink/specs/rdmactl.yaml alone, and
# its answers are rdmactl -j's: dumps and dos, sets as root and refused to
# an unprivileged caller, and the events group. The loaded module's
# policies, dumped by ynl through nlctrl, are the spec's requests.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
tree=$RDMACTL_TOP/build/ynl
cli=$tree/tools/net/ynl/cli.py
spec=$RDMACTL_TOP/Documentation/netlink/specs/rdmactl.yaml
# The schema is checked on the build machine (tests/spec.sh). ynl-cli runs
# cli.py with libyaml's loader: seconds less per call in the VM. Root's
# calls go to one ynl-cli --serve, which runs cli.py for each in one
# process (about 3 s less a call); nobody's and the subscriber are
# processes of their own.
run=$RDMACTL_TOP/tests/integration/ynl-cli
[ -f "$tree/done" ] || { t_fail "ynl is not unpacked in build/ynl (tests/ynl-tree)"; t_done; exit; }
coproc YNL_SERVE { python3 "$run" --serve "$cli" /tmp/ynl-serve.out /tmp/ynl-serve.err; }
# Plain descriptors, which every subshell (t_run's) has.
exec 7>&"${YNL_SERVE[1]}" 8<&"${YNL_SERVE[0]}"
ynl_serve() {
	local rc IFS=$'\x1f'
	printf '%s\n' "$*" >&7
	read -r rc <&8 || { echo "ynl.sh: ynl-cli --serve is gone" >&2; return 125; }
	cat /tmp/ynl-serve.out
	cat /tmp/ynl-serve.err >&2
	return "$rc"
}
ynl() { ynl_serve --spec "$spec" --no-schema --output-json "$@"; }
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"; }
# ynl as nobody: its error, not JSON. nobody may not reach the tree (a
# clone in a directory only its owner enters), so it runs a copy.
pub=$(mktemp -d)
cp -r "$tree/tools" "$spec" "$run" "$pub/"
chmod -R a+rX "$pub"
ynl_nobody() {
	nobody python3 "$pub/ynl-cli" "$pub/tools/net/ynl/cli.py" --spec "$pub/rdmactl.yaml" --no-schema "$@"
}

# The RoCE port: rxe0's, or on DOCA-OFED, which has no Soft-RoCE
# (lines.sh), the fake HCA's RoCE personality's on a veth of its own.
rdev=rxe0 radded=
if [ -n "${RDMACTL_OFED:-}" ]; then
	ip link add ynl-r0 type veth peer name ynl-r1
	echo "link_layer=roce netdevs=ynl-r0 state=active" >$knobs/add
	rdev=$(tail -1 $knobs/devices) radded=$rdev
fi
modprobe rdma_cm
tos=$(rdmactl -j roce show $rdev/1 | jq -r '.[0].tos // 0')
# Before 5.14 no module can write configfs (Documentation/roce.md): there
# the set is refused, saying so, and there is no RoCE event.
cfs=1
rdmactl roce show --probe $rdev/1 2>&1 | grep -q "before 5.14" && cfs=0
ip link set ib0 up

# Every dump and do against rdmactl -j, sets as root and refused to
# nobody: the spec against the module's own code, the same on every line
# (t_once). The events group and the policies, below, are each kernel's.
if t_once; then
	# Devices: the dump, and a do by name.
	t_run "ynl --dump dev-get" 0 ynl --dump dev-get
	t_eq "names every device rdmactl dev show does, with index, driver and ports" \
		"$(rdmactl -j dev show | jq -c '[.[] | [.ifindex, .ifname, .driver, .ports]] | sort')" \
		"$(jq -c '[.[] | [."dev-index", ."dev-name", ."dev-driver", ."dev-num-ports"]] | sort' <<<"$T_OUT")"
	t_run "ynl --do dev-get by name" 0 ynl --do dev-get --json '{"dev-name": "fakeib0"}'
	guid=$(rdmactl -j dev show fakeib0 | jq -r '.[0].node_guid' | tr -d :)
	t_eq "its index and node GUID" \
		"$(rdmactl -j dev show fakeib0 | jq -r '.[0].ifindex') $(printf %016x $((16#$guid)))" \
		"$(jq -r '."dev-index"' <<<"$T_OUT") $(printf %016x $(($(jq -r '."dev-node-guid"' <<<"$T_OUT"))))"

	# Ports.
	echo active >$knobs/fakeib0/port1/state
	echo 0x42 >$knobs/fakeib0/port1/lid
	t_run "ynl --dump port-get" 0 ynl --dump port-get
	t_eq "every port, its state and link layer" \
		"$(rdmactl -j port show | jq -c '[.[] | [.ifname, .port, (.state | ascii_downcase | gsub("_"; "-")),
			(.link_layer | ascii_downcase)]] | sort')" \
		"$(jq -c '[.[] | [."dev-name", ."port-index", ."port-state", ."port-link-layer"]] | sort' <<<"$T_OUT")"
	t_run "ynl --do port-get" 0 ynl --do port-get --json '{"dev-name": "fakeib0", "port-index": 1}'
	t_eq "its LID and rate" "$(rdmactl -j port show fakeib0/1 | jq -r '.[0] | "\(.lid) \(.rate_mbps)"')" \
		"$(jq -r '"\(."port-lid") \(."port-rate")"' <<<"$T_OUT")"

	# Counters: the same names from each source; a reset as root, refused to
	# nobody.
	t_run "ynl --do stat-get" 0 ynl --do stat-get --json '{"dev-name": "fakeib0", "port-index": 1}'
	t_eq "the counters of rdmactl stat show, by source" \
		"$(rdmactl -j stat show fakeib0/1 | jq -c '[.[0].counters[] | [.source, .name]] | sort')" \
		"$(jq -c '[."stat-counter"[] | [(."counter-source" | gsub("-"; "_")), ."counter-name"]] | sort' <<<"$T_OUT")"
	t_run "ynl --dump stat-get" 0 ynl --dump stat-get
	t_eq "one reply per port rdmactl stat show lists" \
		"$(rdmactl -j stat show | jq -c '[.[] | [.ifname, .port]] | sort')" \
		"$(jq -c '[.[] | [."dev-name", ."port-index"]] | sort' <<<"$T_OUT")"
	t_run "ynl --do stat-reset as root" 0 ynl --do stat-reset --json '{"dev-name": "fakeib0", "port-index": 1}'
	t_eq "records a baseline" "true" \
		"$(rdmactl -j stat show fakeib0/1 --baseline | jq -r '.[0].baseline_ns > 0')"
	t_run "ynl --do stat-reset as nobody" 1 ynl_nobody --do stat-reset --json '{"dev-name": "fakeib0"}'
	t_match "is refused: EPERM" "Operation not permitted" "$T_OUT"

	# GIDs.
	t_run "ynl --dump gid-get" 0 ynl --dump gid-get
	t_eq "every entry rdmactl gid show lists, by index and type" \
		"$(rdmactl -j gid show | jq -c '[.[] | [.ifname, .port, .index, .type]] | sort')" \
		"$(jq -c '[.[] | [."dev-name", ."port-index", ."gid-index", (."gid-type" | sub("^roce-"; ""))]] | sort' <<<"$T_OUT")"
	t_run "ynl --do gid-get" 0 ynl --do gid-get --json '{"dev-name": "'$rdev'", "port-index": 1, "gid-index": 0}'
	t_eq "its GID" "$(rdmactl -j gid show $rdev/1 | jq -r '.[] | select(.index == 0) | .gid' |
		python3 -c 'import ipaddress, sys; print(ipaddress.IPv6Address(sys.stdin.read().strip()))')" \
		"$(jq -r '.gid' <<<"$T_OUT")"

	# RoCE: the dump; a set as root (seen by rdmactl), refused to nobody.
	t_run "ynl --dump roce-get" 0 ynl --dump roce-get
	t_eq "every RoCE port, its source, mode and ToS" \
		"$(rdmactl -j roce show | jq -c '[.[] | [.ifname, .port, .source, .tos]] | sort')" \
		"$(jq -c '[.[] | [."dev-name", ."port-index", ."roce-source", ."roce-tos"]] | sort' <<<"$T_OUT")"

	if [ "$cfs" = 1 ]; then
		t_run "ynl --do roce-set as root" 0 ynl --do roce-set \
			--json '{"dev-name": "'$rdev'", "port-index": 1, "roce-tos": 32}'
		t_eq "rdmactl roce show sees it" "32" "$(rdmactl -j roce show $rdev/1 | jq -r '.[0].tos')"
	else
		t_run "ynl --do roce-set as root, before 5.14" 1 ynl --do roce-set \
			--json '{"dev-name": "'$rdev'", "port-index": 1, "roce-tos": 32}'
		t_match "is refused, saying why" "configfs \\(before 5.14\\) cannot be read or written" "$T_OUT"
	fi
	t_run "ynl --do roce-set as nobody" 1 ynl_nobody --do roce-set --json '{"dev-name": "'$rdev'", "port-index": 1, "roce-tos": 64}'
	t_match "is refused: EPERM" "Operation not permitted" "$T_OUT"
	t_run "a mode outside the policy's range" 1 ynl --do roce-set --json '{"dev-name": "'$rdev'", "roce-mode": "ib"}'
	t_match "is refused: ERANGE" "Numerical result out of range" "$T_OUT"
	if [ "$cfs" = 1 ]; then
		t_eq "neither changed anything" "32" "$(rdmactl -j roce show $rdev/1 | jq -r '.[0].tos')"
		t_run "ynl --do roce-set back" 0 ynl --do roce-set \
			--json "{\"dev-name\": \"$rdev\", \"port-index\": 1, \"roce-tos\": $tos}"
		t_eq "remembered" "$tos" "$(rdmactl -j roce show $rdev/1 | jq -r '.[0].saved.tos')"
		t_run "ynl --do roce-set roce-clear" 0 ynl --do roce-set --json '{"dev-name": "'$rdev'", "roce-clear": true}'
		t_eq "forgets it" "null" "$(rdmactl -j roce show $rdev/1 | jq -c '.[0].saved')"
	fi

	# IPoIB: the fake HCA's ib0; mode switches through ynl, seen by sysfs.
	t_run "ynl --dump ipoib-get" 0 ynl --dump ipoib-get
	t_eq "every IPoIB interface rdmactl ipoib show lists, with its mode and MTU" \
		"$(rdmactl -j ipoib show | jq -c '[.[] | [.netdev, .mode, .mtu]] | sort')" \
		"$(jq -c '[.[] | [."ipoib-ifname", ."ipoib-mode", ."ipoib-mtu"]] | sort' <<<"$T_OUT")"
	t_run "ynl --do ipoib-get" 0 ynl --do ipoib-get --json '{"ipoib-ifname": "ib0"}'
	t_eq "its port and QPN" "$(rdmactl -j ipoib show ib0 | jq -r '.[0] | "\(.ifname)/\(.port) \(.qpn)"')" \
		"$(jq -r '"\(."dev-name")/\(."port-index")"' <<<"$T_OUT") $(($(jq -r '."ipoib-qpn"' <<<"$T_OUT")))"
	t_run "ynl --do ipoib-set connected" 0 ynl --do ipoib-set \
		--json '{"ipoib-ifname": "ib0", "ipoib-mode": "connected"}'
	t_eq "sysfs says connected" "connected" "$(</sys/class/net/ib0/mode)"
	t_run "ynl --do ipoib-set as nobody" 1 ynl_nobody --do ipoib-set --json '{"ipoib-ifname": "ib0", "ipoib-mode": "datagram"}'
	t_match "is refused: EPERM" "Operation not permitted" "$T_OUT"
	t_run "ynl --do ipoib-set datagram" 0 ynl --do ipoib-set \
		--json '{"ipoib-ifname": "ib0", "ipoib-mode": "datagram"}'
	t_eq "sysfs says datagram" "datagram" "$(</sys/class/net/ib0/mode)"
fi

# The events group: ynl and rdmactl monitor subscribe, each waited for
# until its socket is in a group (a generic netlink socket with groups);
# then port, RoCE and IPoIB changes, made by the fast tools so that all of
# them fall within ynl's --sleep (which ends once they are heard). What
# ynl heard is what rdmactl monitor heard, message for message (the
# sequence number is per namespace: both have the same). ynl names an event as the spec does (port-active),
# rdmactl as C does (port_active).
subscribed() { awk '$2 == 16 && $4 != "00000000"' /proc/net/netlink | wc -l; }
before=$(subscribed)
rdmactl -j monitor >/tmp/ynl-monitor.json 2>&1 &
mon=$!
for _ in $(seq 100); do [ "$(subscribed)" -gt "$before" ] && break; sleep 0.1; done
rm -f /tmp/ynl-wake
YNL_CLI_WAKE=/tmp/ynl-wake python3 "$run" "$cli" --spec "$spec" --no-schema --output-json \
	--subscribe events --sleep 20 >/tmp/ynl-events.json 2>&1 &
sub=$!
for _ in $(seq 300); do [ "$(subscribed)" -gt $((before + 1)) ] && break; sleep 0.1; done
t_eq "ynl joined the events group" "$((before + 2))" "$(subscribed)"
start=$SECONDS
echo active >$knobs/fakeib0/port1/state
echo down >$knobs/fakeib0/port1/state
if [ "$cfs" = 1 ]; then
	rdmactl roce set $rdev/1 tos 32
	rdmactl roce set $rdev/1 tos "$tos"
	rdmactl roce forget $rdev
fi
# IPoIB mode switches; DOCA-OFED's ib_ipoib has datagram mode only
# (ipoib.sh checks its refusal): MTU changes there.
if [ -z "${RDMACTL_OFED:-}" ]; then
	ipoib_ev=ipoib_mode
	echo connected >/sys/class/net/ib0/mode
	echo datagram >/sys/class/net/ib0/mode
else
	ipoib_ev=ipoib_mtu
	mtu0=$(</sys/class/net/ib0/mtu)
	ip link set ib0 mtu 2000
	ip link set ib0 mtu "$mtu0"
fi
took=$((SECONDS - start))
# ynl's --sleep ends (ynl-cli) once rdmactl monitor, in the same group,
# has heard the last of each kind: ynl's socket has them queued too.
heard() { [ "$(grep -c "\"$1\"" /tmp/ynl-monitor.json)" -ge "$2" ]; }
for _ in $(seq 150); do
	heard port_err 1 && heard $ipoib_ev 2 && { [ "$cfs" = 0 ] || heard roce 2; } && break
	sleep 0.1
done
touch /tmp/ynl-wake
wait $sub
kill $mon 2>/dev/null
wait $mon 2>/dev/null
[ "$took" -lt 15 ] || t_fail "the changes took ${took}s, too close to ynl's --sleep 20"
ynl_events=$(jq -c '[.[] | .msg | [."event-seq", (."event-type" | gsub("-"; "_")), ."dev-name",
	."port-index", ."ipoib-ifname"]] | sort' /tmp/ynl-events.json 2>/dev/null)
mon_events=$(jq -sc '[.[] | [.seq, .event, .ifname, .port, .ipoib]] | sort' /tmp/ynl-monitor.json 2>/dev/null)
t_match "ynl heard the port events" '"port_active","fakeib0",1,null.*"port_err","fakeib0",1,null' \
	"$ynl_events"
[ "$cfs" = 0 ] || t_match "the RoCE ones" "\"roce\",\"$rdev\",1,null.*\"roce\",\"$rdev\",1,null" "$ynl_events"
t_match "and the IPoIB ${ipoib_ev#ipoib_} changes" "\"$ipoib_ev\",\"fakeib0\",null,\"ib0\".*\"$ipoib_ev\",\"fakeib0\",null,\"ib0\"" \
	"$ynl_events"
t_eq "every one as rdmactl monitor heard it" "$mon_events" "$ynl_events"

# The loaded module's policies, as nlctrl reports them to ynl, are the
# spec's request attributes, types and ranges.
t_run "ynl dumps the module's policies through nlctrl" 0 ynl_serve \
	--spec "$tree/Documentation/netlink/specs/nlctrl.yaml" --no-schema --output-json \
	--dump getpolicy --json '{"family-name": "rdmactl"}'
echo "$T_OUT" >/tmp/ynl-policy.json
t_run "they are the spec's" 0 "$RDMACTL_TOP/scripts/spec.py" policy-check </tmp/ynl-policy.json
t_eq "nothing differs" "" "$T_OUT"
# The comparison itself, shown failing: every policy without DEV_NAME (3).
jq -c '[.[] | select(.policy."attr-id" != 3)]' /tmp/ynl-policy.json >/tmp/ynl-policy-bad.json
t_run "a policy missing an attribute" 0 "$RDMACTL_TOP/scripts/spec.py" policy-check </tmp/ynl-policy-bad.json
t_match "is named" "dev-get do: dev-name is not in the kernel's policy" "$T_OUT"
rm -rf "$pub"
[ -z "$radded" ] || { echo "$radded" >$knobs/remove; ip link del ynl-r0; }
# The server ends at the end of its input: every copy of its write end
# closed.
exec 7>&- 8<&-
eval "exec ${YNL_SERVE[1]}>&- ${YNL_SERVE[0]}<&-"
wait "$YNL_SERVE_PID"
t_done
