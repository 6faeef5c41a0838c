// SPDX-License-Identifier: Apache-2.0
#pragma once
// The admission-preview options of `report --preview` and `compare`: the cost model and the one
// set of server flags every scheduler command takes (cli/schedulerargs.h), on the cost-model clock.

#include "cli/args.h"
#include "cli/schedulerargs.h"

#include "admission/engine.h"

#include <string>
#include <vector>

namespace lorascope::cli {

/// Value flags of the preview options (for parseArgs): --cost-model and the server's.
std::vector<std::string> previewValueFlags();
/// Flags without a value of the preview options (the server's).
std::vector<std::string> previewBoolFlags();
/// Every preview flag (value or not), e.g. to refuse them where no preview runs.
std::vector<std::string> previewFlags();
/// The --help lines of those options: a string literal, so that help texts embed it.
#define LORASCOPE_PREVIEW_OPTIONS_HELP                                                                                 \
    "Preview options (as `simulate`; the clock is always the cost model's, in seconds):\n"                             \
    "  --cost-model NAME|FILE       llama-7b-a10g (default), llama-7b-a100-80g, llama-13b-a100-80g, or a\n"            \
    "                               JSON file with the coefficients (docs/admission.md)\n" LORASCOPE_SCHEDULER_OPTIONS
/// The preview settings (model clock) from the flags over the server's defaults. Throws UsageError
/// for an unknown policy or a configuration its server refuses.
SimulationConfig previewConfigFromArgs(const Args& args);

} // namespace lorascope::cli
