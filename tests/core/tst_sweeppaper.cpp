// SPDX-License-Identifier: Apache-2.0
// S-LoRA's published rows as LoraScope embeds them: the embedded text is byte for byte the shipped
// file in tests/data/slora-paper, every figure parses with its server settings, the suites map to
// the right sweeps, and a preview is matched against the published points.

#include "sweep/paper.h"
#include "util/error.h"

#include "testutil.h"

#include <QtTest>

using namespace lorascope;

class TestSweepPaper : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void embeddedIsShipped();
    void figures();
    void suites_data();
    void suites();
    void unknownSuite();
    void badRows();
    void previewAgainstPaper();
};

void TestSweepPaper::embeddedIsShipped()
{
    QCOMPARE(int(paperFiles().size()), 18);
    for (const PaperFile& f : paperFiles()) {
        const std::string shipped = test::readText(std::string(LORASCOPE_TEST_DATA) + "/slora-paper/" + f.path);
        QVERIFY2(!shipped.empty(), f.path);
        QVERIFY2(shipped == f.text, f.path);
    }
}

void TestSweepPaper::figures()
{
    const auto& all = paperFigures();
    QCOMPARE(int(all.size()), 18);
    std::size_t rows = 0;
    for (const PaperFigure& f : all) {
        QVERIFY2(!f.rows.empty(), f.file.c_str());
        rows += f.rows.size();
        QVERIFY(f.numToken > 0);
        // Sorted along the curve, and only the curve's parameter varies.
        for (std::size_t i = 1; i < f.rows.size(); ++i) {
            QVERIFY(paperValue(f.rows[i - 1], f.param) <= paperValue(f.rows[i], f.param));
            for (SweepParam other :
                { SweepParam::Adapters, SweepParam::Rate, SweepParam::Cv, SweepParam::Alpha, SweepParam::Duration })
                if (other != f.param)
                    QCOMPARE(paperValue(f.rows[i], other), paperValue(f.rows[0], other));
        }
        for (const PaperRow& r : f.rows) {
            QVERIFY(r.throughput > 0 && r.throughput <= r.rate * 1.05);
            QVERIFY(r.attainment >= 0 && r.attainment <= 1);
        }
    }
    QCOMPARE(int(rows), 83); // 68 runs without and 15 with --enable-abort
    // One known row: A100-80GB, S4, R = 6 (synthetic_req_rate_a100-80_S4_slora.jsonl, line 4).
    const auto s4 = paperFiguresFor("a100-80-S4-req-rate", "S4", PolicyKind::SLora);
    QCOMPARE(int(s4.size()), 1);
    QCOMPARE(s4[0]->param, SweepParam::Rate);
    QCOMPARE(s4[0]->numToken, std::int64_t(65000));
    QCOMPARE(s4[0]->rows[3].rate, 6.0);
    QVERIFY(std::abs(s4[0]->rows[3].throughput - 4.012) < 0.001);
    QCOMPARE(QString::fromStdString(s4[0]->title()),
        QStringLiteral("S-LoRA paper, A100 (80 GB), S4: throughput vs request rate"));
    // The n sweep of S4 on the A100-80 has a second file with n = 1000.
    QCOMPARE(int(paperFiguresFor("a100-80-S4-num-adapter", "S4", PolicyKind::SLora).size()), 2);
    // The abort runs are their own curves.
    QCOMPARE(int(paperFiguresFor("a10g-cv", "S1", PolicyKind::SLoraAbort).size()), 1);
    QVERIFY(paperFiguresFor("a10g-alpha", "S2", PolicyKind::SLora).empty()); // S-LoRA published no α rows
}

void TestSweepPaper::suites_data()
{
    QTest::addColumn<QString>("suite");
    QTest::addColumn<QString>("setting");
    QTest::addColumn<QString>("param");
    QTest::addColumn<int>("points");
    QTest::addColumn<int>("numToken");
    QTest::addColumn<QString>("cost");
    QTest::addColumn<bool>("standIn");
    QTest::newRow("a100-80 S4 rate") << "a100-80-S4-req-rate"
                                     << ""
                                     << "rate" << 5 << 65000 << "llama-13b-a100-80g" << false;
    QTest::newRow("a10g S1 adapters") << "a10g-num-adapter"
                                      << "S1"
                                      << "adapters" << 5 << 14500 << "llama-7b-a10g" << false;
    QTest::newRow("a10g S2 cv") << "a10g-cv"
                                << ""
                                << "cv" << 5 << 14500 << "llama-7b-a10g" << false;
    QTest::newRow("a10g alpha") << "a10g-alpha"
                                << ""
                                << "alpha" << 4 << 14500 << "llama-7b-a10g" << false;
    QTest::newRow("a100-80 table S1") << "a100-80-table"
                                      << "S1"
                                      << "adapters" << 5 << 125000 << "llama-7b-a100-80g" << false;
    QTest::newRow("a100-40 S4") << "a100-40-num-adapter"
                                << ""
                                << "adapters" << 6 << 14000 << "llama-13b-a100-40g" << false;
    // No llama-13b preset on the A10G: a stand-in is used and the user is told.
    QTest::newRow("a10g S4 stand-in") << "a10g-num-adapter"
                                      << "S4"
                                      << "adapters" << 5 << 14500 << "" << true;
}

void TestSweepPaper::suites()
{
    QFETCH(QString, suite);
    QFETCH(QString, setting);
    QFETCH(QString, param);
    QFETCH(int, points);
    QFETCH(int, numToken);
    QFETCH(QString, cost);
    QFETCH(bool, standIn);
    const SuiteSweep s = suiteSweep(suite.toStdString(), setting.toStdString());
    QCOMPARE(QString::fromLatin1(sweepParamInfo(s.param).name), param);
    QCOMPARE(int(s.values.size()), points);
    QCOMPARE(s.config.scheduler.limits.maxTotalTokenNum, std::int64_t(numToken));
    QCOMPARE(s.config.scheduler.limits.maxTotalTokenNum, std::int64_t(numToken));
    QCOMPARE(s.spec.generator, GeneratorKind::Slora); // as run_exp.py
    QCOMPARE(s.spec.seed, std::uint64_t(42));
    QCOMPARE(s.config.clock, ClockKind::Model);
    if (!setting.isEmpty())
        QCOMPARE(QString::fromStdString(s.modelSetting), setting);
    if (standIn) {
        QVERIFY(!s.notes.empty());
        QVERIFY(QString::fromStdString(s.notes.front().text).contains(QStringLiteral("stands in")));
        // The same note with its code and values, for the desktop's translation.
        QCOMPARE(QString::fromStdString(s.notes.front().code), QStringLiteral("cost_stand_in"));
        QCOMPARE(int(s.notes.front().args.size()), 3);
        QVERIFY(QString::fromStdString(s.notes.front().text).contains(QString::fromStdString(s.notes.front().args[2])));
    } else {
        QCOMPARE(QString::fromStdString(s.config.cost.name), cost);
        QVERIFY(s.notes.empty());
    }
    QVERIFY(validate(s.spec).empty());
}

void TestSweepPaper::unknownSuite()
{
    try {
        suiteSweep("a100-99-req-rate");
        QFAIL("no error");
    } catch (const InputError& e) {
        QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("a10g-req-rate"))); // lists the known ones
    }
    try {
        suiteSweep("a10g-cv", "S9");
        QFAIL("no error");
    } catch (const InputError& e) {
        QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("unknown model setting \"S9\"")));
    }
}

void TestSweepPaper::badRows()
{
    try {
        parsePaperRows("{\"config\": {\"num_adapters\": 1}, \"result\": {}}\n", "x.jsonl");
        QFAIL("no error");
    } catch (const InputError& e) {
        QCOMPARE(e.line(), 1ull);
        QCOMPARE(e.file(), std::string("x.jsonl"));
    }
    try {
        parsePaperRows("\n{oops\n", "y.jsonl");
        QFAIL("no error");
    } catch (const InputError& e) {
        QCOMPARE(e.line(), 2ull);
    }
}

void TestSweepPaper::previewAgainstPaper()
{
    // The A10G S1 rate suite, previewed at the published rates (short: only the agreement's
    // bookkeeping is under test here; the cost model's accuracy is the calibration's business).
    const SuiteSweep s = suiteSweep("a10g-req-rate", "S1");
    SweepPlan plan;
    plan.spec = s.spec;
    plan.config = s.config;
    plan.param = s.param;
    plan.values = s.values;
    const auto figures = paperFiguresFor("a10g-req-rate", "S1", PolicyKind::SLora);
    QCOMPARE(int(figures.size()), 1);
    const SweepRun run = runPreviewSweep(plan, {}, nullptr, 2);
    const PaperAgreement a = comparePaper(*figures[0], run.points);
    QCOMPARE(a.matches.size(), figures[0]->rows.size());
    double sum = 0;
    for (const PaperMatch& m : a.matches) {
        const auto it = std::find_if(
            run.points.begin(), run.points.end(), [&](const SweepPoint& p) { return p.value == m.value; });
        QVERIFY(it != run.points.end());
        QCOMPARE(m.throughput, it->metrics.throughput);
        sum += std::abs(m.throughput - m.paper.throughput) / m.paper.throughput;
    }
    QVERIFY(std::abs(a.throughputMape - sum / double(a.matches.size())) < 1e-12);
    QVERIFY(std::isfinite(a.firstTokenMape) && std::isfinite(a.attainmentMae));
    // Nothing to match: NaN, not 0.
    const PaperAgreement none = comparePaper(*figures[0], {});
    QVERIFY(none.matches.empty());
    QVERIFY(std::isnan(none.throughputMape));
}

QTEST_GUILESS_MAIN(TestSweepPaper)
#include "tst_sweeppaper.moc"
