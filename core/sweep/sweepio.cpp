// SPDX-License-Identifier: Apache-2.0
#include "sweep/sweepio.h"

#include "util/atomicfile.h"
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
    return { { "count", s.count }, { "mean", num(s.mean) }, { "p50", num(s.p50) }, { "p90", num(s.p90) },
        { "p99", num(s.p99) } };
}

ojson serverJson(const SimulationConfig& c)
{
    // The scheduler's one JSON form (admission/schedulerconfig.h), plus the cost model.
    ojson j;
    schedulerConfigToJson(c.scheduler, j);
    j["cost_model"] = c.cost.name;
    j["cost_model_description"] = c.cost.description;
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
    { "parameter",
        [](const SweepPlan& plan, const SweepPoint&) { return std::string(sweepParamInfo(plan.param).name); } },
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
    { "max_total_token_num", LS_NUM(p.config.scheduler.limits.maxTotalTokenNum) },
    { "batch_max_tokens", LS_NUM(p.config.scheduler.limits.effectiveBatchMaxTokens()) },
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
    { "meets_slo",
        [](const SweepPlan&, const SweepPoint& p) { return std::string(p.metrics.meetsSlo ? "true" : "false"); } },
    { "offered_rate", LS_NUM(p.metrics.offeredRate) },
    { "achieved_rate", LS_NUM(p.metrics.achievedRate) },
    { "achieved_ratio", LS_NUM(p.metrics.achievedRatio) },
    { "saturated",
        [](const SweepPlan&, const SweepPoint& p) { return std::string(p.metrics.saturated ? "true" : "false"); } },
    { "guidellm_over_saturated",
        [](const SweepPlan&, const SweepPoint& p) {
            return std::string(p.metrics.overSaturation.detected ? "true" : "false");
        } },
    { "peak_queue", LS_NUM(p.metrics.peakQueue) },
    { "peak_running", LS_NUM(p.metrics.peakRunning) },
    { "peak_kv_need", LS_NUM(p.metrics.peakKvNeed) },
    { "kv_capacity", LS_NUM(p.metrics.kvCapacity) },
};
#undef LS_NUM

} // namespace

std::optional<SweepFileFormat> sweepFormatForPath(const std::string& path)
{
    auto ends = [&](const char* ext) {
        const std::size_t n = std::strlen(ext);
        if (path.size() < n)
            return false;
        std::string tail = path.substr(path.size() - n);
        std::transform(
            tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
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
    j["server"] = serverJson(plan.config);
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
    // The answer first: the largest value meeting the SLO while the server keeps up (docs/sweep.md).
    j["sustainable_capacity"] = num(r.sustainable);
    j["limited_by"] = r.limitedBy == CapacityResult::Limit::Slo ? "slo" : "saturation";
    j["short_trace"] = r.shortTrace;
    j["suggested_duration_s"] = num(r.suggestedDuration);
    j["duration_s"] = num(r.duration);
    j["resolution"] = num(r.resolution);
    j["capacity"] = num(r.capacity); // the SLO boundary on this trace (may lie past saturation: see short_trace)
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
        ranks.push_back({ { "rank", rb.rank }, { "adapters", rb.adapters },
            { "slo_attainment_at_capacity", num(rb.attainmentAtCapacity) },
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
        rows.push_back({ { "value", m.value }, { "paper_throughput", m.paper.throughput },
            { "preview_throughput", num(m.throughput) },
            { "paper_avg_first_token_latency", m.paper.avgFirstTokenLatency },
            { "preview_avg_first_token_latency", num(m.avgFirstTokenLatency) },
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

void writeSweepFile(const std::string& path, const SweepPlan& plan, const std::string& source,
    const std::vector<SweepPoint>& points, const CapacityResult* capacity, std::optional<SweepFileFormat> format)
{
    const auto f = format ? format : sweepFormatForPath(path);
    if (!f)
        throw InputError("cannot tell the format from the extension (use .jsonl or .csv)", path, 0, "--output");
    const bool jsonl = *f == SweepFileFormat::JsonLines;
    writeFileAtomically(path, [&](std::ostream& out) {
        out << (jsonl ? sweepHeaderJson(plan, source).dump() : sweepCsvHeader()) << '\n';
        for (const SweepPoint& p : points)
            out << (jsonl ? sweepPointJson(plan, p).dump() : sweepCsvRow(plan, p)) << '\n';
        if (jsonl && capacity)
            out << capacityJson(*capacity).dump() << '\n';
    });
}

SweepWriter::SweepWriter(
    const std::string& path, const SweepPlan& plan, const std::string& source, std::optional<SweepFileFormat> format)
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

} // namespace lorascope
