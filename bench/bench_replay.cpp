// SPDX-License-Identifier: Apache-2.0
// Replay client benchmarks against the simulated server, which runs in a child process so that
// the client's CPU time (all its threads) and the server's are measured apart. Both share this
// machine's cores, as in the issue. Numbers only, never pass/fail.
//   bench_replay open  [RATE=2000] [SECONDS=30] [TOKENS=64] [TOKEN_MS=10]   open-loop lateness, CPU
//   bench_replay hold  [STREAMS=5000] [SECONDS_PER_STREAM=10]               concurrent streams held
//   bench_replay trace RATE SECONDS TOKENS FILE                              write the schedule (JSONL)
//   bench_replay events [STREAMS=20000] [TOKENS=64]   CPU per token event of reading serve-sim's streams (SSE split
//       + interpretEvent) for every backend, the exact scanner's path against the nlohmann-only path; no network
//   bench_replay sweep [SECONDS=30] [TOKENS=64] [TOKEN_MS=10] [RATES=1000,2000,3000]
//       for each rate: LoraScope's client with real-time priority for its dispatcher (when this process may: root,
//       CAP_SYS_NICE, ulimit -r; the row names the priority it got), again with --no-realtime, then the vLLM-style
//       aiohttp client
//       (bench_replay_aiohttp.py, needs python3-aiohttp) on the same schedule against a fresh
//       server; one table: completed, failed, max in flight, send lateness p50/p99/max, CPU per
//       request of client and server.
// Environment: LORASCOPE_REPLAY_THREADS (client network threads), LORASCOPE_SIM_IDLE (server
// keep-alive idle timeout in seconds, 0 = never), LORASCOPE_SIM_THREADS (server network threads; 0 or unset =
// its default, one per core, 2..4), LORASCOPE_PYTHON (default /usr/bin/python3), LORASCOPE_NO_REALTIME (open, hold:
// the dispatcher at normal priority, as --no-realtime).
#include "formats/traceio.h"
#include "replay/backend.h"
#include "replay/replay.h"
#include "replay/sse.h"
#include "server/simserver.h"
#include "server/wireformat.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>

using namespace lorascope;

namespace {

double seconds(const rusage& u)
{
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + 1e-6 * double(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

double processCpu()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return seconds(u);
}

// The server in a child process; returns its pid and port.
std::pair<pid_t, std::uint16_t> forkServer(const SimServerOptions& so)
{
    int fds[2];
    if (::pipe(fds) != 0)
        std::exit(1);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        SimServer server(so);
        server.start();
        const std::uint16_t port = server.port();
        if (::write(fds[1], &port, sizeof port) != sizeof port)
            std::_Exit(1);
        for (;;)
            ::pause(); // until the parent's SIGTERM
    }
    ::close(fds[1]);
    std::uint16_t port = 0;
    if (::read(fds[0], &port, sizeof port) != sizeof port)
        std::exit(1);
    ::close(fds[0]);
    return { pid, port };
}

Trace uniformTrace(double rate, double seconds, std::uint32_t tokens)
{
    Trace t;
    t.adapters = { { "a0", 8 }, { "a1", 16 }, { "a2", 32 }, { "a3", 64 } };
    const auto n = std::size_t(rate * seconds);
    for (std::size_t i = 0; i < n; ++i)
        t.requests.push_back(Request { double(i) / rate, std::uint32_t(i % 4), 16, tokens });
    return t;
}

void printLateness(const char* what, std::vector<double> ms)
{
    const auto d = distributionOf(std::move(ms));
    std::printf("%-28s p50 %.3f ms  p99 %.3f ms  max %.3f ms  mean %.3f ms\n", what, d.median, d.p99, d.max, d.mean);
}

// One client at one rate.
struct Row {
    std::string client;
    double rate = 0;
    std::size_t requests = 0, completed = 0, failed = 0, maxInFlight = 0;
    double p50 = NAN, p99 = NAN, max = NAN; ///< send lateness, ms
    double clientCpu = NAN, serverCpu = NAN; ///< seconds
    std::string note;
};

double serverStop(pid_t pid)
{
    ::kill(pid, SIGTERM);
    int status = 0;
    rusage u {};
    ::wait4(pid, &status, 0, &u);
    return seconds(u);
}

// `realtime`: ReplayOptions::realtimeDispatcher (the row names the priority the dispatcher got).
Row runLoraScope(double rate, double secs, std::uint32_t tokens, const SimServerOptions& so, bool realtime)
{
    Row row;
    row.rate = rate;
    const Trace trace = uniformTrace(rate, secs, tokens);
    const auto [pid, port] = forkServer(so);
    ReplayOptions o;
    o.target = "http://127.0.0.1:" + std::to_string(port);
    o.backend = Backend::OpenAiCompletions;
    o.startDelay = 0.2;
    o.realtimeDispatcher = realtime;
    if (const char* t = std::getenv("LORASCOPE_REPLAY_THREADS"))
        o.networkThreads = std::size_t(std::atoi(t));
    ReplayObserver obs;
    obs.statusInterval = 0.05;
    obs.onStatus = [&](const ReplayStatus& s) { row.maxInFlight = std::max<std::size_t>(row.maxInFlight, s.inFlight); };
    const double cpu0 = processCpu();
    const auto result = runReplay(trace, o, obs);
    row.client = "lorascope " + dispatcherPriorityName(result.dispatcherPriority);
    row.clientCpu = processCpu() - cpu0;
    row.serverCpu = serverStop(pid);
    std::vector<double> late;
    for (const auto& r : result.records) {
        late.push_back(r.lateness() * 1e3);
        row.completed += r.outcome == Outcome::Completed;
        row.failed += r.outcome == Outcome::Failed;
    }
    row.requests = result.records.size();
    const auto d = distributionOf(late);
    row.p50 = d.median;
    row.p99 = d.p99;
    row.max = d.max;
    if (result.fdExhausted)
        row.note = std::to_string(result.fdExhausted) + " fd_limit";
    return row;
}

Row runAiohttp(double rate, double secs, std::uint32_t tokens, const SimServerOptions& so)
{
    Row row;
    row.client = "aiohttp";
    row.rate = rate;
    const std::string sched = "/tmp/lorascope-bench-sched-" + std::to_string(::getpid()) + ".jsonl";
    writeTrace(uniformTrace(rate, secs, tokens), sched);
    const auto [pid, port] = forkServer(so);
    int out[2];
    if (::pipe(out) != 0)
        std::exit(1);
    // Debian's python3-aiohttp is for /usr/bin/python3 (a python3 earlier in PATH may lack it).
    const std::string python = std::getenv("LORASCOPE_PYTHON") ? std::getenv("LORASCOPE_PYTHON")
        : ::access("/usr/bin/python3", X_OK) == 0              ? "/usr/bin/python3"
                                                               : "python3";
    const std::string script = std::string(LORASCOPE_BENCH_DIR) + "/bench_replay_aiohttp.py";
    const std::string url = "http://127.0.0.1:" + std::to_string(port);
    const pid_t client = ::fork();
    if (client == 0) {
        ::dup2(out[1], 1);
        ::close(out[0]);
        ::close(out[1]);
        ::execlp(python.c_str(), python.c_str(), script.c_str(), url.c_str(), sched.c_str(), "--json",
            static_cast<char*>(nullptr));
        std::_Exit(127);
    }
    ::close(out[1]);
    std::string text;
    char buf[4096];
    for (ssize_t n; (n = ::read(out[0], buf, sizeof buf)) > 0;)
        text.append(buf, std::size_t(n));
    ::close(out[0]);
    int status = 0;
    rusage u {};
    ::wait4(client, &status, 0, &u);
    row.clientCpu = seconds(u);
    row.serverCpu = serverStop(pid);
    std::remove(sched.c_str());
    const auto j = nlohmann::json::parse(text.substr(0, text.find('\n')), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        row.note = WIFEXITED(status) && WEXITSTATUS(status) == 127
            ? "python3 not found"
            : "aiohttp client failed (python3-aiohttp installed?)";
        return row;
    }
    row.requests = j.value("requests", 0u);
    row.completed = j.value("completed", 0u);
    row.failed = j.value("failed", 0u);
    row.maxInFlight = j.value("max_in_flight", 0u);
    row.p50 = j.value("lateness_p50_ms", NAN);
    row.p99 = j.value("lateness_p99_ms", NAN);
    row.max = j.value("lateness_max_ms", NAN);
    return row;
}

void printRows(const std::vector<Row>& rows)
{
    std::printf("%-22s %6s %8s %9s %7s %8s %10s %10s %10s %12s %12s  %s\n", "client", "req/s", "requests", "completed",
        "failed", "max infl", "late p50", "late p99", "late max", "client us/rq", "server us/rq", "note");
    for (const auto& r : rows) {
        if (r.requests == 0) {
            std::printf("%-22s %6.0f  %s\n", r.client.c_str(), r.rate, r.note.c_str());
            continue;
        }
        const double n = double(r.requests);
        std::printf("%-22s %6.0f %8zu %9zu %7zu %8zu %8.3fms %8.3fms %8.1fms %12.1f %12.1f  %s\n", r.client.c_str(),
            r.rate, r.requests, r.completed, r.failed, r.maxInFlight, r.p50, r.p99, r.max, 1e6 * r.clientCpu / n,
            1e6 * r.serverCpu / n, r.note.c_str());
    }
}

// CPU seconds of this thread.
double threadCpu()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Reads `streams` whole streams of `tokens` tokens as the replay's network threads do (one SSE parser per stream,
// one event at a time), with `fast` = interpretEvent (the scanner first) or the nlohmann-only path.
void benchEvents(std::size_t streams, std::uint32_t tokens)
{
    std::printf("%-20s %10s %16s %16s\n", "backend", "events", "scanner ns/ev", "nlohmann ns/ev");
    for (Backend b : allBackends()) {
        // One stream's bytes as serve-sim writes them, event by event.
        TokenEvents t(b, 7, "llama-7b", 16);
        std::vector<std::string> writes(tokens);
        for (std::uint32_t k = 0; k < tokens; ++k)
            t.appendToken(writes[k], k + 1 == tokens);
        double ns[2] = {};
        std::uint64_t events = 0, check[2] = {};
        for (int fast = 1; fast >= 0; --fast) {
            const double c0 = threadCpu();
            std::uint64_t n = 0;
            for (std::size_t s = 0; s < streams; ++s) {
                SseParser sse;
                StreamState st;
                std::vector<SseEvent> got;
                for (const auto& w : writes) {
                    sse.feed(w, got);
                    for (const auto& ev : got) {
                        check[fast] += fast ? interpretEvent(b, ev, st) : detail::interpretWithLibrary(b, ev, st);
                        ++n;
                    }
                    got.clear();
                }
            }
            ns[fast] = 1e9 * (threadCpu() - c0) / double(n);
            events = n;
        }
        std::printf("%-20s %10llu %16.0f %16.0f%s\n", backendName(b).c_str(), (unsigned long long)events, ns[1], ns[0],
            check[0] == check[1] ? "" : "  (token counts differ!)");
    }
}

} // namespace

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "open";
    auto arg = [&](int i, double fallback) { return argc > i ? std::atof(argv[i]) : fallback; };
    if (mode == "sweep") {
        const double secs = arg(2, 30);
        const auto tokens = std::uint32_t(arg(3, 64));
        SimServerOptions so;
        so.tokenSeconds = arg(4, 10) / 1000.0;
        if (const char* idle = std::getenv("LORASCOPE_SIM_IDLE"))
            so.idleTimeoutSeconds = std::atof(idle);
        std::vector<double> rates;
        std::stringstream list(argc > 5 ? argv[5] : "1000,2000,3000");
        for (std::string item; std::getline(list, item, ',');)
            rates.push_back(std::atof(item.c_str()));
        std::printf("sweep: %.0f s per point, %u tokens per request, one token every %.1f ms; client and server share "
                    "this machine\n",
            secs, tokens, *so.tokenSeconds * 1000);
        std::vector<Row> rows;
        for (double rate : rates) {
            rows.push_back(runLoraScope(rate, secs, tokens, so, true));
            rows.push_back(runLoraScope(rate, secs, tokens, so, false));
            rows.push_back(runAiohttp(rate, secs, tokens, so));
            printRows({ rows.end() - 3, rows.end() });
            std::fflush(stdout);
        }
        std::printf("\n");
        printRows(rows);
        return 0;
    }
    if (mode == "events") {
        benchEvents(std::size_t(arg(2, 20000)), std::uint32_t(arg(3, 64)));
        return 0;
    }
    if (mode == "trace") {
        if (argc < 6)
            return 2;
        writeTrace(uniformTrace(arg(2, 2000), arg(3, 30), std::uint32_t(arg(4, 64))), argv[5]);
        return 0;
    }
    SimServerOptions so;
    so.tokenSeconds = 0.01;
    if (const char* idle = std::getenv("LORASCOPE_SIM_IDLE"))
        so.idleTimeoutSeconds = std::atof(idle);
    if (const char* threads = std::getenv("LORASCOPE_SIM_THREADS"))
        so.networkThreads = unsigned(std::atoi(threads));
    Trace trace;
    if (mode == "open") {
        const double rate = arg(2, 2000), seconds = arg(3, 30);
        const auto tokens = std::uint32_t(arg(4, 64));
        so.tokenSeconds = arg(5, 10) / 1000.0;
        trace = uniformTrace(rate, seconds, tokens);
        std::printf("open loop: %.0f req/s for %.0f s, %u tokens each, one token every %.1f ms\n", rate, seconds,
            tokens, *so.tokenSeconds * 1000);
    } else {
        const double streams = arg(2, 5000), perStream = arg(3, 10);
        so.tokenSeconds = 0.1;
        trace = uniformTrace(streams, 1.0, std::uint32_t(perStream / 0.1));
        std::printf("hold: %.0f streams opened within 1 s, each %.0f s long\n", streams, perStream);
    }
    const auto [serverPid, port] = forkServer(so);
    ReplayOptions o;
    o.target = "http://127.0.0.1:" + std::to_string(port);
    if (const char* t = std::getenv("LORASCOPE_REPLAY_THREADS"))
        o.networkThreads = std::size_t(std::atoi(t));
    o.backend = Backend::OpenAiCompletions;
    o.startDelay = 0.2;
    o.realtimeDispatcher = std::getenv("LORASCOPE_NO_REALTIME") == nullptr;
    std::uint64_t maxInFlight = 0;
    ReplayObserver obs;
    obs.statusInterval = 0.05;
    obs.onStatus = [&](const ReplayStatus& s) { maxInFlight = std::max(maxInFlight, s.inFlight); };
    const double cpu0 = processCpu();
    const auto result = runReplay(trace, o, obs);
    const double cpu = processCpu() - cpu0;
    ::kill(serverPid, SIGTERM);
    int status = 0;
    rusage serverUsage {};
    ::wait4(serverPid, &status, 0, &serverUsage);
    std::vector<double> sendLate, dispatchLate;
    std::size_t completed = 0, failed = 0;
    std::map<std::string, int> errors;
    for (const auto& r : result.records) {
        sendLate.push_back(r.lateness() * 1e3);
        dispatchLate.push_back((r.dispatched - r.scheduled) * 1e3);
        completed += r.outcome == Outcome::Completed;
        if (r.outcome == Outcome::Failed) {
            ++failed;
            ++errors[r.errorKind + ": " + r.error.substr(0, 60)];
        }
    }
    std::printf("requests %zu  completed %zu  failed %zu  max in flight %llu  wall %.2f s  dispatcher priority %s\n",
        result.records.size(), completed, failed, (unsigned long long)maxInFlight, result.wallSeconds,
        dispatcherPriorityName(result.dispatcherPriority).c_str());
    for (const auto& [k, v] : errors)
        std::printf("  error x%d: %s\n", v, k.c_str());
    printLateness("dispatch lateness (timer):", dispatchLate);
    printLateness("send lateness (sent-sched):", sendLate);
    std::printf("client CPU (all threads) %.2f s = %.1f us per request (%.0f %% of one core)\n", cpu,
        1e6 * cpu / double(result.records.size()), 100.0 * cpu / result.wallSeconds);
    std::printf("server CPU %.2f s = %.1f us per request\n", seconds(serverUsage),
        1e6 * seconds(serverUsage) / double(result.records.size()));
    return 0;
}
