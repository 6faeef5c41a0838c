#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""pkg_copyright: the licence files of the project are complete and well-formed.

    check_copyright.py SOURCE_DIR

  - LICENSE is the Apache License 2.0, byte for byte Debian's /usr/share/common-licenses/Apache-2.0;
    the README has a licence section naming it;
  - packaging/debian/copyright is a machine-readable (DEP-5) copyright file: a header paragraph
    with Format, Upstream-Name and Source; every Files paragraph has Files, Copyright and License;
    every licence named has its text (in a stand-alone License paragraph, or a reference to
    /usr/share/common-licenses that exists); no stand-alone licence is unused;
  - every Files pattern matches a file of the tree (those announced by other branches are named
    below and only noted while missing);
  - every file under tests/data/ and bench/fuzz/corpus/ is matched by a paragraph of its own (not
    just "Files: *"): third-party data cannot arrive without its origin and licence being written
    down.
"""
import fnmatch
import os
import re
import subprocess
import sys

# Files patterns whose files land from other branches; only noted while nothing matches them.
ANNOUNCED = set()
DATA_DIRS = ("tests/data/", "bench/fuzz/corpus/")


def fail(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def note(msg):
    print(f"-- {msg}")


def paragraphs(text, path):
    """DEP-5 / deb822 paragraphs: a list of (first line number, {field: value}), values keep continuation lines."""
    out, cur, start, last = [], {}, 0, None
    for n, line in enumerate(text.split("\n"), 1):
        if line.strip() == "":
            if cur:
                out.append((start, cur))
            cur, last = {}, None
            continue
        if line[0] in " \t":
            if last is None:
                fail(f"{path}:{n}: continuation line outside a field")
            cur[last] += "\n" + line[1:]
            continue
        m = re.match(r"^([A-Za-z][A-Za-z0-9-]*):[ \t]?(.*)$", line)
        if not m:
            fail(f"{path}:{n}: not a 'Field: value' line: {line!r}")
        if not cur:
            start = n
        if m.group(1) in cur:
            fail(f"{path}:{n}: field {m.group(1)} twice in one paragraph")
        last = m.group(1)
        cur[last] = m.group(2)
    if cur:
        out.append((start, cur))
    return out


def licence_names(expr):
    return [n.strip() for n in re.split(r"\s+(?:and|or)\s+|,\s*", expr) if n.strip()]


def tree_files(root):
    r = subprocess.run(["git", "-C", root, "ls-files", "-co", "--exclude-standard"], capture_output=True, text=True)
    if r.returncode == 0 and r.stdout:
        return sorted(f for f in r.stdout.split("\n") if f and os.path.isfile(os.path.join(root, f)))
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in (".git", "build", "node_modules")]
        files += [os.path.relpath(os.path.join(dirpath, f), root) for f in filenames]
    return sorted(files)


def main():
    if len(sys.argv) != 2:
        print(f"usage: {sys.argv[0]} SOURCE_DIR", file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])

    # --- LICENSE and README --------------------------------------------------------------------------
    with open(os.path.join(root, "LICENSE"), "rb") as f:
        lic = f.read()
    if b"Apache License" not in lic or b"Version 2.0, January 2004" not in lic:
        fail("LICENSE is not the Apache License 2.0")
    common = "/usr/share/common-licenses/Apache-2.0"
    if os.path.exists(common):
        with open(common, "rb") as f:
            if f.read() != lic:
                fail(f"LICENSE differs from {common} (it must be the exact licence text)")
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    m = re.search(r"^## Licen[cs]e\n(.*?)(?=^## |\Z)", readme, re.M | re.S)
    if not m or "Apache License" not in m.group(1) or "LICENSE" not in m.group(1):
        fail("README.md has no '## Licence' section naming the Apache License and the LICENSE file")
    note("LICENSE is the exact Apache-2.0 text; README names it")

    # --- DEP-5 structure ---------------------------------------------------------------------------------
    path = os.path.join(root, "packaging", "debian", "copyright")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    paras = paragraphs(text, path)
    if not paras:
        fail(f"{path} is empty")
    line0, header = paras[0]
    if header.get("Format") != "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/":
        fail(f"{path}:{line0}: the header paragraph must start with the DEP-5 Format URL")
    for k in ("Upstream-Name", "Source"):
        if not header.get(k):
            fail(f"{path}:{line0}: header paragraph lacks {k}")

    files_paras, standalone = [], {}
    for line, p in paras[1:]:
        if "Files" in p:
            for k in ("Copyright", "License"):
                if not p.get(k, "").strip():
                    fail(f"{path}:{line}: Files paragraph lacks {k}")
            files_paras.append((line, p))
        elif "License" in p:
            name, _, body = p["License"].partition("\n")
            if not body.strip():
                fail(f"{path}:{line}: stand-alone License paragraph {name} has no text")
            standalone[name.strip()] = (line, body)
        else:
            fail(f"{path}:{line}: paragraph with neither Files nor License")
    if not files_paras or files_paras[0][1]["Files"].strip() != "*":
        fail(f"{path}: the first Files paragraph must be 'Files: *' (the project itself)")

    used = set()
    for line, p in files_paras:
        first, _, body = p["License"].partition("\n")
        for name in licence_names(first):
            used.add(name)
            if not body.strip() and name not in standalone:
                fail(f"{path}:{line}: licence {name} has no text (no stand-alone License: {name} paragraph)")
    for name, (line, body) in standalone.items():
        if name not in used:
            fail(f"{path}:{line}: License: {name} is not used by any Files paragraph")
        ref = re.search(r"/usr/share/common-licenses/([A-Za-z0-9.+-]+)", body)
        if ref and not os.path.exists(ref.group(0)) and os.path.isdir("/usr/share/common-licenses"):
            fail(f"{path}:{line}: {name} refers to {ref.group(0)}, which does not exist on this system")
    if "Attribution 4.0 International" not in standalone.get("CC-BY-4.0", (0, ""))[1]:
        fail(f"{path}: the CC-BY-4.0 text is missing (Debian has no common-licenses copy of it)")
    note(f"{path}: DEP-5 with {len(files_paras)} Files paragraphs; licences {', '.join(sorted(used))} all have their text")

    # --- patterns against the tree -----------------------------------------------------------------------
    files = tree_files(root)
    patterns = []
    for line, p in files_paras:
        for pat in p["Files"].split():
            patterns.append((pat, line))
            hits = [f for f in files if fnmatch.fnmatchcase(f, pat)]
            if not hits:
                if pat in ANNOUNCED:
                    note(f"Files: {pat} matches nothing yet (announced by another branch)")
                else:
                    fail(f"{path}:{line}: Files pattern {pat} matches no file of the tree")

    def owner(f):
        best = None
        for pat, line in patterns:  # DEP-5: the last matching paragraph wins
            if fnmatch.fnmatchcase(f, pat):
                best = (pat, line)
        return best

    data = [f for f in files if f.startswith(DATA_DIRS)]
    lacking = [f for f in data if owner(f) is None or owner(f)[0] == "*"]
    if lacking:
        fail(f"{len(lacking)} test-data / corpus files have no paragraph of their own in {path} "
             f"(say where they come from and under which licence): {', '.join(lacking[:20])}")
    note(f"all {len(data)} files under {' and '.join(DATA_DIRS)} have a stated origin and licence")

    # --- the chart library compiled into the binaries (HTML reports) -----------------------------------
    # The version the copyright file names is the one resources/report/package.json pins, with the
    # licences of everything its browser build bundles.
    import json
    with open(os.path.join(root, "resources", "report", "package.json"), encoding="utf-8") as f:
        echarts = json.load(f)["dependencies"]["echarts"]
    para = next((p for _, p in files_paras if "resources/report/package.json" in p["Files"].split()), None)
    if para is None:
        fail(f"{path}: no Files paragraph for resources/report/package.json (Apache ECharts, compiled into the binaries)")
    if f"Apache ECharts {echarts}" not in para.get("Comment", "").replace("\n", " "):
        fail(f"{path}: the paragraph of resources/report/package.json must name Apache ECharts {echarts} (package.json's version)")
    for name in ("Apache-2.0", "BSD-3-clause", "0BSD"):
        if name not in licence_names(para["License"].partition("\n")[0]):
            fail(f"{path}: Apache ECharts' paragraph lacks {name} (ECharts, ZRender and d3, tslib)")
    lock = os.path.join(root, "resources", "report", "node_modules", "echarts", "package.json")
    if os.path.exists(lock):
        with open(lock, encoding="utf-8") as f:
            installed = json.load(f)
        if installed.get("version") != echarts or installed.get("license") != "Apache-2.0":
            fail(f"{lock}: installed ECharts {installed.get('version')} ({installed.get('license')}), package.json pins {echarts} (Apache-2.0)")
    note(f"Apache ECharts {echarts} (compiled into the binaries) has its licences in {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
