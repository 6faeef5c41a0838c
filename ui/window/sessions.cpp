// SPDX-License-Identifier: Apache-2.0
#include "window/sessions.h"

#include "document/document.h"
#include "document/session.h"
#include "fleet/fleettab.h"
#include "mainwindow.h"
#include "window/statusline.h"
#include "workload/presets.h"
#include "sweep/sweeptab.h"
#include "workload/workloadtab.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QTabWidget>
#include <QUndoStack>

namespace lorascope {

namespace {
constexpr int kMaxRecent = 8;
const char* const kSessionFilter
    = QT_TRANSLATE_NOOP("lorascope::Sessions", "LoraScope sessions (*.lorascope.json *.json)");
} // namespace

Sessions::Sessions(MainWindow* window, StatusLine* status)
    : QObject(window)
    , m_window(window)
    , m_status(status)
{
    connect(m_window->document()->undoStack(), &QUndoStack::cleanChanged, this, &Sessions::updateTitle);
}

void Sessions::addActions(QMenu* file)
{
    auto* aNew = file->addAction(tr("&New"), this, &Sessions::newSession);
    aNew->setShortcut(QKeySequence::New);
    auto* aOpen = file->addAction(tr("&Open Session…"), this, &Sessions::askOpen);
    aOpen->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    auto* aSave = file->addAction(tr("&Save Session"), this, [this] {
        Document* doc = m_window->document();
        if (doc->fileName().isEmpty())
            return askSaveAs();
        if (const QString err = save(doc->fileName()); !err.isEmpty())
            QMessageBox::warning(m_window, tr("Save Session"), err);
    });
    aSave->setShortcut(QKeySequence::Save);
    auto* aSaveAs = file->addAction(tr("Save Session &As…"), this, &Sessions::askSaveAs);
    aSaveAs->setShortcut(QKeySequence::SaveAs);
}

void Sessions::newSession()
{
    if (!maybeSave())
        return;
    Document* doc = m_window->document();
    doc->clearImportedTrace();
    doc->setSpec(defaultSessionSpec());
    doc->setAdmission(defaultAdmissionConfig(doc->spec()));
    doc->undoStack()->clear();
    doc->setFileName({});
    updateTitle();
}

void Sessions::askOpen()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Session"), QString(), tr(kSessionFilter));
    if (path.isEmpty())
        return;
    if (const QString err = open(path); !err.isEmpty())
        QMessageBox::warning(m_window, tr("Open Session"), err);
}

void Sessions::askSaveAs()
{
    QString path = QFileDialog::getSaveFileName(
        m_window, tr("Save Session"), m_window->document()->fileName(), tr(kSessionFilter));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".lorascope.json");
    if (const QString err = save(path); !err.isEmpty())
        QMessageBox::warning(m_window, tr("Save Session"), err);
}

void Sessions::updateTitle()
{
    Document* doc = m_window->document();
    const QString name = doc->fileName().isEmpty() ? tr("Untitled") : QFileInfo(doc->fileName()).fileName();
    m_window->setWindowTitle(name + QStringLiteral("[*] — LoraScope"));
    m_window->setWindowModified(!doc->undoStack()->isClean());
}

QJsonObject Sessions::viewSettings() const
{
    QJsonObject view;
    view.insert(QStringLiteral("tab"), m_window->tabs()->currentIndex());
    view.insert(QStringLiteral("popularityLogLog"), m_window->workloadTab()->logLogToggle()->isChecked());
    view.insert(QStringLiteral("explain"), m_window->workloadTab()->currentExplainField());
    view.insert(QStringLiteral("fleet"), m_window->fleetTab()->settings());
    view.insert(QStringLiteral("sweepFleet"), m_window->sweepTab()->fleetSettings());
    return view;
}

void Sessions::applyViewSettings(const QJsonObject& view)
{
    if (view.contains(QStringLiteral("tab")))
        m_window->tabs()->setCurrentIndex(view.value(QStringLiteral("tab")).toInt());
    if (view.contains(QStringLiteral("popularityLogLog")))
        m_window->workloadTab()->logLogToggle()->setChecked(view.value(QStringLiteral("popularityLogLog")).toBool());
    if (view.contains(QStringLiteral("explain")))
        m_window->workloadTab()->explain(view.value(QStringLiteral("explain")).toString());
    // Sessions saved before the fleet settings were kept have neither: the tabs keep theirs.
    if (view.value(QStringLiteral("fleet")).isObject())
        m_window->fleetTab()->applySettings(view.value(QStringLiteral("fleet")).toObject());
    if (view.value(QStringLiteral("sweepFleet")).isObject())
        m_window->sweepTab()->applyFleetSettings(view.value(QStringLiteral("sweepFleet")).toObject());
}

QString Sessions::open(const QString& path)
{
    QJsonObject view;
    const QString err = m_window->document()->loadSession(path, &view);
    if (!err.isEmpty())
        return err;
    applyViewSettings(view);
    addRecent(path);
    updateTitle();
    return {};
}

QString Sessions::save(const QString& path)
{
    Document* doc = m_window->document();
    const QString err = doc->saveSession(path, viewSettings());
    if (!err.isEmpty())
        return err;
    doc->setFileName(path);
    doc->undoStack()->setClean();
    addRecent(path);
    updateTitle();
    m_status->showMessage(tr("Saved %1").arg(path), 4000);
    return {};
}

QString Sessions::saveForRestart(const QString& path)
{
    Document* doc = m_window->document();
    QJsonObject view = viewSettings();
    view.insert(QStringLiteral("restoreFileName"), doc->fileName());
    view.insert(QStringLiteral("restoreModified"), !doc->undoStack()->isClean());
    return doc->saveSession(path, view);
}

QString Sessions::restoreAfterRestart(const QString& path)
{
    Document* doc = m_window->document();
    QJsonObject view;
    const QString err = doc->loadSession(path, &view);
    QFile::remove(path);
    if (!err.isEmpty())
        return err;
    applyViewSettings(view);
    doc->setFileName(view.value(QStringLiteral("restoreFileName")).toString());
    if (view.value(QStringLiteral("restoreModified")).toBool())
        doc->undoStack()->resetClean();
    updateTitle();
    return {};
}

QStringList Sessions::recentFiles() const
{
    return QSettings().value(QStringLiteral("recentFiles")).toStringList();
}

void Sessions::addRecent(const QString& path)
{
    QStringList list = recentFiles();
    const QString abs = QFileInfo(path).absoluteFilePath();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > kMaxRecent)
        list.removeLast();
    QSettings().setValue(QStringLiteral("recentFiles"), list);
    rebuildRecentMenu();
}

void Sessions::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList list = recentFiles();
    for (const auto& path : list) {
        m_recentMenu
            ->addAction(QFileInfo(path).fileName(), this,
                [this, path] {
                    if (!maybeSave())
                        return;
                    if (const QString err = open(path); !err.isEmpty())
                        QMessageBox::warning(m_window, tr("Open Session"), err);
                })
            ->setToolTip(path);
    }
    m_recentMenu->setEnabled(!list.isEmpty());
}

bool Sessions::maybeSave()
{
    Document* doc = m_window->document();
    if (doc->undoStack()->isClean() || QApplication::platformName() == QLatin1String("offscreen"))
        return true;
    const auto answer
        = QMessageBox::question(m_window, tr("Unsaved changes"), tr("The session has unsaved changes. Save them?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save) {
        if (doc->fileName().isEmpty())
            return false;
        return save(doc->fileName()).isEmpty();
    }
    return true;
}

} // namespace lorascope
