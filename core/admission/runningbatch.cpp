// SPDX-License-Identifier: Apache-2.0
#include "admission/runningbatch.h"

#include <limits>

namespace lorascope {

namespace {
constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min();
}

void RunningBatch::resizeAll(std::size_t n)
{
    m_boundValid = false;
    m_slot.resize(n);
    m_key.resize(n);
    m_base.resize(n);
    m_cum.resize(n);
    m_g.resize(n);
    m_peak.resize(n);
}

void RunningBatch::update(std::size_t from)
{
    m_boundValid = false;
    const std::size_t n = m_slot.size();
    std::int64_t cum = from > 0 ? m_cum[from - 1] : 0;
    std::int64_t peak = from > 0 ? m_peak[from - 1] : kNone;
    for (std::size_t i = from; i < n; ++i) {
        cum += m_base[i];
        const std::int64_t g = m_key[i] * static_cast<std::int64_t>(i + 1) + cum;
        peak = std::max(peak, g);
        m_cum[i] = cum;
        m_g[i] = g;
        m_peak[i] = peak;
    }
}

void RunningBatch::merge(const std::vector<Member>& newcomers)
{
    if (newcomers.empty())
        return;
    // Members with a key at least the first newcomer's keep their place (and their sums).
    const std::int64_t top = newcomers.front().key;
    const std::size_t from = static_cast<std::size_t>(
        std::partition_point(m_key.begin(), m_key.end(), [top](std::int64_t k) { return k >= top; }) - m_key.begin());
    // Merge in place from the back, newcomer by newcomer: the members after a newcomer's place move
    // up as one block. A newcomer goes after the members with a key at least its own.
    std::size_t i = m_slot.size(), j = newcomers.size();
    resizeAll(i + j);
    while (j > 0) {
        const Member& m = newcomers[j - 1];
        const std::size_t at = static_cast<std::size_t>(
            std::partition_point(m_key.begin() + static_cast<std::ptrdiff_t>(from),
                m_key.begin() + static_cast<std::ptrdiff_t>(i), [&](std::int64_t k) { return k >= m.key; })
            - m_key.begin());
        const auto shift = [&](auto& v) {
            std::copy_backward(v.begin() + static_cast<std::ptrdiff_t>(at), v.begin() + static_cast<std::ptrdiff_t>(i),
                v.begin() + static_cast<std::ptrdiff_t>(i + j));
        };
        shift(m_slot);
        shift(m_key);
        shift(m_base);
        i = at;
        --j;
        m_slot[i + j] = m.slot;
        m_key[i + j] = m.key;
        m_base[i + j] = m.base;
    }
    update(from);
}

void RunningBatch::popBack()
{
    m_boundValid = false;
    m_slot.pop_back();
    m_key.pop_back();
    m_base.pop_back();
    m_cum.pop_back();
    m_g.pop_back();
    m_peak.pop_back();
}

std::size_t RunningBatch::membersBefore(std::size_t from, std::int64_t left, std::int64_t decodes) const
{
    // Ties: the member first, as in S-LoRA's stable sort of the running list followed by the candidates.
    return static_cast<std::size_t>(std::partition_point(m_key.begin() + static_cast<std::ptrdiff_t>(from), m_key.end(),
                                        [&](std::int64_t k) { return k - decodes >= left; })
        - m_key.begin());
}

std::int64_t RunningBatch::stretchMax(std::size_t a, std::size_t b, std::int64_t c) const
{
    std::int64_t best = kNone;
    const std::int64_t* g = m_g.data();
    const std::int64_t* key = m_key.data();
    for (std::size_t i = a; i < b; ++i)
        best = std::max(best, g[i] + c * key[i]);
    return best;
}

std::int64_t RunningBatch::need(const std::vector<NeedCandidate>& cand, std::int64_t d) const
{
    if (cand.empty())
        return need();
    const std::size_t n = m_slot.size();
    std::int64_t best = kNone;
    std::int64_t u = 0; // Σ used of the candidates placed so far
    std::size_t pos = 0; // members placed so far
    // The members in [a, b) with c candidates before them. With the suffix maxima at hand a stretch
    // whose bound (keys descend: key_i <= key_a) cannot beat the maximum so far is skipped.
    auto stretch = [&](std::size_t a, std::size_t b, std::int64_t c) {
        if (m_boundValid && m_sufG[a] + c * m_key[a] + u - c * d <= best)
            return;
        best = std::max(best, stretchMax(a, b, c) + u - c * d);
    };
    for (std::size_t j = 0; j < cand.size(); ++j) {
        const std::size_t next = cand[j].members;
        if (next > pos) {
            if (j == 0)
                best = std::max(best, m_peak[next - 1]);
            else
                stretch(pos, next, static_cast<std::int64_t>(j));
        }
        pos = next;
        u += cand[j].used;
        // candidate j: position pos + j + 1, cumulative used = members' (base + d each) + candidates'
        const std::int64_t members = pos > 0 ? m_cum[pos - 1] + static_cast<std::int64_t>(pos) * d : 0;
        best = std::max(best, cand[j].left * static_cast<std::int64_t>(pos + j + 1) + members + u);
    }
    if (pos < n) {
        // One candidate (a queue head re-checked pass after pass): the members after it are a suffix
        // with c = 1, whose maximum prepareBound() keeps.
        const auto c = static_cast<std::int64_t>(cand.size());
        if (c == 1 && m_boundValid)
            best = std::max(best, m_sufG1[pos] + u - d);
        else
            stretch(pos, n, c);
    }
    return best;
}

void RunningBatch::prepareBound()
{
    // g does not depend on the decodes done: the suffix maxima stay valid until the members change
    // (a blocked queue head is re-checked every pass while the batch only decodes).
    if (m_boundValid)
        return;
    m_boundValid = true;
    const std::size_t n = m_slot.size();
    m_sufG.resize(n);
    m_sufG1.resize(n);
    std::int64_t best = kNone, best1 = kNone;
    for (std::size_t i = n; i-- > 0;) {
        best = std::max(best, m_g[i]);
        best1 = std::max(best1, m_g[i] + m_key[i]);
        m_sufG[i] = best;
        m_sufG1[i] = best1;
    }
}

std::int64_t RunningBatch::needBound(const std::vector<NeedCandidate>& cand, std::int64_t d) const
{
    const std::size_t n = m_slot.size();
    std::int64_t best = kNone;
    std::int64_t u = 0;
    std::size_t pos = 0;
    for (std::size_t j = 0; j < cand.size(); ++j) {
        const std::size_t next = cand[j].members;
        // Members before the first candidate: their own prefix maxima. Members between candidates
        // j−1 and j were bounded with the stretch that starts after candidate j−1.
        if (j == 0 && next > 0)
            best = std::max(best, m_peak[next - 1]);
        pos = next;
        u += cand[j].used;
        const std::int64_t members = pos > 0 ? m_cum[pos - 1] + static_cast<std::int64_t>(pos) * d : 0;
        best = std::max(best, cand[j].left * static_cast<std::int64_t>(pos + j + 1) + members + u);
        if (pos < n) {
            const auto c = static_cast<std::int64_t>(j + 1);
            best = std::max(best, m_sufG[pos] + c * (m_key[pos] - d) + u);
        }
    }
    return best;
}

} // namespace lorascope
