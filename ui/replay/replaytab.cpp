// SPDX-License-Identifier: Apache-2.0
#include "replay/replaytab.h"

#include "widgets/tracefiledialog.h"

#include "charts/plotview.h"
#include "document/document.h"
#include "replay/replayadapters.h"
#include "replay/replaycharts.h"
#include "replay/replaytext.h"
#include "replay/replayworker.h"

#include "formats/traceio.h"
#include "replay/runview.h"
#include "replay/timeline.h"
#include "util/fileio.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHeaderView>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {

QString defaultResultsRoot()
{
    // <data>/LoraScope/replays: GenericDataLocation + the application's name once (AppLocalDataLocation
    // adds organisation and application, both "LoraScope", which gave LoraScope/LoraScope).
    QString app = QCoreApplication::applicationName();
    if (app.isEmpty())
        app = QStringLiteral("LoraScope");
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QLatin1Char('/') + app
        + QStringLiteral("/replays");
}

} // namespace

ReplayTab::ReplayTab(QWidget* parent)
    : QWidget(parent)
    , m_adapterModel(new ReplayAdapterModel(this))
    , m_timer(new QTimer(this))
{
    m_resultsRoot = defaultResultsRoot();

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_trace = new QLineEdit(this);
    m_trace->setPlaceholderText(tr("demo trace (preset S1, 20 s)"));
    connect(m_trace, &QLineEdit::textChanged, this, &ReplayTab::updateSource);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Trace to replay"), QString(), traceReadFilter());
        if (!f.isEmpty())
            m_trace->setText(f);
    });
    auto* traceRow = new QHBoxLayout;
    traceRow->addWidget(m_trace, 1);
    traceRow->addWidget(browse);
    form->addRow(tr("Trace:"), traceRow);
    m_builtin = new QCheckBox(tr("Built-in simulated server"), this);
    m_builtin->setChecked(true);
    m_builtin->setToolTip(tr("Started and stopped with the replay; paces tokens with the S-LoRA admission engine and "
                             "the default cost model."));
    form->addRow(tr("Server:"), m_builtin);
    m_speed = new QDoubleSpinBox(this);
    m_speed->setRange(0.1, 1000);
    m_speed->setValue(1);
    m_speed->setSuffix(QStringLiteral(" ×"));
    m_speed->setToolTip(
        tr("Built-in server: run the cost model this many times faster than real time. Above 1, network and "
           "client delays weigh more in the server's time, so the replay may differ from the preview."));
    connect(m_speed, &QDoubleSpinBox::valueChanged, this, &ReplayTab::updatePreviewNote);
    form->addRow(tr("Server speed:"), m_speed);
    m_target = new QLineEdit(QStringLiteral("http://127.0.0.1:8000"), this);
    m_target->setEnabled(false);
    m_target->setToolTip(
        tr("Base URL of the server; its Prometheus metrics are scraped from the same base + /metrics."));
    form->addRow(tr("Target URL:"), m_target);
    connect(m_builtin, &QCheckBox::toggled, this, [this](bool on) {
        m_target->setEnabled(!on);
        m_speed->setEnabled(on);
        updatePreviewNote();
    });
    m_backend = new QComboBox(this);
    for (auto b : allBackends())
        m_backend->addItem(QString::fromStdString(backendName(b)));
    m_backend->setToolTip(
        tr("The server's API: slora, openai-completions, openai-chat (vLLM, SGLang), sglang, tgi, lorax."));
    form->addRow(tr("Backend:"), m_backend);
    m_timeScale = new QDoubleSpinBox(this);
    m_timeScale->setRange(0.001, 1000);
    m_timeScale->setDecimals(3);
    m_timeScale->setValue(1);
    m_timeScale->setToolTip(
        tr("Schedule time = trace time × scale (0.5 replays twice as fast). The preview is computed for "
           "the schedule as sent."));
    form->addRow(tr("Time scale:"), m_timeScale);
    m_maxConcurrency = new QSpinBox(this);
    m_maxConcurrency->setRange(0, 1000000);
    m_maxConcurrency->setSpecialValueText(tr("unlimited"));
    m_maxConcurrency->setToolTip(
        tr("At most this many requests in flight; a request due while all are busy waits in the "
           "client (counted in its lateness and effective latency)."));
    form->addRow(tr("Max concurrency:"), m_maxConcurrency);
    // Prompts and sessions (docs/replay.md, "Prompts" and "Sessions").
    m_promptStyle = new QComboBox(this);
    m_promptStyle->setObjectName(QStringLiteral("promptStyle"));
    m_promptStyle->addItem(tr("own words per request"), QStringLiteral("unique"));
    m_promptStyle->addItem(tr("S-LoRA: \"Hello\" × n"), QStringLiteral("slora"));
    m_promptStyle->setToolTip(
        tr("Own words per request: every prompt its own words (one token each), shared only where the "
           "workload declares it (system prompts, documents, a session's history), so a prefix cache "
           "sees the designed workload. S-LoRA's \"Hello\" × n makes every prompt a prefix of every "
           "longer one: use it only to compare with S-LoRA, which has no prefix cache."));
    form->addRow(tr("Prompts:"), m_promptStyle);
    auto* sessionRow = new QHBoxLayout;
    m_sessionHistory = new QComboBox(this);
    m_sessionHistory->setObjectName(QStringLiteral("sessionHistory"));
    m_sessionHistory->addItem(tr("server's answers"), QStringLiteral("actual"));
    m_sessionHistory->addItem(tr("synthetic answers"), QStringLiteral("synthetic"));
    m_sessionHistory->setToolTip(
        tr("What a later turn of a session sends back as the earlier answers: the text the server "
           "returned (as a chat client does), or synthetic text of the designed length (the same "
           "bytes on every run). A later turn is sent its think time after the previous answer ended."));
    m_sessionHeader = new QLineEdit(this);
    m_sessionHeader->setObjectName(QStringLiteral("sessionHeader"));
    m_sessionHeader->setPlaceholderText(tr("no header"));
    m_sessionHeader->setToolTip(
        tr("An HTTP header carrying the session id with each turn, for session-affinity routers "
           "(e.g. %1). Empty: none.")
            .arg(QString::fromLatin1(kDefaultSessionHeader)));
    sessionRow->addWidget(m_sessionHistory, 1);
    sessionRow->addWidget(m_sessionHeader, 1);
    form->addRow(tr("Sessions:"), sessionRow);
    m_editors = { { QStringLiteral("trace"), m_trace }, { QStringLiteral("builtin"), m_builtin },
        { QStringLiteral("target"), m_target }, { QStringLiteral("backend"), m_backend },
        { QStringLiteral("timeScale"), m_timeScale }, { QStringLiteral("maxConcurrency"), m_maxConcurrency },
        { QStringLiteral("speed"), m_speed }, { QStringLiteral("promptStyle"), m_promptStyle },
        { QStringLiteral("sessionHistory"), m_sessionHistory }, { QStringLiteral("sessionHeader"), m_sessionHeader } };

    m_startButton = new QPushButton(tr("Start"), this);
    m_stopButton = new QPushButton(tr("Stop"), this);
    m_stopButton->setEnabled(false);
    auto* openRun = new QPushButton(tr("Open run…"), this);
    openRun->setObjectName(QStringLiteral("openRunFolder"));
    openRun->setToolTip(tr("Chart a finished run folder: a single run, one shard of a sharded run, or the output of "
                           "lorascope-cli merge."));
    connect(m_startButton, &QPushButton::clicked, this, &ReplayTab::start);
    connect(m_stopButton, &QPushButton::clicked, this, &ReplayTab::stop);
    connect(openRun, &QPushButton::clicked, this, &ReplayTab::chooseRunFolder);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_startButton);
    buttons->addWidget(m_stopButton);
    buttons->addStretch();
    buttons->addWidget(openRun);

    // Labels wrap and the folder path sits in a line edit, so a long path or status never widens
    // the panel.
    auto wrapping = [this](const QString& name) {
        auto* l = new QLabel(this);
        l->setObjectName(name);
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setMinimumWidth(1);
        return l;
    };
    m_status = wrapping(QStringLiteral("replayStatus"));
    m_status->setText(tr("Idle"));
    m_source = wrapping(QStringLiteral("replaySource"));
    m_figures = wrapping(QStringLiteral("replayFigures"));
    m_figures->setToolTip(ReplayText::figuresHelp());
    m_previewNote = wrapping(QStringLiteral("replayPreviewNote"));
    m_previewNote->setToolTip(ReplayText::previewHelp());
    // The whole path, wrapped where it must (a path has no spaces to wrap at), never cut.
    m_folderEdit = new QPlainTextEdit(this);
    m_folderEdit->setObjectName(QStringLiteral("replayRunFolder"));
    m_folderEdit->setReadOnly(true);
    m_folderEdit->setPlaceholderText(tr("run folder (after Start)"));
    m_folderEdit->setMinimumWidth(60);
    m_folderEdit->setWordWrapMode(QTextOption::WrapAnywhere);
    m_folderEdit->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_folderEdit->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_folderEdit->setFixedHeight(m_folderEdit->fontMetrics().lineSpacing() * 2 + 2 * m_folderEdit->frameWidth()
        + int(m_folderEdit->document()->documentMargin() * 2) + 2);
    m_openFolderButton = new QPushButton(tr("Open folder"), this);
    m_openFolderButton->setEnabled(false);
    m_openFolderButton->setToolTip(tr("Show the run folder (requests.jsonl, server_metrics.jsonl, summary.json, "
                                      "manifest.json) in the file manager."));
    connect(m_openFolderButton, &QPushButton::clicked, this,
        [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_runFolder)); });
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(new QLabel(tr("Run folder:"), this));
    folderRow->addWidget(m_folderEdit, 1);
    folderRow->addWidget(m_openFolderButton);

    m_summary = new QPlainTextEdit(this);
    m_summary->setReadOnly(true);
    m_summary->setPlaceholderText(tr("The run's summary appears here when it ends (also saved as summary.json)."));
    m_summary->setToolTip(ReplayText::summaryHelp());
    m_adapterTable = new QTableView(this);
    m_adapterTable->setModel(m_adapterModel);
    ReplayAdapterModel::setUpView(m_adapterTable);
    ReplayAdapterModel::fitColumns(m_adapterTable);

    auto* left = new QWidget(this);
    left->setObjectName(QStringLiteral("replayControls"));
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->addLayout(form);
    leftLayout->addWidget(m_source);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_status);
    leftLayout->addLayout(folderRow);
    leftLayout->addWidget(m_figures);
    leftLayout->addWidget(m_previewNote);
    leftLayout->addWidget(m_adapterTable, 2);
    leftLayout->addWidget(m_summary, 1);
    left->setMinimumWidth(300);

    m_charts = new ReplayCharts(this);

    m_left = left;
    m_split = new QSplitter(this);
    m_split->addWidget(left);
    m_split->addWidget(m_charts);
    m_split->setStretchFactor(0, 0);
    m_split->setStretchFactor(1, 1);
    m_split->setSizes({ 380, 900 });
    m_split->setChildrenCollapsible(false);
    connect(m_split, &QSplitter::splitterMoved, this, [this] { m_splitMoved = true; }); // by the user only
    auto* top = new QVBoxLayout(this);
    top->addWidget(m_split);

    updateSource();
    updatePreviewNote();
    // Charts redraw in batches (PlotJuggler style), never per event.
    m_timer->setInterval(30);
    connect(m_timer, &QTimer::timeout, this, &ReplayTab::drain);
}

ReplayTab::~ReplayTab()
{
    if (m_run) {
        m_run->cancel = true;
        if (m_run->worker.joinable())
            m_run->worker.join();
    }
}

PlotView* ReplayTab::chart(const QString& key) const
{
    return m_charts->chart(key);
}

QStringList ReplayTab::chartKeys() const
{
    return ReplayCharts::keys();
}

QStandardItemModel* ReplayTab::adapterModel() const
{
    return m_adapterModel;
}

void ReplayTab::setTraceFile(const QString& path)
{
    m_trace->setText(path);
}

void ReplayTab::setDocument(Document* document)
{
    m_document = document;
    m_trace->setPlaceholderText(tr("current workload (Workload tab)"));
    m_builtin->setToolTip(tr("Started and stopped with the replay; paces tokens with the admission policy, limits and "
                             "cost model of the Admission preview tab."));
    connect(document, &Document::workloadChanged, this, &ReplayTab::updateSource);
    updateSource();
    updatePreviewNote();
}

QString ReplayTab::sourceText() const
{
    return m_source->text();
}

QString ReplayTab::summaryText() const
{
    return m_summary->toPlainText();
}

QString ReplayTab::figuresText() const
{
    return m_figures->text();
}

QString ReplayTab::previewText() const
{
    return m_previewNote->text();
}

QString ReplayTab::statusText() const
{
    return m_status->text();
}

void ReplayTab::updateSource()
{
    if (!m_trace->text().isEmpty()) {
        m_source->setText(tr("Replays the trace file above."));
        return;
    }
    if (!m_document) {
        m_source->setText(tr("Replays a demo trace (preset S1, 20 s)."));
        return;
    }
    const auto trace = m_document->trace();
    if (!trace) {
        m_source->setText(tr("Replays the current workload (not generated yet)."));
        return;
    }
    const double span = trace->requests.empty() ? 0 : trace->requests.back().time;
    m_source->setText(tr("Replays the current workload%1: %2 requests over %3 s (× time scale).")
                          .arg(m_document->hasImportedTrace() ? tr(" (imported trace)") : QString())
                          .arg(trace->requests.size())
                          .arg(span, 0, 'f', 1));
}

void ReplayTab::setResultsRoot(const QString& path)
{
    m_resultsRoot = path;
}

void ReplayTab::fitAdapterColumns()
{
    ReplayAdapterModel::fitColumns(m_adapterTable);
    fitSidePanel();
}

void ReplayTab::fitSidePanel()
{
    if (m_splitMoved || !m_split || m_split->width() <= 0)
        return;
    // What the table needs to show every column, plus what surrounds it in the panel.
    const int table = m_adapterTable->horizontalHeader()->length()
        + m_adapterTable->verticalScrollBar()->sizeHint().width() + 2 * m_adapterTable->frameWidth();
    const QMargins margins = m_left->layout()->contentsMargins(); // the table spans the panel
    const int total = m_split->width() - m_split->handleWidth();
    const int left = std::clamp(table + margins.left() + margins.right(), 380, std::max(380, total - 1100));
    if (m_split->sizes().value(0) != left)
        m_split->setSizes({ left, total - left });
}

void ReplayTab::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitSidePanel();
}

bool ReplayTab::isRunning() const
{
    return m_run && m_run->worker.joinable();
}

void ReplayTab::resetView()
{
    m_timeline = std::make_unique<ReplayTimeline>(1.0);
    m_samples.clear();
    m_preview.reset();
    m_previewAxisScale = 1.0;
    m_origin = 0;
    m_now = 0;
    m_ttftMs.clear();
    m_effTtftMs.clear();
    m_completed = m_failed = m_mismatch = 0;
    m_adapterModel->reset();
    m_fittedRows = -1;
    m_summary->clear();
    m_figures->clear();
}

void ReplayTab::start()
{
    if (isRunning())
        return;
    // Everything the worker needs is copied here; it never touches a widget.
    ReplayJob job;
    try {
        if (!m_trace->text().isEmpty()) {
            job.trace = std::make_shared<const Trace>(readTrace(m_trace->text().toStdString()));
            job.traceSource = m_trace->text().toStdString();
            job.tracePath = job.traceSource;
        } else if (m_document) {
            job.trace = m_document->trace(); // shared, immutable: no copy
            if (!job.trace) {
                m_status->setText(tr("The current workload is not generated yet."));
                return;
            }
            job.traceSource = m_document->hasImportedTrace()
                ? "current workload: " + m_document->importSource().toStdString()
                : std::string("current workload (spec in this manifest)");
        } else {
            auto spec = specForPreset("S1");
            spec.duration = 20;
            job.trace = std::make_shared<const Trace>(generate(spec));
            job.traceSource = "demo: preset S1, 20 s";
        }
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot read the trace: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    if (m_document) {
        job.serverConfig = m_document->admissionConfig();
    }
    auto& o = job.options;
    o.backend = *backendFromName(m_backend->currentText().toStdString());
    o.timeScale = m_timeScale->value();
    o.maxConcurrency = std::size_t(m_maxConcurrency->value());
    o.promptStyle
        = promptStyleFromName(m_promptStyle->currentData().toString().toStdString()).value_or(PromptStyle::Unique);
    o.sessionHistory = sessionHistoryFromName(m_sessionHistory->currentData().toString().toStdString())
                           .value_or(SessionHistory::Actual);
    o.sessionHeader = m_sessionHeader->text().trimmed().toStdString();
    o.baseModel = job.trace->baseModel.empty() ? std::string("base") : job.trace->baseModel;
    o.target = m_target->text().toStdString();
    if (const char* key = std::getenv("LORASCOPE_API_KEY"))
        o.apiKey = key;
    job.builtin = m_builtin->isChecked();
    job.speed = m_speed->value();
    // A new folder of its own, created here: a name already taken (another window, a run in the
    // same millisecond, a clock set back) gets -2, -3, ..., so an earlier run is never overwritten.
    try {
        job.folder = createNewFolder(m_resultsRoot.toStdString(),
            QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")).toStdString());
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot create the run folder: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    m_runFolder = QString::fromStdString(job.folder);
    m_runBuiltin = job.builtin;
    m_runSpeed = job.builtin ? job.speed : 1.0;
    m_runTimeScale = o.timeScale;
    m_fromFolder = false;

    m_run = std::make_shared<ReplayRun>();
    resetView();
    m_charts->update({ m_timeline.get(), &m_samples, nullptr, 1.0, true });
    m_folderEdit->setPlainText(QDir::toNativeSeparators(m_runFolder));
    m_openFolderButton->setEnabled(false);
    m_status->setText(tr("Starting…"));
    m_startButton->setEnabled(false);
    m_stopButton->setEnabled(true);
    updatePreviewNote();
    startReplayWorker(m_run, std::move(job));
    m_timer->start();
    Q_EMIT runStarted();
}

void ReplayTab::stop()
{
    if (m_run)
        m_run->cancel = true;
    m_status->setText(tr("Stopping…"));
}

void ReplayTab::addRecords(const std::vector<ReplayRecord>& records)
{
    for (const auto& r : records) {
        m_timeline->add(r);
        if (r.outcome == Outcome::Completed) {
            ++m_completed;
            if (std::isfinite(r.ttft()))
                m_ttftMs.push_back(r.ttft() * 1e3);
            if (std::isfinite(r.effectiveTtft()))
                m_effTtftMs.push_back(r.effectiveTtft() * 1e3);
            if (r.outputTokens() != r.outputLen)
                ++m_mismatch;
        } else if (r.outcome == Outcome::Failed) {
            ++m_failed;
        }
    }
    m_adapterModel->addRecords(records);
}

void ReplayTab::drain()
{
    if (!m_run)
        return;
    std::vector<ReplayRecord> records;
    std::vector<ReplayStatus> statuses;
    std::vector<ServerSample> samples;
    std::vector<double> schedule;
    std::shared_ptr<const AdmissionAnalysis> preview;
    double axisScale = 1.0;
    bool finished = false;
    {
        std::lock_guard lock(m_run->mutex);
        records.swap(m_run->records);
        statuses.swap(m_run->statuses);
        samples.swap(m_run->samples);
        if (m_run->scheduleReady) {
            schedule.swap(m_run->schedule);
            m_run->scheduleReady = false;
        }
        if (m_run->origin)
            m_origin = *m_run->origin;
        preview = m_run->preview;
        axisScale = m_run->previewAxisScale;
        finished = m_run->finished;
    }
    // Everything onto the trace axis: run-clock seconds minus the origin (as a run folder opens).
    if (!schedule.empty())
        m_timeline->setSchedule(schedule);
    for (auto s : statuses) {
        s.elapsed -= m_origin;
        m_now = std::max(m_now, s.elapsed);
        m_timeline->addStatus(s);
    }
    for (auto& r : records)
        r = shiftRecord(std::move(r), -m_origin);
    addRecords(records);
    for (auto& s : samples) {
        if (std::isfinite(s.t))
            s.t -= m_origin;
        if (std::isfinite(s.tEnd))
            s.tEnd -= m_origin;
        m_samples.push_back(std::move(s));
    }
    const bool newPreview = preview && preview != m_preview;
    if (newPreview) {
        m_preview = preview;
        m_previewAxisScale = axisScale;
    }
    if (!samples.empty())
        m_adapterModel->setSamples(m_samples);
    // Sizing columns reads every row: only when rows were added, not on every 30 ms batch.
    if (m_adapterModel->rowCount() != m_fittedRows) {
        fitAdapterColumns();
        m_fittedRows = m_adapterModel->rowCount();
    }
    if (!m_openFolderButton->isEnabled() && !records.empty())
        m_openFolderButton->setEnabled(QDir(m_runFolder).exists());
    if (!statuses.empty()) {
        const auto& s = statuses.back();
        m_status->setText(tr("Running: sent %1 of %2, completed %3, failed %4, in flight %5")
                              .arg(s.sent)
                              .arg(s.total)
                              .arg(s.completed)
                              .arg(s.failed)
                              .arg(s.inFlight));
    }
    if (!records.empty() || !statuses.empty() || !schedule.empty() || !samples.empty() || newPreview) {
        refreshCharts();
        updateFigures(false);
        updatePreviewNote();
    }
    if (finished)
        finish();
}

void ReplayTab::refreshCharts()
{
    const bool live = isRunning() && !m_fromFolder;
    // While it runs, the client's charts end at the run's clock: nothing is drawn for what has
    // not happened yet (no flat zeros ahead of now).
    m_charts->update({ m_timeline.get(), &m_samples, m_preview, m_previewAxisScale, live, live ? m_now : INFINITY });
}

void ReplayTab::updateFigures(bool final)
{
    m_figures->setText(ReplayText::liveFigures(m_completed, m_failed, m_ttftMs, m_effTtftMs, m_mismatch, final));
}

void ReplayTab::updatePreviewNote()
{
    ReplayText::PreviewContext c;
    c.fromFolder = m_fromFolder;
    c.started = bool(m_timeline);
    c.builtin = m_timeline ? m_runBuiltin : m_builtin->isChecked();
    c.speed = m_timeline ? m_runSpeed : (m_builtin->isChecked() ? m_speed->value() : 1.0);
    c.hasDocument = m_document != nullptr;
    c.preview = m_preview.get();
    c.previewAxisScale = m_previewAxisScale;
    c.samples = &m_samples;
    c.running = isRunning();
    m_previewNote->setText(ReplayText::previewNote(c));
}

void ReplayTab::finish()
{
    m_timer->stop();
    if (m_run->worker.joinable())
        m_run->worker.join();
    nlohmann::json s;
    std::string error;
    std::vector<std::string> notes;
    {
        std::lock_guard lock(m_run->mutex);
        s = m_run->summary;
        error = m_run->error;
        notes = m_run->notes;
    }
    m_summary->setPlainText(ReplayText::summary(s, QString::fromStdString(error), notes));
    m_status->setText(error.empty() ? (s.value("cancelled_run", false) ? tr("Stopped") : tr("Finished"))
                                    : tr("Failed: %1").arg(QString::fromStdString(error)));
    m_startButton->setEnabled(true);
    m_stopButton->setEnabled(false);
    m_openFolderButton->setEnabled(QDir(m_runFolder).exists());
    fitAdapterColumns(); // the final numbers' widths
    refreshCharts();
    updateFigures(true);
    updatePreviewNote();
    Q_EMIT runFinished();
}

} // namespace lorascope
