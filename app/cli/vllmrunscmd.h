// SPDX-License-Identifier: Apache-2.0
#pragma once
// `calibrate --vllm-runs` and `validate --vllm-runs` (cli/cmd_vllmruns.cpp).

#include "cli/args.h"

#include <string>
#include <vector>

namespace lorascope::cli {

int runCalibrateVllm(const std::vector<std::string>& args);
int runValidateVllm(const std::vector<std::string>& args);
/// True when the arguments name a runs table (--vllm-runs FILE or --vllm-runs=FILE).
bool hasVllmRuns(const std::vector<std::string>& args);

} // namespace lorascope::cli
