// SPDX-License-Identifier: Apache-2.0
#pragma once
// SGLang's radix cache (python/sglang/srt/mem_cache/radix_cache.py, page size 1) for the `sglang`
// policy: a radix tree of token sequences with one root per LoRA id (SGLang puts the lora_id in the
// key's extra_key, so adapters never share nodes), lock counts that protect the prefixes of running
// requests, and LRU eviction of unlocked leaves. Only token counts are kept (no KV indices): the
// policy (sglangpolicy.h) does the pool's accounting with size(), evictable() and protectedSize().
// Edges hold slices of the requests' token keys (workload/tokenkey.h), compared run by run, so a
// shared 4,000-token system prompt costs one comparison, not 4,000. docs/admission.md ("Radix cache").

#include "workload/tokenkey.h"

#include <cstdint>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lorascope::sglang {

class RadixCache {
public:
    using NodeId = std::uint32_t;
    static constexpr NodeId kNoNode = ~NodeId(0);

    struct Found {
        std::uint64_t tokens = 0; ///< length of the cached prefix (SGLang: len(prefix_indices))
        NodeId node = kNoNode; ///< the node it ends at (SGLang: last_node), a root when nothing matched
    };

    /// match_prefix: the longest cached prefix of key[0, limit) in namespace `ns` (the LoRA id). Every
    /// node on the path is touched (LRU); a match ending inside a node splits it there.
    Found match(std::uint64_t ns, const TokenKey& key, std::uint64_t limit);
    /// insert: key[0, tokens) into namespace `ns`; `tokens` = the prefix that was cached already
    /// (SGLang frees the request's duplicate KV of it), `node` = where the key ends now. New nodes
    /// record `owner` (a request id; see dropOwned).
    Found insert(std::uint64_t ns, const TokenKeyPtr& key, std::uint64_t tokens, std::uint64_t owner);
    /// inc_lock_ref / dec_lock_ref on `node` and its ancestors: tokens that became protected
    /// (lock) or evictable again (unlock).
    std::int64_t lock(NodeId node);
    std::int64_t unlock(NodeId node);
    /// evict: unlocked leaves, least recently used first (a parent left childless and unlocked joins
    /// them), until `tokens` are freed or none is left. Returns the tokens freed.
    std::int64_t evict(std::int64_t tokens);
    /// LoraScope's rule for a retracted request (docs/admission.md, "Radix cache"): from `node`
    /// upwards, the nodes `owner` inserted that nobody locks and that have no children are removed.
    /// Returns the tokens freed.
    std::int64_t dropOwned(NodeId node, std::uint64_t owner);

    std::int64_t size() const { return m_size; } ///< tokens in the tree (all held in the KV pool)
    std::int64_t evictable() const { return m_size - m_protected; } ///< SGLang: evictable_size()
    std::int64_t protectedSize() const { return m_protected; } ///< SGLang: protected_size()
    std::size_t nodes() const { return m_nodes.size() - m_freeIds.size(); }

private:
    /// A position in a key: run index and offset in the run.
    struct Pos {
        std::uint32_t run = 0;
        std::uint32_t offset = 0;
    };
    struct Node {
        TokenKeyPtr key; ///< the node's tokens are key[start, start + len)
        Pos start;
        std::uint64_t len = 0;
        NodeId parent = kNoNode; ///< kNoNode: a root
        std::uint32_t children = 0;
        std::int32_t lock = 0;
        std::uint64_t access = 0; ///< LRU stamp (SGLang: last_access_time)
        std::uint64_t owner = 0;
        bool leaf = false; ///< in m_leaves (unlocked, childless)
    };
    /// The child map's key: (parent, first token's content, its position).
    struct Edge {
        NodeId parent;
        std::uint64_t content;
        std::uint32_t position;
        bool operator==(const Edge&) const = default;
    };
    struct EdgeHash {
        std::size_t operator()(const Edge& e) const;
    };

    NodeId root(std::uint64_t ns);
    NodeId newNode();
    Edge edgeOf(NodeId n) const;
    /// Tokens key[at...] and node n's tokens have in common, at most `limit`.
    std::uint64_t common(const Node& n, const TokenKey& key, Pos at, std::uint64_t limit) const;
    /// Node n keeps its first `len` tokens in a new parent, which is returned.
    NodeId split(NodeId n, std::uint64_t len, std::uint64_t stamp);
    void touch(NodeId n, std::uint64_t stamp);
    void updateLeaf(NodeId n);
    void remove(NodeId n);

    std::vector<Node> m_nodes;
    std::vector<NodeId> m_freeIds;
    std::unordered_map<std::uint64_t, NodeId> m_roots;
    std::unordered_map<Edge, NodeId, EdgeHash> m_children;
    std::set<std::pair<std::uint64_t, NodeId>> m_leaves; ///< evictable leaves by (access, id)
    std::int64_t m_size = 0, m_protected = 0;
    std::uint64_t m_clock = 0;
};

} // namespace lorascope::sglang
