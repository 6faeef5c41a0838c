// SPDX-License-Identifier: Apache-2.0
// The real replay client against the real simulated server (in-process, on its own thread) on
// 127.0.0.1 with a port chosen at run time. Assertions use bounds the server's own pacing
// guarantees (it never sends a token before its scheduled time), never test wall time.

#include "replay/replay.h"
#include "replay/results.h"
#include "server/simserver.h"

#include "../core/testutil.h"

#include <QtTest>

#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <set>
#include <thread>

using namespace lorascope;

namespace {

Trace makeTrace(std::size_t n, double gap, std::uint32_t outLen)
{
    Trace t;
    t.adapters = { { "a0", 8 }, { "a1", 16 } };
    for (std::size_t i = 0; i < n; ++i) {
        Request r;
        r.time = double(i) * gap;
        r.adapter = i % 3 == 2 ? kNoAdapter : std::uint32_t(i % 2);
        r.inputLen = 4 + std::uint32_t(i % 5);
        r.outputLen = outLen + std::uint32_t(i % 3);
        t.requests.push_back(r);
    }
    return t;
}

SimServerOptions fixedServer(double tokenSeconds, double firstSeconds)
{
    SimServerOptions o;
    o.port = 0;
    o.tokenSeconds = tokenSeconds;
    o.firstTokenSeconds = firstSeconds;
    return o;
}

ReplayOptions clientFor(const SimServer& server, Backend backend)
{
    ReplayOptions o;
    o.target = "http://127.0.0.1:" + std::to_string(server.port());
    o.backend = backend;
    return o;
}

// One data row per backend (column "backend").
void addBackendRows()
{
    QTest::addColumn<QString>("backend");
    for (auto b : allBackends())
        QTest::newRow(backendName(b).c_str()) << QString::fromStdString(backendName(b));
}

// Every trace request appears exactly once, in order.
void checkAccounted(const Trace& trace, const ReplayResult& result)
{
    QCOMPARE(result.records.size(), trace.requests.size());
    for (std::size_t i = 0; i < result.records.size(); ++i)
        QCOMPARE(result.records[i].index, std::uint64_t(i));
}

// The calling thread's scheduling attributes (struct sched_attr, first version).
struct SchedAttr {
    std::uint32_t size = sizeof(SchedAttr);
    std::uint32_t policy = 0;
    std::uint64_t flags = 0;
    std::int32_t nice = 0;
    std::uint32_t priority = 0;
    std::uint64_t runtime = 0, deadline = 0, period = 0;
};

SchedAttr schedAttr()
{
    SchedAttr a;
    if (::syscall(SYS_sched_getattr, 0, &a, sizeof a, 0) != 0)
        qFatal("sched_getattr failed");
    return a;
}

// The calling thread's policy without the reset-on-fork flag.
int currentPolicy()
{
    return ::sched_getscheduler(0) & ~SCHED_RESET_ON_FORK;
}

// Whether this process may make a thread SCHED_FIFO (root, CAP_SYS_NICE or RLIMIT_RTPRIO): tried on a thread that
// ends right after.
bool mayUseRealtime()
{
    bool ok = false;
    std::thread([&] {
        sched_param p {};
        p.sched_priority = 1;
        ok = ::pthread_setschedparam(::pthread_self(), SCHED_FIFO, &p) == 0;
    }).join();
    return ok;
}

} // namespace

class TestReplayNet : public QObject {
    Q_OBJECT
private slots:
    void everyBackendFixedPace_data() { addBackendRows(); }

    void everyBackendFixedPace()
    {
        QFETCH(QString, backend);
        const double tok = 0.02, first = 0.01;
        SimServer server(fixedServer(tok, first));
        server.start();
        QVERIFY(server.port() != 0);
        const Trace trace = makeTrace(6, 0.01, 6);
        auto opt = clientFor(server, *backendFromName(backend.toStdString()));
        std::vector<std::uint64_t> seen;
        ReplayObserver obs;
        obs.onRecord = [&](const ReplayRecord& r) { seen.push_back(r.index); };
        const auto result = runReplay(trace, opt, obs);
        checkAccounted(trace, result);
        QVERIFY(result.reachable);
        QCOMPARE(seen.size(), trace.requests.size());
        QCOMPARE(std::set<std::uint64_t>(seen.begin(), seen.end()).size(), trace.requests.size());
        std::vector<double> itl;
        for (const auto& r : result.records) {
            QVERIFY2(r.outcome == Outcome::Completed, (r.errorKind + ": " + r.error).c_str());
            QCOMPARE(r.httpStatus, 200);
            // One token event per generated token (the server sends one token per event).
            QCOMPARE(r.tokens, std::uint64_t(r.outputLen));
            QCOMPARE(r.tokenTimes.size(), std::size_t(r.outputLen));
            QCOMPARE(r.outputTokens(), std::uint64_t(r.outputLen));
            // The server sends token k no earlier than first + k·tok after it got the request.
            QVERIFY(r.ttft() >= first);
            QVERIFY(r.e2el() >= first + tok * double(r.outputLen - 1));
            QVERIFY(r.e2el() < 30.0);
            QVERIFY(std::isfinite(r.lateness()));
            for (std::size_t i = 1; i < r.tokenTimes.size(); ++i)
                itl.push_back(r.tokenTimes[i] - r.tokenTimes[i - 1]);
        }
        const auto d = distributionOf(itl);
        // ITL ≈ 20 ms: the mean over all gaps is bounded loosely (bunching can only shorten some
        // gaps by lengthening others).
        QVERIFY2(d.mean > 0.005 && d.mean < 2.0, std::to_string(d.mean).c_str());
        // Reported tokens where the wire format reports them.
        const auto b = *backendFromName(backend.toStdString());
        if (b != Backend::SLora)
            for (const auto& r : result.records)
                QCOMPARE(r.reportedOutputTokens, std::int64_t(r.outputLen));
        const auto summary = summarizeReplay(result.records, {});
        QCOMPARE(summary["completed"].get<int>(), 6);
        QCOMPARE(summary["failed"].get<int>(), 0);
        QVERIFY(summary["mean_itl_ms"].get<double>() > 5.0);
        QVERIFY(summary.contains("per_adapter"));
        QCOMPARE(summary["per_adapter"].size(), std::size_t(3)); // a0, a1, base
        server.stop();
    }

    void faults_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<QString>("kind");
        QTest::newRow("error500") << "error500"
                                  << "http_status";
        QTest::newRow("error429") << "error429"
                                  << "http_status";
        QTest::newRow("disconnect") << "disconnect"
                                    << "disconnect";
        QTest::newRow("stall") << "stall"
                               << "timeout";
        QTest::newRow("malformed") << "malformed"
                                   << "malformed_event";
        QTest::newRow("slow-first-byte") << "slow"
                                         << "first_token_timeout";
    }

    void faults()
    {
        QFETCH(QString, fault);
        QFETCH(QString, kind);
        auto so = fixedServer(0.005, 0.0);
        auto& f = so.faults;
        if (fault.startsWith(QLatin1String("error"))) {
            f.errorRate = 1.0;
            f.errorStatus = fault == QLatin1String("error429") ? 429 : 500;
        } else if (fault == QLatin1String("disconnect")) {
            f.disconnectRate = 1.0;
        } else if (fault == QLatin1String("stall")) {
            f.stallRate = 1.0;
            f.stallSeconds = 20;
        } else if (fault == QLatin1String("malformed")) {
            f.malformedRate = 1.0;
        } else {
            f.slowFirstByteRate = 1.0;
            f.slowFirstByteSeconds = 5;
        }
        SimServer server(so);
        server.start();
        const Trace trace = makeTrace(5, 0.005, 6);
        for (auto backend : { Backend::SLora, Backend::OpenAiChat }) {
            auto opt = clientFor(server, backend);
            opt.requestTimeout = 0.5; // the stall never ends by itself within the test
            opt.firstTokenTimeout = 0.3;
            const auto result = runReplay(trace, opt);
            checkAccounted(trace, result);
            for (const auto& r : result.records) {
                QVERIFY2(r.outcome == Outcome::Failed, (fault.toStdString() + " " + outcomeName(r.outcome)).c_str());
                QVERIFY2(QString::fromStdString(r.errorKind) == kind, r.error.c_str());
                QVERIFY(!r.error.empty());
                if (fault == QLatin1String("error429"))
                    QCOMPARE(r.httpStatus, 429);
                if (fault == QLatin1String("error500"))
                    QVERIFY(r.error.find("HTTP 500") != std::string::npos);
                if (fault == QLatin1String("disconnect") || fault == QLatin1String("stall"))
                    QCOMPARE(r.tokens, std::uint64_t(r.outputLen / 2)); // faults strike halfway
            }
            const auto s = summarizeReplay(result.records, {});
            QCOMPARE(s["failed"].get<int>(), 5);
            QCOMPARE(s["errors"][kind.toStdString()].get<int>(), 5);
        }
        server.stop();
    }

    void mixedFaultsAccountedOnce()
    {
        auto so = fixedServer(0.002, 0.0);
        so.faults.errorRate = 0.15;
        so.faults.disconnectRate = 0.15;
        so.faults.malformedRate = 0.15;
        so.faults.seed = 7;
        SimServer server(so);
        server.start();
        const Trace trace = makeTrace(60, 0.002, 4);
        const auto result = runReplay(trace, clientFor(server, Backend::Tgi));
        checkAccounted(trace, result);
        std::size_t completed = 0, failed = 0;
        for (const auto& r : result.records) {
            if (r.outcome == Outcome::Completed) {
                ++completed;
                QCOMPARE(r.tokens, std::uint64_t(r.outputLen));
            } else {
                QVERIFY(r.outcome == Outcome::Failed);
                ++failed;
                const std::set<std::string> allowed = { "http_status", "disconnect", "malformed_event" };
                QVERIFY2(allowed.count(r.errorKind), r.errorKind.c_str());
            }
        }
        QCOMPARE(completed + failed, trace.requests.size());
        QVERIFY(failed > 0 && completed > 0); // 45 % faults over 60 draws (seeded)
        QCOMPARE(server.stats().requests, std::uint64_t(60));
        server.stop();
    }

    void concurrencyCapRecordsQueueTime()
    {
        SimServer server(fixedServer(0.01, 0.0));
        server.start();
        const Trace trace = makeTrace(8, 0.0, 4);
        auto opt = clientFor(server, Backend::OpenAiCompletions);
        opt.maxConcurrency = 2;
        const auto result = runReplay(trace, opt);
        checkAccounted(trace, result);
        // At no instant more than 2 requests between sent and end.
        for (const auto& a : result.records) {
            QVERIFY(a.outcome == Outcome::Completed);
            int overlapping = 0;
            for (const auto& b : result.records)
                if (b.sent <= a.sent && a.sent < b.end)
                    ++overlapping;
            QVERIFY(overlapping <= 2);
        }
        // Requests 3..8 waited for a slot: their queue time is the wait for an earlier end.
        double maxQueue = 0;
        for (const auto& r : result.records)
            maxQueue = std::max(maxQueue, r.queueTime());
        QVERIFY(maxQueue >= 0.03); // the last pair waits for three earlier pairs of ≥ 4 tokens·10 ms
        server.stop();
    }

    void engineModePacesEveryRequest()
    {
        SimServerOptions so;
        so.cost = costModelPresets().front();
        so.speed = 20;
        SimServer server(so);
        server.start();
        const Trace trace = makeTrace(20, 0.005, 5);
        const auto result = runReplay(trace, clientFor(server, Backend::SLora));
        checkAccounted(trace, result);
        for (const auto& r : result.records) {
            QVERIFY2(r.outcome == Outcome::Completed, (r.errorKind + ": " + r.error).c_str());
            QCOMPARE(r.tokens, std::uint64_t(r.outputLen));
        }
        server.stop();
    }

    void engineRefusesOverLimit()
    {
        SimServerOptions so;
        so.cost = costModelPresets().front();
        so.speed = 50;
        SimServer server(so);
        server.start();
        Trace trace = makeTrace(2, 0.0, 3);
        trace.requests[1].inputLen = 5000; // > max_req_input_len 2048
        const auto result = runReplay(trace, clientFor(server, Backend::SLora));
        checkAccounted(trace, result);
        QVERIFY(result.records[0].outcome == Outcome::Completed);
        QVERIFY(result.records[1].outcome == Outcome::Failed);
        QCOMPARE(result.records[1].httpStatus, 500);
        QVERIFY2(result.records[1].error.find("input_too_long") != std::string::npos, result.records[1].error.c_str());
        server.stop();
    }

    void cancelRecordsInFlightOnce()
    {
        SimServer server(fixedServer(0.05, 0.0));
        server.start();
        const Trace trace = makeTrace(30, 0.02, 40); // ~2 s per request, arrivals over 0.6 s
        std::atomic<bool> cancel { false };
        ReplayObserver obs;
        std::vector<std::uint64_t> seen;
        obs.onRecord = [&](const ReplayRecord& r) { seen.push_back(r.index); };
        obs.onStatus = [&](const ReplayStatus& s) {
            if (s.sent >= 5)
                cancel = true; // cancel once a few are in flight
        };
        const auto result = runReplay(trace, clientFor(server, Backend::SgLang), obs, &cancel);
        QVERIFY(result.cancelled);
        checkAccounted(trace, result);
        QCOMPARE(seen.size(), trace.requests.size());
        QCOMPARE(std::set<std::uint64_t>(seen.begin(), seen.end()).size(), trace.requests.size());
        std::size_t cancelled = 0, neverSent = 0;
        for (const auto& r : result.records) {
            QVERIFY(r.outcome != Outcome::Failed);
            if (r.outcome == Outcome::Cancelled) {
                ++cancelled;
                if (!std::isfinite(r.sent))
                    ++neverSent;
            }
        }
        QVERIFY(cancelled >= 5);
        QVERIFY(neverSent >= 1);
        server.stop();
    }

    void unreachableTargetFailsEveryRequest()
    {
        // Bind a port, then close the server: nothing listens there any more.
        std::uint16_t port;
        {
            SimServer s(fixedServer(0.01, 0));
            s.start();
            port = s.port();
            s.stop();
        }
        ReplayOptions opt;
        opt.target = "http://127.0.0.1:" + std::to_string(port);
        const Trace trace = makeTrace(3, 0.0, 2);
        const auto result = runReplay(trace, opt);
        checkAccounted(trace, result);
        QVERIFY(!result.reachable);
        for (const auto& r : result.records) {
            QVERIFY(r.outcome == Outcome::Failed);
            QCOMPARE(QString::fromStdString(r.errorKind), QStringLiteral("connect"));
        }
    }

    void resultsFolderLinesParse()
    {
        test::TempDir dir;
        SimServer server(fixedServer(0.005, 0.0));
        server.start();
        const Trace trace = makeTrace(10, 0.002, 3);
        ResultsFolder folder(dir.file("run"));
        ReplayObserver obs;
        obs.onRecord = [&](const ReplayRecord& r) { folder.append(r); };
        auto opt = clientFor(server, Backend::OpenAiChat);
        opt.apiKey = "sekret-key-123";
        const auto result = runReplay(trace, opt, obs);
        folder.writeSummary(summarizeReplay(result.records, {}));
        std::ifstream in(dir.file("run/requests.jsonl"));
        std::string line;
        std::set<std::uint64_t> seen;
        while (std::getline(in, line)) {
            const auto rec = recordFromJson(nlohmann::json::parse(line));
            QVERIFY(seen.insert(rec.index).second);
            QCOMPARE(rec.tokens, std::uint64_t(trace.requests[rec.index].outputLen));
            QCOMPARE(rec.tokenTimes.size(), rec.tokens);
        }
        QCOMPARE(seen.size(), trace.requests.size());
        QVERIFY(test::readText(dir.file("run/requests.jsonl")).find("sekret") == std::string::npos);
        const auto s = test::readJsonFile(dir.file("run/summary.json"));
        QCOMPARE(s["completed"].get<int>(), 10);
        server.stop();
    }

    // Plain-http connections are kept alive and reused: far fewer TCP connections than requests,
    // every request still completes with all its tokens.
    void keepAliveReusesConnections_data() { addBackendRows(); }

    void keepAliveReusesConnections()
    {
        QFETCH(QString, backend);
        SimServer server(fixedServer(0.002, 0));
        server.start();
        const Trace trace = makeTrace(60, 0.02, 3); // each stream ends well before the next send
        const auto result = runReplay(trace, clientFor(server, *backendFromName(backend.toStdString())));
        checkAccounted(trace, result);
        for (const auto& r : result.records) {
            QVERIFY2(r.outcome == Outcome::Completed, r.error.c_str());
            QCOMPARE(r.tokens, std::uint64_t(r.outputLen));
        }
        const auto stats = server.stats();
        QCOMPARE(stats.requests, std::uint64_t(60));
        QVERIFY2(stats.connections <= 10, std::to_string(stats.connections).c_str());
    }

    // The server closes idle kept-alive connections; the client must notice and connect again
    // instead of failing requests.
    void idleConnectionsClosedByTheServer()
    {
        auto so = fixedServer(0.002, 0);
        so.idleTimeoutSeconds = 0.1;
        SimServer server(so);
        server.start();
        Trace trace;
        trace.adapters = { { "a0", 8 } };
        for (int burst = 0; burst < 3; ++burst)
            for (int k = 0; k < 5; ++k)
                trace.requests.push_back(Request { burst * 0.4 + k * 0.03, 0, 4, 3 });
        const auto result = runReplay(trace, clientFor(server, Backend::OpenAiCompletions));
        checkAccounted(trace, result);
        for (const auto& r : result.records)
            QVERIFY2(r.outcome == Outcome::Completed, r.error.c_str());
        const auto stats = server.stats();
        QCOMPARE(stats.requests, std::uint64_t(15));
        QVERIFY2(stats.connections >= 3, std::to_string(stats.connections).c_str()); // one per burst at least
    }

    // Several network threads: every request accounted once, callbacks never overlap.
    void severalNetworkThreads()
    {
        SimServer server(fixedServer(0.003, 0.001));
        server.start();
        const Trace trace = makeTrace(300, 0.002, 8);
        auto opt = clientFor(server, Backend::SLora);
        opt.networkThreads = 3;
        std::atomic<int> inside { 0 };
        bool overlapped = false;
        std::vector<std::uint64_t> seen;
        ReplayObserver obs;
        obs.onRecord = [&](const ReplayRecord& r) {
            overlapped |= inside.fetch_add(1) != 0;
            seen.push_back(r.index);
            inside.fetch_sub(1);
        };
        obs.onStatus = [&](const ReplayStatus&) {
            overlapped |= inside.fetch_add(1) != 0;
            inside.fetch_sub(1);
        };
        obs.statusInterval = 0;
        const auto result = runReplay(trace, opt, obs);
        checkAccounted(trace, result);
        QVERIFY(!overlapped);
        std::sort(seen.begin(), seen.end());
        QCOMPARE(seen.size(), trace.requests.size());
        QVERIFY(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
        for (const auto& r : result.records) {
            QVERIFY2(r.outcome == Outcome::Completed, r.error.c_str());
            QCOMPARE(r.tokens, std::uint64_t(r.outputLen));
        }
    }

    // The dispatcher runs at real-time priority when this process may have it (CI runs as root), at normal priority
    // otherwise or when told not to; the network threads stay normal either way, and the caller's thread gets its own
    // setting back (policy and time slice).
    void dispatcherPriority_data()
    {
        QTest::addColumn<bool>("realtime");
        QTest::newRow("realtime asked") << true;
        QTest::newRow("--no-realtime") << false;
    }

    void dispatcherPriority()
    {
        QFETCH(bool, realtime);
        const bool permitted = mayUseRealtime();
        const SchedAttr before = schedAttr();
        QCOMPARE(before.policy, std::uint32_t(SCHED_OTHER));
        SimServer server(fixedServer(0.002, 0.001));
        server.start();
        const Trace trace = makeTrace(40, 0.002, 4);
        auto opt = clientFor(server, Backend::SLora);
        opt.realtimeDispatcher = realtime;
        std::set<int> dispatcherPolicies, networkPolicies;
        ReplayObserver obs;
        obs.statusInterval = 0;
        obs.onStatus = [&](const ReplayStatus&) { dispatcherPolicies.insert(currentPolicy()); };
        obs.onRecord = [&](const ReplayRecord&) { networkPolicies.insert(currentPolicy()); };
        const auto result = runReplay(trace, opt, obs);
        checkAccounted(trace, result);
        for (const auto& r : result.records)
            QVERIFY2(r.outcome == Outcome::Completed, r.error.c_str());
            // (Sanitizer builds never ask for it: see core/replay/priority.cpp.)
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        const bool rt = false && realtime && permitted;
#else
        const bool rt = realtime && permitted;
#endif
        QCOMPARE(result.dispatcherPriority == DispatcherPriority::Realtime, rt);
        QCOMPARE(dispatcherPriorityName(result.dispatcherPriority),
            std::string(rt                                                        ? "realtime"
                    : result.dispatcherPriority == DispatcherPriority::ShortSlice ? "short_slice"
                                                                                  : "normal"));
        // Seen from the callbacks: status on the dispatcher thread during the run, records on a network thread.
        QVERIFY(!dispatcherPolicies.empty());
        QVERIFY(dispatcherPolicies.count(rt ? SCHED_FIFO : SCHED_OTHER) == 1);
        QCOMPARE(networkPolicies, std::set<int> { SCHED_OTHER });
        const SchedAttr after = schedAttr();
        QCOMPARE(after.policy, before.policy);
        QCOMPARE(after.runtime, before.runtime);
        QCOMPARE(after.flags, before.flags);
    }

    // A trace asking for a billion-token input (seen in real files with corrupt lengths) fails
    // that request with a clear error instead of building gigabytes; the others complete.
    void hugeSyntheticPromptFailsItsRequest()
    {
        SimServer server(fixedServer(0.001, 0));
        server.start();
        Trace trace = makeTrace(3, 0.01, 2);
        trace.requests[1].inputLen = 3'000'000'000u;
        const auto result = runReplay(trace, clientFor(server, Backend::SLora));
        checkAccounted(trace, result);
        QVERIFY(result.records[0].outcome == Outcome::Completed);
        QVERIFY(result.records[2].outcome == Outcome::Completed);
        const auto& r = result.records[1];
        QVERIFY(r.outcome == Outcome::Failed);
        QCOMPARE(r.errorKind, std::string("request"));
        QVERIFY2(r.error.find("3000000000 tokens") != std::string::npos, r.error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestReplayNet)
#include "tst_replaynet.moc"
