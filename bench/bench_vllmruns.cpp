// SPDX-License-Identifier: Apache-2.0
// Times the vLLM runs suite (tests/data/vllm-runs-agullo/, docs/costmodel.md): one run of about
// 27,000 requests (Llama, 128 adapters at 0.1/0.05/0.025 req/s, max_loras 128), best of five,
// and, with --all, every run of the table one after the other on one thread.
//
//   bench_vllmruns          one run (goal: <= 0.2 s)
//   bench_vllmruns --all    the 294 runs (goal: <= 60 s with two threads; this prints one thread)

#include "admission/costmodel.h"
#include "calibrate/vllmruns.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

using namespace lorascope;

int main(int argc, char** argv)
{
    const std::string dir = std::string(LORASCOPE_SOURCE_DIR) + "/tests/data/vllm-runs-agullo/";
    const std::vector<VllmRun> runs = readVllmRuns(dir + "runs.csv");
    const VllmRun* one = nullptr;
    for (const VllmRun& r : runs)
        if (r.label() == "llama-3.1-8b-instruct/rank_16_rates_0.1_0.05_0.025/_128_128_16_")
            one = &r;
    if (!one)
        return 1;
    const CostModel& model = *findCostModel(vllmRunPreset(*one));
    double best = 1e9;
    std::uint64_t requests = 0;
    for (int i = 0; i < 5; ++i) {
        const VllmRunPrediction p = predictVllmRun(*one, model, 0);
        best = std::min(best, p.seconds);
        requests = p.window.requests;
    }
    std::printf("one run (%s, %llu requests): %.3f s (best of 5; generate + simulate + window)\n", one->label().c_str(),
        static_cast<unsigned long long>(requests), best);
    if (argc > 1 && std::strcmp(argv[1], "--all") == 0) {
        const auto t0 = std::chrono::steady_clock::now();
        std::uint64_t total = 0;
        double slowest = 0;
        std::string slowestLabel;
        for (const VllmRun& r : runs) {
            const VllmRunPrediction p = predictVllmRun(r, *findCostModel(vllmRunPreset(r)), 0);
            total += p.window.requests;
            if (p.seconds > slowest) {
                slowest = p.seconds;
                slowestLabel = r.label();
            }
        }
        std::printf("all %zu runs, %llu requests: %.1f s on one thread; slowest %s %.1f s\n", runs.size(),
            static_cast<unsigned long long>(total),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), slowestLabel.c_str(),
            slowest);
    }
    return 0;
}
