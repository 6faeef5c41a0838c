// SPDX-License-Identifier: Apache-2.0
#pragma once
// Admission preview engine (docs/admission.md): a server's scheduler — S-LoRA's queue and router
// loop, vLLM V1's Scheduler.schedule() — one forward pass at a time.
//
// Scheduler is incremental: submit() requests as they arrive, call step() for one forward pass
// (S-LoRA: a prefill of a newly admitted batch or one decode step of the running batch; vLLM: one
// schedule(), which may mix prefill chunks and decodes). The caller owns time: the offline
// simulate() advances a step clock or a cost-model clock; a real-time server sleeps for
// stepSeconds(cost, result) and streams the tokens a step reports.

#include "admission/costmodel.h"
#include "admission/schedulerconfig.h"
#include "util/progress.h"
#include "workload/limits.h"
#include "workload/tokenkey.h"
#include "workload/trace.h"

#include <cmath>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

/// One request as the scheduler sees it.
struct SimRequest {
    std::uint64_t id = 0;
    double arrival = 0; ///< in the caller's clock unit
    std::uint32_t inputLen = 0;
    std::uint32_t outputLen = 0; ///< max_new_tokens with ignore_eos (0 behaves like 1, as in S-LoRA)
    std::uint32_t adapter = kNoAdapter; ///< adapter index, or kNoAdapter for the base model
    int rank = 0; ///< LoRA rank of the adapter (0 for the base model)
    /// What its tokens are, for the prefix cache (workload/tokenkey.h): prompt, then answer. Null =
    /// content unknown: shares nothing with any other request, and the cache never hits.
    TokenKeyPtr key {};
    /// The request's priority (vLLM: `priority`, lower is served first under
    /// `--scheduling-policy priority`; SGLang: `priority`). Ignored by FCFS policies.
    std::int32_t priority = 0;
    bool hasPriority = false; ///< the request carried a priority (SGLang: else --default-priority-value)
};

/// Why a request was refused on arrival (S-LoRA raises an error → HTTP 500; vLLM answers 400).
enum class RejectReason : std::uint8_t {
    None,
    InputTooLong, ///< S-LoRA: input > max_req_input_len
    TotalTooLong, ///< S-LoRA: input + output > max_req_total_len
    NeverFits, ///< input + output can never fit in the KV cache (kept for older result files)
    MaxModelLen, ///< vLLM: input + output > max_model_len (prompt too long, or too many tokens asked)
    LoraRankTooLarge, ///< vLLM: the adapter's rank > max_lora_rank (vLLM cannot load it)
    Shed, ///< a fleet's router dropped it before any server saw it (GIE: sheddable, every replica saturated)
};
/// "input_too_long" etc.; empty for None.
std::string rejectReasonName(RejectReason reason);

/// Why an admitted request left before finishing, or never ran.
enum class DropReason : std::uint8_t {
    None,
    Aborted, ///< Scheduler::abort() (client went away)
    Timeout, ///< slora-abort: waited ≥ abortWaitSeconds in the queue
};
std::string dropReasonName(DropReason reason);

/// What kept a request in the queue (the last admission attempt that did not take it).
enum class WaitKind : std::uint8_t {
    None, ///< admitted at the first step after it arrived
    AdmissionWindow, ///< no admission attempt happened (running batch decoding, max_wait_tokens)
    TokenBudget, ///< S-LoRA: need ≥ max_total_token_num − adapter_size (need, limit)
    BatchMaxTokens, ///< Σ input of the new batch > batch_max_tokens (need = Σ input with it, limit)
    RunningMaxReqSize, ///< requests in the running batch (need, limit)
    MaxLoras, ///< vllm: the step's batch already has max_loras adapters (need = with it, limit, adapterIds)
    MaxNumSeqs, ///< vllm: running requests (need = with it, limit = max_num_seqs)
    MaxNumBatchedTokens, ///< vllm: tokens it needs vs the step's token budget left (need, limit)
    KvBlocks, ///< vllm: KV blocks it needs vs free blocks (need, limit)
    BehindRequest, ///< FIFO head-of-line blocking: queued behind request `behind`
    Preempted, ///< vllm: preempted at `at` (recompute): need = tokens to compute again
    PreemptionStep, ///< vllm: a running request was preempted in this step, and then no waiting one is scheduled
    MaxRunningRequests, ///< sglang: running + scheduled requests (need = with it, limit = max_running_requests)
    BatchIsFull, ///< sglang: no prefill attempt since the last failed one (batch_is_full until a request leaves)
    MaxLorasPerBatch, ///< sglang: LoRA slots the batch would use with it (need) vs max_loras_per_batch (adapterIds)
    TokenPool, ///< sglang: KV tokens it needs vs free after the reserved output (reserved, ratio)
    MaxPrefillTokens, ///< sglang: this prefill's tokens (need) reached max_prefill_tokens
    ChunkedPrefillSize, ///< sglang: this prefill's tokens (need) reached chunked_prefill_size
    Retracted, ///< sglang: retracted at `at` when decode ran out of KV; need = tokens to prefill again
};
std::string waitKindName(WaitKind kind);

/// A structured wait reason.
struct WaitReason {
    WaitKind kind = WaitKind::None;
    std::int64_t need = 0;
    std::int64_t limit = 0;
    std::uint64_t behind = 0; ///< request id for BehindRequest
    /// TokenBudget (S-LoRA): distinct adapters whose weights (rank·4 slots each) the limit leaves
    /// out: limit = max_total_token_num − their slots. MaxLoras (vLLM): adapters in the step's batch.
    /// 0 when unknown.
    std::uint32_t adapters = 0;
    /// MaxLoras, MaxLorasPerBatch: the first of those adapters (indices; kNoAdapter where there are fewer).
    std::array<std::uint32_t, 4> adapterIds { kNoAdapter, kNoAdapter, kNoAdapter, kNoAdapter };
    double at = 0; ///< Preempted, Retracted: when (the caller's clock)
    std::int64_t reserved = 0; ///< TokenPool (sglang): KV tokens reserved for the running and admitted requests' output
    double ratio = 0; ///< TokenPool (sglang): SGLang's new_token_ratio at the time
    bool operator==(const WaitReason&) const = default;
    /// e.g. "token_budget need 6100 >= limit 5744", "behind request 17".
    std::string describe() const;
};

enum class StepKind : std::uint8_t {
    Idle, ///< nothing ran (empty, or the queue head can never be admitted)
    Prefill, ///< prefill (S-LoRA: of a newly admitted batch; vLLM: prompt chunks only)
    Decode, ///< one decode step of the running batch
    Mixed, ///< vLLM: one forward pass over prefill chunks and decodes (CostModel::mixedSeconds)
};

/// Where an adapter's weights are. Loads come from the CPU (S-LoRA keeps every adapter in host
/// memory; vLLM's CPU LoRA cache) or from disk (vLLM: not in the CPU cache either).
enum class AdapterTier : std::uint8_t { Gpu, Cpu, Disk };
/// "gpu", "cpu", "disk".
std::string adapterTierName(AdapterTier tier);
std::string stepKindName(StepKind kind);

/// A request admitted in a step.
struct Admission {
    std::uint64_t id = 0;
    std::uint64_t number = 0; ///< 0, 1, 2, ... in admission order over the scheduler's life
    WaitReason wait; ///< why it waited before this admission
    std::uint32_t cachedTokens = 0; ///< prompt tokens found in the prefix cache when it was first scheduled
};

/// A request that left without finishing.
struct Drop {
    std::uint64_t id = 0;
    DropReason reason = DropReason::None;
    WaitReason wait; ///< why it was still waiting (None if it was running)
};

/// What one step() did.
struct StepResult {
    StepKind kind = StepKind::Idle;
    BatchShape shape; ///< of the forward pass (feed to stepSeconds)
    BatchShape prefillShape, decodeShape; ///< Mixed: the prefill chunks and the decodes (shape = both)
    std::vector<Admission> admitted; ///< scheduled for the first time this step, in admission order
    std::vector<Admission> resumed; ///< vllm: preempted earlier, scheduled again this step (wait = why it last waited)
    std::vector<std::uint64_t> firstTokens; ///< got their first token at the end of this step (their prefill completed)
    std::vector<std::uint64_t> tokens; ///< got one token this step (if reportTokens), incl. first tokens
    std::vector<std::uint64_t> finished; ///< got their last token this step and left
    std::vector<Drop> dropped; ///< aborted or timed out this step
    std::vector<std::uint64_t> preempted; ///< vllm: sent back to the front of the queue (recompute)
    std::int64_t kvNeed = 0; ///< S-LoRA: peak KV need of the running batch + adapter slots, after the step
    std::int64_t kvUsed = 0; ///< tokens held now (Σ input + generated) + adapter slots
    std::int64_t adapterSlots = 0; ///< of kvUsed, the resident adapters' weights (S-LoRA: 4·rank slots each)
    std::int64_t kvCapacity = 0; ///< max_total_token_num
    std::uint32_t runningRequests = 0; ///< after the step
    std::uint32_t queueLength = 0; ///< after the step
    std::uint32_t residentAdapters = 0; ///< after the step
    std::vector<std::uint32_t> loadedAdapters; ///< loaded onto the GPU before this forward pass
    std::vector<int> loadedRanks; ///< their ranks (for the load cost)
    std::vector<AdapterTier> loadedFrom; ///< where each came from (Cpu when empty: S-LoRA)
    std::vector<std::uint32_t>
        unloadedAdapters; ///< left the GPU (S-LoRA: offloaded after the pass; vLLM: slot evicted)
    std::vector<std::uint32_t> cpuEvicted; ///< vllm: left the CPU LoRA cache (their next use reads the disk)
    std::uint32_t cpuAdapters = 0; ///< vllm: adapters in the CPU LoRA cache after the step
    WaitReason blocked; ///< why the last admission attempt of this step stopped (None = no attempt/blocked)
    bool attempted = false; ///< an admission scan ran in this step
    /// Prefix cache: prompt tokens whose cached prefix was looked up this step and of them the tokens
    /// found cached. vllm (prefix caching on): num_tokens of each request looked up, every lookup,
    /// also one whose blocks then did not fit: vLLM's vllm:prefix_cache_queries / _hits (requests
    /// never preempted; vLLM counts resumed ones apart). sglang: the prompt tokens this step's
    /// prefill batch looked up (computed + found); SGLang's cache_hit_rate is hits / queries of a batch.
    std::uint64_t prefixQueries = 0, prefixHits = 0;
    /// vllm: the same for lookups of resumed (preempted) requests, which vLLM counts apart
    /// (PrefixCacheStats.preempted_queries / preempted_hits).
    std::uint64_t prefixPreemptedQueries = 0, prefixPreemptedHits = 0;

    /// Back to a default-constructed StepResult, keeping the vectors' capacity (for reuse). A new
    /// field must be reset here too.
    void clear()
    {
        kind = StepKind::Idle;
        shape = prefillShape = decodeShape = {};
        admitted.clear();
        resumed.clear();
        firstTokens.clear();
        tokens.clear();
        finished.clear();
        dropped.clear();
        preempted.clear();
        kvNeed = kvUsed = adapterSlots = kvCapacity = 0;
        runningRequests = queueLength = residentAdapters = 0;
        loadedAdapters.clear();
        loadedRanks.clear();
        loadedFrom.clear();
        unloadedAdapters.clear();
        cpuEvicted.clear();
        cpuAdapters = 0;
        blocked = {};
        attempted = false;
        prefixQueries = prefixHits = 0;
        prefixPreemptedQueries = prefixPreemptedHits = 0;
    }
};

/// The policy behind a Scheduler (internal seam: admission/policy.h).
class Policy;

/// A server's scheduler: queue + running batch, one forward pass per step().
class Scheduler {
public:
    explicit Scheduler(const SchedulerConfig& config);
    ~Scheduler();
    Scheduler(const Scheduler&) = delete;
    Scheduler& operator=(const Scheduler&) = delete;
    Scheduler(Scheduler&&) noexcept;
    Scheduler& operator=(Scheduler&&) noexcept;

    /// A request arrives now (its `arrival` is kept for the abort policy). Returns the rejection
    /// (None = queued). Request ids must be unique.
    RejectReason submit(const SimRequest& request);
    /// Client abort: a waiting request leaves at the next step, a running one after the next forward
    /// pass (as S-LoRA's router marks it and filters it after the pass). False if unknown/finished.
    bool abort(std::uint64_t id);
    /// No request waiting or running.
    bool idle() const;
    /// True when the queue is non-empty, nothing runs and the queue head can never be admitted.
    bool stalled() const;
    /// Performs one forward pass at time `now` (the caller's clock; used by slora-abort only).
    StepResult step(double now = 0.0);
    /// The same into `out` (cleared first; its vectors keep their capacity, which saves allocations
    /// when one StepResult is reused for every step).
    void step(double now, StepResult& out);
    /// Earliest time at which the abort policy would drop a waiting request (infinity if none).
    double nextTimeout() const;

    std::size_t queueLength() const;
    std::size_t runningRequests() const;
    /// Why a waiting (or admitted) request waited; None if unknown or never blocked.
    WaitReason waitReason(std::uint64_t id) const;
    const SchedulerConfig& config() const { return m_config; }

private:
    SchedulerConfig m_config;
    std::unique_ptr<Policy> m_policy;
};

/// Seconds one step takes under `model`: prefill, decode or mixed cost plus the load cost of the
/// adapters loaded for it (from the CPU or the disk). 0 for Idle.
double stepSeconds(const CostModel& model, const StepResult& step);

// ---------------------------------------------------------------------------------------------
// Offline simulation of a whole trace.

enum class ClockKind : std::uint8_t {
    Steps, ///< each forward pass = 1 tick; trace times are read as ticks; idle → jump to next arrival
    Model, ///< seconds from the cost model; trace times are seconds
};

struct SimulationConfig {
    SchedulerConfig scheduler;
    ClockKind clock = ClockKind::Steps;
    CostModel cost; ///< used with ClockKind::Model
    bool recordTimeline = true; ///< keep one StepRecord per forward pass
    /// Ranks per adapter index overriding Trace::adapters[i].rank (e.g. from --ranks); empty = trace's.
    std::vector<int> ranks;
};

/// One request's fate. Times are in the clock's unit; NaN where it never happened.
struct RequestRecord {
    std::uint64_t id = 0;
    double arrival = 0;
    double admitted = NAN;
    double firstToken = NAN;
    double finished = NAN;
    double droppedAt = NAN; ///< when the policy dropped it (or the client's abort took effect)
    std::uint32_t adapter = kNoAdapter;
    std::uint32_t inputLen = 0;
    std::uint32_t outputLen = 0;
    RejectReason rejected = RejectReason::None;
    DropReason dropped = DropReason::None;
    WaitReason wait; ///< why it (last) waited; `behind` is a trace request id (Trace::idOf)
    std::uint64_t admissionNumber = 0; ///< meaningful when admitted is not NaN
    std::uint32_t preemptions = 0; ///< vllm: times it was preempted (recompute)
    AdapterTier adapterLoad
        = AdapterTier::Gpu; ///< its adapter was loaded for its first pass from here (Gpu = already there)
    float adapterLoadSeconds = 0; ///< what that load cost on the model clock (0 on the step clock)
    std::uint32_t cachedTokens = 0; ///< prompt tokens the prefix cache held when it was first scheduled (vllm, sglang)
};

/// One forward pass.
struct StepRecord {
    double start = 0;
    double end = 0;
    StepKind kind = StepKind::Idle;
    std::uint32_t batchSize = 0; ///< requests in the forward pass
    std::uint32_t admitted = 0; ///< newly admitted (prefill)
    std::uint32_t finished = 0;
    std::uint32_t queueLength = 0; ///< after the step
    std::uint32_t residentAdapters = 0;
    std::uint16_t loaded = 0, unloaded = 0; ///< adapters loaded onto / evicted from the GPU
    std::uint16_t loadedFromDisk = 0; ///< of `loaded`, those read from disk (vllm: not in the CPU cache)
    std::uint16_t cpuEvicted = 0; ///< vllm: adapters dropped from the CPU LoRA cache
    std::uint16_t preempted = 0; ///< vllm: running requests preempted
    std::uint32_t cpuAdapters = 0; ///< vllm: adapters in the CPU LoRA cache after the step
    std::int64_t tokens = 0; ///< Σ new tokens
    std::int64_t kvNeed = 0;
    std::int64_t kvUsed = 0;
    std::int64_t adapterSlots = 0; ///< of kvUsed, adapter weights in the unified pool
    std::int64_t kvCapacity = 0;
    WaitKind blocked = WaitKind::None; ///< why the admission attempt of this step stopped
    std::int64_t cachedTokens = 0; ///< prompt tokens of the requests admitted this step found in the prefix cache
    std::int64_t prefixQueries = 0, prefixHits = 0; ///< vllm, sglang: StepResult's counters (tokens looked up, found)
    std::int64_t prefixPreemptedQueries = 0, prefixPreemptedHits = 0; ///< vllm: the same for resumed requests
};

/// mean / p50 / p90 / p99 of a latency over the requests that have it.
struct LatencyStats {
    std::uint64_t count = 0;
    double mean = NAN, p50 = NAN, p90 = NAN, p99 = NAN;
};

/// Aggregate figures (overall or one adapter).
struct SimulationSummary {
    std::uint64_t requests = 0, finished = 0, rejected = 0, dropped = 0, neverAdmitted = 0;
    LatencyStats wait, ttft, e2e;
    double makespan = 0; ///< first arrival to last finish
    double requestThroughput = 0; ///< finished / makespan
    double tokenThroughput = 0; ///< generated tokens / makespan
    double sloAttainment
        = NAN; ///< S-LoRA: share of all requests whose first token came < 6 s after arrival (model clock only; rejected and dropped ones miss)
    std::int64_t peakKvNeed = 0, peakKvUsed = 0, kvCapacity = 0;
    std::uint64_t steps = 0, prefillSteps = 0, decodeSteps = 0, mixedSteps = 0, adapterLoads = 0, adapterUnloads = 0;
    std::uint64_t adapterDiskLoads = 0; ///< of adapterLoads, those read from disk (vllm)
    std::uint64_t preemptions = 0; ///< vllm
    /// Prompt tokens of the admitted requests, and of them those found in the prefix cache (vllm,
    /// sglang): cachedTokens / promptTokens is the hit share the server's counters would show.
    std::uint64_t promptTokens = 0, cachedTokens = 0;
    double cacheHitShare() const { return promptTokens > 0 ? double(cachedTokens) / double(promptTokens) : 0.0; }
};

struct AdapterSummary {
    std::uint32_t adapter = kNoAdapter;
    std::string name;
    int rank = 0;
    SimulationSummary summary; ///< KV and step fields stay 0
};

struct SimulationResult {
    ClockKind clock = ClockKind::Steps;
    std::vector<RequestRecord> requests; ///< in trace order
    std::vector<StepRecord> timeline;
    SimulationSummary summary;
    std::vector<AdapterSummary> perAdapter; ///< adapters with at least one request
    std::string unit() const { return clock == ClockKind::Steps ? "steps" : "s"; }
};

/// Sees every forward pass of simulate() as it happens (the record the timeline would keep), so a
/// caller can bin millions of passes without keeping one record each (analyzeAdmission does).
using StepObserver = std::function<void(const StepRecord&)>;

/// Runs the whole trace. Throws Cancelled if the sink's cancel flag is set. `observer` (optional)
/// is called once per forward pass, in order, whether or not config.recordTimeline is set.
SimulationResult simulate(const Trace& trace, const SimulationConfig& config, const ProgressSink& progress = {},
    const StepObserver& observer = {});

/// The records simulate() starts from: one per trace request with id, arrival, adapter and lengths.
/// Throws InputError for an adapter index the trace does not have or a trace not sorted by time.
std::vector<RequestRecord> prepareRecords(const Trace& trace);
/// Rank of each adapter index: `overrides[a]` where given (> 0), else the trace's.
std::vector<int> adapterRanks(const Trace& trace, const std::vector<int>& overrides);
/// Rewrites `behind` of BehindRequest waits from trace indices to the trace's request ids.
void mapBehindToTraceIds(std::vector<RequestRecord>& records, const Trace& trace);
/// Copies the pass and adapter counters and the KV peaks (not the latency fields) of `from`.
void copyCounters(const SimulationSummary& from, SimulationSummary& to);

/// Summary statistics of finished records (exposed for tests and per-adapter views).
SimulationSummary summarize(const std::vector<RequestRecord>& records, ClockKind clock);

} // namespace lorascope
