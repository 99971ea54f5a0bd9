#!/bin/bash
# tests/run-suites itself: the totals it adds up, and the list of what
# failed that it prints before them, one at a time and two at a time; and
# run-line's --leave, by which make check leaves a suite to other lines.
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
	t_eq "-j $j: the total counts the silent suite as a failure" "3 passed, 2 failed" \
		"$(tail -1 <<<"$T_OUT")"
	t_eq "-j $j: what failed, by suite, before the total" \
		"What failed:|  bash $work/fails: not ok - b broke|  true: ended without a result (exit 0)" \
		"$(tail -4 <<<"$T_OUT" | head -3 | paste -sd '|')"
done
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

# run-line's --leave (make check's lines): the suite is named as skipped
# with the lines that run it, and not run; one no line runs is refused.
# Its run-suites here only lists what it was given.
mkdir -p "$work/tests/integration"
cp "$(dirname "$0")/../integration/run-line" "$work/tests/integration/"
printf '%s\n' '#!/bin/sh' 'for s; do echo "run ${s##*/}"; done' >"$work/tests/run-suites"
chmod +x "$work/tests/run-suites"
rl=$work/tests/integration/run-line
t_run "run-line --leave stall.sh" 0 "$rl" --leave stall.sh
t_match "names it skipped, and where it runs" "^skip - stall.sh: .*the 5.10 and 7.2 lines run it" "$T_OUT"
t_eq "and does not run it, and runs the rest" "0 1 1" \
	"$(grep -c '^run stall.sh' <<<"$T_OUT") $(grep -c '^run stall-port.sh' <<<"$T_OUT") $(grep -c '^run siw.sh' <<<"$T_OUT")"
t_run "run-line --once --leave roce-reload.sh" 0 "$rl" --once --leave roce-reload.sh
t_eq "the programs run, roce-reload.sh does not" "1 0" \
	"$(grep -c '^run exporter.sh' <<<"$T_OUT") $(grep -c '^run roce-reload.sh' <<<"$T_OUT")"
t_run "run-line --leave fakehca.sh" 0 "$rl" --leave fakehca.sh
t_eq "unloads the fake HCA in its place, before the Soft-RoCE suites" "fake-unload.sh errors.sh" \
	"$(grep -A1 '^run fake-unload.sh' <<<"$T_OUT" | sed 's/^run //' | xargs)"
t_eq "and does not run fakehca.sh" 0 "$(grep -c '^run fakehca.sh' <<<"$T_OUT")"
t_run "run-line --leave of a suite no line is said to run" 2 "$rl" --leave counters.sh
t_eq "is refused" "run-line: no line is said to run counters.sh: it cannot be left" "$T_ERR"
t_done
