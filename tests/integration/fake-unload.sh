#!/bin/bash
# In fakehca.sh's place on a line that leaves it (lines.sh's --leave
# fakehca.sh): the fake HCA unloaded, as fakehca.sh ends, for the suites
# after it, which want Soft-RoCE alone.
. "$RDMACTL_TOP/tests/lib.sh"

t_run "the fake HCA unloads" 0 rmmod rdmactl_fakehca
t_eq "and leaves Soft-RoCE's devices alone" "" \
	"$(ls /sys/class/infiniband | grep -v '^rxe' | xargs)"
t_done
