#pragma once
// `lorascope-cli simulate`: admission preview of a trace (SPEC §2).

#include <string>
#include <vector>

namespace lorascope::cli {

int runSimulate(const std::vector<std::string>& args);
extern const char* const kSimulateHelp;

} // namespace lorascope::cli
