// SPDX-License-Identifier: Apache-2.0
#include "fleet/workers.h"

namespace lorascope {

WorkerPool::WorkerPool(int threads)
{
    for (int i = 1; i < threads; ++i)
        m_workers.emplace_back([this] { workerLoop(); });
}

WorkerPool::~WorkerPool()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
        m_generation.fetch_add(1);
    }
    m_wake.notify_all();
    for (std::thread& t : m_workers)
        t.join();
}

void WorkerPool::drain()
{
    for (;;) {
        const std::size_t i = m_next.fetch_add(1, std::memory_order_relaxed);
        if (i >= m_items)
            return;
        try {
            (*m_job)(i);
        } catch (...) {
            std::lock_guard<std::mutex> lock(m_errorMutex);
            if (!m_error)
                m_error = std::current_exception();
        }
    }
}

void WorkerPool::workerLoop()
{
    std::uint64_t seen = 0;
    for (;;) {
        // Wait for a new generation: spin, then yield, then sleep on the condition variable.
        int spins = 0;
        while (m_generation.load(std::memory_order_acquire) == seen) {
            if (++spins < 2000)
                continue;
            if (spins < 2200) {
                std::this_thread::yield();
                continue;
            }
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [&] { return m_generation.load(std::memory_order_acquire) != seen; });
        }
        seen = m_generation.load(std::memory_order_acquire);
        if (m_stop)
            return;
        drain();
        m_busy.fetch_sub(1, std::memory_order_acq_rel);
    }
}

void WorkerPool::run(std::size_t items, const std::function<void(std::size_t)>& job)
{
    if (m_workers.empty() || items <= 1) {
        for (std::size_t i = 0; i < items; ++i)
            job(i);
        return;
    }
    m_job = &job;
    m_items = items;
    m_next.store(0, std::memory_order_relaxed);
    m_busy.store(static_cast<int>(m_workers.size()), std::memory_order_relaxed);
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_generation.fetch_add(1, std::memory_order_release);
    }
    m_wake.notify_all();
    drain();
    int spins = 0;
    while (m_busy.load(std::memory_order_acquire) != 0) {
        if (++spins > 2000)
            std::this_thread::yield();
    }
    m_job = nullptr;
    if (m_error) {
        std::exception_ptr e = m_error;
        m_error = nullptr;
        std::rethrow_exception(e);
    }
}

} // namespace lorascope
