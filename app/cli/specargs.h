// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "cli/args.h"
#include "workload/spec.h"
namespace lorascope::cli {
/// The spec from --spec/--preset plus override flags (--adapters, --rate, --alpha, --cv, ...); validated.
WorkloadSpec specFromArgs(const Args& args);
/// The override flags applied to `base` (no --spec/--preset); validated.
WorkloadSpec specFromArgs(const Args& args, WorkloadSpec base);
} // namespace lorascope::cli
