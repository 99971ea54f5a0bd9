# Assertions for the shell tests. Each test file sources this, calls the
# t_* functions, and ends with t_done, which prints "N passed, N failed,
# N skipped".
# shellcheck shell=bash

T_PASS=0
T_FAIL=0
T_SKIP=0
T_NAME=${T_NAME:-$(basename "$0" .sh)}

# RDMACTL_TEST_TIMES=1: each result line ends with the seconds since the
# one before it, to find where a suite's time goes (Documentation/testing.md).
T_LAST=$EPOCHREALTIME
T_TOOK=
t_took() {
	[ -n "${RDMACTL_TEST_TIMES:-}" ] || return 0
	local now=$EPOCHREALTIME us
	us=$(( (10#${now/./} - 10#${T_LAST/./}) / 1000 ))
	T_LAST=$now
	printf -v T_TOOK ' [%d.%02d s]' $((us / 1000)) $((us % 1000 / 10))
}

t_pass() {
	T_PASS=$((T_PASS + 1))
	t_took
	echo "ok - $T_NAME: $1$T_TOOK"
}

t_fail() {
	T_FAIL=$((T_FAIL + 1))
	t_took
	echo "not ok - $T_NAME: $1$T_TOOK"
	shift
	# Every line of the detail indented: a command's output there (a
	# nested runner's) never reads as this suite's own result lines.
	[ $# -gt 0 ] && printf '%s\n' "$@" | sed 's/^/    /'
	return 0
}

# t_skip WHAT WHY: a check not made on this line, and why: its own
# result, never a pass. Only where the suite's rule for the line (the
# kernel's version or config, the stack: t_kver_ge, t_config) says the
# feature is absent; where the rule says it is there, t_missing.
t_skip() {
	T_SKIP=$((T_SKIP + 1))
	t_took
	echo "skip - $T_NAME: $1: $2$T_TOOK"
}

# t_missing WHAT WHY: a check this line should make (its rule says the
# feature is there) that could not be made: a failure, never a skip.
t_missing() {
	t_fail "$1: expected on $(uname -r), but $2"
}

# t_expect WHAT RULE WHY-ABSENT PROBE...: run PROBE (does the feature
# answer here?) and compare with RULE (a command: is it expected on this
# line?). 0 when the checks that need it should run; otherwise 1, with
# a skip when the rule says it is absent, a failure when it says present.
t_expect() {
	local what=$1 rule=$2 why=$3
	shift 3
	if "$@"; then
		return 0
	fi
	if eval "$rule"; then
		t_missing "$what" "$why"
	else
		t_skip "$what" "$why"
	fi
	return 1
}

# t_kver_ge MAJOR.MINOR: the running kernel is that version or newer
# (RHEL's 5.14 and 6.12 are theirs, with their backports: a suite's rule
# names them where they differ).
t_kver_ge() {
	local want=$1 have
	have=$(uname -r)
	have=${have%%-*}
	local hmaj=${have%%.*} hmin=${have#*.} wmaj=${want%%.*} wmin=${want#*.}
	hmin=${hmin%%.*}
	[ "$hmaj" -gt "$wmaj" ] || { [ "$hmaj" = "$wmaj" ] && [ "$hmin" -ge "$wmin" ]; }
}

# t_config NAME [m]: the running kernel was built with CONFIG_NAME (y or
# m; with m, as a module),
# from its .config (tests/vm/run copies it into the VM: RDMACTL_KCONFIG;
# on a host, /boot's). No config to read is a failure of the harness,
# said on stderr, and no.
t_config() {
	local f=${RDMACTL_KCONFIG:-/boot/config-$(uname -r)}
	[ -r "$f" ] || { echo "t_config: no .config of $(uname -r) to read ($f)" >&2; return 1; }
	grep -Eq "^CONFIG_$1=(${2:-y|m})$" "$f"
}

# t_rxe_rc: Soft-RoCE's RC traffic (ibv_rc_pingpong, rping) is expected
# to complete here: wherever rxe is the kernel's own. RHEL 10 dropped
# Soft-RoCE; its test kernels build rxe from RHEL's tree for the suites
# that need a RoCE device, and there RC traffic between rxe0 and rxe1
# never completes (Documentation/packaging.md), and the QP it leaves
# holds the device's removal: there it is not tried.
t_rxe_rc() { [[ $(uname -r) != *.el10_* ]]; }

# roce_add NETDEV NAME [OPTION...]: a RoCE device on NETDEV, its name
# printed: Soft-RoCE's, called NAME, where there is Soft-RoCE; on
# DOCA-OFED, which has none (lines.sh), the fake HCA's RoCE personality,
# which names its own (OPTIONs: more of its "add" knob's). Either goes
# with its netdev. roce_del NAME removes it.
roce_add() {
	local netdev=$1 name=$2 fk=/sys/kernel/debug/rdmactl_fakehca
	shift 2
	if [ -z "${RDMACTL_OFED:-}" ]; then
		rdma link add "$name" type rxe netdev "$netdev" && echo "$name"
	else
		echo "link_layer=roce netdevs=$netdev $*" >$fk/add && tail -1 $fk/devices
	fi
}
roce_del() {
	if [ -z "${RDMACTL_OFED:-}" ]; then
		rdma link delete "$1"
	else
		echo "$1" >/sys/kernel/debug/rdmactl_fakehca/remove
	fi
}

# one_port_devs: the devices of one port, as rdma lists them, Soft-RoCE's
# first (rxe0 rxe1 where it runs; the fake HCA's on DOCA-OFED, which has
# no rdma_rxe): suites that need a device only by its name take theirs.
one_port_devs() {
	rdma -j link show | jq -r 'group_by(.ifname)[] | select(length == 1) | .[0].ifname' |
		sort -t' ' -k1,1 | awk '/^rxe/ { print; next } { rest = rest $0 "\n" } END { printf "%s", rest }'
}

# two_devs: dev0 and dev1, two devices of one port (one_port_devs), a
# second one added to the fake HCA for the suite when there is one only
# (DOCA-OFED): $added names it, for the suite to remove.
two_devs() {
	local knobs=/sys/kernel/debug/rdmactl_fakehca
	read -r dev0 dev1 <<<"$(one_port_devs | head -2 | xargs)"
	added=
	if [ -z "$dev1" ] && [ -d $knobs ]; then
		echo "ports=1" >$knobs/add
		added=$(tail -1 $knobs/devices)
		read -r dev0 dev1 <<<"$(one_port_devs | head -2 | xargs)"
	fi
}

# t_eq WHAT EXPECTED ACTUAL
t_eq() {
	if [ "$2" = "$3" ]; then
		t_pass "$1"
	else
		t_fail "$1" "expected: $2" "actual:   $3"
	fi
}

# t_match WHAT REGEX ACTUAL
t_match() {
	if [[ $3 =~ $2 ]]; then
		t_pass "$1"
	else
		t_fail "$1" "expected to match: $2" "actual: $3"
	fi
}

# t_run WHAT EXPECTED_STATUS COMMAND...: runs COMMAND, keeps its output
# in $T_OUT and $T_ERR, and checks its exit status. Its stderr goes through
# a file of this shell's own (t_done removes it): make check runs host
# suites side by side (tests/rhel-dkms.sh beside tests/build.sh), whose
# /tmp is the same. Read with bash's $(<), not cat: a process less per
# check, which counts in an emulated VM.
t_run() {
	local what=$1 want=$2 rc err=/tmp/t_err.$BASHPID
	shift 2
	T_OUT=$("$@" 2>"$err")
	rc=$?
	T_ERR=$(<"$err")
	if [ "$rc" = "$want" ]; then
		t_pass "$what (exit $rc)"
	else
		t_fail "$what" "expected exit $want, got $rc" "stdout: $T_OUT" "stderr: $T_ERR"
	fi
}

# tcp_listening PORT: until a server listens there (ibv_rc_pingpong's
# out-of-band exchange), however slow the VM is.
tcp_listening() {
	for i in $(seq 100); do
		ss -Hltn "sport = :$1" | grep -q . && return 0
		sleep 0.1
	done
	return 1
}

# t_eq_soon WHAT EXPECTED CMD...: t_eq of CMD's output, once it equals
# EXPECTED or 15 s have gone: what a monitor prints arrives when it
# arrives, and a fixed sleep is either too short under load or wasted.
t_eq_soon() {
	local what=$1 want=$2 have end=$((SECONDS + 15))
	shift 2
	while have=$("$@"); [ "$have" != "$want" ] && [ $SECONDS -lt $end ]; do
		sleep 0.2
	done
	t_eq "$what" "$want" "$have"
}

# until_ok SECONDS CMD...: CMD every 0.2 s until it succeeds, SECONDS at
# most; false if it never did. For what rdmactl.ko times in jiffies (a
# stats object's lifespan, a failed PMA's back-off): the RHEL and debug
# VMs' kernels tick periodically (tinyconfig's HZ_PERIODIC), and their
# ticks fall behind the guest's clock when the host is busy (3.4 s of
# uptime counted 2.5 to 3.0 s of ticks), so a sleep a little longer than
# a lifespan can end inside it.
until_ok() {
	local end=$((SECONDS + $1))
	shift
	until "$@"; do
		[ $SECONDS -lt $end ] || return 1
		sleep 0.2
	done
}

# The clock in ms, and a 20 ms nap, with no process started: a measure
# of how fast something ends must not wait for fork+exec, which takes
# 0.1-0.5 s in a loaded VM under emulation. The nap reads a pipe this
# shell holds both ends of (opened once), which never has data.
now_ms() { local t=${EPOCHREALTIME//[!0-9]/}; echo $((t / 1000)); }
nap() {
	[ -n "$NAP_FD" ] || exec {NAP_FD}<> <(:)
	read -rt "${1:-0.02}" -u "$NAP_FD"
}

# kill_ms PID: kill -9 it (a child of this shell), T_MS until it is gone
# (a zombie, or no more); T_STACK, its kernel stack 0.2 s after the kill
# if it was still there then, one line, for a failing test to say.
kill_ms() {
	local t0 t line
	t0=${EPOCHREALTIME//[!0-9]/}
	T_STACK=
	kill -9 "$1"
	while :; do
		line=
		read -r line 2>/dev/null </proc/$1/stat
		line=${line##*) }
		[ -n "$line" ] && [ "${line%% *}" != Z ] || break
		t=$(((${EPOCHREALTIME//[!0-9]/} - t0) / 1000))
		[ $t -lt 5000 ] || break
		[ -z "$T_STACK" ] && [ $t -ge 200 ] &&
			T_STACK="at 0.2 s: $(sed 's/+0x.*//' /proc/$1/stack 2>/dev/null | tr '\n' ' ')"
		nap
	done
	T_MS=$(((${EPOCHREALTIME//[!0-9]/} - t0) / 1000))
	wait "$1" 2>/dev/null
}

# took_ms CMD...: run CMD, T_MS how long it took, T_OUT what it printed.
took_ms() {
	local t0
	t0=$(now_ms)
	T_OUT=$("$@" 2>&1)
	T_MS=$(($(now_ms) - t0))
}

# kill_sleep_ms: T_MS for an unprivileged sleep killed 0.3 s in, what "a
# killed request ends at once" means on this kernel and machine (the
# debug kernel's exit is the slowest).
kill_sleep_ms() {
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all sleep 30 &
	sleep 0.3
	kill_ms $!
}

# genl_most PID MS: `genl ctrl list` (a generic netlink family lookup)
# over and over while PID runs, and for MS ms at least; T_MOST the
# longest one, in ms.
genl_most() {
	local t0 t
	t0=$(now_ms)
	T_MOST=0
	while kill -0 "$1" 2>/dev/null || [ $(($(now_ms) - t0)) -lt "$2" ]; do
		t=$(now_ms)
		genl ctrl list >/dev/null
		t=$(($(now_ms) - t))
		[ $t -gt $T_MOST ] && T_MOST=$t
	done
}

# t_notloaded: the line rdmactl prints here when rdmactl.ko is not loaded
# (tools/stack.c): load it when one is installed for this kernel (built
# against the ib_core that is loaded: the DOCA-OFED line's ofed.sh tests
# the other case), how to install one when none is.
t_notloaded() {
	local lead='rdmactl: the rdmactl kernel module is not loaded' v k
	k=$(uname -r)
	v=$(sed -n 's/^VERSION *:*= *//p' "$(dirname "${BASH_SOURCE[0]}")/../Makefile")
	if modinfo -n rdmactl >/dev/null 2>&1; then
		echo "$lead; load it with \"modprobe rdmactl\""
	else
		echo "$lead, and none is installed for kernel $k: install it with \"dkms install rdmactl/$v -k $k\" (package rdmactl-dkms)"
	fi
}

# t_once: whether to run the checks whose code paths do not depend on the
# kernel (printing, the terminal, the CLI's own logic): make check runs
# them on one line only (lines.sh's --once), and the other lines skip them
# (RDMACTL_ONCE=elsewhere). A suite run by hand runs everything.
t_once() { [ "${RDMACTL_ONCE:-here}" = here ]; }

# json_fields ARRAY JSON [FILTER]: the fields of one JSON object (JSON, or
# what FILTER picks from it) into the associative array ARRAY, each as
# `jq -r '.FIELD // empty'` prints it: strings bare, null and false empty,
# other values as JSON. One jq for all of an object's fields: a process
# costs a quarter of a second and more in the VM (jq more than half).
json_fields() {
	declare -gA "$1"
	local -n _jf=$1
	local k v
	_jf=()
	while IFS=$'\t' read -r k v; do
		_jf[$k]=$v
	done < <(jq -r "${3:-.}"' | to_entries[] |
		"\(.key)\t\(.value // "" | if type == "string" then . else tojson end)"' <<<"$2")
}

# text_field TEXT NAME: the value of TEXT's first line "NAME: VALUE" (as
# ibv_devinfo prints them, indented), without a spawn.
text_field() {
	local line re="^[[:space:]]*$2:[[:space:]]*(.*)$"
	while IFS= read -r line; do
		[[ $line =~ $re ]] && { echo "${BASH_REMATCH[1]}"; return 0; }
	done <<<"$1"
}

# py_start NAME CODE: a Python process for the rest of the suite that
# answers py_ask NAME ARG... with CODE's answer(args), one line each.
# Starting Python takes over a second in the VM, and some suites ask it
# hundreds of questions. It is disowned, so that a suite's bare `wait`
# does not wait for it, and ends with the suite's shell (its pipe closes);
# an exception comes back as the answer, where the check that asked shows
# it. Arguments hold no tab or newline (a newline is sent as a space).
py_start() {
	local d fin fout
	d=$(mktemp -d)
	mkfifo "$d/in" "$d/out"
	python3 -u -c "$2"'
import sys
for line in sys.stdin:
    try:
        print(answer(line.rstrip("\n").split("\t")))
    except Exception as e:
        print(f"{e!r}")' <"$d/in" >"$d/out" 2>/dev/null &
	disown
	exec {fin}>"$d/in" {fout}<"$d/out"
	printf -v "T_PY_$1" '%s %s' "$fin" "$fout"
	rm -rf "$d"
}
py_ask() {
	local fds="T_PY_$1" fin fout v IFS
	shift
	read -r fin fout <<<"${!fds}"
	[ -n "$fout" ] || { echo "py_ask: no py_start for it" >&2; return 1; }
	IFS=$'\t'
	printf '%s\n' "${*//$'\n'/ }" >&"$fin"
	IFS= read -r v <&"$fout"
	echo "$v"
}

# counter JSON NAME [FIELD [SOURCE]]: a field (value by default) of a
# counter in the first snapshot of `rdmactl -j stat show`'s JSON, of that
# SOURCE (pma, driver) when given: a PMA and a driver may share a name.
# Python, not jq: jq reads numbers as doubles and rounds 64-bit values.
# A suite calls counter_start once first.
counter_start() {
	py_start counter 'import json
def answer(a):
    doc, name, field, source = a
    c = [c for c in json.loads(doc)[0]["counters"]
         if c["name"] == name and source in ("", c["source"])]
    v = c[0].get(field, "") if c else ""
    return str(v).lower() if isinstance(v, bool) else v'
}
counter() { py_ask counter "$1" "$2" "${3:-value}" "${4:-}"; }

# nl_subscribed: how many generic netlink sockets of this namespace are
# in a multicast group (/proc/net/netlink's groups, the first 32 ids).
nl_subscribed() { awk '$2 == 16 && $4 != "00000000"' /proc/net/netlink | wc -l; }

# subscribed_after BEFORE N: until N more sockets than BEFORE are in a
# group (a monitor started in the background has subscribed), 30 s at
# most; false if they never were. Readiness, not a sleep.
subscribed_after() {
	until_ok 30 eval '[ "$(nl_subscribed)" -ge '"$(($1 + $2))"' ]'
}

t_done() {
	rm -f "/tmp/t_err.$BASHPID"
	echo "$T_PASS passed, $T_FAIL failed, $T_SKIP skipped"
	[ "$T_FAIL" = 0 ] && [ $((T_PASS + T_FAIL + T_SKIP)) -gt 0 ]
}
