// SPDX-License-Identifier: Apache-2.0
// serve-sim's prefix cache against the preview's (docs/servesim.md, "Prefix cache"): a session
// workload replayed against the real serve-sim under --policy vllm and --policy sglang gives the
// hit share the preview predicts and, request by request, its TTFT within 2 % + 20 ms and its
// cached tokens; S-LoRA's "Hello" prompts are served almost wholly from the cache, the default
// prompts only as far as the design declares. Real time at speed 1 for the timing row (as
// tst_servesimagreement.cpp), the server on 127.0.0.1.

#include "admission/costmodel.h"
#include "admission/engine.h"
#include "admission/serversim.h"
#include "admission/summary.h"
#include "replay/prometheus.h"
#include "replay/replay.h"
#include "replay/servermap.h"
#include "server/simserver.h"
#include "workload/generator.h"

#include "latenessprobe.h"
#include "rawhttp.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace lorascope;

namespace {

// The 13b A100 preset at half the GPU's speed (as tst_servesimagreement.cpp): passes of ~35 ms.
CostModel slowerGpu()
{
    CostModel c = *findCostModel("llama-13b-a100-80g");
    for (double* v : { &c.prefillBase, &c.prefillPerRequest, &c.prefillPerToken, &c.prefillPerTokenRank, &c.decodeBase,
             &c.decodePerRequest, &c.decodePerContextToken, &c.decodePerTokenRank, &c.perAdapterRank, &c.loadBase,
             &c.loadPerRank })
        *v *= 2;
    return c;
}

// Chat traffic: three adapters, sessions of 2-4 turns (each turn's prompt is the history so far plus
// a new message), a 48-token system prompt per adapter.
Trace sessionTrace()
{
    WorkloadSpec s;
    s.adapterCount = 3;
    s.rate = 8;
    s.duration = 8;
    s.seed = 21;
    s.input.lo = 20;
    s.input.hi = 120;
    s.output.lo = 8;
    s.output.hi = 32;
    s.sessions.enabled = true;
    s.sessions.turns.lo = 2;
    s.sessions.turns.hi = 5;
    s.sessions.think = { DurationKind::Constant, 0.2, 1.0, 2.0, 20.0 };
    s.prefix.systemTokens = 48;
    return generate(s);
}

// Requests outside sessions, of different lengths; `systemTokens` > 0 declares a shared system prompt.
Trace plainTrace(std::int64_t systemTokens)
{
    WorkloadSpec s;
    s.adapterCount = 2;
    s.rate = 20;
    s.duration = 3;
    s.seed = 4;
    s.input.lo = 20;
    s.input.hi = 200;
    s.output.lo = 2;
    s.output.hi = 6;
    s.prefix.systemTokens = systemTokens;
    return generate(s);
}

SimulationConfig configFor(PolicyKind policy)
{
    SimulationConfig c;
    c.scheduler.policy = policy;
    c.scheduler.vllm.maxLoras = 4;
    c.scheduler.vllm.maxLoraRank = 64;
    c.scheduler.vllm.maxModelLen = 4096;
    c.scheduler.vllm.maxNumBatchedTokens = 512;
    c.scheduler.sglang.chunkedPrefillSize = 256;
    c.scheduler.sglang.maxLorasPerBatch = 4;
    c.clock = ClockKind::Model;
    c.cost = slowerGpu();
    return c;
}

SimServerOptions serverFor(const SimulationConfig& c, const Trace& trace, double speed)
{
    SimServerOptions so;
    so.scheduler = c.scheduler;
    so.cost = c.cost;
    so.speed = speed;
    so.baseModel = trace.baseModel.empty() ? "base" : trace.baseModel;
    for (const auto& a : trace.adapters)
        so.adapterRanks[a.name] = a.rank;
    return so;
}

ReplayOptions clientFor(std::uint16_t port, Backend backend, const SimServerOptions& so)
{
    ReplayOptions ro;
    ro.target = "http://127.0.0.1:" + std::to_string(port);
    ro.backend = backend;
    ro.baseModel = so.baseModel;
    ro.timeScale = 1.0 / so.speed;
    ro.promptSeed = 2026;
    return ro;
}

// The preview of what the server received: the same requests, each arriving when the client sent it.
// A later turn of a session is sent its think time after its previous answer ended (docs/replay.md,
// "Sessions"), which a preview of the designed trace, open loop, cannot know; given those arrivals,
// the preview's engine and cache must give the server's timings and hits.
SimulationResult previewOfRun(Trace trace, const SimulationConfig& config, const ReplayResult& run, double speed,
    std::size_t moved = SIZE_MAX, double movedTo = 0)
{
    for (const auto& r : run.records)
        trace.requests[r.index].time = (r.sent - run.clock.origin) * speed;
    if (moved < trace.requests.size())
        trace.requests[moved].time = movedTo;
    std::vector<std::uint32_t> order(trace.requests.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
        [&](std::uint32_t a, std::uint32_t b) { return trace.requests[a].time < trace.requests[b].time; });
    SimulationResult result;
    result.clock = config.clock;
    // (prepareRecords() wants a trace in time order; the trace keeps its order, the arrivals below are sorted.)
    result.requests.resize(trace.requests.size());
    for (std::size_t i = 0; i < trace.requests.size(); ++i) {
        const Request& q = trace.requests[i];
        RequestRecord& rec = result.requests[i];
        rec.id = trace.idOf(i);
        rec.arrival = q.time;
        rec.adapter = q.adapter;
        rec.inputLen = q.inputLen;
        rec.outputLen = q.outputLen;
    }
    const std::vector<int> ranks = adapterRanks(trace, config.ranks);
    {
        ServerSim server(config, trace, ranks, result.requests);
        for (std::uint32_t i : order)
            server.arrive(i);
        server.finish();
        result.timeline = std::move(server.timeline());
    }
    summarizeRecords(result.requests, trace.adapters.size(), config.clock, result.summary, nullptr);
    return result;
}

struct Match {
    std::size_t requests = 0, within = 0, cachedAlike = 0;
    double worstTtft = 0; ///< largest |run − preview| (s)
    std::string firstMiss;
};

// How much later than the client's send the server may read a request on a busy machine (model seconds at speed 1).
constexpr double kReadLateness = 0.010;

// SGLang's radix cache is token-granular: a new message whose first word equals another's (1 in 1024,
// the replay's word list) hits one token more on the server than in the preview, whose contents never
// meet by chance.
constexpr std::int64_t kChanceTokens = 2;

// The timing tolerance: 2 % + 20 ms plus twice the largest late wake-up of a thread during the run
// (tests/net/latenessprobe.h) or of a send, as tst_servesimagreement.cpp's loadSlack.
double loadSlack(const ReplayResult& run, double speed, double oversleep)
{
    double lateness = oversleep;
    for (const auto& r : run.records)
        if (std::isfinite(r.lateness()))
            lateness = std::max(lateness, r.lateness());
    return 2 * lateness * speed;
}

Match compare(const SimulationResult& preview, const ReplayResult& run, double speed, double slack)
{
    Match m;
    for (const auto& r : run.records) {
        const RequestRecord& p = preview.requests[r.index];
        ++m.requests;
        if (r.outcome != Outcome::Completed || std::isnan(p.firstToken) || r.tokenTimes.empty()) {
            if (m.firstMiss.empty())
                m.firstMiss = "request " + std::to_string(r.index) + ": " + outcomeName(r.outcome) + " " + r.error;
            continue;
        }
        const double ttft = r.ttft() * speed, pTtft = p.firstToken - p.arrival;
        const double d = std::abs(ttft - pTtft);
        m.worstTtft = std::max(m.worstTtft, d);
        const bool timed = d <= 0.02 * pTtft + 0.020 + slack;
        const bool cached = std::abs(r.reportedCachedTokens - std::int64_t(p.cachedTokens)) <= kChanceTokens;
        m.within += timed ? 1 : 0;
        m.cachedAlike += cached ? 1 : 0;
        if ((!timed || !cached) && m.firstMiss.empty())
            m.firstMiss = "request " + std::to_string(r.index) + ": TTFT " + std::to_string(ttft) + " s vs preview "
                + std::to_string(pTtft) + " s, cached tokens " + std::to_string(r.reportedCachedTokens) + " vs "
                + std::to_string(p.cachedTokens);
    }
    return m;
}

double runHitShare(const ReplayResult& run)
{
    const auto s = summarizeReplay(run.records, {});
    const auto& c = s["prefix_cache"];
    return c["hit_share"].is_number() ? c["hit_share"].get<double>() : -1.0;
}

} // namespace

class TestServeSimCache : public QObject {
    Q_OBJECT
private slots:
    void sessionsMatchThePreview_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<int>("backend");
        // vLLM V1's automatic prefix caching through the chat route (the history as messages),
        // SGLang's radix cache through /generate (the history as one text).
        QTest::newRow("vllm, openai-chat") << "vllm" << int(Backend::OpenAiChat);
        QTest::newRow("sglang, /generate") << "sglang" << int(Backend::SgLang);
    }

    void sessionsMatchThePreview()
    {
        QFETCH(QString, policy);
        QFETCH(int, backend);
        const Trace trace = sessionTrace();
        std::size_t later = 0;
        for (const auto& st : trace.sessions)
            later += st.parent != kNoParent ? 1 : 0;
        qInfo("%zu requests, %zu later turns", trace.requests.size(), later);
        QVERIFY2(later >= 12, "later turns send the history back: the cache has something to serve");
        const SimulationConfig config = configFor(*policyFromName(policy.toStdString()));
        const SimulationResult designed = simulate(trace, config);
        const double speed = 1.0;
        const SimServerOptions so = serverFor(config, trace, speed);

        // As tst_servesimagreement.cpp: a send delayed past a pass start on a shared machine can flip one admission
        // (and the batches after it); such a run is repeated, at most three runs. A real disagreement fails them all.
        std::string misses;
        bool agreed = false;
        for (int run = 1; run <= 3 && !agreed; ++run) {
            SimServer server(so);
            server.start();
            const std::string health = "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
            QCOMPARE(test::statusOf(test::rawExchange(server.port(), health, 0, {}, 5).response), 200);
            test::LatenessProbe probe;
            const ReplayResult replay = runReplay(trace, clientFor(server.port(), Backend(backend), so));
            const double slack = loadSlack(replay, speed, probe.stop());
            server.stop();
            for (const auto& r : replay.records)
                QVERIFY2(r.reportedCachedTokens >= 0, "every completed request says how much of its prompt was cached");
            const SimulationResult preview = previewOfRun(trace, config, replay, speed);
            const Match m = compare(preview, replay, speed, slack);
            const double share = runHitShare(replay), previewShare = preview.summary.cacheHitShare();
            qInfo("%s, run %d: %zu/%zu requests within 2 %% + 20 ms + %.1f ms of load, %zu with the preview's cached "
                  "tokens; worst |dTTFT| "
                  "%.1f ms; hit share %.3f (preview of the run %.3f, of the design %.3f)",
                QTest::currentDataTag(), run, m.within, m.requests, slack * 1e3, m.cachedAlike, m.worstTtft * 1e3,
                share, previewShare, designed.summary.cacheHitShare());
            agreed = m.within == m.requests && m.cachedAlike == m.requests && std::abs(share - previewShare) <= 0.02;
            if (!agreed) {
                // The client stamps a send when it writes, the server when it reads: on a busy machine a request sent
                // just before a pass starts can be read just after it and wait for the next pass (later turns go out
                // when their answer ended, so their sends cannot be kept clear of pass starts as
                // tst_servesimagreement.cpp keeps its arrivals). Such a request is tried on the other side of the
                // edge, one at a time; the run agrees if the preview with that one arrival moved agrees.
                for (const auto& r : replay.records) {
                    const double a = preview.requests[r.index].arrival;
                    const auto pass
                        = std::find_if(preview.timeline.begin(), preview.timeline.end(), [&](const StepRecord& st) {
                              return st.start >= a && st.start < a + std::max(kReadLateness, slack);
                          });
                    if (pass == preview.timeline.end() || agreed)
                        continue;
                    const SimulationResult other
                        = previewOfRun(trace, config, replay, speed, r.index, pass->start + 1e-6);
                    const Match o = compare(other, replay, speed, slack);
                    if (o.within == o.requests && o.cachedAlike == o.requests) {
                        qInfo("request %zu read after the pass that started %.2f ms after its send: agrees",
                            std::size_t(r.index), (pass->start - a) * 1e3);
                        agreed = true;
                    }
                }
            }
            if (!agreed)
                misses += "run " + std::to_string(run) + ": " + m.firstMiss + "; hit share " + std::to_string(share)
                    + " vs " + std::to_string(previewShare) + "; ";
            // The cache matters here: most of a later turn is history, served from the cache, and its prefill is
            // shorter by that much (the same arrivals without the cache wait longer for their first token).
            QVERIFY2(share > 0.3, qPrintable(QString::number(share)));
            SimulationConfig off = config;
            off.scheduler.vllm.enablePrefixCaching = false;
            off.scheduler.sglang.disableRadixCache = true;
            const SimulationResult uncached = previewOfRun(trace, off, replay, speed);
            qInfo("mean TTFT %.1f ms with the cache, %.1f ms without (preview of the run)",
                1e3 * preview.summary.ttft.mean, 1e3 * uncached.summary.ttft.mean);
            QVERIFY(uncached.summary.ttft.mean > preview.summary.ttft.mean);
        }
        QVERIFY2(agreed, misses.c_str());
    }

    void helloPromptsHitAlmostEverything()
    {
        // S-LoRA's "Hello " × n: every prompt is a prefix of every longer one, so a vLLM server with
        // automatic prefix caching (its default) computes almost none of the prefills after the first.
        const Trace trace = plainTrace(0);
        const SimulationConfig config = configFor(PolicyKind::Vllm);
        const SimServerOptions so = serverFor(config, trace, 4.0);
        SimServer server(so);
        server.start();
        ReplayOptions hello = clientFor(server.port(), Backend::OpenAiCompletions, so);
        hello.promptStyle = PromptStyle::SLora;
        const double helloShare = runHitShare(runReplay(trace, hello));
        server.stop();
        qInfo("\"Hello\" prompts: hit share %.3f", helloShare);
        QVERIFY2(helloShare > 0.8, qPrintable(QString::number(helloShare)));
    }

    void defaultPromptsHitWhatTheDesignDeclares_data()
    {
        QTest::addColumn<int>("systemTokens");
        QTest::newRow("nothing shared") << 0; // the design declares nothing: nothing is served from the cache
        QTest::newRow("a 64-token system prompt") << 64;
    }

    void defaultPromptsHitWhatTheDesignDeclares()
    {
        QFETCH(int, systemTokens);
        const Trace trace = plainTrace(systemTokens);
        const SimulationConfig config = configFor(PolicyKind::Vllm);
        const double speed = 4.0;
        const SimServerOptions so = serverFor(config, trace, speed);
        SimServer server(so);
        server.start();
        const ReplayResult replay = runReplay(trace, clientFor(server.port(), Backend::OpenAiCompletions, so));
        server.stop();
        const double share = runHitShare(replay);
        const double designed = simulate(trace, config).summary.cacheHitShare();
        const double received = previewOfRun(trace, config, replay, speed).summary.cacheHitShare();
        qInfo("system prompt of %d tokens: hit share %.3f (preview of the run %.3f, of the design %.3f)", systemTokens,
            share, received, designed);
        QVERIFY2(std::abs(share - received) <= 0.02,
            qPrintable(QString::number(share) + " vs " + QString::number(received)));
        if (systemTokens == 0) {
            QCOMPARE(designed, 0.0);
            QVERIFY2(share < 0.01, qPrintable(QString::number(share)));
        } else {
            // The system prompt's full 16-token blocks, once each adapter has computed them.
            QVERIFY2(share > 0.1, qPrintable(QString::number(share)));
            QVERIFY2(std::abs(share - designed) <= 0.05,
                qPrintable(QString::number(share) + " vs " + QString::number(designed)));
        }
    }

    void metricsCountTheCache()
    {
        // /metrics in tokens: vllm:prefix_cache_queries_total grows by each scheduled prompt,
        // vllm:prefix_cache_hits_total by what was found; SGLang's cache_hit_rate gauge, and its
        // meta_info.cached_tokens in every chunk; serve-sim's answers are words of its own per request.
        const Trace trace = plainTrace(64);
        for (const PolicyKind policy : { PolicyKind::Vllm, PolicyKind::Sglang }) {
            const SimulationConfig config = configFor(policy);
            const SimServerOptions so = serverFor(config, trace, 8.0);
            SimServer server(so);
            server.start();
            const ReplayResult replay = runReplay(trace,
                clientFor(
                    server.port(), policy == PolicyKind::Vllm ? Backend::OpenAiCompletions : Backend::SgLang, so));
            std::uint64_t prompt = 0, cached = 0;
            for (const auto& r : replay.records) {
                QCOMPARE(r.outcome, Outcome::Completed);
                QCOMPARE(r.reportedInputTokens, std::int64_t(r.inputLen));
                prompt += r.inputLen;
                cached += std::uint64_t(r.reportedCachedTokens);
            }
            const std::string text = server.metricsText();
            server.stop();
            auto value = [&](const std::string& name) {
                const auto at = text.find("\n" + name + "{");
                if (at == std::string::npos)
                    return -1.0;
                const auto end = text.find('\n', at + 1);
                const auto line = text.substr(at + 1, end - at - 1);
                return std::stod(line.substr(line.rfind(' ') + 1));
            };
            // The replay's scraper reads the same counters (docs/replay.md, metric names mapped).
            const ServerSample mapped = mapServerMetrics(parsePrometheusText(text));
            QCOMPARE(mapped.prefixHitsTotal,
                policy == PolicyKind::Vllm ? value("vllm:prefix_cache_hits_total")
                                           : value("sglang:cached_tokens_total"));
            if (policy == PolicyKind::Vllm) {
                QCOMPARE(mapped.prefixQueriesTotal, value("vllm:prefix_cache_queries_total"));
                // vLLM counts every lookup, also of a request whose blocks then did not fit and that is looked up
                // again at a later step: at least each prompt once, and what it reported cached.
                const double queries = value("vllm:prefix_cache_queries_total"),
                             hits = value("vllm:prefix_cache_hits_total");
                QVERIFY2(
                    queries >= double(prompt), qPrintable(QString::number(queries) + " < " + QString::number(prompt)));
                QVERIFY2(hits >= double(cached) && hits <= queries, qPrintable(QString::number(hits)));
                QVERIFY(text.find("enable_prefix_caching=\"True\"") != std::string::npos);
            } else {
                const double rate = value("sglang:cache_hit_rate");
                QVERIFY2(rate >= 0 && rate <= 1, qPrintable(QString::number(rate)));
                QCOMPARE(value("sglang:cached_tokens_total"), double(cached));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestServeSimCache)
#include "tst_servesimcache.moc"
