// SPDX-License-Identifier: Apache-2.0
// The replay's own client metrics in Prometheus format (`replay --metrics-port`, docs/replay.md): what
// /metrics serves after a replay against the simulated server equals the run's records, in text
// that LoraScope's strict parser and (when installed) Prometheus's `promtool check metrics`
// accept; adapter labels are capped; the CLI serves it during the run and its linger, and a port
// that is taken is refused before any output.

#include "replay/exporter.h"
#include "replay/prometheus.h"
#include "server/simserver.h"
#include "util/error.h"

#include "../cli/clitestutil.h"
#include "../core/testutil.h"
#include "cannedhttp.h"

#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include <signal.h>

using namespace lorascope;
using lorascope::test::q;

namespace {

Trace makeTrace(std::size_t n, std::uint32_t adapters)
{
    Trace t;
    for (std::uint32_t a = 0; a < adapters; ++a)
        t.adapters.push_back({ std::string("ad-") + std::to_string(a), 8 });
    for (std::size_t i = 0; i < n; ++i)
        t.requests.push_back(Request { double(i) * 0.002, std::uint32_t(i % adapters), 4, 3 });
    return t;
}

double value(const PromText& t, const std::string& key)
{
    for (const auto& s : t.samples)
        if (promSeriesKey(s) == key)
            return s.value;
    return NAN;
}

} // namespace

class TestReplayExporter : public QObject {
    Q_OBJECT
private slots:
    void servesWhatTheRunRecorded()
    {
        SimServerOptions so;
        so.tokenSeconds = 0.002;
        so.faults.errorRate = 0.2;
        so.faults.seed = 3;
        SimServer server(so);
        server.start();
        ExporterOptions eo;
        eo.maxAdapterLabels = 3; // 5 adapters: two of them go to __other__
        eo.backend = "slora";
        eo.shard = "0/1";
        ClientMetricsExporter exporter(eo);
        QVERIFY(exporter.port() != 0);
        ReplayOptions o;
        o.target = "http://127.0.0.1:" + std::to_string(server.port());
        ReplayObserver obs;
        // The exporter names the first maxAdapterLabels adapters it sees (in the order their records
        // end, which a slow machine can change), the others are "__other__".
        std::vector<std::string> seen;
        obs.onRecord = [&](const ReplayRecord& r) {
            if (std::find(seen.begin(), seen.end(), r.adapter) == seen.end())
                seen.push_back(r.adapter);
            exporter.onRecord(r);
        };
        obs.onStatus = [&](const ReplayStatus& s) { exporter.onStatus(s); };
        const auto result = runReplay(makeTrace(50, 5), o, obs);
        int status = 0;
        const std::string text = test::httpGet(exporter.port(), "/metrics", &status);
        QCOMPARE(status, 200);
        PromParseOptions po;
        po.strict = true;
        const auto t = parsePrometheusText(text, po);
        // Counters equal the records, per adapter label.
        std::map<std::string, int> completed, failed;
        int tokens = 0;
        for (const auto& r : result.records) {
            const auto at = std::find(seen.begin(), seen.end(), r.adapter);
            const std::string label = at - seen.begin() < 3 ? r.adapter : "__other__";
            if (r.outcome == Outcome::Completed) {
                ++completed[label];
                tokens += int(r.outputTokens());
            } else {
                ++failed[label + "|" + r.errorKind];
            }
        }
        QVERIFY(!failed.empty());
        for (const auto& [a, n] : completed)
            QCOMPARE(value(t, "lorascope_replay_requests_completed_total{adapter=\"" + a + "\"}"), double(n));
        for (const auto& [k, n] : failed) {
            const auto bar = k.find('|');
            QCOMPARE(value(t,
                         "lorascope_replay_requests_failed_total{adapter=\"" + k.substr(0, bar) + "\",kind=\""
                             + k.substr(bar + 1) + "\"}"),
                double(n));
        }
        QCOMPARE(value(t, "lorascope_replay_requests_sent_total"), 50.0);
        QCOMPARE(value(t, "lorascope_replay_requests_planned"), 50.0);
        QCOMPARE(value(t, "lorascope_replay_requests_in_flight"), 0.0);
        QCOMPARE(value(t, "lorascope_replay_send_lateness_seconds_count"), 50.0);
        double tokenSum = 0, ttftCount = 0;
        for (const auto& s : t.samples) {
            if (s.name == "lorascope_replay_output_tokens_total")
                tokenSum += s.value;
            if (s.name == "lorascope_replay_ttft_seconds_count")
                ttftCount += s.value;
        }
        QCOMPARE(tokenSum, double(tokens));
        int totalCompleted = 0;
        for (const auto& [a, n] : completed)
            totalCompleted += n;
        QCOMPARE(ttftCount, double(totalCompleted));
        QCOMPARE(value(t, "lorascope_replay_info{backend=\"slora\",shard=\"0/1\",target=\"\",version=\"\"}"), 1.0);
        // Four distinct adapter labels at most: 3 names + __other__.
        std::set<std::string> labels;
        for (const auto& s : t.samples)
            if (const auto* a = s.label("adapter"))
                labels.insert(*a);
        QCOMPARE(labels.size(), std::size_t(4));
        // Prometheus's own linter, when installed (Debian package prometheus).
        const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
        if (!promtool.isEmpty()) {
            QProcess p;
            p.start(promtool, { QStringLiteral("check"), QStringLiteral("metrics") });
            p.write(QByteArray::fromStdString(text));
            p.closeWriteChannel();
            QVERIFY(p.waitForFinished(30000));
            QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        } else {
            qInfo("promtool not installed: the exposition was checked by LoraScope's strict parser only");
        }
    }

    // The CLI: URL on stderr, served while the run lingers, Ctrl-C ends the linger; a port in use
    // is refused before any output.
    void cliServesDuringLinger()
    {
        test::TempDir dir;
        SimServerOptions so;
        so.tokenSeconds = 0.002;
        SimServer server(so);
        server.start();
        test::writeText(
            dir.file("t.csv"), "id,time_s,adapter,rank,input_len,output_len\n0,0,a,8,10,3\n1,0.01,b,8,5,2\n");
        const QStringList base = { QStringLiteral("replay"), q(dir.file("t.csv")), QStringLiteral("--backend"),
            QStringLiteral("slora"), QStringLiteral("--target"), q("http://127.0.0.1:" + std::to_string(server.port())),
            QStringLiteral("--quiet"), QStringLiteral("--no-metrics") };
        QProcess p;
        p.start(QStringLiteral(LORASCOPE_CLI_PATH),
            base
                + QStringList { QStringLiteral("--out"), q(dir.file("r")), QStringLiteral("--metrics-port"),
                    QStringLiteral("0"), QStringLiteral("--metrics-linger"), QStringLiteral("60") });
        QVERIFY(p.waitForStarted(10000));
        // Wait for the summary (the run is over, the linger has begun).
        for (int i = 0; i < 400 && !std::filesystem::exists(dir.file("r/summary.json")); ++i)
            QTest::qWait(50);
        QVERIFY(std::filesystem::exists(dir.file("r/summary.json")));
        QTest::qWait(200);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        const auto at = err.indexOf(QLatin1String("client metrics at http://127.0.0.1:"));
        QVERIFY2(at >= 0, qPrintable(err));
        const int port = err.mid(at + 35).section(QLatin1Char('/'), 0, 0).toInt();
        QVERIFY(port > 0);
        const auto t = parsePrometheusText(test::httpGet(std::uint16_t(port), "/metrics"));
        double completed = 0;
        for (const auto& s : t.samples)
            if (s.name == "lorascope_replay_requests_completed_total")
                completed += s.value;
        QCOMPARE(completed, 2.0);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY2(p.waitForFinished(10000), "Ctrl-C did not end the linger");
        QCOMPARE(p.exitCode(), 0);

        // A port that is taken: refused, nothing written.
        test::CannedHttpServer taken([](const std::string&) { return test::CannedAnswer {}; });
        const auto run = test::cli(base
            + QStringList { QStringLiteral("--out"), q(dir.file("r2")), QStringLiteral("--metrics-port"),
                QString::number(taken.port()) });
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains(QLatin1String("--metrics-port: cannot listen on 127.0.0.1:")), qPrintable(run.err));
        QVERIFY(!std::filesystem::exists(dir.file("r2")));
    }
};

QTEST_GUILESS_MAIN(TestReplayExporter)
#include "tst_replayexporter.moc"
