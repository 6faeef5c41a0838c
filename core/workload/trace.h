// SPDX-License-Identifier: Apache-2.0
#pragma once
// A trace: the requests of one workload, in arrival order, and the adapters they use.

#include "workload/spec.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace lorascope {

/// Latest arrival time a trace may have, in seconds (about 31,700 years). Readers refuse later
/// times, so every writer can represent every time (Mooncake's milliseconds stay exact integers).
inline constexpr double kMaxTraceTime = 1e12;
/// A request's priority is bounded at read to ±kMaxPriority (vLLM and SGLang take any integer).
inline constexpr std::int64_t kMaxPriority = 1'000'000'000;
/// Trace::tiers: a request of no tier; at most kMaxTiers tiers.
inline constexpr std::uint16_t kNoTier = 0xFFFF;
inline constexpr std::size_t kMaxTiers = 1000;

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

/// How a chat request presents a declared prompt segment. A prefix cache sees only ids and tokens.
enum class SegmentRole : std::uint8_t {
    System, ///< an adapter's system prompt (chat: the system message)
    Document, ///< a shared document or prefix-group prefix (chat: the start of the first user message)
    User, ///< user text named by its content (multi-turn imports)
    Block, ///< a block of unknown content (Mooncake hash_ids)
};

/// A declared segment of a prompt: the first `tokens` tokens of the content named `id`. Two
/// requests whose prompts hold the same id at the same position of their prompt share those tokens;
/// the same id with fewer tokens is a prefix of that content (a partial Mooncake block).
struct PrefixSegment {
    std::uint64_t id = 0;
    std::uint32_t tokens = 0;
    SegmentRole role = SegmentRole::Block;
    bool operator==(const PrefixSegment&) const = default;
};

/// No parent: the first turn of a session (or a request outside any session).
inline constexpr std::uint64_t kNoParent = std::numeric_limits<std::uint64_t>::max();
/// Session id of a request that belongs to no session (in a trace where others do).
inline constexpr std::uint64_t kNoSession = std::numeric_limits<std::uint64_t>::max();

/// A request's place in a session (a multi-turn conversation or an agent's chain of calls).
struct SessionTurn {
    std::uint64_t session = kNoSession; ///< session id (unique in the trace); kNoSession = none
    std::uint32_t turn = 0; ///< 1-based turn number; 0 outside sessions
    std::uint64_t parent = kNoParent; ///< index into Trace::requests of the previous turn
    /// Seconds between the end of the parent's answer and this request (the user's think time).
    /// The request's `time` is the designed send time (docs/workload.md, "Designed time").
    double think = 0.0;
    bool operator==(const SessionTurn&) const = default;
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
    /// Per request: its priority as the servers take it (vLLM and SGLang `priority`; lower values
    /// first under vLLM's priority policy). Empty = no request carries one.
    std::vector<std::int32_t> priorities;
    /// Per request: its tier, an index into `tierNames`, or kNoTier. Empty = no tiers.
    std::vector<std::uint16_t> tiers;
    std::vector<std::string> tierNames;

    // The prefix structure (who shares which prompt tokens with whom), for prefix-cache models and
    // the prompts replay sends. The prompt of request i is, in order:
    //   history(i)  = prompt(parent) + answer(parent), when i has a parent (sessions[i].parent);
    //   segments(i) = its declared segments (segmentsOf(i)), e.g. a system prompt, a shared
    //                 document, Mooncake's 512-token hash blocks;
    //   tail(i)     = its own text: inputLen − |history(i)| − Σ segment tokens (≥ 0), unique to it;
    // and answer(i) is the outputLen tokens the server generates for it. Equal segment ids at equal
    // positions are equal tokens; a tail or an answer is never equal to anything but itself. A cache
    // keys all of it by the adapter as well (vLLM hashes blocks with the LoRA, SGLang's radix tree
    // is per LoRA). workload/prefix.h expands a request into these pieces, hashes them into blocks
    // (vLLM's 16 tokens, Mooncake's 512) and computes what a perfect prefix cache could reuse.
    /// Per request, its session turn (parallel to `requests`); empty = no sessions.
    std::vector<SessionTurn> sessions;
    /// Declared segments of all requests, concatenated; request i owns
    /// segments[segmentOffsets[i] .. segmentOffsets[i + 1]). Both empty = none declared.
    std::vector<PrefixSegment> segments;
    std::vector<std::uint64_t> segmentOffsets; ///< requests.size() + 1 entries when segments are present

    bool isFailed(std::size_t index) const { return !failed.empty() && failed[index] != 0; }
    bool hasPriorities() const { return !priorities.empty(); }
    std::int32_t priorityOf(std::size_t index) const { return priorities.empty() ? 0 : priorities[index]; }
    bool hasSessions() const { return !sessions.empty(); }
    bool hasSegments() const { return !segmentOffsets.empty(); }
    /// Request i's declared segments (empty when none).
    std::span<const PrefixSegment> segmentsOf(std::size_t i) const
    {
        if (segmentOffsets.empty())
            return {};
        return { segments.data() + segmentOffsets[i],
            static_cast<std::size_t>(segmentOffsets[i + 1] - segmentOffsets[i]) };
    }
    /// Index of request i's parent (previous turn), or kNoParent.
    std::uint64_t parentOf(std::size_t i) const { return sessions.empty() ? kNoParent : sessions[i].parent; }

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
    std::string adapterName(const Request& r) const
    {
        return r.adapter == kNoAdapter ? std::string() : adapters[r.adapter].name;
    }
};

} // namespace lorascope
