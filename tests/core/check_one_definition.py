#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""One definition of each type: no two class, struct, union or enum definitions with the same
qualified name in the libraries that are linked together (core/, ui/, app/).

C++'s one-definition rule lets a program hold only one definition of `lorascope::FitOptions`; two
different ones in two headers compile and link without a word and are undefined behaviour (each
translation unit sees its own layout). This scanner reads every .h and .cpp, follows the named
namespaces, and lists each type defined at namespace scope by its qualified name; a name defined in
two places is reported with both. Types inside an anonymous namespace, a class or a function are
local to it and not counted; forward declarations and template specialisations are not
definitions.

Usage: check_one_definition.py [ROOT]   (default: the repository this script is in)
Exit 0 when every name has one definition; 1 with one line per duplicate (file:line of each).
"""
import os
import re
import sys

DIRS = ("core", "ui", "app")
TOKEN = re.compile(r"""
    (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>R"(?P<delim>[^(\s]*)\(.*?\)(?P=delim)"|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<brace>[{}])
  | (?P<semi>;)
  | (?P<word>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<other>::|[^\sA-Za-z_0-9{};"'/]+|/)
""", re.S | re.X)


def definitions(path):
    """(qualified name, line) of every type defined at named-namespace scope in `path`."""
    text = open(path, encoding="utf-8", errors="replace").read()
    # Line numbers: map each token start offset to its line.
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]

    def line_of(offset):
        lo, hi = 0, len(starts)
        while lo + 1 < hi:
            mid = (lo + hi) // 2
            if starts[mid] <= offset:
                lo = mid
            else:
                hi = mid
        return lo + 1

    toks = []
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind in ("comment", "string", "delim"):
            continue
        if m.group("comment") or m.group("string"):
            continue
        toks.append((kind, m.group(0), m.start()))

    # Preprocessor lines (#include <a/b.h>, #define) are not code: drop tokens on lines starting with #.
    directive_lines = {i + 1 for i, l in enumerate(text.split("\n")) if l.lstrip().startswith("#")}
    toks = [t for t in toks if line_of(t[2]) not in directive_lines]

    out = []
    stack = []  # one entry per open brace: ("ns", name) | ("anon",) | ("type",) | ("other",)
    pending = []  # the words since the last ';', '{' or '}'
    for kind, value, offset in toks:
        if kind == "brace" and value == "{":
            opened = ("other",)
            words = [w for k, w, _ in pending]
            if words and words[0] == "namespace" or (len(words) >= 2 and words[:2] == ["inline", "namespace"]):
                names = [w for k, w, _ in pending if k == "word" and w not in ("namespace", "inline")]
                opened = ("ns", "::".join(names)) if names else ("anon",)
            else:
                decl = type_definition(pending)
                if decl:
                    name, at = decl
                    if all(s[0] == "ns" for s in stack):
                        qualified = "::".join([s[1] for s in stack] + [name])
                        out.append((qualified, line_of(at)))
                    opened = ("type",)
            stack.append(opened)
            pending = []
        elif kind == "brace":
            if stack:
                stack.pop()
            pending = []
        elif kind == "semi":
            pending = []
        else:
            pending.append((kind, value, offset))
    return out


KEYS = {"struct", "class", "union", "enum"}


def type_definition(pending):
    """(name, offset) when the words before a '{' open a class/struct/union/enum definition."""
    # Find the class-key: the statement must start with it (after template<...>, attributes).
    i = 0
    seq = pending
    if seq and seq[0][1] == "template":
        depth = 0
        for j, (k, v, _) in enumerate(seq):
            depth += v.count("<") - v.count(">")
            if j > 0 and depth <= 0:
                i = j + 1
                break
        else:
            return None
    while i < len(seq) and seq[i][1] in ("typedef", "alignas", "[[", "]]"):
        i += 1
    if i >= len(seq) or seq[i][1] not in KEYS:
        return None
    i += 1
    if i < len(seq) and seq[i][1] in ("class", "struct"):  # enum class / enum struct
        i += 1
    names = []
    while i < len(seq):
        k, v, off = seq[i]
        if k == "word" and v not in ("final",):
            names.append((v, off))
            i += 1
            if i < len(seq) and seq[i][1].startswith("<"):
                return None  # a template specialisation: X<...>
            if i < len(seq) and seq[i][1] == "::":
                i += 1  # qualified name: struct A::B { (a member defined outside); take the last part
                continue
            break
        i += 1
    if not names:
        return None  # an anonymous struct or enum
    rest = [v for _, v, _ in seq[i:]]
    if rest and rest[0] not in (":", "final"):
        return None  # `struct X y = {` or a function returning a struct: not a type definition
    if len(names) > 1:
        return None  # struct A::B { ... }: a nested class defined outside its class
    return names[0]


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    seen = {}
    count = 0
    for d in DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, d)):
            dirnames.sort()
            for f in sorted(filenames):
                if not f.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(dirpath, f)
                for name, line in definitions(path):
                    seen.setdefault(name, []).append(f"{os.path.relpath(path, root)}:{line}")
                    count += 1
    duplicates = {n: p for n, p in seen.items() if len(p) > 1}
    for name in sorted(duplicates):
        print(f"{name} is defined {len(duplicates[name])} times: {', '.join(duplicates[name])}")
    print(f"{count} type definitions at namespace scope in {', '.join(DIRS)}; {len(duplicates)} names defined more than once")
    if count < 100:
        print("fewer than 100 definitions found: the scanner is broken")
        return 1
    return 1 if duplicates else 0


if __name__ == "__main__":
    sys.exit(main())
