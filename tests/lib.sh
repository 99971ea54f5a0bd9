# Assertions for the shell tests. Each test file sources this, calls the
# t_* functions, and ends with t_done, which prints "N passed, N failed".
# shellcheck shell=bash

T_PASS=0
T_FAIL=0
T_NAME=${T_NAME:-$(basename "$0" .sh)}

t_pass() {
	T_PASS=$((T_PASS + 1))
	echo "ok - $T_NAME: $1"
}

t_fail() {
	T_FAIL=$((T_FAIL + 1))
	echo "not ok - $T_NAME: $1"
	shift
	[ $# -gt 0 ] && printf '    %s\n' "$@"
	return 0
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
# in $T_OUT and $T_ERR, and checks its exit status.
t_run() {
	local what=$1 want=$2 rc
	shift 2
	T_OUT=$("$@" 2>/tmp/t_err)
	rc=$?
	T_ERR=$(cat /tmp/t_err)
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

t_done() {
	echo "$T_PASS passed, $T_FAIL failed"
	[ "$T_FAIL" = 0 ]
}
