#pragma once
// The simulated server (SPEC §5): speaks every replay backend's streaming API on loopback and
// paces tokens in real time, either with the admission engine and a cost model or with a fixed
// per-token latency (deterministic, for tests). It can inject faults. Networking stays in
// simserver.cpp; this header is plain C++.

#include "admission/costmodel.h"
#include "admission/engine.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace lorascope {

/// Faults injected into a share of the requests (each request gets at most one, drawn from a
/// seeded generator in arrival order).
struct FaultOptions {
    double errorRate = 0; ///< answer with `errorStatus` instead of streaming
    int errorStatus = 500; ///< 500 or 429
    double disconnectRate = 0; ///< close the connection halfway through the stream
    double stallRate = 0; ///< stop sending halfway for `stallSeconds`, then close
    double stallSeconds = 30;
    double malformedRate = 0; ///< send one event that is not valid JSON halfway through
    double slowFirstByteRate = 0; ///< delay the response headers by `slowFirstByteSeconds`
    double slowFirstByteSeconds = 1;
    std::uint64_t seed = 1;
    bool any() const { return errorRate > 0 || disconnectRate > 0 || stallRate > 0 || malformedRate > 0 || slowFirstByteRate > 0; }
};

/// How the server runs.
struct SimServerOptions {
    std::string host = "127.0.0.1";
    std::uint16_t port = 0; ///< 0 = any free port (see SimServer::port())
    SchedulerConfig scheduler; ///< admission policy and limits
    CostModel cost; ///< seconds per forward pass
    double speed = 1.0; ///< > 1 runs the cost model faster than real time
    /// When set, every request streams its tokens at this fixed spacing (seconds) after
    /// `firstTokenSeconds`, independently of other requests (no admission engine).
    std::optional<double> tokenSeconds;
    double firstTokenSeconds = 0;
    int adapterRank = 16; ///< LoRA rank assumed for every adapter name
    std::string baseModel = "base"; ///< OpenAI "model" naming the base model (any other name is an adapter)
    double idleTimeoutSeconds = 5; ///< close a kept-alive connection idle this long (uvicorn's default); 0 = never
    FaultOptions faults;
};

/// Counters of a running server.
struct SimServerStats {
    std::uint64_t requests = 0, streamsOpen = 0, completed = 0, refused = 0, faults = 0, clientGone = 0;
    std::uint64_t connections = 0; ///< TCP connections accepted (fewer than requests when kept alive)
};

/// The server. start() binds and runs the network loop on its own thread; stop() (or the
/// destructor) closes every connection and joins the thread.
class SimServer {
public:
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

    class Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

/// Counts the tokens of a prompt the way the simulated server does: whitespace-separated words
/// (so S-LoRA's synthetic "Hello " × n counts as n).
std::uint32_t countPromptTokens(const std::string& text);

} // namespace lorascope
