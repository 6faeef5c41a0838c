// SPDX-License-Identifier: Apache-2.0
#pragma once
// The admission-preview options of `report --preview` and `compare` (the same names and meanings
// as `simulate`'s): policy, cost model and the server limits over the trace's own.

#include "cli/args.h"

#include "admission/engine.h"
#include "workload/spec.h"

#include <string>
#include <vector>

namespace lorascope::cli {

/// Value flags of the preview options (for parseArgs).
std::vector<std::string> previewValueFlags();
/// The --help lines of those options: a string literal, so that help texts embed it.
#define LORASCOPE_PREVIEW_OPTIONS_HELP \
    "Preview options (as `simulate`; the clock is always the cost model's, in seconds):\n" \
    "  --policy NAME              slora (default), slora-abort or vllm\n" \
    "  --cost-model NAME|FILE     llama-7b-a10g (default), llama-7b-a100-80g, llama-13b-a100-80g, or a\n" \
    "                             JSON file with the coefficients (docs/admission.md)\n" \
    "  --max-total-token-num N    KV slots incl. adapter weights (default: the trace's spec, else 6000)\n" \
    "  --batch-max-tokens N       (default max(max_total/6, max_req_total_len))\n" \
    "  --running-max-req-size N   (default 1000)\n" \
    "  --max-req-total-len N      (default 3072)\n" \
    "  --max-req-input-len N      (default 2048)\n" \
    "  --max-wait-tokens N        decode steps between admission attempts (default 10)\n" \
    "  --max-num-seqs N, --max-num-batched-tokens N, --max-loras N   vllm policy limits\n"
/// The preview settings (model clock) from the flags, over `base` limits (the trace's spec, else
/// S-LoRA's defaults). Throws UsageError for an unknown policy.
SimulationConfig previewConfigFromArgs(const Args& args, ServerLimits base);

} // namespace lorascope::cli
