// SPDX-License-Identifier: Apache-2.0
#pragma once
// The routers of a fleet (docs/fleet.md): each chooses a replica for a request from what it can
// see, the way the production router it follows does, and says why in a RouteDecision (a rule and
// the numbers it compared; describeDecision() turns that into a sentence). Qt-free.
//
// Threads: a router is used by the fleet driver's thread only.

#include "fleet/fleetconfig.h"
#include "workload/trace.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace lorascope {

/// No replica (a request the router dropped).
inline constexpr std::uint32_t kNoReplica = 0xffffffffu;

/// What a router sees of the replicas at a decision: scraped metrics (as old as the staleness
/// allows) and what it counts itself (requests it sent that have not finished).
class FleetView {
public:
    virtual ~FleetView() = default;
    virtual std::uint32_t running(int replica) const = 0;
    virtual std::uint32_t waiting(int replica) const = 0;
    virtual double kvUsage(int replica) const = 0; ///< 0..1
    /// vllm:lora_requests_info as the router parsed it (GIE keeps the last non-empty lists).
    virtual bool hasActive(int replica, std::uint32_t adapter) const = 0;
    virtual bool hasWaiting(int replica, std::uint32_t adapter) const = 0;
    virtual std::size_t activeCount(int replica) const = 0;
    virtual std::size_t waitingAdapterCount(int replica) const = 0;
    virtual std::int64_t maxLora(int replica) const = 0;
    /// Requests the router sent to the replica and has not seen finish (router-side, exact).
    virtual std::uint32_t outstanding(int replica) const = 0;
};

/// Which rule of its router decided (docs/fleet.md lists each router's rules).
enum class RouteRule : std::uint8_t {
    RoundRobin, ///< the next replica in turn
    Random, ///< uniformly at random among the candidates
    LeastOutstanding, ///< fewest outstanding requests (value); ties at random
    LeastKv, ///< lowest KV usage (value, 0..1)
    SessionFirst, ///< the session's first request (or no session): at random; later turns follow it
    SessionFollow, ///< the session's earlier turns went there
    PrefixScore, ///< highest weighted score; value = cached prefix blocks, altValue = blocks of the prompt
    GieAffinity, ///< GIE filter: the adapter is active or waiting there
    GieRoom, ///< GIE filter: room to load another adapter (#active + #waiting < max_lora)
    GieNoLora, ///< GIE filter: no replica has the adapter or room; queue and KV decided
    GieScore, ///< GIE scorers: highest weighted score (value); detail = LoRA tier ×10
    GieShed, ///< GIE: a sheddable request dropped, every replica saturated
    AibrixPlaced, ///< AIBrix: among the replicas the adapter is loaded on, fewest outstanding (value)
    HrwReplica, ///< HRW: among the adapter's k highest-weight replicas, fewest outstanding (value)
};
std::string routeRuleName(RouteRule rule);

/// Flags in RouteDecision::flags.
enum RouteFlag : std::uint8_t {
    kRouteExplored = 1, ///< GIE: both sets existed and the 1 − threshold draw chose the one with room
    kRouteQueueFull = 2, ///< GIE: every replica had more than queueing_threshold_lora waiting
    kRoutePinned = 4, ///< static placement narrowed the candidates
};

/// One routing decision: where a request went and why.
struct RouteDecision {
    std::uint32_t replica = kNoReplica;
    std::uint32_t alternative = kNoReplica; ///< a replica that looked better on load but lost on the rule
    float value = 0, altValue = 0; ///< the numbers the rule compared (see RouteRule)
    std::uint16_t candidates = 0; ///< replicas it chose among (after placement)
    std::uint16_t ties = 0; ///< replicas left equal at the end (one picked at random)
    RouteRule rule = RouteRule::RoundRobin;
    std::uint8_t flags = 0;
    std::uint8_t detail = 0;
    float altWaiting = 0, chosenWaiting = 0; ///< waiting requests of the alternative and the chosen one
};

/// Chooses replicas.
class Router {
public:
    virtual ~Router() = default;
    /// Routes trace request `index` among `candidates` (non-empty, ascending) at time `now`.
    virtual RouteDecision route(
        std::uint32_t index, const std::vector<std::uint32_t>& candidates, const FleetView& view, double now)
        = 0;
};

/// Where each adapter may run (fleet/placement.h fills it); empty lists = every replica.
struct AdapterPlacement {
    std::vector<std::vector<std::uint32_t>> replicasOf; ///< per adapter index, ascending
    bool isStatic = false;
};

/// The router `config` names, for `trace` on `replicas` replicas.
std::unique_ptr<Router> makeRouter(
    const RouterConfig& config, const Trace& trace, int replicas, const AdapterPlacement& placement);

/// "ad-7 → replica 3: active there; replica 1 had fewer waiting requests (0 vs 2) but not ad-7".
/// `replicaNames` names replicas (empty: "replica N").
std::string describeDecision(
    const RouteDecision& d, const Trace& trace, std::uint32_t index, const std::vector<std::string>& replicaNames = {});

/// HRW (rendezvous) weight of (adapter name, replica): a 64-bit hash, highest wins.
std::uint64_t rendezvousWeight(const std::string& adapter, std::uint32_t replica);

} // namespace lorascope
