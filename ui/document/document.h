// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "admission/engine.h"
#include "analysis/workloadview.h"
#include "document/jobtracker.h"
#include "workload/spec.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <memory>
#include <optional>

class QUndoStack;

namespace lorascope {

struct AdmissionAnalysis;

/// The open session: the workload spec, the admission settings (the server and its limits), an
/// optional imported trace, and the latest results. Edits go through the undo stack; results are
/// computed off the GUI thread (JobTracker) and swapped in when they arrive. Views observe it.
class Document : public QObject {
    Q_OBJECT
public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    const WorkloadSpec& spec() const { return m_spec; }
    /// A user edit: pushed on the undo stack (consecutive edits with the same mergeKey, e.g. one
    /// slider drag, become one undo step).
    void editSpec(const WorkloadSpec& spec, const QString& what, const QString& mergeKey = {});
    /// Replaces the spec without an undo step (undo/redo and loading use it).
    void setSpec(const WorkloadSpec& spec);

    const SimulationConfig& admissionConfig() const { return m_admission; }
    void editAdmission(const SimulationConfig& config, const QString& what, const QString& mergeKey = {});
    void setAdmission(const SimulationConfig& config);

    QUndoStack* undoStack() const { return m_undo; }

    /// Shows an imported trace instead of the generated one (theory curves are then not drawn).
    void setImportedTrace(std::shared_ptr<const Trace> trace, const QString& source);
    void clearImportedTrace();
    /// Reads a trace file off the GUI thread (as a workload job: progress, Cancel, superseded by
    /// a newer job) and then shows it; importFinished() tells how it went. The shown workload is
    /// kept if the file cannot be read.
    void importTraceFile(const QString& path, const QString& format = {});
    bool hasImportedTrace() const { return m_imported != nullptr; }
    QString importSource() const { return m_importSource; }

    /// The latest workload analysis (null before the first one arrives).
    std::shared_ptr<const WorkloadAnalysis> workload() const { return m_workload; }
    /// The trace currently shown (generated or imported); null before the first result.
    std::shared_ptr<const Trace> trace() const { return m_workload ? m_workload->trace : nullptr; }
    std::shared_ptr<const AdmissionAnalysis> admission() const { return m_admissionResult; }

    /// Whether the shown workload was generated from the current spec (false while a newer one is
    /// being generated, or while the spec has problems and the last valid workload is shown).
    bool workloadCurrent() const;
    /// Whether the admission preview shown is of the current trace and settings (false after any
    /// edit until the preview is recomputed; also when no preview has run yet).
    bool admissionCurrent() const;
    /// Whether an admission preview of the current inputs is on its way without the user asking
    /// (false for traces over kAutoAdmissionLimit requests or while the spec has problems).
    bool admissionPending() const;

    /// Problems of the current spec (empty = valid); shown inline by the parameter panel.
    const std::vector<SpecIssue>& issues() const { return m_issues; }
    QString lastError() const { return m_error; }

    bool busy() const { return m_workloadJobs.isRunning() || m_admissionJobs.isRunning(); }
    double progress() const { return m_progress.load(); }
    /// Stops the running generation (the previous result stays).
    void cancel();

    /// Session file (spec + admission + view settings, versioned JSON, written atomically).
    QString saveSession(const QString& path, const QJsonObject& view) const;
    /// Loads a session; returns the error message (empty on success); view settings into `view`.
    QString loadSession(const QString& path, QJsonObject* view);
    QString fileName() const { return m_fileName; }
    void setFileName(const QString& name) { m_fileName = name; }

    /// Milliseconds the last workload job took from request to delivery (for the status bar).
    double lastWorkloadMs() const { return m_lastMs; }
    /// Milliseconds the last admission job took from request to delivery.
    double lastAdmissionMs() const { return m_lastAdmissionMs; }

    /// Traces larger than this are not previewed automatically (the simulation keeps one record per
    /// forward pass); AdmissionTab offers to run it on request.
    static constexpr std::size_t kAutoAdmissionLimit = 1000000;
    /// The limit in use (kAutoAdmissionLimit unless changed; tests lower it).
    std::size_t autoAdmissionLimit() const { return m_autoLimit; }
    void setAutoAdmissionLimit(std::size_t requests) { m_autoLimit = requests; }

public Q_SLOTS:
    void regenerate();
    void recomputeAdmission();

Q_SIGNALS:
    void specChanged();
    void admissionConfigChanged();
    void workloadChanged();
    void admissionChanged();
    void busyChanged(bool busy);
    void failed(const QString& message);
    /// After importTraceFile(): empty on success, else the error naming the file, line and field.
    void importFinished(const QString& error);

private:
    void scheduleRegenerate();

    WorkloadSpec m_spec;
    SimulationConfig m_admission;
    QUndoStack* m_undo;
    std::shared_ptr<const Trace> m_imported;
    QString m_importSource;
    QString m_fileName;
    std::shared_ptr<const WorkloadAnalysis> m_workload;
    std::shared_ptr<const AdmissionAnalysis> m_admissionResult;
    /// Counts edits of the admission settings; the preview shown was computed at m_admissionResultEdit.
    std::size_t m_autoLimit = kAutoAdmissionLimit;
    quint64 m_admissionEdit = 0;
    quint64 m_admissionResultEdit = 0;
    std::optional<WorkloadSpec> m_workloadSpec; ///< the spec the shown workload came from (unset: imported)
    std::vector<SpecIssue> m_issues;
    QString m_error;
    QTimer m_coalesce;
    QTimer m_admissionCoalesce;
    std::atomic<double> m_progress { 0.0 };
    QElapsedTimer m_clock;
    double m_lastMs = 0;
    QElapsedTimer m_admissionClock;
    double m_lastAdmissionMs = 0;
    JobTracker m_workloadJobs;
    JobTracker m_admissionJobs;
};

} // namespace lorascope
