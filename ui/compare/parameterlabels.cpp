// SPDX-License-Identifier: Apache-2.0
// How the A/B view names parameters and their values: the labels and value names the Workload and
// Admission tabs use (translated), and S-LoRA's / vLLM's / SGLang's launch-argument names for server limits.
#include "compare/comparetab.h"

#include <QCoreApplication>
#include <QHash>

#include <utility>

namespace lorascope {

QString CompareTab::fieldLabel(const QString& field)
{
    static const QHash<QString, const char*> labels = {
        { QStringLiteral("preset"), QT_TR_NOOP("preset") },
        { QStringLiteral("generator"), QT_TR_NOOP("generator") },
        { QStringLiteral("adapters.count"), QT_TR_NOOP("n") },
        { QStringLiteral("rate"), QT_TR_NOOP("R") },
        { QStringLiteral("duration"), QT_TR_NOOP("T") },
        { QStringLiteral("seed"), QT_TR_NOOP("seed") },
        { QStringLiteral("popularity.kind"), QT_TR_NOOP("popularity") },
        { QStringLiteral("popularity.alpha"), QT_TR_NOOP("α") },
        { QStringLiteral("popularity.zipfS"), QT_TR_NOOP("Zipf s") },
        { QStringLiteral("popularity.weights"), QT_TR_NOOP("weights") },
        { QStringLiteral("arrival.kind"), QT_TR_NOOP("arrivals") },
        { QStringLiteral("arrival.cv"), QT_TR_NOOP("cv") },
        { QStringLiteral("arrival.onOff.onRate"), QT_TR_NOOP("on rate") },
        { QStringLiteral("arrival.onOff.offRate"), QT_TR_NOOP("off rate") },
        { QStringLiteral("arrival.onOff.meanOn"), QT_TR_NOOP("mean on") },
        { QStringLiteral("arrival.onOff.meanOff"), QT_TR_NOOP("mean off") },
        { QStringLiteral("arrival.schedule"), QT_TR_NOOP("rate schedule") },
        { QStringLiteral("groups"), QT_TR_NOOP("adapter groups") },
        { QStringLiteral("adapters.names"), QT_TR_NOOP("adapter names") },
        { QStringLiteral("adapters.ranks"), QT_TR_NOOP("ranks") },
        { QStringLiteral("adapters.defaultRank"), QT_TR_NOOP("default rank") },
        { QStringLiteral("adapters.baseModel"), QT_TR_NOOP("base model") },
        { QStringLiteral("policy"), QT_TR_NOOP("policy") },
        { QStringLiteral("clock"), QT_TR_NOOP("clock") },
        { QStringLiteral("cost"), QT_TR_NOOP("cost model") },
        { QStringLiteral("abortWaitSeconds"), QT_TR_NOOP("abort wait") },
        { QStringLiteral("ranks"), QT_TR_NOOP("rank overrides") },
    };
    if (const auto it = labels.constFind(field); it != labels.constEnd())
        return tr(it.value());
    // Length laws: "input.hi" → "input: max" (all words translated).
    static const QHash<QString, const char*> lengthParts = {
        { QStringLiteral("kind"), QT_TR_NOOP("distribution") },
        { QStringLiteral("lo"), QT_TR_NOOP("min") },
        { QStringLiteral("hi"), QT_TR_NOOP("max (exclusive)") },
        { QStringLiteral("beta"), QT_TR_NOOP("tail β") },
        { QStringLiteral("mu"), QT_TR_NOOP("μ") },
        { QStringLiteral("sigma"), QT_TR_NOOP("σ") },
        { QStringLiteral("mean"), QT_TR_NOOP("mean") },
        { QStringLiteral("stddev"), QT_TR_NOOP("std dev") },
        { QStringLiteral("value"), QT_TR_NOOP("value") },
    };
    for (const auto& [prefix, word] : { std::pair { QStringLiteral("input."), tr("input") },
             std::pair { QStringLiteral("output."), tr("output") } }) {
        if (field.startsWith(prefix)) {
            const QString part = field.mid(prefix.size());
            const auto it = lengthParts.constFind(part);
            return tr("%1: %2", "length parameter").arg(word, it == lengthParts.constEnd() ? part : tr(it.value()));
        }
    }
    // Server limits and vLLM settings keep the launch-argument names users know from S-LoRA/vLLM.
    static const QHash<QString, QString> args = {
        { QStringLiteral("limits.maxTotalTokenNum"), QStringLiteral("max_total_token_num") },
        { QStringLiteral("limits.batchMaxTokens"), QStringLiteral("batch_max_tokens") },
        { QStringLiteral("limits.runningMaxReqSize"), QStringLiteral("running_max_req_size") },
        { QStringLiteral("limits.maxReqTotalLen"), QStringLiteral("max_req_total_len") },
        { QStringLiteral("limits.maxReqInputLen"), QStringLiteral("max_req_input_len") },
        { QStringLiteral("maxWaitTokens"), QStringLiteral("max_wait_tokens") },
        { QStringLiteral("vllm.maxNumSeqs"), QStringLiteral("max_num_seqs") },
        { QStringLiteral("vllm.maxNumBatchedTokens"), QStringLiteral("max_num_batched_tokens") },
        { QStringLiteral("vllm.maxLoras"), QStringLiteral("max_loras") },
        { QStringLiteral("vllm.maxCpuLoras"), QStringLiteral("max_cpu_loras") },
        { QStringLiteral("vllm.maxLoraRank"), QStringLiteral("max_lora_rank") },
        { QStringLiteral("vllm.maxModelLen"), QStringLiteral("max_model_len") },
        { QStringLiteral("vllm.numGpuBlocks"), QStringLiteral("num_gpu_blocks") },
        { QStringLiteral("vllm.blockSize"), QStringLiteral("block_size") },
        { QStringLiteral("vllm.longPrefillTokenThreshold"), QStringLiteral("long_prefill_token_threshold") },
        { QStringLiteral("vllm.enableChunkedPrefill"), QStringLiteral("enable_chunked_prefill") },
        { QStringLiteral("vllm.enablePrefixCaching"), QStringLiteral("enable_prefix_caching") },
        { QStringLiteral("vllm.loraScan"), QStringLiteral("lora_scan") },
        { QStringLiteral("sglang.maxTotalTokens"), QStringLiteral("max_total_tokens") },
        { QStringLiteral("sglang.contextLength"), QStringLiteral("context_length") },
        { QStringLiteral("sglang.maxRunningRequests"), QStringLiteral("max_running_requests") },
        { QStringLiteral("sglang.chunkedPrefillSize"), QStringLiteral("chunked_prefill_size") },
        { QStringLiteral("sglang.maxPrefillTokens"), QStringLiteral("max_prefill_tokens") },
        { QStringLiteral("sglang.scheduleConservativeness"), QStringLiteral("schedule_conservativeness") },
        { QStringLiteral("sglang.enableMixedChunk"), QStringLiteral("enable_mixed_chunk") },
        { QStringLiteral("sglang.disableRadixCache"), QStringLiteral("disable_radix_cache") },
        { QStringLiteral("sglang.ignoreEos"), QStringLiteral("ignore_eos") },
        { QStringLiteral("sglang.maxLorasPerBatch"), QStringLiteral("max_loras_per_batch") },
        { QStringLiteral("sglang.maxLoadedLoras"), QStringLiteral("max_loaded_loras") },
        { QStringLiteral("sglang.loraEvictionPolicy"), QStringLiteral("lora_eviction_policy") },
        { QStringLiteral("sglang.pinnedAdapters"), QStringLiteral("pinned adapters") },
        { QStringLiteral("sglang.loraScan"), QStringLiteral("lora_scan (SGLang)") },
    };
    return args.value(field, field);
}

QString CompareTab::valueLabel(const QString& field, const QString& value)
{
    // The names the Workload and Admission tabs show for the core's ids (their translations too).
    static const QHash<QString, std::pair<const char*, const char*>> names = {
        { QStringLiteral("generator=per-adapter"), { "lorascope::ParameterPanel", "per adapter (paper model)" } },
        { QStringLiteral("generator=slora"), { "lorascope::ParameterPanel", "S-LoRA trace.py (bit-exact)" } },
        { QStringLiteral("popularity.kind=power"), { "lorascope::ParameterPanel", "power law (α)" } },
        { QStringLiteral("popularity.kind=zipf"), { "lorascope::ParameterPanel", "Zipf (s)" } },
        { QStringLiteral("popularity.kind=uniform"), { "lorascope::ParameterPanel", "uniform" } },
        { QStringLiteral("popularity.kind=weights"), { "lorascope::ParameterPanel", "explicit weights" } },
        { QStringLiteral("popularity.kind=distinct"),
            { "lorascope::ParameterPanel", "distinct (one adapter per request)" } },
        { QStringLiteral("popularity.kind=uniform-groups"),
            { "lorascope::ParameterPanel", "uniform groups (√k adapters)" } },
        { QStringLiteral("popularity.kind=identical"), { "lorascope::ParameterPanel", "identical (one adapter)" } },
        { QStringLiteral("arrival.kind=gamma"), { "lorascope::ParameterPanel", "gamma (cv)" } },
        { QStringLiteral("arrival.kind=poisson"), { "lorascope::ParameterPanel", "Poisson" } },
        { QStringLiteral("arrival.kind=constant"), { "lorascope::ParameterPanel", "constant gaps" } },
        { QStringLiteral("arrival.kind=on-off"), { "lorascope::ParameterPanel", "on/off bursts" } },
        { QStringLiteral("arrival.kind=schedule"), { "lorascope::ParameterPanel", "rate schedule" } },
        { QStringLiteral("length=uniform"), { "lorascope::ParameterPanel", "uniform" } },
        { QStringLiteral("length=power-law"), { "lorascope::ParameterPanel", "power law (long tail)" } },
        { QStringLiteral("length=log-normal"), { "lorascope::ParameterPanel", "log-normal" } },
        { QStringLiteral("length=normal"), { "lorascope::ParameterPanel", "normal (clipped)" } },
        { QStringLiteral("length=constant"), { "lorascope::ParameterPanel", "constant" } },
        { QStringLiteral("policy=slora"), { "lorascope::AdmissionTab", "S-LoRA (first come, first served)" } },
        { QStringLiteral("policy=slora-abort"), { "lorascope::AdmissionTab", "S-LoRA with abort" } },
        { QStringLiteral("policy=vllm"), { "lorascope::AdmissionTab", "vLLM V1" } },
        { QStringLiteral("policy=sglang"), { "lorascope::AdmissionTab", "SGLang" } },
        { QStringLiteral("clock=steps"), { "lorascope::AdmissionTab", "steps (1 tick per forward pass)" } },
        { QStringLiteral("clock=model"), { "lorascope::AdmissionTab", "cost model (seconds)" } },
    };
    QString key = field;
    if (field == QLatin1String("input.kind") || field == QLatin1String("output.kind"))
        key = QStringLiteral("length");
    const auto it = names.constFind(key + QLatin1Char('=') + value);
    return it == names.constEnd() ? value : QCoreApplication::translate(it->first, it->second);
}

} // namespace lorascope
