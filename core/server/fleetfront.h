// SPDX-License-Identifier: Apache-2.0
#pragma once
// serve-sim as a fleet behind its built-in router (docs/fleet.md, serve-sim as a fleet;
// docs/servesim.md, A fleet of replicas): N engines (server/engineloop.h) on the one engine
// strand, each with its own /metrics, and a router from core/fleet (the same objects the fleet
// preview uses, fleet/router.h) that sends each request to one of them. The router sees each
// replica's published state (fleet/published.h) as of the request's arrival — the passes that had
// ended by then — or, for routers that read scraped metrics, as of the last scrape every
// `staleness`; routers that count their own requests see every response that had ended. The
// requests form a trace as they arrive, so the routers read them as they read a trace. Each replica
// may have its own server and cost model (a fleet file's groups), and with static placement a
// request for a placed adapter is routed among the replicas holding it, as the preview routes it.
//
// Threads: the engine strand only (ServerCore::engineIo).

#include "fleet/published.h"
#include "fleet/router.h"
#include "server/engineloop.h"

#include <deque>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

namespace lorascope {

class FleetFront final : public EngineSink, public EngineListener {
public:
    /// The fleet of `core.opt.fleet`, replica K counting into metrics made from `setups[K]`.
    FleetFront(ServerCore& core, const std::vector<MetricsSetup>& setups);
    ~FleetFront() override;

    std::string submit(const std::shared_ptr<Stream>& stream) override;
    void connectionEnded(std::uint64_t id, bool clientLeft) override;
    void stop() override;

    void submitted(int replica, std::uint64_t id) override;
    void pass(int replica, const StepResult& step, double start, double end) override;

    /// Requests routed to each replica so far (engine thread).
    const std::vector<std::uint64_t>& routed() const { return m_routed; }

private:
    struct Sent {
        std::uint32_t replica = 0;
        std::uint32_t adapter = kNoAdapter;
        bool running = false; ///< in the running batch
        bool completed = false; ///< its end is counted (outstanding)
        bool connected = true;
        bool left = false; ///< the engine no longer has it
    };
    /// Makes the replicas visible as the router should see them at `t` (seconds since start).
    void catchUp(double t);
    void complete(Sent& s, double at);
    void forgetIfDone(std::unordered_map<std::uint64_t, Sent>::iterator it);
    std::uint32_t adapterIndex(const std::string& name, int rank);

    ServerCore& m_core;
    ServerFleetOptions m_options;
    double m_speed;
    double m_staleness; ///< real seconds (0: at every arrival)
    bool m_scrapes; ///< the router reads scraped metrics and they are stale
    std::vector<std::unique_ptr<ServerMetrics>> m_metrics;
    std::vector<std::unique_ptr<PublishedState>> m_published;
    std::vector<const PublishedState*> m_publishedPtrs;
    std::vector<std::unique_ptr<EngineLoop>> m_engines;
    Trace m_trace; ///< the requests as they arrived (times on the model clock)
    std::map<std::string, std::uint32_t> m_adapterIndex;
    std::unique_ptr<Router> m_router;
    std::vector<std::uint32_t> m_all;
    std::vector<std::uint32_t> m_outstanding;
    std::vector<std::deque<double>> m_completions; ///< per replica: when requests it had end (real s)
    std::unique_ptr<PublishedView> m_live;
    std::unique_ptr<ScrapedView> m_scraped;
    double m_lastScrape = -1;
    std::unordered_map<std::uint64_t, Sent> m_sent;
    std::vector<std::uint64_t> m_routed;
    std::vector<EngineGauges> m_gauges; ///< each replica's last, summed into the server's /metrics
};

} // namespace lorascope
