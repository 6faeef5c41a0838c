// SPDX-License-Identifier: Apache-2.0
#include "sweep/replaysweep.h"

#include "analysis/numberformat.h"
#include "replay/results.h"
#include "util/error.h"
#include "workload/generator.h"

#include <chrono>
#include <cstdio>

namespace lorascope {

namespace {

} // namespace

void checkReplayPlan(const SweepPlan& plan)
{
    const SweepParamInfo& info = sweepParamInfo(plan.param);
    if (info.server)
        throw InputError(std::string(info.name)
                + " is a launch setting of the server: a sweep against a running server (--target) cannot change it. "
                  "Restart the server with each "
                  "value and sweep the workload, or sweep it in the preview",
            {}, 0, info.name);
}

namespace {

std::string pointDir(const std::string& root, std::size_t index)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "/point-%03zu", index);
    return root + buf;
}

} // namespace

SweepPoint replayPoint(const SweepPlan& plan, std::size_t index, double value, const ReplaySweepOptions& options,
    const std::atomic<bool>* cancel, const ReplayObserver& observer)
{
    const auto t0 = std::chrono::steady_clock::now();
    SweepPoint p;
    p.index = index;
    p.value = value;
    p.replayed = true;
    pointSettings(plan, value, p.spec, p.config);
    const Trace trace = generate(p.spec);
    if (trace.requests.empty())
        throw InputError("at " + std::string(sweepParamInfo(plan.param).name) + " = "
                + sweepValueText(plan.param, value) + " the trace has no requests: nothing to replay",
            {}, 0, sweepParamInfo(plan.param).name);
    ReplayOptions o = options.replay;
    o.warmupSeconds = plan.warmup * o.timeScale;
    o.cooldownSeconds = plan.cooldown * o.timeScale;
    if (o.baseModel.empty() || o.baseModel == "base")
        o.baseModel = trace.baseModel.empty() ? std::string("base") : trace.baseModel;

    std::unique_ptr<ResultsFolder> folder;
    if (!options.runsDir.empty())
        folder = std::make_unique<ResultsFolder>(pointDir(options.runsDir, index));
    ReplayObserver obs = observer;
    std::string writeError;
    std::atomic<bool> stop { false };
    if (folder) {
        obs.onRecord = [&, inner = observer.onRecord](const ReplayRecord& r) {
            try {
                folder->append(r);
            } catch (const std::exception& e) {
                if (writeError.empty())
                    writeError = e.what();
                stop = true; // losing results silently is worse than stopping
            }
            if (inner)
                inner(r);
        };
    }
    // The engine watches one flag: ours, set from the caller's on every status tick.
    obs.onStatus = [&, inner = observer.onStatus](const ReplayStatus& s) {
        if (cancel && cancel->load())
            stop = true;
        if (inner)
            inner(s);
    };
    obs.statusInterval = std::min(observer.statusInterval, 0.1);
    if (cancel && cancel->load())
        throw Cancelled();
    const ReplayResult result = runReplay(trace, o, obs, &stop);
    if (!writeError.empty())
        throw InputError(writeError, pointDir(options.runsDir, index));
    // A target nothing answers ends the replay by itself (ReplayOptions::stopAfterConnectFailures):
    // that is this error, not the user's cancel.
    if (!result.reachable && !(cancel && cancel->load()) && (!result.cancelled || !result.stopped.empty())) {
        std::string why;
        for (const auto& r : result.records)
            if (!r.error.empty()) {
                why = r.error;
                break;
            }
        throw InputError("could not reach " + o.target + (why.empty() ? std::string() : ": " + why), {}, 0, "--target");
    }
    if (result.cancelled || (cancel && cancel->load()))
        throw Cancelled();
    const MetricsInput in = metricsInputFromReplay(trace, result.records, o.timeScale, plan.warmup, plan.cooldown);
    SaturationOptions sat = plan.saturation;
    if (sat.windowStart < 0 && plan.warmup > 0)
        sat.windowStart = plan.warmup;
    if (sat.windowEnd < 0 && plan.cooldown > 0)
        sat.windowEnd = trace.window() - plan.cooldown;
    p.metrics = computeMetrics(in, plan.slo, sat);
    // In flight at once, from the client's side (the queue inside the server is not visible).
    {
        std::vector<std::pair<double, int>> events;
        for (const RequestTiming& r : in.requests) {
            if (!std::isfinite(r.start))
                continue;
            events.emplace_back(r.start, +1);
            if (std::isfinite(r.finish))
                events.emplace_back(r.finish, -1);
        }
        std::sort(events.begin(), events.end(),
            [](auto& a, auto& b) { return a.first < b.first || (a.first == b.first && a.second < b.second); });
        int now = 0, peak = 0;
        for (const auto& e : events)
            peak = std::max(peak, now += e.second);
        p.metrics.peakRunning = peak;
    }
    p.perAdapter = computeAdapterMetrics(in, plan.slo);
    if (folder) {
        SummaryOptions so;
        if (plan.slo.ttft)
            so.slo.ttftMs = *plan.slo.ttft * 1e3;
        if (plan.slo.tpot)
            so.slo.tpotMs = *plan.slo.tpot * 1e3;
        if (plan.slo.e2e)
            so.slo.e2elMs = *plan.slo.e2e * 1e3;
        auto summary = summarizeReplay(result.records, so);
        summary["sweep"] = { { "parameter", sweepParamInfo(plan.param).name }, { "value", value }, { "index", index },
            { "time_scale", o.timeScale } };
        summary["target"] = o.target;
        summary["backend"] = backendName(o.backend);
        folder->writeSummary(summary);
    }
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return p;
}

std::string earlyStopReason(const SweepPlan& plan, const SweepPoint& p)
{
    const PointMetrics& m = p.metrics;
    if (!m.saturated && !m.overSaturation.detected)
        return {};
    const std::string at = sweepParamInfo(plan.param).name + std::string(" = ") + sweepValueText(plan.param, p.value);
    const std::string ratio = formatPrintf("%.3f", m.achievedRatio);
    const std::string bound = formatPrintf("%.2f", plan.saturation.ratio);
    if (m.saturated)
        return "saturated at " + at + " (achieved/offered " + ratio + " < " + bound
            + (m.overSaturation.detected ? "; GuideLLM's over-saturation test fires too)" : ")");
    return "over-saturated at " + at
        + " by GuideLLM's test (in-flight requests and TTFT both rising); not saturated by achieved/offered (" + ratio
        + " >= " + bound + ")";
}

ReplaySweepRun runReplaySweep(const SweepPlan& plan, const ReplaySweepOptions& options,
    const std::function<void(const SweepPoint&)>& onPoint, const std::atomic<bool>* cancel,
    const ReplayObserver& observer)
{
    checkPlan(plan);
    checkReplayPlan(plan);
    parseTargetUrl(options.replay.target);
    ReplaySweepRun run;
    for (std::size_t i = 0; i < plan.values.size(); ++i) {
        try {
            run.points.push_back(replayPoint(plan, i, plan.values[i], options, cancel, observer));
        } catch (const Cancelled&) {
            run.cancelled = true;
            break;
        }
        const SweepPoint& p = run.points.back();
        if (onPoint)
            onPoint(p);
        const std::string reason = options.earlyStop ? earlyStopReason(plan, p) : std::string();
        if (!reason.empty() && i + 1 < plan.values.size()) {
            run.stoppedEarly = true;
            run.skipped.assign(plan.values.begin() + static_cast<std::ptrdiff_t>(i) + 1, plan.values.end());
            run.stopReason = reason;
            break;
        }
    }
    return run;
}

CapacityResult confirmCapacity(const SweepPlan& plan, const FinderOptions& options, double previewedCapacity,
    const ReplaySweepOptions& replay, const std::function<void(const SweepPoint&)>& onPoint,
    const std::atomic<bool>* cancel)
{
    checkReplayPlan(plan);
    parseTargetUrl(replay.replay.target);
    std::size_t counter = 0;
    PointEvaluator evaluate = [&](const std::vector<double>& values) {
        std::vector<SweepPoint> points;
        for (double v : values) {
            points.push_back(replayPoint(plan, counter++, v, replay, cancel));
            if (onPoint)
                onPoint(points.back());
        }
        return points;
    };
    FinderOptions o = confirmationOptions(options, previewedCapacity);
    return findCapacity(plan, o, evaluate);
}

} // namespace lorascope
