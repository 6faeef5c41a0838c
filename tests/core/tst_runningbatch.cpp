// SPDX-License-Identifier: Apache-2.0
// The S-LoRA policy's internals: the running batch's peak-KV-need bookkeeping (checked against
// S-LoRA's rule computed the plain way, sort + cumulative sum) and the request-id index.

#include "admission/runningbatch.h"
#include "admission/slotindex.h"

#include <QTest>

#include <algorithm>
#include <limits>
#include <map>
#include <vector>

using namespace lorascope;

namespace {

struct Rand {
    std::uint64_t x;
    std::uint64_t next()
    {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        return x >> 33;
    }
    std::int64_t in(std::int64_t lo, std::int64_t hi) { return lo + std::int64_t(next() % std::uint64_t(hi - lo + 1)); }
};

/// S-LoRA's _can_add_new_req need, computed as written: (left, used) of everything, sorted by left
/// descending, need = max_k left_k·k + Σ_{j≤k} used_j.
std::int64_t plainNeed(std::vector<std::pair<std::int64_t, std::int64_t>> items)
{
    if (items.empty())
        return 0;
    std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::int64_t cum = 0, best = std::numeric_limits<std::int64_t>::min();
    for (std::size_t k = 0; k < items.size(); ++k) {
        cum += items[k].second;
        best = std::max(best, items[k].first * std::int64_t(k + 1) + cum);
    }
    return best;
}

} // namespace

class TestRunningBatch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void needMatchesSortAndCumsum_data()
    {
        QTest::addColumn<std::uint64_t>("seed");
        QTest::addColumn<int>("maxLeft");
        QTest::newRow("wide") << std::uint64_t(1) << 600;
        QTest::newRow("many ties") << std::uint64_t(2) << 6;
        QTest::newRow("long outputs") << std::uint64_t(3) << 3000;
    }

    void needMatchesSortAndCumsum()
    {
        QFETCH(std::uint64_t, seed);
        QFETCH(int, maxLeft);
        Rand rnd { seed };
        RunningBatch batch;
        struct Model {
            std::uint32_t slot;
            std::int64_t key, base;
        };
        std::vector<Model> model; // the batch as a plain list, in the order the batch must keep
        std::int64_t d = 0;
        std::uint32_t nextSlot = 0;
        int checks = 0;
        for (int op = 0; op < 3000; ++op) {
            const auto what = rnd.in(0, 9);
            if (what < 2) {
                // newcomers, sorted by key descending (as the policy sorts them)
                std::vector<RunningBatch::Member> join;
                const auto k = rnd.in(1, 6);
                for (int i = 0; i < k; ++i)
                    join.push_back({ nextSlot++, d + rnd.in(0, maxLeft), rnd.in(1, 500) - d });
                std::stable_sort(join.begin(), join.end(), [](const auto& a, const auto& b) { return a.key > b.key; });
                batch.merge(join);
                // stable merge: a newcomer after the members with a key at least its own
                for (const auto& m : join) {
                    auto at = std::partition_point(
                        model.begin(), model.end(), [&](const Model& x) { return x.key >= m.key; });
                    model.insert(at, { m.slot, m.key, m.base });
                }
            } else if (what < 8) {
                ++d; // one decode step of the whole batch
                while (!model.empty() && model.back().key - d < 0) {
                    QCOMPARE(batch.backSlot(), model.back().slot);
                    batch.popBack();
                    model.pop_back();
                }
            } else if (!model.empty()) {
                // aborts: remove a few anywhere
                const auto victim = model[std::size_t(rnd.in(0, std::int64_t(model.size()) - 1))].slot;
                batch.removeIf([&](std::uint32_t s) { return s == victim || s % 17 == std::uint32_t(op % 17); });
                model.erase(
                    std::remove_if(model.begin(), model.end(),
                        [&](const Model& m) { return m.slot == victim || m.slot % 17 == std::uint32_t(op % 17); }),
                    model.end());
            }
            QCOMPARE(batch.size(), model.size());
            for (std::size_t i = 0; i < model.size(); ++i)
                QCOMPARE(batch.slotOrder()[i], model[i].slot);
            std::vector<std::pair<std::int64_t, std::int64_t>> items;
            for (const auto& m : model)
                items.push_back({ m.key - d, m.base + d });
            QCOMPARE(batch.need(), plainNeed(items));
            if (rnd.in(0, 1) == 0) {
                // the exact need without the suffix maxima (stale after a change until prepareBound())
                const NeedCandidate c = batch.candidate(rnd.in(0, maxLeft), rnd.in(9, 600), d);
                auto one = items;
                one.push_back({ c.left, c.used });
                QCOMPARE(batch.need({ c }, d), plainNeed(one));
            }
            // candidates merged in, as an admission scan adds them one by one
            batch.prepareBound();
            std::vector<NeedCandidate> cand;
            const auto nc = rnd.in(1, 8);
            for (int j = 0; j < nc; ++j) {
                const NeedCandidate c = batch.candidate(rnd.in(0, maxLeft), rnd.in(9, 600), d);
                cand.insert(std::upper_bound(cand.begin(), cand.end(), c,
                                [](const auto& a, const auto& b) { return a.left > b.left; }),
                    c);
                items.push_back({ c.left, c.used });
                const std::int64_t exact = plainNeed(items);
                QCOMPARE(batch.need(cand, d), exact);
                QVERIFY(batch.needBound(cand, d) >= exact);
                ++checks;
            }
        }
        QVERIFY(checks > 3000);
    }

    void needBoundIsOftenExactEnough()
    {
        // The bound is only useful if it settles most candidates: over a typical batch it should
        // stay within a few percent of the exact need.
        Rand rnd { 7 };
        RunningBatch batch;
        std::vector<RunningBatch::Member> join;
        for (std::uint32_t i = 0; i < 100; ++i)
            join.push_back({ i, rnd.in(0, 500), rnd.in(8, 512) });
        std::stable_sort(join.begin(), join.end(), [](const auto& a, const auto& b) { return a.key > b.key; });
        batch.merge(join);
        batch.prepareBound();
        const std::vector<NeedCandidate> cand { batch.candidate(480, 300, 0), batch.candidate(200, 100, 0) };
        const double exact = double(batch.need(cand, 0)), bound = double(batch.needBound(cand, 0));
        QVERIFY(bound >= exact);
        QVERIFY2(bound <= exact * 1.05, qPrintable(QStringLiteral("bound %1 vs need %2").arg(bound).arg(exact)));
    }

    void slotIndex()
    {
        SlotIndex index;
        QCOMPARE(index.find(0), SlotIndex::kNone);
        // dense ids (trace indices)
        for (std::uint32_t i = 0; i < 20000; ++i)
            index.insert(i, i * 3);
        // a sparse id far beyond: kept in the hash map, the vector does not grow to it
        index.insert(std::uint64_t(1) << 40, 7);
        index.insert(30000, 11); // beyond the vector for now
        for (std::uint32_t i = 0; i < 20000; i += 997)
            QCOMPARE(index.find(i), i * 3);
        QCOMPARE(index.find(std::uint64_t(1) << 40), 7u);
        QCOMPARE(index.find(30000), 11u);
        QCOMPARE(index.find(25000), SlotIndex::kNone);
        index.erase(5);
        QCOMPARE(index.find(5), SlotIndex::kNone);
        index.erase(std::uint64_t(1) << 40);
        QCOMPARE(index.find(std::uint64_t(1) << 40), SlotIndex::kNone);
        // the vector grows past 30000: the id moves over and is still found
        for (std::uint32_t i = 20000; i < 40000; ++i)
            if (i != 30000)
                index.insert(i, i);
        QCOMPARE(index.find(30000), 11u);
        QCOMPARE(index.find(39999), 39999u);
        index.insert(30000, 12); // re-insert overwrites
        QCOMPARE(index.find(30000), 12u);
        // against a map under a random mix of operations
        SlotIndex b;
        std::map<std::uint64_t, std::uint32_t> ref;
        Rand rnd { 5 };
        for (int i = 0; i < 20000; ++i) {
            const std::uint64_t id
                = rnd.in(0, 9) < 8 ? std::uint64_t(rnd.in(0, 30000)) : (std::uint64_t(rnd.next()) << 20);
            if (rnd.in(0, 3) == 0) {
                b.erase(id);
                ref.erase(id);
            } else {
                b.insert(id, std::uint32_t(i));
                ref[id] = std::uint32_t(i);
            }
            const std::uint64_t probe = rnd.in(0, 1) ? id : std::uint64_t(rnd.in(0, 30000));
            const auto it = ref.find(probe);
            QCOMPARE(b.find(probe), it == ref.end() ? SlotIndex::kNone : it->second);
        }
    }
};

QTEST_GUILESS_MAIN(TestRunningBatch)
#include "tst_runningbatch.moc"
