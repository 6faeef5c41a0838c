// SPDX-License-Identifier: Apache-2.0
#pragma once
// Theory curves drawn over the data (docs/workload.md): what the spec's model predicts for the bins the
// statistics used, so the charts show sampling noise against the model. Qt-free.

#include "workload/spec.h"
#include "workload/stats.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lorascope {

/// Expected number of requests per adapter (index order) when `total` requests are spread by the
/// spec's popularity: total · pᵢ (popularityShares).
std::vector<double> expectedAdapterCounts(const WorkloadSpec& spec, double total);

/// Survival function P(G > t) of the gap G between consecutive arrivals of the whole trace, as the
/// spec's model predicts it. `slora`: gaps are i.i.d. Gamma(k = 1/cv², θ = cv²/R). `per-adapter`:
/// the trace is the superposition of independent stationary renewal processes (rates λᵢ = R·pᵢ),
/// whose Palm gap survival is Σᵢ (λᵢ/Λ)·Sᵢ(t)·Π_{j≠i} Sᵉⱼ(t), with Sᵉ the survival of the
/// forward-recurrence time. Empty result (`supported() == false`) for non-stationary arrivals
/// (on/off, schedule), where no single gap law exists.
class GapTheory {
public:
    explicit GapTheory(const WorkloadSpec& spec);
    bool supported() const { return m_supported; }
    /// P(G > t).
    double survival(double t) const;
    /// Expected counts per bin of `gaps` (log-spaced edges), for gaps.total() gaps.
    std::vector<double> expectedCounts(const Histogram& gaps) const;
    /// Expected gaps below the first edge and above the last (gaps.underflow, gaps.overflow).
    std::pair<double, double> expectedOutside(const Histogram& gaps) const;
    /// Human-readable model, e.g. "Gamma(k = 1, θ = 0.5 s)" or "merge of 200 Gamma renewal processes".
    std::string describe() const;

    /// The model as data, for texts the UI translates (describe() is its English form).
    struct Description {
        enum class Kind : std::uint8_t { None, Constant, Gamma, Merge } kind = Kind::None;
        double gap = 0; ///< Constant: the gap in s
        double shape = 0, theta = 0; ///< Gamma: k and θ (s)
        double processes = 0; ///< Merge: how many renewal processes
    };
    Description description() const;

private:
    struct Process {
        double rate; // λ
        double shape; // k = 1/cv² (0 = constant gaps)
        double weight; // number of adapters sharing (rate, shape)
    };
    bool m_supported = false;
    bool m_merged = false; // per-adapter superposition (else i.i.d. gaps of m_processes[0])
    double m_totalRate = 0;
    std::vector<Process> m_processes;
};

/// Expected counts per bin of a length histogram (StatsOptions' integer-width bins over
/// [edges.front(), edges.back())) for `total` requests, from the spec's input (`input` = true) or
/// output length distribution, mixing per-adapter group overrides by their popularity share.
std::vector<double> expectedLengthCounts(const WorkloadSpec& spec, bool input, const Histogram& histogram);

/// Expected arrivals per bin of a timeline histogram: ∫ r(t) dt over each bin, with r(t) the
/// spec's rate profile (`slora`: int(R·T) requests at rate R).
std::vector<double> expectedTimelineCounts(const WorkloadSpec& spec, const Histogram& timeline);

/// Popularity summary for the explain panel: shares sorted from hottest to coldest.
struct PopularitySummary {
    double hottestShare = 0; ///< share of the hottest adapter
    double top10Share = 0; ///< share of the 10 hottest adapters together
    double coldestShare = 0;
    std::uint32_t adaptersForHalf = 0; ///< fewest adapters that together get ≥ 50 % of requests
};
PopularitySummary summarizePopularity(const WorkloadSpec& spec);

} // namespace lorascope
