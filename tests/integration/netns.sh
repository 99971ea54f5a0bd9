#!/bin/bash
# A device moved into another network namespace (rdma system set netns
# exclusive; rdma dev set DEV netns NS) is invisible from the first and
# visible from its own, and comes back when that namespace goes.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
devs() { "$@" rdmactl -j dev show | jq -r '.[].ifname' | sort | xargs; }

echo "ports=1 state=active" >"$knobs/add"
dev=$(ls /sys/class/infiniband | grep -E '^fakeib[1-9]' | sort -V | tail -1)
t_match "a fake HCA device to move" "^fakeib[1-9]" "$dev"
init_devs=$(devs)

t_run "exclusive netns mode" 0 rdma system set netns exclusive
ip netns add rdmactl-mv
t_run "move $dev into another netns" 0 rdma dev set "$dev" netns rdmactl-mv
t_eq "the first netns no longer sees it" "$(xargs -n1 <<<"$init_devs" | grep -vx "$dev" | xargs)" "$(devs)"
t_run "a get of it from the first netns" 1 rdmactl port show "$dev/1"
t_eq "says it is not found" "rdmactl: $dev: no RDMA device has this name" "$T_ERR"
t_eq "its own netns sees it, and only it" "$dev" "$(devs ip netns exec rdmactl-mv)"
t_run "port show from its own netns" 0 ip netns exec rdmactl-mv rdmactl -j port show "$dev/1"
t_eq "with its port" "$dev/1" "$(jq -r '.[] | "\(.ifname)/\(.port)"' <<<"$T_OUT")"
t_run "counters from its own netns" 0 ip netns exec rdmactl-mv rdmactl -j stat show "$dev/1"
t_run "unprivileged in its netns can list it" 0 ip netns exec rdmactl-mv \
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all rdmactl -j dev show
t_eq "the same device" "$dev" "$(jq -r '.[].ifname' <<<"$T_OUT")"

# A namespace that goes hands its devices back to the first.
ip netns del rdmactl-mv
for _ in $(seq 100); do
	[ "$(devs)" = "$init_devs" ] && break
	sleep 0.1
done
t_eq "back in the first netns when the other goes" "$init_devs" "$(devs)"
# The mode changes only when no other netns exists; the one just deleted
# may take a moment to go.
for _ in $(seq 50); do
	rdma system set netns shared 2>/dev/null && break
	sleep 0.1
done
t_match "shared netns mode again" "netns shared" "$(rdma system show)"
echo "$dev" >"$knobs/remove"
t_done
