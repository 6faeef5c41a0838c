// SPDX-License-Identifier: Apache-2.0
// The calibration fit: it recovers known parameters from measurements the engine itself produced
// (both parametrizations), reports a fit that did not converge, and says when the data cannot
// determine a parameter. Small traces keep each fit to a few seconds.

#include "calibrate/fit.h"
#include "calibrate/validate.h"
#include "util/error.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <QtTest>

#include <map>

using namespace lorascope;

namespace {

/// Four S-LoRA traces (S2 adapters) whose lengths and rates differ enough to separate the per-pass,
/// per-request, per-context-token and per-prompt-token costs, measured under `truth` (aggregates
/// only, as S-LoRA publishes them).
CalibrationData synthetic(const CostModel& truth, std::uint32_t adapters = 20)
{
    struct Shape {
        double rate;
        std::int64_t inLo, inHi, outLo, outHi;
    };
    const Shape shapes[]
        = { { 1.0, 8, 64, 32, 256 }, { 1.5, 512, 1500, 8, 64 }, { 3.0, 8, 512, 8, 512 }, { 5.0, 100, 200, 200, 400 } };
    CalibrationData d;
    const std::size_t g = d.groupIndex("test", *findModel("llama-7b"), *findGpu("a10g"));
    int i = 0;
    for (const Shape& sh : shapes) {
        WorkloadSpec spec = specForPreset("S2");
        spec.generator = GeneratorKind::Slora;
        spec.adapterCount = adapters;
        spec.rate = sh.rate;
        spec.duration = 30;
        spec.input.lo = sh.inLo;
        spec.input.hi = sh.inHi;
        spec.output.lo = sh.outLo;
        spec.output.hi = sh.outHi;
        spec.seed = 7 + static_cast<std::uint64_t>(i++);
        Experiment e;
        e.source = "synthetic";
        e.line = static_cast<std::uint64_t>(i);
        e.group = g;
        e.trace = generateSlora(spec);
        e.scheduler.limits.maxTotalTokenNum = 6000;
        e.measured = predictExperiment(e, truth);
        d.experiments.push_back(std::move(e));
    }
    return d;
}

double rel(double a, double b)
{
    return std::abs(a / b - 1);
}

/// Each free parameter is within `worst` of the truth and has a finite uncertainty. (The data are
/// exact, so the uncertainty, from the residuals' scatter, is tiny; what is left is the optimiser's
/// resolution on an objective made of discrete admission events.)
void checkRecovered(const CalibrationFitResult& fit, const std::map<std::string, double>& truth, double worst)
{
    for (const auto& e : fit.estimates) {
        if (!e.free)
            continue;
        const double t = truth.at(e.key);
        const QString what = QStringLiteral("%1: %2 fitted, %3 true, 1 sigma %4 %")
                                 .arg(QString::fromStdString(e.key))
                                 .arg(e.value)
                                 .arg(t)
                                 .arg(100 * e.relativeError);
        QVERIFY2(std::isfinite(e.relativeError), qPrintable(what));
        QVERIFY2(rel(e.value, t) <= worst, qPrintable(what));
    }
}

} // namespace

class TestCalibrateFit : public QObject {
    Q_OBJECT
private slots:
    void recoversEngineParameters();
    void recoversCoefficients();
    void reportsNoConvergence();
    void undeterminedParameterHasInfiniteUncertainty();
    void badSetup();
};

void TestCalibrateFit::recoversEngineParameters()
{
    EngineParameters truth = genericEngineParameters();
    truth.layerOverhead = 6e-4;
    truth.requestOverhead = 8e-5;
    truth.kvEfficiency = 0.35;
    truth.prefillEfficiency = 0.3;
    const CostModel hidden = deriveCostModel(*findModel("llama-7b"), *findGpu("a10g"), truth);
    const CalibrationData data = synthetic(hidden);
    CalibrationFitOptions o;
    o.free = { "layer_overhead", "request_overhead", "kv_efficiency", "prefill_efficiency" };
    o.start = genericEngineParameters(); // 8e-4, 5e-5, 0.5, 0.5: each off by 25-70 %
    o.threads = 2;
    const CalibrationFitResult fit = fitCostModel(data, o);
    QVERIFY2(fit.converged, fit.message.c_str());
    QVERIFY2(fit.objective < 1e-3 * fit.objectiveStart,
        qPrintable(QStringLiteral("%1 -> %2, %3 %4 %5 %6")
                       .arg(fit.objectiveStart)
                       .arg(fit.objective)
                       .arg(fit.parameters.layerOverhead)
                       .arg(fit.parameters.requestOverhead)
                       .arg(fit.parameters.kvEfficiency)
                       .arg(fit.parameters.prefillEfficiency)));
    checkRecovered(fit,
        { { "layer_overhead", truth.layerOverhead }, { "request_overhead", truth.requestOverhead },
            { "kv_efficiency", truth.kvEfficiency }, { "prefill_efficiency", truth.prefillEfficiency } },
        0.10);
    // Fixed parameters keep their start values; the model is the group's.
    QCOMPARE(fit.parameters.loraEfficiency, genericEngineParameters().loraEfficiency);
    QCOMPARE(fit.models.size(), std::size_t(1));
    QCOMPARE(fit.models[0].name, std::string("test"));
    // The fitted model reproduces the measurements.
    const ValidationReport rep = compare(data, fit.predictions);
    QVERIFY(rep.overall[std::size_t(Metric::AvgLatency)].error < 1.0);
    // Estimates: free ones carry an uncertainty and sensitivities, fixed ones do not.
    int free = 0;
    for (const auto& e : fit.estimates) {
        if (!e.free) {
            QVERIFY(std::isnan(e.relativeError));
            continue;
        }
        ++free;
        QVERIFY2(std::isfinite(e.relativeError), e.key.c_str());
        QVERIFY(e.sensitivity[std::size_t(Metric::AvgLatency)] > 0);
    }
    QCOMPARE(free, 4);
}

void TestCalibrateFit::recoversCoefficients()
{
    // Any server: the coefficients themselves, no hardware description.
    CostModel hidden;
    hidden.prefillBase = hidden.decodeBase = 0.025;
    hidden.decodePerRequest = 3e-4;
    hidden.decodePerContextToken = 1.5e-6;
    hidden.prefillPerToken = 2e-4;
    CalibrationData data = synthetic(hidden);
    data.groups[0].model = {};
    data.groups[0].gpu = {};
    CalibrationFitOptions o;
    o.parametrization = Parametrization::Coefficients;
    o.free = { "decode_base", "decode_per_request", "decode_per_context_token", "prefill_per_token" };
    o.startModel.decodeBase = 0.04;
    o.startModel.prefillBase = 0.025; // not fitted: stays at the truth
    o.startModel.decodePerRequest = 1e-4;
    o.startModel.decodePerContextToken = 3e-6;
    o.startModel.prefillPerToken = 1e-4;
    o.threads = 2;
    const CalibrationFitResult fit = fitCostModel(data, o);
    QVERIFY2(fit.converged, fit.message.c_str());
    checkRecovered(fit,
        { { "decode_base", hidden.decodeBase }, { "decode_per_request", hidden.decodePerRequest },
            { "decode_per_context_token", hidden.decodePerContextToken },
            { "prefill_per_token", hidden.prefillPerToken } },
        0.15);
    QVERIFY(!fit.models[0].hasParameters);
}

void TestCalibrateFit::reportsNoConvergence()
{
    const CostModel hidden = deriveCostModel(*findModel("llama-7b"), *findGpu("a10g"), genericEngineParameters());
    const CalibrationData data = synthetic(hidden);
    CalibrationFitOptions o;
    o.free = { "layer_overhead", "request_overhead", "kv_efficiency" };
    o.start = genericEngineParameters();
    o.start.layerOverhead = 3e-3;
    o.maxEvaluations = 6;
    const CalibrationFitResult fit = fitCostModel(data, o);
    QVERIFY(!fit.converged);
    QVERIFY2(fit.message.find("without converging") != std::string::npos, fit.message.c_str());
}

void TestCalibrateFit::undeterminedParameterHasInfiniteUncertainty()
{
    // Base-model traces never load an adapter: the data cannot say what a load costs.
    const CostModel hidden = deriveCostModel(*findModel("llama-7b"), *findGpu("a10g"), genericEngineParameters());
    const CalibrationData data = synthetic(hidden, 0);
    CalibrationFitOptions o;
    o.free = { "layer_overhead", "load_layer_overhead" };
    o.start = genericEngineParameters();
    o.start.layerOverhead = 1e-3;
    o.threads = 2;
    const CalibrationFitResult fit = fitCostModel(data, o);
    for (const auto& e : fit.estimates) {
        if (e.key == "load_layer_overhead") {
            QVERIFY(std::isinf(e.relativeError));
            QCOMPARE(e.sensitivity[std::size_t(Metric::AvgLatency)], 0.0);
        }
        if (e.key == "layer_overhead") {
            QVERIFY(std::isfinite(e.relativeError));
            QVERIFY(rel(e.value, 8e-4) < 0.03);
        }
    }
}

void TestCalibrateFit::badSetup()
{
    const CostModel hidden = deriveCostModel(*findModel("llama-7b"), *findGpu("a10g"), genericEngineParameters());
    CalibrationData data = synthetic(hidden);
    CalibrationFitOptions o;
    o.free = { "layer_overhead", "warp_drive" };
    QVERIFY_THROWS_EXCEPTION(InputError, fitCostModel(data, o));
    o.free = { "decode_base" }; // a coefficient key with the physical parametrization
    QVERIFY_THROWS_EXCEPTION(InputError, fitCostModel(data, o));
    data.groups[0].model = {};
    o.free = { "layer_overhead" };
    try {
        fitCostModel(data, o);
        QFAIL("a physical fit without a model description must fail");
    } catch (const InputError& e) {
        QVERIFY(std::string(e.what()).find("--model") != std::string::npos);
    }
    QVERIFY_THROWS_EXCEPTION(InputError, fitCostModel(CalibrationData {}, o));
}

QTEST_GUILESS_MAIN(TestCalibrateFit)
#include "tst_calibrate_fit.moc"
