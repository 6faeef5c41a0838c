// SPDX-License-Identifier: Apache-2.0
#pragma once
// Token pacing of the simulated server: the admission engine decides which requests run in each forward pass and the
// cost model how long it takes. Plain C++ (no networking).
//
// Two clocks: the caller passes real seconds since server start; the scheduler sees model seconds = real × speed (so
// slora-abort's 5.5 s wait and the arrival times are the model's, as in `simulate --clock model`), and a pass lasts
// stepSeconds(step) / speed real seconds.

#include "admission/engine.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace lorascope {

/// What one forward pass of the simulated server did.
struct PacedStep {
    double seconds = 0; ///< real seconds the pass takes (cost model / speed; never negative, may be +inf)
    StepResult result; ///< the scheduler's step: admitted, tokens, finished, dropped, KV state
};

/// Drives an admission Scheduler step by step in (scaled) real time.
class EnginePacer {
public:
    EnginePacer(const SchedulerConfig& config, const CostModel& cost, double speed);

    /// Whether the scheduler would refuse the request (S-LoRA's limits; vllm: can never fit): the error
    /// text for HTTP 500, as S-LoRA answers; empty if it would be queued. Nothing is queued.
    std::string refusal(std::uint32_t inputLen, std::uint32_t outputLen, int rank) const;
    /// A request arrives at real time `now`; returns an error text when the server would refuse it
    /// (HTTP 500, as S-LoRA answers). `key`: its tokens for the prefix cache (null: never hits).
    std::string submit(std::uint64_t id, std::uint32_t inputLen, std::uint32_t outputLen, const std::string& adapter,
        int rank, double now, TokenKeyPtr key = {});
    /// The client went away: false if the scheduler no longer has the request.
    bool abort(std::uint64_t id);
    /// Nothing to run.
    bool idle() const;
    /// Requests wait but nothing runs and the queue head can never be admitted.
    bool stalled() const { return m_scheduler.stalled(); }
    /// Runs one forward pass at real time `now`.
    PacedStep step(double now);
    /// Real time at which the abort policy would next drop a waiting request (+inf if none).
    double nextTimeout() const;

private:
    SchedulerConfig m_config;
    Scheduler m_scheduler;
    CostModel m_cost;
    double m_speed;
    std::map<std::string, std::uint32_t> m_adapterIndex;
};

} // namespace lorascope
