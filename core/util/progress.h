// SPDX-License-Identifier: Apache-2.0
#pragma once
// Progress and cancellation for long core work, without any threading library in the core:
// the caller passes a callback and an atomic flag; the core reports and checks them now and then.

#include <atomic>
#include <functional>
#include <stdexcept>

namespace lorascope {

/// Thrown by core work that noticed its cancel flag.
class Cancelled : public std::runtime_error {
public:
    Cancelled()
        : std::runtime_error("cancelled")
    {
    }
};

/// What long-running core functions accept. Both members are optional.
struct ProgressSink {
    std::function<void(double fraction)> report; ///< called with 0..1, from the working thread
    const std::atomic<bool>* cancel = nullptr; ///< set to true to stop the work (it throws Cancelled)

    void update(double fraction) const
    {
        if (cancel && cancel->load(std::memory_order_relaxed))
            throw Cancelled();
        if (report)
            report(fraction);
    }
};

} // namespace lorascope
