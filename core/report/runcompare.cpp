// SPDX-License-Identifier: Apache-2.0
#include "report/runcompare.h"

#include "sweep/sweep.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace lorascope {

namespace {

bool bootstrapped(const MetricInfo& m)
{
    switch (m.statistic) {
    case Statistic::Mean:
    case Statistic::Median:
    case Statistic::P90:
    case Statistic::P99:
    case Statistic::Std:
    case Statistic::Share:
        return true;
    default:
        return false;
    }
}

// The metrics compared per adapter: what the report's per-adapter table shows.
const std::vector<const MetricInfo*>& adapterMetrics()
{
    static const std::vector<const MetricInfo*> list = [] {
        std::vector<const MetricInfo*> v;
        for (const char* k : { "completed", "request_throughput", "mean_ttft_ms", "p99_ttft_ms", "mean_tpot_ms",
                 "mean_e2el_ms", "p99_e2el_ms", "slora_attainment" })
            v.push_back(findMetric(k));
        return v;
    }();
    return list;
}

std::string adapterKey(const std::string& name)
{
    return name.empty() ? std::string("(base)") : name;
}

MetricDelta::Verdict judge(const MetricDelta& d)
{
    if (!d.a || !d.b)
        return MetricDelta::Verdict::NoData;
    if (!d.interval.valid())
        return MetricDelta::Verdict::NoInterval;
    const bool higher = d.interval.diffLow > 0;
    const bool lower = d.interval.diffHigh < 0;
    if (!higher && !lower)
        return MetricDelta::Verdict::Same;
    const bool better
        = d.info && ((higher && d.info->better == Better::Higher) || (lower && d.info->better == Better::Lower));
    return better ? MetricDelta::Verdict::Better : MetricDelta::Verdict::Worse;
}

// A bootstrap of a handful of values says nothing (one value resampled is always itself).
bool enoughValues(const RunSample& s, const MetricInfo& m)
{
    const std::size_t n
        = m.statistic == Statistic::Share ? s.requests : s.values[static_cast<std::size_t>(m.sample)].size();
    return n >= kMinBootstrapValues;
}

// Fills the deltas of `metrics` between two samples with their summaries.
std::vector<MetricDelta> deltas(const std::vector<const MetricInfo*>& metrics, const RunSample& sa, const RunSample& sb,
    const nlohmann::json& suma, const nlohmann::json& sumb, int resamples, const BootstrapOptions& o,
    std::uint64_t streamA, std::uint64_t streamB)
{
    std::vector<const MetricInfo*> boot;
    for (const auto* m : metrics)
        if (bootstrapped(*m))
            boot.push_back(m);
    const auto ra = bootstrapReplicates(sa, boot, resamples, o.seed, streamA);
    const auto rb = bootstrapReplicates(sb, boot, resamples, o.seed, streamB);
    std::vector<MetricDelta> out;
    for (const auto* m : metrics) {
        MetricDelta d;
        d.key = m->key;
        d.info = m;
        d.a = metricValue(suma, m->key);
        d.b = metricValue(sumb, m->key);
        if (d.a && d.b) {
            if (m->statistic == Statistic::Rate) {
                d.interval = rateInterval(sa, sb, m->sample, *d.a, o.confidence);
            } else if (bootstrapped(*m) && enoughValues(sa, *m) && enoughValues(sb, *m)) {
                const auto i = std::size_t(std::find(boot.begin(), boot.end(), m) - boot.begin());
                d.interval = percentileInterval(ra[i], rb[i], o.confidence);
            }
        }
        d.verdict = judge(d);
        out.push_back(std::move(d));
    }
    return out;
}

std::string pct(double fraction)
{
    const double p = std::fabs(fraction) * 100.0;
    char buf[32];
    std::snprintf(buf, sizeof buf, p >= 10 ? "%.0f" : "%.1f", p);
    return buf;
}

std::string signedPct(double fraction)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, std::fabs(fraction) >= 0.1 ? "%+.0f" : "%+.1f", fraction * 100.0);
    return buf;
}

std::string number(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, std::fabs(v) >= 100 ? "%.1f" : std::fabs(v) >= 1 ? "%.3g" : "%.3g", v);
    return buf;
}

} // namespace

ResultComparison compareRuns(
    const std::vector<const RunSource*>& runs, const BootstrapOptions& o, std::size_t perAdapterLimit)
{
    ResultComparison c;
    c.kind = ResultComparison::Kind::Runs;
    c.options = o;
    if (runs.empty())
        return c;
    for (const auto* r : runs)
        c.labels.push_back(r->label);
    // Samples of each run, overall and per adapter (the records grouped as summary.json's per_adapter).
    struct Side {
        RunSample all;
        std::map<std::string, RunSample> adapters;
        std::map<std::string, std::uint64_t> counts;
    };
    auto makeSide = [](const RunSource& r) {
        Side s;
        std::vector<const ReplayRecord*> all;
        std::map<std::string, std::vector<const ReplayRecord*>> by;
        for (const auto& rec : r.view.records) {
            all.push_back(&rec);
            by[adapterKey(rec.adapter)].push_back(&rec);
        }
        s.all = runSample(all, r.view.summary);
        const auto& per
            = r.view.summary.contains("per_adapter") ? r.view.summary["per_adapter"] : nlohmann::json::object();
        for (const auto& [name, recs] : by) {
            const auto it = per.find(name);
            s.adapters[name] = runSample(recs, it != per.end() ? *it : r.view.summary);
            s.adapters[name].duration
                = r.view.summary.value("duration", 0.0); // per-adapter rates use the run's duration
            s.counts[name] = s.adapters[name].requests;
        }
        return s;
    };
    const Side a = makeSide(*runs[0]);
    std::vector<const MetricInfo*> overallMetrics;
    for (const auto& m : metricTable())
        overallMetrics.push_back(&m);
    for (std::size_t i = 1; i < runs.size(); ++i) {
        const Side b = makeSide(*runs[i]);
        PairComparison p;
        p.labelA = runs[0]->label;
        p.labelB = runs[i]->label;
        p.sameTrace = !runs[0]->traceSha256.empty() && runs[0]->traceSha256 == runs[i]->traceSha256;
        if (!p.sameTrace)
            c.differentTraces = true;
        p.resamples = effectiveResamples(o, 2 * (valuesPerResample(a.all) + valuesPerResample(b.all)));
        p.itlThinned = a.all.itlThinned || b.all.itlThinned;
        p.overall
            = deltas(overallMetrics, a.all, b.all, runs[0]->view.summary, runs[i]->view.summary, p.resamples, o, 0, i);
        // Adapters in both, busiest in A first.
        std::vector<std::pair<std::uint64_t, std::string>> order;
        for (const auto& [name, n] : a.counts)
            if (b.counts.count(name))
                order.emplace_back(n, name);
            else
                ++p.adaptersOnlyA;
        for (const auto& [name, n] : b.counts)
            if (!a.counts.count(name))
                ++p.adaptersOnlyB;
        std::stable_sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
        if (order.size() > perAdapterLimit)
            order.resize(perAdapterLimit);
        const auto& perA = runs[0]->view.summary.value("per_adapter", nlohmann::json::object());
        const auto& perB = runs[i]->view.summary.value("per_adapter", nlohmann::json::object());
        for (std::size_t k = 0; k < order.size(); ++k) {
            const std::string& name = order[k].second;
            AdapterDelta ad;
            ad.name = name;
            ad.requestsA = a.counts.at(name);
            ad.requestsB = b.counts.at(name);
            const auto sa = perA.find(name), sb = perB.find(name);
            ad.metrics = deltas(adapterMetrics(), a.adapters.at(name), b.adapters.at(name),
                sa != perA.end() ? *sa : nlohmann::json(), sb != perB.end() ? *sb : nlohmann::json(), p.resamples, o,
                (k + 1) * 1024, (k + 1) * 1024 + i);
            p.perAdapter.push_back(std::move(ad));
        }
        c.runs.push_back(std::move(p));
    }
    return c;
}

ResultComparison compareSweeps(const std::vector<const SweepSource*>& sweeps)
{
    ResultComparison c;
    c.kind = ResultComparison::Kind::Sweeps;
    if (sweeps.empty())
        return c;
    for (const auto* s : sweeps)
        c.labels.push_back(s->label);
    auto verdictOf = [](const SweepSource& s) {
        SweepPlan plan;
        plan.param = s.sweep.param;
        plan.slo = s.sweep.slo;
        return sweepVerdict(plan, s.sweep.points);
    };
    const SweepSource& a = *sweeps[0];
    const auto va = verdictOf(a);
    for (std::size_t i = 1; i < sweeps.size(); ++i) {
        const SweepSource& b = *sweeps[i];
        SweepPairComparison p;
        p.labelA = a.label;
        p.labelB = b.label;
        p.parameter = sweepParamInfo(a.sweep.param).name;
        if (a.sweep.param != b.sweep.param)
            p.problem = std::string("the sweeps vary different parameters (") + sweepParamInfo(a.sweep.param).name
                + " and " + sweepParamInfo(b.sweep.param).name + ")";
        const auto vb = verdictOf(b);
        p.capacityA = va.largestMeeting;
        p.capacityB = vb.largestMeeting;
        p.firstSaturatedA = va.firstSaturated;
        p.firstSaturatedB = vb.firstSaturated;
        if (p.problem.empty()) {
            for (const auto& pa : a.sweep.points)
                for (const auto& pb : b.sweep.points) {
                    if (std::fabs(pa.value - pb.value) > 1e-9 * std::max(1.0, std::fabs(pa.value)))
                        continue;
                    SweepPointDelta d;
                    d.value = pa.value;
                    const auto& ma = pa.metrics;
                    const auto& mb = pb.metrics;
                    d.metrics = { { "throughput", { ma.throughput, mb.throughput } },
                        { "goodput", { ma.goodput, mb.goodput } }, { "ttft_p90_s", { ma.ttft.p90, mb.ttft.p90 } },
                        { "e2e_p90_s", { ma.e2e.p90, mb.e2e.p90 } },
                        { "slo_attainment", { ma.sloAttainment, mb.sloAttainment } },
                        { "achieved_ratio", { ma.achievedRatio, mb.achievedRatio } } };
                    p.points.push_back(std::move(d));
                    break;
                }
            if (p.points.empty())
                p.problem = "no parameter value is in both sweeps";
        }
        c.sweeps.push_back(std::move(p));
    }
    c.notes.push_back("sweep files keep no per-request data: the differences are shown without confidence intervals");
    return c;
}

std::string verdictText(const MetricDelta& d, const std::string& labelB, ReportLang lang)
{
    const std::string label = metricLabel(lang, d.key);
    const char* unit = d.info ? d.info->unit : "";
    switch (d.verdict) {
    case MetricDelta::Verdict::NoData:
        return reportText(lang, "verdict.nodata");
    case MetricDelta::Verdict::NoInterval:
        return reportText(lang, "verdict.nointerval");
    case MetricDelta::Verdict::Same: {
        const auto& iv = d.interval;
        if (std::isfinite(iv.relLow))
            return reportText(lang, "verdict.same_rel", { signedPct(iv.relLow), signedPct(iv.relHigh) });
        return reportText(lang, "verdict.same_abs", { number(iv.diffLow), number(iv.diffHigh), unit });
    }
    case MetricDelta::Verdict::Better:
    case MetricDelta::Verdict::Worse: {
        const auto& iv = d.interval;
        const bool higher = iv.diffLow > 0;
        const std::string dir = reportText(lang, higher ? "verdict.higher" : "verdict.lower");
        const std::string judgement
            = reportText(lang, d.verdict == MetricDelta::Verdict::Better ? "verdict.better" : "verdict.worse");
        const auto rel = d.rel();
        if (rel && std::isfinite(iv.relLow) && std::isfinite(iv.relHigh)) {
            const double lo = higher ? iv.relLow : -iv.relHigh;
            const double hi = higher ? iv.relHigh : -iv.relLow;
            return reportText(
                lang, "verdict.rel", { labelB, label, pct(*rel), dir, pct(std::max(0.0, lo)), pct(hi), judgement });
        }
        const double diff = d.diff().value_or(NAN);
        return reportText(lang, "verdict.abs",
            { labelB, label, number(std::fabs(diff)), unit, dir, number(higher ? iv.diffLow : -iv.diffHigh),
                number(higher ? iv.diffHigh : -iv.diffLow), judgement });
    }
    }
    return {};
}

std::vector<GateResult> checkWorseGates(const std::vector<WorseGate>& gates, const ResultComparison& c)
{
    std::vector<GateResult> out;
    for (const auto& g : gates) {
        const MetricInfo* m = findMetric(g.metric);
        const char* unit = m ? m->unit : "";
        for (const auto& p : c.runs) {
            GateResult r;
            r.name = g.text + " (" + p.labelB + " vs " + p.labelA + ")";
            r.metric = g.metric;
            const auto it = std::find_if(
                p.overall.begin(), p.overall.end(), [&](const MetricDelta& d) { return d.key == g.metric; });
            if (it == p.overall.end() || !it->a || !it->b) {
                r.failed = true;
                r.message = g.metric + " is not in both summaries (" + p.labelA + ", " + p.labelB + "): gate " + g.text
                    + " cannot pass";
                out.push_back(std::move(r));
                continue;
            }
            const double a = *it->a, b = *it->b;
            const bool lowerBetter = m->better == Better::Lower;
            // The worst value still allowed.
            const double allowed = g.relative ? (lowerBetter ? a * (1 + g.tolerance) : a * (1 - g.tolerance))
                                              : (lowerBetter ? a + g.tolerance : a - g.tolerance);
            const bool beyond = lowerBetter ? b > allowed : b < allowed;
            // Noise is not a regression: with an interval, the worsening must also be significant.
            const bool significant = !it->interval.valid() || it->verdict == MetricDelta::Verdict::Worse;
            r.value = b;
            r.bound = allowed;
            r.failed = beyond && significant;
            std::string what = g.metric + " of " + p.labelB + " = " + gateNumber(b, unit) + " against "
                + gateNumber(a, unit) + " in " + p.labelA + "; allowed " + (lowerBetter ? "at most " : "at least ")
                + gateNumber(allowed, unit);
            if (r.failed)
                r.message = what + ": worse beyond the tolerance"
                    + (it->interval.valid() ? " and significant (95 % interval)" : "") + " (gate " + g.text
                    + " failed)";
            else if (beyond)
                r.message
                    = what + ": beyond the tolerance but not a significant difference (gate " + g.text + " passed)";
            else
                r.message = what + " (gate " + g.text + " passed)";
            out.push_back(std::move(r));
        }
    }
    return out;
}

} // namespace lorascope
