#!/bin/bash
# What the CLI says when asked for what is not there, and its exit codes,
# on two devices of one port: Soft-RoCE's rxe0 and rxe1, or the fake HCA's
# where there is no Soft-RoCE (DOCA-OFED: two_devs).
. "$RDMACTL_TOP/tests/lib.sh"

knobs=/sys/kernel/debug/rdmactl_fakehca
two_devs
[ -n "$dev1" ] || { t_fail "two devices of one port (rdma link show)"; t_done; exit; }

t_run "missing device" 1 rdmactl dev show mlx5_9
t_eq "missing device: one line naming it" "rdmactl: mlx5_9: no RDMA device has this name" "$T_ERR"
t_run "missing device of a port" 1 rdmactl port show mlx5_9/1
t_eq "missing device of a port: one line naming it" "rdmactl: mlx5_9: no RDMA device has this name" "$T_ERR"
t_run "missing port" 1 rdmactl port show $dev0/3
t_eq "missing port: names device, port and the ports there are" \
	"rdmactl: $dev0: port 3 does not exist: the device has port 1 only" "$T_ERR"
t_run "missing device, all its ports" 1 rdmactl -j port show nosuchdev
t_eq "a failed dump prints no JSON" "" "$T_OUT"

# Device names of 63 bytes, the longest: every refusal that the kernel
# formats (cut at 80 bytes, NETLINK_MAX_FMTMSG_LEN) reaches the user whole,
# and the CLI names the device it was asked about.
nlraw=$RDMACTL_TOP/build/tests/nlraw
long=dev_$(printf 'x%.0s' $(seq 59))
gone=nodev_$(printf 'y%.0s' $(seq 57))
idx0=$(rdma -j dev show $dev0 | jq .[0].ifindex)
rdma dev set $dev1 name $long
t_eq "$dev1 is renamed to 63 bytes" 63 "$(rdma -j dev show $long | jq -r '.[0].ifname | length')"
t_run "missing device, 63-byte name" 1 rdmactl dev show $gone
t_eq "is refused with the whole message, naming it" "rdmactl: $gone: no RDMA device has this name" "$T_ERR"
t_run "missing port of a device with a 63-byte name" 1 rdmactl port show $long/3
t_eq "is refused with the whole message, naming the device" \
	"rdmactl: $long: port 3 does not exist: the device has port 1 only" "$T_ERR"
t_run "missing port of it, in a dump" 1 rdmactl gid show $long/4294967295
t_eq "is refused with the whole message too" \
	"rdmactl: $long: port 4294967295 does not exist: the device has port 1 only" "$T_ERR"
t_run "index of one device, 63-byte name of another" 1 "$nlraw" DEV_GET DEV_INDEX:u32:"$idx0" DEV_NAME:strz:$long
t_eq "is refused with the whole message" \
	"error 22: device index $idx0 has another name; give the index or the name alone" "$T_OUT"
# The table's last empty slot, as sysfs reads it (rxe's 1,024 slots, the
# fake HCA's 8).
gids=/sys/class/infiniband/$long/ports/1/gids
ngid=$(ls $gids | wc -l)
empty=$(for i in $(ls $gids | sort -rn); do
	[ "$(<$gids/$i)" = 0000:0000:0000:0000:0000:0000:0000:0000 ] && { echo $i; break; }
done)
t_run "an empty GID slot of it ($empty, sysfs)" 1 "$nlraw" GID_GET DEV_NAME:strz:$long PORT_INDEX:u32:1 \
	GID_INDEX:u32:"$empty"
t_eq "is refused with the whole message" "error 61: GID index $empty of port 1 is empty" "$T_OUT"
t_run "a GID index beyond its table" 1 "$nlraw" GID_GET DEV_NAME:strz:$long PORT_INDEX:u32:1 \
	GID_INDEX:u32:4294967295
t_eq "is refused with the whole message, and the table's size (sysfs)" \
	"error 61: GID index 4294967295 is beyond port 1's table ($ngid entries)" "$T_OUT"
# The refusal the port's link layer (sysfs) calls for: rxe has RoCE v2
# only; an InfiniBand port has no RoCE mode.
if [ "$(cat /sys/class/infiniband/$long/ports/1/link_layer)" = Ethernet ]; then
	t_run "RoCE v1 on it (rxe has v2 only)" 1 rdmactl roce set $long/1 mode v1
	t_eq "is refused with the whole message, naming the device" \
		"rdmactl: $long: port 1 supports RoCE v2 only" "$T_ERR"
else
	t_run "RoCE v1 on it (an InfiniBand port)" 1 rdmactl roce set $long/1 mode v1
	t_eq "is refused with the whole message, naming the device" \
		"rdmactl: $long: port 1 is InfiniBand, not RoCE: it has no RoCE mode" "$T_ERR"
fi
rdma dev set $long name $dev1

t_run "port 0 is a usage error" 2 rdmactl port show $dev0/0
t_run "a port that is no number is a usage error" 2 rdmactl port show $dev0/x
t_run "a name too long is a usage error" 2 rdmactl dev show "$(printf 'x%.0s' $(seq 70))"
t_run "unknown object" 2 rdmactl frobnicate
t_run "unknown command" 2 rdmactl port frobnicate
t_run "unknown option" 2 rdmactl --frobnicate port
t_run "too many arguments" 2 rdmactl port show $dev0 $dev1
t_run "object prefixes work (ip-style)" 0 rdmactl -j p sh $dev0/1
t_eq "object prefixes give the same answer" "$dev0/1" "$(jq -r '.[] | "\(.ifname)/\(.port)"' <<<"$T_OUT")"

t_run "--version" 0 rdmactl --version
t_match "--version names the loaded module's version" \
	"^rdmactl [0-9.]+ \(librdmactl [0-9.]+, rdmactl.ko $(</sys/module/rdmactl/version)\)$" "$T_OUT"

rmmod rdmactl
t_run "module not loaded" 1 rdmactl port show
t_eq "module not loaded: says so and what to do" "$(t_notloaded)" "$T_ERR"
insmod "$RDMACTL_MODULE"
t_run "module loaded again" 0 rdmactl port show $dev0/1
[ -z "$added" ] || echo "$added" >$knobs/remove

t_done
