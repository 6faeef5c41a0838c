// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `vllm` policy's plain decodes (internal to admission/vllm.cpp): running requests whose next
// step is one decode token with no event (no first or last token, no block to cache, at most one
// counted block to allocate). schedule() treats them exactly as every other running request; they
// are only done with less work: a tight loop (plainDecodes), and for the running list's leading
// ones a group advanced as a whole in O(1) a step (DecodeGroup).

#include "admission/vllmstate.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace lorascope::vllmsched {

/// RunState::quiet for `s` as it is now. A decode (one token past the prompt, all of it computed)
/// stays a plain decode while the token it samples is not its last (computed + 2 < end) and, when
/// the pool keeps blocks with hashes (`counted` false), while computed + 1 ≤ capacity and
/// computed + 1 < cacheAt. With counted blocks (admission/vllmkv.h) a plain decode whose blocks are
/// full takes one more block, if one is free, as allocate_slots would: computed + 1 ≤ num_tokens <
/// max_model_len, so cdiv(computed + 1, block_size) − capacity / block_size = 1. Anything else (a
/// prefill chunk, reporting every token) takes the full path.
inline std::int64_t quietUntil(const RunState& s, bool report, bool counted)
{
    if (report || s.numTokens <= s.prompt || s.computed + 1 != s.numTokens)
        return kMinKey;
    if (counted)
        return s.end - 2;
    return std::min(std::min(s.capacity, s.cacheAt - 1), s.end - 2);
}

/// What plainDecodes() adds up.
struct PlainSums {
    std::int64_t decodes = 0, context = 0, lora = 0; ///< the decode shape's requests (= tokens), context, loraRequests
    std::int64_t blocks = 0; ///< counted blocks taken
};

/// Plain decodes (RunState::quiet) from `first` up to `last`, stopping at the first request that is
/// not one or that needs a block when none of `freeBlocks` is left: each schedules its one token
/// (taking a block of `blockSize` tokens when its blocks are full) and samples it. Returns how many
/// it did. Kept apart from the full path so that its counters live in registers; the step's
/// adapters are the caller's (VllmPolicy::markStepAdapters in admission/vllm.cpp).
inline std::size_t plainDecodes(
    RunState* first, RunState* last, std::int64_t freeBlocks, std::int64_t blockSize, PlainSums& out)
{
    std::int64_t context = 0, lora = 0, blocks = 0;
    RunState* p = first;
    for (; p != last; ++p) {
        if (p->computed >= p->quiet)
            break;
        if (p->computed == p->capacity) { // counted blocks only: the quiet bound keeps it below otherwise
            if (blocks == freeBlocks)
                break; // the full path preempts
            ++blocks;
            p->capacity += blockSize;
        }
        lora += p->adapter != kNoAdapter;
        context += p->numTokens;
        ++p->computed;
        ++p->numTokens;
    }
    const std::size_t done = static_cast<std::size_t>(p - first);
    out.decodes += static_cast<std::int64_t>(done);
    out.context += context;
    out.lora += lora;
    out.blocks += blocks;
    return done;
}

/// The running list's leading plain decodes with counted blocks (admission/vllmkv.h), advanced as
/// a whole: while the group runs, member i's RunState holds its values as of the group's step
/// `joinedAt`; after t more group steps it has computed + t computed tokens and numTokens + t
/// tokens, and it took a block at each step where its blocks were full (the first after
/// capacity − computed steps, then every block_size steps). A group step is exactly what the
/// running loop does for its members (each schedules one token; every member is scheduled: the
/// group is the first requests of the running order and needs one token of budget each) as long
/// as no member samples its last token or would sample it next (computed + 2 < end) and the
/// blocks the members need this step are free. A member about to leave that state ends the
/// group at itself (it and those after it get their true values back and the running loop takes
/// them one by one); without the budget or the blocks the whole group is dissolved.
class DecodeGroup {
public:
    explicit DecodeGroup(std::int64_t blockSize)
        : m_blockSize(std::max<std::int64_t>(1, blockSize))
        , m_crossing(static_cast<std::size_t>(m_blockSize), 0)
    {
        if ((m_blockSize & (m_blockSize - 1)) == 0)
            while ((std::int64_t(1) << m_shift) < m_blockSize)
                ++m_shift;
        else
            m_shift = -1;
    }

    std::size_t size() const { return m_size; }

    /// One step of the group if it can run it with `budget` tokens and `freeBlocks` free blocks:
    /// adds its decodes to `out` (blocks taken included) and returns true. First the group ends
    /// at a member about to leave the plain state (those from it on get their true values back).
    /// False, with the group unchanged after that, if it is empty or lacks the budget or the blocks.
    bool step(RunState* run, bool report, std::int64_t budget, std::int64_t freeBlocks, PlainSums& out)
    {
        if (m_steps >= m_minExit)
            truncate(run, report, firstExit(run));
        const auto n = static_cast<std::int64_t>(m_size);
        if (n == 0 || n > budget)
            return false;
        const std::int64_t blocks = m_crossing[phase(m_steps)];
        if (blocks > freeBlocks)
            return false;
        out.decodes += n;
        out.context += m_numTokensBase + n * m_steps; // Σ num_tokens before this step's token
        out.lora += m_lora;
        out.blocks += blocks;
        ++m_steps;
        return true;
    }

    /// Takes run[size()], run[size() + 1], ... into the group while each is a plain decode that
    /// will not sample its last token next step and whose blocks hold at most block_size − 1 more
    /// tokens (the running loop leaves every running request so).
    void absorb(RunState* run, std::size_t runSize)
    {
        while (m_size < runSize) {
            RunState& s = run[m_size];
            const std::int64_t slack = s.capacity - s.computed;
            if (s.quiet == kMinKey || s.computed + 2 >= s.end || slack < 0 || slack >= m_blockSize)
                break;
            s.joinedAt = m_steps;
            m_crossing[phase(m_steps + slack)] += 1;
            m_numTokensBase += s.numTokens - m_steps;
            m_minExit = std::min(m_minExit, exitAt(s));
            m_lora += s.adapter != kNoAdapter;
            ++m_size;
        }
    }

    /// Every member's true values back into its RunState (quiet recomputed); the group is empty.
    void dissolve(RunState* run, bool report) { truncate(run, report, 0); }

private:
    std::size_t phase(std::int64_t step) const
    {
        return static_cast<std::size_t>(m_shift >= 0 ? step & (m_blockSize - 1) : step % m_blockSize);
    }
    std::int64_t blocksIn(std::int64_t tokens) const { return m_shift >= 0 ? tokens >> m_shift : tokens / m_blockSize; }

    /// The first group step at which member `s` would sample its last token or the one before it.
    static std::int64_t exitAt(const RunState& s) { return s.end - 2 - s.computed + s.joinedAt; }

    std::size_t firstExit(const RunState* run) const
    {
        std::size_t k = 0;
        while (k < m_size && exitAt(run[k]) > m_steps)
            ++k;
        return k;
    }

    /// Members from `keep` on leave the group with their true values (quiet recomputed).
    void truncate(RunState* run, bool report, std::size_t keep)
    {
        for (std::size_t i = keep; i < m_size; ++i) {
            RunState& s = run[i];
            const std::int64_t t = m_steps - s.joinedAt;
            const std::int64_t slack = s.capacity - s.computed;
            m_crossing[phase(s.joinedAt + slack)] -= 1;
            m_numTokensBase -= s.numTokens - s.joinedAt;
            m_lora -= s.adapter != kNoAdapter;
            if (t > slack) // a block at group steps joinedAt + slack, + block_size, ... before now
                s.capacity += m_blockSize * (blocksIn(t - 1 - slack) + 1);
            s.computed += t;
            s.numTokens += t;
            s.quiet = quietUntil(s, report, true);
        }
        m_size = std::min(m_size, keep);
        m_minExit = kMaxKey;
        for (std::size_t i = 0; i < m_size; ++i)
            m_minExit = std::min(m_minExit, exitAt(run[i]));
    }

    std::int64_t m_blockSize;
    int m_shift = 0; ///< log2 of the block size when it is a power of two, else −1
    std::vector<std::int64_t> m_crossing; ///< members taking a block at group steps ≡ index (mod block_size)
    std::size_t m_size = 0;
    std::int64_t m_steps = 0; ///< group steps run so far (never reset)
    std::int64_t m_numTokensBase = 0; ///< Σ (numTokens − joinedAt)
    std::int64_t m_lora = 0; ///< members with an adapter
    std::int64_t m_minExit = kMaxKey; ///< the first group step at which a member would no longer be plain
};

} // namespace lorascope::vllmsched
