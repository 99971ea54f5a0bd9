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
# A port's fields are read into arrays, one jq each (json_fields), and
# sysfs with bash: the VM spends a quarter of a second on every process.
for id in $(jq -r '.[] | "\(.ifname)/\(.port)"' <<<"$json"); do
	dev=${id%/*} port=${id#*/}
	json_fields P "$json" ".[] | select(.ifname == \"$dev\" and .port == $port)"
	json_fields R "$rdma_json" ".[] | select(.ifname == \"$dev\" and .port == $port)"
	s=/sys/class/infiniband/$dev/ports/$port

	state=$(<$s/state) phys=$(<$s/phys_state)
	t_eq "$id state = sysfs" "${state#*: }" "${P[state]}"
	t_eq "$id physical_state = sysfs" "$(phys_name "${phys%%:*}")" "${P[physical_state]}"
	t_eq "$id link_layer = sysfs" "$(<$s/link_layer)" "${P[link_layer]}"
	rate=$(<$s/rate)		# "10 Gb/sec (1X FDR10)", "2.5 Gb/sec (1X SDR)"
	gbs=${rate%% Gb/sec*} frac=
	[[ $gbs == *.* ]] && frac=${gbs#*.}
	frac=${frac}000
	t_eq "$id rate = sysfs" "$((${gbs%%.*} * 1000 + 10#${frac:0:3}))" "${P[rate_mbps]}"
	[[ $rate =~ \(([0-9]*)X\ (.*)\) ]] || BASH_REMATCH=("" "$rate" "$rate")
	t_eq "$id width = sysfs" "${BASH_REMATCH[1]}" "${P[active_width]}"
	t_eq "$id speed = sysfs" "${BASH_REMATCH[2]}" "${P[active_speed]}"
	t_eq "$id cap_mask = sysfs" "$(($(<$s/cap_mask)))" "${P[cap_mask]}"
	gid0=$(<$s/gids/0)
	t_eq "$id port_guid = sysfs gids/0" "${gid0:20}" "${P[port_guid]}"
	n=($s/gids/*)
	t_eq "$id gid_tbl_len = sysfs gids" "${#n[@]}" "${P[gid_tbl_len]}"
	n=($s/pkeys/*)
	t_eq "$id pkey_tbl_len = sysfs pkeys" "${#n[@]}" "${P[pkey_tbl_len]}"
	ndev=$(cat $s/gid_attrs/ndevs/0 2>/dev/null)
	t_eq "$id netdev = sysfs gid_attrs/ndevs/0" "$ndev" "${P[netdev]}"
	[ -n "$ndev" ] && t_eq "$id netdev_index = sysfs ifindex" \
		"$(</sys/class/net/$ndev/ifindex)" "${P[netdev_index]}"
	for k in state physical_state netdev netdev_index lid sm_lid lmc subnet_prefix; do
		t_eq "$id $k = rdma link" "${R[$k]}" "${P[$k]}"
	done
	if grep -qx "$dev" /sys/class/infiniband_verbs/uverbs*/ibdev 2>/dev/null; then
		# ibv_devinfo's fields without their "(n)" suffix.
		info=$(ibv_devinfo -v -d "$dev" -i "$port")
		v=$(text_field "$info" active_mtu)
		t_eq "$id active_mtu = ibv_devinfo" "${v%% [(]*}" "${P[active_mtu]}"
		v=$(text_field "$info" max_mtu)
		t_eq "$id max_mtu = ibv_devinfo" "${v%% [(]*}" "${P[max_mtu]}"
		v=$(text_field "$info" port_cap_flags2)
		v=${v%% [(]*}
		t_eq "$id cap_mask2 = ibv_devinfo" "$((v))" "${P[cap_mask2]}"
	fi
	if [ "${P[link_layer]}" = InfiniBand ]; then
		t_eq "$id lid = sysfs" "$(($(<$s/lid)))" "${P[lid]}"
		t_eq "$id sm_lid = sysfs" "$(($(<$s/sm_lid)))" "${P[sm_lid]}"
		t_eq "$id lmc = sysfs" "$(<$s/lid_mask_count)" "${P[lmc]}"
		t_eq "$id sm_sl = sysfs" "$(<$s/sm_sl)" "${P[sm_sl]}"
	else
		t_eq "$id has no LID, SM or LMC on ${P[link_layer]}" "" "${P[lid]}${P[sm_lid]}${P[lmc]}"
	fi
done

# Soft-RoCE's ports by name (the DOCA-OFED line has none: the loop above
# had the fake HCA's).
if [ -z "${RDMACTL_OFED:-}" ]; then
	t_run "port show DEV/PORT" 0 rdmactl -j port show rxe1/1
	t_eq "port show DEV/PORT gives that port only" "rxe1/1" \
		"$(jq -r '.[] | "\(.ifname)/\(.port)"' <<<"$T_OUT" | xargs)"
	t_run "port show DEV" 0 rdmactl -j port show rxe0
	t_eq "port show DEV gives its ports only" "rxe0" "$(jq -r '.[].ifname' <<<"$T_OUT" | sort -u | xargs)"
	t_run "text output" 0 rdmactl port show rxe0/1
	t_match "text shows what ibstat does, plus the netdev" \
		'^rxe0/1: state ACTIVE physical_state LINK_UP link_layer Ethernet rate [0-9.]+ Gb/s \([0-9]+X [A-Z0-9]+\) port_guid [0-9a-f:]+ cap_mask 0x[0-9a-f]{8} netdev veth0' \
		"$T_OUT"
fi
t_run "pretty JSON" 0 rdmactl -p port show
t_eq "pretty JSON is the same JSON" "$(jq -c . <<<"$json")" "$(jq -c . <<<"$T_OUT")"

lib=$RDMACTL_TOP/build/lib
t_run "the example of Documentation/library.md" 0 env LD_LIBRARY_PATH="$lib" "$RDMACTL_TOP/build/tests/library-example"
t_eq "the example lists every port with its state and netdev" \
	"$(jq -r '.[] | "\(.ifname)/\(.port) \(.state) \(.netdev // "-")"' <<<"$json")" "$T_OUT"
t_match "the example uses the shared library" "librdmactl.so.1 => $lib/librdmactl.so.1" \
	"$(LD_LIBRARY_PATH="$lib" ldd "$RDMACTL_TOP/build/tests/library-example")"

t_done
