// SPDX-License-Identifier: Apache-2.0
// The Prometheus text exposition parser (core/replay/prometheus) on hand-written cases and on
// real exposition text LoraScope did not write (Prometheus 2.42's and node-exporter 1.5's own
// /metrics, captured from Debian's packages), and the mapping of serving systems' metric names
// to LoraScope's quantities (core/replay/servermap) with values worked out by hand.

#include "replay/prometheus.h"
#include "replay/servermap.h"
#include "server/servermetrics.h"
#include "util/error.h"

#include "testutil.h"

#include <QtTest>

#include <cmath>
#include <filesystem>

using namespace lorascope;

namespace {

PromText strict(const std::string& text)
{
    PromParseOptions o;
    o.strict = true;
    o.source = "test";
    return parsePrometheusText(text, o);
}

// The sample of that series key, or nullptr.
const PromSample* byKey(const PromText& t, const std::string& key)
{
    for (const auto& s : t.samples)
        if (promSeriesKey(s) == key)
            return &s;
    return nullptr;
}

std::size_t sampleLines(const std::string& text)
{
    std::size_t n = 0, start = 0;
    while (start < text.size()) {
        auto nl = text.find('\n', start);
        if (nl == std::string::npos)
            nl = text.size();
        const auto line = text.substr(start, nl - start);
        if (!line.empty() && line[0] != '#')
            ++n;
        start = nl + 1;
    }
    return n;
}

} // namespace

class TestPrometheus : public QObject {
    Q_OBJECT
private slots:
    void familiesHelpTypeAndValues()
    {
        const auto t = strict("# HELP http_requests_total The total number of HTTP requests.\n"
                              "# TYPE http_requests_total counter\n"
                              "http_requests_total{method=\"post\",code=\"200\"} 1027 1395066363000\n"
                              "http_requests_total{method=\"post\",code=\"400\"}    3 1395066363000\n"
                              "\n"
                              "# Escaping in label values:\n"
                              "msdos_file_access_time_seconds{path=\"C:\\\\DIR\\\\FILE.TXT\",error=\"Cannot find "
                              "file:\\n\\\"FILE.TXT\\\"\"} 1.458255915e9\n"
                              "# Minimalistic line:\n"
                              "metric_without_timestamp_and_labels 12.47\n"
                              "# A weird metric from before the epoch:\n"
                              "something_weird{problem=\"division by zero\"} +Inf -3982045\n"
                              "# HELP help_escapes A backslash \\\\ and a newline \\n in help.\n"
                              "# TYPE help_escapes gauge\n"
                              "help_escapes -Inf\n"
                              "nan_value NaN\n"
                              "tabs\t{a=\"1\"}\t7\n");
        QCOMPARE(t.errorCount, std::size_t(0));
        QCOMPARE(t.samples.size(), std::size_t(8));
        const auto* f = t.family("http_requests_total");
        QVERIFY(f);
        QCOMPARE(f->type, PromType::Counter);
        QCOMPARE(f->help, std::string("The total number of HTTP requests."));
        QCOMPARE(f->samples.size(), std::size_t(2));
        const auto& r = t.samples[0];
        QCOMPARE(r.value, 1027.0);
        QCOMPARE(*r.timestampMs, std::int64_t(1395066363000));
        QCOMPARE(*r.label("code"), std::string("200"));
        QCOMPARE(t.samples[1].value, 3.0);
        const auto& m = t.samples[2];
        QCOMPARE(*m.label("path"), std::string("C:\\DIR\\FILE.TXT"));
        QCOMPARE(*m.label("error"), std::string("Cannot find file:\n\"FILE.TXT\""));
        QCOMPARE(m.value, 1.458255915e9);
        QVERIFY(std::isinf(t.samples[4].value) && t.samples[4].value > 0);
        QCOMPARE(*t.samples[4].timestampMs, std::int64_t(-3982045));
        QCOMPARE(t.family("help_escapes")->help, std::string("A backslash \\ and a newline \n in help."));
        QVERIFY(std::isinf(t.samples[5].value) && t.samples[5].value < 0);
        QVERIFY(std::isnan(byKey(t, "nan_value")->value));
        QCOMPARE(byKey(t, "tabs{a=\"1\"}")->value, 7.0);
        // Keys sort labels and escape values again.
        QCOMPARE(promSeriesKey(m),
            std::string("msdos_file_access_time_seconds{error=\"Cannot find "
                        "file:\\n\\\"FILE.TXT\\\"\",path=\"C:\\\\DIR\\\\FILE.TXT\"}"));
    }

    void histogramsSummariesExemplars()
    {
        const auto t
            = strict("# TYPE rpc_duration_seconds summary\n"
                     "rpc_duration_seconds{quantile=\"0.01\"} 3102\n"
                     "rpc_duration_seconds{quantile=\"0.99\"} 76656\n"
                     "rpc_duration_seconds_sum 1.7560473e+07\n"
                     "rpc_duration_seconds_count 2693\n"
                     "# TYPE http_request_duration_seconds histogram\n"
                     "http_request_duration_seconds_bucket{le=\"0.05\"} 24054 # {trace_id=\"KOO5S4vxi0o\"} 0.04 1.6e9\n"
                     "http_request_duration_seconds_bucket{le=\"+Inf\",} 144320\n"
                     "http_request_duration_seconds_sum 53423\n"
                     "http_request_duration_seconds_count 144320\n"
                     "http_request_duration_seconds_created 1.6e9\n"
                     "# TYPE foo counter\n"
                     "foo_total 17.0 1520879607.789\n"
                     "# EOF\n"
                     "ignored_after_eof 1\n");
        QCOMPARE(t.samples.size(), std::size_t(10));
        const auto* s = t.family("rpc_duration_seconds");
        QCOMPARE(s->type, PromType::Summary);
        QCOMPARE(s->samples.size(), std::size_t(4));
        const auto* h = t.family("http_request_duration_seconds");
        QCOMPARE(h->type, PromType::Histogram);
        QCOMPARE(h->samples.size(), std::size_t(5)); // buckets, sum, count, created
        QCOMPARE(*t.samples[h->samples[1]].label("le"), std::string("+Inf"));
        // OpenMetrics counter: TYPE foo, sample foo_total, float seconds timestamp → ms.
        QCOMPARE(t.family("foo")->samples.size(), std::size_t(1));
        QCOMPARE(*t.samples.back().timestampMs, std::int64_t(1520879607789));
        QVERIFY(!t.family("ignored_after_eof"));
    }

    void badLines_data()
    {
        QTest::addColumn<QByteArray>("text"); // bytes: some rows are not valid UTF-8
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("why");
        const auto row = [](const char* name, const char* text, int line, const char* why) {
            QTest::newRow(name) << QByteArray(text) << line << QString::fromUtf8(why);
        };
        row("no value", "a 1\nb\n", 2, "no value for 'b'");
        row("bad value", "a one\n", 1, "invalid value 'one'");
        row("bad name", "1a 1\n", 1, "invalid metric name");
        row("unterminated labels", "a{b=\"c\" 1\n", 1, "expected ',' or '}'");
        row("unterminated value", "a{b=\"c} 1\n", 1, "unterminated value");
        row("bad escape", "a{b=\"\\t\"} 1\n", 1, "invalid escape");
        row("duplicate label", "a{b=\"1\",b=\"2\"} 1\n", 1, "given twice");
        row("no quote", "a{b=c} 1\n", 1, "expected '\"'");
        row("bad label name", "a{1b=\"c\"} 1\n", 1, "invalid label name");
        row("trailing text", "a 1 2 3\n", 1, "unexpected text");
        row("bad timestamp", "a 1 soon\n", 1, "invalid timestamp");
        row("second type", "# TYPE a gauge\n# TYPE a counter\n", 2, "second TYPE");
        row("second help", "# HELP a x\n# HELP a y\n", 2, "second HELP");
        row("unknown type", "# TYPE a thing\n", 1, "unknown metric type");
        row("type after samples", "a 1\n# TYPE a gauge\n", 2, "after its samples");
        row("bucket without le", "# TYPE h histogram\nh_bucket{x=\"1\"} 1\n", 2, "\"le\"");
        row("summary without quantile", "# TYPE s summary\ns 1\n", 2, "\"quantile\"");
        row("invalid utf8", "a{b=\"\xff\"} 1\n", 1, "UTF-8");
        row("html", "<html><body>Not found</body></html>\n", 1, "metric name");
        row("hash without exemplar", "a 1 #x\n", 1, "exemplar");
        row("no space before value", "a{b=\"c\"}1\n", 1, "expected a space");
    }
    void badLines()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(QString, why);
        const std::string s = text.toStdString();
        try {
            strict(s);
            QFAIL("strict parse accepted it");
        } catch (const InputError& e) {
            QCOMPARE(e.line(), std::uint64_t(line));
            QVERIFY2(QString::fromStdString(e.what()).contains(why), e.what());
            QCOMPARE(e.file(), std::string("test"));
        }
        // Lenient: the same line is reported, never thrown.
        const auto t = parsePrometheusText(s);
        QVERIFY(t.errorCount >= 1);
        QCOMPARE(t.errors.front().line, std::size_t(line));
    }

    void lenientKeepsTheGoodLines()
    {
        const auto t = parsePrometheusText("good 1\nbad{ 2\nalso_good{x=\"y\"} 3\n");
        QCOMPARE(t.samples.size(), std::size_t(2));
        QCOMPARE(t.errorCount, std::size_t(1));
        QCOMPARE(t.errors[0].line, std::size_t(2));
        QCOMPARE(byKey(t, "also_good{x=\"y\"}")->value, 3.0);
    }

    void capsBoundMemory()
    {
        // Thousands of series and a megabyte label value: kept up to the caps, the rest counted.
        std::string text;
        for (int i = 0; i < 5000; ++i)
            text += "s{i=\"" + std::to_string(i) + "\"} " + std::to_string(i) + "\n";
        text += "long{v=\"" + std::string(100000, 'x') + "\"} 1\n";
        PromParseOptions o;
        o.maxSamples = 1000;
        o.maxLabelValueBytes = 4096;
        const auto t = parsePrometheusText(text, o);
        QCOMPARE(t.samples.size(), std::size_t(1000));
        QCOMPARE(t.droppedSamples, std::size_t(4001));
        o.maxSamples = 10000;
        const auto u = parsePrometheusText(text, o);
        QCOMPARE(u.truncatedLabels, std::size_t(1));
        QCOMPARE(u.samples.back().labels[0].second.size(), std::size_t(4096));
    }

    // Real exposition text: every sample line parsed strictly, values as in the text.
    void realExposition_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("prometheus 2.42") << QStringLiteral("prometheus-2.42.txt");
        QTest::newRow("node-exporter 1.5") << QStringLiteral("node-exporter-1.5.txt");
    }
    void realExposition()
    {
        QFETCH(QString, file);
        const std::string path = std::string(LORASCOPE_TEST_DATA) + "/prometheus/" + file.toStdString();
        const std::string text = test::readText(path);
        QVERIFY(!text.empty());
        const auto t = strict(text);
        QCOMPARE(t.samples.size(), sampleLines(text));
        QVERIFY(t.samples.size() > 200);
        std::size_t histograms = 0, summaries = 0;
        for (const auto& f : t.families) {
            histograms += f.type == PromType::Histogram;
            summaries += f.type == PromType::Summary;
            QVERIFY2(!f.samples.empty() || f.type != PromType::Untyped, f.name.c_str());
        }
        QVERIFY(summaries > 0); // go_gc_duration_seconds in both
        if (file.startsWith(QLatin1String("prometheus")))
            QVERIFY(histograms > 0);
        // Each sample's value equals the number as written on its line.
        std::vector<std::string> lines;
        std::size_t start = 0;
        while (start < text.size()) {
            auto nl = text.find('\n', start);
            lines.push_back(text.substr(start, nl - start));
            if (nl == std::string::npos)
                break;
            start = nl + 1;
        }
        for (const auto& s : t.samples) {
            const auto& line = lines.at(s.line - 1);
            const auto value = line.substr(line.rfind(' ') + 1);
            const double v = value == "NaN" || value == "Nan" ? NAN : std::strtod(value.c_str(), nullptr);
            QVERIFY2((std::isnan(v) && std::isnan(s.value)) || v == s.value, line.c_str());
        }
    }

    void mapVllm()
    {
        const auto t = strict(test::readText(std::string(LORASCOPE_TEST_DATA) + "/prometheus/vllm-like.txt"));
        const auto s = mapServerMetrics(t);
        QCOMPARE(s.system, std::string("vllm"));
        QCOMPARE(s.running, 7.0); // 3 + 4 over the two engines
        QCOMPARE(s.waiting, 2.0);
        QCOMPARE(s.kvUsage, 0.5); // mean of 0.25 and 0.75
        QCOMPARE(s.promptTokensTotal, 1234.0);
        QCOMPARE(s.generationTokensTotal, 5000.0);
        QCOMPARE(s.requestsFinishedTotal, 42.0);
        QCOMPARE(s.preemptionsTotal, 1.0);
        QCOMPARE(s.maxLora, 4.0);
        // The latest LoRA info series (largest value): running sql-lora, chat-lora; waiting code-lora.
        QVERIFY(s.adapterListsKnown);
        QCOMPARE(s.runningAdapters, (std::vector<std::string> { "sql-lora", "chat-lora" }));
        QCOMPARE(s.waitingAdapters, (std::vector<std::string> { "code-lora" }));
        QCOMPARE(s.ttft.le.size(), std::size_t(4));
        QCOMPARE(s.ttft.counts.back(), 42.0);
        const auto back = serverSampleFromJson(serverSampleToJson(s));
        QCOMPARE(back.running, s.running);
        QCOMPARE(back.runningAdapters, s.runningAdapters);
        QCOMPARE(back.ttft.le, s.ttft.le);
    }

    void mapSglangTgiAndUnknown()
    {
        auto s = mapServerMetrics(
            strict("sglang:num_running_reqs{model_name=\"m\"} 5\nsglang:num_queue_reqs{model_name=\"m\"} 6\n"
                   "sglang:token_usage{model_name=\"m\"} 0.3\n"));
        QCOMPARE(s.system, std::string("sglang"));
        QCOMPARE(s.running, 5.0);
        QCOMPARE(s.waiting, 6.0);
        QCOMPARE(s.kvUsage, 0.3);
        s = mapServerMetrics(
            strict("# TYPE tgi_batch_current_size gauge\ntgi_batch_current_size 4\ntgi_queue_size 7\n"
                   "# TYPE tgi_request_generated_tokens histogram\ntgi_request_generated_tokens_bucket{le=\"+Inf\"} 2\n"
                   "tgi_request_generated_tokens_sum 8123\ntgi_request_generated_tokens_count 2\n"));
        QCOMPARE(s.system, std::string("tgi"));
        QCOMPARE(s.running, 4.0);
        QCOMPARE(s.waiting, 7.0);
        QCOMPARE(s.generationTokensTotal, 8123.0);
        QVERIFY(std::isnan(s.kvUsage));
        s = mapServerMetrics(strict("lorax_batch_current_size 2\n"));
        QCOMPARE(s.system, std::string("lorax"));
        s = mapServerMetrics(strict("whatever_metric 1\n"));
        QCOMPARE(s.system, std::string());
        QVERIFY(std::isnan(s.running));
    }

    // serve-sim's own extras (adapters resident, loads/unloads, KV tokens) from the exposition its
    // ServerMetrics really writes: they are named without colons, and the mapping used to look
    // for the colon spellings only, so these quantities were never read from serve-sim.
    void mapServeSimExtras()
    {
        MetricsSetup setup;
        setup.modelName = "sim";
        setup.maxLora = 4;
        ServerMetrics m(setup);
        EngineGauges g;
        g.running = 3;
        g.waiting = 1;
        g.kvUsed = 1200;
        g.kvCapacity = 4800;
        g.residentAdapters = 2;
        m.setScheduler(g);
        m.addAdapterLoads(5);
        m.addAdapterUnloads(3);
        const auto s = mapServerMetrics(strict(m.exposition()));
        QCOMPARE(s.system, std::string("vllm"));
        QCOMPARE(s.running, 3.0);
        QCOMPARE(s.waiting, 1.0);
        QCOMPARE(s.kvUsage, 0.25);
        QCOMPARE(s.kvUsedTokens, 1200.0);
        QCOMPARE(s.adaptersResident, 2.0);
        QCOMPARE(s.adapterLoadsTotal, 5.0);
        QCOMPARE(s.adapterUnloadsTotal, 3.0);
        QCOMPARE(s.maxLora, 4.0);
        // Older serve-sim builds spelled them with colons: still read.
        const auto old
            = mapServerMetrics(strict("lorascope:lora_adapters_resident 7\nlorascope:lora_adapter_loads_total 9\n"
                                      "lorascope:kv_cache_used_tokens 11\n"));
        QCOMPARE(old.adaptersResident, 7.0);
        QCOMPARE(old.adapterLoadsTotal, 9.0);
        QCOMPARE(old.kvUsedTokens, 11.0);
    }

    // A server's "le" labels are untrusted: "NaN" as a std::map key broke its ordering, and "abc"
    // read as a bound of 0. Both are left out; real bounds and +Inf stay.
    void badBucketBoundsLeftOut()
    {
        PromParseOptions o; // lenient, as the scraper reads
        const auto t
            = parsePrometheusText("# TYPE vllm:time_to_first_token_seconds histogram\n"
                                  "vllm:time_to_first_token_seconds_bucket{le=\"0.5\"} 1\n"
                                  "vllm:time_to_first_token_seconds_bucket{le=\"NaN\"} 2\n"
                                  "vllm:time_to_first_token_seconds_bucket{le=\"abc\"} 3\n"
                                  "vllm:time_to_first_token_seconds_bucket{le=\"1e400x\"} 3\n"
                                  "vllm:time_to_first_token_seconds_bucket{le=\"+Inf\"} 4\n"
                                  "vllm:time_to_first_token_seconds_sum 1\nvllm:time_to_first_token_seconds_count 4\n",
                o);
        const auto s = mapServerMetrics(t);
        QCOMPARE(s.ttft.le, (std::vector<double> { 0.5, INFINITY }));
        QCOMPARE(s.ttft.counts, (std::vector<double> { 1, 4 }));
    }

    void thousandsOfAdaptersCapped()
    {
        std::string running;
        for (int i = 0; i < 5000; ++i)
            running += (i ? std::string(",") : std::string()) + "adapter-" + std::to_string(i);
        const auto s = mapServerMetrics(strict("vllm:lora_requests_info{max_lora=\"8\",running_lora_adapters=\""
            + running + "\",waiting_lora_adapters=\"\"} 1\n"));
        QCOMPARE(s.runningAdapterCount, std::size_t(5000));
        QCOMPARE(s.runningAdapters.size(), kMaxSampleAdapters);
        QCOMPARE(s.waitingAdapterCount, std::size_t(0));
    }

    void histogramQuantiles()
    {
        // Increase: buckets ≤0.1: 10, ≤0.5: 30, ≤1: 40, +Inf: 40 (cumulative).
        ServerHistogram a { { 0.1, 0.5, 1.0, INFINITY }, { 0, 0, 0, 0 } };
        ServerHistogram b { { 0.1, 0.5, 1.0, INFINITY }, { 10, 30, 40, 40 } };
        // Median: rank 20, in (0.1, 0.5] with 10 below and 20 in it → 0.1 + 0.4·10/20 = 0.3.
        QCOMPARE(histogramQuantile(0.5, a, b), 0.3);
        // p90: rank 36 in (0.5, 1] with 30 below, 10 in it → 0.5 + 0.5·6/10 = 0.8.
        QVERIFY(std::abs(histogramQuantile(0.9, a, b) - 0.8) < 1e-12);
        // p10: rank 4 in the first bucket → 0 + 0.1·4/10.
        QVERIFY(std::abs(histogramQuantile(0.1, a, b) - 0.04) < 1e-12);
        // Only +Inf grew: the highest finite bound, as histogram_quantile.
        ServerHistogram c { { 0.1, 0.5, 1.0, INFINITY }, { 10, 30, 40, 50 } };
        QCOMPARE(histogramQuantile(0.99, b, c), 1.0);
        QVERIFY(std::isnan(histogramQuantile(0.5, b, b))); // no increase
    }

    void serverSummaryByHand()
    {
        std::vector<ServerSample> v(5);
        const double running[] = { 1, 4, 2, 0, 3 };
        const double kv[] = { 0.1, 0.5, 0.3, 0.2, 0.4 };
        for (int i = 0; i < 5; ++i) {
            v[i].ok = true;
            v[i].system = "vllm";
            v[i].t = i * 0.5;
            v[i].running = running[i];
            v[i].waiting = i == 1 ? 9 : 0;
            v[i].kvUsage = kv[i];
            v[i].generationTokensTotal = 100.0 + 50 * i;
            v[i].adapterListsKnown = true;
            v[i].runningAdapters = i % 2 ? std::vector<std::string> { "a", "b" } : std::vector<std::string> { "a" };
            v[i].runningAdapterCount = v[i].runningAdapters.size();
        }
        ServerSample failed;
        failed.errorKind = "timeout";
        v.push_back(failed);
        const auto s = summarizeServerMetrics(v);
        QCOMPARE(s["scrapes"].get<int>(), 6);
        QCOMPARE(s["scrapes_ok"].get<int>(), 5);
        QCOMPARE(s["scrapes_failed"]["timeout"].get<int>(), 1);
        QCOMPARE(s["running"]["max"].get<double>(), 4.0);
        QCOMPARE(s["running"]["median"].get<double>(), 2.0);
        QCOMPARE(s["waiting"]["max"].get<double>(), 9.0);
        QCOMPARE(s["kv_usage"]["median"].get<double>(), 0.3);
        QCOMPARE(s["during_run"]["generation_tokens"].get<double>(), 200.0);
        QCOMPARE(s["adapters"]["max_running_at_once"].get<int>(), 2);
        QCOMPARE(s["adapters"]["distinct_running"].get<int>(), 2);
        QCOMPARE(s["adapters"]["running_share"]["a"].get<double>(), 1.0);
        QCOMPARE(s["adapters"]["running_share"]["b"].get<double>(), 0.4);
    }

    // The kept libFuzzer corpus: lenient never throws, strict throws InputError only.
    void fuzzCorpus()
    {
        const auto dir = std::filesystem::path(LORASCOPE_FUZZ_CORPUS) / "prometheus";
        QVERIFY2(std::filesystem::is_directory(dir), dir.c_str());
        int files = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir)) {
            const auto text = test::readText(e.path().string());
            ++files;
            const auto t = parsePrometheusText(text);
            (void)mapServerMetrics(t);
            try {
                strict(text);
            } catch (const InputError&) {
            }
        }
        QVERIFY(files >= 5);
    }
};

QTEST_GUILESS_MAIN(TestPrometheus)
#include "tst_prometheus.moc"
