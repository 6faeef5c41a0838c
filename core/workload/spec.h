// SPDX-License-Identifier: Apache-2.0
#pragma once
// The workload specification (docs/workload.md): every parameter a synthetic multi-adapter workload has,
// its JSON form (versioned) and its validation. Plain data; generators read it, the UI edits it.

#include "workload/limits.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lorascope {

inline constexpr int kSpecSchemaVersion = 1;

/// Most adapters a workload may have (`adapters.count`, imports, assignment, rescaling). At this
/// size generating, reading and charting stay interactive (about a second and 70 MB for a trace
/// header listing them all, measured; docs/workload.md); S-LoRA's largest experiments use 2,000.
inline constexpr std::uint32_t kMaxAdapters = 100'000;
/// Range of the arrival cv. Below 0.001 the Gamma shape 1/cv² (10⁶) stops being representable in
/// practice (cv 1e-155 gives an infinite shape, 1e-300 a NaN time); use arrival kind "constant".
inline constexpr double kMinArrivalCv = 1e-3;
inline constexpr double kMaxArrivalCv = 100.0;

/// Most on/off periods an on-off arrival process may expect over its duration (2·T / (meanOn +
/// meanOff)). The rate profile keeps one segment a period (32 bytes): a million stay interactive,
/// and a period below T / 500,000 (0.6 ms of a 300 s trace) is far below what a server or a replay
/// resolves. Shorter periods (1e-6 s gave 3·10^8 periods, 19 GB) are refused naming the fields.
inline constexpr double kMaxOnOffPeriods = 1e6;
/// Most points of a rate schedule (each is a segment of the rate profile).
inline constexpr std::size_t kMaxSchedulePoints = 1'000'000;
/// Most entries of all power-law and empirical length tables of a spec together (input, output
/// and the groups' own; 8 bytes each): one table may span 10^7 lengths, a thousand groups with
/// their own such table would need 80 GB.
inline constexpr double kMaxLengthTableEntries = 4e7;

enum class GeneratorKind { PerAdapter, Slora };
enum class PopularityKind { Power, Zipf, Uniform, Weights, Distinct, UniformGroups, Identical };
enum class ArrivalKind { Gamma, Poisson, Constant, OnOff, Schedule };
enum class LengthKind { Uniform, PowerLaw, LogNormal, Normal, Constant, Empirical };

/// A token-length distribution. Every kind is confined to the integer range [lo, hi) — hi is
/// exclusive, as S-LoRA's `randint(lo, hi)`; the other kinds are truncated to that range.
struct LengthSpec {
    LengthKind kind = LengthKind::Uniform;
    std::int64_t lo = 8;
    std::int64_t hi = 512;
    double beta = 1.5; ///< power law: P(x) ∝ x^−beta
    double mu = 5.0; ///< log-normal: mean of ln(x)
    double sigma = 0.8; ///< log-normal: std of ln(x)
    double mean = 256.0; ///< normal
    double stddev = 96.0; ///< normal
    std::int64_t value = 128; ///< constant
    std::vector<std::pair<std::int64_t, double>> empirical; ///< (length, weight) pairs

    bool operator==(const LengthSpec&) const = default;
};

/// How the total rate is shared among adapters (docs/workload.md, Popularity).
struct PopularitySpec {
    PopularityKind kind = PopularityKind::Power;
    double alpha = 1.0; ///< power: λᵢ = R·(((i+1)/n)^α − (i/n)^α)
    double zipfS = 1.0; ///< zipf: λᵢ ∝ (i+1)^−s
    std::vector<double> weights; ///< weights: λᵢ ∝ wᵢ (n entries)

    bool operator==(const PopularitySpec&) const = default;
};

/// Two-state on/off modulation of the total rate (rates in requests/s, durations in s).
struct OnOffSpec {
    double onRate = 8.0;
    double offRate = 0.5;
    double meanOn = 10.0;
    double meanOff = 30.0;
    bool operator==(const OnOffSpec&) const = default;
};

/// One point of a piecewise-linear total-rate schedule.
struct SchedulePoint {
    double time = 0.0;
    double rate = 0.0;
    bool operator==(const SchedulePoint&) const = default;
};

/// The arrival process: a renewal process of CV `cv` run on the clock of the rate profile.
struct ArrivalSpec {
    ArrivalKind kind = ArrivalKind::Gamma;
    double cv = 1.0; ///< CV of inter-arrival gaps (gamma, on-off and schedule kinds)
    OnOffSpec onOff;
    std::vector<SchedulePoint> schedule;
    bool operator==(const ArrivalSpec&) const = default;
};

/// Per-adapter overrides for adapters [first, first + count).
struct AdapterGroup {
    std::uint32_t first = 0;
    std::uint32_t count = 1;
    std::optional<double> cv;
    std::optional<LengthSpec> input;
    std::optional<LengthSpec> output;
    bool operator==(const AdapterGroup&) const = default;
};

/// Adapter names as in S-LoRA's scripts: adapter k is `names[k % L] + "-" + (k / L)`.
struct AdapterNaming {
    std::vector<std::string> names { "adapter" };
    std::vector<int> ranks; ///< rank per entry of `names`; empty = read `rank-(\d+)` from the name
    int defaultRank = 16; ///< when neither gives a rank
    std::string baseModel = "huggyllama/llama-7b";
    bool operator==(const AdapterNaming&) const = default;
};

/// A duration distribution in seconds (think time between turns).
enum class DurationKind { Constant, Exponential, Uniform, LogNormal };
struct DurationSpec {
    DurationKind kind = DurationKind::Exponential;
    double mean = 10.0; ///< constant, exponential, log-normal: the mean in seconds
    double sigma = 1.0; ///< log-normal: standard deviation of ln(x) (μ = ln(mean) − σ²/2)
    double lo = 2.0, hi = 20.0; ///< uniform on [lo, hi) seconds
    bool operator==(const DurationSpec&) const = default;
};

/// What the generator assumes a turn takes on the server, to place the next turn on the designed
/// timeline: firstTokenSeconds + outputLen × perOutputTokenSeconds (docs/workload.md, "Designed
/// time"). Replay does not use it: it sends the next turn a think time after the answer ended.
struct ServiceEstimate {
    double firstTokenSeconds = 0.25;
    double perOutputTokenSeconds = 0.03;
    bool operator==(const ServiceEstimate&) const = default;
};

/// Multi-turn sessions (docs/workload.md, "Sessions and shared prefixes"). Sessions start by the
/// arrival process (per adapter) at R / E[turns]; each turn's prompt is the whole history so far
/// (earlier prompts and answers) plus a new message drawn from `input`; answers from `output`.
struct SessionSpec {
    bool enabled = false;
    /// Turns per session, an integer distribution on [lo, hi) (the LengthSpec kinds).
    LengthSpec turns = [] {
        LengthSpec l;
        l.lo = 1;
        l.hi = 9;
        return l;
    }();
    DurationSpec think; ///< user think time between the end of an answer and the next question
    ServiceEstimate service;
    /// 0 = none; else a session ends before a turn whose input + output would exceed this many tokens.
    std::int64_t maxContextTokens = 0;
    bool operator==(const SessionSpec&) const = default;
};

/// One prefix group (GuideLLM's prefix bucket): `count` distinct prefixes of `tokens` tokens; a
/// request (or a session's first turn) picks a group by `weight` and one of its prefixes uniformly.
struct PrefixGroupSpec {
    std::uint32_t count = 1;
    std::int64_t tokens = 512;
    double weight = 1.0;
    bool operator==(const PrefixGroupSpec&) const = default;
};

/// Shared prompt prefixes, added in front of each request's own text (or a session's first turn).
struct PrefixSpec {
    std::int64_t systemTokens = 0; ///< per adapter: a system prompt of this length, shared by all its requests
    std::vector<PrefixGroupSpec> groups; ///< the same prefixes for every adapter (a cache keeps them per adapter)
    bool any() const { return systemTokens > 0 || !groups.empty(); }
    bool operator==(const PrefixSpec&) const = default;
};

/// A tier of adapters (docs/workload.md, "Tiers"): a class of adapters with its own share of the
/// traffic, SLO and priority. Its adapters are named, or a range of popularity ranks, or the top k
/// (exactly one of the three); an adapter belongs to the first tier that names it.
struct TierSpec {
    std::string name;
    std::vector<std::string> adapters; ///< by name
    std::int64_t rankFrom = -1, rankTo = -1; ///< popularity ranks [from, to) (0 = the most popular); -1 = unused
    std::int64_t top = 0; ///< the k most popular adapters; 0 = unused
    double share = -1; ///< of the total rate, in (0, 1]; < 0 = what the popularity gives its adapters
    std::int32_t priority = 0; ///< the servers' priority (vLLM: lower is served first)
    double ttftSlo = 0, tpotSlo = 0, e2eSlo = 0; ///< seconds; 0 = no objective on that latency
    double attainment = 0.9; ///< share of its requests that must meet the objectives
    bool operator==(const TierSpec&) const = default;
};

/// Everything that defines a synthetic workload.
struct WorkloadSpec {
    GeneratorKind generator = GeneratorKind::PerAdapter;
    std::string preset; ///< informational: the preset or scenario this spec came from
    std::uint32_t adapterCount = 200; ///< n (0 = base model only)
    double rate = 2.0; ///< R, requests/s over all adapters
    double duration = 300.0; ///< seconds
    std::uint64_t seed = 42;
    PopularitySpec popularity;
    ArrivalSpec arrival;
    LengthSpec input;
    LengthSpec output;
    std::vector<AdapterGroup> groups;
    AdapterNaming naming;
    // The server's limits are not part of the workload: they live in SchedulerConfig
    // (admission/schedulerconfig.h). Spec files of earlier versions carried them ("limits"); see
    // specFileLimits().
    SessionSpec sessions;
    PrefixSpec prefix;
    std::vector<TierSpec> tiers; ///< adapter tiers; empty = none

    bool operator==(const WorkloadSpec&) const = default;
};

/// One validation problem: the field path (e.g. "arrival.cv") and a complete message.
struct SpecIssue {
    std::string field;
    std::string message;
};

/// All problems of a spec (empty = valid). Messages name field and value: "arrival.cv must be > 0 (got -1)".
std::vector<SpecIssue> validate(const WorkloadSpec& spec);
/// Throws InputError with the first problem (naming `file` if given).
void validateOrThrow(const WorkloadSpec& spec, const std::string& file = {});

nlohmann::json toJson(const WorkloadSpec& spec);
nlohmann::json toJson(const LengthSpec& spec);
nlohmann::json toJson(const ServerLimits& limits);
/// Reads a spec; missing fields take their defaults, unknown fields and wrong types are errors
/// naming the field path. Does not validate ranges (call validate()).
WorkloadSpec specFromJson(const nlohmann::json& json, const std::string& file = {});
LengthSpec lengthSpecFromJson(const nlohmann::json& json, const std::string& path, const std::string& file = {});
ServerLimits limitsFromJson(const nlohmann::json& json, const std::string& path, const std::string& file = {});
/// The "limits" member of a spec object written by an earlier LoraScope (when specs still carried
/// the server's limits), for readers that move them into the server's configuration (sessions);
/// nullopt when there is none. specFromJson() accepts and skips the member.
std::optional<ServerLimits> specFileLimits(const nlohmann::json& spec, const std::string& file = {});

/// Reads and validates a spec file (JSON). A session file (with a "spec" member) is accepted too.
WorkloadSpec loadSpecFile(const std::string& path);
/// Writes a spec file atomically.
void saveSpecFile(const WorkloadSpec& spec, const std::string& path);

const char* toString(GeneratorKind kind);
const char* toString(PopularityKind kind);
const char* toString(ArrivalKind kind);
const char* toString(LengthKind kind);
const char* toString(DurationKind kind);
std::optional<GeneratorKind> generatorKindFromString(const std::string& text);
std::optional<PopularityKind> popularityKindFromString(const std::string& text);
std::optional<ArrivalKind> arrivalKindFromString(const std::string& text);
std::optional<LengthKind> lengthKindFromString(const std::string& text);
std::optional<DurationKind> durationKindFromString(const std::string& text);

} // namespace lorascope
