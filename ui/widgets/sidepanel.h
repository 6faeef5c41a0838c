// SPDX-License-Identifier: Apache-2.0
#pragma once
// The layout the Admission and Sweep tabs share: a horizontal splitter filling the tab, its first
// pane the settings in a scroll area (scrolling both ways instead of raising the window's minimum
// size, so the tab fits a small screen; F9 hides it), the tab's content added as the next pane.

class QScrollArea;
class QSplitter;
class QString;
class QWidget;

namespace lorascope {

/// What createSidePanel made.
struct SidePanel {
    QSplitter* splitter = nullptr; ///< fills the tab; add the content pane to it
    QScrollArea* scroll = nullptr; ///< the first pane, holding the settings

    /// The width the settings ask for (with the vertical scroll bar and the frame), at most `max`.
    int settingsWidth(int max) const;
};

/// Lays `tab` out as a splitter (object name `splitterName`) whose first pane is `settings` in a
/// scroll area at least 200 px wide (object name `scrollName` when not empty).
SidePanel createSidePanel(QWidget* tab, QWidget* settings, const QString& splitterName, const QString& scrollName);

} // namespace lorascope
