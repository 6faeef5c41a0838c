// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to core/replay: the CPU priority of the dispatcher thread while a run lasts (Linux; elsewhere it stays
// normal). Real-time when the process may have it, else a short time slice; the thread's own setting comes back when
// the object goes.

#include "replay/replay.h"

#include <cstdint>

namespace lorascope::replay_detail {

class DispatcherThreadPriority {
public:
    /// Sets the calling thread's priority; `realtime` false skips SCHED_FIFO.
    explicit DispatcherThreadPriority(bool realtime);
    ~DispatcherThreadPriority();
    DispatcherThreadPriority(const DispatcherThreadPriority&) = delete;
    DispatcherThreadPriority& operator=(const DispatcherThreadPriority&) = delete;
    DispatcherPriority priority() const { return m_priority; }

private:
    struct Attr { // struct sched_attr, first version (48 bytes)
        std::uint32_t size = sizeof(Attr);
        std::uint32_t policy = 0;
        std::uint64_t flags = 0;
        std::int32_t nice = 0;
        std::uint32_t priority = 0;
        std::uint64_t runtime = 0, deadline = 0, period = 0;
    };
    static_assert(sizeof(Attr) == 48);
    Attr m_old;
    bool m_set = false;
    DispatcherPriority m_priority = DispatcherPriority::Normal;
};

} // namespace lorascope::replay_detail
