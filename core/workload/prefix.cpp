// SPDX-License-Identifier: Apache-2.0
#include "workload/prefix.h"

#include "util/error.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace lorascope {

namespace {

std::uint64_t mix(std::uint64_t x)
{
    // SplitMix64's finaliser: a bijection with good avalanche, so chained hashes collide only by chance (2^-64).
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

std::uint64_t combine(std::uint64_t h, std::uint64_t v)
{
    return mix(h ^ mix(v));
}

/// The content a piece names: equal keys, equal tokens.
std::uint64_t pieceKey(const PromptPiece& p)
{
    return combine(static_cast<std::uint64_t>(p.kind) + 1, p.id);
}

std::string requestName(const Trace& t, std::size_t i)
{
    return "request " + std::to_string(t.idOf(i));
}

} // namespace

const char* segmentRoleName(SegmentRole role)
{
    switch (role) {
    case SegmentRole::System:
        return "system";
    case SegmentRole::Document:
        return "document";
    case SegmentRole::User:
        return "user";
    case SegmentRole::Block:
        return "block";
    }
    return "block";
}

std::optional<SegmentRole> segmentRoleFromName(std::string_view name)
{
    for (auto r : { SegmentRole::System, SegmentRole::Document, SegmentRole::User, SegmentRole::Block })
        if (name == segmentRoleName(r))
            return r;
    return std::nullopt;
}

std::uint64_t historyTokens(const Trace& t, std::size_t i)
{
    const auto p = t.parentOf(i);
    if (p == kNoParent || p >= t.requests.size())
        return 0;
    return std::uint64_t(t.requests[p].inputLen) + t.requests[p].outputLen;
}

std::uint64_t segmentTokens(const Trace& t, std::size_t i)
{
    std::uint64_t sum = 0;
    for (const auto& s : t.segmentsOf(i))
        sum += s.tokens;
    return sum;
}

std::uint32_t tailTokens(const Trace& t, std::size_t i)
{
    const std::uint64_t used = historyTokens(t, i) + segmentTokens(t, i);
    const std::uint64_t in = t.requests[i].inputLen;
    return used >= in ? 0u : static_cast<std::uint32_t>(in - used);
}

void appendPromptPieces(const Trace& t, std::size_t i, std::vector<PromptPiece>& out)
{
    // The chain of turns from the first to i (parents come before their turns: checkPrefixStructure).
    std::vector<std::size_t> chain { i };
    for (auto p = t.parentOf(i); p != kNoParent && p < i && chain.size() <= t.requests.size(); p = t.parentOf(p))
        chain.push_back(p);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        const std::size_t a = *it;
        for (const auto& s : t.segmentsOf(a))
            if (s.tokens > 0)
                out.push_back({ PromptPiece::Kind::Segment, s.role, s.tokens, s.id });
        if (const auto tail = tailTokens(t, a); tail > 0)
            out.push_back({ PromptPiece::Kind::Tail, SegmentRole::User, tail, a });
        if (a != i && t.requests[a].outputLen > 0)
            out.push_back({ PromptPiece::Kind::Answer, SegmentRole::User, t.requests[a].outputLen, a });
    }
}

namespace {

/// blockHashes' running state: the full blocks' hashes so far, the chain, the block being filled.
struct BlockChain {
    std::vector<std::uint64_t> hashes;
    std::uint64_t chain = 0;
    std::uint64_t block = 0;
    std::uint32_t filled = 0;

    /// A chain starts from the request's adapter (two adapters never share a block).
    explicit BlockChain(std::uint32_t adapter = 0)
        : chain(combine(0x6c6f726173636f70ull, adapter))
    {
    }

    void feed(const PromptPiece& p, std::uint32_t blockTokens)
    {
        const std::uint64_t key = pieceKey(p);
        std::uint32_t offset = 0;
        while (offset < p.tokens) {
            const std::uint32_t take = std::min(p.tokens - offset, blockTokens - filled);
            block = combine(combine(combine(block, key), offset), take);
            offset += take;
            filled += take;
            if (filled == blockTokens) {
                chain = combine(chain, block);
                hashes.push_back(chain);
                block = 0;
                filled = 0;
            }
        }
    }
};

} // namespace

std::vector<std::uint64_t> blockHashes(const Trace& t, std::size_t i, std::uint32_t blockTokens, bool partialLast)
{
    if (blockTokens == 0)
        return {};
    std::vector<PromptPiece> pieces;
    appendPromptPieces(t, i, pieces);
    BlockChain chain(t.requests[i].adapter);
    for (const auto& p : pieces)
        chain.feed(p, blockTokens);
    if (partialLast && chain.filled > 0)
        chain.hashes.push_back(combine(chain.chain, chain.block));
    return std::move(chain.hashes);
}

void forEachBlockHashes(const Trace& t, std::uint32_t blockTokens, bool partialLast,
    const std::function<void(std::size_t, const std::vector<std::uint64_t>&)>& visit)
{
    const std::size_t n = t.requests.size();
    if (blockTokens == 0) {
        const std::vector<std::uint64_t> none;
        for (std::size_t i = 0; i < n; ++i)
            visit(i, none);
        return;
    }
    // Per request with later turns still to come: its chain after its prompt and answer.
    std::vector<std::uint32_t> childrenLeft(t.hasSessions() ? n : 0, 0);
    for (std::size_t i = 0; i < childrenLeft.size(); ++i)
        if (const auto p = t.parentOf(i); p != kNoParent && p < i)
            ++childrenLeft[p];
    std::unordered_map<std::size_t, BlockChain> after;
    std::vector<std::uint64_t> out;
    std::vector<PromptPiece> pieces;
    for (std::size_t i = 0; i < n; ++i) {
        const auto p = t.parentOf(i);
        BlockChain c;
        auto it = p != kNoParent && p < i ? after.find(p) : after.end();
        if (it != after.end() && t.requests[p].adapter == t.requests[i].adapter) {
            // The prompt is the parent's prompt and answer, then this turn's own pieces.
            if (--childrenLeft[p] == 0) {
                c = std::move(it->second);
                after.erase(it);
            } else {
                c = it->second;
            }
            for (const auto& s : t.segmentsOf(i))
                if (s.tokens > 0)
                    c.feed({ PromptPiece::Kind::Segment, s.role, s.tokens, s.id }, blockTokens);
            if (const auto tail = tailTokens(t, i); tail > 0)
                c.feed({ PromptPiece::Kind::Tail, SegmentRole::User, tail, i }, blockTokens);
        } else {
            if (it != after.end() && --childrenLeft[p] == 0)
                after.erase(it);
            c = BlockChain(t.requests[i].adapter);
            pieces.clear();
            appendPromptPieces(t, i, pieces);
            for (const auto& piece : pieces)
                c.feed(piece, blockTokens);
        }
        out = c.hashes;
        if (partialLast && c.filled > 0)
            out.push_back(combine(c.chain, c.block));
        visit(i, out);
        if (!childrenLeft.empty() && childrenLeft[i] > 0) {
            if (t.requests[i].outputLen > 0)
                c.feed({ PromptPiece::Kind::Answer, SegmentRole::User, t.requests[i].outputLen, i }, blockTokens);
            after.emplace(i, std::move(c));
        }
    }
}

PrefixReuse prefixReuse(const Trace& t)
{
    const std::size_t n = t.requests.size();
    PrefixReuse out;
    out.reusable.assign(n, 0);
    out.declared.assign(n, 0);
    // A trie of declared segments per adapter. A tail and an answer are unique to their request, so
    // they need no edges: the node after them (endNode) is new, and only the request's later turns
    // continue from it. Edges are keyed by (node, segment id); one id may carry several lengths
    // (partial blocks), kept as a short list.
    struct Edge {
        std::uint32_t tokens;
        std::uint32_t child;
        std::uint32_t next; // next edge with the same key, or kNone
    };
    constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    struct KeyHash {
        std::size_t operator()(const std::pair<std::uint32_t, std::uint64_t>& k) const
        {
            return combine(k.first, k.second);
        }
    };
    std::unordered_map<std::pair<std::uint32_t, std::uint64_t>, std::uint32_t, KeyHash> heads;
    std::vector<Edge> edges;
    std::vector<std::uint32_t> roots(t.adapters.size() + 1, kNone);
    std::vector<std::uint32_t> endNode(n, kNone);
    std::uint32_t nodes = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const Request& r = t.requests[i];
        const std::size_t adapterSlot
            = r.adapter == kNoAdapter || r.adapter >= t.adapters.size() ? t.adapters.size() : r.adapter;
        const auto p = t.parentOf(i);
        const std::uint64_t history = historyTokens(t, i);
        std::uint64_t matched = 0;
        std::uint32_t node;
        if (p != kNoParent && p < i && t.requests[p].adapter == r.adapter && endNode[p] != kNone) {
            node = endNode[p]; // the parent's prompt and answer are cached whole
            matched = history;
        } else if (p != kNoParent) {
            node = nodes++; // history computed under another adapter: nothing of it is cached here
        } else {
            if (roots[adapterSlot] == kNone)
                roots[adapterSlot] = nodes++;
            node = roots[adapterSlot];
        }
        bool matching = true;
        std::uint64_t declared = history;
        for (const auto& s : t.segmentsOf(i)) {
            declared += s.tokens;
            const auto key = std::make_pair(node, s.id);
            auto head = heads.find(key);
            std::uint32_t exact = kNone;
            std::uint32_t longestCommon = 0;
            for (std::uint32_t e = head == heads.end() ? kNone : head->second; e != kNone; e = edges[e].next) {
                if (edges[e].tokens == s.tokens)
                    exact = e;
                longestCommon = std::max(longestCommon, std::min(edges[e].tokens, s.tokens));
            }
            if (matching)
                matched += exact != kNone ? s.tokens : longestCommon;
            if (exact == kNone) {
                matching = false;
                edges.push_back({ s.tokens, nodes++, head == heads.end() ? kNone : head->second });
                heads[key] = static_cast<std::uint32_t>(edges.size() - 1);
                exact = static_cast<std::uint32_t>(edges.size() - 1);
            }
            node = edges[exact].child;
        }
        endNode[i] = nodes++;
        out.declared[i] = static_cast<std::uint32_t>(std::min<std::uint64_t>(declared, r.inputLen));
        out.reusable[i] = static_cast<std::uint32_t>(std::min<std::uint64_t>(matched, out.declared[i]));
    }
    return out;
}

void checkPrefixStructure(
    const Trace& t, const std::string& file, const std::vector<std::uint64_t>& lineOf, const char* segmentsField)
{
    const std::size_t n = t.requests.size();
    auto line = [&](std::size_t i) -> std::uint64_t { return i < lineOf.size() ? lineOf[i] : 0; };
    auto fail = [&](std::size_t i, const std::string& field, const std::string& what) {
        throw InputError(field + ": " + what + " (" + requestName(t, i) + ")", file, line(i), field);
    };
    if (!t.sessions.empty() && t.sessions.size() != n)
        throw InputError(
            "sessions: " + std::to_string(t.sessions.size()) + " entries for " + std::to_string(n) + " requests", file,
            0, "session");
    if (!t.segmentOffsets.empty() && (t.segmentOffsets.size() != n + 1 || t.segmentOffsets.back() != t.segments.size()))
        throw InputError(std::string(segmentsField) + ": offsets do not match the requests", file, 0, segmentsField);
    for (std::size_t i = 0; i < n; ++i) {
        if (!t.sessions.empty()) {
            const SessionTurn& s = t.sessions[i];
            if (!std::isfinite(s.think) || s.think < 0 || s.think > kMaxThinkSeconds)
                fail(i, "think_s",
                    "expected a think time from 0 to 31622400 seconds (366 days, the bound of every think time)");
            if (s.parent == kNoParent) {
                if (s.session != kNoSession && s.turn != 1)
                    fail(i, "turn",
                        "turn " + std::to_string(s.turn) + " of session " + std::to_string(s.session)
                            + " has no parent: only turn 1 starts a session (give the previous turn's id as parent)");
            } else {
                const auto p = s.parent;
                if (p >= n)
                    fail(i, "parent", "the parent is not in the trace");
                if (p == i)
                    fail(i, "parent", "a turn cannot be its own parent (a cycle)");
                if (p > i) {
                    // Either a cycle (following the parents leads back here) or a parent sent later.
                    std::size_t steps = 0;
                    for (auto q = t.sessions[p].parent; q != kNoParent && q < n && steps <= n;
                         q = t.sessions[q].parent, ++steps)
                        if (q == i)
                            fail(i, "parent",
                                "the parents of this turn form a cycle (through " + requestName(t, p) + ")");
                    fail(i, "parent",
                        "its parent " + requestName(t, p) + " arrives later (at " + formatNumber(t.requests[p].time)
                            + " s, this turn at " + formatNumber(t.requests[i].time)
                            + " s); a turn is sent after its parent's answer");
                }
                const SessionTurn& ps = t.sessions[p];
                if (ps.session != s.session)
                    fail(i, "parent",
                        "its parent " + requestName(t, p) + " belongs to session "
                            + (ps.session == kNoSession ? std::string("(none)") : std::to_string(ps.session))
                            + ", not to session " + std::to_string(s.session));
                if (s.turn != ps.turn + 1)
                    fail(i, "turn",
                        "turn " + std::to_string(s.turn) + " follows turn " + std::to_string(ps.turn) + " ("
                            + requestName(t, p) + "); expected turn " + std::to_string(ps.turn + 1));
            }
        }
        std::uint64_t segments = 0;
        std::size_t k = 0;
        for (const auto& seg : t.segmentsOf(i)) {
            if (seg.tokens == 0)
                fail(i, segmentsField, "segment " + std::to_string(k) + " has 0 tokens");
            segments += seg.tokens;
            ++k;
        }
        const std::uint64_t history = historyTokens(t, i);
        const std::uint64_t in = t.requests[i].inputLen;
        if (history + segments > in && !t.isFailed(i)) {
            if (history > in)
                fail(i, "input_len",
                    std::to_string(in)
                        + " tokens is shorter than the history it must hold: the previous turn's prompt ("
                        + std::to_string(t.requests[t.sessions[i].parent].inputLen) + ") and answer ("
                        + std::to_string(t.requests[t.sessions[i].parent].outputLen) + ") tokens");
            fail(i, segmentsField,
                "the declared segments (" + std::to_string(segments) + " tokens"
                    + (history ? " after a history of " + std::to_string(history) : std::string())
                    + ") are longer than the prompt of " + std::to_string(in) + " tokens");
        }
    }
}

void reorderRequests(Trace& t, const std::vector<std::size_t>& order)
{
    const std::size_t n = t.requests.size();
    bool identity = order.size() == n;
    for (std::size_t k = 0; identity && k < order.size(); ++k)
        identity = order[k] == k;
    if (identity)
        return;
    std::vector<Request> reqs(order.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        reqs[k] = t.requests[order[k]];
    std::vector<std::uint64_t> ids(order.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        ids[k] = t.idOf(order[k]);
    if (!t.failed.empty()) {
        std::vector<std::uint8_t> f(order.size());
        for (std::size_t k = 0; k < order.size(); ++k)
            f[k] = t.failed[order[k]];
        t.failed = std::move(f);
    }
    if (!t.priorities.empty()) {
        std::vector<std::int32_t> p(order.size());
        for (std::size_t k = 0; k < order.size(); ++k)
            p[k] = t.priorities[order[k]];
        t.priorities = std::move(p);
    }
    if (!t.tiers.empty()) {
        std::vector<std::uint16_t> p(order.size());
        for (std::size_t k = 0; k < order.size(); ++k)
            p[k] = t.tiers[order[k]];
        t.tiers = std::move(p);
    }
    if (!t.sessions.empty()) {
        std::vector<std::uint64_t> newIndex(n, kNoParent);
        for (std::size_t k = 0; k < order.size(); ++k)
            newIndex[order[k]] = k;
        std::vector<SessionTurn> s(order.size());
        for (std::size_t k = 0; k < order.size(); ++k) {
            s[k] = t.sessions[order[k]];
            if (s[k].parent != kNoParent)
                s[k].parent = s[k].parent < n ? newIndex[s[k].parent] : kNoParent;
        }
        t.sessions = std::move(s);
    }
    if (t.hasSegments()) {
        std::vector<PrefixSegment> seg;
        std::vector<std::uint64_t> off;
        seg.reserve(t.segments.size());
        off.reserve(order.size() + 1);
        off.push_back(0);
        for (const auto j : order) {
            const auto span = t.segmentsOf(j);
            seg.insert(seg.end(), span.begin(), span.end());
            off.push_back(seg.size());
        }
        t.segments = std::move(seg);
        t.segmentOffsets = std::move(off);
    }
    t.requests = std::move(reqs);
    t.ids = std::move(ids);
}

} // namespace lorascope
