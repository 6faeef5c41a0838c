// SPDX-License-Identifier: Apache-2.0
#include "fit/fit.h"
#include "fit/sessionfit.h"

#include "fit/fitmath.h"

#include "random/rng.h"
#include "util/error.h"
#include "workload/generator.h"
#include "workload/lengths.h"
#include "workload/stats.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <numeric>

namespace lorascope {

using fitmath::kNaN;

namespace {

/// A figure in a note: four significant digits ("1.07", "13.15"), not the 17 of an exact double.
std::string shortNumber(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

double cvOf(const std::vector<double>& v, double mean)
{
    if (v.size() < 2 || !(mean > 0))
        return kNaN;
    double ss = 0;
    for (double x : v)
        ss += (x - mean) * (x - mean);
    return std::sqrt(ss / static_cast<double>(v.size() - 1)) / mean;
}

} // namespace

WorkloadSpec rescaleSpec(const WorkloadSpec& in, double rate, std::uint32_t adapters, double duration)
{
    WorkloadSpec s = in;
    if (duration > 0) {
        if (s.arrival.kind == ArrivalKind::Schedule && s.duration > 0) {
            const double k = duration / s.duration;
            for (auto& p : s.arrival.schedule)
                p.time *= k;
        }
        s.duration = duration;
    }
    if (rate > 0) {
        if (s.arrival.kind == ArrivalKind::Schedule && s.rate > 0) {
            const double k = rate / s.rate;
            for (auto& p : s.arrival.schedule)
                p.rate *= k;
        }
        if (s.arrival.kind == ArrivalKind::OnOff && s.rate > 0) {
            const double k = rate / s.rate;
            s.arrival.onOff.onRate *= k;
            s.arrival.onOff.offRate *= k;
        }
        s.rate = rate;
    }
    if (adapters > 0 && adapters != s.adapterCount) {
        if (s.popularity.kind == PopularityKind::Weights && !s.popularity.weights.empty()) {
            // Resample the weight curve over relative rank.
            const auto& w = s.popularity.weights;
            std::vector<double> nw(adapters);
            for (std::uint32_t i = 0; i < adapters; ++i) {
                const double pos = (static_cast<double>(i) + 0.5) / adapters * static_cast<double>(w.size()) - 0.5;
                const auto k = static_cast<std::size_t>(std::clamp(pos, 0.0, static_cast<double>(w.size() - 1)));
                const auto k2 = std::min(k + 1, w.size() - 1);
                const double f = std::clamp(pos - static_cast<double>(k), 0.0, 1.0);
                nw[i] = w[k] * (1 - f) + w[k2] * f;
            }
            s.popularity.weights = std::move(nw);
        }
        s.groups.clear(); // per-adapter groups refer to the old indices
        s.adapterCount = adapters;
    }
    return s;
}

FitResult fitTrace(const Trace& trace, const FitOptions& options)
{
    FitResult result;
    FitReport& rep = result.report;
    const auto& reqs = trace.requests;
    std::vector<std::size_t> used;
    used.reserve(reqs.size());
    for (std::size_t i = 0; i < reqs.size(); ++i) {
        if (options.excludeFailed && trace.isFailed(i)) {
            ++rep.excludedFailed;
            continue;
        }
        used.push_back(i);
    }
    if (used.size() < 2)
        throw InputError(
            "cannot fit a workload to " + std::to_string(used.size()) + " request(s): at least 2 are needed",
            trace.source);
    rep.requests = used.size();
    // From the first arrival when the trace has no duration: a slice of a real trace starts late.
    rep.windowStart = trace.windowStart();
    rep.window = trace.windowLength();
    if (!(rep.window > 0))
        throw InputError(
            "cannot fit a workload: all requests arrive at the same time (the trace covers 0 seconds)", trace.source);
    rep.rate = static_cast<double>(used.size()) / rep.window;
    if (rep.windowStart > 0)
        rep.notes.push_back({ "fit_window_offset",
            "the trace starts at " + shortNumber(rep.windowStart) + " s: the window (" + shortNumber(rep.window)
                + " s) and the rate are measured from its first arrival, and the fitted spec starts at 0",
            { shortNumber(rep.windowStart), shortNumber(rep.window) } });

    // Rate over time.
    const int bins = std::max(1, options.rateBins);
    rep.binSeconds = rep.window / bins;
    rep.rateOverTime.assign(static_cast<std::size_t>(bins), 0.0);
    for (auto i : used) {
        auto b = static_cast<std::size_t>((reqs[i].time - rep.windowStart) / rep.binSeconds);
        rep.rateOverTime[std::min(b, rep.rateOverTime.size() - 1)] += 1.0;
    }
    for (auto& r : rep.rateOverTime)
        r /= rep.binSeconds;
    {
        const double m = std::accumulate(rep.rateOverTime.begin(), rep.rateOverTime.end(), 0.0) / bins;
        double ss = 0;
        for (double r : rep.rateOverTime)
            ss += (r - m) * (r - m);
        rep.rateCv = m > 0 ? std::sqrt(ss / bins) / m : kNaN;
    }

    // Gaps overall and per adapter.
    {
        std::vector<double> gaps;
        gaps.reserve(used.size());
        for (std::size_t k = 1; k < used.size(); ++k)
            gaps.push_back(reqs[used[k]].time - reqs[used[k - 1]].time);
        const double mean = std::accumulate(gaps.begin(), gaps.end(), 0.0) / static_cast<double>(gaps.size());
        rep.cvOverall = cvOf(gaps, mean);
    }
    const std::size_t nAdapters = trace.adapters.size();
    std::vector<std::uint64_t> counts(nAdapters, 0);
    {
        std::vector<double> last(nAdapters, -1.0);
        std::vector<std::vector<double>> gaps(nAdapters);
        for (auto i : used) {
            const auto a = reqs[i].adapter;
            if (a == kNoAdapter || a >= nAdapters)
                continue;
            ++counts[a];
            if (last[a] >= 0)
                gaps[a].push_back(reqs[i].time - last[a]);
            last[a] = reqs[i].time;
        }
        rep.cvByAdapter.assign(nAdapters, kNaN);
        double pooledSs = 0, pooledDf = 0;
        for (std::size_t a = 0; a < nAdapters; ++a) {
            if (counts[a] > 0)
                ++rep.adaptersUsed;
            if (gaps[a].size() < 2)
                continue;
            const double m = std::accumulate(gaps[a].begin(), gaps[a].end(), 0.0) / static_cast<double>(gaps[a].size());
            if (!(m > 0))
                continue;
            rep.cvByAdapter[a] = cvOf(gaps[a], m);
            for (double g : gaps[a])
                pooledSs += (g / m - 1) * (g / m - 1);
            pooledDf += static_cast<double>(gaps[a].size() - 1);
        }
        rep.cvPerAdapter = pooledDf > 0 ? std::sqrt(pooledSs / pooledDf) : kNaN;
    }

    // Popularity.
    const bool orderKnown = trace.adapterOrderKnown;
    if (nAdapters >= 2)
        rep.popularity = fitPopularity(counts, orderKnown, options.seed);
    else
        rep.popularity.adapters = static_cast<std::uint32_t>(nAdapters);

    // Lengths.
    auto lengthHistogram = [&](bool input) {
        std::map<std::uint32_t, std::uint64_t> m;
        for (auto i : used)
            ++m[input ? reqs[i].inputLen : reqs[i].outputLen];
        std::vector<std::pair<std::uint32_t, std::uint64_t>> h(m.begin(), m.end());
        if (!h.empty() && h.front().first == 0) {
            const std::string which = input ? "input" : "output", count = std::to_string(h.front().second);
            rep.notes.push_back({ "fit_zero_lengths",
                which + " lengths of 0 tokens (" + count + " requests) are left out of the length fit",
                { which, count } });
            h.erase(h.begin());
        }
        return h;
    };
    rep.input = fitLengths(lengthHistogram(true));
    rep.output = fitLengths(lengthHistogram(false));
    // Sessions and shared prefixes: the input law is each request's own new text (fit/sessionfit.cpp).
    rep.sessions = fitSessions(trace, used);
    if (rep.sessions.prefixes && !rep.sessions.messageLengths.empty())
        rep.input = fitLengths(rep.sessions.messageLengths);

    // The spec.
    WorkloadSpec& s = result.spec;
    if (trace.spec) {
        s.naming = trace.spec->naming;
    } else {
        if (!trace.baseModel.empty())
            s.naming.baseModel = trace.baseModel;
        std::map<int, int> ranks;
        for (const auto& a : trace.adapters)
            if (a.rank > 0)
                ++ranks[a.rank];
        if (!ranks.empty())
            s.naming.defaultRank = std::max_element(ranks.begin(), ranks.end(), [](auto& a, auto& b) {
                return a.second < b.second;
            })->first;
    }
    s.preset.clear();
    s.seed = options.seed;
    s.duration = rep.window;
    s.rate = rep.rate;
    s.adapterCount = static_cast<std::uint32_t>(nAdapters);
    if (nAdapters >= 2 && rep.popularity.chosen == PopularityKind::Zipf) {
        s.popularity.kind = PopularityKind::Zipf;
        s.popularity.zipfS = rep.popularity.zipfS;
    } else {
        s.popularity.kind = PopularityKind::Power;
        s.popularity.alpha = nAdapters >= 2 ? rep.popularity.alpha : 1.0;
    }
    const bool perAdapterCvKnown = nAdapters >= 2 && std::isfinite(rep.cvPerAdapter);
    double cv = perAdapterCvKnown ? rep.cvPerAdapter : rep.cvOverall;
    s.arrival.kind = ArrivalKind::Gamma;
    if (auto* in = rep.input.best())
        s.input = in->spec;
    if (auto* out = rep.output.best())
        s.output = out->spec;

    // Where does the burstiness live? Independent per-adapter processes merge towards Poisson
    // (overall cv near 1); one bursty process whose requests pick adapters at random (S-LoRA's
    // generator, or most real traces with adapters assigned afterwards) keeps its cv overall and
    // looks Poisson per adapter.
    s.generator = GeneratorKind::PerAdapter;
    if (perAdapterCvKnown && std::abs(rep.cvOverall - 1) > 0.1
        && std::abs(rep.cvPerAdapter - 1) < 0.5 * std::abs(rep.cvOverall - 1)) {
        const bool sloraExpressible = s.input.kind == LengthKind::Uniform && s.output.kind == LengthKind::Uniform
            && s.popularity.kind == PopularityKind::Power && s.seed <= 0xFFFFFFFFull && !options.rateSchedule;
        if (sloraExpressible) {
            s.generator = GeneratorKind::Slora;
            cv = rep.cvOverall;
            rep.notes.push_back({ "fit_burst_total_slora",
                "the burstiness is in the total arrival process (gap cv " + shortNumber(rep.cvOverall) + " overall, "
                    + shortNumber(rep.cvPerAdapter)
                    + " per adapter): fitted with the slora generator (one Gamma process, adapters drawn per request)",
                { shortNumber(rep.cvOverall), shortNumber(rep.cvPerAdapter) } });
        } else {
            rep.notes.push_back({ "fit_burst_total",
                "the burstiness is in the total arrival process (gap cv " + shortNumber(rep.cvOverall) + " overall, "
                    + shortNumber(rep.cvPerAdapter) + " per adapter); the per-adapter model with cv " + shortNumber(cv)
                    + " will look less bursty in total",
                { shortNumber(rep.cvOverall), shortNumber(rep.cvPerAdapter), shortNumber(cv) } });
        }
    }
    s.arrival.cv = std::clamp(std::isfinite(cv) && cv > 0 ? cv : 1.0, 1e-3, 100.0);
    if (options.rateSchedule && s.generator == GeneratorKind::PerAdapter) {
        s.arrival.kind = ArrivalKind::Schedule;
        s.arrival.schedule.clear();
        for (std::size_t b = 0; b < rep.rateOverTime.size(); ++b)
            s.arrival.schedule.push_back({ (static_cast<double>(b) + 0.5) * rep.binSeconds, rep.rateOverTime[b] });
        s.arrival.schedule.front().time = 0;
        if (s.arrival.schedule.size() == 1)
            s.arrival.schedule.push_back({ rep.window, rep.rateOverTime.front() });
    }
    if (!orderKnown && nAdapters >= 2)
        rep.notes.push_back({ "fit_order_unknown",
            "the file does not give the adapters' popularity order: ranks were matched by request count and the skew "
            "corrected for that",
            {} });
    if (nAdapters == 0)
        rep.notes.push_back({ "fit_no_adapters",
            "the trace has no adapters (base model only); import with adapter assignment to fit popularity", {} });

    applySessionFit(rep.sessions, s);
    if (rep.sessions.prefixes && s.generator == GeneratorKind::Slora)
        s.generator = GeneratorKind::PerAdapter; // S-LoRA's generator has neither sessions nor prefixes
    s = rescaleSpec(s, options.targetRate, options.targetAdapters, options.targetDuration);
    validateOrThrow(s, trace.source);
    return result;
}

// ---------------------------------------------------------------------------------------------

namespace {

nlohmann::json num(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

nlohmann::json lengthFitJson(const LengthFit& f)
{
    nlohmann::json j;
    j["count"] = f.count;
    j["mean"] = num(f.mean);
    j["min"] = f.min;
    j["max"] = f.max;
    nlohmann::json cands = nlohmann::json::array();
    for (const auto& c : f.candidates) {
        cands.push_back(
            { { "kind", toString(c.spec.kind) }, { "spec", toJson(c.spec) }, { "log_likelihood", num(c.logLikelihood) },
                { "parameters", c.parameters }, { "bic", num(c.bic) }, { "ks", num(c.ks) } });
    }
    j["candidates"] = cands;
    j["chosen"] = f.best() ? nlohmann::json(toString(f.best()->spec.kind)) : nlohmann::json(nullptr);
    return j;
}

} // namespace

nlohmann::json toJson(const FitReport& r)
{
    nlohmann::json j;
    j["requests"] = r.requests;
    j["excluded_failed"] = r.excludedFailed;
    j["window_start_s"] = num(r.windowStart);
    j["window_s"] = num(r.window);
    j["rate"] = num(r.rate);
    j["rate_over_time"] = { { "bin_s", num(r.binSeconds) }, { "rates", r.rateOverTime }, { "cv", num(r.rateCv) } };
    j["cv_overall"] = num(r.cvOverall);
    j["cv_per_adapter"] = num(r.cvPerAdapter);
    nlohmann::json cvs = nlohmann::json::array();
    for (double c : r.cvByAdapter)
        cvs.push_back(num(c));
    j["cv_by_adapter"] = cvs;
    j["adapters_used"] = r.adaptersUsed;
    const auto& p = r.popularity;
    j["popularity"] = { { "adapters", p.adapters }, { "order_known", p.orderKnown }, { "alpha", num(p.alpha) },
        { "alpha_stderr", num(p.alphaStdErr) }, { "alpha_log_likelihood", num(p.alphaLogLik) },
        { "zipf_s", num(p.zipfS) }, { "zipf_log_likelihood", num(p.zipfLogLik) }, { "chosen", toString(p.chosen) },
        { "ks", num(p.ks) } };
    j["input"] = lengthFitJson(r.input);
    j["output"] = lengthFitJson(r.output);
    if (r.sessions.prefixes) {
        const auto& f = r.sessions;
        j["sessions"] = { { "sessions", f.sessionCount },
            { "turns", f.sessions ? lengthFitJson(f.turns) : nlohmann::json(nullptr) },
            { "think_mean_s", num(f.thinkMean) }, { "think_cv", num(f.thinkCv) },
            { "think_kind", toString(f.think.kind) },
            { "service",
                { { "first_token_s", num(f.service.firstTokenSeconds) },
                    { "per_output_token_s", num(f.service.perOutputTokenSeconds) } } },
            { "system_tokens", f.systemTokens },
            { "prefix_group",
                { { "count", f.groupCount }, { "tokens", f.groupTokens }, { "share", num(f.groupShare) } } } };
    }
    auto& notes = j["notes"] = nlohmann::json::array();
    for (const UserNote& n : r.notes)
        notes.push_back(n.text);
    return j;
}

} // namespace lorascope
