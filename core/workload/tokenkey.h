// SPDX-License-Identifier: Apache-2.0
#pragma once
// The identity of a request's tokens, for the prefix-cache models of the vLLM V1 and SGLang
// policies (docs/admission.md, "Prefix caching"). A key is a list of runs; token t of a run is the
// pair (run.key, run.start + t), and two tokens are equal exactly when both parts are. The prompt's
// inputLen tokens come first, then the answer's outputLen tokens (what a later turn of the session
// sends back as history, and what a cache may keep once they are generated).
//
// The preview makes keys from a trace's prefix structure (workload/prefix.h: a declared segment is
// one run, a request's own text another, an answer a third, so equal contents give equal tokens);
// serve-sim makes them from the words it receives and generates (one run per token). The cache
// models only compare keys, so both see the same hits when the prompts carry what the design
// declares (replay's default prompt style).

#include "workload/trace.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace lorascope {

struct TokenRun {
    std::uint64_t key = 0; ///< what the tokens are (a content id, a word's hash)
    std::uint32_t start = 0; ///< position of the run's first token in that content
    std::uint32_t len = 0; ///< tokens in the run (> 0)
    bool operator==(const TokenRun&) const = default;
};

struct TokenKey {
    std::vector<TokenRun> runs; ///< in token order: prompt, then answer
    std::uint64_t tokens() const;
    bool operator==(const TokenKey&) const = default;
};
using TokenKeyPtr = std::shared_ptr<const TokenKey>;

/// True when the trace says who shares which tokens (sessions or declared segments); without it
/// every prompt is its own content and no cache can hit, so the preview makes no keys.
bool traceHasPrefixStructure(const Trace& trace);

/// Request i's key from the trace's prefix structure: its prompt pieces (appendPromptPieces), then
/// its answer (outputLen tokens, the same content its later turns send back).
TokenKeyPtr tokenKeyOf(const Trace& trace, std::size_t i);

/// A key of single tokens (e.g. hashes of the words of a prompt and of the answer generated for it).
TokenKeyPtr tokenKeyFromTokens(std::span<const std::uint64_t> prompt, std::span<const std::uint64_t> answer);

/// Hashes of the first `tokens` tokens of `key` in full blocks of `blockTokens` (a last partial block
/// is left out), each chained on the one before it from a value of `adapter` (kNoAdapter for the
/// base model): equal hashes mean equal tokens from the start, for the same adapter. vLLM V1's
/// block hashes work this way (hash of the parent block, the block's tokens, the LoRA's id).
/// Appends to `out` starting at block `out.size()`, so a caller can extend the list as a request
/// grows (decoded tokens fill further blocks).
void appendBlockHashes(const TokenKey& key, std::uint32_t adapter, std::uint32_t blockTokens, std::uint64_t tokens,
    std::vector<std::uint64_t>& out);

/// Walks a key token by token (for token-granular caches such as SGLang's radix tree).
class TokenCursor {
public:
    explicit TokenCursor(const TokenKey& key, std::uint64_t from = 0);
    bool atEnd() const { return m_run >= m_key->runs.size(); }
    /// The current token: its content key and position.
    std::uint64_t key() const { return m_key->runs[m_run].key; }
    std::uint32_t position() const { return m_key->runs[m_run].start + m_offset; }
    /// Tokens left in the current run from here (the cursor can skip them in one step when the
    /// other side of a comparison has the same run).
    std::uint32_t runLeft() const { return m_key->runs[m_run].len - m_offset; }
    void advance(std::uint32_t n = 1);

private:
    const TokenKey* m_key;
    std::size_t m_run = 0;
    std::uint32_t m_offset = 0;
};

/// Leading tokens `a` and `b` have in common (at most `limit`).
std::uint64_t commonPrefix(const TokenKey& a, const TokenKey& b, std::uint64_t limit);

} // namespace lorascope
