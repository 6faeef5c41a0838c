// SPDX-License-Identifier: Apache-2.0
// Fleet preview benchmark (numbers, not pass/fail; docs/fleet.md, Performance). Build Release:
//   cmake --build build/release --target bench_fleet
//   build/release/bench/bench_fleet [requests] [replicas] [router ...]
// Defaults: 1,000,000 requests of the S4 preset (400 adapters, α = 1, cv = 1) at 3 req/s per
// replica on 64 replicas of S-LoRA (llama-13b on an A100-80G, 65,000 KV slots) and of vLLM V1
// (max_loras 4), each router with 1 and 2 threads; the wall time, the CPU time of the process and
// the peak memory of each run.

#include "fleet/fleet.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <string>
#include <vector>

#include <sys/resource.h>

using namespace lorascope;
using Clock = std::chrono::steady_clock;

namespace {

double cpuSeconds()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec)
        + 1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

const char* const kUsage = "Usage: bench_fleet [REQUESTS [REPLICAS [ROUTER ...]]]\n"
                           "  REQUESTS  requests of the S4 preset, 1 to 100000000 (default 1000000)\n"
                           "  REPLICAS  replicas, 1 to 4096 (default 64)\n"
                           "  ROUTER    routers to time (default round-robin gie-lora-filter least-outstanding)\n"
                           "Prints the wall time, CPU time and peak memory of each policy, router and thread count.\n";

/// A whole number in [lo, hi], or nothing (the caller prints the usage).
bool wholeNumber(const char* text, unsigned long long lo, unsigned long long hi, unsigned long long& out)
{
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-' || v < lo || v > hi)
        return false;
    out = v;
    return true;
}

long peakRssMiB()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024;
}

} // namespace

int run(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::fputs(kUsage, stdout);
            return 0;
        }
    unsigned long long requestsArg = 1000000, replicasArg = 64;
    if ((argc > 1 && !wholeNumber(argv[1], 1, 100000000, requestsArg))
        || (argc > 2 && !wholeNumber(argv[2], 1, 4096, replicasArg))) {
        std::fprintf(stderr, "bench_fleet: bad REQUESTS or REPLICAS\n%s", kUsage);
        return 2;
    }
    const std::size_t requests = static_cast<std::size_t>(requestsArg);
    const int replicas = static_cast<int>(replicasArg);
    std::vector<std::string> routers;
    for (int i = 3; i < argc; ++i)
        routers.push_back(argv[i]);
    if (routers.empty())
        routers = { "round-robin", "gie-lora-filter", "least-outstanding" };

    WorkloadSpec spec = specForPreset("S4");
    spec.adapterCount = 400;
    spec.rate = 3.0 * replicas;
    spec.duration = static_cast<double>(requests) / spec.rate;
    spec.seed = 1;
    const auto g0 = Clock::now();
    Trace trace = generate(spec);
    if (trace.requests.size() > requests)
        trace.requests.resize(requests);
    std::printf("trace: %zu requests, %zu adapters, %.0f s at %.0f req/s (generated in %.1f s)\n",
        trace.requests.size(), trace.adapters.size(), spec.duration, spec.rate,
        std::chrono::duration<double>(Clock::now() - g0).count());

    for (const char* policy : { "slora", "vllm" }) {
        SchedulerConfig server;
        server.policy = *policyFromName(policy);
        server.limits.maxTotalTokenNum = 65000;
        server.vllm.maxLoras = 4;
        server.vllm.maxLoraRank = 64;
        server.vllm.numGpuBlocks = 65000 / 16 + 1;
        for (const std::string& name : routers) {
            const auto kind = routerFromName(name);
            if (!kind) {
                std::fprintf(stderr, "unknown router %s (known: %s)\n", name.c_str(), routerNames().c_str());
                return 2;
            }
            for (int threads : { 1, 2 }) {
                FleetConfig f = uniformFleet(replicas, server, "llama-13b-a100-80g", *kind);
                FleetOptions o;
                o.threads = threads;
                const double c0 = cpuSeconds();
                const auto t0 = Clock::now();
                const FleetResult r = simulateFleet(trace, f, o);
                const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
                const double cpu = cpuSeconds() - c0;
                std::printf("%-6s %-18s threads %d: %6.2f s wall, %6.2f s CPU, %ld MiB peak; %llu passes, TTFT mean "
                            "%.2f s, p99 %.2f s, "
                            "%llu adapter loads\n",
                    policy, name.c_str(), threads, wall, cpu, peakRssMiB(),
                    static_cast<unsigned long long>(r.summary.steps), r.summary.ttft.mean, r.summary.ttft.p99,
                    static_cast<unsigned long long>(r.summary.adapterLoads));
                std::fflush(stdout);
            }
        }
    }
    return 0;
}

int main(int argc, char** argv)
{
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_fleet: error: %s\n", e.what());
        return 1;
    }
}
