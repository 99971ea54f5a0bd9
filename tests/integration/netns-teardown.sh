#!/bin/bash
# RDMA devices and their netdevs in namespaces that go away, in exclusive
# RDMA netns mode, as a CNI plugin sets up a pod:
# - a container that holds only an interface hears of that interface, and
#   nothing of the device it cannot see (hardening issue, item 5);
# - a namespace deleted with a RoCE device and its netdev in it hands the
#   device back to init_net while the netdev is still inside; nothing may
#   take a reference on the dying namespace (item 1: "refcount_t: addition
#   on 0; use-after-free", then a use-after-free when it is put).
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all)
newest() { ls /sys/class/infiniband | grep -E "^$1[0-9]" | sort -V | tail -1; }
# Kernel log lines that say a namespace was used after its last reference.
splats() { dmesg | grep -cE 'refcount_t: |use-after-free|KASAN' || true; }
splats0=$(splats)

t_run "exclusive netns mode" 0 rdma system set netns exclusive

# A container with ib0 and a RoCE netdev, the devices staying in init_net.
ip netns add rdmactl-ctr
ip link add rdmactl-r0 type veth peer name rdmactl-r1
echo "link_layer=roce netdevs=rdmactl-r0 state=active" >"$knobs/add"
roce=$(newest fakeroce)
t_match "a fake RoCE device on a veth" "^fakeroce[0-9]" "$roce"
ip link set ib0 netns rdmactl-ctr
ip link set rdmactl-r0 netns rdmactl-ctr
t_eq "the device stays when its netdev moves" "$roce" "$(newest fakeroce)"
ip netns exec rdmactl-ctr "${nobody[@]}" rdmactl -j monitor >/tmp/ctr.json 2>&1 &
mon=$!
sleep 1
t_run "the container lists no device" 0 ip netns exec rdmactl-ctr rdmactl -j dev show
t_eq "none" "[]" "$(jq -c . <<<"$T_OUT")"
ip -n rdmactl-ctr link set ib0 mtu 1500
# The veth goes, and the fake HCA removes the device on it.
ip -n rdmactl-ctr link del rdmactl-r0
sleep 1
kill -INT $mon
wait $mon
rc=$?
t_eq "the container's unprivileged monitor ran" "exit 0, JSON" \
	"exit $rc, $(jq -e . /tmp/ctr.json >/dev/null 2>&1 && echo JSON || head -3 /tmp/ctr.json)"
t_eq "the container hears of its interface's MTU" "ipoib_mtu ib0 1500" \
	"$(jq -r 'select(.event == "ipoib_mtu") | "\(.event) \(.ipoib) \(.mtu)"' /tmp/ctr.json)"
t_eq "and nothing of the devices it cannot see" "" \
	"$(jq -c 'select(.ifname != null or .ifindex != null or .port != null)' /tmp/ctr.json)"
t_eq "nor of their netdevs" "" "$(jq -c 'select(.event | startswith("netdev_"))' /tmp/ctr.json)"
ip -n rdmactl-ctr link set ib0 netns 1
ip netns del rdmactl-ctr

# A pod: the RoCE device and its netdev both inside, then the pod deleted.
# ib_core hands the device back first (rdmactl's add() runs), then the
# veth goes with the namespace and the fake HCA removes the device.
for round in 1 2 3; do
	ip link add rdmactl-p0 type veth peer name rdmactl-p1
	echo "link_layer=roce netdevs=rdmactl-p0 state=active" >"$knobs/add"
	pod=$(newest fakeroce)
	ip netns add rdmactl-pod
	ip link set rdmactl-p0 netns rdmactl-pod
	t_run "round $round: move $pod into the pod" 0 rdma dev set "$pod" netns rdmactl-pod
	ip netns exec rdmactl-pod rdmactl -j monitor >/dev/null 2>&1 &
	mon=$!
	sleep 0.5
	kill $mon
	wait $mon 2>/dev/null
	ip netns del rdmactl-pod
	for _ in $(seq 100); do
		[ -e "/sys/class/infiniband/$pod" ] || break
		sleep 0.1
	done
	t_eq "round $round: the pod's device goes with its netdev" "no" \
		"$([ -e "/sys/class/infiniband/$pod" ] && echo yes || echo no)"
done
# The worker puts what it held after the namespace is freed: give it time.
sleep 3
t_eq "no reference taken on a dying namespace" "$splats0" "$(splats)"
[ "$(splats)" = "$splats0" ] || dmesg | grep -E -A20 'refcount_t: |use-after-free|KASAN' | head -60

for _ in $(seq 50); do
	rdma system set netns shared 2>/dev/null && break
	sleep 0.1
done
t_match "shared netns mode again" "netns shared" "$(rdma system show)"
t_done
