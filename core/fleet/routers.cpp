// SPDX-License-Identifier: Apache-2.0
// The routers without a prefix cache (the prefix-aware one is in prefixrouter.cpp). Each says in
// its comment which production code it follows; docs/fleet.md has the repository, commit and file.

#include "fleet/router.h"

#include "fleet/prefixrouter.h"
#include "random/rng.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace lorascope {

namespace {

std::uint16_t clamp16(std::size_t n)
{
    return static_cast<std::uint16_t>(std::min<std::size_t>(n, 65535));
}

/// The candidate with the fewest waiting requests (first in order on a tie).
std::uint32_t leastWaiting(const std::vector<std::uint32_t>& c, const FleetView& v)
{
    std::uint32_t best = c.front();
    for (std::uint32_t r : c)
        if (v.waiting(static_cast<int>(r)) < v.waiting(static_cast<int>(best)))
            best = r;
    return best;
}

/// Names a less loaded replica the rule passed over (if there is one).
void noteAlternative(RouteDecision& d, const std::vector<std::uint32_t>& c, const FleetView& v)
{
    const std::uint32_t alt = leastWaiting(c, v);
    d.chosenWaiting = static_cast<float>(v.waiting(static_cast<int>(d.replica)));
    if (alt != d.replica && v.waiting(static_cast<int>(alt)) < v.waiting(static_cast<int>(d.replica))) {
        d.alternative = alt;
        d.altWaiting = static_cast<float>(v.waiting(static_cast<int>(alt)));
    }
}

/// Fewest outstanding requests, ties at random (AIBrix least-request: rand.Intn over the tied pods).
std::uint32_t pickLeastOutstanding(
    const std::vector<std::uint32_t>& c, const FleetView& v, Rng& rng, std::uint16_t& ties)
{
    std::uint32_t best = std::numeric_limits<std::uint32_t>::max();
    std::size_t n = 0;
    std::uint32_t chosen = c.front();
    for (std::uint32_t r : c) {
        const std::uint32_t o = v.outstanding(static_cast<int>(r));
        if (o < best) {
            best = o;
            n = 1;
            chosen = r;
        } else if (o == best) {
            // reservoir sampling: each of the n tied replicas is kept with probability 1/n
            ++n;
            if (rng.below(n) == 0)
                chosen = r;
        }
    }
    ties = clamp16(n);
    return chosen;
}

class RoundRobinRouter final : public Router {
public:
    RouteDecision route(std::uint32_t, const std::vector<std::uint32_t>& c, const FleetView& v, double) override
    {
        // A Kubernetes Service / Envoy ROUND_ROBIN: the next endpoint in turn. With static placement
        // the turn is kept per candidate set (one counter for the fleet, taken modulo the set).
        RouteDecision d;
        d.rule = RouteRule::RoundRobin;
        d.replica = c[m_next++ % c.size()];
        d.candidates = clamp16(c.size());
        noteAlternative(d, c, v);
        return d;
    }

private:
    std::uint64_t m_next = 0;
};

class RandomRouter final : public Router {
public:
    explicit RandomRouter(std::uint64_t seed)
        : m_rng(seed, 101)
    {
    }
    RouteDecision route(std::uint32_t, const std::vector<std::uint32_t>& c, const FleetView& v, double) override
    {
        RouteDecision d;
        d.rule = RouteRule::Random;
        d.replica = c[m_rng.below(c.size())];
        d.candidates = clamp16(c.size());
        noteAlternative(d, c, v);
        return d;
    }

private:
    Rng m_rng;
};

/// AIBrix least-request (pkg/plugins/gateway/algorithms/least_request.go): the pod with the fewest
/// realtime_num_requests_running, a count the gateway keeps itself (+1 when it routes, −1 when the
/// response ends), so it is exact whatever the metrics' age. AIBrix with LoRA uses it too, among the
/// pods its ModelAdapter controller placed the adapter on (`rule` AibrixPlaced, below).
class LeastOutstandingRouter final : public Router {
public:
    LeastOutstandingRouter(std::uint64_t seed, std::uint64_t stream, RouteRule rule)
        : m_rng(seed, stream)
        , m_rule(rule)
    {
    }
    RouteDecision route(std::uint32_t, const std::vector<std::uint32_t>& c, const FleetView& v, double) override
    {
        RouteDecision d;
        d.rule = m_rule;
        d.replica = pickLeastOutstanding(c, v, m_rng, d.ties);
        d.value = static_cast<float>(v.outstanding(static_cast<int>(d.replica)));
        d.candidates = clamp16(c.size());
        noteAlternative(d, c, v);
        return d;
    }

private:
    Rng m_rng;
    RouteRule m_rule;
};

/// AIBrix least-kv-cache (least_kv_cache.go): the lowest GPU + CPU KV cache usage from the scraped
/// metrics; `<=` keeps the last pod with the minimum (no random tie break). LoraScope's replicas have
/// no CPU KV cache (0).
class LeastKvRouter final : public Router {
public:
    RouteDecision route(std::uint32_t, const std::vector<std::uint32_t>& c, const FleetView& v, double) override
    {
        RouteDecision d;
        d.rule = RouteRule::LeastKv;
        double best = std::numeric_limits<double>::max();
        std::size_t ties = 0;
        for (std::uint32_t r : c) {
            const double u = v.kvUsage(static_cast<int>(r));
            if (u < best) {
                best = u;
                ties = 1;
            } else if (u == best) {
                ++ties;
            }
            if (u <= best)
                d.replica = r;
        }
        d.value = static_cast<float>(best);
        d.ties = clamp16(ties);
        d.candidates = clamp16(c.size());
        noteAlternative(d, c, v);
        return d;
    }
};

/// AIBrix session-affinity (simple_session_affinity.go): a request carrying a session id goes to the
/// pod the id names (the response header of the session's first request); without one (or when that
/// pod is not a candidate) a random pod, which the response then names for the session.
class SessionAffinityRouter final : public Router {
public:
    SessionAffinityRouter(const Trace& trace, std::uint64_t seed)
        : m_trace(trace)
        , m_rng(seed, 103)
    {
    }
    RouteDecision route(std::uint32_t index, const std::vector<std::uint32_t>& c, const FleetView& v, double) override
    {
        RouteDecision d;
        d.candidates = clamp16(c.size());
        const std::uint64_t session = sessionOf(index);
        if (session != kNone) {
            auto it = m_pod.find(session);
            if (it != m_pod.end() && std::binary_search(c.begin(), c.end(), it->second)) {
                d.rule = RouteRule::SessionFollow;
                d.replica = it->second;
                noteAlternative(d, c, v);
                return d;
            }
        }
        d.rule = RouteRule::SessionFirst;
        d.replica = c[m_rng.below(c.size())];
        if (session != kNone)
            m_pod[session] = d.replica;
        noteAlternative(d, c, v);
        return d;
    }

private:
    static constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
    /// The request's session id (Trace::sessions); traces without sessions, and requests outside
    /// any session, have none: each is a first turn.
    std::uint64_t sessionOf(std::uint32_t index) const
    {
        if (!m_trace.hasSessions() || index >= m_trace.sessions.size())
            return kNone;
        const std::uint64_t s = m_trace.sessions[index].session;
        return s == kNoSession ? kNone : s;
    }

    const Trace& m_trace;
    Rng m_rng;
    std::unordered_map<std::uint64_t, std::uint32_t> m_pod;
};

/// The Gateway API Inference Extension's LoRA-affinity filter (lora_affinity_filter.go): replicas
/// with the adapter active or waiting form the affinity set; the others with room
/// (#active + #waiting < max_lora) the available set; with both non-empty the affinity set is taken
/// with probability `threshold`. Returns the set and which it was.
std::vector<std::uint32_t> gieLoraAffinity(const std::vector<std::uint32_t>& pods, std::uint32_t adapter,
    const FleetView& v, double threshold, Rng& rng, RouteRule& which, bool& explored)
{
    std::vector<std::uint32_t> affinity, available;
    for (std::uint32_t p : pods) {
        const int r = static_cast<int>(p);
        if (adapter != kNoAdapter && (v.hasActive(r, adapter) || v.hasWaiting(r, adapter)))
            affinity.push_back(p);
        else if (static_cast<std::int64_t>(v.activeCount(r) + v.waitingAdapterCount(r)) < v.maxLora(r))
            available.push_back(p);
    }
    explored = false;
    if (!affinity.empty() && !available.empty()) {
        if (rng.uniform() < threshold) {
            which = RouteRule::GieAffinity;
            return affinity;
        }
        explored = true;
        which = RouteRule::GieRoom;
        return available;
    }
    if (!affinity.empty()) {
        which = RouteRule::GieAffinity;
        return affinity;
    }
    which = available.empty() ? RouteRule::GieNoLora : RouteRule::GieRoom;
    return available;
}

/// GIE's least-queue filter: pods whose waiting queue is within (max − min) / len(pods) (integer
/// division, as in Go) of the minimum.
std::vector<std::uint32_t> gieLeastQueue(const std::vector<std::uint32_t>& pods, const FleetView& v)
{
    long long lo = std::numeric_limits<long long>::max(), hi = 0;
    for (std::uint32_t p : pods) {
        const long long w = v.waiting(static_cast<int>(p));
        lo = std::min(lo, w);
        hi = std::max(hi, w);
    }
    const long long bound = lo + (hi - lo) / static_cast<long long>(pods.size());
    std::vector<std::uint32_t> out;
    for (std::uint32_t p : pods) {
        const long long w = v.waiting(static_cast<int>(p));
        if (w >= lo && w <= bound)
            out.push_back(p);
    }
    return out;
}

/// GIE's least-KV-cache filter: the same band on KV usage (float division).
std::vector<std::uint32_t> gieLeastKv(const std::vector<std::uint32_t>& pods, const FleetView& v)
{
    double lo = std::numeric_limits<double>::max(), hi = 0;
    for (std::uint32_t p : pods) {
        const double u = v.kvUsage(static_cast<int>(p));
        lo = std::min(lo, u);
        hi = std::max(hi, u);
    }
    const double bound = lo + (hi - lo) / static_cast<double>(pods.size());
    std::vector<std::uint32_t> out;
    for (std::uint32_t p : pods) {
        const double u = v.kvUsage(static_cast<int>(p));
        if (u >= lo && u <= bound)
            out.push_back(p);
    }
    return out;
}

/// GIE's saturation detector (saturationdetector.go): saturated when no pod has waiting <=
/// queue_threshold_critical and KV usage <= kv_cache_threshold (metrics are never stale here: the
/// staleness is LoraScope's scrape interval, below the detector's 200 ms limit by default).
bool gieSaturated(const std::vector<std::uint32_t>& pods, const FleetView& v, const RouterConfig& c)
{
    for (std::uint32_t p : pods) {
        const int r = static_cast<int>(p);
        if (static_cast<int>(v.waiting(r)) <= c.queueThresholdCritical && v.kvUsage(r) <= c.kvCacheThreshold)
            return false;
    }
    return true;
}

/// GIE's default scheduler before the plugin configuration (pkg/epp/scheduling/scheduler.go,
/// NewScheduler): the decision tree lowLatencyFilter, then the random picker.
///   low-queue (waiting <= 128) ─ok→ LoRA affinity → least queue → least KV
///                              └empty→ least queue → LoRA affinity → least KV
/// A filter that leaves no pod hands its own input to the next one (DecisionTreeFilter).
class GieLoraFilterRouter final : public Router {
public:
    GieLoraFilterRouter(const RouterConfig& c, const Trace& trace)
        : m_c(c)
        , m_trace(trace)
        , m_rng(c.seed, 104)
    {
    }
    RouteDecision route(std::uint32_t index, const std::vector<std::uint32_t>& c, const FleetView& v, double) override
    {
        RouteDecision d;
        d.candidates = clamp16(c.size());
        if (m_c.sheddable && gieSaturated(c, v, m_c)) {
            d.rule = RouteRule::GieShed;
            return d;
        }
        const std::uint32_t adapter = m_trace.requests[index].adapter;
        std::vector<std::uint32_t> lowQueue;
        for (std::uint32_t p : c)
            if (static_cast<int>(v.waiting(static_cast<int>(p))) <= m_c.queueingThresholdLora)
                lowQueue.push_back(p);
        RouteRule which = RouteRule::GieNoLora;
        bool explored = false;
        std::vector<std::uint32_t> pods;
        if (!lowQueue.empty()) {
            std::vector<std::uint32_t> lora
                = gieLoraAffinity(lowQueue, adapter, v, m_c.loraAffinityThreshold, m_rng, which, explored);
            pods = gieLeastQueue(lora.empty() ? lowQueue : lora, v);
        } else {
            d.flags |= kRouteQueueFull;
            std::vector<std::uint32_t> q = gieLeastQueue(c, v);
            std::vector<std::uint32_t> lora
                = gieLoraAffinity(q, adapter, v, m_c.loraAffinityThreshold, m_rng, which, explored);
            pods = lora.empty() ? q : lora;
        }
        pods = gieLeastKv(pods, v);
        d.rule = which;
        if (explored)
            d.flags |= kRouteExplored;
        d.ties = clamp16(pods.size());
        d.replica = pods[m_rng.below(pods.size())]; // RandomPicker: shuffle, take the first
        if (adapter != kNoAdapter)
            d.detail = v.hasActive(static_cast<int>(d.replica), adapter) ? 1
                : v.hasWaiting(static_cast<int>(d.replica), adapter)     ? 2
                                                                         : 0;
        noteAlternative(d, c, v);
        return d;
    }

private:
    RouterConfig m_c;
    const Trace& m_trace;
    Rng m_rng;
};

/// GIE's scorers (framework/plugins/scheduling/scorer): lora-affinity-scorer (1.0 active, 0.8 room
/// to load, 0.6 waiting, 0 otherwise), queue-scorer ((max − waiting) / (max − min), 1 when all
/// equal), kv-cache-utilization-scorer (1 − usage), weighted, then the max-score picker (shuffle,
/// stable sort by score: a random one of the best).
class GieLoraScorerRouter final : public Router {
public:
    GieLoraScorerRouter(const RouterConfig& c, const Trace& trace)
        : m_c(c)
        , m_trace(trace)
        , m_rng(c.seed, 105)
    {
    }
    RouteDecision route(std::uint32_t index, const std::vector<std::uint32_t>& c, const FleetView& v, double) override
    {
        RouteDecision d;
        d.rule = RouteRule::GieScore;
        d.candidates = clamp16(c.size());
        const std::uint32_t adapter = m_trace.requests[index].adapter;
        std::uint32_t lo = std::numeric_limits<std::uint32_t>::max(), hi = 0;
        for (std::uint32_t p : c) {
            lo = std::min(lo, v.waiting(static_cast<int>(p)));
            hi = std::max(hi, v.waiting(static_cast<int>(p)));
        }
        double best = -1;
        std::size_t ties = 0;
        double bestTier = 0;
        for (std::uint32_t p : c) {
            const int r = static_cast<int>(p);
            double tier = 0;
            if (adapter != kNoAdapter && v.hasActive(r, adapter))
                tier = 1.0;
            else if (static_cast<std::int64_t>(v.activeCount(r) + v.waitingAdapterCount(r)) < v.maxLora(r))
                tier = 0.8;
            else if (adapter != kNoAdapter && v.hasWaiting(r, adapter))
                tier = 0.6;
            const double queue = hi == lo ? 1.0 : static_cast<double>(hi - v.waiting(r)) / static_cast<double>(hi - lo);
            const double score = m_c.loraWeight * tier + m_c.queueWeight * queue + m_c.kvWeight * (1.0 - v.kvUsage(r));
            if (score > best) {
                best = score;
                ties = 1;
                d.replica = p;
                bestTier = tier;
            } else if (score == best) {
                ++ties;
                if (m_rng.below(ties) == 0) {
                    d.replica = p;
                    bestTier = tier;
                }
            }
        }
        d.value = static_cast<float>(best);
        d.detail = static_cast<std::uint8_t>(bestTier * 10 + 0.5);
        d.ties = clamp16(ties);
        noteAlternative(d, c, v);
        return d;
    }

private:
    RouterConfig m_c;
    const Trace& m_trace;
    Rng m_rng;
};

/// Dynamo's LoRA allocation (lib/llm/src/lora/routing/hrw.rs): rank the workers by a rendezvous
/// (highest random weight) hash of (LoRA name, worker), keep the first replica_factor; Dynamo's KV
/// router then picks among them by its KV cost, for which LoraScope (no prompt content) uses the
/// fewest outstanding requests, ties to the higher weight.
class HrwRouter final : public Router {
public:
    HrwRouter(const RouterConfig& c, const Trace& trace, int replicas)
        : m_k(static_cast<std::size_t>(c.hrwReplicas))
        , m_trace(trace)
        , m_replicas(replicas)
    {
        rankAdapters(); // every adapter of the trace, once
    }
    RouteDecision route(std::uint32_t index, const std::vector<std::uint32_t>& c, const FleetView& v, double) override
    {
        RouteDecision d;
        d.rule = RouteRule::HrwReplica;
        d.candidates = clamp16(c.size());
        const std::uint32_t adapter = m_trace.requests[index].adapter;
        m_set.clear();
        if (adapter != kNoAdapter && adapter >= m_rank.size())
            rankAdapters(); // serve-sim's built-in router learns adapters as requests name them
        if (adapter == kNoAdapter) {
            m_set = c;
        } else {
            for (std::uint32_t r : m_rank[adapter]) {
                if (m_set.size() >= m_k)
                    break;
                if (std::binary_search(c.begin(), c.end(), r))
                    m_set.push_back(r);
            }
        }
        std::uint32_t best = std::numeric_limits<std::uint32_t>::max();
        std::size_t ties = 0;
        for (std::uint32_t r : m_set) { // in weight order: a tie stays with the higher weight
            const std::uint32_t o = v.outstanding(static_cast<int>(r));
            if (o < best) {
                best = o;
                d.replica = r;
                ties = 1;
            } else if (o == best) {
                ++ties;
            }
        }
        d.value = static_cast<float>(best);
        d.detail = static_cast<std::uint8_t>(std::min<std::size_t>(m_set.size(), 255));
        d.ties = clamp16(ties);
        noteAlternative(d, c, v);
        return d;
    }

private:
    /// The ranking over all replicas of every adapter not ranked yet.
    void rankAdapters()
    {
        const std::size_t from = m_rank.size();
        m_rank.resize(m_trace.adapters.size());
        std::vector<std::uint64_t> w(static_cast<std::size_t>(m_replicas));
        for (std::size_t a = from; a < m_rank.size(); ++a) {
            auto& ranked = m_rank[a];
            ranked.resize(static_cast<std::size_t>(m_replicas));
            const std::string& name = m_trace.adapters[a].name;
            for (int r = 0; r < m_replicas; ++r) {
                ranked[static_cast<std::size_t>(r)] = static_cast<std::uint32_t>(r);
                w[static_cast<std::size_t>(r)] = rendezvousWeight(name, static_cast<std::uint32_t>(r));
            }
            std::stable_sort(
                ranked.begin(), ranked.end(), [&](std::uint32_t x, std::uint32_t y) { return w[x] > w[y]; });
        }
    }

    std::size_t m_k;
    const Trace& m_trace;
    int m_replicas;
    std::vector<std::vector<std::uint32_t>> m_rank;
    std::vector<std::uint32_t> m_set;
};

} // namespace

std::uint64_t rendezvousWeight(const std::string& adapter, std::uint32_t replica)
{
    // FNV-1a over the name, then the replica number mixed in by SplitMix64's finaliser. Dynamo hashes
    // with blake3; any well-mixed 64-bit hash gives the same distribution of adapters over replicas.
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char ch : adapter) {
        h ^= ch;
        h *= 1099511628211ull;
    }
    std::uint64_t s = h ^ (0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(replica) + 1));
    return splitMix64(s);
}

std::unique_ptr<Router> makeRouter(
    const RouterConfig& config, const Trace& trace, int replicas, const AdapterPlacement&)
{
    switch (config.kind) {
    case RouterKind::RoundRobin:
        return std::make_unique<RoundRobinRouter>();
    case RouterKind::Random:
        return std::make_unique<RandomRouter>(config.seed);
    case RouterKind::LeastOutstanding:
        return std::make_unique<LeastOutstandingRouter>(config.seed, 102, RouteRule::LeastOutstanding);
    case RouterKind::LeastKv:
        return std::make_unique<LeastKvRouter>();
    case RouterKind::SessionAffinity:
        return std::make_unique<SessionAffinityRouter>(trace, config.seed);
    case RouterKind::PrefixAware:
        return makePrefixRouter(config, trace, replicas);
    case RouterKind::GieLoraFilter:
        return std::make_unique<GieLoraFilterRouter>(config, trace);
    case RouterKind::GieLoraScorer:
        return std::make_unique<GieLoraScorerRouter>(config, trace);
    case RouterKind::AibrixLora:
        // AIBrix with LoRA: the gateway sends a request for an adapter to the pods its ModelAdapter
        // controller loaded the adapter on (static placement; without one, every pod, as ModelAdapter's
        // `replicas` left empty), then its routing strategy (least-request) picks among them.
        return std::make_unique<LeastOutstandingRouter>(config.seed, 106, RouteRule::AibrixPlaced);
    case RouterKind::Hrw:
        return std::make_unique<HrwRouter>(config, trace, replicas);
    }
    return std::make_unique<RoundRobinRouter>();
}

} // namespace lorascope
