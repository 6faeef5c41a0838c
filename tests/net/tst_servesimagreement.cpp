// SPDX-License-Identifier: Apache-2.0
// The built-in server agrees with the preview (docs/replay.md, Simulated server): a trace replayed against serve-sim with
// the preview's policy, limits, cost model and adapter ranks gives, request by request, the TTFT
// and E2E latency that `simulate --clock model` predicts, within 2 % + 20 ms plus twice the largest
// late wake-up the machine showed during the run (its load, measured: loadSlack). The server runs in
// real time here (speed 1: a trace of a few seconds).

#include "admission/engine.h"
#include "replay/replay.h"
#include "server/simserver.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include "latenessprobe.h"
#include "rawhttp.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <optional>

using namespace lorascope;

namespace {

constexpr std::int64_t kBusyKvSlots = 2500; ///< the server of busyS4Trace: tight enough that requests queue

// S4's adapters (ranks 64/32/16 in their names), a busy few seconds: a request queues behind
// others often enough that the admission rules, not just the cost model, decide the latencies.
Trace busyS4Trace(std::uint64_t seed)
{
    WorkloadSpec spec = specForPreset("S4");
    spec.adapterCount = 12;
    spec.rate = 8;
    spec.duration = 3;
    spec.seed = seed;
    spec.input.lo = 8;
    spec.input.hi = 400;
    spec.output.lo = 8;
    spec.output.hi = 120;
    return generate(spec);
}

// A real-time server cannot tell on which side of a forward pass's start a request lands when it
// arrives within the client's send lateness of it, while the preview knows exactly. Arrivals that
// close to a pass start are moved a few milliseconds later (and the preview redone) until none is:
// the test is about the engine and its timing, not about which side of a coin-edge a late send falls.
constexpr double kBoundaryMargin = 0.008; // model seconds (= real seconds at speed 1)

SimulationResult previewClearOfBoundaries(Trace& trace, const SimulationConfig& config, int& moved)
{
    // In time order: a request cannot change the passes before its own arrival, so once request i
    // is clear it stays clear while later ones move.
    moved = 0;
    SimulationResult preview = simulate(trace, config);
    for (std::size_t i = 0; i < trace.requests.size(); ++i) {
        for (int attempt = 0; attempt < 50; ++attempt) {
            const double t = trace.requests[i].time;
            std::optional<double> clash;
            for (const auto& st : preview.timeline)
                if (st.start != t
                    && std::abs(t - st.start) < kBoundaryMargin) { // (a pass started by this arrival moves along)
                    clash = st.start;
                    break;
                }
            if (!clash)
                break;
            const double to = *clash + 1.5 * kBoundaryMargin; // (clear of it, not on the edge of the margin)
            for (std::size_t k = i; k < trace.requests.size() && trace.requests[k].time < to; ++k)
                trace.requests[k].time = to; // keep the order
            ++moved;
            preview = simulate(trace, config);
        }
    }
    return preview;
}

// The 13b A100 preset at half the GPU's speed: passes of ~35 ms leave room between the margins around their starts.
CostModel slowerGpu()
{
    CostModel c = *findCostModel("llama-13b-a100-80g");
    for (double* v : { &c.prefillBase, &c.prefillPerRequest, &c.prefillPerToken, &c.prefillPerTokenRank, &c.decodeBase,
             &c.decodePerRequest, &c.decodePerContextToken, &c.decodePerTokenRank, &c.perAdapterRank, &c.loadBase,
             &c.loadPerRank })
        *v *= 2;
    return c;
}

struct Agreement {
    std::size_t requests = 0, within = 0, dropped = 0;
    double worstTtft = 0, worstE2e = 0; ///< largest |replay − preview| (s)
    double meanTtftReplay = 0, meanTtftPreview = 0, meanWaitPreview = 0;
    std::string firstMiss;
};

// The tolerance: 2 % + 20 ms, plus what this run shows of the machine's load — twice the largest
// oversleep of a thread during the run (tests/net/latenessprobe.h) or of a send behind its schedule,
// in model seconds. A quiet machine adds a millisecond; a loaded one (a 2-core runner beside other
// work, the sanitizers) the late wake-ups the server's passes suffer. A real disagreement
// (wrongRanksDisagree) is seconds, not that.
double loadSlack(const ReplayResult& replay, double speed, double oversleep)
{
    double lateness = oversleep;
    for (const auto& r : replay.records)
        if (std::isfinite(r.lateness()))
            lateness = std::max(lateness, r.lateness());
    return 2 * lateness * speed;
}

Agreement compare(
    const Trace& trace, const SimulationResult& preview, const ReplayResult& replay, double speed, double slack)
{
    Agreement a;
    for (const auto& r : replay.records) {
        const RequestRecord& p = preview.requests[r.index];
        ++a.requests;
        if (p.dropped != DropReason::None) { // slora-abort: dropped in the preview, so by the server
            if (r.outcome != Outcome::Completed)
                ++a.within;
            else if (a.firstMiss.empty())
                a.firstMiss = "request " + std::to_string(r.index) + ": the preview drops it, the server completed it";
            ++a.dropped;
            continue;
        }
        if (r.outcome != Outcome::Completed || std::isnan(p.firstToken) || r.tokenTimes.empty()) {
            if (a.firstMiss.empty())
                a.firstMiss = "request " + std::to_string(r.index) + ": " + outcomeName(r.outcome) + " " + r.error;
            continue;
        }
        // Real seconds × speed = model seconds, the preview's unit.
        const double ttft = r.ttft() * speed, e2e = r.e2el() * speed;
        const double pTtft = p.firstToken - p.arrival, pE2e = p.finished - p.arrival;
        const double dT = std::abs(ttft - pTtft), dE = std::abs(e2e - pE2e);
        a.worstTtft = std::max(a.worstTtft, dT);
        a.worstE2e = std::max(a.worstE2e, dE);
        a.meanTtftReplay += ttft;
        a.meanTtftPreview += pTtft;
        a.meanWaitPreview += p.admitted - p.arrival;
        if (dT <= 0.02 * pTtft + 0.020 + slack && dE <= 0.02 * pE2e + 0.020 + slack)
            ++a.within;
        else if (a.firstMiss.empty())
            a.firstMiss = "request " + std::to_string(r.index) + ": TTFT " + std::to_string(ttft) + " s vs preview "
                + std::to_string(pTtft) + " s, E2E " + std::to_string(e2e) + " s vs " + std::to_string(pE2e) + " s";
    }
    const double n = double(std::max<std::size_t>(1, a.requests));
    a.meanTtftReplay /= n;
    a.meanTtftPreview /= n;
    a.meanWaitPreview /= n;
    (void)trace;
    return a;
}

} // namespace

class TestServeSimAgreement : public QObject {
    Q_OBJECT
private slots:
    void replayMatchesPreview_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<bool>("ranksByTable");
        QTest::addColumn<int>("kvSize"); // vLLM: GPU blocks; SGLang: token pool; 0 = the row's default
        QTest::addColumn<double>("abortWait"); ///< slora-abort: model seconds a request may wait (0 = S-LoRA's 5.5)
        // Ranks from S-LoRA's names (what any client's adapter names carry), and from an explicit
        // table for names without a rank (what the desktop passes from the trace).
        QTest::newRow("slora, ranks from names") << "slora" << false << 0 << 0.0;
        QTest::newRow("slora, ranks from the trace table") << "slora" << true << 0 << 0.0;
        // S-LoRA with --enable-abort: LIFO, and requests that waited 0.5 s are dropped (S-LoRA's 5.5 s would drop none
        // in a trace of a few seconds).
        QTest::newRow("slora-abort, drops") << "slora-abort" << false << 0 << 0.5;
        // vLLM V1: mixed steps of decodes and prefill chunks (a 512-token budget for prompts of up
        // to 400 tokens), four adapters a step, with the KV cache of the S-LoRA rows; then a KV
        // cache so small that running requests are preempted and recomputed.
        QTest::newRow("vllm, chunked prefill") << "vllm" << false << int(kBusyKvSlots / 16 + 1) << 0.0;
        QTest::newRow("vllm, preemption") << "vllm" << false << 50 << 0.0;
        // SGLang: prefill and decode passes in turn, chunked prompts, four LoRA slots (one may hold the base model)
        QTest::newRow("sglang, chunked prefill") << "sglang" << false << int(kBusyKvSlots) << 0.0;
        // then a smaller pool, requests without ignore_eos (the new-token ratio guesses their outputs)
        // and a low schedule_conservativeness: a decoding request is retracted (its KV dropped,
        // computed again later)
        QTest::newRow("sglang, retraction") << "sglang" << false << 2020 << 0.0;
    }

    void replayMatchesPreview()
    {
        QFETCH(QString, policy);
        QFETCH(bool, ranksByTable);
        QFETCH(int, kvSize);
        QFETCH(double, abortWait);
        Trace trace = busyS4Trace(11);
        QVERIFY(trace.requests.size() >= 12);
        if (ranksByTable)
            for (auto& a : trace.adapters)
                a.name = "adapter-" + std::to_string(&a - trace.adapters.data()); // no rank in the name
        SimulationConfig config;
        config.scheduler.policy = *policyFromName(policy.toStdString());
        config.scheduler.limits.maxTotalTokenNum = kBusyKvSlots;
        config.scheduler.vllm.maxLoras = 4;
        config.scheduler.vllm.maxLoraRank = 64; // S4's ranks
        config.scheduler.vllm.maxModelLen = 520; // prompts < 400, outputs < 120
        config.scheduler.vllm.maxNumBatchedTokens = 512;
        if (kvSize > 0 && config.scheduler.policy == PolicyKind::Vllm)
            config.scheduler.vllm.numGpuBlocks = kvSize;
        if (abortWait > 0)
            config.scheduler.abortWaitSeconds = abortWait;
        // SGLang: chunks smaller than most prompts, 4 LoRA slots
        if (kvSize > 0 && config.scheduler.policy == PolicyKind::Sglang)
            config.scheduler.sglang.maxTotalTokens = kvSize;
        if (kvSize < kBusyKvSlots) { // with ignore_eos SGLang plans each prompt's whole output and does not retract
            config.scheduler.sglang.ignoreEos = false;
            config.scheduler.sglang.scheduleConservativeness = 0.3;
        }
        config.scheduler.sglang.chunkedPrefillSize = 256;
        config.scheduler.sglang.maxLorasPerBatch = 4;
        config.clock = ClockKind::Model;
        config.cost = slowerGpu();
        int moved = 0;
        const SimulationResult preview = previewClearOfBoundaries(trace, config, moved);

        const double speed = 1.0;
        SimServerOptions so;
        so.scheduler = config.scheduler;
        so.cost = config.cost;
        so.speed = speed;
        so.baseModel = trace.baseModel.empty() ? "base" : trace.baseModel;
        so.adapterRank = 1; // a wrong default: every rank must come from the names or the table
        if (ranksByTable)
            for (const auto& a : trace.adapters)
                so.adapterRanks[a.name] = a.rank;
        QVERIFY2(preview.summary.wait.mean > 0.05, "the trace must make requests queue, or the test shows little");
        if (config.scheduler.policy == PolicyKind::SLoraAbort)
            QVERIFY2(preview.summary.dropped > 0, "the short wait drops requests");
        if (config.scheduler.policy == PolicyKind::Vllm) {
            QVERIFY2(preview.summary.mixedSteps > 0, "some passes mix prefill chunks and decodes");
            if (kvSize < 100)
                QVERIFY2(preview.summary.preemptions > 0, "the small KV cache preempts");
        }
        if (config.scheduler.policy == PolicyKind::Sglang && kvSize < kBusyKvSlots)
            QVERIFY2(preview.summary.preemptions > 0, "the small token pool retracts decoding requests");

        // A real-time run on a shared machine: a send (or a server read) delayed by more than kBoundaryMargin next to
        // a pass start can flip one admission, and the batches after it. Such a run is repeated (at most three runs);
        // a real disagreement (wrong ranks, an engine that differs) fails every run, as wrongRanksDisagree() shows.
        std::string misses;
        bool agreed = false;
        for (int run = 1; run <= 3 && !agreed; ++run) {
            SimServer server(so);
            server.start();
            // Warm up the connection path (threads, first allocations) without touching the engine.
            const std::string health = "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
            QCOMPARE(test::statusOf(test::rawExchange(server.port(), health, 0, {}, 5).response), 200);
            ReplayOptions ro;
            ro.target = "http://127.0.0.1:" + std::to_string(server.port());
            ro.backend = Backend::SLora;
            ro.baseModel = so.baseModel;
            ro.timeScale = 1.0 / speed;
            test::LatenessProbe probe;
            const ReplayResult replay = runReplay(trace, ro);
            const double slack = loadSlack(replay, speed, probe.stop());
            server.stop();
            const Agreement a = compare(trace, preview, replay, speed, slack);
            double lateness = 0;
            for (const auto& r : replay.records)
                lateness = std::max(lateness, r.lateness());
            qInfo("%s, run %d: %zu/%zu requests within 2 %% + 20 ms + %.1f ms of load (%zu dropped by both); worst "
                  "|dTTFT| %.1f ms, "
                  "|dE2E| %.1f ms; mean TTFT "
                  "%.3f s (preview %.3f s, mean preview wait %.3f s); %d arrival(s) moved off pass starts; max send "
                  "lateness %.2f ms",
                QTest::currentDataTag(), run, a.within, a.requests, slack * 1e3, a.dropped, a.worstTtft * 1e3,
                a.worstE2e * 1e3, a.meanTtftReplay, a.meanTtftPreview, a.meanWaitPreview, moved, lateness * 1e3);
            agreed = a.within == a.requests;
            if (!agreed)
                misses += "run " + std::to_string(run) + ": " + a.firstMiss + " (max send lateness "
                    + std::to_string(lateness * 1e3) + " ms); ";
        }
        QVERIFY2(agreed, misses.c_str());
    }

    // The discrepancy the desktop showed (replay TTFT 8.1 s vs preview 29.8 s): the server assumed
    // one rank for every adapter. With the ranks withheld it disagrees; this guards the test above
    // against passing for a reason that has nothing to do with ranks.
    void wrongRanksDisagree()
    {
        Trace trace = busyS4Trace(11);
        for (auto& a : trace.adapters)
            a.name = "adapter-" + std::to_string(&a - trace.adapters.data());
        SimulationConfig config;
        config.scheduler.limits.maxTotalTokenNum = kBusyKvSlots;
        config.clock = ClockKind::Model;
        config.cost = slowerGpu();
        const SimulationResult preview = simulate(trace, config);
        SimServerOptions so;
        so.scheduler = config.scheduler;
        so.cost = config.cost;
        so.baseModel = trace.baseModel;
        so.adapterRank = 16; // one rank for all, as before
        so.speed = 4; // (a disagreement needs no precision)
        SimServer server(so);
        server.start();
        ReplayOptions ro;
        ro.target = "http://127.0.0.1:" + std::to_string(server.port());
        ro.backend = Backend::OpenAiCompletions;
        ro.baseModel = so.baseModel;
        ro.timeScale = 1.0 / so.speed;
        test::LatenessProbe probe;
        const ReplayResult replay = runReplay(trace, ro);
        const double slack = loadSlack(replay, so.speed, probe.stop());
        const Agreement a = compare(trace, preview, replay, so.speed, slack);
        qInfo("one rank for all: %zu/%zu within tolerance (load slack %.1f ms); mean TTFT %.3f s vs preview %.3f s",
            a.within, a.requests, slack * 1e3, a.meanTtftReplay, a.meanTtftPreview);
        QVERIFY(a.within < a.requests);
        // Not by a hair: the mean TTFT is off by far more than the tolerance the load allowed.
        QVERIFY2(std::abs(a.meanTtftReplay - a.meanTtftPreview) > 0.1 * a.meanTtftPreview + slack,
            qPrintable(QString::number(a.meanTtftReplay) + " vs " + QString::number(a.meanTtftPreview)));
    }
};

QTEST_GUILESS_MAIN(TestServeSimAgreement)
#include "tst_servesimagreement.moc"
