// SPDX-License-Identifier: Apache-2.0
// Generator benchmarks (docs/workload.md). Prints numbers; never passes or fails.
//   bench_generate [--python /usr/bin/python3] [--script bench/slora_reference.py]
// 1) per-adapter generator, 1,000,000 requests, n = 1000, gamma cv = 2: time on one thread and with
//    the default threads, and bytes/request.
// 2) slora generator vs NumPy running the same S-LoRA formula, side by side, same parameters.

#include "workload/generator.h"
#include "workload/presets.h"
#include "workload/sessionstats.h"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

using namespace lorascope;
using Clock = std::chrono::steady_clock;

namespace {

template <typename F>
double bestOf(int reps, F&& f)
{
    double best = 1e300;
    for (int i = 0; i < reps; ++i) {
        const auto t0 = Clock::now();
        f();
        best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
    }
    return best;
}

std::size_t heapInUse()
{
    const auto mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

} // namespace

int main(int argc, char** argv)
{
    std::string python = "/usr/bin/python3";
    std::string script = std::string(LORASCOPE_SOURCE_DIR) + "/bench/slora_reference.py";
    for (int i = 1; i + 1 < argc; ++i) {
        if (!std::strcmp(argv[i], "--python"))
            python = argv[++i];
        else if (!std::strcmp(argv[i], "--script"))
            script = argv[++i];
    }

    // 1) per-adapter, 1M requests.
    WorkloadSpec s;
    s.adapterCount = 1000;
    s.rate = 1000;
    s.duration = 1000;
    s.arrival.cv = 2;
    std::size_t count = 0;
    const double t1 = bestOf(5, [&] { count = generatePerAdapter(s, {}, 1).requests.size(); });
    std::printf(
        "per-adapter  n=1000 R=1000 T=1000 cv=2: %zu requests in %.3f s (best of 5, one thread) = %.1f M req/s\n",
        count, t1, count / t1 / 1e6);
    // The default: the adapters' processes merged on several threads when the trace is large (the
    // same trace; see generatePerAdapter).
    const double t = bestOf(5, [&] { count = generatePerAdapter(s).requests.size(); });
    std::printf("per-adapter  the same, default threads (%u hardware threads): %.3f s (best of 5) = %.1f M req/s\n",
        std::thread::hardware_concurrency(), t, count / t / 1e6);
    const std::size_t before = heapInUse();
    Trace trace = generatePerAdapter(s);
    const std::size_t after = heapInUse();
    std::printf(
        "             memory held by the trace: %.1f bytes/request (heap delta %.1f MB; sizeof(Request) = %zu)\n",
        double(after - before) / trace.requests.size(), (after - before) / 1e6, sizeof(Request));
    trace = Trace {};

    // 1b) sessions and shared prefixes: the chat preset at 1M requests (generate() with sessions,
    // then the statistics the designer computes on it: turns, context growth, reusable share).
    {
        WorkloadSpec c = specForPreset("chat");
        c.rate = 1300; // about 1M requests: sessions cut by the window's end and the context limit make ~77 % of R·T
        c.duration = 1000;
        Trace st;
        const double tg = bestOf(3, [&] { st = generate(c); });
        std::printf("sessions     chat preset, R=1300 T=1000: %zu requests (%zu in sessions) in %.3f s (best of 3) = "
                    "%.2f M req/s\n",
            st.requests.size(), st.sessions.size(), tg, st.requests.size() / tg / 1e6);
        SessionStats ss;
        const double tstat = bestOf(3, [&] { ss = computeSessionStats(st); });
        std::printf(
            "             session statistics and perfect-cache reuse: %.3f s (%.1f %% reusable, %llu sessions)\n",
            tstat, 100 * ss.reusableShare, (unsigned long long)ss.sessionCount);
        const std::size_t b2 = heapInUse();
        Trace held = generate(c);
        const std::size_t a2 = heapInUse();
        std::printf("             memory held by the trace: %.1f bytes/request (requests, sessions and segments)\n",
            double(a2 - b2) / held.requests.size());
    }

    // 2) slora vs NumPy, same formula and parameters: 1M requests.
    WorkloadSpec sl = s;
    sl.generator = GeneratorKind::Slora;
    sl.arrival.cv = 2;
    const double ts = bestOf(3, [&] { count = generateSlora(sl).requests.size(); });
    std::printf("slora        n=1000 R=1000 T=1000 cv=2: %zu requests in %.4f s (best of 3)\n", count, ts);
    auto runPython = [&](const char* mode) {
        const std::string cmd
            = python + " " + script + " " + mode + " --adapters 1000 --alpha 1 --rate 1000 --cv 2 --duration 1000";
        FILE* p = popen(cmd.c_str(), "r");
        double secs = 0;
        const bool ok = p && std::fscanf(p, "%lf", &secs) == 1;
        if (p)
            pclose(p);
        if (!ok || secs <= 0)
            std::printf("numpy        could not run `%s` (is python3-numpy installed?)\n", cmd.c_str());
        return ok ? secs : 0.0;
    };
    if (const double tn = runPython("time-slora"); tn > 0)
        std::printf(
            "S-LoRA       generate_requests as written (NumPy draws + Python loop): %.3f s -> LoraScope %.1fx faster\n",
            tn, tn / ts);
    if (const double tv = runPython("time"); tv > 0)
        std::printf(
            "NumPy        the vectorised draws alone (no Request objects):          %.4f s -> LoraScope %.2fx %s\n", tv,
            tv >= ts ? tv / ts : ts / tv, tv >= ts ? "faster" : "slower");
    return 0;
}
