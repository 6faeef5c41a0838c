// SPDX-License-Identifier: Apache-2.0
// `lorascope-cli sweep`: a parameter sweep over the preview (or a real server), the SLO capacity
// finder and the S-LoRA paper overlay (docs/sweep.md). The work is in core/sweep; this file reads flags,
// streams rows and prints plain-words verdicts.
#include "cli/args.h"
#include "cli/cmd_sweepfleet.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/schedulerargs.h"
#include "cli/specargs.h"
#include "cli/sweepoutput.h"

#include "sweep/finder.h"
#include "sweep/paper.h"
#include "sweep/replaysweep.h"
#include "sweep/sweepio.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>

#include <unistd.h>

namespace lorascope::cli {

const char* const kSweepHelp = R"(Usage: lorascope-cli sweep --param NAME (--values LIST | --range LO:HI:STEP) [OPTIONS]
       lorascope-cli sweep --suite NAME [--model-setting S1|S2|S4] [OPTIONS]
       lorascope-cli sweep --find-max NAME [--range LO:HI] [--slo SLO] [OPTIONS]
       lorascope-cli sweep --param replicas|staleness|router --replicas N|--fleet FILE [--routers LIST] [OPTIONS]
       lorascope-cli sweep --find-min replicas --range LO:HI --slo SLO [--slo SLO2 ...] [--routers LIST] [OPTIONS]

Vary one parameter of the workload or the server and preview every point: generate the workload,
run the admission engine on the cost-model clock, and record throughput, goodput, TTFT/TPOT/E2E
percentiles, S-LoRA's SLO attainment, the attainment of your SLO, offered vs achieved rate, queue
and KV peaks, overall and per adapter. Points run in parallel (one per core) and each is written
as soon as it finishes, so Ctrl-C keeps every finished point. With --target the same points run
one after another against a real server through replay. Formulas: docs/sweep.md.

Parameters (--param, --find-max):
  workload  rate (req/s), adapters, alpha, zipf_s, cv, duration (s), seed, input_max, output_max
  server    max_total_token_num, batch_max_tokens, running_max_req_size, max_wait_tokens,
            max_num_seqs, max_num_batched_tokens, max_loras (vLLM policy)

Values:
  --values LIST          a list: 1,2,4,8
  --range LO:HI:STEP     a range with a step (HI included when a step lands on it), e.g. 0.5:10:0.5
  --range LO:HI          with --points N: N evenly spaced values; with --find-max: the search range
  --points N             see --range
  --suite NAME           an S-LoRA paper suite (exp_suite.py), e.g. a100-80-S4-req-rate, a10g-cv:
                         its settings (bit-exact slora generator, seed 42, the server's --num-token,
                         the GPU's cost model) and its values, plus every value S-LoRA published;
                         the published measurements are compared with the preview at the end
  --model-setting NAME   S1, S2, S4... for --suite (default: the suite's)
  (at most 1000 points)

Capacity finder:
  --find-max NAME        the largest value of NAME (rate, adapters, ...) whose point meets the
                         SLO: bracketing (doubling or halving from the current value) then
                         bisection to --tolerance; then the saturation point (the smallest value
                         with achieved/offered < 0.98) the same way; and which adapters (and
                         ranks) break the SLO first
  --slo LIST             ttft=6s,tpot=100ms,e2e=30s,attainment=0.9 (any subset; times need s or ms,
                         a bare number is ms as in `replay --slo`; attainment a share or 90%).
                         A request meets the SLO when it completed within every bound; a point
                         meets it when at least `attainment` of all its requests do.
                         Default: ttft=6s,attainment=0.9 (S-LoRA's bound for 90 % of requests)
  --tolerance X          bracket width to stop at: a fraction of the capacity (0.01 = 1 %, the
                         default; also 1%) or, for whole-number parameters, at least 1
  --max-evaluations N    give up after N points (default 80); the bracket so far is reported

Fleet (docs/fleet.md; each point is the `fleet` preview of the same workload):
  --param replicas       fleet sizes (--values 2,4,8 or --range 1:16[:STEP]); staleness: metrics scrape
                         intervals in ms; router: one point per --routers entry
  --find-min replicas    the smallest fleet in --range LO:HI (default 1:64) meeting each --slo (give
                         --slo several times: the cost in replicas of each SLO), per router, and the
                         saving of the best router over round-robin in replicas and GPUs; says so
                         plainly when no size in the range meets an SLO
  --routers LIST         one series per router: round-robin,gie-lora-filter,... or all
  --replicas N           a fleet of N replicas of the server the server flags describe (the base size
                         for staleness and router sweeps); --gpus-per-replica N (default 1)
  --fleet FILE           a fleet file instead (replicas sweeps need one group of replicas)
  --staleness MS, --placement dynamic|static, --replicas-per-adapter K   as for `fleet`
  Output with -o: JSON Lines only (format lorascope-fleet-sweep: a header, a line per point with
  its router, replicas, GPUs and staleness, and for --find-min the answer)

Base settings (as `generate` and `simulate`):
  --spec FILE, --preset NAME, --generator, --adapters, --rate, --alpha, --cv, --duration, --seed,
  --input-range LO,HI, --output-range LO,HI, --popularity, --arrival
  --cost-model NAME|FILE the preview's cost model (default: the preset for the base model's size);
                         its name and description are printed with the results
  the server flags below (as `simulate`)

Measurement:
  --warmup S             leave requests arriving in the first S seconds out of every point
  --cooldown S           leave requests arriving in the last S seconds out
  --saturation-ratio X   saturated when achieved/offered < X (default 0.98)
  --threads N            preview points in parallel (default: one per core)

Against a real server (replay; points one at a time):
  --target URL           replay every point against this server instead of previewing it
  --backend NAME         slora, openai-completions, openai-chat, sglang, tgi, lorax (required
                         with --target)
  --time-scale X         replay X times the trace's pace (0.05 = 20x faster) and divide the
                         measured times by X: for a server that runs as much faster (serve-sim
                         --speed 20). Keep 1 (the default) for a real GPU server
  --no-early-stop        run every point; by default the sweep stops after the first saturated
                         point (achieved/offered < ratio or GuideLLM's over-saturation test)
  --runs-dir DIR         keep each point's requests.jsonl and summary.json in DIR/point-NNN; a
                         DIR that already holds files (an earlier sweep's) is refused unless --force
  --model NAME, --timeout S, --first-token-timeout S, --max-concurrency N, --api-key KEY,
  --ca-cert FILE, --insecure   as for `replay`
  With --find-max the preview finds the capacity first; the server then confirms it with as few
  runs as possible: it starts at the previewed value, steps up or down by 2 x tolerance (the step
  growing each time) until the SLO flips, and bisects to the tolerance (default 5 % there).

Output:
  -o, --output FILE      rows to FILE as points finish (.jsonl: a header line with the plan, then
                         one line per point with its spec, server, metrics and per-adapter metrics;
                         .csv: one row per point). Written as FILE.partial and renamed to FILE
                         when the sweep ends (also when interrupted), so an earlier FILE is only
                         replaced by a sweep with points. A FILE.partial left by a sweep that was
                         killed holds its points: it is refused unless --force. Without -o the rows
                         go to standard output and the summary to standard error
  --force                write into a non-empty --runs-dir (its point-NNN folders are replaced) and
                         over an old FILE.partial
  --format jsonl|csv     instead of the extension
  --json                 with --find-max: print the finder's result as JSON
  --quiet                no progress line and no notes (the table and verdict are results:
                         always printed; see lorascope-cli --help)

)" LORASCOPE_SCHEDULER_OPTIONS R"(
Exit status: 0 success, 1 bad input, an unreachable target or an interrupted sweep (finished
points are kept), 2 usage error.
)";

namespace {

std::atomic<bool> g_cancel { false };

extern "C" void onSweepSignal(int)
{
    g_cancel.store(true);
}

std::int64_t positive(const Args& a, const std::string& flag, std::int64_t fallback, std::int64_t min = 1)
{
    const std::int64_t v = a.integer(flag, fallback);
    if (v < min)
        throw UsageError(flag + " must be >= " + std::to_string(min) + " (got " + std::to_string(v) + ")");
    return v;
}

SweepParam paramFlag(const Args& a, const char* flag)
{
    const std::string name = *a.value(flag);
    const auto p = sweepParamFromName(name);
    if (!p)
        throw UsageError(std::string(flag) + ": unknown parameter \"" + name + "\" (" + sweepParamNames() + ")");
    return *p;
}

/// Server flags on top of `config` (cli/schedulerargs.h) and the cost model.
void applyServerFlags(const Args& a, SimulationConfig& config)
{
    if (const auto cost = a.value("--cost-model"))
        config.cost = loadCostModel(*cost);
    applySchedulerArgs(a, config.scheduler, config.cost); // a vLLM preset fills its version's defaults
    config.clock = ClockKind::Model;
}

std::vector<double> unionValues(std::vector<double> values, const std::vector<const PaperFigure*>& figures)
{
    for (const PaperFigure* f : figures)
        for (const PaperRow& r : f->rows) {
            const double v = paperValue(r, f->param);
            if (std::find(values.begin(), values.end(), v) == values.end())
                values.push_back(v);
        }
    std::sort(values.begin(), values.end());
    return values;
}

/// Everything the flags ask for, checked before the first point (and before -o is created).
struct SweepRequest {
    SweepPlan plan;
    std::vector<const PaperFigure*> figures;
    std::vector<std::string> notes;
    bool finder = false; ///< --find-max
    bool suite = false; ///< --suite
    bool replay = false; ///< --target
    bool quiet = false;
    bool json = false;
    unsigned threads = 0;
    ReplaySweepOptions ro;
    FinderOptions fo;
};

/// Which of the three modes (sweep, suite, finder) and the flags that go with each.
void checkModes(const Args& a)
{
    if (!a.positional().empty())
        throw UsageError("unexpected argument \"" + a.positional().front() + "\" (the parameter goes after --param)");
    const bool finder = a.has("--find-max");
    const bool suite = a.has("--suite");
    if (finder && a.has("--param"))
        throw UsageError("give either --param (a sweep) or --find-max (the capacity finder), not both");
    if (!finder && !suite && !a.has("--param"))
        throw UsageError("what to sweep: --param NAME with --values or --range, --suite NAME, or --find-max NAME");
    if (a.has("--values") && a.has("--range"))
        throw UsageError("give either --values or --range, not both");
    if (suite && (a.has("--spec") || a.has("--preset")))
        throw UsageError(
            "--suite brings its own settings; use --model-setting (and the override flags), not --spec/--preset");
    if (a.has("--model-setting") && !suite)
        throw UsageError("--model-setting goes with --suite");
    if (finder && a.has("--values"))
        throw UsageError("--find-max searches a range (--range LO:HI), not a list");
}

/// The base settings, the parameter and its values, the SLO and the measurement window.
void readPlan(const Args& a, SweepRequest& r)
{
    SweepPlan& plan = r.plan;
    if (r.suite) {
        SuiteSweep s = suiteSweep(*a.value("--suite"), a.value("--model-setting").value_or(""));
        plan.spec = specFromArgs(a, s.spec);
        plan.config = s.config;
        plan.param = s.param;
        plan.values = s.values;
        plan.suite = s.suite;
        plan.modelSetting = s.modelSetting;
        for (const UserNote& n : s.notes)
            r.notes.push_back(n.text);
        if (!s.gpu.empty())
            r.notes.insert(r.notes.begin(),
                "S-LoRA ran " + s.suite + " on " + s.gpu + " with " + s.modelSetting + ", --num-token "
                    + std::to_string(s.config.scheduler.limits.maxTotalTokenNum));
    } else {
        plan.spec = specFromArgs(a);
        plan.config.cost = defaultCostModel(plan.spec.naming.baseModel);
    }
    applyServerFlags(a, plan.config);
    if (r.suite)
        r.figures = paperFiguresFor(plan.suite, plan.modelSetting, plan.config.scheduler.policy);
    if (a.has("--param"))
        plan.param = paramFlag(a, "--param");
    if (r.finder) {
        plan.param = paramFlag(a, "--find-max");
        if (const std::string why = capacityParamProblem(plan.param); !why.empty())
            throw UsageError("--find-max: " + why);
    }
    if (!r.finder && (a.has("--values") || a.has("--range"))) {
        const auto points = static_cast<std::size_t>(positive(a, "--points", 0, 0));
        plan.values = parseSweepValues(plan.param, a.value("--values") ? *a.value("--values") : *a.value("--range"),
            points, a.has("--values") ? "--values" : "--range");
    } else if (a.has("--points") && !r.finder) {
        throw UsageError("--points goes with --range LO:HI");
    } else if (!r.finder && !r.suite) {
        throw UsageError("--param needs --values LIST or --range LO:HI:STEP");
    } else if (r.suite && !r.finder) {
        plan.values = unionValues(plan.values, r.figures); // every published point gets a preview
    }
    if (const auto slo = a.value("--slo"))
        plan.slo = parseSloTarget(*slo);
    plan.warmup = a.number("--warmup", 0);
    plan.cooldown = a.number("--cooldown", 0);
    if (plan.warmup < 0 || plan.cooldown < 0)
        throw UsageError("--warmup and --cooldown must be >= 0");
    plan.saturation.ratio = a.number("--saturation-ratio", 0.98);
    if (!(plan.saturation.ratio > 0 && plan.saturation.ratio <= 1))
        throw UsageError("--saturation-ratio must be in (0, 1]");
    r.threads = static_cast<unsigned>(positive(a, "--threads", 0, 0));
}

/// --target and the replay flags (which go with it only).
void readReplay(const Args& a, SweepRequest& r)
{
    if (!r.replay) {
        for (const char* flag : { "--backend", "--time-scale", "--runs-dir", "--model", "--timeout",
                 "--first-token-timeout", "--max-concurrency", "--api-key", "--ca-cert" })
            if (a.has(flag))
                throw UsageError(std::string(flag) + " goes with --target");
        if (a.has("--no-early-stop") || a.has("--insecure"))
            throw UsageError(
                std::string(a.has("--insecure") ? "--insecure" : "--no-early-stop") + " goes with --target");
        return;
    }
    ReplaySweepOptions& ro = r.ro;
    ro.replay.target = *a.value("--target");
    parseTargetUrl(ro.replay.target);
    const auto backendText = a.value("--backend");
    if (!backendText)
        throw UsageError("--target needs --backend (" + backendNames() + ")");
    const auto backend = backendFromName(*backendText);
    if (!backend)
        throw UsageError("--backend: unknown backend \"" + *backendText + "\" (" + backendNames() + ")");
    ro.replay.backend = *backend;
    ro.replay.timeScale = a.number("--time-scale", 1.0);
    if (!(ro.replay.timeScale > 0))
        throw UsageError("--time-scale must be > 0");
    ro.replay.baseModel = a.value("--model").value_or("base");
    ro.replay.requestTimeout = a.number("--timeout", 0);
    ro.replay.firstTokenTimeout = a.number("--first-token-timeout", 0);
    ro.replay.maxConcurrency = static_cast<std::size_t>(positive(a, "--max-concurrency", 0, 0));
    ro.replay.verifyTls = !a.has("--insecure");
    if (auto ca = a.value("--ca-cert"))
        ro.replay.caFile = *ca;
    if (auto k = a.value("--api-key"))
        ro.replay.apiKey = *k;
    else if (const char* env = std::getenv("LORASCOPE_API_KEY"))
        ro.replay.apiKey = env;
    ro.earlyStop = !a.has("--no-early-stop");
    ro.runsDir = a.value("--runs-dir").value_or("");
    // Never mix this sweep's points with an earlier sweep's (or overwrite them) unasked.
    if (!ro.runsDir.empty())
        checkResultsFolder(ro.runsDir, "--runs-dir", a.has("--force"));
}

/// --find-max's search range and stopping rule.
void readFinder(const Args& a, SweepRequest& r)
{
    if (!r.finder) {
        if (a.has("--tolerance") || a.has("--max-evaluations"))
            throw UsageError("--tolerance and --max-evaluations go with --find-max");
        return;
    }
    FinderOptions& fo = r.fo;
    if (const auto range = a.value("--range")) {
        const auto [lo, hi] = parseSweepRange(r.plan.param, *range);
        fo.lo = lo;
        fo.hi = hi;
    }
    if (a.has("--points"))
        throw UsageError("--points is for sweeps, not for --find-max");
    fo.tolerance = r.replay ? 0.05 : 0.01;
    if (const auto t = a.value("--tolerance")) {
        std::string text = *t;
        const bool percent = !text.empty() && text.back() == '%';
        if (percent)
            text.pop_back();
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !(v > 0))
            throw UsageError("--tolerance must be a positive number or percentage (got \"" + *t + "\")");
        fo.tolerance = percent ? v / 100.0 : v;
        if (fo.tolerance >= 1)
            throw UsageError("--tolerance is a fraction of the capacity: below 1 (or 100%)");
    }
    fo.maxEvaluations = static_cast<int>(positive(a, "--max-evaluations", 80, 2));
}

SweepRequest readSweepRequest(const Args& a)
{
    checkModes(a);
    SweepRequest r;
    r.finder = a.has("--find-max");
    r.suite = a.has("--suite");
    r.replay = a.has("--target");
    r.quiet = a.has("--quiet");
    r.json = a.has("--json");
    readPlan(a, r);
    readReplay(a, r);
    readFinder(a, r);
    // Check everything before the first point (and before the output file is created).
    checkSchedulerAdapters(r.plan.config.scheduler, r.plan.spec.adapterCount, "the sweep's workload");
    if (r.replay)
        checkReplayPlan(r.plan);
    if (!r.finder)
        checkPlan(r.plan);
    else if (const std::string why = sweepParamNotApplicable(r.plan.param, r.plan.spec, r.plan.config); !why.empty())
        throw InputError(why, {}, 0, sweepParamInfo(r.plan.param).name);
    return r;
}

int runFinder(SweepRequest& r, SweepOutput& output, PointProgress& progress, std::ostream& report)
{
    const SweepPlan& plan = r.plan;
    CapacityResult preview = findCapacityPreview(plan, r.fo, progress.callback(), &g_cancel, r.threads);
    progress.end();
    if (output.writer())
        output.writer()->appendCapacity(preview);
    std::optional<CapacityResult> confirmed;
    if (r.replay && !preview.cancelled && !std::isnan(preview.capacity) && !g_cancel) {
        if (!r.quiet) {
            report << "preview:\n";
            for (const std::string& line : preview.describe())
                report << "  " << line << "\n";
            report << "confirming on " << r.ro.replay.target << " from the previewed "
                   << sweepValueText(plan.param, preview.capacity) << "\n";
        }
        confirmed = confirmCapacity(plan, r.fo, preview.capacity, r.ro, progress.callback(), &g_cancel);
        progress.end();
        if (output.writer())
            output.writer()->appendCapacity(*confirmed);
    }
    const CapacityResult& shown = confirmed ? *confirmed : preview;
    if (r.json) {
        nlohmann::ordered_json j;
        j["preview"] = capacityJson(preview);
        if (confirmed)
            j["server"] = capacityJson(*confirmed);
        j["cost_model"] = plan.config.cost.name;
        j["cost_model_description"] = plan.config.cost.description;
        std::cout << j.dump(2) << "\n";
    } else {
        if (confirmed)
            report << "on the server (" << confirmed->evaluations.size() << " runs):\n";
        for (const std::string& line : shown.describe())
            report << (confirmed ? "  " : "") << line << "\n";
        if (!r.replay)
            report << "cost model: " << plan.config.cost.name << " — " << plan.config.cost.description << "\n";
    }
    if (shown.cancelled || g_cancel)
        return interruptedSweep(output, shown.evaluations.size(), 0);
    return kExitOk;
}

int runPoints(SweepRequest& r, SweepOutput& output, PointProgress& progress, std::ostream& report)
{
    const SweepPlan& plan = r.plan;
    std::vector<SweepPoint> points;
    bool cancelled = false;
    std::string stopped;
    if (r.replay) {
        ReplaySweepRun run = runReplaySweep(plan, r.ro, progress.callback(), &g_cancel);
        points = std::move(run.points);
        cancelled = run.cancelled;
        if (run.stoppedEarly) {
            std::string skipped;
            for (double v : run.skipped)
                skipped += (skipped.empty() ? "" : ", ") + sweepValueText(plan.param, v);
            stopped = "stopped early: " + run.stopReason + "; skipped " + skipped + " (--no-early-stop runs them)";
        }
    } else {
        SweepRun run = runPreviewSweep(plan, progress.callback(), &g_cancel, r.threads);
        points = std::move(run.points);
        cancelled = run.cancelled;
    }
    progress.end();
    if (!points.empty()) { // a result: --quiet never hides it
        std::vector<const SweepPoint*> ptrs;
        for (const SweepPoint& p : points)
            ptrs.push_back(&p);
        printSweepTable(report, plan, ptrs);
        for (const std::string& line : sweepVerdict(plan, points).lines)
            report << line << "\n";
        if (!stopped.empty())
            report << stopped << "\n";
    }
    if (r.suite && !r.replay)
        printPaperComparison(report, plan, points, r.figures, output.writer());
    if (cancelled)
        return interruptedSweep(output, points.size(), plan.values.size());
    return kExitOk;
}

} // namespace

int runSweep(const std::vector<std::string>& argv)
{
    // Numeric options are range-checked by parseArgs (the shared table in cli/options.cpp).
    const Args a = parseArgs("sweep", argv,
        withSchedulerValueFlags({ "--param", "--values", "--range", "--points", "--suite", "--model-setting",
            "--find-max", "--slo", "--tolerance", "--max-evaluations", "--spec", "--preset", "--generator",
            "--adapters", "--rate", "--alpha", "--cv", "--duration", "--seed", "--input-range", "--output-range",
            "--popularity", "--arrival", "--cost-model", "--warmup", "--cooldown", "--saturation-ratio", "--threads",
            "--target", "--backend", "--time-scale", "--runs-dir", "--model", "--timeout", "--first-token-timeout",
            "--max-concurrency", "--api-key", "--ca-cert", "-o", "--output", "--format", "--fleet", "--replicas",
            "--gpus-per-replica", "--routers", "--find-min", "--staleness", "--placement", "--replicas-per-adapter" }),
        withSchedulerBoolFlags({ "--json", "--quiet", "--no-early-stop", "--insecure", "--force" }));
    if (isFleetSweep(a)) // replicas, staleness or router: the fleet preview (cli/cmd_sweepfleet.h)
        return runFleetSweepCli(a);
    SweepRequest r = readSweepRequest(a);
    SweepOutput output(a, r.plan, r.replay ? r.ro.replay.target : "preview", r.finder);
    // Another sweep given the same --runs-dir is refused now, not after its first point.
    std::optional<FolderClaim> runsDir;
    if (!r.ro.runsDir.empty())
        runsDir.emplace(r.ro.runsDir, "--runs-dir", !a.has("--force"));

    struct sigaction sa { };
    sa.sa_handler = onSweepSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    std::ostream& report = output.toStdout() ? std::cerr : std::cout;
    if (!r.quiet) {
        for (const std::string& n : r.notes)
            report << "note: " << n << "\n";
        report << (r.replay ? "target " + r.ro.replay.target : "preview with cost model " + r.plan.config.cost.name)
               << ", policy " << policyName(r.plan.config.scheduler.policy) << ", SLO " << r.plan.slo.describe()
               << "\n";
    }
    PointProgress progress(
        r.plan, output.writer(), r.replay, !r.quiet && ::isatty(2), r.finder ? 0 : r.plan.values.size());
    return r.finder ? runFinder(r, output, progress, report) : runPoints(r, output, progress, report);
}

} // namespace lorascope::cli
