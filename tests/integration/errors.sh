#!/bin/bash
# What the CLI says when asked for what is not there, and its exit codes.
. "$RDMACTL_TOP/tests/lib.sh"

t_run "missing device" 1 rdmactl dev show mlx5_9
t_eq "missing device: one line naming it" "rdmactl: device mlx5_9 not found" "$T_ERR"
t_run "missing device of a port" 1 rdmactl port show mlx5_9/1
t_eq "missing device of a port: one line naming it" "rdmactl: device mlx5_9 not found" "$T_ERR"
t_run "missing port" 1 rdmactl port show rxe0/3
t_eq "missing port: names port, device and port count" "rdmactl: port 3 does not exist on rxe0 (1 port)" "$T_ERR"
t_run "missing device, all its ports" 1 rdmactl -j port show nosuchdev
t_eq "a failed dump prints no JSON" "" "$T_OUT"

t_run "port 0 is a usage error" 2 rdmactl port show rxe0/0
t_run "a port that is no number is a usage error" 2 rdmactl port show rxe0/x
t_run "a name too long is a usage error" 2 rdmactl dev show "$(printf 'x%.0s' $(seq 70))"
t_run "unknown object" 2 rdmactl frobnicate
t_run "unknown command" 2 rdmactl port frobnicate
t_run "unknown option" 2 rdmactl --frobnicate port
t_run "too many arguments" 2 rdmactl port show rxe0 rxe1
t_run "object prefixes work (ip-style)" 0 rdmactl -j p sh rxe0/1
t_eq "object prefixes give the same answer" "rxe0/1" "$(jq -r '.[] | "\(.ifname)/\(.port)"' <<<"$T_OUT")"

t_run "--version" 0 rdmactl --version
t_match "--version names the loaded module's version" \
	"^rdmactl [0-9.]+ \(librdmactl [0-9.]+, rdmactl.ko $(cat /sys/module/rdmactl/version)\)$" "$T_OUT"

rmmod rdmactl
t_run "module not loaded" 1 rdmactl port show
t_eq "module not loaded: says so and how to load it" \
	'rdmactl: the rdmactl kernel module is not loaded; load it with "modprobe rdmactl"' "$T_ERR"
insmod "$RDMACTL_TOP/build/$(uname -r)/kmod/rdmactl.ko"
t_run "module loaded again" 0 rdmactl port show rxe0/1

t_done
