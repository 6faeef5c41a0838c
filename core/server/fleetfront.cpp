// SPDX-License-Identifier: Apache-2.0
// serve-sim's built-in router: each request routed at its arrival by a core/fleet router over the
// replicas' published state, then handed to that replica's engine.
#include <utility> // before Asio: Boost 1.74's awaitable.hpp needs std::exchange

#include "server/fleetfront.h"

#include <cmath>

namespace lorascope {

FleetFront::FleetFront(ServerCore& core, const std::vector<MetricsSetup>& setups)
    : m_core(core)
    , m_options(core.opt.fleet)
    , m_speed(core.opt.speed > 0 ? core.opt.speed : 1.0)
    , m_staleness(std::max(0.0, m_options.stalenessMs) / 1000.0 / m_speed)
    , m_scrapes(routerReadsMetrics(m_options.router.kind) && m_options.stalenessMs > 0)
{
    const int n = std::max(1, m_options.replicas);
    const auto& own = m_options.replicaServers;
    // The adapters the server knows at start come first, in their order (HRW ranks each once).
    for (const auto& [name, path] : core.opt.loraModules)
        adapterIndex(name, core.api.ranks.rankOf(name).value_or(0));
    m_gauges.assign(static_cast<std::size_t>(n), EngineGauges {});
    for (int r = 0; r < n; ++r) {
        const ServerReplica* mine = own.size() == static_cast<std::size_t>(n) ? &own[std::size_t(r)] : nullptr;
        const SchedulerConfig& server = mine ? mine->scheduler : core.opt.scheduler;
        const std::int64_t capacity = kvCapacity(server);
        m_metrics.push_back(std::make_unique<ServerMetrics>(setups.at(std::size_t(r))));
        EngineGauges idle;
        idle.kvCapacity = capacity;
        m_metrics.back()->setScheduler(idle);
        m_gauges[std::size_t(r)].kvCapacity = capacity;
        m_published.push_back(
            std::make_unique<PublishedState>(m_trace.adapters.size(), capacity, publishedMaxLora(server)));
        m_publishedPtrs.push_back(m_published.back().get());
        m_engines.push_back(std::make_unique<EngineLoop>(core, *m_metrics.back(), this, r, mine));
        core.replicaMetrics.push_back(m_metrics.back().get());
        m_all.push_back(static_cast<std::uint32_t>(r));
    }
    m_outstanding.assign(static_cast<std::size_t>(n), 0);
    m_completions.resize(static_cast<std::size_t>(n));
    m_routed.assign(static_cast<std::size_t>(n), 0);
    m_live = std::make_unique<PublishedView>(m_publishedPtrs, m_outstanding, m_options.router.keepLastLoraInfo);
    m_scraped = std::make_unique<ScrapedView>(static_cast<std::size_t>(n), m_outstanding);
    m_router = makeRouter(m_options.router, m_trace, n, AdapterPlacement {});
}

FleetFront::~FleetFront() = default;

std::uint32_t FleetFront::adapterIndex(const std::string& name, int rank)
{
    auto [it, inserted] = m_adapterIndex.emplace(name, static_cast<std::uint32_t>(m_trace.adapters.size()));
    if (inserted) {
        m_trace.adapters.push_back(Adapter { name, rank });
        for (auto& p : m_published)
            p->ensureAdapters(m_trace.adapters.size());
    }
    return it->second;
}

void FleetFront::catchUp(double t)
{
    // Responses that had ended by t (the routers that count their own requests see them).
    for (std::size_t r = 0; r < m_completions.size(); ++r) {
        auto& done = m_completions[r];
        while (!done.empty() && done.front() <= t) {
            done.pop_front();
            --m_outstanding[r];
        }
    }
    if (!m_scrapes) {
        for (auto& p : m_published)
            p->publishUntil(t);
        return;
    }
    // Scraped every `staleness`: the requests between two scrapes are routed on the older one.
    const double tau = std::floor(t / m_staleness) * m_staleness;
    if (tau > m_lastScrape) {
        for (auto& p : m_published)
            p->publishUntil(tau);
        m_scraped->scrape(
            m_publishedPtrs, routerReadsLoraInfo(m_options.router.kind), m_options.router.keepLastLoraInfo);
        m_lastScrape = tau;
    }
}

std::string FleetFront::submit(const std::shared_ptr<Stream>& st)
{
    if (m_core.stopping)
        return "server stopping";
    const double t = st->arrival;
    Request q;
    q.time = t * m_speed; // the routers' clock is the model's, as the preview's
    q.adapter = st->adapter.empty() ? kNoAdapter : adapterIndex(st->adapter, st->rank);
    q.inputLen = st->inputLen;
    q.outputLen = st->outputLen;
    m_trace.requests.push_back(q);
    const auto index = static_cast<std::uint32_t>(m_trace.requests.size() - 1);
    catchUp(t);
    const FleetView& view
        = m_scrapes ? static_cast<const FleetView&>(*m_scraped) : static_cast<const FleetView&>(*m_live);
    const auto& placement = m_options.placement; // static placement: only the replicas holding the adapter
    const auto placed = st->adapter.empty() ? placement.end() : placement.find(st->adapter);
    const RouteDecision d = m_router->route(index, placed == placement.end() ? m_all : placed->second, view, q.time);
    if (d.replica == kNoReplica)
        return "request shed by the router: every replica is saturated (the request is sheddable)";
    // Known before the engine sees it: an idle engine starts its pass (and tells this object) at once.
    Sent s;
    s.replica = d.replica;
    s.adapter = q.adapter;
    m_sent.insert_or_assign(st->id, s);
    std::string refused = m_engines[d.replica]->submit(st);
    if (!refused.empty()) {
        m_sent.erase(st->id);
        return refused; // refused at once: it is not outstanding (the preview counts it done at once too)
    }
    ++m_outstanding[d.replica];
    ++m_routed[d.replica];
    return {};
}

void FleetFront::complete(Sent& s, double at)
{
    if (s.completed)
        return;
    s.completed = true;
    auto& done = m_completions[s.replica];
    // Ends come in time order per replica (pass by pass); a client leaving counts at once.
    auto pos = done.end();
    while (pos != done.begin() && *std::prev(pos) > at)
        --pos;
    done.insert(pos, at);
}

void FleetFront::forgetIfDone(std::unordered_map<std::uint64_t, Sent>::iterator it)
{
    if (!it->second.connected && it->second.left)
        m_sent.erase(it);
}

void FleetFront::connectionEnded(std::uint64_t id, bool clientLeft)
{
    auto it = m_sent.find(id);
    if (it == m_sent.end())
        return;
    m_engines[it->second.replica]->connectionEnded(id, clientLeft);
    it->second.connected = false;
    complete(it->second, m_core.now()); // (no-op when its end was counted already)
    forgetIfDone(it);
}

void FleetFront::stop()
{
    for (auto& e : m_engines)
        e->stop();
}

void FleetFront::submitted(int replica, std::uint64_t id)
{
    auto it = m_sent.find(id);
    if (it != m_sent.end())
        m_published[static_cast<std::size_t>(replica)]->event(it->second.adapter, ReplicaEvent::Submit);
}

void FleetFront::pass(int replica, const StepResult& s, double start, double end)
{
    PublishedState& pub = *m_published[static_cast<std::size_t>(replica)];
    auto each = [&](std::uint64_t id, auto&& f) {
        auto it = m_sent.find(id);
        if (it != m_sent.end())
            f(it);
    };
    for (const Drop& d : s.dropped)
        each(d.id, [&](auto it) {
            pub.event(it->second.adapter, it->second.running ? ReplicaEvent::DropRunning : ReplicaEvent::DropWaiting);
            complete(it->second, start);
            it->second.left = true;
            forgetIfDone(it);
        });
    for (const auto* list : { &s.admitted, &s.resumed })
        for (const Admission& a : *list)
            each(a.id, [&](auto it) {
                it->second.running = true;
                pub.event(it->second.adapter, ReplicaEvent::Admit);
            });
    for (std::uint64_t id : s.preempted)
        each(id, [&](auto it) {
            it->second.running = false;
            pub.event(it->second.adapter, ReplicaEvent::Preempt);
        });
    for (std::uint64_t id : s.finished)
        each(id, [&](auto it) {
            pub.event(it->second.adapter, ReplicaEvent::FinishRunning);
            complete(it->second, end);
            it->second.left = true;
            forgetIfDone(it);
        });
    // Everything that ended long before this pass began is past any arrival still to be routed
    // (arrivals are stamped when read, moments before they are routed): keep the queue short.
    pub.publishUntil(start - 1.0);
    pub.closePass(s.runningRequests, s.queueLength, s.kind == StepKind::Idle ? -1 : s.kvUsed, end);

    // The server's own /metrics: the fleet's sums.
    EngineGauges& g = m_gauges[static_cast<std::size_t>(replica)];
    g.running = s.runningRequests;
    g.waiting = s.queueLength;
    if (s.kind != StepKind::Idle)
        g.kvUsed = s.kvUsed;
    g.residentAdapters = s.residentAdapters;
    EngineGauges sum;
    for (const EngineGauges& x : m_gauges) {
        sum.running += x.running;
        sum.waiting += x.waiting;
        sum.kvUsed += x.kvUsed;
        sum.kvCapacity += x.kvCapacity;
        sum.residentAdapters += x.residentAdapters;
    }
    m_core.metrics.setScheduler(sum);
}

} // namespace lorascope
