// SPDX-License-Identifier: Apache-2.0
// The server box with S-LoRA, vLLM V1 and SGLang (each server's own knobs, the rules version, the
// preview's configuration follows the editors, sessions keep them), the LoRA residency chart's
// bins against the simulation's own passes, the step-through's chunked-prefill slices and
// retractions, and A/B compare of one workload on two policies. Small hand-made traces, step clock.
#include "uitestutil.h"

#include "admission/admissiontab.h"
#include "admission/requestmodel.h"
#include "admission/stepthroughpanel.h"
#include "analysis/admissionview.h"
#include "charts/plotview.h"
#include "compare/comparetab.h"
#include "text/terms.h"
#include "workload/presets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QTextDocumentFragment>

#include <algorithm>
#include <cmath>

using namespace lorascope;

namespace {

using test::waitForSignal;

/// Requests of `adapters` adapters (rank 8) in turn, one every `gap` steps from t = 0.
std::shared_ptr<const Trace> rotatingTrace(
    int adapters, int requests, std::uint32_t input, std::uint32_t output, double gap = 1.0)
{
    auto t = std::make_shared<Trace>();
    for (int a = 0; a < adapters; ++a)
        t->adapters.push_back({ "ad-" + std::to_string(a), 8 });
    for (int i = 0; i < requests; ++i)
        t->requests.push_back({ gap * i, std::uint32_t(i % adapters), input, output });
    return t;
}

/// The preview ran with the document's server settings (the preview itself streams no tokens).
bool sameServer(const SchedulerConfig& a, SchedulerConfig b)
{
    b.reportTokens = a.reportTokens;
    return a == b;
}

/// Imports `trace` and previews it with `config` (step clock); waits for the preview.
bool preview(Document* doc, std::shared_ptr<const Trace> trace, SimulationConfig config)
{
    config.clock = ClockKind::Steps;
    QSignalSpy spy(doc, &Document::admissionChanged);
    doc->setAdmission(config);
    doc->setImportedTrace(trace, QStringLiteral("test"));
    if (!waitForSignal(doc, spy))
        return false;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 30000) {
        const auto a = doc->admission();
        if (a && a->trace == doc->trace() && sameServer(a->config.scheduler, doc->admissionConfig().scheduler)
            && !doc->busy())
            return true;
        QTest::qWait(10);
    }
    return false;
}

/// The label a form shows beside `editor` (its plain text).
QString formLabel(QWidget* editor)
{
    auto* form = qobject_cast<QFormLayout*>(editor->parentWidget() ? editor->parentWidget()->layout() : nullptr);
    if (!form) // the editors of a group box live in the settings widget; the form is the group box's
        for (auto* box : editor->window()->findChildren<QWidget*>())
            if (auto* f = qobject_cast<QFormLayout*>(box->layout()); f && f->labelForField(editor))
                form = f;
    auto* label = form ? qobject_cast<QLabel*>(form->labelForField(editor)) : nullptr;
    return label ? QTextDocumentFragment::fromHtml(label->text()).toPlainText() : QString();
}

/// y of a step-line series in bin i (points come in pairs: left and right edge of each bin).
double stepValue(const PlotSeries& s, int bin)
{
    return s.points.at(2 * bin).y();
}

const PlotSeries* seriesNamed(const PlotData& d, const QString& name)
{
    for (const auto& s : d.series)
        if (s.name == name)
            return &s;
    return nullptr;
}

} // namespace

class TestServerPolicies : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        test::isolateSettings();
        QLocale::setDefault(
            QLocale(QLocale::English, QLocale::UnitedStates)); // "4,212": the numbers as an English reader sees them
    }

    /// Choosing SGLang shows its box with SGLang's names and defaults and hides the others; the
    /// editors write the document's configuration, and the preview runs with it.
    void sglangKnobsDriveThePreview()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        auto* tab = w.admissionTab();
        QVERIFY(preview(doc, rotatingTrace(4, 24, 40, 6), doc->admissionConfig()));
        auto* policy = qobject_cast<QComboBox*>(tab->editor(QStringLiteral("policy")));
        QCOMPARE(policy->count(), 4);
        QVERIFY(tab->serverBox(QStringLiteral("slora"))->isVisibleTo(tab));
        QVERIFY(tab->rulesText().contains(QStringLiteral("S-LoRA")));
        QSignalSpy spy(doc, &Document::admissionChanged);
        policy->setCurrentIndex(int(PolicyKind::Sglang));
        QCOMPARE(doc->admissionConfig().scheduler.policy, PolicyKind::Sglang);
        QVERIFY(tab->serverBox(QStringLiteral("sglang"))->isVisibleTo(tab));
        QVERIFY(!tab->serverBox(QStringLiteral("vllm"))->isVisibleTo(tab));
        QVERIFY(!tab->serverBox(QStringLiteral("slora"))->isVisibleTo(tab));
        QVERIFY2(tab->rulesText().contains(QString::fromLatin1(kSglangRulesVersion)), qPrintable(tab->rulesText()));

        // Every SGLang knob: its command-line name under the label, a tooltip, SGLang's default.
        const SglangConfig defaults;
        const std::pair<const char*, const char*> knobs[] = { { "sglang.maxTotalTokens", "max_total_tokens" },
            { "sglang.contextLength", "context_length" }, { "sglang.maxRunningRequests", "max_running_requests" },
            { "sglang.chunkedPrefillSize", "chunked_prefill_size" },
            { "sglang.maxPrefillTokens", "max_prefill_tokens" },
            { "sglang.scheduleConservativeness", "schedule_conservativeness" },
            { "sglang.enableMixedChunk", "enable_mixed_chunk" }, { "sglang.ignoreEos", "ignore_eos" },
            { "sglang.maxLorasPerBatch", "max_loras_per_batch" }, { "sglang.maxLoadedLoras", "max_loaded_loras" },
            { "sglang.loraEvictionPolicy", "lora_eviction_policy" }, { "sglang.loraScan", "lora_scan" },
            { "sglang.disableRadixCache", "disable_radix_cache" } };
        for (const auto& [field, arg] : knobs) {
            QWidget* e = tab->editor(QString::fromLatin1(field));
            QVERIFY2(e, field);
            QVERIFY2(!e->toolTip().isEmpty(), field);
            QVERIFY2(tab->serverBox(QStringLiteral("sglang"))->isAncestorOf(e), field);
            QVERIFY2(formLabel(e).contains(QString::fromLatin1(arg)),
                qPrintable(QString::fromLatin1(field) + QStringLiteral(": ") + formLabel(e)));
        }
        auto spin = [&](const char* f) { return qobject_cast<QSpinBox*>(tab->editor(QString::fromLatin1(f))); };
        QCOMPARE(spin("sglang.maxLorasPerBatch")->value(), int(defaults.maxLorasPerBatch));
        QCOMPARE(spin("sglang.chunkedPrefillSize")->value(), int(defaults.chunkedPrefillSize));
        QCOMPARE(spin("sglang.maxTotalTokens")->value(), int(defaults.maxTotalTokens));

        // Edits reach the document and the preview.
        spin("sglang.maxLorasPerBatch")->setValue(2);
        spin("sglang.chunkedPrefillSize")->setValue(256);
        qobject_cast<QCheckBox*>(tab->editor(QStringLiteral("sglang.disableRadixCache")))->setChecked(true);
        qobject_cast<QComboBox*>(tab->editor(QStringLiteral("sglang.loraEvictionPolicy")))->setCurrentIndex(1);
        qobject_cast<QDoubleSpinBox*>(tab->editor(QStringLiteral("sglang.scheduleConservativeness")))->setValue(1.5);
        const SglangConfig& g = doc->admissionConfig().scheduler.sglang;
        QCOMPARE(g.maxLorasPerBatch, std::int64_t(2));
        QCOMPARE(g.chunkedPrefillSize, std::int64_t(256));
        QVERIFY(g.disableRadixCache);
        QCOMPARE(g.loraEvictionPolicy, std::string("fifo"));
        QCOMPARE(g.scheduleConservativeness, 1.5);
        QVERIFY(waitForSignal(doc, spy));
        QTRY_VERIFY(
            doc->admission() && sameServer(doc->admission()->config.scheduler, doc->admissionConfig().scheduler));
        const auto a = doc->admission();
        QCOMPARE(a->config.scheduler.policy, PolicyKind::Sglang);
        QCOMPARE(a->config.scheduler.sglang.maxLorasPerBatch, std::int64_t(2));
        // The preview is the engine's own result for that configuration.
        const SimulationResult sim = simulate(*doc->trace(), doc->admissionConfig());
        QCOMPARE(a->result.summary.finished, sim.summary.finished);
        QCOMPARE(a->result.summary.adapterLoads, sim.summary.adapterLoads);
        QCOMPARE(a->result.summary.steps, sim.summary.steps);

        // An edit the server would refuse says so with its reason.
        auto* error = tab->findChild<QLabel*>(QStringLiteral("serverConfigError"));
        QVERIFY(error && error->isHidden());
        spin("sglang.contextLength")->setValue(2);
        QVERIFY(!error->isHidden() && !error->text().isEmpty());
        QCOMPARE(
            error->text().contains(QString::fromStdString(sglangConfigError(doc->admissionConfig().scheduler.sglang))),
            true);
        doc->undoStack()->undo();
        QVERIFY(error->isHidden());

        // vLLM: its box, its new knob (enable_prefix_caching, on by default), its rules.
        policy->setCurrentIndex(int(PolicyKind::Vllm));
        QVERIFY(tab->serverBox(QStringLiteral("vllm"))->isVisibleTo(tab)
            && !tab->serverBox(QStringLiteral("sglang"))->isVisibleTo(tab));
        QVERIFY(tab->rulesText().contains(QString::fromLatin1(kVllmRulesVersion)));
        auto* prefix = qobject_cast<QCheckBox*>(tab->editor(QStringLiteral("vllm.enablePrefixCaching")));
        QVERIFY(prefix && prefix->isChecked());
        QVERIFY(formLabel(prefix).contains(QStringLiteral("enable_prefix_caching")));
        prefix->setChecked(false);
        QVERIFY(!doc->admissionConfig().scheduler.vllm.enablePrefixCaching);
        for (const char* f : { "vllm.maxNumSeqs", "vllm.maxNumBatchedTokens", "vllm.numGpuBlocks", "vllm.blockSize",
                 "vllm.maxLoras", "vllm.maxCpuLoras", "vllm.maxLoraRank", "vllm.longPrefillTokenThreshold",
                 "vllm.maxModelLen", "vllm.enableChunkedPrefill", "vllm.loraScan" })
            QVERIFY2(
                tab->editor(QString::fromLatin1(f)) && !tab->editor(QString::fromLatin1(f))->toolTip().isEmpty(), f);
    }

    /// A session keeps every server's settings, and the editors show them after loading.
    void sessionKeepsServerSettings()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("servers.json"));
        SimulationConfig saved;
        {
            MainWindow w;
            QVERIFY(test::waitIdle(w.document()));
            auto* doc = w.document();
            SimulationConfig c = doc->admissionConfig();
            c.scheduler.policy = PolicyKind::Sglang;
            c.scheduler.sglang.maxLorasPerBatch = 3;
            c.scheduler.sglang.maxLoadedLoras = 5;
            c.scheduler.sglang.chunkedPrefillSize = 512;
            c.scheduler.sglang.disableRadixCache = true;
            c.scheduler.sglang.enableMixedChunk = true;
            c.scheduler.sglang.loraEvictionPolicy = "fifo";
            c.scheduler.sglang.loraScanStops = true;
            c.scheduler.sglang.scheduleConservativeness = 0.5;
            c.scheduler.vllm.enablePrefixCaching = false;
            c.scheduler.vllm.maxCpuLoras = 4;
            c.scheduler.vllm.blockSize = 32;
            doc->editAdmission(c, QStringLiteral("test"));
            saved = doc->admissionConfig();
            QCOMPARE(doc->saveSession(path, QJsonObject()), QString());
        }
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        QVERIFY(!(doc->admissionConfig().scheduler == saved.scheduler));
        QJsonObject view;
        QCOMPARE(doc->loadSession(path, &view), QString());
        QVERIFY(doc->admissionConfig().scheduler == saved.scheduler);
        auto* tab = w.admissionTab();
        QCOMPARE(
            qobject_cast<QComboBox*>(tab->editor(QStringLiteral("policy")))->currentIndex(), int(PolicyKind::Sglang));
        QCOMPARE(qobject_cast<QSpinBox*>(tab->editor(QStringLiteral("sglang.maxLorasPerBatch")))->value(), 3);
        QCOMPARE(qobject_cast<QSpinBox*>(tab->editor(QStringLiteral("sglang.maxLoadedLoras")))->value(), 5);
        QVERIFY(qobject_cast<QCheckBox*>(tab->editor(QStringLiteral("sglang.disableRadixCache")))->isChecked());
        QCOMPARE(qobject_cast<QComboBox*>(tab->editor(QStringLiteral("sglang.loraEvictionPolicy")))->currentIndex(), 1);
        QCOMPARE(qobject_cast<QComboBox*>(tab->editor(QStringLiteral("sglang.loraScan")))->currentIndex(), 1);
        QVERIFY(!qobject_cast<QCheckBox*>(tab->editor(QStringLiteral("vllm.enablePrefixCaching")))->isChecked());
        QCOMPARE(qobject_cast<QSpinBox*>(tab->editor(QStringLiteral("vllm.blockSize")))->value(), 32);
    }

    /// The residency chart: per time bin, the most adapters on the GPU and in the CPU cache and the
    /// loads by tier, recomputed here from the simulation's own passes.
    void residencyChartBins()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        // 3 adapters in turn, one request every 10 steps (each runs alone), over 1 GPU slot and a
        // CPU cache of 3: each adapter is read from disk once, then loaded from the CPU.
        SimulationConfig c = doc->admissionConfig();
        c.scheduler.policy = PolicyKind::Vllm;
        c.scheduler.vllm.maxLoras = 1;
        c.scheduler.vllm.maxCpuLoras = 3;
        const auto trace = rotatingTrace(3, 12, 24, 5, 10.0);
        QVERIFY(preview(doc, trace, c));
        c.clock = ClockKind::Steps;
        const SimulationResult sim = simulate(*trace, c);
        QVERIFY(sim.summary.adapterLoads > 0 && sim.summary.adapterDiskLoads > 0
            && sim.summary.adapterDiskLoads < sim.summary.adapterLoads);
        const PlotData& d = w.admissionTab()->chart(QStringLiteral("residency"))->data();
        const PlotSeries* gpu = seriesNamed(d, QStringLiteral("on the GPU"));
        const PlotSeries* cpu = seriesNamed(d, QStringLiteral("in CPU memory"));
        // Loads are events per bin, not adapters resident: a chart and an axis of their own.
        const PlotData& l = w.admissionTab()->chart(QStringLiteral("loads"))->data();
        QVERIFY(
            !seriesNamed(d, QStringLiteral("loads from CPU")) && !seriesNamed(d, QStringLiteral("loads from disk")));
        const PlotSeries* fromCpu = seriesNamed(l, QStringLiteral("loads from CPU"));
        const PlotSeries* fromDisk = seriesNamed(l, QStringLiteral("loads from disk"));
        QVERIFY(gpu && cpu && fromCpu && fromDisk);
        QVERIFY(l.y.title != d.y.title);
        // The GPU's line is drawn over the CPU's (a later series is drawn on top).
        QVERIFY(gpu > cpu); // pointers into d.series
        const int bins = int(gpu->points.size() / 2);
        QVERIFY(bins >= 2 && bins <= 600);
        QCOMPARE(fromCpu->points.size(), bins + 1); // bars: one point per bin and the closing edge
        // Bin edges: the first pass's start, equal widths.
        const double t0 = gpu->points.front().x();
        const double width = gpu->points.at(1).x() - t0;
        QCOMPARE(t0, sim.timeline.front().start);
        QVERIFY(width > 0);
        QVERIFY(t0 + width * bins >= sim.timeline.back().end);
        double heldGpu = 0, heldCpu = 0, loadsCpu = 0, loadsDisk = 0;
        for (int b = 0; b < bins; ++b) {
            const double lo = t0 + width * b, hi = lo + width;
            double maxGpu = -1, maxCpu = -1, inCpu = 0, inDisk = 0;
            for (const StepRecord& s : sim.timeline) {
                const bool in = b == 0 ? s.end - t0 < width : (s.end - t0 >= width * b && s.end - t0 < width * (b + 1));
                if (!in)
                    continue;
                maxGpu = std::max(maxGpu, double(s.residentAdapters));
                maxCpu = std::max(maxCpu, double(s.cpuAdapters));
                inDisk += s.loadedFromDisk;
                inCpu += s.loaded - s.loadedFromDisk;
            }
            Q_UNUSED(hi);
            if (maxGpu >= 0) {
                heldGpu = maxGpu;
                heldCpu = maxCpu;
            }
            QCOMPARE(stepValue(*gpu, b), heldGpu);
            QCOMPARE(stepValue(*cpu, b), heldCpu);
            QCOMPARE(fromCpu->points.at(b).y(), inCpu);
            QCOMPARE(fromDisk->points.at(b).y(), inDisk);
            QVERIFY(stepValue(*gpu, b) <= 1);
            loadsCpu += inCpu;
            loadsDisk += inDisk;
        }
        QCOMPARE(loadsCpu + loadsDisk, double(sim.summary.adapterLoads));
        QCOMPARE(loadsDisk, double(sim.summary.adapterDiskLoads));
        QVERIFY(!w.admissionTab()->chart(QStringLiteral("residency"))->toolTip().isEmpty());
        // The GPU's slots are drawn and named.
        QVERIFY(std::any_of(d.labels.begin(), d.labels.end(),
            [](const PlotLabel& l) { return l.text == QStringLiteral("max_loras 1"); }));
    }

    /// A long prompt under vLLM's token budget: the step-through shows its chunks and what remains.
    void stepThroughShowsChunks()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        SimulationConfig c = doc->admissionConfig();
        c.scheduler.policy = PolicyKind::Vllm;
        c.scheduler.vllm.maxNumBatchedTokens = 256;
        auto trace = std::make_shared<Trace>();
        trace->adapters.push_back({ "ad-0", 8 });
        trace->requests.push_back({ 0.0, 0, 600, 3 });
        QVERIFY(preview(doc, trace, c));
        auto* step = w.admissionTab()->stepThrough();
        auto* next = step->findChild<QPushButton*>(QStringLiteral("stepNext"));
        const std::int64_t expected[][2] = { { 256, 344 }, { 256, 88 }, { 88, 0 } };
        for (const auto& [tokens, remaining] : expected) {
            next->click();
            QVERIFY(step->snapshot());
            const auto& slices = step->snapshot()->prefillSlices;
            QCOMPARE(slices.size(), std::size_t(1));
            QCOMPARE(slices[0].id, std::uint64_t(0));
            QCOMPARE(slices[0].tokens, tokens);
            QCOMPARE(slices[0].remaining, remaining);
            const QString text = step->text();
            QVERIFY2(text.contains(QStringLiteral("Prefill in this pass")), qPrintable(text.left(400)));
            QVERIFY2(text.contains(QStringLiteral("%1 tokens").arg(tokens))
                    && text.contains(QStringLiteral("%1 tokens").arg(remaining)),
                qPrintable(text.left(600)));
            QVERIFY2(
                text.contains(remaining > 0 ? QStringLiteral("continues next pass") : QStringLiteral("prefill done")),
                qPrintable(text.left(600)));
        }
        // Decode passes have no prefill.
        next->click();
        QVERIFY(step->snapshot() && step->snapshot()->prefillSlices.empty());
        QVERIFY(!step->text().contains(QStringLiteral("Prefill in this pass")));

        // SGLang: chunked_prefill_size cuts the same prompt into its chunks.
        c.scheduler.policy = PolicyKind::Sglang;
        c.scheduler.sglang.chunkedPrefillSize = 256;
        QVERIFY(preview(doc, trace, c));
        step->reset();
        next->click();
        QVERIFY(step->snapshot() && step->snapshot()->prefillSlices.size() == 1);
        QCOMPARE(step->snapshot()->prefillSlices[0].tokens, std::int64_t(256));
        QCOMPARE(step->snapshot()->prefillSlices[0].remaining, std::int64_t(344));
        QVERIFY2(
            step->text().contains(QStringLiteral("chunked_prefill_size = 256")), qPrintable(step->text().left(400)));
    }

    /// SGLang retracts decoding requests when its pool runs out: the pass says so, and the request
    /// table gives the retraction in SGLang's words with its numbers.
    void stepThroughShowsRetractions()
    {
        MainWindow w;
        QVERIFY(test::waitIdle(w.document()));
        auto* doc = w.document();
        SimulationConfig c = doc->admissionConfig();
        c.scheduler.policy = PolicyKind::Sglang;
        c.scheduler.sglang.maxTotalTokens = 600;
        c.scheduler.sglang.contextLength = 500;
        c.scheduler.sglang.ignoreEos = false; // admit on the new-token ratio: the pool overcommits
        auto trace = std::make_shared<Trace>();
        trace->adapters.push_back({ "ad-0", 8 });
        for (int i = 0; i < 8; ++i)
            trace->requests.push_back({ 0.0, 0, 40, 200 });
        QVERIFY(preview(doc, trace, c));
        c.clock = ClockKind::Steps;
        const SimulationResult sim = simulate(*trace, c);
        QVERIFY2(sim.summary.preemptions > 0
                || std::any_of(
                    sim.timeline.begin(), sim.timeline.end(), [](const StepRecord& s) { return s.preempted > 0; }),
            "this configuration must retract requests");
        auto* step = w.admissionTab()->stepThrough();
        bool seen = false;
        for (int i = 0; i < 2000 && !seen; ++i) {
            step->next();
            seen = step->snapshot() && !step->snapshot()->result.preempted.empty();
        }
        QVERIFY(seen);
        QVERIFY2(step->text().contains(QStringLiteral("Retracted")), qPrintable(step->text().left(600)));
        // The retracted request starts waiting again in that pass.
        const auto& snap = *step->snapshot();
        const auto it
            = std::find(snap.startedWaiting.begin(), snap.startedWaiting.end(), snap.result.preempted.front());
        QVERIFY(it != snap.startedWaiting.end());
    }

    /// Every wait kind has a sentence in the server's terms with its numbers.
    void everyWaitKindHasWords()
    {
        auto trace = rotatingTrace(3, 3, 10, 2);
        SchedulerConfig server;
        const WaitContext context { &server, ClockKind::Steps, trace.get() };
        for (int k = int(WaitKind::None); k <= int(WaitKind::Retracted); ++k) {
            WaitReason r;
            r.kind = WaitKind(k);
            r.need = 38;
            r.limit = 12;
            r.at = 4212;
            r.adapters = 2;
            r.adapterIds = { 0, 2, kNoAdapter, kNoAdapter };
            const QString shortText = Terms::waitShort(r, context);
            const QString sentence = Terms::waitExplanation(r, context);
            QVERIFY2(
                !shortText.isEmpty() && !sentence.isEmpty(), qPrintable(QString::fromStdString(waitKindName(r.kind))));
            QVERIFY2(!sentence.contains(QStringLiteral("need 38 >= limit")),
                qPrintable(sentence)); // not the core's debug form
        }
        WaitReason lora { WaitKind::MaxLoras, 3, 2, 0 };
        lora.adapters = 2;
        lora.adapterIds = { 0, 2, kNoAdapter, kNoAdapter };
        QCOMPARE(Terms::waitShort(lora, context),
            QStringLiteral("LoRA slots full: this step's batch already has max_loras = 2 adapters (ad-0, ad-2)"));
        QCOMPARE(Terms::waitShort({ WaitKind::KvBlocks, 38, 12, 0 }, context),
            QStringLiteral("needs 38 KV blocks, 12 free"));
        WaitReason pre { WaitKind::Preempted, 1840, 0, 0 };
        pre.at = 4212;
        QCOMPARE(
            Terms::waitShort(pre, context), QStringLiteral("preempted at step 4,212 (recompute, 1,840 tokens again)"));
        WaitReason slots { WaitKind::MaxLorasPerBatch, 3, 2, 0 };
        slots.adapters = 2;
        slots.adapterIds = { 0, 1, kNoAdapter, kNoAdapter };
        QCOMPARE(Terms::waitShort(slots, context),
            QStringLiteral("LoRA slots full: with it, 3 of max_loras_per_batch = 2 slots (ad-0, ad-1)"));
        QCOMPARE(Terms::waitShort({ WaitKind::MaxRunningRequests, 9, 8, 0 }, context),
            QStringLiteral("running batch full: max_running_requests = 8"));
        QCOMPARE(Terms::waitShort({ WaitKind::TokenPool, 1200, 300, 0 }, context),
            QStringLiteral("KV cache full: needs 1,200 tokens, 300 free"));
        QCOMPARE(Terms::waitShort({ WaitKind::MaxPrefillTokens, 16384, 16384, 0 }, context),
            QStringLiteral("prefill batch full: 16,384 of max_prefill_tokens = 16,384 tokens"));
        QCOMPARE(Terms::waitShort({ WaitKind::ChunkedPrefillSize, 4096, 4096, 0 }, context),
            QStringLiteral("prefill chunk full: 4,096 of chunked_prefill_size = 4,096 tokens"));
        WaitReason retract { WaitKind::Retracted, 240, 0, 0 };
        retract.at = 17;
        QCOMPARE(
            Terms::waitShort(retract, context), QStringLiteral("retracted at step 17 (240 tokens to prefill again)"));
        QVERIFY(
            Terms::waitShort({ WaitKind::BatchIsFull, 0, 0, 0 }, context).contains(QStringLiteral("batch_is_full")));
        QCOMPARE(Terms::adapterLoad(AdapterTier::Cpu, 0.0031, ClockKind::Model),
            QStringLiteral("adapter loading from CPU: 3.1 ms"));
    }

    /// A/B: the same workload on S-LoRA (A) and SGLang (B), the differences under the servers' names.
    void comparePolicies()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        auto* doc = w.document();
        QVERIFY(test::waitIdle(doc));
        WorkloadSpec spec = specForPreset("S4");
        spec.adapterCount = 6;
        spec.rate = 3;
        spec.duration = 40;
        QSignalSpy spy(doc, &Document::workloadChanged);
        doc->setSpec(spec);
        QVERIFY(waitForSignal(doc, spy));
        auto* tab = w.compareTab();
        w.tabs()->setCurrentWidget(tab);
        tab->pinAction()->trigger();
        auto* choice = tab->policyChoiceB();
        QVERIFY(choice);
        QCOMPARE(choice->count(), 5);
        choice->setCurrentIndex(choice->findData(int(PolicyKind::Sglang)));
        QCOMPARE(tab->effectiveB().admission.scheduler.policy, PolicyKind::Sglang);
        QCOMPARE(tab->effectiveA()->admission.scheduler.policy, doc->admissionConfig().scheduler.policy);
        QVERIFY2(tab->diffText().startsWith(QStringLiteral("policy: S-LoRA (first come, first served) → SGLang")),
            qPrintable(tab->diffText()));
        QElapsedTimer t;
        t.start();
        std::shared_ptr<const Comparison> cmp;
        while (t.elapsed() < 60000) {
            QTest::qWait(10);
            cmp = tab->comparison();
            if (cmp && !tab->busy() && cmp->b.admission
                && cmp->b.admission->config.scheduler.policy == PolicyKind::Sglang)
                break;
        }
        QVERIFY(cmp && cmp->a.admission && cmp->b.admission);
        QCOMPARE(cmp->a.admission->config.scheduler.policy, PolicyKind::SLora);
        QCOMPARE(cmp->b.admission->config.scheduler.policy, PolicyKind::Sglang);
        QCOMPARE(cmp->a.workload->trace->requests, cmp->b.workload->trace->requests); // the same workload
        // An SGLang knob that differs is listed under SGLang's name.
        tab->sameServerToggle()->setChecked(false);
        SimulationConfig c = doc->admissionConfig();
        c.scheduler.sglang.maxLorasPerBatch = 2;
        doc->editAdmission(c, QStringLiteral("test"));
        QVERIFY2(tab->diffText().contains(QStringLiteral("max_loras_per_batch: 8 → 2")), qPrintable(tab->diffText()));
    }
};

QTEST_MAIN(TestServerPolicies)
#include "tst_serverpolicies.moc"
