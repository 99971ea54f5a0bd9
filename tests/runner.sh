# The one place that reads a suite's result line: sourced by make check
# (tests/check, on the host), by each VM's PID 1 (tests/vm/init, for the
# suites of its line: tests/integration/lines.sh) and by tests/run-suites,
# its command line. A suite is a command line ending with "N passed,
# N failed"; one that ends without that line, or exits non-zero with no
# failure counted, counts as one failure.
#
#   run_suites SUITE... [-j N SUITE...]...
#
# Suites run one at a time, streaming their output, until a -j N: the
# suites after it run up to N at once (the VM suites, each a one-vCPU
# QEMU, on a 2-core machine), each one's output printed whole when it
# ends, so the log reads as if they ran in turn. A SUITE of several lines
# is a job of several suites that take one place, one after another, each
# reported as its own (the host's suites; a RHEL line: the module built by
# DKMS, then the VM that loads it). Each suite's time is printed after it. Before the total,
# every "not ok" line again, under the suite that printed it, so that the
# end of a long log says what failed. The last line is the total; the
# status, 0 when nothing failed.

# rs_name SUITE: how the log names it.
rs_name() {
	local name
	name=$(basename "${1%% *}")
	[ "$1" != "${1%% *}" ] && name="$name ${1#* }"
	echo "$name"
}

# rs_report ID SUITE: add up what the suite that ran as ID counted.
rs_report() {
	local id=$1 name rc line p f
	name=$(rs_name "$2")
	rc=$(cat "$rs_work/$id.rc")
	echo "-- $name: $(cat "$rs_work/$id.time") s"
	while IFS= read -r line; do
		rs_failures+=("$name: ${line%$'\r'}")
	done < <(grep -a '^not ok' "$rs_work/$id.out")
	line=$(grep -E '^([A-Za-z]+: )?[0-9]+ passed, [0-9]+ failed' "$rs_work/$id.out" | tail -1)
	if [ -z "$line" ]; then
		echo "not ok - $name ended without a result (exit $rc)"
		rs_failures+=("$name: ended without a result (exit $rc)")
		rs_failed=$((rs_failed + 1))
		return
	fi
	p=$(sed -E 's/^([A-Za-z]+: )?([0-9]+) passed.*/\2/' <<<"$line")
	f=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")
	rs_passed=$((rs_passed + p))
	rs_failed=$((rs_failed + f))
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		echo "not ok - $name exited $rc"
		rs_failures+=("$name: exited $rc")
		rs_failed=$((rs_failed + 1))
	fi
}

# rs_run_one ID SUITE: run it, leave its output, status and time in $rs_work/ID.*;
# with STREAM set, print its output as it comes too.
rs_run_one() {
	local start=$SECONDS
	if [ -n "${3:-}" ]; then
		bash -c "$2" 2>&1 | tee "$rs_work/$1.out"
		echo "${PIPESTATUS[0]}" >"$rs_work/$1.rc"
	else
		bash -c "$2" >"$rs_work/$1.out" 2>&1
		echo $? >"$rs_work/$1.rc"
	fi
	echo $((SECONDS - start)) >"$rs_work/$1.time"
}

# rs_run_job I JOB [STREAM]: its suites one after another; then "done".
rs_run_job() {
	local k=0 part
	while IFS= read -r part; do
		[ -n "$part" ] || continue
		[ -n "${3:-}" ] && echo "== $(rs_name "$part")"
		rs_run_one "$1.$k" "$part" "${3:-}" </dev/null
		k=$((k + 1))
	done <<<"$2"
	touch "$rs_work/$1.done"
}

# rs_report_job I JOB [STREAMED]: add up each of its suites.
rs_report_job() {
	local k=0 part
	while IFS= read -r part; do
		[ -n "$part" ] || continue
		[ -n "${3:-}" ] || { echo "== $(rs_name "$part")"; cat "$rs_work/$1.$k.out"; }
		rs_report "$1.$k" "$part"
		k=$((k + 1))
	done <<<"$2"
}

# rs_phase JOBS FIRST SUITE...: suites numbered from FIRST.
rs_phase() {
	local jobs=$1 first=$2 i next reported
	shift 2
	local suites=("$@")
	if [ "$jobs" = 1 ]; then
		for i in "${!suites[@]}"; do
			rs_run_job $((first + i)) "${suites[$i]}" stream
			rs_report_job $((first + i)) "${suites[$i]}" streamed
		done
		return
	fi
	local -A running=()
	next=0 reported=0
	while [ "$reported" -lt "${#suites[@]}" ]; do
		while [ "${#running[@]}" -lt "$jobs" ] && [ "$next" -lt "${#suites[@]}" ]; do
			rs_run_job $((first + next)) "${suites[$next]}" &
			running[$next]=$!
			next=$((next + 1))
		done
		wait -n || true
		# Report, in order, every job that has finished.
		while [ "$reported" -lt "$next" ] && [ -f "$rs_work/$((first + reported)).done" ]; do
			unset "running[$reported]"
			rs_report_job $((first + reported)) "${suites[$reported]}"
			reported=$((reported + 1))
		done
		for i in "${!running[@]}"; do
			[ -f "$rs_work/$((first + i)).done" ] && unset "running[$i]"
		done
	done
}

run_suites() {
	# A suite's failure is counted, not the end of the run: whatever the
	# caller's options (tests/check's set -euo pipefail), not here.
	local -
	set +euo pipefail
	local jobs=1 pending=() n=0 rs_work rs_passed=0 rs_failed=0 rs_failures=()
	rs_work=$(mktemp -d)
	while [ $# -gt 0 ]; do
		if [ "$1" = -j ]; then
			[ ${#pending[@]} -gt 0 ] && rs_phase "$jobs" $((n - ${#pending[@]})) "${pending[@]}"
			jobs=$2 pending=()
			shift 2
			continue
		fi
		pending+=("$1")
		n=$((n + 1))
		shift
	done
	[ ${#pending[@]} -gt 0 ] && rs_phase "$jobs" $((n - ${#pending[@]})) "${pending[@]}"
	rm -rf "$rs_work"
	if [ ${#rs_failures[@]} -gt 0 ]; then
		echo "What failed:"
		printf '  %s\n' "${rs_failures[@]}"
	fi
	echo "$rs_passed passed, $rs_failed failed"
	[ "$rs_failed" = 0 ]
}
