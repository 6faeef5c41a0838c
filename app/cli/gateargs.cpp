// SPDX-License-Identifier: Apache-2.0
#include "cli/gateargs.h"

#include "cli/commands.h"

#include "util/error.h"

#include <iostream>

namespace lorascope::cli {

std::vector<Gate> failIfFromArgs(const Args& a)
{
    const auto v = a.value("--fail-if");
    if (!v)
        return {};
    try {
        return parseGates(*v, "--fail-if");
    } catch (const InputError& e) {
        throw UsageError(e.detail());
    }
}

std::vector<WorseGate> failIfWorseFromArgs(const Args& a)
{
    const auto v = a.value("--fail-if-worse");
    if (!v)
        return {};
    try {
        return parseWorseGates(*v, "--fail-if-worse");
    } catch (const InputError& e) {
        throw UsageError(e.detail());
    }
}

int finishGates(
    const std::string& command, const Args& a, const std::vector<GateResult>& results, int exitCode, double seconds)
{
    if (const auto junit = a.value("--junit"))
        writeJunit(*junit, "lorascope " + command + " SLO gates", results, seconds);
    bool failed = false;
    for (const auto& line : failedGateLines(results)) {
        std::cerr << "lorascope-cli " << command << ": gate failed: " << line << "\n";
        failed = true;
    }
    return failed && exitCode == 0 ? kExitGate : exitCode;
}

std::string commandLineText(const std::string& command, const std::vector<std::string>& args)
{
    std::string out = "lorascope-cli " + command;
    bool hideNext = false;
    for (const auto& arg : args) {
        std::string shown = arg;
        if (hideNext) {
            shown = "(not recorded)";
            hideNext = false;
        } else if (arg == "--api-key") {
            hideNext = true;
        } else if (arg.rfind("--api-key=", 0) == 0) {
            shown = "--api-key=(not recorded)";
        }
        const bool plain = !shown.empty() && shown.find_first_of(" \t\n'\"\\$`*?[]{}()<>|&;#~!") == std::string::npos;
        if (plain) {
            out += " " + shown;
        } else {
            std::string q = "'";
            for (char c : shown)
                q += c == '\'' ? std::string("'\\''") : std::string(1, c);
            out += " " + q + "'";
        }
    }
    return out;
}

} // namespace lorascope::cli
