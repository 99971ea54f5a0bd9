#!/bin/bash
# The netlink spec (Documentation/netlink/specs/rdmactl.yaml) is the
# protocol's source: it passes the kernel's JSON schema for genetlink-legacy
# specs and loads in the kernel's ynl; the uapi header, the module's
# policies and ops, the library's type table and names and the tables of
# the test programs nlraw and nlfuzz are generated from it (make regen)
# and committed, each exactly what it generates; the header compiles
# alone, in C and C++, with the spec's values. Each check is also shown
# failing on a planted difference. The loaded module's policies are
# compared with it in the VM (integration/ynl.sh).
. "$(dirname "$0")/lib.sh"
T_NAME=spec
top=$(cd "$(dirname "$0")/.." && pwd)
spec=$top/Documentation/netlink/specs/rdmactl.yaml
ynl=$("$top/tests/ynl-tree") || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

schema=$ynl/Documentation/netlink/genetlink-legacy.yaml
t_run "the spec passes the kernel's genetlink-legacy schema and loads in ynl's parser" 0 \
	env PYTHONPATH="$ynl/tools/net/ynl" python3 -c "
import sys
from lib import SpecFamily
f = SpecFamily(sys.argv[1], sys.argv[2])
print(len(f.msgs), len(f.attr_sets['rdmactl'].attrs))" "$spec" "$schema"
# The header counts the unspecified zero of each space.
t_eq "ynl sees every command and attribute" \
	"$(grep -c '^	RDMACTL_CMD_[A-Z_]*,' "$top/uapi/linux/rdmactl.h") $(grep -c '^	RDMACTL_A_[A-Z0-9_]*,' "$top/uapi/linux/rdmactl.h")" \
	"$((${T_OUT% *} + 1)) $((${T_OUT#* } + 1))"
sed 's/^        type: u32$/        type: u31/' "$spec" >"$work/bad.yaml"
cmp -s "$spec" "$work/bad.yaml" && t_fail "planting an unknown type changed nothing"
t_run "a spec with an unknown type is refused by the schema" 1 \
	env PYTHONPATH="$ynl/tools/net/ynl" python3 -c "
import sys
from lib import SpecFamily
SpecFamily(sys.argv[1], sys.argv[2])" "$work/bad.yaml" "$schema"
t_match "naming it" "'u31' is not one of" "$T_ERR"

# The uapi header, generated (make regen): exactly what the spec gives,
# marked as generated where the size checks look (its first 600 bytes).
header=$top/uapi/linux/rdmactl.h
mkdir -p "$work/gen/linux" "$work/bad/linux"
"$top/scripts/spec.py" uapi >"$work/gen/linux/rdmactl.h"
t_run "uapi/linux/rdmactl.h is what the spec generates (make regen)" 0 \
	diff -u "$work/gen/linux/rdmactl.h" "$header"
t_match "and says it is generated" "Do not edit directly" "$(head -c 600 "$header")"
sed 's/^	RDMACTL_SPEED_XDR = 256,/	RDMACTL_SPEED_XDR = 512,/' "$header" >"$work/bad/linux/rdmactl.h"
cmp -s "$header" "$work/bad/linux/rdmactl.h" && t_fail "planting a hand edit changed nothing"
t_run "a header edited by hand is not what the spec generates" 1 \
	diff -u "$work/gen/linux/rdmactl.h" "$work/bad/linux/rdmactl.h"
t_match "naming the edit" "\+	RDMACTL_SPEED_XDR = 512," "$T_OUT"

# It compiles alone (twice: its guard) in C and in C++, as user space
# includes it; the module's build includes it under the kernel.
printf '#include <linux/rdmactl.h>\n#include <linux/rdmactl.h>\n' >"$work/alone.h"
t_run "the header compiles alone in C" 0 \
	cc -fsyntax-only -Wall -Wextra -Werror -x c -I "$top/uapi" "$work/alone.h"
t_run "and in C++" 0 \
	c++ -fsyntax-only -Wall -Wextra -Werror -x c++ -I "$top/uapi" "$work/alone.h"

# The generator's rendering (implicit values, names) against the spec's
# values, by a C program of static asserts that spec.py writes apart.
"$top/scripts/spec.py" header-check >"$work/check.c"
t_run "the generated header has the spec's values (compiled)" 0 \
	cc -Wall -Werror -I "$work/gen" -o "$work/check" "$work/check.c"
t_run "and its names' strings" 0 "$work/check"
t_run "a header with another value does not compile" 1 \
	cc -I "$work/bad" -o "$work/check" "$work/check.c"
t_match "naming it" "RDMACTL_SPEED_XDR is 256 in the spec" "$T_ERR"

# The module's policies and ops, generated (make regen): a hand edit of
# either file, a policy's limit or an op's flag, is not what the spec gives.
for part in source:c header:h; do
	f=$top/kmod/netlink-gen.${part#*:}
	"$top/scripts/spec.py" kernel-${part%:*} >"$work/netlink-gen.${part%:*}"
	t_run "kmod/${f##*/} is what the spec generates (make regen)" 0 \
		diff -u "$work/netlink-gen.${part%:*}" "$f"
	t_match "and says it is generated" "Do not edit directly" "$(head -n 3 "$f")"
done
sed 's/^	\[RDMACTL_A_ROCE_PRIO\] = NLA_POLICY_MAX(NLA_U8, 7),/	[RDMACTL_A_ROCE_PRIO] = NLA_POLICY_MAX(NLA_U8, 8),/' \
	"$top/kmod/netlink-gen.c" >"$work/bad-netlink-gen.c"
cmp -s "$top/kmod/netlink-gen.c" "$work/bad-netlink-gen.c" && t_fail "planting a hand edit of a policy changed nothing"
t_run "a policy edited by hand is not what the spec generates" 1 \
	diff -u "$work/netlink-gen.source" "$work/bad-netlink-gen.c"
t_match "naming the edit" "\+	\[RDMACTL_A_ROCE_PRIO\] = NLA_POLICY_MAX\(NLA_U8, 8\)," "$T_OUT"
sed 's/^\(		\.flags		= \)GENL_UNS_ADMIN_PERM,/\1GENL_ADMIN_PERM,/' \
	"$top/kmod/netlink-gen.c" >"$work/bad-netlink-gen.c"
cmp -s "$top/kmod/netlink-gen.c" "$work/bad-netlink-gen.c" && t_fail "planting a hand edit of a flag changed nothing"
t_run "an op's permission edited by hand is not what the spec generates" 1 \
	diff -u "$work/netlink-gen.source" "$work/bad-netlink-gen.c"
t_match "naming the edit" "-		\.flags		= GENL_UNS_ADMIN_PERM," "$T_OUT"

# The library's attribute types, generated (make regen).
"$top/scripts/spec.py" lib-types >"$work/attr-types.h"
t_eq "user/attr-types.h is what the spec generates (make regen)" "" \
	"$(diff -u "$top/user/attr-types.h" "$work/attr-types.h")"
t_eq "with one line per attribute" \
	"$(($(grep -c '^	RDMACTL_A_[A-Z0-9_]*,' "$top/uapi/linux/rdmactl.h") - 1))" \
	"$(grep -c '^	\[RDMACTL_A_' "$work/attr-types.h")"

# The library's names of the enums (make regen): the strings the spec's
# entries give, as librdmactl returned them when it wrote them by hand.
"$top/scripts/spec.py" lib-names >"$work/names.c"
t_run "user/names.c is what the spec generates (make regen)" 0 diff -u "$work/names.c" "$top/user/names.c"
sed 's/"InfiniBand"/"Infiniband"/' "$top/user/names.c" >"$work/bad-names.c"
cmp -s "$top/user/names.c" "$work/bad-names.c" && t_fail "planting a hand edit of a name changed nothing"
t_run "a name edited by hand is not what the spec generates" 1 diff -u "$work/names.c" "$work/bad-names.c"
t_match "naming the edit" '\+		\[RDMACTL_LINK_LAYER_INFINIBAND\] = "Infiniband",' "$T_OUT"

# The test programs' tables, generated the same way: a spec edited
# without make regen fails here.
for gen in nlraw-names nlfuzz-requests; do
	"$top/scripts/spec.py" $gen >"$work/$gen.h"
	t_eq "tests/integration/$gen.h is what the spec generates (make regen)" "" \
		"$(diff -u "$top/tests/integration/$gen.h" "$work/$gen.h")"
done
t_done
