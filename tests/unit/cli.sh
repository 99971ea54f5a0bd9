#!/bin/bash
# The CLI on a host where rdmactl.ko is not loaded (we never load modules
# on the build machine): usage errors, exit codes, the not-loaded message.
. "$(dirname "$0")/../lib.sh"
T_NAME=cli
rdmactl=${RDMACTL:-$(dirname "$0")/../../build/bin/rdmactl}

if [ -d /sys/module/rdmactl ]; then
	echo "rdmactl.ko is loaded on this host; these tests expect it absent"
	echo "0 passed, 1 failed"
	exit 1
fi

t_run "no object" 2 "$rdmactl"
t_match "no object prints usage" "Usage: rdmactl" "$T_ERR"
t_run "help" 0 "$rdmactl" help
t_match "help lists the objects" "dev .*port" "$(tr '\n' ' ' <<<"$T_OUT")"
t_run "unknown object" 2 "$rdmactl" frob
t_eq "unknown object is named" 'rdmactl: unknown object "frob"; try "rdmactl help"' "$T_ERR"
t_run "unknown option" 2 "$rdmactl" -z dev
t_eq "unknown option is named" 'rdmactl: unknown option "-z"; try "rdmactl help"' "$T_ERR"
t_run "unknown command" 2 "$rdmactl" dev frob
t_eq "unknown command is named" 'rdmactl: unknown command "frob" for object dev; try "rdmactl dev help"' "$T_ERR"
t_run "bad DEV/PORT" 2 "$rdmactl" port show rxe0/zero
t_run "usage errors come before talking to the kernel" 2 "$rdmactl" port show a b
t_run "module not loaded" 1 "$rdmactl" port show
t_eq "module not loaded: one line saying so and how to load it" \
	'rdmactl: the rdmactl kernel module is not loaded; load it with "modprobe rdmactl"' "$T_ERR"
t_run "dev show without the module" 1 "$rdmactl" -j dev show
t_eq "no partial JSON without the module" "" "$T_OUT"
t_run "gid find without an address" 2 "$rdmactl" gid find
t_eq "gid find asks for ip" 'rdmactl: "gid find" needs ip ADDR' "$T_ERR"
t_run "gid find --ip of a word" 2 "$rdmactl" gid find --ip nonsense
t_run "gid show --type of an unknown type" 2 "$rdmactl" gid show --type v3
t_eq "gid show --type names the word and the choices" 'rdmactl: --type "v3": use ib, v1 or v2' "$T_ERR"
t_run "gid show of two devices" 2 "$rdmactl" gid show rxe0 rxe1
t_run "roce set without a device" 2 "$rdmactl" roce set
t_run "roce set of an unknown mode" 2 "$rdmactl" roce set rxe0 mode v3
t_eq "roce set names the modes" 'rdmactl: mode "v3": use v1 or v2' "$T_ERR"
t_run "roce set of a ToS above 255" 2 "$rdmactl" roce set rxe0 tos 256
t_run "roce set of nothing" 2 "$rdmactl" roce set rxe0/1
t_eq "roce set says what it takes" 'rdmactl: "roce set" needs mode v1|v2, tos N or both' "$T_ERR"
t_run "roce forget with extra words" 2 "$rdmactl" roce forget rxe0 mode
t_run "roce show without the module" 1 "$rdmactl" roce show
t_run "--version without the module" 0 "$rdmactl" --version
t_match "--version says the module is not loaded" '^rdmactl [0-9.]+ \(librdmactl [0-9.]+, rdmactl.ko not loaded\)$' "$T_OUT"
t_done
