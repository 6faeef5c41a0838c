// SPDX-License-Identifier: Apache-2.0
// Admission engine benchmarks (numbers, not pass/fail). Build Release:
//   cmake -S . -B build/rel -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build/rel --target bench_admission
//   build/rel/bench/bench_admission            all of the below
//   build/rel/bench/bench_admission scale N    one run of N S4 requests (peak RSS of a fresh process)
//   build/rel/bench/bench_admission designer [runs] [policy]   the desktop designer's admission job only (S-LoRA by default)
//   build/rel/bench/bench_admission router [runs]     part 3 only (best of runs, default 5; more for profiling)
//   build/rel/bench/bench_admission vllm [N] [runs]   part 4 only: N requests under vLLM V1 (default 10,000 and 1,000,000)
//   build/rel/bench/bench_admission vllm-chat [N] [runs]   part 4b only: N chat-session requests, prefix caching
//   build/rel/bench/bench_admission sglang [runs]     part 5 only
//   build/rel/bench/bench_admission radix [runs]      part 6 only
// 1. the S-LoRA paper's a100-80-S4-cv scenario (n=400, α=1, R=6, cv=8, 300 s), max_total_token_num
//    65000, llama-13b-a100-80g cost model;
// 2. 1,000,000 requests of S4 at R=6, cv=1 (same server), and peak memory at 250k/500k/1M;
// 3. a 10,000-request trace side by side with bench/slora_router.py (S-LoRA's queue and router in
//    Python + NumPy) on the step clock: every request's ticks must agree; the run times are compared;
// 4. vLLM V1 (core/admission/vllm.cpp) on the step clock, the sample server (max_num_seqs 32,
//    max_num_batched_tokens 2048, max_loras 2, 1001 blocks of 16): S1 requests (8 adapters of rank 8,
//    lengths in [8, 512)) at 0.1 a tick, 10,000 and 1,000,000 of them.
// 4b. the same server with automatic prefix caching (admission/vllmblocks.h) on the "chat" traffic
//    preset (sessions of 1-8 turns, a 200-token system prompt per adapter; 8 adapters, 0.3
//    sessions a tick, think time in ticks), 10,000 and 1,000,000 requests; and the same trace with
//    --no-enable-prefix-caching for the hit share's effect.
// 5. the sglang policy: 10,000 requests side by side with tests/tools/sglang_schedule.py (SGLang's
//    scheduler in Python) on the step clock, vLLM's part-4 workload and server size in SGLang's terms
//    (10,000 and 1,000,000 requests, step clock), and S4 at R=6 on the cost-model clock.
// 6. the sglang policy's radix cache (core/admission/radixcache.h): the chat preset's sessions
//    (200-token system prompt per adapter, 1-8 turns), 10,000 and 1,000,000 requests on the step
//    clock, cache on and off (--disable-radix-cache).

#include "admission/engine.h"
#include "analysis/admissionview.h"
#include "workload/generator.h"
#include "workload/prefix.h"
#include "workload/presets.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include <sys/resource.h>
#include <unistd.h>

#ifndef LORASCOPE_BENCH_DIR
#define LORASCOPE_BENCH_DIR "bench"
#endif

using namespace lorascope;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

long peakRssKiB()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

WorkloadSpec s4(double rate, double cv, double duration, std::uint32_t adapters = 400)
{
    WorkloadSpec spec = specForPreset("S4");
    spec.generator = GeneratorKind::Slora; // S-LoRA's generate_requests, as in the paper's runs
    spec.adapterCount = adapters;
    spec.popularity.alpha = 1.0;
    spec.rate = rate;
    spec.arrival.cv = cv;
    spec.duration = duration;
    spec.seed = 42;
    return spec;
}

SimulationConfig a100Server(bool timeline)
{
    SimulationConfig c;
    c.scheduler.limits.maxTotalTokenNum = 65000;
    c.clock = ClockKind::Model;
    c.cost = *findCostModel("llama-13b-a100-80g");
    c.recordTimeline = timeline;
    return c;
}

template <typename F>
double bestOf(int runs, F&& f)
{
    double best = 1e300;
    for (int i = 0; i < runs; ++i) {
        auto t0 = Clock::now();
        f();
        best = std::min(best, seconds(t0, Clock::now()));
    }
    return best;
}

void printSummary(const char* label, const SimulationResult& r)
{
    const SimulationSummary& s = r.summary;
    std::printf("  %s: %llu requests, %llu finished, %llu passes (%llu prefill), TTFT mean %.3f p99 %.3f %s, "
                "SLO %.1f %%, peak KV need %lld / %lld, adapter loads %llu\n",
        label, (unsigned long long)s.requests, (unsigned long long)s.finished, (unsigned long long)s.steps,
        (unsigned long long)s.prefillSteps, s.ttft.mean, s.ttft.p99, r.unit().c_str(), 100 * s.sloAttainment,
        (long long)s.peakKvNeed, (long long)s.kvCapacity, (unsigned long long)s.adapterLoads);
}

int scaleRun(std::uint64_t n, bool timeline)
{
    const long before = peakRssKiB();
    Trace t = generate(s4(6, 1, static_cast<double>(n) / 6.0 + 0.01));
    const long afterTrace = peakRssKiB();
    auto t0 = Clock::now();
    SimulationResult r = simulate(t, a100Server(timeline));
    const double secs = seconds(t0, Clock::now());
    std::printf(
        "scale %zu requests (timeline %s): simulate %.3f s, peak RSS %ld MiB (trace alone %ld MiB, baseline %ld MiB), "
        "%zu timeline records\n",
        t.requests.size(), timeline ? "on" : "off", secs, peakRssKiB() / 1024, afterTrace / 1024, before / 1024,
        r.timeline.size());
    printSummary("1M", r);
    return 0;
}

/// What the desktop app's admission tab runs after a 100k-request change (bench_ui_designer
/// admission): preset S4 scaled to 100,000 requests (per-adapter generator), S-LoRA's default
/// limits, the llama-13b cost model, analyzeAdmission (simulation + histograms + binned timeline).
/// `policy` (e.g. "vllm", "sglang") runs that server's policy with its defaults instead.
int designerRun(int runs, const std::string& policy)
{
    WorkloadSpec spec = specForPreset("S4");
    spec.rate = 100000.0 / spec.duration;
    auto trace = std::make_shared<const Trace>(generate(spec));
    SimulationConfig c;
    c.scheduler.reportTokens = false; // S-LoRA's default limits
    if (!policy.empty()) {
        const std::optional<PolicyKind> kind = policyFromName(policy);
        if (!kind) {
            std::fprintf(stderr, "designer: unknown policy %s\n", policy.c_str());
            return 2;
        }
        c.scheduler.policy = *kind;
    }
    c.clock = ClockKind::Model;
    c.cost = *findCostModel("llama-13b-a100-80g");
    std::vector<double> times;
    double cpu = 1e300;
    std::shared_ptr<AdmissionAnalysis> a;
    for (int i = 0; i < runs; ++i) {
        a.reset(); // free the previous result outside the timed part (the GUI frees it on a pool thread)
        timespec c0 {}, c1 {};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
        const auto t0 = Clock::now();
        a = analyzeAdmission(trace, c);
        times.push_back(seconds(t0, Clock::now()));
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
        cpu = std::min(cpu, double(c1.tv_sec - c0.tv_sec) + 1e-9 * double(c1.tv_nsec - c0.tv_nsec));
    }
    std::sort(times.begin(), times.end());
    std::printf("designer admission (%s): %zu requests, %llu passes (model clock, llama-13b-a100-80g, max_total %lld): "
                "analyzeAdmission "
                "min %.1f ms, median %.1f ms, max %.1f ms over %d runs (wall); min %.1f ms CPU\n",
        policyName(c.scheduler.policy).c_str(), trace->requests.size(), (unsigned long long)a->result.summary.steps,
        (long long)c.scheduler.limits.maxTotalTokenNum, 1e3 * times.front(), 1e3 * times[times.size() / 2],
        1e3 * times.back(), runs, 1e3 * cpu);
    return 0;
}

bool near(const nlohmann::json& v, double x)
{
    if (v.is_null())
        return std::isnan(x);
    return !std::isnan(x) && v.get<double>() == x;
}

void comparePython(int runs)
{
    // 10,000 requests: S4 adapters, 0.4 requests per tick on a 65000-token server (loaded, not overloaded)
    Trace t = generate(s4(0.4, 1, 25000.01));
    SchedulerConfig sc;
    sc.limits.maxTotalTokenNum = 65000;
    SimulationConfig cfg;
    cfg.scheduler = sc;
    cfg.clock = ClockKind::Steps;
    cfg.recordTimeline = false;
    char dirTemplate[] = "/tmp/lorascope-bench-XXXXXX";
    const char* dir = mkdtemp(dirTemplate);
    if (!dir) {
        std::printf("python comparison skipped: no temporary directory\n");
        return;
    }
    const std::string csv = std::string(dir) + "/trace.csv", out = std::string(dir) + "/python.json";
    {
        std::ofstream f(csv);
        f.precision(17);
        f << "time,adapter,rank,input,output\n";
        for (const Request& r : t.requests)
            f << r.time << ',' << (r.adapter == kNoAdapter ? -1 : int(r.adapter)) << ',' << t.rankOf(r) << ','
              << r.inputLen << ',' << r.outputLen << '\n';
    }
    SimulationResult cpp;
    const double cppSecs = bestOf(runs, [&] { cpp = simulate(t, cfg); });
    const std::string cmd
        = "/usr/bin/python3 " LORASCOPE_BENCH_DIR "/slora_router.py " + csv + " " + out + " --max-total-tokens 65000";
    auto p0 = Clock::now();
    const int rc = std::system(cmd.c_str());
    const double wall = seconds(p0, Clock::now());
    std::ifstream in(out);
    if (rc != 0 || !in) {
        std::printf("python comparison failed: `%s` exited %d\n", cmd.c_str(), rc);
        return;
    }
    nlohmann::json j = nlohmann::json::parse(in);
    std::uint64_t mismatches = 0;
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const RequestRecord& r = cpp.requests[i];
        if (!near(j["admitted"][i], r.admitted) || !near(j["first_token"][i], r.firstToken)
            || !near(j["finished"][i], r.finished)) {
            if (mismatches < 5)
                std::printf("  mismatch at request %zu: python (%s, %s, %s) vs lorascope (%g, %g, %g)\n", i,
                    j["admitted"][i].dump().c_str(), j["first_token"][i].dump().c_str(),
                    j["finished"][i].dump().c_str(), r.admitted, r.firstToken, r.finished);
            ++mismatches;
        }
    }
    const double pySecs = j["seconds"].get<double>();
    std::printf("python comparison, %zu requests (S4, 0.4/tick, max_total 65000, step clock):\n", t.requests.size());
    std::printf("  passes: lorascope %llu, python %llu; adapter loads %llu vs %llu, unloads %llu vs %llu\n",
        (unsigned long long)cpp.summary.steps, (unsigned long long)j["steps"].get<std::uint64_t>(),
        (unsigned long long)cpp.summary.adapterLoads, (unsigned long long)j["loads"].get<std::uint64_t>(),
        (unsigned long long)cpp.summary.adapterUnloads, (unsigned long long)j["unloads"].get<std::uint64_t>());
    std::printf("  requests whose admitted/first_token/finished tick differ: %llu\n", (unsigned long long)mismatches);
    std::printf(
        "  lorascope %.5f s (best of %d), python %.2f s (router loop only; %.2f s with start-up) → %.0fx faster\n",
        cppSecs, runs, pySecs, wall, pySecs / cppSecs);
    std::remove(csv.c_str());
    std::remove(out.c_str());
    rmdir(dir);
}

/// Part 4: `n` requests under vLLM V1 on the step clock, best of `runs`.
void vllmRun(std::uint64_t n, int runs)
{
    WorkloadSpec spec = specForPreset("S1");
    spec.generator = GeneratorKind::Slora;
    spec.adapterCount = 8;
    spec.rate = 0.1; // requests per tick
    spec.duration = static_cast<double>(n) / spec.rate;
    spec.seed = 42;
    const Trace t = generate(spec);
    SimulationConfig c;
    c.scheduler.policy = PolicyKind::Vllm;
    c.scheduler.vllm.maxNumSeqs = 32;
    c.scheduler.vllm.maxNumBatchedTokens = 2048;
    c.scheduler.vllm.maxLoras = 2;
    c.scheduler.vllm.numGpuBlocks = 1001;
    c.clock = ClockKind::Steps;
    c.recordTimeline = false;
    SimulationResult r;
    // Wall time, and the CPU time of the best run: on a machine shared with other work the CPU
    // time is what the engine costs, the wall time what a user waits.
    double cpu = 1e300;
    const double secs = bestOf(runs, [&] {
        timespec a {}, b {};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
        r = simulate(t, c);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
        cpu = std::min(cpu, double(b.tv_sec - a.tv_sec) + 1e-9 * double(b.tv_nsec - a.tv_nsec));
    });
    const SimulationSummary& s = r.summary;
    std::printf("vllm V1, %zu requests (S1, 8 adapters, 0.1/tick; max_num_seqs 32, 2048 tokens, max_loras 2, 1001 "
                "blocks; step clock): "
                "simulate %.4f s wall, %.4f s CPU (best of %d); %llu passes (%llu mixed), %llu preemptions, %llu "
                "adapter loads, %llu finished, "
                "TTFT mean %.1f steps, peak RSS %ld MiB\n",
        t.requests.size(), secs, cpu, runs, (unsigned long long)s.steps, (unsigned long long)s.mixedSteps,
        (unsigned long long)s.preemptions, (unsigned long long)s.adapterLoads, (unsigned long long)s.finished,
        s.ttft.mean, peakRssKiB() / 1024);
}

std::pair<double, double> timedSimulate(int runs, const Trace& t, const SimulationConfig& c, SimulationResult& r);

/// Part 4b: `n` chat-session requests under vLLM V1 with prefix caching (and without), best of `runs`.
void vllmChatRun(std::uint64_t n, int runs)
{
    WorkloadSpec spec = specForPreset("chat");
    spec.preset = "S4"; // its model setting (generate() checks the field against presets and scenarios only)
    spec.adapterCount = 8;
    spec.rate = 0.3; // sessions per tick
    spec.seed = 42;
    Trace t;
    for (double d = static_cast<double>(n) / spec.rate; t.requests.size() < n; d *= 1.5) {
        spec.duration = d;
        t = generate(spec);
    }
    if (t.requests.size() > n) {
        std::vector<std::size_t> first(n);
        for (std::size_t i = 0; i < n; ++i)
            first[i] = i; // a turn's parent comes before it: the first n requests keep their sessions
        reorderRequests(t, first);
    }
    for (bool cache : { true, false }) {
        SimulationConfig c;
        c.scheduler.policy = PolicyKind::Vllm;
        c.scheduler.vllm.maxNumSeqs = 32;
        c.scheduler.vllm.maxNumBatchedTokens = 2048;
        c.scheduler.vllm.maxLoras = 2;
        c.scheduler.vllm.numGpuBlocks = 1001;
        c.scheduler.vllm.enablePrefixCaching = cache;
        c.clock = ClockKind::Steps;
        c.recordTimeline = false;
        SimulationResult r;
        const auto [wall, cpu] = timedSimulate(cache ? runs : 1, t, c, r);
        const SimulationSummary& s = r.summary;
        std::printf(
            "vllm V1 chat sessions, %zu requests (8 adapters, 0.3 sessions/tick; max_num_seqs 32, 2048 tokens, "
            "max_loras 2, "
            "1001 blocks; step clock), prefix caching %s: simulate %.4f s wall, %.4f s CPU (best of %d); %llu passes, "
            "%llu preemptions, hit share %.1f %% (%llu of %llu prompt tokens), TTFT mean %.1f steps, peak RSS %ld "
            "MiB\n",
            t.requests.size(), cache ? "on" : "off", wall, cpu, cache ? runs : 1, (unsigned long long)s.steps,
            (unsigned long long)s.preemptions, 100.0 * s.cacheHitShare(), (unsigned long long)s.cachedTokens,
            (unsigned long long)s.promptTokens, s.ttft.mean, peakRssKiB() / 1024);
    }
}

/// Best of `runs` of `simulate(t, c)`: wall seconds and the CPU seconds of the fastest CPU run.
std::pair<double, double> timedSimulate(int runs, const Trace& t, const SimulationConfig& c, SimulationResult& r)
{
    double cpu = 1e300;
    const double wall = bestOf(runs, [&] {
        timespec a {}, b {};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
        r = simulate(t, c);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
        cpu = std::min(cpu, double(b.tv_sec - a.tv_sec) + 1e-9 * double(b.tv_nsec - a.tv_nsec));
    });
    return { wall, cpu };
}

/// Part 5: the sglang policy (SGLang's scheduler) at 10k requests against its Python transcription,
/// on part 4's workload and server size (SGLang's names) at 10k and 1M requests, and on S4 at R=6
/// on the cost-model clock.
void sglangRuns(int runs)
{
    SchedulerConfig sc;
    sc.policy = PolicyKind::Sglang;
    sc.sglang.maxTotalTokens = 65000;
    {
        Trace t = generate(s4(0.4, 1, 25000.01));
        SimulationConfig cfg;
        cfg.scheduler = sc;
        cfg.clock = ClockKind::Steps;
        cfg.recordTimeline = false;
        SimulationResult cpp;
        const double cppSecs = timedSimulate(runs, t, cfg, cpp).second;
        char dirTemplate[] = "/tmp/lorascope-bench-XXXXXX";
        const char* dir = mkdtemp(dirTemplate);
        if (!dir) {
            std::printf("sglang python comparison skipped: no temporary directory\n");
            return;
        }
        const std::string csv = std::string(dir) + "/trace.csv", out = std::string(dir) + "/python.json";
        {
            std::ofstream f(csv);
            f.precision(17);
            f << "time,adapter,rank,input,output\n";
            for (const Request& r : t.requests)
                f << r.time << ',' << (r.adapter == kNoAdapter ? -1 : int(r.adapter)) << ',' << t.rankOf(r) << ','
                  << r.inputLen << ',' << r.outputLen << '\n';
        }
        const std::string cmd = "/usr/bin/python3 " LORASCOPE_BENCH_DIR "/../tests/tools/sglang_schedule.py " + csv
            + " " + out + " --max-total-tokens 65000";
        const int rc = std::system(cmd.c_str());
        std::ifstream in(out);
        if (rc != 0 || !in) {
            std::printf("sglang python comparison failed: `%s` exited %d\n", cmd.c_str(), rc);
        } else {
            nlohmann::json j = nlohmann::json::parse(in);
            std::uint64_t mismatches = 0;
            for (std::size_t i = 0; i < t.requests.size(); ++i) {
                const RequestRecord& r = cpp.requests[i];
                if (!near(j["admitted"][i], r.admitted) || !near(j["first_token"][i], r.firstToken)
                    || !near(j["finished"][i], r.finished))
                    ++mismatches;
            }
            std::printf(
                "sglang, %zu requests (S4, 0.4/tick, max_total_tokens 65000, step clock): %llu passes (python %llu), "
                "%llu requests differ; lorascope %.4f s CPU (best of %d), python %.2f s CPU (scheduling loop only)\n",
                t.requests.size(), (unsigned long long)cpp.summary.steps,
                (unsigned long long)j["steps"].get<std::uint64_t>(), (unsigned long long)mismatches, cppSecs, runs,
                j["seconds"].get<double>());
        }
        std::remove(csv.c_str());
        std::remove(out.c_str());
        rmdir(dir);
    }
    // Part 4's workload and server size: max_running_requests 32, chunks of 2048 tokens, 2 LoRA
    // slots, a pool of 1001 × 16 tokens.
    for (const std::uint64_t n : { 10000ull, 1000000ull }) {
        WorkloadSpec spec = specForPreset("S1");
        spec.generator = GeneratorKind::Slora;
        spec.adapterCount = 8;
        spec.rate = 0.1; // requests per tick
        spec.duration = static_cast<double>(n) / spec.rate;
        spec.seed = 42;
        const Trace t = generate(spec);
        SimulationConfig c;
        c.scheduler.policy = PolicyKind::Sglang;
        c.scheduler.sglang.maxRunningRequests = 32;
        c.scheduler.sglang.chunkedPrefillSize = 2048;
        c.scheduler.sglang.maxLorasPerBatch = 2;
        c.scheduler.sglang.maxTotalTokens = 1001 * 16;
        c.clock = ClockKind::Steps;
        c.recordTimeline = false;
        SimulationResult r;
        const auto [wall, cpu] = timedSimulate(n > 100000 ? 3 : 20, t, c, r);
        const SimulationSummary& s = r.summary;
        std::printf(
            "sglang, %zu requests (S1, 8 adapters, 0.1/tick; max_running_requests 32, chunked_prefill_size 2048, "
            "max_loras_per_batch 2, max_total_tokens 16016; step clock): simulate %.4f s wall, %.4f s CPU (best of "
            "%d); "
            "%llu passes, %llu retractions, %llu adapter loads, %llu finished, TTFT mean %.1f steps, peak RSS %ld "
            "MiB\n",
            t.requests.size(), wall, cpu, n > 100000 ? 3 : 20, (unsigned long long)s.steps,
            (unsigned long long)s.preemptions, (unsigned long long)s.adapterLoads, (unsigned long long)s.finished,
            s.ttft.mean, peakRssKiB() / 1024);
    }
    for (const double n : { 10000.0, 1000000.0 }) {
        Trace t = generate(s4(6, 1, n / 6.0 + 0.01));
        SimulationConfig cfg;
        cfg.scheduler = sc;
        cfg.clock = ClockKind::Model;
        cfg.cost = *findCostModel("llama-13b-a100-80g");
        cfg.recordTimeline = false;
        SimulationResult r;
        const auto [wall, cpu] = timedSimulate(n > 100000 ? 1 : runs, t, cfg, r);
        std::printf("sglang, %zu S4 requests at R=6 (max_total_tokens 65000, llama-13b-a100-80g, timeline off): "
                    "simulate %.4f s wall, "
                    "%.4f s CPU\n",
            t.requests.size(), wall, cpu);
        printSummary("sglang", r);
    }
}

/// Part 6: the radix cache on the chat preset's sessions (the first n requests of a long trace).
void radixRuns(int runs)
{
    for (const std::size_t n : { std::size_t(10000), std::size_t(1000000) }) {
        WorkloadSpec spec = specForPreset("chat");
        spec.preset.clear(); // the chat knobs stay; validate() does not know the traffic presets' names
        spec.rate = 0.08; // sessions a tick: about 0.2 requests a tick, 40 running, the pool under pressure
        spec.duration = 100.0;
        spec.seed = 42;
        Trace t = generate(spec);
        while (t.requests.size() < n) {
            spec.duration
                *= 2.0 * static_cast<double>(n) / static_cast<double>(std::max<std::size_t>(1, t.requests.size()));
            t = generate(spec);
        }
        std::vector<std::size_t> keep(n);
        for (std::size_t i = 0; i < n; ++i)
            keep[i] = i;
        reorderRequests(t, keep);
        for (const bool off : { false, true }) {
            SimulationConfig c;
            c.scheduler.policy = PolicyKind::Sglang;
            c.scheduler.sglang.maxTotalTokens = 65000;
            c.scheduler.sglang.contextLength = 32768;
            c.scheduler.sglang.disableRadixCache = off;
            c.clock = ClockKind::Steps;
            c.recordTimeline = false;
            SimulationResult r;
            const int best = n > 100000 ? 1 : runs;
            const auto [wall, cpu] = timedSimulate(best, t, c, r);
            const SimulationSummary& s = r.summary;
            std::printf("sglang radix %s, %zu chat requests (%zu adapters, step clock, max_total_tokens 65000): "
                        "simulate %.4f s wall, "
                        "%.4f s CPU (best of %d); %llu passes, %llu retractions, %llu finished, %llu of %llu prompt "
                        "tokens cached "
                        "(%.1f %%), TTFT mean %.1f steps, peak RSS %ld MiB\n",
                off ? "off" : "on", t.requests.size(), t.adapters.size(), wall, cpu, best, (unsigned long long)s.steps,
                (unsigned long long)s.preemptions, (unsigned long long)s.finished, (unsigned long long)s.cachedTokens,
                (unsigned long long)s.promptTokens, 100.0 * s.cacheHitShare(), s.ttft.mean, peakRssKiB() / 1024);
        }
    }
}

} // namespace

int main(int argc, char** argv)
{
    if (argc >= 2 && std::string(argv[1]) == "vllm") {
        const int runs = argc >= 4 ? std::max(1, std::atoi(argv[3])) : 5;
        if (argc >= 3) {
            vllmRun(std::strtoull(argv[2], nullptr, 10), runs);
        } else {
            vllmRun(10000, 20);
            vllmRun(1000000, 3);
        }
        return 0;
    }
    if (argc >= 2 && std::string(argv[1]) == "vllm-chat") {
        const int runs = argc >= 4 ? std::max(1, std::atoi(argv[3])) : 3;
        if (argc >= 3) {
            vllmChatRun(std::strtoull(argv[2], nullptr, 10), runs);
        } else {
            vllmChatRun(10000, 10);
            vllmChatRun(1000000, 1);
        }
        return 0;
    }
    if (argc >= 2 && std::string(argv[1]) == "designer")
        return designerRun(argc >= 3 ? std::max(1, std::atoi(argv[2])) : 7, argc >= 4 ? argv[3] : "");
    if (argc >= 2 && std::string(argv[1]) == "router") {
        comparePython(argc >= 3 ? std::max(1, std::atoi(argv[2])) : 5);
        return 0;
    }
    if (argc >= 2 && std::string(argv[1]) == "radix") {
        radixRuns(argc >= 3 ? std::max(1, std::atoi(argv[2])) : 5);
        return 0;
    }
    if (argc >= 2 && std::string(argv[1]) == "sglang") {
        sglangRuns(argc >= 3 ? std::max(1, std::atoi(argv[2])) : 5);
        return 0;
    }
    if (argc >= 3 && std::string(argv[1]) == "scale")
        return scaleRun(std::strtoull(argv[2], nullptr, 10), argc >= 4 && std::string(argv[3]) == "timeline");

    // 1. a100-80-S4-cv, cv = 8
    {
        WorkloadSpec spec = specForPreset("a100-80-S4-cv");
        spec.generator = GeneratorKind::Slora;
        spec.arrival.cv = 8;
        Trace t = generate(spec);
        SimulationResult r;
        const double secs = bestOf(20, [&] { r = simulate(t, a100Server(true)); });
        std::printf("a100-80-S4-cv (n=400, α=1, R=6, cv=8, 300 s, max_total 65000, llama-13b-a100-80g): %zu requests, "
                    "simulate %.2f ms (best of 20, timeline on)\n",
            t.requests.size(), 1e3 * secs);
        printSummary("cv=8", r);
    }
    // 2. 1M requests, memory at three sizes (fresh processes so peak RSS is per size)
    for (const char* n : { "250000", "500000", "1000000" }) {
        std::string cmd = std::string(argv[0]) + " scale " + n;
        if (std::system(cmd.c_str()) != 0)
            std::printf("scale run %s failed\n", n);
    }
    std::system((std::string(argv[0]) + " scale 1000000 timeline").c_str());
    // 3. Python transcription side by side
    comparePython(5);
    // 4. vLLM V1
    vllmRun(10000, 20);
    vllmRun(1000000, 3);
    // 4b. vLLM V1 with prefix caching on chat sessions
    vllmChatRun(10000, 10);
    vllmChatRun(1000000, 1);
    // 5. the sglang policy
    sglangRuns(5);
    // 6. the radix cache
    radixRuns(5);
    return 0;
}
