// SPDX-License-Identifier: Apache-2.0
#include "workload/sessioncharts.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace lorascope {

namespace {

QString tr(const char* text)
{
    // lupdate files tr() calls in namespace lorascope under the context "lorascope"; look them up there.
    return QCoreApplication::translate("lorascope", text);
}

const QColor kData(70, 130, 180);
const QColor kTheory(200, 40, 40);
const QColor kDeclared(120, 120, 120);

QString pct(double f)
{
    return QString::number(100.0 * f, 'f', 1) + QStringLiteral(" %");
}

} // namespace

PlotData turnsPlot(const WorkloadAnalysis& a)
{
    const auto& s = a.stats.sessions;
    PlotData d;
    d.title = s.sessions ? tr("Turns per session (mean %1)").arg(QString::number(s.meanTurns, 'f', 2))
                         : tr("Turns per session");
    d.x.title = tr("turns");
    d.y.title = tr("sessions");
    d.y.min = 0.0;
    if (!s.sessions) {
        d.note = tr("No sessions in this workload: every request stands alone. Turn on multi-turn sessions in the "
                    "parameter panel.");
        return d;
    }
    std::vector<double> edges, counts;
    for (std::size_t k = 1; k < s.turnsHistogram.size(); ++k) {
        edges.push_back(double(k) - 0.5);
        counts.push_back(double(s.turnsHistogram[k]));
    }
    edges.push_back(double(s.turnsHistogram.size()) - 0.5);
    d.series.append(PlotData::bars(tr("observed"), edges, counts, kData));
    const auto& th = a.sessionTheory.expectedTurns;
    if (!th.empty()) {
        PlotSeries m;
        m.name = tr("turns distribution");
        m.color = kTheory;
        for (std::size_t k = 1; k < th.size() && k < 1000; ++k)
            m.points.append(QPointF(double(k), th[k]));
        d.series.append(m);
    }
    d.note = tr(
        "Sessions by their number of turns; the line is the turns distribution you set. Sessions near the end of the "
        "trace, or that reach the context limit, end early (the bars fall short of the line there).");
    return d;
}

PlotData contextGrowthPlot(const WorkloadAnalysis& a)
{
    const auto& s = a.stats.sessions;
    PlotData d;
    d.title = tr("Context growth");
    d.x.title = tr("turn");
    d.y.title = tr("tokens");
    d.y.min = 0.0;
    if (!s.sessions) {
        d.note = tr("No sessions in this workload: a prompt is only its prefix and its own message.");
        return d;
    }
    PlotSeries obs;
    obs.name = tr("observed");
    obs.style = PlotSeries::Style::Points;
    obs.color = kData;
    obs.width = 3;
    for (std::size_t k = 0; k < s.meanInputByTurn.size(); ++k)
        if (s.countByTurn[k] > 0)
            obs.points.append(QPointF(double(k + 1), s.meanInputByTurn[k]));
    d.series.append(obs);
    const auto& th = a.sessionTheory.expectedInputByTurn;
    if (!th.empty()) {
        PlotSeries m;
        m.name = tr("model");
        m.color = kTheory;
        for (std::size_t k = 0; k < th.size() && k < s.meanInputByTurn.size(); ++k)
            m.points.append(QPointF(double(k + 1), th[k]));
        d.series.append(m);
    }
    d.note = tr(
        "Mean prompt tokens of the k-th turns: each turn holds the whole history. Line: P + (k − 1)(m + o) + m, with P "
        "the prefix (system prompt and prefix group), m the mean new message and o the mean answer. Turns that reach "
        "the context limit are not sent, so late turns can fall below the line.");
    return d;
}

PlotData prefixSharePlot(const WorkloadAnalysis& a)
{
    const auto& s = a.stats.sessions;
    PlotData d;
    d.x.title = tr("adapter (by prompt tokens)");
    d.y.title = tr("share");
    d.y.min = 0.0;
    d.y.max = 1.0;
    if (!s.prefixes) {
        d.title = tr("Prefix reuse");
        d.note = tr(
            "Nothing in this workload is shared: a perfect prefix cache could reuse none of its prompt tokens. Add a "
            "system prompt, prefix groups or sessions in the parameter panel.");
        return d;
    }
    const bool bound = std::isfinite(a.sessionTheory.shareBound);
    d.title = bound ? tr("Prefix reuse %1 (design %2)").arg(pct(s.reusableShare), pct(a.sessionTheory.shareBound))
                    : tr("Prefix reuse %1").arg(pct(s.reusableShare));
    // The adapters with the most prompt tokens (the base model counts as one), at most 40 bars.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < s.perAdapterPrompt.size(); ++i)
        if (s.perAdapterPrompt[i] > 0)
            order.push_back(i);
    std::stable_sort(
        order.begin(), order.end(), [&](auto x, auto y) { return s.perAdapterPrompt[x] > s.perAdapterPrompt[y]; });
    order.resize(std::min<std::size_t>(order.size(), 40));
    std::vector<double> edges, reusable;
    PlotSeries declared, theory;
    declared.name = tr("declared");
    declared.style = PlotSeries::Style::Points;
    declared.color = kDeclared;
    declared.width = 3;
    theory.name = tr("design");
    theory.style = PlotSeries::Style::Points;
    theory.color = kTheory;
    theory.width = 3;
    for (std::size_t r = 0; r < order.size(); ++r) {
        const auto i = order[r];
        const double prompt = double(s.perAdapterPrompt[i]);
        edges.push_back(double(r) + 0.5);
        reusable.push_back(double(s.perAdapterReusable[i]) / prompt);
        declared.points.append(QPointF(double(r + 1), double(s.perAdapterDeclared[i]) / prompt));
        if (bound && i < a.sessionTheory.perAdapterShareBound.size())
            theory.points.append(QPointF(double(r + 1), a.sessionTheory.perAdapterShareBound[i]));
    }
    edges.push_back(double(order.size()) + 0.5);
    d.series.append(PlotData::bars(tr("reusable"), edges, reusable, kData));
    d.series.append(declared);
    if (!theory.points.isEmpty())
        d.series.append(theory);
    d.note = tr(
        "Per adapter: the share of its prompt tokens a perfect prefix cache (unbounded, per adapter, as vLLM and "
        "SGLang "
        "key a LoRA's KV cache) could serve from earlier requests: a system prompt seen before, a shared document, a "
        "session's history. Grey: what the workload declares shared (never below the bar: the first use of a prefix is "
        "a miss). Red: the design's long-run share, (E[T]·P + (m + o)·E[T(T − 1)]/2) / (E[T]·(P + m) + (m + o)·E[T(T − "
        "1)]/2).");
    return d;
}

} // namespace lorascope
