# SPDX-License-Identifier: Apache-2.0
# Warnings as an interface target (cmake-init style): link it PRIVATE to our own targets.
add_library(lorascope_warnings INTERFACE)
target_compile_options(lorascope_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow=local -Wnon-virtual-dtor -Wcast-align -Wunused -Woverloaded-virtual
  -Wimplicit-fallthrough)
