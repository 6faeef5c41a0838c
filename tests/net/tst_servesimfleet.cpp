// SPDX-License-Identifier: Apache-2.0
// serve-sim as a fleet behind its built-in router agrees with the fleet preview (docs/fleet.md,
// serve-sim as a fleet): a trace replayed against `serve-sim --replicas 3 --router R` gives,
// request by request, the TTFT and E2E latency that `fleet` predicts for the same replicas and
// router, within 2 % + 20 ms, and each replica's /metrics?replica=K counts the requests the preview
// routed to it. Routers: round-robin, and GIE's LoRA-affinity filter tree with perfect information
// (staleness 0), which reads what each replica published by each arrival; and a heterogeneous fleet
// file (`serve-sim --fleet`: two groups with their own limits and cost models, static placement from a
// placement file and the load balancer) read by the one reader both use (core/fleet/fleetconfig.h,
// core/server/serverfleet.h). Real time at speed 1, as tests/net/tst_servesimagreement.cpp (whose way
// with real-time jitter this follows).

#include "admission/engine.h"
#include "fleet/fleet.h"
#include "replay/replay.h"
#include "server/serverfleet.h"
#include "server/simserver.h"
#include "util/error.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include "rawhttp.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <optional>
#include <fstream>
#include <sstream>

using namespace lorascope;

namespace {

constexpr int kReplicas = 3;

// S4's adapter names (ranks 64/32/16 in them), 12 adapters over three replicas of vLLM with two
// adapters a step: busy enough that requests queue and adapters compete for the slots.
Trace busyTrace(std::uint64_t seed)
{
    WorkloadSpec spec = specForPreset("S4");
    spec.adapterCount = 12;
    spec.rate = 14;
    spec.duration = 3;
    spec.seed = seed;
    spec.input.lo = 8;
    spec.input.hi = 400;
    spec.output.lo = 8;
    spec.output.hi = 120;
    return generate(spec);
}

// The 13b A100 preset at half the GPU's speed (as the single-server agreement test): passes of ~35 ms.
CostModel slowerGpu()
{
    CostModel c = *findCostModel("llama-13b-a100-80g");
    for (double* v : { &c.prefillBase, &c.prefillPerRequest, &c.prefillPerToken, &c.prefillPerTokenRank, &c.decodeBase,
             &c.decodePerRequest, &c.decodePerContextToken, &c.decodePerTokenRank, &c.perAdapterRank, &c.loadBase,
             &c.loadPerRank })
        *v *= 2;
    c.name = "llama-13b-a100-80g at half speed";
    return c;
}

SchedulerConfig vllmServer()
{
    SchedulerConfig s;
    s.policy = PolicyKind::Vllm;
    s.vllm.maxLoras = 2;
    s.vllm.maxLoraRank = 64; // S4's ranks
    s.vllm.maxModelLen = 520; // prompts < 400, outputs < 120
    s.vllm.maxNumBatchedTokens = 512;
    s.vllm.numGpuBlocks = 160;
    return s;
}

FleetConfig fleetOf(RouterKind router)
{
    FleetConfig f = uniformFleet(kReplicas, vllmServer(), "slower", router);
    f.groups[0].costValue = slowerGpu();
    f.stalenessMs = 0;
    f.router.seed = 1;
    return f;
}

// A heterogeneous fleet file in `dir`: two "big" replicas (the vLLM server above, the slower GPU) and
// one "small" one (one adapter a step, a smaller KV cache, a GPU a third slower still); static
// placement, two copies of each adapter by expected load, `pinned` on replica 2 from a placement file.
std::string writeHeterogeneousFleet(const QString& dir, const std::string& pinned, RouterKind router)
{
    const std::string d = dir.toStdString();
    CostModel slower = slowerGpu();
    slower.hasParameters = false; // (the coefficients were scaled: the parameters no longer give them)
    CostModel slowest = slower;
    for (double* v : { &slowest.prefillBase, &slowest.prefillPerToken, &slowest.decodeBase,
             &slowest.decodePerContextToken, &slowest.loadBase })
        *v *= 1.3;
    slowest.name = "slowest";
    saveCostModel(slower, d + "/slower.json");
    saveCostModel(slowest, d + "/slowest.json");
    std::ofstream(d + "/placement.json") << "{\"" << pinned << "\": [2]}";
    std::ofstream(d + "/fleet.json")
        << R"({ "version": 1, "replicas": [
  { "name": "big", "count": 2, "cost_model": ")"
        << d << R"(/slower.json", "server": { "policy": "vllm", "vllm": { "max_loras": 2, "max_lora_rank": 64,
      "max_model_len": 520, "max_num_batched_tokens": 512, "num_gpu_blocks": 160 } } },
  { "name": "small", "count": 1, "cost_model": ")"
        << d << R"(/slowest.json", "server": { "policy": "vllm", "vllm": { "max_loras": 1, "max_lora_rank": 64,
      "max_model_len": 520, "max_num_batched_tokens": 512, "num_gpu_blocks": 120 } } } ],
  "router": { "name": ")"
        << routerName(router) << R"(", "seed": 1 }, "metrics_staleness_ms": 0,
  "placement": { "kind": "static", "replicas_per_adapter": 2, "balancer": "load", "file": "placement.json" } })";
    return d + "/fleet.json";
}

// Every instant at which a replica's published state changes or a pass starts: the preview knows on
// which side of it an arrival falls, a real-time server within its send lateness does not. Each
// replica of a fleet runs exactly simulate() on the requests routed to it, so its passes are those.
std::vector<double> passBoundaries(
    const Trace& trace, const FleetResult& fleet, const std::vector<ServerReplica>& servers)
{
    std::vector<double> out;
    for (int r = 0; r < kReplicas; ++r) {
        Trace mine;
        mine.adapters = trace.adapters;
        mine.baseModel = trace.baseModel;
        for (std::size_t i = 0; i < trace.requests.size(); ++i)
            if (fleet.replicaOf[i] == std::uint32_t(r))
                mine.requests.push_back(trace.requests[i]);
        SimulationConfig c;
        c.scheduler = servers[std::size_t(r)].scheduler;
        c.cost = servers[std::size_t(r)].cost;
        c.clock = ClockKind::Model;
        for (const StepRecord& st : simulate(mine, c).timeline) {
            out.push_back(st.start);
            out.push_back(st.end);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

constexpr double kBoundaryMargin = 0.008; // model seconds (= real seconds at speed 1)
// Arrivals closer than this may reach the server in either order (the replay sends them from several
// connections), and a router decides in the order it sees them: keep them this far apart.
constexpr double kArrivalGap = 0.004;

// From request `from` on, each arrival at least kArrivalGap after the one before.
void spaceArrivals(Trace& trace, std::size_t from)
{
    for (std::size_t k = std::max<std::size_t>(from, 1); k < trace.requests.size(); ++k)
        trace.requests[k].time = std::max(trace.requests[k].time, trace.requests[k - 1].time + kArrivalGap);
}

// Spaces the arrivals, then moves those that fall within the margin of a pass boundary (of any
// replica) a little later and previews again, in time order, until none does.
FleetResult previewClearOfBoundaries(
    Trace& trace, const FleetConfig& fleet, const std::vector<ServerReplica>& servers, int& moved)
{
    FleetOptions o;
    o.clock = ClockKind::Model;
    o.threads = 1;
    moved = 0;
    spaceArrivals(trace, 0);
    FleetResult preview = simulateFleet(trace, fleet, o);
    std::vector<double> bounds = passBoundaries(trace, preview, servers);
    for (std::size_t i = 0; i < trace.requests.size(); ++i) {
        for (int attempt = 0; attempt < 50; ++attempt) {
            const double t = trace.requests[i].time;
            std::optional<double> clash;
            for (double b : bounds)
                if (b != t && std::abs(t - b) < kBoundaryMargin) { // (a pass started by this arrival moves along)
                    clash = b;
                    break;
                }
            if (!clash)
                break;
            trace.requests[i].time = *clash + 1.5 * kBoundaryMargin;
            spaceArrivals(trace, i + 1); // keep the order and the gaps
            ++moved;
            preview = simulateFleet(trace, fleet, o);
            bounds = passBoundaries(trace, preview, servers);
        }
    }
    return preview;
}

struct Agreement {
    std::size_t requests = 0, within = 0;
    double worstTtft = 0, worstE2e = 0;
    std::string firstMiss;
};

Agreement compare(const FleetResult& preview, const ReplayResult& replay)
{
    Agreement a;
    for (const auto& r : replay.records) {
        const RequestRecord& p = preview.requests[r.index];
        ++a.requests;
        if (r.outcome != Outcome::Completed || std::isnan(p.firstToken) || r.tokenTimes.empty()) {
            if (a.firstMiss.empty())
                a.firstMiss = "request " + std::to_string(r.index) + ": " + outcomeName(r.outcome) + " " + r.error;
            continue;
        }
        const double ttft = r.ttft(), e2e = r.e2el();
        const double pTtft = p.firstToken - p.arrival, pE2e = p.finished - p.arrival;
        const double dT = std::abs(ttft - pTtft), dE = std::abs(e2e - pE2e);
        a.worstTtft = std::max(a.worstTtft, dT);
        a.worstE2e = std::max(a.worstE2e, dE);
        if (dT <= 0.02 * pTtft + 0.020 && dE <= 0.02 * pE2e + 0.020)
            ++a.within;
        else if (a.firstMiss.empty())
            a.firstMiss = "request " + std::to_string(r.index) + " (preview: replica "
                + std::to_string(preview.replicaOf[r.index]) + "): TTFT " + std::to_string(ttft) + " s vs preview "
                + std::to_string(pTtft) + " s, E2E " + std::to_string(e2e) + " s vs " + std::to_string(pE2e) + " s";
    }
    return a;
}

// Requests a replica finished, from its own /metrics page (vLLM's request_success_total).
double finishedOn(std::uint16_t port, int replica)
{
    const std::string req
        = "GET /metrics?replica=" + std::to_string(replica) + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    const std::string page = test::rawExchange(port, req, 0, {}, 5).response;
    std::istringstream in(page);
    std::string line;
    double n = 0;
    while (std::getline(in, line))
        if (line.rfind("vllm:request_success_total{", 0) == 0)
            n += std::stod(line.substr(line.rfind(' ') + 1));
    return n;
}

} // namespace

class TestServeSimFleet : public QObject {
    Q_OBJECT
private slots:
    void replayMatchesFleetPreview_data()
    {
        QTest::addColumn<QString>("router");
        QTest::addColumn<bool>("fleetFile");
        QTest::newRow("round-robin") << "round-robin" << false;
        QTest::newRow("gie-lora-filter, staleness 0") << "gie-lora-filter" << false;
        QTest::newRow("fleet file: two groups, static placement, aibrix-lora") << "aibrix-lora" << true;
    }

    void replayMatchesFleetPreview()
    {
        QFETCH(QString, router);
        QFETCH(bool, fleetFile);
        const RouterKind kind = *routerFromName(router.toStdString());
        Trace trace = busyTrace(5);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // The server's options come from the fleet file through serve-sim's own conversion.
        SimServerOptions so;
        so.speed = 1.0;
        so.baseModel = trace.baseModel.empty() ? "base" : trace.baseModel;
        for (const auto& a : trace.adapters)
            so.adapterRanks[a.name] = a.rank;
        FleetConfig fleet;
        if (fleetFile) {
            try {
                fleet = readFleetFile(writeHeterogeneousFleet(dir.path(), trace.adapters[0].name, kind));
                applyFleetConfig(fleet, trace, so);
            } catch (const InputError& e) {
                QFAIL(e.what());
            }
            QCOMPARE(so.fleet.replicas, kReplicas);
            QCOMPARE(so.fleet.replicaServers[2].scheduler.vllm.maxLoras, std::int64_t(1));
            QCOMPARE(so.fleet.placement.at(trace.adapters[0].name), std::vector<std::uint32_t> { 2 });
            QCOMPARE(so.fleet.placement.size(), trace.adapters.size());
        } else {
            fleet = fleetOf(kind);
            so.scheduler = vllmServer();
            so.cost = slowerGpu();
            for (const auto& a : trace.adapters)
                so.loraModules.emplace_back(a.name, a.name); // known at start, in the trace's order
            so.fleet.replicas = kReplicas;
            so.fleet.router = fleet.router;
            so.fleet.stalenessMs = fleet.stalenessMs;
            for (int r = 0; r < kReplicas; ++r)
                so.fleet.replicaServers.push_back(ServerReplica { {}, so.scheduler, so.cost });
        }
        const std::vector<ServerReplica> servers = so.fleet.replicaServers;
        if (!fleetFile)
            so.fleet.replicaServers.clear(); // (the uniform fleet: every replica the server's own)
        int moved = 0;
        const FleetResult preview = previewClearOfBoundaries(trace, fleet, servers, moved);
        QVERIFY(trace.requests.size() >= 30);
        QVERIFY2(preview.summary.wait.mean > 0.02, "the trace must make requests queue, or the test shows little");
        if (kind == RouterKind::GieLoraFilter) {
            // The router's choices depend on what the replicas published: adapters found running or
            // waiting somewhere, and a replica chosen that round-robin would not have chosen.
            std::size_t affinity = 0, notInTurn = 0;
            for (std::size_t i = 0; i < preview.decisions.size(); ++i) {
                affinity += preview.decisions[i].rule == RouteRule::GieAffinity;
                notInTurn += preview.replicaOf[i] != i % kReplicas;
            }
            QVERIFY2(affinity >= 5, "some requests must go where their adapter is");
            QVERIFY(notInTurn >= 5);
        }
        if (fleetFile) {
            // Every request went to a replica holding its adapter, and the groups differ in speed.
            for (std::size_t i = 0; i < trace.requests.size(); ++i) {
                if (trace.requests[i].adapter == kNoAdapter)
                    continue;
                const auto& on = so.fleet.placement.at(trace.adapters[trace.requests[i].adapter].name);
                QVERIFY(std::find(on.begin(), on.end(), preview.replicaOf[i]) != on.end());
            }
            QVERIFY(preview.replicas[2].routed > 0);
            QCOMPARE(preview.replicas[2].name, std::string("small-0"));
        }

        std::string misses;
        bool agreed = false;
        for (int run = 1; run <= 3 && !agreed; ++run) {
            SimServer server(so);
            server.start();
            const std::string health = "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
            QCOMPARE(test::statusOf(test::rawExchange(server.port(), health, 0, {}, 5).response), 200);
            ReplayOptions ro;
            ro.target = "http://127.0.0.1:" + std::to_string(server.port());
            ro.backend = Backend::SLora;
            ro.baseModel = so.baseModel;
            const ReplayResult replay = runReplay(trace, ro);
            std::vector<double> finished;
            for (int r = 0; r < kReplicas; ++r)
                finished.push_back(finishedOn(server.port(), r));
            server.stop();
            const Agreement a = compare(preview, replay);
            double lateness = 0;
            for (const auto& r : replay.records)
                lateness = std::max(lateness, r.lateness());
            std::string split;
            bool splitAgrees = true;
            for (int r = 0; r < kReplicas; ++r) {
                split += (r ? ", " : "") + std::to_string(int(finished[std::size_t(r)])) + "/"
                    + std::to_string(preview.replicas[std::size_t(r)].routed);
                splitAgrees
                    = splitAgrees && finished[std::size_t(r)] == double(preview.replicas[std::size_t(r)].routed);
            }
            qInfo(
                "%s, run %d: %zu/%zu requests within 2 %% + 20 ms; worst |dTTFT| %.1f ms, |dE2E| %.1f ms; requests per "
                "replica (server/preview) %s; %d arrival(s) moved off pass boundaries; max send lateness %.2f ms",
                QTest::currentDataTag(), run, a.within, a.requests, a.worstTtft * 1e3, a.worstE2e * 1e3, split.c_str(),
                moved, lateness * 1e3);
            agreed = a.within == a.requests && a.requests == trace.requests.size() && splitAgrees;
            if (!agreed)
                misses += "run " + std::to_string(run) + ": "
                    + (a.firstMiss.empty() ? "per replica " + split : a.firstMiss) + "; ";
        }
        QVERIFY2(agreed, misses.c_str());
    }

    // /metrics?replica=K is replica K's page; a replica that does not exist is a 404 naming the range.
    void replicaMetricsPages()
    {
        SimServerOptions so;
        so.scheduler = vllmServer();
        so.cost = slowerGpu();
        so.fleet.replicas = 2;
        SimServer server(so);
        server.start();
        auto get = [&](const std::string& target) {
            return test::rawExchange(
                server.port(), "GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 0, {}, 5)
                .response;
        };
        const std::string one = get("/metrics?replica=1");
        QCOMPARE(test::statusOf(one), 200);
        QVERIFY(one.find("vllm:num_requests_running") != std::string::npos);
        QVERIFY(one.find("max_lora=\"2\"") != std::string::npos
            || one.find("vllm:lora_requests_info") != std::string::npos);
        const std::string none = get("/metrics?replica=2");
        QCOMPARE(test::statusOf(none), 404);
        QVERIFY(none.find("K from 0 to 1") != std::string::npos);
        QCOMPARE(test::statusOf(get("/metrics")), 200);
        server.stop();
    }

    // A fleet cannot run without the engine, and the options are checked with the flag's name.
    void badOptions()
    {
        SimServerOptions so;
        so.fleet.replicas = 0;
        try {
            validateSimServerOptions(so);
            QFAIL("replicas 0 accepted");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("--replicas") != std::string::npos);
        }
        so.fleet.replicas = 2;
        so.tokenSeconds = 0.01;
        QVERIFY_THROWS_EXCEPTION(InputError, validateSimServerOptions(so));
    }
};

QTEST_GUILESS_MAIN(TestServeSimFleet)
#include "tst_servesimfleet.moc"
