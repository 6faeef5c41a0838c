// SPDX-License-Identifier: Apache-2.0
// `lorascope-cli sweep` over a fleet (docs/fleet.md, Capacity in replicas): --param replicas |
// staleness | router, one series per --routers entry, and --find-min replicas for each --slo. The
// work is in core/sweep/fleetsweep.h; this file reads the fleet flags and prints.

#include "cli/cmd_sweepfleet.h"

#include "cli/commands.h"
#include "cli/options.h"
#include "cli/schedulerargs.h"
#include "cli/specargs.h"

#include "analysis/numberformat.h"
#include "sweep/fleetsweep.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>

#include <unistd.h>

namespace lorascope::cli {

namespace {

std::atomic<bool> g_fleetCancel { false };

extern "C" void onFleetSweepSignal(int)
{
    g_fleetCancel.store(true);
}

std::vector<RouterKind> parseRouters(const std::string& text)
{
    std::vector<RouterKind> out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t comma = text.find(',', pos);
        const std::string name = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        if (name == "all") {
            for (RouterKind r : allRouters())
                out.push_back(r);
        } else {
            const auto kind = routerFromName(name);
            if (!kind)
                throw UsageError("--routers: unknown router \"" + name + "\" (known: " + routerNames() + ", or all)");
            if (std::find(out.begin(), out.end(), *kind) != out.end())
                throw UsageError("--routers: " + name + " is listed twice");
            out.push_back(*kind);
        }
        if (comma == std::string::npos)
            break;
        pos = comma + 1;
    }
    return out;
}

std::vector<double> parseValues(FleetAxis axis, const std::string& text, const std::string& flag)
{
    try {
        return parseFleetValues(axis, text, flag);
    } catch (const InputError& e) {
        throw UsageError(e.what()); // a bad flag value is a usage error (exit 2)
    }
}

void printTable(std::ostream& out, const FleetSweepPlan& plan, const std::vector<FleetSweepPoint>& points)
{
    out << "router              replicas  GPUs  staleness   done/req   TTFT p50    p99   E2E p99   SLO %  S-LoRA %  "
           "ach/off  loads\n"
           "                                         ms                    s       s         s\n";
    for (const FleetSweepPoint& p : points) {
        const PointMetrics& m = p.point.metrics;
        char line[300];
        std::snprintf(line, sizeof line, "%-19s %8d %5d %10s %5llu/%-5llu %8s %7s %9s %7s %9s %7s%s %6llu\n",
            routerName(p.router).c_str(), p.replicas, p.gpus, formatPrintf("%g", p.stalenessMs).c_str(),
            (unsigned long long)m.completed, (unsigned long long)m.requests, formatPrintf("%.3f", m.ttft.p50).c_str(),
            formatPrintf("%.2f", m.ttft.p99).c_str(), formatPrintf("%.2f", m.e2e.p99).c_str(),
            formatPrintf("%.1f", 100 * m.sloAttainment).c_str(), formatPrintf("%.1f", 100 * m.sloraAttainment).c_str(),
            formatPrintf("%.3f", m.achievedRatio).c_str(), m.saturated ? "*" : " ", (unsigned long long)p.adapterLoads);
        out << line;
    }
    out << "SLO %: share of all requests meeting " << plan.base.slo.describe()
        << "; ach/off: achieved / offered rate (* = saturated); loads: adapter loads over all replicas\n";
}

} // namespace

bool isFleetSweep(const Args& a)
{
    for (const char* f : { "--fleet", "--replicas", "--routers", "--find-min", "--staleness", "--placement",
             "--replicas-per-adapter", "--gpus-per-replica" })
        if (a.has(f))
            return true;
    const auto param = a.value("--param");
    return param && fleetAxisFromName(*param).has_value();
}

int runFleetSweepCli(const Args& a)
{
    const bool finder = a.has("--find-min");
    if (finder && a.has("--param"))
        throw UsageError("give either --param (a sweep) or --find-min replicas (the smallest fleet), not both");
    if (finder && *a.value("--find-min") != "replicas")
        throw UsageError("--find-min: only replicas can be searched for (got \"" + *a.value("--find-min") + "\")");
    if (a.has("--find-max"))
        throw UsageError(
            "--find-max searches a workload or server parameter of one server; for a fleet use --find-min replicas");
    for (const char* f : { "--suite", "--target" })
        if (a.has(f))
            throw UsageError(std::string(f) + " does not apply to a fleet sweep");
    if (!finder && !a.has("--param"))
        throw UsageError("what to sweep over the fleet: --param replicas|staleness|router, or --find-min replicas");
    if (a.has("--fleet") && a.has("--replicas"))
        throw UsageError("give --fleet FILE or --replicas N, not both");

    FleetSweepPlan plan;
    plan.base.spec = specFromArgs(a);
    plan.base.config.cost = defaultCostModel(plan.base.spec.naming.baseModel);
    if (const auto file = a.value("--fleet")) {
        for (const std::string& flag : schedulerValueFlags())
            if (a.has(flag))
                throw UsageError(
                    flag + " describes the replicas' server; with --fleet each group has its \"server\" in the file");
        if (a.has("--cost-model") || a.has("--gpus-per-replica"))
            throw UsageError(std::string(a.has("--cost-model") ? "--cost-model" : "--gpus-per-replica")
                + " goes with --replicas; with --fleet it is in the file");
        plan.fleet = readFleetFile(*file);
        plan.serverFromPlan = false;
    } else {
        if (const auto cost = a.value("--cost-model"))
            plan.base.config.cost = loadCostModel(*cost);
        applySchedulerArgs(a, plan.base.config.scheduler, plan.base.config.cost); // with a vLLM preset's defaults
        plan.fleet = uniformFleet(static_cast<int>(a.integer("--replicas", 1)), plan.base.config.scheduler,
            plan.base.config.cost.name, RouterKind::RoundRobin);
        plan.fleet.groups[0].gpusPerReplica = static_cast<int>(a.integer("--gpus-per-replica", 1));
    }
    plan.base.config.clock = ClockKind::Model;
    if (a.has("--staleness"))
        plan.fleet.stalenessMs = a.number("--staleness", 50);
    if (const auto p = a.value("--placement")) {
        if (*p != "dynamic" && *p != "static")
            throw UsageError("--placement must be dynamic or static (got \"" + *p + "\")");
        plan.fleet.placement.kind = *p == "static" ? PlacementConfig::Kind::Static : PlacementConfig::Kind::Dynamic;
    }
    if (a.has("--replicas-per-adapter"))
        plan.fleet.placement.replicasPerAdapter = static_cast<int>(a.integer("--replicas-per-adapter", 1));
    if (const auto r = a.value("--routers"))
        plan.routers = parseRouters(*r);
    std::vector<SloTarget> slos;
    for (const std::string& s : a.values("--slo"))
        slos.push_back(parseSloTarget(s));
    if (!slos.empty())
        plan.base.slo = slos.front();
    plan.base.warmup = a.number("--warmup", 0);
    plan.base.cooldown = a.number("--cooldown", 0);
    plan.base.saturation.ratio = a.number("--saturation-ratio", 0.98);
    const auto threads = static_cast<unsigned>(a.integer("--threads", 0));
    const bool quiet = a.has("--quiet");
    int lo = 1, hi = 64;
    if (finder) {
        plan.axis = FleetAxis::Replicas;
        if (const auto r = a.value("--range")) {
            const std::size_t colon = r->find(':');
            const std::string ls = colon == std::string::npos ? std::string() : r->substr(0, colon);
            const std::string hs = colon == std::string::npos ? std::string() : r->substr(colon + 1);
            char* end1 = nullptr;
            char* end2 = nullptr;
            const long l = std::strtol(ls.c_str(), &end1, 10);
            const long h = std::strtol(hs.c_str(), &end2, 10);
            if (ls.empty() || hs.empty() || *end1 != '\0' || *end2 != '\0' || l < 1 || h < l || h > 4096)
                throw UsageError(
                    "--range: the fleet sizes to search, LO:HI with 1 <= LO <= HI <= 4096 (got \"" + *r + "\")");
            lo = static_cast<int>(l);
            hi = static_cast<int>(h);
        }
        for (const char* f : { "--values", "--points" })
            if (a.has(f))
                throw UsageError(std::string(f) + " is for sweeps; --find-min searches --range LO:HI");
    } else {
        const auto axis = fleetAxisFromName(*a.value("--param"));
        if (!axis)
            throw UsageError(
                "--param " + *a.value("--param") + " is not a fleet parameter (replicas, staleness, router)");
        plan.axis = *axis;
        if (plan.axis == FleetAxis::Router) {
            if (a.has("--values") || a.has("--range"))
                throw UsageError("--param router: list the routers with --routers, not --values");
            if (plan.routers.empty())
                plan.routers = allRouters();
        } else {
            if (!a.has("--values") && !a.has("--range"))
                throw UsageError(
                    "--param " + fleetAxisName(plan.axis) + " needs --values LIST or --range LO:HI[:STEP]");
            plan.values = parseValues(plan.axis, a.value("--values") ? *a.value("--values") : *a.value("--range"),
                a.has("--values") ? "--values" : "--range");
        }
    }
    if (finder) {
        FleetSweepPlan probe = plan;
        probe.values = { double(lo), double(hi) };
        checkFleetPlan(probe);
    } else {
        checkFleetPlan(plan);
    }

    // Output: JSON Lines, written as points finish (temporary name, renamed at the end).
    const std::string outPath = a.value("-o").value_or(a.value("--output").value_or(""));
    // Points go to FILE.partial as they finish; it is renamed to FILE at the end (also when
    // interrupted), as the single-server sweep does.
    std::unique_ptr<std::ofstream> out;
    const std::string partial = outPath + ".partial";
    if (!outPath.empty()) {
        if (outPath.size() < 6 || outPath.substr(outPath.size() - 6) != ".jsonl")
            throw UsageError("a fleet sweep is written as JSON Lines: give -o FILE.jsonl");
        checkOutputs({ { a.has("-o") ? "-o" : "--output", outPath } },
            { { "--fleet", a.value("--fleet").value_or("") }, { "--spec", a.value("--spec").value_or("") },

                { "--cost-model", a.value("--cost-model").value_or("") } });
        checkOutputFile(outPath);
        std::error_code ec;
        if (std::filesystem::exists(partial, ec) && !a.has("--force"))
            throw InputError(outPath + ": " + partial
                    + " exists (the points of a sweep that was stopped before it could rename it?); move it away, or "
                      "give --force to replace it",
                {}, 0, a.has("-o") ? "-o" : "--output");
        out = std::make_unique<std::ofstream>(partial, std::ios::trunc);
        if (!*out)
            throw InputError("cannot write " + partial, partial, 0, "-o");
        *out << fleetSweepHeaderJson(plan).dump() << '\n';
    }
    struct sigaction sa { };
    sa.sa_handler = onFleetSweepSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    const bool live = !quiet && ::isatty(2);
    std::size_t finished = 0;
    auto onPoint = [&](const FleetSweepPoint& p) {
        if (out) {
            *out << fleetSweepPointJson(plan, p).dump() << '\n';
            out->flush();
        }
        ++finished;
        if (live) {
            std::fprintf(stderr, "\rpreviewed %zu fleets (last: %s, %d replicas, %.2f s)   ", finished,
                routerName(p.router).c_str(), p.replicas, p.point.seconds);
            std::fflush(stderr);
        }
    };
    if (!quiet)
        std::cout << "fleet of " << policyName(plan.fleet.groups[0].server.policy) << " replicas on "
                  << plan.base.config.cost.name << ", metrics every " << formatPrintf("%g", plan.fleet.stalenessMs)
                  << " ms, placement "
                  << (plan.fleet.placement.kind == PlacementConfig::Kind::Static ? "static" : "dynamic")
                  << "; workload " << plan.base.spec.rate << " req/s for " << plan.base.spec.duration << " s over "
                  << plan.base.spec.adapterCount << " adapters\n";

    int code = kExitOk;
    if (finder) {
        const FleetCapacityResult r = findMinReplicas(plan, lo, hi, slos, onPoint, &g_fleetCancel, threads);
        if (live && finished)
            std::fprintf(stderr, "\n");
        if (out)
            *out << fleetCapacityJson(plan, r).dump() << '\n';
        if (a.has("--json"))
            std::cout << fleetCapacityJson(plan, r).dump(2) << "\n";
        else
            for (const std::string& line : r.describe(plan))
                std::cout << line << "\n";
        if (r.cancelled)
            code = kExitInput;
    } else {
        const FleetSweepRun run = runFleetSweep(plan, onPoint, &g_fleetCancel, threads);
        if (live && finished)
            std::fprintf(stderr, "\n");
        if (!quiet) {
            printTable(std::cout, plan, run.points);
            for (const std::string& line : fleetSweepVerdict(plan, run.points))
                std::cout << line << "\n";
        }
        if (run.cancelled)
            code = kExitInput;
    }
    if (out) {
        out->close();
        std::error_code ec;
        std::filesystem::rename(partial, outPath, ec);
        if (ec)
            throw InputError("cannot rename " + partial + " to " + outPath + ": " + ec.message()
                    + " (the points are in " + partial + ")",
                outPath, 0, "-o");
    }
    if (code != kExitOk)
        std::cerr << "lorascope-cli sweep: interrupted; " << finished << " finished points kept"
                  << (outPath.empty() ? std::string() : " in " + outPath) << "\n";
    return code;
}

} // namespace lorascope::cli
