// SPDX-License-Identifier: Apache-2.0
// The main window's Help menu (user guide, "What am I looking at?", keyboard shortcuts) and the
// restart that applies a new language while keeping the session.
#include "mainwindow.h"

#include "admission/admissiontab.h"
#include "admission/stepthroughpanel.h"
#include "document/document.h"
#include "text/helptexts.h"

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>

namespace lorascope {

QString MainWindow::shortcutsHtml() const
{
    QList<std::pair<QString, QList<QAction*>>> groups;
    for (auto* menu : menuBar()->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly)) {
        QList<QAction*> actions;
        for (auto* a : menu->actions())
            actions << a;
        QString title = menu->title();
        title.remove(QLatin1Char('&'));
        groups.append({ title, actions });
    }
    groups.append({ tr("Admission preview: step through (anywhere in the tab)"), m_admission->stepThrough()->navigationActions() });
    return HelpTexts::shortcuts(groups);
}

void MainWindow::showHelp(const QString& title, const QString& html)
{
    // One help window, not modal: it can stay open beside the charts it explains.
    if (!m_help) {
        m_help = new QDialog(this);
        m_help->setObjectName(QStringLiteral("helpWindow"));
        auto* v = new QVBoxLayout(m_help);
        auto* browser = new QTextBrowser(m_help);
        browser->setObjectName(QStringLiteral("helpText"));
        v->addWidget(browser);
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, m_help);
        connect(buttons, &QDialogButtonBox::rejected, m_help, &QDialog::close);
        v->addWidget(buttons);
        m_help->resize(QSize(640, 560).boundedTo(size()));
    }
    m_help->setWindowTitle(title);
    m_help->findChild<QTextBrowser*>(QStringLiteral("helpText"))->setHtml(html);
    m_help->show();
    m_help->raise();
}

QString MainWindow::helpText() const
{
    return m_help && m_help->isVisible() ? m_help->findChild<QTextBrowser*>(QStringLiteral("helpText"))->toPlainText() : QString();
}

void MainWindow::offerRestart()
{
    if (QApplication::platformName() == QLatin1String("offscreen"))
        return;
    const auto answer = QMessageBox::question(this, tr("Language"),
        tr("The new language applies when LoraScope starts again. Restart now? Your parameters, settings and view are kept."),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer != QMessageBox::Yes)
        return;
    const QString path = QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation))
                             .filePath(QStringLiteral("lorascope-restart-%1.lorascope.json").arg(QCoreApplication::applicationPid()));
    if (const QString err = saveForRestart(path); !err.isEmpty()) {
        QMessageBox::warning(this, tr("Language"), err);
        return;
    }
    if (!QProcess::startDetached(QCoreApplication::applicationFilePath(), { QStringLiteral("--restore"), path, QStringLiteral("--tab"), currentTabKey() })) {
        QMessageBox::warning(this, tr("Language"), tr("Could not start LoraScope again; the language applies at the next start."));
        return;
    }
    m_restarting = true;
    close();
}

QString MainWindow::saveForRestart(const QString& path)
{
    QJsonObject view = viewSettings();
    view.insert(QStringLiteral("restoreFileName"), m_document->fileName());
    view.insert(QStringLiteral("restoreModified"), !m_document->undoStack()->isClean());
    return m_document->saveSession(path, view);
}

QString MainWindow::restoreAfterRestart(const QString& path)
{
    QJsonObject view;
    const QString err = m_document->loadSession(path, &view);
    QFile::remove(path);
    if (!err.isEmpty())
        return err;
    applyViewSettings(view);
    m_document->setFileName(view.value(QStringLiteral("restoreFileName")).toString());
    if (view.value(QStringLiteral("restoreModified")).toBool())
        m_document->undoStack()->resetClean();
    updateTitle();
    return {};
}

} // namespace lorascope
