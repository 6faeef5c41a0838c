// SPDX-License-Identifier: Apache-2.0
// The admission tab's cost-model panel: it names the model in use with its provenance and
// validation error, loads a calibrated file as one undoable step (a bad file is refused in place),
// and warns when the preview leaves what the model was validated on.
#include "uitestutil.h"

#include "admission/admissiontab.h"
#include "admission/costmodelpanel.h"
#include "analysis/admissionview.h"
#include "calibrate/validity.h"
#include "fit/fit.h"
#include "sweep/parameter.h"
#include "text/coretexts.h"
#include "workload/presets.h"

#include "../core/testutil.h"

#include <QLabel>
#include <QRegularExpression>
#include <QTranslator>
#include <QSignalSpy>
#include <QUndoStack>

using namespace lorascope;

namespace {

using test::waitForSignal;

WorkloadSpec smallSpec()
{
    WorkloadSpec s = specForPreset("S2");
    s.adapterCount = 8;
    s.rate = 1;
    s.duration = 30;
    return s;
}

} // namespace

class TestCostModelPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void oldSessionsOpenWithTheCalibratedPreset()
    {
        // A session of the roofline era carried a copy of its preset's coefficients.
        test::TempDir dir;
        const std::string path = dir.file("old.lorascope.json");
        test::writeText(path, R"({"format": "lorascope-session", "version": 1, "spec": {"preset": "S1"},
            "admission": {"policy": "slora", "clock": "model", "cost_model": {"name": "llama-7b-a10g", "prefill_base": 0.0281,
            "prefill_per_request": 0.0001, "prefill_per_token": 0.000216, "prefill_per_token_rank": 6.71e-8, "decode_base": 0.0281,
            "decode_per_request": 0.000108, "decode_per_context_token": 1.09e-6, "decode_per_token_rank": 1.68e-8,
            "per_adapter_rank": 4.37e-6, "load_base": 0.001, "load_per_rank": 0.000175}}})");
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        QCOMPARE(w.sessions()->open(QString::fromStdString(path)), QString());
        QCOMPARE(w.document()->admissionConfig().cost, *findCostModel("llama-7b-a10g"));
        QVERIFY(w.admissionTab()->costModelPanel()->provenanceText().contains(QLatin1String("calibrated on")));
    }

    void showsProvenanceLoadsFilesAndWarns()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        auto* panel = w.admissionTab()->costModelPanel();
        QVERIFY(panel);
        // The app starts on S4 (llama-13b): its preset is the A100-80GB one.
        QCOMPARE(doc->admissionConfig().cost.name, std::string("llama-13b-a100-80g"));
        QVERIFY(panel->provenanceText().contains(QLatin1String("NVIDIA A100-80GB SXM runs")));
        QSignalSpy spy(doc, &Document::admissionChanged);
        doc->setSpec(smallSpec());
        QVERIFY(waitForSignal(doc, spy));
        SimulationConfig start = doc->admissionConfig();
        start.cost = *findCostModel("llama-7b-a10g");
        start.scheduler.limits.maxTotalTokenNum = 14500; // the A10G runs' server
        spy.clear();
        doc->editAdmission(start, QStringLiteral("cost"));
        QVERIFY(waitForSignal(doc, spy));
        QTRY_VERIFY(doc->admission() && doc->admission()->trace == doc->trace());
        // The A10G preset: calibrated on S-LoRA's A10G runs, with its measured validation error.
        QCOMPARE(doc->admissionConfig().cost.name, std::string("llama-7b-a10g"));
        const QString prov = panel->provenanceText();
        QVERIFY2(prov.contains(QLatin1String("calibrated on S-LoRA's published NVIDIA A10G runs")), qPrintable(prov));
        QVERIFY2(prov.contains(QLatin1String("validated on 30 runs")) && prov.contains(QString::fromUtf8("latency ±")),
            qPrintable(prov));
        QTRY_VERIFY(panel->warningTexts().isEmpty()); // an S2 workload inside what it was validated on

        // The vLLM policy was never validated: the panel says so.
        SimulationConfig cfg = doc->admissionConfig();
        cfg.scheduler.policy = PolicyKind::Vllm;
        spy.clear();
        doc->editAdmission(cfg, QStringLiteral("policy"));
        QVERIFY(waitForSignal(doc, spy));
        QTRY_VERIFY(panel->warningTexts().join(QLatin1Char(' ')).contains(QLatin1String("validated with the slora")));
        doc->undoStack()->undo();

        // Far beyond saturation: 8 requests/s on the A10G model, validated up to 1.6x overload.
        WorkloadSpec hot = smallSpec();
        hot.rate = 8;
        spy.clear();
        doc->setSpec(hot);
        QVERIFY(waitForSignal(doc, spy));
        QTRY_VERIFY(doc->admission() && doc->admission()->trace == doc->trace());
        QTRY_VERIFY2(
            panel->warningTexts().join(QLatin1Char(' ')).contains(QLatin1String("faster than the modelled server")),
            qPrintable(panel->warningTexts().join(QLatin1Char('|'))));
        w.show();
        QTest::qWait(50);

        // Load a calibrated file: one undoable step, the panel names it.
        test::TempDir dir;
        CostModel mine = *findCostModel("llama-7b-a10g");
        mine.name = "my-server";
        mine.decodeBase *= 2;
        mine.hasParameters = false; // its own coefficients: the preset's engine parameters no longer give them
        mine.provenance.calibratedOn = { "replays of my server: run1 (1 run)" };
        saveCostModel(mine, dir.file("mine.json"));
        spy.clear();
        QVERIFY(panel->loadFile(QString::fromStdString(dir.file("mine.json"))));
        QCOMPARE(doc->admissionConfig().cost.name, std::string("my-server"));
        QCOMPARE(doc->admissionConfig().cost.decodeBase, mine.decodeBase);
        QVERIFY(waitForSignal(doc, spy));
        QVERIFY2(panel->provenanceText().contains(QLatin1String("calibrated on replays of my server")),
            qPrintable(panel->provenanceText()));
        // A session keeps the loaded model in full, provenance included.
        const QString session = QString::fromStdString(dir.file("s.lorascope.json"));
        QCOMPARE(w.sessions()->save(session), QString());
        {
            MainWindow w2;
            QVERIFY(test::waitIdle(w2.document()));
            QCOMPARE(w2.sessions()->open(session), QString());
            QCOMPARE(w2.document()->admissionConfig().cost, doc->admissionConfig().cost);
        }
        doc->undoStack()->undo();
        QCOMPARE(doc->admissionConfig().cost.name, std::string("llama-7b-a10g"));

        // A bad file is refused in the panel and changes nothing.
        test::writeText(dir.file("bad.json"), R"({"schemaVersion": 2, "coefficients": {"decode_base": -1}})");
        QVERIFY(!panel->loadFile(QString::fromStdString(dir.file("bad.json"))));
        auto* err = panel->findChild<QLabel*>(QStringLiteral("costModelError"));
        QVERIFY(err && !err->isHidden());
        QVERIFY2(err->text().contains(QLatin1String("coefficients.decode_base")), qPrintable(err->text()));
        QCOMPARE(doc->admissionConfig().cost.name, std::string("llama-7b-a10g"));
    }

    void coreTextsInEnglishAndChinese()
    {
        // Every warning, note and preset text the core makes: in English the desktop shows the
        // core's own sentence, in Chinese a translation with the same numbers and no English words.
        Trace t;
        t.baseModel = "huggyllama/llama-13b";
        t.adapters = { { "a", 128 } };
        for (int i = 0; i < 10; ++i)
            t.requests.push_back({ double(i), 0, 4000, 2000 });
        SimulationConfig cfg;
        cfg.clock = ClockKind::Model;
        cfg.cost = *findCostModel("llama-7b-a10g");
        cfg.scheduler.policy = PolicyKind::Vllm;
        cfg.scheduler.limits.maxTotalTokenNum = 200000;
        SimulationSummary summary;
        summary.requestThroughput = 0.1;
        std::vector<ValidityWarning> warnings = validityWarnings(t, cfg, &summary);
        CostModel bare;
        bare.name = "mine";
        cfg.cost = bare;
        for (const auto& w : validityWarnings(t, cfg))
            warnings.push_back(w);
        QStringList codes;
        for (const auto& w : warnings)
            codes << QString::fromStdString(w.code);
        for (const char* c :
            { "uncalibrated", "policy", "input_len", "output_len", "rank", "kv_capacity", "overload", "model" })
            QVERIFY2(codes.contains(QLatin1String(c)), c);
        std::vector<UserNote> notes;
        for (const auto& [suite, setting] : { std::pair { "a10g-num-adapter", "S4" },
                 std::pair { "ablation-no-mem", "" }, std::pair { "ablation-cluster", "" } })
            for (const auto& n : suiteSweep(suite, setting).notes)
                notes.push_back(n);
        QVERIFY(!notes.empty() && notes.front().code == "cost_stand_in");
        notes.push_back({ "num_token_unknown",
            "the S-LoRA scripts do not give the server's --num-token for x; max_total_token_num stays 6000",
            { "x", "6000" } });
        notes.push_back({ "slo_not_monotone",
            "the SLO is not monotone in rate: met at 6 but missed at 5 (each point is its own random trace); the "
            "capacity is the largest value met "
            "below the first miss",
            { "rate", "6", "5" } });
        notes.push_back({ "gpu_unknown",
            "the S-LoRA suite does not name its GPU; the cost model follows the base model only", {} });
        // The fit's notes (the Fit dialog): a real fit of a trace that starts late, has requests
        // with no input and no adapters, then the others as the core words them.
        Trace late;
        for (int i = 0; i < 60; ++i)
            late.requests.push_back({ 100 + 0.5 * i, kNoAdapter, std::uint32_t(i < 3 ? 0 : 20 + i), 30 });
        QStringList fitCodes;
        for (const auto& n : fitTrace(late).report.notes) {
            fitCodes << QString::fromStdString(n.code);
            notes.push_back(n);
        }
        QCOMPARE(fitCodes,
            QStringList({ QStringLiteral("fit_window_offset"), QStringLiteral("fit_zero_lengths"),
                QStringLiteral("fit_no_adapters") }));
        notes.push_back({ "fit_zero_lengths", "output lengths of 0 tokens (7 requests) are left out of the length fit",
            { "output", "7" } });
        notes.push_back({ "fit_burst_total_slora",
            "the burstiness is in the total arrival process (gap cv 2.1 overall, 1.02 per adapter): fitted with the "
            "slora generator (one Gamma "
            "process, adapters drawn per request)",
            { "2.1", "1.02" } });
        notes.push_back({ "fit_burst_total",
            "the burstiness is in the total arrival process (gap cv 2.1 overall, 1.02 per adapter); the per-adapter "
            "model with cv 1.02 will look "
            "less bursty in total",
            { "2.1", "1.02", "1.02" } });
        notes.push_back({ "fit_order_unknown",
            "the file does not give the adapters' popularity order: ranks were matched by request count and the skew "
            "corrected for that",
            {} });
        std::vector<CostModel> models = costModelPresets();
        models.push_back(bare);

        for (const auto& w : warnings)
            QCOMPARE(CoreTexts::warning(w), QString::fromStdString(w.text));
        for (const auto& n : notes)
            QCOMPARE(CoreTexts::note(n), QString::fromStdString(n.text));
        for (const auto& m : models) {
            QCOMPARE(CoreTexts::costModelDescription(m), QString::fromStdString(m.description));
            QCOMPARE(CoreTexts::provenance(m), QString::fromStdString(provenanceSummary(m)));
        }
        // An unknown code (a note the core adds later) shows the core's English.
        QCOMPARE(CoreTexts::note({ "new_code", "Something new.", {} }), QStringLiteral("Something new."));

        QTranslator zh;
        QVERIFY(zh.load(QStringLiteral(":/i18n/lorascope_zh_CN.qm")));
        QCoreApplication::installTranslator(&zh);
        const QRegularExpression englishWord(
            QStringLiteral("\\b(the|is|on|of|and|not|validated|calibrated|runs|model|tokens|stands|served)\\b"));
        const QRegularExpression han(QStringLiteral("\\p{Han}"));
        auto chinese = [&](const QString& zhText, const std::string& english, const std::vector<std::string>& values) {
            QVERIFY2(zhText.contains(han) && !zhText.contains(englishWord), qPrintable(zhText));
            QVERIFY2(zhText != QString::fromStdString(english), qPrintable(zhText));
            for (const auto& v : values)
                QVERIFY2(zhText.contains(QString::fromStdString(v)),
                    qPrintable(zhText + QStringLiteral(" lacks ") + QString::fromStdString(v)));
            // Chinese sentences take Chinese punctuation.
            QVERIFY2(
                !zhText.contains(QLatin1String("; ")) && !zhText.contains(QLatin1String(": ")), qPrintable(zhText));
        };
        for (const auto& w : warnings)
            chinese(CoreTexts::warning(w), w.text, w.args);
        for (const auto& n : notes) // "input"/"output" is said in words, not quoted
            chinese(CoreTexts::note(n), n.text, n.code == "fit_zero_lengths" ? std::vector { n.args[1] } : n.args);
        QVERIFY(CoreTexts::note(notes[notes.size() - 4]).contains(QStringLiteral("输出")));
        for (const auto& m : costModelPresets()) {
            chinese(CoreTexts::costModelDescription(m), m.description, { m.model.name, m.gpu.name });
            chinese(CoreTexts::provenance(m), provenanceSummary(m), { m.gpu.name });
        }
        chinese(CoreTexts::provenance(bare), provenanceSummary(bare), {});
        QCoreApplication::removeTranslator(&zh);
    }
};

QTEST_MAIN(TestCostModelPanel)
#include "tst_costmodelpanel.moc"
