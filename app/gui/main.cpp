// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"
#include "window/sessions.h"
#include "window/translations.h"

#include "util/atomicfile.h"
#include "util/version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <QGuiApplication>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

/// Qt aborts with a cryptic platform-plugin message when there is no display; say it plainly.
bool displayAvailable(int argc, char** argv)
{
    const char* platform = std::getenv("QT_QPA_PLATFORM");
    for (int i = 1; i + 1 < argc; ++i) // Qt's own `-platform NAME` option wins over the variable
        if (std::strcmp(argv[i], "-platform") == 0 || std::strcmp(argv[i], "--platform") == 0)
            platform = argv[i + 1];
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
    if (!displayAvailable(argc, argv)) {
        std::fprintf(stderr,
            "lorascope: no display found (DISPLAY and WAYLAND_DISPLAY are not set).\n"
            "The desktop app needs a graphical session. Without one, run it under a virtual display:\n"
            "    xvfb-run -a -s '-screen 0 1600x1000x24' lorascope\n"
            "or use the command-line twin, lorascope-cli (see `lorascope-cli --help`).\n");
        return 3;
    }
    QApplication app(argc, argv);
    // Ctrl-C in the terminal or a kill while a session, trace or export is being saved removes the
    // temporary file (the target keeps its old content), as lorascope-cli does.
    lorascope::removeTempFilesOnSignals();
    QApplication::setApplicationName(QStringLiteral("LoraScope"));
    QApplication::setOrganizationName(QStringLiteral("LoraScope"));
    QApplication::setApplicationVersion(QString::fromLatin1(lorascope::kVersion));
    QGuiApplication::setDesktopFileName(QString::fromLatin1(lorascope::kAppId));
    // Translations: the preference (View > Language) or the system locale; LoraScope's own and
    // Qt's (its dialogs' buttons and file dialogs), see ui/window/translations.h.
    lorascope::installTranslations(lorascope::localeForPreference(
        QSettings().value(QStringLiteral("prefs/language"), QStringLiteral("system")).toString()));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("LoraScope: design, preview and replay multi-LoRA serving workloads."));
    parser.addHelpOption();
    parser.addOption({ QStringLiteral("tab"),
        QStringLiteral("Tab to show first: workload, admission, replay, compare, sweep or fleet."),
        QStringLiteral("name") });
    parser.addPositionalArgument(QStringLiteral("session"), QStringLiteral("Session file to open (optional)."));
    QCommandLineOption restore(QStringLiteral("restore"),
        QStringLiteral("Internal: the state saved before a restart (language change)."), QStringLiteral("file"));
    restore.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(restore);
    parser.process(app);

    lorascope::MainWindow window;
    if (!parser.positionalArguments().isEmpty()) {
        const QString err = window.sessions()->open(parser.positionalArguments().constFirst());
        if (!err.isEmpty())
            std::fprintf(stderr, "lorascope: %s\n", qPrintable(err));
    }
    if (parser.isSet(restore)) {
        if (const QString err = window.sessions()->restoreAfterRestart(parser.value(restore)); !err.isEmpty())
            std::fprintf(stderr, "lorascope: %s\n", qPrintable(err));
    }
    const QString tab = parser.value(QStringLiteral("tab"));
    if (!tab.isEmpty() && !window.showTab(tab))
        std::fprintf(stderr, "lorascope: unknown tab \"%s\" (use %s)\n", qPrintable(tab),
            qPrintable(window.tabKeys().join(QStringLiteral(", "))));
    window.show();
    return app.exec();
}
