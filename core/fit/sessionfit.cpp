// SPDX-License-Identifier: Apache-2.0
#include "fit/sessionfit.h"

#include "workload/prefix.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

namespace lorascope {

namespace {

std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/// Tokens of the longest common segment prefix of two segment lists (a shorter copy of a block counts).
std::uint64_t commonPrefix(std::span<const PrefixSegment> a, std::span<const PrefixSegment> b)
{
    std::uint64_t tokens = 0;
    for (std::size_t k = 0; k < a.size() && k < b.size(); ++k) {
        if (a[k].id != b[k].id)
            break;
        tokens += std::min(a[k].tokens, b[k].tokens);
        if (a[k].tokens != b[k].tokens)
            break;
    }
    return tokens;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

} // namespace

SessionFit fitSessions(const Trace& t, const std::vector<std::size_t>& used)
{
    SessionFit f;
    f.sessions = t.hasSessions();
    f.prefixes = t.hasSessions() || t.hasSegments();
    if (!f.prefixes)
        return f;
    // First turns (and requests outside sessions): those whose prefix is declared, not inherited.
    std::vector<std::size_t> roots;
    for (const auto i : used)
        if (t.parentOf(i) == kNoParent)
            roots.push_back(i);

    // The system prompt: per adapter, the prefix all its first turns share; the median over adapters.
    std::map<std::uint32_t, std::pair<std::size_t, std::uint64_t>> perAdapter; // first root, common tokens
    for (const auto i : roots) {
        auto [it, fresh] = perAdapter.emplace(t.requests[i].adapter, std::make_pair(i, segmentTokens(t, i)));
        if (!fresh)
            it->second.second
                = std::min(it->second.second, commonPrefix(t.segmentsOf(it->second.first), t.segmentsOf(i)));
    }
    std::vector<double> system;
    std::map<std::uint32_t, std::uint64_t> systemOf;
    for (const auto& [adapter, first] : perAdapter) {
        const auto count = std::count_if(
            roots.begin(), roots.end(), [&](std::size_t i) { return t.requests[i].adapter == adapter; });
        if (count >= 2) {
            system.push_back(double(first.second));
            systemOf[adapter] = first.second;
        }
    }
    f.systemTokens = std::llround(median(system));

    // Prefix groups: after an adapter's system prompt, the leading segments a first turn shares with
    // another (a chain of segments seen at least twice).
    std::unordered_map<std::uint64_t, std::uint64_t> chains; // chain hash → first turns that have it
    // The chain starts after the system prompt: the same document read under two adapters' system
    // prompts is one prefix of the group (a cache keeps it per adapter; the workload shares it).
    auto forEachChain = [&](std::size_t i, auto&& visit) {
        std::uint64_t h = 0, tokens = 0;
        const std::uint64_t skip = systemOf.count(t.requests[i].adapter) ? systemOf[t.requests[i].adapter] : 0;
        for (const auto& s : t.segmentsOf(i)) {
            tokens += s.tokens;
            if (tokens <= skip)
                continue;
            h = mix(h ^ mix(s.id ^ (std::uint64_t(s.tokens) << 40)));
            visit(h, tokens - skip);
        }
    };
    for (const auto i : roots)
        forEachChain(i, [&](std::uint64_t h, std::uint64_t) { ++chains[h]; });
    std::unordered_map<std::uint64_t, bool> distinct;
    double groupTokens = 0;
    std::uint64_t withGroup = 0;
    std::vector<std::uint64_t> sharedOf(t.requests.size(), 0);
    for (const auto i : roots) {
        std::uint64_t shared = 0, end = 0;
        forEachChain(i, [&](std::uint64_t h, std::uint64_t tokens) {
            if (chains[h] >= 2 && tokens > shared) {
                shared = tokens;
                end = h;
            }
        });
        sharedOf[i] = shared + (systemOf.count(t.requests[i].adapter) ? systemOf[t.requests[i].adapter] : 0);
        if (shared > 0) {
            distinct[end] = true;
            groupTokens += double(shared);
            ++withGroup;
        }
    }
    if (withGroup > 0 && !roots.empty()) {
        f.groupCount = static_cast<std::uint32_t>(distinct.size());
        f.groupTokens = std::llround(groupTokens / double(withGroup));
        f.groupShare = double(withGroup) / double(roots.size());
    }

    // Each request's own new text: what the input-length fit takes when the prompt holds more.
    std::map<std::uint32_t, std::uint64_t> messages;
    for (const auto i : used) {
        const std::uint64_t before = t.parentOf(i) == kNoParent
            ? std::min<std::uint64_t>(sharedOf[i], t.requests[i].inputLen)
            : historyTokens(t, i);
        const auto own = static_cast<std::uint32_t>(
            t.requests[i].inputLen - std::min<std::uint64_t>(before, t.requests[i].inputLen));
        if (own > 0)
            ++messages[own];
    }
    f.messageLengths.assign(messages.begin(), messages.end());

    if (!f.sessions)
        return f;
    // Turns per session, think times, and the service estimate of the designed times.
    std::map<std::uint32_t, std::uint64_t> turns;
    std::unordered_map<std::uint64_t, std::uint32_t> lastTurn; // session id → turns seen
    std::vector<double> thinks;
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const auto i : used) {
        const auto& st = t.sessions[i];
        if (st.session == kNoSession)
            continue;
        auto& last = lastTurn[st.session];
        last = std::max(last, st.turn);
        const auto p = st.parent;
        if (p == kNoParent || p >= i)
            continue;
        thinks.push_back(st.think);
        const double x = t.requests[p].outputLen, y = t.requests[i].time - t.requests[p].time - st.think;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
    }
    for (const auto& [session, n] : lastTurn)
        ++turns[n];
    f.sessionCount = lastTurn.size();
    f.turns = fitLengths({ turns.begin(), turns.end() });
    if (!thinks.empty()) {
        double sum = 0, sq = 0;
        for (double v : thinks)
            sum += v;
        f.thinkMean = sum / double(thinks.size());
        for (double v : thinks)
            sq += (v - f.thinkMean) * (v - f.thinkMean);
        f.thinkCv = f.thinkMean > 0 ? std::sqrt(sq / double(thinks.size())) / f.thinkMean : 0.0;
        if (f.thinkCv < 0.1 || f.thinkMean <= 0) {
            f.think = { DurationKind::Constant, f.thinkMean, 1.0, 0.0, 1.0 };
        } else if (std::abs(f.thinkCv - 1) <= 0.25) {
            f.think = { DurationKind::Exponential, f.thinkMean, 1.0, 0.0, 1.0 };
        } else {
            f.think = { DurationKind::LogNormal, f.thinkMean,
                std::min(10.0, std::sqrt(std::log1p(f.thinkCv * f.thinkCv))), 0.0, 1.0 };
        }
        const double n = double(thinks.size());
        const double var = sxx - sx * sx / n;
        const double slope = var > 0 ? (sxy - sx * sy / n) / var : 0.0;
        const double intercept = (sy - slope * sx) / n;
        f.service = { std::clamp(intercept, 0.0, 86400.0), std::clamp(slope, 0.0, 86400.0) };
    }
    return f;
}

void applySessionFit(const SessionFit& f, WorkloadSpec& s)
{
    if (!f.prefixes)
        return;
    s.prefix.systemTokens = std::clamp<std::int64_t>(f.systemTokens, 0, 1'000'000);
    s.prefix.groups.clear();
    if (f.groupCount > 0 && f.groupTokens > 0) {
        s.prefix.groups.push_back({ std::min<std::uint32_t>(f.groupCount, 1'000'000),
            std::min<std::int64_t>(f.groupTokens, 1'000'000), f.groupShare });
        if (f.groupShare < 1)
            s.prefix.groups.push_back({ 1, 0, 1 - f.groupShare });
    }
    if (!f.sessions)
        return;
    s.sessions.enabled = true;
    if (const auto* t = f.turns.best()) {
        s.sessions.turns = t->spec;
        s.sessions.turns.lo = std::max<std::int64_t>(1, s.sessions.turns.lo);
    }
    s.sessions.think = f.think;
    s.sessions.service = f.service;
}

} // namespace lorascope
