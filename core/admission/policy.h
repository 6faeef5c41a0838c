// SPDX-License-Identifier: Apache-2.0
#pragma once
// The seam behind Scheduler: one Policy per admission discipline. S-LoRA's ReqQueue and
// AbortReqQueue live in slora.cpp, vLLM V1's scheduler in vllm.cpp. S-LoRA's adapter-clustered
// queue (ClusterReqQueue, `batch_num_adapters`) and VTC fair share (VTCReqQueue) would be further
// Policy implementations: they change only which waiting requests a scan visits and in which order,
// so they can reuse the router loop of SLoraPolicy by overriding its scan (see slora.cpp).

#include "admission/engine.h"
#include "admission/prefillslice.h"

#include <limits>
#include <memory>
#include <vector>

namespace lorascope {

/// One admission discipline with its own queue and running batch.
class Policy {
public:
    virtual ~Policy() = default;
    virtual RejectReason submit(const SimRequest& request) = 0;
    virtual bool abort(std::uint64_t id) = 0;
    virtual bool idle() const = 0;
    virtual bool stalled() const = 0;
    virtual StepResult step(double now) = 0;
    /// The same into `out`, whose vectors keep their capacity (simulate() reuses one StepResult).
    virtual void stepInto(double now, StepResult& out) { out = step(now); }
    virtual double nextTimeout() const { return std::numeric_limits<double>::infinity(); }
    virtual std::size_t queueLength() const = 0;
    virtual std::size_t runningRequests() const = 0;
    virtual WaitReason waitReason(std::uint64_t id) const = 0;
    /// vllm, sglang: the prefill chunks of the last step, in the pass's order (kept only while the
    /// configuration's reportTokens is set, as the step-through sets it; empty otherwise).
    const std::vector<PrefillSlice>& prefillSlices() const { return m_slices; }

protected:
    std::vector<PrefillSlice> m_slices;
};

/// The policy a configuration names (what Scheduler runs; the step-through runs one directly to
/// see its prefill slices).
std::unique_ptr<Policy> makePolicy(const SchedulerConfig& config);

std::unique_ptr<Policy> makeSLoraPolicy(const SchedulerConfig& config, bool abortQueue);
std::unique_ptr<Policy> makeVllmPolicy(const SchedulerConfig& config);
std::unique_ptr<Policy> makeSglangPolicy(const SchedulerConfig& config);

/// S-LoRA's per-request refusal (httpserver/manager.py): input > max_req_input_len, then
/// input + max_new_tokens > max_req_total_len.
RejectReason sloraRejection(const SimRequest& request, const ServerLimits& limits);

} // namespace lorascope
