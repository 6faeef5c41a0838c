// SPDX-License-Identifier: Apache-2.0
// A fleet sweep's values as the CLI and the Sweep tab give them, and its JSON Lines
// ("lorascope-fleet-sweep"; split out of sweep/fleetsweep.cpp).

#include "sweep/fleetsweep.h"

#include "sweep/sweepio.h"
#include "util/error.h"

#include <cmath>
#include <cstdlib>

namespace lorascope {

using ojson = nlohmann::ordered_json;

std::vector<double> parseFleetValues(FleetAxis axis, const std::string& text, const std::string& flag)
{
    // "1,2,4" or "LO:HI[:STEP]" (step 1 by default for replicas)
    std::vector<double> out;
    auto number = [&](const std::string& s) {
        char* end = nullptr;
        const double v = std::strtod(s.c_str(), &end);
        if (s.empty() || *end != '\0' || !std::isfinite(v))
            throw InputError(flag + ": expected numbers (got \"" + s + "\")", {}, 0, flag);
        return v;
    };
    if (text.find(':') != std::string::npos) {
        std::vector<double> parts;
        std::size_t pos = 0;
        while (true) {
            const std::size_t c = text.find(':', pos);
            parts.push_back(number(text.substr(pos, c == std::string::npos ? std::string::npos : c - pos)));
            if (c == std::string::npos)
                break;
            pos = c + 1;
        }
        if (parts.size() < 2 || parts.size() > 3)
            throw InputError(flag + ": expected LO:HI or LO:HI:STEP (got \"" + text + "\")", {}, 0, flag);
        const double step
            = parts.size() == 3 ? parts[2] : (axis == FleetAxis::Replicas ? 1.0 : (parts[1] - parts[0]) / 4);
        if (!(step > 0) || parts[1] < parts[0])
            throw InputError(flag + ": needs LO <= HI and a positive step (got \"" + text + "\")", {}, 0, flag);
        for (double v = parts[0]; v <= parts[1] + 1e-9 * std::abs(parts[1]); v += step) {
            out.push_back(v);
            if (out.size() > kMaxSweepPoints)
                throw InputError(flag + ": more than " + std::to_string(kMaxSweepPoints) + " points", {}, 0, flag);
        }
    } else {
        std::size_t pos = 0;
        while (true) {
            const std::size_t c = text.find(',', pos);
            out.push_back(number(text.substr(pos, c == std::string::npos ? std::string::npos : c - pos)));
            if (c == std::string::npos)
                break;
            pos = c + 1;
        }
    }
    for (double v : out) {
        if (axis == FleetAxis::Replicas && !(v >= 1 && v <= 4096 && v == std::floor(v)))
            throw InputError(
                flag + ": replicas must be whole numbers from 1 to 4096 (got " + formatNumber(v) + ")", {}, 0, flag);
        if (axis == FleetAxis::Staleness && !(v >= 0))
            throw InputError(flag + ": staleness must be >= 0 ms (got " + formatNumber(v) + ")", {}, 0, flag);
    }
    return out;
}

ojson fleetSweepHeaderJson(const FleetSweepPlan& plan)
{
    ojson j = sweepHeaderJson(plan.base, "preview");
    j["format"] = "lorascope-fleet-sweep";
    j["parameter"] = fleetAxisName(plan.axis);
    j["unit"] = plan.axis == FleetAxis::Replicas ? "replicas" : plan.axis == FleetAxis::Staleness ? "ms" : "";
    j["values"] = plan.values;
    ojson routers = ojson::array();
    for (RouterKind r : planRouters(plan))
        routers.push_back(routerName(r));
    j["routers"] = std::move(routers);
    ojson fleet;
    fleetConfigToJson(plan.fleet, fleet);
    j["fleet"] = std::move(fleet);
    return j;
}

ojson fleetSweepPointJson(const FleetSweepPlan& plan, const FleetSweepPoint& p)
{
    ojson j = sweepPointJson(plan.base, p.point);
    j["kind"] = "fleet_point";
    j["parameter"] = fleetAxisName(plan.axis);
    j["router"] = routerName(p.router);
    j["replicas"] = p.replicas;
    j["gpus"] = p.gpus;
    j["staleness_ms"] = p.stalenessMs;
    j["adapter_loads"] = p.adapterLoads;
    return j;
}

ojson fleetCapacityJson(const FleetSweepPlan& plan, const FleetCapacityResult& r)
{
    ojson j;
    j["kind"] = "fleet_capacity";
    ojson answers = ojson::array();
    for (const FleetCapacity& c : r.answers) {
        ojson a;
        a["router"] = routerName(c.router);
        a["slo"] = c.slo.describe();
        a["found"] = c.outcome == FleetCapacity::Outcome::Found;
        a["min_replicas"] = c.minReplicas > 0 ? ojson(c.minReplicas) : ojson(nullptr);
        a["gpus"] = c.minReplicas > 0 ? ojson(c.gpus) : ojson(nullptr);
        a["range"] = { c.lo, c.hi };
        a["attainment_at_min"] = std::isfinite(c.attainmentAtMin) ? ojson(c.attainmentAtMin) : ojson(nullptr);
        a["attainment_below"] = std::isfinite(c.attainmentBelow) ? ojson(c.attainmentBelow) : ojson(nullptr);
        a["attainment_at_max"] = std::isfinite(c.attainmentAtHi) ? ojson(c.attainmentAtHi) : ojson(nullptr);
        a["monotone"] = c.monotone;
        answers.push_back(std::move(a));
    }
    j["answers"] = std::move(answers);
    j["evaluations"] = r.evaluations.size();
    j["cancelled"] = r.cancelled;
    j["seconds"] = r.seconds;
    j["lines"] = r.describe(plan);
    return j;
}

} // namespace lorascope
