// SPDX-License-Identifier: Apache-2.0
#include "sweep/sweepio.h"

#include "util/error.h"
#include "util/jsonread.h"
#include "util/version.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

namespace lorascope {

namespace {

using ojson = nlohmann::ordered_json;

ojson num(double v)
{
    return std::isfinite(v) ? ojson(v) : ojson(nullptr);
}

ojson latency(const LatencyStats& s)
{
    return { { "count", s.count }, { "mean", num(s.mean) }, { "p50", num(s.p50) }, { "p90", num(s.p90) }, { "p99", num(s.p99) } };
}

ojson serverJson(const SimulationConfig& c)
{
    ojson j;
    j["policy"] = policyName(c.scheduler.policy);
    j["cost_model"] = c.cost.name;
    j["cost_model_description"] = c.cost.description;
    const ServerLimits& l = c.scheduler.limits;
    j["max_total_token_num"] = l.maxTotalTokenNum;
    j["batch_max_tokens"] = l.effectiveBatchMaxTokens();
    j["running_max_req_size"] = l.runningMaxReqSize;
    j["max_req_total_len"] = l.maxReqTotalLen;
    j["max_req_input_len"] = l.maxReqInputLen;
    j["max_wait_tokens"] = c.scheduler.maxWaitTokens;
    if (c.scheduler.policy == PolicyKind::Vllm)
        j["vllm"] = { { "max_num_seqs", c.scheduler.vllm.maxNumSeqs }, { "max_num_batched_tokens", c.scheduler.vllm.maxNumBatchedTokens },
            { "max_loras", c.scheduler.vllm.maxLoras } };
    return j;
}

ojson sloJson(const SloTarget& s)
{
    ojson j;
    j["ttft_s"] = s.ttft ? ojson(*s.ttft) : ojson(nullptr);
    j["tpot_s"] = s.tpot ? ojson(*s.tpot) : ojson(nullptr);
    j["e2e_s"] = s.e2e ? ojson(*s.e2e) : ojson(nullptr);
    j["attainment"] = s.attainment;
    j["text"] = s.describe();
    return j;
}

ojson metricsJson(const PointMetrics& m)
{
    ojson j;
    j["requests"] = m.requests;
    j["completed"] = m.completed;
    j["lost"] = m.lost;
    j["unfinished"] = m.unfinished;
    j["benchmark_time"] = num(m.benchmarkTime);
    j["throughput"] = num(m.throughput);
    j["output_throughput"] = num(m.tokenThroughput);
    j["goodput"] = num(m.goodput);
    j["ttft"] = latency(m.ttft);
    j["tpot"] = latency(m.tpot);
    j["e2e"] = latency(m.e2e);
    j["wait"] = latency(m.wait);
    j["slora_attainment"] = num(m.sloraAttainment);
    j["slora_reward"] = num(m.sloraReward);
    j["slo_attainment"] = num(m.sloAttainment);
    j["meets_slo"] = m.meetsSlo;
    j["offered_rate"] = num(m.offeredRate);
    j["achieved_rate"] = num(m.achievedRate);
    j["achieved_ratio"] = num(m.achievedRatio);
    j["backlog_growth"] = num(m.backlogGrowth);
    j["saturated"] = m.saturated;
    j["guidellm_over_saturated"] = m.overSaturation.detected;
    j["guidellm_over_saturated_at"] = num(m.overSaturation.at);
    j["steady_window"] = { num(m.windowStart), num(m.windowEnd) };
    j["peak_queue"] = num(m.peakQueue);
    j["peak_running"] = num(m.peakRunning);
    j["peak_kv_need"] = m.peakKvNeed;
    j["peak_kv_used"] = m.peakKvUsed;
    j["kv_capacity"] = m.kvCapacity;
    j["adapter_loads"] = m.adapterLoads;
    return j;
}

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

std::string csvNum(double v)
{
    if (!std::isfinite(v))
        return {};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string csvText(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

// Column name → value of a point, in one table so the header and the rows cannot drift apart.
struct Column {
    const char* name;
    std::string (*value)(const SweepPlan&, const SweepPoint&);
};

#define LS_NUM(expr) [](const SweepPlan&, const SweepPoint& p) { return csvNum(static_cast<double>(expr)); }
const Column kColumns[] = {
    { "index", LS_NUM(p.index) },
    { "parameter", [](const SweepPlan& plan, const SweepPoint&) { return std::string(sweepParamInfo(plan.param).name); } },
    { "value", LS_NUM(p.value) },
    { "source", [](const SweepPlan&, const SweepPoint& p) { return std::string(p.replayed ? "replay" : "preview"); } },
    { "generator", [](const SweepPlan&, const SweepPoint& p) { return std::string(toString(p.spec.generator)); } },
    { "preset", [](const SweepPlan&, const SweepPoint& p) { return csvText(p.spec.preset); } },
    { "adapters", LS_NUM(p.spec.adapterCount) },
    { "rate", LS_NUM(p.spec.rate) },
    { "alpha", LS_NUM(p.spec.popularity.alpha) },
    { "cv", LS_NUM(p.spec.arrival.cv) },
    { "duration", LS_NUM(p.spec.duration) },
    { "seed", LS_NUM(p.spec.seed) },
    { "policy", [](const SweepPlan&, const SweepPoint& p) { return policyName(p.config.scheduler.policy); } },
    { "cost_model", [](const SweepPlan&, const SweepPoint& p) { return csvText(p.config.cost.name); } },
    { "max_total_token_num", LS_NUM(p.spec.limits.maxTotalTokenNum) },
    { "batch_max_tokens", LS_NUM(p.spec.limits.effectiveBatchMaxTokens()) },
    { "requests", LS_NUM(p.metrics.requests) },
    { "completed", LS_NUM(p.metrics.completed) },
    { "lost", LS_NUM(p.metrics.lost) },
    { "unfinished", LS_NUM(p.metrics.unfinished) },
    { "throughput", LS_NUM(p.metrics.throughput) },
    { "output_throughput", LS_NUM(p.metrics.tokenThroughput) },
    { "goodput", LS_NUM(p.metrics.goodput) },
    { "ttft_mean", LS_NUM(p.metrics.ttft.mean) },
    { "ttft_p50", LS_NUM(p.metrics.ttft.p50) },
    { "ttft_p90", LS_NUM(p.metrics.ttft.p90) },
    { "ttft_p99", LS_NUM(p.metrics.ttft.p99) },
    { "tpot_mean", LS_NUM(p.metrics.tpot.mean) },
    { "tpot_p50", LS_NUM(p.metrics.tpot.p50) },
    { "tpot_p90", LS_NUM(p.metrics.tpot.p90) },
    { "tpot_p99", LS_NUM(p.metrics.tpot.p99) },
    { "e2e_mean", LS_NUM(p.metrics.e2e.mean) },
    { "e2e_p50", LS_NUM(p.metrics.e2e.p50) },
    { "e2e_p90", LS_NUM(p.metrics.e2e.p90) },
    { "e2e_p99", LS_NUM(p.metrics.e2e.p99) },
    { "slora_attainment", LS_NUM(p.metrics.sloraAttainment) },
    { "slo_attainment", LS_NUM(p.metrics.sloAttainment) },
    { "meets_slo", [](const SweepPlan&, const SweepPoint& p) { return std::string(p.metrics.meetsSlo ? "true" : "false"); } },
    { "offered_rate", LS_NUM(p.metrics.offeredRate) },
    { "achieved_rate", LS_NUM(p.metrics.achievedRate) },
    { "achieved_ratio", LS_NUM(p.metrics.achievedRatio) },
    { "saturated", [](const SweepPlan&, const SweepPoint& p) { return std::string(p.metrics.saturated ? "true" : "false"); } },
    { "guidellm_over_saturated",
        [](const SweepPlan&, const SweepPoint& p) { return std::string(p.metrics.overSaturation.detected ? "true" : "false"); } },
    { "peak_queue", LS_NUM(p.metrics.peakQueue) },
    { "peak_running", LS_NUM(p.metrics.peakRunning) },
    { "peak_kv_need", LS_NUM(p.metrics.peakKvNeed) },
    { "kv_capacity", LS_NUM(p.metrics.kvCapacity) },
};
#undef LS_NUM

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

std::optional<SweepFileFormat> sweepFormatForPath(const std::string& path)
{
    auto ends = [&](const char* ext) {
        const std::size_t n = std::strlen(ext);
        if (path.size() < n)
            return false;
        std::string tail = path.substr(path.size() - n);
        std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return tail == ext;
    };
    if (ends(".jsonl"))
        return SweepFileFormat::JsonLines;
    if (ends(".csv"))
        return SweepFileFormat::Csv;
    return std::nullopt;
}

nlohmann::ordered_json sweepHeaderJson(const SweepPlan& plan, const std::string& source)
{
    const SweepParamInfo& info = sweepParamInfo(plan.param);
    ojson j;
    j["kind"] = "header";
    j["format"] = kSweepFormat;
    j["schemaVersion"] = kSweepSchemaVersion;
    j["tool_version"] = kVersion;
    j["parameter"] = info.name;
    j["unit"] = info.unit;
    j["values"] = plan.values;
    j["source"] = source;
    if (!plan.suite.empty()) {
        j["suite"] = plan.suite;
        j["model_setting"] = plan.modelSetting;
    }
    j["slo"] = sloJson(plan.slo);
    j["saturation_ratio"] = plan.saturation.ratio;
    j["warmup_s"] = plan.warmup;
    j["cooldown_s"] = plan.cooldown;
    j["spec"] = ojson::parse(toJson(plan.spec).dump());
    SimulationConfig config = plan.config;
    config.scheduler.limits = plan.spec.limits;
    j["server"] = serverJson(config);
    return j;
}

nlohmann::ordered_json sweepPointJson(const SweepPlan& plan, const SweepPoint& p)
{
    ojson j;
    j["kind"] = "point";
    j["index"] = p.index;
    j["parameter"] = sweepParamInfo(plan.param).name;
    j["value"] = p.value;
    j["source"] = p.replayed ? "replay" : "preview";
    j["seconds"] = p.seconds;
    j["spec"] = ojson::parse(toJson(p.spec).dump());
    j["server"] = serverJson(p.config);
    j["metrics"] = metricsJson(p.metrics);
    ojson per = ojson::array();
    for (const AdapterMetrics& a : p.perAdapter) {
        ojson e;
        e["adapter"] = a.name.empty() ? ojson(nullptr) : ojson(a.name);
        e["rank"] = a.rank;
        e["requests"] = a.requests;
        e["completed"] = a.completed;
        e["throughput"] = num(a.throughput);
        e["ttft"] = latency(a.ttft);
        e["tpot"] = latency(a.tpot);
        e["e2e"] = latency(a.e2e);
        e["slora_attainment"] = num(a.sloraAttainment);
        e["slo_attainment"] = num(a.sloAttainment);
        per.push_back(std::move(e));
    }
    j["per_adapter"] = std::move(per);
    return j;
}

nlohmann::ordered_json capacityJson(const CapacityResult& r)
{
    const char* outcome = "found";
    switch (r.outcome) {
    case CapacityResult::Outcome::Found:
        break;
    case CapacityResult::Outcome::NoneMeets:
        outcome = "none_meets";
        break;
    case CapacityResult::Outcome::AllMeet:
        outcome = "all_meet";
        break;
    case CapacityResult::Outcome::Unconverged:
        outcome = "unconverged";
        break;
    }
    const char* sat = "not_searched";
    switch (r.saturationOutcome) {
    case CapacityResult::Saturation::Found:
        sat = "found";
        break;
    case CapacityResult::Saturation::Never:
        sat = "never";
        break;
    case CapacityResult::Saturation::Always:
        sat = "always";
        break;
    case CapacityResult::Saturation::NotSearched:
        break;
    }
    ojson j;
    j["kind"] = "capacity";
    j["parameter"] = sweepParamInfo(r.param).name;
    j["slo"] = sloJson(r.slo);
    j["outcome"] = outcome;
    j["capacity"] = num(r.capacity);
    j["first_failing"] = num(r.firstFailing);
    j["lowest_tried"] = num(r.lowest);
    j["highest_tried"] = num(r.highest);
    j["slo_attainment_at_lowest"] = num(r.attainmentAtLowest);
    j["slo_attainment_at_highest"] = num(r.attainmentAtHighest);
    j["saturation_outcome"] = sat;
    j["saturation"] = num(r.saturation);
    j["last_unsaturated"] = num(r.lastUnsaturated);
    j["achieved_ratio_at_highest"] = num(r.ratioAtHighest);
    j["evaluations"] = r.evaluations.size();
    j["seconds"] = r.seconds;
    j["cancelled"] = r.cancelled;
    ojson adapters = ojson::array();
    for (const AdapterBreak& a : r.adapters) {
        ojson e;
        e["adapter"] = a.name.empty() ? ojson(nullptr) : ojson(a.name);
        e["rank"] = a.rank;
        e["first_failing"] = num(a.firstFailing);
        e["last_meeting"] = num(a.lastMeeting);
        e["slo_attainment_at_capacity"] = num(a.attainmentAtCapacity);
        e["slo_attainment_above"] = num(a.attainmentAbove);
        e["requests_above"] = a.requestsAbove;
        adapters.push_back(std::move(e));
    }
    j["adapters"] = std::move(adapters);
    ojson ranks = ojson::array();
    for (const RankBreak& rb : r.ranks)
        ranks.push_back({ { "rank", rb.rank }, { "adapters", rb.adapters }, { "slo_attainment_at_capacity", num(rb.attainmentAtCapacity) },
            { "slo_attainment_above", num(rb.attainmentAbove) }, { "requests_above", rb.requestsAbove } });
    j["ranks"] = std::move(ranks);
    j["summary"] = r.describe();
    ojson notes = ojson::array();
    for (const UserNote& n : r.notes)
        notes.push_back(n.text);
    j["notes"] = std::move(notes);
    return j;
}

nlohmann::ordered_json paperJson(const PaperFigure& figure, const PaperAgreement& a, const CostModel& cost)
{
    ojson j;
    j["kind"] = "paper";
    j["figure"] = figure.title();
    j["file"] = figure.file;
    j["source"] = kPaperSource;
    j["parameter"] = sweepParamInfo(figure.param).name;
    j["cost_model"] = cost.name;
    j["cost_model_description"] = cost.description;
    ojson rows = ojson::array();
    for (const PaperMatch& m : a.matches)
        rows.push_back({ { "value", m.value }, { "paper_throughput", m.paper.throughput }, { "preview_throughput", num(m.throughput) },
            { "paper_avg_first_token_latency", m.paper.avgFirstTokenLatency }, { "preview_avg_first_token_latency", num(m.avgFirstTokenLatency) },
            { "paper_avg_latency", m.paper.avgLatency }, { "preview_avg_latency", num(m.avgLatency) },
            { "paper_attainment", m.paper.attainment }, { "preview_attainment", num(m.attainment) } });
    j["rows"] = std::move(rows);
    j["throughput_mape"] = num(a.throughputMape);
    j["first_token_latency_mape"] = num(a.firstTokenMape);
    j["latency_mape"] = num(a.latencyMape);
    j["attainment_mae"] = num(a.attainmentMae);
    return j;
}

std::string sweepCsvHeader()
{
    std::string out;
    for (const Column& c : kColumns) {
        if (!out.empty())
            out += ',';
        out += c.name;
    }
    return out;
}

std::string sweepCsvRow(const SweepPlan& plan, const SweepPoint& point)
{
    std::string out;
    bool first = true;
    for (const Column& c : kColumns) {
        if (!first)
            out += ',';
        first = false;
        out += c.value(plan, point);
    }
    return out;
}

SweepWriter::SweepWriter(const std::string& path, const SweepPlan& plan, const std::string& source, std::optional<SweepFileFormat> format)
    : m_path(path)
    , m_plan(plan)
{
    const auto f = format ? format : path == "-" ? SweepFileFormat::JsonLines : sweepFormatForPath(path);
    if (!f)
        throw InputError("cannot tell the format from the extension (use .jsonl or .csv)", path, 0, "--output");
    m_format = *f;
    m_file = path == "-" ? stdout : std::fopen(path.c_str(), "w");
    if (!m_file)
        throw InputError(std::string("cannot write: ") + std::strerror(errno), path);
    if (m_format == SweepFileFormat::JsonLines)
        write(sweepHeaderJson(plan, source).dump());
    else
        write(sweepCsvHeader());
}

SweepWriter::~SweepWriter()
{
    if (m_file && m_file != stdout)
        std::fclose(m_file);
}

void SweepWriter::write(const std::string& line)
{
    const std::string text = line + "\n";
    if (std::fwrite(text.data(), 1, text.size(), m_file) != text.size() || std::fflush(m_file) != 0)
        throw InputError(std::string("write failed: ") + std::strerror(errno), m_path);
}

void SweepWriter::append(const SweepPoint& point)
{
    write(m_format == SweepFileFormat::JsonLines ? sweepPointJson(m_plan, point).dump() : sweepCsvRow(m_plan, point));
    ++m_written;
}

void SweepWriter::appendCapacity(const CapacityResult& result)
{
    if (m_format == SweepFileFormat::JsonLines)
        write(capacityJson(result).dump());
}

void SweepWriter::appendJson(const nlohmann::ordered_json& line)
{
    if (m_format == SweepFileFormat::JsonLines)
        write(line.dump());
}

SweepFile readSweepFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError("cannot open the sweep file", path);
    SweepFile out;
    out.path = path;
    std::string line;
    std::uint64_t number = 0;
    const auto format = sweepFormatForPath(path);
    if (format == SweepFileFormat::Csv) {
        std::vector<std::string> header;
        std::map<std::string, std::size_t> col;
        while (std::getline(in, line)) {
            ++number;
            if (line.find_first_not_of(" \t\r") == std::string::npos)
                continue;
            const auto cells = splitCsv(line);
            if (header.empty()) {
                header = cells;
                for (std::size_t i = 0; i < header.size(); ++i)
                    col[header[i]] = i;
                for (const char* need : { "parameter", "value", "throughput" })
                    if (!col.count(need))
                        throw InputError(std::string("not a LoraScope sweep CSV: no \"") + need + "\" column", path, number, need);
                continue;
            }
            if (cells.size() != header.size())
                throw InputError("expected " + std::to_string(header.size()) + " cells, got " + std::to_string(cells.size()), path, number, {});
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
            m.completed = static_cast<std::uint64_t>(std::max(0.0, std::isnan(value("completed")) ? 0.0 : value("completed")));
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
    } else {
        bool header = false;
        while (std::getline(in, line)) {
            ++number;
            if (line.find_first_not_of(" \t\r") == std::string::npos)
                continue;
            const nlohmann::json j = parseJson(line, path, number); // depth-limited, errors with file and line
            const std::string kind = j.is_object() ? j.value("kind", std::string()) : std::string();
            try {
                if (kind == "header") {
                    if (j.value("format", std::string()) != kSweepFormat)
                        throw InputError(std::string("not a LoraScope sweep file (format is not \"") + kSweepFormat + "\")", path, number, "format");
                    if (j.value("schemaVersion", 0) > kSweepSchemaVersion)
                        throw InputError("written by a newer LoraScope (schemaVersion " + std::to_string(j.value("schemaVersion", 0)) + ")", path,
                            number, "schemaVersion");
                    const auto param = sweepParamFromName(j.value("parameter", std::string()));
                    if (!param)
                        throw InputError("unknown parameter \"" + j.value("parameter", std::string()) + "\"", path, number, "parameter");
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
                        if (const auto policy = policyFromName(s.value("policy", std::string("slora"))))
                            p.config.scheduler.policy = *policy;
                    }
                    p.metrics = metricsFrom(j.value("metrics", nlohmann::json::object()));
                    for (const auto& a : j.value("per_adapter", nlohmann::json::array())) {
                        AdapterMetrics am;
                        am.name = a.contains("adapter") && a["adapter"].is_string() ? a["adapter"].get<std::string>() : std::string();
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
                    throw InputError("unknown line kind \"" + kind + "\" (header, point, capacity, paper)", path, number, "kind");
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
    std::stable_sort(out.points.begin(), out.points.end(), [](const SweepPoint& a, const SweepPoint& b) { return a.value < b.value; });
    return out;
}

} // namespace lorascope
