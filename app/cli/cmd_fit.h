#pragma once
// `lorascope-cli fit`: fit a workload spec to a trace (SPEC §1.3), optionally rescaled.

#include <string>
#include <vector>

namespace lorascope::cli {

int runFit(const std::vector<std::string>& args);
extern const char* const kFitHelp;

} // namespace lorascope::cli
