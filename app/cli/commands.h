// SPDX-License-Identifier: Apache-2.0
#pragma once
// The subcommands of lorascope-cli. Each has a name, a one-line summary, its --help text (which
// the man pages are generated from, so they cannot drift) and a run function.

#include <string>
#include <vector>

namespace lorascope::cli {

struct Command {
    const char* name;
    const char* summary;
    const char* help; ///< full --help text: usage line, description, options
    int (*run)(const std::vector<std::string>& args); ///< returns the exit code
};

/// Exit codes shared by all subcommands.
enum ExitCode { kExitOk = 0, kExitInput = 1, kExitUsage = 2, kExitGate = 3 };

const std::vector<Command>& commands();

// One run function and one --help text per subcommand, defined in cli/cmd_<name>.cpp and listed
// in the table of commands() (commands.cpp).
int runGenerate(const std::vector<std::string>& args);
int runStats(const std::vector<std::string>& args);
int runSimulate(const std::vector<std::string>& args);
int runFleet(const std::vector<std::string>& args);
int runConvert(const std::vector<std::string>& args);
int runFit(const std::vector<std::string>& args);
int runReplay(const std::vector<std::string>& args);
int runServeSim(const std::vector<std::string>& args);
int runSweep(const std::vector<std::string>& args);
int runCalibrate(const std::vector<std::string>& args);
int runValidate(const std::vector<std::string>& args);
int runMerge(const std::vector<std::string>& args);
int runReport(const std::vector<std::string>& args);
int runCompare(const std::vector<std::string>& args);

extern const char* const kGenerateHelp;
extern const char* const kStatsHelp;
extern const char* const kSimulateHelp;
extern const char* const kFleetHelp;
extern const char* const kConvertHelp;
extern const char* const kFitHelp;
extern const char* const kReplayHelp;
extern const char* const kServeSimHelp;
extern const char* const kSweepHelp;
extern const char* const kCalibrateHelp;
extern const char* const kValidateHelp;
extern const char* const kMergeHelp;
extern const char* const kReportHelp;
extern const char* const kCompareHelp;

/// Top-level help (list of subcommands).
std::string mainHelp();
/// Runs the CLI: the whole argv (without the program name). Catches every exception.
int runCli(const std::vector<std::string>& argv);

} // namespace lorascope::cli
