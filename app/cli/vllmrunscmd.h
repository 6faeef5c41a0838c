// SPDX-License-Identifier: Apache-2.0
#pragma once
// `calibrate --vllm-runs`, `validate --vllm-runs` (cli/cmd_vllmruns.cpp), and the scheduler flags
// read with a vLLM preset's server defaults (cli/schedulerargs.cpp).

#include "cli/args.h"

#include "admission/costmodel.h"
#include "admission/schedulerconfig.h"

#include <string>
#include <vector>

namespace lorascope::cli {

int runCalibrateVllm(const std::vector<std::string>& args);
int runValidateVllm(const std::vector<std::string>& args);
/// True when the arguments name a runs table (--vllm-runs FILE or --vllm-runs=FILE).
bool hasVllmRuns(const std::vector<std::string>& args);

/// applySchedulerArgs (cli/schedulerargs.h), with the vLLM settings left unset taken from the
/// server defaults `preset` carries (admission/costserving.h: max_num_batched_tokens,
/// max_model_len, KV blocks from the GPU's memory) before the server's start-up checks, under the
/// vllm policy. Throws UsageError with the refusal when that vLLM could not start.
void applySchedulerArgs(const Args& args, SchedulerConfig& config, const CostModel& preset);

} // namespace lorascope::cli
