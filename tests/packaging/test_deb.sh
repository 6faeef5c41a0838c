#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the Debian packages with cpack from the already built tree, unpacks them with dpkg -x into
# a staging root and checks them as a user of a clean Debian 12 would meet them:
#  - one .deb per component, named and versioned by the project; nothing installed outside them;
#  - Depends: lorascope-cli pulls in no Qt at all; lorascope names qt6-qpa-plugins, qt6-translations-l10n and the package
#    of every shared library its binary needs; every dependency is satisfiable here;
#  - the file list: binaries, man pages for every command of the installed lorascope-cli --help,
#    desktop entry, metainfo and icons named by the application id, PNGs of the right size;
#  - ldd resolves every library of every installed binary (no LD_LIBRARY_PATH);
#  - the installed binaries run: --version prints the project version, and a small `generate`
#    writes the same trace as the build-tree binary.
#  - usr/share/doc/<package>: the DEP-5 copyright file, changelog.Debian.gz and changelog.gz;
#  - the packages stay in place for pkg_lintian (WORK_DIR/out).
#   test_deb.sh BUILD_DIR WORK_DIR VERSION DEB_REVISION APP_ID WITH_GUI(ON|OFF) CLI_PKG GUI_PKG "ICON SIZES" BUILD_CLI
source "$(dirname "$0")/common.sh"
[ $# -eq 10 ] || fail "usage: $0 BUILD_DIR WORK_DIR VERSION DEB_REVISION APP_ID WITH_GUI CLI_PKG GUI_PKG ICON_SIZES BUILD_CLI"
build=$1 work=$2 version=$3 debVersion=$3-$4 id=$5 withGui=$6 cliPkg=$7 guiPkg=$8 iconSizes=$9 buildCli=${10}
case "$withGui" in ON | TRUE | 1 | YES | on | true) withGui=1 ;; *) withGui=0 ;; esac

need cpack cmake
need dpkg-deb dpkg
need dpkg-shlibdeps dpkg-dev
need ldd libc-bin
need readelf binutils
need file file
need gzip gzip
[ "$withGui" = 0 ] || need appstreamcli appstream
[ -f "$build/CPackConfig.cmake" ] || fail "$build/CPackConfig.cmake missing (configure the project)"

rm -rf "$work"
mkdir -p "$work/out" "$work/root"
[ "$withGui" = 1 ] || note "built with LORASCOPE_BUILD_GUI=OFF: only the $cliPkg package is made and checked"

# --- build the packages from the built binaries (cpack installs, it does not rebuild) -----------
note "cpack -G DEB (log: $work/cpack.log)"
if ! (cd "$build" && cpack -G DEB -B "$work/out" --config "$build/CPackConfig.cmake") >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log"
    fail "cpack failed"
fi
arch=$(dpkg --print-architecture)
cliDeb=$work/out/${cliPkg}_${debVersion}_${arch}.deb
guiDeb=$work/out/${guiPkg}_${debVersion}_${arch}.deb
debs=("$cliDeb")
[ "$withGui" = 0 ] || debs+=("$guiDeb")
for d in "${debs[@]}"; do
    [ -f "$d" ] || { ls -l "$work/out"; fail "cpack did not produce $(basename "$d")"; }
done
count=$(find "$work/out" -maxdepth 1 -name '*.deb' | wc -l)
[ "$count" -eq "${#debs[@]}" ] || { ls -l "$work/out"; fail "expected ${#debs[@]} packages, cpack made $count"; }

# --- control fields -------------------------------------------------------------------------------
field() { dpkg-deb -f "$1" "$2"; }
# dep_names DEB: the package names in Depends (every alternative), one a line
dep_names() { field "$1" Depends | tr ',|' '\n\n' | sed -E 's/^ *([^ (]+).*/\1/' | sed '/^$/d'; }
depends_on() { dep_names "$1" | grep -xF "$2" >/dev/null; }
for d in "${debs[@]}"; do
    [ "$(field "$d" Version)" = "$debVersion" ] || fail "$(basename "$d"): Version $(field "$d" Version), expected $debVersion"
    [ "$(field "$d" Architecture)" = "$arch" ] || fail "$(basename "$d"): Architecture $(field "$d" Architecture)"
    [ -n "$(field "$d" Maintainer)" ] || fail "$(basename "$d"): no Maintainer"
    [ -n "$(field "$d" Description)" ] || fail "$(basename "$d"): no Description"
    note "$(basename "$d"): Depends: $(field "$d" Depends)"
done
[ "$(field "$cliDeb" Package)" = "$cliPkg" ] || fail "CLI package is named $(field "$cliDeb" Package)"
cliDeps=$(field "$cliDeb" Depends)
if echo "$cliDeps" | grep -i 'qt' >/dev/null; then
    fail "$cliPkg must not depend on Qt (no Widgets, no Charts, no Gui); Depends: $cliDeps"
fi
for lib in libc6 libstdc++6; do
    depends_on "$cliDeb" "$lib" || fail "$cliPkg Depends lacks $lib (did dpkg-shlibdeps run?): $cliDeps"
done
if [ "$withGui" = 1 ]; then
    [ "$(field "$guiDeb" Package)" = "$guiPkg" ] || fail "GUI package is named $(field "$guiDeb" Package)"
    guiDeps=$(field "$guiDeb" Depends)
    for p in qt6-qpa-plugins qt6-translations-l10n libqt6core6 libqt6gui6 libqt6widgets6; do
        depends_on "$guiDeb" "$p" || fail "$guiPkg Depends lacks $p: $guiDeps"
    done
fi

# Every dependency must be satisfiable on this Debian system (names exist, versions are met).
check_satisfiable() {
    local deb=$1 item alt name op ver inst ok
    IFS=',' read -r -a items <<<"$(field "$deb" Depends)"
    for item in "${items[@]}"; do
        ok=0
        IFS='|' read -r -a alts <<<"$item"
        for alt in "${alts[@]}"; do
            read -r name op ver <<<"$(echo "$alt" | sed -E 's/^ *([^ (]+) *(\(([<>=]+) *([^)]+)\))? *$/\1 \3 \4/')"
            inst=$(dpkg-query -W -f='${Status} ${Version}\n' "$name" 2>/dev/null | awk '$1 == "install" && $3 == "installed" && !done { print $4; done = 1 }')
            [ -n "$inst" ] || continue
            if [ -z "$op" ] || dpkg --compare-versions "$inst" "$op" "$ver"; then
                ok=1
                break
            fi
        done
        [ "$ok" = 1 ] || fail "$(basename "$deb"): dependency '$item' is not satisfied on this system"
    done
}
for d in "${debs[@]}"; do check_satisfiable "$d"; done

# --- file lists -------------------------------------------------------------------------------------
files_of() { dpkg-deb -c "$1" | awk '$1 !~ /^d/ { print $6 }' | sed 's:^\./:/:' | sort; }
files_of "$cliDeb" >"$work/cli.files"
: >"$work/gui.files"
[ "$withGui" = 0 ] || files_of "$guiDeb" >"$work/gui.files"
overlap=$(comm -12 "$work/cli.files" "$work/gui.files")
[ -z "$overlap" ] || fail "files in both packages (dpkg would refuse to install both): $overlap"
sort -u "$work/cli.files" "$work/gui.files" >"$work/all.files"
bad=$(grep -vE '^/usr/(bin|share)/' "$work/all.files" || true)
[ -z "$bad" ] || fail "files outside /usr/bin and /usr/share: $bad"
bad=$(grep -E '^/usr/local/|\.(a|h|o)$|/include/|/cmake/' "$work/all.files" || true)
[ -z "$bad" ] || fail "development or misplaced files in the packages: $bad"

# Nothing may be installed outside the two components (an install() without COMPONENT cli|gui
# would silently miss the packages): install everything and compare.
if ! cmake --install "$build" --prefix "$work/allinstall" >"$work/install.log" 2>&1; then
    cat "$work/install.log"
    fail "cmake --install failed"
fi
(cd "$work/allinstall" && find . -not -type d | sed 's:^\.:/usr:' | sort) >"$work/allinstall.files"
missing=$(comm -23 "$work/allinstall.files" "$work/all.files")
[ -z "$missing" ] || fail "installed by the build but in no package (install() without COMPONENT cli or gui?): $missing"

for d in "${debs[@]}"; do dpkg -x "$d" "$work/root"; done
root=$work/root
expect() {
    local f
    for f in "$@"; do
        [ -f "$root$f" ] || fail "$f missing from the packages"
        [ -s "$root$f" ] || fail "$f is empty"
    done
}
expect_in() { # expect_in LISTFILE PATH...: the file is in that package
    local list=$1 f
    shift
    for f in "$@"; do grep -qxF "$f" "$list" || fail "$f is not in $(basename "$list" .files) package"; done
}
cliFiles=(/usr/bin/lorascope-cli /usr/share/man/man1/lorascope-cli.1.gz)
expect "${cliFiles[@]}"
expect_in "$work/cli.files" "${cliFiles[@]}"
[ -x "$root/usr/bin/lorascope-cli" ] || fail "/usr/bin/lorascope-cli is not executable"

if [ "$withGui" = 1 ]; then
    guiFiles=(/usr/bin/lorascope
        "/usr/share/applications/$id.desktop"
        "/usr/share/metainfo/$id.metainfo.xml"
        "/usr/share/icons/hicolor/scalable/apps/$id.svg"
        /usr/share/man/man1/lorascope.1.gz)
    for s in $iconSizes; do guiFiles+=("/usr/share/icons/hicolor/${s}x${s}/apps/$id.png"); done
    expect "${guiFiles[@]}"
    expect_in "$work/gui.files" "${guiFiles[@]}"
    [ -x "$root/usr/bin/lorascope" ] || fail "/usr/bin/lorascope is not executable"
    for s in $iconSizes; do
        png=$root/usr/share/icons/hicolor/${s}x${s}/apps/$id.png
        [[ "$(file -b "$png")" == "PNG image data, $s x $s,"* ]] || fail "$png is not a ${s}x${s} PNG: $(file -b "$png")"
    done
    [[ "$(file -b "$root/usr/share/icons/hicolor/scalable/apps/$id.svg")" == *SVG* ]] || fail "the scalable icon is not SVG"
    # one application id everywhere: desktop entry, metainfo, icons (validate-tree cross-checks
    # them inside the installed tree) and the id compiled into the binary (setDesktopFileName)
    grep -qxF "Icon=$id" "$root/usr/share/applications/$id.desktop" || fail "desktop entry Icon is not $id"
    grep -qF "<id>$id</id>" "$root/usr/share/metainfo/$id.metainfo.xml" || fail "metainfo <id> is not $id"
    grep -qF "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$root/usr/share/metainfo/$id.metainfo.xml" ||
        fail "metainfo <launchable> is not $id.desktop"
    grep -qaF "$id" "$root/usr/bin/lorascope" || fail "the lorascope binary does not contain the application id $id"
    set +e
    tree=$(appstreamcli validate-tree --no-net --no-color "$root" 2>&1)
    rc=$?
    set -e
    echo "$tree"
    [ $rc -eq 0 ] || fail "appstreamcli validate-tree failed on the installed tree"
    issues=$(echo "$tree" | grep -E '^[EWI]: ' || true)
    [ -z "$issues" ] || fail "appstreamcli validate-tree reported issues: $issues"
fi

# --- every ELF file: libraries resolve, and the GUI's package depends on each one's package -------
elfs=$(cd "$root" && find . -type f -exec sh -c 'file -b "$1" | grep -q "^ELF" && echo "${1#.}"' _ {} \;)
[ -n "$elfs" ] || fail "no ELF binaries in the packages"
for e in $elfs; do
    out=$(ldd "$root$e" 2>&1) || { echo "$out"; fail "ldd failed on $e"; }
    if echo "$out" | grep 'not found' >/dev/null; then
        echo "$out"
        fail "unresolved libraries for $e"
    fi
    note "ldd $e: $(echo "$out" | wc -l) libraries, all resolved"
done
# each directly needed library belongs to a package named in the Depends of the package shipping it
for e in $elfs; do
    if grep -qxF "$e" "$work/cli.files"; then deb=$cliDeb; else deb=$guiDeb; fi
    deps=$(field "$deb" Depends)
    for so in $(readelf -d "$root$e" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        path=$(ldd "$root$e" | awk -v so="$so" '!done && $1 == so && $2 == "=>" { print $3; done = 1 }
                                              !done && substr($1, length($1) - length(so)) == "/" so { print $1; done = 1 }')
        [ -n "$path" ] || fail "$e needs $so, which ldd does not resolve"
        owner=$(dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null || true)
        owner=${owner%%:*}
        [ -n "$owner" ] || fail "$e needs $path, which belongs to no Debian package"
        depends_on "$deb" "$owner" || fail "$e needs $so from $owner, not in $(basename "$deb") Depends: $deps"
    done
done

# --- usr/share/doc/<package>: copyright, changelog.Debian.gz, changelog.gz (policy 12.5, 12.7) --------
pkgs=("$cliPkg")
[ "$withGui" = 0 ] || pkgs+=("$guiPkg")
for p in "${pkgs[@]}"; do
    if [ "$p" = "$cliPkg" ]; then list=$work/cli.files; else list=$work/gui.files; fi
    doc=/usr/share/doc/$p
    expect "$doc/copyright" "$doc/changelog.Debian.gz" "$doc/changelog.gz"
    expect_in "$list" "$doc/copyright" "$doc/changelog.Debian.gz" "$doc/changelog.gz"
    head -n1 "$root$doc/copyright" | grep -qxF 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
        fail "$doc/copyright is not a machine-readable (DEP-5) copyright file"
    top=$(gzip -dc "$root$doc/changelog.Debian.gz" | head -n1)
    [[ "$top" == "$guiPkg ($debVersion) "* ]] || fail "$doc/changelog.Debian.gz starts with '$top', expected $guiPkg ($debVersion)"
    gzip -dc "$root$doc/changelog.gz" | grep -q "^## \[$version\] - " || fail "$doc/changelog.gz has no section for $version"
done
note "doc files: $(for p in "${pkgs[@]}"; do echo -n "/usr/share/doc/$p/{copyright,changelog.Debian.gz,changelog.gz} "; done)"

# --- run the installed programs ---------------------------------------------------------------------
cli=$root/usr/bin/lorascope-cli
out=$("$cli" --version) || fail "installed lorascope-cli --version failed"
[ "$out" = "lorascope-cli $version" ] || fail "installed lorascope-cli --version printed '$out', expected 'lorascope-cli $version'"
if [ "$withGui" = 1 ]; then
    out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$root/usr/bin/lorascope" --version) || fail "installed lorascope --version failed"
    [ "$out" = "lorascope $version" ] || fail "installed lorascope --version printed '$out', expected 'lorascope $version'"
fi
# a man page for every command the installed lorascope-cli lists, and no other
cmds=$(commands_of "$cli")
[ -n "$cmds" ] || fail "installed lorascope-cli --help lists no commands"
want=$( { echo /usr/share/man/man1/lorascope-cli.1.gz; for c in $cmds; do echo "/usr/share/man/man1/lorascope-cli-$c.1.gz"; done; } | sort)
have=$(grep '^/usr/share/man/man1/lorascope-cli' "$work/cli.files" | sort)
[ "$want" = "$have" ] || { diff <(echo "$want") <(echo "$have") || true; fail "the packaged man pages do not match the commands of lorascope-cli --help"; }
note "man pages for: lorascope-cli $(echo $cmds)"

gen=(generate --preset S1 --adapters 4 --rate 5 --duration 4 --seed 7 --quiet)
(cd "$work" && "$cli" "${gen[@]}" -o installed.jsonl) || fail "installed lorascope-cli generate failed"
(cd "$work" && "$buildCli" "${gen[@]}" -o built.jsonl) || fail "build-tree lorascope-cli generate failed"
header=$(head -n1 "$work/installed.jsonl")
grep -qF "\"toolVersion\":\"$version\"" <<<"$header" || fail "trace header does not name version $version: $header"
requests=$(($(wc -l <"$work/installed.jsonl") - 1))
[ "$requests" -gt 0 ] || fail "the generated trace has no requests"
grep -qF "\"requestCount\":$requests," <<<"$header" || fail "header requestCount does not match the $requests request lines"
cmp -s "$work/installed.jsonl" "$work/built.jsonl" || fail "the installed and the build-tree lorascope-cli generate different traces"
"$cli" stats "$work/installed.jsonl" >"$work/stats.txt" || fail "installed lorascope-cli stats cannot read the generated trace"
grep -qiE "requests.*\b$requests\b" "$work/stats.txt" || { cat "$work/stats.txt"; fail "stats does not report $requests requests"; }
note "installed lorascope-cli generated $requests requests; identical to the build-tree binary"
note "packages OK: $(cd "$work/out" && ls *.deb | tr '\n' ' ')"
