// SPDX-License-Identifier: Apache-2.0
// The main window's chart export: every chart by key and title (File > Export Chart, a chart's
// context menu), laid out at a chosen size and scale.
#include "mainwindow.h"

#include "admission/admissiontab.h"
#include "admission/ganttview.h"
#include "charts/exportdialog.h"
#include "charts/plotview.h"
#include "charts/widgetexport.h"
#include "compare/comparetab.h"
#include "sweep/sweeptab.h"
#include "widgets/chartgrid.h"
#include "widgets/confirmreplace.h"
#include "workload/rasterview.h"
#include "workload/workloadtab.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>

namespace lorascope {

QStringList MainWindow::chartKeys() const
{
    QStringList keys = m_workload->chartKeys();
    for (const auto& k : m_admission->chartKeys())
        keys << QStringLiteral("admission.") + k;
    if (m_sweep->currentSweep()) { // the sweep charts have something to show once a sweep ran
        keys << QStringLiteral("sweep");
        for (const auto& k : m_sweep->chartKeys())
            keys << QStringLiteral("sweep.") + k;
    }
    if (m_compare->comparison()) { // the A/B charts exist once a comparison was made
        keys << QStringLiteral("compare");
        for (const auto& k : m_compare->chartKeys())
            keys << QStringLiteral("compare.") + k;
    }
    return keys;
}

QWidget* MainWindow::chartWidget(const QString& key) const
{
    if (key == QLatin1String("raster"))
        return m_workload->raster();
    if (key == QLatin1String("compare"))
        return m_compare->comparisonPage();
    if (key == QLatin1String("sweep"))
        return m_sweep->chartGrid();
    if (key.startsWith(QLatin1String("sweep.")))
        return m_sweep->chart(key.mid(6));
    if (key.startsWith(QLatin1String("compare.")))
        return m_compare->chart(key.mid(8));
    if (key.startsWith(QLatin1String("admission."))) {
        const QString k = key.mid(10);
        if (k == QLatin1String("gantt"))
            return m_admission->gantt();
        return m_admission->chart(k);
    }
    return m_workload->chart(key);
}

QString MainWindow::chartTitle(const QString& key) const
{
    // "Workload — Adapter popularity": the tab, then the chart's own title.
    QWidget* w = chartWidget(key);
    QString tab = tr("Workload");
    if (key.startsWith(QLatin1String("admission.")))
        tab = tr("Admission preview");
    else if (key.startsWith(QLatin1String("compare")))
        tab = tr("A/B Compare");
    else if (key.startsWith(QLatin1String("sweep")))
        tab = tr("Sweep");
    QString title;
    if (auto* plot = qobject_cast<PlotView*>(w))
        title = plot->data().title;
    if (key == QLatin1String("raster"))
        title = tr("Arrivals per adapter");
    else if (key == QLatin1String("admission.gantt"))
        title = tr("Request Gantt");
    else if (key == QLatin1String("compare"))
        title = tr("The whole comparison");
    else if (key == QLatin1String("sweep"))
        title = tr("All sweep charts");
    if (title.isEmpty())
        title = key;
    return tab + QStringLiteral(" — ") + title;
}

QString MainWindow::exportChart(const QString& key, const QString& path, const QSize& size, qreal scale)
{
    QWidget* w = chartWidget(key);
    if (!w)
        return tr("Unknown chart \"%1\".").arg(key);
    return exportWidget(w, path, chartTitle(key), size, scale);
}

void MainWindow::askExport(QWidget* widget, const QString& key)
{
    QList<ChartExportDialog::Chart> charts;
    for (const auto& k : chartKeys()) {
        QWidget* w = chartWidget(k);
        // The comparison page exports at least at a desktop size, so all its charts fit in it.
        const QSize onScreen = k == QLatin1String("compare") && w ? w->size().expandedTo(QSize(1600, 1000)) : w ? w->size() : QSize();
        charts.append({ k, chartTitle(k), onScreen });
    }
    QString current = key;
    if (widget && current.isEmpty())
        for (const auto& c : std::as_const(charts))
            if (chartWidget(c.key) == widget)
                current = c.key;
    ChartExportDialog dialog(charts, current, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString chosen = dialog.key();
    QString selected;
    const QString png = tr("PNG image (*.png)"), svg = tr("SVG image (*.svg)");
    const QString chosenPath = QFileDialog::getSaveFileName(this, tr("Export Chart"),
        QString(chosen).replace(QLatin1Char('.'), QLatin1Char('-')) + QStringLiteral(".png"), png + QStringLiteral(";;") + svg, &selected);
    if (chosenPath.isEmpty())
        return;
    // The chosen filter's extension when the name has none (or another one).
    QString path = chosenPath;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg"))
        path += selected == svg ? QStringLiteral(".svg") : QStringLiteral(".png");
    if (!confirmReplace(this, tr("Export Chart"), chosenPath, path))
        return;
    if (const QString err = exportChart(chosen, path, dialog.pictureSize(), dialog.scale()); !err.isEmpty())
        QMessageBox::warning(this, tr("Export Chart"), err);
    else
        statusBar()->showMessage(tr("Exported %1 to %2").arg(chartTitle(chosen), path), 4000);
}

} // namespace lorascope
