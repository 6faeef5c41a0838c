// SPDX-License-Identifier: Apache-2.0
#include "document/document.h"

#include "analysis/admissionview.h"
#include "document/session.h"
#include "formats/traceio.h"
#include "util/error.h"
#include "workload/presets.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUndoCommand>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace lorascope {

namespace {

int mergeIdOf(const QString& key)
{
    // QUndoCommand::id() must be ≥ 0 to merge; -1 = never merge.
    return key.isEmpty() ? -1 : int(qHash(key) & 0x3fffffff);
}

template <typename T, void (Document::*Setter)(const T&), const T& (Document::*Getter)() const>
class ValueCommand : public QUndoCommand {
public:
    ValueCommand(Document* doc, T before, T after, const QString& text, const QString& key)
        : QUndoCommand(text)
        , m_doc(doc)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_key(key)
    {
    }
    void undo() override { (m_doc->*Setter)(m_before); }
    void redo() override { (m_doc->*Setter)(m_after); }
    // No key: never merge (-1). With a key, spec and admission edits get different ids.
    int id() const override
    {
        return m_key.isEmpty() ? -1 : mergeIdOf(m_key) + (std::is_same_v<T, WorkloadSpec> ? 0 : 1);
    }
    bool mergeWith(const QUndoCommand* other) override
    {
        auto* o = static_cast<const ValueCommand*>(other);
        if (o->m_key != m_key)
            return false;
        m_after = o->m_after;
        return true;
    }

private:
    Document* m_doc;
    T m_before, m_after;
    QString m_key;
};

using SpecCommand = ValueCommand<WorkloadSpec, &Document::setSpec, &Document::spec>;
using AdmissionCommand = ValueCommand<SimulationConfig, &Document::setAdmission, &Document::admissionConfig>;

/// Results of more requests than this are freed on a pool thread: dropping a 10 M-request trace
/// takes the GUI thread tens of milliseconds. Smaller ones are freed in place, which is cheap, and
/// freeing them on another thread measurably slowed the next generation here.
constexpr std::size_t kFreeOffGuiThreadAbove = 200000;

void freeOffGuiThread(std::shared_ptr<const void> result)
{
    (void)QtConcurrent::run([result = std::move(result)]() mutable {
        yieldToGuiThread();
        result.reset();
    });
}

} // namespace

Document::Document(QObject* parent)
    : QObject(parent)
    , m_undo(new QUndoStack(this))
    , m_workloadJobs(this)
    , m_admissionJobs(this)
{
    m_spec = defaultSessionSpec();
    // Default preview: seconds from the cost model of the base model, so waits read as real time;
    // the step clock is one click away for teaching.
    m_admission = defaultAdmissionConfig(m_spec);
    m_issues = validate(m_spec);
    m_workloadJobs.setOnIdle([this] { Q_EMIT busyChanged(busy()); });
    m_admissionJobs.setOnIdle([this] { Q_EMIT busyChanged(busy()); });
    // Coalesce edits made in one event-loop pass (e.g. a preset changing ten fields) into one job.
    m_coalesce.setObjectName(QStringLiteral("regenerateSoon")); // names show in bench_ui_designer's timeline
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(0);
    connect(&m_coalesce, &QTimer::timeout, this, &Document::regenerate);
    m_admissionCoalesce.setObjectName(QStringLiteral("admissionSoon"));
    m_admissionCoalesce.setSingleShot(true);
    m_admissionCoalesce.setInterval(0);
    connect(&m_admissionCoalesce, &QTimer::timeout, this, &Document::recomputeAdmission);
}

Document::~Document()
{
    m_workloadJobs.cancel();
    m_admissionJobs.cancel();
}

void Document::editSpec(const WorkloadSpec& spec, const QString& what, const QString& mergeKey)
{
    if (spec == m_spec)
        return;
    m_undo->push(new SpecCommand(this, m_spec, spec, what, mergeKey));
}

void Document::setSpec(const WorkloadSpec& spec)
{
    m_spec = spec;
    m_issues = validate(m_spec);
    Q_EMIT specChanged();
    scheduleRegenerate();
}

void Document::editAdmission(const SimulationConfig& config, const QString& what, const QString& mergeKey)
{
    m_undo->push(new AdmissionCommand(this, m_admission, config, what, mergeKey));
}

void Document::setAdmission(const SimulationConfig& config)
{
    const ServerLimits before = m_admission.scheduler.limits;
    m_admission = config;
    ++m_admissionEdit;
    // The server's per-request limits also drive the workload statistics (requests it would refuse).
    if (before.maxReqInputLen != config.scheduler.limits.maxReqInputLen
        || before.maxReqTotalLen != config.scheduler.limits.maxReqTotalLen)
        scheduleRegenerate();
    Q_EMIT admissionConfigChanged();
    m_admissionCoalesce.start();
}

void Document::setImportedTrace(std::shared_ptr<const Trace> trace, const QString& source)
{
    m_imported = std::move(trace);
    m_importSource = source;
    scheduleRegenerate();
}

void Document::importTraceFile(const QString& path, const QString& format)
{
    struct Result {
        std::shared_ptr<const Trace> trace;
        std::shared_ptr<const WorkloadAnalysis> analysis;
        QString error;
    };
    const auto limits = m_admission.scheduler.limits;
    m_coalesce.stop(); // a pending regeneration would supersede the import
    m_progress = 0.0;
    m_clock.start();
    m_workloadJobs.run(
        [this, path, format, limits](const std::atomic<bool>& cancel) -> Result {
            try {
                auto trace = std::make_shared<const Trace>(readTrace(path.toStdString(), format.toStdString()));
                m_progress = 0.6;
                if (cancel.load())
                    return {};
                auto analysis = analyzeTrace(trace, limits, std::nullopt);
                return { std::move(trace), std::move(analysis), {} };
            } catch (const std::exception& e) {
                return { nullptr, nullptr, QString::fromStdString(e.what()) };
            }
        },
        [this, path](Result r) {
            m_lastMs = double(m_clock.nsecsElapsed()) / 1e6;
            Q_EMIT busyChanged(busy());
            if (!r.trace) {
                Q_EMIT importFinished(r.error.isEmpty() ? tr("Import of %1 was cancelled").arg(path) : r.error);
                return;
            }
            m_imported = std::move(r.trace);
            m_importSource = path;
            m_error.clear();
            m_workloadSpec.reset();
            auto previous = std::exchange(m_workload, std::move(r.analysis));
            Q_EMIT workloadChanged();
            if (previous && previous->trace->requests.size() > kFreeOffGuiThreadAbove)
                freeOffGuiThread(std::move(previous));
            if (m_workload->trace->requests.size() <= m_autoLimit)
                m_admissionCoalesce.start();
            Q_EMIT importFinished({});
        });
    Q_EMIT busyChanged(true);
}

void Document::clearImportedTrace()
{
    m_imported.reset();
    m_importSource.clear();
    scheduleRegenerate();
}

void Document::scheduleRegenerate()
{
    m_coalesce.start();
}

void Document::cancel()
{
    m_workloadJobs.cancel();
    m_admissionJobs.cancel();
    Q_EMIT busyChanged(busy());
}

void Document::regenerate()
{
    if (!m_imported && !m_issues.empty()) {
        // Invalid spec: keep the last result; the panel shows the problems inline.
        m_workloadJobs.cancel();
        Q_EMIT busyChanged(busy());
        return;
    }
    using Result = std::pair<std::shared_ptr<const WorkloadAnalysis>, QString>;
    const WorkloadSpec spec = m_spec;
    const bool fromSpec = !m_imported;
    const ServerLimits limits = m_admission.scheduler.limits;
    const auto imported = m_imported;
    // A preview of the trace being replaced is stale: stop it, so it does not take a core from the
    // new generation (dragging a slider starts a generation per step). The new trace schedules
    // its own preview when it arrives.
    m_admissionCoalesce.stop();
    m_admissionJobs.cancel();
    m_progress = 0.0;
    m_clock.start();
    m_workloadJobs.run(
        [this, spec, limits, imported](const std::atomic<bool>& cancel) -> Result {
            ProgressSink sink;
            sink.cancel = &cancel;
            sink.report = [this](double f) { m_progress = f; };
            try {
                if (imported)
                    return { analyzeTrace(imported, limits, std::nullopt), {} };
                return { analyzeSpec(spec, limits, sink), {} };
            } catch (const Cancelled&) {
                return { nullptr, {} };
            } catch (const std::exception& e) {
                return { nullptr, QString::fromStdString(e.what()) };
            }
        },
        [this, spec, fromSpec](Result r) {
            m_lastMs = double(m_clock.nsecsElapsed()) / 1e6;
            Q_EMIT busyChanged(busy());
            if (!r.first) {
                if (!r.second.isEmpty()) {
                    m_error = r.second;
                    Q_EMIT failed(r.second);
                }
                return;
            }
            m_error.clear();
            m_workloadSpec = fromSpec ? std::optional<WorkloadSpec>(spec) : std::nullopt;
            auto previous = std::exchange(m_workload, std::move(r.first));
            Q_EMIT workloadChanged(); // the views let go of the previous result here
            if (previous && previous->trace->requests.size() > kFreeOffGuiThreadAbove)
                freeOffGuiThread(std::move(previous));
            if (m_workload->trace->requests.size() <= m_autoLimit)
                m_admissionCoalesce.start();
        });
    Q_EMIT busyChanged(true);
}

bool Document::workloadCurrent() const
{
    if (!m_workload)
        return false;
    if (m_imported)
        return m_workload->trace == m_imported && !m_workloadJobs.isRunning();
    return m_workloadSpec && *m_workloadSpec == m_spec;
}

bool Document::admissionCurrent() const
{
    return m_admissionResult && m_workload && m_admissionResult->trace == m_workload->trace
        && m_admissionResultEdit == m_admissionEdit && workloadCurrent();
}

bool Document::admissionPending() const
{
    if (admissionCurrent())
        return false;
    if (m_admissionJobs.isRunning() || m_admissionCoalesce.isActive())
        return true;
    // A workload on its way schedules its own preview when it is small enough.
    const bool workloadComing = m_workloadJobs.isRunning() || m_coalesce.isActive();
    if (!workloadComing && !workloadCurrent())
        return false; // the spec has problems: nothing will be generated
    return workloadComing && (!m_workload || m_workload->trace->requests.size() <= m_autoLimit);
}

void Document::recomputeAdmission()
{
    auto trace = this->trace();
    if (!trace)
        return;
    using Result = std::pair<std::shared_ptr<const AdmissionAnalysis>, QString>;
    SimulationConfig config = m_admission;
    config.scheduler.reportTokens = false;
    const quint64 edit = m_admissionEdit;
    m_admissionClock.start();
    m_admissionJobs.run(
        [trace, config](const std::atomic<bool>& cancel) -> Result {
            ProgressSink sink;
            sink.cancel = &cancel;
            try {
                return { analyzeAdmission(trace, config, sink), {} };
            } catch (const Cancelled&) {
                return { nullptr, {} };
            } catch (const std::exception& e) {
                return { nullptr, QString::fromStdString(e.what()) };
            }
        },
        [this, edit](Result r) {
            m_lastAdmissionMs = double(m_admissionClock.nsecsElapsed()) / 1e6;
            Q_EMIT busyChanged(busy());
            if (!r.first) {
                if (!r.second.isEmpty())
                    Q_EMIT failed(r.second);
                return;
            }
            auto previous = std::exchange(m_admissionResult, std::move(r.first));
            m_admissionResultEdit = edit;
            Q_EMIT admissionChanged();
            if (previous && previous->result.requests.size() > kFreeOffGuiThreadAbove)
                freeOffGuiThread(std::move(previous));
        });
    Q_EMIT busyChanged(true);
}

QString Document::saveSession(const QString& path, const QJsonObject& view) const
{
    Session s;
    s.spec = m_spec;
    s.admission = m_admission;
    s.importedTrace = m_imported ? m_importSource.toStdString() : std::string();
    s.view = nlohmann::json::parse(QJsonDocument(view).toJson(QJsonDocument::Compact).toStdString());
    try {
        saveSessionFile(s, path.toStdString());
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

QString Document::loadSession(const QString& path, QJsonObject* view)
{
    Session s;
    try {
        s = loadSessionFile(path.toStdString());
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    if (view)
        *view = QJsonDocument::fromJson(QByteArray::fromStdString(s.view.dump())).object();
    m_undo->clear();
    m_imported.reset();
    m_importSource.clear();
    setSpec(s.spec);
    setAdmission(s.admission);
    m_fileName = path;
    if (!s.importedTrace.empty()) {
        // Read off the GUI thread; a failure arrives through importFinished().
        m_coalesce.stop(); // the spec's regeneration would supersede the import
        importTraceFile(QString::fromStdString(s.importedTrace));
    }
    return {};
}

} // namespace lorascope
