// SPDX-License-Identifier: Apache-2.0
// The calibration loop closed on the real binaries: `serve-sim` runs a cost model the test chooses
// (hidden from the fit), `replay` measures it at three rates, `calibrate` fits the engine
// parameters on those run folders alone, and the fitted model must give back the hidden
// parameters within 10 % and preview a fresh replay at a fourth rate within 3 % (throughput and
// mean latency). The server runs 2× faster than the model's seconds to keep the test shorter.

#include "admission/costmodel.h"
#include "formats/traceio.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include "../core/testutil.h"

#include <QProcess>
#include <QtTest>

#include <signal.h>

using namespace lorascope;

namespace {

const QString kCli = QStringLiteral(LORASCOPE_CLI_PATH);
// 2×: at 4× on this 2-core machine under load 15 serve-sim lost time (its pacer catches up at most
// 50 ms; token gaps had a 180-ms p99) and ran its own model 18 % slow; at 2× it follows it within 1 %.
constexpr double kSpeed = 2;

struct Done {
    int code = -1;
    QString out, err;
};

Done runCli(const QStringList& args, int timeoutMs = 300000)
{
    QProcess p;
    p.start(kCli, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        return { -1, {}, QStringLiteral("timed out") };
    }
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, QString::fromUtf8(p.readAllStandardOutput()),
        QString::fromUtf8(p.readAllStandardError()) };
}

int startServer(QProcess& p, const QStringList& extra)
{
    p.start(kCli, QStringList { QStringLiteral("serve-sim"), QStringLiteral("--port"), QStringLiteral("0") } + extra);
    if (!p.waitForStarted(10000))
        return -1;
    for (int i = 0; i < 100 && !p.canReadLine(); ++i)
        p.waitForReadyRead(100);
    const QString line = QString::fromUtf8(p.readLine()).trimmed();
    if (!line.startsWith(QLatin1String("listening on 127.0.0.1:")))
        return -1;
    return line.section(QLatin1Char(':'), -1).toInt();
}

/// S1-style adapters (rank 8 in their names), S-LoRA's generator, one rate.
std::string writeWorkload(const test::TempDir& dir, double rate)
{
    WorkloadSpec spec = specForPreset("S1");
    spec.generator = GeneratorKind::Slora;
    spec.adapterCount = 20;
    spec.rate = rate;
    spec.duration = 30;
    spec.seed = 11;
    spec.input.lo = 256; // long enough prompts that prefill is a fair share of the first-token time
    spec.input.hi = 1280;
    spec.output.lo = 8;
    spec.output.hi = 256;
    const std::string path = dir.file("trace-" + std::to_string(int(rate * 100)) + ".jsonl");
    writeTrace(generateSlora(spec), path);
    return path;
}

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

class TestClosedLoop : public QObject {
    Q_OBJECT
private slots:
    void calibrateOnReplaysOfServeSim();
};

void TestClosedLoop::calibrateOnReplaysOfServeSim()
{
    test::TempDir dir;
    // The hidden model: llama-7b on an A10G with engine parameters away from the documented start.
    EngineParameters hidden = genericEngineParameters();
    hidden.layerOverhead = 5.0e-4; // start 8e-4
    hidden.kvEfficiency = 0.3; // start 0.5
    hidden.prefillEfficiency = 0.25; // start 0.5
    CostModel truth = deriveCostModel(*findModel("llama-7b"), *findGpu("a10g"), hidden);
    truth.name = "hidden";
    saveCostModel(truth, dir.file("hidden.json"));

    const QStringList limits { QStringLiteral("--max-total-token-num"), QStringLiteral("20000") };
    QProcess server;
    const int port = startServer(server,
        QStringList { QStringLiteral("--cost-model"), q(dir.file("hidden.json")), QStringLiteral("--speed"),
            QString::number(kSpeed), QStringLiteral("--adapter-rank"), QStringLiteral("8") }
            + limits);
    QVERIFY(port > 0);
    auto replay = [&](double rate) {
        const std::string trace = writeWorkload(dir, rate);
        const std::string out = dir.file("run-" + std::to_string(int(rate * 100)));
        const Done r = runCli({ QStringLiteral("replay"), q(trace), QStringLiteral("--target"),
            QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--backend"), QStringLiteral("slora"),
            QStringLiteral("--out"), q(out), QStringLiteral("--time-scale"), QString::number(1.0 / kSpeed),
            QStringLiteral("--quiet") });
        return std::make_pair(r, out);
    };
    std::vector<std::string> runs;
    for (double rate : { 0.4, 0.8, 1.4 }) {
        auto [r, out] = replay(rate);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        runs.push_back(out);
    }
    auto [fresh, freshOut] = replay(1.1);
    QVERIFY2(fresh.code == 0, qPrintable(fresh.err));
    ::kill(pid_t(server.processId()), SIGTERM);
    server.waitForFinished(10000);

    // The fit sees the run folders, the server's limits, its speed and the hardware description:
    // nothing of the hidden parameters but their documented starting point.
    const QStringList common
        = QStringList { QStringLiteral("--speed"), QString::number(kSpeed), QStringLiteral("--adapter-rank"),
              QStringLiteral("8"), QStringLiteral("--max-total-tokens"), QStringLiteral("20000"),
              QStringLiteral("--model"), QStringLiteral("llama-7b"), QStringLiteral("--gpu"), QStringLiteral("a10g") };
    QStringList cal { QStringLiteral("calibrate") };
    for (const auto& r : runs)
        cal << QStringLiteral("--replay") << q(r);
    cal << common << QStringLiteral("--start") << QStringLiteral("generic") << QStringLiteral("-o")
        << q(dir.file("fitted.json")) << QStringLiteral("--json") << QStringLiteral("--quiet");
    const Done c = runCli(cal);
    QVERIFY2(c.code == 0, qPrintable(c.err + c.out.left(2000)));
    const auto report = nlohmann::json::parse(c.out.toStdString());
    QVERIFY(report.at("converged").get<bool>());
    const CostModel fitted = loadCostModel(dir.file("fitted.json"));
    QVERIFY(fitted.hasParameters);
    auto within = [](double fit, double want, double tol) { return std::abs(fit / want - 1) <= tol; };
    const QString got = QStringLiteral("layer %1 kv %2 prefill %3")
                            .arg(fitted.parameters.layerOverhead)
                            .arg(fitted.parameters.kvEfficiency)
                            .arg(fitted.parameters.prefillEfficiency);
    qInfo("hidden: layer 5e-4 kv 0.3 prefill 0.25; fitted: %s, response delay %.1f ms (calibrate took %.1f s)",
        qPrintable(got), 1e3 * fitted.parameters.responseDelay, report.at("seconds").get<double>());
    QVERIFY2(within(fitted.parameters.layerOverhead, hidden.layerOverhead, 0.10), qPrintable(got));
    QVERIFY2(within(fitted.parameters.kvEfficiency, hidden.kvEfficiency, 0.10), qPrintable(got));
    QVERIFY2(within(fitted.parameters.prefillEfficiency, hidden.prefillEfficiency, 0.10), qPrintable(got));
    // The derived coefficients the preview uses follow.
    QVERIFY(within(fitted.decodeBase, truth.decodeBase, 0.10));
    QVERIFY(within(fitted.decodePerContextToken, truth.decodePerContextToken, 0.10));

    // A fresh replay at a rate the fit never saw, previewed with the fitted model.
    const Done v
        = runCli(QStringList { QStringLiteral("validate"), QStringLiteral("--cost-model"), q(dir.file("fitted.json")),
                     QStringLiteral("--replay"), q(freshOut), QStringLiteral("--json") }
            + common);
    QVERIFY2(v.code == 0, qPrintable(v.err));
    const auto val = nlohmann::json::parse(v.out.toStdString());
    const auto& row = val.at("rows").at(0);
    const double thrErr = row.at("error").at("throughput").get<double>();
    const double latErr = row.at("error").at("avg_latency").get<double>();
    qInfo("fresh replay at 1.1 req/s: measured throughput %.3f req/s, mean latency %.2f s; preview %+.2f %%, %+.2f %%",
        row.at("measured").at("throughput").get<double>(), row.at("measured").at("avg_latency").get<double>(), thrErr,
        latErr);
    QVERIFY2(std::abs(thrErr) <= 3.0, qPrintable(QString::number(thrErr)));
    QVERIFY2(std::abs(latErr) <= 3.0, qPrintable(QString::number(latErr)));
}

QTEST_GUILESS_MAIN(TestClosedLoop)
#include "tst_closedloop.moc"
