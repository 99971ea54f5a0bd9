#!/bin/bash
# The KUnit suites of rdmactl_kunit.ko (kmod/tests), on the debug kernel:
# load the module, which runs them, and turn each test case's KTAP result
# into one of ours. KTAP is read from the kernel log: the per-case logs in
# debugfs are cut at 512 bytes on 6.1, losing a failing case's result line.
. "$RDMACTL_TOP/tests/lib.sh"

ko=$RDMACTL_TOP/${RDMACTL_BUILD:-build/$(uname -r)}/kmod/tests/rdmactl_kunit.ko
if [ ! -f "$ko" ]; then
	t_fail "rdmactl_kunit.ko is built" "missing: $ko (tests/vm/run --kernel debug builds it)"
	t_done
	exit
fi

start=$(dmesg | wc -l)
# KUnit is a module on RHEL's kernel-debug (the debug kernel), as RHEL ships it.
t_run "load KUnit" 0 modprobe kunit
t_run "load rdmactl_kunit.ko (runs the suites)" 0 insmod "$ko"
ran=0 suite=
detail=()
# "    # Subtest: SUITE" opens a suite; its cases are the indented
# "ok N NAME" lines, each after the "# ..." and other lines saying what
# failed.
while IFS= read -r line; do
	case "$line" in
	"    # Subtest: "*)
		suite=${line##* }; detail=() ;;
	"    ok "*)
		t_pass "kunit $suite: ${line##* }"
		detail=(); ran=$((ran + 1)) ;;
	"    not ok "*)
		t_fail "kunit $suite: ${line##* }" "${detail[@]}"
		detail=(); ran=$((ran + 1)) ;;
	"    "*)
		detail+=("${line#    }") ;;
	esac
done < <(dmesg | tail -n +$((start + 1)) | sed -E 's/^\[ *[0-9.]+\] ?//')
t_eq "every KUnit case reported" "$(cat "$RDMACTL_TOP"/kmod/tests/*.c | grep -c 'KUNIT_CASE(')" "$ran"
t_run "unload rdmactl_kunit.ko" 0 rmmod rdmactl_kunit
t_done
