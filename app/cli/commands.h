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
enum ExitCode { kExitOk = 0, kExitInput = 1, kExitUsage = 2 };

const std::vector<Command>& commands();

int runGenerate(const std::vector<std::string>& args);
int runStats(const std::vector<std::string>& args);

extern const char* const kGenerateHelp;
extern const char* const kStatsHelp;

/// Top-level help (list of subcommands).
std::string mainHelp();
/// Runs the CLI: the whole argv (without the program name). Catches every exception.
int runCli(const std::vector<std::string>& argv);

} // namespace lorascope::cli
