// SPDX-License-Identifier: Apache-2.0
#pragma once
// View > Language: the preference, and the restart that applies it while keeping the session
// (Sessions::saveForRestart, then `lorascope --restore FILE --tab KEY`).

#include <QObject>

class QMenu;

namespace lorascope {

class MainWindow;
class Sessions;

class LanguageMenu : public QObject {
    Q_OBJECT
public:
    LanguageMenu(MainWindow* window, Sessions* sessions);

    /// Adds the Language submenu to the View menu.
    void addActions(QMenu* view);
    /// True once the window closes for a restart (no "save changes?" question then).
    bool restarting() const { return m_restarting; }

private:
    void offerRestart();

    MainWindow* m_window;
    Sessions* m_sessions;
    bool m_restarting = false;
};

} // namespace lorascope
