// SPDX-License-Identifier: Apache-2.0
#include "text/coretexts.h"

#include <QCoreApplication>

namespace lorascope {

namespace {

// The core's descriptions as they are today, so lupdate lists them for translators. A text the
// core changes later is shown in English until the translation catches up.
[[maybe_unused]] const char* const kCoreTexts[] = {
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
        "Llama-7B fp16 on NVIDIA A10G (24 GB, 600 GB/s, 125 TFLOP/s). Roofline estimate from published specs (not measured): weights and KV read at "
        "80 % of the memory bandwidth, prefill GEMMs at 50 % of dense fp16 peak; see docs/admission.md."),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts",
        "Llama-7B fp16 on NVIDIA A100-80G SXM (2039 GB/s, 312 TFLOP/s). Roofline estimate from published specs (not measured): weights and KV read "
        "at 80 % of the memory bandwidth, prefill GEMMs at 50 % of dense fp16 peak; see docs/admission.md."),
    QT_TRANSLATE_NOOP("lorascope::CoreTexts",
        "Llama-13B fp16 on NVIDIA A100-80G SXM (2039 GB/s, 312 TFLOP/s). Roofline estimate from published specs (not measured): weights and KV read "
        "at 80 % of the memory bandwidth, prefill GEMMs at 50 % of dense fp16 peak; see docs/admission.md."),
};

} // namespace

QString coreText(const std::string& english)
{
    return QCoreApplication::translate("lorascope::CoreTexts", english.c_str());
}

} // namespace lorascope
