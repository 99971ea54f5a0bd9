# The suites that run on this machine, one after another, as one job of
# run_suites (tests/runner.sh): the unit tests (no kernel), the CLI
# without the module, the runner itself, style, the spec, the exporter's
# files, the module and DKMS on every kernel line (tests/build.sh), and
# the packages (tests/package.sh, which installs them here and boots 6.1
# and 6.12 with the DKMS-built module), and the RPMs (tests/rpm.sh, after
# them: no VM waits for it). Sourced by tests/check and tests/check-quick.
#
#   host_suites            make check's, one a line
#   host_suites --quick    make check-quick's: the 6.12 line's build
#                          alone and first (its VMs wait for it),
#                          checkpatch over what changed, no packages
#                          nor RPMs
host_suites() {
	local top
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	local style=$top/tests/style.sh
	# check-quick's VMs wait for 6.12's build: it comes first there.
	if [ "${1:-}" = --quick ]; then
		style="$style --changed"
		echo "RDMACTL_LINES=6.12 $top/tests/build.sh"
	fi
	# Every unit test program tests/unit builds (its one list), then
	# tests/programs.sh, which fails one built and not in the list.
	make -s --no-print-directory -C "$top/tests/unit" BUILD="$top/build" list
	printf '%s\n' "$top/tests/programs.sh" "$top/tests/unit/cli.sh" \
		"$top/tests/unit/run-suites.sh" "$top/tests/unit/ofed-stack.sh" \
		"$style" "$top/tests/spec.sh" "$top/tests/exporter-files.sh"
	[ "${1:-}" = --quick ] && return
	# tests/package.sh builds the module of 6.1 and 6.12 with DKMS through
	# apt, and make check's RHEL lines theirs from the RPM
	# (tests/rhel-dkms.sh); tests/build.sh builds the other lines' with
	# DKMS itself, and tests/rpm.sh's DKMS payload is package.sh's, byte
	# for byte. make check's VMs wait for their line's build and for the
	# packages.
	printf '%s\n' "RDMACTL_DKMS_PACKAGED='6.1 6.12 rhel9 rhel10' $top/tests/build.sh" \
		"$top/tests/package.sh" "RDMACTL_DKMS_PACKAGED='6.1 6.12' $top/tests/rpm.sh"
}
