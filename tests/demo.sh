#!/bin/bash
# make demo, as make check runs it: Linux 6.12 with its image unpacked for
# QEMU (RDMACTL_VM_UNPACKED=1, the path a fresh machine takes, which a
# machine with the image installed would otherwise never try), and every
# step's own check.
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)

t_run "make demo on 6.12, its image unpacked" 0 env RDMACTL_VM_UNPACKED=1 DEMO_KERNELS=6.12 \
	"$top/tests/demo"
t_match "every step checked" "make demo: 16 steps, every one checked\." "$T_OUT"
# The steps' output; what apt and the build print before them is theirs.
t_eq "no step's line wider than 100 columns" "" \
	"$(tr -d '\r' <<<"$T_OUT" | awk '/^== 1\. / { on = 1 } on && length > 100')"
t_done
