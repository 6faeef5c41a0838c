// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a spec's sessions and shared prefixes should look like (docs/workload.md, "Sessions and
// shared prefixes: theory"): turns per session, the prompt of the k-th turn, and the share of
// prompt tokens a prefix cache can reuse in the long run. Drawn over the designer's charts.

#include "workload/spec.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace lorascope {

struct SessionTheory {
    /// [k]: expected sessions with k turns among `sessions` sessions, as the turns distribution
    /// gives them (sessions cut short by the window or the context limit have fewer).
    std::vector<double> expectedTurns;
    /// [k − 1]: expected prompt tokens of the k-th turn, P + (k − 1)(m + o) + m, with P the expected
    /// prefix (system prompt and prefix group), m and o the mean new message and answer.
    std::vector<double> expectedInputByTurn;
    /// The design's reusable share when every prefix it declares is cached (the long run), overall
    /// (weighted by each adapter's traffic) and per adapter (index order; empty without adapters):
    /// (E[T]·P + (m + o)·E[T(T − 1)]/2) / (E[T]·(P + m) + (m + o)·E[T(T − 1)]/2), T the turns.
    double shareBound = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> perAdapterShareBound;
};

/// The theory of a spec with sessions or shared prefixes (empty otherwise), for `sessions`
/// observed sessions and turns up to `maxTurn`.
SessionTheory sessionTheory(const WorkloadSpec& spec, std::uint64_t sessions, std::size_t maxTurn);

} // namespace lorascope
