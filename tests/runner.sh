# The one place that reads a suite's result line: sourced by make check
# (tests/check, on the host), by each VM's PID 1 (tests/vm/init, for the
# suites of its line: tests/integration/lines.sh) and by tests/run-suites,
# its command line. A suite is a command line ending with "N passed,
# N failed" (", N skipped" after it: tests/lib.sh's t_done). One that
# ends without that line, exits non-zero with no failure counted, counted
# nothing at all, or printed a skip as a pass ("ok - ... skipped") counts
# as one failure.
#
#   run_suites [--skipped N] [--final SUITE] SUITE... [-j N SUITE...]...
#
# Suites run one at a time, streaming their output, until a -j N: the
# suites after it run up to N at once (the VM suites, each a one-vCPU
# QEMU, on a 2-core machine), each one's output printed whole when it
# ends, so the log reads as if they ran in turn. A SUITE of several lines
# is a job of several suites that take one place, one after another, each
# reported as its own (the host's suites; a RHEL line: the module built by
# DKMS, then the VM that loads it). Each suite's time is printed after it,
# and a line "matrix - LINE SUITE PASSED FAILED SKIPPED" for make check's
# suite x line matrix (tests/matrix): LINE is $RDMACTL_LINE (a VM's,
# tests/vm/init), "host" on this machine; a suite whose output has matrix
# lines of its own (a VM's line) is reported by those. --skipped N (a
# line's plan: the suites it leaves) starts the skipped count; --final
# SUITE runs last, over the others' outputs ($RS_OUTPUTS/*.out): make
# check's matrix (tests/matrix --check). With RS_BESIDE set, the first
# job after a -j N runs beside the N, taking no place of theirs (make
# check's host suites beside two VMs at a higher priority: they take
# what the VMs leave idle). Before the
# total, every "not ok" line again, under the suite that printed it, so
# that the end of a long log says what failed. The last line is the
# total, "N passed, N failed, N skipped"; the status, 0 when nothing
# failed.

# rs_name SUITE: how the log names it.
rs_name() {
	local name
	name=$(basename "${1%% *}")
	[ "$1" != "${1%% *}" ] && name="$name ${1#* }"
	echo "$name"
}

# rs_cell SUITE: its name in the matrix, one word: the command after the
# job's last "&&", less its environment, with its first argument that is
# not an option if any, less its directory (rhel-dkms.sh(rhel9),
# kernel-checks(qos)): the same name from any clone.
rs_cell() {
	local c=${1##*&& } re="^[A-Za-z_][A-Za-z_0-9]*=('[^']*'|\"[^\"]*\"|[^ ]*) +" words w
	while [[ $c =~ $re ]]; do
		c=${c:${#BASH_REMATCH[0]}}
	done
	read -ra words <<<"$c"
	c=${words[0]##*/}
	for w in "${words[@]:1}"; do
		[[ $w == -* ]] || { c="$c(${w##*/})"; break; }
	done
	echo "$c"
}

# rs_report ID SUITE: add up what the suite that ran as ID counted.
rs_report() {
	local id=$1 name rc line p f sk out=$rs_work/$1.out
	name=$(rs_name "$2")
	rc=$(cat "$rs_work/$id.rc")
	echo "-- $name: $(cat "$rs_work/$id.time") s"
	while IFS= read -r line; do
		rs_failures+=("$name: ${line%$'\r'}")
	done < <(grep -a '^not ok' "$out")
	line=$(grep -aE '^([A-Za-z]+: )?[0-9]+ passed, [0-9]+ failed' "$out" | tail -1)
	line=${line%$'\r'}
	if [ -z "$line" ]; then
		echo "not ok - $name ended without a result (exit $rc)"
		rs_failures+=("$name: ended without a result (exit $rc)")
		rs_failed=$((rs_failed + 1))
		return
	fi
	[[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)? ]]
	p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]} sk=${BASH_REMATCH[4]:-0}
	rs_passed=$((rs_passed + p))
	rs_failed=$((rs_failed + f))
	rs_skipped=$((rs_skipped + sk))
	# In the output too: tests/matrix reads the outputs (RS_OUTPUTS).
	grep -aq '^matrix - ' "$out" ||
		echo "matrix - ${RDMACTL_LINE:-host} $(rs_cell "$2") $p $f $sk" | tee -a "$out"
	rs_flag() {
		echo "not ok - $name $1"
		rs_failures+=("$name: $1")
		rs_failed=$((rs_failed + 1))
	}
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		rs_flag "exited $rc"
	elif [ $((p + f + sk)) = 0 ]; then
		rs_flag "made no check"
	fi
	# "ok - X skipped: why", "ok - NAME: skipped, why": a skip's shape.
	line=$(grep -a -m1 -E '^ok - (.*[^a-z]skipped: |[^:]*: skipped([^a-z]|$))' "$out") &&
		rs_flag "printed a skip as a pass: ${line%$'\r'}"
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
	local beside
	next=0 reported=0
	while [ "$reported" -lt "${#suites[@]}" ]; do
		while [ "$next" -lt "${#suites[@]}" ]; do
			# RS_BESIDE: the phase's first job takes no place of the N.
			beside=0
			[ -n "${RS_BESIDE:-}" ] && [ -n "${running[0]+x}" ] && beside=1
			[ "${#running[@]}" -lt $((jobs + beside)) ] || break
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
	local jobs=1 pending=() n=0 rs_work rs_passed=0 rs_failed=0 rs_skipped=0 final=
	local rs_failures=()
	rs_work=$(mktemp -d)
	while [ $# -gt 0 ]; do
		case $1 in
		--skipped) rs_skipped=$2; shift 2; continue ;;
		--final) final=$2; shift 2; continue ;;
		esac
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
	[ -z "$final" ] || RS_OUTPUTS=$rs_work rs_phase 1 "$n" "$final"
	rm -rf "$rs_work"
	if [ ${#rs_failures[@]} -gt 0 ]; then
		echo "What failed:"
		printf '  %s\n' "${rs_failures[@]}"
	fi
	echo "$rs_passed passed, $rs_failed failed, $rs_skipped skipped"
	[ "$rs_failed" = 0 ]
}
