// SPDX-License-Identifier: Apache-2.0
#pragma once
// The replay's bookkeeping, apart from any networking: which requests have ended, the live
// counters, and the observer callbacks (never two at once, whichever thread calls them).
// The counters are the dispatcher thread's; report() may be called from any engine thread.

#include "replay/replay.h"

#include <cstddef>
#include <mutex>
#include <vector>

namespace lorascope {

class RunLedger {
public:
    explicit RunLedger(const ReplayObserver& observer)
        : m_obs(&observer)
    {
    }
    /// The callbacks of the next run (must outlive it).
    void setObserver(const ReplayObserver& observer) { m_obs = &observer; }

    /// Starts a run of `n` requests.
    void reset(std::size_t n);
    /// Counts request `slot` as ended with `outcome` (dispatcher thread). False if it had ended already.
    bool finish(std::size_t slot, Outcome outcome);
    /// Every request has ended.
    bool allFinished() const { return m_finished == m_done.size(); }
    std::size_t finished() const { return m_finished; }

    /// The live counters (dispatcher thread).
    ReplayStatus& status() { return m_status; }
    /// Calls onRecord (any thread).
    void report(const ReplayRecord& record);
    /// Calls onStatus with the current counters (dispatcher thread).
    void publishStatus();
    /// The same unless another callback is running right now (then false, and nothing is called).
    bool tryPublishStatus();
    /// Runs `f` under the callback lock (for callbacks other than the two above).
    template <class F>
    void exclusive(F&& f)
    {
        std::lock_guard lock(m_obsMutex);
        f();
    }

    const ReplayObserver& observer() const { return *m_obs; }
    /// Calls onNote (any thread).
    void note(const std::string& text);

private:
    const ReplayObserver* m_obs;
    std::mutex m_obsMutex;
    ReplayStatus m_status;
    std::vector<bool> m_done;
    std::size_t m_finished = 0;
};

} // namespace lorascope
