// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one table of numeric command-line options (options.cpp): each option's type, range and
// unit, checked in one place for every subcommand that takes it, so `--max-req-input-len -5`
// gets the same message (naming the flag and the limit, exit 2) from stats, simulate and
// serve-sim. Also the other spellings of an option (--from = --format where a trace is read).

#include "cli/args.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lorascope::cli {

/// One numeric option. Integers use imin/imax, numbers min/max (inclusive unless minExclusive).
struct OptionSpec {
    const char* flag;
    const char* commands; ///< space-separated subcommands this entry is for; nullptr = every one
    bool integer;
    std::int64_t imin, imax;
    double min, max;
    bool minExclusive;
    const char* unit; ///< shown after the limits ("s", "ms", "tokens"); "" for none
    const char* zero; ///< what 0 means when it is special ("0 = derived"); nullptr otherwise
};

/// Every numeric option of every subcommand.
const std::vector<OptionSpec>& optionTable();
/// The entry for `flag` of `command` (a command's own entry first); nullptr if the option is not numeric.
const OptionSpec* findOption(const std::string& command, const std::string& flag);
/// Other spellings (alias, canonical) that `command` accepts, e.g. ("--from", "--format").
std::vector<std::pair<std::string, std::string>> optionAliases(const std::string& command);

/// Throws UsageError unless `value` (the text given for `flag`) is valid for the entry: a number
/// (or integer) within its range. Message: "--port must be an integer from 0 to 65535 (got 99999)".
void checkOptionValue(const OptionSpec& spec, const std::string& flag, const std::string& value);

/// Parses a subcommand's arguments: Args with the command's aliases, then every numeric option
/// given is checked against the table. `valueFlags` are the canonical spellings.
Args parseArgs(const std::string& command, const std::vector<std::string>& argv, std::vector<std::string> valueFlags,
    std::vector<std::string> boolFlags);

} // namespace lorascope::cli
