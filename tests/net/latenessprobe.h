// SPDX-License-Identifier: Apache-2.0
#pragma once
// How late this machine wakes a sleeping thread while a real-time test runs: a thread sleeps 2 ms at
// a time to an absolute instant and keeps the largest oversleep. serve-sim's engine wakes the same
// way at the end of each forward pass, so on a loaded machine (a 2-core runner beside other work,
// the sanitizers) its tokens leave that much late; a test's timing tolerance adds it, measured in
// the run, instead of assuming a quiet machine. Independent of the engine: a real disagreement
// (wrong ranks: seconds) still fails.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

namespace lorascope::test {

class LatenessProbe {
public:
    LatenessProbe()
        : m_thread([this] {
            using Clock = std::chrono::steady_clock;
            auto next = Clock::now();
            while (!m_stop.load()) {
                next += std::chrono::milliseconds(2);
                std::this_thread::sleep_until(next);
                const double late = std::chrono::duration<double>(Clock::now() - next).count();
                double seen = m_max.load();
                while (late > seen && !m_max.compare_exchange_weak(seen, late)) { }
                next = std::max(next, Clock::now());
            }
        })
    {
    }
    ~LatenessProbe() { stop(); }
    LatenessProbe(const LatenessProbe&) = delete;
    LatenessProbe& operator=(const LatenessProbe&) = delete;

    /// Stops the probe; the largest oversleep seen, in seconds.
    double stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        return m_max.load();
    }

private:
    std::atomic<bool> m_stop { false };
    std::atomic<double> m_max { 0.0 };
    std::thread m_thread;
};

} // namespace lorascope::test
