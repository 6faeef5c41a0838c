// SPDX-License-Identifier: Apache-2.0
#include "text/coretexts.h"

#include "admission/costmodel.h"
#include "admission/vllmrunsource.h"
#include "calibrate/validity.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <optional>

namespace lorascope {

namespace {

// The core's descriptions as they are today, so lupdate lists them for translators. A text the
// core changes later is shown in English until the translation catches up.
[[maybe_unused]] const char* const kCoreTexts[] = {
    // policyRules(): the server versions whose rules each policy follows (admission/schedulerconfig.cpp).
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "S-LoRA ReqQueue (c1ddf48)"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "S-LoRA AbortReqQueue (c1ddf48)"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "vLLM V1 (main at b4622cf, 2025)"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "SGLang main, January 2026 (after PR #16333, before PR #17913)"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "llama-7b, one rank-8 adapter kind"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "llama-7b, ranks 64/32/16/8"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "llama-13b, rank 16"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "llama-13b, ranks 64/32/16"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "llama-30b, rank 32"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "llama-70b, rank 64"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "llama-7b with two published adapters"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "A10G: number of adapters"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "A10G: popularity skew"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "A10G: burstiness"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "A10G: request rate"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "A100-40G: number of adapters"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "A100-80G, S2: number of adapters"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "A100-80G, S4: number of adapters"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "A100-80G, S4: request rate"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "A100-80G, S4: burstiness"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "A100-80G: throughput table"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "Ablation: no unified memory pool"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "Ablation: adapter clustering"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts", "Ablation: adapter clustering under bursts"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts",
        "Chat: conversations of 1-8 turns, 15 s think time, a 200-token system prompt per adapter"),
    QT_TRANSLATE_NOOP(
        "lorascope::CoreTexts", "Agent: 4-20 calls per task, 2 s tool time, a 600-token system prompt per adapter"),
    QT_TRANSLATE_NOOP(
        "lorascope::CoreTexts", "RAG with shared documents: 20 passages of 1536 tokens read by every adapter's users"),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts",
        "Llama-7B fp16 on NVIDIA A10G (24 GB, 600 GB/s, 125 TFLOP/s). Roofline estimate from published specs (not "
        "measured): weights and KV read at "
        "80 % of the memory bandwidth, prefill GEMMs at 50 % of dense fp16 peak; see docs/admission.md."),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts",
        "Llama-7B fp16 on NVIDIA A100-80G SXM (2039 GB/s, 312 TFLOP/s). Roofline estimate from published specs (not "
        "measured): weights and KV read "
        "at 80 % of the memory bandwidth, prefill GEMMs at 50 % of dense fp16 peak; see docs/admission.md."),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts",
        "Llama-13B fp16 on NVIDIA A100-80G SXM (2039 GB/s, 312 TFLOP/s). Roofline estimate from published specs (not "
        "measured): weights and KV read "
        "at 80 % of the memory bandwidth, prefill GEMMs at 50 % of dense fp16 peak; see docs/admission.md."),
};

} // namespace

QString coreText(const std::string& english)
{
    return CoreTexts::text(english);
}

QString CoreTexts::text(const std::string& english)
{
    return QCoreApplication::translate("lorascope::CoreTexts", english.c_str());
}

namespace {

QString arg(const std::vector<std::string>& args, std::size_t i)
{
    return QString::fromStdString(args[i]);
}

/// "±1.6 %": the error figures as provenanceSummary() prints them.
QString pct(double v)
{
    return QString::number(v, 'f', v < 10 ? 1 : 0);
}

} // namespace

QString CoreTexts::note(const UserNote& n)
{
    const auto& a = n.args;
    if (n.code == "cost_stand_in" && a.size() == 3)
        return tr("LoraScope has no cost model for %1 on %2; %3 stands in, so its times are not that GPU's")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2));
    if (n.code == "num_token_unknown" && a.size() == 2)
        return tr("the S-LoRA scripts do not give the server's --num-token for %1; max_total_token_num stays %2")
            .arg(arg(a, 0), arg(a, 1));
    if (n.code == "slo_not_monotone" && a.size() == 3)
        return tr("the SLO is not monotone in %1: met at %2 but missed at %3 (each point is its own random trace); the "
                  "capacity is the largest "
                  "value met below the first miss")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2));
    if (n.code == "refused_rank" && a.size() == 5) // analysis/refusals.h
        return tr("%1 of %2 requests refused: adapter rank %3 > max_lora_rank %4; set max_lora_rank to %5, the "
                  "workload's largest (vLLM must be started with --max-lora-rank %5)")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), arg(a, 4));
    if (n.code == "gpu_unknown" && a.empty())
        return tr("the S-LoRA suite does not name its GPU; the cost model follows the base model only");
    // Fitting a workload to a trace (core/fit/fit.h lists the codes).
    if (n.code == "fit_window_offset" && a.size() == 2)
        return tr("the trace starts at %1 s: the window (%2 s) and the rate are measured from its first arrival, and "
                  "the fitted spec starts at 0")
            .arg(arg(a, 0), arg(a, 1));
    if (n.code == "fit_zero_lengths" && a.size() == 2)
        return (a[0] == "input" ? tr("input lengths of 0 tokens (%1 requests) are left out of the length fit")
                                : tr("output lengths of 0 tokens (%1 requests) are left out of the length fit"))
            .arg(arg(a, 1));
    if (n.code == "fit_burst_total_slora" && a.size() == 2)
        return tr("the burstiness is in the total arrival process (gap cv %1 overall, %2 per adapter): fitted with the "
                  "slora generator (one "
                  "Gamma process, adapters drawn per request)")
            .arg(arg(a, 0), arg(a, 1));
    if (n.code == "fit_burst_total" && a.size() == 3)
        return tr("the burstiness is in the total arrival process (gap cv %1 overall, %2 per adapter); the per-adapter "
                  "model with cv %3 will "
                  "look less bursty in total")
            .arg(arg(a, 0), arg(a, 1), arg(a, 2));
    if (n.code == "fit_order_unknown" && a.empty())
        return tr("the file does not give the adapters' popularity order: ranks were matched by request count and the "
                  "skew corrected for that");
    if (n.code == "fit_no_adapters" && a.empty())
        return tr("the trace has no adapters (base model only); import with adapter assignment to fit popularity");
    return QString::fromStdString(n.text);
}

QString CoreTexts::warning(const ValidityWarning& w)
{
    const auto& a = w.args;
    if (w.code == "uncalibrated" && a.size() == 1)
        return tr("The cost model \"%1\" carries no calibration: its times are not backed by measurements.")
            .arg(arg(a, 0));
    if (w.code == "policy" && a.size() >= 2) {
        QStringList validated;
        for (std::size_t i = 1; i < a.size(); ++i)
            validated << arg(a, i);
        // Two sentences, not a %n plural: the English text is the source and has no .qm of its own.
        return (validated.size() == 1
                ? tr("The cost model was validated with the %1 policy, not %2: its times are extrapolated.")
                : tr("The cost model was validated with the %1 policies, not %2: its times are extrapolated."))
            .arg(validated.join(tr(", ")), arg(a, 0));
    }
    if (w.code == "input_len" && a.size() == 2)
        return tr("Prompts up to %1 tokens; the model was validated up to %2 (longer prefills and attention are "
                  "extrapolated).")
            .arg(arg(a, 0), arg(a, 1));
    if (w.code == "output_len" && a.size() == 2)
        return tr("Outputs up to %1 tokens; the model was validated up to %2.").arg(arg(a, 0), arg(a, 1));
    if (w.code == "rank" && a.size() == 2)
        return tr("LoRA rank %1 is above the largest rank validated (%2).").arg(arg(a, 0), arg(a, 1));
    if (w.code == "kv_capacity" && a.size() == 3)
        return a[1] == a[2]
            ? tr("max_total_token_num %1 is far from the validated %2.").arg(arg(a, 0), arg(a, 1))
            : tr("max_total_token_num %1 is far from the validated %2–%3.").arg(arg(a, 0), arg(a, 1), arg(a, 2));
    if (w.code == "overload" && a.size() == 2)
        return tr("Requests arrive %1× faster than the modelled server completes them; the model was validated up to "
                  "%2× (far beyond saturation "
                  "the queue, not the cost model, sets every latency).")
            .arg(arg(a, 0), arg(a, 1));
    if (w.code == "model" && a.size() == 2)
        return tr("The workload's base model is %1 but the cost model describes %2.").arg(arg(a, 0), arg(a, 1));
    return QString::fromStdString(w.text);
}

namespace {

/// "S-LoRA's published NVIDIA A10G runs: files…" of a shipped preset: the files, else nullopt.
std::optional<QString> publishedRunsFiles(const CostModel& m)
{
    if (m.provenance.calibratedOn.empty())
        return std::nullopt;
    const std::string prefix = "S-LoRA's published " + m.gpu.name + " runs: ";
    const std::string& on = m.provenance.calibratedOn.front();
    if (on.compare(0, prefix.size(), prefix) != 0)
        return std::nullopt;
    // "file.jsonl (4 runs), …": the counts in the user's language, the file names as they are.
    QString files = QString::fromStdString(on.substr(prefix.size()));
    static const QRegularExpression runs(QStringLiteral("\\((\\d+) runs?\\)"));
    QString out;
    qsizetype from = 0;
    for (auto it = runs.globalMatch(files); it.hasNext();) {
        const auto m = it.next();
        out += files.mid(from, m.capturedStart() - from) + CoreTexts::tr("(%1 runs)").arg(m.captured(1));
        from = m.capturedEnd();
    }
    return out + files.mid(from);
}

/// A shipped vLLM 0.8.5 preset (core/admission/costpresets.cpp): fitted on the real runs of
/// kVllmRunsSource.
bool fittedOnVllmRuns(const CostModel& m)
{
    return !m.provenance.calibratedOn.empty() && m.provenance.calibratedOn.front().rfind(kVllmRunsSource, 0) == 0;
}

} // namespace

QString CoreTexts::costModelDescription(const CostModel& m)
{
    // A shipped preset as it ships: say its sentence from its fields.
    const CostModel* preset = findCostModel(m.name);
    const auto files = publishedRunsFiles(m);
    if (preset && preset->description == m.description && fittedOnVllmRuns(m))
        return tr("%1 bf16 on one %2 served by vLLM 0.8.5 (V1 scheduler, chunked prefill, prefix caching off); "
                  "calibrated on %3 real rank-16 runs of Agullo et al. (arXiv 2508.08343), validated on %4 rank-32 "
                  "runs.")
            .arg(QString::fromStdString(m.model.name), QString::fromStdString(m.gpu.name))
            .arg(m.provenance.fit.rows)
            .arg(m.provenance.validation.rows);
    if (preset && preset->description == m.description && files) {
        const QString model = QString::fromStdString(m.model.name), gpu = QString::fromStdString(m.gpu.name);
        if (m.provenance.validation.measured())
            return tr("%1 fp16 on %2 served by S-LoRA; calibrated on S-LoRA's published %2 runs (%3), validated on %4 "
                      "others.")
                .arg(model, gpu, *files, QString::number(m.provenance.validation.rows));
        return tr("%1 fp16 on %2 served by S-LoRA; calibrated on S-LoRA's published %2 runs (%3); no other run to "
                  "validate on.")
            .arg(model, gpu, *files);
    }
    return text(m.description);
}

QString CoreTexts::provenance(const CostModel& m)
{
    QString out;
    const CostProvenance& p = m.provenance;
    if (!p.calibratedOn.empty()) {
        QString what;
        if (publishedRunsFiles(m))
            what = tr("S-LoRA's published %1 runs").arg(QString::fromStdString(m.gpu.name));
        else if (fittedOnVllmRuns(m))
            what = tr("Agullo et al. (arXiv 2508.08343), real vLLM 0.8.5 runs on one %1")
                       .arg(QString::fromStdString(m.gpu.name));
        else {
            std::string on = p.calibratedOn.front();
            const auto colon = on.find(": ");
            if (colon != std::string::npos)
                on.resize(colon);
            what = QString::fromStdString(on);
            if (colon == std::string::npos && p.calibratedOn.size() > 1)
                what = tr("%1 and %2 more").arg(what).arg(p.calibratedOn.size() - 1);
        }
        out = p.fit.measured() ? tr("calibrated on %1 (%2 runs)").arg(what).arg(p.fit.rows)
                               : tr("calibrated on %1").arg(what);
    } else if (!p.method.empty()) {
        out = tr("calibrated by %1").arg(QString::fromStdString(p.method));
    } else {
        out = tr("not calibrated (no measurement behind these coefficients)");
    }
    const ErrorSummary& v = p.validation;
    if (v.measured()) {
        QStringList parts;
        if (v.throughputMape >= 0)
            parts << tr("throughput ±%1 %").arg(pct(v.throughputMape));
        if (v.latencyMape >= 0)
            parts << tr("latency ±%1 %").arg(pct(v.latencyMape));
        if (v.firstTokenMape >= 0)
            parts << tr("first token ±%1 %").arg(pct(v.firstTokenMape));
        if (v.perOutputTokenMape >= 0)
            parts << tr("TPOT ±%1 %").arg(pct(v.perOutputTokenMape));
        if (v.attainmentMae >= 0)
            parts << tr("attainment ±%1 points").arg(pct(100 * v.attainmentMae));
        out = tr("%1; validated on %2 runs: %3").arg(out).arg(v.rows).arg(parts.join(tr(", ")));
    } else if (p.fit.measured()) {
        out = tr("%1; not validated out of sample (fit error: latency ±%2 %)")
                  .arg(out, pct(std::max(0.0, p.fit.latencyMape)));
    } else {
        out = tr("%1; not validated").arg(out);
    }
    return out;
}

} // namespace lorascope
