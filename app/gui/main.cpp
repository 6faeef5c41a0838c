#include "mainwindow.h"

#include "util/version.h"

#include <QApplication>
#include <QGuiApplication>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

/// Qt aborts with a cryptic platform-plugin message when there is no display; say it plainly.
bool displayAvailable()
{
    const char* platform = std::getenv("QT_QPA_PLATFORM");
    if (platform && *platform && std::strncmp(platform, "xcb", 3) != 0 && std::strncmp(platform, "wayland", 7) != 0)
        return true; // offscreen, vnc, ... need no display
    const char* x = std::getenv("DISPLAY");
    const char* w = std::getenv("WAYLAND_DISPLAY");
    return (x && *x) || (w && *w);
}

} // namespace

int main(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--version") == 0) {
            std::printf("lorascope %s\n", lorascope::kVersion);
            return 0;
        }
    }
    if (!displayAvailable()) {
        std::fprintf(stderr,
            "lorascope: no display found (DISPLAY and WAYLAND_DISPLAY are not set).\n"
            "The desktop app needs a graphical session. Without one, run it under a virtual display:\n"
            "    xvfb-run -a -s '-screen 0 1600x1000x24' lorascope\n"
            "or use the command-line twin, lorascope-cli (see `lorascope-cli --help`).\n");
        return 3;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("LoraScope"));
    QApplication::setOrganizationName(QStringLiteral("LoraScope"));
    QApplication::setApplicationVersion(QString::fromLatin1(lorascope::kVersion));
    QGuiApplication::setDesktopFileName(QString::fromLatin1(lorascope::kAppId));
    lorascope::MainWindow window;
    window.show();
    return app.exec();
}
