#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""pkg_release_notes: one version, and the same releases in every place that lists them.

    check_release_notes.py SOURCE_DIR VERSION DEBIAN_REVISION METAINFO_FILE

  - CHANGELOG.md follows Keep a Changelog: "# Changelog", an optional "## [Unreleased]", then
    "## [X.Y.Z] - YYYY-MM-DD" sections newest first (versions and dates descending), each with
    "### Added|Changed|Deprecated|Removed|Fixed|Security" subsections holding bullet items, and a
    link reference for every heading; the newest release is VERSION (project(VERSION) in CMake);
  - the AppStream metainfo the build generated lists exactly those releases, same versions, dates
    and order, each with a description;
  - the Debian changelog (packaging/debian/changelog) parses with dpkg-parsechangelog, its source
    is lorascope, its newest entry is VERSION-DEBIAN_REVISION dated on VERSION's release day, and
    every entry's upstream version is a release of CHANGELOG.md.
"""
import datetime
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

SUBSECTIONS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def fail(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def note(msg):
    print(f"-- {msg}")


def vkey(v):
    return tuple(int(x) for x in v.split("."))


def changelog_releases(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if not lines or lines[0] != "# Changelog":
        fail(f"{path}:1: must start with '# Changelog'")
    releases, links, current, sub, bullets = [], set(), None, None, {}
    seen_unreleased = False
    for n, line in enumerate(lines, 1):
        m = re.match(r"^\[([^\]]+)\]: (\S+)$", line)
        if m:
            links.add(m.group(1).lower())
            continue
        if line.startswith("## "):
            if line == "## [Unreleased]":
                if releases or seen_unreleased:
                    fail(f"{path}:{n}: '## [Unreleased]' must come first, once")
                seen_unreleased, current = True, "unreleased"
                continue
            m = re.match(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", line)
            if not m:
                fail(f"{path}:{n}: release heading must read '## [X.Y.Z] - YYYY-MM-DD', got {line!r}")
            try:
                datetime.date.fromisoformat(m.group(2))
            except ValueError:
                fail(f"{path}:{n}: {m.group(2)} is not a date")
            current, sub = m.group(1), None
            releases.append((m.group(1), m.group(2), n))
            bullets[current] = 0
            continue
        if line.startswith("### "):
            name = line[4:].strip()
            if name not in SUBSECTIONS:
                fail(f"{path}:{n}: subsection '{name}' is not one of {', '.join(sorted(SUBSECTIONS))}")
            if current is None:
                fail(f"{path}:{n}: subsection outside a release")
            sub = name
            continue
        if line.startswith("- ") and current not in (None, "unreleased"):
            if sub is None:
                fail(f"{path}:{n}: list item of {current} outside a '### ...' subsection")
            bullets[current] += 1
    if not releases:
        fail(f"{path}: no release sections")
    for v, d, n in releases:
        if bullets[v] == 0:
            fail(f"{path}:{n}: release {v} lists no changes")
        if v.lower() not in links:
            fail(f"{path}: no link reference '[{v}]: URL' for release {v}")
    if seen_unreleased and "unreleased" not in links:
        fail(f"{path}: no link reference '[Unreleased]: URL'")
    for (v1, d1, n1), (v2, d2, n2) in zip(releases, releases[1:]):
        if not vkey(v1) > vkey(v2):
            fail(f"{path}:{n2}: releases must be newest first ({v1} above {v2})")
        if d1 < d2:
            fail(f"{path}:{n2}: release dates must not increase downwards ({v1} {d1} above {v2} {d2})")
    return [(v, d) for v, d, _ in releases]


def main():
    if len(sys.argv) != 5:
        print(f"usage: {sys.argv[0]} SOURCE_DIR VERSION DEBIAN_REVISION METAINFO_FILE", file=sys.stderr)
        return 2
    root, version, revision, metainfo = sys.argv[1:]
    chlog = os.path.join(root, "CHANGELOG.md")
    releases = changelog_releases(chlog)
    if releases[0][0] != version:
        fail(f"the newest release in CHANGELOG.md is {releases[0][0]}, but project(VERSION) is {version}: "
             f"add '## [{version}] - YYYY-MM-DD'")
    note(f"CHANGELOG.md: releases {', '.join(f'{v} ({d})' for v, d in releases)}; newest = project version {version}")

    # --- AppStream ---------------------------------------------------------------------------------------
    if metainfo != "-":
        tree = ET.parse(metainfo)
        rel = tree.getroot().find("releases")
        if rel is None:
            fail(f"{metainfo}: no <releases>")
        meta = []
        for r in rel.findall("release"):
            if r.find("description") is None or not "".join(r.find("description").itertext()).strip():
                fail(f"{metainfo}: <release version=\"{r.get('version')}\"> has no description")
            meta.append((r.get("version"), r.get("date")))
        if meta != releases:
            fail(f"{metainfo}: <releases> {meta} differ from CHANGELOG.md {releases}")
        lic = tree.getroot().findtext("project_license")
        if lic != "Apache-2.0":
            fail(f"{metainfo}: <project_license> is {lic!r}, expected Apache-2.0")
        note(f"metainfo <releases> match CHANGELOG.md; <project_license> Apache-2.0")

    # --- Debian changelog ------------------------------------------------------------------------------
    deb = os.path.join(root, "packaging", "debian", "changelog")
    r = subprocess.run(["dpkg-parsechangelog", "-l", deb, "--all", "--format", "rfc822"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"dpkg-parsechangelog rejects {deb}: {r.stderr}")
    if r.stderr.strip():
        fail(f"dpkg-parsechangelog warns about {deb}: {r.stderr}")
    entries = []
    for block in r.stdout.strip().split("\n\n"):
        fields = dict(re.findall(r"^(Source|Version|Date|Distribution): (.*)$", block, re.M))
        entries.append(fields)
    if not entries:
        fail(f"{deb}: no entries")
    top = entries[0]
    if top.get("Source") != "lorascope":
        fail(f"{deb}: source is {top.get('Source')!r}, expected lorascope")
    if top.get("Version") != f"{version}-{revision}":
        fail(f"{deb}: newest entry is {top.get('Version')}, expected {version}-{revision} "
             "(project VERSION - LORASCOPE_DEBIAN_REVISION)")
    when = datetime.datetime.strptime(top["Date"], "%a, %d %b %Y %H:%M:%S %z").astimezone(datetime.timezone.utc)
    if when.date().isoformat() != releases[0][1]:
        fail(f"{deb}: newest entry is dated {when.date()}, but CHANGELOG.md dates {version} {releases[0][1]}")
    known = {v for v, _ in releases}
    for e in entries:
        upstream = e["Version"].rsplit("-", 1)[0]
        if upstream not in known:
            fail(f"{deb}: entry {e['Version']} is for {upstream}, which CHANGELOG.md does not list")
    note(f"Debian changelog: {len(entries)} entries, newest {top['Version']} ({top['Date']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
