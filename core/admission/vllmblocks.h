// SPDX-License-Identifier: Apache-2.0
#pragma once
// vLLM V1's block pool with automatic prefix caching, for one full-attention KV cache group
// (internal to the `vllm` policy, admission/vllm.cpp; docs/admission.md, "Prefix caching").
// Used when prefix caching is on and requests carry token keys (workload/tokenkey.h); without keys
// the policy counts blocks (admission/vllmkv.h), which gives the same allocations.
//
// Reference (vllm-project/vllm, the V1 KV cache manager as of the scheduler at b4622cf):
//  * vllm/v1/core/block_pool.py: BlockPool. num_gpu_blocks blocks; the first one taken as the null
//    block; get_new_blocks pops the free queue's head and evicts that block's hash
//    (_maybe_evict_cached_block); touch takes a hit block out of the free queue when nobody holds
//    it (ref_cnt 0) and counts one more holder; free_blocks appends the blocks whose ref_cnt falls
//    to 0 to the tail, in the order given; cache_full_blocks gives full blocks their hash.
//  * vllm/v1/core/kv_cache_utils.py: FreeKVCacheBlockQueue (a doubly linked list, blocks in
//    id order at the start), BlockHashToBlockMap (a hash may name several blocks, computed twice
//    by requests that ran at once; a lookup takes the first still cached), hash_block_tokens (the
//    parent block's hash, the block's tokens and extra keys with the LoRA: tokenkey.h's chain).
//  * vllm/v1/core/single_type_kv_cache_manager.py: FullAttentionManager. find_longest_cache_hit
//    (the leading block hashes found, stopping at the first miss), get_num_blocks_to_allocate
//    (cdiv(tokens, block_size) − hit blocks − held blocks, plus the hit blocks that sit in the free
//    queue: taking them removes free blocks), save_new_computed_blocks, allocate_new_blocks,
//    cache_blocks (num_cached_block per request), free (the request's blocks in reverse order, so
//    its last blocks are evicted first).
//  * vllm/v1/core/kv_cache_manager.py: get_computed_blocks (at most num_tokens − 1 tokens: the
//    last one is always computed, for its logits) and allocate_slots (fails without touching
//    anything; caches full blocks up to min(computed + new, num_tokens) tokens).
//
// The free queue holds the never-used blocks first (ids ascending, as vLLM builds it) and then
// the returned ones; the never-used ones are not materialised until popped, so a huge
// --num-gpu-blocks costs nothing until it is used.

#include "workload/tokenkey.h"

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace lorascope {

/// One request's blocks (vLLM: req_to_blocks, num_cached_block, Request.block_hashes).
struct VllmBlockTable {
    std::vector<std::uint32_t> blocks; ///< block ids in token order
    std::vector<std::uint64_t> hashes; ///< chained hashes of its full blocks, computed as needed
    std::uint32_t cached = 0; ///< leading blocks that have their hash (num_cached_block)
    void clear()
    {
        blocks.clear();
        hashes.clear();
        cached = 0;
    }
};

/// The content of a request whose tokens are not given (workload/tokenkey.h): its own `tokens`
/// tokens, equal to no other request's (`seq` numbers the requests of one scheduler).
TokenKeyPtr ownTokenKey(std::uint64_t seq, std::int64_t tokens);

class VllmBlockPool {
public:
    VllmBlockPool(std::int64_t numGpuBlocks, std::int64_t blockSize, std::int64_t maxModelLen);

    /// get_computed_blocks: the request's longest run of leading full blocks in the cache, at most
    /// (numTokens − 1) / block_size of them. Returns the tokens they hold; the blocks are kept for
    /// the allocateSlots() that follows (nothing is touched yet). A null key finds nothing.
    std::int64_t lookup(const TokenKey* key, std::uint32_t adapter, std::int64_t numTokens, VllmBlockTable& t);

    /// Blocks allocate_slots takes from the free queue for `newTokens` more tokens after
    /// `computed` (which includes the hit of the last lookup when `withHit`).
    std::int64_t blocksToAllocate(
        const VllmBlockTable& t, std::int64_t computed, std::int64_t newTokens, bool withHit) const;

    /// allocate_slots: false (nothing changes) when the free queue is too short. Else takes the
    /// last lookup's blocks (`withHit`), allocates the rest and caches the full blocks of the first
    /// min(computed + newTokens, numTokens) tokens.
    bool allocateSlots(VllmBlockTable& t, std::int64_t computed, std::int64_t newTokens, std::int64_t numTokens,
        bool withHit, const TokenKey* key, std::uint32_t adapter);

    /// Caches the full blocks of the request's first `tokens` tokens (cache_blocks).
    void cacheBlocks(VllmBlockTable& t, std::int64_t tokens, const TokenKey* key, std::uint32_t adapter);

    /// Token count at which the request's next block becomes full and worth caching (INT64_MAX:
    /// never, no key or the key ends first).
    std::int64_t nextCacheAt(const VllmBlockTable& t, const TokenKey* key) const;

    /// free: the blocks back to the free queue's tail, last block first, keeping their hashes
    /// (also for a preempted request: _preempt_request calls the same free(), and when it is
    /// scheduled again get_computed_blocks finds those of its blocks not evicted meanwhile).
    void free(VllmBlockTable& t);

    std::int64_t freeBlocks() const { return m_freeCount; }
    std::int64_t usedBlocks() const { return m_usable - m_freeCount; }
    std::int64_t usableBlocks() const { return m_usable; }
    std::int64_t blockSize() const { return m_blockSize; }
    /// Blocks that have a hash (held or free): what a later request could hit.
    std::size_t cachedBlocks() const { return m_cachedCount; }

private:
    static constexpr std::uint32_t kNil = 0xffffffffu;
    struct Block {
        std::uint64_t hash = 0;
        std::uint32_t ref = 0; ///< ref_cnt
        std::uint32_t prev = kNil, next = kNil; ///< free queue links (ref 0)
        std::uint32_t dup = kNil; ///< next block cached under the same hash (insertion order)
        bool hashed = false;
    };

    std::uint32_t popFree(); ///< the free queue's head (evicting its hash)
    void pushFree(std::uint32_t b); ///< to the tail
    void unlinkFree(std::uint32_t b);
    void insertHash(std::uint32_t b, std::uint64_t h);
    void dropHash(std::uint32_t b);

    std::int64_t m_usable, m_blockSize, m_maxModelLen;
    std::vector<Block> m_block; ///< blocks popped at least once (ids 0 .. size − 1; vLLM's id − 1)
    std::uint32_t m_head = kNil, m_tail = kNil; ///< returned blocks, after the never-used ones
    std::int64_t m_freeCount;
    std::unordered_map<std::uint64_t, std::uint32_t> m_cached; ///< hash → first block with it
    std::size_t m_cachedCount = 0;
    std::vector<std::uint32_t> m_hit; ///< the last lookup's blocks
};

} // namespace lorascope
