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
        m_generation.fetch_add(1, std::memory_order_release);
    }
    m_wake.notify_all();
    for (std::thread& t : m_workers)
        t.join();
}

void WorkerPool::drain(std::uint32_t gen)
{
    for (;;) {
        std::uint64_t v = m_next.load(std::memory_order_acquire);
        std::size_t i;
        for (;;) {
            if (static_cast<std::uint32_t>(v >> 32) != gen)
                return; // a later generation began: this one is finished
            i = static_cast<std::size_t>(v & 0xffffffffu);
            if (i >= m_items.load(std::memory_order_acquire))
                return;
            if (m_next.compare_exchange_weak(v, v + 1, std::memory_order_acq_rel, std::memory_order_acquire))
                break;
        }
        try {
            (*m_job.load(std::memory_order_acquire))(i);
        } catch (...) {
            std::lock_guard<std::mutex> lock(m_errorMutex);
            if (!m_error)
                m_error = std::current_exception();
        }
        m_done.fetch_add(1, std::memory_order_acq_rel);
    }
}

void WorkerPool::workerLoop()
{
    std::uint32_t seen = 0;
    for (;;) {
        int spins = 0;
        while (m_generation.load(std::memory_order_acquire) == seen) {
            if (++spins < 1000)
                continue;
            if (spins < 1100) {
                std::this_thread::yield();
                continue;
            }
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [&] { return m_generation.load(std::memory_order_acquire) != seen; });
        }
        seen = m_generation.load(std::memory_order_acquire);
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            if (m_stop)
                return;
        }
        drain(seen);
    }
}

void WorkerPool::run(std::size_t items, const std::function<void(std::size_t)>& job)
{
    if (m_workers.empty() || items <= 1) {
        for (std::size_t i = 0; i < items; ++i)
            job(i);
        return;
    }
    const std::uint32_t gen = m_generation.load(std::memory_order_relaxed) + 1;
    m_job.store(&job, std::memory_order_release);
    m_items.store(items, std::memory_order_release);
    m_done.store(0, std::memory_order_relaxed);
    m_next.store(static_cast<std::uint64_t>(gen) << 32, std::memory_order_release);
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_generation.store(gen, std::memory_order_release);
    }
    m_wake.notify_all();
    drain(gen);
    int spins = 0;
    while (m_done.load(std::memory_order_acquire) != items) {
        if (++spins > 1000)
            std::this_thread::yield();
    }
    if (m_error) {
        std::exception_ptr e = m_error;
        m_error = nullptr;
        std::rethrow_exception(e);
    }
}

} // namespace lorascope
