// SPDX-License-Identifier: Apache-2.0
#pragma once
// Capacity in replicas (docs/fleet.md, Capacity in replicas): a sweep of a fleet's size, its
// metrics staleness or its router, one series per router, each point the fleet preview
// (fleet/fleet.h) of one workload judged like any sweep point (sweep/metrics.h); and the
// smallest fleet that meets each SLO, per router, with the saving of the best router over
// round-robin in replicas and GPUs. Points run in parallel on worker threads; each finished point
// goes to the caller's callback at once (serialized), so results stream and a cancel keeps them.

#include "fleet/fleetconfig.h"
#include "sweep/sweep.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace lorascope {

/// What a fleet sweep varies.
enum class FleetAxis : std::uint8_t {
    Replicas, ///< replicas in the fleet (the single group's count)
    Staleness, ///< metrics scrape interval, ms
    Router, ///< the router (values index FleetSweepPlan::routers; one point per router)
};
std::string fleetAxisName(FleetAxis axis);
/// "replicas", "staleness", "router"; nullopt otherwise.
std::optional<FleetAxis> fleetAxisFromName(const std::string& name);

/// A fleet sweep: the workload and SLO of `base`, the fleet, the axis and its values, the routers.
struct FleetSweepPlan {
    SweepPlan
        base; ///< workload (spec), the replicas' server and cost model (config), SLO, saturation, warm-up; base.param unused
    FleetConfig fleet; ///< replicas, router, staleness, placement
    /// The fleet's one group takes base.config's server and cost model (a fleet of identical
    /// replicas from flags); false: every group keeps its own (a fleet file).
    bool serverFromPlan = true;
    FleetAxis axis = FleetAxis::Replicas;
    std::vector<double> values; ///< replicas or ms (empty for the router axis: one point per router)
    std::vector<RouterKind> routers; ///< one series each (empty: the fleet's router)
};

/// One finished point.
struct FleetSweepPoint {
    SweepPoint point; ///< value, metrics, per-adapter metrics, the point's spec and per-replica server
    RouterKind router = RouterKind::RoundRobin;
    int replicas = 0;
    int gpus = 0;
    double stalenessMs = 0;
    std::uint64_t adapterLoads = 0; ///< over all replicas
};

/// The routers of the plan (its list, or the fleet's router).
std::vector<RouterKind> planRouters(const FleetSweepPlan& plan);
/// The fleet of one point: `router` with the axis set to `value`.
FleetConfig pointFleet(const FleetSweepPlan& plan, RouterKind router, double value);
/// Parses the values of a fleet sweep: "1,2,4" or "LO:HI[:STEP]" (step 1 for replicas, else a
/// quarter of the range); replicas are whole numbers from 1 to 4096, staleness >= 0 ms. Throws
/// InputError naming `field` (the CLI's flag, the Sweep tab's field).
std::vector<double> parseFleetValues(FleetAxis axis, const std::string& text, const std::string& field);
/// Checks the plan before any work (values, fleet, spec). Throws InputError naming the field.
void checkFleetPlan(const FleetSweepPlan& plan);

struct FleetSweepRun {
    std::vector<FleetSweepPoint> points; ///< sorted by router (plan order), then value
    bool cancelled = false;
    double seconds = 0;
};

/// Runs every (router, value) point on `threads` threads (0 = one per core); the workload is
/// generated once. `onPoint` gets each point as it finishes, one call at a time.
FleetSweepRun runFleetSweep(const FleetSweepPlan& plan, const std::function<void(const FleetSweepPoint&)>& onPoint = {},
    const std::atomic<bool>* cancel = nullptr, unsigned threads = 0);

/// The smallest fleet meeting one SLO with one router.
struct FleetCapacity {
    RouterKind router = RouterKind::RoundRobin;
    SloTarget slo;
    enum class Outcome {
        Found, ///< minReplicas meets it, minReplicas − 1 does not (or is below the range)
        NoneMeets, ///< not even the largest size of the range meets it
    };
    Outcome outcome = Outcome::Found;
    int minReplicas = 0; ///< 0 when none meets
    int gpus = 0; ///< GPUs of that fleet
    int lo = 0, hi = 0; ///< the range searched
    double attainmentAtMin = NAN; ///< SLO attainment at minReplicas
    double attainmentBelow = NAN; ///< at minReplicas − 1 (NaN: not evaluated or below the range)
    double attainmentAtHi = NAN; ///< at the largest size
    bool monotone = true; ///< false: a larger fleet missed where a smaller one met (noted)
};

/// Every SLO × router answer, and the evaluated points (each size of each router once).
struct FleetCapacityResult {
    std::vector<FleetCapacity> answers; ///< for each SLO, for each router (plan order)
    std::vector<FleetSweepPoint> evaluations; ///< judged by the first SLO
    bool cancelled = false;
    double seconds = 0;
    /// Plain sentences: per SLO the replicas (and GPUs) each router needs, or a clear statement that
    /// no size in the range meets it (and how close the largest came); the saving of the best router
    /// over round-robin in replicas and GPUs.
    std::vector<std::string> describe(const FleetSweepPlan& plan) const;
};

/// The smallest number of replicas in [lo, hi] whose fleet meets each SLO, per router: a search
/// that evaluates up to `threads` sizes per round (assuming more replicas never hurt; a point that
/// contradicts it is noted). Each size of each router is simulated once for all SLOs.
FleetCapacityResult findMinReplicas(const FleetSweepPlan& plan, int lo, int hi, const std::vector<SloTarget>& slos,
    const std::function<void(const FleetSweepPoint&)>& onPoint = {}, const std::atomic<bool>* cancel = nullptr,
    unsigned threads = 0);

/// What a finished fleet sweep says: per router the smallest swept size (or staleness) meeting the
/// SLO, and the saving of the best router over round-robin in replicas.
std::vector<std::string> fleetSweepVerdict(const FleetSweepPlan& plan, const std::vector<FleetSweepPoint>& points);

/// Saving of the best router over round-robin: per router the smallest replica count among
/// `points` that meets the SLO (0: none); `best` the router needing the fewest. For the Sweep tab.
struct RouterSaving {
    std::vector<std::pair<RouterKind, int>> minMeeting;
    RouterKind best = RouterKind::RoundRobin;
    int bestReplicas = 0; ///< 0: no router met the SLO
    int roundRobinReplicas = 0; ///< 0: round-robin did not meet it (or was not swept)
    bool roundRobinSwept = false;
};
RouterSaving routerSaving(const std::vector<FleetSweepPoint>& points, const std::vector<RouterKind>& routers);

/// JSON Lines of a fleet sweep (format "lorascope-fleet-sweep"): the header, a point, the answer.
nlohmann::ordered_json fleetSweepHeaderJson(const FleetSweepPlan& plan);
nlohmann::ordered_json fleetSweepPointJson(const FleetSweepPlan& plan, const FleetSweepPoint& point);
nlohmann::ordered_json fleetCapacityJson(const FleetSweepPlan& plan, const FleetCapacityResult& result);

} // namespace lorascope
