// SPDX-License-Identifier: Apache-2.0
#pragma once
// The engine strand of the simulated server: the only code that touches the admission scheduler. It runs on its own
// thread (ServerCore::engineIo): requests are submitted to it, it runs forward passes back to back on an absolute
// timeline (pass k ends at Σ cost/speed), appends each pass's token events to the streams at the pass's end and wakes
// their connections — one post per network thread per pass, however many streams got a token. It also keeps the
// /metrics engine state.

#include "server/pacer.h"
#include "server/servercore.h"

#include <boost/asio/steady_timer.hpp>

#include <cmath>

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace lorascope {

/// Told of what an engine does, in its order (serve-sim's built-in router keeps each replica's
/// published metrics from it: server/fleetfront.h). Times are seconds since server start.
class EngineListener {
public:
    virtual ~EngineListener() = default;
    /// Request `id` entered the scheduler (at the start of the pass that takes it).
    virtual void submitted(int replica, std::uint64_t id) = 0;
    /// A pass from `start` to `end` (an idle step: end = start) did `step`.
    virtual void pass(int replica, const StepResult& step, double start, double end) = 0;
};

class EngineLoop final : public EngineSink {
public:
    /// The engine of `core`'s options, counting into `metrics` (the server's, or a replica's),
    /// telling `listener` (if any) as replica `replica`. `own`: the replica's own server and cost
    /// model (a heterogeneous fleet); null = the server's.
    EngineLoop(ServerCore& core, ServerMetrics& metrics, EngineListener* listener = nullptr, int replica = 0,
        const ServerReplica* own = nullptr);

    // All methods run on the engine thread.

    /// Queues the request; returns an error text when the engine refuses it (HTTP 500).
    std::string submit(const std::shared_ptr<Stream>& stream) override;
    /// The connection stopped reading the stream (done, fault, or the client left). A request that has not finished is
    /// aborted in the engine, as S-LoRA's router aborts a request whose client disconnected; `clientLeft` counts it as
    /// such.
    void connectionEnded(std::uint64_t id, bool clientLeft) override;
    /// Cancels the step timer (server stopping).
    void stop() override;

private:
    struct Entry {
        std::shared_ptr<Stream> stream;
        bool admitted = false; ///< in the running batch (metrics: running vs waiting)
        bool connected = true; ///< the connection still reads events
        // Seconds since server start, for the per-request metrics (NaN until it happens).
        double scheduledAt = NAN, firstTokenAt = NAN, lastTokenAt = NAN;
        std::uint32_t generated = 0; ///< tokens computed for it
        std::uint32_t cachedTokens = 0; ///< prompt tokens the prefix cache held when it was first scheduled
    };
    /// The metrics' record of a request that leaves at `end`.
    static RequestEnd endOf(const Entry& e, FinishReason reason, double end);

    bool idle() const;
    void admitArrivals(double start);
    void kick();
    void runStep();
    void afterPass(const PacedStep& step, double passStart);
    void applyLeaves(const StepResult& r);
    void publish(const StepResult& r);
    void notify(const std::shared_ptr<Stream>& stream);
    void flushWakes();

    ServerCore& m_core;
    ServerMetrics& m_metrics;
    EngineListener* m_listener;
    int m_replica;
    EnginePacer m_pacer;
    net::steady_timer m_timer;
    struct Pending {
        std::shared_ptr<Stream> stream;
    };
    std::deque<Pending> m_arrivals; ///< accepted, not yet in the scheduler (by arrival time)
    std::unordered_map<std::uint64_t, Entry> m_requests;
    double m_passEnd = 0; ///< real seconds since start at which the current/last pass ends
    bool m_stepping = false; ///< a pass (or a wait for the abort queue's next timeout) is under way
    bool m_waitingTimeout = false; ///< the timer waits for nextTimeout(), not for a pass's end
    std::uint64_t m_timerGeneration = 0; ///< tells a superseded timeout wait from the current one
    std::vector<std::vector<std::shared_ptr<Stream>>> m_wakes; ///< per network thread, this pass
    std::vector<double> m_gaps; ///< this pass's inter-token gaps (reused)
};

} // namespace lorascope
