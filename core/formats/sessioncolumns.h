// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reading a trace's session fields (session, turn, parent, think) and prefix segments, shared by
// the readers of LoraScope's formats and AIPerf's. A file names a turn's parent by its request id;
// once every line is read (and the requests sorted by time) the ids become indices and the whole
// prefix structure is checked (workload/prefix.h), every error naming the file, line and field.
// Internal to core/formats.

#include "util/error.h"
#include "workload/prefix.h"
#include "workload/trace.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace lorascope::textscan {

class SessionColumns {
public:
    /// Records the request just pushed onto `t`: its line, session fields (session == kNoSession:
    /// none), its parent's request id (kNoParent: none) and its segments (appended to t.segments by
    /// the caller before this call when `hasSegments`).
    void push(Trace& t, std::uint64_t line, const SessionTurn& s, std::uint64_t parentId, bool hasSegments)
    {
        pushAny(t, line, s, parentId, hasSegments);
    }
    /// The same with the parent given by its index in t.requests (readers that know it as they read).
    void pushIndexed(Trace& t, std::uint64_t line, const SessionTurn& s, std::uint64_t parentIndex, bool hasSegments)
    {
        m_parentsAreIndices = true;
        pushAny(t, line, s, parentIndex, hasSegments);
    }

    /// After finishImport(t, ...) returned `order`: turns parent ids into indices and checks the
    /// structure. `segmentsField` names the segments' field in messages.
    void finish(
        Trace& t, const std::vector<std::size_t>& order, const std::string& file, const char* segmentsField = "prefix")
    {
        if (!m_tracking && t.segmentOffsets.empty())
            return;
        m_lines.resize(t.requests.size(), 0);
        if (!m_parents.empty())
            m_parents.resize(t.requests.size(), kNoParent);
        if (!order.empty()) {
            std::vector<std::uint64_t> newIndex(order.size());
            for (std::size_t k = 0; k < order.size(); ++k)
                newIndex[order[k]] = k;
            std::vector<std::uint64_t> lines(order.size()), parents(m_parents.empty() ? 0 : order.size());
            for (std::size_t k = 0; k < order.size(); ++k) {
                lines[k] = m_lines[order[k]];
                if (!m_parents.empty()) {
                    const auto p = m_parents[order[k]];
                    parents[k] = m_parentsAreIndices && p != kNoParent ? newIndex[p] : p;
                }
            }
            m_lines = std::move(lines);
            m_parents = std::move(parents);
        }
        if (m_parentsAreIndices) {
            for (std::size_t i = 0; i < m_parents.size(); ++i)
                t.sessions[i].parent = m_parents[i];
        } else if (!m_parents.empty()) {
            std::unordered_map<std::uint64_t, std::uint64_t> indexOf;
            indexOf.reserve(t.requests.size());
            for (std::size_t i = 0; i < t.requests.size(); ++i) {
                auto [it, fresh] = indexOf.emplace(t.idOf(i), i);
                if (!fresh)
                    it->second = kNoParent; // an id given twice cannot be named as a parent
            }
            for (std::size_t i = 0; i < t.requests.size(); ++i) {
                if (m_parents[i] == kNoParent)
                    continue;
                const auto it = indexOf.find(m_parents[i]);
                if (it == indexOf.end())
                    throw InputError("parent: request id " + std::to_string(m_parents[i])
                            + " is not in the trace (a turn whose parent is missing)",
                        file, m_lines[i], "parent");
                if (it->second == kNoParent)
                    throw InputError("parent: request id " + std::to_string(m_parents[i])
                            + " appears more than once, so it cannot name the parent",
                        file, m_lines[i], "parent");
                t.sessions[i].parent = it->second;
            }
        }
        checkPrefixStructure(t, file, m_lines, segmentsField);
    }

private:
    void pushAny(Trace& t, std::uint64_t line, const SessionTurn& s, std::uint64_t parentId, bool hasSegments)
    {
        const std::size_t k = t.requests.size() - 1;
        const bool session = s.session != kNoSession || parentId != kNoParent;
        if ((session || hasSegments) && !m_tracking) {
            m_tracking = true;
            m_lines.assign(k, 0); // lines are kept from the first request that needs them on
        }
        if (m_tracking)
            m_lines.push_back(line);
        if (session && !m_sessions) {
            m_sessions = true;
            t.sessions.assign(k, SessionTurn {});
            m_parents.assign(k, kNoParent);
        }
        if (m_sessions) {
            t.sessions.push_back(s);
            t.sessions.back().parent = kNoParent;
            m_parents.push_back(parentId);
        }
        if (hasSegments && t.segmentOffsets.empty()) {
            // The segments of this request were appended already; the earlier requests have none.
            t.segmentOffsets.assign(k + 1, 0);
        }
        if (!t.segmentOffsets.empty())
            t.segmentOffsets.push_back(t.segments.size());
    }

    std::vector<std::uint64_t> m_lines; ///< per request, from the first one with session fields or segments on
    std::vector<std::uint64_t> m_parents; ///< per request: the parent's request id as read (or index)
    bool m_parentsAreIndices = false;
    bool m_sessions = false; ///< a request had session fields: t.sessions is kept from then on
    bool m_tracking = false; ///< a request had session fields or segments: lines are kept from then on
};

} // namespace lorascope::textscan
