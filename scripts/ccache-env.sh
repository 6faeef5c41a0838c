# SPDX-License-Identifier: Apache-2.0
# Sourced by scripts/run-tests.sh and scripts/run-app.sh before their first `cmake --preset`:
# compile through ccache when it is installed (packaging/install-deps.sh installs it), with paths
# relative to the checkout so that two clones of the same sources (another worktree, CI's copy)
# share cache entries. CMake reads CMAKE_<LANG>_COMPILER_LAUNCHER from the environment when a build
# folder is configured for the first time.
if command -v ccache >/dev/null; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache CMAKE_C_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
  export CCACHE_NOHASHDIR=1
fi
