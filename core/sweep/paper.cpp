// SPDX-License-Identifier: Apache-2.0
#include "sweep/paper.h"

#include "util/error.h"
#include "util/jsonread.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace lorascope {

namespace {

// Which run of S-LoRA made each published file: the suite of run_exp.py, the model setting, the
// GPU and the launch line's --num-token (exp_cmds*.sh next to the files in S-LoRA's repository),
// and --enable-abort for the abort runs.
struct FigureSource {
    const char* file;
    const char* suite;
    const char* setting;
    const char* gpuKey;
    const char* gpu;
    PolicyKind policy;
    std::int64_t numToken;
    SweepParam param;
};

const FigureSource kSources[] = {
    { "slora/synthetic_num_adapters_a10g_S1_slora.jsonl", "a10g-num-adapter", "S1", "a10g", "A10G (24 GB)",
        PolicyKind::SLora, 14500, SweepParam::Adapters },
    { "slora/synthetic_num_adapters_a10g_S2_slora.jsonl", "a10g-num-adapter", "S2", "a10g", "A10G (24 GB)",
        PolicyKind::SLora, 14500, SweepParam::Adapters },
    { "slora/synthetic_req_rate_a10g_S1_slora.jsonl", "a10g-req-rate", "S1", "a10g", "A10G (24 GB)", PolicyKind::SLora,
        14500, SweepParam::Rate },
    { "slora/synthetic_req_rate_a10g_S2_slora.jsonl", "a10g-req-rate", "S2", "a10g", "A10G (24 GB)", PolicyKind::SLora,
        14500, SweepParam::Rate },
    { "slora/synthetic_cv_a10g_S1_slora.jsonl", "a10g-cv", "S1", "a10g", "A10G (24 GB)", PolicyKind::SLora, 14500,
        SweepParam::Cv },
    { "slora/synthetic_cv_a10g_S2_slora.jsonl", "a10g-cv", "S2", "a10g", "A10G (24 GB)", PolicyKind::SLora, 14500,
        SweepParam::Cv },
    { "abort/synthetic_cv_a10g_S1_abort.jsonl", "a10g-cv", "S1", "a10g", "A10G (24 GB)", PolicyKind::SLoraAbort, 14500,
        SweepParam::Cv },
    { "abort/synthetic_cv_a10g_S2_abort.jsonl", "a10g-cv", "S2", "a10g", "A10G (24 GB)", PolicyKind::SLoraAbort, 14500,
        SweepParam::Cv },
    { "slora/synthetic_num_adapters_a100-40_S4_slora.jsonl", "a100-40-num-adapter", "S4", "a100-40g", "A100 (40 GB)",
        PolicyKind::SLora, 14000, SweepParam::Adapters },
    { "slora/synthetic_num_adapters_a100-80_S2_slora.jsonl", "a100-80-S2-num-adapter", "S2", "a100-80g", "A100 (80 GB)",
        PolicyKind::SLora, 125000, SweepParam::Adapters },
    { "slora/synthetic_num_adapters_a100-80_S4_slora.jsonl", "a100-80-S4-num-adapter", "S4", "a100-80g", "A100 (80 GB)",
        PolicyKind::SLora, 65000, SweepParam::Adapters },
    { "slora/synthetic_num_adapters_a100_80_S4_slora_large.jsonl", "a100-80-S4-num-adapter", "S4", "a100-80g",
        "A100 (80 GB)", PolicyKind::SLora, 65000, SweepParam::Adapters },
    { "slora/synthetic_req_rate_a100-80_S4_slora.jsonl", "a100-80-S4-req-rate", "S4", "a100-80g", "A100 (80 GB)",
        PolicyKind::SLora, 65000, SweepParam::Rate },
    { "slora/synthetic_cv_a100-80_S4_slora.jsonl", "a100-80-S4-cv", "S4", "a100-80g", "A100 (80 GB)", PolicyKind::SLora,
        65000, SweepParam::Cv },
    { "abort/synthetic_cv_a100-80_S4_abort.jsonl", "a100-80-S4-cv", "S4", "a100-80g", "A100 (80 GB)",
        PolicyKind::SLoraAbort, 65000, SweepParam::Cv },
    { "slora/synthetic_num_adapters_a100-80_S1_slora_table.jsonl", "a100-80-table", "S1", "a100-80g", "A100 (80 GB)",
        PolicyKind::SLora, 125000, SweepParam::Adapters },
    { "slora/synthetic_num_adapters_a100-80_S2_slora_table.jsonl", "a100-80-table", "S2", "a100-80g", "A100 (80 GB)",
        PolicyKind::SLora, 125000, SweepParam::Adapters },
    { "slora/synthetic_num_adapters_a100-80_S4_slora_table.jsonl", "a100-80-table", "S4", "a100-80g", "A100 (80 GB)",
        PolicyKind::SLora, 65000, SweepParam::Adapters },
};

std::vector<PaperFigure> build()
{
    std::vector<PaperFigure> figures;
    for (const FigureSource& s : kSources) {
        const auto& files = paperFiles();
        const auto it = std::find_if(
            files.begin(), files.end(), [&](const PaperFile& f) { return std::string(f.path) == s.file; });
        if (it == files.end())
            continue; // not embedded (core/CMakeLists.txt lists the files)
        PaperFigure f;
        f.file = s.file;
        f.suite = s.suite;
        f.modelSetting = s.setting;
        f.gpu = s.gpu;
        f.gpuKey = s.gpuKey;
        f.policy = s.policy;
        f.numToken = s.numToken;
        f.param = s.param;
        f.rows = parsePaperRows(it->text, s.file);
        std::stable_sort(f.rows.begin(), f.rows.end(),
            [&](const PaperRow& a, const PaperRow& b) { return paperValue(a, s.param) < paperValue(b, s.param); });
        figures.push_back(std::move(f));
    }
    return figures;
}

double mean(const std::vector<double>& v)
{
    if (v.empty())
        return NAN;
    double s = 0;
    for (double x : v)
        s += x;
    return s / static_cast<double>(v.size());
}

} // namespace

std::string PaperFigure::title() const
{
    const char* what = "";
    switch (param) {
    case SweepParam::Adapters:
        what = "number of adapters";
        break;
    case SweepParam::Rate:
        what = "request rate";
        break;
    case SweepParam::Cv:
        what = "cv";
        break;
    case SweepParam::Alpha:
        what = "α";
        break;
    default:
        what = sweepParamInfo(param).name;
    }
    return "S-LoRA paper, " + gpu + ", " + modelSetting + (policy == PolicyKind::SLoraAbort ? " (abort)" : "")
        + ": throughput vs " + what;
}

std::vector<PaperRow> parsePaperRows(const std::string& text, const std::string& file)
{
    std::vector<PaperRow> rows;
    std::istringstream in(text);
    std::string line;
    std::uint64_t number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        const nlohmann::json j = parseJson(line, file, number); // depth-limited, errors with file and line
        if (!j.is_object() || !j.contains("config") || !j.contains("result") || !j["config"].is_object()
            || !j["result"].is_object())
            throw InputError("expected {\"config\": {...}, \"result\": {...}}", file, number, {});
        auto num = [&](const nlohmann::json& o, const char* section, const char* key) {
            if (!o.contains(key) || !o[key].is_number())
                throw InputError(std::string(section) + "." + key + ": expected a number", file, number,
                    std::string(section) + "." + key);
            const double v = o[key].get<double>();
            // A measurement is finite and >= 0; a share (attainment, satisfaction) at most 1.
            const bool share = std::string(key) == "avg_attainment" || std::string(key) == "avg_satisfaction";
            if (!(std::isfinite(v) && v >= 0 && (!share || v <= 1)))
                throw InputError(std::string(section) + "." + key + ": must be "
                        + (share ? "a share from 0 to 1" : "a finite number >= 0") + " (got " + formatNumber(v) + ")",
                    file, number, std::string(section) + "." + key);
            return v;
        };
        const auto& c = j["config"];
        const auto& r = j["result"];
        PaperRow row;
        row.adapters = num(c, "config", "num_adapters");
        row.alpha = num(c, "config", "alpha");
        row.rate = num(c, "config", "req_rate");
        row.cv = num(c, "config", "cv");
        row.duration = num(c, "config", "duration");
        row.throughput = num(r, "result", "throughput");
        row.avgLatency = num(r, "result", "avg_latency");
        row.avgFirstTokenLatency = num(r, "result", "avg_first_token_latency");
        row.avgPerOutputTokenLatency = num(r, "result", "avg_per_output_token_latency");
        row.attainment = num(r, "result", "avg_attainment");
        row.satisfaction = num(r, "result", "avg_satisfaction");
        row.totalTime = num(r, "result", "total_time");
        row.aborted = static_cast<int>(num(r, "result", "num_abort"));
        rows.push_back(row);
    }
    return rows;
}

const std::vector<PaperFigure>& paperFigures()
{
    static const std::vector<PaperFigure> figures = build(); // thread-safe static init
    return figures;
}

std::vector<const PaperFigure*> paperFiguresFor(
    const std::string& suite, const std::string& modelSetting, PolicyKind policy)
{
    std::vector<const PaperFigure*> out;
    for (const PaperFigure& f : paperFigures())
        if (f.suite == suite && f.modelSetting == modelSetting && f.policy == policy)
            out.push_back(&f);
    return out;
}

double paperValue(const PaperRow& row, SweepParam param)
{
    switch (param) {
    case SweepParam::Adapters:
        return row.adapters;
    case SweepParam::Alpha:
        return row.alpha;
    case SweepParam::Rate:
        return row.rate;
    case SweepParam::Cv:
        return row.cv;
    case SweepParam::Duration:
        return row.duration;
    default:
        return NAN;
    }
}

PaperAgreement comparePaper(const PaperFigure& figure, const std::vector<SweepPoint>& points)
{
    PaperAgreement a;
    std::vector<double> tput, ttft, lat, att;
    for (const PaperRow& row : figure.rows) {
        const double x = paperValue(row, figure.param);
        const auto it = std::find_if(points.begin(), points.end(),
            [&](const SweepPoint& p) { return std::abs(p.value - x) <= 1e-9 * std::max(1.0, std::abs(x)); });
        if (it == points.end())
            continue;
        PaperMatch m;
        m.value = x;
        m.paper = row;
        m.throughput = it->metrics.throughput;
        m.avgFirstTokenLatency = it->metrics.ttft.mean;
        m.avgLatency = it->metrics.e2e.mean;
        m.attainment = it->metrics.sloraAttainment;
        a.matches.push_back(m);
        if (row.throughput > 0 && std::isfinite(m.throughput))
            tput.push_back(std::abs(m.throughput - row.throughput) / row.throughput);
        if (row.avgFirstTokenLatency > 0 && std::isfinite(m.avgFirstTokenLatency))
            ttft.push_back(std::abs(m.avgFirstTokenLatency - row.avgFirstTokenLatency) / row.avgFirstTokenLatency);
        if (row.avgLatency > 0 && std::isfinite(m.avgLatency))
            lat.push_back(std::abs(m.avgLatency - row.avgLatency) / row.avgLatency);
        if (std::isfinite(m.attainment))
            att.push_back(std::abs(m.attainment - row.attainment));
    }
    a.throughputMape = mean(tput);
    a.firstTokenMape = mean(ttft);
    a.latencyMape = mean(lat);
    a.attainmentMae = mean(att);
    return a;
}

} // namespace lorascope
