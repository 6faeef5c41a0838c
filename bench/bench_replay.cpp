// Replay client benchmarks against the simulated server, which runs in a child process so that
// the client's CPU time (all its threads) and the server's are measured apart. Both share this
// machine's cores, as in the issue. Numbers only, never pass/fail.
//   bench_replay open  [RATE=2000] [SECONDS=30] [TOKENS=64] [TOKEN_MS=10]   open-loop lateness, CPU
//   bench_replay hold  [STREAMS=5000] [SECONDS_PER_STREAM=10]               concurrent streams held
//   bench_replay trace RATE SECONDS TOKENS FILE                              write the schedule (JSONL)
// Environment: LORASCOPE_REPLAY_THREADS (client network threads), LORASCOPE_SIM_IDLE (server
// keep-alive idle timeout in seconds, 0 = never), LORASCOPE_SIM_THREADS (server network threads; 0 or unset =
// its default, one per core, 2..4).
#include "formats/traceio.h"
#include "replay/replay.h"
#include "server/simserver.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <cstdio>
#include <cstdlib>
#include <map>
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

} // namespace

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "open";
    auto arg = [&](int i, double fallback) { return argc > i ? std::atof(argv[i]) : fallback; };
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
        std::printf("open loop: %.0f req/s for %.0f s, %u tokens each, one token every %.1f ms\n", rate, seconds, tokens,
            *so.tokenSeconds * 1000);
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
    std::printf("requests %zu  completed %zu  failed %zu  max in flight %llu  wall %.2f s\n", result.records.size(),
        completed, failed, (unsigned long long)maxInFlight, result.wallSeconds);
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
