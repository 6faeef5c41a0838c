#pragma once
#include <string>
#include <vector>

namespace lorascope::cli {
int runServeSim(const std::vector<std::string>& args);
extern const char* const kServeSimHelp;
} // namespace lorascope::cli
