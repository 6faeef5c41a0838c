// SPDX-License-Identifier: Apache-2.0
#pragma once
// Trace generators (docs/workload.md): `slora` (bit-exact S-LoRA generate_requests) and `per-adapter`
// (independent stationary renewal processes per adapter, merged).

#include "util/progress.h"
#include "workload/spec.h"
#include "workload/trace.h"

#include <vector>

namespace lorascope {

/// Generates the trace the spec describes, with the spec's generator. Validates first (InputError).
Trace generate(const WorkloadSpec& spec, const ProgressSink& progress = {});

/// S-LoRA's benchmarks/trace.py::generate_requests, number for number (NumPy legacy RandomState).
Trace generateSlora(const WorkloadSpec& spec, const ProgressSink& progress = {});

/// The paper's model: adapter i is a stationary Gamma renewal process with rate λᵢ = R·pᵢ.
/// `threads`: how many threads merge the adapters' processes (0 = by the size of the work and the
/// hardware, see defaultMergeParts); the trace is the same for every value.
Trace generatePerAdapter(const WorkloadSpec& spec, const ProgressSink& progress = {}, unsigned threads = 0);

/// The adapters of a spec: names `names[k % L] + "-" + (k / L)`, rank from `rank-(\d+)` or explicit.
std::vector<Adapter> makeAdapters(const WorkloadSpec& spec);

/// Largest LoRA rank LoraScope accepts anywhere (names, --adapter-rank, serve-sim).
inline constexpr int kMaxAdapterRank = 65536;

/// Rank read from a name containing `rank-<digits>`; -1 if none. Throws InputError naming the
/// adapter (field "adapter") when the digits are not a rank from 1 to kMaxAdapterRank.
int rankFromName(const std::string& name);

/// Expected share pᵢ of requests per adapter (sums to 1; empty when n = 0).
std::vector<double> popularityShares(const WorkloadSpec& spec);

/// Number of adapters that batch-style `uniform-groups` popularity spreads requests over.
std::uint32_t uniformGroupCount(const WorkloadSpec& spec);

/// Expected number of requests (`slora`: exactly int(R·T)).
double expectedRequestCount(const WorkloadSpec& spec);

/// Bytes a generated trace of this spec holds while it is made (its requests with the margin the
/// generator reserves, and the per-thread parts of a parallel merge). generate() refuses a spec
/// whose trace cannot fit in the memory available (util/memory.h) before it allocates anything.
double traceMemoryBytes(const WorkloadSpec& spec);

/// The total rate profile r(t) (requests/s) of a spec's arrivals, and its inverse cumulative
/// intensity, used to run unit-rate renewal processes on the profile's clock (time rescaling).
class RateProfile {
public:
    RateProfile(const WorkloadSpec& spec, std::uint64_t seed);

    /// Λ(T): expected number of arrivals in [0, T].
    double total() const { return m_total; }
    /// Rate at time t.
    double rateAt(double t) const;
    /// Time t with Λ(t) = u. Fastest for non-decreasing u (keeps a cursor).
    double toTime(double u);
    bool isConstant() const { return m_constant; }

private:
    struct Segment {
        double t0, lam0, r0, slope; // start time, Λ at start, rate at start, rate slope
    };
    bool m_constant = true;
    double m_rate = 0.0;
    double m_duration = 0.0;
    double m_total = 0.0;
    std::vector<Segment> m_segments;
    std::size_t m_cursor = 0;
};

} // namespace lorascope
