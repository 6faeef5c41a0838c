// SPDX-License-Identifier: Apache-2.0
#include "replay/replaycharts.h"

#include "analysis/admissionview.h"
#include "charts/plotview.h"
#include "replay/servermap.h"
#include "replay/timeline.h"
#include "widgets/chartgrid.h"

#include <QLabel>
#include <QStackedLayout>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace lorascope {

namespace {

const QColor kBlue(0x1f77b4), kOrange(0xff7f0e), kGreen(0x2ca02c), kRed(0xd62728), kPurple(0x9467bd), kBrown(0x8c564b);

void timeAxis(PlotData& d, double xMax)
{
    d.x.title = ReplayCharts::tr("time since trace start (s)");
    d.x.min = 0;
    if (xMax > 0)
        d.x.max = xMax;
}

// The preview's bins as steps (each bin holds its envelope maximum), on the replay's axis, drawn
// up to `now` as the server's own lines are (a live run); the whole preview once the run is over.
PlotSeries previewSteps(const QString& name, const StepTimelineBins& p, const std::vector<double>& v, double axisScale,
    const QColor& color, double now, double factor = 1.0)
{
    PlotSeries s { name, PlotSeries::Style::Line, {}, color.lighter(130) };
    s.dashed = true;
    s.width = 1.5;
    s.inLegend = false; // the chart's title says "dashed: preview"
    if (p.edges.size() != v.size() + 1 || !(axisScale > 0))
        return s;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const double from = p.edges[i] / axisScale, to = std::min(p.edges[i + 1] / axisScale, now);
        if (!(from < now))
            break;
        s.points.append(QPointF(from, v[i] * factor));
        s.points.append(QPointF(to, v[i] * factor));
    }
    return s;
}

// At most ~2000 points of one sampled quantity (NaN = not exposed: left out).
template <class F>
PlotSeries sampled(const QString& name, const std::vector<ServerSample>& samples, const QColor& color, F value)
{
    PlotSeries s { name, PlotSeries::Style::Line, {}, color };
    const std::size_t stride = std::max<std::size_t>(1, samples.size() / 2000);
    for (std::size_t i = 0; i < samples.size(); i += stride) {
        const auto& x = samples[i];
        const double v = x.ok ? value(x) : std::nan("");
        if (std::isfinite(x.t) && std::isfinite(v))
            s.points.append(QPointF(x.t, v));
    }
    return s;
}

bool anyPoints(const PlotData& d, int upTo)
{
    for (int i = 0; i < std::min(upTo, int(d.series.size())); ++i)
        if (!d.series[i].points.isEmpty())
            return true;
    return false;
}

} // namespace

ReplayCharts::ReplayCharts(QWidget* parent)
    : QWidget(parent)
    , m_grid(new ChartGrid(3, QSize(250, 200), this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_grid);
    for (const auto& key : keys()) {
        // A hint label over the chart (not instead of it): the chart keeps its title and axes.
        auto* cell = new QWidget(this);
        auto* stack = new QStackedLayout(cell);
        stack->setStackingMode(QStackedLayout::StackAll);
        auto* hint = new QLabel(cell);
        hint->setAlignment(Qt::AlignCenter);
        hint->setWordWrap(true);
        hint->setAttribute(Qt::WA_TransparentForMouseEvents);

        hint->setObjectName(QStringLiteral("hint_") + key);
        auto* view = new PlotView(cell);
        view->setObjectName(QStringLiteral("chart_") + key);
        stack->addWidget(hint);
        stack->addWidget(view);
        m_charts.insert(key, view);
        m_hints.insert(key, hint);
        m_grid->addChart(cell);
    }
    showEmpty();
}

QStringList ReplayCharts::keys()
{
    return { QStringLiteral("rate"), QStringLiteral("latency"), QStringLiteral("e2e"), QStringLiteral("tokens"),
        QStringLiteral("inflight"), QStringLiteral("server"), QStringLiteral("kv"), QStringLiteral("adapters"),
        QStringLiteral("errors") };
}

QString ReplayCharts::hint(const QString& key) const
{
    const auto* h = m_hints.value(key);
    return h && !h->isHidden() ? h->text() : QString();
}

bool ReplayCharts::chartShown(const QString& key) const
{
    const auto* v = m_charts.value(key);
    return v && !v->isHidden();
}

void ReplayCharts::setHint(const QString& key, const QString& text, bool instead)
{
    auto* h = m_hints.value(key);
    // `instead`: the words replace an empty chart (e.g. "no errors", not an empty 0–1 chart); the title stays.
    auto* view = m_charts.value(key);
    view->setVisible(!instead);
    // The card keeps the chart's title and units, so an empty chart is never a blank box.
    const auto& d = view->data();
    h->setText(instead ? QStringLiteral("<b>%1</b><br><small>%2 · %3</small><br><br>%4")
                             .arg(d.title.toHtmlEscaped(), d.x.title.toHtmlEscaped(), d.y.title.toHtmlEscaped(),
                                 text.toHtmlEscaped())
                       : text);
    // Over a chart: transparent, grey words; instead of one: a card like the charts' own.
    h->setStyleSheet(instead
            ? QStringLiteral("QLabel { background: palette(base); border: 1px solid palette(midlight); "
                             "border-radius: 4px; color: palette(text); padding: 12px; margin: 4px; }")
            : QStringLiteral(
                "QLabel { background: rgba(255, 255, 255, 210); color: #333; padding: 40px 24px 24px 24px; }"));
    h->setVisible(!text.isEmpty());
    if (!text.isEmpty())
        h->raise();
}

PlotData ReplayCharts::titled(const QString& key)
{
    PlotData d;
    timeAxis(d, 0);
    if (key == QLatin1String("rate")) {
        d.title = tr("Requests per second");
        d.y.title = tr("req/s");
        d.note = tr("Per 1-s bin: requests the trace schedules, requests the client sent, and requests that completed "
                    "(by end time).");
    } else if (key == QLatin1String("latency")) {
        d.title = tr("Time to first token (TTFT)");
        d.y.title = tr("ms");
        d.note = tr(
            "Of the requests that completed in each 1-s bin: time from sending the request to its first token, median "
            "(p50) and 90th percentile (p90). Measured by this client.");
    } else if (key == QLatin1String("e2e")) {
        d.title = tr("End-to-end latency (E2E)");
        d.y.title = tr("ms");
        d.note = tr(
            "Of the requests that completed in each 1-s bin: time from sending the request to its last token, median "
            "(p50) and 90th percentile (p90). Measured by this client.");
    } else if (key == QLatin1String("tokens")) {
        d.title = tr("Output tokens per second");
        d.y.title = tr("tokens/s");
        d.note = tr("Output tokens of the requests that ended in each 1-s bin (server-reported when it reports them, "
                    "else counted).");
    } else if (key == QLatin1String("inflight")) {
        d.title = tr("Requests in flight (client)");
        d.y.title = tr("requests");
        d.note = tr("Requests sent and not yet ended, as the client counts them (includes network time).");
    } else if (key == QLatin1String("server")) {
        d.title = tr("Server: running, waiting (dashed: preview)");
        d.y.title = tr("requests");
        d.note = tr("Solid: what the server reports on /metrics at each scrape (vLLM num_requests_running / "
                    "num_requests_waiting "
                    "or the equivalent). Dashed: what the admission preview predicts for the same trace and settings "
                    "(the largest "
                    "value in each preview bin).");
    } else if (key == QLatin1String("kv")) {
        d.title = tr("Server KV-cache usage (dashed: preview)");
        d.y.title = tr("%");
        d.y.min = 0;
        d.note = tr("Solid: the server's KV-cache usage (vLLM gpu_cache_usage_perc). Dashed: the preview's KV need "
                    "(the peak KV "
                    "tokens the running batch will use if every request runs to completion) as a share of "
                    "max_total_token_num.");
    } else if (key == QLatin1String("adapters")) {
        d.title = tr("Server: adapters (dashed: preview)");
        d.y.title = tr("adapters");
        d.y.min = 0;
        d.note = tr(
            "Solid: adapters the server reports as loaded or running (vLLM lora_requests_info). Dashed: adapters the "
            "preview keeps resident.");
    } else if (key == QLatin1String("errors")) {
        d.title = tr("Errors by kind");
        d.x = PlotAxis { tr("error kind"), false, {}, {} };
        d.y.title = tr("requests");
        d.note = tr(
            "Failed requests by the client's error kind (connect, http_status, disconnect, timeout, …; see the help).");
    }
    return d;
}

void ReplayCharts::showEmpty()
{
    for (const auto& key : keys()) {
        m_charts.value(key)->setData(titled(key));
        setHint(key,
            key == QLatin1String("server") || key == QLatin1String("kv") || key == QLatin1String("adapters")
                ? tr("Press Start: the server's own figures (from its /metrics) and the preview's prediction appear "
                     "here.")
                : tr("Press Start (or open a run folder) to chart a replay here."),
            true);
    }
}

PlotData ReplayCharts::rateData(const ReplayTimeline& t, double xMax, double now)
{
    PlotData d = titled(QStringLiteral("rate"));
    timeAxis(d, xMax);
    const double w = t.binSeconds();
    PlotSeries sched { tr("scheduled"), PlotSeries::Style::Line, {}, kBlue };
    PlotSeries sent { tr("sent"), PlotSeries::Style::Line, {}, kOrange };
    PlotSeries done { tr("completed"), PlotSeries::Style::Line, {}, kGreen };
    for (const auto& b : t.bins()) {
        if (b.start + w > now + 1e-9) // a bin still filling (or ahead): its rate is not known yet
            break;
        const double x = b.start + w / 2;
        sched.points.append(QPointF(x, double(b.scheduled) / w));
        sent.points.append(QPointF(x, double(b.sent) / w));
        done.points.append(QPointF(x, double(b.completed) / w));
    }
    d.series = { sched, sent, done };
    return d;
}

namespace {

// p50 and p90 of one latency per bin, in different colours; p90 dashed as well.
PlotData percentileData(PlotData d, const ReplayTimeline& t, double xMax, double now,
    std::vector<double> TimelineBin::*samples, const QString& p50Name, const QColor& p50Colour, const QString& p90Name,
    const QColor& p90Colour)
{
    timeAxis(d, xMax);
    const double w = t.binSeconds();
    PlotSeries p50 { p50Name, PlotSeries::Style::Line, {}, p50Colour };
    PlotSeries p90 { p90Name, PlotSeries::Style::Line, {}, p90Colour };
    p90.dashed = true;
    for (const auto& b : t.bins())
        if (!(b.*samples).empty() && b.start < now) {
            const double x = b.start + w / 2;
            p50.points.append(QPointF(x, ReplayTimeline::binPercentile(b.*samples, 50)));
            p90.points.append(QPointF(x, ReplayTimeline::binPercentile(b.*samples, 90)));
        }
    d.series = { p50, p90 };
    return d;
}

} // namespace

PlotData ReplayCharts::latencyData(const ReplayTimeline& t, double xMax, double now)
{
    return percentileData(titled(QStringLiteral("latency")), t, xMax, now, &TimelineBin::ttftMs, tr("TTFT p50"), kBlue,
        tr("TTFT p90"), kOrange);
}

PlotData ReplayCharts::e2eData(const ReplayTimeline& t, double xMax, double now)
{
    return percentileData(
        titled(QStringLiteral("e2e")), t, xMax, now, &TimelineBin::e2elMs, tr("E2E p50"), kRed, tr("E2E p90"), kPurple);
}

PlotData ReplayCharts::tokensData(const ReplayTimeline& t, double xMax, double now)
{
    PlotData d = titled(QStringLiteral("tokens"));
    timeAxis(d, xMax);
    const double w = t.binSeconds();
    PlotSeries tokens { tr("output tokens/s"), PlotSeries::Style::Line, {}, kPurple };
    for (const auto& b : t.bins()) {
        if (b.start + w > now + 1e-9)
            break;
        tokens.points.append(QPointF(b.start + w / 2, double(b.outputTokens) / w));
    }
    d.series = { tokens };
    return d;
}

PlotData ReplayCharts::inflightData(const ReplayTimeline& t, double xMax)
{
    PlotData d = titled(QStringLiteral("inflight"));
    timeAxis(d, xMax);
    PlotSeries fl { tr("in flight"), PlotSeries::Style::Line, {}, kBrown };
    const auto& samples = t.inFlight();
    const std::size_t stride = std::max<std::size_t>(1, samples.size() / 2000);
    for (std::size_t i = 0; i < samples.size(); i += stride)
        fl.points.append(QPointF(samples[i].first, samples[i].second));
    d.series = { fl };
    return d;
}

PlotData ReplayCharts::serverData(
    const std::vector<ServerSample>& s, const AdmissionAnalysis* p, double axisScale, double xMax, double now)
{
    PlotData d = titled(QStringLiteral("server"));
    timeAxis(d, xMax);
    d.series = { sampled(tr("running"), s, kGreen, [](const ServerSample& x) { return x.running; }),
        sampled(tr("waiting"), s, kRed, [](const ServerSample& x) { return x.waiting; }) };
    if (p) {
        d.series.append(previewSteps(tr("preview running"), p->timeline, p->timeline.running, axisScale, kGreen, now));
        d.series.append(previewSteps(tr("preview queue"), p->timeline, p->timeline.queue, axisScale, kRed, now));
    }
    return d;
}

PlotData ReplayCharts::kvData(
    const std::vector<ServerSample>& s, const AdmissionAnalysis* p, double axisScale, double xMax, double now)
{
    PlotData d = titled(QStringLiteral("kv"));
    timeAxis(d, xMax);
    d.series = { sampled(tr("KV usage"), s, kPurple, [](const ServerSample& x) { return x.kvUsage * 100; }) };
    if (p && p->timeline.kvCapacity > 0)
        d.series.append(previewSteps(tr("preview KV need"), p->timeline, p->timeline.kvNeed, axisScale, kPurple, now,
            100.0 / double(p->timeline.kvCapacity)));
    return d;
}

PlotData ReplayCharts::adaptersData(
    const std::vector<ServerSample>& s, const AdmissionAnalysis* p, double axisScale, double xMax, double now)
{
    PlotData d = titled(QStringLiteral("adapters"));
    timeAxis(d, xMax);
    d.series = { sampled(tr("resident"), s, kOrange, [](const ServerSample& x) {
        if (std::isfinite(x.adaptersResident))
            return x.adaptersResident;
        return x.adapterListsKnown ? double(x.runningAdapterCount) : std::nan("");
    }) };
    if (p)
        d.series.append(
            previewSteps(tr("preview resident"), p->timeline, p->timeline.residentAdapters, axisScale, kOrange, now));
    return d;
}

PlotData ReplayCharts::errorsData(const ReplayTimeline& t)
{
    PlotData d = titled(QStringLiteral("errors"));
    PlotSeries bars { tr("failed"), PlotSeries::Style::Bars, {}, kRed };
    double x = 0;
    for (const auto& [kind, n] : t.errors()) {
        bars.points.append(QPointF(x, double(n)));
        d.labels.append(PlotLabel { QPointF(x + 0.5, double(n)), QString::fromStdString(kind) });
        x += 1;
    }
    if (!bars.points.isEmpty())
        bars.points.append(QPointF(x, 0));
    d.series = { bars };
    return d;
}

void ReplayCharts::update(const ReplayChartInput& in)
{
    static const std::vector<ServerSample> none;
    const auto& samples = in.samples ? *in.samples : none;
    // One time axis for every chart: 0 to the last thing seen (schedule, ends, scrapes).
    double xMax = 0;
    if (in.timeline && !in.timeline->bins().empty())
        xMax = in.timeline->bins().back().start + in.timeline->binSeconds();
    for (const auto& s : samples)
        if (std::isfinite(s.t))
            xMax = std::max(xMax, s.t);
    const AdmissionAnalysis* p = in.preview.get();
    if (p && !p->timeline.edges.empty() && in.previewAxisScale > 0)
        xMax = std::max(xMax, p->timeline.edges.back() / in.previewAxisScale);
    xMax = xMax > 0 ? std::ceil(xMax) : 0;
    if (in.timeline) {
        const auto& t = *in.timeline;
        m_charts.value(QStringLiteral("rate"))->setData(rateData(t, xMax, in.now));
        m_charts.value(QStringLiteral("latency"))->setData(latencyData(t, xMax, in.now));
        m_charts.value(QStringLiteral("e2e"))->setData(e2eData(t, xMax, in.now));
        m_charts.value(QStringLiteral("tokens"))->setData(tokensData(t, xMax, in.now));
        m_charts.value(QStringLiteral("inflight"))->setData(inflightData(t, xMax));
        const auto errors = errorsData(t);
        m_charts.value(QStringLiteral("errors"))->setData(errors);
        const bool anyRecord
            = std::any_of(t.bins().begin(), t.bins().end(), [](const TimelineBin& b) { return b.completed > 0; });
        for (const char* k : { "rate", "tokens", "inflight" })
            setHint(QLatin1String(k), t.bins().empty() ? tr("Waiting for the first request…") : QString(),
                t.bins().empty());
        for (const char* k : { "latency", "e2e" })
            setHint(QLatin1String(k),
                t.bins().empty() ? tr("Waiting for the first request…")
                    : anyRecord  ? QString()
                                 : tr("No request has completed yet."),
                !anyRecord);
        // Kinds of error are names, not numbers: a card of kinds and counts, not bars on a 0–1 axis.
        QStringList kinds;
        for (const auto& [kind, n] : t.errors())
            kinds << tr("%1: %2 failed").arg(QString::fromStdString(kind)).arg(n);
        setHint(QStringLiteral("errors"),
            kinds.isEmpty()
                ? (in.running ? tr("No errors so far.") : tr("No errors: every request that ended completed."))
                : kinds.join(QStringLiteral(" · ")),
            true);
    }
    const auto server = serverData(samples, p, in.previewAxisScale, xMax, in.now);
    const auto kv = kvData(samples, p, in.previewAxisScale, xMax, in.now);
    const auto adapters = adaptersData(samples, p, in.previewAxisScale, xMax, in.now);
    m_charts.value(QStringLiteral("server"))->setData(server);
    m_charts.value(QStringLiteral("kv"))->setData(kv);
    m_charts.value(QStringLiteral("adapters"))->setData(adapters);
    const bool anyScrape = std::any_of(samples.begin(), samples.end(), [](const ServerSample& s) { return s.ok; });
    const QString noScrape = in.running
        ? tr("Waiting for the first scrape of the server's /metrics…")
        : tr("No scrape of the server's /metrics succeeded (see server_metrics.jsonl).");
    // `observed` = how many of the first series are the server's own (the rest are the preview).
    auto serverHint = [&](const PlotData& d, int observed) {
        if (!anyScrape)
            return noScrape;
        return anyPoints(d, observed) ? QString() : tr("The server does not expose this on /metrics.");
    };
    // Without the server's figures the preview alone is still drawn (it is what to expect).
    auto showServer = [&](const char* key, const PlotData& d, int observed) {
        const QString h = serverHint(d, observed);
        setHint(QLatin1String(key), h, !h.isEmpty() && !anyPoints(d, int(d.series.size())));
    };
    showServer("server", server, 2);
    showServer("kv", kv, 1);
    showServer("adapters", adapters, 1);
}

} // namespace lorascope
