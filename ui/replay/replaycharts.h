// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Replay tab's charts (docs/replay.md, The desktop Replay tab): the client's rates, latencies, tokens and requests in
// flight beside the server's running/waiting requests, KV-cache usage and resident adapters from
// its /metrics scrapes, all on one time axis (seconds since trace time 0 as scheduled), with the
// admission preview of the same trace and settings drawn dashed over the server's curves. Before
// a run every chart is titled and says what it will show; charts without data say why.

#include "charts/plotdata.h"

#include <QHash>
#include <QWidget>

#include <cmath>

#include <memory>
#include <vector>

class QLabel;

namespace lorascope {

class ChartGrid;
class PlotView;
class ReplayTimeline;
struct AdmissionAnalysis;
struct ServerSample;

/// Everything the charts show, on the trace axis.
struct ReplayChartInput {
    const ReplayTimeline* timeline = nullptr;
    const std::vector<ServerSample>* samples = nullptr;
    std::shared_ptr<const AdmissionAnalysis> preview; ///< null: no overlay
    double previewAxisScale = 1.0; ///< preview clock seconds per axis second
    bool running = false; ///< a live run (hints say "waiting for …" instead of "not exposed")
    /// The live run's clock on the trace axis: the client's per-second charts draw only the bins
    /// that ended by then (the future is not drawn as zeros). Infinity: a finished run, all bins.
    double now = INFINITY;
};

class ReplayCharts : public QWidget {
    Q_OBJECT
public:
    explicit ReplayCharts(QWidget* parent = nullptr);

    /// Chart keys in display order: rate, latency (TTFT), e2e, tokens, inflight, server, kv, adapters, errors.
    static QStringList keys();
    PlotView* chart(const QString& key) const { return m_charts.value(key); }
    /// The hint shown over a chart ("" when it shows data).
    QString hint(const QString& key) const;
    /// False when words replace the chart (errors: "no errors").
    bool chartShown(const QString& key) const;
    ChartGrid* grid() const { return m_grid; }

    /// Titled, empty charts with a hint what Start will show.
    void showEmpty();
    /// Redraws every chart from `in`.
    void update(const ReplayChartInput& in);

    /// The chart data (for tests and for update()).
    static PlotData rateData(const ReplayTimeline& t, double xMax, double now = INFINITY);
    static PlotData latencyData(const ReplayTimeline& t, double xMax, double now = INFINITY);
    static PlotData e2eData(const ReplayTimeline& t, double xMax, double now = INFINITY);
    static PlotData tokensData(const ReplayTimeline& t, double xMax, double now = INFINITY);
    static PlotData inflightData(const ReplayTimeline& t, double xMax);
    static PlotData serverData(const std::vector<ServerSample>& s, const AdmissionAnalysis* p, double axisScale,
        double xMax, double now = INFINITY);
    static PlotData kvData(const std::vector<ServerSample>& s, const AdmissionAnalysis* p, double axisScale,
        double xMax, double now = INFINITY);
    static PlotData adaptersData(const std::vector<ServerSample>& s, const AdmissionAnalysis* p, double axisScale,
        double xMax, double now = INFINITY);
    static PlotData errorsData(const ReplayTimeline& t);

private:
    void setHint(const QString& key, const QString& text, bool instead = false);
    static PlotData titled(const QString& key);

    ChartGrid* m_grid;
    QHash<QString, PlotView*> m_charts;
    QHash<QString, QLabel*> m_hints;
};

} // namespace lorascope
