#pragma once
// Step-through of the admission engine (SPEC §2.5, teaching): runs the Scheduler one forward pass
// at a time on a trace, with the same clock rules as simulate(), and keeps a snapshot of every
// pass so the UI can go back and forth. For S-LoRA it also recomputes, for each request admitted
// in a pass, the numbers of the admission rule (SPEC §2.2): need vs limit and Σ input vs
// batch_max_tokens. Qt-free.

#include "admission/engine.h"
#include "workload/trace.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace lorascope {

/// One request in the running batch after a pass.
struct RunningEntry {
    std::uint64_t id = 0; ///< index into the trace
    std::uint32_t adapter = kNoAdapter;
    std::uint32_t inputLen = 0, outputLen = 0, generated = 0;
};

/// The admission numbers of one candidate of an admission scan (S-LoRA rule).
struct CandidateCheck {
    std::uint64_t id = 0;
    std::uint32_t inputLen = 0, outputLen = 0;
    int rank = 0;
    std::int64_t need = 0; ///< max_k left_k·k + Σ_{j≤k} used_j with the candidate added
    std::int64_t limit = 0; ///< max_total_token_num − adapter_size
    std::int64_t batchInput = 0; ///< Σ input of the new batch with the candidate
    std::int64_t batchMaxTokens = 0;
    bool admitted = false;
    WaitReason reason; ///< why the scan stopped here (not admitted)
};

/// One forward pass as the step-through shows it.
struct StepSnapshot {
    std::uint64_t index = 0; ///< 0-based pass number
    double start = 0, end = 0; ///< in the clock's unit
    StepResult result;
    std::vector<CandidateCheck> candidates; ///< admission scan of this pass (S-LoRA; empty otherwise)
    std::vector<RunningEntry> running; ///< running batch after the pass
    std::vector<std::uint64_t> queueHead; ///< first waiting requests after the pass (at most 20)
    std::size_t queueLength = 0;
};

/// Steps through a trace; snapshots are kept so previous() is free.
class StepThrough {
public:
    StepThrough(std::shared_ptr<const Trace> trace, const SimulationConfig& config);
    ~StepThrough();

    /// Advances by one forward pass; false when the trace is done (or stalled).
    bool next();
    /// Snapshot of pass i (0 ≤ i < count()).
    const StepSnapshot& snapshot(std::size_t i) const { return m_snapshots[i]; }
    std::size_t count() const { return m_snapshots.size(); }
    bool finished() const { return m_done; }

private:
    int rankOf(std::uint32_t adapter) const;

    std::shared_ptr<const Trace> m_trace;
    SimulationConfig m_config;
    std::unique_ptr<Scheduler> m_scheduler;
    std::vector<StepSnapshot> m_snapshots;
    std::vector<RunningEntry> m_running;
    std::vector<std::uint64_t> m_queue; // mirror of the FIFO waiting list (S-LoRA order)
    std::size_t m_next = 0;
    double m_now = 0;
    bool m_done = false;
};

} // namespace lorascope
