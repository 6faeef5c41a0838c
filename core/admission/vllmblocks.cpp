// SPDX-License-Identifier: Apache-2.0
#include "admission/vllmblocks.h"

#include <algorithm>
#include <cstdint>

namespace lorascope {

TokenKeyPtr ownTokenKey(std::uint64_t seq, std::int64_t tokens)
{
    // A content id no trace piece uses (tokenkey.cpp combines small kinds with ids; this salt is
    // far from them), mixed with splitmix64 so nearby requests get unrelated ids.
    std::uint64_t z = seq + 0x6f776e636f6e7465ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    auto key = std::make_shared<TokenKey>();
    key->runs.push_back({ z, 0, static_cast<std::uint32_t>(std::max<std::int64_t>(0, tokens)) });
    return key;
}

VllmBlockPool::VllmBlockPool(std::int64_t numGpuBlocks, std::int64_t blockSize, std::int64_t maxModelLen)
    : m_usable(std::max<std::int64_t>(0, numGpuBlocks - 1)) // the null block is never handed out
    , m_blockSize(std::max<std::int64_t>(1, blockSize))
    , m_maxModelLen(maxModelLen)
    , m_freeCount(m_usable)
{
}

std::int64_t VllmBlockPool::lookup(
    const TokenKey* key, std::uint32_t adapter, std::int64_t numTokens, VllmBlockTable& t)
{
    m_hit.clear();
    if (key == nullptr || numTokens <= 1)
        return 0;
    const std::int64_t maxBlocks = (numTokens - 1) / m_blockSize; // the last token is always computed
    appendBlockHashes(*key, adapter, static_cast<std::uint32_t>(m_blockSize),
        static_cast<std::uint64_t>(maxBlocks * m_blockSize), t.hashes);
    const std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(maxBlocks), t.hashes.size());
    for (std::size_t i = 0; i < n; ++i) {
        const auto it = m_cached.find(t.hashes[i]);
        if (it == m_cached.end())
            break;
        m_hit.push_back(it->second);
    }
    return static_cast<std::int64_t>(m_hit.size()) * m_blockSize;
}

std::int64_t VllmBlockPool::blocksToAllocate(
    const VllmBlockTable& t, std::int64_t computed, std::int64_t newTokens, bool withHit) const
{
    const std::int64_t tokens = std::min(computed + newTokens, m_maxModelLen);
    const std::int64_t required = (tokens + m_blockSize - 1) / m_blockSize;
    std::int64_t need = required - static_cast<std::int64_t>(t.blocks.size());
    if (withHit) {
        need -= static_cast<std::int64_t>(m_hit.size());
        for (std::uint32_t b : m_hit)
            need += m_block[b].ref == 0 ? 1 : 0; // a free hit block leaves the free queue
    }
    return std::max<std::int64_t>(0, need);
}

bool VllmBlockPool::allocateSlots(VllmBlockTable& t, std::int64_t computed, std::int64_t newTokens,
    std::int64_t numTokens, bool withHit, const TokenKey* key, std::uint32_t adapter)
{
    if (blocksToAllocate(t, computed, newTokens, withHit) > m_freeCount)
        return false;
    if (withHit) {
        // touch + save_new_computed_blocks: the hit blocks are the table's first ones, cached already
        for (std::uint32_t b : m_hit) {
            Block& k = m_block[b];
            if (k.ref == 0) {
                unlinkFree(b);
                --m_freeCount;
            }
            ++k.ref;
            t.blocks.push_back(b);
        }
        t.cached = static_cast<std::uint32_t>(m_hit.size());
        m_hit.clear();
    }
    const std::int64_t tokens = std::min(computed + newTokens, m_maxModelLen);
    const std::size_t required = static_cast<std::size_t>((tokens + m_blockSize - 1) / m_blockSize);
    while (t.blocks.size() < required) {
        const std::uint32_t b = popFree();
        m_block[b].ref = 1;
        t.blocks.push_back(b);
    }
    cacheBlocks(t, std::min(computed + newTokens, numTokens), key, adapter);
    return true;
}

void VllmBlockPool::cacheBlocks(VllmBlockTable& t, std::int64_t tokens, const TokenKey* key, std::uint32_t adapter)
{
    if (key == nullptr)
        return;
    std::size_t full = std::min(static_cast<std::size_t>(tokens / m_blockSize), t.blocks.size());
    if (full > t.cached) {
        appendBlockHashes(*key, adapter, static_cast<std::uint32_t>(m_blockSize),
            static_cast<std::uint64_t>(full) * m_blockSize, t.hashes);
        full = std::min(full, t.hashes.size()); // the key ends there (an answer longer than the trace says)
        for (std::size_t i = t.cached; i < full; ++i)
            insertHash(t.blocks[i], t.hashes[i]);
        t.cached = static_cast<std::uint32_t>(std::max<std::size_t>(t.cached, full));
    }
}

std::int64_t VllmBlockPool::nextCacheAt(const VllmBlockTable& t, const TokenKey* key) const
{
    if (key == nullptr)
        return INT64_MAX;
    const std::int64_t next = (static_cast<std::int64_t>(t.cached) + 1) * m_blockSize;
    return static_cast<std::uint64_t>(next) <= key->tokens() ? next : INT64_MAX;
}

void VllmBlockPool::free(VllmBlockTable& t)
{
    for (std::size_t i = t.blocks.size(); i-- > 0;) {
        const std::uint32_t b = t.blocks[i];
        Block& k = m_block[b];
        if (--k.ref > 0)
            continue;
        pushFree(b);
        ++m_freeCount;
    }
    t.blocks.clear();
    t.cached = 0;
}

std::uint32_t VllmBlockPool::popFree()
{
    --m_freeCount;
    // Never-used blocks come first: the queue started as all blocks in id order, and returned
    // blocks are appended behind them.
    if (static_cast<std::int64_t>(m_block.size()) < m_usable) {
        m_block.emplace_back();
        return static_cast<std::uint32_t>(m_block.size() - 1);
    }
    const std::uint32_t b = m_head;
    unlinkFree(b);
    if (m_block[b].hashed)
        dropHash(b); // _maybe_evict_cached_block: LRU eviction
    return b;
}

void VllmBlockPool::pushFree(std::uint32_t b)
{
    Block& k = m_block[b];
    k.prev = m_tail;
    k.next = kNil;
    if (m_tail != kNil)
        m_block[m_tail].next = b;
    else
        m_head = b;
    m_tail = b;
}

void VllmBlockPool::unlinkFree(std::uint32_t b)
{
    Block& k = m_block[b];
    if (k.prev != kNil)
        m_block[k.prev].next = k.next;
    else
        m_head = k.next;
    if (k.next != kNil)
        m_block[k.next].prev = k.prev;
    else
        m_tail = k.prev;
    k.prev = k.next = kNil;
}

void VllmBlockPool::insertHash(std::uint32_t b, std::uint64_t h)
{
    Block& k = m_block[b];
    k.hash = h;
    k.hashed = true;
    k.dup = kNil;
    ++m_cachedCount;
    const auto [it, inserted] = m_cached.emplace(h, b);
    if (inserted)
        return;
    std::uint32_t last = it->second; // a block computed twice: appended behind the first
    while (m_block[last].dup != kNil)
        last = m_block[last].dup;
    m_block[last].dup = b;
}

void VllmBlockPool::dropHash(std::uint32_t b)
{
    Block& k = m_block[b];
    const auto it = m_cached.find(k.hash);
    if (it->second == b) {
        if (k.dup == kNil)
            m_cached.erase(it);
        else
            it->second = k.dup;
    } else {
        std::uint32_t p = it->second;
        while (m_block[p].dup != b)
            p = m_block[p].dup;
        m_block[p].dup = k.dup;
    }
    k.hashed = false;
    k.dup = kNil;
    --m_cachedCount;
}

} // namespace lorascope
