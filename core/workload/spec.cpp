// SPDX-License-Identifier: Apache-2.0
#include "workload/spec.h"
#include "workload/bounds.h"

#include "util/atomicfile.h"
#include "util/error.h"
#include "util/jsonread.h"
#include "workload/generator.h"
#include "workload/presets.h"
#include "workload/sessionspec.h"
#include "workload/tierspec.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace lorascope {

using nlohmann::json;

namespace {

template <typename Enum, std::size_t N>
struct EnumNames {
    std::pair<Enum, const char*> items[N];
    const char* name(Enum e) const
    {
        for (const auto& [k, v] : items)
            if (k == e)
                return v;
        return "?";
    }
    std::optional<Enum> parse(const std::string& text) const
    {
        for (const auto& [k, v] : items)
            if (text == v)
                return k;
        return std::nullopt;
    }
    std::string list() const
    {
        std::string out;
        for (const auto& [k, v] : items)
            out += (out.empty() ? "" : ", ") + std::string(v);
        return out;
    }
};

constexpr EnumNames<GeneratorKind, 2> kGenerators { { { GeneratorKind::PerAdapter, "per-adapter" },
    { GeneratorKind::Slora, "slora" } } };
constexpr EnumNames<PopularityKind, 7> kPopularities { { { PopularityKind::Power, "power" },
    { PopularityKind::Zipf, "zipf" }, { PopularityKind::Uniform, "uniform" }, { PopularityKind::Weights, "weights" },
    { PopularityKind::Distinct, "distinct" }, { PopularityKind::UniformGroups, "uniform-groups" },
    { PopularityKind::Identical, "identical" } } };
constexpr EnumNames<ArrivalKind, 5> kArrivals { { { ArrivalKind::Gamma, "gamma" }, { ArrivalKind::Poisson, "poisson" },
    { ArrivalKind::Constant, "constant" }, { ArrivalKind::OnOff, "on-off" }, { ArrivalKind::Schedule, "schedule" } } };
constexpr EnumNames<LengthKind, 6> kLengths { { { LengthKind::Uniform, "uniform" },
    { LengthKind::PowerLaw, "power-law" }, { LengthKind::LogNormal, "log-normal" }, { LengthKind::Normal, "normal" },
    { LengthKind::Constant, "constant" }, { LengthKind::Empirical, "empirical" } } };

template <typename Names>
auto readEnum(JsonObjectReader& r, const char* key, const Names& names, decltype(names.items[0].first) fallback)
{
    if (!r.has(key))
        return fallback;
    const std::string text = r.string(key, "");
    auto v = names.parse(text);
    if (!v)
        r.fail(r.pathOf(key), "unknown value \"" + textExcerpt(text) + "\" (expected one of: " + names.list() + ")");
    return *v;
}

std::string num(double v)
{
    return formatNumber(v);
}

} // namespace

const char* toString(GeneratorKind kind)
{
    return kGenerators.name(kind);
}
const char* toString(PopularityKind kind)
{
    return kPopularities.name(kind);
}
const char* toString(ArrivalKind kind)
{
    return kArrivals.name(kind);
}
const char* toString(LengthKind kind)
{
    return kLengths.name(kind);
}
std::optional<GeneratorKind> generatorKindFromString(const std::string& t)
{
    return kGenerators.parse(t);
}
std::optional<PopularityKind> popularityKindFromString(const std::string& t)
{
    return kPopularities.parse(t);
}
std::optional<ArrivalKind> arrivalKindFromString(const std::string& t)
{
    return kArrivals.parse(t);
}
std::optional<LengthKind> lengthKindFromString(const std::string& t)
{
    return kLengths.parse(t);
}

// ---------------------------------------------------------------------------------------------
// Validation

namespace {

void validateLength(const LengthSpec& l, const std::string& path, std::vector<SpecIssue>& out)
{
    auto add = [&](const std::string& field, const std::string& msg) {
        out.push_back({ path + '.' + field, path + '.' + field + ' ' + msg });
    };
    if (l.lo < 1)
        add("lo", "must be >= 1 (got " + std::to_string(l.lo) + ")");
    if (l.hi <= l.lo)
        add("hi",
            "must be > " + path + ".lo (got hi " + std::to_string(l.hi) + ", lo " + std::to_string(l.lo)
                + "); the range is [lo, hi)");
    if (l.hi > std::int64_t { kMaxTokenLength } + 1)
        add("hi",
            "must be <= " + std::to_string(kMaxTokenLength + 1) + " (the range is [lo, hi) and a request has at most "
                + std::to_string(kMaxTokenLength) + " tokens) (got " + std::to_string(l.hi) + ")");
    if ((l.kind == LengthKind::Empirical) && l.hi - l.lo > 10'000'000)
        add("hi", "empirical range hi - lo must be <= 10000000 (got " + std::to_string(l.hi - l.lo) + ")");
    switch (l.kind) {
    case LengthKind::Uniform:
        break;
    case LengthKind::PowerLaw:
        if (!std::isfinite(l.beta) || l.beta <= 0)
            add("beta", "must be > 0 (got " + num(l.beta) + ")");
        if (l.hi - l.lo > 10'000'000)
            add("hi", "power law range hi - lo must be <= 10000000 (got " + std::to_string(l.hi - l.lo) + ")");
        break;
    case LengthKind::LogNormal:
        if (!std::isfinite(l.mu))
            add("mu", "must be finite (got " + num(l.mu) + ")");
        if (!std::isfinite(l.sigma) || l.sigma <= 0)
            add("sigma", "must be > 0 (got " + num(l.sigma) + ")");
        break;
    case LengthKind::Normal:
        if (!std::isfinite(l.mean))
            add("mean", "must be finite (got " + num(l.mean) + ")");
        if (!std::isfinite(l.stddev) || l.stddev <= 0)
            add("stddev", "must be > 0 (got " + num(l.stddev) + ")");
        break;
    case LengthKind::Constant:
        if (l.value < l.lo || l.value >= l.hi)
            add("value",
                "must lie in [lo, hi) = [" + std::to_string(l.lo) + ", " + std::to_string(l.hi) + ") (got "
                    + std::to_string(l.value) + ")");
        break;
    case LengthKind::Empirical: {
        if (l.empirical.empty())
            add("empirical", "must list at least one (length, weight) pair");
        if (l.empirical.size() > 10'000'000)
            add("empirical",
                "has " + std::to_string(l.empirical.size()) + " pairs; at most 10000000 (one per length of the range)");
        double total = 0;
        for (std::size_t i = 0; i < l.empirical.size() && l.empirical.size() <= 10'000'000; ++i) {
            const auto& [len, w] = l.empirical[i];
            if (len < l.lo || len >= l.hi)
                add("empirical[" + std::to_string(i) + "]",
                    "length must lie in [lo, hi) (got " + std::to_string(len) + ")");
            if (!std::isfinite(w) || w < 0)
                add("empirical[" + std::to_string(i) + "]", "weight must be >= 0 (got " + num(w) + ")");
            else
                total += w;
        }
        if (!l.empirical.empty() && l.empirical.size() <= 10'000'000 && total <= 0)
            add("empirical", "weights must not all be zero");
        break;
    }
    }
    if (l.kind == LengthKind::LogNormal || l.kind == LengthKind::Normal) {
        // A truncation window with (numerically) no mass cannot be sampled.
        // Checked loosely here; the sampler reports it precisely if it happens.
    }
}

/// Appends "<field> <message>" issues (the form validate() returns).
struct IssueList {
    std::vector<SpecIssue>& out;
    void operator()(const std::string& field, const std::string& msg) const
    {
        out.push_back({ field, field + ' ' + msg });
    }
};

/// How the rate is shared among adapters.
void validatePopularity(const WorkloadSpec& s, std::vector<SpecIssue>& out)
{
    const IssueList add { out };
    const bool slora = s.generator == GeneratorKind::Slora;
    const auto& p = s.popularity;
    if (slora && p.kind != PopularityKind::Power)
        add("popularity.kind",
            "must be \"power\" for the slora generator (got \"" + std::string(toString(p.kind)) + "\")");
    switch (p.kind) {
    case PopularityKind::Power:
        if (!std::isfinite(p.alpha) || p.alpha <= 0)
            add("popularity.alpha", "must be > 0 (got " + num(p.alpha) + ")");
        break;
    case PopularityKind::Zipf:
        if (!std::isfinite(p.zipfS) || p.zipfS < 0)
            add("popularity.zipfS", "must be >= 0 (got " + num(p.zipfS) + ")");
        break;
    case PopularityKind::Weights: {
        if (p.weights.size() != s.adapterCount)
            add("popularity.weights",
                "must have one weight per adapter: " + std::to_string(s.adapterCount) + " (got "
                    + std::to_string(p.weights.size()) + ")");
        double total = 0;
        for (std::size_t i = 0; i < p.weights.size() && p.weights.size() == s.adapterCount; ++i) {
            if (!std::isfinite(p.weights[i]) || p.weights[i] < 0)
                add("popularity.weights[" + std::to_string(i) + "]", "must be >= 0 (got " + num(p.weights[i]) + ")");
            else
                total += p.weights[i];
        }
        if (!p.weights.empty() && p.weights.size() == s.adapterCount && total <= 0)
            add("popularity.weights", "must not all be zero");
        break;
    }
    default:
        break;
    }
}

/// The arrival process, with the bounds that keep its rate profile's time and memory in check
/// (on/off periods, schedule points).
void validateArrival(const WorkloadSpec& s, std::vector<SpecIssue>& out)
{
    const IssueList add { out };
    const bool slora = s.generator == GeneratorKind::Slora;
    const auto& a = s.arrival;
    if (slora && a.kind != ArrivalKind::Gamma && a.kind != ArrivalKind::Poisson)
        add("arrival.kind",
            "must be \"gamma\" or \"poisson\" for the slora generator (got \"" + std::string(toString(a.kind)) + "\")");
    if (a.kind != ArrivalKind::Constant && a.kind != ArrivalKind::Poisson) {
        if (!std::isfinite(a.cv) || a.cv < kMinArrivalCv || a.cv > kMaxArrivalCv)
            add("arrival.cv",
                "must be between " + num(kMinArrivalCv) + " and " + num(kMaxArrivalCv) + " (got " + num(a.cv)
                    + "); for evenly spaced arrivals use arrival kind \"constant\"");
    }
    if (a.kind == ArrivalKind::OnOff) {
        const auto& o = a.onOff;
        if (!std::isfinite(o.onRate) || o.onRate < 0)
            add("arrival.onOff.onRate", "must be >= 0 (got " + num(o.onRate) + ")");
        if (!std::isfinite(o.offRate) || o.offRate < 0)
            add("arrival.onOff.offRate", "must be >= 0 (got " + num(o.offRate) + ")");
        if (o.onRate + o.offRate <= 0)
            add("arrival.onOff.onRate", "and offRate must not both be 0");
        // As for rate × duration: a trace of more than 2e9 requests cannot be held.
        if (std::isfinite(s.duration) && std::max(o.onRate, o.offRate) * s.duration > 2e9)
            add(o.onRate >= o.offRate ? "arrival.onOff.onRate" : "arrival.onOff.offRate",
                "× duration must be <= 2e9 requests (got " + num(std::max(o.onRate, o.offRate) * s.duration) + ")");
        if (!std::isfinite(o.meanOn) || o.meanOn <= 0)
            add("arrival.onOff.meanOn", "must be > 0 (got " + num(o.meanOn) + ")");
        if (!std::isfinite(o.meanOff) || o.meanOff <= 0)
            add("arrival.onOff.meanOff", "must be > 0 (got " + num(o.meanOff) + ")");
        // Time and memory of the rate profile follow the number of periods: bounded here.
        const double cycle = o.meanOn + o.meanOff;
        if (std::isfinite(o.meanOn) && o.meanOn > 0 && std::isfinite(o.meanOff) && o.meanOff > 0
            && std::isfinite(s.duration) && s.duration > 0
            && 2.0 * s.duration / cycle
                > kMaxOnOffPeriods * (1 + 1e-12)) // the edge itself, give or take rounding, is allowed
            add(o.meanOn <= o.meanOff ? "arrival.onOff.meanOn" : "arrival.onOff.meanOff",
                "and meanOff (" + num(o.meanOn) + " s and " + num(o.meanOff) + " s) give about "
                    + num(std::round(2.0 * s.duration / cycle)) + " on/off periods in " + num(s.duration)
                    + " s; at most " + num(kMaxOnOffPeriods) + " are modelled: meanOn + meanOff must be at least "
                    + num(2.0 * s.duration / kMaxOnOffPeriods)
                    + " s for this duration (periods that short average out to the mean rate; "
                      "use arrival kind \"poisson\" or \"gamma\" at rate (onRate·meanOn + offRate·meanOff) / (meanOn + "
                      "meanOff))");
    }
    if (a.kind == ArrivalKind::Schedule) {
        if (a.schedule.empty())
            add("arrival.schedule", "must have at least one point (time, rate)");
        if (a.schedule.size() > kMaxSchedulePoints)
            add("arrival.schedule",
                "has " + std::to_string(a.schedule.size()) + " points; at most " + std::to_string(kMaxSchedulePoints)
                    + " are modelled (a schedule is a rate curve, not a list of arrivals: for given arrival times "
                      "import them as a trace)");
        double area = 0;
        for (std::size_t i = 0; i < a.schedule.size() && a.schedule.size() <= kMaxSchedulePoints; ++i) {
            const auto& pt = a.schedule[i];
            const std::string f = "arrival.schedule[" + std::to_string(i) + "]";
            if (!std::isfinite(pt.time) || pt.time < 0)
                add(f + ".time", "must be >= 0 (got " + num(pt.time) + ")");
            if (i > 0 && !(pt.time > a.schedule[i - 1].time))
                add(f + ".time", "must be greater than the previous point's time (got " + num(pt.time) + ")");
            if (!std::isfinite(pt.rate) || pt.rate < 0)
                add(f + ".rate", "must be >= 0 (got " + num(pt.rate) + ")");
            area += pt.rate;
        }
        if (!a.schedule.empty() && a.schedule.size() <= kMaxSchedulePoints && area <= 0)
            add("arrival.schedule", "rates must not all be 0");
        double peak = 0;
        for (const auto& pt : a.schedule)
            peak = std::max(peak, pt.rate);
        if (std::isfinite(s.duration) && peak * s.duration > 2e9)
            add("arrival.schedule",
                "peak rate × duration must be <= 2e9 requests (got " + num(peak * s.duration) + ")");
    }
}

} // namespace

std::vector<SpecIssue> validate(const WorkloadSpec& s)
{
    std::vector<SpecIssue> out;
    auto add = [&](const std::string& field, const std::string& msg) { out.push_back({ field, field + ' ' + msg }); };
    const bool slora = s.generator == GeneratorKind::Slora;

    // "preset" records which preset or S-LoRA suite a spec came from (informational): a name
    // LoraScope does not know ("S99") is a typo or a wrong expectation that it would be applied.
    if (!s.preset.empty() && !isPresetName(s.preset)) {
        std::string known;
        for (const auto& p : presets())
            known += (known.empty() ? "" : ", ") + p.name;
        for (const auto& tp : trafficPresets())
            known += ", " + tp.name;
        add("preset",
            "unknown preset \"" + textExcerpt(s.preset) + "\" (known: " + known
                + ", or an S-LoRA suite); the field only records where a spec came from and applies nothing: leave it "
                  "out for a spec of your own");
    }
    if (s.adapterCount > kMaxAdapters)
        add("adapters.count",
            "must be <= " + std::to_string(kMaxAdapters) + " (got " + std::to_string(s.adapterCount) + ")");
    if (!std::isfinite(s.duration) || s.duration <= 0)
        add("duration", "must be > 0 (got " + num(s.duration) + ")");
    const bool rateUsed = slora || (s.arrival.kind != ArrivalKind::OnOff && s.arrival.kind != ArrivalKind::Schedule);
    if (rateUsed && (!std::isfinite(s.rate) || s.rate <= 0))
        add("rate", "must be > 0 (got " + num(s.rate) + ")");
    if (std::isfinite(s.rate) && std::isfinite(s.duration) && s.rate * s.duration > 2e9)
        add("rate", "× duration must be <= 2e9 requests (got " + num(s.rate * s.duration) + ")");
    if (slora && s.seed > 0xFFFFFFFFull)
        add("seed",
            "must be <= 4294967295 for the slora generator (NumPy's legacy seed) (got " + std::to_string(s.seed) + ")");

    validatePopularity(s, out);
    validateArrival(s, out);

    validateLength(s.input, "input", out);
    validateLength(s.output, "output", out);
    if (slora) {
        if (s.input.kind != LengthKind::Uniform)
            add("input.kind",
                "must be \"uniform\" for the slora generator (got \"" + std::string(toString(s.input.kind)) + "\")");
        if (s.output.kind != LengthKind::Uniform)
            add("output.kind",
                "must be \"uniform\" for the slora generator (got \"" + std::string(toString(s.output.kind)) + "\")");
        if (!s.groups.empty())
            add("groups", "are not supported by the slora generator (S-LoRA has no per-adapter overrides)");
    }

    for (std::size_t i = 0; i < s.groups.size(); ++i) {
        const auto& g = s.groups[i];
        const std::string f = "groups[" + std::to_string(i) + "]";
        if (g.count == 0)
            add(f + ".count", "must be >= 1 (got 0)");
        if (static_cast<std::uint64_t>(g.first) + g.count > s.adapterCount)
            add(f + ".first",
                "adapters [" + std::to_string(g.first) + ", "
                    + std::to_string(static_cast<std::uint64_t>(g.first) + g.count) + ") exceed the adapter count "
                    + std::to_string(s.adapterCount));
        if (g.cv && (!std::isfinite(*g.cv) || *g.cv < kMinArrivalCv || *g.cv > kMaxArrivalCv))
            add(f + ".cv",
                "must be between " + num(kMinArrivalCv) + " and " + num(kMaxArrivalCv) + " (got " + num(*g.cv) + ")");
        if (g.input)
            validateLength(*g.input, f + ".input", out);
        if (g.output)
            validateLength(*g.output, f + ".output", out);
    }

    // Power-law and empirical lengths keep a table of hi − lo entries per distribution (input,
    // output and each group's own): their sum, not each one alone, is what memory holds.
    {
        const auto tableOf = [](const LengthSpec& l) {
            return (l.kind == LengthKind::PowerLaw || l.kind == LengthKind::Empirical) && l.hi > l.lo
                ? static_cast<double>(l.hi - l.lo)
                : 0.0;
        };
        double entries = tableOf(s.input) + tableOf(s.output), groupEntries = 0;
        for (const auto& g : s.groups)
            groupEntries += (g.input ? tableOf(*g.input) : 0.0) + (g.output ? tableOf(*g.output) : 0.0);
        if (entries + groupEntries > kMaxLengthTableEntries)
            add(groupEntries > 0 ? "groups" : "input.hi",
                "the length tables of the power-law and empirical distributions (hi - lo entries each, input, output "
                "and every group's own) "
                "hold "
                    + num(entries + groupEntries) + " entries in all; at most " + num(kMaxLengthTableEntries)
                    + " (8 bytes each): narrow their ranges or give fewer groups their own distribution");
    }

    const auto& nm = s.naming;
    if (nm.names.empty())
        add("adapters.names", "must have at least one name");
    if (!nm.ranks.empty() && nm.ranks.size() != nm.names.size())
        add("adapters.ranks",
            "must have one rank per name: " + std::to_string(nm.names.size()) + " (got "
                + std::to_string(nm.ranks.size()) + ")");
    if (nm.ranks.empty()) // the ranks come from the names: "x-rank-99999999999" is named here, not mid-generation
        for (std::size_t i = 0; i < nm.names.size(); ++i) {
            try {
                rankFromName(nm.names[i]);
            } catch (const InputError&) {
                const std::string& n = nm.names[i];
                add("adapters.names[" + std::to_string(i) + "]",
                    "must have a rank from 1 to " + std::to_string(kMaxAdapterRank) + " after \"rank-\" (got \""
                        + (n.size() > 60 ? n.substr(0, 60) + "..." : n) + "\")");
            }
        }
    for (std::size_t i = 0; i < nm.ranks.size(); ++i)
        if (nm.ranks[i] < 0)
            add("adapters.ranks[" + std::to_string(i) + "]", "must be >= 0 (got " + std::to_string(nm.ranks[i]) + ")");
    if (nm.defaultRank < 0)
        add("adapters.defaultRank", "must be >= 0 (got " + std::to_string(nm.defaultRank) + ")");

    validateSessions(s, out);
    validateTiers(s, out);
    return out;
}

void validateOrThrow(const WorkloadSpec& spec, const std::string& file)
{
    const auto issues = validate(spec);
    if (!issues.empty())
        throw InputError(issues.front().message, file, 0, issues.front().field);
}

// ---------------------------------------------------------------------------------------------
// JSON

json toJson(const LengthSpec& l)
{
    json j;
    j["kind"] = toString(l.kind);
    j["lo"] = l.lo;
    j["hi"] = l.hi;
    j["beta"] = l.beta;
    j["mu"] = l.mu;
    j["sigma"] = l.sigma;
    j["mean"] = l.mean;
    j["stddev"] = l.stddev;
    j["value"] = l.value;
    json emp = json::array();
    for (const auto& [len, w] : l.empirical)
        emp.push_back(json::array({ len, w }));
    j["empirical"] = emp;
    return j;
}

json toJson(const ServerLimits& lim)
{
    return json { { "maxTotalTokenNum", lim.maxTotalTokenNum }, { "batchMaxTokens", lim.batchMaxTokens },
        { "runningMaxReqSize", lim.runningMaxReqSize }, { "maxReqTotalLen", lim.maxReqTotalLen },
        { "maxReqInputLen", lim.maxReqInputLen } };
}

json toJson(const WorkloadSpec& s)
{
    json j;
    j["schemaVersion"] = kSpecSchemaVersion;
    j["generator"] = toString(s.generator);
    j["preset"] = s.preset;
    j["seed"] = s.seed;
    j["duration"] = s.duration;
    j["rate"] = s.rate;
    j["adapters"] = json { { "count", s.adapterCount }, { "names", s.naming.names }, { "ranks", s.naming.ranks },
        { "defaultRank", s.naming.defaultRank }, { "baseModel", s.naming.baseModel } };
    j["popularity"] = json { { "kind", toString(s.popularity.kind) }, { "alpha", s.popularity.alpha },
        { "zipfS", s.popularity.zipfS }, { "weights", s.popularity.weights } };
    json sched = json::array();
    for (const auto& p : s.arrival.schedule)
        sched.push_back(json::array({ p.time, p.rate }));
    j["arrival"] = json { { "kind", toString(s.arrival.kind) }, { "cv", s.arrival.cv },
        { "onOff",
            { { "onRate", s.arrival.onOff.onRate }, { "offRate", s.arrival.onOff.offRate },
                { "meanOn", s.arrival.onOff.meanOn }, { "meanOff", s.arrival.onOff.meanOff } } },
        { "schedule", sched } };
    j["input"] = toJson(s.input);
    j["output"] = toJson(s.output);
    json groups = json::array();
    for (const auto& g : s.groups) {
        json gj { { "first", g.first }, { "count", g.count } };
        if (g.cv)
            gj["cv"] = *g.cv;
        if (g.input)
            gj["input"] = toJson(*g.input);
        if (g.output)
            gj["output"] = toJson(*g.output);
        groups.push_back(gj);
    }
    j["groups"] = groups;
    sessionsToJson(s, j);
    tiersToJson(s, j);
    return j;
}

LengthSpec lengthSpecFromJson(const json& j, const std::string& path, const std::string& file)
{
    LengthSpec l;
    JsonObjectReader r(j, path, file);
    l.kind = readEnum(r, "kind", kLengths, l.kind);
    l.lo = r.integer("lo", l.lo);
    l.hi = r.integer("hi", l.hi);
    l.beta = r.number("beta", l.beta);
    l.mu = r.number("mu", l.mu);
    l.sigma = r.number("sigma", l.sigma);
    l.mean = r.number("mean", l.mean);
    l.stddev = r.number("stddev", l.stddev);
    l.value = r.integer("value", l.value);
    if (r.has("empirical")) {
        const auto& e = r.raw("empirical");
        if (!e.is_array())
            r.fail(r.pathOf("empirical"), "expected an array of [length, weight] pairs");
        for (std::size_t i = 0; i < e.size(); ++i) {
            const auto& pair = e[i];
            if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number_integer() || !pair[1].is_number())
                r.fail(r.pathOf("empirical") + "[" + std::to_string(i) + "]",
                    "expected [length, weight], got " + jsonExcerpt(pair));
            l.empirical.emplace_back(pair[0].get<std::int64_t>(), pair[1].get<double>());
        }
    }
    r.rejectUnknown();
    return l;
}

ServerLimits limitsFromJson(const json& j, const std::string& path, const std::string& file)
{
    ServerLimits lim;
    JsonObjectReader r(j, path, file);
    lim.maxTotalTokenNum = r.integer("maxTotalTokenNum", lim.maxTotalTokenNum);
    lim.batchMaxTokens = r.integer("batchMaxTokens", lim.batchMaxTokens);
    lim.runningMaxReqSize = r.integer("runningMaxReqSize", lim.runningMaxReqSize);
    lim.maxReqTotalLen = r.integer("maxReqTotalLen", lim.maxReqTotalLen);
    lim.maxReqInputLen = r.integer("maxReqInputLen", lim.maxReqInputLen);
    r.rejectUnknown();
    return lim;
}

namespace {
std::vector<double> numberArray(JsonObjectReader& r, const char* key)
{
    std::vector<double> out;
    const auto& a = r.raw(key);
    if (!a.is_array())
        r.fail(r.pathOf(key), "expected an array of numbers, got " + jsonExcerpt(a));
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!a[i].is_number())
            r.fail(r.pathOf(key) + "[" + std::to_string(i) + "]", "expected a number, got " + jsonExcerpt(a[i]));
        out.push_back(a[i].get<double>());
    }
    return out;
}
} // namespace

WorkloadSpec specFromJson(const json& j, const std::string& file)
{
    WorkloadSpec s;
    JsonObjectReader r(j, "", file);
    const auto version = r.integer("schemaVersion", kSpecSchemaVersion);
    if (version < 1 || version > kSpecSchemaVersion)
        r.fail("schemaVersion",
            "unsupported version " + std::to_string(version) + " (this LoraScope reads 1 to "
                + std::to_string(kSpecSchemaVersion) + ")");
    s.generator = readEnum(r, "generator", kGenerators, s.generator);
    s.preset = r.string("preset", s.preset);
    s.seed = r.unsignedInteger("seed", s.seed);
    s.duration = r.number("duration", s.duration);
    s.rate = r.number("rate", s.rate);
    if (r.has("adapters")) {
        JsonObjectReader a(r.raw("adapters"), "adapters", file);
        const auto count = a.integer("count", s.adapterCount);
        if (count < 0 || count > 0xFFFFFFFFll)
            a.fail("adapters.count", "must be between 0 and 4294967295 (got " + std::to_string(count) + ")");
        s.adapterCount = static_cast<std::uint32_t>(count);
        if (a.has("names")) {
            const auto& names = a.raw("names");
            if (!names.is_array())
                a.fail("adapters.names", "expected an array of strings");
            s.naming.names.clear();
            for (std::size_t i = 0; i < names.size(); ++i) {
                if (!names[i].is_string())
                    a.fail(
                        "adapters.names[" + std::to_string(i) + "]", "expected a string, got " + jsonExcerpt(names[i]));
                s.naming.names.push_back(names[i].get<std::string>());
            }
        }
        if (a.has("ranks")) {
            for (double v : numberArray(a, "ranks"))
                s.naming.ranks.push_back(static_cast<int>(v));
        }
        s.naming.defaultRank = static_cast<int>(a.integer("defaultRank", s.naming.defaultRank));
        s.naming.baseModel = a.string("baseModel", s.naming.baseModel);
        a.rejectUnknown();
    }
    if (r.has("popularity")) {
        JsonObjectReader p(r.raw("popularity"), "popularity", file);
        s.popularity.kind = readEnum(p, "kind", kPopularities, s.popularity.kind);
        s.popularity.alpha = p.number("alpha", s.popularity.alpha);
        s.popularity.zipfS = p.number("zipfS", s.popularity.zipfS);
        if (p.has("weights"))
            s.popularity.weights = numberArray(p, "weights");
        p.rejectUnknown();
    }
    if (r.has("arrival")) {
        JsonObjectReader a(r.raw("arrival"), "arrival", file);
        s.arrival.kind = readEnum(a, "kind", kArrivals, s.arrival.kind);
        s.arrival.cv = a.number("cv", s.arrival.cv);
        if (a.has("onOff")) {
            JsonObjectReader o(a.raw("onOff"), "arrival.onOff", file);
            s.arrival.onOff.onRate = o.number("onRate", s.arrival.onOff.onRate);
            s.arrival.onOff.offRate = o.number("offRate", s.arrival.onOff.offRate);
            s.arrival.onOff.meanOn = o.number("meanOn", s.arrival.onOff.meanOn);
            s.arrival.onOff.meanOff = o.number("meanOff", s.arrival.onOff.meanOff);
            o.rejectUnknown();
        }
        if (a.has("schedule")) {
            const auto& sch = a.raw("schedule");
            if (!sch.is_array())
                a.fail("arrival.schedule", "expected an array of [time, rate] pairs");
            for (std::size_t i = 0; i < sch.size(); ++i) {
                const auto& pt = sch[i];
                if (!pt.is_array() || pt.size() != 2 || !pt[0].is_number() || !pt[1].is_number())
                    a.fail(
                        "arrival.schedule[" + std::to_string(i) + "]", "expected [time, rate], got " + jsonExcerpt(pt));
                s.arrival.schedule.push_back({ pt[0].get<double>(), pt[1].get<double>() });
            }
        }
        a.rejectUnknown();
    }
    if (r.has("input"))
        s.input = lengthSpecFromJson(r.raw("input"), "input", file);
    if (r.has("output"))
        s.output = lengthSpecFromJson(r.raw("output"), "output", file);
    if (r.has("groups")) {
        const auto& gs = r.raw("groups");
        if (!gs.is_array())
            r.fail("groups", "expected an array of objects");
        for (std::size_t i = 0; i < gs.size(); ++i) {
            const std::string path = "groups[" + std::to_string(i) + "]";
            JsonObjectReader g(gs[i], path, file);
            AdapterGroup group;
            group.first = static_cast<std::uint32_t>(g.unsignedInteger("first", 0));
            group.count = static_cast<std::uint32_t>(g.unsignedInteger("count", 1));
            if (g.has("cv"))
                group.cv = g.number("cv", 1.0);
            if (g.has("input"))
                group.input = lengthSpecFromJson(g.raw("input"), path + ".input", file);
            if (g.has("output"))
                group.output = lengthSpecFromJson(g.raw("output"), path + ".output", file);
            g.rejectUnknown();
            s.groups.push_back(group);
        }
    }
    if (r.has("limits"))
        (void)limitsFromJson(r.raw("limits"), "limits", file); // checked, then left to specFileLimits() readers
    sessionsFromJson(r, s, file);
    tiersFromJson(r, s, file);
    r.rejectUnknown();
    return s;
}

std::optional<ServerLimits> specFileLimits(const json& j, const std::string& file)
{
    if (!j.is_object() || !j.contains("limits"))
        return std::nullopt;
    return limitsFromJson(j.at("limits"), "limits", file);
}

WorkloadSpec loadSpecFile(const std::string& path)
{
    json j = readJsonFile(path, "spec file");
    if (j.is_object() && j.contains("spec") && !j.contains("generator") && !j.contains("rate"))
        j = j["spec"]; // a session file: take its spec
    WorkloadSpec spec = specFromJson(j, path);
    validateOrThrow(spec, path);
    return spec;
}

void saveSpecFile(const WorkloadSpec& spec, const std::string& path)
{
    const std::string text = toJson(spec).dump(2) + "\n";
    writeFileAtomically(path, [&](std::ostream& out) { out << text; });
}

} // namespace lorascope
