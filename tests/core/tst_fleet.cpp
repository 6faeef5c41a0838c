// SPDX-License-Identifier: Apache-2.0
// The fleet preview (core/fleet): a fleet of one is simulate(); the routers' rules on hand-made
// replica states; the fleet file's errors; placement; stale metrics; threads change nothing.

#include "admission/engine.h"
#include "admission_helpers.h"
#include "fleet/fleet.h"
#include "fleet/placement.h"
#include "fleet/prefixrouter.h"
#include "util/error.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <nlohmann/json.hpp>

#include <set>

#include <QTest>

#include <cmath>
#include <fstream>
#include <set>

using namespace lorascope;
using namespace lorascope::test;

namespace {

Trace generatedTrace(double rate, double duration, std::uint64_t seed, std::uint32_t adapters = 12)
{
    WorkloadSpec spec = specForPreset("S4");
    spec.adapterCount = adapters;
    spec.rate = rate;
    spec.duration = duration;
    spec.seed = seed;
    return generate(spec);
}

bool same(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

bool sameRecord(const RequestRecord& a, const RequestRecord& b)
{
    return a.id == b.id && same(a.arrival, b.arrival) && same(a.admitted, b.admitted)
        && same(a.firstToken, b.firstToken) && same(a.finished, b.finished) && same(a.droppedAt, b.droppedAt)
        && a.adapter == b.adapter && a.rejected == b.rejected && a.dropped == b.dropped && a.wait == b.wait
        && a.admissionNumber == b.admissionNumber && a.preemptions == b.preemptions && a.adapterLoad == b.adapterLoad
        && a.adapterLoadSeconds == b.adapterLoadSeconds;
}

/// A hand-made view of the replicas for the routers' rules.
struct MockView final : FleetView {
    struct R {
        std::uint32_t running = 0, waiting = 0, outstanding = 0;
        double kv = 0;
        std::set<std::uint32_t> active, waitingAdapters;
        std::int64_t maxLora = 4;
    };
    std::vector<R> r;
    std::uint32_t running(int i) const override { return r[i].running; }
    std::uint32_t waiting(int i) const override { return r[i].waiting; }
    double kvUsage(int i) const override { return r[i].kv; }
    bool hasActive(int i, std::uint32_t a) const override { return r[i].active.count(a) > 0; }
    bool hasWaiting(int i, std::uint32_t a) const override { return r[i].waitingAdapters.count(a) > 0; }
    std::size_t activeCount(int i) const override { return r[i].active.size(); }
    std::size_t waitingAdapterCount(int i) const override { return r[i].waitingAdapters.size(); }
    std::int64_t maxLora(int i) const override { return r[i].maxLora; }
    std::uint32_t outstanding(int i) const override { return r[i].outstanding; }
};

std::vector<std::uint32_t> allOf(std::size_t n)
{
    std::vector<std::uint32_t> v(n);
    for (std::size_t i = 0; i < n; ++i)
        v[i] = static_cast<std::uint32_t>(i);
    return v;
}

/// A trace of one request per adapter index given (times 0, 1, 2, ...), 4 adapters "ad-0".."ad-3".
Trace adapterTrace(const std::vector<std::uint32_t>& adapters)
{
    Trace t;
    for (int i = 0; i < 4; ++i)
        t.adapters.push_back({ "ad-" + std::to_string(i), 8 });
    double time = 0;
    for (std::uint32_t a : adapters)
        t.requests.push_back({ time++, a, 100, 10 });
    return t;
}

FleetConfig fleetFromText(const std::string& text)
{
    return readFleetConfig(nlohmann::json::parse(text), "fleet.json");
}

QString errorOf(const std::string& text)
{
    try {
        fleetFromText(text);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestFleet : public QObject {
    Q_OBJECT
private slots:
    void fleetOfOneIsSimulate_data();
    void fleetOfOneIsSimulate();
    void threadsChangeNothing();
    void everyRequestOnce();
    void fleetFileErrors();
    void fleetFileRoundTrip();
    void placementBalancers();
    void placementUnknownAdapter();
    void roundRobinInTurn();
    void sessionAffinityFollowsSessions();
    void leastOutstandingTies();
    void gieFilterAffinityProbability();
    void gieFilterRoomAndFallthrough();
    void gieFilterQueueBand();
    void gieScorerTiers();
    void gieShedsWhenSaturated();
    void hrwStableAndBalanced();
    void prefixIndexMatchesAndEvicts();
    void decisionExplained();
    void staleMetricsCost();
    void stepClockFleet();
};

void TestFleet::fleetOfOneIsSimulate_data()
{
    QTest::addColumn<int>("policy");
    QTest::addColumn<int>("clock");
    QTest::addColumn<int>("router");
    QTest::addColumn<double>("stalenessMs");
    for (RouterKind router : allRouters()) {
        const QByteArray name = QByteArray::fromStdString(routerName(router));
        QTest::newRow(("slora model " + name).constData())
            << int(PolicyKind::SLora) << int(ClockKind::Model) << int(router) << 50.0;
        QTest::newRow(("vllm model fresh " + name).constData())
            << int(PolicyKind::Vllm) << int(ClockKind::Model) << int(router) << 0.0;
    }
    QTest::newRow("slora-abort steps") << int(PolicyKind::SLoraAbort) << int(ClockKind::Steps)
                                       << int(RouterKind::GieLoraFilter) << 0.0;
    QTest::newRow("vllm steps") << int(PolicyKind::Vllm) << int(ClockKind::Steps) << int(RouterKind::LeastOutstanding)
                                << 0.0;
}

void TestFleet::fleetOfOneIsSimulate()
{
    QFETCH(int, policy);
    QFETCH(int, clock);
    QFETCH(int, router);
    QFETCH(double, stalenessMs);
    const bool steps = clock == int(ClockKind::Steps);
    const Trace t = generatedTrace(steps ? 0.3 : 9, steps ? 300 : 40, 7);
    SimulationConfig sc;
    sc.scheduler = sloraConfig(steps ? 8000 : 20000);
    sc.scheduler.policy = PolicyKind(policy);
    sc.scheduler.vllm.maxLoras = 2;
    sc.scheduler.vllm.maxLoraRank = 64;
    sc.clock = ClockKind(clock);
    sc.cost = loadCostModel("llama-13b-a100-80g");
    const SimulationResult single = simulate(t, sc);

    FleetConfig f = uniformFleet(1, sc.scheduler, "llama-13b-a100-80g", RouterKind(router));
    f.stalenessMs = stalenessMs;
    FleetOptions o;
    o.clock = sc.clock;
    const FleetResult fleet = simulateFleet(t, f, o);
    QCOMPARE(fleet.requests.size(), single.requests.size());
    for (std::size_t i = 0; i < single.requests.size(); ++i)
        if (!sameRecord(fleet.requests[i], single.requests[i]))
            QFAIL(qPrintable(QStringLiteral("request %1 differs").arg(i)));
    QCOMPARE(fleet.summary.steps, single.summary.steps);
    QCOMPARE(fleet.summary.adapterLoads, single.summary.adapterLoads);
    QCOMPARE(fleet.summary.preemptions, single.summary.preemptions);
    QCOMPARE(fleet.summary.peakKvNeed, single.summary.peakKvNeed);
    QCOMPARE(fleet.summary.kvCapacity, single.summary.kvCapacity);
    QCOMPARE(fleet.summary.finished, single.summary.finished);
    QVERIFY(same(fleet.summary.ttft.p99, single.summary.ttft.p99));
    QCOMPARE(fleet.replicas.size(), std::size_t(1));
    QCOMPARE(fleet.replicas[0].routed, std::uint64_t(t.requests.size()));
    QVERIFY(single.summary.requests > 50 && single.summary.finished > 0);
}

void TestFleet::threadsChangeNothing()
{
    const Trace t = generatedTrace(30, 30, 3, 40);
    for (RouterKind router :
        { RouterKind::GieLoraFilter, RouterKind::LeastOutstanding, RouterKind::Random, RouterKind::PrefixAware }) {
        FleetConfig f = uniformFleet(6, sloraConfig(20000), "llama-7b-a10g", router);
        FleetOptions one, two;
        one.threads = 1;
        two.threads = 2;
        const FleetResult a = simulateFleet(t, f, one);
        const FleetResult b = simulateFleet(t, f, two);
        QCOMPARE(a.replicaOf, b.replicaOf);
        for (std::size_t i = 0; i < a.requests.size(); ++i)
            QVERIFY(sameRecord(a.requests[i], b.requests[i]));
        // routing alone does not depend on whether decisions are explained
        FleetOptions quiet = two;
        quiet.recordDecisions = false;
        QCOMPARE(simulateFleet(t, f, quiet).replicaOf, a.replicaOf);
    }
}

void TestFleet::everyRequestOnce()
{
    // Every request goes to exactly one replica and ends in exactly one state; per-replica counts add up.
    const Trace t = generatedTrace(40, 30, 9, 30);
    for (RouterKind router : allRouters()) {
        FleetConfig f = uniformFleet(5, sloraConfig(12000), "llama-7b-a10g", router);
        f.groups[0].server.policy = PolicyKind::Vllm;
        f.groups[0].server.vllm.maxLoras = 2;
        f.groups[0].server.vllm.maxLoraRank = 64;
        const FleetResult r = simulateFleet(t, f);
        std::uint64_t routed = 0;
        for (const ReplicaReport& rep : r.replicas) {
            routed += rep.routed;
            QCOMPARE(rep.summary.requests, rep.routed);
        }
        QCOMPARE(routed, std::uint64_t(t.requests.size()));
        QCOMPARE(r.summary.finished + r.summary.rejected + r.summary.dropped + r.summary.neverAdmitted,
            std::uint64_t(t.requests.size()));
        for (std::size_t i = 0; i < t.requests.size(); ++i) {
            QVERIFY(r.replicaOf[i] < 5);
            QCOMPARE(r.decisions[i].replica, r.replicaOf[i]);
            QVERIFY(!describeDecision(r.decisions[i], t, std::uint32_t(i)).empty());
        }
    }
}

void TestFleet::fleetFileErrors()
{
    QVERIFY(errorOf(R"({"replicas": 4, "router": "fastest"})").contains("router: unknown router \"fastest\""));
    QVERIFY(errorOf(R"({"replicas": 4, "router": {"name": "fastest"}})").contains("router.name: unknown router"));
    QVERIFY(errorOf(R"({"replicas": 0})").contains("replicas: a fleet needs at least one replica"));
    QVERIFY(errorOf(R"({"replicas": []})").contains("replicas: a fleet needs at least one replica"));
    QVERIFY(errorOf(R"({"replicas": [{"count": 0}]})").contains("replicas: a fleet needs at least one replica"));
    QVERIFY(errorOf(R"({"router": "hrw"})").contains("replicas: missing"));
    QVERIFY(errorOf(R"({"replicas": 2, "routr": "hrw"})").contains("routr: unknown field"));
    QVERIFY(errorOf(R"({"replicas": 2, "server": {"policy": "tgi"}})").contains("server.policy: unknown policy"));
    QVERIFY(errorOf(R"({"replicas": 2, "metrics_staleness_ms": -1})").contains("metrics_staleness_ms"));
    QVERIFY(errorOf(R"({"replicas": 2, "placement": {"kind": "static", "replicas_per_adapter": 3}})")
                .contains("placement.replicas_per_adapter"));
    QVERIFY(errorOf(R"({"replicas": 2, "placement": {"kind": "static", "pinned": {"ad-0": [5]}}})")
                .contains("placement.pinned.ad-0: replica 5"));
    QVERIFY(errorOf(R"({"replicas": 2, "placement": "everywhere"})")
                .contains("placement: expected \"dynamic\" or \"static\""));
    QVERIFY(errorOf(R"({"replicas": 2, "server": {"policy": "vllm", "vllm": {"max_loras": 0}}})")
                .contains("server: vllm server"));
    // the field is also carried for programs
    try {
        fleetFromText(R"({"replicas": 2, "router": {"name": "nope"}})");
        QFAIL("no error");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("router.name"));
        QCOMPARE(QString::fromStdString(e.file()), QStringLiteral("fleet.json"));
    }
}

void TestFleet::fleetFileRoundTrip()
{
    const FleetConfig f = fleetFromText(R"({"replicas": [{"name": "a100", "count": 2, "gpus_per_replica": 2,
        "server": {"policy": "vllm", "vllm": {"max_loras": 4}}, "cost_model": "llama-13b-a100-80g"},
        {"name": "a10g", "count": 3}], "router": {"name": "gie-lora-filter", "seed": 9, "sheddable": true},
        "metrics_staleness_ms": 100, "placement": {"kind": "static", "replicas_per_adapter": 2, "pinned": {"ad-1": [0, 4]}}})");
    QCOMPARE(f.replicaCount(), 5);
    QCOMPARE(f.gpuCount(), 7);
    QCOMPARE(f.groups[0].server.vllm.maxLoras, std::int64_t(4));
    QVERIFY(f.router.sheddable);
    nlohmann::ordered_json j;
    fleetConfigToJson(f, j);
    const FleetConfig back = readFleetConfig(nlohmann::json::parse(j.dump()), "again.json");
    QCOMPARE(back.replicaCount(), 5);
    QVERIFY(back.router == f.router);
    QVERIFY(back.placement == f.placement);
    QCOMPARE(back.stalenessMs, 100.0);
    QVERIFY(back.groups[0].server == f.groups[0].server);
    QCOMPARE(back.groups[1].costModel, f.groups[1].costModel);
}

void TestFleet::placementBalancers()
{
    // Loads 400 (ad-0), 300, 200, 100 tokens: greedy by load on 2 replicas, one copy each:
    // ad-0 → 0, ad-1 → 1, ad-2 → 1 (300 < 400), ad-3 → 0 (400 < 500).
    Trace t;
    for (int i = 0; i < 4; ++i)
        t.adapters.push_back({ "ad-" + std::to_string(i), 8 });
    for (int a = 0; a < 4; ++a)
        for (int k = 0; k < 4 - a; ++k)
            t.requests.push_back({ double(t.requests.size()), std::uint32_t(a), 90, 10 });
    FleetConfig f = uniformFleet(2, sloraConfig(), "llama-7b-a10g", RouterKind::RoundRobin);
    f.placement.kind = PlacementConfig::Kind::Static;
    AdapterPlacement p = placeAdapters(f, t);
    QVERIFY(p.isStatic);
    QCOMPARE(p.replicasOf[0], std::vector<std::uint32_t>({ 0 }));
    QCOMPARE(p.replicasOf[1], std::vector<std::uint32_t>({ 1 }));
    QCOMPARE(p.replicasOf[2], std::vector<std::uint32_t>({ 1 }));
    QCOMPARE(p.replicasOf[3], std::vector<std::uint32_t>({ 0 }));
    // AIBrix's least-adapters: in adapter order, the replica with the fewest adapters (first on ties).
    f.placement.balancer = PlacementConfig::Balancer::LeastAdapters;
    p = placeAdapters(f, t);
    QCOMPARE(p.replicasOf[0], std::vector<std::uint32_t>({ 0 }));
    QCOMPARE(p.replicasOf[1], std::vector<std::uint32_t>({ 1 }));
    QCOMPARE(p.replicasOf[2], std::vector<std::uint32_t>({ 0 }));
    // pinned adapters keep their list; k copies elsewhere
    f.placement.replicasPerAdapter = 2;
    f.placement.pinned["ad-3"] = { 1 };
    p = placeAdapters(f, t);
    QCOMPARE(p.replicasOf[3], std::vector<std::uint32_t>({ 1 }));
    QCOMPARE(p.replicasOf[0], std::vector<std::uint32_t>({ 0, 1 }));
    // every request of a pinned adapter goes to its replicas
    const FleetResult r = simulateFleet(t, f);
    for (std::size_t i = 0; i < t.requests.size(); ++i)
        if (t.requests[i].adapter == 3)
            QCOMPARE(r.replicaOf[i], 1u);
    QCOMPARE(r.perAdapter[3].placedOn, std::vector<std::uint32_t>({ 1 }));
}

void TestFleet::placementUnknownAdapter()
{
    const Trace t = adapterTrace({ 0, 1 });
    FleetConfig f = uniformFleet(2, sloraConfig(), "llama-7b-a10g", RouterKind::RoundRobin);
    f.source = "fleet.json";
    f.placement.kind = PlacementConfig::Kind::Static;
    f.placement.pinned["ad-9"] = { 0 };
    try {
        simulateFleet(t, f);
        QFAIL("no error");
    } catch (const InputError& e) {
        QVERIFY2(
            QString::fromStdString(e.what()).contains("placement.pinned.ad-9: no adapter named \"ad-9\" in the trace"),
            e.what());
        QCOMPARE(QString::fromStdString(e.file()), QStringLiteral("fleet.json"));
    }
}

void TestFleet::roundRobinInTurn()
{
    const Trace t = generatedTrace(20, 10, 2);
    const FleetResult r
        = simulateFleet(t, uniformFleet(3, sloraConfig(20000), "llama-7b-a10g", RouterKind::RoundRobin));
    for (std::size_t i = 0; i < t.requests.size(); ++i)
        QCOMPARE(r.replicaOf[i], std::uint32_t(i % 3));
}

void TestFleet::sessionAffinityFollowsSessions()
{
    // 12 sessions of 3 turns (requests 3s, 3s+1, 3s+2) and 4 requests outside any session, last.
    Trace t = adapterTrace(std::vector<std::uint32_t>(40, 0));
    t.sessions.assign(t.requests.size(), SessionTurn {});
    for (std::uint32_t i = 0; i < 36; ++i) {
        SessionTurn& s = t.sessions[i];
        s.session = i / 3;
        s.turn = i % 3 + 1;
        s.parent = i % 3 == 0 ? kNoParent : i - 1;
    }
    RouterConfig c;
    c.kind = RouterKind::SessionAffinity;
    auto router = makeRouter(c, t, 4, {});
    MockView v;
    v.r.resize(4);
    std::vector<std::uint32_t> replica(t.requests.size());
    std::set<std::uint32_t> firstReplicas;
    for (std::uint32_t i = 0; i < t.requests.size(); ++i) {
        const RouteDecision d = router->route(i, allOf(4), v, double(i));
        replica[i] = d.replica;
        const bool laterTurn = i < 36 && i % 3 != 0;
        QCOMPARE(d.rule, laterTurn ? RouteRule::SessionFollow : RouteRule::SessionFirst);
        if (laterTurn)
            QCOMPARE(replica[i], replica[i - 1]); // where its session's first turn went
        else if (i < 36)
            firstReplicas.insert(d.replica);
    }
    QVERIFY2(firstReplicas.size() > 1, "first turns are spread at random");
}

void TestFleet::leastOutstandingTies()
{
    const Trace t = adapterTrace({ 0 });
    RouterConfig c;
    c.kind = RouterKind::LeastOutstanding;
    auto router = makeRouter(c, t, 3, {});
    MockView v;
    v.r.resize(3);
    v.r[0].outstanding = 4;
    v.r[1].outstanding = 2;
    v.r[2].outstanding = 2;
    int counts[3] = { 0, 0, 0 };
    for (int k = 0; k < 2000; ++k) {
        const RouteDecision d = router->route(0, allOf(3), v, 0);
        ++counts[d.replica];
        QCOMPARE(d.ties, std::uint16_t(2));
        QCOMPARE(d.value, 2.0f);
    }
    QCOMPARE(counts[0], 0);
    // a fair coin over 2000 draws: 1000 ± 5 standard deviations (22.4)
    QVERIFY2(std::abs(counts[1] - 1000) < 112, qPrintable(QString::number(counts[1])));
}

void TestFleet::gieFilterAffinityProbability()
{
    // Replica 0 runs ad-1; replica 1 has room (1 of 4 slots used). GIE takes the affinity set with
    // probability 0.999: over 20,000 seeded draws the room set is chosen 20 times on average.
    const Trace t = adapterTrace({ 1 });
    RouterConfig c;
    c.kind = RouterKind::GieLoraFilter;
    c.seed = 5;
    auto router = makeRouter(c, t, 2, {});
    MockView v;
    v.r.resize(2);
    v.r[0].active = { 1 };
    v.r[0].waiting = 3;
    v.r[1].active = { 2 };
    int explored = 0;
    for (int k = 0; k < 20000; ++k) {
        const RouteDecision d = router->route(0, allOf(2), v, 0);
        if (d.replica == 1) {
            ++explored;
            QCOMPARE(d.rule, RouteRule::GieRoom);
            QVERIFY(d.flags & kRouteExplored);
        } else {
            QCOMPARE(d.rule, RouteRule::GieAffinity);
            QCOMPARE(d.detail, std::uint8_t(1));
        }
    }
    // Poisson(20): P(X < 5) and P(X > 40) are both below 1e-4.
    QVERIFY2(explored >= 5 && explored <= 40, qPrintable(QString::number(explored)));
    // threshold 1: never explores; threshold 0: always the room set
    c.loraAffinityThreshold = 1.0;
    router = makeRouter(c, t, 2, {});
    for (int k = 0; k < 1000; ++k)
        QCOMPARE(router->route(0, allOf(2), v, 0).replica, 0u);
    c.loraAffinityThreshold = 0.0;
    router = makeRouter(c, t, 2, {});
    for (int k = 0; k < 100; ++k)
        QCOMPARE(router->route(0, allOf(2), v, 0).replica, 1u);
}

void TestFleet::gieFilterRoomAndFallthrough()
{
    const Trace t = adapterTrace({ 3 });
    RouterConfig c;
    c.kind = RouterKind::GieLoraFilter;
    auto router = makeRouter(c, t, 3, {});
    MockView v;
    v.r.resize(3);
    // waiting adapters count toward the slots: replica 0 has 2 active + 2 waiting of max_lora 4
    v.r[0].active = { 0, 1 };
    v.r[0].waitingAdapters = { 2, 0 };
    v.r[1].active = { 0, 1, 2 };
    v.r[2].active = { 0 };
    v.r[2].waiting = 7;
    RouteDecision d = router->route(0, allOf(3), v, 0);
    // available: replicas 1 (3 < 4) and 2 (1 < 4); least queue band: 0 + (7 − 0) / 2 = 3 → replica 1
    QCOMPARE(d.rule, RouteRule::GieRoom);
    QCOMPARE(d.replica, 1u);
    // no replica has ad-3 or room: the filter leaves nothing, the queue and KV decide
    v.r[1].active = { 0, 1, 2, 4 };
    v.r[2].maxLora = 1;
    d = router->route(0, allOf(3), v, 0);
    QCOMPARE(d.rule, RouteRule::GieNoLora);
    QVERIFY(d.replica == 0 || d.replica == 1);
    // every replica above the low-queue threshold (128): least queue first, then LoRA
    for (auto& r : v.r)
        r.waiting = 200;
    v.r[2].waiting = 300;
    v.r[0].active = { 3 };
    d = router->route(0, allOf(3), v, 0);
    QVERIFY(d.flags & kRouteQueueFull);
    // band: 200 + (300 − 200) / 3 = 233 → replicas 0, 1; affinity: replica 0
    QCOMPARE(d.replica, 0u);
    QCOMPARE(d.rule, RouteRule::GieAffinity);
}

void TestFleet::gieFilterQueueBand()
{
    // GIE divides (max − min) by the number of pods with integer division: waiting 0, 5, 9 on 3
    // pods keeps waiting <= 0 + 9/3 = 3 → only replica 0; with 2, 5, 7 it keeps <= 2 + 1 = 3.
    const Trace t = adapterTrace({ 0 });
    RouterConfig c;
    c.kind = RouterKind::GieLoraFilter;
    auto router = makeRouter(c, t, 3, {});
    MockView v;
    v.r.resize(3);
    for (auto& r : v.r)
        r.maxLora = 0; // nobody has room: the LoRA filter falls through
    v.r[0].waiting = 0;
    v.r[1].waiting = 5;
    v.r[2].waiting = 9;
    QCOMPARE(router->route(0, allOf(3), v, 0).replica, 0u);
    v.r[0].waiting = 2;
    v.r[1].waiting = 3;
    v.r[2].waiting = 7;
    v.r[0].kv = 0.5;
    v.r[1].kv = 0.1;
    // band on queue keeps 0 and 1 (3 <= 2 + 5/3 = 3); KV band: 0.1 + 0.4/2 = 0.3 keeps replica 1
    QCOMPARE(router->route(0, allOf(3), v, 0).replica, 1u);
}

void TestFleet::gieScorerTiers()
{
    // One replica per tier: active (1.0), room (0.8), waiting (0.6), full (0); equal queues and KV.
    const Trace t = adapterTrace({ 2 });
    RouterConfig c;
    c.kind = RouterKind::GieLoraScorer;
    c.queueWeight = 0;
    c.kvWeight = 0;
    auto router = makeRouter(c, t, 4, {});
    MockView v;
    v.r.resize(4);
    for (auto& r : v.r)
        r.maxLora = 2;
    v.r[0].active = { 0, 1 };
    v.r[0].waitingAdapters = { 2 }; // waiting, and full: 0.6
    v.r[1].active = { 0, 1 }; // full: 0
    v.r[2].active = { 2, 0 }; // active: 1.0
    v.r[3].active = { 0 }; // room: 0.8
    RouteDecision d = router->route(0, allOf(4), v, 0);
    QCOMPARE(d.replica, 2u);
    QCOMPARE(d.detail, std::uint8_t(10));
    QCOMPARE(d.value, 1.0f);
    d = router->route(0, { 0, 1, 3 }, v, 0);
    QCOMPARE(d.replica, 3u);
    QCOMPARE(d.detail, std::uint8_t(8));
    d = router->route(0, { 0, 1 }, v, 0);
    QCOMPARE(d.replica, 0u);
    QCOMPARE(d.detail, std::uint8_t(6));
    // the queue scorer: (max − waiting) / (max − min) with weight 1 outweighs 0.2 of LoRA
    c.queueWeight = 1;
    router = makeRouter(c, t, 4, {});
    v.r[2].waiting = 10;
    QCOMPARE(router->route(0, { 2, 3 }, v, 0).replica, 3u); // 0.8 + 1 > 1.0 + 0
}

void TestFleet::gieShedsWhenSaturated()
{
    const Trace t = adapterTrace({ 0 });
    RouterConfig c;
    c.kind = RouterKind::GieLoraFilter;
    c.sheddable = true;
    auto router = makeRouter(c, t, 2, {});
    MockView v;
    v.r.resize(2);
    v.r[0].waiting = 6; // > 5
    v.r[1].kv = 0.81; // > 0.8
    QCOMPARE(router->route(0, allOf(2), v, 0).rule, RouteRule::GieShed);
    QCOMPARE(router->route(0, allOf(2), v, 0).replica, kNoReplica);
    v.r[1].kv = 0.8; // not above the threshold
    QCOMPARE(router->route(0, allOf(2), v, 0).replica, 1u);
}

void TestFleet::hrwStableAndBalanced()
{
    // 2,000 adapters on 10 replicas: each replica gets 200 ± 5 sd (13.4); with an 11th replica only
    // the adapters whose top weight is the new one move (about 1/11).
    int owner10[2000], owner11[2000];
    int counts[10] = {};
    for (int a = 0; a < 2000; ++a) {
        const std::string name = "ad-" + std::to_string(a);
        auto top = [&](int n) {
            int best = 0;
            for (int r = 1; r < n; ++r)
                if (rendezvousWeight(name, std::uint32_t(r)) > rendezvousWeight(name, std::uint32_t(best)))
                    best = r;
            return best;
        };
        owner10[a] = top(10);
        owner11[a] = top(11);
        ++counts[owner10[a]];
    }
    for (int c : counts)
        QVERIFY2(std::abs(c - 200) < 67, qPrintable(QString::number(c)));
    int moved = 0;
    for (int a = 0; a < 2000; ++a) {
        if (owner10[a] != owner11[a]) {
            ++moved;
            QCOMPARE(owner11[a], 10); // an adapter only ever moves to the new replica
        }
    }
    QVERIFY2(moved > 120 && moved < 250, qPrintable(QString::number(moved))); // 2000/11 = 182
    // the router: k = 2 highest-weight replicas, fewest outstanding between them
    const Trace t = adapterTrace({ 1 });
    RouterConfig c;
    c.kind = RouterKind::Hrw;
    c.hrwReplicas = 2;
    auto router = makeRouter(c, t, 5, {});
    MockView v;
    v.r.resize(5);
    std::vector<std::uint32_t> order = allOf(5);
    std::stable_sort(order.begin(), order.end(),
        [](std::uint32_t x, std::uint32_t y) { return rendezvousWeight("ad-1", x) > rendezvousWeight("ad-1", y); });
    QCOMPARE(router->route(0, allOf(5), v, 0).replica, order[0]); // tie: the higher weight
    v.r[order[0]].outstanding = 3;
    QCOMPARE(router->route(0, allOf(5), v, 0).replica, order[1]);
    v.r[order[1]].outstanding = 9;
    QCOMPARE(router->route(0, allOf(5), v, 0).replica, order[0]); // never outside its 2 replicas
}

void TestFleet::prefixIndexMatchesAndEvicts()
{
    PrefixIndex index(3, 10);
    std::vector<std::uint32_t> m(3);
    index.add(0, { 1, 2, 3, 4 }, 0);
    index.add(1, { 1, 2, 9 }, 0);
    index.match({ 1, 2, 3, 5 }, m);
    QCOMPARE(m, std::vector<std::uint32_t>({ 3, 2, 0 }));
    // matching walks until a block nobody holds: {7, 1, 2} matches nothing
    index.match({ 7, 1, 2 }, m);
    QCOMPARE(m, std::vector<std::uint32_t>({ 0, 0, 0 }));
    // 8 unique blocks on replica 0 push its 2 oldest hashes (1, 2) out of its 10-block LRU. GIE's
    // walk goes on while any replica holds the block, and counts every holder: replica 0 still
    // scores block 3 although it lost blocks 1 and 2 (matchLongestPrefix does exactly this).
    index.add(0, {}, 8);
    index.match({ 1, 2, 3 }, m);
    QCOMPARE(m, std::vector<std::uint32_t>({ 1, 2, 0 }));
    // re-adding a block refreshes it: replica 0 takes 3 again (now the newest) and then 2 blocks
    // more, which evict 4 and the 8 unique ones before 3
    index.add(0, { 3 }, 0);
    index.add(0, {}, 2);
    index.match({ 3 }, m);
    QCOMPARE(m, std::vector<std::uint32_t>({ 1, 0, 0 }));
    index.match({ 4 }, m);
    QCOMPARE(m, std::vector<std::uint32_t>({ 0, 0, 0 }));
}

void TestFleet::decisionExplained()
{
    // Replica 1 is idle but never ran ad-1; replica 0 runs ad-1 with 2 waiting: GIE picks 0.
    const Trace t = adapterTrace({ 1 });
    RouterConfig c;
    c.kind = RouterKind::GieLoraFilter;
    c.loraAffinityThreshold = 1.0;
    auto router = makeRouter(c, t, 2, {});
    MockView v;
    v.r.resize(2);
    v.r[0].active = { 1 };
    v.r[0].waiting = 2;
    v.r[1].active = { 0, 2, 3 };
    v.r[1].waitingAdapters = { 0 };
    const RouteDecision d = router->route(0, allOf(2), v, 0);
    const std::string text = describeDecision(d, t, 0);
    QCOMPARE(QString::fromStdString(text),
        QStringLiteral("ad-1 → replica 0: active there; replica 1 had fewer waiting requests (0 vs 2) but not ad-1"));
    QCOMPARE(QString::fromStdString(describeDecision(d, t, 0, { "a100-0", "a100-1" })),
        QStringLiteral("ad-1 → a100-0: active there; a100-1 had fewer waiting requests (0 vs 2) but not ad-1"));
}

void TestFleet::staleMetricsCost()
{
    // least-kv on metrics scraped every 2 s sends every arrival of a scrape interval to the replica
    // that looked emptiest at the scrape: bursts; fresh metrics spread them. At 6 req/s on four
    // A10G replicas TTFT grows (measured: mean 0.68 → 0.92 s, p99 1.56 → 2.37 s).
    const Trace t = generatedTrace(6, 60, 4, 20);
    FleetConfig f = uniformFleet(4, sloraConfig(30000), "llama-7b-a10g", RouterKind::LeastKv);
    f.stalenessMs = 0;
    const FleetResult fresh = simulateFleet(t, f);
    f.stalenessMs = 2000;
    const FleetResult stale = simulateFleet(t, f);
    QVERIFY(stale.summary.ttft.mean > 1.2 * fresh.summary.ttft.mean);
    QVERIFY(stale.summary.ttft.p99 > 1.2 * fresh.summary.ttft.p99);
    // within a scrape interval every decision saw the same metrics: consecutive arrivals in one
    // 2-second window all went to one replica
    std::size_t sameWindow = 0, sameReplica = 0;
    for (std::size_t i = 1; i < t.requests.size(); ++i) {
        if (std::floor(t.requests[i].time / 2) == std::floor(t.requests[i - 1].time / 2)) {
            ++sameWindow;
            sameReplica += stale.replicaOf[i] == stale.replicaOf[i - 1];
        }
    }
    QCOMPARE(sameReplica, sameWindow);
}

void TestFleet::stepClockFleet()
{
    // On the step clock every replica's pass is one tick: two requests of 10 output tokens at tick 0
    // on two replicas both finish at tick 10 (one prefill + 9 decodes each, in parallel).
    const Trace t = makeTrace({ { 0, 50, 10, 0 }, { 0, 50, 10, 1 } }, { 8, 8 });
    FleetConfig f = uniformFleet(2, sloraConfig(), "llama-7b-a10g", RouterKind::RoundRobin);
    FleetOptions o;
    o.clock = ClockKind::Steps;
    const FleetResult r = simulateFleet(t, f, o);
    QCOMPARE(r.replicaOf, std::vector<std::uint32_t>({ 0, 1 }));
    QCOMPARE(r.requests[0].finished, 10.0);
    QCOMPARE(r.requests[1].finished, 10.0);
    // one replica: both fit the first batch, prefilled together
    f.groups[0].count = 1;
    const FleetResult one = simulateFleet(t, f, o);
    QCOMPARE(one.requests[0].finished, 10.0);
    QCOMPARE(one.requests[1].finished, 10.0); // admitted in the same batch
}

QTEST_GUILESS_MAIN(TestFleet)
#include "tst_fleet.moc"
