// SPDX-License-Identifier: Apache-2.0
#pragma once
// JSON and validation of the spec's `sessions` and `prefix` members (workload/spec.h), kept apart
// from spec.cpp. Internal to core/workload: spec.cpp calls these from validate(), toJson() and
// specFromJson().

#include "workload/spec.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace lorascope {

class JsonObjectReader;

/// Appends the problems of spec.sessions and spec.prefix (field paths "sessions.…", "prefix.…").
void validateSessions(const WorkloadSpec& spec, std::vector<SpecIssue>& out);
/// Adds "sessions" and "prefix" to a spec's JSON, only when they differ from the defaults (so a
/// spec without them reads and writes exactly as before they existed).
void sessionsToJson(const WorkloadSpec& spec, nlohmann::json& j);
/// Reads "sessions" and "prefix" from a spec object when present.
void sessionsFromJson(JsonObjectReader& r, WorkloadSpec& spec, const std::string& file);

nlohmann::json toJson(const DurationSpec& d);
DurationSpec durationSpecFromJson(const nlohmann::json& j, const std::string& path, const std::string& file);

/// Mean of a duration distribution, seconds.
double meanOf(const DurationSpec& d);

} // namespace lorascope
