// SPDX-License-Identifier: Apache-2.0
#include "sweep/parameter.h"

#include "analysis/numberformat.h"

#include "util/error.h"
#include "workload/presets.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>

namespace lorascope {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

const std::vector<SweepParamInfo>& table()
{
    // min/max: what the spec's validate() and the scheduler accept, so a sweep value never fails later.
    static const std::vector<SweepParamInfo> list = {
        { SweepParam::Rate, "rate", "R", "req/s", "total request rate over all adapters", false, false, 0, true, 1e6 },
        { SweepParam::Adapters, "adapters", "n", "adapters", "number of adapters (0 = base model only)", true, false, 0,
            false, 1e7 },
        { SweepParam::Alpha, "alpha", "α", "", "popularity skew: adapter i gets ((i+1)/n)^α − (i/n)^α of the traffic",
            false, false, 0, true, 1e3 },
        { SweepParam::ZipfS, "zipf_s", "s", "", "Zipf exponent of the adapter popularity", false, false, 0, false,
            1e3 },
        { SweepParam::Cv, "cv", "cv", "", "coefficient of variation of the gaps between arrivals (1 = Poisson)", false,
            false, 0, true, 1e3 },
        { SweepParam::Duration, "duration", "T", "s", "length of the trace", false, false, 0, true, 1e7 },
        { SweepParam::Seed, "seed", "seed", "", "random seed: the same workload drawn again (sampling noise)", true,
            false, 0, false, 4294967295.0 },
        { SweepParam::InputMax, "input_max", "input max", "tokens", "upper end (exclusive) of the input length range",
            true, false, 2, false, 1e7 },
        { SweepParam::OutputMax, "output_max", "output max", "tokens",
            "upper end (exclusive) of the output length range", true, false, 2, false, 1e7 },
        { SweepParam::MaxTotalTokenNum, "max_total_token_num", "max_total_token_num", "tokens",
            "KV-cache token slots of the server, shared with the adapter weights", true, true, 1, false, 1e10 },
        { SweepParam::BatchMaxTokens, "batch_max_tokens", "batch_max_tokens", "tokens",
            "largest Σ input of a newly admitted prefill batch", true, true, 1, false, 1e10 },
        { SweepParam::RunningMaxReqSize, "running_max_req_size", "running_max_req_size", "requests",
            "most requests in the running batch", true, true, 1, false, 1e9 },
        { SweepParam::MaxWaitTokens, "max_wait_tokens", "max_wait_tokens", "steps",
            "decode steps between two admission attempts", true, true, 0, false, 1e9 },
        { SweepParam::MaxNumSeqs, "max_num_seqs", "max_num_seqs", "requests", "vLLM: most running requests", true, true,
            1, false, 1e9 },
        { SweepParam::MaxNumBatchedTokens, "max_num_batched_tokens", "max_num_batched_tokens", "tokens",
            "vLLM: most prefill tokens per step", true, true, 1, false, 1e10 },
        { SweepParam::MaxLoras, "max_loras", "max_loras", "adapters", "vLLM: most distinct adapters in one batch", true,
            true, 1, false, 1e9 },
    };
    return list;
}

std::string trim(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos)
        return {};
    const auto e = s.find_last_not_of(" \t");
    return s.substr(b, e - b + 1);
}

bool parseDouble(const std::string& text, double& out)
{
    const std::string t = trim(text);
    if (t.empty())
        return false;
    const char* first = t.data();
    if (*first == '+')
        ++first;
    const auto res = std::from_chars(first, t.data() + t.size(), out);
    return res.ec == std::errc() && res.ptr == t.data() + t.size() && std::isfinite(out);
}

std::vector<std::string> split(const std::string& text, char sep)
{
    std::vector<std::string> parts;
    std::size_t pos = 0;
    while (true) {
        const auto next = text.find(sep, pos);
        parts.push_back(text.substr(pos, next == std::string::npos ? std::string::npos : next - pos));
        if (next == std::string::npos)
            break;
        pos = next + 1;
    }
    return parts;
}

[[noreturn]] void fail(const std::string& field, const std::string& message)
{
    throw InputError(field + ": " + message, {}, 0, field);
}

double number(const std::string& field, const std::string& part, const char* what)
{
    double v = 0;
    if (!parseDouble(part, v))
        fail(field, std::string("expected a number for ") + what + " (got \"" + trim(part) + "\")");
    return v;
}

// The GPU a suite ran on, from its exp_suite.py name, and S-LoRA's launch line for it
// (--num-token = max_total_token_num, read from the exp_cmds*.sh next to the published results).
struct SuiteServer {
    const char* gpuKey; // cost model suffix
    const char* gpuLabel;
    std::int64_t numToken; // 0 = the paper's scripts do not say
};

SuiteServer suiteServer(const std::string& suite, const std::string& setting)
{
    const bool s4 = setting == "S4" || setting == "S3";
    if (suite.rfind("a10g", 0) == 0)
        return { "a10g", "A10G (24 GB)", 14500 };
    if (suite.rfind("a100-40", 0) == 0)
        return { "a100-40g", "A100 (40 GB)", 14000 };
    if (suite.rfind("a100-80", 0) == 0)
        return { "a100-80g", "A100 (80 GB)", s4 ? 65000 : 125000 };
    return { "", "", 0 };
}

std::string modelSize(const std::string& baseModel)
{
    for (const char* size : { "70b", "30b", "13b", "7b" })
        if (baseModel.find(size) != std::string::npos)
            return size;
    return {};
}

} // namespace

const std::vector<SweepParamInfo>& sweepParams()
{
    return table();
}

const SweepParamInfo& sweepParamInfo(SweepParam param)
{
    for (const auto& p : table())
        if (p.id == param)
            return p;
    return table().front();
}

std::optional<SweepParam> sweepParamFromName(const std::string& name)
{
    for (const auto& p : table())
        if (name == p.name)
            return p.id;
    if (name == "n" || name == "num_adapters" || name == "adapter_count")
        return SweepParam::Adapters;
    if (name == "R" || name == "req_rate")
        return SweepParam::Rate;
    if (name == "α")
        return SweepParam::Alpha;
    if (name == "T")
        return SweepParam::Duration;
    // S-LoRA's launch-argument spelling with dashes
    std::string underscored = name;
    std::replace(underscored.begin(), underscored.end(), '-', '_');
    if (underscored != name)
        return sweepParamFromName(underscored);
    return std::nullopt;
}

std::string sweepParamNames()
{
    std::string out;
    for (const auto& p : table())
        out += (out.empty() ? "" : ", ") + std::string(p.name);
    return out;
}

std::string sweepParamNotApplicable(SweepParam param, const WorkloadSpec& spec, const SimulationConfig& config)
{
    const bool slora = spec.generator == GeneratorKind::Slora;
    const PolicyKind policy = config.scheduler.policy;
    const std::string name = sweepParamInfo(param).name;
    switch (param) {
    case SweepParam::Rate:
        if (!slora && (spec.arrival.kind == ArrivalKind::OnOff || spec.arrival.kind == ArrivalKind::Schedule))
            return "rate does not apply: the arrivals are " + std::string(toString(spec.arrival.kind))
                + ", whose rates come from the on/off rates or the rate schedule, not from R";
        return {};
    case SweepParam::Adapters:
        if (!slora && spec.popularity.kind == PopularityKind::Weights)
            return "adapters does not apply: the popularity is an explicit weight list, which fixes the number of "
                   "adapters";
        if (!slora && spec.popularity.kind == PopularityKind::Identical)
            return "adapters does not apply: with 'identical' popularity every request uses the same adapter";
        return {};
    case SweepParam::Alpha:
        if (!slora && spec.popularity.kind != PopularityKind::Power)
            return "alpha does not apply: the popularity is " + std::string(toString(spec.popularity.kind))
                + ", not the power law (choose popularity 'power' or the slora generator)";
        if (spec.adapterCount <= 1)
            return "alpha does not apply: with " + std::to_string(spec.adapterCount)
                + " adapter(s) the popularity skew changes nothing";
        return {};
    case SweepParam::ZipfS:
        if (slora)
            return "zipf_s does not apply: the slora generator always uses S-LoRA's power law (sweep alpha)";
        if (spec.popularity.kind != PopularityKind::Zipf)
            return "zipf_s does not apply: the popularity is " + std::string(toString(spec.popularity.kind))
                + ", not zipf";
        if (spec.adapterCount <= 1)
            return "zipf_s does not apply: with " + std::to_string(spec.adapterCount)
                + " adapter(s) the popularity skew changes nothing";
        return {};
    case SweepParam::Cv:
        if (spec.arrival.kind == ArrivalKind::Poisson)
            return "cv does not apply: Poisson arrivals always have cv = 1 (choose gamma arrivals)";
        if (!slora && spec.arrival.kind == ArrivalKind::Constant)
            return "cv does not apply: constant arrivals have no variation (choose gamma arrivals)";
        return {};
    case SweepParam::InputMax:
    case SweepParam::OutputMax: {
        const LengthSpec& l = param == SweepParam::InputMax ? spec.input : spec.output;
        if (l.kind == LengthKind::Constant || l.kind == LengthKind::Empirical)
            return name + " does not apply: the lengths are " + toString(l.kind) + ", which ignores the range";
        return {};
    }
    case SweepParam::MaxTotalTokenNum:
    case SweepParam::BatchMaxTokens:
    case SweepParam::RunningMaxReqSize:
    case SweepParam::MaxWaitTokens:
        if (policy == PolicyKind::Vllm) // vLLM's KV cache is --num-gpu-blocks
            return name
                + " does not apply: it is an S-LoRA setting and the policy is vllm (sweep max_num_batched_tokens or "
                  "max_num_seqs)";
        return {};
    case SweepParam::MaxNumSeqs:
    case SweepParam::MaxNumBatchedTokens:
    case SweepParam::MaxLoras:
        if (policy != PolicyKind::Vllm)
            return name + " does not apply: it is a vLLM setting and the policy is " + policyName(policy);
        return {};
    case SweepParam::Duration:
    case SweepParam::Seed:
        return {};
    }
    return {};
}

std::string checkSweepValue(SweepParam param, double value)
{
    const SweepParamInfo& p = sweepParamInfo(param);
    const std::string v = formatNumber(value);
    if (!std::isfinite(value))
        return std::string(p.name) + " must be a finite number (got " + v + ")";
    if (p.minExclusive ? !(value > p.min) : !(value >= p.min))
        return std::string(p.name) + " must be " + (p.minExclusive ? "> " : ">= ") + formatNumber(p.min) + " (got " + v
            + ")";
    if (value > p.max)
        return std::string(p.name) + " must be <= " + formatNumber(p.max) + " (got " + v + ")";
    if (p.integer && value != std::floor(value))
        return std::string(p.name) + " must be a whole number (got " + v + ")";
    return {};
}

double sweepParamValue(SweepParam param, const WorkloadSpec& spec, const SimulationConfig& config)
{
    switch (param) {
    case SweepParam::Rate:
        return spec.rate;
    case SweepParam::Adapters:
        return spec.adapterCount;
    case SweepParam::Alpha:
        return spec.popularity.alpha;
    case SweepParam::ZipfS:
        return spec.popularity.zipfS;
    case SweepParam::Cv:
        return spec.arrival.cv;
    case SweepParam::Duration:
        return spec.duration;
    case SweepParam::Seed:
        return static_cast<double>(spec.seed);
    case SweepParam::InputMax:
        return static_cast<double>(spec.input.hi);
    case SweepParam::OutputMax:
        return static_cast<double>(spec.output.hi);
    case SweepParam::MaxTotalTokenNum:
        return static_cast<double>(config.scheduler.limits.maxTotalTokenNum);
    case SweepParam::BatchMaxTokens:
        return static_cast<double>(config.scheduler.limits.effectiveBatchMaxTokens());
    case SweepParam::RunningMaxReqSize:
        return static_cast<double>(config.scheduler.limits.runningMaxReqSize);
    case SweepParam::MaxWaitTokens:
        return config.scheduler.maxWaitTokens;
    case SweepParam::MaxNumSeqs:
        return static_cast<double>(config.scheduler.vllm.effectiveMaxNumSeqs());
    case SweepParam::MaxNumBatchedTokens:
        return static_cast<double>(config.scheduler.vllm.effectiveMaxNumBatchedTokens());
    case SweepParam::MaxLoras:
        return static_cast<double>(config.scheduler.vllm.maxLoras);
    }
    return NAN;
}

void applySweepValue(SweepParam param, double value, WorkloadSpec& spec, SimulationConfig& config)
{
    const auto whole = static_cast<std::int64_t>(std::llround(value));
    switch (param) {
    case SweepParam::Rate:
        spec.rate = value;
        break;
    case SweepParam::Adapters:
        spec.adapterCount = static_cast<std::uint32_t>(whole);
        break;
    case SweepParam::Alpha:
        spec.popularity.alpha = value;
        break;
    case SweepParam::ZipfS:
        spec.popularity.zipfS = value;
        break;
    case SweepParam::Cv:
        spec.arrival.cv = value;
        break;
    case SweepParam::Duration:
        spec.duration = value;
        break;
    case SweepParam::Seed:
        spec.seed = static_cast<std::uint64_t>(whole);
        break;
    case SweepParam::InputMax:
        spec.input.hi = whole;
        break;
    case SweepParam::OutputMax:
        spec.output.hi = whole;
        break;
    case SweepParam::MaxTotalTokenNum:
        config.scheduler.limits.maxTotalTokenNum = whole;
        break;
    case SweepParam::BatchMaxTokens:
        config.scheduler.limits.batchMaxTokens = whole;
        break;
    case SweepParam::RunningMaxReqSize:
        config.scheduler.limits.runningMaxReqSize = whole;
        break;
    case SweepParam::MaxWaitTokens:
        config.scheduler.maxWaitTokens = static_cast<int>(whole);
        break;
    case SweepParam::MaxNumSeqs:
        config.scheduler.vllm.maxNumSeqs = whole;
        break;
    case SweepParam::MaxNumBatchedTokens:
        config.scheduler.vllm.maxNumBatchedTokens = whole;
        break;
    case SweepParam::MaxLoras:
        config.scheduler.vllm.maxLoras = whole;
        break;
    }
}

std::string sweepValueText(SweepParam param, double value)
{
    if (sweepParamInfo(param).integer)
        return std::to_string(static_cast<std::int64_t>(std::llround(value)));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", value);
    return buf;
}

std::string sweepValueText(SweepParam param, double value, double resolution)
{
    if (sweepParamInfo(param).integer || !std::isfinite(resolution) || !(resolution > 0))
        return sweepValueText(param, value);
    return formatResolved(value, resolution);
}

std::vector<double> parseSweepValues(
    SweepParam param, const std::string& text, std::size_t points, const std::string& field)
{
    const std::string t = trim(text);
    if (t.empty())
        fail(field, "no values given (a list such as 1,2,4 or a range LO:HI:STEP)");
    std::vector<double> values;
    auto check = [&](double v, const std::string& what) {
        if (const std::string problem = checkSweepValue(param, v); !problem.empty())
            fail(field, what + ": " + problem);
    };
    if (t.find(':') == std::string::npos) {
        if (points > 0)
            fail(field, "--points needs a range LO:HI, not a list");
        for (const std::string& part : split(t, ',')) {
            const double v = number(field, part, "a list value");
            std::string quoted = "\"";
            quoted += trim(part);
            quoted += '"';
            check(v, quoted);
            values.push_back(v);
            if (values.size() > kMaxSweepPoints)
                fail(field,
                    "more than " + std::to_string(kMaxSweepPoints) + " values; a sweep has at most "
                        + std::to_string(kMaxSweepPoints) + " points");
        }
    } else {
        const auto parts = split(t, ':');
        if (parts.size() != 2 && parts.size() != 3)
            fail(field, "a range is LO:HI:STEP or LO:HI with --points (got \"" + t + "\")");
        const double lo = number(field, parts[0], "LO");
        const double hi = number(field, parts[1], "HI");
        check(lo, "LO");
        check(hi, "HI");
        if (parts.size() == 3) {
            if (points > 0)
                fail(field, "give either a STEP or --points, not both");
            const double step = number(field, parts[2], "STEP");
            if (step == 0)
                fail(field, "the step must not be 0");
            if (lo != hi && (hi - lo) / step < 0)
                fail(field,
                    "steps of " + formatNumber(step) + " from " + formatNumber(lo) + " never reach " + formatNumber(hi)
                        + " (use a step of the other sign)");
            // The count from the span, with a little slack so 0.1 steps land on HI despite rounding.
            const double count = std::floor((hi - lo) / step + 1e-9) + 1;
            if (count > double(kMaxSweepPoints))
                fail(field,
                    formatNumber(lo) + ":" + formatNumber(hi) + ":" + formatNumber(step) + " has " + formatNumber(count)
                        + " points; a sweep has at most " + std::to_string(kMaxSweepPoints) + " (use a larger step)");
            for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
                double v = lo + step * static_cast<double>(i); // multiplied, not accumulated: no drift
                if (std::abs(v - hi) <= 1e-9 * std::max(1.0, std::abs(hi)))
                    v = hi;
                if (sweepParamInfo(param).integer && v != std::floor(v))
                    fail(field,
                        std::string(sweepParamInfo(param).name) + " takes whole numbers; the step " + formatNumber(step)
                            + " gives " + formatNumber(v));
                values.push_back(v);
            }
        } else {
            if (points == 0)
                fail(field, "LO:HI needs a step (LO:HI:STEP) or --points N");
            if (points > kMaxSweepPoints)
                fail(field, std::to_string(points) + " points; a sweep has at most " + std::to_string(kMaxSweepPoints));
            // --points promises that many values: never fewer, silently.
            if (points < 2)
                fail(field,
                    "--points " + std::to_string(points)
                        + ": a range LO:HI needs at least 2 points (LO and HI); for one value give --values "
                        + formatNumber(lo));
            if (lo == hi)
                fail(field,
                    formatNumber(lo) + ":" + formatNumber(hi) + " with --points " + std::to_string(points)
                        + ": LO = HI holds one value, not " + std::to_string(points) + "; give LO < HI, or --values "
                        + formatNumber(lo));
            for (std::size_t i = 0; i < points; ++i) {
                double v = lo + (hi - lo) * static_cast<double>(i) / static_cast<double>(points - 1);
                if (sweepParamInfo(param).integer)
                    v = std::round(v);
                if (values.empty() || v != values.back())
                    values.push_back(v);
            }
            if (values.size() < points)
                fail(field,
                    formatNumber(lo) + ":" + formatNumber(hi) + " holds only " + std::to_string(values.size())
                        + " distinct values of " + sweepParamInfo(param).name + " (whole numbers), not --points "
                        + std::to_string(points) + "; give fewer points or a wider range");
        }
    }
    std::set<double> seen;
    for (double v : values)
        if (!seen.insert(v).second)
            fail(field, "the value " + sweepValueText(param, v) + " appears twice");
    return values;
}

std::pair<double, double> parseSweepRange(SweepParam param, const std::string& text, const std::string& field)
{
    const auto parts = split(trim(text), ':');
    if (parts.size() != 2)
        fail(field, "expected a search range LO:HI (got \"" + trim(text) + "\")");
    const double lo = number(field, parts[0], "LO");
    const double hi = number(field, parts[1], "HI");
    for (const auto& [v, what] : { std::pair { lo, "LO" }, std::pair { hi, "HI" } })
        if (const std::string problem = checkSweepValue(param, v); !problem.empty())
            fail(field, std::string(what) + ": " + problem);
    if (!(lo < hi))
        fail(field, "LO must be below HI (got " + formatNumber(lo) + ":" + formatNumber(hi) + ")");
    return { lo, hi };
}

const CostModel* costModelFor(const std::string& baseModel, const std::string& gpu, UserNote* standInNote)
{
    const std::string size = modelSize(baseModel);
    if (const CostModel* exact = findCostModel("llama-" + size + "-" + gpu))
        return exact;
    if (standInNote) {
        // The closest preset: same model size on another GPU, else the first preset.
        const CostModel* closest = nullptr;
        for (const CostModel& c : costModelPresets())
            if (!size.empty() && c.name.find("-" + size + "-") != std::string::npos)
                closest = closest ? closest : &c;
        if (!closest && !costModelPresets().empty())
            closest = &costModelPresets().front();
        if (closest) {
            const std::string model = size.empty() ? baseModel : "llama-" + size;
            *standInNote = { "cost_stand_in",
                "LoraScope has no cost model for " + model + " on " + gpu + "; " + closest->name
                    + " stands in, so its times are not that GPU's",
                { model, gpu, closest->name } };
        }
    }
    return nullptr;
}

CostModel defaultCostModel(const std::string& baseModel)
{
    const std::string size = modelSize(baseModel);
    for (const CostModel& c : costModelPresets())
        if (!size.empty() && c.name.find("-" + size + "-") != std::string::npos)
            return c;
    return costModelPresets().empty() ? CostModel {} : costModelPresets().front();
}

SuiteSweep suiteSweep(const std::string& suite, const std::string& modelSetting)
{
    const Scenario* scenario = nullptr;
    std::string known;
    for (const Scenario& s : scenarios()) {
        known += (known.empty() ? "" : ", ") + s.name;
        if (s.name == suite)
            scenario = &s;
    }
    if (!scenario)
        throw InputError("unknown S-LoRA suite \"" + suite + "\" (known: " + known + ")", {}, 0, "suite");
    SuiteSweep out;
    out.suite = suite;
    out.modelSetting = modelSetting.empty() ? scenario->preset : modelSetting;
    out.spec = specForPreset(suite);
    const Preset* preset = nullptr;
    std::string presetNames;
    for (const Preset& p : presets()) {
        presetNames += (presetNames.empty() ? "" : ", ") + p.name;
        if (p.name == out.modelSetting)
            preset = &p;
    }
    if (!preset)
        throw InputError(
            "unknown model setting \"" + out.modelSetting + "\" (known: " + presetNames + ")", {}, 0, "model-setting");
    applyPreset(out.spec, *preset);
    out.spec.preset = suite;
    // As S-LoRA's run_exp.py: its own trace generator, seed 42.
    out.spec.generator = GeneratorKind::Slora;
    out.spec.seed = 42;

    const SuiteServer server = suiteServer(suite, out.modelSetting);
    out.gpu = server.gpuLabel;
    if (server.numToken > 0)
        out.config.scheduler.limits.maxTotalTokenNum = server.numToken;
    else
        out.notes.push_back({ "num_token_unknown",
            "the S-LoRA scripts do not give the server's --num-token for " + suite + "; max_total_token_num stays "
                + std::to_string(out.config.scheduler.limits.maxTotalTokenNum),
            { suite, std::to_string(out.config.scheduler.limits.maxTotalTokenNum) } });

    SimulationConfig& c = out.config;
    c.clock = ClockKind::Model;
    c.scheduler.policy = PolicyKind::SLora;
    UserNote note;
    const CostModel* cost = server.gpuKey[0] ? costModelFor(out.spec.naming.baseModel, server.gpuKey, &note) : nullptr;
    if (cost) {
        c.cost = *cost;
    } else {
        if (!server.gpuKey[0])
            note = { "gpu_unknown",
                "the S-LoRA suite does not name its GPU; the cost model follows the base model only", {} };
        const std::string size = modelSize(out.spec.naming.baseModel);
        const CostModel* fallback = nullptr;
        for (const CostModel& m : costModelPresets())
            if (!fallback && !size.empty() && m.name.find("-" + size + "-") != std::string::npos)
                fallback = &m;
        if (!fallback && !costModelPresets().empty())
            fallback = &costModelPresets().front();
        if (fallback)
            c.cost = *fallback;
        if (!note.text.empty())
            out.notes.push_back(note);
    }

    struct Axis {
        SweepParam param;
        const std::vector<double>* values;
    };
    const Axis axes[] = { { SweepParam::Adapters, &scenario->adapterCounts }, { SweepParam::Alpha, &scenario->alphas },
        { SweepParam::Rate, &scenario->rates }, { SweepParam::Cv, &scenario->cvs },
        { SweepParam::Duration, &scenario->durations } };
    out.param = SweepParam::Adapters;
    out.values = scenario->adapterCounts;
    for (const Axis& a : axes) {
        if (a.values->size() > 1) {
            out.param = a.param;
            out.values = *a.values;
            break;
        }
    }
    return out;
}

} // namespace lorascope
