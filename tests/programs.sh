#!/bin/bash
# Every test program that is built is run: each tests/unit/test_*.c and
# each build/unit/test_* is in tests/unit/Makefile's one list (TESTS),
# which make check and check-quick run (tests/host-suites.sh); each helper
# tests/integration builds (its PROGS) is run by a suite of the VMs; each
# suite there is in a plan (tests/integration/lines.sh) or run by one.
. "$(dirname "$0")/lib.sh"
T_NAME=programs
top=$(cd "$(dirname "$0")/.." && pwd)
listed=$(make -s --no-print-directory -C "$top/tests/unit" BUILD="$top/build" list | xargs -n1 basename)
[ -n "$listed" ] || t_fail "tests/unit's list of programs is empty"
for c in "$top"/tests/unit/test_*.c; do
	p=$(basename "$c" .c)
	grep -qx "$p" <<<"$listed" && t_pass "$p.c is built and run" ||
		t_fail "tests/unit/$p.c is in no list: make check never runs it (tests/unit/Makefile's TESTS)"
done
for b in "$top"/build/unit/test_*; do
	[ -x "$b" ] && [ -f "$b" ] || continue
	p=$(basename "$b")
	grep -qx "$p" <<<"$listed" ||
		t_fail "build/unit/$p is built and never run (not in tests/unit/Makefile's TESTS)"
done
for p in $(make -s --no-print-directory -C "$top/tests/integration" BUILD="$top/build" list |
	xargs -n1 basename); do
	grep -lqE "(build/tests/|/)$p([^a-z_-]|$)" "$top"/tests/integration/*.sh "$top"/tests/integration/kernel-checks &&
		t_pass "the VM helper $p is run by a suite" ||
		t_fail "tests/integration builds $p and no suite runs it"
done
for s in "$top"/tests/integration/*.sh; do
	n=$(basename "$s" .sh)
	[ "$n" = lines ] && continue
	grep -qw "$n" "$top/tests/integration/lines.sh" ||
		grep -lq "$n.sh" "$top"/tests/integration/*.sh ||
		{ t_fail "tests/integration/$n.sh is in no line's plan"; continue; }
	t_pass "$n.sh is in a plan"
done
t_done
