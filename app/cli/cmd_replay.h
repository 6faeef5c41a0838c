#pragma once
#include <string>
#include <vector>

namespace lorascope::cli {
int runReplay(const std::vector<std::string>& args);
extern const char* const kReplayHelp;
} // namespace lorascope::cli
