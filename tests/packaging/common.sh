# SPDX-License-Identifier: Apache-2.0
# Shared helpers of the packaging tests (sourced by the test scripts; bash).
set -euo pipefail
export LC_ALL=C.UTF-8
unset LD_LIBRARY_PATH LD_PRELOAD

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

note() {
    echo "-- $*"
}

# need TOOL DEBIAN_PACKAGE: a missing tool is a failure with the fix named, never a silent skip.
need() {
    command -v "$1" >/dev/null 2>&1 ||
        fail "required tool '$1' not found: install the Debian package '$2' (packaging/install-deps.sh test installs it)"
}

# commands_of CLI: the subcommand names listed under "Commands:" in `CLI --help`, one a line.
commands_of() {
    local help
    help=$("$1" --help) || return 1
    awk '/^Commands:$/ { on = 1; next } on && /^$/ { on = 0 } on { print $1 }' <<<"$help"
}
