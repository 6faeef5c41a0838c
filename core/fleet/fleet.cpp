// SPDX-License-Identifier: Apache-2.0
// The fleet driver: routes each request at its arrival and advances the replicas between
// decisions. How far the replicas must be advanced before a decision depends on what the router
// reads (docs/fleet.md, "One clock"):
//   - routers that count their own outstanding requests (least-outstanding, aibrix-lora, hrw) need
//     every response that ended before the decision: all replicas run up to each arrival;
//   - routers that read scraped metrics see them as of the last scrape: the replicas run up to each
//     scrape instant (every staleness), in parallel, and the requests in between are routed on that
//     scrape (staleness 0: a scrape at every arrival);
//   - routers that read nothing (round-robin, random, session-affinity) are routed on the scrapes
//     too when decisions are recorded (their explanations name the least loaded replica), and all
//     at once otherwise; then every replica runs to the end on its own, in parallel.

#include "fleet/fleet.h"

#include "admission/summary.h"
#include "analysis/admissionview.h"
#include "fleet/fleetseries.h"
#include "fleet/placement.h"
#include "fleet/replica.h"
#include "fleet/workers.h"
#include "util/error.h"
#include "util/memory.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <thread>

namespace lorascope {

std::vector<std::string> FleetResult::replicaNames() const
{
    std::vector<std::string> names;
    for (const ReplicaReport& r : replicas)
        names.push_back(r.name);
    return names;
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

enum class Needs { Nothing, Metrics, Outstanding };

Needs routerNeeds(RouterKind kind)
{
    switch (kind) {
    case RouterKind::RoundRobin:
    case RouterKind::Random:
    case RouterKind::SessionAffinity:
        return Needs::Nothing;
    case RouterKind::LeastOutstanding:
    case RouterKind::AibrixLora:
    case RouterKind::Hrw:
        return Needs::Outstanding;
    default:
        return Needs::Metrics;
    }
}

int threadCount(const FleetOptions& o, int replicas)
{
    int n = o.threads > 0 ? o.threads : static_cast<int>(std::thread::hardware_concurrency());
    n = std::clamp(n, 1, 8);
    return std::min(n, std::max(1, replicas));
}

} // namespace

namespace {

// The fleet preview's memory grows as replicas × adapters (each replica's per-adapter tables), with
// the requests' records and a static placement's copies: estimated before anything is allocated
// and refused with the number, as the sweep refuses a point (util/memory.h). The constants are
// measured peaks with a margin (docs/fleet.md, "Memory").
constexpr double kFleetBytesPerReplicaAdapter = 64;
constexpr double kFleetBytesPerRequest = 480;
constexpr double kFleetBytesPerCopy = 16;

void checkFleetMemory(const FleetConfig& config, const Trace& trace)
{
    const double replicas = config.replicaCount();
    const double adapters = static_cast<double>(trace.adapters.size()) + 1; // and the base model
    const double copies = config.placement.kind == PlacementConfig::Kind::Static
        ? adapters * std::min<double>(config.placement.replicasPerAdapter, replicas)
        : 0;
    const double bytes = replicas * adapters * kFleetBytesPerReplicaAdapter
        + static_cast<double>(trace.requests.size()) * kFleetBytesPerRequest + copies * kFleetBytesPerCopy;
    checkMemoryFits(bytes,
        "this fleet preview (" + std::to_string(config.replicaCount()) + " replicas x "
            + std::to_string(trace.adapters.size()) + " adapters, " + std::to_string(trace.requests.size())
            + " requests)",
        "use fewer replicas, adapters or copies per adapter, or preview fewer requests", "replicas");
}

} // namespace

FleetResult simulateFleet(
    const Trace& trace, const FleetConfig& config, const FleetOptions& options, const ProgressSink& progress)
{
    if (const std::string e = fleetConfigError(config); !e.empty())
        throw InputError(e, config.source, 0, e.substr(0, e.find(':')));
    checkFleetMemory(config, trace);
    FleetResult result;
    result.clock = options.clock;
    result.requests = prepareRecords(trace);
    const std::vector<int> ranks = adapterRanks(trace, options.ranks);
    const AdapterPlacement placement = placeAdapters(config, trace);
    const std::size_t n = trace.requests.size();
    const int replicaCount = config.replicaCount();

    // Replicas, each with its group's server and cost model.
    std::vector<std::unique_ptr<FleetReplica>> replicas;
    std::vector<std::uint8_t> state(n, 0);
    std::map<std::string, CostModel> costModels;
    for (std::size_t g = 0; g < config.groups.size(); ++g) {
        const ReplicaGroup& group = config.groups[g];
        auto cm = costModels.find(group.costModel);
        if (group.costValue) {
            cm = costModels.insert_or_assign("\x01" + std::to_string(g), *group.costValue).first;
        } else if (cm == costModels.end()) {
            try {
                cm = costModels.emplace(group.costModel, loadCostModel(group.costModel)).first;
            } catch (const InputError& e) {
                const std::string field
                    = config.groups.size() == 1 ? "cost_model" : "replicas[" + std::to_string(g) + "].cost_model";
                throw InputError(field + ": " + e.what(), config.source, 0, field);
            }
        }
        for (int i = 0; i < group.count; ++i) {
            SimulationConfig sc;
            sc.scheduler = group.server;
            sc.clock = options.clock;
            sc.cost = cm->second;
            sc.recordTimeline = false;
            replicas.push_back(std::make_unique<FleetReplica>(sc, trace, ranks, result.requests, state));
            ReplicaReport rep;
            rep.name = (group.name.empty() ? "replica-" + std::to_string(replicas.size() - 1)
                                           : group.name + "-" + std::to_string(i));
            rep.group = static_cast<int>(g);
            rep.gpus = group.gpusPerReplica;
            rep.policy = group.server.policy;
            rep.costModel = group.costModel;
            result.replicas.push_back(std::move(rep));
        }
    }
    result.gpus = config.gpuCount();
    FleetSeriesRecorder seriesRecorder(options, replicaCount);
    if (options.recordSeries)
        for (std::size_t r = 0; r < replicas.size(); ++r)
            seriesRecorder.attach(*replicas[r], r);

    const std::unique_ptr<Router> router = makeRouter(config.router, trace, replicaCount, placement);
    const Needs needs = routerNeeds(config.router.kind);
    const double staleness = options.clock == ClockKind::Steps ? config.stalenessTicks : config.stalenessMs / 1000.0;
    const bool loraInfo = routerReadsLoraInfo(config.router.kind);
    const bool keepLast = config.router.keepLastLoraInfo;
    // Routers that read nothing are routed all at once unless their decisions are explained.
    const bool upfront = needs == Needs::Nothing && !options.recordDecisions;
    const bool perArrival = needs == Needs::Outstanding || (!upfront && staleness <= 0);

    std::vector<std::uint32_t> outstanding(static_cast<std::size_t>(replicaCount), 0);
    std::vector<std::size_t> completionCursor(static_cast<std::size_t>(replicaCount), 0);
    std::vector<std::uint32_t> all(static_cast<std::size_t>(replicaCount));
    for (int r = 0; r < replicaCount; ++r)
        all[static_cast<std::size_t>(r)] = static_cast<std::uint32_t>(r);
    std::vector<const PublishedState*> published;
    for (const auto& r : replicas)
        published.push_back(&r->published());
    PublishedView live(published, outstanding, keepLast);
    ScrapedView scraped(replicas.size(), outstanding);
    const FleetView& view = perArrival ? static_cast<const FleetView&>(live) : static_cast<const FleetView&>(scraped);

    WorkerPool pool(threadCount(options, replicaCount));
    auto advanceAll = [&](double t, bool parallel) {
        auto job = [&](std::size_t r) {
            replicas[r]->sim().runUntil(t);
            replicas[r]->publishUntil(t);
        };
        if (parallel)
            pool.run(replicas.size(), job);
        else
            for (std::size_t r = 0; r < replicas.size(); ++r)
                job(r);
        if (needs == Needs::Outstanding) {
            for (std::size_t r = 0; r < replicas.size(); ++r) {
                const std::vector<double>& done = replicas[r]->completions();
                std::size_t& c = completionCursor[r];
                while (c < done.size() && done[c] <= t) {
                    ++c;
                    --outstanding[r];
                }
            }
        }
    };

    if (options.recordDecisions)
        result.decisions.resize(n);
    result.replicaOf.assign(n, kNoReplica);
    double lastScrape = -kInf;
    for (std::size_t i = 0; i < n; ++i) {
        const Request& q = trace.requests[i];
        const double t = q.time;
        if (perArrival) {
            advanceAll(t, false);
        } else if (!upfront) {
            const double tau = std::floor(t / staleness) * staleness;
            if (tau > lastScrape) {
                advanceAll(tau, true);
                scraped.scrape(published, loraInfo, keepLast);
                lastScrape = tau;
            }
        }
        const std::vector<std::uint32_t>& cand
            = q.adapter != kNoAdapter && placement.isStatic && !placement.replicasOf[q.adapter].empty()
            ? placement.replicasOf[q.adapter]
            : all;
        RouteDecision d = router->route(static_cast<std::uint32_t>(i), cand, view, t);
        if (placement.isStatic && q.adapter != kNoAdapter)
            d.flags |= kRoutePinned;
        if (d.replica == kNoReplica) {
            result.requests[i].rejected = RejectReason::Shed;
            ++result.routerDropped;
        } else {
            result.replicaOf[i] = d.replica;
            replicas[d.replica]->sim().arrive(static_cast<std::uint32_t>(i));
            ++outstanding[d.replica];
            ++result.replicas[d.replica].routed;
        }
        if (options.recordDecisions)
            result.decisions[i] = d;
        if ((i & 4095) == 0)
            progress.update(n ? 0.9 * static_cast<double>(i) / static_cast<double>(n) : 0.0);
    }
    pool.run(replicas.size(), [&](std::size_t r) { replicas[r]->sim().finish(); });
    mapBehindToTraceIds(result.requests, trace);
    progress.update(0.95);

    // Summaries: the whole fleet, each replica, each adapter.
    std::vector<AdapterSummary> perAdapter;
    summarizeRecords(result.requests, trace.adapters.size(), options.clock, result.summary, &perAdapter);
    SimulationSummary& total = result.summary;
    total.kvCapacity = 0;
    for (std::size_t r = 0; r < replicas.size(); ++r) {
        const SimulationSummary& c = replicas[r]->sim().counters();
        total.steps += c.steps;
        total.prefillSteps += c.prefillSteps;
        total.decodeSteps += c.decodeSteps;
        total.mixedSteps += c.mixedSteps;
        total.adapterLoads += c.adapterLoads;
        total.adapterUnloads += c.adapterUnloads;
        total.adapterDiskLoads += c.adapterDiskLoads;
        total.preemptions += c.preemptions;
        total.peakKvNeed = std::max(total.peakKvNeed, c.peakKvNeed);
        total.peakKvUsed = std::max(total.peakKvUsed, c.peakKvUsed);
        total.kvCapacity += c.kvCapacity;
    }
    pool.run(replicas.size(), [&](std::size_t r) {
        ReplicaReport& rep = result.replicas[r];
        std::vector<RequestRecord> mine;
        mine.reserve(replicas[r]->sim().given().size());
        std::vector<std::uint8_t> seen(trace.adapters.size(), 0);
        for (std::uint32_t i : replicas[r]->sim().given()) {
            mine.push_back(result.requests[i]);
            if (trace.requests[i].adapter != kNoAdapter)
                seen[trace.requests[i].adapter] = 1;
        }
        summarizeRecords(mine, trace.adapters.size(), options.clock, rep.summary, nullptr);
        copyCounters(replicas[r]->sim().counters(), rep.summary);
        for (std::uint8_t s : seen)
            rep.adaptersRouted += s;
        for (std::uint32_t l : replicas[r]->loadsByAdapter())
            rep.adaptersLoaded += l > 0 ? 1 : 0;
        rep.busySeconds = replicas[r]->busy();
    });
    std::vector<std::vector<std::uint8_t>> routedTo(trace.adapters.size());
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t a = trace.requests[i].adapter;
        if (a == kNoAdapter || result.replicaOf[i] == kNoReplica)
            continue;
        auto& v = routedTo[a];
        if (v.empty())
            v.assign(replicas.size(), 0);
        v[result.replicaOf[i]] = 1;
    }
    for (AdapterSummary& per : perAdapter) {
        FleetAdapterReport rep;
        if (per.adapter != kNoAdapter) {
            per.name = trace.adapters[per.adapter].name;
            per.rank = ranks[per.adapter];
            for (std::uint8_t s : routedTo[per.adapter])
                rep.replicasRouted += s;
            for (const auto& r : replicas)
                rep.loads += r->loadsByAdapter()[per.adapter];
            if (placement.isStatic)
                rep.placedOn = placement.replicasOf[per.adapter];
        }
        rep.summary = std::move(per);
        result.perAdapter.push_back(std::move(rep));
    }
    if (options.recordSeries)
        result.series = seriesRecorder.finish(replicas, trace, result.perAdapter);
    progress.update(1.0);
    return result;
}

} // namespace lorascope
