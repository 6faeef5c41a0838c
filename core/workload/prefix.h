// SPDX-License-Identifier: Apache-2.0
#pragma once
// The prefix structure of a trace (Trace::sessions and Trace::segments; the rule is stated in
// workload/trace.h) made usable: a request's prompt as pieces, its token blocks hashed in chain
// (vLLM's automatic prefix caching hashes 16-token blocks this way; Mooncake's hash_ids are
// 512-token blocks), what a perfect prefix cache could reuse, the checks every reader applies, and
// the reordering that keeps the structure whole when requests are sorted or dropped.
//
// For a cache model: appendPromptPieces() gives request i's prompt as a list of (content, tokens)
// pieces, history first; equal pieces are equal tokens. A radix tree (SGLang) can insert them as
// they are; a block cache (vLLM) calls blockHashes(trace, i, 16, false) and looks the hashes up.
// Both key by the adapter as well: blockHashes() starts every chain from the adapter.

#include "workload/bounds.h"
#include "workload/trace.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lorascope {

/// A piece of a prompt: `tokens` tokens of one content, in prompt order.
struct PromptPiece {
    enum class Kind : std::uint8_t {
        Segment, ///< a declared segment: the first `tokens` tokens of content `id`
        Tail, ///< request `id`'s own text (its new message), unique to it
        Answer, ///< the answer generated for request `id` (history of its later turns)
    };
    Kind kind = Kind::Segment;
    SegmentRole role = SegmentRole::Block; ///< for Segment pieces
    std::uint32_t tokens = 0;
    std::uint64_t id = 0; ///< Segment: the segment id; Tail and Answer: the index of the request
};

/// Appends request i's prompt as pieces: for each ancestor from the first turn on, its segments,
/// its tail and its answer; then i's own segments and tail. Pieces of 0 tokens are left out.
void appendPromptPieces(const Trace& trace, std::size_t i, std::vector<PromptPiece>& out);

/// Tokens of history(i): the parent's prompt and answer (0 without a parent).
std::uint64_t historyTokens(const Trace& trace, std::size_t i);
/// Σ tokens of request i's declared segments.
std::uint64_t segmentTokens(const Trace& trace, std::size_t i);
/// Tokens of request i's own text: inputLen − history − segments (0 when they do not fit).
std::uint32_t tailTokens(const Trace& trace, std::size_t i);

/// Hashes of request i's prompt in blocks of `blockTokens` tokens. Each block's hash is chained on
/// the previous block's, starting from a value of the adapter, so equal hashes mean equal tokens
/// from the start of the prompt for the same adapter. `partialLast`: also hash the last, incomplete
/// block (Mooncake numbers it; vLLM caches full blocks only).
std::vector<std::uint64_t> blockHashes(const Trace& trace, std::size_t i, std::uint32_t blockTokens, bool partialLast);
/// blockHashes() of every request, in index order, calling `visit(i, hashes)`: in time linear in
/// the hashes given, as a turn continues its parent's chain instead of hashing its whole history
/// again (blockHashes of each turn of a 10^5-turn session walks 10^5 ancestors each).
void forEachBlockHashes(const Trace& trace, std::uint32_t blockTokens, bool partialLast,
    const std::function<void(std::size_t, const std::vector<std::uint64_t>&)>& visit);

/// What a perfect prefix cache could reuse: unbounded, token granularity, per adapter, keeping every
/// prompt and every answer once the request that made it has arrived (trace order).
struct PrefixReuse {
    /// Per request: leading prompt tokens equal to a prefix of an earlier request's prompt + answer
    /// of the same adapter (a parent's whole prompt and answer, a system prompt seen before, ...).
    std::vector<std::uint32_t> reusable;
    /// Per request: history + declared segments, the tokens the design shares (≥ reusable).
    std::vector<std::uint32_t> declared;
};
PrefixReuse prefixReuse(const Trace& trace);

/// Checks the prefix structure; throws InputError naming `file`, the line of the request
/// (`lineOf[i]`, 1-based; empty = no lines) and the field: a parent that comes after its turn or
/// forms a cycle, a parent of another session, a turn number that does not follow the parent's, a
/// first turn numbered other than 1, a negative or non-finite think time, a segment of 0 tokens,
/// and a prompt shorter than its history plus its segments (`segmentsField` names the segments'
/// field: "prefix" in LoraScope's formats, "hash_ids" in Mooncake's).
void checkPrefixStructure(const Trace& trace, const std::string& file, const std::vector<std::uint64_t>& lineOf = {},
    const char* segmentsField = "prefix");

/// Keeps the requests at the old indices `order`, in that order, with every side column: ids (made
/// explicit unless `order` is the identity), failed marks, sessions (parents re-indexed; a parent
/// that is not kept makes its turn a first turn) and segments.
void reorderRequests(Trace& trace, const std::vector<std::size_t>& order);

/// "system", "document", "user", "block" (the native formats' names), and back.
const char* segmentRoleName(SegmentRole role);
std::optional<SegmentRole> segmentRoleFromName(std::string_view name);

/// Tokens a prompt may hold at most (workload/bounds.h); the generator ends a session before a turn exceeds it.
inline constexpr std::uint64_t kMaxPromptTokens = kMaxTokenLength;

} // namespace lorascope
