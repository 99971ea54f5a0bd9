#!/bin/bash
# rdmactl gid select on Soft-RoCE (rxe0 on veth0, rxe1 on veth1): the entry
# to use as the test adds addresses and a VLAN, against sysfs and against
# the source rdma_cm uses for a connection; refusals that say what is
# missing. The addresses and the VLAN are removed at the end. On
# DOCA-OFED, which has no Soft-RoCE (lines.sh), the port is the fake HCA's
# RoCE personality's on veth0, with RoCE v1 and v2 entries of each address.
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
dev=rxe0 added=
if [ -n "${RDMACTL_OFED:-}" ]; then
	echo "link_layer=roce netdevs=veth0 state=active" >$knobs/add
	dev=$(tail -1 $knobs/devices) added=$dev
fi
gids=/sys/class/infiniband/$dev/ports/1/gids
# per: the entries an address makes, as sysfs has them: the entries
# holding the link-local GID of index 0 (rxe: v2 alone; the fake: v1, v2).
per=$(grep -lx "$(<$gids/0)" $gids/* | wc -l)
sel() { rdmactl -j gid select "$@"; }
# until $dev/1 has N entries
entries() {
	for i in $(seq 100); do
		[ "$(rdmactl -j gid show $dev/1 | jq length)" -ge "$1" ] && return 0
		sleep 0.1
	done
	return 1
}

n0=$(rdmactl -j gid show $dev/1 | jq length)
t_run "IPv6 link-local only: select" 0 rdmactl -j gid select $dev/1
t_eq "the link-local entry" "fe80" "$(jq -r '.[0].gid[0:4]' <<<"$T_OUT")"
i=$(jq -r '.[0].index' <<<"$T_OUT")
t_eq "shell prints its index" "GID_INDEX=$i" "$(rdmactl gid select $dev/1 shell)"
t_eq "sysfs holds it there" "$(jq -r '.[0].gid' <<<"$T_OUT")" "$(<"$gids/$i")"

ip addr add 192.0.2.1/24 dev veth0
ip addr add 192.0.2.2/24 dev veth1
t_run "an IPv4 address makes an entry" 0 entries $((n0 + per))
t_run "select" 0 rdmactl -j gid select $dev/1
t_eq "the IPv4 entry, over link-local" "192.0.2.1 v2 scope" \
	"$(jq -r '.[0] | "\(.ipv4) \(.type) \(.rule)"' <<<"$T_OUT")"
i=$(jq -r '.[0].index' <<<"$T_OUT")
t_eq "sysfs holds 192.0.2.1 at its index" "0000:0000:0000:0000:0000:ffff:c000:0201" "$(<"$gids/$i")"
# (The fake's RoCE v1 entries lose on type, v2 being preferred: below.)
t_eq "the link-local entry was passed over for scope" "scope" \
	"$(jq -r '[.[0].passed_over[] | select(.type == "v2") | .lost_on] | unique | join(" ")' <<<"$T_OUT")"
t_run "text says why" 0 rdmactl gid select $dev/1
t_eq "chosen by scope" "chosen by scope: a routable address over a link-local one" \
	"$(grep '^chosen' <<<"$T_OUT")"
t_match "and what it passed over" "^  passed over: port 1 index [0-9]+ v2 \(lost:scope\)$" \
	"$(grep 'passed over.* v2 ' <<<"$T_OUT")"
[ "$per" = 1 ] || t_eq "the RoCE v1 entries were passed over for type" "type" \
	"$(rdmactl -j gid select $dev/1 | jq -r '[.[0].passed_over[] | select(.type == "v1") | .lost_on] | unique | join(" ")')"

ip addr add 2001:db8::1/64 dev veth0 nodad
t_run "an IPv6 address makes an entry" 0 entries $((n0 + 2 * per))
t_eq "IPv4 still, over a routable IPv6 address" "192.0.2.1 family" \
	"$(sel $dev/1 | jq -r '.[0] | "\(.ipv4) \(.rule)"')"
t_eq "family 6: 2001:db8::1, over link-local" "2001:0db8:0000:0000:0000:0000:0000:0001 scope" \
	"$(sel $dev/1 family 6 | jq -r '.[0] | "\(.gid) \(.rule)"')"
t_eq "all: every entry, the chosen first" "$((n0 + 2 * per)) true" \
	"$(sel $dev/1 all | jq -r '"\(length) \(.[0].chosen)"')"
t_eq "subnet 2001:db8::/32 as well" "2001:0db8:0000:0000:0000:0000:0000:0001" \
	"$(sel $dev/1 subnet 2001:db8::/32 | jq -r '.[0].gid')"

# A VLAN upper device with an address: passed over unless asked for.
ip link add link veth0 name veth0.100 type vlan id 100
ip link set veth0.100 up
ip addr add 2001:db8:100::1/64 dev veth0.100 nodad
# Its own link-local address makes one too.
t_run "the VLAN's addresses make entries" 0 entries $((n0 + 4 * per))
t_eq "its entry says VLAN 100" "100" \
	"$(rdmactl -j gid show $dev/1 netdev veth0.100 | jq -r '[.[].vlan] | unique | join(" ")')"
t_eq "not chosen: the port's own IPv4 entry" "192.0.2.1" "$(sel $dev/1 | jq -r '.[0].ipv4')"
t_eq "nor with family 6" "2001:0db8:0000:0000:0000:0000:0000:0001" \
	"$(sel $dev/1 family 6 | jq -r '.[0].gid')"
vi=$(rdmactl -j gid show $dev/1 netdev veth0.100 | jq '[.[] | select((.gid | startswith("2001")) and .type == "v2")][0].index')
t_eq "the VLAN's routable entry lost on netdev" "netdev" \
	"$(sel $dev/1 | jq -r --argjson i "$vi" '.[0].passed_over[] | select(.index == $i) | .lost_on')"
t_eq "vlan 100: the VLAN's entry" "2001:0db8:0100:0000:0000:0000:0000:0001 veth0.100 100" \
	"$(sel $dev/1 vlan 100 family 6 | jq -r '.[0] | "\(.gid) \(.netdev) \(.vlan)"')"
t_eq "vlan none family 6: the port's own" "2001:0db8:0000:0000:0000:0000:0000:0001" \
	"$(sel $dev/1 vlan none family 6 | jq -r '.[0].gid')"

# Refusals that say what is missing, and change nothing.
if [ "$per" = 1 ]; then
	t_run "type v1 on rxe (RoCE v2 only)" 1 rdmactl gid select $dev/1 type v1
	t_match "says none is RoCE v1, and how many entries there are" \
		"^rdmactl: $dev/1 has no GID that is RoCE v1: of $((n0 + 4)) entries, $((n0 + 4)) not RoCE v1$" "$T_ERR"
else
	t_run "type v1 on the fake (RoCE v1 and v2)" 0 rdmactl -j gid select $dev/1 type v1
	i=$(jq -r '.[0].index' <<<"$T_OUT")
	t_eq "a RoCE v1 entry, as sysfs's type says" "IB/RoCE v1" "$(<$gids/../gid_attrs/types/$i)"
fi
t_run "vlan 7" 1 rdmactl gid select $dev/1 vlan 7
t_match "says none is on VLAN 7" "no GID that is on VLAN 7: of [0-9]+ entries, [0-9]+ not on VLAN 7" "$T_ERR"
t_run "subnet 192.0.2.128/25" 1 rdmactl gid select $dev/1 subnet 192.0.2.128/25
t_match "names the subnet" "no GID that is in 192.0.2.128/25" "$T_ERR"
t_run "an unknown device" 1 rdmactl gid select nosuch0
t_match "is named" "nosuch0" "$T_ERR"
t_run "a port that does not exist" 1 rdmactl gid select $dev/2
t_match "names the port" "port 2" "$T_ERR"
t_run "a bad CIDR: usage" 2 rdmactl gid select $dev subnet 192.0.2.1
t_run "conflicting options: usage" 2 rdmactl gid select $dev all shell
t_eq "the table did not change" "$((n0 + 4 * per))" "$(rdmactl -j gid show $dev/1 | jq length)"

# rdma_cm's own choice (not on DOCA-OFED: the fake HCA's QPs carry no
# connection, and there is no rxe): a connection to 192.0.2.2, read back
# from its cm_id while it is up (rdma's text: its JSON lists no cm_id).
# Both addresses are local here, so rdma_cm sets the connection up on the
# device that holds the destination; select names the same source there.
if [ -n "${RDMACTL_OFED:-}" ]; then
	t_skip "rdma_cm's source for a connection" "DOCA-OFED has no Soft-RoCE, and the fake HCA's QPs carry no connection"
else
	timeout 60 rping -s -a 192.0.2.2 -C 100000 >/dev/null 2>&1 &
	srv=$!
	for i in $(seq 100); do
		rdma res show cm_id src-port 7174 2>/dev/null | grep -q LISTEN && break
		sleep 0.1
	done
	timeout 60 rping -c -a 192.0.2.2 -C 100000 >/dev/null 2>&1 &
	cli=$!
	cm=
	for i in $(seq 200); do
		cm=$(rdma res show cm_id 2>/dev/null | grep -m1 " dst-addr 192.0.2.2:7174 ")
		[ -n "$cm" ] && break
		sleep 0.1
	done
	kill $cli $srv 2>/dev/null
	wait $cli $srv 2>/dev/null
	t_run "rdma_cm had a connection to 192.0.2.2" 0 test -n "$cm"
	link=$(awk '{ print $2 }' <<<"$cm")
	src=$(sed -n 's/.* src-addr \([0-9.]*\):.*/\1/p' <<<"$cm")
	t_eq "select on its port names rdma_cm's source address" "$src" \
		"$(sel "$link" family 4 | jq -r '.[0].ipv4')"
	t_eq "and the index gid find gives for it" \
		"$(rdmactl -j gid find ip "$src" type v2 "$link" | jq -r '.[0].index')" \
		"$(rdmactl gid select "$link" family 4 shell | cut -d= -f2)"
fi
ip link del veth0.100
ip addr del 2001:db8::1/64 dev veth0
ip addr del 192.0.2.1/24 dev veth0
ip addr del 192.0.2.2/24 dev veth1
[ -z "$added" ] || echo "$added" >$knobs/remove
t_done
