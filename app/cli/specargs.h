#pragma once
#include "cli/args.h"
#include "workload/spec.h"
namespace lorascope::cli {
/// The spec from --spec/--preset plus override flags (--adapters, --rate, --alpha, --cv, ...); validated.
WorkloadSpec specFromArgs(const Args& args);
} // namespace lorascope::cli
