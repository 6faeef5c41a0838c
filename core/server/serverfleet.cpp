// SPDX-License-Identifier: Apache-2.0
// A fleet file's configuration as serve-sim's options (one replica per engine, each its group's).

#include "server/serverfleet.h"

#include "fleet/placement.h"
#include "util/error.h"

#include <algorithm>
#include <map>

namespace lorascope {

void applyFleetConfig(const FleetConfig& config, const Trace& trace, SimServerOptions& into)
{
    if (const std::string e = fleetConfigError(config); !e.empty())
        throw InputError(e, config.source, 0, e.substr(0, e.find(':')));
    ServerFleetOptions fleet;
    fleet.replicas = config.replicaCount();
    fleet.router = config.router;
    fleet.stalenessMs = config.stalenessMs;
    std::map<std::string, CostModel> loaded;
    for (std::size_t g = 0; g < config.groups.size(); ++g) {
        const ReplicaGroup& group = config.groups[g];
        CostModel cost;
        if (group.costValue) {
            cost = *group.costValue;
        } else if (auto it = loaded.find(group.costModel); it != loaded.end()) {
            cost = it->second;
        } else {
            try {
                cost = loaded.emplace(group.costModel, loadCostModel(group.costModel)).first->second;
            } catch (const InputError& e) {
                const std::string field
                    = config.groups.size() == 1 ? "cost_model" : "replicas[" + std::to_string(g) + "].cost_model";
                throw InputError(field + ": " + e.what(), config.source, 0, field);
            }
        }
        for (int i = 0; i < group.count; ++i) {
            ServerReplica r;
            // Named as the fleet preview names its replicas (fleet/fleet.cpp).
            r.name = group.name.empty() ? "replica-" + std::to_string(fleet.replicaServers.size())
                                        : group.name + "-" + std::to_string(i);
            r.scheduler = group.server;
            r.cost = cost;
            fleet.replicaServers.push_back(std::move(r));
        }
    }
    const AdapterPlacement placement = placeAdapters(config, trace);
    if (placement.isStatic)
        for (std::size_t a = 0; a < trace.adapters.size(); ++a)
            if (!placement.replicasOf[a].empty())
                fleet.placement[trace.adapters[a].name] = placement.replicasOf[a];
    into.scheduler = fleet.replicaServers.front().scheduler;
    into.cost = fleet.replicaServers.front().cost;
    if (into.loraModules.empty())
        for (const Adapter& a : trace.adapters)
            into.loraModules.emplace_back(a.name, a.name);
    into.fleet = std::move(fleet);
}

SimServerOptions replicaServerOptions(const SimServerOptions& fleet, int k)
{
    SimServerOptions base = fleet;
    base.fleet = ServerFleetOptions {};
    return replicaServerOptions(base, fleet.fleet, k);
}

SimServerOptions replicaServerOptions(const SimServerOptions& base, const ServerFleetOptions& fleetOptions, int k)
{
    SimServerOptions one = base; // without the fleet: a copy of every replica's server per replica was quadratic
    const auto& servers = fleetOptions.replicaServers;
    if (k >= 0 && std::size_t(k) < servers.size()) {
        one.scheduler = servers[std::size_t(k)].scheduler;
        one.cost = servers[std::size_t(k)].cost;
    }
    if (!fleetOptions.placement.empty()) {
        one.loraModules.clear();
        for (const auto& [name, path] : base.loraModules) {
            const auto it = fleetOptions.placement.find(name);
            if (it == fleetOptions.placement.end()
                || std::find(it->second.begin(), it->second.end(), std::uint32_t(k)) != it->second.end())
                one.loraModules.emplace_back(name, path);
        }
    }
    return one;
}

} // namespace lorascope
