// SPDX-License-Identifier: Apache-2.0
// `lorascope-cli calibrate` and `lorascope-cli validate`: fitting a cost model to measured runs
// (S-LoRA's published results, replay run folders) and checking one against them.

#include "cli/commands.h"
#include "cli/vllmrunscmd.h"

#include "cli/args.h"
#include "cli/options.h"
#include "cli/schedulerargs.h"
#include "cli/progress.h"

#include "calibrate/fit.h"
#include "calibrate/validate.h"
#include "calibrate/validity.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"
#include "util/version.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

namespace lorascope::cli {

#define LORASCOPE_SOURCE_OPTIONS                                                                                       \
    "Sources (repeatable; all of them are used together):\n"                                                           \
    "  --manifest FILE            S-LoRA result files listed with their server settings and roles\n"                   \
    "                             (tests/data/slora-paper/manifest.json: which launch line made each file)\n"          \
    "  --group NAME               only the manifest's files of this group (repeatable), e.g. llama-7b-a10g\n"          \
    "  --role fit|validate|all    which of the manifest's files to use (calibrate: fit; validate: validate)\n"         \
    "  --slora-results FILE       one S-LoRA result file ({\"config\", \"result\"} per line); needs --setting,\n"      \
    "                             --gpu and --num-token (the server's launch flags)\n"                                 \
    "  --setting NAME             S-LoRA model setting of --slora-results: S1, S2, S4, ... (adapter names, ranks)\n"   \
    "  --num-token N              --num-token (max_total_token_num) the server was launched with\n"                    \
    "  --enable-abort             the server ran with --enable-abort (policy slora-abort)\n"                           \
    "  --replay DIR               a LoraScope replay run folder (requests.jsonl with per-token times)\n"               \
    "  --speed X                  replay: the server ran X times faster than real time (serve-sim --speed);\n"         \
    "                             measured times are multiplied by X (default 1)\n"                                    \
    "  --adapter-rank N           replay: rank of adapters whose name has no rank-N (default 16, as serve-sim)\n"      \
    "  --policy NAME and the other server flags (below): replay: the server the runs were measured on\n"               \
    "  --model NAME, --gpu NAME   the hardware of replay runs (llama-7b, llama-13b, ...; a10g, a100-40g,\n"            \
    "                             a100-80g); S-LoRA sources take them from the manifest or --setting\n"

const char* const kCalibrateHelp
    = "Usage: lorascope-cli calibrate SOURCES -o MODEL.json [OPTIONS]\n"
      "\n"
      "Fit a cost model to measured runs with the admission engine in the loop: every evaluation\n"
      "regenerates each run's trace (S-LoRA rows: generate --generator slora, bit-exact), simulates it\n"
      "with the run's server flags under candidate coefficients, and compares the statistics S-LoRA's\n"
      "benchmark client computes (run_exp.py get_res_stats: throughput, average latency, first-token and\n"
      "per-output-token latency, SLO attainment; replay runs also TPOT). Nelder-Mead on the logarithms\n"
      "of the free parameters (so they stay positive) with a robust soft-L1 loss; then each parameter's\n"
      "uncertainty (Jacobian at the optimum) and each metric's sensitivity to it. See docs/admission.md.\n"
      "\n"
      "vLLM runs (docs/costmodel.md): lorascope-cli calibrate --vllm-runs RUNS.csv [--group G] [--model M]\n"
      "[--start PRESET] [--iterations N] [-o MODEL.json] fits the pass time of vLLM 0.8.5 to the\n"
      "unsaturated runs of the table whose group and model contain G and M (least squares on their steady\n"
      "state, then N Gauss-Newton steps with the preview in the loop, default 4) and prints the preset's\n"
      "recipe line.\n"
      "\n" LORASCOPE_SOURCE_OPTIONS "\n"
      "Model and fit:\n"
      "  --free KEYS                comma-separated parameters to fit (default: S-LoRA sources\n"
      "                             layer_overhead, request_overhead, kv_efficiency, lora_efficiency,\n"
      "                             prefill_efficiency, prefill_lora_efficiency, load_layer_overhead;\n"
      "                             replay: layer_overhead, kv_efficiency, prefill_efficiency, response_delay)\n"
      "  --coefficients             fit the cost model's coefficients directly (decode_base, prefill_per_token,\n"
      "                             ...; default free: decode_base, decode_per_request, decode_per_context_token,\n"
      "                             prefill_per_token) instead of S-LoRA's engine parameters; needs no --model\n"
      "                             or --gpu\n"
      "  --start NAME|FILE|generic  start from this cost model; parameters not fitted keep its values\n"
      "                             (default: the preset named like the group, else llama-7b-a10g;\n"
      "                             generic: the documented starting point of the shipped presets)\n"
      "  --loss soft-l1|linear      robust (default) or plain least squares\n"
      "  --max-evaluations N        give up after N evaluations (default 6000): the fit then fails\n"
      "  --threads N                runs simulated in parallel (default: cores, at most 8)\n"
      "  --validate                 also validate on the manifest's validation files of the same groups;\n"
      "                             the errors go into the model's provenance\n"
      "  --name NAME, --description TEXT   of the written model (default: the group's name)\n"
      "\n"
      "Output:\n"
      "  -o, --output FILE          the fitted cost model (one group); written atomically, and not at all\n"
      "                             when the fit fails\n"
      "  --output-dir DIR           one GROUP.json per group (several groups share the engine parameters);\n"
      "                             a folder that already holds files is refused unless --force\n"
      "  --force                    write into a non-empty --output-dir, replacing GROUP.json files there\n"
      "  --worst N                  rows in the worst-runs table (default 8)\n"
      "  --json                     print the report as JSON\n"
      "  --quiet                    no progress line\n"
      "\n"
      "\n" LORASCOPE_SCHEDULER_OPTIONS "\n"
      "Exit status: 0 success, 1 bad input or a fit that did not converge, 2 usage error.\n";

const char* const kValidateHelp
    = "Usage: lorascope-cli validate [--cost-model NAME|FILE] SOURCES [OPTIONS]\n"
      "\n"
      "Predicted vs measured for every run: the trace is regenerated (S-LoRA rows) or read from the run\n"
      "folder, simulated with the run's server flags and the cost model, and S-LoRA's statistics are\n"
      "compared. Prints MAPE per metric (attainment: mean absolute error), per file, and the worst runs.\n"
      "\n"
      "vLLM runs (docs/costmodel.md): lorascope-cli validate --vllm-runs RUNS.csv [--twin TWIN.csv]\n"
      "[--group G] [--model M] [--cost-model NAME|FILE] [--seed N] [--threads N] regenerates each run's\n"
      "workload, previews it (each run with its model's preset unless --cost-model) and prints MAPE per\n"
      "metric and group over the benchmark's window, saturation, the worst runs and the twin's error.\n"
      "\n"
      "  --cost-model NAME|FILE     the model to check (default: each manifest group's preset of the same\n"
      "                             name, e.g. llama-7b-a10g)\n" LORASCOPE_SOURCE_OPTIONS
      "  --worst N                  rows in the worst-runs table (default 10)\n"
      "  --threads N                runs simulated in parallel\n"
      "  --json                     print the report as JSON (every row, predicted and measured)\n"
      "\n"
      "\n" LORASCOPE_SCHEDULER_OPTIONS "\n"
      "Exit status: 0 success, 1 bad input, 2 usage error.\n";

namespace {

const std::vector<std::string> kSourceValueFlags
    = withSchedulerValueFlags({ "--manifest", "--group", "--role", "--slora-results", "--setting", "--num-token",
        "--replay", "--speed", "--adapter-rank", "--model", "--gpu", "--threads", "--worst" });

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        const auto b = item.find_first_not_of(" \t"), e = item.find_last_not_of(" \t");
        if (b != std::string::npos)
            out.push_back(item.substr(b, e - b + 1));
    }
    return out;
}

std::int64_t atLeast(const Args& a, const std::string& flag, std::int64_t fallback, std::int64_t min)
{
    const std::int64_t v = a.integer(flag, fallback);
    if (v < min)
        throw UsageError(flag + " must be >= " + std::to_string(min) + " (got " + std::to_string(v) + ")");
    return v;
}

/// The same file or folder given twice as a source (also as "run1" and "./run1", or through a
/// link): its runs would count twice, so it is refused.
void refuseRepeatedSources(const Args& a)
{
    for (const char* flag : { "--manifest", "--slora-results", "--replay" }) {
        const auto values = a.values(flag);
        for (std::size_t i = 0; i < values.size(); ++i)
            for (std::size_t k = 0; k < i; ++k)
                if (sameFile(values[i], values[k]))
                    throw UsageError(std::string(flag) + " " + values[i] + " is given twice"
                        + (values[i] == values[k] ? std::string() : " (as " + values[k] + ")")
                        + ": its runs would count twice; give each source once");
    }
}

/// Reads every source the flags name. `defaultRole` is the manifest role without --role.
CalibrationData loadSources(const Args& a, const std::string& defaultRole)
{
    refuseRepeatedSources(a);
    CalibrationData data;
    const auto manifests = a.values("--manifest");
    const auto groups = a.values("--group");
    const std::string role = a.value("--role").value_or(defaultRole);
    if (role != "fit" && role != "validate" && role != "all")
        throw UsageError("--role must be fit, validate or all (got \"" + role + "\")");
    if (!groups.empty() && manifests.empty())
        throw UsageError("--group selects files of a --manifest");
    for (const auto& m : manifests) {
        if (groups.empty())
            data.append(loadSloraManifest(m, role));
        for (const auto& g : groups)
            data.append(loadSloraManifest(m, role, g));
    }
    const auto results = a.values("--slora-results");
    if (!results.empty()) {
        SloraFileSettings s;
        s.setting = a.value("--setting").value_or("");
        s.gpu = a.value("--gpu").value_or("");
        s.model = a.value("--model").value_or("");
        if (s.setting.empty() || s.gpu.empty() || !a.has("--num-token"))
            throw UsageError("--slora-results needs --setting, --gpu and --num-token (the server's launch flags)");
        s.maxTotalTokenNum = atLeast(a, "--num-token", 0, 1);
        s.policy = a.has("--enable-abort") ? PolicyKind::SLoraAbort : PolicyKind::SLora;
        for (const auto& f : results)
            data.append(loadSloraResults(f, s, "fit"));
    }
    const auto replays = a.values("--replay");
    if (!replays.empty()) {
        ReplayRunOptions o;
        o.speed = a.number("--speed", 1);
        if (!(o.speed > 0))
            throw UsageError("--speed must be > 0");
        o.defaultRank = static_cast<int>(atLeast(a, "--adapter-rank", 16, 1));
        applySchedulerArgs(a, o.scheduler); // the server the runs were measured on (cli/schedulerargs.h)
        if (const auto m = a.value("--model")) {
            const ModelSpec* spec = findModel(*m);
            if (!spec)
                throw UsageError("unknown --model \"" + *m + "\" (known: llama-7b, llama-13b, llama-30b, llama-2-70b)");
            o.model = *spec;
        }
        if (const auto g = a.value("--gpu")) {
            const GpuSpec* spec = findGpu(*g);
            if (!spec)
                throw UsageError("unknown --gpu \"" + *g + "\" (known: a10g, a100-40g, a100-80g)");
            o.gpu = *spec;
        }
        o.group = o.model.name.empty() ? "replay"
                                       : o.model.name + (o.gpu.name.empty() ? "" : "-" + a.value("--gpu").value_or(""));
        for (const auto& d : replays) {
            CalibrationData run = loadReplayRun(d, o);
            // A run left out (mostly failed) or a torn last line: said now, loudly, not only in the report.
            for (const auto& x : run.excluded)
                std::cerr << "lorascope-cli: warning: " << x.source << ": " << x.reason << "\n";
            data.append(std::move(run));
        }
    }
    if (manifests.empty() && results.empty() && replays.empty())
        throw UsageError("no source: give --manifest, --slora-results or --replay");
    if (data.experiments.empty()) {
        if (manifests.empty() && results.empty())
            throw InputError("no replay run is left to use: every one was left out (see the warnings above)",
                replays.front(), 0, "replay");
        throw InputError("the sources hold no run to use (role \"" + role + "\")",
            manifests.empty() ? std::string() : manifests.front(), 0, "role");
    }
    return data;
}

std::string fmtValue(double v, bool efficiency)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, efficiency ? "%.3g" : "%.3g s", v);
    return buf;
}

std::string pctText(double rel)
{
    if (std::isinf(rel))
        return "not determined";
    if (std::isnan(rel))
        return "fixed";
    char buf[32];
    std::snprintf(buf, sizeof buf, "±%.0f %%", 100 * rel);
    return buf;
}

void printStatus(const std::string& text, bool json)
{
    (json ? std::cerr : std::cout) << text;
}

/// The outputs of calibrate, checked before any source is read or any fit runs (-o's folder
/// exists, is writable, has room; --output-dir is new or empty and can be created).
struct CalibrateOutputs {
    std::optional<std::string> file; ///< -o / --output
    std::optional<std::string> dir; ///< --output-dir
};

CalibrateOutputs checkCalibrateOutputs(const Args& a)
{
    CalibrateOutputs out;
    out.file = a.value("-o") ? a.value("-o") : a.value("--output");
    out.dir = a.value("--output-dir");
    if (!out.file && !out.dir)
        throw UsageError("-o MODEL.json (or --output-dir DIR) is required");
    if (out.file && out.dir)
        throw UsageError("give -o or --output-dir, not both");
    if (a.has("--force") && !out.dir)
        throw UsageError("--force goes with --output-dir (-o replaces its file atomically anyway)");
    // Said now, not after a fit of minutes: the model must not replace one of the inputs (--start
    // FILE, a manifest, a results file), and -o must be writable (not a folder, not read-only, in
    // a folder that exists, on a file system with room).
    if (out.file) {
        std::vector<NamedPath> inputs = { { "--start", a.value("--start").value_or("") } };
        for (const char* f : { "--manifest", "--slora-results" })
            for (const auto& v : a.values(f))
                inputs.push_back({ f, v });
        for (const auto& v : a.values("--replay"))
            inputs.push_back({ "--replay", v, true }); // a run folder: -o inside it is refused
        checkOutputs({ { a.has("-o") ? "-o" : "--output", *out.file } }, inputs);
        checkOutputFile(*out.file);
    } else {
        // Never mix new models with earlier ones (or overwrite them) without being told to.
        checkResultsFolder(*out.dir, "--output-dir", a.has("--force"));
    }
    return out;
}

/// The optimiser's settings: parametrization, loss, budget and the free parameters.
CalibrationFitOptions readFitOptions(const Args& a, const CalibrationData& data)
{
    CalibrationFitOptions options;
    options.parametrization = a.has("--coefficients") ? Parametrization::Coefficients : Parametrization::Physical;
    const std::string loss = a.value("--loss").value_or("soft-l1");
    if (loss != "soft-l1" && loss != "linear")
        throw UsageError("--loss must be soft-l1 or linear (got \"" + loss + "\")");
    options.robust = loss == "soft-l1";
    options.maxEvaluations = static_cast<int>(atLeast(a, "--max-evaluations", 6000, 1));
    options.threads = static_cast<unsigned>(atLeast(a, "--threads", 0, 0));

    // Start values and fixed parameters.
    CostModel start = *findCostModel("llama-7b-a10g");
    if (const auto s = a.value("--start")) {
        if (*s == "generic") {
            start = deriveCostModel(data.groups.front().model, data.groups.front().gpu, genericEngineParameters());
            start.name = "generic";
        } else {
            start = loadCostModel(*s);
        }
    } else if (const CostModel* same = findCostModel(data.groups.front().name)) {
        start = *same;
    }
    options.start = start.hasParameters ? start.parameters : genericEngineParameters();
    options.startModel = start;
    const bool replayOnly = !a.has("--manifest") && !a.has("--slora-results");
    if (const auto f = a.value("--free"))
        options.free = splitList(*f);
    else if (options.parametrization == Parametrization::Coefficients)
        options.free = { "decode_base", "decode_per_request", "decode_per_context_token", "prefill_per_token" };
    else if (replayOnly)
        // One workload shape at several rates scales the per-request and the per-context-token
        // costs together (both grow with the batch): fit the context one, keep request_overhead.
        // A real client sees every token a little after the engine produced it (detokenisation,
        // HTTP, scheduling): response_delay takes that up instead of the prefill cost.
        options.free = { "layer_overhead", "kv_efficiency", "prefill_efficiency", "response_delay" };
    else
        options.free = { "layer_overhead", "request_overhead", "kv_efficiency", "lora_efficiency", "prefill_efficiency",
            "prefill_lora_efficiency", "load_layer_overhead" };
    return options;
}

nlohmann::json fitJson(const CalibrationFitResult& fit, double seconds, const std::vector<CostModel>& written,
    const std::vector<std::string>& paths, const ValidationReport& inSample,
    const std::optional<ValidationReport>& outSample)
{
    nlohmann::json j;
    j["converged"] = fit.converged;
    j["message"] = fit.message;
    j["evaluations"] = fit.evaluations;
    j["seconds"] = seconds;
    j["objective_start"] = fit.objectiveStart;
    j["objective"] = fit.objective;
    auto& ps = j["parameters"] = nlohmann::json::array();
    for (const auto& e : fit.estimates) {
        nlohmann::json p { { "key", e.key }, { "free", e.free }, { "start", e.start }, { "value", e.value } };
        p["relative_error"]
            = std::isfinite(e.relativeError) ? nlohmann::json(e.relativeError) : nlohmann::json(nullptr);
        nlohmann::json sens = nlohmann::json::object();
        for (std::size_t k = 0; k < kMetricCount; ++k)
            if (std::isfinite(e.sensitivity[k]))
                sens[metricKey(static_cast<Metric>(k))] = e.sensitivity[k];
        p["sensitivity"] = sens;
        ps.push_back(p);
    }
    j["models"] = nlohmann::json::array();
    for (const auto& m : written)
        j["models"].push_back(costModelToJsonObject(m));
    j["written"] = paths;
    j["in_sample"] = validationToJson(inSample);
    if (outSample)
        j["validation"] = validationToJson(*outSample);
    return j;
}

void printFitReport(const Args& a, const CalibrationData& data, const CalibrationFitOptions& options,
    const CalibrationFitResult& fit, double seconds, const std::string& verdict, const ValidationReport& inSample,
    const std::optional<ValidationReport>& outSample)
{
    std::printf("calibrated   %zu runs in %zu group(s); %s parametrization\n", data.experiments.size(),
        data.groups.size(), options.parametrization == Parametrization::Physical ? "S-LoRA engine" : "coefficient");
    std::printf("fit          %s; objective %.4g -> %.4g; %.1f s\n\n", verdict.c_str(), fit.objectiveStart,
        fit.objective, seconds);
    std::printf("%-26s %12s %16s   sensitivity |d ln metric / d ln parameter| (att: points)\n", "parameter", "value",
        "uncertainty (1σ)");
    std::printf("%-26s %12s %16s   %6s %6s %6s %6s %6s %6s\n", "", "", "", "thr", "lat", "ftl", "potl", "att", "tpot");
    for (const auto& e : fit.estimates) {
        if (!e.free)
            continue;
        bool eff = false; // dimensionless: no unit
        for (const auto& info : engineParameterInfos())
            eff = eff || (e.key == info.key && std::string(info.unit).empty());
        std::printf(
            "%-26s %12s %16s  ", e.key.c_str(), fmtValue(e.value, eff).c_str(), pctText(e.relativeError).c_str());
        for (std::size_t k = 0; k < kMetricCount; ++k) {
            const double s = e.sensitivity[k];
            std::printf(" %6s",
                std::isfinite(s)
                    ? (std::to_string(static_cast<int>(std::lround(100 * s))) + (k == 4 ? "" : "%")).c_str()
                    : "-");
        }
        std::printf("\n");
    }
    const int worst = static_cast<int>(atLeast(a, "--worst", 8, 0));
    std::printf("\nin-sample error (fitted runs)\n%s", renderValidationText(inSample, worst).c_str());
    if (outSample)
        std::printf("\nvalidation error (runs never fitted on)\n%s", renderValidationText(*outSample, worst).c_str());
}

} // namespace

int runCalibrate(const std::vector<std::string>& argv)
{
    if (hasVllmRuns(argv))
        return runCalibrateVllm(argv);
    std::vector<std::string> valueFlags = kSourceValueFlags;
    for (const char* f : { "--free", "--start", "--loss", "--max-evaluations", "--name", "--description", "-o",
             "--output", "--output-dir" })
        valueFlags.push_back(f);
    const Args a = parseArgs("calibrate", argv, valueFlags,
        withSchedulerBoolFlags({ "--enable-abort", "--coefficients", "--validate", "--json", "--quiet", "--force" }));
    if (!a.positional().empty())
        throw UsageError("unexpected argument \"" + a.positional().front()
            + "\" (sources are given with --manifest, --slora-results or --replay)");
    const CalibrateOutputs outputs = checkCalibrateOutputs(a);
    if (a.has("--validate") && !a.has("--manifest"))
        throw UsageError("--validate uses the manifest's validation files: give --manifest");
    const bool json = a.has("--json");

    CalibrationData data = loadSources(a, "fit");
    if (outputs.file && data.groups.size() != 1)
        throw UsageError("the sources form " + std::to_string(data.groups.size())
            + " groups: use --output-dir DIR (one file per group)");
    CalibrationFitOptions options = readFitOptions(a, data);
    // Another calibrate given the same --output-dir is refused now, not after both fits.
    std::optional<FolderClaim> outputDir;
    if (outputs.dir)
        outputDir.emplace(*outputs.dir, "--output-dir", !a.has("--force"));

    TerminalProgress progress("calibrating", a.has("--quiet"));
    options.progress = progress.sink();
    const auto t0 = std::chrono::steady_clock::now();
    CalibrationFitResult fit = fitCostModel(data, options);
    progress.done();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    const ValidationReport inSample = compare(data, fit.predictions);
    CalibrationData vdata;
    if (a.has("--validate"))
        for (const auto& m : a.values("--manifest"))
            for (const auto& g : data.groups)
                vdata.append(loadSloraManifest(m, "validate", g.name));
    // The written models: provenance from the fit and (with --validate) the validation.
    std::vector<CostModel> written;
    for (std::size_t gi = 0; gi < data.groups.size(); ++gi) {
        CostModel m = calibratedModel(data, fit, options, gi, vdata.experiments.empty() ? nullptr : &vdata);
        if (const auto n = a.value("--name"))
            m.name = *n;
        if (const auto d = a.value("--description"))
            m.description = *d;
        written.push_back(std::move(m));
    }
    std::optional<ValidationReport> outSample;
    if (!vdata.experiments.empty()) {
        std::vector<CostModel> models;
        for (const auto& g : vdata.groups)
            for (std::size_t gi = 0; gi < data.groups.size(); ++gi)
                if (data.groups[gi].name == g.name)
                    models.push_back(written[gi]);
        outSample = validate(vdata, models, options.threads);
    }

    if (!fit.converged) {
        throw InputError("the fit did not converge (" + fit.message + "; objective " + formatNumber(fit.objectiveStart)
                + " -> " + formatNumber(fit.objective)
                + "): no cost model written. Fit fewer parameters (--free), start elsewhere (--start) or allow more "
                  "evaluations (--max-evaluations)",
            data.experiments.front().source, 0, "calibrate");
    }
    bool finite = std::isfinite(fit.objective);
    for (const auto& p : fit.predictions)
        finite = finite && std::isfinite(p.totalTime);
    if (!finite)
        throw InputError("the fitted model leaves runs unfinished (a queue that never drains): no cost model written",
            data.experiments.front().source, 0, "calibrate");
    // The optimiser stopping is not a model: one that misses the runs it was fitted on by hundreds
    // of percent describes nothing. The report is shown, no file is written.
    if (const std::string unusable = unusableFitReason(inSample); !unusable.empty()) {
        if (!json)
            printFitReport(
                a, data, options, fit, seconds, fit.message + ", but the model is unusable", inSample, outSample);
        throw InputError("the optimiser stopped (" + fit.message
                + "), but the model does not describe the runs it was fitted on (in-sample " + unusable
                + "): no cost model written. Check the runs (a server that failed or was overloaded, --speed, the "
                  "server flags "
                  "--max-total-tokens/--policy), or fit other parameters (--free)",
            data.experiments.front().source, 0, "calibrate");
    }

    // Write (atomically) before reporting, so a report never claims a file that is not there.
    std::vector<std::string> paths;
    if (outputs.file) {
        saveCostModel(written.front(), *outputs.file);
        paths.push_back(*outputs.file);
    } else {
        for (const auto& m : written) {
            const std::string p = (std::filesystem::path(*outputs.dir) / (m.name + ".json")).string();
            saveCostModel(m, p);
            paths.push_back(p);
        }
    }
    if (json) {
        std::cout << fitJson(fit, seconds, written, paths, inSample, outSample).dump(2) << "\n";
        return kExitOk;
    }
    printFitReport(a, data, options, fit, seconds, fit.message, inSample, outSample);
    for (const auto& p : paths)
        printStatus("wrote        " + p + "\n", false);
    return kExitOk;
}

int runValidate(const std::vector<std::string>& argv)
{
    if (hasVllmRuns(argv))
        return runValidateVllm(argv);
    std::vector<std::string> valueFlags = kSourceValueFlags;
    valueFlags.push_back("--cost-model");
    const Args a
        = parseArgs("validate", argv, valueFlags, withSchedulerBoolFlags({ "--enable-abort", "--json", "--quiet" }));
    if (!a.positional().empty())
        throw UsageError("unexpected argument \"" + a.positional().front() + "\"");
    const auto t0 = std::chrono::steady_clock::now();
    const CalibrationData data = loadSources(a, "validate");
    std::vector<CostModel> models;
    const auto given = a.value("--cost-model");
    const CostModel fixed = given ? loadCostModel(*given) : CostModel {};
    for (const auto& g : data.groups) {
        if (given) {
            models.push_back(fixed);
            continue;
        }
        const CostModel* preset = findCostModel(g.name);
        if (!preset)
            throw UsageError("no preset named \"" + g.name + "\" for the runs of that group: give --cost-model");
        models.push_back(*preset);
    }
    const ValidationReport rep = validate(data, models, static_cast<unsigned>(atLeast(a, "--threads", 0, 0)));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (a.has("--json")) {
        nlohmann::json j = validationToJson(rep);
        j["cost_models"] = nlohmann::json::array();
        for (std::size_t i = 0; i < models.size(); ++i)
            j["cost_models"].push_back({ { "group", data.groups[i].name }, { "name", models[i].name } });
        j["seconds"] = seconds;
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::printf("validated    %zu runs with ", rep.rows.size());
    for (std::size_t i = 0; i < models.size(); ++i)
        std::printf("%s%s", i ? ", " : "", models[i].name.c_str());
    std::printf(
        " (%.2f s)\n\n%s", seconds, renderValidationText(rep, static_cast<int>(atLeast(a, "--worst", 10, 0))).c_str());
    return kExitOk;
}

} // namespace lorascope::cli
