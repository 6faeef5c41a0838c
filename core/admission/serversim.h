// SPDX-License-Identifier: Apache-2.0
#pragma once
// One server of an offline simulation, advanced in pieces: the loop of simulate() (engine.h) as
// an object, so that a fleet (fleet/fleet.h) can run many servers on one clock and stop each of
// them at a router's decision. simulate() is this loop run over the whole trace at once; a fleet
// of one replica runs the same loop with the same arrivals, so both give identical records.
//
// Threads: a ServerSim is used by one thread at a time. Several ServerSims may write into one
// shared records array from different threads as long as each writes only the records of the
// requests it was given (a fleet gives every request to exactly one replica).

#include "admission/engine.h"

#include <cstdint>
#include <vector>

namespace lorascope {

/// Told about what a ServerSim does, as it does it (optional; the fleet keeps a replica's published
/// metrics this way).
class ServerSimListener {
public:
    virtual ~ServerSimListener() = default;
    /// Request `index` was handed to the scheduler at `now` (before the pass that starts then).
    virtual void submitted(std::uint32_t index, RejectReason rejected, double now) = 0;
    /// A forward pass ran from `start` to `end` (equal for an Idle step); `step` says what it did.
    virtual void pass(const StepResult& step, double start, double end) = 0;
};

/// The state and counters of one simulated server over a trace.
class ServerSim {
public:
    /// `records` holds one record per trace request (arrival, adapter and lengths filled in); this
    /// server writes the outcome of the requests it is given. `ranks[a]` is adapter a's rank.
    /// `config.scheduler` must pass schedulerConfigError (the caller checks and names the server).
    ServerSim(const SimulationConfig& config, const Trace& trace, const std::vector<int>& ranks,
        std::vector<RequestRecord>& records);

    /// Every request of the trace arrives at this server (simulate()).
    void takeWholeTrace();
    /// Trace request `index` arrives at this server (a router sent it). Arrivals come in time order.
    void arrive(std::uint32_t index);
    /// Runs every forward pass that starts before `until` (strictly: a pass starting at `until`
    /// may still take requests that arrive at `until` and are not given yet).
    void runUntil(double until);
    /// No more arrivals: runs to the end and notes why requests that never got in were waiting.
    void finish();

    void setListener(ServerSimListener* listener) { m_listener = listener; }
    void setObserver(const StepObserver* observer) { m_observer = observer; }
    void setProgress(const ProgressSink* progress, std::size_t total)
    {
        m_progress = progress;
        m_progressTotal = total;
    }

    double now() const { return m_now; }
    /// End of the last forward pass (the time its outcome became visible), or -infinity.
    double lastPassEnd() const { return m_lastEnd; }
    const Scheduler& scheduler() const { return m_scheduler; }
    /// Requests given to this server (trace indices, in arrival order); empty after takeWholeTrace.
    const std::vector<std::uint32_t>& given() const { return m_queue; }
    /// Pass counts, adapter loads and unloads, preemptions, peak KV (the latency fields stay empty).
    const SimulationSummary& counters() const { return m_sum; }
    std::vector<StepRecord>& timeline() { return m_timeline; }

private:
    bool hasPending() const;
    std::uint32_t pendingIndex() const;
    double pendingTime() const;
    void submitDue();
    void record(double start, double end);

    const SimulationConfig& m_config;
    const Trace& m_trace;
    const std::vector<int>& m_ranks;
    std::vector<RequestRecord>& m_records;
    Scheduler m_scheduler;
    ServerSimListener* m_listener = nullptr;
    const StepObserver* m_observer = nullptr;
    const ProgressSink* m_progress = nullptr;
    std::size_t m_progressTotal = 0;

    bool m_whole = false; ///< every trace request, in order (m_queue unused)
    std::vector<std::uint32_t> m_queue; ///< requests given (when not m_whole)
    std::size_t m_next = 0; ///< next request to submit (position in the trace or in m_queue)
    bool m_closed = false; ///< finish() was called: no more arrivals
    bool m_stalled = false; ///< the last step was Idle with requests waiting: jump to the next event
    double m_now = 0;
    double m_lastEnd;
    bool m_steps = false;
    bool m_keys = false; ///< the trace has prefix structure: requests carry token keys (workload/tokenkey.h)
    std::uint64_t m_stepCount = 0;
    StepResult m_step; ///< reused: its vectors keep their capacity from step to step
    SimulationSummary m_sum;
    std::vector<StepRecord> m_timeline;
};

} // namespace lorascope
