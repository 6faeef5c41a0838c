// SPDX-License-Identifier: Apache-2.0
#include "text/terms.h"

#include "analysis/numberformat.h"
#include "analysis/waitexplain.h"

#include <QLocale>
#include <QStringList>

#include <cmath>

namespace lorascope {

QString Terms::sloAttainment()
{
    return tr("SLO attainment (TTFT < 6 s)");
}

QString Terms::percent(double fraction)
{
    if (std::isnan(fraction))
        return QStringLiteral("–");
    return tr("%1 %", "percentage").arg(QString::fromStdString(formatFixed(100.0 * fraction, 1)));
}

QString Terms::number(double value, int sig)
{
    return QString::fromStdString(formatSig(value, sig));
}

QString Terms::clockUnit(ClockKind clock)
{
    return clock == ClockKind::Steps ? tr("steps") : tr("s");
}

QString Terms::time(double value, ClockKind clock, int sig)
{
    if (std::isnan(value))
        return QStringLiteral("–");
    if (clock == ClockKind::Model)
        return QString::fromStdString(formatSeconds(value, sig));
    return tr("%1 steps").arg(number(value, sig));
}

QString Terms::waitTitle(WaitKind kind)
{
    switch (kind) {
    case WaitKind::None:
        return tr("did not wait");
    case WaitKind::AdmissionWindow:
        return tr("waiting for the next admission check");
    case WaitKind::TokenBudget:
        return tr("KV cache full");
    case WaitKind::BatchMaxTokens:
        return tr("prefill batch full");
    case WaitKind::RunningMaxReqSize:
    case WaitKind::MaxNumSeqs:
        return tr("running batch full");
    case WaitKind::MaxLoras:
        return tr("LoRA slots full");
    case WaitKind::MaxNumBatchedTokens:
        return tr("step token budget used up");
    case WaitKind::KvBlocks:
        return tr("KV cache blocks full");
    case WaitKind::BehindRequest:
        return tr("queued behind another request");
    case WaitKind::Preempted:
        return tr("preempted");
    case WaitKind::PreemptionStep:
        return tr("a running request was preempted");
    case WaitKind::MaxRunningRequests:
        return tr("running batch full");
    case WaitKind::BatchIsFull:
        return tr("queue paused (batch_is_full)");
    case WaitKind::MaxLorasPerBatch:
        return tr("LoRA slots full");
    case WaitKind::TokenPool:
        return tr("KV cache full");
    case WaitKind::MaxPrefillTokens:
        return tr("prefill batch full");
    case WaitKind::ChunkedPrefillSize:
        return tr("prefill chunk full");
    case WaitKind::Retracted:
        return tr("retracted");
    }
    return QString::fromStdString(waitKindName(kind));
}

namespace {

/// "ad-3, ad-7" for the adapters a MaxLoras reason lists ("adapter 3" without a trace).
QString adapterList(const WaitReason& r, const WaitContext& c)
{
    QStringList names;
    for (std::uint32_t id : r.adapterIds) {
        if (id == kNoAdapter)
            continue;
        names << (c.trace && id < c.trace->adapters.size() ? QString::fromStdString(c.trace->adapters[id].name)
                                                           : Terms::tr("adapter %1").arg(id));
    }
    if (r.adapters > names.size())
        names << Terms::tr("%1 more").arg(r.adapters - std::uint32_t(names.size()));
    return names.join(QStringLiteral(", "));
}

/// "step 4,212" or "12.3 s": when something happened on the context's clock.
QString moment(double at, ClockKind clock)
{
    if (clock == ClockKind::Model)
        return QString::fromStdString(formatSeconds(at, 4));
    return Terms::tr("step %1").arg(QLocale().toString(qint64(std::llround(at))));
}

} // namespace

QString Terms::waitShort(const WaitReason& r, const WaitContext& c)
{
    const QLocale loc;
    switch (r.kind) {
    case WaitKind::None:
        return QStringLiteral("–");
    case WaitKind::AdmissionWindow:
    case WaitKind::PreemptionStep:
        return waitTitle(r.kind);
    case WaitKind::BatchIsFull:
        return tr("queue paused (batch_is_full): an earlier request did not fit; SGLang looks again when a running "
                  "request leaves");
    case WaitKind::BehindRequest:
        return tr("queued behind request %1").arg(r.behind);
    case WaitKind::TokenBudget:
        // S-LoRA admits only a need strictly below what is free: equal numbers still wait.
        return r.need == r.limit ? tr("KV cache full: needs %1 slots, %2 free (must be fewer)").arg(r.need).arg(r.limit)
                                 : tr("KV cache full: needs %1 slots, %2 free").arg(r.need).arg(r.limit);
    case WaitKind::BatchMaxTokens:
        return tr("prefill batch full: %1 input tokens > %2").arg(r.need).arg(r.limit);
    case WaitKind::KvBlocks:
        return tr("needs %1 KV blocks, %2 free").arg(loc.toString(qint64(r.need)), loc.toString(qint64(r.limit)));
    case WaitKind::MaxLoras:
        return tr("LoRA slots full: this step's batch already has max_loras = %1 adapters (%2)")
            .arg(r.limit)
            .arg(adapterList(r, c));
    case WaitKind::Preempted:
        return tr("preempted at %1 (recompute, %2 tokens again)")
            .arg(moment(r.at, c.clock), loc.toString(qint64(r.need)));
    case WaitKind::MaxNumBatchedTokens:
        return tr("step token budget used up: needs %1 tokens, %2 left")
            .arg(loc.toString(qint64(r.need)), loc.toString(qint64(r.limit)));
    case WaitKind::MaxNumSeqs:
        return tr("running batch full: max_num_seqs = %1").arg(r.limit);
    case WaitKind::RunningMaxReqSize:
        return tr("running batch full: running_max_req_size = %1").arg(r.limit);
    case WaitKind::MaxRunningRequests:
        return tr("running batch full: max_running_requests = %1").arg(r.limit);
    case WaitKind::MaxLorasPerBatch:
        return tr("LoRA slots full: with it, %1 of max_loras_per_batch = %2 slots (%3)")
            .arg(r.need)
            .arg(r.limit)
            .arg(adapterList(r, c));
    case WaitKind::TokenPool:
        return tr("KV cache full: needs %1 tokens, %2 free")
            .arg(loc.toString(qint64(r.need)), loc.toString(qint64(r.limit)));
    case WaitKind::MaxPrefillTokens:
        return tr("prefill batch full: %1 of max_prefill_tokens = %2 tokens")
            .arg(loc.toString(qint64(r.need)), loc.toString(qint64(r.limit)));
    case WaitKind::ChunkedPrefillSize:
        return tr("prefill chunk full: %1 of chunked_prefill_size = %2 tokens")
            .arg(loc.toString(qint64(r.need)), loc.toString(qint64(r.limit)));
    case WaitKind::Retracted:
        return tr("retracted at %1 (%2 tokens to prefill again)")
            .arg(moment(r.at, c.clock), loc.toString(qint64(r.need)));
    default:
        return tr("%1: %2 > %3").arg(waitTitle(r.kind)).arg(r.need).arg(r.limit);
    }
}

QString Terms::waitExplanation(const WaitReason& r, const WaitContext& c, const std::vector<int>& ranks)
{
    const ServerLimits limits = c.server ? c.server->limits : ServerLimits {};
    const WaitBreakdown b = breakdownWait(r, limits);
    const QLocale loc;
    switch (r.kind) {
    case WaitKind::None:
        return tr("It was admitted at the first admission check after it arrived.");
    case WaitKind::AdmissionWindow:
        return tr("The running batch was decoding: S-LoRA checks the queue only when nothing runs and after every "
                  "max_wait_tokens decode steps.");
    case WaitKind::BehindRequest:
        return tr("It queued behind request %1, which could not be admitted yet (first come, first served: the first "
                  "request that does not fit stops the scan).")
            .arg(r.behind);
    case WaitKind::TokenBudget: {
        QString held;
        if (!ranks.empty()) {
            QStringList rs;
            for (int k : ranks)
                rs << QString::number(k);
            held = tr("%1 held by adapter weights (resident adapters: %2, ranks %3; rank × 4 slots each)")
                       .arg(b.adapterSlots)
                       .arg(ranks.size())
                       .arg(rs.join(QStringLiteral(", ")));
        } else if (r.adapters > 0) {
            held = tr("%1 held by adapter weights (resident adapters: %2; rank × 4 slots each)")
                       .arg(b.adapterSlots)
                       .arg(r.adapters);
        } else {
            held = tr("%1 held by adapter weights (rank × 4 slots each)").arg(b.adapterSlots);
        }
        return tr("It needs %1 KV slots to run the batch to its end, but only %2 are free for requests: %3 slots "
                  "(max_total_token_num) − %4. S-LoRA admits it only when it needs strictly fewer slots than are "
                  "free.")
            .arg(r.need)
            .arg(r.limit)
            .arg(b.kvSlots)
            .arg(held);
    }
    case WaitKind::BatchMaxTokens: {
        QString text = tr("The new prefill batch would hold %1 input tokens, more than batch_max_tokens = %2.")
                           .arg(r.need)
                           .arg(r.limit);
        if (b.derivedLimit)
            text += QLatin1Char(' ')
                + tr("(batch_max_tokens is 0, so S-LoRA's default applies: max(max_total_token_num / 6, "
                     "max_req_total_len) = max(%1, %2).)")
                      .arg(limits.maxTotalTokenNum / 6)
                      .arg(limits.maxReqTotalLen);
        return text;
    }
    case WaitKind::RunningMaxReqSize:
        return tr("The running batch would hold %1 requests, more than running_max_req_size = %2.")
            .arg(r.need)
            .arg(r.limit);
    case WaitKind::MaxLoras:
        return tr("LoRA slots full: this step's batch already has max_loras = %1 adapters (%2); vLLM sets the request "
                  "aside and "
                  "schedules later requests of those adapters (and of the base model) past it.")
            .arg(r.limit)
            .arg(adapterList(r, c));
    case WaitKind::MaxNumSeqs:
        return tr("The running batch already holds max_num_seqs = %1 requests.").arg(r.limit);
    case WaitKind::MaxNumBatchedTokens:
        return r.limit > 0 ? tr("Its prompt needs %1 tokens in one step, but only %2 of the step's "
                                "max_num_batched_tokens are left (chunked prefill is off, so the "
                                "scan stops here).")
                                 .arg(loc.toString(qint64(r.need)), loc.toString(qint64(r.limit)))
                           : tr("The step's token budget (max_num_batched_tokens) was used up by requests ahead of it; "
                                "it needs %1 tokens.")
                                 .arg(loc.toString(qint64(r.need)));
    case WaitKind::KvBlocks:
        return tr("It needs %1 KV blocks for this step, but only %2 are free (vLLM: the scan stops at the first "
                  "request whose blocks do not fit).")
            .arg(loc.toString(qint64(r.need)), loc.toString(qint64(r.limit)));
    case WaitKind::Preempted:
        return tr("It was preempted at %1 to free KV blocks for older running requests (recompute: its %2 prompt and "
                  "generated tokens are "
                  "prefilled again when it is scheduled next).")
            .arg(moment(r.at, c.clock), loc.toString(qint64(r.need)));
    case WaitKind::PreemptionStep:
        return tr("A running request was preempted in this step, and vLLM schedules no waiting request in a step that "
                  "preempted.");
    case WaitKind::MaxRunningRequests:
        return tr("The running batch would hold %1 requests, more than max_running_requests = %2 (requests that "
                  "finished in the last decode step count until the next one removes them).")
            .arg(r.need)
            .arg(r.limit);
    case WaitKind::BatchIsFull:
        return tr("SGLang marked the batch full (batch_is_full) when an earlier admission failed, and looks at the "
                  "queue again only after a running request finishes or is retracted.");
    case WaitKind::MaxLorasPerBatch: {
        const QString list = r.adapters > 0 ? adapterList(r, c) : tr("none, only the base model");
        return tr(
            "LoRA slots full: with it, this step's batch would use %1 GPU LoRA slots, more than max_loras_per_batch = "
            "%2 (adapters in the batch: %3; the base model takes a slot when base-model requests run).")
            .arg(r.need)
            .arg(r.limit)
            .arg(list);
    }
    case WaitKind::TokenPool:
        return tr("It needs %1 KV tokens, but only %2 are free: the pool (max_total_tokens) minus the tokens held, "
                  "minus %3 reserved for the output the running and newly admitted requests will still generate (their "
                  "remaining output × new_token_ratio %4).")
            .arg(loc.toString(qint64(r.need)), loc.toString(qint64(r.limit)), loc.toString(qint64(r.reserved)))
            .arg(number(r.ratio, 4));
    case WaitKind::MaxPrefillTokens:
        return tr("This step's prefill already takes %1 tokens, reaching max_prefill_tokens = %2.")
            .arg(r.need)
            .arg(r.limit);
    case WaitKind::ChunkedPrefillSize:
        return tr("This step's prefill already takes %1 tokens, reaching chunked_prefill_size = %2: longer prompts are "
                  "prefilled in chunks over several steps.")
            .arg(r.need)
            .arg(r.limit);
    case WaitKind::Retracted:
        return tr("It was retracted at %1: a decode step ran out of KV tokens, so SGLang freed this request's KV (the "
                  "fewest output tokens first, then the longest prompt). It waits again at the back of the queue and "
                  "will prefill %2 tokens (its prompt and its output so far) again.")
            .arg(moment(r.at, c.clock), loc.toString(qint64(r.need)));
    }
    return QString::fromStdString(r.describe());
}

QString Terms::rejectReason(RejectReason reason, const SchedulerConfig& server)
{
    const ServerLimits& limits = server.limits;
    switch (reason) {
    case RejectReason::None:
        return {};
    case RejectReason::InputTooLong:
        if (server.policy == PolicyKind::Sglang)
            return tr("input not shorter than context_length (%1 tokens)").arg(server.sglang.contextLength);
        return tr("input longer than max_req_input_len (%1 tokens)").arg(limits.maxReqInputLen);
    case RejectReason::TotalTooLong:
        if (server.policy == PolicyKind::Sglang)
            return tr("input + output not shorter than context_length (%1 tokens)").arg(server.sglang.contextLength);
        return tr("input + output longer than max_req_total_len (%1 tokens)").arg(limits.maxReqTotalLen);
    case RejectReason::NeverFits:
        if (server.policy == PolicyKind::Sglang)
            return tr("input not shorter than max_req_input_len (%1 tokens: min(context_length, max_total_tokens) − 6)")
                .arg(server.sglang.maxReqInputLen());
        return tr("can never fit in the KV cache (%1 slots)").arg(limits.maxTotalTokenNum);
    case RejectReason::MaxModelLen:
        return tr("input + output longer than max_model_len (%1 tokens)").arg(server.vllm.maxModelLen);
    case RejectReason::LoraRankTooLarge:
        return tr("adapter rank larger than max_lora_rank (%1)").arg(server.vllm.maxLoraRank);
    case RejectReason::Shed:
        return tr("dropped by the router: every replica was saturated");
    }
    return QString::fromStdString(rejectReasonName(reason));
}

QString Terms::adapterLoad(AdapterTier tier, double seconds, ClockKind clock)
{
    if (tier == AdapterTier::Gpu)
        return {};
    const QString from = tier == AdapterTier::Disk ? tr("adapter loading from disk") : tr("adapter loading from CPU");
    if (clock == ClockKind::Steps)
        return tr("%1 before its first pass").arg(from);
    return tr("%1: %2").arg(from, QString::fromStdString(formatSeconds(seconds, 2)));
}

QString Terms::dropReason(DropReason reason)
{
    switch (reason) {
    case DropReason::None:
        return {};
    case DropReason::Aborted:
        return tr("aborted by the client");
    case DropReason::Timeout:
        return tr("waited too long (slora-abort drops requests waiting ≥ 5.5 s)");
    }
    return QString::fromStdString(dropReasonName(reason));
}

QString Terms::stepKind(StepKind kind)
{
    switch (kind) {
    case StepKind::Idle:
        return tr("idle");
    case StepKind::Prefill:
        return tr("prefill");
    case StepKind::Decode:
        return tr("decode");
    case StepKind::Mixed:
        return tr("mixed (prefill chunks and decodes)");
    }
    return {};
}

QString Terms::gapModel(const GapTheory::Description& m)
{
    using Kind = GapTheory::Description::Kind;
    switch (m.kind) {
    case Kind::None:
        return tr("no stationary gap law (the rate varies over time)");
    case Kind::Constant:
        return tr("constant gaps of %1").arg(QString::fromStdString(formatSeconds(m.gap)));
    case Kind::Gamma:
        return tr("Gamma(k = %1, θ = %2)").arg(number(m.shape, 4), QString::fromStdString(formatSeconds(m.theta, 4)));
    case Kind::Merge:
        return tr("merge of %1 stationary renewal processes").arg(qint64(std::llround(m.processes)));
    }
    return {};
}

} // namespace lorascope
