// SPDX-License-Identifier: Apache-2.0
#pragma once
// The per-adapter generator's streams (internal to generator.cpp): one renewal process per adapter
// on the unit-rate clock u, and their merge in order of (u, stream index). Each stream draws from
// its own generator (arrival, then the request's input and output lengths, then the next gap), so
// what a stream produces does not depend on when it is visited: the merge can run on one thread,
// or split the streams into parts that run on their own threads and are merged afterwards, with
// the same trace to the last bit.

#include "random/rng.h"
#include "util/progress.h"
#include "workload/lengths.h"
#include "workload/trace.h"

#include <cstdint>
#include <vector>

namespace lorascope {

class RateProfile;

/// One renewal process on the unit-rate clock u, with rate p (a share of the total).
struct RenewalStream {
    Rng rng;
    double shape = 0; ///< k = 1/cv²; 0 means constant gaps
    double scale = 0; ///< θ = cv²/p  (constant: the gap 1/p)
    const LengthSampler* input = nullptr;
    const LengthSampler* output = nullptr;
    const GammaSampler* gapGamma = nullptr; ///< Gamma(k), shared by the streams of one cv
    const GammaSampler* firstGamma = nullptr; ///< Gamma(k + 1)
    std::uint32_t adapter = kNoAdapter;

    double gap() { return shape == 0.0 ? scale : scale * (*gapGamma)(rng); }
    /// Stationary start: the forward-recurrence time, U · (length-biased gap) = U · Gamma(k+1, θ).
    double first()
    {
        if (shape == 0.0)
            return rng.uniform() * scale;
        const double u = rng.uniform();
        return u * scale * (*firstGamma)(rng);
    }
    /// The request arriving at u: its time on the profile's clock, adapter and lengths.
    Request request(double u, RateProfile& profile);

    // One arrival ahead (the merge): when an arrival is scheduled, its lengths and the gap to the
    // next one are drawn at once, in the order request() would draw them, so every stream's numbers
    // are the same. The merge then knows the next arrival time without waiting for the sampling,
    // and the CPU can overlap that sampling with the heap update. (Drawing 8 ahead was slower.)
    std::uint32_t aheadInput = 0, aheadOutput = 0;
    double aheadNext = 0; ///< the arrival after the scheduled one
    void drawAhead(double u)
    {
        aheadInput = input->sample(rng);
        aheadOutput = output->sample(rng);
        aheadNext = u + gap();
    }
};

/// Appends the arrivals of all streams up to uMax to `out`, in order of (u, stream index).
/// `firstU[i]` is stream i's first arrival (drawn when it was made), `expected[i]` its expected
/// share of the arrivals (used to cut the streams into parts of about equal work). `parts` > 1 runs
/// that many contiguous ranges of streams on their own threads (the calling thread takes the first)
/// and merges them; the result is the same for every `parts`. Progress and cancellation go through
/// `progress` on the calling thread; the other threads stop when it is cancelled.
void mergeStreams(std::vector<RenewalStream>& streams, const std::vector<double>& firstU,
    const std::vector<double>& expected, double uMax, const RateProfile& profile, unsigned parts,
    const ProgressSink& progress, std::vector<Request>& out);

/// How many parts mergeStreams() should use for about `requests` arrivals from `streams` streams
/// (1 unless the work is large enough to pay for threads and small enough for their buffers:
/// 50k to 2M requests; at most the hardware's threads, and 8).
unsigned defaultMergeParts(double requests, std::size_t streams);

} // namespace lorascope
