// SPDX-License-Identifier: Apache-2.0
#include "workload/tierspec.h"

#include "util/jsonread.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace lorascope {

using nlohmann::json;

namespace {

std::string tierPath(std::size_t i)
{
    return "tiers[" + std::to_string(i) + "]";
}

std::string number(double v)
{
    char b[32];
    std::snprintf(b, sizeof b, "%.6g", v);
    return b;
}

} // namespace

void validateTiers(const WorkloadSpec& s, std::vector<SpecIssue>& out)
{
    if (s.tiers.size() > kMaxSpecTiers)
        out.push_back({ "tiers",
            "tiers must have at most " + std::to_string(kMaxSpecTiers) + " tiers (got " + std::to_string(s.tiers.size())
                + ")" });
    double shares = 0;
    for (std::size_t i = 0; i < s.tiers.size(); ++i) {
        const TierSpec& t = s.tiers[i];
        const std::string p = tierPath(i);
        if (t.name.empty() || t.name.size() > 200)
            out.push_back({ p + ".name", p + ".name must be 1 to 200 characters" });
        for (std::size_t k = 0; k < i; ++k)
            if (s.tiers[k].name == t.name && !t.name.empty())
                out.push_back({ p + ".name",
                    p + ".name \"" + t.name + "\" is also the name of tiers[" + std::to_string(k) + "]" });
        const int ways
            = (t.adapters.empty() ? 0 : 1) + (t.rankFrom >= 0 || t.rankTo >= 0 ? 1 : 0) + (t.top > 0 ? 1 : 0);
        if (ways != 1)
            out.push_back({ p,
                p + " must give its adapters one way: \"adapters\" (names), \"ranks\" [from, to) or \"top\" (got "
                    + std::to_string(ways) + ")" });
        if ((t.rankFrom >= 0 || t.rankTo >= 0)
            && !(t.rankFrom >= 0 && t.rankTo > t.rankFrom && t.rankTo <= kMaxAdapters))
            out.push_back({ p + ".ranks",
                p + ".ranks must be [from, to) with 0 <= from < to <= " + std::to_string(kMaxAdapters) + " (got ["
                    + std::to_string(t.rankFrom) + ", " + std::to_string(t.rankTo) + "))" });
        if (t.top < 0 || t.top > std::int64_t(kMaxAdapters))
            out.push_back({ p + ".top",
                p + ".top must be from 1 to " + std::to_string(kMaxAdapters) + " (got " + std::to_string(t.top)
                    + ")" });
        if (t.share >= 0 && !(t.share > 0 && t.share <= 1))
            out.push_back({ p + ".share", p + ".share must be in (0, 1] (got " + number(t.share) + ")" });
        if (t.share > 0)
            shares += t.share;
        if (t.priority < -kMaxPriority || t.priority > kMaxPriority)
            out.push_back({ p + ".priority", p + ".priority must be within ±" + std::to_string(kMaxPriority) });
        const std::pair<double, const char*> slos[]
            = { { t.ttftSlo, "ttft_s" }, { t.tpotSlo, "tpot_s" }, { t.e2eSlo, "e2e_s" } };
        for (const auto& [v, key] : slos)
            if (!(v >= 0 && v <= 1e6))
                out.push_back({ p + ".slo." + key,
                    p + ".slo." + key + " must be from 0 (none) to 1e6 s (got " + number(v) + ")" });
        if (!(t.attainment > 0 && t.attainment <= 1))
            out.push_back(
                { p + ".slo.attainment", p + ".slo.attainment must be in (0, 1] (got " + number(t.attainment) + ")" });
    }
    if (shares > 0 && s.generator == GeneratorKind::Slora)
        out.push_back(
            { "tiers", "a tier's share needs the per-adapter generator (S-LoRA's draws adapters by its power law)" });
    if (shares > 1 + 1e-9)
        out.push_back({ "tiers", "the tiers' shares add up to " + number(shares) + ", more than 1" });
}

void tiersToJson(const WorkloadSpec& s, json& j)
{
    if (s.tiers.empty())
        return;
    json arr = json::array();
    for (const TierSpec& t : s.tiers) {
        json e;
        e["name"] = t.name;
        if (!t.adapters.empty())
            e["adapters"] = t.adapters;
        if (t.rankFrom >= 0 || t.rankTo >= 0)
            e["ranks"] = json::array({ t.rankFrom, t.rankTo });
        if (t.top > 0)
            e["top"] = t.top;
        if (t.share >= 0)
            e["share"] = t.share;
        e["priority"] = t.priority;
        json slo;
        if (t.ttftSlo > 0)
            slo["ttft_s"] = t.ttftSlo;
        if (t.tpotSlo > 0)
            slo["tpot_s"] = t.tpotSlo;
        if (t.e2eSlo > 0)
            slo["e2e_s"] = t.e2eSlo;
        slo["attainment"] = t.attainment;
        e["slo"] = std::move(slo);
        arr.push_back(std::move(e));
    }
    j["tiers"] = std::move(arr);
}

void tiersFromJson(JsonObjectReader& r, WorkloadSpec& s, const std::string& file)
{
    if (!r.has("tiers"))
        return;
    const json& arr = r.raw("tiers");
    if (!arr.is_array())
        r.fail("tiers", "expected an array of tiers ({name, adapters | ranks | top, share, priority, slo})");
    if (arr.size() > kMaxSpecTiers)
        r.fail("tiers",
            "must have at most " + std::to_string(kMaxSpecTiers) + " tiers (got " + std::to_string(arr.size()) + ")");
    s.tiers.clear();
    for (std::size_t i = 0; i < arr.size(); ++i) {
        const std::string p = tierPath(i);
        JsonObjectReader t(arr[i], p, file);
        TierSpec tier;
        tier.name = t.string("name", "");
        if (t.has("adapters")) {
            const json& a = t.raw("adapters");
            if (!a.is_array() || a.size() > kMaxAdapters)
                t.fail(p + ".adapters",
                    "expected an array of adapter names (at most " + std::to_string(kMaxAdapters) + ")");
            for (const json& n : a) {
                if (!n.is_string())
                    t.fail(p + ".adapters", "expected adapter names as strings");
                tier.adapters.push_back(n.get<std::string>());
            }
        }
        if (t.has("ranks")) {
            const json& a = t.raw("ranks");
            if (!a.is_array() || a.size() != 2 || !a[0].is_number_integer() || !a[1].is_number_integer())
                t.fail(p + ".ranks", "expected [from, to): two integers, popularity ranks from 0");
            tier.rankFrom = a[0].get<std::int64_t>();
            tier.rankTo = a[1].get<std::int64_t>();
        }
        tier.top = t.integer("top", tier.top);
        tier.share = t.number("share", tier.share);
        const std::int64_t priority = t.integer("priority", tier.priority);
        if (priority < -kMaxPriority || priority > kMaxPriority)
            t.fail(p + ".priority",
                "must be within ±" + std::to_string(kMaxPriority) + " (got " + std::to_string(priority) + ")");
        tier.priority = static_cast<std::int32_t>(priority);
        if (t.has("slo")) {
            JsonObjectReader slo(t.raw("slo"), p + ".slo", file);
            tier.ttftSlo = slo.number("ttft_s", tier.ttftSlo);
            tier.tpotSlo = slo.number("tpot_s", tier.tpotSlo);
            tier.e2eSlo = slo.number("e2e_s", tier.e2eSlo);
            tier.attainment = slo.number("attainment", tier.attainment);
            slo.rejectUnknown();
        }
        t.rejectUnknown();
        s.tiers.push_back(std::move(tier));
    }
}

std::vector<std::uint16_t> tierOfAdapters(const WorkloadSpec& spec, const std::vector<std::string>& names)
{
    std::vector<std::uint16_t> tierOf(names.size(), kNoTier);
    for (std::size_t k = spec.tiers.size(); k-- > 0;) { // the first tier that holds an adapter wins
        const TierSpec& t = spec.tiers[k];
        for (std::size_t i = 0; i < names.size(); ++i) {
            const bool holds = (t.top > 0 && std::int64_t(i) < t.top)
                || (t.rankFrom >= 0 && std::int64_t(i) >= t.rankFrom && std::int64_t(i) < t.rankTo)
                || std::find(t.adapters.begin(), t.adapters.end(), names[i]) != t.adapters.end();
            if (holds)
                tierOf[i] = static_cast<std::uint16_t>(k);
        }
    }
    return tierOf;
}

void applyTierShares(const WorkloadSpec& spec, const std::vector<std::uint16_t>& tierOf, std::vector<double>& rates)
{
    const std::size_t n = std::min(rates.size(), tierOf.size());
    double total = 0, fixedShare = 0, restSum = 0;
    std::vector<double> tierSum(spec.tiers.size(), 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        total += rates[i];
        const std::uint16_t t = tierOf[i];
        if (t != kNoTier && spec.tiers[t].share > 0)
            tierSum[t] += rates[i];
        else
            restSum += rates[i];
    }
    bool any = false;
    for (std::size_t t = 0; t < spec.tiers.size(); ++t)
        if (spec.tiers[t].share > 0 && tierSum[t] > 0) {
            fixedShare += spec.tiers[t].share;
            any = true;
        }
    if (!any || !(total > 0))
        return;
    const double rest = std::max(0.0, 1.0 - fixedShare) * total;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint16_t t = tierOf[i];
        if (t != kNoTier && spec.tiers[t].share > 0)
            rates[i] = rates[i] / tierSum[t] * spec.tiers[t].share * total;
        else
            rates[i] = restSum > 0 ? rates[i] / restSum * rest : 0.0;
    }
}

void markTiers(const WorkloadSpec& spec, Trace& trace)
{
    if (spec.tiers.empty())
        return;
    std::vector<std::string> names;
    names.reserve(trace.adapters.size());
    for (const Adapter& a : trace.adapters)
        names.push_back(a.name);
    const std::vector<std::uint16_t> tierOf = tierOfAdapters(spec, names);
    trace.tierNames.clear();
    for (const TierSpec& t : spec.tiers)
        trace.tierNames.push_back(t.name);
    trace.tiers.assign(trace.requests.size(), kNoTier);
    trace.priorities.assign(trace.requests.size(), 0);
    for (std::size_t i = 0; i < trace.requests.size(); ++i) {
        const std::uint32_t a = trace.requests[i].adapter;
        if (a == kNoAdapter || a >= tierOf.size() || tierOf[a] == kNoTier)
            continue;
        trace.tiers[i] = tierOf[a];
        trace.priorities[i] = spec.tiers[tierOf[a]].priority;
    }
}

} // namespace lorascope
