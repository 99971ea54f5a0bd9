#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The rdmactl netlink spec (Documentation/netlink/specs/rdmactl.yaml) as
the protocol's source: what is generated from it, and what is checked
against it.

  spec.py lib-types            the library's attribute type table
                               (user/attr-types.h), on stdout
  spec.py nlraw-names          nlraw's table of every op and attribute
                               by its uapi name without prefix
                               (tests/integration/nlraw-names.h)
  spec.py nlfuzz-requests      nlfuzz's table of the attributes each op's
                               do and dump requests take, with their
                               types and limits
                               (tests/integration/nlfuzz-requests.h)
  spec.py header-check         a C program that compiles only when the
                               uapi header's values are the spec's, and
                               prints what differs in its strings
  spec.py header-names HEADER  names in HEADER's enums and defines that
                               the spec lacks, one a line
  spec.py policy-check         reads `ynl --spec nlctrl.yaml --dump
                               getpolicy` JSON lines on stdin and prints
                               where the loaded module's policies differ
                               from the spec's requests, one a line

C names follow the kernel's ynl-gen-c: a prefix (name-prefix, or the
family's and the definition's names) and the entry's name, upper case,
dashes as underscores.
"""
import json
import os
import re
import sys

import yaml

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.path.join(TOP, "Documentation/netlink/specs/rdmactl.yaml")


def c_upper(name):
    return name.upper().replace("-", "_")


def load():
    with open(SPEC) as f:
        return yaml.safe_load(f)


def enums(spec):
    """(definition, [(C name, value)]) for every enum and flags."""
    family = spec["name"]
    for d in spec.get("definitions", []):
        if d["type"] not in ("enum", "flags"):
            continue
        prefix = d.get("name-prefix", f"{family}-{d['name']}-")
        value = d.get("value-start", 0)
        out = []
        for i, e in enumerate(d["entries"]):
            e = {"name": e} if isinstance(e, str) else e
            value = e.get("value", value)
            c = c_upper(prefix + e["name"])
            out.append((c, (1 << value) if d["type"] == "flags" else value))
            value += 1
        yield d, out


def consts(spec):
    family = spec["name"]
    for d in spec.get("definitions", []):
        if d["type"] == "const":
            yield c_upper(f"{family}-{d['name']}"), d["value"]


def attr_sets(spec):
    """{set name: [(attr yaml, C name, value)]}, subsets resolved."""
    full = {}
    for s in spec["attribute-sets"]:
        if "subset-of" in s:
            continue
        value, attrs = 1, []
        for a in s["attributes"]:
            value = a.get("value", value)
            attrs.append((a, c_upper(s["name-prefix"] + a["name"]), value))
            value += 1
        full[s["name"]] = attrs
    for s in spec["attribute-sets"]:
        if "subset-of" in s:
            parent = {a["name"]: (a, c, v) for a, c, v in full[s["subset-of"]]}
            full[s["name"]] = [parent[a["name"]] for a in s["attributes"]]
    return full


def ops(spec):
    """[(op yaml, C name, value)]"""
    prefix = spec["operations"]["name-prefix"]
    value, out = 1, []
    for op in spec["operations"]["list"]:
        value = op.get("value", value)
        out.append((op, c_upper(prefix + op["name"]), value))
        value += 1
    return out


def main_set(spec):
    return next(s for s in spec["attribute-sets"] if "subset-of" not in s)


MNL_TYPES = {
    "pad": "MNL_TYPE_UNSPEC", "flag": "MNL_TYPE_FLAG", "u8": "MNL_TYPE_U8",
    "u16": "MNL_TYPE_U16", "u32": "MNL_TYPE_U32", "s32": "MNL_TYPE_U32",
    "u64": "MNL_TYPE_U64", "string": "MNL_TYPE_NUL_STRING",
    "binary": "MNL_TYPE_BINARY", "nest": "MNL_TYPE_NESTED",
}


def lib_types(spec):
    s = main_set(spec)
    print("/* SPDX-License-Identifier: LGPL-2.1-or-later */")
    print("/*")
    print(" * Generated from Documentation/netlink/specs/rdmactl.yaml by")
    print(" * scripts/spec.py lib-types (make regen): do not edit.")
    print(" * What libmnl checks each attribute of a reply against.")
    print(" */")
    print(f"static const enum mnl_attr_data_type rdmactl_attr_types["
          f"{c_upper(s['attr-max-name'])} + 1] = {{")
    for a, c, _ in attr_sets(spec)[s["name"]]:
        print(f"\t[{c}] = {MNL_TYPES[a['type']]},")
    print("};")


def generated(source, what, license="GPL-2.0"):
    """The opening comment of a generated C header."""
    print(f"/* SPDX-License-Identifier: {license} */")
    print("/*")
    print(" * Generated from Documentation/netlink/specs/rdmactl.yaml by")
    print(f" * scripts/spec.py {source} (make regen): do not edit.")
    for line in what:
        print(f" * {line}")
    print(" */")


def nlraw_names(spec):
    """Ops and attributes by their C names less the prefix: DEV_GET."""
    s = main_set(spec)
    rows = [(c_upper(op["name"]), c) for op, c, _ in ops(spec)]
    rows += [(c_upper(a["name"]), c) for a, c, _ in attr_sets(spec)[s["name"]]]
    # nlraw looks a name up by itself, so one name must mean one thing.
    dup = {n for n, _ in rows if [m for m, _ in rows].count(n) > 1}
    if dup:
        sys.exit(f"spec.py: ops and attributes share names: {sorted(dup)}")
    generated("nlraw-names", ["The names nlraw takes for commands and attribute types."])
    print("static const struct { const char *name; unsigned int value; } names[] = {")
    for n, c in rows:
        print(f'\t{{ "{n}", {c} }},')
    print("};")


# nlfuzz's kinds of attribute, what it generates and damages by.
FUZZ_KINDS = {"flag": "FUZZ_FLAG", "u8": "FUZZ_U8", "u16": "FUZZ_U16",
              "u32": "FUZZ_U32", "s32": "FUZZ_U32", "u64": "FUZZ_U64",
              "string": "FUZZ_STRING", "binary": "FUZZ_BINARY", "nest": "FUZZ_NEST"}


def request_limits(spec, a):
    """(min, max) of an integer, or (0, max-len) of a string: what the
    kernel's policy accepts, else an enum's values, else the type's. A
    nest of strings: (the strings' type, their max-len)."""
    checks = a.get("checks", {})
    if a["type"] == "nest":
        inner, _, value = attr_sets(spec)[a["nested-attributes"]][0]
        return value, limit(spec, inner.get("checks", {}).get("max-len", 0))
    if a["type"] == "string":
        return 0, limit(spec, checks.get("max-len", 0))
    if a["type"] == "binary":
        n = limit(spec, checks.get("exact-len", checks.get("max-len", 0)))
        return n, n
    if a["type"] not in FULL_RANGE and a["type"] != "s32":
        return 0, 0
    lo, hi = FULL_RANGE.get(a["type"], (0, 0xffffffff))
    if "enum" in a and "min" not in checks and "max" not in checks:
        values = [v for d, entries in enums(spec) if d["name"] == a["enum"]
                  for _, v in entries]
        lo, hi = min(values), max(values)
    return limit(spec, checks.get("min", lo)), limit(spec, checks.get("max", hi))


def nlfuzz_requests(spec):
    """The table only: its types are nlfuzz.h's, hand-written."""
    s = main_set(spec)
    by_name = {a["name"]: (a, c) for a, c, _ in attr_sets(spec)[s["name"]]}
    the_ops = [(op, c) for op, c, _ in ops(spec) if "do" in op or "dump" in op]
    most = max(len(op[m].get("request", {}).get("attributes", []))
               for op, _ in the_ops for m in ("do", "dump") if m in op)
    generated("nlfuzz-requests", [
        "Each op a caller can send (nlfuzz.h's struct fuzz_op): whether it",
        "changes state (admin-perm), and the attributes its do and dump",
        "requests take, with their types and what the kernel's policy",
        "accepts: min and max of an integer, max-len of a string, the",
        "length of a binary."])
    print(f'_Static_assert({most} <= FUZZ_MAX_ATTRS, "nlfuzz.h: FUZZ_MAX_ATTRS is too small");')
    print()
    print("static const struct fuzz_op fuzz_ops[] = {")
    for op, c in the_ops:
        print(f"\t{{\n\t\t.name = \"{c_upper(op['name'])}\", .cmd = {c},"
              f" .admin = {int('admin-perm' in op.get('flags', []))},")
        for m in ("do", "dump"):
            if m not in op:
                continue
            names = op[m].get("request", {}).get("attributes", [])
            print(f"\t\t.{m}it = {{ 1, {len(names)}, {{")
            for n in names:
                a, ac = by_name[n]
                lo, hi = request_limits(spec, a)
                hi = f"{hi:#x}" if hi >= 0xff else hi
                print(f"\t\t\t{{ {ac}, {FUZZ_KINDS[a['type']]}, {lo}, {hi} }},")
            print("\t\t} },")
        print("\t},")
    print("};")

def header_check(spec):
    """Static asserts for values; the names' strings compared at run time."""
    s = main_set(spec)
    attrs = attr_sets(spec)[s["name"]]
    last_attr = max(v for _, _, v in attrs)
    the_ops = ops(spec)
    print("#include <stdio.h>")
    print("#include <string.h>")
    print("#include <linux/rdmactl.h>")
    print("#define SAME(a, b) _Static_assert((a) == (b), #a \" is \" #b \" in the spec\")")
    for c, v in consts(spec):
        print(f"SAME({c}, {v});")
    for d, entries in enums(spec):
        for c, v in entries:
            print(f"SAME({c}, {v});")
    for _, c, v in attrs:
        print(f"SAME({c}, {v});")
    print(f"SAME({c_upper(s['attr-max-name'])}, {last_attr});")
    print(f"SAME({c_upper(s['attr-cnt-name'])}, {last_attr + 1});")
    for _, c, v in the_ops:
        print(f"SAME({c}, {v});")
    last_op = max(v for _, _, v in the_ops)
    print(f"SAME({c_upper(spec['cmd-max-name'])}, {last_op});")
    print(f"SAME({c_upper(spec['cmd-cnt-name'])}, {last_op + 1});")
    print(f"SAME({c_upper(spec['c-version-name'])}, {spec.get('version', 1)});")
    print("int main(void)\n{\n\tint bad = 0;\n")
    strings = [(c_upper(spec["c-family-name"]), spec["name"])]
    for g in spec["mcast-groups"]["list"]:
        strings.append((c_upper(g["c-define-name"]), g["name"]))
    for c, v in strings:
        print(f'\tif (strcmp({c}, "{v}")) {{\n'
              f'\t\tprintf("{c} is \\"%s\\", the spec says \\"{v}\\"\\n", {c});\n'
              f"\t\tbad = 1;\n\t}}")
    print("\treturn bad;\n}")


def spec_names(spec):
    s = main_set(spec)
    names = {c for c, _ in consts(spec)}
    for _, entries in enums(spec):
        names |= {c for c, _ in entries}
    names |= {c for _, c, _ in attr_sets(spec)[s["name"]]}
    names |= {c for _, c, _ in ops(spec)}
    names |= {c_upper(x) for x in (s["attr-max-name"], s["attr-cnt-name"],
                                   spec["cmd-max-name"], spec["cmd-cnt-name"],
                                   spec["c-family-name"], spec["c-version-name"])}
    names |= {c_upper(g["c-define-name"]) for g in spec["mcast-groups"]["list"]}
    # The unspecified zero of the attribute and command spaces.
    names |= {c_upper(s["name-prefix"] + "unspec"),
              c_upper(spec["operations"]["name-prefix"] + "unspec")}
    return names


def header_names(spec, header):
    with open(header) as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    found = set(re.findall(r"^#define\s+(RDMACTL_\w+)", text, flags=re.M))
    for body in re.findall(r"enum\s+\w+\s*\{(.*?)\}", text, flags=re.S):
        found |= set(re.findall(r"^\s*(\w+)", body, flags=re.M))
    for name in sorted(found - spec_names(spec)):
        print(name)


# What the kernel's policy dump says of each spec type (nlctrl's attr-type).
NLA_TYPES = {"flag": "flag", "u8": "u8", "u16": "u16", "u32": "u32",
             "u64": "u64", "s32": "s32", "string": "nul-string",
             "binary": "binary", "nest": "nested"}
FULL_RANGE = {"u8": (0, 0xff), "u16": (0, 0xffff), "u32": (0, 0xffffffff),
              "u64": (0, 0xffffffffffffffff)}


def limit(spec, v):
    if isinstance(v, int):
        return v
    return dict(consts_by_name(spec))[v]


def consts_by_name(spec):
    for d in spec.get("definitions", []):
        if d["type"] == "const":
            yield d["name"], d["value"]


def expected_policy(spec, attrs_by_name, names):
    """{attr value: what getpolicy reports} for a request's attributes."""
    out = {}
    for n in names:
        a, _, v = attrs_by_name[n]
        want = {"type": NLA_TYPES[a["type"]]}
        checks = a.get("checks", {})
        if a["type"] in FULL_RANGE:
            lo, hi = FULL_RANGE[a["type"]]
            want["min-value-u"] = limit(spec, checks.get("min", lo))
            want["max-value-u"] = limit(spec, checks.get("max", hi))
        if a["type"] == "string" and "max-len" in checks:
            want["max-length"] = limit(spec, checks["max-len"])
        out[v] = want
    return out


def policy_check(spec, lines):
    s = main_set(spec)
    attrs = attr_sets(spec)[s["name"]]
    by_name = {a["name"]: (a, c, v) for a, c, v in attrs}
    by_value = {v: a["name"] for a, _, v in attrs}
    op_policy, policies = {}, {}
    # One message per operation ("op-policy": its do and dump policies)
    # and per attribute of each policy ("policy": its policy-id, attr-id
    # and what it checks), as ynl decodes nlctrl's nest-type-values.
    for line in lines:
        for msg in json.loads(line):
            p = msg.get("op-policy")
            if p:
                op_policy[p["op-id"]] = p
            p = msg.get("policy")
            if p and "type" in p:
                policies.setdefault(p["policy-id"], {})[p["attr-id"]] = p
    problems = []
    for op, c, value in ops(spec):
        for mode in ("do", "dump"):
            if mode not in op:
                continue
            want = expected_policy(spec, by_name,
                                   op[mode].get("request", {}).get("attributes", []))
            if value not in op_policy or mode not in op_policy[value]:
                problems.append(f"{op['name']} {mode}: the kernel has no policy for it")
                continue
            have = policies.get(int(op_policy[value][mode]), {})
            for v in sorted(set(want) | set(have)):
                name = by_value.get(v, f"attribute {v}")
                if v not in have:
                    problems.append(f"{op['name']} {mode}: {name} is not in the kernel's policy")
                elif v not in want:
                    problems.append(f"{op['name']} {mode}: {name} is in the kernel's policy, not the spec's request")
                else:
                    got = {k: have[v].get(k) for k in want[v]}
                    if got != want[v]:
                        problems.append(f"{op['name']} {mode}: {name}: kernel {got}, spec {want[v]}")
    for p in problems:
        print(p)


def main():
    spec = load()
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "lib-types":
        lib_types(spec)
    elif cmd == "nlraw-names":
        nlraw_names(spec)
    elif cmd == "nlfuzz-requests":
        nlfuzz_requests(spec)
    elif cmd == "header-check":
        header_check(spec)
    elif cmd == "header-names" and len(sys.argv) == 3:
        header_names(spec, sys.argv[2])
    elif cmd == "policy-check":
        policy_check(spec, [l for l in sys.stdin if l.strip()])
    else:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
