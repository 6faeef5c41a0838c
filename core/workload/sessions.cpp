// SPDX-License-Identifier: Apache-2.0
#include "workload/sessions.h"

#include "random/rng.h"
#include "workload/generator.h"
#include "workload/lengths.h"
#include "workload/prefix.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>

namespace lorascope {

namespace {

// Adapter a's session stream; far from the adapters' arrival streams (0..n) and generator.cpp's.
constexpr std::uint64_t kSessionStreamBase = 1ull << 41;

} // namespace

std::pair<const LengthSpec*, const LengthSpec*> adapterLengthSpecs(const WorkloadSpec& spec, std::uint32_t a)
{
    const LengthSpec* in = &spec.input;
    const LengthSpec* out = &spec.output;
    for (const auto& g : spec.groups)
        if (a != kNoAdapter && a >= g.first && a < g.first + g.count) {
            if (g.input)
                in = &*g.input;
            if (g.output)
                out = &*g.output;
        }
    return { in, out };
}

namespace {

double sampleDuration(const DurationSpec& d, Rng& rng)
{
    switch (d.kind) {
    case DurationKind::Constant:
        return d.mean;
    case DurationKind::Exponential:
        return d.mean * sampleExponential(rng);
    case DurationKind::Uniform:
        return d.lo + (d.hi - d.lo) * rng.uniform();
    case DurationKind::LogNormal: {
        const double mu = std::log(d.mean) - 0.5 * d.sigma * d.sigma;
        return std::exp(mu + d.sigma * sampleNormal(rng));
    }
    }
    return 0.0;
}

/// The spec whose per-adapter arrivals are the session starts: rates divided by E[turns], no sessions.
WorkloadSpec startsSpec(const WorkloadSpec& spec)
{
    WorkloadSpec s = spec;
    s.sessions = {};
    s.prefix = {};
    if (spec.sessions.enabled) {
        const double k = 1.0 / meanTurns(spec);
        s.rate *= k;
        s.arrival.onOff.onRate *= k;
        s.arrival.onOff.offRate *= k;
        for (auto& p : s.arrival.schedule)
            p.rate *= k;
    }
    return s;
}

} // namespace

bool hasSessionsOrPrefixes(const WorkloadSpec& spec)
{
    return spec.sessions.enabled || spec.prefix.any();
}

double meanTurns(const WorkloadSpec& spec)
{
    if (!spec.sessions.enabled)
        return 1.0;
    return std::max(1.0, LengthSampler(spec.sessions.turns).mean());
}

double estimatedServiceSeconds(const ServiceEstimate& e, std::uint32_t outputLen)
{
    return e.firstTokenSeconds + double(outputLen) * e.perOutputTokenSeconds;
}

std::uint64_t systemPromptSegmentId(const WorkloadSpec& spec, std::uint32_t adapter)
{
    return adapter == kNoAdapter ? spec.adapterCount : adapter;
}

std::uint64_t prefixGroupSegmentId(const WorkloadSpec& spec, std::size_t group, std::uint32_t member)
{
    std::uint64_t id = std::uint64_t(spec.adapterCount) + 1;
    for (std::size_t g = 0; g < group && g < spec.prefix.groups.size(); ++g)
        id += spec.prefix.groups[g].count;
    return id + member;
}

Trace generateWithSessions(const WorkloadSpec& spec, const ProgressSink& progress)
{
    validateOrThrow(spec);
    const ProgressSink startsProgress { progress.report
            ? std::function<void(double)>([&](double f) { progress.report(0.6 * f); })
            : std::function<void(double)>(),
        progress.cancel };
    Trace base = generatePerAdapter(startsSpec(spec), startsProgress);
    progress.update(0.6);

    const auto& ss = spec.sessions;
    const auto& px = spec.prefix;
    const std::uint32_t n = spec.adapterCount;
    // Per adapter (the base model last): its stream and length samplers, made when first needed.
    struct AdapterState {
        std::unique_ptr<Rng> rng;
        std::unique_ptr<LengthSampler> input, output;
    };
    std::vector<AdapterState> states(std::size_t(n) + 1);
    auto stateOf = [&](std::uint32_t a) -> AdapterState& {
        const std::size_t slot = a == kNoAdapter || a >= n ? n : a;
        auto& st = states[slot];
        if (!st.rng) {
            st.rng = std::make_unique<Rng>(spec.seed, kSessionStreamBase + slot);
            const auto [in, out] = adapterLengthSpecs(spec, a);
            st.input = std::make_unique<LengthSampler>(*in);
            st.output = std::make_unique<LengthSampler>(*out);
        }
        return st;
    };
    const std::unique_ptr<LengthSampler> turnsSampler
        = ss.enabled ? std::make_unique<LengthSampler>(ss.turns) : nullptr;
    double weightSum = 0;
    for (const auto& g : px.groups)
        weightSum += g.weight;

    // Requests in emission order (each session's turns together); sorted by time afterwards.
    std::vector<Request> reqs;
    std::vector<SessionTurn> turns;
    std::vector<PrefixSegment> segs;
    std::vector<std::uint64_t> segOff { 0 };
    const double mean = meanTurns(spec);
    reqs.reserve(static_cast<std::size_t>(double(base.requests.size()) * mean * 1.05) + 16);
    if (ss.enabled)
        turns.reserve(reqs.capacity());
    const std::uint64_t cap = ss.maxContextTokens > 0 ? std::uint64_t(ss.maxContextTokens) : kMaxPromptTokens;
    std::vector<PrefixSegment> prefix;
    std::vector<double> thinks;
    std::vector<std::uint32_t> messages, answers;
    const std::size_t every = 1 << 15;
    for (std::size_t j = 0; j < base.requests.size(); ++j) {
        if ((j & (every - 1)) == 0)
            progress.update(0.6 + 0.3 * double(j) / double(base.requests.size()));
        const Request& start = base.requests[j];
        AdapterState& st = stateOf(start.adapter);
        Rng& rng = *st.rng;
        // The declared prefix of the first turn: the adapter's system prompt, then a group's prefix.
        prefix.clear();
        std::uint64_t prefixTokens = 0;
        if (px.systemTokens > 0)
            prefix.push_back({ systemPromptSegmentId(spec, start.adapter), static_cast<std::uint32_t>(px.systemTokens),
                SegmentRole::System });
        if (!px.groups.empty()) {
            double u = rng.uniform() * weightSum;
            std::size_t g = 0;
            while (g + 1 < px.groups.size() && u >= px.groups[g].weight) {
                u -= px.groups[g].weight;
                ++g;
            }
            const auto member = static_cast<std::uint32_t>(rng.below(px.groups[g].count));
            if (px.groups[g].tokens > 0)
                prefix.push_back({ prefixGroupSegmentId(spec, g, member),
                    static_cast<std::uint32_t>(px.groups[g].tokens), SegmentRole::Document });
        }
        for (const auto& p : prefix)
            prefixTokens += p.tokens;
        // All of a session's numbers are drawn first, whatever cuts it short later, so that the
        // window or a context limit never changes what the adapter's later sessions draw.
        const std::uint32_t total = ss.enabled ? std::max<std::uint32_t>(1, turnsSampler->sample(rng)) : 1;
        thinks.clear();
        messages.clear();
        answers.clear();
        for (std::uint32_t k = 1; k < total; ++k) {
            thinks.push_back(sampleDuration(ss.think, rng));
            messages.push_back(st.input->sample(rng));
            answers.push_back(st.output->sample(rng));
        }
        const std::uint64_t firstInput = std::min<std::uint64_t>(prefixTokens + start.inputLen, kMaxPromptTokens);
        reqs.push_back({ start.time, start.adapter, static_cast<std::uint32_t>(firstInput), start.outputLen });
        segs.insert(segs.end(), prefix.begin(), prefix.end());
        segOff.push_back(segs.size());
        if (ss.enabled)
            turns.push_back({ j, 1, kNoParent, 0.0 });
        double time = start.time;
        std::uint64_t input = firstInput;
        std::uint32_t output = start.outputLen;
        for (std::uint32_t k = 1; k < total; ++k) {
            const double next = time + estimatedServiceSeconds(ss.service, output) + thinks[k - 1];
            const std::uint64_t nextInput = input + output + messages[k - 1];
            if (next > spec.duration || nextInput + answers[k - 1] > cap || nextInput > kMaxPromptTokens)
                break;
            reqs.push_back({ next, start.adapter, static_cast<std::uint32_t>(nextInput), answers[k - 1] });
            segOff.push_back(segs.size());
            turns.push_back({ j, k + 1, reqs.size() - 2, thinks[k - 1] });
            time = next;
            input = nextInput;
            output = answers[k - 1];
        }
    }
    progress.update(0.9);

    // Time order (emission order on ties: a session's turns, and sessions by start, stay in order).
    std::vector<std::size_t> order(reqs.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(
        order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return reqs[a].time < reqs[b].time; });
    Trace t;
    t.adapters = std::move(base.adapters);
    t.baseModel = base.baseModel;
    t.spec = spec;
    t.duration = spec.duration;
    t.toolVersion = base.toolVersion;
    t.requests = std::move(reqs);
    if (ss.enabled)
        t.sessions = std::move(turns);
    if (px.any()) {
        t.segments = std::move(segs);
        t.segmentOffsets = std::move(segOff);
    }
    reorderRequests(t, order);
    t.ids.clear(); // generated: the ids are the indices
    progress.update(1.0);
    return t;
}

} // namespace lorascope
