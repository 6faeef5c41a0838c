// SPDX-License-Identifier: Apache-2.0
#pragma once
// The replay's prompt and session options (promptflags.cpp), shared by `replay` and the GUI's defaults.

#include "cli/args.h"

#include <string>
#include <vector>

namespace lorascope {
struct ReplayOptions;
}

namespace lorascope::cli {

/// The value flags they add to `replay`.
std::vector<std::string> promptValueFlags();
/// Reads them into `o` (after o.prompts is set). Throws UsageError.
void applyPromptFlags(const Args& a, ReplayOptions& o);

} // namespace lorascope::cli
