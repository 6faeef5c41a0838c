// SPDX-License-Identifier: Apache-2.0
// SGLang's radix cache for the `sglang` policy: see radixcache.h. The operations follow
// radix_cache.py (match_prefix/_match_prefix_helper, insert/_insert_helper, _split_node, evict,
// inc_lock_ref/dec_lock_ref, _update_leaf_status); SGLang's time.monotonic() stamps are a counter
// here, one tick per match or insert.

#include "admission/radixcache.h"

#include <algorithm>

namespace lorascope::sglang {

namespace {

std::uint64_t mix(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

} // namespace

std::size_t RadixCache::EdgeHash::operator()(const Edge& e) const
{
    return static_cast<std::size_t>(mix(mix(mix(e.parent) ^ e.content) ^ e.position));
}

namespace {

/// Moves a position in `key` on by `n` tokens (to the end at most).
template <typename P>
P advance(const TokenKey& key, P p, std::uint64_t n)
{
    while (n > 0 && p.run < key.runs.size()) {
        const std::uint64_t left = key.runs[p.run].len - p.offset;
        if (n < left) {
            p.offset += static_cast<std::uint32_t>(n);
            return p;
        }
        n -= left;
        ++p.run;
        p.offset = 0;
    }
    return p;
}

} // namespace

RadixCache::NodeId RadixCache::newNode()
{
    if (!m_freeIds.empty()) {
        const NodeId id = m_freeIds.back();
        m_freeIds.pop_back();
        m_nodes[id] = Node {};
        return id;
    }
    m_nodes.emplace_back();
    return static_cast<NodeId>(m_nodes.size() - 1);
}

RadixCache::NodeId RadixCache::root(std::uint64_t ns)
{
    const auto it = m_roots.find(ns);
    if (it != m_roots.end())
        return it->second;
    const NodeId id = newNode();
    m_nodes[id].lock = 1; // SGLang's root: lock_ref 1, never evicted
    m_roots.emplace(ns, id);
    return id;
}

RadixCache::Edge RadixCache::edgeOf(NodeId n) const
{
    const Node& x = m_nodes[n];
    const TokenRun& r = x.key->runs[x.start.run];
    return { x.parent, r.key, r.start + x.start.offset };
}

std::uint64_t RadixCache::common(const Node& n, const TokenKey& key, Pos at, std::uint64_t limit) const
{
    const TokenKey& a = *n.key;
    Pos pa = n.start, pb = at;
    const std::uint64_t most = std::min(n.len, limit);
    std::uint64_t same = 0;
    while (same < most && pa.run < a.runs.size() && pb.run < key.runs.size()) {
        const TokenRun &ra = a.runs[pa.run], &rb = key.runs[pb.run];
        if (ra.key != rb.key || ra.start + pa.offset != rb.start + pb.offset)
            break;
        // equal content at equal positions: the rest of the shorter run is equal too
        const std::uint64_t step = std::min<std::uint64_t>({ ra.len - pa.offset, rb.len - pb.offset, most - same });
        same += step;
        pa = advance(a, pa, step);
        pb = advance(key, pb, step);
    }
    return same;
}

void RadixCache::touch(NodeId n, std::uint64_t stamp)
{
    Node& x = m_nodes[n];
    if (x.leaf) {
        m_leaves.erase({ x.access, n });
        m_leaves.insert({ stamp, n });
    }
    x.access = stamp;
}

void RadixCache::updateLeaf(NodeId n)
{
    Node& x = m_nodes[n];
    const bool leaf = x.parent != kNoNode && x.lock == 0 && x.children == 0;
    if (leaf == x.leaf)
        return;
    x.leaf = leaf;
    if (leaf)
        m_leaves.insert({ x.access, n });
    else
        m_leaves.erase({ x.access, n });
}

RadixCache::NodeId RadixCache::split(NodeId n, std::uint64_t len, std::uint64_t stamp)
{
    const NodeId id = newNode(); // before taking references: m_nodes may grow
    const Edge oldEdge = edgeOf(n);
    Node& c = m_nodes[n];
    Node& x = m_nodes[id];
    x.key = c.key;
    x.start = c.start;
    x.len = len;
    x.parent = c.parent;
    x.children = 1;
    x.lock = c.lock;
    x.access = stamp; // SGLang: a new TreeNode, stamped now
    x.owner = c.owner;
    c.start = advance(*c.key, c.start, len);
    c.len -= len;
    c.parent = id;
    m_children[oldEdge] = id;
    m_children[edgeOf(n)] = n;
    return id;
}

RadixCache::Found RadixCache::match(std::uint64_t ns, const TokenKey& key, std::uint64_t limit)
{
    const std::uint64_t stamp = ++m_clock;
    NodeId node = root(ns);
    touch(node, stamp);
    std::uint64_t matched = 0;
    Pos p;
    while (matched < limit && p.run < key.runs.size()) {
        const TokenRun& r = key.runs[p.run];
        const auto it = m_children.find({ node, r.key, r.start + p.offset });
        if (it == m_children.end())
            break;
        const NodeId child = it->second;
        touch(child, stamp);
        const std::uint64_t same = common(m_nodes[child], key, p, limit - matched);
        matched += same;
        if (same < m_nodes[child].len) {
            node = split(child, same, stamp);
            break;
        }
        node = child;
        p = advance(key, p, same);
    }
    return { matched, node };
}

RadixCache::Found RadixCache::insert(
    std::uint64_t ns, const TokenKeyPtr& keyPtr, std::uint64_t tokens, std::uint64_t owner)
{
    const TokenKey& key = *keyPtr;
    const std::uint64_t stamp = ++m_clock;
    NodeId node = root(ns);
    touch(node, stamp);
    std::uint64_t matched = 0;
    Pos p;
    while (matched < tokens && p.run < key.runs.size()) {
        const TokenRun& r = key.runs[p.run];
        const auto it = m_children.find({ node, r.key, r.start + p.offset });
        if (it == m_children.end())
            break;
        const NodeId child = it->second;
        touch(child, stamp);
        const std::uint64_t same = common(m_nodes[child], key, p, tokens - matched);
        matched += same;
        p = advance(key, p, same);
        node = same < m_nodes[child].len ? split(child, same, stamp) : child;
    }
    if (matched >= tokens || p.run >= key.runs.size())
        return { matched, node };
    std::uint64_t rest = key.runs[p.run].len - p.offset; // the key's tokens from p (never more than it holds)
    for (std::size_t run = p.run + 1; run < key.runs.size() && rest < tokens - matched; ++run)
        rest += key.runs[run].len;
    const NodeId id = newNode();
    Node& x = m_nodes[id];
    x.key = keyPtr;
    x.start = p;
    x.len = std::min(tokens - matched, rest);
    x.parent = node;
    x.access = stamp;
    x.owner = owner;
    m_children[edgeOf(id)] = id;
    ++m_nodes[node].children;
    m_size += static_cast<std::int64_t>(x.len);
    updateLeaf(node);
    updateLeaf(id);
    return { matched, id };
}

std::int64_t RadixCache::lock(NodeId node)
{
    std::int64_t delta = 0;
    while (node != kNoNode && m_nodes[node].parent != kNoNode) {
        Node& x = m_nodes[node];
        if (x.lock == 0) {
            m_protected += static_cast<std::int64_t>(x.len);
            delta += static_cast<std::int64_t>(x.len);
        }
        ++x.lock;
        updateLeaf(node);
        node = x.parent;
    }
    return delta;
}

std::int64_t RadixCache::unlock(NodeId node)
{
    std::int64_t delta = 0;
    while (node != kNoNode && m_nodes[node].parent != kNoNode) {
        Node& x = m_nodes[node];
        if (x.lock == 1) {
            m_protected -= static_cast<std::int64_t>(x.len);
            delta += static_cast<std::int64_t>(x.len);
        }
        --x.lock;
        updateLeaf(node);
        node = x.parent;
    }
    return delta;
}

void RadixCache::remove(NodeId n)
{
    Node& x = m_nodes[n];
    const NodeId parent = x.parent;
    m_children.erase(edgeOf(n));
    if (x.leaf)
        m_leaves.erase({ x.access, n });
    m_size -= static_cast<std::int64_t>(x.len);
    x = Node {};
    m_freeIds.push_back(n);
    --m_nodes[parent].children;
    updateLeaf(parent);
}

std::int64_t RadixCache::evict(std::int64_t tokens)
{
    std::int64_t freed = 0;
    while (freed < tokens && !m_leaves.empty()) {
        const NodeId n = m_leaves.begin()->second;
        freed += static_cast<std::int64_t>(m_nodes[n].len);
        remove(n);
    }
    return freed;
}

std::int64_t RadixCache::dropOwned(NodeId node, std::uint64_t owner)
{
    std::int64_t freed = 0;
    while (node != kNoNode && m_nodes[node].parent != kNoNode) {
        const Node& x = m_nodes[node];
        if (x.owner != owner || x.lock != 0 || x.children != 0)
            break;
        const NodeId parent = x.parent;
        freed += static_cast<std::int64_t>(x.len);
        remove(node);
        node = parent;
    }
    return freed;
}

} // namespace lorascope::sglang
