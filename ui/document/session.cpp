// SPDX-License-Identifier: Apache-2.0
#include "document/session.h"

#include "workload/presets.h"

#include "util/atomicfile.h"
#include "util/error.h"
#include "util/jsonread.h"
#include "util/version.h"

#include <fstream>
#include <sstream>

namespace lorascope {

using nlohmann::json;

namespace {

// A preset is saved by name (a later LoraScope with recalibrated presets opens it with those);
// any other model in full (version 2: coefficients, description, provenance).
json costToJson(const CostModel& c)
{
    if (const CostModel* preset = findCostModel(c.name); preset && *preset == c)
        return json { { "preset", c.name } };
    return costModelToJsonObject(c);
}

// Sessions of version-1 LoraScope carried a copy of the preset's roofline coefficients: a preset
// name there means the preset (costModelFromJsonObject's presetByName).
CostModel costFromJson(const json& j, const std::string& path, const std::string& file)
{
    if (j.is_object() && j.contains("preset")) {
        JsonObjectReader r(j, path, file);
        const std::string name = r.string("preset", "");
        r.rejectUnknown();
        if (const CostModel* preset = findCostModel(name))
            return *preset;
        std::string known;
        for (const auto& c : costModelPresets())
            known += (known.empty() ? "" : ", ") + c.name;
        r.fail(r.pathOf("preset"), "unknown cost-model preset \"" + name + "\" (known: " + known + ")");
    }
    return costModelFromJsonObject(j, path, file, true);
}

} // namespace

WorkloadSpec defaultSessionSpec()
{
    return specForPreset("S4");
}

SimulationConfig defaultAdmissionConfig(const WorkloadSpec& spec)
{
    SimulationConfig c;
    c.scheduler.limits.maxTotalTokenNum = 65000; // S-LoRA's own A100-80G S4 runs (see session.h)
    c.clock = ClockKind::Model;
    const auto& presets = costModelPresets();
    if (!presets.empty()) {
        c.cost = presets.front();
        // Match the base model's size ("13b", "7b", ...) to a preset of the same model.
        for (const char* size : { "70b", "30b", "13b", "7b" }) {
            if (spec.naming.baseModel.find(size) == std::string::npos)
                continue;
            for (const auto& p : presets) {
                if (p.name.find(std::string("-") + size) != std::string::npos) {
                    c.cost = p;
                    return c;
                }
            }
        }
    }
    return c;
}

json sessionToJson(const Session& s)
{
    const auto& a = s.admission;
    nlohmann::ordered_json adm;
    schedulerConfigToJson(a.scheduler, adm); // the scheduler's one JSON form (admission/schedulerconfig.h)
    adm["clock"] = a.clock == ClockKind::Steps ? "steps" : "model";
    adm["cost_model"] = nlohmann::ordered_json(costToJson(a.cost));
    json j { { "format", kSessionFormat }, { "version", kSessionVersion }, { "tool_version", kVersion },
        { "spec", toJson(s.spec) }, { "admission", json(adm) }, { "view", s.view } };
    if (!s.importedTrace.empty())
        j["imported_trace"] = s.importedTrace;
    return j;
}

Session sessionFromJson(const json& j, const std::string& file)
{
    if (!j.is_object())
        throw InputError("a session file must hold a JSON object", file);
    JsonObjectReader r(j, "", file);
    const std::string format = r.string("format", kSessionFormat);
    if (format != kSessionFormat)
        r.fail("format", "expected \"" + std::string(kSessionFormat) + "\" (got \"" + format + "\")");
    const auto version = r.integer("version", kSessionVersion);
    if (version < 1 || version > kSessionVersion)
        r.fail("version",
            "unsupported session version " + std::to_string(version) + " (this LoraScope reads 1.."
                + std::to_string(kSessionVersion) + ")");
    (void)r.string("tool_version", "");
    Session s;
    if (!r.has("spec"))
        r.fail("spec", "missing");
    s.spec = specFromJson(r.raw("spec"), file);
    s.admission = defaultAdmissionConfig(s.spec);
    // Sessions written when the spec carried the server's limits: they are the server's now.
    if (const auto legacy = specFileLimits(r.raw("spec"), file))
        s.admission.scheduler.limits = *legacy;
    if (r.has("admission")) {
        if (!r.raw("admission").is_object())
            r.fail("admission", "expected an object");
        JsonObjectReader a(r.raw("admission"), "admission", file);
        readSchedulerConfig(a, s.admission.scheduler, &s.notes);
        const std::string clock = a.string("clock", s.admission.clock == ClockKind::Steps ? "steps" : "model");
        if (clock != "steps" && clock != "model")
            a.fail("admission.clock", "expected \"steps\" or \"model\" (got \"" + clock + "\")");
        s.admission.clock = clock == "steps" ? ClockKind::Steps : ClockKind::Model;
        if (a.has("cost_model"))
            s.admission.cost = costFromJson(a.raw("cost_model"), "admission.cost_model", file);
        a.rejectUnknown();
    }
    s.importedTrace = r.string("imported_trace", "");
    if (r.has("view")) {
        s.view = r.raw("view");
        if (!s.view.is_object())
            r.fail("view", "expected an object");
    }
    r.rejectUnknown();
    if (const std::string error = schedulerConfigError(s.admission.scheduler); !error.empty())
        throw InputError("admission: " + policyRules(s.admission.scheduler.policy) + " would refuse to start: " + error,
            file, 0, "admission");
    return s;
}

void saveSessionFile(const Session& session, const std::string& path)
{
    const std::string text = sessionToJson(session).dump(2) + "\n";
    writeFileAtomically(path, [&text](std::ostream& out) { out << text; });
}

Session loadSessionFile(const std::string& path)
{
    const json j = readJsonFile(path, "session file");
    return sessionFromJson(j, path);
}

} // namespace lorascope
