#!/bin/bash
# make style: the kernel's checkpatch.pl --strict over the kernel code
# (kmod/ and the test-only tests/fakehca/), from Debian's
# linux-source-6.1 (extracted once into the cache).
#
#   tests/style.sh             every file (make check, make style)
#   tests/style.sh --changed   those the working tree changes against HEAD,
#                              and new ones (make check-quick); none
#                              changed is one skip
. "$(dirname "$0")/lib.sh"
T_NAME=style
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/vm/lib.sh"

# The kernel headers whose CamelCase names checkpatch takes as given, as
# in a kernel tree (--root: it reads include/ there): ethtool.h's IEEE
# 802.3 statistics (FramesTransmittedOK), which tests/fakehca/ethdev.c fills.
cache=$(vm_cache_dir)/checkpatch-6.1
tarball=/usr/src/linux-source-6.1.tar.xz
if [ ! -x "$cache/scripts/checkpatch.pl" ] || [ ! -f "$cache/include/linux/ethtool.h" ]; then
	mkdir -p "$cache"
	tar -xJf "$tarball" -C "$cache" --strip-components=1 --wildcards \
		'*/scripts/checkpatch.pl' '*/scripts/spelling.txt' '*/scripts/const_structs.checkpatch' \
		'*/include/linux/ethtool.h'
fi

cd "$top" || exit 1
files=$(git ls-files --cached --others --exclude-standard 'kmod/*.[ch]' 'tests/fakehca/*.[ch]' 2>/dev/null ||
	find kmod tests/fakehca -name '*.[ch]')
if [ "${1:-}" = --changed ]; then
	changed=$( (git diff --name-only HEAD; git ls-files --others --exclude-standard) 2>/dev/null | sort -u)
	files=$(grep -Fx -f <(echo "$changed") <<<"$files")
	[ -n "$files" ] || { t_skip "checkpatch --strict" "no kernel file changed against HEAD (make check reads every one)"; t_done; exit; }
fi
# One at a time a core, each file's verdict in its own file, then
# reported in order. From the cache, where checkpatch leaves its list of
# those names.
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export cache top out
xargs -P "$(nproc)" -I {} sh -c 'cd "$cache" && scripts/checkpatch.pl --strict --no-tree --root "$cache" --terse \
	-q -f "$top/$1" >"$out/$(echo "$1" | tr / _)" 2>&1' sh {} <<<"$files"
for f in $files; do
	v=$out/$(echo "$f" | tr / _)
	if [ ! -f "$v" ]; then
		t_fail "checkpatch --strict: $f" "checkpatch did not run"
		continue
	fi
	o=$(sed "s|^$top/||" "$v" | grep -v "^total: 0 errors, 0 warnings, 0 checks")
	[ -z "$o" ] && t_pass "checkpatch --strict: $f" || t_fail "checkpatch --strict: $f" "$o"
done
t_done
