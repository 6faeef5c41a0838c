// SPDX-License-Identifier: Apache-2.0
// The admission tab's settings column: the server (S-LoRA, vLLM V1 or SGLang) with that server's
// own launch-argument names, defaults and units, the version whose rules the policy follows, then
// the clock and the cost model. The values live in the document's SimulationConfig (one owner:
// core/admission/schedulerconfig.h); this file only presents and edits them.
#include "admission/admissiontab.h"

#include "admission/costmodelpanel.h"
#include "document/document.h"
#include "text/coretexts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include <algorithm>

namespace lorascope {

namespace {

/// Plain words first, the launch argument the server's users know under it.
QString argLabel(const QString& plain, const char* arg)
{
    return plain + QStringLiteral("<br><span style=\"color:#666; font-size:small\">") + QString::fromLatin1(arg)
        + QStringLiteral("</span>");
}

QString plainLabel(const QString& label)
{
    return QTextDocumentFragment::fromHtml(label).toPlainText().section(QLatin1Char('\n'), 0, 0);
}

/// Builds editors into forms and registers them by field name.
struct SettingsBuilder {
    QWidget* owner;
    QHash<QString, QWidget*>& editors;
    QHash<QString, QString>& labels;
    std::function<void(const QString&)> commit;

    QSpinBox* addInt(QFormLayout* form, const QString& field, const QString& label, int lo, int hi, const QString& tip,
        const QString& unit)
    {
        auto* spin = new QSpinBox(owner);
        spin->setRange(lo, hi);
        spin->setKeyboardTracking(false);
        spin->setToolTip(tip);
        if (!unit.isEmpty())
            spin->setSuffix(QLatin1Char(' ') + unit);
        labels.insert(field, plainLabel(label));
        spin->setObjectName(field);
        editors.insert(field, spin);
        QObject::connect(spin, &QSpinBox::valueChanged, owner, [c = commit, field] { c(field); });
        form->addRow(label, spin);
        return spin;
    }
    QDoubleSpinBox* addDouble(QFormLayout* form, const QString& field, const QString& label, double lo, double hi,
        int decimals, const QString& tip)
    {
        auto* spin = new QDoubleSpinBox(owner);
        spin->setRange(lo, hi);
        spin->setDecimals(decimals);
        spin->setSingleStep(0.1);
        spin->setKeyboardTracking(false);
        spin->setToolTip(tip);
        labels.insert(field, plainLabel(label));
        spin->setObjectName(field);
        editors.insert(field, spin);
        QObject::connect(spin, &QDoubleSpinBox::valueChanged, owner, [c = commit, field] { c(field); });
        form->addRow(label, spin);
        return spin;
    }
    QComboBox* addCombo(
        QFormLayout* form, const QString& field, const QString& label, const QStringList& items, const QString& tip)
    {
        auto* combo = new QComboBox(owner);
        combo->addItems(items);
        // Long choices must not widen the side panel ...
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(12);
        // ... but take the whole width of the row, so a choice is cut only when the panel is too narrow for it.
        combo->setSizePolicy(QSizePolicy::Expanding, combo->sizePolicy().verticalPolicy());
        combo->setToolTip(tip);
        labels.insert(field, plainLabel(label));
        combo->setObjectName(field);
        editors.insert(field, combo);
        QObject::connect(combo, &QComboBox::currentIndexChanged, owner, [c = commit, field] { c(field); });
        form->addRow(label, combo);
        return combo;
    }
    QCheckBox* addCheck(QFormLayout* form, const QString& field, const QString& label, const QString& tip)
    {
        auto* check = new QCheckBox(owner);
        check->setToolTip(tip);
        labels.insert(field, plainLabel(label));
        check->setObjectName(field);
        editors.insert(field, check);
        QObject::connect(check, &QCheckBox::toggled, owner, [c = commit, field] { c(field); });
        form->addRow(label, check);
        return check;
    }
};

QString serverOf(PolicyKind policy)
{
    switch (policy) {
    case PolicyKind::SLora:
    case PolicyKind::SLoraAbort:
        return QStringLiteral("slora");
    case PolicyKind::Vllm:
        return QStringLiteral("vllm");
    case PolicyKind::Sglang:
        return QStringLiteral("sglang");
    }
    return {};
}

} // namespace

QWidget* AdmissionTab::createSettings()
{
    auto* w = new QWidget(this);
    auto* v = new QVBoxLayout(w);
    v->setContentsMargins(4, 4, 4, 4);
    SettingsBuilder b { w, m_editors, m_labels, [this](const QString& field) { commit(field); } };
    auto group = [&](const QString& title) {
        auto* box = new QGroupBox(title, w);
        auto* form = new QFormLayout(box);
        v->addWidget(box);
        return form;
    };
    auto* srv = group(tr("Server"));
    b.addCombo(srv, QStringLiteral("policy"), tr("Policy"),
        { tr("S-LoRA (first come, first served)"), tr("S-LoRA with abort"), tr("vLLM V1"), tr("SGLang") },
        tr("Which server's scheduler decides who runs: S-LoRA (its FIFO queue, exactly); S-LoRA with abort "
           "(--enable-abort: newest first, "
           "drops requests waiting ≥ 5.5 s); vLLM V1 (one token budget per step shared by decodes and prefill chunks, "
           "KV blocks with "
           "preemption, max_loras adapters per step); SGLang (a token pool with a reserve for future output, chunked "
           "prefill, retraction, "
           "max_loras_per_batch LoRA slots). Each box below holds that server's own settings under its own names."));
    m_rules = new QLabel(w);
    m_rules->setObjectName(QStringLiteral("policyRules"));
    m_rules->setWordWrap(true);
    m_rules->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_rules->setStyleSheet(QStringLiteral("QLabel { color: #555; }"));
    srv->addRow(m_rules);
    m_configError = new QLabel(w);
    m_configError->setObjectName(QStringLiteral("serverConfigError"));
    m_configError->setWordWrap(true);
    m_configError->setStyleSheet(QStringLiteral("QLabel { color: #8a0010; }"));
    m_configError->setVisible(false);
    srv->addRow(m_configError);
    createServerBoxes(w, v);

    auto* pol = group(tr("Time"));
    b.addCombo(pol, QStringLiteral("clock"), tr("Clock"),
        { tr("steps (1 tick per forward pass)"), tr("cost model (seconds)") },
        tr("Step clock: exact, deterministic teaching (trace times read as ticks). Cost model: seconds from the "
           "prefill/decode costs of the chosen GPU and model."));
    QStringList costs;
    for (const auto& c : costModelPresets())
        costs << QString::fromStdString(c.name);
    auto* cost = b.addCombo(pol, QStringLiteral("cost"), tr("Cost model"), costs,
        tr("Named cost-model presets: seconds per prefill and decode step of a base model on a GPU (see "
           "docs/admission.md for their sources)."));
    for (int i = 0; i < cost->count() && std::size_t(i) < costModelPresets().size(); ++i)
        cost->setItemData(i, CoreTexts::costModelDescription(costModelPresets()[std::size_t(i)]), Qt::ToolTipRole);
    // The model in use, its provenance, a calibrated file to load, and validity warnings.
    m_costPanel = new CostModelPanel(w);
    v->addWidget(m_costPanel);
    connect(m_costPanel, &CostModelPanel::costModelChosen, this, [this](const CostModel& model) {
        SimulationConfig c = m_document->admissionConfig();
        c.cost = model;
        c.clock = ClockKind::Model;
        m_document->editAdmission(c, tr("Load cost model %1").arg(QString::fromStdString(model.name)));
    });
    m_summary = new QLabel(w);
    m_summary->setWordWrap(true);
    m_summary->setObjectName(QStringLiteral("admissionSummary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_summary);
    v->addStretch(1);
    return w;
}

void AdmissionTab::createServerBoxes(QWidget* w, QVBoxLayout* v)
{
    SettingsBuilder b { w, m_editors, m_labels, [this](const QString& field) { commit(field); } };
    auto group = [&](const QString& key, const QString& title) {
        auto* box = new QGroupBox(title, w);
        box->setObjectName(key + QStringLiteral("Box"));
        m_serverBoxes.insert(key, box);
        auto* form = new QFormLayout(box);
        v->addWidget(box);
        return form;
    };
    // Integer settings and their one owner in the configuration.
    auto bindInt = [this](const char* field, std::function<std::int64_t&(SchedulerConfig&)> f) {
        m_intFields.append({ QString::fromLatin1(field), std::move(f) });
    };
    auto bindBool = [this](const char* field, std::function<bool&(SchedulerConfig&)> f) {
        m_boolFields.append({ QString::fromLatin1(field), std::move(f) });
    };
    const QString tokens = tr("tokens", "unit after a number");
    const QString requests = tr("requests", "unit after a number");
    const QString adapters = tr("adapters", "unit after a number");
    const QString zeroDefault = tr("0 = default");

    // S-LoRA. Defaults come from the core's one owner of each (workload/limits.h).
    const ServerLimits sl;
    auto* lim = group(QStringLiteral("slora"), tr("S-LoRA server"));
    b.addInt(lim, QStringLiteral("limits.maxTotalTokenNum"), argLabel(tr("KV cache slots"), "max_total_token_num"), 1,
        100000000,
        tr("Token slots of the KV cache on the GPU, shared with the adapter weights (rank × 4 slots per resident "
           "adapter). "
           "S-LoRA's default is %1; its own A100-80G runs of S4 use 65000.")
            .arg(sl.maxTotalTokenNum),
        tr("slots", "unit after a number"));
    b.addInt(lim, QStringLiteral("limits.batchMaxTokens"), argLabel(tr("Prefill batch limit"), "batch_max_tokens"), 0,
         100000000,
         tr("Max input tokens of a newly admitted (prefill) batch. 0 = S-LoRA's default max(max_total_token_num / 6, "
            "max_req_total_len)."),
         tokens)
        ->setSpecialValueText(zeroDefault);
    b.addInt(lim, QStringLiteral("limits.runningMaxReqSize"),
        argLabel(tr("Max running requests"), "running_max_req_size"), 1, 100000000,
        tr("Max requests in the running batch. Default %1.").arg(sl.runningMaxReqSize), requests);
    b.addInt(lim, QStringLiteral("limits.maxReqTotalLen"), argLabel(tr("Max request length"), "max_req_total_len"), 1,
        100000000,
        tr("Input + output tokens of one request must not exceed it, else the request is refused (HTTP 500). Default "
           "%1.")
            .arg(sl.maxReqTotalLen),
        tokens);
    b.addInt(lim, QStringLiteral("limits.maxReqInputLen"), argLabel(tr("Max input length"), "max_req_input_len"), 1,
        100000000,
        tr("Input tokens of one request must not exceed it, else the request is refused. Default %1.")
            .arg(sl.maxReqInputLen),
        tokens);
    b.addInt(lim, QStringLiteral("maxWaitTokens"), argLabel(tr("Steps between checks"), "max_wait_tokens"), 1, 100000,
        tr("While a batch runs, S-LoRA looks at the queue after every this many decode steps (default 10)."),
        tr("steps", "unit after a number"));
    bindInt("limits.maxTotalTokenNum", [](SchedulerConfig& c) -> std::int64_t& { return c.limits.maxTotalTokenNum; });
    bindInt("limits.batchMaxTokens", [](SchedulerConfig& c) -> std::int64_t& { return c.limits.batchMaxTokens; });
    bindInt("limits.runningMaxReqSize", [](SchedulerConfig& c) -> std::int64_t& { return c.limits.runningMaxReqSize; });
    bindInt("limits.maxReqTotalLen", [](SchedulerConfig& c) -> std::int64_t& { return c.limits.maxReqTotalLen; });
    bindInt("limits.maxReqInputLen", [](SchedulerConfig& c) -> std::int64_t& { return c.limits.maxReqInputLen; });

    // vLLM V1 (admission/vllmconfig.h).
    const VllmConfig vd;
    auto* vl = group(QStringLiteral("vllm"), tr("vLLM V1 server"));
    b.addInt(vl, QStringLiteral("vllm.maxNumSeqs"), argLabel(tr("Max sequences"), "max_num_seqs"), 0, 1000000,
         tr("Max running requests (scheduled in one step). 0 = vLLM's default min(256, max_num_batched_tokens)."),
         requests)
        ->setSpecialValueText(zeroDefault);
    b.addInt(vl, QStringLiteral("vllm.maxNumBatchedTokens"),
         argLabel(tr("Max tokens per step"), "max_num_batched_tokens"), 0, 100000000,
         tr("The token budget of one step, shared by decodes (1 token each) and prefill chunks. 0 = vLLM's default: "
            "2048 with chunked "
            "prefill, else max_model_len."),
         tokens)
        ->setSpecialValueText(zeroDefault);
    b.addInt(vl, QStringLiteral("vllm.maxModelLen"), argLabel(tr("Max request length"), "max_model_len"), 1, 100000000,
        tr("The model's context: prompt + output tokens of one request; longer requests are refused (default %1).")
            .arg(vd.maxModelLen),
        tokens);
    b.addCheck(vl, QStringLiteral("vllm.enableChunkedPrefill"),
        argLabel(tr("Chunked prefill"), "enable_chunked_prefill"),
        tr("On (vLLM's default): a long prompt is computed in chunks over several steps, sharing each step's token "
           "budget with the decodes. "
           "Off (--no-enable-chunked-prefill): a prompt is prefilled in one step, and vLLM refuses to start unless "
           "max_num_batched_tokens ≥ max_model_len."));
    b.addInt(vl, QStringLiteral("vllm.longPrefillTokenThreshold"),
         argLabel(tr("Longest prefill chunk"), "long_prefill_token_threshold"), 0, 100000000,
         tr("A prefill takes at most this many tokens in one step (0 = no limit beyond the step's budget; vLLM's "
            "default)."),
         tokens)
        ->setSpecialValueText(tr("0 = none"));
    b.addInt(vl, QStringLiteral("vllm.numGpuBlocks"), argLabel(tr("KV cache blocks"), "num_gpu_blocks"), 2, 100000000,
        tr("KV cache blocks on the GPU, one of them the reserved null block (default %1; vLLM sizes it from the GPU "
           "memory, "
           "--num-gpu-blocks-override sets it).")
            .arg(vd.numGpuBlocks),
        tr("blocks", "unit after a number"));
    b.addInt(vl, QStringLiteral("vllm.blockSize"), argLabel(tr("Block size"), "block_size"), 1, 1024,
        tr("Tokens per KV block (default %1): a request holds ⌈its tokens / block_size⌉ blocks.").arg(vd.blockSize),
        tokens);
    b.addCheck(vl, QStringLiteral("vllm.enablePrefixCaching"), argLabel(tr("Prefix caching"), "enable_prefix_caching"),
        tr("On (vLLM V1's default): full KV blocks of a prompt prefix computed before are reused instead of computed "
           "again. It hits only "
           "where the trace says which requests share a prefix."));
    b.addInt(vl, QStringLiteral("vllm.maxLoras"), argLabel(tr("LoRA slots on the GPU"), "max_loras"), 1, 100000,
        tr("Different adapters among the requests of one step; the GPU holds this many adapters (default %1). A "
           "request whose adapter would "
           "exceed it waits.")
            .arg(vd.maxLoras),
        adapters);
    b.addInt(vl, QStringLiteral("vllm.maxCpuLoras"), argLabel(tr("Adapters in the CPU cache"), "max_cpu_loras"), 0,
         100000,
         tr("Adapters kept in CPU memory (least recently used leaves first); an adapter not there is read from disk. 0 "
            "= vLLM's default, max_loras."),
         adapters)
        ->setSpecialValueText(tr("0 = max_loras"));
    b.addInt(vl, QStringLiteral("vllm.maxLoraRank"), argLabel(tr("Max LoRA rank"), "max_lora_rank"), 1, 512,
        tr("vLLM's LoRA kernels run at this rank for every adapter; adapters of a larger rank are refused (default %1; "
           "vLLM accepts 1, 8, 16, 32, 64, 128, 256, 320 or 512).")
            .arg(vd.maxLoraRank),
        QString());
    b.addCombo(vl, QStringLiteral("vllm.loraScan"), argLabel(tr("Over the LoRA limit"), "lora_scan"),
        { tr("skip it"), tr("stop the queue") },
        tr("What vLLM does with a waiting request whose adapter would exceed max_loras: set it aside and keep scanning "
           "the queue, so later "
           "requests of adapters already in the step overtake it (vLLM since PR #15422), or stop the scan there (early "
           "V1)."));
    bindInt("vllm.maxNumSeqs", [](SchedulerConfig& c) -> std::int64_t& { return c.vllm.maxNumSeqs; });
    bindInt("vllm.maxNumBatchedTokens", [](SchedulerConfig& c) -> std::int64_t& { return c.vllm.maxNumBatchedTokens; });
    bindInt("vllm.maxModelLen", [](SchedulerConfig& c) -> std::int64_t& { return c.vllm.maxModelLen; });
    bindInt("vllm.longPrefillTokenThreshold",
        [](SchedulerConfig& c) -> std::int64_t& { return c.vllm.longPrefillTokenThreshold; });
    bindInt("vllm.numGpuBlocks", [](SchedulerConfig& c) -> std::int64_t& { return c.vllm.numGpuBlocks; });
    bindInt("vllm.blockSize", [](SchedulerConfig& c) -> std::int64_t& { return c.vllm.blockSize; });
    bindInt("vllm.maxLoras", [](SchedulerConfig& c) -> std::int64_t& { return c.vllm.maxLoras; });
    bindInt("vllm.maxCpuLoras", [](SchedulerConfig& c) -> std::int64_t& { return c.vllm.maxCpuLoras; });
    bindInt("vllm.maxLoraRank", [](SchedulerConfig& c) -> std::int64_t& { return c.vllm.maxLoraRank; });
    bindBool("vllm.enableChunkedPrefill", [](SchedulerConfig& c) -> bool& { return c.vllm.enableChunkedPrefill; });
    bindBool("vllm.enablePrefixCaching", [](SchedulerConfig& c) -> bool& { return c.vllm.enablePrefixCaching; });

    // SGLang (admission/sglangconfig.h).
    const SglangConfig gd;
    auto* gl = group(QStringLiteral("sglang"), tr("SGLang server"));
    b.addInt(gl, QStringLiteral("sglang.maxTotalTokens"), argLabel(tr("KV pool"), "max_total_tokens"), 2, 100000000,
        tr("KV cache tokens on the GPU. SGLang sizes the pool from the GPU memory; %1 here is the same KV capacity as "
           "vLLM's default "
           "1,000 blocks of 16.")
            .arg(gd.maxTotalTokens),
        tokens);
    b.addInt(gl, QStringLiteral("sglang.contextLength"), argLabel(tr("Context length"), "context_length"), 2, 100000000,
        tr("The model's context: a request's prompt + output must stay below it, else it is refused (default %1).")
            .arg(gd.contextLength),
        tokens);
    b.addInt(gl, QStringLiteral("sglang.maxRunningRequests"),
         argLabel(tr("Max running requests"), "max_running_requests"), 0, 1000000,
         tr("Requests in the running batch at most. 0 = SGLang's default, derived from the pool: min(max_total_tokens "
            "/ 2, the request pool)."),
         requests)
        ->setSpecialValueText(zeroDefault);
    b.addInt(gl, QStringLiteral("sglang.chunkedPrefillSize"), argLabel(tr("Prefill chunk"), "chunked_prefill_size"), -1,
         100000000,
         tr("The largest prefill chunk of one step; longer prompts are prefilled in chunks over several steps. −1 (or "
            "0) turns chunked "
            "prefill off. SGLang's default depends on the GPU memory (2048 below 35 GB, 4096 below 60 GB, 8192 below "
            "160 GB); %1 here.")
             .arg(gd.chunkedPrefillSize),
         tokens)
        ->setSpecialValueText(tr("−1 = off"));
    b.addInt(gl, QStringLiteral("sglang.maxPrefillTokens"), argLabel(tr("Max prefill tokens"), "max_prefill_tokens"), 1,
        100000000, tr("Prompt tokens one prefill step takes in at most (default %1).").arg(gd.maxPrefillTokens),
        tokens);
    b.addDouble(gl, QStringLiteral("sglang.scheduleConservativeness"),
        argLabel(tr("Conservativeness"), "schedule_conservativeness"), 0.01, 100.0, 2,
        tr("Scales the share of each running request's remaining output that SGLang reserves in the pool before it "
           "admits more (the "
           "new-token ratio, starting at 0.7 × this, at most 1). Larger: fewer admissions, fewer retractions (default "
           "%1).")
            .arg(gd.scheduleConservativeness));
    b.addCheck(gl, QStringLiteral("sglang.enableMixedChunk"), argLabel(tr("Mixed chunk"), "enable_mixed_chunk"),
        tr("On: a prefill step also decodes the running batch (one token each). Off (SGLang's default): a step either "
           "prefills or decodes."));
    b.addCheck(gl, QStringLiteral("sglang.disableRadixCache"), argLabel(tr("Radix cache off"), "disable_radix_cache"),
        tr("Checked: no prefix cache. Unchecked (SGLang's default): prompt prefixes computed before are reused. It "
           "hits only where the trace "
           "says which requests share a prefix."));
    b.addCheck(gl, QStringLiteral("sglang.ignoreEos"), argLabel(tr("Requests ignore EOS"), "ignore_eos"),
        tr("The requests' ignore_eos (LoraScope's replay sends it; so does SGLang's bench_serving). It chooses "
           "SGLang's admission check: with "
           "it, the whole output is reserved in the pool; without it, a share of it (the new-token ratio)."));
    b.addInt(gl, QStringLiteral("sglang.maxLorasPerBatch"),
        argLabel(tr("LoRA slots on the GPU"), "max_loras_per_batch"), 1, 100000,
        tr("GPU LoRA slots: adapters one batch can use; the base model takes one while base-model requests run "
           "(default %1).")
            .arg(gd.maxLorasPerBatch),
        adapters);
    b.addInt(gl, QStringLiteral("sglang.maxLoadedLoras"), argLabel(tr("Adapters in host memory"), "max_loaded_loras"),
         0, 100000, tr("Adapters loaded in CPU memory at most; 0 = unset (SGLang's default: no limit)."), adapters)
        ->setSpecialValueText(tr("0 = no limit"));
    b.addCombo(gl, QStringLiteral("sglang.loraEvictionPolicy"), argLabel(tr("Slot eviction"), "lora_eviction_policy"),
        { tr("lru"), tr("fifo") },
        tr("Which adapter leaves a GPU LoRA slot when a new one needs it: lru, the least recently used (SGLang's "
           "default), or fifo, the first loaded."));
    b.addCombo(gl, QStringLiteral("sglang.loraScan"), argLabel(tr("Over the LoRA limit"), "lora_scan"),
        { tr("skip it"), tr("stop the queue") },
        tr("What SGLang does with a waiting request whose adapter would need one slot more than max_loras_per_batch: "
           "skip it and keep scanning "
           "(since PR #14795), or stop and mark the batch full (before it; with one slot, the queue A, B, A, A, … "
           "never schedules B)."));
    bindInt("sglang.maxTotalTokens", [](SchedulerConfig& c) -> std::int64_t& { return c.sglang.maxTotalTokens; });
    bindInt("sglang.contextLength", [](SchedulerConfig& c) -> std::int64_t& { return c.sglang.contextLength; });
    bindInt(
        "sglang.maxRunningRequests", [](SchedulerConfig& c) -> std::int64_t& { return c.sglang.maxRunningRequests; });
    bindInt(
        "sglang.chunkedPrefillSize", [](SchedulerConfig& c) -> std::int64_t& { return c.sglang.chunkedPrefillSize; });
    bindInt("sglang.maxPrefillTokens", [](SchedulerConfig& c) -> std::int64_t& { return c.sglang.maxPrefillTokens; });
    bindInt("sglang.maxLorasPerBatch", [](SchedulerConfig& c) -> std::int64_t& { return c.sglang.maxLorasPerBatch; });
    bindInt("sglang.maxLoadedLoras", [](SchedulerConfig& c) -> std::int64_t& { return c.sglang.maxLoadedLoras; });
    bindBool("sglang.enableMixedChunk", [](SchedulerConfig& c) -> bool& { return c.sglang.enableMixedChunk; });
    bindBool("sglang.disableRadixCache", [](SchedulerConfig& c) -> bool& { return c.sglang.disableRadixCache; });
    bindBool("sglang.ignoreEos", [](SchedulerConfig& c) -> bool& { return c.sglang.ignoreEos; });
}

QString AdmissionTab::rulesText() const
{
    return m_rules->text();
}

void AdmissionTab::syncFromDocument()
{
    m_syncing = true;
    const auto& c = m_document->admissionConfig();
    SchedulerConfig sc = c.scheduler;
    for (const auto& [field, ref] : m_intFields) {
        auto* s = qobject_cast<QSpinBox*>(m_editors.value(field));
        const QSignalBlocker blocker(s);
        s->setValue(int(std::clamp<std::int64_t>(ref(sc), s->minimum(), s->maximum())));
    }
    for (const auto& [field, ref] : m_boolFields) {
        auto* check = qobject_cast<QCheckBox*>(m_editors.value(field));
        const QSignalBlocker blocker(check);
        check->setChecked(ref(sc));
    }
    {
        auto* s = qobject_cast<QSpinBox*>(m_editors.value(QStringLiteral("maxWaitTokens")));
        const QSignalBlocker blocker(s);
        s->setValue(c.scheduler.maxWaitTokens);
        auto* d = qobject_cast<QDoubleSpinBox*>(m_editors.value(QStringLiteral("sglang.scheduleConservativeness")));
        const QSignalBlocker blocker2(d);
        d->setValue(c.scheduler.sglang.scheduleConservativeness);
    }
    auto setCombo = [&](const char* f, int i) {
        auto* cb = qobject_cast<QComboBox*>(m_editors.value(QString::fromLatin1(f)));
        const QSignalBlocker blocker(cb);
        cb->setCurrentIndex(i);
    };
    setCombo("vllm.loraScan", c.scheduler.vllm.loraScanStops ? 1 : 0);
    setCombo("sglang.loraScan", c.scheduler.sglang.loraScanStops ? 1 : 0);
    setCombo("sglang.loraEvictionPolicy", c.scheduler.sglang.loraEvictionPolicy == "fifo" ? 1 : 0);
    // What 0 means right now ("0 = default (3072)").
    const auto& l = c.scheduler.limits;
    auto special = [this](const char* f, const QString& text) {
        qobject_cast<QSpinBox*>(m_editors.value(QString::fromLatin1(f)))->setSpecialValueText(text);
    };
    special("limits.batchMaxTokens",
        tr("0 = default (%1)")
            .arg(ServerLimits { l.maxTotalTokenNum, 0, l.runningMaxReqSize, l.maxReqTotalLen, l.maxReqInputLen }
                     .effectiveBatchMaxTokens()));
    VllmConfig derived = c.scheduler.vllm;
    derived.maxNumBatchedTokens = 0;
    special("vllm.maxNumBatchedTokens", tr("0 = default (%1)").arg(derived.effectiveMaxNumBatchedTokens()));
    derived = c.scheduler.vllm;
    derived.maxNumSeqs = 0;
    special("vllm.maxNumSeqs", tr("0 = default (%1)").arg(derived.effectiveMaxNumSeqs()));
    special("vllm.maxCpuLoras", tr("0 = max_loras (%1)").arg(c.scheduler.vllm.maxLoras));
    SglangConfig g = c.scheduler.sglang;
    g.maxRunningRequests = 0;
    special("sglang.maxRunningRequests", tr("0 = default (%1)").arg(g.effectiveMaxRunningRequests()));
    setCombo("policy", int(c.scheduler.policy));
    const QString server = serverOf(c.scheduler.policy);
    for (auto it = m_serverBoxes.cbegin(); it != m_serverBoxes.cend(); ++it)
        it.value()->setVisible(it.key() == server);
    m_rules->setText(tr("Follows the rules of %1.").arg(CoreTexts::text(policyRules(c.scheduler.policy))));
    const std::string error = schedulerConfigError(c.scheduler);
    m_configError->setText(
        error.empty() ? QString() : tr("The server would refuse to start: %1").arg(QString::fromStdString(error)));
    m_configError->setVisible(!error.empty());
    setCombo("clock", c.clock == ClockKind::Steps ? 0 : 1);
    auto* cost = qobject_cast<QComboBox*>(m_editors.value(QStringLiteral("cost")));
    setCombo("cost", cost->findText(QString::fromStdString(c.cost.name)));
    m_costPanel->setModel(c.cost);
    m_syncing = false;
}

void AdmissionTab::commit(const QString& field)
{
    if (m_syncing)
        return;
    SimulationConfig c = m_document->admissionConfig();
    SchedulerConfig& sc = c.scheduler;
    for (const auto& [f, ref] : m_intFields)
        ref(sc) = qobject_cast<QSpinBox*>(m_editors.value(f))->value();
    for (const auto& [f, ref] : m_boolFields)
        ref(sc) = qobject_cast<QCheckBox*>(m_editors.value(f))->isChecked();
    auto comboOf = [this](const char* f) {
        return qobject_cast<QComboBox*>(m_editors.value(QString::fromLatin1(f)))->currentIndex();
    };
    sc.maxWaitTokens = qobject_cast<QSpinBox*>(m_editors.value(QStringLiteral("maxWaitTokens")))->value();
    sc.sglang.scheduleConservativeness
        = qobject_cast<QDoubleSpinBox*>(m_editors.value(QStringLiteral("sglang.scheduleConservativeness")))->value();
    sc.vllm.loraScanStops = comboOf("vllm.loraScan") == 1;
    sc.sglang.loraScanStops = comboOf("sglang.loraScan") == 1;
    sc.sglang.loraEvictionPolicy = comboOf("sglang.loraEvictionPolicy") == 1 ? "fifo" : "lru";
    sc.policy = PolicyKind(comboOf("policy"));
    c.clock = comboOf("clock") == 0 ? ClockKind::Steps : ClockKind::Model;
    const int ci = comboOf("cost");
    if (ci >= 0 && std::size_t(ci) < costModelPresets().size())
        c.cost = costModelPresets()[std::size_t(ci)];
    m_document->editAdmission(c, tr("Change %1").arg(m_labels.value(field, field)));
}

} // namespace lorascope
