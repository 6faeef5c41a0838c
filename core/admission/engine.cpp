// SPDX-License-Identifier: Apache-2.0
// Scheduler front end, names, the offline simulation loop and its summary.

#include "admission/engine.h"

#include "admission/policy.h"
#include "admission/serversim.h"
#include "admission/summary.h"
#include "util/error.h"

#include <algorithm>
#include <limits>

namespace lorascope {

std::string rejectReasonName(RejectReason reason)
{
    switch (reason) {
    case RejectReason::None:
        return {};
    case RejectReason::InputTooLong:
        return "input_too_long";
    case RejectReason::TotalTooLong:
        return "total_too_long";
    case RejectReason::NeverFits:
        return "never_fits";
    case RejectReason::MaxModelLen:
        return "max_model_len";
    case RejectReason::LoraRankTooLarge:
        return "lora_rank_too_large";
    case RejectReason::Shed:
        return "shed";
    }
    return {};
}

std::string dropReasonName(DropReason reason)
{
    switch (reason) {
    case DropReason::None:
        return {};
    case DropReason::Aborted:
        return "aborted";
    case DropReason::Timeout:
        return "timeout";
    }
    return {};
}

std::string waitKindName(WaitKind kind)
{
    switch (kind) {
    case WaitKind::None:
        return "none";
    case WaitKind::AdmissionWindow:
        return "admission_window";
    case WaitKind::TokenBudget:
        return "token_budget";
    case WaitKind::BatchMaxTokens:
        return "batch_max_tokens";
    case WaitKind::RunningMaxReqSize:
        return "running_max_req_size";
    case WaitKind::MaxLoras:
        return "max_loras";
    case WaitKind::MaxNumSeqs:
        return "max_num_seqs";
    case WaitKind::MaxNumBatchedTokens:
        return "max_num_batched_tokens";
    case WaitKind::KvBlocks:
        return "kv_blocks";
    case WaitKind::BehindRequest:
        return "behind_request";
    case WaitKind::Preempted:
        return "preempted";
    case WaitKind::PreemptionStep:
        return "preemption_step";
    case WaitKind::MaxRunningRequests:
        return "max_running_requests";
    case WaitKind::BatchIsFull:
        return "batch_is_full";
    case WaitKind::MaxLorasPerBatch:
        return "max_loras_per_batch";
    case WaitKind::TokenPool:
        return "token_pool";
    case WaitKind::MaxPrefillTokens:
        return "max_prefill_tokens";
    case WaitKind::ChunkedPrefillSize:
        return "chunked_prefill_size";
    case WaitKind::Retracted:
        return "retracted";
    }
    return "none";
}

std::string adapterTierName(AdapterTier tier)
{
    switch (tier) {
    case AdapterTier::Gpu:
        return "gpu";
    case AdapterTier::Cpu:
        return "cpu";
    case AdapterTier::Disk:
        return "disk";
    }
    return "gpu";
}

std::string WaitReason::describe() const
{
    switch (kind) {
    case WaitKind::None:
    case WaitKind::AdmissionWindow:
    case WaitKind::PreemptionStep:
    case WaitKind::BatchIsFull:
        return waitKindName(kind);
    case WaitKind::Preempted:
        return "preempted, " + std::to_string(need) + " tokens to compute again";
    case WaitKind::Retracted:
        return "retracted, " + std::to_string(need) + " tokens to prefill again";
    case WaitKind::KvBlocks:
        return "kv_blocks need " + std::to_string(need) + " > free " + std::to_string(limit);
    case WaitKind::BehindRequest:
        return "behind request " + std::to_string(behind);
    case WaitKind::TokenBudget:
        return "token_budget need " + std::to_string(need) + " >= limit " + std::to_string(limit);
    default:
        return waitKindName(kind) + " need " + std::to_string(need) + " > limit " + std::to_string(limit);
    }
}

std::string stepKindName(StepKind kind)
{
    switch (kind) {
    case StepKind::Idle:
        return "idle";
    case StepKind::Prefill:
        return "prefill";
    case StepKind::Decode:
        return "decode";
    case StepKind::Mixed:
        return "mixed";
    }
    return "idle";
}

std::unique_ptr<Policy> makePolicy(const SchedulerConfig& config)
{
    switch (config.policy) {
    case PolicyKind::SLora:
        return makeSLoraPolicy(config, false);
    case PolicyKind::SLoraAbort:
        return makeSLoraPolicy(config, true);
    case PolicyKind::Vllm:
        return makeVllmPolicy(config);
    case PolicyKind::Sglang:
        return makeSglangPolicy(config);
    }
    return makeSLoraPolicy(config, false);
}

Scheduler::Scheduler(const SchedulerConfig& config)
    : m_config(config)
    , m_policy(makePolicy(config))
{
}

Scheduler::~Scheduler() = default;
Scheduler::Scheduler(Scheduler&&) noexcept = default;
Scheduler& Scheduler::operator=(Scheduler&&) noexcept = default;

RejectReason Scheduler::submit(const SimRequest& request)
{
    return m_policy->submit(request);
}
bool Scheduler::abort(std::uint64_t id)
{
    return m_policy->abort(id);
}
bool Scheduler::idle() const
{
    return m_policy->idle();
}
bool Scheduler::stalled() const
{
    return m_policy->stalled();
}
StepResult Scheduler::step(double now)
{
    return m_policy->step(now);
}
void Scheduler::step(double now, StepResult& out)
{
    m_policy->stepInto(now, out);
}
double Scheduler::nextTimeout() const
{
    return m_policy->nextTimeout();
}
std::size_t Scheduler::queueLength() const
{
    return m_policy->queueLength();
}
std::size_t Scheduler::runningRequests() const
{
    return m_policy->runningRequests();
}
WaitReason Scheduler::waitReason(std::uint64_t id) const
{
    return m_policy->waitReason(id);
}

double stepSeconds(const CostModel& model, const StepResult& step)
{
    double t = 0;
    switch (step.kind) {
    case StepKind::Idle:
        return 0;
    case StepKind::Prefill:
        t = model.prefillSeconds(step.shape);
        break;
    case StepKind::Decode:
        t = model.decodeSeconds(step.shape);
        break;
    case StepKind::Mixed:
        t = model.mixedSeconds(step.prefillShape, step.decodeShape);
        break;
    }
    for (std::size_t i = 0; i < step.loadedRanks.size(); ++i) {
        t += model.adapterLoadSeconds(step.loadedRanks[i]);
        if (i < step.loadedFrom.size() && step.loadedFrom[i] == AdapterTier::Disk)
            t += model.adapterDiskReadSeconds(step.loadedRanks[i]);
    }
    return t;
}

// ---------------------------------------------------------------------------------------------

std::vector<RequestRecord> prepareRecords(const Trace& trace)
{
    const std::size_t n = trace.requests.size();
    std::vector<RequestRecord> records(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Request& q = trace.requests[i];
        if (q.adapter != kNoAdapter && q.adapter >= trace.adapters.size())
            throw InputError("request " + std::to_string(trace.idOf(i)) + " uses adapter index "
                    + std::to_string(q.adapter) + " but the trace has " + std::to_string(trace.adapters.size())
                    + " adapters",
                trace.source, 0, "adapter");
        if (i > 0 && q.time < trace.requests[i - 1].time)
            throw InputError("request " + std::to_string(trace.idOf(i))
                    + " arrives before the request above it (trace not sorted by time)",
                trace.source, 0, "time");
        RequestRecord& r = records[i];
        r.id = trace.idOf(i);
        r.arrival = q.time;
        r.adapter = q.adapter;
        r.inputLen = q.inputLen;
        r.outputLen = q.outputLen;
    }
    return records;
}

std::vector<int> adapterRanks(const Trace& trace, const std::vector<int>& overrides)
{
    std::vector<int> ranks(trace.adapters.size());
    for (std::size_t a = 0; a < ranks.size(); ++a)
        ranks[a] = a < overrides.size() && overrides[a] > 0 ? overrides[a] : trace.adapters[a].rank;
    return ranks;
}

void mapBehindToTraceIds(std::vector<RequestRecord>& records, const Trace& trace)
{
    // Scheduler ids are trace indices; `behind` is reported as the trace's request id.
    if (trace.ids.empty())
        return;
    for (RequestRecord& r : records)
        if (r.wait.kind == WaitKind::BehindRequest)
            r.wait.behind = trace.idOf(r.wait.behind);
}

void copyCounters(const SimulationSummary& from, SimulationSummary& to)
{
    to.steps = from.steps;
    to.prefillSteps = from.prefillSteps;
    to.decodeSteps = from.decodeSteps;
    to.mixedSteps = from.mixedSteps;
    to.adapterLoads = from.adapterLoads;
    to.adapterUnloads = from.adapterUnloads;
    to.adapterDiskLoads = from.adapterDiskLoads;
    to.preemptions = from.preemptions;
    to.peakKvNeed = from.peakKvNeed;
    to.peakKvUsed = from.peakKvUsed;
    to.kvCapacity = from.kvCapacity;
}

SimulationResult simulate(
    const Trace& trace, const SimulationConfig& config, const ProgressSink& progress, const StepObserver& observer)
{
    SimulationResult result;
    result.clock = config.clock;
    result.requests = prepareRecords(trace);
    const std::vector<int> ranks = adapterRanks(trace, config.ranks);
    if (const std::string error = schedulerConfigError(config.scheduler); !error.empty())
        throw InputError(policyName(config.scheduler.policy) + " server: " + error, {}, 0, "scheduler");

    ServerSim server(config, trace, ranks, result.requests);
    server.takeWholeTrace();
    server.setObserver(&observer);
    server.setProgress(&progress, trace.requests.size());
    server.finish();
    result.timeline = std::move(server.timeline());
    mapBehindToTraceIds(result.requests, trace);
    progress.update(1.0);

    SimulationSummary overall;
    summarizeRecords(result.requests, trace.adapters.size(), config.clock, overall, &result.perAdapter);
    copyCounters(server.counters(), overall);
    result.summary = overall;
    for (AdapterSummary& per : result.perAdapter) {
        if (per.adapter != kNoAdapter) {
            per.name = trace.adapters[per.adapter].name;
            per.rank = ranks[per.adapter];
        }
    }
    return result;
}

} // namespace lorascope
