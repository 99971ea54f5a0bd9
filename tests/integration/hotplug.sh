#!/bin/bash
# Devices that come and go: dumps over many messages, devices removed
# mid-dump, and unloading the module while dumps run.
. "$RDMACTL_TOP/tests/lib.sh"

ports_of() { jq -r '.[] | "\(.ifname)/\(.port)"' | sort | xargs; }

rdma link delete rxe1
t_eq "a deleted device vanishes from the next dump" "rxe0/1" "$(rdmactl -j port show | ports_of)"
t_run "get of a deleted device" 1 rdmactl port show rxe1/1
t_eq "get of a deleted device fails cleanly" "rdmactl: rxe1: no RDMA device has this name" "$T_ERR"
rdma link add rxe1 type rxe netdev veth1
t_eq "a device added again is back" "rxe0/1 rxe1/1" "$(rdmactl -j port show | ports_of)"

# Enough devices that a dump takes several messages.
n=24
for i in $(seq 1 $n); do
	ip link add "vt${i}a" type veth peer name "vt${i}b"
	ip link set "vt${i}a" up
	ip link set "vt${i}b" up
	rdma link add "rxt${i}a" type rxe netdev "vt${i}a"
	rdma link add "rxt${i}b" type rxe netdev "vt${i}b"
done
want=$(ls -d /sys/class/infiniband/*/ports/* | wc -l)
t_eq "$want ports in sysfs" "$((2 * n + 2))" "$want"
out=$(rdmactl -j port show)
t_eq "a dump of many devices has every port once" "$want" "$(jq -r '.[] | "\(.ifname)/\(.port)"' <<<"$out" | sort -u | wc -l)"
t_eq "and nothing twice" "$want" "$(jq length <<<"$out")"
recvs=$(strace -f -e trace=recvmsg,recvfrom rdmactl -j port show 2>&1 >/dev/null | grep -c 'recv.*= [1-9]')
if [ "$recvs" -gt 2 ]; then
	t_pass "the dump spanned $recvs messages"
else
	t_fail "the dump did not span several messages ($recvs receives)"
fi
t_eq "dev show lists every device" "$((2 * n + 2))" "$(rdmactl -j dev show | jq length)"

# A device removed while a dump is between two messages: the messages
# built after it are flagged NLM_F_DUMP_INTR, and the dump still ends.
t_run "dump with a device removed in the middle" 0 "$RDMACTL_TOP/build/tests/nlraw" \
	--small --after "rdma link delete rxt${n}b" --dump PORT_GET
t_match "the first messages are not flagged" "^msg [0-9]" "$T_OUT"
t_match "messages built after the removal are flagged interrupted" "msg intr " "$T_OUT"
t_match "the dump still ended cleanly" "^done( intr)?$" "$(tail -1 <<<"$T_OUT")"
t_eq "the next dump is complete" "$((want - 1))" "$(rdmactl -j port show | jq length)"

# Dumps while devices come and go: complete, or refused as interrupted.
(for i in $(seq 1 15); do
	rdma link delete "rxt${i}a"
	rdma link add "rxt${i}a" type rxe netdev "vt${i}a"
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
sleep 1
t_eq "devices gone with their netdevs" "rxe0/1 rxe1/1" "$(rdmactl -j port show | ports_of)"

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
t_eq "the module answers again after reload" "rxe0/1 rxe1/1" "$(rdmactl -j port show | ports_of)"

t_done
