// SPDX-License-Identifier: Apache-2.0
#pragma once
// The CI gate options shared by `replay` (--fail-if) and `compare` (--fail-if-worse), --junit, and
// exit status 3 when a gate fails (core/report/gates.h has the rules).

#include "cli/args.h"
#include "report/gates.h"

#include <string>
#include <vector>

namespace lorascope::cli {

/// --fail-if parsed (empty when not given). Throws UsageError naming the metric or the item.
std::vector<Gate> failIfFromArgs(const Args& args);
/// --fail-if-worse parsed. Throws UsageError.
std::vector<WorseGate> failIfWorseFromArgs(const Args& args);

/// Writes --junit (if given), prints each failed gate on stderr ("lorascope-cli CMD: gate failed: …")
/// and returns kExitGate (3, cli/commands.h) when one failed, else `exitCode`.
int finishGates(const std::string& command, const Args& args, const std::vector<GateResult>& results, int exitCode,
    double seconds = 0);

/// The command line as it was given, for manifests and reports: "lorascope-cli CMD ARGS…", each
/// argument quoted when needed, the value of --api-key replaced by "(not recorded)".
std::string commandLineText(const std::string& command, const std::vector<std::string>& args);

} // namespace lorascope::cli
