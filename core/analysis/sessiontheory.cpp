// SPDX-License-Identifier: Apache-2.0
#include "analysis/sessiontheory.h"

#include "workload/generator.h"
#include "workload/lengths.h"
#include "workload/sessions.h"

#include <algorithm>
#include <map>

namespace lorascope {

namespace {

/// Expected prefix tokens of a first turn: the system prompt plus the weighted mean group prefix.
double expectedPrefix(const PrefixSpec& px)
{
    double weights = 0, tokens = 0;
    for (const auto& g : px.groups) {
        weights += g.weight;
        tokens += g.weight * double(g.tokens);
    }
    return double(px.systemTokens) + (weights > 0 ? tokens / weights : 0.0);
}

double shareBound(double prefix, double message, double answer, double meanT, double meanTT1)
{
    const double shared = meanT * prefix + (message + answer) * meanTT1 / 2;
    const double total = meanT * (prefix + message) + (message + answer) * meanTT1 / 2;
    return total > 0 ? shared / total : 0.0;
}

} // namespace

SessionTheory sessionTheory(const WorkloadSpec& spec, std::uint64_t sessions, std::size_t maxTurn)
{
    SessionTheory th;
    if (!hasSessionsOrPrefixes(spec))
        return th;
    // The turns distribution: E[T] and E[T(T − 1)].
    double meanT = 1, meanTT1 = 0;
    if (spec.sessions.enabled) {
        const LengthSampler turns(spec.sessions.turns);
        meanT = 0;
        const auto lo = std::max<std::int64_t>(1, spec.sessions.turns.lo);
        const auto hi = std::min<std::int64_t>(spec.sessions.turns.hi, lo + 100'000);
        th.expectedTurns.assign(std::min<std::size_t>(std::size_t(hi), std::max<std::size_t>(maxTurn + 1, 2)), 0.0);
        for (std::int64_t k = lo; k < hi; ++k) {
            const double p = turns.pmf(k);
            meanT += p * double(k);
            meanTT1 += p * double(k) * double(k - 1);
            if (std::size_t(k) < th.expectedTurns.size())
                th.expectedTurns[std::size_t(k)] = p * double(sessions);
        }
    }
    const double prefix = expectedPrefix(spec.prefix);
    const double m = LengthSampler(spec.input).mean(), o = LengthSampler(spec.output).mean();
    if (spec.sessions.enabled)
        for (std::size_t k = 1; k <= std::max<std::size_t>(maxTurn, 1); ++k)
            th.expectedInputByTurn.push_back(prefix + double(k - 1) * (m + o) + m);
    th.shareBound = shareBound(prefix, m, o, meanT, meanTT1);
    // Per adapter: its own lengths when an adapter group overrides them; weighted by its traffic.
    if (spec.adapterCount > 0) {
        const auto shares = popularityShares(spec);
        std::map<std::pair<const LengthSpec*, const LengthSpec*>, double> cache;
        th.perAdapterShareBound.resize(spec.adapterCount);
        double weighted = 0, weight = 0;
        for (std::uint32_t a = 0; a < spec.adapterCount; ++a) {
            const auto specs = adapterLengthSpecs(spec, a);
            auto it = cache.find(specs);
            if (it == cache.end()) {
                const double ma = LengthSampler(*specs.first).mean(), oa = LengthSampler(*specs.second).mean();
                it = cache.emplace(specs, shareBound(prefix, ma, oa, meanT, meanTT1)).first;
            }
            th.perAdapterShareBound[a] = it->second;
            // Tokens, not requests, weigh the overall share: an adapter's prompts are (P + m)-sized on average.
            const double tokens = shares[a] * (prefix + LengthSampler(*specs.first).mean());
            weighted += tokens * it->second;
            weight += tokens;
        }
        if (weight > 0)
            th.shareBound = weighted / weight;
    }
    return th;
}

} // namespace lorascope
