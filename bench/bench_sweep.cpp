// SPDX-License-Identifier: Apache-2.0
// Sweep benchmarks (the targets of docs/sweep.md, Performance; printed, never pass/fail):
//   - a 20-point rate sweep of the S4 preset (300 s, R = 0.5 ... 10) previewed: target <= 2 s;
//   - the SLO capacity finder on the same workload: target <= 1 s.
// Each is run a few times; the median wall time is printed with the machine's load.
//   bench_sweep [repeats]
#include "sweep/finder.h"
#include "workload/presets.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using namespace lorascope;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

std::string loadAverage()
{
    std::ifstream in("/proc/loadavg");
    std::string a, b, c;
    in >> a >> b >> c;
    return a + " " + b + " " + c;
}

template <typename F>
double seconds(F&& f)
{
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

SweepPlan s4Plan(bool sloraServer)
{
    SweepPlan plan;
    plan.spec = specForPreset("S4"); // per-adapter generator, n = 200, 300 s
    plan.config.cost = defaultCostModel(plan.spec.naming.baseModel);
    if (sloraServer) {
        // S-LoRA's A100-80GB launch for S4: --num-token 65000, 400 adapters.
        plan.spec.adapterCount = 400;
        plan.config.scheduler.limits.maxTotalTokenNum = 65000;
    }
    plan.param = SweepParam::Rate;
    plan.values = parseSweepValues(SweepParam::Rate, "0.5:10:0.5");
    return plan;
}

void benchSweep(const char* label, const SweepPlan& plan, int repeats)
{
    for (unsigned threads : { 0u, 1u }) {
        std::vector<double> times;
        std::size_t requests = 0;
        for (int i = 0; i < repeats; ++i) {
            SweepRun run;
            times.push_back(seconds([&] { run = runPreviewSweep(plan, {}, nullptr, threads); }));
            requests = 0;
            for (const SweepPoint& p : run.points)
                requests += p.metrics.requests;
        }
        std::printf("sweep %-34s %2zu points, %6zu requests, %u thread(s): median %.3f s (min %.3f, max %.3f) [target "
                    "<= 2 s]\n",
            label, plan.values.size(), requests, sweepThreads(threads, plan.values.size()), median(times),
            *std::min_element(times.begin(), times.end()), *std::max_element(times.begin(), times.end()));
    }
}

void benchFinder(const char* label, SweepPlan plan, int repeats)
{
    FinderOptions o; // from the preset's R = 2, 1 % tolerance, saturation too
    std::vector<double> times;
    CapacityResult r;
    for (int i = 0; i < repeats; ++i)
        times.push_back(seconds([&] { r = findCapacityPreview(plan, o); }));
    std::printf("finder %-33s %2zu points: median %.3f s (min %.3f, max %.3f) [target <= 1 s]\n", label,
        r.evaluations.size(), median(times), *std::min_element(times.begin(), times.end()),
        *std::max_element(times.begin(), times.end()));
    for (const std::string& line : r.describe())
        std::printf("    %s\n", line.c_str());
}

} // namespace

int main(int argc, char** argv)
{
    std::setvbuf(stdout, nullptr, _IONBF, 0);
    const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
    std::printf(
        "load average before: %s; %u hardware threads\n", loadAverage().c_str(), std::thread::hardware_concurrency());
    benchSweep("S4 preset (n 200, KV 6000)", s4Plan(false), repeats);
    benchSweep("S4 on S-LoRA's A100 server (n 400, KV 65000)", s4Plan(true), repeats);
    benchFinder("S4 preset (n 200, KV 6000)", s4Plan(false), repeats);
    benchFinder("S4 on S-LoRA's A100 server", s4Plan(true), repeats);
    std::printf("load average after: %s\n", loadAverage().c_str());
    return 0;
}
