// SPDX-License-Identifier: Apache-2.0
#include "analysis/compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <numeric>

namespace lorascope {

std::string shortNumber(double value)
{
    if (std::isnan(value))
        return "nan";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", value);
    return buf;
}

namespace {

// Records every parameter with both values and whether they differ.
class Differ {
public:
    explicit Differ(std::vector<ParameterRow>& out)
        : m_out(out)
    {
    }
    void text(const std::string& field, const std::string& a, const std::string& b)
    {
        m_out.push_back({ field, a, b, a != b });
    }
    void number(const std::string& field, double a, double b)
    {
        m_out.push_back({ field, shortNumber(a), shortNumber(b), a != b && !(std::isnan(a) && std::isnan(b)) });
    }
    void integer(const std::string& field, std::int64_t a, std::int64_t b)
    {
        m_out.push_back({ field, std::to_string(a), std::to_string(b), a != b });
    }
    template <typename T>
    void opaque(const std::string& field, const T& a, const T& b, const std::string& ta, const std::string& tb)
    {
        // Lists (weights, schedules, groups): equal or not; the text says how large each side is.
        m_out.push_back({ field, ta, tb, !(a == b) });
    }

private:
    std::vector<ParameterRow>& m_out;
};

std::string joined(const std::vector<std::string>& v)
{
    std::string s;
    for (const auto& x : v)
        s += (s.empty() ? "" : ",") + x;
    return s;
}

std::string joinedInts(const std::vector<int>& v)
{
    std::string s;
    for (int x : v)
        s += (s.empty() ? "" : ",") + std::to_string(x);
    return s.empty() ? "-" : s;
}

std::string countText(std::size_t n, const char* what)
{
    return std::to_string(n) + " " + what;
}

void diffLength(Differ& d, const std::string& p, const LengthSpec& a, const LengthSpec& b)
{
    d.text(p + ".kind", toString(a.kind), toString(b.kind));
    d.integer(p + ".lo", a.lo, b.lo);
    d.integer(p + ".hi", a.hi, b.hi);
    d.number(p + ".beta", a.beta, b.beta);
    d.number(p + ".mu", a.mu, b.mu);
    d.number(p + ".sigma", a.sigma, b.sigma);
    d.number(p + ".mean", a.mean, b.mean);
    d.number(p + ".stddev", a.stddev, b.stddev);
    d.integer(p + ".value", a.value, b.value);
    d.opaque(p + ".empirical", a.empirical, b.empirical, countText(a.empirical.size(), "points"),
        countText(b.empirical.size(), "points"));
}

std::string clockName(ClockKind c)
{
    return c == ClockKind::Steps ? "steps" : "model";
}

std::vector<ParameterRow> allParameters(const CompareInput& ia, const CompareInput& ib)
{
    std::vector<ParameterRow> out;
    Differ d(out);
    const WorkloadSpec& a = ia.spec;
    const WorkloadSpec& b = ib.spec;
    d.text("preset", a.preset, b.preset);
    d.text("generator", toString(a.generator), toString(b.generator));
    d.integer("adapters.count", a.adapterCount, b.adapterCount);
    d.number("rate", a.rate, b.rate);
    d.number("duration", a.duration, b.duration);
    d.text("seed", std::to_string(a.seed), std::to_string(b.seed));
    d.text("popularity.kind", toString(a.popularity.kind), toString(b.popularity.kind));
    d.number("popularity.alpha", a.popularity.alpha, b.popularity.alpha);
    d.number("popularity.zipfS", a.popularity.zipfS, b.popularity.zipfS);
    d.opaque("popularity.weights", a.popularity.weights, b.popularity.weights,
        countText(a.popularity.weights.size(), "weights"), countText(b.popularity.weights.size(), "weights"));
    d.text("arrival.kind", toString(a.arrival.kind), toString(b.arrival.kind));
    d.number("arrival.cv", a.arrival.cv, b.arrival.cv);
    d.number("arrival.onOff.onRate", a.arrival.onOff.onRate, b.arrival.onOff.onRate);
    d.number("arrival.onOff.offRate", a.arrival.onOff.offRate, b.arrival.onOff.offRate);
    d.number("arrival.onOff.meanOn", a.arrival.onOff.meanOn, b.arrival.onOff.meanOn);
    d.number("arrival.onOff.meanOff", a.arrival.onOff.meanOff, b.arrival.onOff.meanOff);
    d.opaque("arrival.schedule", a.arrival.schedule, b.arrival.schedule, countText(a.arrival.schedule.size(), "points"),
        countText(b.arrival.schedule.size(), "points"));
    diffLength(d, "input", a.input, b.input);
    diffLength(d, "output", a.output, b.output);
    d.opaque("groups", a.groups, b.groups, countText(a.groups.size(), "groups"), countText(b.groups.size(), "groups"));
    d.text("adapters.names", joined(a.naming.names), joined(b.naming.names));
    d.text("adapters.ranks", joinedInts(a.naming.ranks), joinedInts(b.naming.ranks));
    d.integer("adapters.defaultRank", a.naming.defaultRank, b.naming.defaultRank);
    d.text("adapters.baseModel", a.naming.baseModel, b.naming.baseModel);

    const SimulationConfig& ca = ia.admission;
    const SimulationConfig& cb = ib.admission;
    const ServerLimits& la = ca.scheduler.limits;
    const ServerLimits& lb = cb.scheduler.limits;
    d.integer("limits.maxTotalTokenNum", la.maxTotalTokenNum, lb.maxTotalTokenNum);
    d.integer("limits.batchMaxTokens", la.batchMaxTokens, lb.batchMaxTokens);
    d.integer("limits.runningMaxReqSize", la.runningMaxReqSize, lb.runningMaxReqSize);
    d.integer("limits.maxReqTotalLen", la.maxReqTotalLen, lb.maxReqTotalLen);
    d.integer("limits.maxReqInputLen", la.maxReqInputLen, lb.maxReqInputLen);
    d.text("policy", policyName(ca.scheduler.policy), policyName(cb.scheduler.policy));
    d.integer("maxWaitTokens", ca.scheduler.maxWaitTokens, cb.scheduler.maxWaitTokens);
    d.number("abortWaitSeconds", ca.scheduler.abortWaitSeconds, cb.scheduler.abortWaitSeconds);
    d.text("clock", clockName(ca.clock), clockName(cb.clock));
    // The cost model only matters on the model clock; a renamed or edited preset counts as a change.
    if (ca.clock == ClockKind::Model || cb.clock == ClockKind::Model) {
        if (ca.cost.name == cb.cost.name && !(ca.cost == cb.cost))
            d.text("cost", ca.cost.name + " (A)", cb.cost.name + " (B, edited)");
        else
            d.text("cost", ca.cost.name, cb.cost.name);
    }
    if (ca.scheduler.policy == PolicyKind::Vllm || cb.scheduler.policy == PolicyKind::Vllm) {
        d.integer("vllm.maxNumSeqs", ca.scheduler.vllm.maxNumSeqs, cb.scheduler.vllm.maxNumSeqs);
        d.integer(
            "vllm.maxNumBatchedTokens", ca.scheduler.vllm.maxNumBatchedTokens, cb.scheduler.vllm.maxNumBatchedTokens);
        d.integer("vllm.maxLoras", ca.scheduler.vllm.maxLoras, cb.scheduler.vllm.maxLoras);
        const VllmConfig& va = ca.scheduler.vllm;
        const VllmConfig& vb = cb.scheduler.vllm;
        d.integer("vllm.maxCpuLoras", va.maxCpuLoras, vb.maxCpuLoras);
        d.integer("vllm.maxLoraRank", va.maxLoraRank, vb.maxLoraRank);
        d.integer("vllm.maxModelLen", va.maxModelLen, vb.maxModelLen);
        d.integer("vllm.numGpuBlocks", va.numGpuBlocks, vb.numGpuBlocks);
        d.integer("vllm.blockSize", va.blockSize, vb.blockSize);
        d.integer("vllm.longPrefillTokenThreshold", va.longPrefillTokenThreshold, vb.longPrefillTokenThreshold);
        d.text("vllm.enableChunkedPrefill", va.enableChunkedPrefill ? "on" : "off",
            vb.enableChunkedPrefill ? "on" : "off");
        d.text(
            "vllm.enablePrefixCaching", va.enablePrefixCaching ? "on" : "off", vb.enablePrefixCaching ? "on" : "off");
        d.text("vllm.loraScan", va.loraScanStops ? "stop" : "continue", vb.loraScanStops ? "stop" : "continue");
    }
    if (ca.scheduler.policy == PolicyKind::Sglang || cb.scheduler.policy == PolicyKind::Sglang) {
        const SglangConfig& ga = ca.scheduler.sglang;
        const SglangConfig& gb = cb.scheduler.sglang;
        auto onOff = [](bool v) { return std::string(v ? "on" : "off"); };
        d.integer("sglang.maxTotalTokens", ga.maxTotalTokens, gb.maxTotalTokens);
        d.integer("sglang.contextLength", ga.contextLength, gb.contextLength);
        d.integer("sglang.maxRunningRequests", ga.maxRunningRequests, gb.maxRunningRequests);
        d.integer("sglang.chunkedPrefillSize", ga.chunkedPrefillSize, gb.chunkedPrefillSize);
        d.integer("sglang.maxPrefillTokens", ga.maxPrefillTokens, gb.maxPrefillTokens);
        d.number("sglang.scheduleConservativeness", ga.scheduleConservativeness, gb.scheduleConservativeness);
        d.text("sglang.enableMixedChunk", onOff(ga.enableMixedChunk), onOff(gb.enableMixedChunk));
        d.text("sglang.disableRadixCache", onOff(ga.disableRadixCache), onOff(gb.disableRadixCache));
        d.text("sglang.ignoreEos", onOff(ga.ignoreEos), onOff(gb.ignoreEos));
        d.integer("sglang.maxLorasPerBatch", ga.maxLorasPerBatch, gb.maxLorasPerBatch);
        d.integer("sglang.maxLoadedLoras", ga.maxLoadedLoras, gb.maxLoadedLoras);
        d.text("sglang.loraEvictionPolicy", ga.loraEvictionPolicy, gb.loraEvictionPolicy);
        d.opaque("sglang.pinnedAdapters", ga.pinnedAdapters, gb.pinnedAdapters,
            countText(ga.pinnedAdapters.size(), "adapters"), countText(gb.pinnedAdapters.size(), "adapters"));
        d.text("sglang.loraScan", ga.loraScanStops ? "stop" : "continue", gb.loraScanStops ? "stop" : "continue");
    }
    d.text("ranks", joinedInts(ca.ranks), joinedInts(cb.ranks));
    return out;
}

} // namespace

std::vector<ParameterDiff> diffParameters(const CompareInput& a, const CompareInput& b)
{
    std::vector<ParameterDiff> out;
    for (auto& r : allParameters(a, b))
        if (r.differs)
            out.push_back({ std::move(r.field), std::move(r.a), std::move(r.b) });
    return out;
}

std::vector<ParameterRow> parameterRows(const CompareInput& a, const CompareInput& b)
{
    const auto power = [](const CompareInput& x) { return x.spec.popularity.kind == PopularityKind::Power; };
    const auto zipf = [](const CompareInput& x) { return x.spec.popularity.kind == PopularityKind::Zipf; };
    const auto gammaLike = [](const CompareInput& x) {
        return x.spec.arrival.kind != ArrivalKind::Poisson && x.spec.arrival.kind != ArrivalKind::Constant;
    };
    // The parameters a reader needs to recognise each side, even where they agree.
    auto always = [&](const std::string& f) {
        static const char* const main[] = { "generator", "adapters.count", "rate", "duration", "seed",
            "popularity.kind", "arrival.kind", "input.kind", "input.lo", "input.hi", "output.kind", "output.lo",
            "output.hi", "limits.maxTotalTokenNum", "limits.batchMaxTokens", "limits.runningMaxReqSize",
            "limits.maxReqTotalLen", "limits.maxReqInputLen", "policy", "clock", "cost" };
        for (const char* m : main)
            if (f == m)
                return true;
        if (f == "popularity.alpha")
            return power(a) || power(b);
        if (f == "popularity.zipfS")
            return zipf(a) || zipf(b);
        if (f == "arrival.cv")
            return gammaLike(a) || gammaLike(b);
        return false;
    };
    std::vector<ParameterRow> out;
    for (auto& r : allParameters(a, b))
        if (r.differs || always(r.field))
            out.push_back(std::move(r));
    return out;
}

CompareSide analyzeSide(const CompareInput& input, const ProgressSink& progress, std::size_t admissionLimit)
{
    CompareSide side;
    // Generation is the larger part of the work for big traces; the simulation the rest.
    ProgressSink gen = progress;
    if (progress.report)
        gen.report = [&progress](double f) { progress.report(0.5 * f); };
    auto workload = analyzeSpec(input.spec, input.admission.scheduler.limits, gen);
    side.workload = workload;
    if (workload->trace->requests.size() <= admissionLimit) {
        SimulationConfig config = input.admission;
        config.scheduler.reportTokens = false;
        ProgressSink sim = progress;
        if (progress.report)
            sim.report = [&progress](double f) { progress.report(0.5 + 0.5 * f); };
        // 150 time bins: two overlaid timelines stay readable (the designer's single one uses 600).
        side.admission = analyzeAdmission(workload->trace, config, sim, 150);
    }
    return side;
}

namespace {

// Bins integer lengths of both traces on the same edges: integer-aligned bins over [lo, hi].
std::pair<Histogram, Histogram> commonLengthHistograms(const Trace& a, const Trace& b, bool input, int bins)
{
    auto len = [input](const Request& r) { return input ? r.inputLen : r.outputLen; };
    std::uint32_t lo = std::numeric_limits<std::uint32_t>::max(), hi = 0;
    for (const Trace* t : { &a, &b })
        for (const auto& r : t->requests) {
            lo = std::min(lo, len(r));
            hi = std::max(hi, len(r));
        }
    Histogram ha, hb;
    if (lo > hi)
        return { ha, hb };
    const std::uint64_t span = std::uint64_t(hi) - lo + 1;
    const std::uint64_t width
        = std::max<std::uint64_t>(1, (span + std::uint64_t(std::max(1, bins)) - 1) / std::uint64_t(std::max(1, bins)));
    const std::size_t nb = std::size_t((span + width - 1) / width);
    std::vector<double> edges(nb + 1);
    for (std::size_t i = 0; i <= nb; ++i)
        edges[i] = double(lo) + double(i * width);
    for (auto [t, h] : { std::pair { &a, &ha }, std::pair { &b, &hb } }) {
        h->edges = edges;
        h->counts.assign(nb, 0);
        for (const auto& r : t->requests)
            ++h->counts[std::min<std::size_t>(nb - 1, std::size_t((len(r) - lo) / width))];
    }
    return { ha, hb };
}

std::vector<double> gapsOf(const Trace& t)
{
    std::vector<double> g;
    if (t.requests.size() < 2)
        return g;
    g.reserve(t.requests.size() - 1);
    for (std::size_t i = 1; i < t.requests.size(); ++i)
        g.push_back(t.requests[i].time - t.requests[i - 1].time);
    return g;
}

// Log-spaced bins over both traces' gaps, at most six decades wide (as TraceStats::gaps); smaller
// and zero gaps are counted in the first bin, so every gap is counted.
std::pair<Histogram, Histogram> commonGapHistograms(const Trace& a, const Trace& b, int bins)
{
    const auto ga = gapsOf(a), gb = gapsOf(b);
    double maxGap = 0, minPos = std::numeric_limits<double>::infinity();
    for (const auto* g : { &ga, &gb })
        for (double v : *g) {
            maxGap = std::max(maxGap, v);
            if (v > 0)
                minPos = std::min(minPos, v);
        }
    Histogram ha, hb;
    if (!(maxGap > 0))
        return { ha, hb };
    const int nb = std::max(1, bins);
    double lo = std::log10(std::max(minPos, maxGap * 1e-6));
    double hi = std::log10(maxGap);
    if (!(hi > lo))
        lo = hi - 1;
    std::vector<double> edges(std::size_t(nb) + 1);
    for (int i = 0; i <= nb; ++i)
        edges[std::size_t(i)] = std::pow(10.0, lo + (hi - lo) * i / nb);
    for (auto [g, h] : { std::pair { &ga, &ha }, std::pair { &gb, &hb } }) {
        h->edges = edges;
        h->counts.assign(std::size_t(nb), 0);
        for (double v : *g) {
            int bin = v > 0 ? int(std::floor((std::log10(v) - lo) / (hi - lo) * nb)) : 0;
            ++h->counts[std::size_t(std::clamp(bin, 0, nb - 1))];
        }
    }
    return { ha, hb };
}

std::pair<Histogram, Histogram> commonArrivalHistograms(const Trace& a, const Trace& b, int bins)
{
    Histogram ha, hb;
    const double window = std::max(a.window(), b.window());
    if (!(window > 0))
        return { ha, hb };
    if (bins <= 0) {
        const auto smaller = std::min(a.requests.size(), b.requests.size());
        bins = int(std::clamp<std::size_t>(smaller / 25, 20, 300));
    }
    std::vector<double> edges(std::size_t(bins) + 1);
    for (int i = 0; i <= bins; ++i)
        edges[std::size_t(i)] = window * i / bins;
    for (auto [t, h] : { std::pair { &a, &ha }, std::pair { &b, &hb } }) {
        h->edges = edges;
        h->counts.assign(std::size_t(bins), 0);
        for (const auto& r : t->requests)
            ++h->counts[std::size_t(std::clamp(int(r.time / window * bins), 0, bins - 1))];
    }
    return { ha, hb };
}

std::vector<double> shareByRank(const TraceStats& s)
{
    std::vector<std::uint64_t> counts;
    for (auto c : s.perAdapterCount)
        if (c > 0)
            counts.push_back(c);
    std::sort(counts.begin(), counts.end(), std::greater<>());
    const double total = double(std::accumulate(counts.begin(), counts.end(), std::uint64_t(0)));
    std::vector<double> share(counts.size());
    for (std::size_t i = 0; i < counts.size(); ++i)
        share[i] = double(counts[i]) / total;
    return share;
}

double sortedQuantile(const std::vector<double>& v, double pct)
{
    if (v.empty())
        return NAN;
    const double pos = pct / 100.0 * double(v.size() - 1);
    const auto i = std::size_t(std::floor(pos));
    if (i + 1 >= v.size())
        return v.back();
    return v[i] + (pos - double(i)) * (v[i + 1] - v[i]);
}

} // namespace

std::vector<double> latencyQuantiles(const SimulationResult& result, int which, const std::vector<double>& percentiles)
{
    // The same selection as the engine's summary: not rejected, admitted (wait), with a first
    // token (TTFT), finished (E2E).
    std::vector<double> v;
    v.reserve(result.requests.size());
    for (const auto& r : result.requests) {
        if (r.rejected != RejectReason::None || std::isnan(r.admitted))
            continue;
        const double end = which == 0 ? r.admitted : which == 1 ? r.firstToken : r.finished;
        if (!std::isnan(end))
            v.push_back(end - r.arrival);
    }
    std::sort(v.begin(), v.end());
    std::vector<double> out;
    out.reserve(percentiles.size());
    for (double p : percentiles)
        out.push_back(sortedQuantile(v, p));
    return out;
}

Comparison compareSides(CompareSide a, CompareSide b, std::vector<ParameterDiff> diffs, const CompareOptions& options)
{
    Comparison c;
    c.a = std::move(a);
    c.b = std::move(b);
    c.diffs = std::move(diffs);
    if (!c.a.workload || !c.b.workload)
        return c;
    const Trace& ta = *c.a.workload->trace;
    const Trace& tb = *c.b.workload->trace;
    const TraceStats& sa = c.a.workload->stats;
    const TraceStats& sb = c.b.workload->stats;
    c.shareA = shareByRank(sa);
    c.shareB = shareByRank(sb);
    // Automatic bin counts: small traces get fewer, wider bins so two overlaid histograms stay readable.
    const auto smaller = std::min(ta.requests.size(), tb.requests.size());
    const int gapBins = options.gapBins > 0 ? options.gapBins : int(std::clamp<std::size_t>(smaller / 12, 15, 60));
    const int lengthBins
        = options.lengthBins > 0 ? options.lengthBins : int(std::clamp<std::size_t>(smaller / 20, 10, 50));
    std::tie(c.gapsA, c.gapsB) = commonGapHistograms(ta, tb, gapBins);
    std::tie(c.inputA, c.inputB) = commonLengthHistograms(ta, tb, true, lengthBins);
    std::tie(c.outputA, c.outputB) = commonLengthHistograms(ta, tb, false, lengthBins);
    std::tie(c.arrivalsA, c.arrivalsB) = commonArrivalHistograms(ta, tb, options.timelineBins);

    auto fig = [&](const char* key, double va, double vb) { c.figures.push_back({ key, va, vb }); };
    fig("requests", double(sa.count), double(sb.count));
    fig("achievedRate", sa.achievedRate, sb.achievedRate);
    fig("gapCv", sa.gapCv, sb.gapCv);
    fig("fittedAlpha", sa.fittedAlpha, sb.fittedAlpha);
    fig("overLimits", double(sa.overAnyLimit), double(sb.overAnyLimit));
    const SimulationSummary* ma = c.a.admission ? &c.a.admission->result.summary : nullptr;
    const SimulationSummary* mb = c.b.admission ? &c.b.admission->result.summary : nullptr;
    auto lat = [&](const char* key, const LatencyStats SimulationSummary::*stat, double LatencyStats::*q) {
        fig(key, ma ? (ma->*stat).*q : NAN, mb ? (mb->*stat).*q : NAN);
    };
    auto sum = [&](const char* key, auto get) { fig(key, ma ? double(get(*ma)) : NAN, mb ? double(get(*mb)) : NAN); };
    sum("finished", [](const SimulationSummary& m) { return m.finished; });
    lat("waitP50", &SimulationSummary::wait, &LatencyStats::p50);
    lat("waitP90", &SimulationSummary::wait, &LatencyStats::p90);
    lat("waitP99", &SimulationSummary::wait, &LatencyStats::p99);
    lat("ttftP50", &SimulationSummary::ttft, &LatencyStats::p50);
    lat("ttftP90", &SimulationSummary::ttft, &LatencyStats::p90);
    lat("ttftP99", &SimulationSummary::ttft, &LatencyStats::p99);
    lat("e2eP50", &SimulationSummary::e2e, &LatencyStats::p50);
    lat("e2eP90", &SimulationSummary::e2e, &LatencyStats::p90);
    lat("e2eP99", &SimulationSummary::e2e, &LatencyStats::p99);
    sum("throughput", [](const SimulationSummary& m) { return m.requestThroughput; });
    sum("tokenThroughput", [](const SimulationSummary& m) { return m.tokenThroughput; });
    sum("sloAttainment", [](const SimulationSummary& m) { return 100.0 * m.sloAttainment; });
    sum("peakKvNeed", [](const SimulationSummary& m) { return m.peakKvNeed; });
    sum("adapterLoads", [](const SimulationSummary& m) { return m.adapterLoads; });

    if (c.a.admission || c.b.admission) {
        for (int p = 0; p <= 98; ++p)
            c.percentiles.push_back(p);
        for (double p : { 99.0, 99.5, 99.9, 100.0 })
            c.percentiles.push_back(p);
        auto q = [&](const CompareSide& s, int which) {
            return s.admission ? latencyQuantiles(s.admission->result, which, c.percentiles) : std::vector<double>();
        };
        c.waitA = q(c.a, 0);
        c.waitB = q(c.b, 0);
        c.ttftA = q(c.a, 1);
        c.ttftB = q(c.b, 1);
        c.e2eA = q(c.a, 2);
        c.e2eB = q(c.b, 2);
    }
    return c;
}

} // namespace lorascope
