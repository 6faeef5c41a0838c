// SPDX-License-Identifier: Apache-2.0
#include "window/languagemenu.h"

#include "mainwindow.h"
#include "window/sessions.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>

namespace lorascope {

LanguageMenu::LanguageMenu(MainWindow* window, Sessions* sessions)
    : QObject(window)
    , m_window(window)
    , m_sessions(sessions)
{
}

void LanguageMenu::addActions(QMenu* view)
{
    auto* lang = view->addMenu(tr("&Language"));
    auto* group = new QActionGroup(this);
    const QString current = QSettings().value(QStringLiteral("prefs/language"), QStringLiteral("system")).toString();
    for (const auto& [code, name] : { std::pair { QStringLiteral("system"), tr("System default") },
             std::pair { QStringLiteral("en"), QStringLiteral("English") },
             std::pair { QStringLiteral("zh_CN"), QStringLiteral("简体中文") } }) {
        auto* a = lang->addAction(name);
        a->setCheckable(true);
        a->setChecked(code == current);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] {
            if (QSettings().value(QStringLiteral("prefs/language"), QStringLiteral("system")).toString() == code)
                return;
            QSettings().setValue(QStringLiteral("prefs/language"), code);
            offerRestart();
        });
    }
}

void LanguageMenu::offerRestart()
{
    if (QApplication::platformName() == QLatin1String("offscreen"))
        return;
    const auto answer = QMessageBox::question(m_window, tr("Language"),
        tr("The new language applies when LoraScope starts again. Restart now? Your parameters, settings and view are "
           "kept."),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer != QMessageBox::Yes)
        return;
    const QString path
        = QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation))
              .filePath(QStringLiteral("lorascope-restart-%1.lorascope.json").arg(QCoreApplication::applicationPid()));
    if (const QString err = m_sessions->saveForRestart(path); !err.isEmpty()) {
        QMessageBox::warning(m_window, tr("Language"), err);
        return;
    }
    if (!QProcess::startDetached(QCoreApplication::applicationFilePath(),
            { QStringLiteral("--restore"), path, QStringLiteral("--tab"), m_window->currentTabKey() })) {
        QMessageBox::warning(
            m_window, tr("Language"), tr("Could not start LoraScope again; the language applies at the next start."));
        return;
    }
    m_restarting = true;
    m_window->close();
}

} // namespace lorascope
