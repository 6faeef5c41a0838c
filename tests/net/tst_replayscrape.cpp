// SPDX-License-Identifier: Apache-2.0
// Scraping the server's Prometheus metrics during a replay (docs/replay.md, Server metrics): the real replay engine
// against the real simulated server for the requests, and a canned "metrics" endpoint of the
// test's own (tests/net/cannedhttp.h) that answers as the test wants: good exposition text,
// slowly, 404, HTML, 50 MB, garbage, or not at all. Every scrape is recorded on the replay's
// clock with its reason when it failed; none of it disturbs a request.

#include "replay/replay.h"
#include "server/simserver.h"
#include "util/error.h"

#include "cannedhttp.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <map>

using namespace lorascope;
using lorascope::test::CannedAnswer;
using lorascope::test::CannedHttpServer;

namespace {

Trace makeTrace(std::size_t n, double gap, std::uint32_t out)
{
    Trace t;
    t.adapters = { { "a0", 8 }, { "a1", 16 } };
    for (std::size_t i = 0; i < n; ++i)
        t.requests.push_back(Request { double(i) * gap, std::uint32_t(i % 2), 4, out });
    return t;
}

SimServerOptions fixedPace()
{
    SimServerOptions o;
    o.tokenSeconds = 0.005;
    o.firstTokenSeconds = 0.002;
    return o;
}

// vLLM-style text whose running gauge is the scrape's number and a counter that grows.
std::string vllmText(int n)
{
    return "# HELP vllm:num_requests_running Number of requests in model execution batches.\n"
           "# TYPE vllm:num_requests_running gauge\n"
           "vllm:num_requests_running{model_name=\"m\"} "
        + std::to_string(n)
        + "\n# TYPE vllm:num_requests_waiting gauge\nvllm:num_requests_waiting{model_name=\"m\"} 0\n"
        + "# TYPE vllm:generation_tokens_total counter\nvllm:generation_tokens_total{model_name=\"m\"} "
        + std::to_string(10 * n)
        + "\n# TYPE vllm:kv_cache_usage_perc gauge\nvllm:kv_cache_usage_perc{model_name=\"m\"} 0.5\n"
        + "constant_series{a=\"b\"} 42\n";
}

struct Run {
    ReplayResult result;
    std::vector<ScrapeRecord> scrapes;
    std::vector<std::string> notes;
};

Run replayWithScrape(const SimServer& server, const Trace& trace, ScrapeOptions scrape)
{
    ReplayOptions o;
    o.target = "http://127.0.0.1:" + std::to_string(server.port());
    o.backend = Backend::OpenAiCompletions;
    o.scrape = std::move(scrape);
    o.scrape.enabled = true;
    Run run;
    ReplayObserver obs;
    obs.onScrape = [&](const ScrapeRecord& r) { run.scrapes.push_back(r); };
    obs.onNote = [&](const std::string& n) { run.notes.push_back(n); };
    run.result = runReplay(trace, o, obs);
    return run;
}

void checkRequestsCompleted(const ReplayResult& r, std::size_t n)
{
    QCOMPARE(r.records.size(), n);
    for (const auto& rec : r.records)
        QVERIFY2(rec.outcome == Outcome::Completed, (rec.errorKind + ": " + rec.error).c_str());
}

// The run's notes other than the dispatcher's lateness note, which a loaded machine may add to any run.
std::vector<std::string> scrapeNotes(const std::vector<std::string>& all)
{
    std::vector<std::string> out;
    for (const auto& n : all)
        if (n.rfind("The schedule timer fired late", 0) != 0)
            out.push_back(n);
    return out;
}

} // namespace

class TestReplayScrape : public QObject {
    Q_OBJECT
private slots:
    void scrapesOnTheRunClock()
    {
        SimServer server(fixedPace());
        server.start();
        std::atomic<int> n { 0 };
        CannedHttpServer metrics([&](const std::string&) {
            CannedAnswer a;
            a.body = vllmText(++n);
            return a;
        });
        ScrapeOptions s;
        s.url = metrics.url();
        s.interval = 0.1;
        s.keyframeEvery = 4;
        const Trace trace = makeTrace(60, 0.02, 5); // ~1.2 s
        const auto run = replayWithScrape(server, trace, s);
        checkRequestsCompleted(run.result, 60);
        const auto& samples = run.result.serverSamples;
        QVERIFY2(samples.size() >= 8, std::to_string(samples.size()).c_str()); // ~1.2 s / 0.1 s + the final one
        QCOMPARE(run.scrapes.size(), samples.size());
        QCOMPARE(samples.size(), std::size_t(metrics.requests()));
        double last = -1;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            const auto& x = samples[i];
            QVERIFY(x.ok);
            QCOMPARE(x.system, std::string("vllm"));
            QCOMPARE(x.running, double(i + 1)); // scrape i saw the i+1-th answer: one connection, in order
            QCOMPARE(x.kvUsage, 0.5);
            QVERIFY(x.t > last && x.tEnd >= x.t);
            QVERIFY(x.t <= run.result.wallSeconds);
            last = x.t;
            // Keyframes list every series; the lines between list what changed (not the constant).
            const auto& line = run.scrapes[i].line;
            QCOMPARE(line["full"].get<bool>(), i % 4 == 0);
            QCOMPARE(line["series"].contains("constant_series{a=\"b\"}"), i % 4 == 0);
            QVERIFY(line["series"].contains("vllm:num_requests_running{model_name=\"m\"}"));
            QCOMPARE(line["series_total"].get<int>(), 5);
            QCOMPARE(line["t_s"].get<double>(), x.t);
        }
        QVERIFY(scrapeNotes(run.notes).empty());
        const auto summary = summarizeServerMetrics(samples);
        QCOMPARE(summary["running"]["max"].get<double>(), double(samples.size()));
        QCOMPARE(summary["during_run"]["generation_tokens"].get<double>(), 10.0 * double(samples.size() - 1));
    }

    // A broken endpoint: every scrape recorded with its reason, one note per reason, every
    // request completes.
    void brokenEndpoints_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("kind");
        for (const char* m : { "404", "html", "huge", "garbage", "close", "slow", "json" }) {
            const char* kind = std::string(m) == "404"                 ? "http_status"
                : std::string(m) == "html" || std::string(m) == "json" ? "not_prometheus"
                : std::string(m) == "huge"                             ? "too_large"
                : std::string(m) == "garbage"                          ? "parse"
                : std::string(m) == "slow"                             ? "timeout"
                                                                       : "response";
            QTest::newRow(m) << QString::fromLatin1(m) << QString::fromLatin1(kind);
        }
    }
    void brokenEndpoints()
    {
        QFETCH(QString, mode);
        QFETCH(QString, kind);
        SimServer server(fixedPace());
        server.start();
        const std::string huge(50u << 20, 'x');
        CannedHttpServer metrics([&](const std::string&) {
            CannedAnswer a;
            if (mode == QLatin1String("404")) {
                a.status = 404;
                a.body = "404 page not found";
            } else if (mode == QLatin1String("html")) {
                a.contentType = "text/html; charset=utf-8";
                a.body = "<html><body>Welcome</body></html>";
            } else if (mode == QLatin1String("json")) {
                a.contentType = "application/json";
                a.body = "{\"ok\":true}";
            } else if (mode == QLatin1String("huge")) {
                a.body = huge;
            } else if (mode == QLatin1String("garbage")) {
                a.contentType = "text/plain";
                a.body = "\x01\x02 not {metrics at all\n%%%\n";
            } else if (mode == QLatin1String("slow")) {
                a.body = vllmText(1);
                a.delaySeconds = 1.0;
            } else {
                a.closeWithoutAnswer = true;
            }
            return a;
        });
        ScrapeOptions s;
        s.url = metrics.url();
        s.interval = 0.1;
        s.timeout = 0.3;
        const Trace trace = makeTrace(40, 0.02, 4);
        const auto run = replayWithScrape(server, trace, s);
        checkRequestsCompleted(run.result, 40);
        QVERIFY(!run.result.serverSamples.empty());
        for (const auto& x : run.result.serverSamples) {
            QVERIFY(!x.ok);
            QCOMPARE(QString::fromStdString(x.errorKind), kind);
            QVERIFY(!x.error.empty());
            QVERIFY(x.error.size() < 400); // an excerpt, never the page
        }
        for (const auto& r : run.scrapes)
            QCOMPARE(r.line["ok"].get<bool>(), false);
        // Said once, whatever the number of failed scrapes.
        const auto notes = scrapeNotes(run.notes);
        QCOMPARE(notes.size(), std::size_t(1));
        QVERIFY2(notes[0].find(kind.toStdString()) != std::string::npos, notes[0].c_str());
        const auto summary = summarizeServerMetrics(run.result.serverSamples);
        QCOMPARE(summary["scrapes_ok"].get<int>(), 0);
        QCOMPARE(summary["scrapes_failed"][kind.toStdString()].get<std::size_t>(), run.result.serverSamples.size());
    }

    // A slow endpoint must not add lateness: the scraper waits on it on its own thread. If it
    // ran on the dispatcher, requests due during a 1.5 s scrape would be sent up to 1.5 s late.
    void slowEndpointAddsNoLateness()
    {
        SimServer server(fixedPace());
        server.start();
        CannedHttpServer metrics([&](const std::string&) {
            CannedAnswer a;
            a.body = vllmText(1);
            a.delaySeconds = 1.5;
            return a;
        });
        ScrapeOptions s;
        s.url = metrics.url();
        s.interval = 0.05;
        s.timeout = 5;
        s.finalScrape = false;
        const Trace trace = makeTrace(150, 0.02, 4); // 3 s of sends, one every 20 ms
        const auto run = replayWithScrape(server, trace, s);
        checkRequestsCompleted(run.result, 150);
        std::vector<double> late;
        for (const auto& r : run.result.records)
            late.push_back(r.lateness() * 1e3);
        const auto d = distributionOf(late);
        // Scrapes did happen, and took their 1.5 s each, one at a time.
        QVERIFY(run.result.serverSamples.size() >= 1 && run.result.serverSamples.size() <= 3);
        for (const auto& x : run.result.serverSamples)
            QVERIFY(x.ok && x.tEnd - x.t >= 1.4);
        // 150 ms is 10× below what a blocking scrape would cause (1500 ms); ordinary lateness on
        // this loaded machine is a few ms.
        qInfo("send lateness with a 1.5 s metrics endpoint: p50 %.3f ms, p99 %.3f ms, max %.3f ms (%zu scrapes)",
            d.median, d.p99, d.max, run.result.serverSamples.size());
        QVERIFY2(d.max < 150, (std::to_string(d.p99) + " / " + std::to_string(d.max)).c_str());
    }

    // Thousands of series and adapters: recorded up to the cap, the rest counted and said once.
    void cardinalityCapped()
    {
        SimServer server(fixedPace());
        server.start();
        std::string text = vllmText(1);
        for (int i = 0; i < 3000; ++i)
            text += "per_adapter_requests{adapter=\"adapter-" + std::to_string(i) + "\"} " + std::to_string(i) + "\n";
        std::string names;
        for (int i = 0; i < 4000; ++i)
            names += (i ? std::string(",") : std::string()) + "adapter-" + std::to_string(i);
        text += "vllm:lora_requests_info{max_lora=\"16\",running_lora_adapters=\"" + names
            + "\",waiting_lora_adapters=\"\"} 5\n";
        CannedHttpServer metrics([&](const std::string&) {
            CannedAnswer a;
            a.body = text;
            return a;
        });
        ScrapeOptions s;
        s.url = metrics.url();
        s.interval = 0.1;
        s.maxSeries = 1000;
        const auto run = replayWithScrape(server, makeTrace(20, 0.02, 3), s);
        checkRequestsCompleted(run.result, 20);
        QVERIFY(!run.scrapes.empty());
        for (const auto& r : run.scrapes) {
            QVERIFY(r.line["ok"].get<bool>());
            QCOMPARE(r.line["series_total"].get<int>(), 3006);
            QCOMPARE(r.line["series_dropped"].get<int>(), 2006);
            QVERIFY(r.line["series"].size() <= 1000);
            QCOMPARE(r.sample.runningAdapterCount, std::size_t(4000));
            QCOMPARE(r.sample.runningAdapters.size(), kMaxSampleAdapters);
            QCOMPARE(r.sample.maxLora, 16.0);
        }
        QCOMPARE(scrapeNotes(run.notes).size(), std::size_t(1));
        QVERIFY(scrapeNotes(run.notes)[0].find("cap of 1000") != std::string::npos);
    }

    // A bad --metrics-url is refused before the run, naming the option.
    void badMetricsUrlRefused()
    {
        SimServer server(fixedPace());
        server.start();
        ReplayOptions o;
        o.target = "http://127.0.0.1:" + std::to_string(server.port());
        o.scrape.enabled = true;
        for (const char* url :
            { "http://127.0.0.1:99999/metrics", "ftp://x/metrics", "http://nonexistent.invalid/metrics" }) {
            o.scrape.url = url;
            try {
                Replayer r(makeTrace(2, 0.01, 2), o);
                QFAIL(url);
            } catch (const InputError& e) {
                QCOMPARE(e.field(), std::string("--metrics-url"));
            }
        }
        o.scrape.url.clear();
        o.scrape.interval = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, Replayer(makeTrace(2, 0.01, 2), o));
    }
};

QTEST_GUILESS_MAIN(TestReplayScrape)
#include "tst_replayscrape.moc"
