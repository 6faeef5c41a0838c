// SPDX-License-Identifier: Apache-2.0
#pragma once
// The main window's status bar: the trace summary, progress of long work (after 200 ms) with a
// Cancel button, and the "server overloaded" indicator that is seen on every tab.

#include <QObject>
#include <QString>

class QLabel;
class QMainWindow;
class QProgressBar;
class QTimer;
class QToolButton;

namespace lorascope {

class Document;

class StatusLine : public QObject {
    Q_OBJECT
public:
    /// Fills `window`'s status bar; `showAdmission` is called when the overload indicator is clicked.
    StatusLine(QMainWindow* window, Document* document);

    /// The summary of the current trace ("611 requests · achieved 2.04 req/s · …").
    QString summaryText() const;
    void setSummary(const QString& text);
    /// The status bar says the preview's server is overloaded.
    bool overloadShown() const;
    /// The overload indicator's text (empty while hidden).
    QString overloadText() const;
    /// The tab in front ("workload", "admission", ...): the indicator speaks of the admission
    /// preview, so it shows on the tabs that show that preview and is hidden on the others, which
    /// have verdicts of their own (a fleet, a sweep, a replay).
    void setCurrentTab(const QString& key);
    /// A passing message (`ms` = 0: until the next one).
    void showMessage(const QString& text, int ms = 0);

Q_SIGNALS:
    /// The overload indicator was clicked: show the admission preview's details.
    void overloadClicked();

private:
    void updateOverload();

    QMainWindow* m_window;
    Document* m_document;
    QLabel* m_summary;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QToolButton* m_overload;
    QTimer* m_progressTimer;
    qint64 m_busySince = -1;
    QString m_tab = QStringLiteral("workload");
};

} // namespace lorascope
