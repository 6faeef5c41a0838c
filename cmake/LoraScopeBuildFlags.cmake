# SPDX-License-Identifier: Apache-2.0
# Debian's hardening flags for optimised builds, as an interface target that lorascope_warnings
# forwards to every target of the project (so no directory needs to name it).
#
# The flags are asked from dpkg-buildflags, the way Debian's own package builds get them (debhelper
# exports them to CMake), with DEB_BUILD_MAINT_OPTIONS=hardening=+all: -D_FORTIFY_SOURCE=2,
# -fstack-protector-strong, -Wformat -Werror=format-security, -Wl,-z,relro and -Wl,-z,now (PIE
# is already the compiler's default on Debian). lintian's hardening-no-* tags check exactly these.
# Left out on purpose: -O2 and -g (CMAKE_BUILD_TYPE chooses those) and -ffile-prefix-map=<dir>=.
# (it names the checkout, so every worktree would miss the shared ccache).
#
# LORASCOPE_DPKG_BUILDFLAGS: AUTO (default) uses them in Release and RelWithDebInfo builds when
# dpkg-buildflags exists (dpkg-dev), never in Debug builds (the asan preset: _FORTIFY_SOURCE and
# the sanitizers' interceptors do not mix); ON requires them; OFF never.
set(LORASCOPE_DPKG_BUILDFLAGS AUTO CACHE STRING "Compile with dpkg-buildflags hardening flags: AUTO, ON or OFF")
set_property(CACHE LORASCOPE_DPKG_BUILDFLAGS PROPERTY STRINGS AUTO ON OFF)

add_library(lorascope_buildflags INTERFACE)
target_link_libraries(lorascope_warnings INTERFACE lorascope_buildflags)

find_program(LORASCOPE_DPKG_BUILDFLAGS_TOOL dpkg-buildflags)
set(_lorascope_hardening OFF)
if(LORASCOPE_DPKG_BUILDFLAGS STREQUAL "ON")
  if(NOT LORASCOPE_DPKG_BUILDFLAGS_TOOL)
    message(FATAL_ERROR "LORASCOPE_DPKG_BUILDFLAGS=ON needs dpkg-buildflags (Debian package dpkg-dev)")
  endif()
  set(_lorascope_hardening ON)
elseif(LORASCOPE_DPKG_BUILDFLAGS STREQUAL "AUTO" AND LORASCOPE_DPKG_BUILDFLAGS_TOOL
       AND CMAKE_BUILD_TYPE MATCHES "^(Release|RelWithDebInfo)$")
  set(_lorascope_hardening ON)
endif()

if(_lorascope_hardening)
  set(_lorascope_flags)
  foreach(kind CPPFLAGS CXXFLAGS LDFLAGS)
    execute_process(
      COMMAND ${CMAKE_COMMAND} -E env DEB_BUILD_MAINT_OPTIONS=hardening=+all
              ${LORASCOPE_DPKG_BUILDFLAGS_TOOL} --get ${kind}
      OUTPUT_VARIABLE out OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "dpkg-buildflags --get ${kind} failed (${rc})")
    endif()
    separate_arguments(out UNIX_COMMAND "${out}")
    list(FILTER out EXCLUDE REGEX "^-O[0-9sgz]*$|^-g[0-9]*$|^-ffile-prefix-map=|^-fdebug-prefix-map=")
    set(_lorascope_${kind} ${out})
  endforeach()
  target_compile_options(lorascope_buildflags INTERFACE ${_lorascope_CPPFLAGS} ${_lorascope_CXXFLAGS})
  target_link_options(lorascope_buildflags INTERFACE ${_lorascope_LDFLAGS})
  string(JOIN " " _lorascope_shown ${_lorascope_CPPFLAGS} ${_lorascope_CXXFLAGS} ${_lorascope_LDFLAGS})
  message(STATUS "Hardening flags from dpkg-buildflags: ${_lorascope_shown}")
endif()
