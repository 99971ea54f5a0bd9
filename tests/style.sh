#!/bin/bash
# make style: the kernel's checkpatch.pl --strict over the kernel code
# (kmod/ and the test-only tests/fakehca/), from Debian's
# linux-source-6.1 (extracted once into the cache).
. "$(dirname "$0")/lib.sh"
T_NAME=style
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/vm/lib.sh"

cache=$(vm_cache_dir)/checkpatch-6.1
tarball=/usr/src/linux-source-6.1.tar.xz
if [ ! -x "$cache/scripts/checkpatch.pl" ]; then
	mkdir -p "$cache"
	tar -xJf "$tarball" -C "$cache" --strip-components=1 --wildcards \
		'*/scripts/checkpatch.pl' '*/scripts/spelling.txt' '*/scripts/const_structs.checkpatch'
fi

cd "$top" || exit 1
for f in $(git ls-files --cached --others --exclude-standard 'kmod/*.[ch]' 'tests/fakehca/*.[ch]' 2>/dev/null ||
	   find kmod tests/fakehca -name '*.[ch]'); do
	out=$("$cache/scripts/checkpatch.pl" --strict --no-tree --terse -q -f "$f" 2>&1 |
		grep -v "^total: 0 errors, 0 warnings, 0 checks")
	[ -z "$out" ] && t_pass "checkpatch --strict: $f" || t_fail "checkpatch --strict: $f" "$out"
done
t_done
