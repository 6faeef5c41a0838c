// SPDX-License-Identifier: Apache-2.0
#include "workload/sessionstats.h"

#include "workload/prefix.h"

#include <algorithm>

namespace lorascope {

SessionStats computeSessionStats(const Trace& t)
{
    SessionStats s;
    s.sessions = t.hasSessions();
    s.prefixes = t.hasSessions() || t.hasSegments();
    if (!s.prefixes)
        return s;
    const std::size_t n = t.requests.size();
    const std::size_t slots = t.adapters.size() + 1;
    s.perAdapterPrompt.assign(slots, 0);
    s.perAdapterReusable.assign(slots, 0);
    s.perAdapterDeclared.assign(slots, 0);
    const PrefixReuse reuse = prefixReuse(t);
    for (std::size_t i = 0; i < n; ++i) {
        const Request& r = t.requests[i];
        const std::size_t a = r.adapter == kNoAdapter || r.adapter >= t.adapters.size() ? t.adapters.size() : r.adapter;
        s.promptTokens += r.inputLen;
        s.reusableTokens += reuse.reusable[i];
        s.declaredTokens += reuse.declared[i];
        s.perAdapterPrompt[a] += r.inputLen;
        s.perAdapterReusable[a] += reuse.reusable[i];
        s.perAdapterDeclared[a] += reuse.declared[i];
    }
    if (s.promptTokens > 0) {
        s.reusableShare = double(s.reusableTokens) / double(s.promptTokens);
        s.declaredShare = double(s.declaredTokens) / double(s.promptTokens);
    }
    if (!s.sessions)
        return s;
    // Turns: a session's length is its last turn's number (turns of a session form a chain).
    std::vector<std::uint32_t> lastTurn; // per session, by first-turn order
    std::vector<std::uint64_t> sessionOf(n, ~std::uint64_t(0)); // index into lastTurn
    std::vector<double> inputSum;
    double thinkSum = 0;
    std::uint64_t thinkCount = 0, inSessions = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const SessionTurn& st = t.sessions[i];
        if (st.session == kNoSession)
            continue;
        ++inSessions;
        const auto p = st.parent;
        if (p == kNoParent || p >= i) {
            sessionOf[i] = lastTurn.size();
            lastTurn.push_back(st.turn);
        } else {
            sessionOf[i] = sessionOf[p];
            if (sessionOf[i] < lastTurn.size())
                lastTurn[sessionOf[i]] = std::max(lastTurn[sessionOf[i]], st.turn);
            thinkSum += st.think;
            ++thinkCount;
        }
        const std::size_t k = std::max<std::uint32_t>(st.turn, 1) - 1;
        if (k >= s.countByTurn.size() && k < 100'000) {
            s.countByTurn.resize(k + 1, 0);
            inputSum.resize(k + 1, 0.0);
        }
        if (k < s.countByTurn.size()) {
            ++s.countByTurn[k];
            inputSum[k] += t.requests[i].inputLen;
        }
    }
    s.sessionCount = lastTurn.size();
    s.meanTurns = s.sessionCount ? double(inSessions) / double(s.sessionCount) : 0.0;
    for (const auto turns : lastTurn) {
        s.maxTurns = std::max(s.maxTurns, turns);
        if (turns < 100'000) {
            if (turns >= s.turnsHistogram.size())
                s.turnsHistogram.resize(turns + 1, 0);
            ++s.turnsHistogram[turns];
        }
    }
    s.meanInputByTurn.resize(s.countByTurn.size());
    for (std::size_t k = 0; k < s.countByTurn.size(); ++k)
        s.meanInputByTurn[k] = s.countByTurn[k] ? inputSum[k] / double(s.countByTurn[k]) : 0.0;
    if (thinkCount)
        s.meanThink = thinkSum / double(thinkCount);
    return s;
}

} // namespace lorascope
