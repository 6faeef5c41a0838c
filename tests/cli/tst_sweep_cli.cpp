// SPDX-License-Identifier: Apache-2.0
// `lorascope-cli sweep` through the real binary: rows streamed to a file or standard output, CSV,
// the capacity finder's answers (text and JSON), the S-LoRA suite overlay, clear errors for bad
// ranges and parameters that do not apply, and Ctrl-C keeping the finished points.

#include "clitestutil.h"

#include "analysis/numberformat.h"
#include "sweep/sweepio.h"

#include "../core/testutil.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QtTest>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>

using namespace lorascope;
using lorascope::test::cli;

namespace {

// A cheap base: S1, 20 adapters, 40 s.
QStringList base()
{
    return { QStringLiteral("sweep"), QStringLiteral("--preset"), QStringLiteral("S1"), QStringLiteral("--adapters"),
        QStringLiteral("20"), QStringLiteral("--duration"), QStringLiteral("40"), QStringLiteral("--quiet") };
}

std::vector<nlohmann::json> jsonLines(const QString& text)
{
    std::vector<nlohmann::json> out;
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        out.push_back(nlohmann::json::parse(line.toStdString()));
    return out;
}

} // namespace

class TestSweepCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void toFile();
    void csv();
    void toStdout();
    void errors_data();
    void errors();
    void finderText();
    void finderJson();
    void finderNoneMeets();
    void finderShortTrace();
    void suiteOverlay();
    void interrupted();
};

void TestSweepCli::toFile()
{
    test::TempDir dir;
    const QString out = QString::fromStdString(dir.file("r.jsonl"));
    const auto r = cli(base() << QStringLiteral("--param") << QStringLiteral("rate") << QStringLiteral("--values")
                              << QStringLiteral("0.5,1,2") << QStringLiteral("-o") << out);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const SweepFile f = readSweepFile(out.toStdString());
    QCOMPARE(int(f.points.size()), 3);
    QCOMPARE(f.points[0].value, 0.5);
    QCOMPARE(f.points[2].spec.rate, 2.0);
    QCOMPARE(f.points[2].spec.adapterCount, 20u);
    QVERIFY(f.points[2].metrics.throughput > f.points[0].metrics.throughput);
    QVERIFY(!f.points[0].perAdapter.empty());
    // Without --quiet: a table with units and a verdict on stdout.
    const auto loud = cli(QStringList(base().mid(0, 7))
        << QStringLiteral("--param") << QStringLiteral("rate") << QStringLiteral("--values")
        << QStringLiteral("0.3,0.5") << QStringLiteral("-o") << out);
    QCOMPARE(loud.code, 0);
    QVERIFY(loud.out.contains(QStringLiteral("R (req/s)")));
    QVERIFY(loud.out.contains(QStringLiteral("largest point meeting the SLO")));
    QVERIFY(loud.out.contains(QStringLiteral("no point saturates")));
}

void TestSweepCli::csv()
{
    test::TempDir dir;
    const QString out = QString::fromStdString(dir.file("r.csv"));
    const auto r
        = cli(base() << QStringLiteral("--param") << QStringLiteral("max_total_token_num") << QStringLiteral("--range")
                     << QStringLiteral("4000:8000:2000") << QStringLiteral("--output") << out);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const std::string text = test::readText(out.toStdString());
    QVERIFY(text.rfind(sweepCsvHeader() + "\n", 0) == 0);
    const SweepFile f = readSweepFile(out.toStdString());
    QCOMPARE(int(f.points.size()), 3);
    QCOMPARE(f.param, SweepParam::MaxTotalTokenNum);
    QCOMPARE(f.points[1].value, 6000.0);
}

void TestSweepCli::toStdout()
{
    // Without -o the rows stream to stdout (JSON Lines) and the summary goes to stderr.
    const auto r = cli(base() << QStringLiteral("--param") << QStringLiteral("cv") << QStringLiteral("--range")
                              << QStringLiteral("1:3") << QStringLiteral("--points") << QStringLiteral("3"));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const auto lines = jsonLines(r.out);
    QCOMPARE(int(lines.size()), 4);
    QCOMPARE(lines[0]["kind"], "header");
    QCOMPARE(lines[0]["parameter"], "cv");
    std::set<double> values;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        QCOMPARE(lines[i]["kind"], "point");
        values.insert(lines[i]["value"].get<double>());
        QVERIFY(lines[i]["metrics"]["ttft"]["p99"].is_number());
        QCOMPARE(lines[i]["spec"]["arrival"]["cv"].get<double>(), lines[i]["value"].get<double>());
    }
    QCOMPARE(values, (std::set<double> { 1, 2, 3 }));
}

void TestSweepCli::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("needle");
    const QString p = QStringLiteral("--param");
    const QString range = QStringLiteral("--range");
    QTest::newRow("zero step") << (QStringList { p, "rate", range, "1:10:0" }) << 1 << "step must not be 0";
    QTest::newRow("a million points") << (QStringList { p, "rate", range, "0.00001:10:0.00001" }) << 1
                                      << "at most 1000";
    QTest::newRow("negative") << (QStringList { p, "rate", "--values", "-2,1" }) << 1 << "rate must be > 0 (got -2)";
    QTest::newRow("cv with poisson") << (QStringList { p, "cv", "--values", "1,2", "--arrival", "poisson" }) << 1
                                     << "cv does not apply";
    QTest::newRow("vllm setting under slora")
        << (QStringList { p, "max_loras", "--values", "1,2" }) << 1 << "vLLM setting";
    QTest::newRow("unknown parameter") << (QStringList { p, "speed", "--values", "1" }) << 2
                                       << "unknown parameter \"speed\"";
    QTest::newRow("no values") << (QStringList { p, "rate" }) << 2 << "needs --values";
    QTest::newRow("nothing to sweep") << QStringList {} << 2 << "what to sweep";
    QTest::newRow("both") << (QStringList { p, "rate", "--find-max", "rate" }) << 2 << "not both";
    QTest::newRow("bad slo") << (QStringList { "--find-max", "rate", "--slo", "ttft=fast" }) << 1 << "--slo";
    QTest::newRow("bad finder range") << (QStringList { "--find-max", "rate", range, "5:1" }) << 1
                                      << "LO must be below HI";
    QTest::newRow("finder list") << (QStringList { "--find-max", "rate", "--values", "1,2" }) << 2 << "--range LO:HI";
    QTest::newRow("bad tolerance") << (QStringList { "--find-max", "rate", "--tolerance", "0" }) << 2 << "--tolerance";
    QTest::newRow("server param on a server") << (QStringList {
        p, "max_total_token_num", "--values", "6000", "--target", "http://127.0.0.1:9", "--backend", "slora" })
                                              << 1 << "launch setting of the server";
    QTest::newRow("target needs backend")
        << (QStringList { p, "rate", "--values", "1", "--target", "http://127.0.0.1:9" }) << 2 << "--backend";
    QTest::newRow("replay flag without target")
        << (QStringList { p, "rate", "--values", "1", "--runs-dir", "x" }) << 2 << "goes with --target";
    QTest::newRow("bad extension") << (QStringList { p, "rate", "--values", "1", "-o", "x.txt" }) << 2
                                   << ".jsonl or .csv";
    QTest::newRow("unknown suite") << (QStringList { "--suite", "a100-99" }) << 1 << "unknown S-LoRA suite";
    QTest::newRow("warm-up too long") << (QStringList { p, "rate", "--values", "1", "--warmup", "30", "--cooldown",
        "30" }) << 1 << "leave nothing";
}

void TestSweepCli::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, needle);
    test::TempDir dir;
    const auto r
        = cli((args.contains(QStringLiteral("--suite")) ? QStringList { QStringLiteral("sweep") } : base()) << args);
    QVERIFY2(r.code == code, qPrintable(QString::number(r.code) + r.err));
    QVERIFY2(r.err.contains(needle), qPrintable(r.err));
    QVERIFY(r.out.isEmpty()); // nothing half-written on stdout
}

void TestSweepCli::finderText()
{
    const auto r = cli(QStringList { QStringLiteral("sweep"), QStringLiteral("--preset"), QStringLiteral("S1"),
        QStringLiteral("--adapters"), QStringLiteral("20"), QStringLiteral("--duration"), QStringLiteral("60"),
        QStringLiteral("--find-max"), QStringLiteral("rate"), QStringLiteral("--slo"),
        QStringLiteral("ttft=2s,attainment=0.9"), QStringLiteral("--tolerance"), QStringLiteral("2%") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("capacity R = ")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("TTFT ≤ 2 s for ≥ 90 % of requests")));
    QVERIFY(
        r.out.contains(QStringLiteral("saturation from R = ")) || r.out.contains(QStringLiteral("never saturates")));
    QVERIFY(r.out.contains(QStringLiteral("cost model: llama-7b-a10g")));
}

void TestSweepCli::finderJson()
{
    test::TempDir dir;
    const QString out = QString::fromStdString(dir.file("f.jsonl"));
    const auto r = cli(QStringList { QStringLiteral("sweep"), QStringLiteral("--preset"), QStringLiteral("S1"),
        QStringLiteral("--adapters"), QStringLiteral("20"), QStringLiteral("--duration"), QStringLiteral("60"),
        QStringLiteral("--find-max"), QStringLiteral("rate"), QStringLiteral("--json"), QStringLiteral("--quiet"),
        QStringLiteral("-o"), out });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["preview"]["outcome"], "found");
    const double cap = j["preview"]["capacity"].get<double>();
    const double fail = j["preview"]["first_failing"].get<double>();
    QVERIFY(cap < fail && fail - cap <= 0.01 * cap + 1e-9);
    QCOMPARE(j["preview"]["slo"]["ttft_s"].get<double>(), 6.0);
    // The file has every evaluated point and the finder's line at the end.
    const SweepFile f = readSweepFile(out.toStdString());
    QCOMPARE(int(f.points.size()), j["preview"]["evaluations"].get<int>());
    const std::string text = test::readText(out.toStdString());
    QVERIFY(text.find("\"kind\":\"capacity\"") != std::string::npos);
}

void TestSweepCli::finderNoneMeets()
{
    const auto r = cli(QStringList { QStringLiteral("sweep"), QStringLiteral("--preset"), QStringLiteral("S1"),
        QStringLiteral("--duration"), QStringLiteral("30"), QStringLiteral("--find-max"), QStringLiteral("rate"),
        QStringLiteral("--slo"), QStringLiteral("ttft=1ms"), QStringLiteral("--range"), QStringLiteral("0.2:5") });
    QCOMPARE(r.code, 0); // an answer, not an error
    QVERIFY2(r.out.contains(QStringLiteral("no rate tried (0.2 to")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("points short of the target")));
}

void TestSweepCli::finderShortTrace()
{
    // S4 on llama-13b / A100-80G with 65000 KV slots over 40 s: the SLO holds past saturation
    // only because each trace ends first. The first sentence is the sustainable capacity, the
    // second says the rest is a short-trace effect and how long a trace would tell; the JSON says
    // the same with every digit.
    const QStringList args { QStringLiteral("sweep"), QStringLiteral("--preset"), QStringLiteral("S4"),
        QStringLiteral("--duration"), QStringLiteral("40"), QStringLiteral("--max-total-tokens"),
        QStringLiteral("65000"), QStringLiteral("--find-max"), QStringLiteral("rate"), QStringLiteral("--quiet") };
    const auto text = cli(args);
    QVERIFY2(text.code == 0, qPrintable(text.err));
    const QStringList lines = text.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(lines.size() >= 3);
    QVERIFY2(lines[0].startsWith(QStringLiteral("sustainable capacity R = "))
            && lines[0].contains(QStringLiteral("set by saturation")),
        qPrintable(text.out));
    QVERIFY2(lines[1].startsWith(QStringLiteral("short-trace effect: the SLO still holds up to R = "))
            && lines[1].contains(QStringLiteral("40 s trace")) && lines[1].contains(QStringLiteral("--duration ")),
        qPrintable(text.out));
    const auto json = cli(QStringList(args) << QStringLiteral("--json"));
    QVERIFY2(json.code == 0, qPrintable(json.err));
    const auto j = nlohmann::json::parse(json.out.toStdString())["preview"];
    QCOMPARE(j["limited_by"], "saturation");
    QCOMPARE(j["short_trace"], true);
    const double sustainable = j["sustainable_capacity"].get<double>(), capacity = j["capacity"].get<double>(),
                 saturation = j["saturation"].get<double>();
    QVERIFY(sustainable < saturation && saturation <= capacity);
    QCOMPARE(j["duration_s"].get<double>(), 40.0);
    const double suggested = j["suggested_duration_s"].get<double>(), resolution = j["resolution"].get<double>();
    QVERIFY(suggested >= 80);
    QVERIFY(resolution > 0 && resolution < 0.1);
    // Same numbers as the text, which shows them to the search's resolution.
    QVERIFY2(lines[0].startsWith(QStringLiteral("sustainable capacity R = %1 req/s")
                                     .arg(QString::fromStdString(formatResolved(sustainable, resolution)))),
        qPrintable(lines[0]));
    QVERIFY2(lines[1].contains(QStringLiteral("--duration %1)").arg(suggested)), qPrintable(lines[1]));
    QCOMPARE(j["summary"][0].get<std::string>(), lines[0].toStdString());
}

void TestSweepCli::suiteOverlay()
{
    test::TempDir dir;
    const QString out = QString::fromStdString(dir.file("suite.jsonl"));
    const auto r
        = cli(QStringList { QStringLiteral("sweep"), QStringLiteral("--suite"), QStringLiteral("a10g-req-rate"),
            QStringLiteral("--model-setting"), QStringLiteral("S1"), QStringLiteral("-o"), out });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("S-LoRA ran a10g-req-rate on A10G (24 GB) with S1, --num-token 14500")));
    QVERIFY(r.out.contains(QStringLiteral("S-LoRA paper, A10G (24 GB), S1: throughput vs request rate")));
    QVERIFY(r.out.contains(QStringLiteral("throughput MAPE")));
    QVERIFY(r.out.contains(QStringLiteral("cost model: llama-7b-a10g")));
    const auto lines = jsonLines(QString::fromStdString(test::readText(out.toStdString())));
    QCOMPARE(lines.back()["kind"], "paper");
    QCOMPARE(lines.back()["rows"].size(), 4u);
    QVERIFY(lines.back()["throughput_mape"].is_number());
    QCOMPARE(lines[0]["suite"], "a10g-req-rate");
    QCOMPARE(lines[0]["spec"]["generator"], "slora");
    // A suite without published rows says so.
    const auto alpha = cli(QStringList { QStringLiteral("sweep"), QStringLiteral("--suite"),
        QStringLiteral("ablation-cluster"), QStringLiteral("--duration"), QStringLiteral("20"), QStringLiteral("-o"),
        QString::fromStdString(dir.file("a.csv")) });
    QVERIFY2(alpha.code == 0, qPrintable(alpha.err));
    QVERIFY(alpha.out.contains(QStringLiteral("S-LoRA published no measurements for suite ablation-cluster")));
}

void TestSweepCli::interrupted()
{
    // A long sweep (200 points, up to 120,000 requests each), interrupted once its first point is
    // written: exit 1, every written line complete, FILE.partial renamed to FILE. The rows go to
    // FILE.partial until the sweep ends (docs/sweep.md), so that is the file to watch; SIGINT
    // follows the first point within milliseconds, long before the last of the 200 on any machine.
    test::TempDir dir;
    const std::string out = dir.file("long.jsonl");
    const std::string partial = out + ".partial";
    QProcess p;
    p.start(QStringLiteral(LORASCOPE_CLI_PATH),
        QStringList { QStringLiteral("sweep"), QStringLiteral("--preset"), QStringLiteral("S4"),
            QStringLiteral("--param"), QStringLiteral("rate"), QStringLiteral("--range"), QStringLiteral("1:200:1"),
            QStringLiteral("--duration"), QStringLiteral("600"), QStringLiteral("--threads"), QStringLiteral("1"),
            QStringLiteral("-o"), QString::fromStdString(out) });
    QVERIFY(p.waitForStarted());
    const auto firstPointWritten = [&] {
        std::ifstream in(partial);
        std::string line;
        while (std::getline(in, line))
            if (!in.eof() && line.find("\"kind\":\"point\"") != std::string::npos) // a whole line, newline included
                return true;
        return false;
    };
    // Bounded so that a sweep that never writes cannot hang the test (a guard, not a timing check).
    QElapsedTimer t;
    t.start();
    while (!firstPointWritten()) {
        if (p.waitForFinished(5))
            QFAIL(qPrintable(QStringLiteral("the sweep ended before its first point was seen (exit %1): %2")
                                 .arg(p.exitCode())
                                 .arg(QString::fromUtf8(p.readAllStandardError()))));
        if (t.elapsed() > 300000)
            QFAIL("no point in long.jsonl.partial after 300 s");
    }
    QVERIFY2(p.state() == QProcess::Running, "the sweep finished before it could be interrupted");
    ::kill(pid_t(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 1);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(
        err.contains(QStringLiteral("interrupted")) && err.contains(QStringLiteral("points finished and kept in ")),
        qPrintable(err));
    QVERIFY(!std::filesystem::exists(partial));
    const std::string text = test::readText(out);
    QVERIFY(!text.empty() && text.back() == '\n');
    const SweepFile f = readSweepFile(out); // parses: no half line
    QVERIFY(!f.points.empty());
    QVERIFY(f.points.size() < 200);
}

QTEST_GUILESS_MAIN(TestSweepCli)
#include "tst_sweep_cli.moc"
