// SPDX-License-Identifier: Apache-2.0
#pragma once
// vLLM V1's KV cache manager for one full-attention group (internal to vllm.cpp), counting blocks:
// vllm/v1/core/kv_cache_manager.py (KVCacheManager.allocate_slots, free, get_computed_blocks),
// block_pool.py (BlockPool: num_gpu_blocks blocks, the first taken as the null block, usage) and
// single_type_kv_cache_manager.py (FullAttentionManager: cdiv(tokens, block_size) blocks).
//
// Prefix caching. Without token keys (the trace declares nothing shared) every lookup would miss,
// and counting blocks gives exactly the allocations vLLM makes: this class. With keys and prefix
// caching on, the policy keeps real blocks with hashes instead (admission/vllmblocks.h).

#include <algorithm>
#include <cstdint>

namespace lorascope {

class VllmKvCache {
public:
    VllmKvCache(std::int64_t numGpuBlocks, std::int64_t blockSize, std::int64_t maxModelLen)
        : m_usable(std::max<std::int64_t>(0, numGpuBlocks - 1)) // BlockPool: the null block is never handed out
        , m_blockSize(std::max<std::int64_t>(1, blockSize))
        , m_maxModelLen(maxModelLen)
    {
    }

    /// Blocks that hold `tokens` tokens.
    std::int64_t blocksFor(std::int64_t tokens) const { return (tokens + m_blockSize - 1) / m_blockSize; }

    /// Blocks allocate_slots would take for a request whose blocks hold `capacity` tokens, that has
    /// `computed` tokens and schedules `newTokens` more (num_tokens_need_slot capped at max_model_len).
    std::int64_t blocksToAllocate(std::int64_t capacity, std::int64_t computed, std::int64_t newTokens) const
    {
        return std::max<std::int64_t>(
            0, blocksFor(std::min(computed + newTokens, m_maxModelLen)) - capacity / m_blockSize);
    }

    /// allocate_slots: false (and nothing changes) when fewer blocks are free than it needs. A
    /// request's blocks are kept as the tokens they hold, `capacity` (blocks × block_size).
    bool allocateSlots(std::int64_t& capacity, std::int64_t computed, std::int64_t newTokens)
    {
        if (computed + newTokens <= capacity)
            return true; // the blocks held have room (a decode, most of the time): no division
        const std::int64_t need = blocksToAllocate(capacity, computed, newTokens);
        if (need > freeBlocks())
            return false;
        capacity += need * m_blockSize;
        m_used += need;
        return true;
    }

    /// `n` blocks taken that the caller checked are free (plain decodes: admission/vllmstate.h).
    void take(std::int64_t n) { m_used += n; }

    /// free: the request's blocks go back to the pool.
    void free(std::int64_t& capacity)
    {
        m_used -= capacity / m_blockSize;
        capacity = 0;
    }

    std::int64_t freeBlocks() const { return m_usable - m_used; }
    std::int64_t usedBlocks() const { return m_used; }
    std::int64_t usableBlocks() const { return m_usable; }
    std::int64_t blockSize() const { return m_blockSize; }

private:
    std::int64_t m_usable, m_blockSize, m_maxModelLen;
    std::int64_t m_used = 0;
};

} // namespace lorascope
