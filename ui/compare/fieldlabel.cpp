// SPDX-License-Identifier: Apache-2.0
// The short, translated labels of the parameter fields the A/B compare tab lists (split out of
// comparetab.cpp: one table, read on its own).
#include "compare/comparetab.h"

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
    // Length laws: "input.hi" → "input hi" (translated word first).
    for (const auto& [prefix, word] : { std::pair { QStringLiteral("input."), tr("input") }, std::pair { QStringLiteral("output."), tr("output") } })
        if (field.startsWith(prefix))
            return word + QLatin1Char(' ') + field.mid(prefix.size());
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
        { QStringLiteral("vllm.blockSize"), QStringLiteral("block_size") },
        { QStringLiteral("vllm.watermark"), QStringLiteral("watermark") },
    };
    return args.value(field, field);
}

} // namespace lorascope
