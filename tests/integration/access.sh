#!/bin/bash
# Who sees what: unprivileged callers can list; other network namespaces
# see devices as rdma_dev_access_netns() allows, and no foreign netdevs.
. "$RDMACTL_TOP/tests/lib.sh"

nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"; }
dev=$(one_port_devs | head -1)

root_ports=$(rdmactl -j port show)
root_devs=$(rdmactl -j dev show)
t_run "unprivileged port show" 0 nobody rdmactl -j port show
t_eq "unprivileged callers see the same ports" "$root_ports" "$T_OUT"
t_run "unprivileged dev show" 0 nobody rdmactl -j dev show
t_eq "unprivileged callers see the same devices" "$root_devs" "$T_OUT"

# Every command that changes state needs CAP_NET_ADMIN, and says so.
sets=("stat reset $dev" "stat reset --hardware" "roce set $dev tos 32" "roce set $dev mode v2"
      "roce forget $dev")
[ -e /sys/class/net/ib0 ] && sets+=("ipoib set ib0 mode datagram")
roce_before=$(rdmactl -j roce show)
for cmd in "${sets[@]}"; do
	# shellcheck disable=SC2086
	t_run "unprivileged $cmd is refused" 1 nobody rdmactl $cmd
	t_eq "unprivileged $cmd: says why" "rdmactl: permission denied: this needs CAP_NET_ADMIN" "$T_ERR"
done
t_eq "refused sets changed nothing" "$roce_before" "$(rdmactl -j roce show)"

ip netns add rdmactl-t1
t_match "rdma netns mode is shared" "netns shared" "$(rdma system show)"
t_run "port show from another netns (shared mode)" 0 ip netns exec rdmactl-t1 rdmactl -j port show
t_eq "shared mode: the same ports" \
	"$(jq -c '[.[] | "\(.ifname)/\(.port)"]' <<<"$root_ports")" \
	"$(jq -c '[.[] | "\(.ifname)/\(.port)"]' <<<"$T_OUT")"
t_eq "shared mode: no netdev of another netns" "" "$(jq -r '.[].netdev // empty' <<<"$T_OUT")"

# The mode can change only while no other netns exists. ib_core (seen on
# 7.2's debug kernel, without rdmactl loaded) frees a dying namespace's
# uevent socket before rdma_compatdev_set() stops removing its compat
# devices (a KASAN use-after-free in kobject_uevent_env): nothing in user
# space says when that namespace is gone, so give its cleanup time.
ip netns del rdmactl-t1
sleep 3
rdma system set netns exclusive
t_match "rdma netns mode is exclusive" "netns exclusive" "$(rdma system show)"
ip netns add rdmactl-t2
t_run "dev show from another netns (exclusive mode)" 0 ip netns exec rdmactl-t2 rdmactl -j dev show
t_eq "exclusive mode: no device of another netns" "[]" "$T_OUT"
t_run "a device of another netns is not found" 1 ip netns exec rdmactl-t2 rdmactl port show $dev/1
t_eq "exclusive mode: the device is not found" "rdmactl: $dev: no RDMA device has this name" "$T_ERR"
t_run "exclusive mode: the init netns still sees all" 0 rdmactl -j dev show
t_eq "exclusive mode: same devices from init netns" "$root_devs" "$T_OUT"
ip netns del rdmactl-t2
sleep 3
rdma system set netns shared

t_done
