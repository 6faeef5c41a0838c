// SPDX-License-Identifier: Apache-2.0
#include "workload/sessionspec.h"

#include "util/error.h"
#include "util/jsonread.h"
#include "workload/lengths.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace lorascope {

using nlohmann::json;

namespace {

constexpr std::pair<DurationKind, const char*> kDurations[]
    = { { DurationKind::Constant, "constant" }, { DurationKind::Exponential, "exponential" },
          { DurationKind::Uniform, "uniform" }, { DurationKind::LogNormal, "log-normal" } };

/// Longest prefix or system prompt, in tokens (a million: far beyond any model's context).
constexpr std::int64_t kMaxPrefixTokens = 1'000'000;
constexpr std::size_t kMaxPrefixGroups = 1000;
/// Longest think time or service estimate, seconds (a day).
constexpr double kMaxSeconds = 86400.0;

std::string num(double v)
{
    return formatNumber(v);
}

} // namespace

const char* toString(DurationKind kind)
{
    for (const auto& [k, name] : kDurations)
        if (k == kind)
            return name;
    return "?";
}

std::optional<DurationKind> durationKindFromString(const std::string& text)
{
    for (const auto& [k, name] : kDurations)
        if (text == name)
            return k;
    return std::nullopt;
}

double meanOf(const DurationSpec& d)
{
    return d.kind == DurationKind::Uniform ? 0.5 * (d.lo + d.hi) : d.mean;
}

void validateSessions(const WorkloadSpec& s, std::vector<SpecIssue>& out)
{
    auto add = [&](const std::string& field, const std::string& msg) { out.push_back({ field, field + ' ' + msg }); };
    const auto& ss = s.sessions;
    const auto& px = s.prefix;
    if ((ss.enabled || px.any()) && s.generator == GeneratorKind::Slora)
        add(ss.enabled ? "sessions.enabled" : "prefix",
            "needs the per-adapter generator (the slora generator reproduces S-LoRA, which has neither sessions nor "
            "shared prefixes)");
    if (ss.enabled) {
        // The turn count is an integer distribution on [lo, hi), read by the length sampler.
        const LengthSpec& t = ss.turns;
        if (t.lo < 1)
            add("sessions.turns.lo",
                "must be >= 1 (got " + std::to_string(t.lo) + "): a session has at least one turn");
        if (t.hi <= t.lo)
            add("sessions.turns.hi",
                "must be > sessions.turns.lo (got hi " + std::to_string(t.hi) + ", lo " + std::to_string(t.lo)
                    + "); the range is [lo, hi)");
        if (t.hi > 100'001)
            add("sessions.turns.hi",
                "must be <= 100001 (at most 100000 turns a session) (got " + std::to_string(t.hi) + ")");
        if (t.kind == LengthKind::Constant && (t.value < t.lo || t.value >= t.hi))
            add("sessions.turns.value",
                "must lie in [lo, hi) = [" + std::to_string(t.lo) + ", " + std::to_string(t.hi) + ") (got "
                    + std::to_string(t.value) + ")");
        if (t.kind == LengthKind::PowerLaw && (!std::isfinite(t.beta) || t.beta <= 0))
            add("sessions.turns.beta", "must be > 0 (got " + num(t.beta) + ")");
        if (t.kind == LengthKind::LogNormal && (!std::isfinite(t.mu) || !std::isfinite(t.sigma) || t.sigma <= 0))
            add("sessions.turns.sigma",
                "must be > 0 with a finite mu (got mu " + num(t.mu) + ", sigma " + num(t.sigma) + ")");
        if (t.kind == LengthKind::Normal && (!std::isfinite(t.mean) || !std::isfinite(t.stddev) || t.stddev <= 0))
            add("sessions.turns.stddev",
                "must be > 0 with a finite mean (got mean " + num(t.mean) + ", stddev " + num(t.stddev) + ")");
        if (t.kind == LengthKind::Empirical) {
            double total = 0;
            for (std::size_t i = 0; i < t.empirical.size(); ++i) {
                const auto& [len, w] = t.empirical[i];
                if (len < t.lo || len >= t.hi || !std::isfinite(w) || w < 0)
                    add("sessions.turns.empirical[" + std::to_string(i) + "]",
                        "must be a turn count in [lo, hi) with a weight >= 0");
                else
                    total += w;
            }
            if (!(total > 0))
                add("sessions.turns.empirical", "must list (turns, weight) pairs with a positive total weight");
        }
        const auto& d = ss.think;
        auto seconds = [&](const char* field, double v, bool positive) {
            if (!std::isfinite(v) || v < 0 || (positive && v <= 0) || v > kMaxSeconds)
                add(std::string("sessions.think.") + field,
                    std::string("must be ") + (positive ? "> 0" : ">= 0") + " and at most 86400 s (got " + num(v)
                        + ")");
        };
        switch (d.kind) {
        case DurationKind::Constant:
        case DurationKind::Exponential:
            seconds("mean", d.mean, false);
            break;
        case DurationKind::LogNormal:
            seconds("mean", d.mean, true);
            if (!std::isfinite(d.sigma) || d.sigma <= 0 || d.sigma > 10)
                add("sessions.think.sigma", "must be > 0 and at most 10 (got " + num(d.sigma) + ")");
            break;
        case DurationKind::Uniform:
            seconds("lo", d.lo, false);
            seconds("hi", d.hi, false);
            if (!(d.hi > d.lo))
                add("sessions.think.hi",
                    "must be > sessions.think.lo (got hi " + num(d.hi) + ", lo " + num(d.lo) + ")");
            break;
        }
        for (const auto& [field, v] : { std::pair { "firstTokenSeconds", ss.service.firstTokenSeconds },
                 std::pair { "perOutputTokenSeconds", ss.service.perOutputTokenSeconds } })
            if (!std::isfinite(v) || v < 0 || v > kMaxSeconds)
                add(std::string("sessions.service.") + field, "must be >= 0 and at most 86400 s (got " + num(v) + ")");
        if (ss.maxContextTokens < 0 || ss.maxContextTokens > 4'294'967'295ll)
            add("sessions.maxContextTokens",
                "must be from 0 (no limit) to 4294967295 (got " + std::to_string(ss.maxContextTokens) + ")");
    }
    if (px.systemTokens < 0 || px.systemTokens > kMaxPrefixTokens)
        add("prefix.systemTokens",
            "must be from 0 to " + std::to_string(kMaxPrefixTokens) + " tokens (got " + std::to_string(px.systemTokens)
                + ")");
    if (px.groups.size() > kMaxPrefixGroups)
        add("prefix.groups",
            "must have at most " + std::to_string(kMaxPrefixGroups) + " groups (got " + std::to_string(px.groups.size())
                + ")");
    double weights = 0;
    for (std::size_t i = 0; i < px.groups.size() && i < kMaxPrefixGroups; ++i) {
        const auto& g = px.groups[i];
        const std::string f = "prefix.groups[" + std::to_string(i) + "]";
        if (g.count < 1 || g.count > 1'000'000)
            add(f + ".count", "must be from 1 to 1000000 prefixes (got " + std::to_string(g.count) + ")");
        if (g.tokens < 0 || g.tokens > kMaxPrefixTokens)
            add(f + ".tokens",
                "must be from 0 to " + std::to_string(kMaxPrefixTokens) + " tokens (got " + std::to_string(g.tokens)
                    + ")");
        if (!std::isfinite(g.weight) || g.weight < 0)
            add(f + ".weight", "must be >= 0 (got " + num(g.weight) + ")");
        else
            weights += g.weight;
    }
    if (!px.groups.empty() && !(weights > 0))
        add("prefix.groups", "weights must not all be 0");
}

json toJson(const DurationSpec& d)
{
    return json { { "kind", toString(d.kind) }, { "mean", d.mean }, { "sigma", d.sigma }, { "lo", d.lo },
        { "hi", d.hi } };
}

DurationSpec durationSpecFromJson(const json& j, const std::string& path, const std::string& file)
{
    DurationSpec d;
    JsonObjectReader r(j, path, file);
    if (r.has("kind")) {
        const std::string text = r.string("kind", "");
        const auto k = durationKindFromString(text);
        if (!k)
            r.fail(r.pathOf("kind"),
                "unknown value \"" + textExcerpt(text)
                    + "\" (expected one of: constant, exponential, uniform, log-normal)");
        d.kind = *k;
    }
    d.mean = r.number("mean", d.mean);
    d.sigma = r.number("sigma", d.sigma);
    d.lo = r.number("lo", d.lo);
    d.hi = r.number("hi", d.hi);
    r.rejectUnknown();
    return d;
}

void sessionsToJson(const WorkloadSpec& s, json& j)
{
    if (s.sessions != SessionSpec {}) {
        const auto& ss = s.sessions;
        j["sessions"] = json { { "enabled", ss.enabled }, { "turns", toJson(ss.turns) }, { "think", toJson(ss.think) },
            { "service",
                { { "firstTokenSeconds", ss.service.firstTokenSeconds },
                    { "perOutputTokenSeconds", ss.service.perOutputTokenSeconds } } },
            { "maxContextTokens", ss.maxContextTokens } };
    }
    if (s.prefix != PrefixSpec {}) {
        json groups = json::array();
        for (const auto& g : s.prefix.groups)
            groups.push_back({ { "count", g.count }, { "tokens", g.tokens }, { "weight", g.weight } });
        j["prefix"] = json { { "systemTokens", s.prefix.systemTokens }, { "groups", groups } };
    }
}

void sessionsFromJson(JsonObjectReader& r, WorkloadSpec& s, const std::string& file)
{
    if (r.has("sessions")) {
        JsonObjectReader ss(r.raw("sessions"), "sessions", file);
        s.sessions.enabled = ss.boolean("enabled", s.sessions.enabled);
        if (ss.has("turns"))
            s.sessions.turns = lengthSpecFromJson(ss.raw("turns"), "sessions.turns", file);
        if (ss.has("think"))
            s.sessions.think = durationSpecFromJson(ss.raw("think"), "sessions.think", file);
        if (ss.has("service")) {
            JsonObjectReader sv(ss.raw("service"), "sessions.service", file);
            s.sessions.service.firstTokenSeconds = sv.number("firstTokenSeconds", s.sessions.service.firstTokenSeconds);
            s.sessions.service.perOutputTokenSeconds
                = sv.number("perOutputTokenSeconds", s.sessions.service.perOutputTokenSeconds);
            sv.rejectUnknown();
        }
        s.sessions.maxContextTokens = ss.integer("maxContextTokens", s.sessions.maxContextTokens);
        ss.rejectUnknown();
    }
    if (r.has("prefix")) {
        JsonObjectReader px(r.raw("prefix"), "prefix", file);
        s.prefix.systemTokens = px.integer("systemTokens", s.prefix.systemTokens);
        if (px.has("groups")) {
            const auto& gs = px.raw("groups");
            if (!gs.is_array())
                px.fail("prefix.groups", "expected an array of {count, tokens, weight}");
            if (gs.size() > kMaxPrefixGroups)
                px.fail("prefix.groups",
                    "must have at most " + std::to_string(kMaxPrefixGroups) + " groups (got "
                        + std::to_string(gs.size()) + ")");
            for (std::size_t i = 0; i < gs.size(); ++i) {
                const std::string path = "prefix.groups[" + std::to_string(i) + "]";
                JsonObjectReader g(gs[i], path, file);
                PrefixGroupSpec group;
                const auto count = g.integer("count", group.count);
                if (count < 1 || count > 1'000'000)
                    g.fail(path + ".count", "must be from 1 to 1000000 prefixes (got " + std::to_string(count) + ")");
                group.count = static_cast<std::uint32_t>(count);
                group.tokens = g.integer("tokens", group.tokens);
                group.weight = g.number("weight", group.weight);
                g.rejectUnknown();
                s.prefix.groups.push_back(group);
            }
        }
        px.rejectUnknown();
    }
}

} // namespace lorascope
