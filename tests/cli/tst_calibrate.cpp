// SPDX-License-Identifier: Apache-2.0
// `lorascope-cli calibrate` and `validate` as users run them: the shipped S-LoRA rows validated
// (text and JSON), a calibration on S-LoRA-format rows recovering the model that produced them,
// and bad input — a row without its config, a replay folder without a completed request, a fit
// that does not converge — answered with the file and what is missing, and no cost-model file.

#include "admission/costmodel.h"
#include "clitestutil.h"

#include "../core/testutil.h"

#include <QtTest>

#include <filesystem>

using namespace lorascope;
using namespace lorascope::test;

namespace {

const QString kManifest = QStringLiteral(LORASCOPE_TEST_DATA "/slora-paper/manifest.json");

const char* kConfigA
    = R"({"num_adapters": 10, "alpha": 1, "req_rate": 1.5, "cv": 1, "duration": 30, "input_range": [8, 512], "output_range": [8, 512]})";
const char* kConfigB
    = R"({"num_adapters": 10, "alpha": 1, "req_rate": 4, "cv": 2, "duration": 30, "input_range": [8, 512], "output_range": [8, 512]})";

/// Writes S-LoRA result rows for the configs, with the statistics `model` predicts for them.
void writeRowsMeasuredBy(const TempDir& dir, const std::string& file, const std::string& model)
{
    const std::string cfgOnly = dir.file("cfg.jsonl");
    const char* dummy
        = R"({"total_time": 1, "throughput": 1, "avg_latency": 1, "avg_first_token_latency": 1, "avg_per_output_token_latency": 1, "avg_attainment": 1})";
    writeText(cfgOnly,
        std::string("{\"config\": ") + kConfigA + ", \"result\": " + dummy + "}\n{\"config\": " + kConfigB
            + ", \"result\": " + dummy + "}\n");
    const Run v
        = cli({ QStringLiteral("validate"), QStringLiteral("--cost-model"), q(model), QStringLiteral("--slora-results"),
            q(cfgOnly), QStringLiteral("--setting"), QStringLiteral("S1"), QStringLiteral("--gpu"),
            QStringLiteral("a10g"), QStringLiteral("--num-token"), QStringLiteral("6000"), QStringLiteral("--json") });
    QVERIFY2(v.code == 0, qPrintable(v.err));
    const auto j = nlohmann::json::parse(v.out.toStdString());
    std::string text;
    const char* configs[] = { kConfigA, kConfigB };
    for (std::size_t i = 0; i < 2; ++i) {
        const auto& p = j.at("rows").at(i).at("predicted");
        nlohmann::json result = { { "total_time", p.at("total_time") }, { "throughput", p.at("throughput") },
            { "avg_latency", p.at("avg_latency") }, { "avg_first_token_latency", p.at("avg_first_token_latency") },
            { "avg_per_output_token_latency", p.at("avg_per_output_token_latency") },
            { "avg_attainment", p.at("avg_attainment") }, { "avg_satisfaction", p.at("avg_satisfaction") },
            { "num_abort", p.at("num_abort") } };
        text += std::string("{\"config\": ") + configs[i] + ", \"result\": " + result.dump() + "}\n";
    }
    writeText(file, text);
}

QStringList rowsArgs(const std::string& file)
{
    return { QStringLiteral("--slora-results"), q(file), QStringLiteral("--setting"), QStringLiteral("S1"),
        QStringLiteral("--gpu"), QStringLiteral("a10g"), QStringLiteral("--num-token"), QStringLiteral("6000") };
}

} // namespace

class TestCalibrateCli : public QObject {
    Q_OBJECT
private slots:
    void validateShippedRows();
    void calibrateRecoversTheModelBehindTheRows();
    void badInputWritesNothing();
    void usageErrors();
};

void TestCalibrateCli::validateShippedRows()
{
    const Run r = cli({ QStringLiteral("validate"), QStringLiteral("--manifest"), kManifest, QStringLiteral("--group"),
        QStringLiteral("llama-7b-a10g"), QStringLiteral("--worst"), QStringLiteral("3") });
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("validated    30 runs with llama-7b-a10g")), qPrintable(r.out));
    QVERIFY(r.out.contains(QLatin1String("synthetic_cv_a10g_S1_abort.jsonl (5)")));
    QVERIFY(r.out.contains(QLatin1String("worst runs")));
    QVERIFY(r.out.contains(QLatin1String("_unused.jsonl: named _unused"))); // the exclusion is reported
    const Run j
        = cli({ QStringLiteral("validate"), QStringLiteral("--manifest"), kManifest, QStringLiteral("--json") });
    QVERIFY2(j.code == 0, qPrintable(j.err));
    const auto rep = nlohmann::json::parse(j.out.toStdString());
    QCOMPARE(rep.at("rows").size(), std::size_t(60)); // every preset on its validation rows
    QCOMPARE(rep.at("cost_models").size(), std::size_t(3));
    for (const auto& row : rep.at("rows")) {
        QCOMPARE(row.at("role").get<std::string>(), std::string("validate"));
        QVERIFY(row.at("measured").at("throughput").get<double>() > 0);
        QVERIFY(row.at("predicted").at("throughput").get<double>() > 0);
    }
    QVERIFY(rep.at("overall").at("avg_latency").at("mape_pct").get<double>() < 10);
}

void TestCalibrateCli::calibrateRecoversTheModelBehindTheRows()
{
    TempDir dir;
    EngineParameters hidden = genericEngineParameters();
    hidden.layerOverhead = 4e-4;
    CostModel model = deriveCostModel(*findModel("llama-7b"), *findGpu("a10g"), hidden);
    model.name = "hidden";
    saveCostModel(model, dir.file("hidden.json"));
    writeRowsMeasuredBy(dir, dir.file("rows.jsonl"), dir.file("hidden.json"));
    const Run r = cli(QStringList { QStringLiteral("calibrate") } + rowsArgs(dir.file("rows.jsonl"))
        + QStringList { QStringLiteral("--free"), QStringLiteral("layer_overhead"), QStringLiteral("--start"),
            QStringLiteral("generic"), QStringLiteral("-o"), q(dir.file("fit.json")), QStringLiteral("--name"),
            QStringLiteral("fitted") });
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY(r.out.contains(QLatin1String("layer_overhead")));
    QVERIFY(r.out.contains(QLatin1String("in-sample error")));
    QVERIFY(r.out.contains(QLatin1String("wrote")));
    const CostModel fit = loadCostModel(dir.file("fit.json"));
    QCOMPARE(fit.name, std::string("fitted"));
    QVERIFY2(std::abs(fit.parameters.layerOverhead / 4e-4 - 1) < 0.02,
        qPrintable(QString::number(fit.parameters.layerOverhead)));
    QCOMPARE(fit.provenance.fit.rows, 2);
    QVERIFY(fit.provenance.fit.latencyMape < 1.0);
    QCOMPARE(fit.provenance.calibratedOn.size(), std::size_t(1));
    QVERIFY(fit.provenance.calibratedOn[0].find("rows.jsonl (2 runs)") != std::string::npos);
    QCOMPARE(fit.validity.maxTotalTokens, std::int64_t(6000));
}

void TestCalibrateCli::badInputWritesNothing()
{
    TempDir dir;
    const std::string out = dir.file("model.json");
    // A result row without its config: the file, the line and what is missing.
    writeText(dir.file("rows.jsonl"),
        std::string("{\"config\": ") + kConfigA
            + R"(, "result": {"total_time": 30, "throughput": 1, "avg_latency": 1, "avg_first_token_latency": 1, "avg_per_output_token_latency": 1, "avg_attainment": 1}})"
            + "\n{\"result\": {\"throughput\": 1}}\n");
    Run r = cli(QStringList { QStringLiteral("calibrate") } + rowsArgs(dir.file("rows.jsonl"))
        + QStringList { QStringLiteral("-o"), q(out) });
    QCOMPARE(r.code, 1);
    QVERIFY2(
        r.err.contains(QLatin1String("rows.jsonl:2")) && r.err.contains(QLatin1String("config")), qPrintable(r.err));
    QVERIFY(!std::filesystem::exists(out));
    // A fit that does not converge in its budget: said so, no file.
    writeRowsMeasuredBy(dir, dir.file("good.jsonl"), "llama-7b-a10g");
    r = cli(QStringList { QStringLiteral("calibrate") } + rowsArgs(dir.file("good.jsonl"))
        + QStringList { QStringLiteral("--max-evaluations"), QStringLiteral("5"), QStringLiteral("--start"),
            QStringLiteral("generic"), QStringLiteral("-o"), q(out) });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QLatin1String("did not converge")) && r.err.contains(QLatin1String("good.jsonl")),
        qPrintable(r.err));
    QVERIFY(!std::filesystem::exists(out));
    // A replay folder without a completed request.
    std::filesystem::create_directories(dir.file("run"));
    writeText(dir.file("run/requests.jsonl"),
        R"({"index":0,"id":0,"adapter":"a","input_len":5,"output_len":4,"outcome":"failed","status":500,"error_kind":"http_status","error":"x","scheduled_s":0.05,"dispatched_s":0.05,"sent_s":0.05,"first_byte_s":null,"end_s":0.06,"tokens":0,"reported_output_tokens":null,"reported_input_tokens":null,"in_window":true,"token_times_ms":[]})"
        "\n");
    r = cli({ QStringLiteral("calibrate"), QStringLiteral("--replay"), q(dir.file("run")),
        QStringLiteral("--coefficients"), QStringLiteral("-o"), q(out) });
    QCOMPARE(r.code, 1);
    QVERIFY2(
        r.err.contains(QLatin1String("run/requests.jsonl")) && r.err.contains(QLatin1String("no completed request")),
        qPrintable(r.err));
    QVERIFY(!std::filesystem::exists(out));
    // An unknown parameter to fit.
    r = cli(QStringList { QStringLiteral("calibrate") } + rowsArgs(dir.file("good.jsonl"))
        + QStringList { QStringLiteral("--free"), QStringLiteral("flux"), QStringLiteral("-o"), q(out) });
    QCOMPARE(r.code, 1);
    QVERIFY2(
        r.err.contains(QLatin1String("flux")) && r.err.contains(QLatin1String("layer_overhead")), qPrintable(r.err));
    QVERIFY(!std::filesystem::exists(out));
    // validate: an unknown cost model.
    r = cli(QStringList { QStringLiteral("validate"), QStringLiteral("--cost-model"), QStringLiteral("gpt-9") }
        + rowsArgs(dir.file("good.jsonl")));
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QLatin1String("gpt-9")), qPrintable(r.err));
}

void TestCalibrateCli::usageErrors()
{
    QCOMPARE(cli({ QStringLiteral("calibrate"), QStringLiteral("--manifest"), kManifest }).code, 2); // no -o
    QCOMPARE(cli({ QStringLiteral("calibrate"), QStringLiteral("-o"), QStringLiteral("x.json") }).code, 2); // no source
    QCOMPARE(cli({ QStringLiteral("calibrate"), QStringLiteral("--group"), QStringLiteral("llama-7b-a10g"),
                     QStringLiteral("-o"), QStringLiteral("x.json") })
                 .code,
        2);
    QCOMPARE(cli({ QStringLiteral("calibrate"), QStringLiteral("--slora-results"), QStringLiteral("r.jsonl"),
                     QStringLiteral("-o"), QStringLiteral("x.json") })
                 .code,
        2); // no --setting/--gpu/--num-token
    const Run groups = cli({ QStringLiteral("calibrate"), QStringLiteral("--manifest"), kManifest, QStringLiteral("-o"),
        QStringLiteral("x.json") });
    QCOMPARE(groups.code, 2); // four groups cannot go to one file
    QVERIFY2(groups.err.contains(QLatin1String("--output-dir")), qPrintable(groups.err));
    QCOMPARE(cli({ QStringLiteral("validate"), QStringLiteral("--manifest"), kManifest, QStringLiteral("--role"),
                     QStringLiteral("maybe") })
                 .code,
        2);
    const Run h = cli({ QStringLiteral("--help") });
    QVERIFY(h.out.contains(QLatin1String("calibrate")) && h.out.contains(QLatin1String("validate")));
}

QTEST_GUILESS_MAIN(TestCalibrateCli)
#include "tst_calibrate.moc"
