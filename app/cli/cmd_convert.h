#pragma once
// `lorascope-cli convert`: any trace format to any other (SPEC §3), and the import options it
// shares with `fit` (skip bad lines, failed rows, adapter column or assignment).

#include "cli/args.h"
#include "formats/traceio.h"

#include <string>
#include <vector>

namespace lorascope::cli {

int runConvert(const std::vector<std::string>& args);
extern const char* const kConvertHelp;

/// Value flags and bool flags of the shared import options (for Args).
std::vector<std::string> importValueFlags();
std::vector<std::string> importBoolFlags();
/// The import options from those flags. Throws UsageError for bad values.
ReadOptions importOptionsFromArgs(const Args& args);
/// The --help lines of the shared import options.
extern const char* const kImportOptionsHelp;
/// One line about what a read skipped, filtered or marked failed; empty if nothing.
std::string describeReadReport(const ReadReport& report);

} // namespace lorascope::cli
