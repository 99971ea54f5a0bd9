#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The rdmactl netlink spec (Documentation/netlink/specs/rdmactl.yaml) as
the protocol's source: what is generated from it (make regen, each on
stdout), and what is checked against it.

  spec.py uapi                 the uapi header (uapi/linux/rdmactl.h):
                               every name and value, each with its doc
  spec.py lib-types            the library's attribute type table
                               (user/attr-types.h)
  spec.py lib-names            the library's names of the uapi enums
                               (user/names.c)
  spec.py kernel-source        the module's policies, ops and multicast
                               group (kmod/netlink-gen.c)
  spec.py kernel-header        and their declarations, with the
                               handlers the ops name (kmod/netlink-gen.h)
  spec.py nlraw-names          nlraw's table of every op and attribute
                               by its uapi name without prefix
                               (tests/integration/nlraw-names.h)
  spec.py nlfuzz-requests      nlfuzz's table of the attributes each op's
                               do and dump requests take, with their
                               types and limits
                               (tests/integration/nlfuzz-requests.h)
  spec.py header-check         a C program that compiles only when a
                               uapi header's values are the spec's, and
                               prints what differs in its strings: the
                               uapi generator's rendering checked by
                               code of its own
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


# librdmactl's names of the uapi enums (user/names.c): one function per
# definition, rdmactl_<definition>_name(), its parameter (the library's
# ABI: librdmactl/names.h, events.h), how its entries are written, and
# the names it gives values the enum does not list. An entry is written as
# its name with dashes as underscores, in upper case (ACTIVE_DEFER), lower
# case (usnic_udp) or capitalised (Ethernet), unless its doc says 'shown
# as "X"': then X. Any other value is "UNKNOWN". A sparse enum (the port
# speeds, one bit each) is a switch, the others a table.
LIB_NAMES = [
    ("port-state", "uint8_t state", str.upper, []),
    ("port-phys-state", "uint8_t phys_state", str.upper, []),
    ("link-layer", "uint8_t link_layer", str.capitalize, []),
    ("node-type", "uint8_t node_type", str.lower, []),
    ("port-speed", "uint32_t speed", str.upper, []),
    # 0: the port has no PMA (stat-pma-set absent).
    ("pma-set", "uint8_t pma_set", str.lower, [("0", "none")]),
    ("counter-source", "uint8_t source", str.lower, []),
    ("counter-unit", "uint8_t unit", str.lower, []),
    ("ipoib-mode", "uint8_t mode", str.lower, []),
    ("gid-type", "uint8_t type", str.lower, []),
    ("roce-trust", "uint8_t trust", str.lower, []),
    # librdmactl/events.h's: events were lost.
    ("event", "uint8_t type", str.upper, [("RDMACTL_EVENT_LOST", "LOST")]),
]


def shown_names(spec, d, values, case):
    """[(C name, value, the name shown)] of a definition's entries."""
    out = []
    for (c, v), e in zip(values, d["entries"]):
        e = {"name": e} if isinstance(e, str) else e
        m = re.search(r'shown\s+as\s+"([^"\\]*)"', e.get("doc", ""))
        out.append((c, v, m.group(1) if m else case(e["name"].replace("-", "_"))))
    return out


def lib_names(spec):
    defs = {d["name"]: (d, v) for d, v in enums(spec)}
    generated("lib-names", [
        "Names of the uapi enums, shared by the CLI and any other caller:",
        "what each rdmactl_*_name() returns (librdmactl/names.h), UNKNOWN for",
        "a value the enum does not have."], license="LGPL-2.1-or-later")
    print('#include "internal.h"\n')
    print("#define NAME(table, v) \\\n\t((v) < sizeof(table) / sizeof(table[0]) && "
          'table[v] ? table[v] : "UNKNOWN")')
    for name, param, case, extra in LIB_NAMES:
        d, values = defs[name]
        rows = [(c, None, n) for c, n in extra] + shown_names(spec, d, values, case)
        arg = param.split()[-1]
        print(f"\nRDMACTL_EXPORT const char *rdmactl_{name.replace('-', '_')}_name({param})\n{{")
        if max(v for _, v, _ in rows if v is not None) >= 2 * len(rows):
            print(f"\tswitch ({arg}) {{")
            for c, _, n in rows:
                print(f'\tcase {c}:\n\t\treturn "{n}";')
            print('\tdefault:\n\t\treturn "UNKNOWN";\n\t}\n}')
            continue
        print("\tstatic const char *const names[] = {")
        for c, _, n in rows:
            print(f'\t\t[{c}] = "{n}",')
        print(f"\t}};\n\n\treturn NAME(names, {arg});\n}}")


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


# The flags of an op that changes state: CAP_NET_ADMIN in the namespace's
# user namespace (uns-admin-perm), or in the initial one (admin-perm).
ADMIN_FLAGS = {"admin-perm", "uns-admin-perm"}

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
    if a["type"] == "s32":
        # nlfuzz sends an s32 as any 32 bits: its limits are unsigned.
        return 0, 0xffffffff
    if a["type"] not in FULL_RANGE:
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
        "changes state (admin-perm or uns-admin-perm), and the attributes its",
        "do and dump requests take, with their types and what the kernel's",
        "policy accepts: min and max of an integer, max-len of a string, the",
        "length of a binary."])
    print(f'_Static_assert({most} <= FUZZ_MAX_ATTRS, "nlfuzz.h: FUZZ_MAX_ATTRS is too small");')
    print()
    print("static const struct fuzz_op fuzz_ops[] = {")
    for op, c in the_ops:
        print(f"\t{{\n\t\t.name = \"{c_upper(op['name'])}\", .cmd = {c},"
              f" .admin = {int(bool(ADMIN_FLAGS & set(op.get('flags', []))))},")
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


# The uapi header, rendered as the kernel's ynl-gen-c renders one: its
# opening lines, then the family's defines, the definitions in the spec's
# order (consts as defines, enums with their kdoc), the attribute space,
# the commands and the multicast groups. It differs where the header's
# names, values and license must stay what they were when it was written
# by hand: the license is the header's own, not the spec's; the attribute
# and command spaces begin with their unspecified zero (RDMACTL_A_UNSPEC),
# which the spec does not list; and a flags set without an enum name is
# macros of unsigned bits, which #ifdef sees, where ynl-gen-c renders an
# anonymous enum. And every attribute and command carries its doc beside
# it, after what the hand-written header said there: the attribute's type
# (its enum, what a request's may hold, what a nest holds), the command's
# do, dump or event.
UAPI_LICENSE = "(GPL-2.0 WITH Linux-syscall-note) OR MIT"
WIDTH = 79


class CExpr(str):
    """A define's value that is C already, not a string to quote."""


def paragraphs(doc, where):
    """A doc's paragraphs, each on one line; refused if C could not carry
    it in a comment."""
    if "*/" in doc or "/*" in doc:
        sys.exit(f"spec.py: the doc of {where} has a comment delimiter")
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", doc.strip()) if p.strip()]


def wrap(text, first, rest):
    """text's lines, the first after first, the others after rest, none
    wider than WIDTH columns (tabs of 8) unless one word is."""
    words = text.split()
    lines, line = [], first + (words[0] if words else "")
    for word in words[1:]:
        if len(f"{line} {word}".expandtabs()) > WIDTH:
            lines.append(line)
            line = rest + word
        else:
            line += " " + word
    return lines + [line]


def comment(indent, paras):
    """A comment, on one line when it fits."""
    one = f"{indent}/* {' '.join(paras)} */"
    if len(paras) == 1 and len(one.expandtabs()) <= WIDTH:
        return [one]
    out = [f"{indent}/*"]
    for i, p in enumerate(paras):
        if i:
            out.append(f"{indent} *")
        out += wrap(p, f"{indent} * ", f"{indent} * ")
    return out + [f"{indent} */"]


def kdoc(indent, head, paras, members=(), one_line=True, opener="/**"):
    """A kdoc comment, as ynl-gen-c writes one: head ("enum x - doc",
    "@X: doc") continued two columns in, then its members' ("@X: doc"),
    then further paragraphs; on one line when that fits."""
    text = " ".join([head] + paras[:1])
    one = f"{indent}{opener} {text} */"
    if one_line and not members and len(paras) <= 1 and len(one.expandtabs()) <= WIDTH:
        return [one]
    out = [f"{indent}{opener}"] + wrap(text, f"{indent} * ", f"{indent} *   ")
    for name, doc in members:
        out += wrap(f"@{name}: {doc}", f"{indent} * ", f"{indent} *   ")
    for p in paras[1:]:
        out += [f"{indent} *"] + wrap(p, f"{indent} *   ", f"{indent} *   ")
    return out + [f"{indent} */"]


def defines(rows):
    """#define lines, their values aligned as ynl-gen-c aligns them; a
    string quoted, a number or a CExpr as it is."""
    longest = (max(len(n) for n, _ in rows) + 8) // 8 * 8
    out = []
    for n, v in rows:
        v = f'"{v}"' if isinstance(v, str) and not isinstance(v, CExpr) else v
        out.append(f"#define {n}" + "\t" * ((longest - len(n) + 7) // 8) + str(v))
    return out


def enum_name(spec, d):
    """A definition's C enum: its enum-name, which may be empty (no
    name: None), or the family's and its own name."""
    if "enum-name" in d:
        return d["enum-name"]
    return f"{spec['name']}_{d['name']}".replace("-", "_")


def attr_type(spec, a, sets):
    """An attribute's type, as the hand-written header said it: "(u8, enum
    rdmactl_gid_type; in requests 2 to 3)"."""
    words = [a["type"], "repeated"] if a.get("multi-attr") else [a["type"]]
    if "enum" in a:
        d = next(d for d in spec["definitions"] if d["name"] == a["enum"])
        if a.get("enum-as-flags") or d["type"] == "flags":
            prefix = d.get("name-prefix", f"{spec['name']}-{d['name']}-")
            words.append(f"{c_upper(prefix)}* bits")
        else:
            words.append(f"enum {enum_name(spec, d)}")
    checks = a.get("checks", {})
    if "exact-len" in checks:
        n = checks["exact-len"]
        words.append(f"{c_upper(spec['name'] + '-' + n) if isinstance(n, str) else n} bytes")
    text = ", ".join(words)
    lo, hi = (limit(spec, checks[k]) if k in checks else None for k in ("min", "max"))
    limits = []
    if "max-len" in checks:
        limits.append(f"at most {limit(spec, checks['max-len'])} characters")
    if lo is not None and hi is not None:
        limits.append(f"{lo} to {hi}")
    elif lo is not None or hi is not None:
        limits.append(f"at least {lo}" if hi is None else f"at most {hi}")
    if limits:
        text += "; in requests " + ", ".join(limits)
    if a["type"] == "nest":
        inner = sets[a["nested-attributes"]]
        span = [v for _, _, v in inner] == list(range(inner[0][2], inner[-1][2] + 1))
        text += "; holding " + (f"{inner[0][1]} to {inner[-1][1]}" if span and len(inner) > 2
                                else ", ".join(c for _, c, _ in inner))
    return f"({text})"


def uapi_definition(spec, d, values):
    """One enum or flags set of the definitions: values [(C name, value)]."""
    where = f"definition {d['name']}"
    name = enum_name(spec, d)
    macros = d["type"] == "flags" and name is None
    docs = [(c, " ".join(paragraphs(e["doc"], where)))
            for (c, _), e in zip(values, d["entries"]) if isinstance(e, dict) and "doc" in e]
    if macros:
        head = c_upper(d.get("name-prefix", f"{spec['name']}-{d['name']}-")) + "*"
    else:
        head = f"enum {name}" if name else "enum"
    if "doc" in d:
        head += " - " + " ".join(paragraphs(d["doc"], where))
    out = []
    if docs or "doc" in d:
        # Macros of unsigned bits (see above) under a plain comment: kdoc
        # has no form for a set of them.
        out = kdoc("", head, [], docs, one_line=False, opener="/*" if macros else "/**")
    if macros:
        return out + defines([(c, CExpr(f"(1U << {v.bit_length() - 1})"))
                              for c, v in values])
    out.append(f"enum {name} {{" if name else "enum {")
    expect = 0
    for c, v in values:
        explicit = d["type"] == "flags" or v != expect
        out.append(f"\t{c} = {v}," if explicit else f"\t{c},")
        expect = v + 1
    return out + ["};"]


def uapi_space(enum, unspec, items, cnt, mx, doc):
    """The attribute or command enum, [(C name, value, its doc's
    paragraphs)], each with its kdoc and the first value's unspecified
    zero before it."""
    head = f"enum {enum} - {doc}" if doc else f"enum {enum}"
    out = kdoc("", head, [], one_line=False) + [f"enum {enum} {{"]
    expect = 0
    if items[0][1] != 0:
        out.append(f"\t{unspec},")
        expect = 1
    for c, v, paras in items:
        out += kdoc("\t", f"@{c}:", paras)
        out.append(f"\t{c}," if v == expect else f"\t{c} = {v},")
        expect = v + 1
    return out + ["", f"\t{cnt},", f"\t{mx} = {cnt} - 1", "};"]


def render_uapi(spec):
    family, source = spec["name"], os.path.relpath(SPEC, TOP)
    guard = "_UAPI_" + c_upper(re.sub(r"[/.]", "_", spec["uapi-header"]))
    out = [f"/* SPDX-License-Identifier: {UAPI_LICENSE} */",
           "/* Do not edit directly, auto-generated from: */",
           f"/*\t{source} */",
           "/* by scripts/spec.py uapi (make regen) */",
           ""]
    out += comment("", [
        f"The {family} generic netlink family: the whole ABI between {family}.ko "
        f"and user space, shared verbatim by the module, lib{family} and any "
        "other program."] + paragraphs(spec["doc"], "the family") + [
        f"This header is generated from the family's netlink spec, {source}, "
        "by make regen (scripts/spec.py uapi): to change the ABI, edit the "
        "spec. The spec documents each operation, attribute and value (its "
        "docs are the comments below); Documentation/netlink.md, how the "
        "family behaves: validation, dumps, privileges, what a request waits "
        "for.",
        "A value \"shown as\" a name is shown so by librdmactl's "
        "rdmactl_*_name() and the rdmactl CLI."])
    out += [f"#ifndef {guard}", f"#define {guard}", ""]
    out += defines([(c_upper(spec["c-family-name"]), family),
                    (c_upper(spec["c-version-name"]), spec.get("version", 1))])

    # Consts in runs of defines aligned together, one with a doc alone
    # under its comment.
    values = {d["name"]: v for d, v in enums(spec)}
    run = []

    def flush():
        if run:
            out.extend([""] + defines(run))
            run.clear()

    for d in spec.get("definitions", []):
        if d["type"] != "const":
            flush()
            out.extend([""] + uapi_definition(spec, d, values[d["name"]]))
        elif "doc" in d:
            flush()
            out.extend([""] + comment("", paragraphs(d["doc"], f"definition {d['name']}")) +
                       defines([(c_upper(f"{family}-{d['name']}"), d["value"])]))
        else:
            run.append((c_upper(f"{family}-{d['name']}"), d["value"]))
    flush()
    out.append("")

    sets = attr_sets(spec)
    for s in (s for s in spec["attribute-sets"] if "subset-of" not in s):
        items = []
        for a, c, v in sets[s["name"]]:
            paras = paragraphs(a.get("doc", ""), f"attribute {a['name']}")
            items.append((c, v, [" ".join([attr_type(spec, a, sets)] + paras[:1])] + paras[1:]))
        out += uapi_space(s["enum-name"], c_upper(s["name-prefix"] + "unspec"), items,
                          c_upper(s["attr-cnt-name"]), c_upper(s["attr-max-name"]),
                          " ".join(paragraphs(s.get("doc", ""), f"attribute set {s['name']}")))
        out.append("")

    items = []
    groups = {g["name"]: c_upper(g["c-define-name"]) for g in spec["mcast-groups"]["list"]}
    for op, c, v in ops(spec):
        modes = [m for m in ("do", "dump") if m in op]
        if "event" in op:
            modes.append(f"event, group {groups[op['mcgrp']]}")
        paras = paragraphs(op.get("doc", ""), f"operation {op['name']}")
        items.append((c, v, [" ".join([f"({', '.join(modes)})"] + paras[:1])] + paras[1:]))
    out += uapi_space(spec["operations"]["enum-name"],
                      c_upper(spec["operations"]["name-prefix"] + "unspec"), items,
                      c_upper(spec["cmd-cnt-name"]), c_upper(spec["cmd-max-name"]),
                      "The commands: of requests, and of events.")
    out += [""] + defines([(c, n) for n, c in groups.items()])
    out += ["", f"#endif /* {guard} */"]
    print("\n".join(out))


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
    # The unspecified zero of each space, which the spec does not list.
    print(f"SAME({c_upper(s['name-prefix'] + 'unspec')}, 0);")
    print(f"SAME({c_upper(spec['operations']['name-prefix'] + 'unspec')}, 0);")
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


# What the kernel's policy dump says of each spec type (nlctrl's attr-type).
NLA_TYPES = {"flag": "flag", "u8": "u8", "u16": "u16", "u32": "u32",
             "u64": "u64", "s32": "s32", "string": "nul-string",
             "binary": "binary", "nest": "nested"}
FULL_RANGE = {"u8": (0, 0xff), "u16": (0, 0xffff), "u32": (0, 0xffffffff),
              "u64": (0, 0xffffffffffffffff)}
TYPE_RANGE = dict(FULL_RANGE, s32=(-0x80000000, 0x7fffffff))


def limit(spec, v):
    """A check's number: an integer, one quoted ("-1": the kernel's schema
    takes no negative number but admits it quoted), or a const's name."""
    if isinstance(v, int):
        return v
    if re.fullmatch(r"-?[0-9]+", v):
        return int(v)
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
        if a["type"] in TYPE_RANGE:
            # nlctrl reports every integer's range: the policy's, else the type's.
            lo, hi = (TYPE_RANGE[a["type"]][i] if v is None else limit(spec, v)
                      for i, v in enumerate(policy_range(spec, a)))
            sign = "s" if a["type"].startswith("s") else "u"
            want[f"min-value-{sign}"] = lo
            want[f"max-value-{sign}"] = hi
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


# The module's policies and ops (kmod/netlink-gen.c and its header),
# rendered as the kernel's ynl-gen-c renders a genetlink-legacy family's
# with kernel-policy per-op (net/mptcp/mptcp_pm_gen.c): classic struct
# genl_ops, which every kernel the module builds for takes (split ops came
# in 6.2, and the kernel splits classic ones itself), one policy per op
# that its do and dump share, the nested policies those name, and the
# multicast groups; the family itself is the module's (netlink.c), as
# ynl-gen-c leaves a legacy family's. It differs where the module needs
# it: the license is the module's; the policies are static, named by the
# ops alone; a multi-attr string is NUL-terminated as a single one is (the
# 6.12 generator renders it NLA_STRING); and each op is answered by the
# handlers KERNEL_HANDLERS says, not by a doit and dumpit of its own name.
SOURCE = "Documentation/netlink/specs/rdmactl.yaml"

# What answers an op in the module: the request framework (kmod/request.c,
# dump.c), as ethtool's ethnl_default_*() answer its ops, finding the
# command's object itself: a GET (an op with a dump) with its doit, start
# and dumpit, a SET (a do alone) with its SET doit. An op that goes its own
# way is named here, and has handlers named as ynl-gen-c names them with
# the function prefix rdmactl (rdmactl_ipoib_get_doit).
OWN_HANDLERS = {"ipoib-get"}
FRAMEWORK_GET = {"doit": "rdmactl_req_doit", "start": "rdmactl_req_start",
                 "dumpit": "rdmactl_req_dumpit"}
FRAMEWORK_SET = {"doit": "rdmactl_req_set_doit"}
HANDLER_ARGS = {"doit": "struct sk_buff *skb, struct genl_info *info",
                "start": "struct netlink_callback *cb",
                "dumpit": "struct sk_buff *skb, struct netlink_callback *cb"}
NLA_SCALARS = {"flag": "NLA_FLAG", "u8": "NLA_U8", "u16": "NLA_U16",
               "u32": "NLA_U32", "u64": "NLA_U64", "s32": "NLA_S32"}


def kernel_handlers(op):
    """{genl_ops member: function} for one op."""
    if op["name"] in OWN_HANDLERS:
        name = f"rdmactl_{op['name']}".replace("-", "_")
        return {m + "it": f"{name}_{m}it" for m in ("do", "dump") if m in op}
    if "dump" in op:
        return {k: f for k, f in FRAMEWORK_GET.items() if k != "doit" or "do" in op}
    return dict(FRAMEWORK_SET)


def policy_range(spec, a):
    """An integer's (min, max) in its policy, as the spec writes them, None
    where it has none: its checks, else its enum's values, as ynl-gen-c
    takes them (a min only where the lowest is not 0 or the type signed)."""
    checks = a.get("checks", {})
    lo, hi = checks.get("min"), checks.get("max")
    if "enum" in a:
        d = next(d for d in spec["definitions"] if d["name"] == a["enum"])
        if d["type"] == "flags" or a.get("enum-as-flags"):
            sys.exit(f"spec.py: {a['name']}: a flags mask (NLA_POLICY_MASK) is not rendered")
        values = [v for dd, entries in enums(spec) if dd is d for _, v in entries]
        if lo is None and (min(values) != 0 or a["type"].startswith("s")):
            lo = min(values)
        if hi is None:
            hi = max(values)
    return lo, hi


def limit_c(spec, v):
    """A check's value in C: a number as it is, a const by its uapi name."""
    if isinstance(v, int) or re.fullmatch(r"-?[0-9]+", v):
        return str(v)
    limit(spec, v)
    return c_upper(f"{spec['name']}-{v}")


def nl_policy_name(set_name, op=None):
    return f"rdmactl_{op or set_name}_nl_policy".replace("-", "_")


def kernel_attr_policy(spec, a):
    """One attribute's nla_policy initializer, as ynl-gen-c writes it."""
    t, checks = a["type"], a.get("checks", {})
    if "flags-mask" in checks or (checks.keys() - {"min", "max", "max-len", "exact-len",
                                                   "min-len", "unterminated-ok"}):
        sys.exit(f"spec.py: {a['name']}: checks {sorted(checks)} are not rendered")
    if t == "nest":
        return f"NLA_POLICY_NESTED({nl_policy_name(a['nested-attributes'])})"
    if t in ("string", "binary") and "exact-len" in checks:
        return f"NLA_POLICY_EXACT_LEN({limit_c(spec, checks['exact-len'])})"
    if t == "string":
        nla = "NLA_STRING" if checks.get("unterminated-ok") else "NLA_NUL_STRING"
        if "max-len" in checks:
            return f"{{ .type = {nla}, .len = {limit_c(spec, checks['max-len'])}, }}"
        return f"{{ .type = {nla}, }}"
    if t == "binary":
        if checks.keys() == {"min-len"}:
            return f"{{ .len = {limit_c(spec, checks['min-len'])}, }}"
        if checks:
            sys.exit(f"spec.py: {a['name']}: binary checks {sorted(checks)} are not rendered")
        return "{ .type = NLA_BINARY, }"
    if t not in NLA_SCALARS:
        sys.exit(f"spec.py: {a['name']}: no policy for type {t}")
    nla = NLA_SCALARS[t]
    lo, hi = policy_range(spec, a) if t != "flag" else (None, None)
    values = [limit(spec, v) for v in (lo, hi) if v is not None]
    if values and (min(values) < -32768 or max(values) > 32767):
        # NLA_POLICY_FULL_RANGE and its struct netlink_range_validation.
        sys.exit(f"spec.py: {a['name']}: a range past s16 is not rendered")
    if lo is not None and hi is not None:
        return f"NLA_POLICY_RANGE({nla}, {limit_c(spec, lo)}, {limit_c(spec, hi)})"
    if lo is not None:
        return f"NLA_POLICY_MIN({nla}, {limit_c(spec, lo)})"
    if hi is not None:
        return f"NLA_POLICY_MAX({nla}, {limit_c(spec, hi)})"
    return f"{{ .type = {nla}, }}"


def kernel_policy(spec, name, attrs, comment=None, static=True):
    """A policy of attrs [(attr yaml, C name, value)], sized by the last."""
    last = max(attrs, key=lambda x: x[2])[1]
    out = [f"/* {comment} */"] if comment else []
    out.append(f"{'static ' if static else ''}const struct nla_policy {name}[{last} + 1] = {{")
    for a, c, _ in sorted(attrs, key=lambda x: x[2]):
        out.append(f"\t[{c}] = {kernel_attr_policy(spec, a)},")
    return out + ["};", ""]


def kernel_ops(spec):
    """[(op yaml, C name, its request's attributes, its handlers)]: the ops
    a caller sends, each with the one policy its do and dump share."""
    sets = attr_sets(spec)
    out = []
    for op, c, _ in ops(spec):
        modes = [op[m] for m in ("do", "dump") if m in op]
        if not modes:
            continue
        names = [m.get("request", {}).get("attributes", []) for m in modes]
        if any(n != names[0] for n in names) or any("pre" in m or "post" in m for m in modes):
            sys.exit(f"spec.py: {op['name']}: classic genl_ops have one policy and no hooks")
        by_name = {a["name"]: (a, ac, v) for a, ac, v in sets[op["attribute-set"]]}
        out.append((op, c, [by_name[n] for n in names[0]], kernel_handlers(op)))
    return out


def kernel_nested(spec, the_ops):
    """The attribute sets the requests nest, innermost first."""
    sets, found = attr_sets(spec), []

    def visit(attrs):
        for a, _, _ in attrs:
            inner = a.get("nested-attributes")
            if a["type"] == "nest" and inner not in found:
                visit(sets[inner])
                found.append(inner)
    for _, _, attrs, _ in the_ops:
        visit(attrs)
    return [(n, sets[n]) for n in found]


def kernel_groups(spec):
    groups = spec.get("mcast-groups", {}).get("list", [])
    if any("flags" in g for g in groups):
        sys.exit("spec.py: a multicast group's flags (GENL_MCAST_CAP_*, 6.6+) are not rendered")
    return [(c_upper(f"{spec['name']}-nlgrp-{g['name']}"), c_upper(g["c-define-name"]))
            for g in groups]


def kernel_opening(comment, kind):
    return [comment.format("SPDX-License-Identifier: GPL-2.0"),
            "/* Do not edit directly, auto-generated from: */",
            f"/*\t{SOURCE} */",
            f"/* by scripts/spec.py {kind} (make regen) */",
            ""]


def kernel_source(spec):
    the_ops = kernel_ops(spec)
    out = kernel_opening("// {}", "kernel-source")
    out += ["#include <net/netlink.h>", "#include <net/genetlink.h>", "",
            '#include "netlink-gen.h"', "", "#include <linux/rdmactl.h>", ""]
    nested = kernel_nested(spec, the_ops)
    if nested:
        out += ["/* Common nested types */"]
    for name, attrs in nested:
        out += kernel_policy(spec, nl_policy_name(name), attrs)
    for op, c, attrs, _ in the_ops:
        modes = " and ".join(m for m in ("do", "dump") if m in op)
        out += kernel_policy(spec, nl_policy_name(None, op["name"]), attrs, f"{c} - {modes}")
    out += [f"/* Ops table for {spec['name']} */",
            f"const struct genl_ops rdmactl_nl_ops[{len(the_ops)}] = {{"]
    for op, c, attrs, handlers in the_ops:
        members = [("cmd", c)] + [(k, handlers[k]) for k in ("doit", "start", "dumpit")
                                  if k in handlers]
        members += [("policy", nl_policy_name(None, op["name"])),
                    ("maxattr", max(attrs, key=lambda x: x[2])[1])]
        if op.get("flags"):
            members.append(("flags", " | ".join(c_upper(f"genl-{f}") for f in op["flags"])))
        out.append("\t{")
        for k, v in members:
            out.append(f"\t\t.{k}" + "\t" * ((16 - len(k) - 1 + 7) // 8) + f"= {v},")
        out.append("\t},")
    out += ["};", ""]
    groups = kernel_groups(spec)
    if groups:
        out.append(f"const struct genl_multicast_group rdmactl_nl_mcgrps[{len(groups)}] = {{")
        out += [f"\t[{g}] = {{ .name = {define}, }}," for g, define in groups]
        out.append("};")
    print("\n".join(out).rstrip("\n"))


def kernel_header(spec):
    the_ops = kernel_ops(spec)
    guard = "_RDMACTL_NETLINK_GEN_H"
    out = kernel_opening("/* {} */", "kernel-header")
    out += [f"#ifndef {guard}", f"#define {guard}", "",
            "#include <net/netlink.h>", "#include <net/genetlink.h>", "",
            "#include <linux/rdmactl.h>", "",
            f"/* Ops table for {spec['name']} */",
            f"extern const struct genl_ops rdmactl_nl_ops[{len(the_ops)}];", ""]
    seen = []
    for _, _, _, handlers in the_ops:
        for k in ("doit", "start", "dumpit"):
            if k in handlers and handlers[k] not in seen:
                seen.append(handlers[k])
                out.append(f"int {handlers[k]}({HANDLER_ARGS[k]});")
    groups = kernel_groups(spec)
    if groups:
        out += ["", "enum {"] + [f"\t{g}," for g, _ in groups] + ["};", "",
                f"extern const struct genl_multicast_group rdmactl_nl_mcgrps[{len(groups)}];"]
    out += ["", f"#endif /* {guard} */"]
    print("\n".join(out))


def main():
    spec = load()
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "lib-types":
        lib_types(spec)
    elif cmd == "lib-names":
        lib_names(spec)
    elif cmd == "nlraw-names":
        nlraw_names(spec)
    elif cmd == "nlfuzz-requests":
        nlfuzz_requests(spec)
    elif cmd == "uapi":
        render_uapi(spec)
    elif cmd == "kernel-source":
        kernel_source(spec)
    elif cmd == "kernel-header":
        kernel_header(spec)
    elif cmd == "header-check":
        header_check(spec)
    elif cmd == "policy-check":
        policy_check(spec, [l for l in sys.stdin if l.strip()])
    else:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
