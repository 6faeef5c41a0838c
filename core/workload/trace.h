// SPDX-License-Identifier: Apache-2.0
#pragma once
// A trace: the requests of one workload, in arrival order, and the adapters they use.

#include "workload/spec.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// Latest arrival time a trace may have, in seconds (about 31,700 years). Readers refuse later
/// times, so every writer can represent every time (Mooncake's milliseconds stay exact integers).
inline constexpr double kMaxTraceTime = 1e12;

/// Adapter index of a request that uses the base model only.
inline constexpr std::uint32_t kNoAdapter = std::numeric_limits<std::uint32_t>::max();

/// One adapter: its name (S-LoRA's adapter_dir) and LoRA rank.
struct Adapter {
    std::string name;
    int rank = 0;
    bool operator==(const Adapter&) const = default;
};

/// One request. 24 bytes; the request id is its index in Trace::requests unless Trace::ids is set.
struct Request {
    double time = 0.0; ///< arrival, seconds from the start of the trace
    std::uint32_t adapter = kNoAdapter; ///< index into Trace::adapters, or kNoAdapter
    std::uint32_t inputLen = 0; ///< prompt tokens
    std::uint32_t outputLen = 0; ///< tokens to generate (max_new_tokens; ignore_eos)
    bool operator==(const Request&) const = default;
};

/// A whole trace with its provenance.
struct Trace {
    std::vector<Adapter> adapters;
    std::vector<Request> requests; ///< sorted by time
    std::vector<std::uint64_t> ids; ///< original request ids (imports); empty = index
    std::string baseModel;
    std::optional<WorkloadSpec> spec; ///< the spec that made it, when generated
    std::string source; ///< where it came from when not generated (file, format)
    std::string toolVersion; ///< the LoraScope version that made or read it
    /// Observation window in seconds (the spec's duration); 0 = up to the last arrival.
    double duration = 0.0;
    /// True when adapter indices follow the generator's popularity order (generated or native
    /// JSON traces); false when they only reflect first appearance (CSV and foreign imports).
    bool adapterOrderKnown = true;

    // Optional side columns of imported traces (parallel to `requests`; empty = absent).
    /// Per request: 1 = the source marked it failed (BurstGPT rows with `Response tokens` = 0).
    std::vector<std::uint8_t> failed;
    /// Mooncake `hash_ids` (prefix-block hashes) of all requests, concatenated; request i owns
    /// hashIds[hashIdOffsets[i] .. hashIdOffsets[i + 1]). Both empty = absent.
    std::vector<std::uint64_t> hashIds;
    std::vector<std::uint64_t> hashIdOffsets; ///< requests.size() + 1 entries when hashIds are present

    bool isFailed(std::size_t index) const { return !failed.empty() && failed[index] != 0; }
    bool hasHashIds() const { return !hashIdOffsets.empty(); }

    std::uint64_t idOf(std::size_t index) const { return ids.empty() ? index : ids[index]; }
    /// End of the observation window in seconds: `duration` if set, else the last arrival time.
    double window() const
    {
        double last = requests.empty() ? 0.0 : requests.back().time;
        return duration > 0 ? std::max(duration, last) : last;
    }
    /// Start of the observation window: 0 for a trace with a duration (generated traces start at 0),
    /// else the first arrival (imported traces start anywhere: BurstGPT at 19,440,110 s, a slice
    /// of Mooncake's trace at 1,875 s), so rates are not diluted by time before the trace began.
    double windowStart() const { return duration > 0 || requests.empty() ? 0.0 : requests.front().time; }
    /// Seconds observed, from windowStart() to window().
    double windowLength() const { return window() - windowStart(); }
    int rankOf(const Request& r) const { return r.adapter == kNoAdapter ? 0 : adapters[r.adapter].rank; }
    std::string adapterName(const Request& r) const { return r.adapter == kNoAdapter ? std::string() : adapters[r.adapter].name; }
};

} // namespace lorascope
