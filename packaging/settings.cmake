# SPDX-License-Identifier: Apache-2.0
# Packaging settings shared by packaging/CMakeLists.txt and tests/packaging/CMakeLists.txt
# (tests/ is configured before packaging/, so the values live here rather than in either).

# PNG sizes rendered from the SVG icon into share/icons/hicolor/<N>x<N>/apps.
set(LORASCOPE_ICON_SIZES 16 22 24 32 48 64 128 256 512)
# Debian package names of the two components (install(... COMPONENT cli|gui) in app/CMakeLists.txt).
set(LORASCOPE_CLI_PACKAGE lorascope-cli)
set(LORASCOPE_GUI_PACKAGE lorascope)
# The homepage that the reverse-DNS id io.github.lorascope.* stands for.
set(LORASCOPE_HOMEPAGE "https://github.com/lorascope/lorascope")
# Debian revision of the packages: their version is PROJECT_VERSION-LORASCOPE_DEBIAN_REVISION
# (0.1.0-1). Raise it for a packaging-only change of the same release; reset it to 1 for a new
# version. The top entry of packaging/debian/changelog must name the same version (pkg_release_notes).
set(LORASCOPE_DEBIAN_REVISION 1)
# Release date of PROJECT_VERSION: read from its "## [VERSION] - YYYY-MM-DD" heading in CHANGELOG.md,
# so the version is set once (project(VERSION)) and its date once (the changelog). It goes into the
# AppStream <release>; pkg_release_notes fails when the heading is missing.
set(LORASCOPE_CHANGELOG ${PROJECT_SOURCE_DIR}/CHANGELOG.md)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${LORASCOPE_CHANGELOG})
file(STRINGS ${LORASCOPE_CHANGELOG} _lorascope_release_heading
  REGEX "^## \\[${PROJECT_VERSION}\\] - [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]$")
if(_lorascope_release_heading)
  string(REGEX REPLACE ".* - " "" LORASCOPE_RELEASE_DATE "${_lorascope_release_heading}")
else()
  message(WARNING "CHANGELOG.md has no \"## [${PROJECT_VERSION}] - YYYY-MM-DD\" heading for the project "
    "version; the AppStream release date falls back to today and pkg_release_notes will fail.")
  string(TIMESTAMP LORASCOPE_RELEASE_DATE "%Y-%m-%d" UTC)
endif()
# Where the build writes generated files that get installed.
set(LORASCOPE_DOC_DIR ${PROJECT_BINARY_DIR}/packaging/doc)
set(LORASCOPE_MAN_DIR ${PROJECT_BINARY_DIR}/packaging/man)
set(LORASCOPE_ICON_DIR ${PROJECT_BINARY_DIR}/packaging/icons)
set(LORASCOPE_DESKTOP_FILE ${PROJECT_BINARY_DIR}/packaging/${LORASCOPE_APP_ID}.desktop)
set(LORASCOPE_METAINFO_FILE ${PROJECT_BINARY_DIR}/packaging/${LORASCOPE_APP_ID}.metainfo.xml)
