#!/bin/bash
# rdmactl dev show against ibv_devices, `rdma -j dev`, sysfs and ibv_devinfo.
. "$RDMACTL_TOP/tests/lib.sh"

json=$(rdmactl -j dev show)
rdma_json=$(rdma -j dev show)

# ibv_devices sees devices with a uverbs node; sysfs sees them all.
uverbs=$(cat /sys/class/infiniband_verbs/uverbs*/ibdev 2>/dev/null | sort | xargs)
in_uverbs() { [[ " $uverbs " == *" $1 "* ]]; }
t_eq "devices = sysfs" "$(ls /sys/class/infiniband | sort | xargs)" "$(jq -r '.[].ifname' <<<"$json" | sort | xargs)"
t_eq "devices with uverbs = ibv_devices" \
	"$(ibv_devices | awk 'NR > 2 { print $1 }' | sort | xargs)" \
	"$(jq -r '.[].ifname' <<<"$json" | while read -r d; do in_uverbs "$d" && echo "$d"; done | sort | xargs)"
t_eq "their node GUIDs = ibv_devices" \
	"$(ibv_devices | awk 'NR > 2 { print $2 }' | sort | xargs)" \
	"$(jq -r '.[] | "\(.ifname) \(.node_guid)"' <<<"$json" | while read -r d g; do in_uverbs "$d" && echo "$g"; done | tr -d : | sort | xargs)"

# A device's fields are read into arrays, one jq each (json_fields).
for dev in $(jq -r '.[].ifname' <<<"$json"); do
	json_fields D "$json" ".[] | select(.ifname == \"$dev\")"
	json_fields R "$rdma_json" ".[] | select(.ifname == \"$dev\")"
	sys=/sys/class/infiniband/$dev

	for k in ifindex node_type node_guid sys_image_guid; do
		t_eq "$dev $k = rdma dev" "${R[$k]}" "${D[$k]}"
	done
	t_eq "$dev node_guid = sysfs" "$(<$sys/node_guid)" "${D[node_guid]}"
	t_eq "$dev sys_image_guid = sysfs" "$(<$sys/sys_image_guid)" "${D[sys_image_guid]}"
	t_eq "$dev fw = sysfs (absent when empty)" "$(cat $sys/fw_ver 2>/dev/null)" "${D[fw]}"
	n=($sys/ports/*)
	t_eq "$dev ports = sysfs" "${#n[@]}" "${D[ports]}"
	if in_uverbs "$dev"; then
		info=$(ibv_devinfo -v -d "$dev")
		t_eq "$dev vendor_id = ibv_devinfo" "$(text_field "$info" vendor_id)" "$(printf '0x%04x' "${D[vendor_id]}")"
		t_eq "$dev vendor_part_id = ibv_devinfo" "$(text_field "$info" vendor_part_id)" "${D[vendor_part_id]}"
		t_eq "$dev hw_ver = ibv_devinfo" "$(text_field "$info" hw_ver)" "$(printf '0x%x' "${D[hw_ver]}")"
	fi
	driver=${D[driver]}
	if [ -n "$driver" ] && [ -d "/sys/module/$driver" ]; then
		t_pass "$dev driver $driver is a loaded module"
	else
		t_fail "$dev driver \"$driver\" is not a loaded module"
	fi
done

# Soft-RoCE's devices by name (the DOCA-OFED line has none: the loop above
# had the fake HCA's).
if [ -z "${RDMACTL_OFED:-}" ]; then
	t_run "dev show by name" 0 rdmactl -j dev show rxe1
	t_eq "dev show by name gives that device only" "rxe1" "$(jq -r '.[].ifname' <<<"$T_OUT" | xargs)"
	t_run "text output" 0 rdmactl dev show rxe0
	t_match "text line names driver, node type and GUID" \
		"^[0-9]+: rxe0: driver rdma_rxe node_type ca (fw [^ ]+ )?node_guid $(</sys/class/infiniband/rxe0/node_guid) " \
		"$T_OUT"
fi

t_done
