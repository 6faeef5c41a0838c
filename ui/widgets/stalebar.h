// SPDX-License-Identifier: Apache-2.0
#pragma once
// A line above a view's results saying that they are out of date (the inputs changed and they were
// not recomputed), with the button that recomputes them beside it, and the results dimmed below.

#include <QFrame>

class QLabel;
class QPushButton;

namespace lorascope {

class StaleBar : public QFrame {
    Q_OBJECT
public:
    /// `dimmed`: the results the bar speaks of (drawn faint while out of date).
    StaleBar(QWidget* dimmed, QWidget* parent);

    /// Out of date: `text` says why; `action` (empty: none) is the button's text.
    void showStale(const QString& text, const QString& action = {});
    /// Current: hides the bar and draws the results in full.
    void showCurrent();
    bool isStale() const { return m_stale; }
    QString text() const;
    QPushButton* button() const { return m_button; }

Q_SIGNALS:
    void actionClicked();

private:
    QWidget* m_dimmed;
    QLabel* m_label;
    QPushButton* m_button;
    bool m_stale = false;
};

} // namespace lorascope
