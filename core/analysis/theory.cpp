// SPDX-License-Identifier: Apache-2.0
#include "analysis/theory.h"

#include "workload/generator.h"
#include "workload/lengths.h"

#include <boost/math/special_functions/gamma.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>

namespace lorascope {

namespace {

bool batchStyle(const WorkloadSpec& spec)
{
    const auto k = spec.popularity.kind;
    return spec.adapterCount == 0 || k == PopularityKind::Distinct || k == PopularityKind::UniformGroups
        || k == PopularityKind::Identical;
}

double effectiveCv(const WorkloadSpec& spec, double cv)
{
    return spec.arrival.kind == ArrivalKind::Poisson ? 1.0 : cv;
}

// Survival P(X > t) of one renewal gap with rate λ and shape k (k = 0: constant gaps 1/λ).
double gapSurvival(double rate, double shape, double t)
{
    if (t <= 0)
        return 1.0;
    if (shape == 0)
        return t < 1.0 / rate ? 1.0 : 0.0;
    if (shape == 1.0)
        return std::exp(-rate * t);
    const double x = t * rate * shape; // t / θ with θ = 1 / (kλ)
    return boost::math::gamma_q(shape, x);
}

// Survival of the forward-recurrence time of a stationary renewal process:
// Sᵉ(t) = (1/μ)∫_t^∞ S(u) du = Q(k+1, x) − (x/k)·Q(k, x), x = t/θ.
double equilibriumSurvival(double rate, double shape, double t)
{
    if (t <= 0)
        return 1.0;
    if (shape == 0)
        return std::max(0.0, 1.0 - t * rate);
    if (shape == 1.0)
        return std::exp(-rate * t);
    const double x = t * rate * shape;
    const double v = boost::math::gamma_q(shape + 1.0, x) - x / shape * boost::math::gamma_q(shape, x);
    return std::clamp(v, 0.0, 1.0);
}

} // namespace

std::vector<double> expectedAdapterCounts(const WorkloadSpec& spec, double total)
{
    auto shares = popularityShares(spec);
    for (auto& s : shares)
        s *= total;
    return shares;
}

GapTheory::GapTheory(const WorkloadSpec& spec)
{
    if (spec.rate <= 0)
        return;
    const bool constantGaps = spec.arrival.kind == ArrivalKind::Constant;
    auto shapeOf = [&](double cv) {
        if (constantGaps)
            return 0.0;
        const double c = effectiveCv(spec, cv);
        return c > 0 ? 1.0 / (c * c) : 0.0;
    };
    m_totalRate = spec.rate;
    if (spec.generator == GeneratorKind::Slora) {
        // S-LoRA always draws Gamma gaps (its cv), whatever the arrival kind says.
        const double c = effectiveCv(spec, spec.arrival.cv);
        m_processes.push_back({ spec.rate, c > 0 ? 1.0 / (c * c) : 0.0, 1.0 });
        m_supported = true;
        return;
    }
    if (spec.arrival.kind == ArrivalKind::OnOff || spec.arrival.kind == ArrivalKind::Schedule)
        return;
    if (batchStyle(spec)) {
        m_processes.push_back({ spec.rate, shapeOf(spec.arrival.cv), 1.0 });
        m_supported = true;
        return;
    }
    const auto shares = popularityShares(spec);
    std::vector<double> cvs(shares.size(), spec.arrival.cv);
    for (const auto& g : spec.groups) {
        if (!g.cv)
            continue;
        for (std::uint32_t i = g.first; i < g.first + g.count && i < cvs.size(); ++i)
            cvs[i] = *g.cv;
    }
    // Adapters with the same (rate, shape) contribute identically: group them (uniform popularity).
    std::map<std::pair<double, double>, double> groups;
    for (std::size_t i = 0; i < shares.size(); ++i) {
        if (shares[i] > 0)
            groups[{ spec.rate * shares[i], shapeOf(cvs[i]) }] += 1.0;
    }
    for (const auto& [key, count] : groups)
        m_processes.push_back({ key.first, key.second, count });
    m_merged = true;
    m_supported = !m_processes.empty();
}

double GapTheory::survival(double t) const
{
    if (!m_supported)
        return 0.0;
    if (!m_merged)
        return gapSurvival(m_processes[0].rate, m_processes[0].shape, t);
    if (t <= 0)
        return 1.0;
    // Σᵢ (λᵢ/Λ)·Sᵢ(t)·Π_{j≠i} Sᵉⱼ(t) = Π_j Sᵉⱼ(t) · Σᵢ (λᵢ/Λ)·Sᵢ(t)/Sᵉᵢ(t), in logs for the product.
    double logProduct = 0;
    double sum = 0;
    double rateSum = 0;
    for (const auto& p : m_processes)
        rateSum += p.rate * p.weight;
    for (const auto& p : m_processes) {
        const double se = equilibriumSurvival(p.rate, p.shape, t);
        if (!(se > 0))
            return 0.0;
        logProduct += p.weight * std::log(se);
        sum += p.weight * p.rate / rateSum * gapSurvival(p.rate, p.shape, t) / se;
    }
    return std::clamp(std::exp(logProduct) * sum, 0.0, 1.0);
}

std::vector<double> GapTheory::expectedCounts(const Histogram& gaps) const
{
    std::vector<double> out;
    if (!m_supported || gaps.edges.size() < 2)
        return out;
    const double total = static_cast<double>(gaps.total());
    std::vector<double> surv(gaps.edges.size());
    for (std::size_t i = 0; i < gaps.edges.size(); ++i)
        surv[i] = survival(gaps.edges[i]);
    out.resize(gaps.counts.size());
    for (std::size_t b = 0; b < out.size(); ++b)
        out[b] = total * std::max(0.0, surv[b] - surv[b + 1]);
    return out;
}

std::pair<double, double> GapTheory::expectedOutside(const Histogram& gaps) const
{
    if (!m_supported || gaps.edges.size() < 2)
        return { 0.0, 0.0 };
    const double total = static_cast<double>(gaps.total());
    return { total * std::max(0.0, 1.0 - survival(gaps.edges.front())),
        total * std::max(0.0, survival(gaps.edges.back())) };
}

std::string GapTheory::describe() const
{
    if (!m_supported)
        return "no stationary gap law (rate varies over time)";
    char buf[160];
    auto one = [&](const Process& p) {
        if (p.shape == 0)
            std::snprintf(buf, sizeof buf, "constant gaps of %.4g s", 1.0 / p.rate);
        else
            std::snprintf(buf, sizeof buf, "Gamma(k = %.4g, θ = %.4g s)", p.shape, 1.0 / (p.shape * p.rate));
        return std::string(buf);
    };
    if (!m_merged)
        return one(m_processes[0]);
    double count = 0;
    for (const auto& p : m_processes)
        count += p.weight;
    std::snprintf(buf, sizeof buf, "merge of %.0f stationary renewal processes", count);
    return buf;
}

GapTheory::Description GapTheory::description() const
{
    Description d;
    if (!m_supported)
        return d;
    if (m_merged) {
        d.kind = Description::Kind::Merge;
        for (const auto& p : m_processes)
            d.processes += p.weight;
        return d;
    }
    const Process& p = m_processes[0];
    if (p.shape == 0) {
        d.kind = Description::Kind::Constant;
        d.gap = 1.0 / p.rate;
    } else {
        d.kind = Description::Kind::Gamma;
        d.shape = p.shape;
        d.theta = 1.0 / (p.shape * p.rate);
    }
    return d;
}

std::vector<double> expectedLengthCounts(const WorkloadSpec& spec, bool input, const Histogram& histogram)
{
    std::vector<double> out;
    if (histogram.edges.size() < 2)
        return out;
    // Mixture weights: default distribution plus each group override, weighted by popularity share.
    std::vector<std::pair<double, std::unique_ptr<LengthSampler>>> parts;
    const auto shares = popularityShares(spec);
    double groupShare = 0;
    if (spec.generator == GeneratorKind::PerAdapter && !batchStyle(spec)) {
        for (const auto& g : spec.groups) {
            const auto& ls = input ? g.input : g.output;
            if (!ls)
                continue;
            double s = 0;
            for (std::uint32_t i = g.first; i < g.first + g.count && i < shares.size(); ++i)
                s += shares[i];
            if (s > 0) {
                parts.emplace_back(s, std::make_unique<LengthSampler>(*ls));
                groupShare += s;
            }
        }
    }
    parts.emplace_back(
        std::max(0.0, 1.0 - groupShare), std::make_unique<LengthSampler>(input ? spec.input : spec.output));
    const double total = static_cast<double>(histogram.total());
    out.assign(histogram.counts.size(), 0.0);
    // Bin b holds the integers [edges[b], edges[b+1] − 1].
    for (const auto& [w, sampler] : parts) {
        if (w <= 0)
            continue;
        for (std::size_t b = 0; b < out.size(); ++b) {
            const auto lo = static_cast<std::int64_t>(std::llround(histogram.edges[b]));
            const auto hi = static_cast<std::int64_t>(std::llround(histogram.edges[b + 1]));
            out[b] += total * w * (sampler->cdf(hi - 1) - sampler->cdf(lo - 1));
        }
    }
    return out;
}

std::vector<double> expectedTimelineCounts(const WorkloadSpec& spec, const Histogram& timeline)
{
    std::vector<double> out(timeline.counts.size(), 0.0);
    if (timeline.edges.size() < 2)
        return out;
    if (spec.generator == GeneratorKind::Slora) {
        // int(R·T) arrivals at rate R; arrivals past the requested duration are still made.
        for (std::size_t b = 0; b < out.size(); ++b)
            out[b] = spec.rate * (timeline.edges[b + 1] - timeline.edges[b]);
        return out;
    }
    RateProfile profile(spec, spec.seed);
    // Integrate the profile with the midpoint rule on sub-steps (exact for piecewise-linear
    // rates away from knots; the error at a knot is second order in the sub-step).
    constexpr int kSub = 16;
    for (std::size_t b = 0; b < out.size(); ++b) {
        const double t0 = timeline.edges[b];
        const double t1 = std::min(timeline.edges[b + 1], spec.duration);
        if (t1 <= t0)
            continue;
        const double h = (t1 - t0) / kSub;
        double s = 0;
        for (int k = 0; k < kSub; ++k)
            s += profile.rateAt(t0 + (k + 0.5) * h);
        out[b] = s * h;
    }
    return out;
}

PopularitySummary summarizePopularity(const WorkloadSpec& spec)
{
    PopularitySummary s;
    auto shares = popularityShares(spec);
    if (shares.empty())
        return s;
    std::sort(shares.begin(), shares.end(), std::greater<>());
    s.hottestShare = shares.front();
    s.coldestShare = shares.back();
    double acc = 0;
    for (std::size_t i = 0; i < shares.size(); ++i) {
        acc += shares[i];
        if (i < 10)
            s.top10Share = acc;
        if (s.adaptersForHalf == 0 && acc >= 0.5 - 1e-12)
            s.adaptersForHalf = static_cast<std::uint32_t>(i + 1);
    }
    return s;
}

} // namespace lorascope
