// SPDX-License-Identifier: Apache-2.0
#pragma once
// `lorascope-cli convert`: any trace format to any other (docs/formats.md), and the import options it
// shares with `fit` (skip bad lines, failed rows, adapter column or assignment).

#include "cli/args.h"
#include "formats/traceio.h"

#include <string>
#include <vector>

namespace lorascope::cli {

/// The --help lines of the shared import options: a string literal, so that help texts embed it.
#define LORASCOPE_IMPORT_OPTIONS_HELP                                                                                  \
    "Import options:\n"                                                                                                \
    "  --skip-bad             skip malformed lines (and report how many) instead of failing\n"                         \
    "  --drop-failed          drop requests the source marks failed (BurstGPT rows with Response\n"                    \
    "                         tokens = 0, rows with 0 tokens) instead of keeping them marked\n"                        \
    "  --rebase-time          shift times so that the first request arrives at 0 s\n"                                  \
    "  --keep-first-rank      an adapter that lines give two ranks keeps its first (the lines are\n"                   \
    "                         counted) instead of the read failing with both lines named\n"                            \
    "  --adapter-column NAME  column whose values become adapters (BurstGPT: Model by default, or\n"                   \
    "                         \"Log Type\"); \"none\" = no adapters from the file\n"                                   \
    "  --model NAME           BurstGPT: keep only rows of this Model (e.g. ChatGPT, GPT-4)\n"                          \
    "  --assign-adapters N    give a trace without adapters N adapters, each request drawn from the\n"                 \
    "                         popularity below (named adapter-0, adapter-1, ...)\n"                                    \
    "  --assign-alpha A       ... power-function popularity ((i+1)/N)^A - (i/N)^A (default 1 = uniform)\n"             \
    "  --assign-zipf S        ... Zipf popularity (i+1)^-S instead\n"                                                  \
    "  --assign-seed N        seed of the assignment (default 42)\n"

/// Value flags and bool flags of the shared import options (for Args).
std::vector<std::string> importValueFlags();
std::vector<std::string> importBoolFlags();
/// The import options from those flags. Throws UsageError for bad values.
ReadOptions importOptionsFromArgs(const Args& args);
/// One line about what a read skipped, filtered or marked failed; empty if nothing.
std::string describeReadReport(const ReadReport& report);

} // namespace lorascope::cli
