#!/bin/bash
# tests/run-suites itself: the totals it adds up, and the list of what
# failed that it prints before them, one at a time and two at a time.
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
t_done
