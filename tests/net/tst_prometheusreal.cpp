// SPDX-License-Identifier: Apache-2.0
// LoraScope with a real Prometheus server (Debian's prometheus 2.42; docs/replay.md), started and
// stopped by the test on 127.0.0.1 with ports chosen at run time:
//  - the replay's scraper reads Prometheus's own /metrics (hundreds of series, histograms,
//    summaries, label values with quotes, backslashes and newlines, which a job name puts there)
//    and every series it recorded is checked against what Prometheus itself stored from its own
//    scrapes just before and just after ours, through `promtool query instant`;
//  - Prometheus scrapes a short replay's --metrics-port and serve-sim's /metrics: the stored
//    lorascope_replay_* values equal the run's requests.jsonl, the vllm:* values equal
//    serve-sim's; and the Grafana dashboard (packaging/grafana/lorascope-replay.json) names only
//    metrics those endpoints expose, its expressions pass `promtool check rules` and return data.
// Without prometheus/promtool the tests fail (install-deps.sh installs them) unless
// LORASCOPE_TEST_WITHOUT_PROMETHEUS=1.

#include "replay/metrics.h"
#include "replay/prometheus.h"
#include "replay/scraper.h"
#include "server/simserver.h"

#include "../cli/clitestutil.h"
#include "../core/testutil.h"
#include "dashboardcheck.h"
#include "prometheusserver.h"

#include <QProcess>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>

#include <signal.h>

using namespace lorascope;
using lorascope::test::q;

namespace {

// The job name puts a quote, a backslash and a newline into label values of Prometheus's own
// metrics (config, scrape_job, dialer_name), escaped in the exposition.
const std::string kOddJob = "lorascope \"self\" \\ scrape\nline2";
const std::string kOddJobYaml = "\"lorascope \\\"self\\\" \\\\ scrape\\nline2\""; // YAML double-quoted

// Series Prometheus adds to every scrape; not in the exposition.
bool synthetic(const std::string& key)
{
    for (const char* n : { "up", "scrape_duration_seconds", "scrape_samples_scraped",
             "scrape_samples_post_metric_relabeling", "scrape_series_added" })
        if (key == n || key.rfind(std::string(n) + "{", 0) == 0)
            return true;
    return false;
}

// Value of a JSON series map entry: a number or the exposition's spelling of a non-finite one.
double seriesValue(const nlohmann::json& v)
{
    return v.is_number() ? v.get<double>() : std::strtod(v.get<std::string>().c_str(), nullptr);
}

// Times of the successful scrapes of `selector`'s target in the 5 s up to `at` (now when NaN),
// from the raw samples of `up` (a range selector returns them with their own time stamps; every
// sample of a scrape carries its time).
std::vector<double> goodScrapes(const test::PrometheusServer& p, const std::string& selector, double at = NAN)
{
    std::vector<double> times;
    const auto r = p.query("up" + selector + "[5s]", at);
    if (r.is_array())
        for (const auto& series : r)
            for (const auto& v : series.at("values"))
                if (v.at(1).get<std::string>() == "1")
                    times.push_back(v.at(0).get<double>());
    std::sort(times.begin(), times.end());
    return times;
}

// The time of the last successful scrape of `selector`'s target at or before `at`; NaN if none.
double lastGoodScrape(const test::PrometheusServer& p, const std::string& selector, double at)
{
    const auto times = goodScrapes(p, selector, at);
    return times.empty() ? NAN : times.back();
}

// Waits (up to 30 s) for a successful scrape of `selector`'s target stamped after `after`; its time or NaN.
double waitForScrapeAfter(const test::PrometheusServer& p, const std::string& selector, double after)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 30000) {
        for (const double at : goodScrapes(p, selector))
            if (at > after)
                return at;
        QTest::qWait(100);
    }
    return NAN;
}

} // namespace

class TestPrometheusReal : public QObject {
    Q_OBJECT
private slots:
    // The scraper against Prometheus's own /metrics: every series it recorded is one Prometheus
    // stored from its own scrapes around ours, with a value between the two (counters and
    // histograms grow; a series unchanged across both must equal ours exactly).
    void scraperReadsPrometheusOwnMetrics()
    {
        const auto tools = test::PrometheusTools::find();
        LORASCOPE_REQUIRE_PROMETHEUS(tools);
        test::TempDir dir;
        test::PrometheusServer prom(tools, dir.path, "250ms",
            "  - job_name: " + kOddJobYaml + "\n    static_configs:\n      - targets: [\"$SELF\"]\n");
        QVERIFY2(prom.start(), prom.log().constData());
        const std::string self = "{instance=\"127.0.0.1:" + std::to_string(prom.port()) + "\"}";
        // Let it scrape itself a few times (and serve queries, so that handler's series exist).
        // Prometheus 2.42 starts scraping up to 5 s after it is ready (the scrape manager's reload tick).
        const double first = waitForScrapeAfter(prom, self, 0);
        QVERIFY2(std::isfinite(first), prom.log().constData());
        QVERIFY2(std::isfinite(waitForScrapeAfter(prom, self, first + 0.6)), prom.log().constData());

        // Our scrape: the replay's Scraper, one keyframe line listing every series.
        ScrapeOptions so;
        so.enabled = true;
        so.url = prom.url() + "/metrics";
        so.interval = 0.25;
        so.keyframeEvery = 1;
        so.finalScrape = false;
        Scraper scraper(so, parseTargetUrl(prom.url()), true, {});
        std::mutex mutex;
        std::vector<ScrapeRecord> records;
        const auto runStart = Scraper::Clock::now();
        const double wallStart = test::wallNow();
        scraper.start(runStart,
            { [&](const ScrapeRecord& r) {
                 std::lock_guard lock(mutex);
                 records.push_back(r);
             },
                {} });
        for (int i = 0; i < 200; ++i) {
            {
                std::lock_guard lock(mutex);
                if (!records.empty())
                    break;
            }
            QTest::qWait(25);
        }
        scraper.stop(false);
        QVERIFY(!records.empty());
        const auto& line = records.front().line;
        QVERIFY2(line.at("ok").get<bool>(), line.dump().c_str());
        QVERIFY2(!line.contains("parse_errors"), line.dump().c_str());
        QVERIFY(!line.contains("series_dropped"));
        const auto& series = line.at("series");
        QCOMPARE(line.at("series_total").get<std::size_t>(), series.size()); // every sample a series of its own
        QVERIFY2(series.size() > 300, qPrintable(QString::number(series.size())));
        const double ourStart = wallStart + line.at("t_s").get<double>();
        const double ourEnd = wallStart + line.at("t_end_s").get<double>();

        // Prometheus's own scrapes around ours: one that ended before ours began (a stored scrape
        // took at most the 250 ms timeout) and one that began after ours ended.
        const double t1 = lastGoodScrape(prom, self, ourStart - 0.26);
        QVERIFY(std::isfinite(t1));
        const double t2 = waitForScrapeAfter(prom, self, ourEnd);
        QVERIFY(std::isfinite(t2));
        std::string error;
        const auto before = test::resultMap(prom.query(self, t1, &error));
        QVERIFY2(!before.empty(), error.c_str());
        const auto after = test::resultMap(prom.query(self, t2, &error));
        QVERIFY2(!after.empty(), error.c_str());

        // Types, from a strict parse of the page (also checks the parser on one more real page).
        int status = 0;
        const std::string page = test::httpGet10(prom.port(), "/metrics", &status);
        QCOMPARE(status, 200);
        PromParseOptions po;
        po.strict = true;
        po.source = "prometheus /metrics";
        const auto text = parsePrometheusText(page, po);
        std::size_t sampleLines = 0;
        for (std::size_t at = 0; at < page.size();) {
            const auto end = std::min(page.find('\n', at), page.size());
            if (end > at && page[at] != '#')
                ++sampleLines;
            at = end + 1;
        }
        QCOMPARE(text.samples.size(), sampleLines);
        std::map<std::string, PromType> typeOf;
        for (const auto& s : text.samples)
            typeOf[s.name] = text.families[s.family].type;

        std::size_t exact = 0, bounded = 0, changedGauges = 0, appeared = 0;
        for (const auto& [key, v] : series.items()) {
            const double ours = seriesValue(v);
            const auto b = after.find(key);
            QVERIFY2(b != after.end(), ("our series is not in Prometheus's next scrape: " + key).c_str());
            const auto a = before.find(key);
            if (a == before.end()) {
                ++appeared; // a series that first appeared between the two scrapes
                continue;
            }
            const std::string name = key.substr(0, key.find('{'));
            const auto type = typeOf.count(name) ? typeOf[name] : PromType::Untyped;
            const bool grows = type == PromType::Counter || type == PromType::Histogram
                || (type == PromType::Summary
                    && (name.size() > 4 && (name.ends_with("_sum") || name.ends_with("_count"))));
            if (grows) {
                QVERIFY2(a->second <= ours && ours <= b->second,
                    (key + ": ours " + promFormatValue(ours) + " not within Prometheus's " + promFormatValue(a->second)
                        + " .. " + promFormatValue(b->second))
                        .c_str());
                ++bounded;
                if (a->second == b->second)
                    ++exact;
            } else if (a->second != b->second) {
                ++changedGauges;
            }
        }
        // Every series Prometheus stored before ours is one we recorded.
        for (const auto& [key, value] : before)
            if (!synthetic(key))
                QVERIFY2(series.contains(key), ("Prometheus has a series our scrape did not record: " + key).c_str());
        QVERIFY2(appeared < 10, qPrintable(QString::number(appeared)));
        QVERIFY2(bounded > 200, qPrintable(QString::number(bounded)));
        qInfo("%zu series: %zu counter/histogram values within Prometheus's scrapes around ours (%zu of them "
              "unchanged, so "
              "equal), %zu gauges changed meanwhile, %zu series new",
            std::size_t(series.size()), bounded, exact, changedGauges, appeared);

        // A few by name, through PromQL's own escapes, equal to ours exactly.
        const std::string odd = "lorascope \\\"self\\\" \\\\ scrape\\nline2"; // escaped as in PromQL and the exposition
        for (const auto& [expr, key] : std::vector<std::pair<std::string, std::string>> {
                 { "prometheus_sd_discovered_targets{config=\"" + odd + "\",name=\"scrape\"}",
                     "prometheus_sd_discovered_targets{config=\"" + odd + "\",name=\"scrape\"}" },
                 { "prometheus_target_scrape_pool_targets{scrape_job=\"" + odd + "\"}",
                     "prometheus_target_scrape_pool_targets{scrape_job=\"" + odd + "\"}" },
                 { "process_start_time_seconds", "process_start_time_seconds" },
                 { "prometheus_config_last_reload_success_timestamp_seconds",
                     "prometheus_config_last_reload_success_timestamp_seconds" },
                 { "prometheus_http_request_duration_seconds_count{handler=\"/-/ready\"}",
                     "prometheus_http_request_duration_seconds_count{handler=\"/-/ready\"}" } }) {
            const auto r = prom.query(expr, t2, &error);
            QVERIFY2(r.is_array() && r.size() == 1, (expr + " " + error).c_str());
            QVERIFY2(series.contains(key), key.c_str());
            QCOMPARE(test::resultValue(r[0]), seriesValue(series.at(key)));
        }
        // The histogram and summary families arrived whole.
        QVERIFY(series.contains("prometheus_http_request_duration_seconds_bucket{handler=\"/-/ready\",le=\"+Inf\"}"));
        QVERIFY(series.contains("go_gc_duration_seconds{quantile=\"0.5\"}"));
        QVERIFY(series.contains("go_gc_duration_seconds_count"));
        QCOMPARE(test::resultMap(prom.query("up" + self, t2)).begin()->second, 1.0);
    }

    // A short replay scraped by Prometheus (its --metrics-port and serve-sim's /metrics), and the
    // Grafana dashboard checked against what Prometheus stored.
    void prometheusScrapesAReplay()
    {
        const auto tools = test::PrometheusTools::find();
        LORASCOPE_REQUIRE_PROMETHEUS(tools);
        test::TempDir dir;
        SimServerOptions so;
        so.faults.errorRate = 0.15; // some failures, so failed_total has series
        so.faults.seed = 7;
        so.cost.prefillBase = 0.01; // a forward pass takes time: ~0.25 s per request, several running at once
        so.cost.decodeBase = 0.02;
        SimServer server(so);
        server.start();
        const std::uint16_t replayPort = test::freeLoopbackPort();
        const std::string replayTarget = "127.0.0.1:" + std::to_string(replayPort);
        const std::string simTarget = "127.0.0.1:" + std::to_string(server.port());
        test::PrometheusServer prom(tools, dir.path, "200ms",
            "  - job_name: lorascope-replay\n    static_configs:\n      - targets: [\"" + replayTarget
                + "\"]\n  - job_name: serve-sim\n    static_configs:\n      - targets: [\"" + simTarget + "\"]\n");
        QVERIFY2(prom.start(), prom.log().constData());
        // Scraping has begun (up to 5 s after ready) before the replay starts.
        QVERIFY2(std::isfinite(waitForScrapeAfter(prom, "{job=\"serve-sim\"}", 0)), prom.log().constData());

        // 40 requests over 2 s on 4 adapters, one long enough for several scrapes during the run.
        const int n = 40;
        std::string csv = "id,time_s,adapter,rank,input_len,output_len\n";
        for (int i = 0; i < n; ++i)
            csv += std::to_string(i) + "," + std::to_string(i * 0.05) + ",ad-" + std::to_string(i % 4) + ",8,32,12\n";
        test::writeText(dir.file("t.csv"), csv);
        QProcess replay;
        replay.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        replay.start(QStringLiteral(LORASCOPE_CLI_PATH),
            { QStringLiteral("replay"), q(dir.file("t.csv")), QStringLiteral("--backend"),
                QStringLiteral("openai-completions"), QStringLiteral("--target"), q("http://" + simTarget),
                QStringLiteral("--out"), q(dir.file("r")), QStringLiteral("--quiet"),
                QStringLiteral("--metrics-interval"), QStringLiteral("0.2"), QStringLiteral("--metrics-port"),
                QString::number(replayPort), QStringLiteral("--metrics-linger"), QStringLiteral("120") });
        QVERIFY(replay.waitForStarted(10000));
        struct Stop {
            QProcess& p;
            ~Stop()
            {
                if (p.state() != QProcess::NotRunning) {
                    p.kill();
                    p.waitForFinished(5000);
                }
            }
        } stopReplay { replay };
        for (int i = 0;
             i < 1200 && !std::filesystem::exists(dir.file("r/summary.json")) && replay.state() == QProcess::Running;
             ++i)
            QTest::qWait(50);
        QVERIFY2(std::filesystem::exists(dir.file("r/summary.json")), "the replay did not finish");
        const double done = test::wallNow();
        // A scrape of each target after the run ended (and serve-sim's books closed), then every
        // query at one instant: the later one of the two.
        const double tReplay = waitForScrapeAfter(prom, "{job=\"lorascope-replay\"}", done);
        const double tSim = waitForScrapeAfter(prom, "{job=\"serve-sim\"}", done + 0.3);
        QVERIFY2(std::isfinite(tReplay) && std::isfinite(tSim), prom.log().constData());
        const double t = std::max(tReplay, tSim);

        // The run's records.
        std::map<std::string, int> completed, failed;
        int totalCompleted = 0;
        double outputTokens = 0;
        std::vector<double> ttfts;
        {
            std::ifstream in(dir.file("r/requests.jsonl"));
            std::string l;
            int lines = 0;
            while (std::getline(in, l)) {
                ++lines;
                const auto r = recordFromJson(nlohmann::json::parse(l));
                const std::string adapter = r.adapter.empty() ? "(base)" : r.adapter;
                if (r.outcome == Outcome::Completed) {
                    ++completed[adapter];
                    ++totalCompleted;
                    outputTokens += double(r.outputTokens());
                    ttfts.push_back(r.ttft());
                } else if (r.outcome == Outcome::Failed) {
                    ++failed["{adapter=\"" + adapter + "\",kind=\"" + r.errorKind + "\"}"];
                }
            }
            QCOMPARE(lines, n);
        }
        QVERIFY(!failed.empty());
        QVERIFY(totalCompleted > n / 2);

        std::string error;
        const auto one = [&](const std::string& expr) {
            const auto r = prom.query(expr, t, &error);
            return r.is_array() && r.size() == 1 ? test::resultValue(r[0]) : NAN;
        };
        const std::string rj = "{job=\"lorascope-replay\"}";
        QCOMPARE(one("lorascope_replay_requests_planned" + rj), double(n));
        QCOMPARE(one("lorascope_replay_requests_sent_total" + rj), double(n));
        QCOMPARE(one("lorascope_replay_requests_in_flight" + rj), 0.0);
        QCOMPARE(one("sum(lorascope_replay_requests_completed_total" + rj + ")"), double(totalCompleted));
        QCOMPARE(one("sum(lorascope_replay_output_tokens_total" + rj + ")"), outputTokens);
        QCOMPARE(one("sum(lorascope_replay_ttft_seconds_count" + rj + ")"), double(totalCompleted));
        QCOMPARE(one("lorascope_replay_send_lateness_seconds_count" + rj), double(n));
        const auto byAdapter
            = test::resultMap(prom.query("sum by (adapter) (lorascope_replay_requests_completed_total" + rj + ")", t));
        QCOMPARE(byAdapter.size(), completed.size());
        for (const auto& [adapter, count] : completed)
            QCOMPARE(byAdapter.at("{adapter=\"" + adapter + "\"}"), double(count));
        const auto byKind = test::resultMap(
            prom.query("sum by (adapter, kind) (lorascope_replay_requests_failed_total" + rj + ")", t));
        QCOMPARE(byKind.size(), failed.size());
        for (const auto& [key, count] : failed)
            QVERIFY2(byKind.count(key) && byKind.at(key) == double(count), key.c_str());
        // histogram_quantile over the stored buckets lands in the bucket of the order statistic
        // it estimates: buckets are 1 ms × 2^k, so within a factor of 2 of it.
        std::sort(ttfts.begin(), ttfts.end());
        for (const double qv : { 0.5, 0.99 }) {
            const double est = one("histogram_quantile(" + std::to_string(qv)
                + ", sum by (le) (lorascope_replay_ttft_seconds_bucket" + rj + "))");
            const double exact = ttfts[std::size_t(std::ceil(qv * double(ttfts.size()))) - 1];
            QVERIFY2(est > exact / 2 && est <= exact * 2,
                qPrintable(QStringLiteral("q%1: %2 vs %3").arg(qv).arg(est).arg(exact)));
        }
        // Scraped during the run, not only after it: some scrape saw part of the requests sent,
        // and serve-sim with requests running.
        QVERIFY(one("count_over_time(lorascope_replay_requests_sent_total" + rj + "[1m])") >= 3);
        QVERIFY(one("min_over_time(lorascope_replay_requests_sent_total" + rj + "[1m])") < double(n));
        QVERIFY(one("max_over_time(vllm:num_requests_running{job=\"serve-sim\"}[1m])") > 0);

        // serve-sim's values as Prometheus stored them equal the server's own page now (nothing
        // moves after the run; vllm:lora_requests_info's value is the time of the page).
        PromParseOptions po;
        po.strict = true;
        const auto simText = parsePrometheusText(server.metricsText(), po);
        std::map<std::string, double> sim;
        for (const auto& s : simText.samples)
            if (s.name.rfind("vllm:", 0) == 0 && s.name != "vllm:lora_requests_info")
                sim[promSeriesKey(s)] = s.value;
        std::map<std::string, double> stored;
        for (const auto& [key, value] : test::resultMap(prom.query("{job=\"serve-sim\",__name__=~\"vllm:.+\"}", t)))
            if (key.rfind("vllm:lora_requests_info", 0) != 0)
                stored[key] = value;
        QVERIFY(sim.size() > 50);
        QCOMPARE(stored.size(), sim.size());
        for (const auto& [key, value] : sim)
            QVERIFY2(stored.count(key) && stored.at(key) == value, key.c_str());
        QCOMPARE(one("sum(vllm:request_success_total{job=\"serve-sim\"})"), double(totalCompleted));
        QVERIFY(one("vllm:lora_requests_info{job=\"serve-sim\"}") > 0);

        // The dashboard, against the names Prometheus saw on the two endpoints.
        std::set<std::string> names;
        for (const auto& s : prom.query("count by (__name__) ({job=~\"lorascope-replay|serve-sim\"})", t))
            if (!synthetic(s.at("metric").at("__name__").get<std::string>()))
                names.insert(s.at("metric").at("__name__").get<std::string>());
        QVERIFY(names.count("lorascope_replay_ttft_seconds_bucket") && names.count("vllm:num_requests_running"));
        test::checkDashboard(std::string(LORASCOPE_SOURCE_DIR) + "/packaging/grafana/lorascope-replay.json", names,
            prom, t, tools, dir.file("rules.yml"),
            { { "replay_job", "lorascope-replay" }, { "server_job", "serve-sim" }, { "adapter", ".*" } });
        if (QTest::currentTestFailed())
            return;

        ::kill(pid_t(replay.processId()), SIGINT); // ends the linger
        QVERIFY(replay.waitForFinished(10000));
        QCOMPARE(replay.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestPrometheusReal)
#include "tst_prometheusreal.moc"
