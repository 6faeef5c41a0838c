// SPDX-License-Identifier: Apache-2.0
#pragma once
// Option parsing shared by `replay` and `merge` (defined in cmd_replay.cpp).

#include "replay/metrics.h"

#include <string>

namespace lorascope::cli {

/// "--slo ttft=MS,tpot=MS,e2el=MS" (any subset). Throws UsageError.
Slo parseSlo(const std::string& text);

} // namespace lorascope::cli
