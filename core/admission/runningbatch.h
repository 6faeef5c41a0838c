// SPDX-License-Identifier: Apache-2.0
#pragma once
// S-LoRA's running batch as its admission rule sees it (docs/admission.md, The admission rule; internal to slora.cpp): the
// requests ordered by tokens left, and the batch's peak KV need, alone or with candidates.
//
// Every running request's (used, left) changes by (+1, −1) at each decode step of the whole batch,
// so its order by `left` never changes while it runs. A member keeps a constant key and base:
// after d decode steps left = key − d and used = base + d. The k-th term of the need (1-based,
// sorted by left descending), left_k·k + Σ_{j≤k} used_j = (key_k − d)·k + Σ_{j≤k} base_j + k·d,
// is g_k = key_k·k + Σ_{j≤k} base_j: d cancels, and the batch's own need max_k g_k does not change
// while it decodes. Prefix sums of base and prefix maxima of g are kept per position and redone
// from the first changed position when members join, popped when they finish from the back.
//
// With candidates merged in (a candidate goes after the members whose left is at least its own),
// a member at index i with c candidates before it, whose used values sum to U, has the term
// g_i + c·(key_i − d) + U. Between two candidates c and U are fixed, so each stretch of members is
// one pass over contiguous arrays; before the first candidate the prefix maxima answer at once.
// Keys descend along the batch, so a stretch that starts at index a is bounded by
// max_{j≥a} g_j + c·(key_a − d) + U: needBound() uses those suffix maxima (prepareBound(), redone only
// when the members change) to settle most candidates in O(candidates · log batch) without a pass.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace lorascope {

/// An admission candidate as `_can_add_new_req` appends it: (left, used) = (max_new − 1, input + 1),
/// with the number of batch members sorted before it (RunningBatch::candidate() fills it in; the
/// batch and the decode count stay fixed during one admission scan).
struct NeedCandidate {
    std::int64_t left = 0;
    std::int64_t used = 0;
    std::size_t members = 0;
};

class RunningBatch {
public:
    /// A request joining the batch: its scheduler slot and its constant key and base.
    struct Member {
        std::uint32_t slot = 0;
        std::int64_t key = 0;
        std::int64_t base = 0;
    };

    std::size_t size() const { return m_slot.size(); }
    bool empty() const { return m_slot.empty(); }
    /// Scheduler slots, most tokens left first.
    const std::vector<std::uint32_t>& slotOrder() const { return m_slot; }
    /// Key of the member with the fewest tokens left (the next to finish).
    std::int64_t backKey() const { return m_key.back(); }
    std::uint32_t backSlot() const { return m_slot.back(); }

    /// Merges newcomers sorted by key, descending. Stable: a newcomer goes after the members whose
    /// key is at least its own (std::inplace_merge of the batch and the newcomers).
    void merge(const std::vector<Member>& newcomers);
    void popBack();
    /// Removes the members whose slot `remove(slot)` selects, keeping the order of the others.
    template <typename Remove>
    void removeIf(Remove remove)
    {
        std::size_t out = 0, first = m_slot.size();
        for (std::size_t i = 0; i < m_slot.size(); ++i) {
            if (remove(m_slot[i])) {
                first = std::min(first, out);
                continue;
            }
            m_slot[out] = m_slot[i];
            m_key[out] = m_key[i];
            m_base[out] = m_base[i];
            ++out;
        }
        resizeAll(out);
        update(first);
    }

    /// A candidate for need()/needBound() after `decodes` decode steps (finds its place once).
    NeedCandidate candidate(std::int64_t left, std::int64_t used, std::int64_t decodes) const
    {
        return { left, used, membersBefore(0, left, decodes) };
    }

    /// Peak KV need of the batch alone, max_k left_k·k + Σ_{j≤k} used_j (0 when empty), at any
    /// number of decode steps.
    std::int64_t need() const { return m_peak.empty() ? 0 : m_peak.back(); }
    /// The same with `candidates` (sorted by left, descending; made by candidate() for this batch
    /// and decode count) merged in, after `decodes` decode steps.
    std::int64_t need(const std::vector<NeedCandidate>& candidates, std::int64_t decodes) const;
    /// Readies needBound() for the batch as it is now (call again after it changes).
    void prepareBound();
    /// An upper bound of need(candidates, decodes): exact for the candidates' own terms, each
    /// stretch of members bounded as described at the top.
    std::int64_t needBound(const std::vector<NeedCandidate>& candidates, std::int64_t decodes) const;

private:
    void resizeAll(std::size_t n);
    /// Redoes prefix sums, g and prefix maxima from position `from` on.
    void update(std::size_t from);
    /// Number of members at or after `from` whose left after `decodes` steps is at least `left`.
    std::size_t membersBefore(std::size_t from, std::int64_t left, std::int64_t decodes) const;
    /// max over [a, b) of g_i + c·key_i.
    std::int64_t stretchMax(std::size_t a, std::size_t b, std::int64_t c) const;

    std::vector<std::uint32_t> m_slot;
    std::vector<std::int64_t> m_key, m_base;
    std::vector<std::int64_t> m_cum; ///< Σ base up to and including each position
    std::vector<std::int64_t> m_g; ///< key_k·k + Σ_{j≤k} base_j (k = position + 1)
    std::vector<std::int64_t> m_peak; ///< prefix maxima of m_g
    std::vector<std::int64_t> m_sufG; ///< suffix maxima of m_g as of the last prepareBound()
    std::vector<std::int64_t> m_sufG1; ///< suffix maxima of m_g + m_key (the stretch after a single candidate)
    bool m_boundValid = false; ///< m_sufG and m_sufG1 match the members (no change since prepareBound())
};

} // namespace lorascope
