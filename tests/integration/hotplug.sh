#!/bin/bash
# Devices that come and go: dumps over many messages, devices removed
# mid-dump, and unloading the module while dumps run. The devices are
# Soft-RoCE's on veths; on DOCA-OFED, which has no rdma_rxe, the fake
# HCA's RoCE devices on veths in their place (roce_add, tests/lib.sh),
# which it removes when their netdev goes, as rxe does. What each dump
# should list is sysfs's.
. "$RDMACTL_TOP/tests/lib.sh"

ports_of() { jq -r '.[] | "\(.ifname)/\(.port)"' | sort | xargs; }
sysfs_ports() {
	local p
	for p in /sys/class/infiniband/*/ports/*; do
		echo "$(basename "$(dirname "$(dirname "$p")")")/${p##*/}"
	done | sort | xargs
}
if [ -z "${RDMACTL_OFED:-}" ]; then
	d1=rxe1 d1net=veth1
else
	ip link add hpv1 type veth peer name hpp1
	ip link set hpv1 up
	d1=$(roce_add hpv1 rxe1) d1net=hpv1
fi
base=$(sysfs_ports)
base_devs=$(ls /sys/class/infiniband | wc -l)
t_eq "the dump lists sysfs's ports" "$base" "$(rdmactl -j port show | ports_of)"

roce_del $d1
t_eq "a deleted device vanishes from the next dump" "$(xargs -n1 <<<"$base" | grep -vx "$d1/1" | xargs)" \
	"$(rdmactl -j port show | ports_of)"
t_run "get of a deleted device" 1 rdmactl port show $d1/1
t_eq "get of a deleted device fails cleanly" "rdmactl: $d1: no RDMA device has this name" "$T_ERR"
d1=$(roce_add $d1net rxe1)
base=$(sysfs_ports)
t_eq "a device added again is back" "$base" "$(rdmactl -j port show | ports_of)"

# Enough devices that a dump takes several messages.
n=24
a=() b=()
for i in $(seq 1 $n); do
	ip link add "vt${i}a" type veth peer name "vt${i}b"
	ip link set "vt${i}a" up
	ip link set "vt${i}b" up
	a[i]=$(roce_add "vt${i}a" "rxt${i}a")
	b[i]=$(roce_add "vt${i}b" "rxt${i}b")
done
want=$(ls -d /sys/class/infiniband/*/ports/* | wc -l)
t_eq "$want ports in sysfs" "$(($(wc -w <<<"$base") + 2 * n))" "$want"
out=$(rdmactl -j port show)
t_eq "a dump of many devices has every port once" "$want" "$(jq -r '.[] | "\(.ifname)/\(.port)"' <<<"$out" | sort -u | wc -l)"
t_eq "and nothing twice" "$want" "$(jq length <<<"$out")"
recvs=$(strace -f -e trace=recvmsg,recvfrom rdmactl -j port show 2>&1 >/dev/null | grep -c 'recv.*= [1-9]')
if [ "$recvs" -gt 2 ]; then
	t_pass "the dump spanned $recvs messages"
else
	t_fail "the dump did not span several messages ($recvs receives)"
fi
t_eq "dev show lists every device" "$((base_devs + 2 * n))" "$(rdmactl -j dev show | jq length)"

# A device removed while a dump is between two messages: the messages
# built after it are flagged NLM_F_DUMP_INTR, and the dump still ends.
if [ -z "${RDMACTL_OFED:-}" ]; then
	gone="rdma link delete ${b[n]}"
else
	gone="echo ${b[n]} >/sys/kernel/debug/rdmactl_fakehca/remove"
fi
t_run "dump with a device removed in the middle" 0 "$RDMACTL_TOP/build/tests/nlraw" \
	--small --after "$gone" --dump PORT_GET
t_match "the first messages are not flagged" "^msg [0-9]" "$T_OUT"
t_match "messages built after the removal are flagged interrupted" "msg intr " "$T_OUT"
t_match "the dump still ended cleanly" "^done( intr)?$" "$(tail -1 <<<"$T_OUT")"
t_eq "the next dump is complete" "$((want - 1))" "$(rdmactl -j port show | jq length)"

# Dumps while devices come and go: complete, or refused as interrupted.
(for i in $(seq 1 15); do
	roce_del "${a[i]}"
	roce_add "vt${i}a" "rxt${i}a" >/dev/null
done) &
churn=$!
bad=0 good=0
while kill -0 $churn 2>/dev/null; do
	if out=$(rdmactl -j port show 2>/tmp/churn.err); then
		jq -e 'length > 0' <<<"$out" >/dev/null && good=$((good + 1)) || bad=$((bad + 1))
	elif ! grep -q "changed while they were being listed" /tmp/churn.err; then
		bad=$((bad + 1))
		cat /tmp/churn.err
	fi
done
wait $churn
t_eq "dumps during churn were complete or flagged interrupted" 0 "$bad"
[ "$good" -gt 0 ] && t_pass "$good dumps completed during churn" || t_fail "no dump completed during churn"

for i in $(seq 1 $n); do
	ip link del "vt${i}a"
done
t_eq_soon "devices gone with their netdevs (sysfs's)" "$base" sysfs_ports
t_eq "and from the dump" "$base" "$(rdmactl -j port show | ports_of)"

# rmmod while a dump loop runs: the module unloads, the loop sees it go.
(while :; do rdmactl -j port show >/dev/null 2>>/tmp/loop.err; done) &
loop=$!
sleep 1
unloaded=0
for i in $(seq 1 100); do
	if rmmod rdmactl 2>/dev/null; then
		unloaded=1
		break
	fi
	sleep 0.05
done
sleep 0.5
kill $loop
wait $loop 2>/dev/null
t_eq "rmmod succeeds while a dump loop runs" 1 "$unloaded"
t_eq "the loop saw only 'not loaded' or 'being unloaded' errors" "" \
	"$(grep -v -e 'rdmactl kernel module is not loaded' -e 'rdmactl kernel module is being unloaded' \
		/tmp/loop.err | sort -u)"
insmod "$RDMACTL_MODULE"
t_eq "the module answers again after reload" "$base" "$(rdmactl -j port show | ports_of)"

if [ -n "${RDMACTL_OFED:-}" ]; then
	roce_del "$d1"
	ip link del hpv1
fi
t_done
