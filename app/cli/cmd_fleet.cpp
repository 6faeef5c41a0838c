// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

#include "cli/args.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "cli/schedulerargs.h"
#include "cli/simjson.h"

#include "analysis/refusals.h"
#include "analysis/numberformat.h"
#include "fleet/fleet.h"
#include "formats/traceio.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"
#include "util/version.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace lorascope::cli {

#define LORASCOPE_ROUTER_NAMES                                                                                         \
    "round-robin, random, least-outstanding, least-kv, session-affinity, prefix-aware,\n"                              \
    "                             gie-lora-filter, gie-lora-scorer, aibrix-lora, hrw"

const char* const kFleetHelp = R"(Usage: lorascope-cli fleet TRACE (--fleet FLEET.json | --replicas N) [OPTIONS]

Preview a fleet: the requests of TRACE routed over replicas, each running its own server's
scheduler (S-LoRA, vLLM V1 or SGLang, as `simulate` does) on its own cost model, all on one clock
(docs/fleet.md). Each request is routed at its arrival by a router that reads the replicas the way
the production router it follows does: through metrics scraped every --staleness ms (0: perfect
information), or by counting what it sent. Prints the fleet's latencies, each replica's share and
the busiest adapters; --requests-out says for every request where it went and why
("ad-7 -> replica-3: active there; replica-1 had fewer waiting requests (0 vs 2) but not ad-7").
A fleet of one replica gives exactly `simulate`'s results.

Fleet:
  --fleet FILE               the fleet file (docs/fleet.md): replicas (groups with their own
                             server, cost model and GPUs), router, metrics staleness, placement
  --replicas N               N identical replicas of the server the server flags below describe,
                             on --cost-model (instead of --fleet)
  --gpus-per-replica N       with --replicas: GPUs one replica uses (default 1)
  --router NAME              the router (overrides the file's; default round-robin):
                             )" LORASCOPE_ROUTER_NAMES R"(
  --staleness MS             metrics scrape interval in milliseconds (default 50, GIE's and
                             AIBrix's); 0 = the router sees every replica as it is; with
                             --clock steps, in ticks (default 0)
  --placement dynamic|static dynamic (default): any replica loads any adapter; static: each adapter
                             only on its replicas (--replicas-per-adapter, greedy by expected load)
  --replicas-per-adapter K   static placement: replicas per adapter (default 1)
  --seed N                   the router's random choices (default 1)

Output:
  --requests-out FILE.jsonl  one JSON object per request: simulate's fields plus replica (its name;
                             null if the router dropped it), route (the rule) and why (in words)
  --explain N                print the first N routing decisions in words
  --json                     print the summary as JSON (fleet, summary, replicas, per_adapter)
  --per-adapter N|all|none   adapters in --json: the N busiest (default 100), all, or none
  --quiet                    no progress line

Clock and input:
  --clock model|steps        model (default): seconds from each replica's cost model; steps: each
                             forward pass is one tick and replicas run side by side, so one fleet
                             tick is one pass of every replica with work
  --cost-model NAME|FILE     with --replicas: llama-7b-a10g (default), llama-7b-a100-80g,
                             llama-13b-a100-80g, or a JSON file
  --ranks FILE               adapter ranks (as simulate)
  --format, --from NAME      read TRACE as this format
)" LORASCOPE_SCHEDULER_OPTIONS R"(
Exit status: 0 success, 1 bad input (file, line and field named: an unknown router, zero replicas,
a placement naming an adapter the trace lacks), 2 usage error.
)";

namespace {

std::string padded(std::string s, std::size_t width)
{
    if (s.size() < width)
        s += std::string(width - s.size(), ' ');
    return s;
}

nlohmann::json replicaJson(const ReplicaReport& r, ClockKind clock)
{
    nlohmann::json j = summaryJson(r.summary, true);
    j["name"] = r.name;
    j["group"] = r.group;
    j["gpus"] = r.gpus;
    j["policy"] = policyName(r.policy);
    j["cost_model"] = r.costModel;
    j["routed"] = r.routed;
    j["adapters_routed"] = r.adaptersRouted;
    j["adapters_loaded"] = r.adaptersLoaded;
    j["busy"] = r.busySeconds;
    j["unit"] = clock == ClockKind::Steps ? "steps" : "s";
    return j;
}

} // namespace

int runFleet(const std::vector<std::string>& argv)
{
    const Args a = parseArgs("fleet", argv,
        withSchedulerValueFlags({ "--fleet", "--replicas", "--gpus-per-replica", "--router", "--staleness",
            "--placement", "--replicas-per-adapter", "--seed", "--requests-out", "--explain", "--per-adapter",
            "--clock", "--cost-model", "--ranks", "--format" }),
        withSchedulerBoolFlags({ "--json", "--quiet" }));
    if (a.positional().size() != 1)
        throw UsageError(a.positional().empty() ? "missing TRACE file" : "expected one TRACE file");
    if (a.has("--fleet") == a.has("--replicas"))
        throw UsageError(a.has("--fleet") ? "give --fleet FILE or --replicas N, not both"
                                          : "give the fleet: --fleet FILE or --replicas N");
    const auto clockText = a.value("--clock");
    if (clockText && *clockText != "steps" && *clockText != "model")
        throw UsageError("--clock must be model or steps (got \"" + *clockText + "\")");
    FleetOptions options;
    options.clock = clockText && *clockText == "steps" ? ClockKind::Steps : ClockKind::Model;
    const std::size_t perAdapterListed = perAdapterOption(a);

    FleetConfig fleet;
    if (const auto file = a.value("--fleet")) {
        for (const std::string& flag : schedulerValueFlags())
            if (a.has(flag))
                throw UsageError(flag
                    + " describes the server of --replicas; with --fleet each replica group has its \"server\" in the "
                      "file");
        for (const char* flag : { "--cost-model", "--gpus-per-replica" })
            if (a.has(flag))
                throw UsageError(std::string(flag) + " goes with --replicas; with --fleet it is in the file");
        fleet = readFleetFile(*file);
    } else {
        SchedulerConfig server;
        const std::string cost = a.value("--cost-model").value_or("llama-7b-a10g");
        // An unknown model or a bad file is reported before the trace is read; a vLLM preset fills
        // the server settings its vLLM version had by default (cli/schedulerargs.h).
        applySchedulerArgs(a, server, loadCostModel(cost));
        fleet = uniformFleet(static_cast<int>(a.integer("--replicas", 1)), server, cost, RouterKind::RoundRobin);
        fleet.groups[0].gpusPerReplica = static_cast<int>(a.integer("--gpus-per-replica", 1));
    }
    if (const auto name = a.value("--router")) {
        const auto kind = routerFromName(*name);
        if (!kind)
            throw UsageError("--router: unknown router \"" + *name + "\" (known: " + routerNames() + ")");
        fleet.router.kind = *kind;
    }
    if (a.has("--staleness")) {
        (options.clock == ClockKind::Steps ? fleet.stalenessTicks : fleet.stalenessMs) = a.number("--staleness", 0);
    }
    if (const auto p = a.value("--placement")) {
        if (*p != "dynamic" && *p != "static")
            throw UsageError("--placement must be dynamic or static (got \"" + *p + "\")");
        fleet.placement.kind = *p == "static" ? PlacementConfig::Kind::Static : PlacementConfig::Kind::Dynamic;
    }
    if (a.has("--replicas-per-adapter"))
        fleet.placement.replicasPerAdapter = static_cast<int>(a.integer("--replicas-per-adapter", 1));
    if (a.has("--seed"))
        fleet.router.seed = static_cast<std::uint64_t>(a.integer("--seed", 1));
    if (const std::string e = fleetConfigError(fleet); !e.empty())
        throw UsageError(e);
    if (const std::string e = routerSettingsError(fleet.router); !e.empty()) // --router over the file's settings
        throw UsageError(e + (a.has("--router") ? " (--router replaced the fleet file's router)" : ""));

    const std::string file = a.positional().front();
    const auto requestsOut = a.value("--requests-out");
    if (requestsOut) {
        checkOutputs({ { "--requests-out", *requestsOut } },
            { { "TRACE", file }, { "--fleet", a.value("--fleet").value_or("") },
                { "--ranks", a.value("--ranks").value_or("") },
                { "--cost-model", a.value("--cost-model").value_or("") } });
        checkOutputFile(*requestsOut);
    }
    const Trace trace = readTrace(file, a.value("--format").value_or(""));
    for (const ReplicaGroup& g : fleet.groups)
        checkSchedulerAdapters(g.server, trace.adapters.size(), "the trace");
    if (const auto ranksFile = a.value("--ranks"))
        options.ranks = readRanks(*ranksFile, trace);
    options.recordDecisions = requestsOut.has_value() || a.has("--explain");

    TerminalProgress progress("routing and simulating", a.has("--quiet"));
    const FleetResult result = simulateFleet(trace, fleet, options, progress.sink());
    progress.done();
    const std::vector<std::string> names = result.replicaNames();

    if (requestsOut) {
        writeFileAtomically(*requestsOut, [&](std::ostream& out) {
            for (std::size_t i = 0; i < result.requests.size(); ++i) {
                nlohmann::ordered_json j = requestJson(result.requests[i], trace);
                const std::uint32_t rep = result.replicaOf[i];
                j["replica"] = rep == kNoReplica ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(names[rep]);
                j["route"] = routeRuleName(result.decisions[i].rule);
                j["why"] = describeDecision(result.decisions[i], trace, static_cast<std::uint32_t>(i), names);
                out << j.dump() << '\n';
            }
        });
    }

    const SimulationSummary& s = result.summary;
    const std::string unit = result.unit();
    std::vector<const FleetAdapterReport*> busiest;
    for (const FleetAdapterReport& ad : result.perAdapter)
        busiest.push_back(&ad);
    std::stable_sort(busiest.begin(), busiest.end(),
        [](auto* x, auto* y) { return x->summary.summary.requests > y->summary.summary.requests; });

    if (a.has("--json")) {
        nlohmann::json j;
        j["tool_version"] = kVersion;
        j["trace"] = file;
        nlohmann::ordered_json fj;
        fleetConfigToJson(fleet, fj);
        j["fleet"] = nlohmann::json(fj);
        j["clock"] = options.clock == ClockKind::Steps ? "steps" : "model";
        j["unit"] = unit;
        j["replica_count"] = result.replicas.size();
        j["gpus"] = result.gpus;
        j["router_dropped"] = result.routerDropped;
        j["summary"] = summaryJson(s, true);
        nlohmann::json reps = nlohmann::json::array();
        for (const ReplicaReport& r : result.replicas)
            reps.push_back(replicaJson(r, options.clock));
        j["replicas"] = std::move(reps);
        if (busiest.size() > perAdapterListed)
            busiest.resize(perAdapterListed);
        nlohmann::json per = nlohmann::json::array();
        for (const FleetAdapterReport* ad : busiest) {
            nlohmann::json e = summaryJson(ad->summary.summary, false);
            e["adapter"]
                = ad->summary.adapter == kNoAdapter ? nlohmann::json(nullptr) : nlohmann::json(ad->summary.name);
            e["rank"] = ad->summary.rank;
            e["replicas_routed"] = ad->replicasRouted;
            e["loads"] = ad->loads;
            if (!ad->placedOn.empty()) {
                nlohmann::json on = nlohmann::json::array();
                for (std::uint32_t r : ad->placedOn)
                    on.push_back(names[r]);
                e["placed_on"] = std::move(on);
            }
            per.push_back(std::move(e));
        }
        j["per_adapter"] = std::move(per);
        j["per_adapter_total"] = result.perAdapter.size();
        j["per_adapter_left_out"] = result.perAdapter.size() - std::min(result.perAdapter.size(), perAdapterListed);
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }

    const double staleness = options.clock == ClockKind::Steps ? fleet.stalenessTicks : fleet.stalenessMs;
    // Requests refused for a setting come first, with the fix (analysis/refusals.h).
    if (const auto refused = rankRefusalNote(result, trace, fleet))
        std::cout << refused->text << "\n";
    std::cout << "trace           " << file << " (" << s.requests << " requests, " << trace.adapters.size()
              << " adapters)\n";
    std::cout << "fleet           " << result.replicas.size() << " replicas, " << result.gpus << " GPUs; router "
              << routerName(fleet.router.kind);
    if (routerReadsMetrics(fleet.router.kind))
        std::cout << ", metrics scraped every " << formatPrintf("%g", staleness)
                  << (options.clock == ClockKind::Steps ? " ticks" : " ms")
                  << (staleness <= 0 ? " (perfect information)" : "");
    else
        std::cout << " (counts its own requests; no scraped metrics)";
    std::cout << "; placement "
              << (fleet.placement.kind == PlacementConfig::Kind::Static
                         ? "static, " + std::to_string(fleet.placement.replicasPerAdapter) + " per adapter"
                         : std::string("dynamic"))
              << "\n";
    std::cout << "clock           "
              << (options.clock == ClockKind::Steps
                         ? std::string("steps (1 tick per forward pass; replicas side by side)")
                         : std::string("model (seconds)"))
              << "\n";
    std::cout << "requests        " << s.finished << " finished, " << s.rejected << " rejected"
              << (result.routerDropped ? " (" + std::to_string(result.routerDropped) + " dropped by the router)"
                                       : std::string())
              << ", " << s.dropped << " dropped, " << s.neverAdmitted << " never admitted\n";
    std::cout << "                      mean       p50       p90       p99\n";
    auto latency = [&](const char* name, const LatencyStats& l) {
        std::cout << "  " << padded(std::string(name) + " (" + unit + ")", 14) << formatPrintf("%10.3f", l.mean)
                  << formatPrintf("%10.3f", l.p50) << formatPrintf("%10.3f", l.p90) << formatPrintf("%10.3f", l.p99)
                  << "\n";
    };
    latency("wait", s.wait);
    latency("TTFT", s.ttft);
    latency("E2E", s.e2e);
    std::cout << "throughput      " << formatPrintf("%.3f", s.requestThroughput) << " req/" << unit << " ("
              << formatPrintf("%.3f", s.requestThroughput / std::max(1, result.gpus)) << " per GPU), "
              << formatPrintf("%.1f", s.tokenThroughput) << " output tokens/" << unit << "\n";
    if (options.clock == ClockKind::Model)
        std::cout << "SLO attainment  " << formatPrintf("%.1f", 100.0 * s.sloAttainment) << " % (TTFT < 6 s)\n";
    std::cout << "adapter loads   " << s.adapterLoads << " (" << s.adapterDiskLoads << " from disk), evictions "
              << s.adapterUnloads << (s.preemptions ? "; preemptions " + std::to_string(s.preemptions) : std::string())
              << "\n";
    std::cout
        << "per replica     name            routed  wait p99   TTFT mean  TTFT p99   loads  evicted  adapters  busy\n";
    for (const ReplicaReport& r : result.replicas) {
        const double span = s.makespan > 0 ? s.makespan : 1.0;
        std::cout << "                " << padded(r.name, 14) << formatPrintf("%8.0f", double(r.routed))
                  << formatPrintf("%10.3f", r.summary.wait.p99) << formatPrintf("%11.3f", r.summary.ttft.mean)
                  << formatPrintf("%10.3f", r.summary.ttft.p99) << formatPrintf("%8.0f", double(r.summary.adapterLoads))
                  << formatPrintf("%9.0f", double(r.summary.adapterUnloads))
                  << formatPrintf("%10.0f", double(r.adaptersLoaded))
                  << formatPrintf("%5.0f", 100.0 * r.busySeconds / span) << " %\n";
    }
    std::cout << "                (wait and TTFT in " << unit
              << "; adapters: distinct adapters it loaded; busy: share of the run its GPU ran passes)\n";
    if (!busiest.empty()) {
        std::cout << "per adapter (busiest " << std::min<std::size_t>(10, busiest.size()) << " of " << busiest.size()
                  << "; --json for all)   requests  replicas  loads  TTFT mean  TTFT p99\n";
        for (std::size_t i = 0; i < std::min<std::size_t>(10, busiest.size()); ++i) {
            const FleetAdapterReport& ad = *busiest[i];
            const std::string name = ad.summary.adapter == kNoAdapter ? "(base model)" : ad.summary.name;
            std::cout << "  " << padded(name, 36) << formatPrintf("%9.0f", double(ad.summary.summary.requests))
                      << formatPrintf("%10.0f", double(ad.replicasRouted)) << formatPrintf("%7.0f", double(ad.loads))
                      << formatPrintf("%11.3f", ad.summary.summary.ttft.mean)
                      << formatPrintf("%10.3f", ad.summary.summary.ttft.p99) << "\n";
        }
    }
    const std::int64_t explain = a.integer("--explain", 0);
    for (std::int64_t i = 0; i < explain && static_cast<std::size_t>(i) < result.decisions.size(); ++i)
        std::cout << "route " << trace.idOf(static_cast<std::size_t>(i)) << ": "
                  << describeDecision(
                         result.decisions[static_cast<std::size_t>(i)], trace, static_cast<std::uint32_t>(i), names)
                  << "\n";
    return kExitOk;
}

} // namespace lorascope::cli
