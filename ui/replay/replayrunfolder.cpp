// SPDX-License-Identifier: Apache-2.0
// The Replay tab opening a finished run folder (docs/replay.md, The desktop Replay tab): a single run, one shard or a `merge`
// output, read back onto the trace axis (core/replay/runview) and charted like a live run.
#include "replay/replaytab.h"

#include "replay/replayadapters.h"
#include "replay/replaycharts.h"
#include "replay/replaytext.h"

#include "replay/runview.h"
#include "replay/timeline.h"

#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {

// In-flight counts rebuilt from the records of a run folder (a live run has the engine's own).
std::vector<ReplayStatus> inFlightFromRecords(const std::vector<ReplayRecord>& records)
{
    std::vector<std::pair<double, int>> events;
    for (const auto& r : records)
        if (std::isfinite(r.sent) && std::isfinite(r.end)) {
            events.emplace_back(r.sent, +1);
            events.emplace_back(r.end, -1);
        }
    std::sort(events.begin(), events.end());
    std::vector<ReplayStatus> out;
    std::int64_t n = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        n += events[i].second;
        if (i + 1 == events.size() || events[i + 1].first != events[i].first) {
            ReplayStatus s;
            s.elapsed = events[i].first;
            s.inFlight = std::uint64_t(std::max<std::int64_t>(0, n));
            out.push_back(s);
        }
    }
    return out;
}

} // namespace

void ReplayTab::chooseRunFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a replay run folder"), m_resultsRoot);
    if (!dir.isEmpty())
        openRunFolder(dir);
}

bool ReplayTab::openRunFolder(const QString& dir)
{
    if (isRunning()) {
        m_status->setText(tr("Stop the running replay before opening a run folder."));
        return false;
    }
    RunView v;
    try {
        v = openRunView(dir.toStdString());
    } catch (const std::exception& e) {
        // InputError's text names the file and line; anything else still must not crash the app.
        m_status->setText(tr("Cannot open the run folder: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    m_fromFolder = true;
    m_run.reset();
    resetView();
    std::vector<double> schedule;
    schedule.reserve(v.records.size());
    for (const auto& r : v.records)
        if (std::isfinite(r.scheduled))
            schedule.push_back(r.scheduled);
    m_timeline->setSchedule(schedule);
    for (const auto& s : inFlightFromRecords(v.records))
        m_timeline->addStatus(s);
    addRecords(v.records);
    m_samples = std::move(v.samples);
    m_adapterModel->setSamples(m_samples);
    fitAdapterColumns();
    m_runFolder = QString::fromStdString(v.dir);
    m_folderEdit->setPlainText(QDir::toNativeSeparators(m_runFolder));
    m_openFolderButton->setEnabled(true);
    m_runTimeScale = v.timeScale;
    m_summary->setPlainText(ReplayText::summary(v.summary, {}, v.notes));
    m_status->setText(ReplayText::openedFolder(int(v.kind), v.shardIndex, v.shardCount, v.records.size(), v.finished));
    refreshCharts();
    updateFigures(true);
    updatePreviewNote();
    return true;
}

} // namespace lorascope
