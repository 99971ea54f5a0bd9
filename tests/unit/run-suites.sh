#!/bin/bash
# tests/run-suites itself: the totals it adds up, and the list of what
# failed that it prints before them, one at a time and two at a time, and
# jobs of several suites; and the plans of make check's VMs
# (tests/integration/lines.sh), --leave above all, by which make check
# leaves a suite to other lines.
. "$(dirname "$0")/../lib.sh"
T_NAME=run-suites
rs=$(dirname "$0")/../run-suites
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%s\n' 'echo "ok - a"' 'echo "not ok - b broke"' 'echo "1 passed, 1 failed"' 'exit 1' \
	>"$work/fails"
printf '%s\n' 'echo "2 passed, 0 failed"' >"$work/passes"

for j in 1 2; do
	t_run "-j $j: a failure fails the run" 1 "$rs" -j $j "bash $work/fails" "bash $work/passes" true
	t_eq "-j $j: the total counts the silent suite as a failure" "3 passed, 2 failed, 0 skipped" \
		"$(tail -1 <<<"$T_OUT")"
	t_eq "-j $j: what failed, by suite, before the total" \
		"What failed:|  bash $work/fails: not ok - b broke|  true: ended without a result (exit 0)" \
		"$(tail -4 <<<"$T_OUT" | head -3 | paste -sd '|')"
done
# RS_BESIDE (make check's host suites beside the VMs): the first job
# takes no place; without it, the third of -j 2 waits for a place. The
# first waits 2 s for the third's file, the second holds its place 2.5 s:
# however loaded the machine (make check's VMs beside), only a third
# that started at once is seen.
late() {
	printf '%s' "for i in {1..20}; do [ -e $work/c ] && break; sleep 0.1; done;"\
		"[ -e $work/c ] && echo '1 passed, 0 failed' || echo 'not ok - $1'; rm -f $work/c"
}
t_run "RS_BESIDE: the first job runs beside the two" 0 env RS_BESIDE=1 "$rs" -j 2 "$(late "not beside")" \
	"sleep 2.5; echo '1 passed, 0 failed'" "touch $work/c; echo '1 passed, 0 failed'"
t_run "without it, the third waits for a place" 1 env -u RS_BESIDE "$rs" -j 2 "$(late waited)" \
	"sleep 2.5; echo '1 passed, 0 failed'" "touch $work/c; echo '1 passed, 0 failed'"
t_match "as it says" "not ok - waited" "$T_OUT"
t_run "a passing run" 0 "$rs" "bash $work/passes"
t_eq "lists no failure" "" "$(grep -A9 'What failed' <<<"$T_OUT")"

# Two suites side by side (make check's host suites beside rhel-dkms.sh):
# each t_run keeps its own command's stderr.
lib=$(cd "$(dirname "$0")/.." && pwd)/lib.sh
side() {
	bash -c '. "$1"; t_run x 0 sh -c "sleep $2; echo $3 >&2; sleep 0.4"; e=$T_ERR
		t_done >/dev/null; echo "$e"' \
		_ "$lib" "$1" "$2" | tail -1
}
side 0 first >"$work/a" &
side 0.2 second >"$work/b"
wait
t_eq "side by side, each its own stderr" "first second" "$(cat "$work/a" "$work/b" | xargs)"

# A job of several suites (the host's, a RHEL line's): one place, each
# suite reported as its own, one failing not stopping the next.
t_run "a job of three suites" 1 "$rs" -j 2 "bash $work/passes
bash $work/fails
bash $work/passes" "bash $work/passes"
t_eq "adds up each, and the other job" "7 passed, 1 failed, 0 skipped" "$(tail -1 <<<"$T_OUT")"
t_eq "each suite of the job named and timed" 4 "$(grep -c '^-- bash .*: [0-9]* s$' <<<"$T_OUT")"

# Skips: their own count, never a pass; a skip printed as a pass, or a
# suite that counted nothing, is a failure; --skipped starts the count.
cat >"$work/skips" <<'EOF'
. "$1"
t_pass a
t_skip b "not on this line"
t_done
EOF
printf '%s\n' 'echo "ok - x: y skipped: no z"' 'echo "1 passed, 0 failed"' >"$work/okskip"
printf '%s\n' 'echo "0 passed, 0 failed, 0 skipped"' >"$work/nothing"
t_run "a suite with a skip" 0 "$rs" "bash $work/skips $lib"
t_eq "counted as skipped, not passed" "1 passed, 0 failed, 1 skipped" "$(tail -1 <<<"$T_OUT")"
t_match "and named with its reason" "skip - skips: b: not on this line" "$T_OUT"
t_run "a skip printed as a pass" 1 "$rs" "bash $work/okskip"
t_match "is a failure" "not ok - bash .*okskip printed a skip as a pass: ok - x: y skipped" "$T_OUT"
t_run "a suite that made no check" 1 "$rs" "bash $work/nothing"
t_eq "is a failure" "0 passed, 1 failed, 0 skipped" "$(tail -1 <<<"$T_OUT")"
t_run "--skipped 3 (a line's plan)" 0 "$rs" --skipped 3 "bash $work/passes"
t_eq "starts the count" "2 passed, 0 failed, 3 skipped" "$(tail -1 <<<"$T_OUT")"
t_match "each suite's matrix line" "matrix - host bash\\(.*passes\\) 2 0 0" "$T_OUT"
t_run "--final sees the others' outputs" 0 "$rs" --final "sh -c 'cat \$RS_OUTPUTS/*.out | grep -c ^matrix; echo 1 passed, 0 failed'" "bash $work/passes" "bash $work/skips $lib"
t_eq "their matrix lines, last" "2|1 passed, 0 failed" "$(grep -A2 '^== sh' <<<"$T_OUT" | tail -2 | paste -sd'|')"
# A failed check's detail is indented, every line of it: a nested
# runner's output (this suite's own t_runs) is never read as the suite's
# matrix line, its result or a failure of its own.
cat >"$work/nested" <<'EOF'
. "$1"
t_run a 1 printf 'x\nmatrix - host inner 1 0 0\n0 passed, 1 failed\n'
t_done
EOF
t_run "a failure whose detail holds a runner's lines" 1 "$rs" "bash $work/nested $lib"
t_match "its own matrix line, not the detail's" "matrix - host bash\\(.*nested\\) 0 1 0" "$T_OUT"
t_eq "the detail indented" 0 "$(grep -c '^matrix - host inner' <<<"$T_OUT")"

# tests/matrix: a suite that makes fewer checks on a line than expected,
# skips more, or is gone from a line that ran, fails; a line that did not
# run is not judged; the page's copy of the table is checked too.
matrix=$(dirname "$0")/../matrix
printf '%s\n' 'host a.sh 3 0' '6.12 b.sh 5 0' '6.12 c.sh 0 1' '5.10 b.sh 4 0' >"$work/exp"
printf '<!-- the matrix: tests/matrix --markdown tests/matrix.expected -->\n%s\n<!-- end of the matrix -->\n' \
	"$("$matrix" --markdown "$work/exp")" >"$work/doc.md"
mlog() { printf 'matrix - %s\n' "$@" >"$work/log"; }
mcheck() { RDMACTL_MATRIX_DOC=$work/doc.md "$matrix" --check "$work/exp" "$work/log"; }
mlog "host a.sh 3 0 0" "6.12 b.sh 5 0 0" "6.12 c.sh 0 0 1"
t_run "matrix: a run as expected (5.10 not run: not judged)" 0 mcheck
t_eq "and the page's table is the expected one" "4 passed, 0 failed" "$(tail -1 <<<"$T_OUT")"
mlog "host a.sh 2 0 0" "6.12 b.sh 5 0 0" "6.12 c.sh 0 0 1"
t_run "matrix: a suite that dropped a check" 1 mcheck
t_match "fails, naming it" "not ok - matrix: a.sh on host: 2 checks made, 3 expected" "$T_OUT"
mlog "host a.sh 3 0 0" "6.12 b.sh 4 0 1" "6.12 c.sh 0 0 1"
t_run "matrix: a check skipped where it ran" 1 mcheck
mlog "host a.sh 3 0 0" "6.12 b.sh 5 0 0"
t_run "matrix: a suite gone from a line that ran" 1 mcheck
t_match "fails, naming it" "not ok - matrix: c.sh on 6.12: expected 0 checks and 1 skipped, it did not run" "$T_OUT"
mlog "host a.sh 3 0 0" "6.12 b.sh 5 0 0" "6.12 c.sh 0 0 1" "6.12 d.sh 2 0 0"
t_run "matrix: a new suite" 0 mcheck
t_match "is said, to be kept" "d.sh on 6.12 is new .*--update" "$T_OUT"
echo "stale" >>"$work/doc.md"
sed -i 's/| 5 |/| 6 |/' "$work/doc.md"
mlog "host a.sh 3 0 0" "6.12 b.sh 5 0 0" "6.12 c.sh 0 0 1"
t_run "matrix: a page whose table is not the expected one" 1 mcheck

# A line's plan (tests/integration/lines.sh, make check's VMs): --leave
# names the suite as skipped with the lines that run it, and leaves it
# out; one no line runs is refused.
plan() {
	bash -c '. "$1/integration/lines.sh"; shift; line_plan "$@" || exit
		printf "run %s\n" "${LINE_PLAN[@]##*/}"' _ "$(dirname "$0")/.." "$@"
}
T_OUT=$(plan --leave stall.sh)
t_match "--leave stall.sh: named as left, and where it runs" \
	"^skip - stall.sh: .*the 5.10, 7.2, RHEL 9, RHEL 10 and DOCA-OFED lines run it" "$T_OUT"
t_eq "not run, the rest run" "0 1 1" \
	"$(grep -c '^run stall.sh' <<<"$T_OUT") $(grep -c '^run stall-port.sh' <<<"$T_OUT") $(grep -c '^run siw.sh' <<<"$T_OUT")"
T_OUT=$(plan --once --leave roce-reload.sh)
t_eq "--once --leave roce-reload.sh: the programs run, roce-reload.sh does not" "1 0" \
	"$(grep -c '^run exporter.sh' <<<"$T_OUT") $(grep -c '^run roce-reload.sh' <<<"$T_OUT")"
T_OUT=$(plan --programs)
t_eq "--programs: the programs run" "1 1" \
	"$(grep -c '^run exporter.sh' <<<"$T_OUT") $(grep -c '^run check.sh' <<<"$T_OUT")"
t_eq "and not what runs once" elsewhere "$(bash -c '. "$1/integration/lines.sh"; line_plan --programs \
	>/dev/null; echo "$RDMACTL_ONCE"' _ "$(dirname "$0")/..")"
T_OUT=$(plan --leave fakehca.sh)
t_eq "--leave fakehca.sh: the fake HCA unloaded in its place, before the Soft-RoCE suites" \
	"fake-unload.sh errors.sh" "$(grep -A1 '^run fake-unload.sh' <<<"$T_OUT" | sed 's/^run //' | xargs)"
t_eq "and fakehca.sh not run" 0 "$(grep -c '^run fakehca.sh' <<<"$T_OUT")"
t_run "--leave of a suite no line is said to run" 2 plan --leave counters.sh
t_eq "is refused" "lines: no line is said to run counters.sh: it cannot be left" "$T_ERR"
# --part K/N (check-quick's two VMs): the shares run every suite of the
# plan once between them, about as long as each other by lines_weight,
# and the one without fakehca.sh unloads the fake HCA (fake-unload.sh)
# before its first Soft-RoCE suite.
whole=$(plan --once | sed -n 's/^run //p' | grep -v '^fake-unload.sh$' | sort)
one=$(plan --once --part 1/2 | sed -n 's/^run //p')
two=$(plan --once --part 2/2 | sed -n 's/^run //p')
t_eq "--part 1/2 and 2/2 run every suite once" "$whole" \
	"$(printf '%s\n%s\n' "$one" "$two" | grep -v '^fake-unload.sh$' | sort)"
weigh() {
	bash -c '. "$1/integration/lines.sh"; t=0; for s in $2; do t=$((t + $(lines_weight "$s"))); done
		echo $t' _ "$(dirname "$0")/.." "$1"
}
w1=$(weigh "$one") w2=$(weigh "$two")
t_eq "of about the same length ($w1 s and $w2 s)" yes \
	"$( [ $((w1 - w2)) -le 30 ] && [ $((w2 - w1)) -le 30 ] && echo yes || echo no)"
without=$(grep -q '^fakehca.sh$' <<<"$one" && echo "$two" || echo "$one")
t_eq "the share without fakehca.sh unloads it before its Soft-RoCE suites" "fake-unload.sh" \
	"$(grep -B1 -m1 -E '^(errors|netlink|access|gid-select|hotplug|roce-privs|roce-reload|siw).sh$' <<<"$without" | head -1)"
T_OUT=$(plan --debug qos fuzz)
t_eq "--debug qos fuzz: each followed by its checks, with a leak scan" \
	"qos.sh|kernel-checks qos|fuzz.sh|kernel-checks fuzz" "$(sed 's/^run //' <<<"$T_OUT" | paste -sd '|')"
T_OUT=$(plan --debug)
t_eq "--debug: one scan before the fuzzer, one after it and the stress test" \
	"stat-mode fuzz stress" "$(grep -v -- --splats <<<"$T_OUT" | sed -n 's/^run kernel-checks //p' | xargs)"
t_done
