// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QHash>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QResizeEvent;
class QSpinBox;
class QStandardItemModel;
class QSplitter;
class QTableView;
class QTimer;

namespace lorascope {

class Document;
class PlotView;
class ReplayAdapterModel;
class ReplayCharts;
class ReplayTimeline;
struct AdmissionAnalysis;
struct ReplayRecord;
struct ReplayRun;
struct ServerSample;

/// Replay tab (docs/replay.md, The desktop Replay tab): target and backend (the built-in simulated
/// server by default, started and stopped by the tab), Start/Stop, live charts of the client and
/// of the server's /metrics with the admission preview's prediction on one time axis (updated in
/// ~30 ms batches), a per-adapter table, the summary (effective latency, token mismatch) and the
/// run folder. A finished run folder (single run, shard or merge output) opens into the same
/// charts. The replay runs on a worker thread (replayworker.h); this widget only presents.
class ReplayTab : public QWidget {
    Q_OBJECT
public:
    explicit ReplayTab(QWidget* parent = nullptr);
    ~ReplayTab() override;

    /// Trace file to replay; empty = the document's current workload (or, without a document,
    /// a built-in demo trace: preset S1, 20 s).
    void setTraceFile(const QString& path);
    /// The open session: its current trace is replayed when no file is given, and the built-in
    /// server uses its admission policy, limits and cost model.
    void setDocument(Document* document);
    /// What Start would replay, in words (shown above the buttons).
    QString sourceText() const;
    /// Parent folder of the run folders (default: <data>/LoraScope/replays).
    void setResultsRoot(const QString& path);
    QString resultsRoot() const { return m_resultsRoot; }
    /// Chart by key (ReplayCharts::keys()).
    PlotView* chart(const QString& key) const;
    QStringList chartKeys() const;
    ReplayCharts* charts() const { return m_charts; }
    QStandardItemModel* adapterModel() const;
    QTableView* adapterTable() const { return m_adapterTable; }
    QString summaryText() const;
    /// Live figures and, after a run, effective latency and token mismatch, in words.
    QString figuresText() const;
    /// How the server compares with the preview, and why they may differ.
    QString previewText() const;
    QString statusText() const;
    QString runFolder() const { return m_runFolder; }
    bool isRunning() const;
    /// The server's scrapes shown, on the trace axis (live or from an opened folder).
    const std::vector<ServerSample>& serverSamples() const { return m_samples; }
    /// Editor by name: "trace", "builtin", "target", "backend", "timeScale", "maxConcurrency", "speed".
    QWidget* editor(const QString& name) const { return m_editors.value(name); }

public Q_SLOTS:
    void start();
    void stop();
    /// Charts a finished (or partial) run folder: a single run, one shard or a `merge` output.
    /// On a bad folder: false, the charts stay as they were and the status names the file and line.
    bool openRunFolder(const QString& dir);
    /// Asks for a folder, then openRunFolder().
    void chooseRunFolder();

Q_SIGNALS:
    void runStarted();
    void runFinished();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Sizes the adapter table's columns to their contents, then the side panel to the table.
    void fitAdapterColumns();
    /// The side panel as wide as the adapter table wants when the tab has room for it (on a wide
    /// screen every column shows), never under 380 px, and leaving the charts at least 1100 px;
    /// left alone once the user has moved the splitter.
    void fitSidePanel();
    void drain();
    void updateSource();
    void refreshCharts();
    void finish();
    void resetView();
    void addRecords(const std::vector<ReplayRecord>& records);
    void updateFigures(bool final);
    void updatePreviewNote();

    QHash<QString, QWidget*> m_editors;
    QLineEdit* m_trace;
    QCheckBox* m_builtin;
    QLineEdit* m_target;
    QComboBox* m_backend;
    QDoubleSpinBox* m_timeScale;
    QSpinBox* m_maxConcurrency;
    QDoubleSpinBox* m_speed;
    QPushButton* m_startButton;
    QPushButton* m_stopButton;
    QPushButton* m_openFolderButton;
    QLabel* m_status;
    QLabel* m_source;
    QLabel* m_figures;
    QLabel* m_previewNote;
    Document* m_document = nullptr;
    QPlainTextEdit* m_folderEdit;
    QPlainTextEdit* m_summary;
    ReplayAdapterModel* m_adapterModel;
    QTableView* m_adapterTable;
    ReplayCharts* m_charts;
    QTimer* m_timer;
    QString m_resultsRoot;
    QString m_runFolder;
    std::shared_ptr<ReplayRun> m_run;
    std::unique_ptr<ReplayTimeline> m_timeline;
    std::vector<ServerSample> m_samples;
    std::shared_ptr<const AdmissionAnalysis> m_preview;
    double m_previewAxisScale = 1.0;
    double m_origin = 0;
    double m_now = 0; ///< the live run's clock on the trace axis (its latest status): charts end here
    // What the run was started with (for the preview note).
    bool m_runBuiltin = true, m_fromFolder = false;
    double m_runSpeed = 1.0, m_runTimeScale = 1.0;
    // Live figures over every record so far.
    std::vector<double> m_ttftMs, m_effTtftMs;
    std::uint64_t m_completed = 0, m_failed = 0, m_mismatch = 0;
    int m_fittedRows = -1; ///< adapter rows when the columns were last sized
    QWidget* m_left = nullptr; ///< the side panel (settings, figures, adapter table, summary)
    QSplitter* m_split = nullptr;
    bool m_splitMoved = false; ///< the user moved the splitter: keep their sizes
};

} // namespace lorascope
