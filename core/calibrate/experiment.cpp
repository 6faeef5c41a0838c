// SPDX-License-Identifier: Apache-2.0
// Reading measurements: S-LoRA result rows (regenerating their traces), manifests of such files,
// and LoraScope replay run folders.

#include "calibrate/experiment.h"

#include "replay/metrics.h"
#include "replay/runfolder.h"
#include "util/error.h"
#include "util/fileio.h"
#include "util/jsonread.h"
#include "workload/generator.h"
#include "workload/presets.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

namespace lorascope {

std::size_t CalibrationData::groupIndex(const std::string& name, const ModelSpec& model, const GpuSpec& gpu)
{
    for (std::size_t i = 0; i < groups.size(); ++i)
        if (groups[i].name == name)
            return i;
    groups.push_back({ name, model, gpu });
    return groups.size() - 1;
}

void CalibrationData::append(CalibrationData other)
{
    std::vector<std::size_t> map;
    for (const auto& g : other.groups)
        map.push_back(groupIndex(g.name, g.model, g.gpu));
    for (auto& e : other.experiments) {
        e.group = map[e.group];
        experiments.push_back(std::move(e));
    }
    for (auto& x : other.excluded)
        excluded.push_back(std::move(x));
}

namespace {

/// Largest S-LoRA result file read (the published ones are a few kB).
constexpr std::uint64_t kMaxSloraResultBytes = std::uint64_t { 256 } << 20;

std::string shortNumber(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

/// The model of an S-LoRA setting (benchmarks/exp_suite.py BASE_MODEL).
std::string modelOfSetting(const std::string& setting)
{
    for (const auto& p : presets())
        if (p.name == setting) {
            for (const char* size : { "70b", "30b", "13b", "7b" })
                if (p.baseModel.find(size) != std::string::npos)
                    return std::string(size) == "70b" ? "llama-2-70b" : "llama-" + std::string(size);
        }
    return {};
}

void resolveSettings(SloraFileSettings& s, const std::string& file, const std::string& field)
{
    bool known = false;
    for (const auto& p : presets())
        known = known || p.name == s.setting;
    if (!known)
        throw InputError(field + "setting: unknown S-LoRA model setting \"" + s.setting + "\" (known: S1..S6, Real)",
            file, 0, field + "setting");
    if (s.model.empty())
        s.model = modelOfSetting(s.setting);
    if (!findModel(s.model))
        throw InputError(
            field + "model: unknown model \"" + s.model + "\" (known: llama-7b, llama-13b, llama-30b, llama-2-70b)",
            file, 0, field + "model");
    if (!findGpu(s.gpu))
        throw InputError(
            field + "gpu: unknown GPU \"" + s.gpu + "\" (known: a10g, a100-40g, a100-80g)", file, 0, field + "gpu");
    if (s.maxTotalTokenNum < 1)
        throw InputError(
            field + "max_total_token_num: the server's --num-token (from its launch line) is needed and must be >= 1",
            file, 0, field + "max_total_token_num");
    if (s.group.empty())
        s.group = s.model + "-" + s.gpu;
}

std::pair<std::int64_t, std::int64_t> rangeOf(JsonObjectReader& r, const char* key)
{
    if (!r.has(key))
        r.fail(r.pathOf(key), "missing");
    const auto& v = r.raw(key);
    if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer())
        r.fail(r.pathOf(key), "expected [lo, hi] (integers), got " + v.dump());
    return { v[0].get<std::int64_t>(), v[1].get<std::int64_t>() };
}

double required(JsonObjectReader& r, const char* key)
{
    if (!r.has(key))
        r.fail(r.pathOf(key), "missing (S-LoRA's run_exp.py writes it)");
    const auto& v = r.raw(key);
    if (!v.is_number())
        r.fail(r.pathOf(key), "expected a number, got " + v.dump());
    const double d = v.get<double>();
    if (!std::isfinite(d) || d < 0)
        r.fail(r.pathOf(key), "must be a finite number >= 0");
    return d;
}

} // namespace

CalibrationData loadSloraResults(const std::string& file, const SloraFileSettings& given, const std::string& role)
{
    SloraFileSettings s = given;
    resolveSettings(s, file, "");
    // A regular file of sane size (S-LoRA's result files are a few kB): a device or a pipe is
    // refused before a byte is read.
    InputLines in(file, "S-LoRA result file", kMaxSloraResultBytes);
    CalibrationData data;
    const std::size_t group = data.groupIndex(s.group, *findModel(s.model), *findGpu(s.gpu));
    std::string text;
    while (in.next(text)) {
        const std::uint64_t lineNo = in.lineNumber();
        if (text.find_first_not_of(" \t") == std::string::npos)
            continue;
        const nlohmann::json j = parseJson(text, file, lineNo); // depth-limited, errors with file and line
        try {
            if (!j.is_object())
                throw InputError("expected a JSON object {\"config\": ..., \"result\": ...}", file, lineNo);
            JsonObjectReader row(j, "", file);
            if (!row.has("config"))
                row.fail("config", "missing: a result row without its config cannot be regenerated");
            if (!row.has("result"))
                row.fail("result", "missing");
            JsonObjectReader c(row.raw("config"), "config", file);
            const std::int64_t n = c.integer("num_adapters", -1);
            if (n < 0 || n > 1000000)
                c.fail("config.num_adapters",
                    n < 0 && !c.has("num_adapters") ? "missing" : "must be between 0 and 1000000");
            WorkloadSpec spec = specForPreset(s.setting);
            spec.generator = GeneratorKind::Slora;
            spec.adapterCount = static_cast<std::uint32_t>(n);
            spec.popularity.kind = PopularityKind::Power;
            spec.popularity.alpha = required(c, "alpha");
            spec.rate = required(c, "req_rate");
            spec.arrival.kind = ArrivalKind::Gamma;
            spec.arrival.cv = required(c, "cv");
            spec.duration = required(c, "duration");
            spec.seed = 42; // run_exp.py --seed default; every published row used it
            const auto inRange = rangeOf(c, "input_range");
            const auto out = rangeOf(c, "output_range");
            spec.input.kind = LengthKind::Uniform;
            spec.input.lo = inRange.first;
            spec.input.hi = inRange.second;
            spec.output.kind = LengthKind::Uniform;
            spec.output.lo = out.first;
            spec.output.hi = out.second;
            c.rejectUnknown();
            if (static_cast<double>(spec.rate) * spec.duration > 2e6)
                c.fail("config.req_rate", "req_rate × duration is over 2 million requests");

            JsonObjectReader r(row.raw("result"), "result", file);
            RunStats m;
            m.totalTime = required(r, "total_time");
            m.throughput = required(r, "throughput");
            m.avgLatency = required(r, "avg_latency");
            m.avgFirstTokenLatency = required(r, "avg_first_token_latency");
            m.avgPerOutputTokenLatency = required(r, "avg_per_output_token_latency");
            m.avgAttainment = required(r, "avg_attainment");
            m.avgSatisfaction = r.has("avg_satisfaction") ? required(r, "avg_satisfaction") : NAN;
            m.avgPerTokenLatency = r.has("avg_per_token_latency") ? required(r, "avg_per_token_latency") : NAN;
            m.numAbort = r.has("num_abort") ? static_cast<std::int64_t>(required(r, "num_abort")) : 0;
            // Shares are shares: an attainment of 2.0 is not a measurement.
            for (const auto& [key, v] :
                { std::pair { "avg_attainment", m.avgAttainment }, { "avg_satisfaction", m.avgSatisfaction } })
                if (std::isfinite(v) && v > 1)
                    r.fail(r.pathOf(key), "must be a share of requests from 0 to 1 (got " + formatNumber(v) + ")");
            if (r.has("num_abort") && std::floor(required(r, "num_abort")) != required(r, "num_abort"))
                r.fail(r.pathOf("num_abort"),
                    "must be a whole number of requests (got " + formatNumber(required(r, "num_abort")) + ")");
            if (m.throughput > 0 && !(m.totalTime > 0))
                r.fail(
                    r.pathOf("total_time"), "must be > 0 when throughput is (a run that finished requests took time)");

            Experiment e;
            e.source = file;
            e.line = lineNo;
            e.group = group;
            e.role = role;
            e.label = "n=" + std::to_string(n) + " alpha=" + shortNumber(spec.popularity.alpha)
                + " R=" + shortNumber(spec.rate) + " cv=" + shortNumber(spec.arrival.cv) + " "
                + shortNumber(spec.duration) + "s";
            e.trace = generateSlora(spec);
            for (Request& q : e.trace.requests)
                q.inputLen += s.promptExtraTokens;
            e.promptExtraTokens = s.promptExtraTokens;
            e.scheduler.policy = s.policy;
            e.scheduler.limits = ServerLimits {};
            e.scheduler.limits.maxTotalTokenNum = s.maxTotalTokenNum;
            e.measured = m;
            data.experiments.push_back(std::move(e));
        } catch (const InputError& err) {
            // Name the line (JsonObjectReader knows only the file).
            if (err.line() != 0)
                throw;
            throw InputError(err.detail(), file, lineNo, err.field());
        }
    }
    if (data.experiments.empty())
        throw InputError("no result rows in the file", file);
    return data;
}

std::vector<SloraManifestEntry> readSloraManifest(const std::string& manifestFile)
{
    const nlohmann::json j = readJsonFile(manifestFile, "S-LoRA manifest");
    JsonObjectReader r(j, "", manifestFile);
    const std::int64_t version = r.integer("schemaVersion", 1);
    if (version != 1)
        r.fail(
            "schemaVersion", "unsupported manifest version " + std::to_string(version) + " (this LoraScope reads 1)");
    (void)r.raw("source");
    (void)r.string("description", "");
    if (!r.has("files") || !r.raw("files").is_array())
        r.fail("files", "missing or not an array");
    std::vector<SloraManifestEntry> out;
    const auto& files = r.raw("files");
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string path = "files[" + std::to_string(i) + "]";
        JsonObjectReader f(files[i], path, manifestFile);
        SloraManifestEntry e;
        e.file = f.string("file", "");
        if (e.file.empty())
            f.fail(f.pathOf("file"), "missing");
        e.role = f.string("role", "");
        if (e.role != "fit" && e.role != "validate" && e.role != "excluded")
            f.fail(f.pathOf("role"), "must be \"fit\", \"validate\" or \"excluded\" (got \"" + e.role + "\")");
        e.reason = f.string("reason", "");
        if (e.role == "excluded" && e.reason.empty())
            f.fail(f.pathOf("reason"), "an excluded file needs its reason");
        e.launch = f.string("launch", "");
        e.run = f.string("run", "");
        e.note = f.string("note", "");
        e.settings.setting = f.string("setting", "");
        e.settings.gpu = f.string("gpu", "");
        e.settings.model = f.string("model", "");
        e.settings.group = f.string("group", "");
        e.settings.maxTotalTokenNum = f.integer("max_total_token_num", 0);
        const std::string policy = f.string("policy", "slora");
        const auto kind = policyFromName(policy);
        if (!kind || *kind == PolicyKind::Vllm)
            f.fail(f.pathOf("policy"), "must be \"slora\" or \"slora-abort\" (got \"" + policy + "\")");
        e.settings.policy = *kind;
        e.settings.promptExtraTokens
            = static_cast<std::uint32_t>(std::clamp<std::int64_t>(f.integer("prompt_extra_tokens", 2), 0, 1 << 20));
        if (f.has("excluded_rows")) {
            const auto& rows = f.raw("excluded_rows");
            if (!rows.is_array())
                f.fail(f.pathOf("excluded_rows"), "expected an array of {line, reason}");
            for (std::size_t k = 0; k < rows.size(); ++k) {
                JsonObjectReader x(rows[k], f.pathOf("excluded_rows") + "[" + std::to_string(k) + "]", manifestFile);
                const std::int64_t line = x.integer("line", 0);
                if (line < 1)
                    x.fail(x.pathOf("line"), "must be a line number >= 1");
                const std::string reason = x.string("reason", "");
                if (reason.empty())
                    x.fail(x.pathOf("reason"), "missing");
                x.rejectUnknown();
                e.excludedRows.emplace_back(static_cast<std::uint64_t>(line), reason);
            }
        }
        f.rejectUnknown();
        if (e.role != "excluded")
            resolveSettings(e.settings, manifestFile, path + ".");
        out.push_back(std::move(e));
    }
    r.rejectUnknown();
    return out;
}

CalibrationData loadSloraManifest(const std::string& manifestFile, const std::string& role, const std::string& group)
{
    if (role != "fit" && role != "validate" && role != "all")
        throw InputError("role must be fit, validate or all (got \"" + role + "\")", manifestFile, 0, "role");
    const auto entries = readSloraManifest(manifestFile);
    const std::filesystem::path base = std::filesystem::path(manifestFile).parent_path();
    CalibrationData data;
    bool groupSeen = group.empty();
    for (const auto& e : entries) {
        const std::string path = (base / e.file).string();
        if (e.role == "excluded") {
            data.excluded.push_back({ path, 0, e.reason });
            continue;
        }
        groupSeen = groupSeen || e.settings.group == group;
        if ((!group.empty() && e.settings.group != group) || (role != "all" && e.role != role))
            continue;
        CalibrationData one = loadSloraResults(path, e.settings, e.role);
        for (auto& x : one.experiments)
            x.note = e.note;
        // Rows the manifest excludes are reported, not fitted or validated.
        std::vector<Experiment> kept;
        for (auto& x : one.experiments) {
            auto it = std::find_if(
                e.excludedRows.begin(), e.excludedRows.end(), [&](const auto& p) { return p.first == x.line; });
            if (it != e.excludedRows.end())
                one.excluded.push_back({ path, x.line, it->second });
            else
                kept.push_back(std::move(x));
        }
        one.experiments = std::move(kept);
        data.append(std::move(one));
    }
    if (!groupSeen)
        throw InputError("no file of group \"" + group + "\" in the manifest", manifestFile, 0, "group");
    return data;
}

CalibrationData loadReplayRun(const std::string& folder, const ReplayRunOptions& o)
{
    const std::string file = (std::filesystem::path(folder) / "requests.jsonl").string();
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec))
        throw InputError("not a replay run folder (no such directory)", folder, 0, "replay");
    if (!std::filesystem::exists(std::filesystem::symlink_status(file, ec)))
        throw InputError("no requests.jsonl in the replay run folder (is it a `lorascope-cli replay --out` folder?)",
            folder, 0, "replay");
    // The same reader and checks as merge: every record consistent, every request once.
    std::vector<std::string> notes;
    const std::vector<ReplayRecord> records = readRequestsFile(file, notes);
    CalibrationData data;
    for (const auto& note : notes)
        data.excluded.push_back({ file, 0, note });
    // A run whose requests mostly failed measured the failures, not the server's speed.
    std::size_t sent = 0, failed = 0, completedCount = 0;
    std::map<std::string, std::size_t> failedKinds;
    for (const auto& r : records) {
        if (r.outcome == Outcome::Cancelled || !std::isfinite(r.sent))
            continue;
        ++sent;
        if (r.outcome == Outcome::Failed) {
            ++failed;
            ++failedKinds[r.errorKind.empty() ? std::string("unknown") : r.errorKind];
        } else if (!r.tokenTimes.empty() && std::isfinite(r.end)) {
            ++completedCount;
        }
    }
    if (completedCount > 0 && 2 * failed > sent) {
        std::string kinds;
        for (const auto& [k, n] : failedKinds)
            kinds += (kinds.empty() ? "" : ", ") + k + " " + std::to_string(n);
        data.excluded.push_back({ folder, 0,
            std::to_string(failed) + " of the " + std::to_string(sent) + " requests sent failed (" + kinds
                + "): the run measured the failures, not the server's speed; left out (fix the server or the replay "
                  "and run it again)" });
        return data;
    }
    const double speed = o.speed > 0 ? o.speed : 1.0;
    std::vector<const ReplayRecord*> used;
    std::size_t completed = 0;
    for (const auto& r : records) {
        if (r.outcome == Outcome::Cancelled || !std::isfinite(r.sent))
            continue; // never (fully) sent: the server did not see it
        if (r.outcome == Outcome::Completed && !r.tokenTimes.empty() && std::isfinite(r.end))
            ++completed;
        used.push_back(&r);
    }
    if (completed == 0)
        throw InputError("no completed request with token times in requests.jsonl (" + std::to_string(records.size())
                + " records, " + std::to_string(failed)
                + " failed): the run has nothing a cost model can be fitted to or checked against",
            file, 0, "replay");
    std::sort(used.begin(), used.end(), [](const ReplayRecord* a, const ReplayRecord* b) { return a->sent < b->sent; });

    Experiment e;
    e.source = folder;
    e.group = data.groupIndex(o.group, o.model, o.gpu);
    e.scheduler = o.scheduler;
    e.role = "fit";
    std::map<std::string, std::uint32_t> adapterIndex;
    std::vector<ClientRequest> seen;
    for (const ReplayRecord* r : used) {
        Request q;
        q.time = r->sent * speed;
        q.inputLen = r->reportedInputTokens >= 0 ? static_cast<std::uint32_t>(r->reportedInputTokens) : r->inputLen;
        q.outputLen = r->outputLen;
        if (!r->adapter.empty()) {
            auto [it, fresh] = adapterIndex.emplace(r->adapter, static_cast<std::uint32_t>(e.trace.adapters.size()));
            if (fresh) {
                int rank = -1;
                try {
                    rank = rankFromName(r->adapter);
                } catch (const InputError& err) {
                    throw InputError(err.detail(), file, 0, "adapter");
                }
                e.trace.adapters.push_back({ r->adapter, rank > 0 ? rank : o.defaultRank });
            }
            q.adapter = it->second;
        }
        e.trace.requests.push_back(q);
        ClientRequest c;
        c.start = r->sent * speed;
        c.promptLen = r->inputLen;
        c.outputLen = r->outputLen;
        if (r->outcome == Outcome::Completed && !r->tokenTimes.empty() && std::isfinite(r->end)) {
            c.firstToken = r->tokenTimes.front() * speed;
            c.end = r->end * speed;
        } else {
            c.aborted = true; // a failed request: S-LoRA's client counts it as aborted
            c.end = (std::isfinite(r->end) ? r->end : r->sent) * speed;
        }
        seen.push_back(c);
    }
    e.trace.source = folder;
    e.measured = sloraRunStats(seen);
    e.requests = std::move(seen);
    e.label = std::to_string(completed) + " completed of " + std::to_string(records.size()) + " requests";
    data.experiments.push_back(std::move(e));
    return data;
}

RunStats predictExperiment(const Experiment& e, const CostModel& cost, std::vector<ClientRequest>* requests)
{
    SimulationConfig config;
    config.scheduler = e.scheduler;
    config.clock = ClockKind::Model;
    config.cost = cost;
    config.recordTimeline = false;
    const SimulationResult result = simulate(e.trace, config);
    ClientModel client;
    client.responseDelay = cost.responseDelay;
    std::vector<ClientRequest> view = clientView(result, client);
    for (ClientRequest& c : view)
        c.promptLen -= std::min(c.promptLen, e.promptExtraTokens); // S-LoRA's client divides by its own prompt_len
    const RunStats stats = sloraRunStats(view);
    if (requests)
        *requests = std::move(view);
    return stats;
}

} // namespace lorascope
