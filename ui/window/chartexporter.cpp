// SPDX-License-Identifier: Apache-2.0
#include "window/chartexporter.h"

#include "admission/admissiontab.h"
#include "admission/ganttview.h"
#include "charts/exportdialog.h"
#include "charts/plotview.h"
#include "charts/widgetexport.h"
#include "compare/comparetab.h"
#include "fleet/fleettab.h"
#include "fleet/residencyview.h"
#include "mainwindow.h"
#include "sweep/sweeptab.h"
#include "widgets/chartgrid.h"
#include "widgets/confirmreplace.h"
#include "window/statusline.h"
#include "workload/rasterview.h"
#include "workload/workloadtab.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

namespace lorascope {

ChartExporter::ChartExporter(MainWindow* window, StatusLine* status)
    : QObject(window)
    , m_window(window)
    , m_status(status)
{
    connect(m_window->workloadTab(), &WorkloadTab::exportRequested, this, &ChartExporter::ask);
    connect(m_window->admissionTab(), &AdmissionTab::exportRequested, this, &ChartExporter::ask);
    connect(m_window->compareTab(), &CompareTab::exportRequested, this, &ChartExporter::ask);
    connect(m_window->sweepTab(), &SweepTab::exportRequested, this, &ChartExporter::ask);
    connect(m_window->fleetTab(), &FleetTab::exportRequested, this, &ChartExporter::ask);
}

void ChartExporter::addActions(QMenu* file)
{
    file->addAction(tr("Export &Chart…"), this, [this] { ask(nullptr, QString()); });
}

QStringList ChartExporter::keys() const
{
    QStringList keys = m_window->workloadTab()->chartKeys();
    for (const auto& k : m_window->admissionTab()->chartKeys())
        keys << QStringLiteral("admission.") + k;
    if (m_window->sweepTab()->currentSweep()) { // the sweep charts have something to show once a sweep ran
        keys << QStringLiteral("sweep");
        for (const auto& k : m_window->sweepTab()->chartKeys())
            keys << QStringLiteral("sweep.") + k;
    }
    if (m_window->compareTab()->comparison()) { // the A/B charts exist once a comparison was made
        keys << QStringLiteral("compare");
        for (const auto& k : m_window->compareTab()->chartKeys())
            keys << QStringLiteral("compare.") + k;
    }
    if (const auto fleet = m_window->fleetTab()->analysis(); fleet && fleet->a) { // the fleet charts once a fleet ran
        for (const char* k : { "running", "waiting", "residency" })
            keys << QStringLiteral("fleet.") + QLatin1String(k);
        if (fleet->b)
            keys << QStringLiteral("fleet.compare");
    }
    return keys;
}

QWidget* ChartExporter::widget(const QString& key) const
{
    if (key == QLatin1String("raster"))
        return m_window->workloadTab()->raster();
    if (key == QLatin1String("compare"))
        return m_window->compareTab()->comparisonPage();
    if (key == QLatin1String("sweep"))
        return m_window->sweepTab()->chartGrid();
    if (key.startsWith(QLatin1String("sweep.")))
        return m_window->sweepTab()->chart(key.mid(6));
    if (key.startsWith(QLatin1String("compare.")))
        return m_window->compareTab()->chart(key.mid(8));
    if (key == QLatin1String("fleet.residency"))
        return m_window->fleetTab()->residency();
    if (key.startsWith(QLatin1String("fleet.")))
        return m_window->fleetTab()->chart(key.mid(6));
    if (key.startsWith(QLatin1String("admission."))) {
        const QString k = key.mid(10);
        if (k == QLatin1String("gantt"))
            return m_window->admissionTab()->gantt();
        return m_window->admissionTab()->chart(k);
    }
    return m_window->workloadTab()->chart(key);
}

QString ChartExporter::title(const QString& key) const
{
    // "Workload — Adapter popularity": the tab, then the chart's own title.
    QWidget* w = widget(key);
    QString tab = tr("Workload");
    if (key.startsWith(QLatin1String("admission.")))
        tab = tr("Admission preview");
    else if (key.startsWith(QLatin1String("compare")))
        tab = tr("A/B Compare");
    else if (key.startsWith(QLatin1String("sweep")))
        tab = tr("Sweep");
    else if (key.startsWith(QLatin1String("fleet.")))
        tab = tr("Fleet");
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
    else if (key == QLatin1String("fleet.residency"))
        title = tr("Adapters on the replicas' GPUs");
    if (title.isEmpty())
        title = key;
    return tab + QStringLiteral(" — ") + title;
}

QString ChartExporter::exportChart(const QString& key, const QString& path, const QSize& size, qreal scale)
{
    QWidget* w = widget(key);
    if (!w)
        return tr("Unknown chart \"%1\".").arg(key);
    return exportWidget(w, path, title(key), size, scale);
}

void ChartExporter::ask(QWidget* chart, const QString& key)
{
    QList<ChartExportDialog::Chart> charts;
    for (const auto& k : keys()) {
        QWidget* w = widget(k);
        // The comparison page exports at least at a desktop size, so all its charts fit in it.
        const QSize onScreen = k == QLatin1String("compare") && w ? w->size().expandedTo(QSize(1600, 1000))
            : w                                                   ? w->size()
                                                                  : QSize();
        charts.append({ k, title(k), onScreen });
    }
    QString current = key;
    if (chart && current.isEmpty())
        for (const auto& c : std::as_const(charts))
            if (widget(c.key) == chart)
                current = c.key;
    ChartExportDialog dialog(charts, current, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString chosen = dialog.key();
    QString selected;
    const QString png = tr("PNG image (*.png)"), svg = tr("SVG image (*.svg)");
    const QString chosenPath = QFileDialog::getSaveFileName(m_window, tr("Export Chart"),
        QString(chosen).replace(QLatin1Char('.'), QLatin1Char('-')) + QStringLiteral(".png"),
        png + QStringLiteral(";;") + svg, &selected);
    if (chosenPath.isEmpty())
        return;
    // The chosen filter's extension when the name has none (or another one).
    QString path = chosenPath;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg"))
        path += selected == svg ? QStringLiteral(".svg") : QStringLiteral(".png");
    if (!confirmReplace(m_window, tr("Export Chart"), chosenPath, path))
        return;
    if (const QString err = exportChart(chosen, path, dialog.pictureSize(), dialog.scale()); !err.isEmpty())
        QMessageBox::warning(m_window, tr("Export Chart"), err);
    else
        m_status->showMessage(tr("Exported %1 to %2").arg(title(chosen), path), 4000);
}

} // namespace lorascope
