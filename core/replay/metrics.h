// SPDX-License-Identifier: Apache-2.0
#pragma once
// Per-request replay records and the metrics computed from them (formulas in docs/replay.md).

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lorascope {

inline constexpr double kNoTime = std::numeric_limits<double>::quiet_NaN();

/// How a request ended. Every request of a replayed trace ends in exactly one of these.
enum class Outcome { Completed, Failed, Cancelled };

/// Name of an outcome ("completed", "failed", "cancelled").
const char* outcomeName(Outcome outcome);

/// Everything measured for one request. Times are seconds since the run's start (steady clock);
/// NaN = did not happen.
struct ReplayRecord {
    std::uint64_t index = 0; ///< position in the trace
    std::uint64_t id = 0; ///< the trace's request id
    std::string adapter; ///< adapter name, empty = base model
    std::uint32_t inputLen = 0;
    std::uint32_t outputLen = 0; ///< requested max_new_tokens
    /// When the schedule says to send it. For a later turn of a session, its actual dependency: the
    /// previous turn's end + think time × time scale (NaN until that turn ended).
    double scheduled = kNoTime;
    double designed = kNoTime; ///< the trace's own time for it (= scheduled outside sessions)
    double dispatched = kNoTime; ///< when the client's timer fired for it
    double sent = kNoTime; ///< when the HTTP request started (after any concurrency-slot wait)
    double firstByte = kNoTime; ///< first byte of the response body
    double end = kNoTime; ///< stream end, error or cancellation
    std::vector<double> tokenTimes; ///< time of every event that carried tokens
    int httpStatus = 0;
    Outcome outcome = Outcome::Cancelled;
    std::string errorKind; ///< short machine name: connect, http_status, disconnect, timeout, ...
    std::string error; ///< human-readable reason
    std::uint64_t tokens = 0; ///< tokens counted from the stream
    std::int64_t reportedOutputTokens = -1; ///< as reported by the server, -1 = not reported
    std::int64_t reportedInputTokens = -1;
    /// Prompt tokens the server served from its prefix cache (OpenAI/vLLM usage.prompt_tokens_details.cached_tokens,
    /// SGLang meta_info.cached_tokens), -1 = not reported.
    std::int64_t reportedCachedTokens = -1;
    std::uint64_t session = ~std::uint64_t(0); ///< session id, all ones = none
    std::uint32_t turn = 0; ///< turn in the session (1-based), 0 = none
    std::int64_t parent = -1; ///< trace index of the previous turn, -1 = none
    bool inWindow = true; ///< false when trimmed as warm-up or cool-down
    /// Times the request was sent: 2 when the server closed a kept-alive connection without
    /// answering it and it was sent again on a new one (the server may have seen it twice).
    std::uint32_t attempts = 1;

    double lateness() const { return sent - scheduled; }
    double queueTime() const { return sent - dispatched; }
    double ttft() const { return tokenTimes.empty() ? kNoTime : tokenTimes.front() - sent; }
    double e2el() const { return end - sent; }
    /// TTFT from the *scheduled* send time (coordinated omission: includes the client's lateness).
    double effectiveTtft() const { return tokenTimes.empty() ? kNoTime : tokenTimes.front() - scheduled; }
    /// E2E latency from the scheduled send time.
    double effectiveE2el() const { return end - scheduled; }
    /// Output tokens: what the server reported if it did, else what was counted.
    std::uint64_t outputTokens() const
    {
        return reportedOutputTokens >= 0 ? std::uint64_t(reportedOutputTokens) : tokens;
    }
    /// (E2E − TTFT) / (out − 1); NaN when out ≤ 1.
    double tpot() const;
};

/// No time of a record (seconds on the run clock, or on a merged run's axis) lies beyond ±1e9 s
/// (31 years): a larger one is not a measurement (a unit mistake, an edited file).
inline constexpr double kMaxRecordSeconds = 1e9;

/// One JSON line of requests.jsonl.
nlohmann::json recordToJson(const ReplayRecord& record);
/// Reads a line written by recordToJson back and checks it (checkRecord). Throws InputError naming
/// the field ("outcome: unknown value \"exploded\"", "end_s: 1.2 is before sent_s 1.5") for a
/// missing or mistyped field, an unknown outcome or an inconsistent record; the caller adds the
/// file and line. The one reader of records: merge, calibrate, validate and the GUI all use it.
ReplayRecord recordFromJson(const nlohmann::json& j);
/// Throws InputError naming the field when a record cannot be a measurement: a time that is not
/// finite or beyond ±kMaxRecordSeconds, events out of order (dispatched before scheduled, sent
/// before dispatched, first byte or end before sent, token times before sent, going backwards or
/// after the end), a completed request without its send and end times, a token count or status
/// out of range. Tolerates 1 µs (the token times are written rounded to µs).
void checkRecord(const ReplayRecord& record);

/// A completed request's prompt tokens as the server counted them "differ" from the trace's input
/// length when they are off by more than this share and more than kPromptTokenSlack tokens (a BOS
/// token and a few special tokens are not worth a warning).
inline constexpr double kPromptTokenTolerance = 0.05;
inline constexpr std::uint64_t kPromptTokenSlack = 4;

/// User service-level objectives for goodput; unset ones do not constrain.
struct Slo {
    std::optional<double> ttftMs;
    std::optional<double> tpotMs;
    std::optional<double> e2elMs;
    bool any() const { return ttftMs || tpotMs || e2elMs; }
};

/// Options of the summary.
struct SummaryOptions {
    Slo slo;
    double sloraTtftSeconds = 6.0; ///< S-LoRA's response-time bound for attainment and reward
    std::string backend; ///< the backend's name, for output_token_mismatch ("" = "unknown")
};

/// Mean, median, p90, p99, min, max and std of a sample; NaN for an empty sample.
struct Distribution {
    double mean = kNoTime, median = kNoTime, p90 = kNoTime, p99 = kNoTime, min = kNoTime, max = kNoTime,
           stddev = kNoTime;
    std::size_t count = 0;
};
/// Computes a Distribution (percentiles by linear interpolation, as NumPy).
Distribution distributionOf(std::vector<double> values);

/// The summary: vLLM `bench serve` keys where meanings match (completed, failed,
/// request_throughput, output_throughput, total_token_throughput, mean/median/std/p90/p99 of
/// ttft_ms, tpot_ms, itl_ms, e2el_ms, request_goodput), plus cancelled, errors by kind, lateness,
/// effective TTFT/E2E (from the scheduled time), S-LoRA attainment and reward, completed requests
/// whose output token count differs from the requested one (`output_token_mismatch`, by backend)
/// and whose server-counted prompt tokens differ from the trace's input length
/// (`prompt_token_mismatch`), each with a line in `warnings`, the prefix cache's hit share as the
/// server reported it (`prefix_cache`, also per adapter), and the same metrics per adapter. Only
/// in-window records count.
nlohmann::json summarizeReplay(const std::vector<ReplayRecord>& records, const SummaryOptions& options);

/// S-LoRA's reward for one response time t: 1 − (t/ub)² when t < ub, else 0.
double sloraReward(double seconds, double bound = 6.0);

} // namespace lorascope
