// SPDX-License-Identifier: Apache-2.0
// The replay schedule without networking (core/replay/schedule, clock): how a trace is split
// over shards, the absolute times and window every shard agrees on, the limits every duration
// is held to (docs/replay.md, Before the first request), HTTP dates and the server clock offset bounds.

#include "replay/clock.h"
#include "replay/schedule.h"
#include "util/error.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

using namespace lorascope;

namespace {

// n requests, adapter = i % adapters except every 7th on the base model; time = i × gap.
Trace makeTrace(std::size_t n, std::uint32_t adapters, double gap = 0.01)
{
    Trace t;
    for (std::uint32_t a = 0; a < adapters; ++a)
        t.adapters.push_back({ std::string("a") + std::to_string(a), 8 });
    for (std::size_t i = 0; i < n; ++i)
        t.requests.push_back(Request { double(i) * gap, i % 7 == 6 ? kNoAdapter : std::uint32_t(i % adapters), 10, 5 });
    return t;
}

} // namespace

class TestReplaySchedule : public QObject {
    Q_OBJECT
private slots:
    void shardsPartitionTheTrace_data()
    {
        QTest::addColumn<int>("by");
        QTest::addColumn<int>("count");
        for (int by : { 0, 1 })
            for (int n : { 1, 2, 3, 4, 7, 50 })
                QTest::newRow((std::string(by ? "adapter " : "interleave ") + std::to_string(n)).c_str()) << by << n;
    }
    void shardsPartitionTheTrace()
    {
        QFETCH(int, by);
        QFETCH(int, count);
        const Trace t = makeTrace(1000, 13);
        std::vector<int> owner(t.requests.size(), -1);
        for (int i = 0; i < count; ++i) {
            ShardSpec s { std::uint32_t(i), std::uint32_t(count), by ? ShardBy::Adapter : ShardBy::Interleave };
            const auto part = shardRequests(t, s);
            QVERIFY(std::is_sorted(part.begin(), part.end()));
            QCOMPARE(shardRequests(t, s), part); // deterministic
            for (auto k : part) {
                QCOMPARE(owner[k], -1); // disjoint
                owner[k] = i;
            }
        }
        QVERIFY(std::none_of(owner.begin(), owner.end(), [](int o) { return o < 0; })); // complete
        if (by == 1) {
            // Each adapter (and the base model) on exactly one shard.
            std::map<std::uint32_t, std::set<int>> shardsOf;
            for (std::size_t k = 0; k < t.requests.size(); ++k)
                shardsOf[t.requests[k].adapter].insert(owner[k]);
            for (const auto& [a, s] : shardsOf)
                QCOMPARE(s.size(), std::size_t(1));
        } else {
            for (std::size_t k = 0; k < t.requests.size(); ++k)
                QCOMPARE(owner[k], int(k % std::size_t(count)));
        }
    }

    void adapterShardsBalanced()
    {
        // 14 groups (13 adapters + base) of ~71 requests over 4 shards: greedy largest-first
        // keeps every shard within one group of the mean.
        const Trace t = makeTrace(1000, 13);
        std::vector<std::size_t> sizes;
        for (std::uint32_t i = 0; i < 4; ++i)
            sizes.push_back(shardRequests(t, { i, 4, ShardBy::Adapter }).size());
        const auto [lo, hi] = std::minmax_element(sizes.begin(), sizes.end());
        QVERIFY2(*hi - *lo <= 80, (std::to_string(*lo) + ".." + std::to_string(*hi)).c_str());
        // More shards than adapter groups: some are empty, none has two groups.
        std::size_t empty = 0;
        for (std::uint32_t i = 0; i < 20; ++i)
            empty += shardRequests(t, { i, 20, ShardBy::Adapter }).empty();
        QCOMPARE(empty, std::size_t(6));
    }

    void parseShard()
    {
        auto s = parseShardSpec("2/4");
        QCOMPARE(s.index, 2u);
        QCOMPARE(s.count, 4u);
        for (const char* bad :
            { "4/4", "1/0", "a/2", "1", "/2", "1/", "-1/2", "1/2/3", "99999999999/100000000000", "1 /2" })
            QVERIFY_THROWS_EXCEPTION(InputError, parseShardSpec(bad));
        try {
            parseShardSpec("4/4");
        } catch (const InputError& e) {
            QVERIFY(std::string(e.what()).find("numbered 0 to 3") != std::string::npos);
        }
    }

    // Every shard gets the same absolute times and the same window as the whole trace.
    void shardsShareTheSchedule()
    {
        const Trace t = makeTrace(200, 5, 0.05); // last time 9.95 s
        const double scale = 2.0, origin = 0.7, warmup = 1.0, cooldown = 3.0;
        std::vector<std::size_t> all(t.requests.size());
        std::iota(all.begin(), all.end(), std::size_t(0));
        const auto whole = scheduledRecords(t, all, scale, origin, warmup, cooldown);
        for (std::uint32_t i = 0; i < 3; ++i) {
            const auto idx = shardRequests(t, { i, 3, ShardBy::Adapter });
            const auto part = scheduledRecords(t, idx, scale, origin, warmup, cooldown);
            for (std::size_t k = 0; k < idx.size(); ++k) {
                QCOMPARE(part[k].index, std::uint64_t(idx[k]));
                QCOMPARE(part[k].scheduled, whole[idx[k]].scheduled);
                QCOMPARE(part[k].inWindow, whole[idx[k]].inWindow);
            }
        }
        // Window: time × scale in [warm-up, last − cool-down] = [1, 19.9 − 3].
        const double last = t.requests.back().time * scale;
        QVERIFY(std::abs(last - 19.9) < 1e-9);
        std::size_t in = 0;
        for (const auto& r : whole) {
            const double rel = t.requests[r.index].time * scale;
            QCOMPARE(r.inWindow, rel >= warmup && rel <= last - cooldown);
            in += r.inWindow;
        }
        QCOMPARE(in, std::size_t(160)); // times 0.5 … 8.45 s: indices 10 … 169
    }

    void scheduleLimits()
    {
        Trace t = makeTrace(3, 1);
        checkSchedule(t, 1.0);
        for (double scale : { 1e300, std::nan(""), 0.0, -1.0, double(INFINITY) }) {
            try {
                checkSchedule(t, scale);
                QFAIL("accepted");
            } catch (const InputError& e) {
                QCOMPARE(e.field(), std::string("--time-scale"));
            }
        }
        try {
            checkSchedule(t, 1e300);
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("366 days") != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("request id 1") != std::string::npos, e.what());
        }
        t.requests[2].time = 1e300;
        try {
            checkSchedule(t, 1.0);
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(e.field(), std::string("time_s"));
            QVERIFY2(std::string(e.what()).find("request id 2") != std::string::npos, e.what());
        }
        t.requests[2].time = kMaxReplaySeconds; // exactly the limit is fine
        checkSchedule(t, 1.0);
        QCOMPARE(checkedTimeout(0, "--timeout"), 0.0);
        QCOMPARE(checkedTimeout(2.5, "--timeout"), 2.5);
        QCOMPARE(checkedTimeout(1e300, "--timeout"), 0.0); // longer than any run: none
        QVERIFY_THROWS_EXCEPTION(InputError, checkedTimeout(-1, "--timeout"));
        QVERIFY_THROWS_EXCEPTION(InputError, checkedTimeout(std::nan(""), "--timeout"));
    }

    void httpDates()
    {
        // 1994-11-06 08:49:37 UTC = 784111777 (RFC 9110's example).
        QCOMPARE(*parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT"), 784111777.0);
        QCOMPARE(*parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT"), 784111777.0);
        QCOMPARE(*parseHttpDate("Sun Nov  6 08:49:37 1994"), 784111777.0);
        QCOMPARE(*parseHttpDate("Thu, 01 Jan 1970 00:00:00 GMT"), 0.0);
        QCOMPARE(*parseHttpDate("Sat, 29 Feb 2020 23:59:59 GMT"), 1583020799.0);
        for (const char* bad : { "", "yesterday", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Foo 1994 08:49:37 GMT",
                 "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT" })
            QVERIFY2(!parseHttpDate(bad), bad);
    }

    void serverOffsetBounds()
    {
        // Server clock = ours + 2.3 s. Responses stamped (whole seconds) while we waited 10 ms.
        ServerClockOffset o;
        for (int i = 0; i < 50; ++i) {
            const double sent = 1000.0 + i * 0.137;
            const double stampLocal = sent + 0.004;
            const double date = std::floor(stampLocal + 2.3);
            o.add(date, sent, sent + 0.010);
        }
        QVERIFY(o.low <= 2.3 && 2.3 <= o.high);
        QVERIFY2(o.high - o.low < 0.05, std::to_string(o.high - o.low).c_str()); // narrowed to about a round trip
        QVERIFY(std::abs(o.estimate() - 2.3) < 0.03);
        o.add(0, 5000, 5000.01); // a clock step: bounds cross
        QVERIFY(o.inconsistent);
        QVERIFY(std::isnan(o.estimate()));
    }

    void runClockRoundTrip()
    {
        RunClock c;
        c.startWall = 1.7e9 + 0.25;
        c.origin = -0.3;
        c.startAt = 1.7e9;
        c.startTolerance = 1;
        c.startLate = 0.3;
        c.server.add(1.7e9 + 2, 1.7e9 + 1.5, 1.7e9 + 1.6);
        const auto back = runClockFromJson(runClockToJson(c));
        QCOMPARE(back.startWall, c.startWall);
        QCOMPARE(back.origin, c.origin);
        QCOMPARE(*back.startAt, *c.startAt);
        QVERIFY(std::abs(back.startLate - 0.3) < 1e-9);
        QCOMPARE(back.server.samples, std::uint64_t(1));
        QVERIFY(std::abs(back.server.low - c.server.low) < 1e-6);
        QVERIFY(kernelClockSync().known);
    }
};

QTEST_GUILESS_MAIN(TestReplaySchedule)
#include "tst_replayschedule.moc"
