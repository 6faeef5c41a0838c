// SPDX-License-Identifier: Apache-2.0
#pragma once
// `sweep` over a fleet (cmd_sweepfleet.cpp): runSweep hands over when a fleet flag is given.

#include "cli/args.h"

namespace lorascope::cli {

/// A fleet flag (--fleet, --replicas, --routers, --find-min, ...) or a fleet parameter is given.
bool isFleetSweep(const Args& a);
/// The fleet sweep or the smallest-fleet search; returns the exit code.
int runFleetSweepCli(const Args& a);

} // namespace lorascope::cli
