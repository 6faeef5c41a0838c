// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a replica publishes, the way a vLLM server publishes its metrics after every forward pass
// (docs/fleet.md, Staleness): running and waiting requests, KV usage, the adapters of its running
// and of its waiting requests (vllm:lora_requests_info) and the adapters on its GPU. The events of
// a pass (and the submissions before it) become visible at the pass's end; a reader at time t sees
// every pass that ended at or before t. Two owners feed it: a fleet preview's replica
// (fleet/replica.h, on the simulation's clock) and serve-sim's built-in router (server/fleetfront.h,
// in real time). The views routers read (FleetView) over it live here too, so both read alike.
//
// Threads: one thread at a time (the fleet driver's, or serve-sim's engine strand).

#include "fleet/router.h"

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

namespace lorascope {

/// What a router can read of a replica at one moment (scraped metrics).
struct ReplicaMetrics {
    std::uint32_t running = 0; ///< vllm:num_requests_running
    std::uint32_t waiting = 0; ///< vllm:num_requests_waiting
    double kvUsage = 0; ///< vllm:gpu_cache_usage_perc, 0..1
    std::int64_t maxLora = 0; ///< max_lora label (0 = no limit published, or never parsed)
    /// running_lora_adapters and waiting_lora_adapters of vllm:lora_requests_info, as bit sets
    /// over adapter indices (a copy costs a few words, whatever the number of adapters).
    std::vector<std::uint64_t> activeBits, waitingBits;
    std::uint32_t activeCount = 0, waitingAdapterCount = 0;
    bool hasActive(std::uint32_t a) const
    {
        return a / 64 < activeBits.size() && (activeBits[a / 64] >> (a % 64) & 1u);
    }
    bool hasWaiting(std::uint32_t a) const
    {
        return a / 64 < waitingBits.size() && (waitingBits[a / 64] >> (a % 64) & 1u);
    }
};

/// What happened to one request or adapter in a pass (or a submission before it).
enum class ReplicaEvent : std::uint8_t {
    Submit,
    Admit,
    Preempt,
    FinishRunning,
    DropWaiting,
    DropRunning,
    Load,
    Unload
};

/// `vLLM`'s max_lora label for a server (0 when it publishes none: S-LoRA).
std::int64_t publishedMaxLora(const SchedulerConfig& server);

/// A replica's published state.
class PublishedState {
public:
    PublishedState(std::size_t adapters, std::int64_t kvCapacity, std::int64_t maxLora);

    /// Room for adapter indices below `n` (serve-sim learns adapters as requests name them).
    void ensureAdapters(std::size_t n);
    /// An event of the pass under way (submissions before a pass belong to it).
    void event(std::uint32_t adapter, ReplicaEvent e) { m_open.emplace_back(adapter, e); }
    /// Closes the pass under way: its events and the state after it (running and waiting requests,
    /// KV tokens in use; `kvUsed` < 0: unchanged) become visible at `end`.
    void closePass(std::uint32_t running, std::uint32_t waiting, std::int64_t kvUsed, double end);
    /// Makes every pass that ended at or before `t` visible.
    void publishUntil(double t);

    std::uint32_t running() const { return m_pub.running; }
    std::uint32_t waiting() const { return m_pub.waiting; }
    double kvUsage() const
    {
        return m_kvCapacity > 0 ? static_cast<double>(m_pub.kvUsed) / static_cast<double>(m_kvCapacity) : 0.0;
    }
    std::int64_t maxLora() const { return m_maxLora; }
    bool hasActive(std::uint32_t a) const { return a < m_runningBy.size() && m_runningBy[a] > 0; }
    bool hasWaiting(std::uint32_t a) const { return a < m_waitingBy.size() && m_waitingBy[a] > 0; }
    bool isResident(std::uint32_t a) const { return a < m_resident.size() && m_resident[a] != 0; }
    std::size_t activeCount() const { return m_lora.activeCount; }
    std::size_t waitingAdapterCount() const { return m_lora.waitingAdapterCount; }
    /// The published LoRA lists with max_lora (the other fields of the value are not filled).
    const ReplicaMetrics& loraInfo() const { return m_lora; }
    /// The last published lists that were not both empty, with max_lora (GIE keeps reading those;
    /// docs/fleet.md); before any, empty lists and max_lora 0 (GIE's value before its first parse).
    const ReplicaMetrics& lastLoraInfo() const { return m_lastLoraInfo; }
    /// The whole published state as one value (a scrape).
    void snapshot(ReplicaMetrics& out) const;

private:
    struct Scalars {
        std::uint32_t running = 0, waiting = 0;
        std::int64_t kvUsed = 0;
    };
    struct Pass {
        std::vector<std::pair<std::uint32_t, ReplicaEvent>> events;
        Scalars scalars;
        double end = 0;
    };
    void apply(std::uint32_t adapter, ReplicaEvent e);
    void applyPass(const Pass& p);
    void rememberLoraInfo(const Pass& p);

    std::int64_t m_kvCapacity = 0;
    std::int64_t m_maxLora = 0;
    Scalars m_pub;
    std::int64_t m_lastKv = 0; ///< KV of the last closed pass
    std::vector<std::pair<std::uint32_t, ReplicaEvent>> m_open;
    std::deque<Pass> m_pending; ///< closed passes not visible yet, by end
    std::vector<std::vector<std::pair<std::uint32_t, ReplicaEvent>>> m_spare; ///< emptied event lists, reused
    std::vector<std::int32_t> m_runningBy, m_waitingBy;
    std::vector<std::uint8_t> m_resident;
    ReplicaMetrics m_lora;
    ReplicaMetrics m_lastLoraInfo;
};

/// The replicas as they are now (after publishUntil): for staleness 0 and for the routers that
/// count their own requests. GIE keeps reading a replica's last non-empty LoRA lists (`keepLast`).
class PublishedView final : public FleetView {
public:
    PublishedView(
        std::vector<const PublishedState*> replicas, const std::vector<std::uint32_t>& outstanding, bool keepLast)
        : m_r(std::move(replicas))
        , m_out(outstanding)
        , m_keepLast(keepLast)
    {
    }
    std::uint32_t running(int r) const override { return m_r[r]->running(); }
    std::uint32_t waiting(int r) const override { return m_r[r]->waiting(); }
    double kvUsage(int r) const override { return m_r[r]->kvUsage(); }
    bool hasActive(int r, std::uint32_t a) const override
    {
        return last(r) ? m_r[r]->lastLoraInfo().hasActive(a) : m_r[r]->hasActive(a);
    }
    bool hasWaiting(int r, std::uint32_t a) const override
    {
        return last(r) ? m_r[r]->lastLoraInfo().hasWaiting(a) : m_r[r]->hasWaiting(a);
    }
    std::size_t activeCount(int r) const override
    {
        return last(r) ? m_r[r]->lastLoraInfo().activeCount : m_r[r]->activeCount();
    }
    std::size_t waitingAdapterCount(int r) const override
    {
        return last(r) ? m_r[r]->lastLoraInfo().waitingAdapterCount : m_r[r]->waitingAdapterCount();
    }
    std::int64_t maxLora(int r) const override { return last(r) ? m_r[r]->lastLoraInfo().maxLora : m_r[r]->maxLora(); }
    std::uint32_t outstanding(int r) const override { return m_out[static_cast<std::size_t>(r)]; }

private:
    bool last(int r) const { return m_keepLast && m_r[r]->activeCount() == 0 && m_r[r]->waitingAdapterCount() == 0; }
    std::vector<const PublishedState*> m_r;
    const std::vector<std::uint32_t>& m_out;
    bool m_keepLast;
};

/// The replicas as the last scrape saw them.
class ScrapedView final : public FleetView {
public:
    ScrapedView(std::size_t replicas, const std::vector<std::uint32_t>& outstanding)
        : m_s(replicas)
        , m_out(outstanding)
    {
    }
    /// Scrapes every replica (after publishUntil). GIE skips a series with both lists empty and
    /// keeps the last one (`keepLast`); `loraInfo` false: the router reads no LoRA lists.
    void scrape(const std::vector<const PublishedState*>& replicas, bool loraInfo, bool keepLast);
    std::uint32_t running(int r) const override { return m_s[r].running; }
    std::uint32_t waiting(int r) const override { return m_s[r].waiting; }
    double kvUsage(int r) const override { return m_s[r].kvUsage; }
    bool hasActive(int r, std::uint32_t a) const override { return m_s[r].hasActive(a); }
    bool hasWaiting(int r, std::uint32_t a) const override { return m_s[r].hasWaiting(a); }
    std::size_t activeCount(int r) const override { return m_s[r].activeCount; }
    std::size_t waitingAdapterCount(int r) const override { return m_s[r].waitingAdapterCount; }
    std::int64_t maxLora(int r) const override { return m_s[r].maxLora; }
    std::uint32_t outstanding(int r) const override { return m_out[static_cast<std::size_t>(r)]; }

private:
    std::vector<ReplicaMetrics> m_s;
    const std::vector<std::uint32_t>& m_out;
};

} // namespace lorascope
