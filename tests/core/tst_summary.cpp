// SPDX-License-Identifier: Apache-2.0
// Summary statistics of a simulation (core/admission/summary): the overall and per-adapter
// summaries from one pass must equal summarize() of the same records, and every percentile must be
// the exact order statistic std::sort gives, for small samples (rank sort) and large ones (selection).
#include "admission/engine.h"
#include "admission/summary.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace lorascope;

class TestSummary : public QObject {
    Q_OBJECT
private slots:
    void perAdapterEqualsSummarizeOfItsRecords();
    void percentilesAreExactOrderStatistics_data();
    void percentilesAreExactOrderStatistics();
};

namespace {

std::uint64_t g_state = 0;
double uniform()
{
    g_state = g_state * 6364136223846793005ull + 1442695040888963407ull;
    return double(g_state >> 11) * 0x1.0p-53;
}

/// A record with a wait drawn from a mix of ties, zeros, negatives and spread values; some records
/// rejected, dropped, never admitted or unfinished, so each sample column has its own size.
RequestRecord record(std::uint32_t adapter)
{
    RequestRecord r;
    r.adapter = adapter;
    r.arrival = 100 * uniform();
    r.outputLen = std::uint32_t(1 + 50 * uniform());
    const double u = uniform();
    if (u < 0.03) {
        r.rejected = RejectReason::TotalTooLong;
        return r;
    }
    if (u < 0.06)
        return r; // never admitted
    const double w = uniform() < 0.2 ? 0.0 : (uniform() < 0.5 ? std::floor(20 * uniform()) : 50 * (uniform() - 0.1));
    r.admitted = r.arrival + w;
    if (uniform() < 0.9)
        r.firstToken = r.admitted + 7 * uniform();
    if (!std::isnan(r.firstToken) && uniform() < 0.9)
        r.finished = r.firstToken + 30 * uniform();
    if (uniform() < 0.02)
        r.dropped = DropReason::Timeout;
    return r;
}

void compareSummaries(const SimulationSummary& got, const SimulationSummary& want)
{
    QCOMPARE(got.requests, want.requests);
    QCOMPARE(got.finished, want.finished);
    QCOMPARE(got.rejected, want.rejected);
    QCOMPARE(got.dropped, want.dropped);
    QCOMPARE(got.neverAdmitted, want.neverAdmitted);
    const LatencyStats* g[] = { &got.wait, &got.ttft, &got.e2e };
    const LatencyStats* w[] = { &want.wait, &want.ttft, &want.e2e };
    for (int m = 0; m < 3; ++m) {
        QCOMPARE(g[m]->count, w[m]->count);
        if (w[m]->count == 0) {
            QVERIFY(std::isnan(g[m]->mean) && std::isnan(g[m]->p50));
            continue;
        }
        QCOMPARE(g[m]->mean, w[m]->mean); // both summed in record order: bit for bit
        QCOMPARE(g[m]->p50, w[m]->p50);
        QCOMPARE(g[m]->p90, w[m]->p90);
        QCOMPARE(g[m]->p99, w[m]->p99);
    }
    QCOMPARE(got.makespan, want.makespan);
    QCOMPARE(got.tokenThroughput, want.tokenThroughput);
    QCOMPARE(got.sloAttainment, want.sloAttainment);
}

} // namespace

void TestSummary::perAdapterEqualsSummarizeOfItsRecords()
{
    // Adapters of very different sizes (1 to ~1200 requests: both percentile paths), interleaved,
    // two adapters with no request at all, and base-model requests.
    g_state = 7;
    const std::uint32_t adapters = 12;
    std::vector<RequestRecord> recs;
    for (int i = 0; i < 2000; ++i) {
        const double u = uniform();
        std::uint32_t a = u < 0.6 ? 0
            : u < 0.75            ? 1
            : u < 0.8             ? kNoAdapter
                                  : 2 + std::uint32_t(uniform() * 8); // 2..9: ~50 each
        if (i == 77)
            a = 11; // one request only
        recs.push_back(record(a));
    }
    SimulationSummary overall;
    std::vector<AdapterSummary> per;
    summarizeRecords(recs, adapters, ClockKind::Model, overall, &per);
    compareSummaries(overall, summarize(recs, ClockKind::Model));

    std::vector<std::uint32_t> expectOrder;
    for (std::uint32_t a = 0; a < adapters; ++a)
        if (a != 10)
            expectOrder.push_back(a);
    expectOrder.push_back(kNoAdapter); // base model last; adapter 10 has no request
    QCOMPARE(per.size(), expectOrder.size());
    std::uint64_t total = 0;
    for (std::size_t k = 0; k < per.size(); ++k) {
        QCOMPARE(per[k].adapter, expectOrder[k]);
        std::vector<RequestRecord> mine;
        for (const RequestRecord& r : recs)
            if (r.adapter == per[k].adapter)
                mine.push_back(r);
        compareSummaries(per[k].summary, summarize(mine, ClockKind::Model));
        total += per[k].summary.requests;
    }
    QCOMPARE(total, std::uint64_t(recs.size()));
    QVERIFY(per.front().summary.wait.count > 64); // the selection path was taken
    QVERIFY(per[2].summary.wait.count > 1 && per[2].summary.wait.count <= 64); // and the rank sort
}

void TestSummary::percentilesAreExactOrderStatistics_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("distinct");
    for (int n : { 1, 2, 3, 31, 63, 64, 65, 100, 1001, 5000 }) {
        QTest::addRow("n=%d spread", n) << n << 0;
        QTest::addRow("n=%d three values", n) << n << 3;
    }
}

void TestSummary::percentilesAreExactOrderStatistics()
{
    QFETCH(int, n);
    QFETCH(int, distinct);
    g_state = std::uint64_t(n) * 31 + std::uint64_t(distinct);
    std::vector<RequestRecord> recs(static_cast<std::size_t>(n));
    std::vector<double> waits;
    double sum = 0;
    for (auto& r : recs) {
        r.arrival = 10 * uniform();
        const double w = distinct > 0 ? double(int(uniform() * distinct)) - 1.0 : 1e4 * (uniform() - 0.3);
        r.admitted = r.arrival + w;
        waits.push_back(r.admitted - r.arrival);
        sum += waits.back();
    }
    const SimulationSummary s = summarize(recs, ClockKind::Steps);
    std::sort(waits.begin(), waits.end());
    auto pct = [&](double p) {
        const double pos = p / 100.0 * double(waits.size() - 1);
        const auto lo = std::size_t(pos);
        const auto hi = std::min(lo + 1, waits.size() - 1);
        return waits[lo] + (waits[hi] - waits[lo]) * (pos - double(lo));
    };
    QCOMPARE(s.wait.count, std::uint64_t(n));
    QCOMPARE(s.wait.mean, sum / double(n));
    QCOMPARE(s.wait.p50, pct(50));
    QCOMPARE(s.wait.p90, pct(90));
    QCOMPARE(s.wait.p99, pct(99));
    QCOMPARE(s.ttft.count, std::uint64_t(0));
}

QTEST_GUILESS_MAIN(TestSummary)
#include "tst_summary.moc"
