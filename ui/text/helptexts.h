// SPDX-License-Identifier: Apache-2.0
#pragma once
// Help > User Guide, "What am I looking at?" (F1, per tab) and Keyboard Shortcuts.

#include <QCoreApplication>
#include <QList>
#include <QString>

class QAction;

namespace lorascope {

class HelpTexts {
    Q_DECLARE_TR_FUNCTIONS(lorascope::HelpTexts)
public:
    /// A short guide: what LoraScope is for and a first session, tab by tab.
    static QString userGuide();
    /// What the tab with this key ("workload", "admission", "replay", "compare", "sweep") shows and how to
    /// read it; the user guide for an unknown key.
    static QString tab(const QString& key);
    /// A table of the actions' shortcuts (menus and the step-through), grouped by `groups` titles.
    static QString shortcuts(const QList<std::pair<QString, QList<QAction*>>>& groups);
};

} // namespace lorascope
