# Which suites a VM runs, and in what order: sourced by its PID 1
# (tests/vm/init), which runs them with tests/runner.sh's run_suites when
# tests/vm/run is given --line ARGS (make check's, check-quick's and
# check-debug's VMs):
#
#   [--once | --programs | --ofed] [--leave SUITE]...   a kernel line
#   --debug [SUITE...]                                   the debug kernel
#
# A line's suites run in one boot (tests/vm/run --fakehca ""): rdmactl
# against the fake InfiniBand HCA and Soft-RoCE together, then the fake HCA
# itself (fakehca.sh, which unloads it), then the suites that want
# Soft-RoCE alone.
#
# --once makes this the line that also runs what does not depend on the
# kernel (Documentation/testing.md, "Once or on every line"): the
# programs built on the library (rdmactl check, rdmactl-exporter against
# Prometheus, promtool and node_exporter), while the fake HCA is loaded,
# and the checks of the suites that t_once (tests/lib.sh) marks. make check
# runs one line so and the others without. --programs runs those programs'
# suites on a line that is not --once (RHEL 10's: the programs as RHEL
# users run them), without the checks t_once marks.
#
# --ofed is the DOCA-OFED line (tests/vm/run --kernel ofed): OFED ships no
# Soft-RoCE, so it runs the suites that need no rxe, or rxe only as a
# device (devices.sh and ports.sh check every device there is, the fake
# HCA's; the others take the fake's devices in rxe's place: lines_ofed),
# ofed.sh, and providers.sh (the fake HCA playing mlx5, bnxt_re, irdma,
# efa and mana: here, where mlx5's users have OFED's ib_core, and once);
# each suite that needs Soft-RoCE itself is named as skipped, and those
# left to other lines.
#
# --part K/N runs the K-th of N shares of the line's suites (every N-th,
# from the K-th, in the plan's order), so that N VMs of one line can run
# side by side (make check-quick's two): a share with Soft-RoCE's suites
# and not fakehca.sh unloads the fake HCA before them (fake-unload.sh).
#
# --leave SUITE leaves a suite to the lines that run it, with a line that
# says which and why (lines_left_to below: make check's choice,
# Documentation/testing.md, "Once or on every line").
#
# siw.sh (Soft-iWARP) runs last on every line: where the kernel is built
# without siw (Debian's, DOCA-OFED's) it is one skip, with why.
#
# --debug is the debug kernel's (tests/vm/run --kernel debug --fakehca ""):
# each suite followed by kernel-checks, which fails it for a kernel
# splat: KUnit, permissions and namespaces, RoCE QoS (its re-apply takes
# RTNL in a work item, its SET rdma_cm's configfs through the directory's
# removal work: lockdep), the fuzzer, then the stress test (last: it
# unloads and loads the module). A kmemleak scan costs 13 to 26 s there
# (kmemleak reports only what is 5 s old), so the suites before the fuzzer
# share one, after stat-mode.sh, and the fuzzer and the stress test have
# one each. A leak's report names the allocation's stack and task, which
# says whose it is. With SUITEs (fuzz: fuzz.sh), those alone, each
# scanned.
lines_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# lines_left_to SUITE: why a line may leave it, and to which lines.
lines_left_to() {
	case $1 in
	stall.sh)
		echo "the waits it checks are rdmactl.ko's, against generic netlink's lock and the MAD layer, the same from 5.10 to 7.2: the 5.10, 7.2, RHEL 9, RHEL 10 and DOCA-OFED lines run it" ;;
	stall-port.sh)
		echo "the waits it checks are rdmactl.ko's, against generic netlink's lock, RTNL and query_port, the same from 5.10 to 7.2: the 5.10, 7.2, RHEL 9, RHEL 10 and DOCA-OFED lines run it" ;;
	roce-reload.sh)
		echo "rdma_cm's configfs and module notifier are the same from 5.14 to 7.2: the RHEL 9, RHEL 10 and 7.2 lines run it" ;;
	fakehca.sh)
		echo "the fake HCA is the tests' own: its suite runs on the 5.10, 6.12 and 7.2 lines, and on this one every suite checks what it sets against sysfs" ;;
	fake-dcb.sh)
		echo "fakeeth's DCB is the tests' own, over the kernel's dcbnl: its suite runs on the 7.2 line (apptrust, PCP entries), and qos.sh drives it through dcb on 6.1 and RHEL 9 (no apptrust), RHEL 10 and the debug kernel" ;;
	qos.sh)
		echo "dcbnl's IEEE DCB and rdma_cm's configfs are the same from 5.14 to 7.2 (before 5.14 no module writes configfs: roce.sh checks the refusal): the 6.1, RHEL 9 (no apptrust), RHEL 10 and DOCA-OFED lines run it, and the debug VM (RHEL 10's, apptrust) with the checkers on" ;;
	*) return 1 ;;
	esac
}

# lines_debug [SUITE...]: the debug kernel's plan.
lines_debug() {
	local scan=" $* " s
	if [ $# = 0 ]; then
		set -- kunit access netns netns-teardown events-loss errors stat-mode qos fuzz stress
		scan=" stat-mode fuzz stress "
	fi
	LINE_PLAN=()
	for s in "$@"; do
		if [[ "$scan" == *" $s "* ]]; then
			LINE_PLAN+=("$lines_dir/$s.sh" "$lines_dir/kernel-checks $s")
		else
			LINE_PLAN+=("$lines_dir/$s.sh" "$lines_dir/kernel-checks --splats $s")
		fi
	done
}

# lines_ofed: the DOCA-OFED line's plan, each suite it cannot run named.
lines_ofed() {
	local s rxe= ko
	# Looked up, not assumed: an rdma_rxe of OFED's (in updates/, where
	# its ib_core is: ofed.sh) would make the skips below wrong, and the
	# suites run. The kernel's own is built against the ib_core OFED
	# replaces, and cannot load.
	ko=$(modinfo -n rdma_rxe 2>/dev/null)
	case $ko in
	*/updates/*) rxe="roce ethtool roce-reload" ;;
	esac
	for s in roce ethtool roce-reload; do
		[ -n "$rxe" ] ||
			echo "skip - $s.sh: it needs Soft-RoCE: modinfo finds no rdma_rxe of DOCA-OFED's (in updates/), only ${ko:-none}, built against the kernel's ib_core, which OFED replaces"
	done
	echo "skip - ipoib-modes.sh: DOCA-OFED's ib_ipoib has no connected mode (ipoib.sh checks the refusal)"
	echo "skip - fake-dcb.sh: fakeeth's DCB is the kernel's dcbnl, which OFED does not replace: $(lines_left_to fake-dcb.sh)"
	echo "skip - fakehca.sh: the fake HCA's own suite runs on the inbox lines; ofed.sh and providers.sh use it here"
	LINE_PLAN=()
	# The suites that need a device only by its name take the fake HCA's:
	# errors.sh, access.sh and netlink.sh its IB devices (one_port_devs),
	# events.sh, ynl.sh and gid-select.sh its RoCE personality on a veth,
	# where rxe would be; counters.sh and stat-mode.sh check rxe's counters where it is,
	# and the fake's PMA through OFED's MAD layer, as stall.sh its stalls;
	# qos.sh's fake RoCE port is on fakeeth, its ToS in OFED's rdma_cm;
	# roce-privs.sh's two are on veths, OFED's rdma_cm unloaded under them,
	# and hotplug.sh's 50 come and go there.
	for s in devices ports counters ipoib events events-netdev ynl netns netns-teardown \
		 stat-mode qos stall stall-port ofed providers errors access netlink gid-select \
		 roce-privs hotplug $rxe siw; do
		LINE_PLAN+=("$lines_dir/$s.sh")
	done
}

# line_plan ARGS: the suites to run into LINE_PLAN, what is left named on
# stdout; 2 for an argument it does not know, or a suite no line runs.
line_plan() {
	local mode= left=" " why s suites=() part= soft_roce=(errors netlink access gid-select hotplug
		roce-privs roce-reload)
	export RDMACTL_ONCE=elsewhere
	while [ $# -gt 0 ]; do
		case $1 in
		--once | --programs | --ofed) mode=$1; shift ;;
		--debug) shift; lines_debug "$@"; return ;;
		--part)
			[[ ${2:-} =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] &&
				[ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] ||
				{ echo "lines: --part takes K/N, 1 <= K <= N" >&2; return 2; }
			part=$2
			shift 2 ;;
		--leave)
			why=$(lines_left_to "${2:-}") ||
				{ echo "lines: no line is said to run ${2:-}: it cannot be left" >&2; return 2; }
			echo "skip - $2: $why"
			left="$left$2 "
			shift 2 ;;
		*) echo "lines: unknown argument $1" >&2; return 2 ;;
		esac
	done
	case $mode in
	--once) RDMACTL_ONCE=here suites=(check exporter) ;;
	--programs) suites=(check exporter) ;;
	--ofed) lines_ofed; return ;;
	esac
	suites=(devices ports counters ipoib ipoib-modes events events-netdev roce ynl netns
		netns-teardown stat-mode ethtool fake-dcb qos stall stall-port "${suites[@]}"
		fakehca "${soft_roce[@]}" siw)
	# fakehca.sh ends by unloading the fake HCA, which the suites after it
	# want gone: left, fake-unload.sh does that in its place.
	LINE_PLAN=()
	for s in "${suites[@]}"; do
		case "$left" in
		*" $s.sh "*) [ "$s" = fakehca ] && LINE_PLAN+=("$lines_dir/fake-unload.sh") ;;
		*) LINE_PLAN+=("$lines_dir/$s.sh") ;;
		esac
	done
	[ -z "$part" ] || lines_part "${part%/*}" "${part#*/}"
}

# lines_weight SUITE: about how long SUITE runs on a line, in seconds (the
# 6.12 line under TCG, one vCPU, with trixie's jq: check-quick's log of
# 344aff4, 2026-12-07); 10 for one not listed.
lines_weight() {
	case ${1%.sh} in
	roce-reload) echo 96 ;; counters) echo 80 ;; exporter) echo 55 ;; ipoib-modes) echo 53 ;;
	stall) echo 45 ;; check) echo 36 ;; roce | stat-mode) echo 35 ;; ynl) echo 27 ;;
	events) echo 26 ;; hotplug | stall-port) echo 25 ;; fakehca) echo 22 ;; ipoib) echo 15 ;;
	ethtool) echo 13 ;; netns-teardown) echo 11 ;; access) echo 10 ;;
	roce-privs | gid-select | qos) echo 8 ;; devices | events-netdev | fake-dcb) echo 7 ;;
	ports | netns) echo 5 ;; errors | netlink) echo 3 ;; siw | fake-unload) echo 1 ;; *) echo 10 ;;
	esac
}

# lines_part K N: LINE_PLAN's K-th share of N, the shares about as long
# as each other: the longest suite first, each to the share with the
# least so far (lines_weight), each share in the plan's order; the fake
# HCA unloaded before the Soft-RoCE suites of a share that lacks what
# unloads it. Every VM of a line computes the same shares.
lines_part() {
	local all=("${LINE_PLAN[@]}") i j best w s after= unloads=
	local -a load share
	for ((j = 0; j < $2; j++)); do load[j]=0; done
	for i in $(for i in "${!all[@]}"; do echo "$(lines_weight "${all[$i]##*/}") $i"; done |
			sort -k1,1nr -k2,2n | cut -d' ' -f2); do
		best=0
		for ((j = 1; j < $2; j++)); do
			[ "${load[j]}" -lt "${load[best]}" ] && best=$j
		done
		w=$(lines_weight "${all[$i]##*/}")
		share[i]=$best
		load[best]=$((load[best] + w))
	done
	LINE_PLAN=()
	for i in "${!all[@]}"; do
		s=${all[$i]##*/}
		case $s in
		fakehca.sh | fake-unload.sh)
			after=1
			[ "${share[i]}" = $(($1 - 1)) ] && { LINE_PLAN+=("${all[$i]}"); unloads=1; } ;;
		*)
			[ "${share[i]}" = $(($1 - 1)) ] || continue
			[ -n "$after" ] && [ -z "$unloads" ] &&
				{ LINE_PLAN+=("$lines_dir/fake-unload.sh"); unloads=1; }
			LINE_PLAN+=("${all[$i]}") ;;
		esac
	done
}

# run_line ARGS: the plan's suites, with tests/runner.sh's run_suites;
# each suite the plan leaves counted as skipped, in the total and the
# matrix (tests/matrix).
run_line() {
	local LINE_PLAN=() plan s n=0
	plan=$(mktemp)
	line_plan "$@" >"$plan" || { cat "$plan"; rm -f "$plan"; return 2; }
	while IFS= read -r s; do
		echo "$s"
		[[ $s =~ ^skip\ -\ ([^:]+): ]] || continue
		echo "matrix - ${RDMACTL_LINE:-$(uname -r)} ${BASH_REMATCH[1]} 0 0 1"
		n=$((n + 1))
	done <"$plan"
	rm -f "$plan"
	# The debug kernel's checks watch from here.
	[ "${1:-}" != --debug ] || "$lines_dir/kernel-checks" --start
	run_suites --skipped "$n" "${LINE_PLAN[@]}"
}
