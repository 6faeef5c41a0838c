#pragma once
// Token pacing of the simulated server: the admission engine decides which requests run in
// each forward pass and the cost model how long it takes. Plain C++ (no networking).

#include "admission/engine.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace lorascope {

/// What one forward pass of the simulated server produced.
struct PacedStep {
    double seconds = 0; ///< how long the pass takes (already divided by the speed factor)
    std::vector<std::uint64_t> tokens; ///< requests that got one token at the end of the pass
    std::vector<std::uint64_t> finished; ///< requests that got their last token
    std::vector<std::uint64_t> dropped; ///< requests the policy dropped (abort queue)
};

/// Drives an admission Scheduler step by step in (scaled) real time.
class EnginePacer {
public:
    EnginePacer(const SchedulerConfig& config, const CostModel& cost, double speed);

    /// A request arrives; returns an error text when the server would refuse it (HTTP 500).
    std::string submit(std::uint64_t id, std::uint32_t inputLen, std::uint32_t outputLen, const std::string& adapter,
        int rank, double now);
    /// The client went away.
    void abort(std::uint64_t id);
    /// Nothing to run.
    bool idle() const;
    /// Requests wait but nothing runs and the queue head can never be admitted.
    bool stalled() const { return m_scheduler.stalled(); }
    /// Runs one forward pass at `now` (seconds since server start). If the queue head can never be
    /// admitted, it is dropped so the server never hangs.
    PacedStep step(double now);

private:
    Scheduler m_scheduler;
    CostModel m_cost;
    double m_speed;
    std::map<std::string, std::uint32_t> m_adapterIndex;
};

} // namespace lorascope
