// SPDX-License-Identifier: Apache-2.0
// The prefix-aware router: GIE's approximate prefix index and its default scoring profile
// (pkg/epp/config/loader/defaults.go: queue-scorer 2, kv-cache-utilization-scorer 2,
// prefix-cache-scorer 3; dataproducer/approximateprefix for the index).

#include "fleet/prefixrouter.h"

#include "random/rng.h"
#include "workload/tokenkey.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace lorascope {

void promptBlocks(const Trace& trace, std::size_t i, int blockTokens, int maxBlocks, std::vector<std::uint64_t>& shared,
    std::uint32_t& uniqueBlocks)
{
    shared.clear();
    uniqueBlocks = 0;
    const Request& q = trace.requests[i];
    const std::uint64_t b = static_cast<std::uint64_t>(blockTokens);
    const std::uint64_t blocks
        = std::min<std::uint64_t>((q.inputLen + b - 1) / b, static_cast<std::uint64_t>(maxBlocks));
    if (!traceHasPrefixStructure(trace)) { // every prompt its own: no block can match another's
        uniqueBlocks = static_cast<std::uint32_t>(blocks);
        return;
    }
    // The prompt's full blocks, hashed in chain from the adapter (as GIE chains from the model
    // name); a last partial block has no hash.
    appendBlockHashes(*tokenKeyOf(trace, i), q.adapter, static_cast<std::uint32_t>(b),
        std::min<std::uint64_t>(q.inputLen, blocks * b), shared);
    uniqueBlocks = static_cast<std::uint32_t>(blocks - shared.size());
}

struct PrefixIndex::Impl {
    struct Entry {
        std::uint64_t hash = 0;
        std::uint32_t weight = 0;
        std::uint32_t prev = kNil, next = kNil;
        bool filler = false;
    };
    static constexpr std::uint32_t kNil = std::numeric_limits<std::uint32_t>::max();
    struct Lru {
        std::vector<Entry> pool;
        std::vector<std::uint32_t> freeList;
        std::uint32_t head = kNil, tail = kNil; ///< head = most recent
        std::uint64_t total = 0;
        std::unordered_map<std::uint64_t, std::uint32_t> where;
    };
    std::uint32_t capacity;
    std::vector<Lru> lrus;
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> holders;

    void unlink(Lru& l, std::uint32_t e)
    {
        Entry& x = l.pool[e];
        if (x.prev != kNil)
            l.pool[x.prev].next = x.next;
        else
            l.head = x.next;
        if (x.next != kNil)
            l.pool[x.next].prev = x.prev;
        else
            l.tail = x.prev;
        x.prev = x.next = kNil;
    }
    void pushFront(Lru& l, std::uint32_t e)
    {
        Entry& x = l.pool[e];
        x.prev = kNil;
        x.next = l.head;
        if (l.head != kNil)
            l.pool[l.head].prev = e;
        l.head = e;
        if (l.tail == kNil)
            l.tail = e;
    }
    std::uint32_t alloc(Lru& l)
    {
        if (!l.freeList.empty()) {
            const std::uint32_t e = l.freeList.back();
            l.freeList.pop_back();
            return e;
        }
        l.pool.emplace_back();
        return static_cast<std::uint32_t>(l.pool.size() - 1);
    }
    void evict(std::uint32_t replica)
    {
        Lru& l = lrus[replica];
        while (l.total > capacity && l.tail != kNil) {
            const std::uint32_t e = l.tail;
            unlink(l, e);
            Entry& x = l.pool[e];
            l.total -= x.weight;
            if (!x.filler) {
                l.where.erase(x.hash);
                auto it = holders.find(x.hash);
                if (it != holders.end()) {
                    auto& v = it->second;
                    v.erase(std::remove(v.begin(), v.end(), replica), v.end());
                    if (v.empty())
                        holders.erase(it);
                }
            }
            l.freeList.push_back(e);
        }
    }
};

PrefixIndex::PrefixIndex(int replicas, std::uint32_t capacity)
    : m(std::make_unique<Impl>())
{
    m->capacity = capacity;
    m->lrus.resize(static_cast<std::size_t>(replicas));
}

PrefixIndex::~PrefixIndex() = default;

void PrefixIndex::match(const std::vector<std::uint64_t>& hashes, std::vector<std::uint32_t>& matched) const
{
    std::fill(matched.begin(), matched.end(), 0u);
    for (std::uint64_t h : hashes) {
        auto it = m->holders.find(h);
        if (it == m->holders.end() || it->second.empty())
            break;
        for (std::uint32_t r : it->second)
            ++matched[r];
    }
}

void PrefixIndex::add(std::uint32_t replica, const std::vector<std::uint64_t>& hashes, std::uint32_t uniqueBlocks)
{
    Impl::Lru& l = m->lrus[replica];
    for (std::uint64_t h : hashes) {
        auto it = l.where.find(h);
        if (it != l.where.end()) {
            m->unlink(l, it->second);
            m->pushFront(l, it->second);
            continue;
        }
        const std::uint32_t e = m->alloc(l);
        l.pool[e] = Impl::Entry { h, 1, Impl::kNil, Impl::kNil, false };
        m->pushFront(l, e);
        l.where.emplace(h, e);
        l.total += 1;
        m->holders[h].push_back(replica);
    }
    if (uniqueBlocks > 0) {
        const std::uint32_t e = m->alloc(l);
        l.pool[e] = Impl::Entry { 0, uniqueBlocks, Impl::kNil, Impl::kNil, true };
        m->pushFront(l, e);
        l.total += uniqueBlocks;
    }
    m->evict(replica);
}

namespace {

class PrefixAwareRouter final : public Router {
public:
    PrefixAwareRouter(const RouterConfig& c, const Trace& trace, int replicas)
        : m_c(c)
        , m_trace(trace)
        , m_index(replicas, static_cast<std::uint32_t>(c.prefixLruBlocks))
        , m_matched(static_cast<std::size_t>(replicas))
        , m_rng(c.seed, 107)
    {
    }
    RouteDecision route(std::uint32_t index, const std::vector<std::uint32_t>& c, const FleetView& v, double) override
    {
        RouteDecision d;
        d.rule = RouteRule::PrefixScore;
        d.candidates = static_cast<std::uint16_t>(std::min<std::size_t>(c.size(), 65535));
        std::uint32_t unique = 0;
        promptBlocks(m_trace, index, m_c.prefixBlockTokens, m_c.prefixMaxBlocks, m_hashes, unique);
        const std::size_t total = m_hashes.size() + unique;
        m_index.match(m_hashes, m_matched);
        std::uint32_t lo = std::numeric_limits<std::uint32_t>::max(), hi = 0;
        for (std::uint32_t p : c) {
            lo = std::min(lo, v.waiting(static_cast<int>(p)));
            hi = std::max(hi, v.waiting(static_cast<int>(p)));
        }
        double best = -1;
        std::size_t ties = 0;
        for (std::uint32_t p : c) {
            const int r = static_cast<int>(p);
            const double prefix = total == 0 ? 0.0 : static_cast<double>(m_matched[p]) / static_cast<double>(total);
            const double queue = hi == lo ? 1.0 : static_cast<double>(hi - v.waiting(r)) / static_cast<double>(hi - lo);
            const double score
                = m_c.prefixWeight * prefix + m_c.prefixQueueWeight * queue + m_c.prefixKvWeight * (1.0 - v.kvUsage(r));
            if (score > best) {
                best = score;
                ties = 1;
                d.replica = p;
            } else if (score == best) {
                ++ties;
                if (m_rng.below(ties) == 0)
                    d.replica = p;
            }
        }
        d.value = static_cast<float>(m_matched[d.replica]);
        d.altValue = static_cast<float>(total);
        d.ties = static_cast<std::uint16_t>(std::min<std::size_t>(ties, 65535));
        d.chosenWaiting = static_cast<float>(v.waiting(static_cast<int>(d.replica)));
        // The alternative: a replica with fewer waiting requests that lost on the prefix.
        for (std::uint32_t p : c)
            if (v.waiting(static_cast<int>(p)) < v.waiting(static_cast<int>(d.replica))
                && (d.alternative == kNoReplica
                    || v.waiting(static_cast<int>(p)) < v.waiting(static_cast<int>(d.alternative)))) {
                d.alternative = p;
                d.altWaiting = static_cast<float>(v.waiting(static_cast<int>(p)));
            }
        m_index.add(d.replica, m_hashes, unique); // PreRequest: the index learns what it sent
        return d;
    }

private:
    RouterConfig m_c;
    const Trace& m_trace;
    PrefixIndex m_index;
    std::vector<std::uint64_t> m_hashes;
    std::vector<std::uint32_t> m_matched;
    Rng m_rng;
};

} // namespace

std::unique_ptr<Router> makePrefixRouter(const RouterConfig& config, const Trace& trace, int replicas)
{
    return std::make_unique<PrefixAwareRouter>(config, trace, replicas);
}

} // namespace lorascope
