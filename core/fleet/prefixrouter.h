// SPDX-License-Identifier: Apache-2.0
#pragma once
// The prefix-aware router (docs/fleet.md): GIE's default scheduling profile, whose prefix-cache
// scorer matches a request's prompt blocks against what the router itself sent to each replica
// (an approximate index, LRU per replica), weighted with the queue and KV-utilisation scorers.

#include "fleet/router.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace lorascope {

/// A request's prompt as GIE's prefix plugin hashes it: blocks of `blockTokens` tokens, each hash
/// chained on the one before from a value of the adapter, the last block partial, at most
/// `maxBlocks`. Full blocks hash by their tokens (workload/tokenkey.h: what the trace's prefix
/// structure declares shared hashes alike); in a trace without that structure every prompt is its
/// own, so its blocks, and a last partial block, are counted (`uniqueBlocks`) rather than hashed.
void promptBlocks(const Trace& trace, std::size_t index, int blockTokens, int maxBlocks,
    std::vector<std::uint64_t>& shared, std::uint32_t& uniqueBlocks);

/// GIE's approximate prefix index: per replica an LRU of block hashes with `capacity` blocks, and
/// for each hash the replicas holding it. A request's unique blocks take room in the LRU as one
/// entry of their size (they can never match).
class PrefixIndex {
public:
    PrefixIndex(int replicas, std::uint32_t capacity);
    ~PrefixIndex();
    /// For each replica, the number of leading blocks of `hashes` found, walking the blocks in order
    /// until one no replica holds (GIE's matchLongestPrefix). `matched` gets one count per replica.
    void match(const std::vector<std::uint64_t>& hashes, std::vector<std::uint32_t>& matched) const;
    /// The router sent a request with these blocks to `replica` (GIE's PreRequest: Add).
    void add(std::uint32_t replica, const std::vector<std::uint64_t>& hashes, std::uint32_t uniqueBlocks);

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

std::unique_ptr<Router> makePrefixRouter(const RouterConfig& config, const Trace& trace, int replicas);

} // namespace lorascope
