#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Comments and documents point at files in this repository.

LoraScope's sources, tests, scripts and docs must not send a reader to something a clone does not
have: the product notes the project started from (the SPEC file and its section marks), the
tracker's issue numbers (the word issue followed by a number), or folders beside the repository
(a parent-folder path to the shared folder). Say it in place, or point at docs/ or a file here.
Upstream projects' issues and pull requests written with "#" ("vLLM PR #15422") name public,
permanent pages and are fine. CHANGELOG.md tells history and is not checked.

Usage: check_references.py [ROOT]   (default: the repository this script is in)
Exit 0 when nothing matches; 1 with file:line: text for each match.
"""
import os
import re
import subprocess
import sys

PATTERN = re.compile(r"\bSPEC(?:\.md| ?§)|\bissues? [0-9]+\b|\.\.[/]shared\b")
SKIP = {"CHANGELOG.md"}
TEXT = (".h", ".cpp", ".py", ".sh", ".md", ".txt", ".cmake", ".js", ".css", ".json", ".in", ".yaml", ".yml", ".desktop", "")


def files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        found = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith(".") and x not in ("build", "node_modules")]
            found += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    bad = []
    checked = 0
    for rel in files(root):
        if rel in SKIP or rel.startswith(("tests/data/", "bench/fuzz/corpus/", "resources/report/node_modules/")):
            continue
        if os.path.splitext(rel)[1] not in TEXT or rel.endswith(".ts"):
            continue
        path = os.path.join(root, rel)
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.readlines()
        except (UnicodeDecodeError, OSError):
            continue
        checked += 1
        for n, line in enumerate(lines, 1):
            if PATTERN.search(line):
                bad.append(f"{rel}:{n}: {line.strip()[:120]}")
    if bad:
        print("References to things outside the repository (say it in place or point at docs/):")
        print("\n".join(bad))
        return 1
    print(f"-- {checked} files point only at the repository")
    return 0


if __name__ == "__main__":
    sys.exit(main())
