// SPDX-License-Identifier: Apache-2.0
#include "sweep/sweep.h"

#include "analysis/numberformat.h"
#include "util/error.h"
#include "util/memory.h"
#include "workload/generator.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <mutex>
#include <thread>

namespace lorascope {

namespace {

double secondsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

double previewPointBytes(const WorkloadSpec& spec)
{
    return std::max(expectedRequestCount(spec), 1.0) * kPreviewBytesPerRequest;
}

namespace {

/// Refuses a point that cannot fit in the memory available, naming its value.
void checkPointFits(const SweepPlan& plan, double value, const WorkloadSpec& spec)
{
    const SweepParamInfo& info = sweepParamInfo(plan.param);
    checkMemoryFits(previewPointBytes(spec),
        std::string("the point ") + info.name + " = " + sweepValueText(plan.param, value) + " (about "
            + std::to_string(static_cast<std::uint64_t>(std::llround(expectedRequestCount(spec)))) + " requests)",
        "lower the rate or the duration of that point, or preview fewer requests", info.name);
}

} // namespace

void pointSettings(const SweepPlan& plan, double value, WorkloadSpec& spec, SimulationConfig& config)
{
    spec = plan.spec;
    config = plan.config;
    config.clock = ClockKind::Model; // a capacity plan is in seconds
    applySweepValue(plan.param, value, spec, config);
}

void checkPlan(const SweepPlan& plan)
{
    const SweepParamInfo& info = sweepParamInfo(plan.param);
    if (const std::string why = sweepParamNotApplicable(plan.param, plan.spec, plan.config); !why.empty())
        throw InputError(why, {}, 0, info.name);
    if (plan.values.empty())
        throw InputError(std::string("no values to sweep ") + info.name + " over", {}, 0, info.name);
    if (plan.values.size() > kMaxSweepPoints)
        throw InputError(
            std::to_string(plan.values.size()) + " points; a sweep has at most " + std::to_string(kMaxSweepPoints), {},
            0, info.name);
    if (plan.warmup < 0 || plan.cooldown < 0)
        throw InputError("warm-up and cool-down must be >= 0 s", {}, 0, "warmup");
    for (double v : plan.values) {
        if (const std::string problem = checkSweepValue(plan.param, v); !problem.empty())
            throw InputError(problem, {}, 0, info.name);
        WorkloadSpec spec;
        SimulationConfig config;
        pointSettings(plan, v, spec, config);
        if (const auto issues = validate(spec); !issues.empty())
            throw InputError(
                std::string("at ") + info.name + " = " + sweepValueText(plan.param, v) + ": " + issues.front().message,
                {}, 0, issues.front().field);
        checkPointFits(plan, v, spec);
        const double window = spec.duration;
        if (plan.warmup + plan.cooldown >= window)
            throw InputError("warm-up " + formatNumber(plan.warmup) + " s + cool-down " + formatNumber(plan.cooldown)
                    + " s leave nothing of the " + formatNumber(window) + " s trace at " + info.name + " = "
                    + sweepValueText(plan.param, v),
                {}, 0, "warmup");
    }
}

namespace {

SweepPoint previewPointWith(const SweepPlan& plan, std::size_t index, double value, const ProgressSink& sink)
{
    const auto t0 = std::chrono::steady_clock::now();
    SweepPoint p;
    p.index = index;
    p.value = value;
    pointSettings(plan, value, p.spec, p.config);
    // A point keeps only what its metrics need, each as briefly as it can (docs/sweep.md, "Memory"):
    // the queue and running peaks are taken from each forward pass as it happens (a timeline of
    // every pass is ~100 bytes a pass, tens of millions of passes on a saturated server), the
    // trace's requests go once simulated, the engine's records once turned into timings.
    Trace trace = generate(p.spec, sink);
    SimulationConfig sim = p.config;
    sim.recordTimeline = false;
    PreviewPeaks peaks;
    SimulationResult result = simulate(trace, sim, sink, [&peaks](const StepRecord& s) { peaks.add(s); });
    trace.duration = trace.window(); // the window stays what the requests made it (slora traces run past the duration)
    std::vector<Request>().swap(trace.requests);
    MetricsInput in = metricsInputFromPreview(trace, result, plan.warmup, plan.cooldown);
    std::vector<RequestRecord>().swap(result.requests);
    SaturationOptions sat = plan.saturation;
    if (sat.windowStart < 0 && plan.warmup > 0)
        sat.windowStart = plan.warmup;
    if (sat.windowEnd < 0 && plan.cooldown > 0)
        sat.windowEnd = in.window - plan.cooldown;
    p.metrics = computeMetrics(in, plan.slo, sat);
    addPreviewFigures(p.metrics, result, peaks);
    p.perAdapter = computeAdapterMetrics(in, plan.slo);
    p.seconds = secondsSince(t0);
    return p;
}

} // namespace

SweepPoint previewPoint(const SweepPlan& plan, std::size_t index, double value, const std::atomic<bool>* cancel)
{
    ProgressSink sink;
    sink.cancel = cancel;
    return previewPointWith(plan, index, value, sink);
}

unsigned sweepThreads(unsigned requested, std::size_t points)
{
    unsigned n = requested > 0 ? requested : std::max(1u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(n, points)));
}

std::vector<SweepPoint> previewValues(const SweepPlan& plan, const std::vector<double>& values, std::size_t firstIndex,
    const std::function<void(const SweepPoint&)>& onPoint, const std::atomic<bool>* cancel, unsigned threads,
    bool* cancelled)
{
    std::vector<SweepPoint> done;
    if (values.empty())
        return done;
    std::mutex mutex;
    std::size_t next = 0;
    std::exception_ptr error;
    std::atomic<bool> stop { false };
    // Running points stop when another point failed (the engine polls `stop`) or when the caller
    // cancels (checked by the progress callback the engine calls now and then).
    ProgressSink sink;
    sink.cancel = &stop;
    sink.report = [cancel](double) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            throw Cancelled();
    };
    auto worker = [&] {
        while (true) {
            std::size_t i;
            {
                std::lock_guard lock(mutex);
                if (stop.load() || (cancel && cancel->load()) || next >= values.size())
                    return;
                i = next++;
            }
            try {
                SweepPoint p = previewPointWith(plan, firstIndex + i, values[i], sink);
                std::lock_guard lock(mutex);
                if (onPoint)
                    onPoint(p);
                done.push_back(std::move(p));
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
    // Points side by side must fit together: fewer threads when the largest ones would not.
    double largest = 0;
    for (double v : values) {
        WorkloadSpec spec;
        SimulationConfig config;
        pointSettings(plan, v, spec, config);
        checkPointFits(plan, v, spec); // the finder's values were not in a checked plan
        largest = std::max(largest, previewPointBytes(spec));
    }
    unsigned n = sweepThreads(threads, values.size());
    if (const auto available = availableMemoryBytes(); available && largest > 0)
        n = static_cast<unsigned>(std::clamp<double>(std::floor(static_cast<double>(*available) / largest), 1.0, n));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < n; ++t)
        pool.emplace_back(worker);
    worker(); // the calling thread works too
    for (auto& t : pool)
        t.join();
    if (error)
        std::rethrow_exception(error);
    if (cancelled)
        *cancelled = cancel && cancel->load();
    std::sort(done.begin(), done.end(), [](const SweepPoint& a, const SweepPoint& b) { return a.index < b.index; });
    return done;
}

SweepRun runPreviewSweep(const SweepPlan& plan, const std::function<void(const SweepPoint&)>& onPoint,
    const std::atomic<bool>* cancel, unsigned threads)
{
    checkPlan(plan);
    const auto t0 = std::chrono::steady_clock::now();
    SweepRun run;
    run.points = previewValues(plan, plan.values, 0, onPoint, cancel, threads, &run.cancelled);
    run.cancelled = run.cancelled || run.points.size() < plan.values.size();
    run.seconds = secondsSince(t0);
    return run;
}

double pointDuration(const SweepPoint& point)
{
    return point.spec.duration;
}

double durationToTell(const PointMetrics& m, const SloTarget& slo, double duration)
{
    const std::optional<double> bound = slo.ttft ? slo.ttft : slo.e2e;
    const double offered = m.offeredRate, achieved = m.achievedRate;
    if (!bound || !(*bound > 0) || !(offered > achieved) || !(achieved > 0) || !(slo.attainment > 0))
        return NAN;
    const double tStar = *bound * achieved / (offered - achieved);
    double want = std::max(2.0 * tStar / slo.attainment, std::isfinite(duration) ? 2.0 * duration : 0.0);
    // Up to 1, 2 or 5 × 10^k seconds.
    const double z = std::pow(10.0, std::floor(std::log10(want)));
    for (double step : { 1.0, 2.0, 5.0, 10.0 })
        if (step * z >= want * (1 - 1e-9))
            return step * z;
    return 10 * z;
}

SweepVerdict sweepVerdict(const SweepPlan& plan, const std::vector<SweepPoint>& points)
{
    SweepVerdict v;
    const SweepParamInfo& info = sweepParamInfo(plan.param);
    if (points.empty()) {
        v.lines.push_back("no point finished");
        return v;
    }
    std::vector<const SweepPoint*> sorted;
    for (const SweepPoint& p : points)
        sorted.push_back(&p);
    std::sort(sorted.begin(), sorted.end(), [](auto* a, auto* b) { return a->value < b->value; });
    // The values are the user's (a list or a range): printed as given, to the finest step between
    // them, so "0.5:10:0.5" reads 0.5, 1, 1.5 and a bisection's 5.4321 does not pose as exact.
    double step = NAN;
    for (std::size_t i = 1; i < sorted.size(); ++i) {
        const double d = sorted[i]->value - sorted[i - 1]->value;
        if (d > 0 && !(d >= step))
            step = d;
    }
    const std::string unit = info.unit[0] ? std::string(" ") + info.unit : std::string();
    auto at = [&](double value) {
        return std::string(info.label) + " = " + sweepValueText(plan.param, value, step) + unit;
    };
    for (const SweepPoint* p : sorted) {
        if (p->metrics.meetsSlo)
            v.largestMeeting = p->value;
        if (std::isnan(v.firstSaturated) && p->metrics.saturated)
            v.firstSaturated = p->value;
        if (std::isnan(v.firstOverSaturated) && p->metrics.overSaturation.detected)
            v.firstOverSaturated = p->value;
        if (std::isnan(v.firstSaturated) && p->metrics.meetsSlo && !p->metrics.saturated)
            v.sustainable = p->value;
    }
    const SweepPoint* largest = nullptr;
    for (const SweepPoint* p : sorted)
        if (p->value == v.largestMeeting)
            largest = p;
    v.shortTrace = largest && !std::isnan(v.firstSaturated) && v.largestMeeting >= v.firstSaturated;
    if (v.shortTrace)
        v.suggestedDuration = durationToTell(largest->metrics, plan.slo, pointDuration(*largest));
    const std::string slo = plan.slo.describe();
    if (std::isnan(v.largestMeeting)) {
        const SweepPoint& best = **std::max_element(sorted.begin(), sorted.end(),
            [](auto* a, auto* b) { return a->metrics.sloAttainment < b->metrics.sloAttainment; });
        v.lines.push_back("no point meets the SLO (" + slo + "); the best is " + at(best.value) + " with "
            + formatPrintf("%.1f", 100.0 * best.metrics.sloAttainment) + " % of requests within it, "
            + formatPrintf("%.1f", 100.0 * (plan.slo.attainment - best.metrics.sloAttainment)) + " points short");
    } else if (!v.shortTrace) {
        v.lines.push_back("sustainable: " + at(v.largestMeeting) + ", the largest point meeting the SLO (" + slo
            + ") and keeping up with its arrivals");
    } else {
        v.lines.push_back(std::isnan(v.sustainable)
                ? "nothing sustainable: every point that meets the SLO (" + slo + ") is saturated"
                : "sustainable: " + at(v.sustainable) + ", the largest point meeting the SLO (" + slo
                    + ") below saturation");
        v.lines.push_back("short-trace effect: points up to " + at(v.largestMeeting)
            + " meet the SLO although saturated from " + at(v.firstSaturated) + ": their traces ("
            + formatSigShort(pointDuration(*largest), 3) + " s) end before the backlog grows enough to break it"
            + (std::isnan(v.suggestedDuration) ? std::string()
                                               : "; a duration of at least " + formatSigShort(v.suggestedDuration, 3)
                        + " s would tell (--duration " + formatSigShort(v.suggestedDuration, 3) + ")"));
    }
    if (std::isnan(v.firstSaturated)) {
        const SweepPoint& last = *sorted.back();
        v.lines.push_back("no point saturates: achieved/offered stays >= " + formatPrintf("%.2f", plan.saturation.ratio)
            + " up to " + at(last.value) + " (" + formatPrintf("%.3f", last.metrics.achievedRatio) + " there)");
    } else {
        const auto it
            = std::find_if(sorted.begin(), sorted.end(), [&](auto* p) { return p->value == v.firstSaturated; });
        v.lines.push_back("saturated from " + at(v.firstSaturated) + ": achieved/offered "
            + formatPrintf("%.3f", (*it)->metrics.achievedRatio) + " < " + formatPrintf("%.2f", plan.saturation.ratio));
    }
    if (!std::isnan(v.firstOverSaturated))
        v.lines.push_back("GuideLLM's over-saturation test (in-flight requests and TTFT both rising) fires from "
            + at(v.firstOverSaturated));
    return v;
}

} // namespace lorascope
