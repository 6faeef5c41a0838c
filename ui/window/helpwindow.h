// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Help menu: "What am I looking at?" (the tab in front), the user guide, the keyboard
// shortcuts (every menu's and the step-through's), About; shown in one non-modal window that can
// stay open beside the charts it explains.

#include <QObject>

class QDialog;
class QMenu;

namespace lorascope {

class MainWindow;

class HelpWindow : public QObject {
    Q_OBJECT
public:
    explicit HelpWindow(MainWindow* window);

    /// Adds the Help menu's actions.
    void addActions(QMenu* help);
    void show(const QString& title, const QString& html);
    /// The text shown (empty while the window is closed).
    QString text() const;
    /// Help > Keyboard Shortcuts: every menu's and the step-through's shortcuts.
    QString shortcutsHtml() const;

private:
    MainWindow* m_window;
    QDialog* m_dialog = nullptr;
};

} // namespace lorascope
