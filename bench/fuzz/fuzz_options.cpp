// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the command-line option checks (app/cli/options.cpp and args.cpp): the
// input is an argument list (NUL-separated; its first byte picks the subcommand). Parsing either
// throws UsageError or accepts, and every numeric option it accepts lies within the table's range
// (checked again here independently). Built by bench/fuzz/build.sh.

#include "cli/args.h"
#include "cli/options.h"

#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

const char* const kCommands[] = { "generate", "stats", "simulate", "convert", "fit", "replay", "serve-sim" };

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace lorascope::cli;
    if (size == 0)
        return 0;
    const std::string command = kCommands[data[0] % (sizeof kCommands / sizeof kCommands[0])];
    std::vector<std::string> argv;
    std::string cur;
    for (std::size_t i = 1; i < size; ++i) {
        if (data[i] == 0) {
            argv.push_back(cur);
            cur.clear();
        } else {
            cur += static_cast<char>(data[i]);
        }
    }
    argv.push_back(cur);
    // Every numeric flag of the table, plus text and bool flags the commands take.
    std::vector<std::string> valueFlags { "--format", "--spec", "-o", "--model", "--target" };
    for (const auto& o : optionTable())
        valueFlags.push_back(o.flag);
    const std::vector<std::string> boolFlags { "--json", "--quiet", "--skip-bad" };
    try {
        const Args a = parseArgs(command, argv, valueFlags, boolFlags);
        for (const auto& [flag, value] : a.values()) {
            const OptionSpec* o = findOption(command, flag);
            if (!o)
                continue;
            if (o->integer) {
                char* end = nullptr;
                errno = 0;
                const long long v = std::strtoll(value.c_str(), &end, 10);
                if (errno || end == value.c_str() || *end || v < o->imin || v > o->imax)
                    __builtin_trap();
            } else {
                char* end = nullptr;
                const double v = std::strtod(value.c_str(), &end);
                if (end == value.c_str() || *end || !std::isfinite(v) || v > o->max || v < o->min
                    || (o->minExclusive && v == o->min))
                    __builtin_trap();
            }
        }
    } catch (const UsageError&) {
    }
    return 0;
}
