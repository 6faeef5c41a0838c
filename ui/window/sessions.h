// SPDX-License-Identifier: Apache-2.0
#pragma once
// Sessions: File > New, Open Session, Open Recent, Save Session (As); the window title with its
// unsaved-changes mark; the question before unsaved changes are dropped; and the state a restart
// keeps (parameters, settings, view, file name, unsaved flag). The session file format itself is
// document/session.h.

#include <QJsonObject>
#include <QObject>

class QMenu;

namespace lorascope {

class MainWindow;
class StatusLine;

class Sessions : public QObject {
    Q_OBJECT
public:
    Sessions(MainWindow* window, StatusLine* status);

    /// Adds New, Open Session…, Open Recent, Save Session, Save Session As… to the File menu.
    void addActions(QMenu* file);

    // Non-interactive versions of the menu's actions (return the error message, empty = ok).
    QString open(const QString& path);
    QString save(const QString& path);
    /// Saves everything (parameters, settings, view, file name, unsaved flag) for a restart.
    QString saveForRestart(const QString& path);
    /// Reads what saveForRestart() wrote (and deletes the file).
    QString restoreAfterRestart(const QString& path);
    QStringList recentFiles() const;

    /// Asks whether to save unsaved changes; false when the user cancels.
    bool maybeSave();
    void updateTitle();

private:
    QJsonObject viewSettings() const;
    void applyViewSettings(const QJsonObject& view);
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    void newSession();
    void askOpen();
    void askSaveAs();

    MainWindow* m_window;
    StatusLine* m_status;
    QMenu* m_recentMenu = nullptr;
};

} // namespace lorascope
