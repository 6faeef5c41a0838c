// SPDX-License-Identifier: Apache-2.0
// Metrics from hand-made records; expected values are worked out by hand in the comments.

#include "replay/metrics.h"
#include "replay/replay.h"
#include "replay/timeline.h"
#include "util/error.h"

#include <QtTest>

using namespace lorascope;

namespace {

ReplayRecord rec(
    std::uint64_t index, const std::string& adapter, double sent, std::vector<double> tokens, std::uint32_t out)
{
    ReplayRecord r;
    r.index = index;
    r.adapter = adapter;
    r.inputLen = 10;
    r.outputLen = out;
    r.scheduled = sent - 0.001;
    r.dispatched = sent;
    r.sent = sent;
    r.firstByte = tokens.empty() ? sent : tokens.front();
    r.tokenTimes = std::move(tokens);
    r.end = r.tokenTimes.empty() ? sent + 0.5 : r.tokenTimes.back();
    r.tokens = r.tokenTimes.size();
    r.outcome = Outcome::Completed;
    r.httpStatus = 200;
    return r;
}

} // namespace

class TestReplayMetrics : public QObject {
    Q_OBJECT
private slots:
    void perRequest()
    {
        // sent 1.0, tokens at 1.1, 1.2, 1.4: TTFT 100 ms, E2E 400 ms, TPOT (400-100)/2 = 150 ms.
        const auto r = rec(0, "a", 1.0, { 1.1, 1.2, 1.4 }, 3);
        QCOMPARE(r.ttft(), 0.1);
        QVERIFY(std::abs(r.e2el() - 0.4) < 1e-12);
        QVERIFY(std::abs(r.tpot() - 0.15) < 1e-12);
        QVERIFY(std::abs(r.lateness() - 0.001) < 1e-12);
        // Server-reported output tokens take precedence for TPOT: (400-100)/(7-1) = 50 ms.
        auto r2 = r;
        r2.reportedOutputTokens = 7;
        QVERIFY(std::abs(r2.tpot() - 0.05) < 1e-12);
        // A single token has no TPOT.
        QVERIFY(std::isnan(rec(1, "a", 0, { 0.2 }, 1).tpot()));
    }

    void summaryByHand()
    {
        std::vector<ReplayRecord> rs;
        rs.push_back(rec(0, "a", 1.0, { 1.1, 1.2, 1.4 }, 3)); // ttft 100, e2e 400, tpot 150, itl 100, 200
        rs.push_back(rec(1, "b", 2.0, { 2.3, 2.4 }, 2)); // ttft 300, e2e 400, tpot 100, itl 100
        auto failed = rec(2, "a", 2.5, {}, 4);
        failed.outcome = Outcome::Failed;
        failed.errorKind = "http_status";
        rs.push_back(failed);
        auto cancelled = rec(3, "b", 2.6, {}, 4);
        cancelled.outcome = Outcome::Cancelled;
        rs.push_back(cancelled);
        auto trimmed = rec(4, "a", 0.5, { 9.0 }, 1);
        trimmed.inWindow = false;
        rs.push_back(trimmed);
        SummaryOptions o;
        o.slo.ttftMs = 200; // only request 0 meets it
        const auto s = summarizeReplay(rs, o);
        QCOMPARE(s["completed"].get<int>(), 2);
        QCOMPARE(s["failed"].get<int>(), 1);
        QCOMPARE(s["cancelled"].get<int>(), 1);
        QCOMPARE(s["trimmed"].get<int>(), 1);
        QCOMPARE(s["errors"]["http_status"].get<int>(), 1);
        // Duration: first sent 1.0 to last end of a non-cancelled request: failed one ends 3.0.
        QVERIFY(std::abs(s["duration"].get<double>() - 2.0) < 1e-12);
        QVERIFY(std::abs(s["request_throughput"].get<double>() - 1.0) < 1e-12);
        QVERIFY(std::abs(s["output_throughput"].get<double>() - 2.5) < 1e-12); // 5 tokens / 2 s
        QVERIFY(std::abs(s["total_token_throughput"].get<double>() - 12.5) < 1e-12); // (20 + 5) / 2
        QVERIFY(std::abs(s["request_goodput"].get<double>() - 0.5) < 1e-12);
        QVERIFY(std::abs(s["mean_ttft_ms"].get<double>() - 200) < 1e-9);
        QVERIFY(std::abs(s["median_ttft_ms"].get<double>() - 200) < 1e-9);
        QVERIFY(std::abs(s["p99_ttft_ms"].get<double>() - 298) < 1e-9); // 100 + 0.99·200
        QVERIFY(std::abs(s["mean_tpot_ms"].get<double>() - 125) < 1e-9);
        QVERIFY(std::abs(s["mean_itl_ms"].get<double>() - 400.0 / 3) < 1e-9);
        QVERIFY(std::abs(s["median_itl_ms"].get<double>() - 100) < 1e-9);
        QVERIFY(std::abs(s["mean_e2el_ms"].get<double>() - 400) < 1e-9);
        // S-LoRA: the failed request counts 0; the cancelled one is left out.
        // attainment (1 + 1 + 0)/3; reward (1 - (0.1/6)^2 + 1 - (0.3/6)^2 + 0)/3.
        QVERIFY(std::abs(s["slora_attainment"].get<double>() - 2.0 / 3) < 1e-12);
        const double reward = (1 - (0.1 / 6) * (0.1 / 6) + 1 - 0.05 * 0.05) / 3;
        QVERIFY(std::abs(s["slora_reward"].get<double>() - reward) < 1e-12);
        // Per adapter.
        QCOMPARE(s["per_adapter"]["a"]["completed"].get<int>(), 1);
        QCOMPARE(s["per_adapter"]["a"]["failed"].get<int>(), 1);
        QVERIFY(std::abs(s["per_adapter"]["b"]["mean_ttft_ms"].get<double>() - 300) < 1e-9);
        QCOMPARE(s["per_adapter"]["b"]["cancelled"].get<int>(), 1);
    }

    void sloraReward()
    {
        QCOMPARE(lorascope::sloraReward(0.0), 1.0);
        QCOMPARE(lorascope::sloraReward(3.0), 0.75);
        QCOMPARE(lorascope::sloraReward(6.0), 0.0);
        QCOMPARE(lorascope::sloraReward(7.0), 0.0);
    }

    void distribution()
    {
        const auto d = distributionOf({ 4, 1, 3, 2 });
        QCOMPARE(d.mean, 2.5);
        QCOMPARE(d.median, 2.5);
        QCOMPARE(d.min, 1.0);
        QCOMPARE(d.max, 4.0);
        QVERIFY(std::abs(d.p90 - 3.7) < 1e-12); // 1 + 0.9·3 = position 2.7 → 3 + 0.7
        QVERIFY(std::isnan(distributionOf({}).mean));
    }

    void jsonRoundTrip()
    {
        auto r = rec(5, "x", 1.0, { 1.25, 1.5 }, 2);
        r.id = 99;
        r.reportedOutputTokens = 2;
        r.errorKind = "";
        const auto back = recordFromJson(nlohmann::json::parse(recordToJson(r).dump()));
        QCOMPARE(back.index, r.index);
        QCOMPARE(back.id, std::uint64_t(99));
        QCOMPARE(back.adapter, r.adapter);
        QCOMPARE(back.tokenTimes.size(), std::size_t(2));
        QVERIFY(std::abs(back.tokenTimes[1] - 1.5) < 1e-6);
        QCOMPARE(back.reportedOutputTokens, std::int64_t(2));
        QVERIFY(back.outcome == Outcome::Completed);
    }

    void timelineBins()
    {
        ReplayTimeline tl(1.0);
        tl.setSchedule({ 0.1, 0.5, 1.2, 2.9 });
        tl.add(rec(0, "a", 0.1, { 0.3, 0.6 }, 2)); // sent bin 0, ends 0.6 → bin 0, ttft 200 ms
        tl.add(rec(1, "a", 0.5, { 1.5 }, 1)); // ends 1.5 → bin 1, ttft 1000 ms
        auto f = rec(2, "b", 1.2, {}, 3);
        f.outcome = Outcome::Failed;
        f.errorKind = "disconnect";
        tl.add(f); // ends 1.7 → bin 1
        const auto& b = tl.bins();
        QCOMPARE(b.size(), std::size_t(3));
        QCOMPARE(b[0].scheduled, std::uint64_t(2));
        QCOMPARE(b[1].scheduled, std::uint64_t(1));
        QCOMPARE(b[2].scheduled, std::uint64_t(1));
        QCOMPARE(b[0].sent, std::uint64_t(2));
        QCOMPARE(b[1].sent, std::uint64_t(1));
        QCOMPARE(b[0].completed, std::uint64_t(1));
        QCOMPARE(b[1].completed, std::uint64_t(1));
        QCOMPARE(b[1].failed, std::uint64_t(1));
        QCOMPARE(b[0].outputTokens, std::uint64_t(2));
        QVERIFY(std::abs(b[0].ttftMs.at(0) - 200) < 1e-9);
        QVERIFY(std::abs(b[1].ttftMs.at(0) - 1000) < 1e-9);
        QCOMPARE(tl.errors().at("disconnect"), std::uint64_t(1));
        QCOMPARE(ReplayTimeline::binPercentile({ 10, 20, 30 }, 50), 20.0);
    }

    void targetUrls()
    {
        auto t = parseTargetUrl("http://127.0.0.1:8000/");
        QCOMPARE(t.host, std::string("127.0.0.1"));
        QCOMPARE(t.port, std::string("8000"));
        QVERIFY(!t.tls);
        QCOMPARE(t.basePath, std::string());
        t = parseTargetUrl("https://example.org/api/");
        QVERIFY(t.tls);
        QCOMPARE(t.port, std::string("443"));
        QCOMPARE(t.basePath, std::string("/api"));
        t = parseTargetUrl("http://[::1]:9000");
        QCOMPARE(t.host, std::string("::1"));
        QCOMPARE(t.port, std::string("9000"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseTargetUrl("ftp://x"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseTargetUrl("http://user:pw@host"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseTargetUrl("http://host:8x"));
        QVERIFY_THROWS_EXCEPTION(InputError, parseTargetUrl("http://:80"));
    }
};

QTEST_GUILESS_MAIN(TestReplayMetrics)
#include "tst_replaymetrics.moc"
