#include "replay/replaytab.h"

#include "charts/plotview.h"
#include "document/document.h"

#include "formats/traceio.h"
#include "replay/replay.h"
#include "replay/results.h"
#include "replay/timeline.h"
#include "server/simserver.h"
#include "text/terms.h"
#include "util/version.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <atomic>
#include <cmath>
#include <mutex>
#include <optional>
#include <thread>

namespace lorascope {

/// State shared between the GUI thread and the replay worker (which may outlive the tab briefly).
struct ReplayRun {
    std::mutex mutex;
    std::vector<ReplayRecord> records; ///< finished since the last drain
    std::vector<ReplayStatus> statuses;
    std::vector<double> schedule;
    bool scheduleReady = false;
    bool finished = false;
    std::string error;
    nlohmann::json summary;
    std::atomic<bool> cancel { false };
    std::thread worker;
};

struct ReplayTab::AdapterRow {
    int row = 0;
    std::uint64_t completed = 0, failed = 0, tokens = 0;
    std::vector<double> ttft, e2el;
};

namespace {

QString fmt(double v, int prec = 1)
{
    return std::isfinite(v) ? QString::number(v, 'f', prec) : QStringLiteral("-");
}

} // namespace

ReplayTab::ReplayTab(QWidget* parent)
    : QWidget(parent)
    , m_adapterModel(new QStandardItemModel(0, 6, this))
    , m_timer(new QTimer(this))
{
    m_resultsRoot = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/replays");

    auto* form = new QFormLayout;
    m_trace = new QLineEdit(this);
    m_trace->setPlaceholderText(tr("demo trace (preset S1, 20 s)"));
    connect(m_trace, &QLineEdit::textChanged, this, &ReplayTab::updateSource);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Trace to replay"));
        if (!f.isEmpty())
            m_trace->setText(f);
    });
    auto* traceRow = new QHBoxLayout;
    traceRow->addWidget(m_trace);
    traceRow->addWidget(browse);
    form->addRow(tr("Trace:"), traceRow);
    m_builtin = new QCheckBox(tr("Built-in simulated server"), this);
    m_builtin->setChecked(true);
    m_builtin->setToolTip(tr("Started and stopped with the replay; paces tokens with the S-LoRA admission engine and the default cost model."));
    form->addRow(tr("Server:"), m_builtin);
    m_speed = new QDoubleSpinBox(this);
    m_speed->setRange(0.1, 1000);
    m_speed->setValue(1);
    m_speed->setToolTip(tr("Built-in server: run the cost model this many times faster than real time."));
    form->addRow(tr("Server speed:"), m_speed);
    m_target = new QLineEdit(QStringLiteral("http://127.0.0.1:8000"), this);
    m_target->setEnabled(false);
    form->addRow(tr("Target URL:"), m_target);
    connect(m_builtin, &QCheckBox::toggled, this, [this](bool on) {
        m_target->setEnabled(!on);
        m_speed->setEnabled(on);
    });
    m_backend = new QComboBox(this);
    for (auto b : allBackends())
        m_backend->addItem(QString::fromStdString(backendName(b)));
    form->addRow(tr("Backend:"), m_backend);
    m_timeScale = new QDoubleSpinBox(this);
    m_timeScale->setRange(0.001, 1000);
    m_timeScale->setDecimals(3);
    m_timeScale->setValue(1);
    m_timeScale->setToolTip(tr("Schedule time = trace time × scale (0.5 replays twice as fast)."));
    form->addRow(tr("Time scale:"), m_timeScale);
    m_maxConcurrency = new QSpinBox(this);
    m_maxConcurrency->setRange(0, 1000000);
    m_maxConcurrency->setSpecialValueText(tr("unlimited"));
    form->addRow(tr("Max concurrency:"), m_maxConcurrency);
    m_editors = { { QStringLiteral("trace"), m_trace }, { QStringLiteral("builtin"), m_builtin },
        { QStringLiteral("target"), m_target }, { QStringLiteral("backend"), m_backend },
        { QStringLiteral("timeScale"), m_timeScale }, { QStringLiteral("maxConcurrency"), m_maxConcurrency },
        { QStringLiteral("speed"), m_speed } };

    m_startButton = new QPushButton(tr("Start"), this);
    m_stopButton = new QPushButton(tr("Stop"), this);
    m_stopButton->setEnabled(false);
    connect(m_startButton, &QPushButton::clicked, this, &ReplayTab::start);
    connect(m_stopButton, &QPushButton::clicked, this, &ReplayTab::stop);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_startButton);
    buttons->addWidget(m_stopButton);
    buttons->addStretch();
    m_status = new QLabel(tr("Idle"), this);
    m_source = new QLabel(this);
    m_source->setObjectName(QStringLiteral("replaySource"));
    m_source->setWordWrap(true);
    m_folderLabel = new QLabel(this);
    m_folderLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary = new QPlainTextEdit(this);
    m_summary->setReadOnly(true);
    m_adapterModel->setHorizontalHeaderLabels(
        { tr("Adapter"), tr("Completed"), tr("Failed"), tr("Mean TTFT (ms)"), tr("p99 TTFT (ms)"), tr("Mean E2E (ms)") });
    m_adapterTable = new QTableView(this);
    m_adapterTable->setModel(m_adapterModel);
    m_adapterTable->horizontalHeader()->setStretchLastSection(true);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->addLayout(form);
    leftLayout->addWidget(m_source);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_status);
    leftLayout->addWidget(m_folderLabel);
    leftLayout->addWidget(m_adapterTable, 1);
    leftLayout->addWidget(m_summary, 1);

    auto* chartsWidget = new QWidget(this);
    auto* grid = new QGridLayout(chartsWidget);
    const QStringList keys = chartKeys();
    for (int i = 0; i < keys.size(); ++i)
        grid->addWidget(addChart(keys[i]), i / 2, i % 2);

    auto* split = new QSplitter(this);
    split->addWidget(left);
    split->addWidget(chartsWidget);
    split->setStretchFactor(1, 2);
    auto* top = new QVBoxLayout(this);
    top->addWidget(split);

    updateSource();
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

QStringList ReplayTab::chartKeys() const
{
    return { QStringLiteral("rate"), QStringLiteral("inflight"), QStringLiteral("latency"), QStringLiteral("tokens"),
        QStringLiteral("errors") };
}

PlotView* ReplayTab::addChart(const QString& key)
{
    auto* v = new PlotView(this);
    v->setMinimumSize(260, 180);
    m_charts.insert(key, v);
    return v;
}

void ReplayTab::setTraceFile(const QString& path)
{
    m_trace->setText(path);
}

void ReplayTab::setDocument(Document* document)
{
    m_document = document;
    m_trace->setPlaceholderText(tr("current workload (Workload tab)"));
    m_builtin->setToolTip(tr("Started and stopped with the replay; paces tokens with the admission policy, limits and cost model of the Admission preview tab."));
    connect(document, &Document::workloadChanged, this, &ReplayTab::updateSource);
    updateSource();
}

QString ReplayTab::sourceText() const
{
    return m_source->text();
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

bool ReplayTab::isRunning() const
{
    return m_run && m_run->worker.joinable();
}

QString ReplayTab::summaryText() const
{
    return m_summary->toPlainText();
}

void ReplayTab::start()
{
    if (isRunning())
        return;
    // Everything the worker needs is copied here; it never touches a widget.
    std::shared_ptr<const Trace> trace;
    std::string traceSource;
    try {
        if (!m_trace->text().isEmpty()) {
            trace = std::make_shared<const Trace>(readTrace(m_trace->text().toStdString()));
            traceSource = m_trace->text().toStdString();
        } else if (m_document) {
            trace = m_document->trace(); // shared, immutable: no copy
            if (!trace) {
                m_status->setText(tr("The current workload is not generated yet."));
                return;
            }
            traceSource = m_document->hasImportedTrace() ? "current workload: " + m_document->importSource().toStdString()
                                                         : std::string("current workload (spec in this manifest)");
        } else {
            auto spec = specForPreset("S1");
            spec.duration = 20;
            trace = std::make_shared<const Trace>(generate(spec));
            traceSource = "demo: preset S1, 20 s";
        }
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot read the trace: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    std::optional<SimulationConfig> serverConfig;
    if (m_document) {
        serverConfig = m_document->admissionConfig();
        serverConfig->scheduler.limits = m_document->spec().limits; // the limits live in the spec
    }
    ReplayOptions o;
    o.backend = *backendFromName(m_backend->currentText().toStdString());
    o.timeScale = m_timeScale->value();
    o.maxConcurrency = std::size_t(m_maxConcurrency->value());
    o.baseModel = trace->baseModel.empty() ? std::string("base") : trace->baseModel;
    o.target = m_target->text().toStdString();
    if (const char* key = std::getenv("LORASCOPE_API_KEY"))
        o.apiKey = key;
    const bool builtin = m_builtin->isChecked();
    const double speed = m_speed->value();
    m_runFolder = QDir(m_resultsRoot).filePath(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")));
    const std::string folder = m_runFolder.toStdString();
    const std::string tracePath = m_trace->text().toStdString();

    m_run = std::make_shared<ReplayRun>();
    m_timeline = std::make_unique<ReplayTimeline>(1.0);
    m_adapters.clear();
    m_adapterModel->removeRows(0, m_adapterModel->rowCount());
    m_summary->clear();
    m_folderLabel->setText(tr("Run folder: %1").arg(m_runFolder));
    m_status->setText(tr("Starting…"));
    m_startButton->setEnabled(false);
    m_stopButton->setEnabled(true);

    auto run = m_run;
    run->worker = std::thread([run, trace, o, builtin, speed, folder, tracePath, traceSource, serverConfig]() mutable {
        try {
            std::unique_ptr<SimServer> server;
            if (builtin) {
                SimServerOptions so;
                so.cost = costModelPresets().front();
                if (serverConfig) {
                    so.scheduler = serverConfig->scheduler;
                    so.cost = serverConfig->cost;
                }
                so.speed = speed;
                // Each adapter's own rank, as the preview uses it (ranks decide S-LoRA's KV budget).
                for (const auto& a : trace->adapters)
                    if (a.rank > 0)
                        so.adapterRanks[a.name] = a.rank;
                if (serverConfig && serverConfig->ranks.size() == trace->adapters.size())
                    for (std::size_t i = 0; i < trace->adapters.size(); ++i)
                        if (serverConfig->ranks[i] > 0)
                            so.adapterRanks[trace->adapters[i].name] = serverConfig->ranks[i];
                server = std::make_unique<SimServer>(so);
                server->start();
                o.target = "http://127.0.0.1:" + std::to_string(server->port());
            }
            ResultsFolder results(folder);
            nlohmann::json manifest = { { "tool_version", kVersion }, { "start_time", utcNowIso() },
                { "trace", { { "path", traceSource },
                               { "sha256", tracePath.empty() ? std::string() : sha256OfFile(tracePath) },
                               { "requests", trace->requests.size() } } },
                { "target", builtin ? std::string("built-in simulated server") : o.target },
                { "backend", backendName(o.backend) }, { "model", o.baseModel } };
            if (trace->spec)
                manifest["spec"] = toJson(*trace->spec);
            results.writeManifest(manifest);
            {
                std::lock_guard lock(run->mutex);
                for (const auto& r : trace->requests)
                    run->schedule.push_back(o.startDelay + r.time * o.timeScale);
                run->scheduleReady = true;
            }
            ReplayObserver obs;
            obs.onRecord = [&](const ReplayRecord& r) {
                results.append(r);
                std::lock_guard lock(run->mutex);
                run->records.push_back(r);
            };
            obs.onStatus = [&](const ReplayStatus& s) {
                std::lock_guard lock(run->mutex);
                run->statuses.push_back(s);
            };
            const auto result = runReplay(*trace, o, obs, &run->cancel);
            auto summary = summarizeReplay(result.records, {});
            summary["cancelled_run"] = result.cancelled;
            results.writeSummary(summary);
            if (server)
                server->stop();
            std::lock_guard lock(run->mutex);
            run->summary = std::move(summary);
            if (!result.reachable && !result.records.empty() && !result.cancelled)
                run->error = "could not reach " + o.target;
        } catch (const std::exception& e) {
            std::lock_guard lock(run->mutex);
            run->error = e.what();
        }
        std::lock_guard lock(run->mutex);
        run->finished = true;
    });
    m_timer->start();
    Q_EMIT runStarted();
}

void ReplayTab::stop()
{
    if (m_run)
        m_run->cancel = true;
    m_status->setText(tr("Stopping…"));
}

void ReplayTab::drain()
{
    if (!m_run)
        return;
    std::vector<ReplayRecord> records;
    std::vector<ReplayStatus> statuses;
    std::vector<double> schedule;
    bool finished = false;
    {
        std::lock_guard lock(m_run->mutex);
        records.swap(m_run->records);
        statuses.swap(m_run->statuses);
        if (m_run->scheduleReady) {
            schedule.swap(m_run->schedule);
            m_run->scheduleReady = false;
        }
        finished = m_run->finished;
    }
    if (!schedule.empty())
        m_timeline->setSchedule(schedule);
    for (const auto& s : statuses)
        m_timeline->addStatus(s);
    for (const auto& r : records) {
        m_timeline->add(r);
        const QString name = r.adapter.empty() ? tr("(base)") : QString::fromStdString(r.adapter);
        auto& row = m_adapters[name];
        if (!row) {
            row = std::make_shared<AdapterRow>();
            row->row = m_adapterModel->rowCount();
            QList<QStandardItem*> items;
            for (int c = 0; c < 6; ++c)
                items.append(new QStandardItem);
            items[0]->setText(name);
            m_adapterModel->appendRow(items);
        }
        if (r.outcome == Outcome::Completed) {
            ++row->completed;
            if (std::isfinite(r.ttft()))
                row->ttft.push_back(r.ttft() * 1e3);
            if (std::isfinite(r.e2el()))
                row->e2el.push_back(r.e2el() * 1e3);
        } else if (r.outcome == Outcome::Failed) {
            ++row->failed;
        }
    }
    for (auto it = m_adapters.cbegin(); it != m_adapters.cend(); ++it) {
        const auto& row = *it.value();
        const auto t = distributionOf(row.ttft);
        const auto e = distributionOf(row.e2el);
        m_adapterModel->item(row.row, 1)->setData(qulonglong(row.completed), Qt::DisplayRole);
        m_adapterModel->item(row.row, 2)->setData(qulonglong(row.failed), Qt::DisplayRole);
        m_adapterModel->item(row.row, 3)->setText(fmt(t.mean));
        m_adapterModel->item(row.row, 4)->setText(fmt(t.p99));
        m_adapterModel->item(row.row, 5)->setText(fmt(e.mean));
    }
    if (!statuses.empty()) {
        const auto& s = statuses.back();
        m_status->setText(tr("sent %1/%2, completed %3, failed %4, in flight %5")
                              .arg(s.sent)
                              .arg(s.total)
                              .arg(s.completed)
                              .arg(s.failed)
                              .arg(s.inFlight));
    }
    if (!records.empty() || !statuses.empty() || !schedule.empty())
        refreshCharts();
    if (finished)
        finish();
}

void ReplayTab::refreshCharts()
{
    const auto& bins = m_timeline->bins();
    const double w = m_timeline->binSeconds();
    PlotData rate;
    rate.title = tr("Requests per second");
    rate.x.title = tr("time (s)");
    rate.y.title = tr("req/s");
    PlotSeries sched { tr("scheduled"), PlotSeries::Style::Line, {}, QColor(0x1f77b4) };
    PlotSeries sent { tr("sent"), PlotSeries::Style::Line, {}, QColor(0xff7f0e) };
    PlotSeries done { tr("completed"), PlotSeries::Style::Line, {}, QColor(0x2ca02c) };
    PlotData lat;
    lat.title = tr("Latency of requests ending per second");
    lat.x.title = tr("time (s)");
    lat.y.title = tr("ms");
    PlotSeries t50 { tr("TTFT p50"), PlotSeries::Style::Line, {}, QColor(0x1f77b4) };
    PlotSeries t90 { tr("TTFT p90"), PlotSeries::Style::Line, {}, QColor(0x1f77b4) };
    t90.dashed = true;
    PlotSeries e50 { tr("E2E p50"), PlotSeries::Style::Line, {}, QColor(0xd62728) };
    PlotSeries e90 { tr("E2E p90"), PlotSeries::Style::Line, {}, QColor(0xd62728) };
    e90.dashed = true;
    PlotData tok;
    tok.title = tr("Output tokens per second");
    tok.x.title = tr("time (s)");
    tok.y.title = tr("tokens/s");
    PlotSeries tokens { tr("output tokens/s"), PlotSeries::Style::Line, {}, QColor(0x9467bd) };
    for (const auto& b : bins) {
        const double x = b.start + w / 2;
        sched.points.append(QPointF(x, double(b.scheduled) / w));
        sent.points.append(QPointF(x, double(b.sent) / w));
        done.points.append(QPointF(x, double(b.completed) / w));
        tokens.points.append(QPointF(x, double(b.outputTokens) / w));
        if (!b.ttftMs.empty()) {
            t50.points.append(QPointF(x, ReplayTimeline::binPercentile(b.ttftMs, 50)));
            t90.points.append(QPointF(x, ReplayTimeline::binPercentile(b.ttftMs, 90)));
        }
        if (!b.e2elMs.empty()) {
            e50.points.append(QPointF(x, ReplayTimeline::binPercentile(b.e2elMs, 50)));
            e90.points.append(QPointF(x, ReplayTimeline::binPercentile(b.e2elMs, 90)));
        }
    }
    rate.series = { sched, sent, done };
    lat.series = { t50, t90, e50, e90 };
    tok.series = { tokens };
    PlotData inflight;
    inflight.title = tr("Requests in flight");
    inflight.x.title = tr("time (s)");
    inflight.y.title = tr("requests");
    PlotSeries fl { tr("in flight"), PlotSeries::Style::Line, {}, QColor(0x8c564b) };
    const auto& samples = m_timeline->inFlight();
    const std::size_t stride = std::max<std::size_t>(1, samples.size() / 2000);
    for (std::size_t i = 0; i < samples.size(); i += stride)
        fl.points.append(QPointF(samples[i].first, samples[i].second));
    inflight.series = { fl };
    PlotData errors;
    errors.title = tr("Errors by kind");
    errors.x.title = tr("kind (see labels)");
    errors.y.title = tr("requests");
    PlotSeries bars { tr("failed"), PlotSeries::Style::Bars, {}, QColor(0xd62728) };
    double x = 0;
    for (const auto& [kind, n] : m_timeline->errors()) {
        bars.points.append(QPointF(x, double(n)));
        errors.labels.append(PlotLabel { QPointF(x + 0.5, double(n)), QString::fromStdString(kind) });
        x += 1;
    }
    if (!bars.points.isEmpty())
        bars.points.append(QPointF(x, 0));
    errors.series = { bars };
    m_charts.value(QStringLiteral("rate"))->setData(rate);
    m_charts.value(QStringLiteral("inflight"))->setData(inflight);
    m_charts.value(QStringLiteral("latency"))->setData(lat);
    m_charts.value(QStringLiteral("tokens"))->setData(tok);
    m_charts.value(QStringLiteral("errors"))->setData(errors);
}

void ReplayTab::finish()
{
    m_timer->stop();
    if (m_run->worker.joinable())
        m_run->worker.join();
    nlohmann::json s;
    std::string error;
    {
        std::lock_guard lock(m_run->mutex);
        s = m_run->summary;
        error = m_run->error;
    }
    QString text;
    if (!error.empty())
        text += tr("Error: %1\n").arg(QString::fromStdString(error));
    if (s.is_object()) {
        auto num = [&](const char* k) { return s.contains(k) && s[k].is_number() ? s[k].get<double>() : std::nan(""); };
        text += tr("Completed %1, failed %2, cancelled %3\n")
                    .arg(s.value("completed", 0))
                    .arg(s.value("failed", 0))
                    .arg(s.value("cancelled", 0));
        text += tr("Request throughput %1 req/s, output %2 tokens/s\n")
                    .arg(fmt(num("request_throughput"), 2), fmt(num("output_throughput"), 1));
        text += tr("TTFT mean %1 / p50 %2 / p99 %3 ms\n").arg(fmt(num("mean_ttft_ms")), fmt(num("median_ttft_ms")), fmt(num("p99_ttft_ms")));
        text += tr("TPOT mean %1 / p99 %2 ms; ITL mean %3 ms\n").arg(fmt(num("mean_tpot_ms")), fmt(num("p99_tpot_ms")), fmt(num("mean_itl_ms")));
        text += tr("E2E mean %1 / p99 %2 ms\n").arg(fmt(num("mean_e2el_ms")), fmt(num("p99_e2el_ms")));
        // One name and unit with the Admission and Compare tabs (issue 13): a percentage.
        text += Terms::sloAttainment() + QLatin1Char(' ') + Terms::percent(num("slora_attainment")) + tr(", S-LoRA reward %1\n").arg(fmt(num("slora_reward"), 3));
        if (s.contains("errors"))
            for (const auto& [k, v] : s["errors"].items())
                text += tr("errors %1: %2\n").arg(QString::fromStdString(k)).arg(v.get<int>());
    }
    m_summary->setPlainText(text);
    m_status->setText(error.empty() ? tr("Finished") : tr("Failed"));
    m_startButton->setEnabled(true);
    m_stopButton->setEnabled(false);
    Q_EMIT runFinished();
}

} // namespace lorascope
