// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to core/server: what the connection layer, the engine strand and the server object share. Threads:
// connections run on network threads (one io_context each, a connection stays on its thread); the admission engine runs
// on its own thread (the engine strand) and is the only one to touch the scheduler. A Stream is the one object both
// sides see: the engine appends events under its mutex and wakes the connection by posting to the connection's thread.

#include <utility> // before Asio: Boost 1.74's awaitable.hpp needs std::exchange

#include "server/adapters.h"
#include "server/apirequest.h"
#include "server/faults.h"
#include "server/servermetrics.h"
#include "server/simclock.h"
#include "server/simserver.h"
#include "server/wireformat.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_set>
#include <vector>

namespace lorascope {

namespace net = boost::asio;

struct Stream;

/// Where generation requests go on the engine strand: one engine (server/engineloop.h) or, with
/// --replicas and a built-in router, a fleet of them (server/fleetfront.h). Engine thread only.
class EngineSink {
public:
    virtual ~EngineSink() = default;
    /// Queues the request; returns an error text when the engine refuses it (HTTP 500).
    virtual std::string submit(const std::shared_ptr<Stream>& stream) = 0;
    /// The connection stopped reading the stream (done, fault, or the client left).
    virtual void connectionEnded(std::uint64_t id, bool clientLeft) = 0;
    /// Cancels timers (server stopping).
    virtual void stop() = 0;
};

/// Counters behind SimServer::stats() (updated from any thread).
struct ServerCounters {
    std::atomic<std::uint64_t> requests { 0 }, streamsOpen { 0 }, completed { 0 }, refused { 0 }, faults { 0 },
        clientGone { 0 }, connections { 0 }, badRequests { 0 };
};

/// One streaming response, shared by its connection and (in engine mode) the engine.
struct Stream {
    /// `reportCached`: the usage reports prompt tokens found in the prefix cache (the vLLM and SGLang servers).
    Stream(std::uint64_t id_, std::size_t worker_, const ApiRequest& r, Fault fault_, double arrival_,
        bool reportCached = false)
        : id(id_)
        , worker(worker_)
        , adapter(r.adapter)
        , rank(r.rank)
        , inputLen(r.promptTokens)
        , outputLen(r.maxNewTokens)
        , fault(fault_)
        , arrival(arrival_)
        , keyed(r.keyed)
        , promptKey(r.promptKey)
        , events(r.wire, id_, r.model, r.promptTokens, reportCached)
    {
    }

    // Fixed when the stream is created.
    const std::uint64_t id;
    const std::size_t worker; ///< index of the network thread that owns the connection
    const std::string adapter;
    const int rank;
    const std::uint32_t inputLen, outputLen;
    const Fault fault;
    const double arrival; ///< seconds since server start, when the request was read
    const bool keyed; ///< the prompt is keyed for the prefix cache (ApiRequest::keyed)
    /// The prompt's token keys (server/tokenwords.h); the engine adds the answer's when it takes the request.
    const std::vector<std::uint64_t> promptKey;

    // Shared: guarded by `mutex` (the engine writes, the connection takes `pending`).
    std::mutex mutex;
    TokenEvents events;
    std::string pending; ///< SSE bytes not yet written
    bool finished = false; ///< the last token is in `pending` (or written)
    bool dropped = false; ///< the engine dropped the request (event in `pending`)
    bool faultDue = false; ///< engine mode: a disconnect/stall fault point was reached
    bool notified = false; ///< a wake-up is posted and not yet consumed

    // The connection's thread only.
    net::steady_timer* wake = nullptr; ///< cancelled to wake the connection; null once it ended
    bool gone = false; ///< the client closed or reset the connection
};

/// One network thread.
struct Worker {
    // Declared before `io`: connections still unregister themselves while `io` destroys them.
    std::unordered_set<net::ip::tcp::socket*> sockets; ///< open connections (this thread only; closed on stop)
    std::thread thread;
    net::io_context io { 1 };
};

/// What every part of the server reads; owned by SimServer::Impl.
struct ServerCore {
    explicit ServerCore(SimServerOptions o);

    const SimServerOptions opt;
    const ApiContext api;
    const ServerKind server; ///< whose names, routes and errors (serverKindOf the policy; SLora in fixed-pace mode)
    const AdapterRoutesContext routes;
    AdapterRegistry adapters;
    SimClock::time_point startTime;
    ServerCounters counters;
    ServerMetrics metrics;
    std::atomic<bool> stopping { false };
    std::atomic<std::uint64_t> nextId { 1 };
    net::io_context engineIo { 1 };
    EngineSink* engine = nullptr; ///< null in fixed-pace mode
    /// With a built-in router: each replica's metrics (GET /metrics?replica=K); empty otherwise.
    std::vector<ServerMetrics*> replicaMetrics;
    std::vector<std::unique_ptr<Worker>> workers;

    /// The /metrics page for a request target ("/metrics", or "/metrics?replica=K" with a built-in
    /// router); `status` 404 and a message for a replica that does not exist.
    std::string metricsPage(std::string_view target, int& status);
    /// Seconds since start.
    double now() const { return std::chrono::duration<double>(SimClock::now() - startTime).count(); }
    /// The steady-clock instant `t` seconds after start (saturating: never overflows).
    SimClock::time_point at(double t) const { return startTime + saturatingDuration(t); }
};

} // namespace lorascope
