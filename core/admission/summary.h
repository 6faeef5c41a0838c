// SPDX-License-Identifier: Apache-2.0
#pragma once
// Summary statistics of a simulation's records: the whole run and each adapter, from one pass.

#include "admission/engine.h"

#include <cstddef>
#include <vector>

namespace lorascope {

/// Fills `overall` (counts, latency percentiles, throughput, SLO attainment) and, if given,
/// `perAdapter` (one entry per adapter with at least one request, in adapter order, base-model
/// requests last; each with `adapter` and `summary` set; name and rank are the caller's).
/// `adapterCount` bounds the adapter indices in `records` (kNoAdapter aside).
void summarizeRecords(const std::vector<RequestRecord>& records, std::size_t adapterCount, ClockKind clock,
    SimulationSummary& overall, std::vector<AdapterSummary>* perAdapter);

} // namespace lorascope
