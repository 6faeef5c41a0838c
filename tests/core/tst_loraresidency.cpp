// SPDX-License-Identifier: Apache-2.0
// LoRA residency (core/admission/loraresidency.h): GPU slots and a CPU cache, LRU and FIFO
// eviction, pinned adapters, adapters of the current pass never evicted, and the tier each load
// came from.

#include "admission/loraresidency.h"

#include <QtTest>

using namespace lorascope;

namespace {

/// One pass using `adapters`; returns what it loaded and evicted.
StepResult pass(LoraResidency& r, std::initializer_list<std::uint32_t> adapters)
{
    StepResult s;
    r.beginPass();
    for (std::uint32_t a : adapters)
        r.use(a, s);
    return s;
}

} // namespace

class TestLoraResidency : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lruGpuSlotsAndCpuCache()
    {
        // vLLM: 2 GPU slots, 3 adapters in the CPU cache, both LRU.
        LoraResidency r({ 2, 3, EvictionOrder::Lru, EvictionOrder::Lru });
        for (std::uint32_t a = 0; a < 5; ++a)
            r.setRank(a, 8 * int(a + 1));
        StepResult s = pass(r, { 0, 1 });
        QCOMPARE(s.loadedAdapters, (std::vector<std::uint32_t> { 0, 1 }));
        QCOMPARE(s.loadedFrom, (std::vector<AdapterTier> { AdapterTier::Disk, AdapterTier::Disk }));
        QCOMPARE(s.loadedRanks, (std::vector<int> { 8, 16 }));
        s = pass(r, { 0 }); // touches 0: 1 is now the least recently used on the GPU
        QVERIFY(s.loadedAdapters.empty());
        s = pass(r, { 2 });
        QCOMPARE(s.unloadedAdapters, (std::vector<std::uint32_t> { 1 }));
        QCOMPARE(s.loadedFrom, (std::vector<AdapterTier> { AdapterTier::Disk }));
        QVERIFY(r.inCpu(1) && !r.onGpu(1)); // evicted from its slot, still in host memory
        s = pass(r, { 1 }); // back from the CPU: evicts 0 (LRU on the GPU)
        QCOMPARE(s.loadedFrom, (std::vector<AdapterTier> { AdapterTier::Cpu }));
        QCOMPARE(s.unloadedAdapters, (std::vector<std::uint32_t> { 0 }));
        QVERIFY(s.cpuEvicted.empty());
        // The CPU cache holds 0, 1, 2; adapter 3 evicts its least recently used one, 0.
        s = pass(r, { 3 });
        QCOMPARE(s.cpuEvicted, (std::vector<std::uint32_t> { 0 }));
        QCOMPARE(s.loadedFrom, (std::vector<AdapterTier> { AdapterTier::Disk }));
        QCOMPARE(r.gpuCount(), std::size_t(2));
        QCOMPARE(r.cpuCount(), std::size_t(3));
    }

    void cpuEvictionLeavesTheGpuToo()
    {
        // max_cpu_loras = max_loras: the CPU cache evicts an adapter that is on the GPU, which
        // deactivates it (vLLM's remove_oldest_adapter), and the new one takes its slot.
        LoraResidency r({ 1, 1, EvictionOrder::Lru, EvictionOrder::Lru });
        pass(r, { 0 });
        StepResult s = pass(r, { 1 });
        QCOMPARE(s.cpuEvicted, (std::vector<std::uint32_t> { 0 }));
        QCOMPARE(s.unloadedAdapters, (std::vector<std::uint32_t> { 0 }));
        QCOMPARE(s.loadedAdapters, (std::vector<std::uint32_t> { 1 }));
        QVERIFY(!r.inCpu(0) && !r.onGpu(0));
    }

    void aPassKeepsWhatItUses()
    {
        // Two slots, a pass of adapters 0 and 2 while 0 and 1 are resident and 0 is the oldest:
        // 0 is used by this pass first, so 2 takes 1's slot, not 0's (the vllm policy uses the
        // resident adapters of a pass first for this reason).
        LoraResidency r({ 2, 0, EvictionOrder::Lru, EvictionOrder::Lru });
        pass(r, { 0 });
        pass(r, { 1 });
        StepResult s = pass(r, { 0, 2 });
        QCOMPARE(s.unloadedAdapters, (std::vector<std::uint32_t> { 1 }));
        QVERIFY(r.onGpu(0) && r.onGpu(2));
        // A pass that needs more adapters than slots: the third cannot be loaded.
        r.beginPass();
        StepResult t;
        QVERIFY(r.use(3, t));
        QVERIFY(r.use(4, t));
        QVERIFY(!r.use(0, t));
        QVERIFY(r.onGpu(3) && r.onGpu(4));
        // cpuCapacity 0 = unlimited: everything read once stays in host memory.
        QCOMPARE(r.cpuCount(), std::size_t(5));
    }

    void fifoAndPinned()
    {
        // SGLang's "fifo": the first loaded goes first, however recently it was used.
        LoraResidency r({ 2, 0, EvictionOrder::Fifo, EvictionOrder::Fifo });
        pass(r, { 0 });
        pass(r, { 1 });
        pass(r, { 0 }); // no reordering
        StepResult s = pass(r, { 2 });
        QCOMPARE(s.unloadedAdapters, (std::vector<std::uint32_t> { 0 }));
        // A pinned adapter keeps its slot.
        LoraResidency p({ 2, 0, EvictionOrder::Lru, EvictionOrder::Lru });
        p.setPinned(0, true);
        pass(p, { 0 });
        pass(p, { 1 });
        pass(p, { 2 });
        QVERIFY(p.onGpu(0) && p.onGpu(2) && !p.onGpu(1));
        StepResult t;
        p.beginPass();
        QVERIFY(p.use(3, t));
        QVERIFY(!p.use(4, t)); // 0 pinned, 3 in use: no slot for 4
        // Preloading into host memory (SGLang's start-up) loads no slot.
        LoraResidency q({ 1, 2, EvictionOrder::Lru, EvictionOrder::Lru });
        StepResult u;
        QVERIFY(q.preloadCpu(7, &u));
        QVERIFY(q.inCpu(7) && !q.onGpu(7));
        u = pass(q, { 7 });
        QCOMPARE(u.loadedFrom, (std::vector<AdapterTier> { AdapterTier::Cpu }));
    }
};

QTEST_GUILESS_MAIN(TestLoraResidency)
#include "tst_loraresidency.moc"
