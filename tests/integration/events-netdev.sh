#!/bin/bash
# NETDEV_ATTACH and NETDEV_DETACH for every driver, at any time (hardening
# issue, item 4), on fake RoCE devices:
# - a driver that hands ib_core its netdev (ib_device_set_netdev, as rxe):
#   the netdev deleted is a detach, whether or not the kernel's
#   ib_device_get_netdev() still answers for an unregistering netdev (i);
# - a driver that answers ops.get_netdev (mlx4, mlx5 before 6.13), which
#   ib_core's netdev hash does not know: a detach too (ii);
# - a port re-bound at run time (the fake's netdev knob): the old netdev
#   detaches and the new one attaches (iii);
# - a netdev moved to another namespace: a detach where it was, an attach
#   where it goes, and back;
# - an IPoIB interface as a port's netdev: deleted, a detach too.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
# nd FILE [FROM]: the netdev events of monitor -j output after line FROM.
nd() {
	tail -n +$((${2:-0} + 1)) "$1" |
		jq -r 'select(.event | startswith("netdev_")) | "\(.event) \(.ifname)/\(.port) \(.netdev)"' |
		paste -sd'|'
}
lines() { wc -l </tmp/nd.json; }
newest() { tail -1 "$knobs/devices"; }

for p in a c e g; do
	ip link add rdmactl-n$p type veth peer name rdmactl-p$p
	ip link set rdmactl-n$p up
done
ip netns add rdmactl-nd
before=$(nl_subscribed)
rdmactl -j monitor >/tmp/nd.json 2>/tmp/nd.err &
mon=$!
ip netns exec rdmactl-nd rdmactl -j monitor >/tmp/nd-ns.json 2>&1 &
mon_ns=$!
t_run "both monitors subscribed" 0 eval 'subscribed_after $before 1 &&
	ip netns exec rdmactl-nd bash -c ". $RDMACTL_TOP/tests/lib.sh; subscribed_after 0 1"'

# (i) ib_device_set_netdev, then the netdev deleted.
echo "link_layer=roce netdevs=rdmactl-na" >"$knobs/add"
a=$(newest)
t_eq_soon "set_netdev: an attach with the device" "netdev_attach $a/1 rdmactl-na" nd /tmp/nd.json
n=$(lines)
t_run "deleting a set_netdev driver's netdev" 0 timeout 30 ip link del rdmactl-na
t_eq_soon "set_netdev: a detach when the netdev is deleted" \
	"netdev_detach $a/1 rdmactl-na" nd /tmp/nd.json "$n"

# (ii) ops.get_netdev: not in ib_core's netdev hash.
n=$(lines)
echo "link_layer=roce netdevs=rdmactl-nc netdev_op=get" >"$knobs/add"
c=$(newest)
t_eq_soon "get_netdev: an attach with the device" "netdev_attach $c/1 rdmactl-nc" nd /tmp/nd.json "$n"
n=$(lines)
t_run "deleting a get_netdev driver's netdev" 0 timeout 30 ip link del rdmactl-nc
t_eq_soon "get_netdev: a detach when the netdev is deleted" \
	"netdev_detach $c/1 rdmactl-nc" nd /tmp/nd.json "$n"
last_of() { tail -n +$(($2 + 1)) /tmp/nd.json | jq -r "select(.ifname == \"$1\") | .event" | tail -1; }
t_eq_soon "then the device goes" "dev_remove" last_of "$c" "$n"

# An IPoIB interface as a port's netdev (hardening round 4, item 6): its
# unregistering went to IPoIB's own bookkeeping only, so no detach was
# sent and the port's reference to it was kept, which holds its delete.
gone() { [ ! -e "/sys/class/net/$1" ]; }
if t_expect "an IPoIB interface as a port's netdev" 't_config INFINIBAND_IPOIB' \
	"$(uname -r) has no IPoIB (CONFIG_INFINIBAND_IPOIB)" test -e /sys/class/net/ib0/create_child; then
	echo 0x8002 >/sys/class/net/ib0/create_child
	n=$(lines)
	echo "link_layer=roce netdevs=ib0.8002 netdev_op=get" >"$knobs/add"
	i=$(newest)
	t_eq_soon "an IPoIB netdev as a port's: an attach" "netdev_attach $i/1 ib0.8002" nd /tmp/nd.json "$n"
	n=$(lines)
	echo 0x8002 >/sys/class/net/ib0/delete_child &
	t_eq_soon "deleting it: a detach" "netdev_detach $i/1 ib0.8002" nd /tmp/nd.json "$n"
	t_run "and the delete ends" 0 until_ok 10 gone ib0.8002
	echo "$i" >"$knobs/remove"
fi

# (iii) a port re-bound at run time, on a get_netdev driver, then on a
# set_netdev one. Where ib_device_get_netdev() is not exported (before
# 6.12), rdmactl knows a set_netdev driver's port netdev only from the GID
# table, which keeps the old netdev's default GID: a re-bound port is seen
# to lose its netdev, not to gain the new one, as ib_core's GIDs do not.
# The probe's own rule (tests/probe-verdicts), against the loaded ib_core:
# on DOCA-OFED its Module.symvers (the module may be DKMS's, built
# elsewhere), otherwise the line's build.
have_get=1
if [ -n "${RDMACTL_OFED_SYMVERS:-}" ]; then
	grep -qw ib_device_get_netdev "$RDMACTL_OFED_SYMVERS" || have_get=
else
	grep -q '^#define HAVE_IB_DEVICE_GET_NETDEV' \
		"$RDMACTL_TOP/${RDMACTL_BUILD:-build/$(uname -r)}/kmod/compat/generated.h" || have_get=
fi
for op in get set; do
	n=$(lines)
	echo "link_layer=roce netdevs=rdmactl-ne netdev_op=$op" >"$knobs/add"
	e=$(newest)
	t_eq_soon "$op: attached" "netdev_attach $e/1 rdmactl-ne" nd /tmp/nd.json "$n"
	n=$(lines)
	echo rdmactl-ng >"$knobs/$e/port1/netdev"
	if [ $op = get ] || [ -n "$have_get" ]; then
		t_eq_soon "$op re-bound: the old netdev detaches, the new one attaches" \
			"netdev_detach $e/1 rdmactl-ne|netdev_attach $e/1 rdmactl-ng" nd /tmp/nd.json "$n"
		n=$(lines)
		echo - >"$knobs/$e/port1/netdev"
		t_eq_soon "$op unbound: a detach" "netdev_detach $e/1 rdmactl-ng" nd /tmp/nd.json "$n"
	else
		t_eq_soon "$op re-bound, GIDs on the old netdev: it detaches" \
			"netdev_detach $e/1 rdmactl-ne" nd /tmp/nd.json "$n"
		# Unbound from a netdev it was not seen on: no event to wait for.
		echo - >"$knobs/$e/port1/netdev"
		sleep 1
	fi
	n=$(lines)
	echo rdmactl-ne >"$knobs/$e/port1/netdev"
	t_eq_soon "$op bound again: an attach" "netdev_attach $e/1 rdmactl-ne" nd /tmp/nd.json "$n"
	[ $op = set ] || echo "$e" >"$knobs/remove"
done

# A netns move: a detach where it was, an attach where it goes.
n=$(lines)
ip link set rdmactl-ne netns rdmactl-nd
t_eq_soon "moved out: a detach in init_net" "netdev_detach $e/1 rdmactl-ne" nd /tmp/nd.json "$n"
t_eq_soon "and an attach in its new namespace" "netdev_attach $e/1 rdmactl-ne" nd /tmp/nd-ns.json
n=$(lines)
ip -n rdmactl-nd link set rdmactl-ne netns 1
t_eq_soon "moved back: an attach in init_net" "netdev_attach $e/1 rdmactl-ne" nd /tmp/nd.json "$n"
t_eq_soon "after a detach there" "netdev_attach $e/1 rdmactl-ne|netdev_detach $e/1 rdmactl-ne" \
	nd /tmp/nd-ns.json

# Removing the device lets go of its netdev: deleting it does not hang.
echo "$e" >"$knobs/remove"
t_run "a removed device's netdev deletes" 0 timeout 30 ip link del rdmactl-ne
kill -INT $mon $mon_ns
wait $mon
t_eq "monitor exits cleanly" 0 "$?"
wait $mon_ns
t_eq "monitor wrote no errors" "" "$(</tmp/nd.err)"
ip link del rdmactl-ng
ip netns del rdmactl-nd

t_done
