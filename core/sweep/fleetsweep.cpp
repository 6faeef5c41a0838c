// SPDX-License-Identifier: Apache-2.0
// Fleet sweeps and the smallest fleet per SLO: the workload is generated once; each point is one
// fleet preview judged by sweep/metrics.h.

#include "sweep/fleetsweep.h"

#include "analysis/numberformat.h"
#include "fleet/fleet.h"
#include "sweep/sweepio.h"
#include "util/error.h"
#include "util/version.h"
#include "workload/generator.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <map>
#include <mutex>
#include <thread>

namespace lorascope {

namespace {

std::string replicasText(int n)
{
    return std::to_string(n) + (n == 1 ? " replica" : " replicas");
}
std::string gpusText(int n)
{
    return std::to_string(n) + (n == 1 ? " GPU" : " GPUs");
}

/// One fleet preview of `trace`, judged like a sweep point. `index` numbers the point.
FleetSweepPoint evaluate(const FleetSweepPlan& plan, const Trace& trace, RouterKind router, double value,
    std::size_t index, const std::vector<SloTarget>& slos, std::vector<PointMetrics>* perSlo, const ProgressSink& sink)
{
    const auto t0 = std::chrono::steady_clock::now();
    FleetSweepPoint fp;
    fp.router = router;
    const FleetConfig fleet = pointFleet(plan, router, value);
    fp.replicas = fleet.replicaCount();
    fp.gpus = fleet.gpuCount();
    fp.stalenessMs = fleet.stalenessMs;
    SweepPoint& p = fp.point;
    p.index = index;
    p.value = value;
    p.spec = plan.base.spec;
    p.config = plan.base.config;
    p.config.clock = ClockKind::Model;
    FleetOptions o;
    o.clock = ClockKind::Model;
    o.recordDecisions = false;
    o.threads = 1; // points run side by side already
    FleetResult r = simulateFleet(trace, fleet, o, sink);
    fp.adapterLoads = r.summary.adapterLoads;
    SimulationResult sr;
    sr.clock = r.clock;
    sr.requests = std::move(r.requests);
    sr.summary = r.summary;
    const MetricsInput in = metricsInputFromPreview(trace, sr, plan.base.warmup, plan.base.cooldown);
    SaturationOptions sat = plan.base.saturation;
    if (sat.windowStart < 0 && plan.base.warmup > 0)
        sat.windowStart = plan.base.warmup;
    if (sat.windowEnd < 0 && plan.base.cooldown > 0)
        sat.windowEnd = trace.window() - plan.base.cooldown;
    p.metrics = computeMetrics(in, slos.empty() ? plan.base.slo : slos.front(), sat);
    addPreviewFigures(p.metrics, sr, PreviewPeaks {}); // a fleet's passes are per replica: no fleet-wide queue peak
    p.perAdapter = computeAdapterMetrics(in, slos.empty() ? plan.base.slo : slos.front());
    if (perSlo) {
        perSlo->clear();
        for (const SloTarget& slo : slos)
            perSlo->push_back(computeMetrics(in, slo, sat));
    }
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return fp;
}

/// Runs jobs [0, n) on `threads` threads; stops at a cancel or the first error (rethrown).
void parallel(std::size_t n, unsigned threads, const std::atomic<bool>* cancel,
    const std::function<void(std::size_t)>& job, bool& cancelled)
{
    std::mutex mutex;
    std::size_t next = 0;
    std::exception_ptr error;
    std::atomic<bool> stop { false };
    auto worker = [&] {
        while (true) {
            std::size_t i;
            {
                std::lock_guard lock(mutex);
                if (stop || (cancel && cancel->load()) || next >= n)
                    return;
                i = next++;
            }
            try {
                job(i);
            } catch (const Cancelled&) {
                return;
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!error)
                    error = std::current_exception();
                stop = true;
                return;
            }
        }
    };
    const unsigned t = sweepThreads(threads, n);
    std::vector<std::thread> pool;
    for (unsigned k = 1; k < t; ++k)
        pool.emplace_back(worker);
    worker();
    for (auto& th : pool)
        th.join();
    if (error)
        std::rethrow_exception(error);
    cancelled = cancel && cancel->load();
}

ProgressSink cancelSink(const std::atomic<bool>* cancel)
{
    ProgressSink sink;
    sink.report = [cancel](double) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            throw Cancelled();
    };
    return sink;
}

} // namespace

std::string fleetAxisName(FleetAxis axis)
{
    switch (axis) {
    case FleetAxis::Replicas:
        return "replicas";
    case FleetAxis::Staleness:
        return "staleness";
    case FleetAxis::Router:
        return "router";
    }
    return "replicas";
}

std::optional<FleetAxis> fleetAxisFromName(const std::string& name)
{
    for (FleetAxis a : { FleetAxis::Replicas, FleetAxis::Staleness, FleetAxis::Router })
        if (fleetAxisName(a) == name)
            return a;
    if (name == "staleness_ms" || name == "metrics_staleness_ms")
        return FleetAxis::Staleness;
    return std::nullopt;
}

std::vector<RouterKind> planRouters(const FleetSweepPlan& plan)
{
    return plan.routers.empty() ? std::vector<RouterKind> { plan.fleet.router.kind } : plan.routers;
}

FleetConfig pointFleet(const FleetSweepPlan& plan, RouterKind router, double value)
{
    FleetConfig f = plan.fleet;
    f.router.kind = router;
    if (plan.serverFromPlan && f.groups.size() == 1) {
        f.groups[0].server = plan.base.config.scheduler;
        f.groups[0].costValue = plan.base.config.cost;
        f.groups[0].costModel = plan.base.config.cost.name;
    }
    switch (plan.axis) {
    case FleetAxis::Replicas:
        if (f.groups.size() == 1)
            f.groups[0].count = static_cast<int>(std::llround(value));
        break;
    case FleetAxis::Staleness:
        f.stalenessMs = value;
        break;
    case FleetAxis::Router:
        break;
    }
    return f;
}

void checkFleetPlan(const FleetSweepPlan& plan)
{
    if (plan.axis == FleetAxis::Replicas && plan.fleet.groups.size() != 1)
        throw InputError(
            "replicas: a sweep over the fleet's size needs a fleet of one group of identical replicas (this fleet has "
                + std::to_string(plan.fleet.groups.size()) + " groups)",
            plan.fleet.source, 0, "replicas");
    if (plan.axis != FleetAxis::Router && plan.values.empty())
        throw InputError("no values to sweep " + fleetAxisName(plan.axis) + " over", {}, 0, fleetAxisName(plan.axis));
    if (plan.values.size() * planRouters(plan).size() > kMaxSweepPoints)
        throw InputError(std::to_string(plan.values.size() * planRouters(plan).size()) + " points; a sweep has at most "
                + std::to_string(kMaxSweepPoints),
            {}, 0, fleetAxisName(plan.axis));
    for (double v : plan.values) {
        if (plan.axis == FleetAxis::Replicas && !(v >= 1 && v <= 4096 && v == std::floor(v)))
            throw InputError(
                "replicas must be whole numbers from 1 to 4096 (got " + formatNumber(v) + ")", {}, 0, "replicas");
        if (plan.axis == FleetAxis::Staleness && !(v >= 0 && std::isfinite(v)))
            throw InputError(
                "staleness must be a number of milliseconds >= 0 (got " + formatNumber(v) + ")", {}, 0, "staleness");
    }
    for (RouterKind r : planRouters(plan)) {
        const FleetConfig f = pointFleet(plan, r, plan.values.empty() ? 1 : plan.values.front());
        if (const std::string e = fleetConfigError(f); !e.empty())
            throw InputError(e, plan.fleet.source, 0, e.substr(0, e.find(':')));
    }
    if (const auto issues = validate(plan.base.spec); !issues.empty())
        throw InputError(issues.front().message, {}, 0, issues.front().field);
}

FleetSweepRun runFleetSweep(const FleetSweepPlan& plan, const std::function<void(const FleetSweepPoint&)>& onPoint,
    const std::atomic<bool>* cancel, unsigned threads)
{
    checkFleetPlan(plan);
    const auto t0 = std::chrono::steady_clock::now();
    FleetSweepRun run;
    const Trace trace = generate(plan.base.spec);
    const std::vector<RouterKind> routers = planRouters(plan);
    struct Job {
        RouterKind router;
        double value;
    };
    std::vector<Job> jobs;
    if (plan.axis == FleetAxis::Router) {
        for (std::size_t r = 0; r < routers.size(); ++r)
            jobs.push_back({ routers[r], static_cast<double>(r) });
    } else {
        for (RouterKind r : routers)
            for (double v : plan.values)
                jobs.push_back({ r, v });
    }
    std::mutex mutex;
    const ProgressSink sink = cancelSink(cancel);
    parallel(
        jobs.size(), threads, cancel,
        [&](std::size_t i) {
            FleetSweepPoint p = evaluate(plan, trace, jobs[i].router, jobs[i].value, i, {}, nullptr, sink);
            std::lock_guard lock(mutex);
            if (onPoint)
                onPoint(p);
            run.points.push_back(std::move(p));
        },
        run.cancelled);
    std::stable_sort(run.points.begin(), run.points.end(),
        [](const FleetSweepPoint& a, const FleetSweepPoint& b) { return a.point.index < b.point.index; });
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return run;
}

FleetCapacityResult findMinReplicas(const FleetSweepPlan& planIn, int lo, int hi, const std::vector<SloTarget>& slosIn,
    const std::function<void(const FleetSweepPoint&)>& onPoint, const std::atomic<bool>* cancel, unsigned threads)
{
    FleetSweepPlan plan = planIn;
    plan.axis = FleetAxis::Replicas;
    plan.values = { static_cast<double>(lo), static_cast<double>(hi) };
    const std::vector<SloTarget> slos = slosIn.empty() ? std::vector<SloTarget> { plan.base.slo } : slosIn;
    if (lo < 1 || hi < lo)
        throw InputError("--range: the fleet sizes must be 1 <= LO <= HI (got " + std::to_string(lo) + ":"
                + std::to_string(hi) + ")",
            {}, 0, "--range");
    checkFleetPlan(plan);
    const auto t0 = std::chrono::steady_clock::now();
    FleetCapacityResult result;
    const Trace trace = generate(plan.base.spec);
    const std::vector<RouterKind> routers = planRouters(plan);
    const unsigned t = std::max(1u, sweepThreads(threads, 64));
    // (router, replicas) → whether each SLO is met and its attainment
    std::map<std::pair<std::size_t, int>, std::vector<PointMetrics>> seen;
    std::mutex mutex;
    std::size_t index = 0;
    const ProgressSink sink = cancelSink(cancel);
    auto evaluateAll = [&](const std::vector<std::pair<std::size_t, int>>& todo) {
        bool cancelled = false;
        parallel(
            todo.size(), threads, cancel,
            [&](std::size_t i) {
                std::vector<PointMetrics> per;
                std::size_t idx;
                {
                    std::lock_guard lock(mutex);
                    idx = index++;
                }
                FleetSweepPoint p
                    = evaluate(plan, trace, routers[todo[i].first], todo[i].second, idx, slos, &per, sink);
                std::lock_guard lock(mutex);
                seen[todo[i]] = std::move(per);
                if (onPoint)
                    onPoint(p);
                result.evaluations.push_back(std::move(p));
            },
            cancelled);
        return !cancelled;
    };
    // Round one: both ends of the range for every router.
    std::vector<std::pair<std::size_t, int>> todo;
    for (std::size_t r = 0; r < routers.size(); ++r) {
        todo.emplace_back(r, hi);
        if (lo != hi)
            todo.emplace_back(r, lo);
    }
    bool ok = evaluateAll(todo);
    // Then narrow every (SLO, router) bracket: `fail` misses, `meet` meets (assumed monotone).
    struct Bracket {
        int fail, meet;
    };
    std::vector<Bracket> brackets(slos.size() * routers.size());
    auto meets = [&](std::size_t s, std::size_t r, int n) { return seen.at({ r, n })[s].meetsSlo; };
    for (std::size_t s = 0; s < slos.size(); ++s)
        for (std::size_t r = 0; r < routers.size(); ++r) {
            Bracket& b = brackets[s * routers.size() + r];
            if (!ok || !meets(s, r, hi))
                b = { hi, 0 }; // none meets
            else if (meets(s, r, lo))
                b = { lo - 1, lo };
            else
                b = { lo, hi };
        }
    while (ok) {
        std::vector<std::pair<std::size_t, int>> next;
        for (std::size_t s = 0; s < slos.size(); ++s)
            for (std::size_t r = 0; r < routers.size(); ++r) {
                const Bracket& b = brackets[s * routers.size() + r];
                if (b.meet == 0 || b.meet - b.fail <= 1)
                    continue;
                // up to t sizes evenly inside (fail, meet)
                const int width = b.meet - b.fail;
                const int k = std::min<int>(static_cast<int>(t), width - 1);
                for (int j = 1; j <= k; ++j) {
                    const int n = b.fail + static_cast<int>(std::llround(static_cast<double>(width) * j / (k + 1)));
                    if (n > b.fail && n < b.meet && !seen.count({ r, n })
                        && std::find(next.begin(), next.end(), std::make_pair(r, n)) == next.end())
                        next.emplace_back(r, n);
                }
            }
        if (next.empty())
            break;
        ok = evaluateAll(next);
        if (!ok)
            break;
        for (std::size_t s = 0; s < slos.size(); ++s)
            for (std::size_t r = 0; r < routers.size(); ++r) {
                Bracket& b = brackets[s * routers.size() + r];
                if (b.meet == 0)
                    continue;
                for (const auto& [key, per] : seen) {
                    if (key.first != r || key.second <= b.fail || key.second >= b.meet)
                        continue;
                    if (per[s].meetsSlo)
                        b.meet = key.second;
                }
                for (const auto& [key, per] : seen)
                    if (key.first == r && key.second > b.fail && key.second < b.meet && !per[s].meetsSlo)
                        b.fail = key.second;
            }
    }
    result.cancelled = !ok;
    for (std::size_t s = 0; s < slos.size(); ++s)
        for (std::size_t r = 0; r < routers.size(); ++r) {
            const Bracket& b = brackets[s * routers.size() + r];
            FleetCapacity c;
            c.router = routers[r];
            c.slo = slos[s];
            c.lo = lo;
            c.hi = hi;
            if (auto it = seen.find({ r, hi }); it != seen.end())
                c.attainmentAtHi = it->second[s].sloAttainment;
            if (b.meet == 0) {
                c.outcome = FleetCapacity::Outcome::NoneMeets;
            } else {
                c.minReplicas = b.meet;
                c.gpus = pointFleet(plan, routers[r], b.meet).gpuCount();
                c.attainmentAtMin = seen.at({ r, b.meet })[s].sloAttainment;
                if (auto it = seen.find({ r, b.meet - 1 }); it != seen.end())
                    c.attainmentBelow = it->second[s].sloAttainment;
            }
            for (const auto& [key, per] : seen) // a larger fleet that misses above a smaller one that meets
                if (key.first == r && c.minReplicas > 0 && key.second > c.minReplicas && !per[s].meetsSlo)
                    c.monotone = false;
            result.answers.push_back(c);
        }
    std::sort(
        result.evaluations.begin(), result.evaluations.end(), [](const FleetSweepPoint& a, const FleetSweepPoint& b) {
            return a.router != b.router ? a.router < b.router : a.replicas < b.replicas;
        });
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

std::vector<std::string> FleetCapacityResult::describe(const FleetSweepPlan& plan) const
{
    std::vector<std::string> lines;
    const std::vector<RouterKind> routers = planRouters(plan);
    const std::size_t nr = routers.size();
    for (std::size_t s = 0; s * nr < answers.size(); ++s) {
        const SloTarget& slo = answers[s * nr].slo;
        lines.push_back("SLO " + slo.describe() + ":");
        const FleetCapacity* rr = nullptr;
        const FleetCapacity* best = nullptr;
        for (std::size_t r = 0; r < nr; ++r) {
            const FleetCapacity& c = answers[s * nr + r];
            if (c.router == RouterKind::RoundRobin)
                rr = &c;
            if (c.outcome == FleetCapacity::Outcome::NoneMeets) {
                lines.push_back("  " + routerName(c.router) + ": no fleet size from " + std::to_string(c.lo) + " to "
                    + replicasText(c.hi) + " meets it; at " + replicasText(c.hi) + " ("
                    + gpusText(pointFleet(plan, c.router, c.hi).gpuCount()) + ") "
                    + formatPrintf("%.1f", 100 * c.attainmentAtHi) + " % of requests meet it, "
                    + formatPrintf("%.0f", 100 * c.slo.attainment) + " % are needed. Try a larger range.");
                continue;
            }
            std::string line = "  " + routerName(c.router) + ": " + replicasText(c.minReplicas) + " ("
                + gpusText(c.gpus) + "), " + formatPrintf("%.1f", 100 * c.attainmentAtMin) + " % of requests meet it";
            if (c.minReplicas == c.lo)
                line += "; the smallest size of the range already meets it (try a lower --range)";
            else if (std::isfinite(c.attainmentBelow))
                line += "; with " + std::to_string(c.minReplicas - 1) + " "
                    + formatPrintf("%.1f", 100 * c.attainmentBelow) + " %";
            if (!c.monotone)
                line += " (a larger fleet missed it: the answer assumes more replicas never hurt, check the points)";
            lines.push_back(line);
            if (!best || c.minReplicas < best->minReplicas)
                best = &c;
        }
        if (best && rr && best->router == RouterKind::RoundRobin && nr > 1) {
            lines.push_back("  no router needs fewer replicas than round-robin.");
        } else if (best && rr && best->router != RouterKind::RoundRobin) {
            if (rr->outcome == FleetCapacity::Outcome::NoneMeets)
                lines.push_back("  " + routerName(best->router) + " needs " + replicasText(best->minReplicas)
                    + "; round-robin needs more than " + replicasText(rr->hi) + ": a saving of at least "
                    + replicasText(rr->hi + 1 - best->minReplicas) + ".");
            else if (rr->minReplicas > best->minReplicas)
                lines.push_back("  " + routerName(best->router) + " saves "
                    + replicasText(rr->minReplicas - best->minReplicas) + " (" + gpusText(rr->gpus - best->gpus)
                    + ") over round-robin.");
            else
                lines.push_back("  no router needs fewer replicas than round-robin.");
        } else if (!best) {
            lines.push_back("  No fleet size in the range meets this SLO with any router.");
        }
    }
    return lines;
}

RouterSaving routerSaving(const std::vector<FleetSweepPoint>& points, const std::vector<RouterKind>& routers)
{
    RouterSaving out;
    for (RouterKind r : routers) {
        int min = 0;
        for (const FleetSweepPoint& p : points)
            if (p.router == r && p.point.metrics.meetsSlo && (min == 0 || p.replicas < min))
                min = p.replicas;
        out.minMeeting.emplace_back(r, min);
        if (r == RouterKind::RoundRobin) {
            out.roundRobinSwept = true;
            out.roundRobinReplicas = min;
        }
        if (min > 0 && (out.bestReplicas == 0 || min < out.bestReplicas)) {
            out.bestReplicas = min;
            out.best = r;
        }
    }
    return out;
}

std::vector<std::string> fleetSweepVerdict(const FleetSweepPlan& plan, const std::vector<FleetSweepPoint>& points)
{
    std::vector<std::string> lines;
    const std::vector<RouterKind> routers = planRouters(plan);
    if (plan.axis != FleetAxis::Replicas) {
        for (RouterKind r : routers) {
            std::string meeting;
            for (const FleetSweepPoint& p : points)
                if (p.router == r && p.point.metrics.meetsSlo)
                    meeting += (meeting.empty() ? "" : ", ")
                        + (plan.axis == FleetAxis::Staleness ? formatPrintf("%g", p.stalenessMs) + " ms"
                                                             : routerName(p.router));
            lines.push_back(routerName(r) + ": meets " + plan.base.slo.describe() + " at "
                + (meeting.empty() ? std::string("no point") : meeting));
        }
        return lines;
    }
    const RouterSaving s = routerSaving(points, routers);
    for (const auto& [r, min] : s.minMeeting)
        lines.push_back(routerName(r) + ": "
            + (min > 0 ? "the smallest swept fleet meeting " + plan.base.slo.describe() + " has " + replicasText(min)
                       : "no swept fleet size meets " + plan.base.slo.describe()));
    if (s.bestReplicas == 0)
        lines.push_back("No swept fleet size meets the SLO with any router: sweep larger fleets.");
    else if (s.roundRobinSwept && s.best != RouterKind::RoundRobin) {
        if (s.roundRobinReplicas == 0)
            lines.push_back(routerName(s.best) + " meets it with " + replicasText(s.bestReplicas)
                + "; round-robin with none of the swept sizes.");
        else if (s.roundRobinReplicas > s.bestReplicas)
            lines.push_back(routerName(s.best) + " saves " + replicasText(s.roundRobinReplicas - s.bestReplicas)
                + " over round-robin.");
    }
    return lines;
}

} // namespace lorascope
