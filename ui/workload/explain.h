// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/workloadview.h"
#include "workload/spec.h"

#include <QString>

namespace lorascope {

/// Teaching text for one parameter (field path as in validate()): what it means, its formula and
/// its effect right now, with numbers from the core (popularity shares, the latest statistics).
QString explainHtml(const QString& field, const WorkloadSpec& spec, const WorkloadAnalysis* analysis);

} // namespace lorascope
