// SPDX-License-Identifier: Apache-2.0
#include "workload/tokenkey.h"

#include "workload/prefix.h"

#include <algorithm>

namespace lorascope {

namespace {

// SplitMix64's finaliser: a fast, well-mixed 64-bit hash step.
std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

std::uint64_t combine(std::uint64_t h, std::uint64_t v)
{
    return mix(h ^ mix(v));
}

/// Appends a run, merged into the last one when it continues it (one canonical form per content,
/// so equal tokens hash alike however the runs were built).
void push(std::vector<TokenRun>& runs, std::uint64_t key, std::uint32_t start, std::uint32_t len)
{
    if (len == 0)
        return;
    if (!runs.empty() && runs.back().key == key && runs.back().start + runs.back().len == start) {
        runs.back().len += len;
        return;
    }
    runs.push_back({ key, start, len });
}

} // namespace

std::uint64_t TokenKey::tokens() const
{
    std::uint64_t n = 0;
    for (const TokenRun& r : runs)
        n += r.len;
    return n;
}

bool traceHasPrefixStructure(const Trace& trace)
{
    return trace.hasSessions() || trace.hasSegments();
}

TokenKeyPtr tokenKeyOf(const Trace& trace, std::size_t i)
{
    std::vector<PromptPiece> pieces;
    appendPromptPieces(trace, i, pieces);
    auto key = std::make_shared<TokenKey>();
    key->runs.reserve(pieces.size() + 1);
    for (const PromptPiece& p : pieces)
        push(key->runs, combine(static_cast<std::uint64_t>(p.kind) + 1, p.id), 0, p.tokens);
    // The prompt is inputLen tokens even when the pieces say otherwise (checkPrefixStructure
    // refuses longer histories; a shorter sum leaves the rest as the request's own text).
    const std::uint64_t have = key->tokens();
    const std::uint32_t input = trace.requests[i].inputLen;
    if (have < input)
        push(key->runs, combine(static_cast<std::uint64_t>(PromptPiece::Kind::Tail) + 1, i), 0,
            static_cast<std::uint32_t>(input - have));
    push(key->runs, combine(static_cast<std::uint64_t>(PromptPiece::Kind::Answer) + 1, i), 0,
        trace.requests[i].outputLen);
    return key;
}

TokenKeyPtr tokenKeyFromTokens(std::span<const std::uint64_t> prompt, std::span<const std::uint64_t> answer)
{
    auto key = std::make_shared<TokenKey>();
    key->runs.reserve(prompt.size() + answer.size());
    for (std::uint64_t t : prompt)
        push(key->runs, t, 0, 1);
    for (std::uint64_t t : answer)
        push(key->runs, t, 0, 1);
    return key;
}

void appendBlockHashes(const TokenKey& key, std::uint32_t adapter, std::uint32_t blockTokens, std::uint64_t tokens,
    std::vector<std::uint64_t>& out)
{
    if (blockTokens == 0)
        return;
    const std::uint64_t blocks = std::min(tokens, key.tokens()) / blockTokens;
    if (out.size() >= blocks)
        return;
    std::uint64_t chain = out.empty() ? combine(0x6c6f726173636f70ull, adapter) : out.back();
    TokenCursor c(key, out.size() * std::uint64_t(blockTokens));
    while (out.size() < blocks) {
        std::uint64_t block = 0;
        std::uint32_t filled = 0;
        while (filled < blockTokens) {
            const std::uint32_t take = std::min(c.runLeft(), blockTokens - filled);
            block = combine(combine(combine(block, c.key()), c.position()), take);
            c.advance(take);
            filled += take;
        }
        chain = combine(chain, block);
        out.push_back(chain);
    }
}

TokenCursor::TokenCursor(const TokenKey& key, std::uint64_t from)
    : m_key(&key)
{
    while (m_run < key.runs.size() && from >= key.runs[m_run].len) {
        from -= key.runs[m_run].len;
        ++m_run;
    }
    m_offset = static_cast<std::uint32_t>(from);
}

void TokenCursor::advance(std::uint32_t n)
{
    while (n > 0 && !atEnd()) {
        const std::uint32_t step = std::min(n, runLeft());
        m_offset += step;
        n -= step;
        if (m_offset == m_key->runs[m_run].len) {
            ++m_run;
            m_offset = 0;
        }
    }
}

std::uint64_t commonPrefix(const TokenKey& a, const TokenKey& b, std::uint64_t limit)
{
    TokenCursor x(a), y(b);
    std::uint64_t n = 0;
    while (n < limit && !x.atEnd() && !y.atEnd() && x.key() == y.key() && x.position() == y.position()) {
        const std::uint64_t step = std::min<std::uint64_t>({ x.runLeft(), y.runLeft(), limit - n });
        x.advance(static_cast<std::uint32_t>(step));
        y.advance(static_cast<std::uint32_t>(step));
        n += step;
    }
    return n;
}

} // namespace lorascope
