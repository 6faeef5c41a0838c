// SPDX-License-Identifier: Apache-2.0
// Reading sweep files back (JSON Lines or CSV, as SweepWriter writes them): for the desktop's
// comparison of sweeps and for resuming; every bad line is named by file, line and field.
#include "sweep/sweepio.h"

#include "util/error.h"
#include "util/fileio.h"
#include "util/jsonread.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

namespace lorascope {

namespace {

/// Largest sweep file read (1000 points with 100,000 adapters each stay far below it).
constexpr std::uint64_t kMaxSweepFileBytes = std::uint64_t { 4 } << 30;

double getNum(const nlohmann::json& j, const char* key)
{
    if (!j.is_object() || !j.contains(key) || j[key].is_null())
        return NAN;
    if (!j[key].is_number())
        throw std::runtime_error(std::string(key) + ": expected a number");
    return j[key].get<double>();
}

LatencyStats latencyFrom(const nlohmann::json& j)
{
    LatencyStats s;
    if (!j.is_object())
        return s;
    s.count = j.value("count", std::uint64_t(0));
    s.mean = getNum(j, "mean");
    s.p50 = getNum(j, "p50");
    s.p90 = getNum(j, "p90");
    s.p99 = getNum(j, "p99");
    return s;
}

PointMetrics metricsFrom(const nlohmann::json& j)
{
    PointMetrics m;
    m.requests = j.value("requests", std::uint64_t(0));
    m.completed = j.value("completed", std::uint64_t(0));
    m.lost = j.value("lost", std::uint64_t(0));
    m.unfinished = j.value("unfinished", std::uint64_t(0));
    m.benchmarkTime = getNum(j, "benchmark_time");
    m.throughput = getNum(j, "throughput");
    m.tokenThroughput = getNum(j, "output_throughput");
    m.goodput = getNum(j, "goodput");
    m.ttft = latencyFrom(j.value("ttft", nlohmann::json()));
    m.tpot = latencyFrom(j.value("tpot", nlohmann::json()));
    m.e2e = latencyFrom(j.value("e2e", nlohmann::json()));
    m.wait = latencyFrom(j.value("wait", nlohmann::json()));
    m.sloraAttainment = getNum(j, "slora_attainment");
    m.sloraReward = getNum(j, "slora_reward");
    m.sloAttainment = getNum(j, "slo_attainment");
    m.meetsSlo = j.value("meets_slo", false);
    m.offeredRate = getNum(j, "offered_rate");
    m.achievedRate = getNum(j, "achieved_rate");
    m.achievedRatio = getNum(j, "achieved_ratio");
    m.backlogGrowth = getNum(j, "backlog_growth");
    m.saturated = j.value("saturated", false);
    m.overSaturation.detected = j.value("guidellm_over_saturated", false);
    m.overSaturation.at = getNum(j, "guidellm_over_saturated_at");
    m.peakQueue = getNum(j, "peak_queue");
    m.peakRunning = getNum(j, "peak_running");
    m.peakKvNeed = j.value("peak_kv_need", std::int64_t(0));
    m.peakKvUsed = j.value("peak_kv_used", std::int64_t(0));
    m.kvCapacity = j.value("kv_capacity", std::int64_t(0));
    m.adapterLoads = j.value("adapter_loads", std::uint64_t(0));
    return m;
}

std::vector<std::string> splitCsv(const std::string& line)
{
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cur += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            out.push_back(cur);
            cur.clear();
        } else if (c != '\r') {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

} // namespace

namespace {

/// The rows of a CSV sweep file (header first).
void readSweepCsv(InputLines& in, const std::string& path, SweepFile& out)
{
    std::string line;
    std::uint64_t number = 0;
    std::vector<std::string> header;
    std::map<std::string, std::size_t> col;
    while (in.next(line)) {
        number = in.lineNumber();
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        const auto cells = splitCsv(line);
        if (header.empty()) {
            header = cells;
            for (std::size_t i = 0; i < header.size(); ++i)
                col[header[i]] = i;
            for (const char* need : { "parameter", "value", "throughput" })
                if (!col.count(need))
                    throw InputError(
                        std::string("not a LoraScope sweep CSV: no \"") + need + "\" column", path, number, need);
            continue;
        }
        if (cells.size() != header.size())
            throw InputError(
                "expected " + std::to_string(header.size()) + " cells, got " + std::to_string(cells.size()), path,
                number, {});
        auto cell = [&](const char* name) -> std::string {
            const auto it = col.find(name);
            return it == col.end() ? std::string() : cells[it->second];
        };
        auto value = [&](const char* name) -> double {
            const std::string c = cell(name);
            if (c.empty())
                return NAN;
            try {
                std::size_t used = 0;
                const double v = std::stod(c, &used);
                if (used != c.size())
                    throw std::invalid_argument(c);
                return v;
            } catch (const std::exception&) {
                throw InputError("expected a number (got \"" + c + "\")", path, number, name);
            }
        };
        const auto param = sweepParamFromName(cell("parameter"));
        if (!param)
            throw InputError("unknown parameter \"" + cell("parameter") + "\"", path, number, "parameter");
        out.param = *param;
        SweepPoint p;
        p.index = static_cast<std::size_t>(std::max(0.0, std::isnan(value("index")) ? 0.0 : value("index")));
        p.value = value("value");
        if (std::isnan(p.value))
            throw InputError("a point needs a value", path, number, "value");
        p.replayed = cell("source") == "replay";
        p.config.cost.name = cell("cost_model");
        out.costModel = p.config.cost.name;
        PointMetrics& m = p.metrics;
        m.requests = static_cast<std::uint64_t>(std::max(0.0, std::isnan(value("requests")) ? 0.0 : value("requests")));
        m.completed
            = static_cast<std::uint64_t>(std::max(0.0, std::isnan(value("completed")) ? 0.0 : value("completed")));
        m.throughput = value("throughput");
        m.tokenThroughput = value("output_throughput");
        m.goodput = value("goodput");
        m.ttft = { 0, value("ttft_mean"), value("ttft_p50"), value("ttft_p90"), value("ttft_p99") };
        m.tpot = { 0, value("tpot_mean"), value("tpot_p50"), value("tpot_p90"), value("tpot_p99") };
        m.e2e = { 0, value("e2e_mean"), value("e2e_p50"), value("e2e_p90"), value("e2e_p99") };
        m.sloraAttainment = value("slora_attainment");
        m.sloAttainment = value("slo_attainment");
        m.meetsSlo = cell("meets_slo") == "true";
        m.offeredRate = value("offered_rate");
        m.achievedRate = value("achieved_rate");
        m.achievedRatio = value("achieved_ratio");
        m.saturated = cell("saturated") == "true";
        m.overSaturation.detected = cell("guidellm_over_saturated") == "true";
        m.peakQueue = value("peak_queue");
        m.peakRunning = value("peak_running");
        out.points.push_back(std::move(p));
    }
    if (header.empty())
        throw InputError("the sweep file is empty", path);
}

/// The lines of a JSON Lines sweep file (header, points, capacity and paper lines).
void readSweepJsonl(InputLines& in, const std::string& path, SweepFile& out)
{
    std::string line;
    std::uint64_t number = 0;
    bool header = false;
    while (in.next(line)) {
        number = in.lineNumber();
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        const nlohmann::json j = parseJson(line, path, number); // depth-limited, errors with file and line
        const std::string kind = j.is_object() ? j.value("kind", std::string()) : std::string();
        try {
            if (kind == "header") {
                if (j.value("format", std::string()) != kSweepFormat)
                    throw InputError(std::string("not a LoraScope sweep file (format is not \"") + kSweepFormat + "\")",
                        path, number, "format");
                if (j.value("schemaVersion", 0) > kSweepSchemaVersion)
                    throw InputError("written by a newer LoraScope (schemaVersion "
                            + std::to_string(j.value("schemaVersion", 0)) + ")",
                        path, number, "schemaVersion");
                const auto param = sweepParamFromName(j.value("parameter", std::string()));
                if (!param)
                    throw InputError(
                        "unknown parameter \"" + j.value("parameter", std::string()) + "\"", path, number, "parameter");
                out.param = *param;
                out.source = j.value("source", std::string());
                out.suite = j.value("suite", std::string());
                out.modelSetting = j.value("model_setting", std::string());
                if (j.contains("spec"))
                    out.spec = specFromJson(j["spec"], path);
                if (j.contains("server") && j["server"].is_object())
                    out.costModel = j["server"].value("cost_model", std::string());
                if (j.contains("slo") && j["slo"].is_object()) {
                    const auto& s = j["slo"];
                    if (const double v = getNum(s, "ttft_s"); std::isfinite(v))
                        out.slo.ttft = v;
                    else
                        out.slo.ttft.reset();
                    if (const double v = getNum(s, "tpot_s"); std::isfinite(v))
                        out.slo.tpot = v;
                    if (const double v = getNum(s, "e2e_s"); std::isfinite(v))
                        out.slo.e2e = v;
                    out.slo.attainment = s.value("attainment", 0.9);
                }
                header = true;
            } else if (kind == "point") {
                if (!header)
                    throw InputError("a point before the header line", path, number, "kind");
                SweepPoint p;
                p.index = j.value("index", std::size_t(0));
                p.value = getNum(j, "value");
                if (std::isnan(p.value))
                    throw InputError("a point needs a value", path, number, "value");
                p.replayed = j.value("source", std::string()) == "replay";
                p.seconds = j.value("seconds", 0.0);
                if (j.contains("spec"))
                    p.spec = specFromJson(j["spec"], path);
                if (j.contains("server") && j["server"].is_object()) {
                    const auto& s = j["server"];
                    p.config.cost.name = s.value("cost_model", std::string());
                    // The scheduler's one reader; unknown members (a newer file's) are left alone here.
                    JsonObjectReader server(s, "server", path);
                    std::vector<std::string> notes;
                    readSchedulerConfig(server, p.config.scheduler, &notes);
                    for (std::string& n : notes)
                        if (std::find(out.notes.begin(), out.notes.end(), n) == out.notes.end())
                            out.notes.push_back(std::move(n));
                }
                p.metrics = metricsFrom(j.value("metrics", nlohmann::json::object()));
                for (const auto& a : j.value("per_adapter", nlohmann::json::array())) {
                    AdapterMetrics am;
                    am.name = a.contains("adapter") && a["adapter"].is_string() ? a["adapter"].get<std::string>()
                                                                                : std::string();
                    am.rank = a.value("rank", 0);
                    am.requests = a.value("requests", std::uint64_t(0));
                    am.completed = a.value("completed", std::uint64_t(0));
                    am.throughput = getNum(a, "throughput");
                    am.ttft = latencyFrom(a.value("ttft", nlohmann::json()));
                    am.tpot = latencyFrom(a.value("tpot", nlohmann::json()));
                    am.e2e = latencyFrom(a.value("e2e", nlohmann::json()));
                    am.sloraAttainment = getNum(a, "slora_attainment");
                    am.sloAttainment = getNum(a, "slo_attainment");
                    p.perAdapter.push_back(std::move(am));
                }
                out.points.push_back(std::move(p));
            } else if (kind != "capacity" && kind != "paper") {
                throw InputError(
                    "unknown line kind \"" + kind + "\" (header, point, capacity, paper)", path, number, "kind");
            }
        } catch (const InputError&) {
            throw;
        } catch (const std::exception& e) {
            throw InputError(e.what(), path, number, {});
        }
    }
    if (!header)
        throw InputError("no header line: not a LoraScope sweep file", path);
}

} // namespace

SweepFile readSweepFile(const std::string& path)
{
    // As every reader: a regular file (never a device or a pipe), lines of at most 64 MiB.
    InputLines in(path, "sweep file", kMaxSweepFileBytes);
    SweepFile out;
    out.path = path;
    if (sweepFormatForPath(path) == SweepFileFormat::Csv)
        readSweepCsv(in, path, out);
    else
        readSweepJsonl(in, path, out);
    std::stable_sort(out.points.begin(), out.points.end(),
        [](const SweepPoint& a, const SweepPoint& b) { return a.value < b.value; });
    return out;
}

} // namespace lorascope
