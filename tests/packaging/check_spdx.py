#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""pkg_spdx: the SPDX sweep (packaging/spdx-headers.py) is safe, and, once enforced, done.

    check_spdx.py SOURCE_DIR [--enforce]

On a copy of the source tree (the files git would commit, plus probes) it runs the real script:
  - --check finds the probe files that lack the line;
  - --apply adds exactly one line to each source file that lacked it: first, or after a `#!` line
    (and a Python coding line); everything else in the file is unchanged, modes are kept;
  - data and documents (test data, fuzz corpus, translations, JSON, XML, Markdown, images) are
    byte for byte unchanged;
  - afterwards --check passes and a second --apply changes nothing (idempotent);
  - the swept Python files still compile, the shell scripts still parse (bash -n) and the swept
    tree still configures with CMake (every CMakeLists.txt and .cmake file still reads);
  - a file of a kind no rule knows is an error, not silently skipped.
With --enforce it also runs --check on SOURCE_DIR itself: every source file must carry the line.
"""
import hashlib
import importlib.util
import os
import py_compile
import shutil
import subprocess
import sys
import tempfile

HEADER = {"//": "// SPDX-License-Identifier: Apache-2.0", "#": "# SPDX-License-Identifier: Apache-2.0"}


def fail(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def note(msg):
    print(f"-- {msg}")


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def tree_digest(root):
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != "build"]
        for n in filenames:
            p = os.path.join(dirpath, n)
            out[os.path.relpath(p, root)] = (digest(p), os.stat(p).st_mode & 0o7777)
    return out


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--enforce"):
        print(f"usage: {sys.argv[0]} SOURCE_DIR [--enforce]", file=sys.stderr)
        return 2
    src = os.path.abspath(sys.argv[1])
    enforce = len(sys.argv) == 3
    script = os.path.join(src, "packaging", "spdx-headers.py")
    spec = importlib.util.spec_from_file_location("spdx_headers", script)
    spdx = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(spdx)

    work = tempfile.mkdtemp(prefix="lorascope-spdx-")
    try:
        copy = os.path.join(work, "tree")
        files = spdx.list_files(src)
        for rel in files:
            os.makedirs(os.path.dirname(os.path.join(copy, rel)), exist_ok=True)
            shutil.copy2(os.path.join(src, rel), os.path.join(copy, rel))
        # probes: one of each case the sweep must handle, whatever state the real tree is in
        probes = {
            "core/spdx_probe.cpp": ("#pragma once\nint probe();\n", 0o644),
            "scripts/spdx_probe.sh": ("#!/bin/sh\n# a probe\necho probe\n", 0o755),
            "bench/spdx_probe.py": ("#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\nprint('probe')\n", 0o755),
            "bench/spdx_probe_crlf.py": ("print('a')\r\nprint('b')\r\n", 0o644),
            "tests/data/spdx_probe.json": ('{"probe": true}\n', 0o644),
            "core/spdx_probe_done.h": ("// SPDX-License-Identifier: MIT\n#pragma once\n", 0o644),
        }
        for rel, (text, mode) in probes.items():
            p = os.path.join(copy, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", newline="") as f:
                f.write(text)
            os.chmod(p, mode)
        before = tree_digest(copy)
        originals = {}
        for rel in before:
            with open(os.path.join(copy, rel), "rb") as f:
                originals[rel] = f.read()

        r = run([sys.executable, script, "--check", "--root", copy])
        if r.returncode != 1:
            fail(f"--check on the unswept copy exited {r.returncode}, expected 1:\n{r.stdout}{r.stderr}")
        for rel in ("core/spdx_probe.cpp", "scripts/spdx_probe.sh", "bench/spdx_probe.py"):
            if rel not in r.stdout:
                fail(f"--check did not report {rel}, which has no SPDX line:\n{r.stdout}")
        for rel in ("tests/data/spdx_probe.json", "core/spdx_probe_done.h"):
            if rel in r.stdout:
                fail(f"--check reported {rel}, which it must not (data file / has its own SPDX line)")

        r = run([sys.executable, script, "--apply", "--root", copy])
        if r.returncode != 0:
            fail(f"--apply exited {r.returncode}:\n{r.stdout}{r.stderr}")
        after = tree_digest(copy)
        if set(after) != set(before):
            fail(f"--apply added or removed files: {sorted(set(after) ^ set(before))}")

        changed = 0
        for rel in sorted(before):
            style, why, _ = spdx.classify(rel)
            if style == "?":
                fail(f"{rel}: no rule classifies it ({why})")
            old = originals[rel]
            with open(os.path.join(copy, rel), "rb") as f:
                new = f.read()
            if after[rel][1] != before[rel][1]:
                fail(f"{rel}: mode changed from {oct(before[rel][1])} to {oct(after[rel][1])}")
            if style is None:
                if new != old:
                    fail(f"{rel} ({why}) was changed; data and documents must stay untouched")
                continue
            old_text, new_text = old.decode("utf-8"), new.decode("utf-8")
            nl = "\r\n" if "\r\n" in old_text else "\n"
            old_lines, new_lines = old_text.split(nl), new_text.split(nl)
            if any("SPDX-License-Identifier:" in l for l in old_lines[:5]):
                if new != old:
                    fail(f"{rel} already had an SPDX line but was changed")
                continue
            changed += 1
            if old_text == "":
                if new_text != HEADER[style] + "\n":
                    fail(f"{rel}: an empty file must become just the SPDX line, got {new_text!r}")
                continue
            if len(new_lines) != len(old_lines) + 1:
                fail(f"{rel}: --apply did not add exactly one line")
            idx = next((i for i, l in enumerate(new_lines) if l == HEADER[style]), None)
            if idx is None:
                fail(f"{rel}: no '{HEADER[style]}' line after --apply")
            if new_lines[:idx] + new_lines[idx + 1:] != old_lines:
                fail(f"{rel}: --apply changed more than the inserted line")
            expected = 1 if old_lines[0].startswith("#!") else 0
            if style == "#" and len(old_lines) > expected and old_lines[expected].startswith("#") \
                    and "coding" in old_lines[expected] and expected < 2:
                expected += 1
            if idx != expected:
                fail(f"{rel}: SPDX line at line {idx + 1}, expected line {expected + 1}")
            if old_lines[0].startswith("#!") and not new_lines[0].startswith("#!"):
                fail(f"{rel}: the #! line is no longer first")
        note(f"--apply added the line to {changed} files; all other files unchanged byte for byte")

        r = run([sys.executable, script, "--check", "--root", copy])
        if r.returncode != 0:
            fail(f"--check after --apply exited {r.returncode}:\n{r.stdout}{r.stderr}")
        r = run([sys.executable, script, "--apply", "--root", copy])
        if r.returncode != 0 or "added:" in r.stdout or tree_digest(copy) != after:
            fail(f"a second --apply changed the tree (not idempotent):\n{r.stdout}{r.stderr}")
        note("--check passes on the swept copy; a second --apply changes nothing")

        for rel in sorted(after):
            path = os.path.join(copy, rel)
            if rel.endswith(".py"):
                try:
                    py_compile.compile(path, cfile=os.path.join(work, "pyc"), doraise=True)
                except py_compile.PyCompileError as e:
                    fail(f"{rel} no longer compiles after the sweep: {e}")
            elif rel.endswith(".sh") or rel == ".ci/run":
                r = run(["bash", "-n", path])
                if r.returncode != 0:
                    fail(f"{rel} no longer parses after the sweep: {r.stderr}")
        with open(os.path.join(copy, "bench/spdx_probe.py"), "rb") as f:
            head = f.read().split(b"\n")[:3]
        if head[0] != b"#!/usr/bin/env python3" or not head[1].startswith(b"# -*- coding"):
            fail(f"bench/spdx_probe.py: shebang and coding line must stay the first two lines, got {head}")
        note("swept Python files compile, shell scripts parse, shebang and coding lines stay first")

        if shutil.which("cmake") and os.path.exists(os.path.join(copy, "CMakeLists.txt")):
            # The copy has the tracked files only: the chart library npm installed (core/CMakeLists.txt) comes from the tree.
            echarts = os.path.join(src, "resources", "report", "node_modules", "echarts", "dist", "echarts.common.min.js")
            r = run(["cmake", "-S", copy, "-B", os.path.join(work, "build"), "-G", "Ninja",
                     "-DCMAKE_BUILD_TYPE=Release", "-DLORASCOPE_BUILD_TESTS=OFF", "-DLORASCOPE_BUILD_BENCH=OFF",
                     f"-DLORASCOPE_ECHARTS_JS={echarts}"])
            if r.returncode != 0:
                fail(f"the swept tree no longer configures with CMake:\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
            note("the swept tree configures with CMake")

        mini = os.path.join(work, "mini")
        os.makedirs(mini)
        with open(os.path.join(mini, "notes.weird"), "w") as f:
            f.write("x\n")
        r = run([sys.executable, script, "--check", "--root", mini])
        if r.returncode == 0 or "notes.weird" not in r.stderr:
            fail(f"a file no rule classifies must be an error:\n{r.stdout}{r.stderr}")
        note("a file of an unknown kind is reported as an error")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    if enforce:
        r = run([sys.executable, script, "--check", "--root", src])
        print(r.stdout + r.stderr)
        if r.returncode != 0:
            fail(f"source files without the SPDX line in {src}: run packaging/spdx-headers.py --apply")
        note(f"every source file in {src} carries the SPDX line")
    else:
        r = run([sys.executable, script, "--check", "--root", src])
        lacking = r.stdout.count("\n")
        note(f"not enforced on the real tree yet ({lacking} source files still lack the line); "
             "after the sweep, set LORASCOPE_SPDX_ENFORCED ON in tests/packaging/CMakeLists.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
