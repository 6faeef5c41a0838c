// SPDX-License-Identifier: Apache-2.0
// The server object: option checks, the threads (network threads, each with its own io_context, and the engine thread,
// which also accepts connections and hands each to a network thread in turn), start and stop. The connection layer is
// httpsession.cpp, the engine strand engineloop.cpp.
#include <utility> // before Asio: Boost 1.74's awaitable.hpp needs std::exchange

#include "server/simserver.h"

#include "admission/schedulerconfig.h"
#include "server/engineloop.h"
#include "server/fleetfront.h"
#include "server/httpsession.h"
#include "server/servercore.h"
#include "util/error.h"
#include "util/filelimit.h"
#include "util/jsonread.h"

#include "api/errors.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <algorithm>
#include <cmath>
#include <thread>

namespace lorascope {

using tcp = net::ip::tcp;

namespace {

[[noreturn]] void bad(const std::string& flag, const std::string& what)
{
    throw InputError(flag + ": " + what, {}, 0, flag);
}

void checkSeconds(double v, const std::string& flag)
{
    if (std::isnan(v) || v < 0)
        bad(flag, "must be a duration >= 0 (got " + formatNumber(v) + ")");
}

void checkRate(double v, const std::string& flag)
{
    if (!(v >= 0 && v <= 1))
        bad(flag, "must be a probability between 0 and 1 (got " + formatNumber(v) + ")");
}

// The flag of the setting a schedulerConfigError message starts with ("max_loras must be >= 1"
// → --max-loras: serve-sim's flags are the settings' names with dashes); "--policy NAME" when the
// message starts otherwise.
std::string flagOfSetting(const std::string& error, const SchedulerConfig& c)
{
    std::string name = error.substr(0, error.find_first_not_of("abcdefghijklmnopqrstuvwxyz_"));
    if (name.find('_') == std::string::npos)
        return "--policy " + policyName(c.policy);
    std::replace(name.begin(), name.end(), '_', '-');
    return "--" + name;
}

void checkRank(int rank, const std::string& flag, const SimServerOptions& o)
{
    if (rank < kMinRank || rank > kMaxRank)
        bad(flag,
            "a LoRA rank must be between " + std::to_string(kMinRank) + " and " + std::to_string(kMaxRank) + " (got "
                + std::to_string(rank) + ")");
    // S-LoRA keeps adapter weights in the KV pool, 4·rank slots per adapter (one per A/B matrix pair of q, k, v, o): an
    // adapter that alone fills the pool can never run.
    const auto policy = o.scheduler.policy;
    const bool unifiedPool = policy == PolicyKind::SLora || policy == PolicyKind::SLoraAbort;
    if (!o.tokenSeconds && unifiedPool && 4 * std::int64_t(rank) >= o.scheduler.limits.maxTotalTokenNum)
        bad(flag,
            "a rank-" + std::to_string(rank) + " adapter needs " + std::to_string(4 * std::int64_t(rank))
                + " KV slots for its weights, as many as --max-total-token-num "
                + std::to_string(o.scheduler.limits.maxTotalTokenNum) + " allows: no request for it could ever run");
}

void checkCost(const CostModel& c)
{
    const std::pair<const char*, double> fields[]
        = { { "prefillBase", c.prefillBase }, { "prefillPerRequest", c.prefillPerRequest },
              { "prefillPerToken", c.prefillPerToken }, { "prefillPerTokenRank", c.prefillPerTokenRank },
              { "decodeBase", c.decodeBase }, { "decodePerRequest", c.decodePerRequest },
              { "decodePerContextToken", c.decodePerContextToken }, { "decodePerTokenRank", c.decodePerTokenRank },
              { "perAdapterRank", c.perAdapterRank }, { "loadBase", c.loadBase }, { "loadPerRank", c.loadPerRank } };
    for (const auto& [name, v] : fields)
        if (!std::isfinite(v))
            bad("--cost-model", std::string("coefficient ") + name + " is not a finite number");
}

unsigned defaultNetworkThreads()
{
    return std::clamp(std::thread::hardware_concurrency(), 2u, 4u);
}

} // namespace

void validateSimServerOptions(const SimServerOptions& o);

namespace {

// A heterogeneous fleet (--fleet): each replica's server checked as a server of its own, all of them
// the front's kind of server; the placement names replicas that exist.
void checkFleetReplicas(const SimServerOptions& o)
{
    const ServerFleetOptions& fleet = o.fleet;
    if (!fleet.replicaServers.empty() && fleet.replicaServers.size() != std::size_t(fleet.replicas))
        bad("--fleet",
            std::to_string(fleet.replicaServers.size()) + " replica servers for " + std::to_string(fleet.replicas)
                + " replicas");
    // One copy of the options without the fleet, each replica's server set on it in turn (a copy of the whole
    // options, fleet included, per replica made start-up quadratic: 98 s for 4,096 replicas).
    SimServerOptions one = o;
    one.fleet = ServerFleetOptions {};
    for (std::size_t k = 0; k < fleet.replicaServers.size(); ++k) {
        const ServerReplica& r = fleet.replicaServers[k];
        const std::string who = "replica " + std::to_string(k) + (r.name.empty() ? "" : " (" + r.name + ")");
        if (serverKindOf(r.scheduler.policy) != serverKindOf(o.scheduler.policy))
            bad("--fleet",
                who + " runs " + policyName(r.scheduler.policy) + " but replica 0 runs "
                    + policyName(o.scheduler.policy)
                    + ": behind the built-in router every replica must be the same server (one API, one set of "
                      "/metrics names); use --ports-per-replica for a mixed fleet");
        one.scheduler = r.scheduler;
        one.cost = r.cost;
        try {
            validateSimServerOptions(one);
        } catch (const InputError& e) {
            bad("--fleet", who + ": " + e.what());
        }
    }
    for (const auto& [name, replicas] : fleet.placement) {
        if (replicas.empty())
            bad("--fleet", "placement of " + textExcerpt(name) + ": no replica");
        for (std::uint32_t r : replicas)
            if (r >= std::uint32_t(fleet.replicas))
                bad("--fleet",
                    "placement of " + textExcerpt(name) + ": replica " + std::to_string(r) + " does not exist");
    }
}

} // namespace

void validateSimServerOptions(const SimServerOptions& o)
{
    if (o.host.empty())
        bad("--host", "must not be empty");
    // The server's settings: its own refusals and LoraScope's bounds, from their one owner
    // (admission/schedulerconfig.h), as simulate and the fleet preview check them.
    if (const std::string error = schedulerConfigError(o.scheduler); !error.empty())
        bad(flagOfSetting(error, o.scheduler), policyRules(o.scheduler.policy) + " would refuse to start: " + error);
    checkCost(o.cost);
    if (!(o.speed > 0) || !std::isfinite(o.speed))
        bad("--speed", "must be a finite number > 0 (got " + formatNumber(o.speed) + ")");
    if (o.tokenSeconds)
        checkSeconds(*o.tokenSeconds, "--token-ms");
    checkSeconds(o.firstTokenSeconds, "--first-token-ms");
    checkRank(o.adapterRank, "--adapter-rank", o);
    for (const auto& [name, rank] : o.adapterRanks) {
        if (name.empty())
            bad("--ranks", "an adapter name is empty");
        checkRank(rank, "--ranks", o);
    }
    if (o.baseModel.empty())
        bad("--base-model", "must not be empty");
    for (const auto& [name, path] : o.loraModules) {
        if (name.empty() || name.size() > kMaxAdapterNameBytes)
            bad("--lora-modules", "an adapter name must have 1 to " + std::to_string(kMaxAdapterNameBytes) + " bytes");
        for (unsigned char c : name)
            if (c < 0x20 || c == 0x7f)
                bad("--lora-modules", "an adapter name contains a control character");
    }
    checkSeconds(o.idleTimeoutSeconds, "--keep-alive-s");
    if (o.maxBodyBytes < 1024 || o.maxBodyBytes > (std::uint64_t(1) << 30))
        bad("--max-body-bytes", "must be between 1 KiB and 1 GiB");
    if (o.networkThreads > 64)
        bad("--threads", "must be between 0 (automatic) and 64");
    const auto& f = o.faults;
    checkRate(f.errorRate, "--error-rate");
    checkRate(f.disconnectRate, "--disconnect-rate");
    checkRate(f.stallRate, "--stall-rate");
    checkRate(f.malformedRate, "--malformed-rate");
    checkRate(f.slowFirstByteRate, "--slow-first-byte-rate");
    if (f.errorRate + f.disconnectRate + f.stallRate + f.malformedRate + f.slowFirstByteRate > 1.0 + 1e-12)
        bad("--error-rate", "the fault rates add up to more than 1");
    if (f.errorStatus < 400 || f.errorStatus > 599)
        bad("--error-status", "must be an HTTP error status 400..599 (got " + std::to_string(f.errorStatus) + ")");
    checkSeconds(f.stallSeconds, "--stall-seconds");
    checkSeconds(f.slowFirstByteSeconds, "--slow-first-byte-ms");
    const ServerFleetOptions& fleet = o.fleet;
    if (fleet.replicas < 1 || fleet.replicas > 4096)
        bad("--replicas", "must be from 1 to 4096 (got " + std::to_string(fleet.replicas) + ")");
    if (fleet.replicas > 1 && o.tokenSeconds)
        bad("--replicas", "a fleet needs the admission engine: it cannot go with --token-ms");
    if (!(fleet.stalenessMs >= 0) || !std::isfinite(fleet.stalenessMs))
        bad("--staleness", "must be a finite number of milliseconds >= 0");
    // The router's settings, checked as the fleet preview checks them (the server was checked above).
    FleetConfig check = uniformFleet(fleet.replicas, SchedulerConfig {}, o.cost.name, fleet.router.kind);
    check.router = fleet.router;
    check.stalenessMs = fleet.stalenessMs;
    if (const std::string e = fleetConfigError(check); !e.empty())
        bad("--router", e);
    checkFleetReplicas(o);
}

namespace {

// The policy keeps a prefix cache: vLLM's automatic prefix caching, SGLang's radix cache (both on by default).
bool policyHasPrefixCache(const SchedulerConfig& c)
{
    return (c.policy == PolicyKind::Vllm && c.vllm.enablePrefixCaching)
        || (c.policy == PolicyKind::Sglang && !c.sglang.disableRadixCache);
}

ApiContext apiContextOf(const SimServerOptions& o)
{
    ApiContext c;
    c.baseModel = o.baseModel;
    c.ranks.defaultRank = o.adapterRank;
    c.ranks.explicitRanks = o.adapterRanks;
    c.keyPrompts = !o.tokenSeconds && policyHasPrefixCache(o.scheduler);
    for (const ServerReplica& r : o.fleet.replicaServers)
        c.keyPrompts = c.keyPrompts || (!o.tokenSeconds && policyHasPrefixCache(r.scheduler));
    return c;
}

// Whose names, routes and errors: the policy's server; the fixed pace keeps serve-sim's historical set.
ServerKind serverOf(const SimServerOptions& o)
{
    return o.tokenSeconds ? ServerKind::SLora : serverKindOf(o.scheduler.policy);
}

AdapterRoutesContext routesOf(const SimServerOptions& o, ServerKind server, const ApiContext& api)
{
    AdapterRoutesContext c;
    c.server = server;
    c.baseModel = o.baseModel;
    c.ranks = &api.ranks;
    if (server == ServerKind::Vllm) {
        c.maxModelLen = o.scheduler.vllm.maxModelLen;
        c.maxLoraRank = int(o.scheduler.vllm.maxLoraRank);
    } else if (server == ServerKind::Sglang) {
        c.maxModelLen = o.scheduler.sglang.contextLength;
        c.maxLoadedLoras = std::size_t(std::max<std::int64_t>(0, o.scheduler.sglang.maxLoadedLoras));
        c.maxLorasPerBatch = std::size_t(std::max<std::int64_t>(0, o.scheduler.sglang.maxLorasPerBatch));
    }
    return c;
}

// The KV capacity in tokens before the first pass reports it.
std::int64_t kvCapacityOf(const SimServerOptions& o)
{
    return kvCapacity(o.scheduler); // admission/schedulerconfig.h
}

MetricsSetup metricsSetupOf(const SimServerOptions& o, ServerKind server)
{
    MetricsSetup m;
    m.server = server;
    m.modelName = o.baseModel;
    m.loraInfoSplit = o.loraInfoSplit.value_or(server != ServerKind::Vllm);
    if (server == ServerKind::Vllm) {
        const auto& v = o.scheduler.vllm;
        m.maxLora = v.maxLoras;
        m.maxModelLen = v.maxModelLen;
        m.blockSize = v.blockSize;
        m.numGpuBlocks = v.numGpuBlocks;
        m.prefixCaching = v.enablePrefixCaching;
    } else if (server == ServerKind::Sglang) {
        const auto& g = o.scheduler.sglang;
        m.loraSlots = g.maxLorasPerBatch;
        m.maxTotalTokens = g.maxTotalTokens;
    }
    return m;
}

// The S-LoRA policies serve every adapter name (S-LoRA reads an adapter from disk when a request names it); vLLM and
// SGLang serve the adapters loaded at start, or every name when none was given.
bool openRegistry(const SimServerOptions& o, ServerKind server)
{
    return server == ServerKind::SLora || o.loraModules.empty();
}

} // namespace

ServerCore::ServerCore(SimServerOptions o)
    : opt(std::move(o))
    , api(apiContextOf(opt))
    , server(serverOf(opt))
    , routes(routesOf(opt, server, api))
    , adapters(openRegistry(opt, server))
    , metrics(metricsSetupOf(opt, server))
{
    if (opt.loraModules.size() > AdapterRegistry::kMaxAdapters)
        throw InputError("--lora-modules: " + std::to_string(opt.loraModules.size())
                + " adapters; serve-sim holds at most " + std::to_string(AdapterRegistry::kMaxAdapters),
            {}, 0, "--lora-modules");
    for (const auto& [name, path] : opt.loraModules) {
        const std::string& p = path.empty() ? name : path;
        std::string why = AdapterRegistry::textError(name, "adapter name", AdapterRegistry::kMaxNameBytes);
        if (why.empty())
            why = AdapterRegistry::textError(p, "adapter path", AdapterRegistry::kMaxPathBytes);
        if (!why.empty())
            throw InputError("--lora-modules: " + why, {}, 0, "--lora-modules");
        adapters.load(name, p, false);
    }
}

std::string ServerCore::metricsPage(std::string_view target, int& status)
{
    status = 200;
    const auto q = target.find('?');
    if (q == std::string_view::npos)
        return metrics.exposition();
    const std::string_view query = target.substr(q + 1);
    constexpr std::string_view key = "replica=";
    std::size_t k = 0;
    bool number = query.substr(0, key.size()) == key && query.size() > key.size();
    for (char c : query.substr(std::min(key.size(), query.size())))
        if (c < '0' || c > '9' || k > 100000)
            number = false;
        else
            k = k * 10 + std::size_t(c - '0');
    if (!number && query.find("replica") == std::string_view::npos)
        return metrics.exposition(); // other query parameters: the server's page, as before
    if (!number || k >= replicaMetrics.size()) {
        status = 404;
        return errorBody(404,
            replicaMetrics.empty() ? "no replicas: this serve-sim runs one engine (GET /metrics)"
                                   : "replica=K: K from 0 to " + std::to_string(replicaMetrics.size() - 1),
            "replica");
    }
    return replicaMetrics[k]->exposition();
}

class SimServer::Impl {
public:
    explicit Impl(SimServerOptions o)
        : core((validateSimServerOptions(o), std::move(o)))
    {
        const unsigned n = core.opt.networkThreads ? core.opt.networkThreads : defaultNetworkThreads();
        for (unsigned i = 0; i < n; ++i)
            core.workers.push_back(std::make_unique<Worker>());
        if (!core.opt.tokenSeconds) {
            EngineGauges idle; // gauges start at the engine's idle state (capacity known before any pass)
            const ServerFleetOptions& fleet = core.opt.fleet;
            if (fleet.replicas > 1) {
                std::vector<MetricsSetup> setups;
                SimServerOptions own = core.opt; // once, without the fleet (not a copy of every replica per replica)
                own.fleet = ServerFleetOptions {};
                for (int k = 0; k < fleet.replicas; ++k) {
                    if (!fleet.replicaServers.empty())
                        own.scheduler = fleet.replicaServers[std::size_t(k)].scheduler;
                    setups.push_back(metricsSetupOf(own, core.server));
                    idle.kvCapacity += kvCapacityOf(own);
                }
                engine = std::make_unique<FleetFront>(core, setups);
            } else {
                engine = std::make_unique<EngineLoop>(core, core.metrics);
                idle.kvCapacity = kvCapacityOf(core.opt);
            }
            core.engine = engine.get();
            core.metrics.setScheduler(idle);
        }
    }

    ~Impl()
    {
        stop();
        // Connections first: their coroutines may post to the engine thread's context as they are destroyed, so it must
        // outlive them (ServerCore declares it before the workers).
        for (auto& w : core.workers)
            w.reset();
        engine.reset();
    }

    void start()
    {
        if (started)
            return;
        raiseFileLimit();
        boost::system::error_code ec;
        const auto addr = net::ip::make_address(core.opt.host, ec);
        if (ec)
            throw InputError("bad host address '" + core.opt.host + "': " + ec.message(), {}, 0, "--host");
        tcp::endpoint ep(addr, core.opt.port);
        acceptor.open(ep.protocol(), ec);
        if (!ec)
            acceptor.set_option(net::socket_base::reuse_address(true), ec);
        if (!ec)
            acceptor.bind(ep, ec);
        if (!ec)
            acceptor.listen(net::socket_base::max_listen_connections, ec);
        if (ec)
            throw InputError(
                "cannot listen on " + core.opt.host + ":" + std::to_string(core.opt.port) + ": " + ec.message(), {}, 0,
                "--port");
        boundPort = acceptor.local_endpoint().port();
        core.startTime = SimClock::now();
        started = true;
        net::co_spawn(core.engineIo, acceptLoop(), net::detached);
        for (auto& w : core.workers) {
            Worker* worker = w.get();
            // Keep the context running while it has no connection.
            worker->thread = std::thread([worker] {
                auto guard = net::make_work_guard(worker->io);
                worker->io.run();
            });
        }
        engineThread = std::thread([this] {
            auto guard = net::make_work_guard(core.engineIo);
            core.engineIo.run();
        });
    }

    void stop()
    {
        std::lock_guard lock(stopMutex);
        if (!started || stopped)
            return;
        stopped = true;
        core.stopping = true;
        net::post(core.engineIo, [this] {
            boost::system::error_code ec;
            acceptor.close(ec);
            if (engine)
                engine->stop();
            core.engineIo.stop();
        });
        for (auto& w : core.workers) {
            Worker* worker = w.get();
            net::post(worker->io, [worker] {
                boost::system::error_code ec;
                for (auto* s : worker->sockets) {
                    s->shutdown(tcp::socket::shutdown_both, ec);
                    s->close(ec);
                }
                // Timers of fixed-pace streams and stalls may still be pending: stop the loop.
                worker->io.stop();
            });
        }
        engineThread.join();
        for (auto& w : core.workers)
            w->thread.join();
    }

    net::awaitable<void> acceptLoop()
    {
        std::size_t next = 0;
        while (!core.stopping) {
            boost::system::error_code ec;
            Worker& worker = *core.workers[next];
            tcp::socket sock(worker.io);
            co_await acceptor.async_accept(sock, net::redirect_error(net::use_awaitable, ec));
            if (ec) {
                if (core.stopping || ec == net::error::operation_aborted)
                    break;
                // EMFILE and friends: back off briefly instead of spinning.
                net::steady_timer t(core.engineIo);
                t.expires_after(std::chrono::milliseconds(10));
                co_await t.async_wait(net::redirect_error(net::use_awaitable, ec));
                continue;
            }
            sock.set_option(tcp::no_delay(true), ec);
            ++core.counters.connections;
            const std::size_t index = next;
            next = (next + 1) % core.workers.size();
            net::co_spawn(worker.io, serveConnection(core, index, std::move(sock)), net::detached);
        }
    }

    ServerCore core;
    std::unique_ptr<EngineSink> engine;
    tcp::acceptor acceptor { core.engineIo };
    std::thread engineThread;
    std::mutex stopMutex;
    bool started = false, stopped = false;
    std::uint16_t boundPort = 0;
};

SimServer::SimServer(SimServerOptions options)
    : m_impl(std::make_unique<Impl>(std::move(options)))
{
}

SimServer::~SimServer() = default;

void SimServer::start()
{
    m_impl->start();
}

void SimServer::stop()
{
    m_impl->stop();
}

std::uint16_t SimServer::port() const
{
    return m_impl->boundPort;
}

SimServerStats SimServer::stats() const
{
    const auto& c = m_impl->core.counters;
    SimServerStats s;
    s.requests = c.requests;
    s.streamsOpen = c.streamsOpen;
    s.completed = c.completed;
    s.refused = c.refused;
    s.faults = c.faults;
    s.clientGone = c.clientGone;
    s.connections = c.connections;
    s.badRequests = c.badRequests;
    return s;
}

std::string SimServer::metricsText() const
{
    return m_impl->core.metrics.exposition();
}

} // namespace lorascope
