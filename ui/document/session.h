// SPDX-License-Identifier: Apache-2.0
#pragma once
// Session files: spec + admission settings + view settings as versioned JSON. The "spec" member is
// a plain spec (so `lorascope-cli generate --spec session.json` reads a session too).

#include "admission/engine.h"
#include "workload/spec.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lorascope {

inline constexpr int kSessionVersion = 1;
inline constexpr const char* kSessionFormat = "lorascope-session";

struct Session {
    WorkloadSpec spec;
    SimulationConfig admission;
    std::string importedTrace; ///< path of an imported trace shown instead of the generated one
    nlohmann::json view = nlohmann::json::object(); ///< UI settings (tabs, toggles, zoom)
    std::vector<std::string>
        notes; ///< said while loading (e.g. settings of the old vLLM V0 model converted); not saved
};

/// The workload a new session starts with: preset S4 (llama-13b, ranks 64/32/16, n 200, R 2 req/s),
/// previewed (defaultAdmissionConfig) on a server with the 65000 KV slots S-LoRA's own A100-80G S4 runs use
/// (benchmarks/paper/synthetic/.../exp_cmds_a100-80_S4.sh: --num-token 65000): a healthy server
/// with room to push it over (it saturates near R = 5.5 req/s with the default cost model). With
/// S-LoRA's launch default of 6000 slots the default workload queues for the whole trace.
WorkloadSpec defaultSessionSpec();

/// The admission settings a new session starts with: the cost-model clock with the preset of the
/// spec's base model (S4 → llama-13b), S-LoRA policy with 65000 KV slots (see above).
SimulationConfig defaultAdmissionConfig(const WorkloadSpec& spec);

nlohmann::json sessionToJson(const Session& session);
/// Strict: unknown members and wrong types are InputErrors naming `file` and the field path.
Session sessionFromJson(const nlohmann::json& json, const std::string& file);
/// Writes atomically (temporary file + rename).
void saveSessionFile(const Session& session, const std::string& path);
Session loadSessionFile(const std::string& path);

} // namespace lorascope
