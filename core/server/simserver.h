// SPDX-License-Identifier: Apache-2.0
#pragma once
// The simulated server (docs/replay.md, Simulated server): speaks every replay backend's streaming API on loopback and paces tokens in real
// time, either with the admission engine and a cost model or with a fixed per-token latency (deterministic, for tests).
// It can inject faults and serves /metrics with vLLM's names. Threads: several network threads carry the connections;
// the admission engine runs on one thread of its own (the engine strand), so its state needs no locks. The parts live
// in core/server: httpsession (connections), apirequest (request bodies), engineloop (engine strand), wireformat (SSE
// events), faults, servermetrics. This header is plain C++.

#include "admission/costmodel.h"
#include "admission/engine.h"
#include "fleet/fleetconfig.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lorascope {

/// Faults injected into a share of the requests (each request gets at most one, drawn from a seeded generator by
/// request number).
struct FaultOptions {
    double errorRate = 0; ///< answer with `errorStatus` instead of streaming
    int errorStatus = 500; ///< 400..599; 500 or 429 are the useful ones
    double disconnectRate = 0; ///< close the connection halfway through the stream
    double stallRate = 0; ///< stop sending halfway for `stallSeconds`, then close
    double stallSeconds = 30;
    double malformedRate = 0; ///< send one event that is not valid JSON halfway through
    double slowFirstByteRate = 0; ///< delay the response headers by `slowFirstByteSeconds`
    double slowFirstByteSeconds = 1;
    std::uint64_t seed = 1;
    bool any() const
    {
        return errorRate > 0 || disconnectRate > 0 || stallRate > 0 || malformedRate > 0 || slowFirstByteRate > 0;
    }
};

/// One replica of a heterogeneous fleet: its group's server configuration and cost model.
struct ServerReplica {
    std::string name; ///< "<group>-<i>" as the fleet preview names it
    SchedulerConfig scheduler;
    CostModel cost;
};

/// serve-sim as a fleet behind its built-in router (server/fleetfront.h; docs/servesim.md): `replicas` engines on
/// one port, each request routed by `router` (the fleet preview's routers) over what the replicas published, scraped
/// every `stalenessMs` on the model clock for the routers that read metrics (0 = as they are at each arrival).
struct ServerFleetOptions {
    int replicas = 1; ///< 1 = one engine, no router
    RouterConfig router;
    double stalenessMs = 50;
    /// Each replica's own server and cost model (a fleet file's groups, server/serverfleet.h); empty = every
    /// replica runs the server's `scheduler` and `cost`. Behind the built-in router they must all be the same
    /// server as `scheduler` (vLLM, SGLang or S-LoRA: one API, one set of /metrics names).
    std::vector<ServerReplica> replicaServers;
    /// Static placement: adapter name → the replicas it is loaded on (ascending); a request for a listed adapter is
    /// routed among those only. Adapters not listed (and requests without one) go to any replica.
    std::map<std::string, std::vector<std::uint32_t>> placement;
};

/// How the server runs. Durations are seconds; any finite or infinite non-negative value is accepted, and values beyond
/// about a century mean "never" (timers saturate, they never wrap).
struct SimServerOptions {
    std::string host = "127.0.0.1";
    std::uint16_t port = 0; ///< 0 = any free port (see SimServer::port())
    SchedulerConfig scheduler; ///< admission policy and limits
    CostModel cost; ///< seconds per forward pass
    double speed = 1.0; ///< > 1 runs the cost model faster than real time
    /// When set, every request streams its tokens at this fixed spacing (seconds) after `firstTokenSeconds`,
    /// independently of other requests (no admission engine).
    std::optional<double> tokenSeconds;
    double firstTokenSeconds = 0;
    /// LoRA rank of an adapter: `adapterRanks[name]` if listed, else the rank in the name as S-LoRA names adapters
    /// (`…-rank-64-0` → 64), else `adapterRank`.
    int adapterRank = 16;
    std::map<std::string, int> adapterRanks;
    std::string baseModel = "base"; ///< OpenAI "model" naming the base model (any other name is an adapter)
    /// Adapters loaded at start, (name, path). Under the vllm and sglang policies a non-empty list makes the server
    /// serve these adapters only (and those loaded later through the LoRA routes); empty = every adapter name is
    /// served. The S-LoRA policies serve every name (docs/servesim.md, Adapters).
    std::vector<std::pair<std::string, std::string>> loraModules;
    /// vllm:lora_requests_info's lists: false = as vLLM since PR #26801 (both labels list every adapter with a request
    /// in the server), true = as before it (running and waiting apart); unset = true for the S-LoRA policies, false
    /// for vllm.
    std::optional<bool> loraInfoSplit;
    double idleTimeoutSeconds = 5; ///< close a kept-alive connection idle this long (uvicorn's default); 0 = never
    std::uint64_t maxBodyBytes
        = 8u << 20; ///< larger request bodies get 413 (8 MiB holds a 2^20-token synthetic prompt)
    unsigned networkThreads = 0; ///< connection threads; 0 = as many as cores, 2..4
    FaultOptions faults;
    ServerFleetOptions fleet; ///< replicas behind the built-in router (engine mode only)
};

/// Throws InputError naming the option (as a serve-sim flag, e.g. "--adapter-rank") when `options` cannot describe a
/// working server: limits below 1, ranks outside 1..65536, an adapter whose weights alone exceed the KV pool, NaN or
/// negative durations, rates outside [0, 1], ...
void validateSimServerOptions(const SimServerOptions& options);

/// Counters of a running server.
struct SimServerStats {
    std::uint64_t requests = 0, streamsOpen = 0, completed = 0, refused = 0, faults = 0, clientGone = 0;
    std::uint64_t connections = 0; ///< TCP connections accepted (fewer than requests when kept alive)
    std::uint64_t badRequests = 0; ///< answered 4xx for the request itself (malformed HTTP, bad fields, unknown path)
};

/// The server. start() binds and runs the network threads and the engine thread; stop() (or the destructor) closes
/// every connection and joins them.
class SimServer {
public:
    /// Throws InputError (see validateSimServerOptions) for options that make no sense.
    explicit SimServer(SimServerOptions options);
    ~SimServer();
    SimServer(const SimServer&) = delete;
    SimServer& operator=(const SimServer&) = delete;

    /// Binds and starts serving. Throws InputError if the address cannot be bound.
    void start();
    /// Stops serving; safe to call twice and from any thread.
    void stop();
    /// The bound port (after start()).
    std::uint16_t port() const;
    /// Snapshot of the counters (thread-safe).
    SimServerStats stats() const;
    /// The /metrics text (Prometheus exposition), as a scrape would get it (thread-safe).
    std::string metricsText() const;

    class Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

} // namespace lorascope
