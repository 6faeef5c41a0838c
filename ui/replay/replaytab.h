#pragma once

#include <QHash>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTableView;
class QTimer;

namespace lorascope {

class Document;
class PlotView;
class ReplayTimeline;
struct ReplayRun;

/// Replay tab (SPEC §4, §7): target and backend (the built-in simulated server by default,
/// started and stopped by the tab), Start/Stop, live charts updated in ~30 ms batches, a
/// per-adapter table, the final summary and the run folder. The replay runs on a worker thread
/// in the core engine; this widget only presents what it reports.
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
    /// Parent folder of the run folders (default: the application data folder).
    void setResultsRoot(const QString& path);
    /// Chart by key: "rate", "inflight", "latency", "tokens", "errors".
    PlotView* chart(const QString& key) const { return m_charts.value(key); }
    QStringList chartKeys() const;
    QStandardItemModel* adapterModel() const { return m_adapterModel; }
    QString summaryText() const;
    QString runFolder() const { return m_runFolder; }
    bool isRunning() const;
    /// Editor by name: "trace", "builtin", "target", "backend", "timeScale", "maxConcurrency", "speed".
    QWidget* editor(const QString& name) const { return m_editors.value(name); }

public Q_SLOTS:
    void start();
    void stop();

Q_SIGNALS:
    void runStarted();
    void runFinished();

private:
    void drain();
    void updateSource();
    void refreshCharts();
    void finish();
    PlotView* addChart(const QString& key);

    QHash<QString, QWidget*> m_editors;
    QHash<QString, PlotView*> m_charts;
    QLineEdit* m_trace;
    QCheckBox* m_builtin;
    QLineEdit* m_target;
    QComboBox* m_backend;
    QDoubleSpinBox* m_timeScale;
    QSpinBox* m_maxConcurrency;
    QDoubleSpinBox* m_speed;
    QPushButton* m_startButton;
    QPushButton* m_stopButton;
    QLabel* m_status;
    QLabel* m_source;
    Document* m_document = nullptr;
    QLabel* m_folderLabel;
    QPlainTextEdit* m_summary;
    QStandardItemModel* m_adapterModel;
    QTableView* m_adapterTable;
    QTimer* m_timer;
    QString m_resultsRoot;
    QString m_runFolder;
    std::shared_ptr<ReplayRun> m_run;
    std::unique_ptr<ReplayTimeline> m_timeline;
    struct AdapterRow;
    QHash<QString, std::shared_ptr<AdapterRow>> m_adapters;
};

} // namespace lorascope
