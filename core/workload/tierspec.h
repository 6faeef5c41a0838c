// SPDX-License-Identifier: Apache-2.0
#pragma once
// The spec's adapter tiers (workload/spec.h TierSpec; docs/workload.md, "Tiers"): their JSON,
// their validation, which adapter belongs to which tier, and how a trace carries them (each
// request's tier and priority, Trace::tiers and Trace::priorities). Kept apart from spec.cpp;
// spec.cpp calls the JSON and validation functions.

#include "workload/spec.h"
#include "workload/trace.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace lorascope {

class JsonObjectReader;

/// Most tiers a spec may have.
inline constexpr std::size_t kMaxSpecTiers = 64;

/// Appends the problems of spec.tiers (field paths "tiers[i].…").
void validateTiers(const WorkloadSpec& spec, std::vector<SpecIssue>& out);
/// Adds "tiers" to a spec's JSON when there are any.
void tiersToJson(const WorkloadSpec& spec, nlohmann::json& j);
/// Reads "tiers" from a spec object when present.
void tiersFromJson(JsonObjectReader& r, WorkloadSpec& spec, const std::string& file);

/// Tier of each adapter (index into spec.tiers, or kNoTier), for adapters named `names` in
/// popularity order (adapter i is the i-th most popular): the first tier that names it, or whose
/// rank range or top k holds i.
std::vector<std::uint16_t> tierOfAdapters(const WorkloadSpec& spec, const std::vector<std::string>& names);

/// Per-adapter rates with the tiers' shares: a tier with a share gets that part of the total,
/// spread over its adapters as `rates` spread it; the adapters of no tier or of a tier without a
/// share get the rest, again in proportion. `rates` are in popularity order; unchanged without
/// shares.
void applyTierShares(const WorkloadSpec& spec, const std::vector<std::uint16_t>& tierOf, std::vector<double>& rates);

/// Marks each request of `trace` with its adapter's tier and the tier's priority (the base model
/// and adapters of no tier: no tier, priority 0). Nothing when the spec has no tiers.
void markTiers(const WorkloadSpec& spec, Trace& trace);

} // namespace lorascope
