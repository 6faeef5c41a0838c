// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where a fleet's adapters may run (docs/fleet.md, Placement): dynamic placement lets every replica
// load every adapter; static placement pins each adapter to k replicas, from the fleet file's list
// or by a balancer (greedy by expected load, or AIBrix's least-adapters). Qt-free.

#include "fleet/fleetconfig.h"
#include "fleet/router.h"
#include "workload/trace.h"

namespace lorascope {

/// The placement `config` asks for on `trace`. Throws InputError naming the fleet (or placement)
/// file and the field for an adapter name the trace does not have.
AdapterPlacement placeAdapters(const FleetConfig& config, const Trace& trace);

/// Expected load of each adapter in the trace: Σ (input + output) tokens of its requests.
std::vector<double> adapterLoads(const Trace& trace);

} // namespace lorascope
