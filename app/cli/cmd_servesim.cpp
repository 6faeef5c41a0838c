// SPDX-License-Identifier: Apache-2.0
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/schedulerargs.h"

#include "admission/costmodel.h"
#include "formats/traceio.h"
#include "server/apirequest.h"
#include "server/serverfleet.h"
#include "server/simserver.h"
#include "util/error.h"
#include "util/filelimit.h"
#include "util/jsonread.h"

#include <algorithm>
#include <system_error>
#include <filesystem>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <thread>

namespace lorascope::cli {

const char* const kServeSimHelp = R"(Usage: lorascope-cli serve-sim [OPTIONS]

Run the simulated multi-LoRA server. It speaks every replay backend's streaming API:
  POST /generate_stream        S-LoRA (body with model_dir/lora_dir) and TGI/LoRAX (parameters.adapter_id)
  POST /v1/completions         OpenAI completions (vLLM, SGLang); the adapter is the model name
  POST /v1/chat/completions    OpenAI chat completions
  POST /generate               SGLang native (lora_path)
  POST /v1/load_lora_adapter, /v1/unload_lora_adapter    vLLM's dynamic adapters
  POST /load_lora_adapter, /unload_lora_adapter          SGLang's
  GET  /health, GET /v1/models (the base model and the loaded adapters)
  GET  /metrics                Prometheus metrics with the names of the policy's server: vLLM's
                               for --policy vllm, SGLang's for sglang, serve-sim's own set (vLLM's
                               names) for slora and slora-abort (docs/servesim.md)
Tokens are paced in real time by the admission engine (the chosen policy and S-LoRA limits) and
the cost model, or at a fixed spacing with --token-ms. Prompt length = whitespace-separated words.
Each answer token is a word of its own (drawn per request). Under --policy vllm and sglang the
policy's prefix cache keys a prompt by its words (a later turn that sends an answer back hits it;
--no-enable-prefix-caching, --disable-radix-cache turn it off) and the cached prompt tokens are
reported as the servers do: usage.prompt_tokens_details.cached_tokens (OpenAI routes),
meta_info.cached_tokens (/generate), and in /metrics (docs/servesim.md, "Prefix cache").
An adapter's LoRA rank comes from --ranks/--ranks-from, else from its name as S-LoRA names
adapters (dummy-lora-13b-rank-64-0 -> 64), else --adapter-rank.
Bad requests get 400 with a JSON body naming the field; malformed HTTP gets 400/413/414/431/505.
The first line on stdout is "listening on HOST:PORT" (flushed), so scripts can use --port 0.
Stops cleanly on SIGINT or SIGTERM (or after --duration) and prints its counters on stderr.

Options:
  --host ADDR                  address to bind (default 127.0.0.1)
  --port P                     port (default 8000; 0 = any free port, printed)
  --cost-model NAME|FILE       cost model preset or JSON file (default: the first preset)
  --speed X                    run the cost model X times faster than real time, 0.001 to 10^6
                               (default 1)
  --token-ms MS                fixed pace instead: one token every MS milliseconds per request
  --first-token-ms MS          with --token-ms: delay of the first token (default 0)
  --adapter-rank N             LoRA rank of adapters whose name carries none, 1 to 65536 (default 16)
  --ranks FILE                 adapter ranks: a JSON object {"adapter name": rank, ...}
  --ranks-from TRACE           adapter ranks from a trace's adapter table (any trace format), so
                               the server uses the ranks the preview (simulate) uses; its adapters
                               are also loaded at start (below)
  --lora-modules LIST          adapters loaded at start, comma-separated NAME or NAME=PATH (SGLang's
                               spelling --lora-paths). Under --policy vllm and sglang, when this or
                               --ranks-from names adapters, only loaded adapters are served: others
                               get the server's own error until POSTed to the load route; without
                               either, every adapter name is served. slora serves every name.
  --lora-info-lists same|split vllm:lora_requests_info's adapter lists: same = both labels list
                               every adapter with a request (vLLM since PR #26801; default for
                               vllm), split = running and waiting apart (older vLLM; default else)
  --threads N                  network threads (default: one per core, 2..4); the engine has its own
  --base-model NAME            OpenAI model name meaning "no adapter" (default base)
  --keep-alive-s S             close a kept-alive connection idle S seconds (default 5; 0 = never)
  --duration S                 stop after S seconds (default 0 = run until stopped)
A fleet (docs/fleet.md, docs/servesim.md "A fleet of replicas"):
  --replicas N                 N replicas of this server, 1 to 4096 (default 1)
  --fleet FILE                 the fleet file of `lorascope-cli fleet --fleet` instead (docs/fleet.md):
                               replica groups each with its own server and cost model, the router,
                               metrics_staleness_ms, static placement (of --ranks-from's adapters,
                               weighed by its requests, or --lora-modules'); not with --replicas,
                               --router, --staleness, --seed, --cost-model or the server flags
  --router NAME                behind the built-in router on the one --port, the fleet preview's
                               routers (default round-robin):
                               round-robin, random, least-outstanding, least-kv, session-affinity,
                               prefix-aware, gie-lora-filter, gie-lora-scorer, aibrix-lora, hrw;
                               GET /metrics is the fleet's sums, /metrics?replica=K replica K's
  --staleness MS               the router's metrics scrape interval on the model clock (default 50;
                               0 = it sees every replica as it is at each arrival)
  --seed N                     the router's random choices (default 1)
  --ports-per-replica          no router: replica K listens on --port + K (one "listening on" line
                               each), for an external router (llm-d / GIE, AIBrix, a Service)
Every duration (--token-ms, --keep-alive-s, --stall-seconds, ...) is at most 10^6 s (10^9 ms).
Fault injection (each request gets at most one fault, drawn from a seeded generator):
  --error-rate P               answer with --error-status (default 500; 429 also useful)
  --error-status N
  --disconnect-rate P          close the connection halfway through the stream
  --stall-rate P               stop sending halfway for --stall-seconds (default 30), then close
  --stall-seconds S
  --malformed-rate P           send one event that is not valid JSON halfway through
  --slow-first-byte-rate P     delay the response headers by --slow-first-byte-ms (default 1000)
  --slow-first-byte-ms MS
  --fault-seed N               seed of the fault draws (default 1)
)" LORASCOPE_SCHEDULER_OPTIONS R"(

Exit status: 0 after a clean stop, 1 if the address cannot be bound or a file is bad, 2 usage
error (an unknown option or a value out of its range).
)";

namespace {

std::atomic<bool> g_stop { false };

extern "C" void onStopSignal(int)
{
    g_stop.store(true);
}

// --fleet FILE describes the replicas, their servers and the router: the flags that would say the
// same are usage errors naming both.
void checkFleetFlags(const Args& a)
{
    std::vector<std::string> clash
        = { "--replicas", "--router", "--staleness", "--seed", "--cost-model", "--token-ms" };
    clash.insert(clash.end(), schedulerValueFlags().begin(), schedulerValueFlags().end());
    clash.insert(clash.end(), schedulerBoolFlags().begin(), schedulerBoolFlags().end());
    for (const std::string& flag : clash)
        if (a.has(flag))
            throw UsageError(flag + " and --fleet: "
                + (flag == "--token-ms"
                        ? std::string("a fleet needs the admission engine")
                        : "the fleet file gives the replicas, each group's server and cost model, the router and its "
                          "settings (docs/fleet.md); give one or the other"));
}

// The fleet file, read by the fleet preview's reader, as this server's fleet. Static placement
// places the adapters of --ranks-from's trace (weighed by its requests) or of --lora-modules.
void applyFleetFile(const std::string& file, bool haveTrace, Trace trace, SimServerOptions& o)
{
    const FleetConfig config = readFleetFile(file);
    if (!haveTrace)
        for (const auto& [name, path] : o.loraModules)
            trace.adapters.push_back(Adapter { name, 0 });
    const PlacementConfig& p = config.placement;
    if (p.kind == PlacementConfig::Kind::Static) {
        if (trace.adapters.empty())
            throw UsageError("--fleet " + file
                + ": static placement needs the adapters: --ranks-from TRACE (the trace you replay) or --lora-modules");
        if (!haveTrace && p.balancer == PlacementConfig::Balancer::Load && p.pinned.size() < trace.adapters.size())
            throw UsageError("--fleet " + file
                + ": static placement by load (placement.balancer \"load\") weighs the adapters by a trace's "
                  "requests: give --ranks-from TRACE, or pin every adapter, or use the balancer \"least-adapters\"");
    }
    applyFleetConfig(config, trace, o);
    // Each group's server as serve-sim checks a server (the same limits as its flags), named by the file: once a
    // group (its replicas share it), on a copy without the fleet (a copy of every replica per replica was quadratic).
    SimServerOptions one = o;
    one.fleet = ServerFleetOptions {};
    std::size_t first = 0;
    for (const ReplicaGroup& g : config.groups) {
        const std::size_t at = first;
        first += std::size_t(std::max(0, g.count));
        if (g.count <= 0 || at >= o.fleet.replicaServers.size())
            continue;
        const ServerReplica& r = o.fleet.replicaServers[at];
        one.scheduler = r.scheduler;
        one.cost = r.cost;
        try {
            validateSimServerOptions(one);
        } catch (const InputError& e) {
            throw InputError("replica " + r.name + "'s server (its group's \"server\" and \"cost_model\"): " + e.what(),
                file, 0, "server");
        }
    }
}

} // namespace

namespace {

/// Descriptors this process has open now (/proc/self/fd; 0 if it cannot be read).
std::size_t openDescriptors()
{
    std::error_code ec;
    std::size_t n = 0;
    for (std::filesystem::directory_iterator it("/proc/self/fd", ec), end; !ec && it != end; it.increment(ec))
        ++n;
    return n;
}

} // namespace

int runServeSim(const std::vector<std::string>& argv)
{
    // Every numeric option's range (durations at most 10^6 s, ranks 1..65536, limits >= 1, rates
    // 0..1) is checked by parseArgs from the shared table in cli/options.cpp.
    const Args a = parseArgs("serve-sim", argv,
        withSchedulerValueFlags({ "--host", "--port", "--cost-model", "--speed", "--token-ms", "--first-token-ms",
            "--adapter-rank", "--base-model", "--keep-alive-s", "--duration", "--error-rate", "--error-status",
            "--disconnect-rate", "--stall-rate", "--stall-seconds", "--malformed-rate", "--slow-first-byte-rate",
            "--slow-first-byte-ms", "--fault-seed", "--ranks", "--ranks-from", "--threads", "--lora-modules",
            "--lora-info-lists", "--replicas", "--router", "--staleness", "--seed", "--fleet" }),
        withSchedulerBoolFlags({ "--ports-per-replica" }));
    if (!a.positional().empty())
        throw UsageError("unexpected argument '" + a.positional().front() + "'");
    SimServerOptions o;
    o.host = a.value("--host").value_or("127.0.0.1");
    o.port = std::uint16_t(a.integer("--port", 8000));
    if (auto c = a.value("--cost-model"))
        o.cost = loadCostModel(*c);
    else
        o.cost = costModelPresets().front();
    applySchedulerArgs(a, o.scheduler, o.cost); // the server flags, as simulate reads them (a vLLM preset's defaults)
    if (o.scheduler.vllm.priorityScheduling) // refused rather than served first come, first served
        throw UsageError("--scheduling-policy priority: serve-sim does not read a request's priority yet; the "
                         "preview (simulate) models vLLM's priority scheduling");
    const std::string policy = policyName(o.scheduler.policy);
    o.speed = a.number("--speed", 1.0);
    if (a.has("--token-ms")) {
        o.tokenSeconds = a.number("--token-ms", 0) / 1000.0;
        o.firstTokenSeconds = a.number("--first-token-ms", 0) / 1000.0;
    } else if (a.has("--first-token-ms")) {
        throw UsageError("--first-token-ms needs --token-ms");
    }
    o.adapterRank = int(a.integer("--adapter-rank", 16)); // range checked by the option table
    if (a.has("--fleet"))
        checkFleetFlags(a);
    Trace adapterTrace; // --ranks-from's trace: its adapters (and their load, for static placement)
    if (auto file = a.value("--ranks-from")) {
        adapterTrace = readTrace(*file);
        for (const auto& adapter : adapterTrace.adapters) {
            if (adapter.rank > 0)
                o.adapterRanks[adapter.name] = adapter.rank;
            o.loraModules.emplace_back(adapter.name, adapter.name);
        }
    }
    if (auto list = a.value("--lora-modules")) {
        std::size_t start = 0;
        while (start <= list->size()) {
            std::size_t comma = list->find(',', start);
            if (comma == std::string::npos)
                comma = list->size();
            const std::string item = list->substr(start, comma - start);
            start = comma + 1;
            if (item.empty())
                continue;
            const auto eq = item.find('=');
            const std::string name = item.substr(0, eq);
            if (name.empty())
                throw UsageError("--lora-modules: an entry has no adapter name (\"" + item.substr(0, 40) + "\")");
            o.loraModules.emplace_back(name, eq == std::string::npos ? name : item.substr(eq + 1));
        }
    }
    if (auto lists = a.value("--lora-info-lists")) {
        if (*lists != "same" && *lists != "split")
            throw UsageError("--lora-info-lists must be same or split (got \"" + lists->substr(0, 40) + "\")");
        o.loraInfoSplit = *lists == "split";
    }
    if (auto file = a.value("--ranks")) {
        const auto j = readJsonFile(*file, "rank file");
        if (!j.is_object())
            throw InputError("expected a JSON object {\"adapter name\": rank, ...}", *file, 1, "ranks");
        for (auto it = j.begin(); it != j.end(); ++it) {
            const auto& v = it.value();
            if (!v.is_number_integer() || v.get<std::int64_t>() < kMinRank || v.get<std::int64_t>() > kMaxRank)
                throw InputError(it.key() + ": a rank must be an integer between " + std::to_string(kMinRank) + " and "
                        + std::to_string(kMaxRank),
                    *file, 0, it.key());
            o.adapterRanks[it.key()] = int(v.get<std::int64_t>());
        }
    }
    o.networkThreads = unsigned(a.integer("--threads", 0)); // range checked by the option table
    o.baseModel = a.value("--base-model").value_or("base");
    o.idleTimeoutSeconds = a.number("--keep-alive-s", o.idleTimeoutSeconds);
    auto& f = o.faults;
    f.errorRate = a.number("--error-rate", 0.0);
    f.errorStatus = int(a.integer("--error-status", 500));
    f.disconnectRate = a.number("--disconnect-rate", 0.0);
    f.stallRate = a.number("--stall-rate", 0.0);
    f.stallSeconds = a.number("--stall-seconds", 30);
    f.malformedRate = a.number("--malformed-rate", 0.0);
    f.slowFirstByteRate = a.number("--slow-first-byte-rate", 0.0);
    f.slowFirstByteSeconds = a.number("--slow-first-byte-ms", 1000) / 1000.0;
    f.seed = std::uint64_t(a.integer("--fault-seed", 1));
    if (f.errorRate + f.disconnectRate + f.stallRate + f.malformedRate + f.slowFirstByteRate > 1.0 + 1e-12)
        throw UsageError("--error-rate, --disconnect-rate, --stall-rate, --malformed-rate and --slow-first-byte-rate "
                         "add up to more than 1");
    const double duration = a.number("--duration", 0);
    const bool portPerReplica = a.has("--ports-per-replica");
    if (const auto file = a.value("--fleet"))
        applyFleetFile(*file, a.has("--ranks-from"), std::move(adapterTrace), o);
    const int replicas = a.has("--fleet") ? o.fleet.replicas : int(a.integer("--replicas", 1)); // range: option table
    if (portPerReplica) {
        for (const char* flag : { "--router", "--staleness", "--seed" })
            if (a.has(flag))
                throw UsageError(std::string(flag)
                    + " is the built-in router's; --ports-per-replica has none (the router is yours)");
        if (o.port == 0 && replicas > 1)
            throw UsageError("--ports-per-replica needs --port P (replicas listen on P, P+1, ...), not 0");
        if (int(o.port) + replicas - 1 > 65535)
            throw UsageError("--ports-per-replica: ports " + std::to_string(o.port) + " to "
                + std::to_string(int(o.port) + replicas - 1) + " go past 65535");
    } else if (a.has("--fleet")) {
        // the file's router and staleness (checked by its reader)
    } else if (replicas > 1) {
        o.fleet.replicas = replicas;
        if (const auto name = a.value("--router")) {
            const auto kind = routerFromName(*name);
            if (!kind)
                throw UsageError(
                    "--router: unknown router \"" + name->substr(0, 40) + "\" (known: " + routerNames() + ")");
            o.fleet.router.kind = *kind;
        }
        o.fleet.stalenessMs = a.number("--staleness", o.fleet.stalenessMs);
        o.fleet.router.seed = std::uint64_t(a.integer("--seed", 1));
    } else {
        for (const char* flag : { "--router", "--staleness", "--seed" })
            if (a.has(flag))
                throw UsageError(std::string(flag) + " needs --replicas N (N > 1)");
    }
    if (replicas > 1 && o.tokenSeconds)
        throw UsageError("--replicas needs the admission engine: it cannot go with --token-ms");

    struct sigaction sa { };
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    // One server (with a built-in router over its replicas), or one server per replica.
    std::vector<std::unique_ptr<SimServer>> servers;
    SimServerOptions base = o; // without the fleet, copied once (not once a replica)
    base.fleet = ServerFleetOptions {};
    auto makeServer = [&](int k) {
        SimServerOptions ok = portPerReplica ? replicaServerOptions(base, o.fleet, k) : o; // its own server
        if (portPerReplica && o.port != 0)
            ok.port = std::uint16_t(o.port + k);
        return std::make_unique<SimServer>(ok);
    };
    try {
        if (portPerReplica && replicas > 1) {
            // One server per port holds descriptors of its own (listening socket, event loops): the first one
            // says how many, and all of them must fit under the limit with room for connections, before any listens.
            raiseFileLimit();
            const std::size_t before = openDescriptors();
            servers.push_back(makeServer(0));
            servers.back()->start();
            const std::size_t each = std::max<std::size_t>(1, openDescriptors() - before);
            const std::uint64_t need = before + each * std::uint64_t(replicas) + 16 * std::uint64_t(replicas);
            if (const std::uint64_t limit = fileLimit(); limit > 0 && need > limit) {
                servers.back()->stop();
                throw InputError("--ports-per-replica: " + std::to_string(replicas) + " replicas need about "
                        + std::to_string(need) + " open files (" + std::to_string(each)
                        + " per replica's server and 16 per replica for connections) and this process may open "
                        + std::to_string(limit) + " (hard limit " + std::to_string(fileLimitHard())
                        + "): raise it with `ulimit -n " + std::to_string(need)
                        + "` (as root past the hard limit), or run fewer replicas",
                    {}, 0, "--ports-per-replica");
            }
        }
        for (int k = int(servers.size()); k < (portPerReplica ? replicas : 1); ++k)
            servers.push_back(makeServer(k));
        for (auto& server : servers)
            server->start(); // the first one again: start() does nothing once started
    } catch (const std::system_error& e) { // threads or descriptors the system would not give
        for (auto& server : servers)
            server->stop();
        throw InputError("could not start " + std::to_string(servers.size()) + " of "
                + std::to_string(portPerReplica ? replicas : 1) + " servers: " + e.what()
                + " (ulimit -n, ulimit -u, ulimit -v; or fewer replicas)",
            {}, 0, portPerReplica ? "--ports-per-replica" : "--replicas");
    }
    for (auto& server : servers)
        std::printf("listening on %s:%u\n", o.host.c_str(), unsigned(server->port()));
    std::fflush(stdout);
    if (replicas > 1)
        std::fprintf(stderr, "serve-sim: %d replicas, %s\n", replicas,
            portPerReplica
                ? "one port each (no router)"
                : ("router " + routerName(o.fleet.router.kind)
                    + (routerReadsMetrics(o.fleet.router.kind) ? (o.fleet.stalenessMs > 0
                               ? ", metrics scraped every " + formatNumber(o.fleet.stalenessMs) + " ms (model clock)"
                               : std::string(", metrics as they are at each arrival"))
                                                               : std::string(" (counts its own requests)")))
                      .c_str());
    for (std::size_t k = 0; k < o.fleet.replicaServers.size(); ++k) {
        const ServerReplica& r = o.fleet.replicaServers[k];
        std::size_t placed = 0;
        for (const auto& [name, on] : o.fleet.placement)
            placed += std::count(on.begin(), on.end(), std::uint32_t(k));
        std::fprintf(stderr, "serve-sim: replica %zu (%s): policy %s, cost model %s%s\n", k, r.name.c_str(),
            policyName(r.scheduler.policy).c_str(), r.cost.name.c_str(),
            o.fleet.placement.empty() ? "" : (", " + std::to_string(placed) + " adapter(s) placed").c_str());
    }
    if (o.fleet.replicaServers.empty())
        std::fprintf(stderr, "serve-sim: %s\n",
            o.tokenSeconds
                ? ("fixed pace, one token every " + formatNumber(*o.tokenSeconds * 1000) + " ms").c_str()
                : ("policy " + policy + ", cost model " + o.cost.name + ", speed x" + formatNumber(o.speed)).c_str());
    const auto start = std::chrono::steady_clock::now();
    while (!g_stop.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (duration > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= duration)
            break;
    }
    SimServerStats s;
    for (auto& server : servers) {
        server->stop();
        const auto one = server->stats();
        s.requests += one.requests;
        s.completed += one.completed;
        s.refused += one.refused;
        s.faults += one.faults;
        s.clientGone += one.clientGone;
        s.badRequests += one.badRequests;
    }
    std::fprintf(stderr,
        "serve-sim: stopped; %llu requests, %llu streams completed, "
        "%llu refused, %llu faults injected, %llu clients gone, "
        "%llu bad requests\n",
        (unsigned long long)s.requests, (unsigned long long)s.completed, (unsigned long long)s.refused,
        (unsigned long long)s.faults, (unsigned long long)s.clientGone, (unsigned long long)s.badRequests);
    return kExitOk;
}

} // namespace lorascope::cli
