#!/bin/bash
# rdmactl port show against sysfs, `rdma -j link show` and ibv_devinfo.
. "$RDMACTL_TOP/tests/lib.sh"

json=$(rdmactl -j port show)
rdma_json=$(rdma -j link show)

t_eq "one entry per sysfs port" "$(ls -d /sys/class/infiniband/*/ports/* | wc -l)" "$(jq length <<<"$json")"
t_eq "same ports as rdma link" \
	"$(jq -r '.[] | "\(.ifname)/\(.port)"' <<<"$rdma_json" | sort | xargs)" \
	"$(jq -r '.[] | "\(.ifname)/\(.port)"' <<<"$json" | sort | xargs)"

phys_name() {
	case $1 in
	1) echo SLEEP ;; 2) echo POLLING ;; 3) echo DISABLED ;; 4) echo TRAINING ;;
	5) echo LINK_UP ;; 6) echo LINK_ERROR_RECOVERY ;; 7) echo PHY_TEST ;;
	esac
}
# One field of `ibv_devinfo -v -d DEV -i PORT`, without its "(n)" suffix.
devinfo() {
	ibv_devinfo -v -d "$1" -i "$2" | sed -n "s/^[[:space:]]*$3:[[:space:]]*//p" | head -1 | sed 's/ (.*//'
}

for id in $(jq -r '.[] | "\(.ifname)/\(.port)"' <<<"$json"); do
	dev=${id%/*} port=${id#*/}
	p=$(jq ".[] | select(.ifname == \"$dev\" and .port == $port)" <<<"$json")
	r=$(jq ".[] | select(.ifname == \"$dev\" and .port == $port)" <<<"$rdma_json")
	s=/sys/class/infiniband/$dev/ports/$port
	get() { jq -r ".$1 // empty" <<<"$p"; }

	t_eq "$id state = sysfs" "$(sed 's/^[0-9]*: //' $s/state)" "$(get state)"
	t_eq "$id physical_state = sysfs" "$(phys_name "$(cut -d: -f1 $s/phys_state)")" "$(get physical_state)"
	t_eq "$id link_layer = sysfs" "$(cat $s/link_layer)" "$(get link_layer)"
	rate=$(cat $s/rate)		# "10 Gb/sec (1X FDR10)"
	t_eq "$id rate = sysfs" "$(awk -v g="${rate%% Gb/sec*}" 'BEGIN { printf "%d", g * 1000 }')" "$(get rate_mbps)"
	t_eq "$id width = sysfs" "$(sed 's/.*(\([0-9]*\)X.*/\1/' <<<"$rate")" "$(get active_width)"
	t_eq "$id speed = sysfs" "$(sed 's/.*X \(.*\))/\1/' <<<"$rate")" "$(get active_speed)"
	t_eq "$id cap_mask = sysfs" "$(($(cat $s/cap_mask)))" "$(get cap_mask)"
	gid0=$(cat $s/gids/0)
	t_eq "$id port_guid = sysfs gids/0" "${gid0:20}" "$(get port_guid)"
	t_eq "$id gid_tbl_len = sysfs gids" "$(ls $s/gids | wc -l)" "$(get gid_tbl_len)"
	t_eq "$id pkey_tbl_len = sysfs pkeys" "$(ls $s/pkeys | wc -l)" "$(get pkey_tbl_len)"
	ndev=$(cat $s/gid_attrs/ndevs/0 2>/dev/null)
	t_eq "$id netdev = sysfs gid_attrs/ndevs/0" "$ndev" "$(get netdev)"
	[ -n "$ndev" ] && t_eq "$id netdev_index = sysfs ifindex" \
		"$(cat /sys/class/net/$ndev/ifindex)" "$(get netdev_index)"
	for k in state physical_state netdev netdev_index lid sm_lid lmc subnet_prefix; do
		t_eq "$id $k = rdma link" "$(jq -r ".$k // empty" <<<"$r")" "$(get $k)"
	done
	if grep -qx "$dev" /sys/class/infiniband_verbs/uverbs*/ibdev 2>/dev/null; then
		t_eq "$id active_mtu = ibv_devinfo" "$(devinfo "$dev" "$port" active_mtu)" "$(get active_mtu)"
		t_eq "$id max_mtu = ibv_devinfo" "$(devinfo "$dev" "$port" max_mtu)" "$(get max_mtu)"
		t_eq "$id cap_mask2 = ibv_devinfo" "$(($(devinfo "$dev" "$port" port_cap_flags2)))" "$(get cap_mask2)"
	fi
	if [ "$(get link_layer)" = InfiniBand ]; then
		t_eq "$id lid = sysfs" "$(($(cat $s/lid)))" "$(get lid)"
		t_eq "$id sm_lid = sysfs" "$(($(cat $s/sm_lid)))" "$(get sm_lid)"
		t_eq "$id lmc = sysfs" "$(cat $s/lid_mask_count)" "$(get lmc)"
		t_eq "$id sm_sl = sysfs" "$(cat $s/sm_sl)" "$(get sm_sl)"
	else
		t_eq "$id has no LID, SM or LMC on $(get link_layer)" "" "$(get lid)$(get sm_lid)$(get lmc)"
	fi
done

t_run "port show DEV/PORT" 0 rdmactl -j port show rxe1/1
t_eq "port show DEV/PORT gives that port only" "rxe1/1" \
	"$(jq -r '.[] | "\(.ifname)/\(.port)"' <<<"$T_OUT" | xargs)"
t_run "port show DEV" 0 rdmactl -j port show rxe0
t_eq "port show DEV gives its ports only" "rxe0" "$(jq -r '.[].ifname' <<<"$T_OUT" | sort -u | xargs)"
t_run "text output" 0 rdmactl port show rxe0/1
t_match "text shows what ibstat does, plus the netdev" \
	'^rxe0/1: state ACTIVE physical_state LINK_UP link_layer Ethernet rate [0-9.]+ Gb/s \([0-9]+X [A-Z0-9]+\) port_guid [0-9a-f:]+ cap_mask 0x[0-9a-f]{8} netdev veth0' \
	"$T_OUT"
t_run "pretty JSON" 0 rdmactl -p port show
t_eq "pretty JSON is the same JSON" "$(jq -c . <<<"$json")" "$(jq -c . <<<"$T_OUT")"

lib=$RDMACTL_TOP/build/lib
t_run "the example of Documentation/library.md" 0 env LD_LIBRARY_PATH="$lib" "$RDMACTL_TOP/build/tests/library-example"
t_eq "the example lists every port with its state and netdev" \
	"$(jq -r '.[] | "\(.ifname)/\(.port) \(.state) \(.netdev // "-")"' <<<"$json")" "$T_OUT"
t_match "the example uses the shared library" "librdmactl.so.1 => $lib/librdmactl.so.1" \
	"$(LD_LIBRARY_PATH="$lib" ldd "$RDMACTL_TOP/build/tests/library-example")"

t_done
