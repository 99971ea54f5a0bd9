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
t_eq "module not loaded: one line saying so and what to do" "$(t_notloaded)" "$T_ERR"
# Process start is most of a command's time under emulation: libkmod (and
# the libcrypto, liblzma and libzstd it needs) is opened only when the
# module is missing, as the line above was (tools/stack.c).
t_eq "the CLI loads only libmnl and libc at start" "libc.so.6 libmnl.so.0" \
	"$(readelf -d "$rdmactl" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | paste -sd ' ')"
t_run "dev show without the module" 1 "$rdmactl" -j dev show
t_eq "no partial JSON without the module" "" "$T_OUT"
t_run "gid find without an address" 2 "$rdmactl" gid find
t_eq "gid find asks for ip" 'rdmactl: "gid find" needs ip ADDR' "$T_ERR"
t_run "gid find --ip of a word" 2 "$rdmactl" gid find --ip nonsense
t_run "gid show --type of an unknown type" 2 "$rdmactl" gid show --type v3
t_eq "gid show --type names the word and the choices" 'rdmactl: --type "v3": use ib, v1, v2 or iwarp' "$T_ERR"
t_run "gid show of two devices" 2 "$rdmactl" gid show rxe0 rxe1
t_run "roce set without a device" 2 "$rdmactl" roce set
t_run "roce set of an unknown mode" 2 "$rdmactl" roce set rxe0 mode v3
t_eq "roce set names the modes" 'rdmactl: mode "v3": use v1 or v2' "$T_ERR"
t_run "roce set of a ToS above 255" 2 "$rdmactl" roce set rxe0 tos 256
t_run "stat mode set of a device without a port" 2 "$rdmactl" stat mode rxe0 enable a
t_eq "says sets are per port" "rdmactl stat mode: optional counters are set per port: give DEV/PORT" "$T_ERR"
t_run "stat mode with two changes" 2 "$rdmactl" stat mode rxe0/1 enable a disable b
t_match "names the choices" "give one of optional-counters, enable, disable or forget" "$T_ERR"
t_run "stat mode enable without names" 2 "$rdmactl" stat mode rxe0/1 enable
t_run "stat mode restore of two devices" 2 "$rdmactl" stat mode restore a b
t_run "roce set of nothing" 2 "$rdmactl" roce set rxe0/1
t_eq "roce set says what it takes" 'rdmactl: "roce set" needs mode v1|v2, tos N or both' "$T_ERR"
t_run "roce forget with extra words" 2 "$rdmactl" roce forget rxe0 mode
t_run "roce show without the module" 1 "$rdmactl" roce show
t_run "roce qos help" 0 "$rdmactl" roce qos help
t_match "names both commands" "rdmactl roce qos show .*rdmactl roce qos set DEV\[/PORT\] tos N" \
	"$(tr '\n' ' ' <<<"$T_OUT")"
t_run "roce help points to qos" 0 "$rdmactl" roce help
t_match "says where the QoS chain is" "rdmactl roce qos help" "$T_OUT"
t_run "an unknown roce qos command is taken for a device" 1 "$rdmactl" roce qos frob
t_eq "and reaches the kernel" "$(t_notloaded)" "$T_ERR"
# Every command's words, new and old spellings: each parses (and then
# fails for want of the module, exit 1), an alias as its keyword does.
notloaded=$(t_notloaded)
while read -r line; do
	# shellcheck disable=SC2086
	t_run "parses: $line" 1 "$rdmactl" $line
	t_eq "and reaches the kernel: $line" "$notloaded" "$T_ERR"
done <<'EOF'
dev show rxe0
port show rxe0/1
port sh rxe0/1
stat rxe0/1
stat show errors baseline rxe0/1
stat show --errors --baseline rxe0/1
stat show err base
stat --errors
stat watch interval 0.5 count 2 tick-ns 4.5 rxe0/1
stat watch -i 0.5 -n 2 --tick-ns 4.5 rxe0/1
stat watch int 1 co 1
stat reset hardware rxe0/1
stat reset --hardware rxe0/1
stat reset rxe0 h
gid show rxe0/1 type v2 netdev veth0
gid show rxe0/1 --type v2 --netdev veth0
gid show -j rxe0 --type v1
gid find ip 192.0.2.1 type v2 rxe0/1
gid find --ip 2001:db8::1 --type v2
gid find i 192.0.2.1 t ib
gid select rxe0/1 family 4 type v2 netdev veth0 vlan none subnet 192.0.2.0/24 all
gid select rxe0 --family 6 --type v2 --vlan 100 --subnet 2001:db8::/32 --shell
roce show probe rxe0/1
roce show --probe rxe0/1
roce show rxe0/1 probe
roce set rxe0/1 mode v1 tos 106
roce set rxe0 tos 0x20
roce set rxe0/1 t 1
roce forget rxe0
roce qos
roce qos rxe0/1
roce qos show rxe0
roce q sh rxe0/1
roce qos set rxe0/1 tos 106 priority 3 pfc on trust dscp
roce qos set rxe0 tos 0x68
roce qos set rxe0/1 tos 104 pfc off trust pcp lossy
roce qos set rxe0/1 to 106 pr 3 pf on tr dscp l
ipoib show ib0
ipoib show fakeib0/1
ipoib set ib0 mode connected mtu 9000
ipoib set ib0 mode datagram
ipoib set ib0 mo datagram mt 2044
ipoib udev-rule ib0 ib-uplink
EOF
t_run "monitor timestamp parses" 1 "$rdmactl" monitor timestamp
t_run "check parses" 1 "$rdmactl" check rxe0/1 interval 0.5 watch
t_run "check dump-expect parses" 1 "$rdmactl" check --dump-expect
t_run "monitor --timestamp too" 1 "$rdmactl" monitor --timestamp
t_run "and -t" 1 "$rdmactl" monitor -t

# Each usage error: exit 2 and one line naming the word and what it wants.
while IFS='|' read -r args want; do
	# shellcheck disable=SC2086
	t_run "refused: $args" 2 "$rdmactl" $args
	t_eq "names the problem: $args" "rdmactl: $want" "$T_ERR"
done <<'EOF'
ipoib set ib0 m connected|"m" is ambiguous in "ipoib set": mode or mtu?
ipoib set ib0 mode|mode needs a value: connected or datagram
ipoib set ib0 mode reliable|mode "reliable": use connected or datagram
ipoib set ib0 mtu 9000|"ipoib set" needs mode connected|datagram
ipoib set ib0 mode connected mtu 0|mtu "0": use a number of bytes from 1
ipoib set|"ipoib set" needs IF
ipoib set abcdefghijklmnopq mode connected|IF "abcdefghijklmnopq": use an interface name, at most 15 characters
ipoib udev-rule ib0 a/b|NAME "a/b": use at most 15 characters, no '/', spaces, quotes or globs
ipoib udev-rule ib0|"ipoib udev-rule" needs NAME
stat watch -i 0.05|-i "0.05": use a number of seconds, at least 0.1
stat watch count x|count "x": use a number of frames from 1
stat watch -n|-n needs a value: a number of frames from 1
stat show --hardware|"stat show" has no option "--hardware"; usage: rdmactl stat show [DEV[/PORT]] [errors] [baseline]
stat reset rxe0 rxe1|"stat reset" does not take "rxe1"; usage: rdmactl stat reset [DEV[/PORT]] [hardware]
roce set rxe0 tos 256|tos "256": use a number from 0 to 255
roce set rxe0 tos -1|tos "-1": use a number from 0 to 255
roce set rxe0/0 tos 1|"rxe0/0" is not DEV[/PORT]: a port is a number from 1 to 4294967295
roce show --probe rxe0 rxe1|"roce show" does not take "rxe1"; usage: rdmactl roce show [probe] [DEV[/PORT]]
roce qos set rxe0/1 tos 256|tos "256": use a number from 0 to 255
roce qos set rxe0/1 tos x|tos "x": use a number from 0 to 255
roce qos set rxe0/1 tos 106 priority 8|priority "8": use a priority from 0 to 7
roce qos set rxe0/1 tos 106 priority -1|priority "-1": use a priority from 0 to 7
roce qos set rxe0/1 tos 106 pfc maybe|pfc "maybe": use on or off
roce qos set rxe0/1 tos 106 trust vlan|trust "vlan": use dscp or pcp
roce qos set rxe0/1 tos 106 trust|trust needs a value: dscp or pcp
roce qos set rxe0/1 tos 106 colour red|"roce qos set" does not take "colour"; usage: rdmactl roce qos set DEV[/PORT] tos N [priority P] [pfc on|off] [trust dscp|pcp] [lossy]
roce qos set rxe0/1 tos 106 p 3|"p" is ambiguous in "roce qos set": priority or pfc?
roce qos set rxe0/1 priority 3|"roce qos set" needs tos N
roce qos set|"roce qos set" needs DEV[/PORT]
roce qos set rxe0/0 tos 106|"rxe0/0" is not DEV[/PORT]: a port is a number from 1 to 4294967295
roce qos show rxe0 rxe1|"roce qos show" does not take "rxe1"; usage: rdmactl roce qos show [DEV[/PORT]]
roce qos rxe0 --lossy|"roce qos show" has no option "--lossy"; usage: rdmactl roce qos show [DEV[/PORT]]
gid find --ip nonsense|--ip "nonsense": use an IPv4 or IPv6 address
gid show type|type needs a value: ib, v1, v2 or iwarp
gid show rxe0 --netdev abcdefghijklmnopq|--netdev "abcdefghijklmnopq": use an interface name, at most 15 characters
gid select|"gid select" needs DEV[/PORT]
gid select rxe0 subnet 192.0.2.0|subnet "192.0.2.0": use an address and prefix length, as 192.0.2.0/24 or 2001:db8::/32
gid select rxe0 subnet 192.0.2.0/33|subnet "192.0.2.0/33": use an address and prefix length, as 192.0.2.0/24 or 2001:db8::/32
gid select rxe0 subnet 2001:db8::/129|subnet "2001:db8::/129": use an address and prefix length, as 192.0.2.0/24 or 2001:db8::/32
gid select rxe0 vlan 4095|vlan "4095": use a VLAN ID from 0 to 4094, or none
gid select rxe0 vlan +8|vlan "+8": use a VLAN ID from 0 to 4094, or none
gid select rxe0 vlan -0|vlan "-0": use a VLAN ID from 0 to 4094, or none
gid select rxe0 subnet 192.0.2.0/+8|subnet "192.0.2.0/+8": use an address and prefix length, as 192.0.2.0/24 or 2001:db8::/32
gid select rxe0 family 5|family "5": use 4 or 6
gid select rxe0 all shell|gid select: all lists every entry, shell prints one: choose one
gid select rxe0 vlan 3 vlan none|gid select: vlan given twice
dev show rxe0/1|"rxe0/1" is not DEV: a device name has no '/' (this command takes no port)
port show /1|"/1" is not DEV[/PORT]: the device name is empty
monitor frob|"monitor" does not take "frob"; usage: rdmactl monitor [timestamp]
check interval 0|interval "0": use the seconds between the two snapshots, at least 0.1
check --interval -2|--interval "-2": use the seconds between the two snapshots, at least 0.1
check rxe0 rxe1|"check" does not take "rxe1"; usage: rdmactl check [DEV[/PORT]] [expect FILE] [interval SECONDS] [watch] [dump-expect]
check expect /nonexistent/m|check: cannot read the manifest /nonexistent/m: No such file or directory
EOF
# A manifest is read, and refused, before the kernel is asked anything.
m=$(mktemp)
printf '# a host\nport mlx5_0/1 state ACTIVE rate 200\nipoib ib0 mode fast\n' >"$m"
t_run "check: a malformed manifest" 2 "$rdmactl" check expect "$m"
t_eq "names the file, the line and the reason" "rdmactl: check: $m:3: mode \"fast\": give datagram or connected" "$T_ERR"
printf 'port mlx5_0/1 state ACTIVE\nswitch 1\n' >"$m"
t_run "check: an unknown line" 2 "$rdmactl" check expect "$m"
t_eq "says which lines there are" "rdmactl: check: $m:2: unknown line \"switch\" (lines are port, ipoib, module, threshold)" "$T_ERR"
printf 'threshold symbol_error 5/day\n' >"$m"
t_run "check: a bad threshold" 2 "$rdmactl" check expect "$m"
t_match "names the rate" 'threshold rate "5/day": give N, N/s, N/min or N/h' "$T_ERR"
for r in nan inf -inf/h 1e999; do
	printf 'threshold symbol_error %s\n' "$r" >"$m"
	t_run "check: threshold $r is refused" 2 "$rdmactl" check expect "$m"
	t_match "names it" "threshold rate \"$r\": give N" "$T_ERR"
done
printf 'port mlx5_0/1\n' >"$m"
t_run "check: a port line with nothing expected (dump-expect of a port in NOP) reads" 1 \
	"$rdmactl" check expect "$m"
t_match "and gets to the kernel" "module|rdmactl" "$T_ERR"
printf 'port mlx5_0/1 state ACTIVE\nthreshold symbol_error 60/h\nmodule ib_umad\n' >"$m"
t_run "check: a good manifest gets to the kernel" 1 "$rdmactl" check expect "$m"
rm -f "$m"
t_run "--version without the module" 0 "$rdmactl" --version
t_match "--version says the module is not loaded" '^rdmactl [0-9.]+ \(librdmactl [0-9.]+, rdmactl.ko not loaded\)$' "$T_OUT"
t_done
