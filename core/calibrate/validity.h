// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where a cost model can be trusted: the region of workloads and server settings it was
// calibrated and validated on, and warnings when a preview leaves it (input of the desktop's
// cost-model panel; the same text in the CLI).

#include "admission/engine.h"
#include "calibrate/experiment.h"

#include <string>
#include <vector>

namespace lorascope {

/// The region covered by the runs of `data` (lengths, ranks, KV capacity, policies, overload).
ValidityRange validityOf(const CalibrationData& data);

/// Offered load over what the server completed: (requests / trace window) / throughput. About 1 when
/// the server keeps up; 1.6 means arrivals came 60 % faster than it could serve.
double overloadOf(const Trace& trace, const SimulationSummary& summary);

/// One reason a preview may be off.
struct ValidityWarning {
    std::string
        code; ///< "uncalibrated", "policy", "input_len", "output_len", "rank", "kv_capacity", "overload", "model"
    std::string text; ///< one sentence for the user (English)
    /// The values `text` names, so a UI can say it in another language (ui/text/coretexts.cpp):
    /// uncalibrated {model}; policy {the preview's policy, then each validated policy};
    /// input_len / output_len {longest in the trace, longest validated} (tokens); rank {largest,
    /// largest validated}; kv_capacity {slots, smallest validated, largest validated};
    /// overload {offered/served, validated maximum} (one decimal); model {trace's base model, cost model's}.
    std::vector<std::string> args;
};

/// Warnings for previewing `trace` with `config` (its cost model). `summary` (optional) is the
/// preview's result, for the overload check.
std::vector<ValidityWarning> validityWarnings(
    const Trace& trace, const SimulationConfig& config, const SimulationSummary* summary = nullptr);

} // namespace lorascope
