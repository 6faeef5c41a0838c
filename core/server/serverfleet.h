// SPDX-License-Identifier: Apache-2.0
#pragma once
// serve-sim's fleet from a fleet file (docs/servesim.md, "A fleet from a fleet file"): the file is
// read by core/fleet/fleetconfig.h (the one reader, as `lorascope-cli fleet --fleet`); this turns it
// into the server's options: each replica's own server and cost model, the router, the staleness,
// and static placement computed by core/fleet/placement.h over a trace's adapters.

#include "fleet/fleetconfig.h"
#include "server/simserver.h"
#include "workload/trace.h"

namespace lorascope {

/// Sets `into`'s fleet from `config`: replicas with their groups' servers and cost models, the
/// router and its settings, metrics_staleness_ms, and static placement over `trace`'s adapters (the
/// load balancer weighs them by `trace`'s requests, as the preview does on the same trace).
/// `into.scheduler` and `into.cost` become replica 0's (the front's server); `into.loraModules`,
/// when empty, becomes `trace`'s adapters in their order (the order the preview ranks them in).
/// Throws InputError naming the fleet file and the field: a cost model that cannot be read, a
/// pinned adapter `trace` does not have.
void applyFleetConfig(const FleetConfig& config, const Trace& trace, SimServerOptions& into);

/// The options of replica `k` of `fleet` as a server of its own (--ports-per-replica): its server,
/// cost model, and under static placement only the adapters placed on it loaded at start.
SimServerOptions replicaServerOptions(const SimServerOptions& fleet, int k);
/// The same from `base` (the options without their fleet) and the fleet's options: no copy of the
/// fleet per replica, so starting N replicas is linear in N.
SimServerOptions replicaServerOptions(const SimServerOptions& base, const ServerFleetOptions& fleet, int k);

} // namespace lorascope
