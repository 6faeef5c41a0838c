// SPDX-License-Identifier: Apache-2.0
#pragma once
// Step-through of the admission engine (docs/admission.md, What the preview answers; for teaching): runs the Scheduler one forward pass
// at a time on a trace, with the same clock rules as simulate(), and keeps a snapshot of every
// pass so the UI can go back and forth. For S-LoRA it also recomputes, for each request admitted
// in a pass, the numbers of the admission rule (docs/admission.md): need vs limit and Σ input vs
// batch_max_tokens. Qt-free.

#include "admission/engine.h"
#include "admission/prefillslice.h"
#include "workload/trace.h"

#include <cstdint>
#include <memory>
#include <unordered_map>
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
    std::vector<int>
        adapterRanks; ///< ranks of the adapters in adapter_size (running batch, admitted before it, its own)
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
    std::vector<PrefillSlice>
        prefillSlices; ///< vllm, sglang: who got how many prompt tokens in this pass, and how many remain
    std::vector<RunningEntry> running; ///< running batch after the pass
    std::vector<std::uint64_t> queueHead; ///< first waiting requests after the pass (at most 20)
    std::size_t queueLength = 0;
    std::vector<std::uint64_t> rejected; ///< refused on arrival since the previous pass (over a per-request limit)
    std::vector<RejectReason> rejectedWhy; ///< why, parallel to `rejected`
    /// Requests that start waiting in this pass: they arrived before it began (or were preempted
    /// in it) and are still in the queue after it. The same requests the request table shows
    /// with a queue wait and a reason other than none.
    std::vector<std::uint64_t> startedWaiting;
    std::vector<WaitReason> startedWaitingWhy; ///< why each waits, parallel to `startedWaiting`
};

/// What the step-through can jump to.
enum class StepEvent : std::uint8_t {
    Any, ///< the next pass
    Wait, ///< a pass in which requests start waiting (StepSnapshot::startedWaiting): a limit stopped the admission scan, or the pass had none
    Admission, ///< a prefill: requests were admitted
    Rejection, ///< requests were refused on arrival
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

    /// The first pass after pass `after` (-1: from the start) with the event, computing passes as
    /// needed (at most `maxPasses` new ones); -1 if none.
    std::int64_t findNext(std::int64_t after, StepEvent event, std::size_t maxPasses = 2000000);
    /// The pass that admitted request `id` (trace index), or refused it; if it never got in, the
    /// first pass after its arrival. -1 if the trace has no such request or no pass.
    std::int64_t findRequest(std::uint64_t id, std::size_t maxPasses = 2000000);
    /// The first pass that ends after `time` (clock unit); -1 if none.
    std::int64_t findTime(double time, std::size_t maxPasses = 2000000);

private:
    bool matches(const StepSnapshot& s, StepEvent event) const;
    /// Computes passes until `done(index)` is true for a new or existing pass; -1 if none.
    template <typename Pred>
    std::int64_t advanceUntil(std::size_t from, std::size_t maxPasses, Pred done);

    int rankOf(std::uint32_t adapter) const;
    /// vllm: the step's preempted requests from the running batch to the front of the queue;
    /// sglang: the retracted ones to its back.
    void movePreempted(const StepResult& s);

    std::shared_ptr<const Trace> m_trace;
    SimulationConfig m_config;
    std::unique_ptr<Policy> m_scheduler; ///< the policy itself (admission/policy.h): its prefill slices too
    std::vector<StepSnapshot> m_snapshots;
    std::vector<RunningEntry> m_running;
    std::vector<std::uint64_t> m_queue; // mirror of the FIFO waiting list (S-LoRA order)
    std::unordered_map<std::uint64_t, RunningEntry> m_preempted; // vllm: preempted, with the tokens they had
    std::size_t m_next = 0;
    std::vector<std::uint64_t> m_pendingRejected; // refused since the last pass
    std::vector<RejectReason> m_pendingRejectedWhy;
    double m_now = 0;
    bool m_done = false;
};

} // namespace lorascope
