// SPDX-License-Identifier: Apache-2.0
#pragma once
// A few threads that run one job over many items and wait for all of it (the fleet advances its
// replicas between router decisions this way). The calling thread works too and never waits for
// a worker that has not started: on a busy machine a late worker finds nothing left to do. Workers
// spin briefly, then yield, then sleep, so a short job costs little and an idle pool nothing.

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace lorascope {

class WorkerPool {
public:
    /// `threads` in all, the calling thread included (1 = no extra thread).
    explicit WorkerPool(int threads);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    int threads() const { return static_cast<int>(m_workers.size()) + 1; }
    /// Calls job(i) for every i in [0, items), spread over the threads; returns when all are done.
    /// An exception from a job is rethrown here (the first one).
    void run(std::size_t items, const std::function<void(std::size_t)>& job);

private:
    void workerLoop();
    /// Claims and runs items of generation `gen` until none is left.
    void drain(std::uint32_t gen);

    std::vector<std::thread> m_workers;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    /// (generation << 32) | next item: a claim succeeds only for the current generation.
    std::atomic<std::uint64_t> m_next { 0 };
    std::atomic<std::uint32_t> m_generation { 0 };
    std::atomic<std::size_t> m_done { 0 };
    std::atomic<std::size_t> m_items { 0 };
    std::atomic<const std::function<void(std::size_t)>*> m_job { nullptr };
    bool m_stop = false;
    std::exception_ptr m_error;
    std::mutex m_errorMutex;
};

} // namespace lorascope
