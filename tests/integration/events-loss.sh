#!/bin/bash
# Events the kernel could not queue for lack of memory are told, never
# lost silently (hardening issue, item 3), with failslab
# (CONFIG_FAILSLAB; the debug kernel boots with slab_nomerge):
# - the allocations that cannot sleep, failing in the command that changes
#   an interface, do not lose its event (every source may sleep);
# - the event cache failing loses the event, and subscribers are told how
#   many were lost, in order, with the sequence unbroken.
. "$RDMACTL_TOP/tests/lib.sh"

fs=/sys/kernel/debug/failslab
cache=/sys/kernel/slab/rdmactl_event_item/failslab
if [ ! -d "$fs" ]; then
	t_fail "failslab in this kernel (CONFIG_FAILSLAB, CONFIG_FAULT_INJECTION_DEBUG_FS)"
	t_done
fi
# mtu EVENTS_FILE: "event mtu" of each IPoIB MTU event and each loss, in order
mtus() { jq -r 'select(.event == "ipoib_mtu" or .event == "lost") | "\(.event) \(.mtu // .lost)"' "$1" | paste -sd'|'; }
failing() { sh -c 'echo 1 >/proc/self/make-it-fail; exec "$@"' sh "$@"; }

rdmactl -j monitor >/tmp/loss.json 2>/tmp/loss.err &
mon=$!
sleep 1
# Reconfigured only while failing nothing: a moment with no filter at
# probability 100 fails every allocation of the whole VM.
echo 0 >"$fs/probability"
echo -1 >"$fs/times"
echo 0 >"$fs/verbose"

# Every allocation that cannot sleep fails, in `ip` alone.
echo Y >"$fs/task-filter"
echo Y >"$fs/ignore-gfp-wait"
echo N >"$fs/cache-filter"
echo 100 >"$fs/probability"
t_run "ip link set mtu 2000, its atomic allocations failing" 0 failing ip link set ib0 mtu 2000
echo 0 >"$fs/probability"
ip link set ib0 mtu 2001

# Every allocation from the module's event cache fails, in any task.
echo Y >"$fs/cache-filter"
echo N >"$fs/task-filter"
echo N >"$fs/ignore-gfp-wait"
t_eq "events have a slab cache of their own" "yes" "$([ -e "$cache" ] && echo yes || echo no)"
[ -e "$cache" ] && echo 1 >"$cache"
echo 100 >"$fs/probability"
t_run "ip link set mtu 2002, the event cache failing" 0 ip link set ib0 mtu 2002
echo 0 >"$fs/probability"
[ -e "$cache" ] && echo 0 >"$cache"
ip link set ib0 mtu 2003
sleep 1
kill -INT $mon
wait $mon

t_eq "no event lost without a word" "ipoib_mtu 2000|ipoib_mtu 2001|lost 1|ipoib_mtu 2003" "$(mtus /tmp/loss.json)"
seqs=$(jq -r 'select(.seq) | .seq' /tmp/loss.json | xargs)
first=${seqs%% *}
t_eq "the loss has its place in the sequence" "$(seq $first $((first + $(wc -w <<<"$seqs") - 1)) | xargs)" "$seqs"
t_eq "monitor wrote no errors" "" "$(</tmp/loss.err)"
ip link set ib0 mtu 4092
t_done
