// SPDX-License-Identifier: Apache-2.0
#include "workload/generator.h"
#include "workload/tierspec.h"

#include "random/numpylegacy.h"
#include "random/rng.h"
#include "util/error.h"
#include "util/memory.h"
#include "util/version.h"
#include "workload/lengths.h"
#include "workload/sessions.h"
#include "workload/streams.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <regex>

namespace lorascope {

namespace {
// Stream ids: adapter i uses stream i; these sit far above any adapter index.
constexpr std::uint64_t kProfileStream = 1ull << 40;
constexpr std::uint64_t kSingleStream = (1ull << 40) + 1;
constexpr std::size_t kProgressEvery = 1 << 16;
} // namespace

int rankFromName(const std::string& name)
{
    static const std::regex re("rank-([0-9]+)");
    std::smatch m;
    if (!std::regex_search(name, m, re))
        return -1;
    // Digits, not std::stoi: "rank-99999999999" must be a message naming the adapter, not an
    // out_of_range escaping from deep in a generator or an import.
    const std::string digits = m[1].str();
    std::int64_t rank = 0;
    for (char c : digits) {
        rank = rank * 10 + (c - '0');
        if (rank > kMaxAdapterRank)
            break;
    }
    if (rank < 1 || rank > kMaxAdapterRank) {
        const std::string shown = name.size() > 60 ? name.substr(0, 60) + "..." : name;
        throw InputError("adapter \"" + shown + "\": rank-"
                + (digits.size() > 20 ? digits.substr(0, 20) + "..." : digits) + " in its name is not a rank from 1 to "
                + std::to_string(kMaxAdapterRank),
            {}, 0, "adapter");
    }
    return static_cast<int>(rank);
}

std::vector<Adapter> makeAdapters(const WorkloadSpec& spec)
{
    const auto& nm = spec.naming;
    const std::size_t L = nm.names.size();
    std::vector<int> ranks(L);
    for (std::size_t j = 0; j < L; ++j) {
        int r = nm.ranks.empty() ? rankFromName(nm.names[j]) : nm.ranks[j];
        ranks[j] = r >= 0 ? r : nm.defaultRank;
    }
    std::vector<Adapter> out;
    out.reserve(spec.adapterCount);
    for (std::uint32_t k = 0; k < spec.adapterCount; ++k)
        out.push_back({ nm.names[k % L] + "-" + std::to_string(k / L), ranks[k % L] });
    return out;
}

std::uint32_t uniformGroupCount(const WorkloadSpec& spec)
{
    const double n = expectedRequestCount(spec);
    const auto g = static_cast<std::uint32_t>(std::ceil(std::sqrt(std::max(1.0, n))));
    return std::max<std::uint32_t>(1, std::min(spec.adapterCount, g));
}

std::vector<double> popularityShares(const WorkloadSpec& spec)
{
    const std::uint32_t n = spec.adapterCount;
    std::vector<double> p(n, 0.0);
    if (n == 0)
        return p;
    const auto& pop = spec.popularity;
    switch (pop.kind) {
    case PopularityKind::Power: {
        double prev = 0.0;
        for (std::uint32_t i = 0; i < n; ++i) {
            const double next = std::pow(static_cast<double>(i + 1) / n, pop.alpha);
            p[i] = next - prev;
            prev = next;
        }
        break;
    }
    case PopularityKind::Zipf: {
        double total = 0;
        for (std::uint32_t i = 0; i < n; ++i)
            total += p[i] = std::pow(static_cast<double>(i + 1), -pop.zipfS);
        for (auto& v : p)
            v /= total;
        break;
    }
    case PopularityKind::Uniform:
    case PopularityKind::Distinct:
        std::fill(p.begin(), p.end(), 1.0 / n);
        break;
    case PopularityKind::Weights: {
        double total = 0;
        for (std::uint32_t i = 0; i < n && i < pop.weights.size(); ++i)
            total += p[i] = pop.weights[i];
        for (auto& v : p)
            v = total > 0 ? v / total : 0.0;
        break;
    }
    case PopularityKind::UniformGroups: {
        const auto g = uniformGroupCount(spec);
        for (std::uint32_t i = 0; i < g; ++i)
            p[i] = 1.0 / g;
        break;
    }
    case PopularityKind::Identical:
        p[0] = 1.0;
        break;
    }
    if (!spec.tiers.empty()) { // the tiers' shares of the traffic (workload/tierspec.h)
        std::vector<std::string> names;
        for (const Adapter& a : makeAdapters(spec))
            names.push_back(a.name);
        applyTierShares(spec, tierOfAdapters(spec, names), p);
    }
    return p;
}

double expectedRequestCount(const WorkloadSpec& spec)
{
    if (spec.generator == GeneratorKind::Slora)
        return static_cast<double>(static_cast<std::int64_t>(spec.rate * spec.duration));
    return RateProfile(spec, spec.seed).total();
}

namespace {

/// Bytes of a trace of about `n` requests: the reserve (expected count plus a few standard
/// deviations), and below 2M requests the merge's per-thread copies (a key and a request each,
/// streams.cpp).
double traceBytes(double n, double cv)
{
    const double reserve = n + 6.0 * std::max(1.0, cv) * std::sqrt(std::max(n, 1.0)) + 64.0;
    const double parts = n <= 2e6 ? n * (sizeof(Request) + 16.0) : 0.0;
    return reserve * sizeof(Request) + parts;
}

/// Refuses a trace that cannot fit before any of it is allocated (util/memory.h).
void checkTraceFits(const WorkloadSpec& spec)
{
    const double n = expectedRequestCount(spec);
    checkMemoryFits(traceBytes(n, spec.arrival.cv),
        "a trace of about " + std::to_string(static_cast<std::uint64_t>(std::llround(n)))
            + " requests (the spec's rate × duration)",
        "lower the rate or the duration", "rate");
}

} // namespace

double traceMemoryBytes(const WorkloadSpec& spec)
{
    return traceBytes(expectedRequestCount(spec), spec.arrival.cv);
}

// ---------------------------------------------------------------------------------------------
// Rate profile

RateProfile::RateProfile(const WorkloadSpec& spec, std::uint64_t seed)
    : m_duration(spec.duration)
{
    const auto& a = spec.arrival;
    const double T = spec.duration;
    if (a.kind == ArrivalKind::OnOff) {
        m_constant = false;
        // Alternating exponential on/off periods; the first state is drawn from the stationary
        // distribution P(on) = meanOn / (meanOn + meanOff) and, exponential periods being
        // memoryless, its remaining length has the same law as a full period. validate() bounds
        // the expected number of periods (kMaxOnOffPeriods); the guard below holds for a spec that
        // was not validated too, so time and memory never follow a period of 1e-300 s.
        Rng rng(seed, kProfileStream);
        bool on = rng.uniform() < a.onOff.meanOn / (a.onOff.meanOn + a.onOff.meanOff);
        double t = 0, lam = 0;
        while (t < T) {
            if (m_segments.size() >= 2 * kMaxOnOffPeriods)
                throw InputError("arrival.onOff: more than " + formatNumber(2 * kMaxOnOffPeriods)
                        + " on/off periods in " + formatNumber(T) + " s (meanOn " + formatNumber(a.onOff.meanOn)
                        + " s, meanOff " + formatNumber(a.onOff.meanOff) + " s); make the periods longer",
                    {}, 0, "arrival.onOff.meanOn");
            const double rate = on ? a.onOff.onRate : a.onOff.offRate;
            const double len = sampleExponential(rng) * (on ? a.onOff.meanOn : a.onOff.meanOff);
            m_segments.push_back({ t, lam, rate, 0.0 });
            const double end = std::min(T, t + len);
            lam += rate * (end - t);
            t = end;
            on = !on;
        }
        m_total = lam;
    } else if (a.kind == ArrivalKind::Schedule) {
        m_constant = false;
        const auto& pts = a.schedule;
        // Constant before the first point and after the last one; linear in between. Each rate is
        // found by binary search (the arithmetic of a linear scan, so traces do not change): the
        // profile is built in O(P log P) for P points, never O(P²).
        auto rateOfSchedule = [&](double t) {
            const auto it = std::lower_bound(
                pts.begin(), pts.end(), t, [](const SchedulePoint& pt, double v) { return pt.time < v; });
            if (it == pts.begin())
                return pts.front().rate;
            if (it == pts.end())
                return pts.back().rate;
            const auto i = static_cast<std::size_t>(it - pts.begin());
            const double f = (t - pts[i - 1].time) / (pts[i].time - pts[i - 1].time);
            return pts[i - 1].rate + f * (pts[i].rate - pts[i - 1].rate);
        };
        std::vector<double> knots { 0.0 }; // segment start times, knots[0] = 0
        for (const auto& pt : pts)
            if (pt.time > 0 && pt.time < T)
                knots.push_back(pt.time);
        m_segments.reserve(knots.size());
        double lam = 0;
        for (std::size_t i = 0; i < knots.size(); ++i) {
            const double t0 = knots[i];
            const double t1 = i + 1 < knots.size() ? knots[i + 1] : T;
            const double r0 = rateOfSchedule(t0);
            const double r1 = rateOfSchedule(t1);
            const double slope = t1 > t0 ? (r1 - r0) / (t1 - t0) : 0.0;
            m_segments.push_back({ t0, lam, r0, slope });
            lam += 0.5 * (r0 + r1) * (t1 - t0);
        }
        m_total = lam;
    } else {
        m_rate = spec.rate;
        m_total = spec.rate * T;
    }
}

double RateProfile::rateAt(double t) const
{
    if (m_constant)
        return m_rate;
    auto it = std::upper_bound(
        m_segments.begin(), m_segments.end(), t, [](double v, const Segment& s) { return v < s.t0; });
    if (it == m_segments.begin())
        return m_segments.front().r0;
    --it;
    return it->r0 + it->slope * (t - it->t0);
}

double RateProfile::toTime(double u)
{
    if (m_constant)
        return u / m_rate;
    if (m_cursor >= m_segments.size() || m_segments[m_cursor].lam0 > u)
        m_cursor = 0;
    while (m_cursor + 1 < m_segments.size() && m_segments[m_cursor + 1].lam0 <= u)
        ++m_cursor;
    // Skip zero-rate segments that end where u lies (Λ flat there): the arrival is at the start of
    // the next segment with positive rate, found by the loop above.
    const Segment& s = m_segments[m_cursor];
    const double d = u - s.lam0;
    if (d <= 0)
        return s.t0;
    // Solve r0·τ + slope·τ²/2 = d in the cancellation-free form τ = 2d / (r0 + sqrt(r0² + 2·slope·d)).
    const double disc = std::max(0.0, s.r0 * s.r0 + 2.0 * s.slope * d);
    const double denom = s.r0 + std::sqrt(disc);
    const double tau = denom > 0 ? 2.0 * d / denom : 0.0;
    const double end = m_cursor + 1 < m_segments.size() ? m_segments[m_cursor + 1].t0 : m_duration;
    return std::min(s.t0 + tau, end);
}

// ---------------------------------------------------------------------------------------------
// slora

Trace generateSlora(const WorkloadSpec& spec, const ProgressSink& progress)
{
    validateOrThrow(spec);
    checkTraceFits(spec);
    Trace trace;
    trace.adapters = makeAdapters(spec);
    trace.baseModel = spec.naming.baseModel;
    trace.spec = spec;
    trace.duration = spec.duration;
    trace.toolVersion = kVersion;

    NumpyRandomState rs(static_cast<std::uint32_t>(spec.seed));
    const auto tot = static_cast<std::size_t>(static_cast<std::int64_t>(spec.rate * spec.duration));
    const std::uint32_t n = spec.adapterCount;
    trace.requests.resize(tot);
    auto& reqs = trace.requests;

    // Draw order as S-LoRA: all adapters, all inputs, all outputs, all gaps.
    for (std::size_t i = 0; i < tot; ++i) {
        const double prob = rs.power(spec.popularity.alpha);
        if (n == 0) {
            reqs[i].adapter = kNoAdapter;
        } else {
            const auto idx = static_cast<std::int64_t>(prob * n);
            // power() can return exactly 1.0 in theory; S-LoRA would index past its list there.
            reqs[i].adapter = static_cast<std::uint32_t>(std::min<std::int64_t>(idx, n - 1));
        }
    }
    progress.update(0.25);
    for (std::size_t i = 0; i < tot; ++i)
        reqs[i].inputLen = static_cast<std::uint32_t>(rs.randint(spec.input.lo, spec.input.hi));
    for (std::size_t i = 0; i < tot; ++i)
        reqs[i].outputLen = static_cast<std::uint32_t>(rs.randint(spec.output.lo, spec.output.hi));
    progress.update(0.5);
    const double cv = spec.arrival.kind == ArrivalKind::Poisson ? 1.0 : spec.arrival.cv;
    const double shape = 1.0 / (cv * cv);
    const double scale = cv * cv / spec.rate;
    double tic = 0.0;
    for (std::size_t i = 0; i < tot; ++i) {
        tic += rs.gamma(shape, scale);
        reqs[i].time = tic;
        if ((i & (kProgressEvery - 1)) == 0)
            progress.update(0.5 + 0.5 * static_cast<double>(i) / static_cast<double>(tot));
    }
    progress.update(1.0);
    return trace;
}

// ---------------------------------------------------------------------------------------------
// per-adapter

Trace generatePerAdapter(const WorkloadSpec& spec, const ProgressSink& progress, unsigned threads)
{
    validateOrThrow(spec);
    checkTraceFits(spec);
    Trace trace;
    trace.adapters = makeAdapters(spec);
    trace.baseModel = spec.naming.baseModel;
    trace.spec = spec;
    trace.duration = spec.duration;
    trace.toolVersion = kVersion;

    RateProfile profile(spec, spec.seed);
    const double uMax = profile.total();
    const std::uint32_t n = spec.adapterCount;
    const auto kind = spec.popularity.kind;
    const bool batchStyle = n == 0 || kind == PopularityKind::Distinct || kind == PopularityKind::UniformGroups
        || kind == PopularityKind::Identical;

    // Length samplers: the default pair plus one per group override.
    std::vector<std::unique_ptr<LengthSampler>> samplers;
    samplers.push_back(std::make_unique<LengthSampler>(spec.input));
    samplers.push_back(std::make_unique<LengthSampler>(spec.output));
    const LengthSampler* defIn = samplers[0].get();
    const LengthSampler* defOut = samplers[1].get();
    auto cvOf = [&](double cv) { return spec.arrival.kind == ArrivalKind::Poisson ? 1.0 : cv; };
    const bool constantGaps = spec.arrival.kind == ArrivalKind::Constant;

    // Gamma samplers by shape: one per distinct cv (the default and the group overrides).
    std::vector<std::pair<double, std::unique_ptr<const GammaSampler>>> gammas;
    auto gammaFor = [&](double shape) {
        for (const auto& [k, g] : gammas)
            if (k == shape)
                return g.get();
        gammas.emplace_back(shape, std::make_unique<const GammaSampler>(shape));
        return gammas.back().second.get();
    };
    auto makeStream
        = [&](std::uint64_t streamId, double share, double cv, const LengthSampler* in, const LengthSampler* out) {
              RenewalStream s { Rng(spec.seed, streamId), 0.0, 0.0, in, out, nullptr, nullptr, kNoAdapter };
              if (constantGaps) {
                  s.shape = 0.0;
                  s.scale = 1.0 / share;
              } else {
                  s.shape = 1.0 / (cv * cv);
                  s.scale = cv * cv / share;
                  s.gapGamma = gammaFor(s.shape);
                  s.firstGamma = gammaFor(s.shape + 1.0);
              }
              return s;
          };

    // Expected count plus a generous margin, so the vector rarely reallocates (24 B a request).
    const double cvMax = std::max(1.0, spec.arrival.cv);
    const double margin = 6.0 * cvMax * std::sqrt(std::max(uMax, 1.0)) + 64.0;
    trace.requests.reserve(static_cast<std::size_t>(std::min(uMax + margin, uMax * 2.0 + 64.0)));
    auto& reqs = trace.requests;
    std::size_t nextReport = kProgressEvery;

    auto emit = [&](double u, std::uint32_t adapter, RenewalStream& s) {
        Request r = s.request(u, profile);
        r.adapter = adapter;
        reqs.push_back(r);
        if (reqs.size() >= nextReport) {
            nextReport += kProgressEvery;
            progress.update(std::min(1.0, u / uMax));
        }
    };

    if (batchStyle) {
        // One process at the total rate; adapters are assigned in arrival order.
        RenewalStream s = makeStream(kSingleStream, 1.0, cvOf(spec.arrival.cv), defIn, defOut);
        const std::uint32_t groups = kind == PopularityKind::UniformGroups ? uniformGroupCount(spec) : n;
        std::uint64_t j = 0;
        for (double u = s.first(); u <= uMax; u += s.gap(), ++j) {
            std::uint32_t adapter = kNoAdapter;
            if (n > 0) {
                if (kind == PopularityKind::Identical)
                    adapter = 0;
                else if (kind == PopularityKind::UniformGroups)
                    adapter = static_cast<std::uint32_t>(j % groups);
                else
                    adapter = static_cast<std::uint32_t>(j % n);
            }
            emit(u, adapter, s);
        }
    } else {
        const auto shares = popularityShares(spec);
        std::vector<double> cvs(n, cvOf(spec.arrival.cv));
        std::vector<const LengthSampler*> ins(n, defIn), outs(n, defOut);
        for (const auto& g : spec.groups) {
            const LengthSampler* gin = defIn;
            const LengthSampler* gout = defOut;
            if (g.input) {
                samplers.push_back(std::make_unique<LengthSampler>(*g.input));
                gin = samplers.back().get();
            }
            if (g.output) {
                samplers.push_back(std::make_unique<LengthSampler>(*g.output));
                gout = samplers.back().get();
            }
            for (std::uint32_t i = g.first; i < g.first + g.count; ++i) {
                if (g.cv)
                    cvs[i] = cvOf(*g.cv);
                if (g.input)
                    ins[i] = gin;
                if (g.output)
                    outs[i] = gout;
            }
        }
        std::vector<RenewalStream> streams;
        std::vector<double> firstU, expected;
        streams.reserve(n);
        for (std::uint32_t i = 0; i < n; ++i) {
            if (!(shares[i] > 0))
                continue;
            streams.push_back(makeStream(i, shares[i], cvs[i], ins[i], outs[i]));
            streams.back().adapter = i;
            firstU.push_back(streams.back().first());
            expected.push_back(shares[i]);
        }
        const unsigned parts = threads > 0 ? threads : defaultMergeParts(uMax, streams.size());
        mergeStreams(streams, firstU, expected, uMax, profile, parts, progress, reqs);
    }
    progress.update(1.0);
    return trace;
}

Trace generate(const WorkloadSpec& spec, const ProgressSink& progress)
{
    Trace t = hasSessionsOrPrefixes(spec) // sessions and shared prefixes: workload/sessions.cpp
        ? generateWithSessions(spec, progress)
        : spec.generator == GeneratorKind::Slora ? generateSlora(spec, progress) : generatePerAdapter(spec, progress);
    markTiers(spec, t); // each request's tier and priority
    return t;
}

} // namespace lorascope
