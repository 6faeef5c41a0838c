# Packaging settings shared by packaging/CMakeLists.txt and tests/packaging/CMakeLists.txt
# (tests/ is configured before packaging/, so the values live here rather than in either).

# PNG sizes rendered from the SVG icon into share/icons/hicolor/<N>x<N>/apps.
set(LORASCOPE_ICON_SIZES 16 22 24 32 48 64 128 256 512)
# Debian package names of the two components (install(... COMPONENT cli|gui) in app/CMakeLists.txt).
set(LORASCOPE_CLI_PACKAGE lorascope-cli)
set(LORASCOPE_GUI_PACKAGE lorascope)
# The homepage that the reverse-DNS id io.github.lorascope.* stands for.
set(LORASCOPE_HOMEPAGE "https://github.com/lorascope/lorascope")
# Date of the release named by project(VERSION) (AppStream <release>); bump both together.
set(LORASCOPE_RELEASE_DATE "2026-11-26")
# Where the build writes generated files that get installed.
set(LORASCOPE_MAN_DIR ${PROJECT_BINARY_DIR}/packaging/man)
set(LORASCOPE_ICON_DIR ${PROJECT_BINARY_DIR}/packaging/icons)
set(LORASCOPE_DESKTOP_FILE ${PROJECT_BINARY_DIR}/packaging/${LORASCOPE_APP_ID}.desktop)
set(LORASCOPE_METAINFO_FILE ${PROJECT_BINARY_DIR}/packaging/${LORASCOPE_APP_ID}.metainfo.xml)
