// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every chart of the main window by key and title (File > Export Chart, a chart's context menu),
// written as PNG or SVG, laid out at a chosen size and scale.

#include <QObject>
#include <QSize>

class QMenu;
class QWidget;

namespace lorascope {

class MainWindow;
class StatusLine;

class ChartExporter : public QObject {
    Q_OBJECT
public:
    ChartExporter(MainWindow* window, StatusLine* status);

    /// Adds Export Chart… to the File menu.
    void addActions(QMenu* file);

    /// The charts there are now: "popularity", "gaps", "input", "output", "timeline", "raster",
    /// "admission.<name>", "compare" and "compare.<name>" (once a comparison exists), "sweep"
    /// (all sweep charts) and "sweep.<name>" (once a sweep ran).
    QStringList keys() const;
    /// "Workload — Adapter popularity": what Export Chart lists.
    QString title(const QString& key) const;
    /// Writes a chart as PNG or SVG (by suffix), laid out at `size` (empty: as on screen) and, for
    /// PNG, at `scale` pixels per logical pixel. Returns the error (empty = ok).
    QString exportChart(const QString& key, const QString& path, const QSize& size = {}, qreal scale = 1.0);
    /// Asks which chart (preselecting `widget` or `key`), the size and the file, then writes it.
    void ask(QWidget* widget, const QString& key);

private:
    QWidget* widget(const QString& key) const;

    MainWindow* m_window;
    StatusLine* m_status;
};

} // namespace lorascope
