// SPDX-License-Identifier: Apache-2.0
#include "window/reportexporter.h"

#include "compare/comparetab.h"
#include "compare/runcompareview.h"
#include "document/document.h"
#include "mainwindow.h"
#include "replay/replaytab.h"
#include "sweep/sweeptab.h"
#include "window/statusline.h"

#include "report/reportmodel.h"
#include "workload/spec.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace lorascope {

ReportExporter::ReportExporter(MainWindow* window, StatusLine* status)
    : QObject(window)
    , m_window(window)
    , m_status(status)
{
}

void ReportExporter::addActions(QMenu* file)
{
    file->addAction(tr("Export &Report…"), this, &ReportExporter::ask)
        ->setObjectName(QStringLiteral("exportReportAction"));
}

std::function<QString()> ReportExporter::reportJob(const QString& path) const
{
    ReportOptions o;
    o.lang = RunCompareView::reportLanguage();
    const QString key = m_window->currentTabKey();
    o.commandLine = tr("LoraScope desktop app, File > Export Report on the %1 tab").arg(key).toStdString();
    const std::string out = path.toStdString();
    auto fail = [](const QString& message) { return std::function<QString()>([message] { return message; }); };
    if (key == QLatin1String("replay")) {
        const QString dir = m_window->replayTab()->runFolder();
        if (dir.isEmpty())
            return fail(tr("The Replay tab has no run yet: run a replay or open a run folder first."));
        const auto preview = m_window->replayTab()->preview();
        return [=] {
            RunSource run = loadRun(dir.toStdString());
            run.preview = preview;
            writeReportHtml(out, runReportData(run, o));
            return QString();
        };
    }
    if (key == QLatin1String("sweep")) {
        const auto sweep = m_window->sweepTab()->currentSweep();
        if (!sweep)
            return fail(tr("The Sweep tab has no sweep yet: run one first."));
        return [=] {
            SweepSource s;
            s.sweep = *sweep;
            s.path = sweep->path;
            s.label = sweep->path.empty() ? tr("sweep").toStdString() : baseLabel(sweep->path);
            writeReportHtml(out, sweepReportData(s, o));
            return QString();
        };
    }
    if (key == QLatin1String("compare") && m_window->compareTab()->runsView()->comparison()) {
        RunCompareView* view = m_window->compareTab()->runsView();
        return [view, path] { return view->exportHtml(path); };
    }
    const auto admission = m_window->document()->admission();
    if (!admission)
        return fail(tr("There is no admission preview yet."));
    const std::string label = m_window->windowTitle().section(QLatin1Char(' '), 0, 0).toStdString();
    const nlohmann::json spec = toJson(m_window->document()->spec());
    return [=] {
        RunSource p;
        p.isPreview = true;
        p.preview = admission;
        p.label = label.empty() ? "LoraScope" : label;
        p.view = previewAsRun(*admission, p.label);
        const Trace& t = *admission->trace;
        p.view.manifest["trace"] = { { "path", tr("the current workload (generated in the app)").toStdString() },
            { "requests", t.requests.size() }, { "adapters", t.adapters.size() }, { "sha256", "-" } };
        p.view.manifest["spec"] = spec;
        writeReportHtml(out, previewReportData(p, o));
        return QString();
    };
}

QString ReportExporter::exportReport(const QString& path)
{
    try {
        return reportJob(path)();
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
}

void ReportExporter::ask()
{
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export Report"), QStringLiteral("lorascope-report.html"), tr("HTML report (*.html)"));
    if (path.isEmpty())
        return;
    auto job = reportJob(path);
    m_status->showMessage(tr("Writing the report %1 …").arg(QFileInfo(path).fileName()));
    auto* watcher = new QFutureWatcher<QString>(this);
    QPointer<ReportExporter> self(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [self, watcher, path] {
        const QString err = watcher->result();
        watcher->deleteLater();
        if (!self)
            return;
        if (err.isEmpty())
            self->m_status->showMessage(
                tr("Wrote the report %1: it opens in any web browser, offline").arg(path), 8000);
        else
            QMessageBox::warning(self->m_window, tr("Export Report"), err);
    });
    watcher->setFuture(QtConcurrent::run([job] {
        try {
            return job();
        } catch (const std::exception& e) {
            return QString::fromStdString(e.what());
        }
    }));
}

} // namespace lorascope
