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
  --quiet                no progress line and no summary table

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

std::string fmt(double v, const char* f)
{
    if (!std::isfinite(v))
        return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

std::int64_t positive(const Args& a, const std::string& flag, std::int64_t fallback, std::int64_t min = 1)
{
    const std::int64_t v = a.integer(flag, fallback);
    if (v < min)
        throw UsageError(flag + " must be >= " + std::to_string(min) + " (got " + std::to_string(v) + ")");
    return v;
}

/// -o is written as OUT.partial and renamed over OUT when the sweep ends (finished, interrupted,
/// or stopped by an error after some points): an earlier file of that name survives a sweep that
/// wrote no point, and a sweep killed outright (SIGKILL, a crash) leaves its points in OUT.partial.
struct PartialFile {
    std::unique_ptr<SweepWriter>& writer;
    std::string partial; ///< empty: nothing to rename
    std::string target;
    ~PartialFile()
    {
        if (partial.empty() || !writer)
            return;
        const bool any = writer->written() > 0;
        writer.reset(); // closes the file
        std::error_code ec;
        if (!any) {
            std::filesystem::remove(partial, ec);
            return;
        }
        std::filesystem::rename(partial, target, ec);
        if (ec)
            std::cerr << "lorascope-cli sweep: error: cannot rename " << partial << " to " << target << ": " << ec.message()
                      << " (the points are in " << partial << ")\n";
    }
};

SweepParam paramFlag(const Args& a, const char* flag)
{
    const std::string name = *a.value(flag);
    const auto p = sweepParamFromName(name);
    if (!p)
        throw UsageError(std::string(flag) + ": unknown parameter \"" + name + "\" (" + sweepParamNames() + ")");
    return *p;
}

/// Server flags on top of `config` (and the spec's limits, which are the server's).
/// Server flags on top of `config` (cli/schedulerargs.h) and the cost model.
void applyServerFlags(const Args& a, SimulationConfig& config)
{
    applySchedulerArgs(a, config.scheduler);
    if (const auto cost = a.value("--cost-model"))
        config.cost = loadCostModel(*cost);
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

void printTable(std::ostream& out, const SweepPlan& plan, std::vector<const SweepPoint*> points)
{
    std::sort(points.begin(), points.end(), [](auto* a, auto* b) { return a->value < b->value; });
    const SweepParamInfo& info = sweepParamInfo(plan.param);
    std::string head = std::string(info.label) + (info.unit[0] ? std::string(" (") + info.unit + ")" : std::string());
    head.resize(std::max<std::size_t>(head.size() + 1, 14), ' ');
    out << head << "   done/req   tput   goodput  TTFT p50   p99    TPOT p50  E2E p50   p99    SLO %  S-LoRA %  ach/off  queue  KV peak\n";
    out << std::string(head.size(), ' ')
        << "              req/s  req/s    s          s      ms        s          s                          ratio  peak   tokens\n";
    for (const SweepPoint* p : points) {
        const PointMetrics& m = p->metrics;
        std::string v = sweepValueText(plan.param, p->value);
        v.resize(std::max(head.size(), v.size() + 1), ' ');
        char line[400];
        std::snprintf(line, sizeof line, "%s%5llu/%-5llu %6s %7s  %7s %7s  %7s  %7s %7s  %6s  %6s    %6s%s %5s  %7s\n", v.c_str(),
            (unsigned long long)m.completed, (unsigned long long)m.requests, fmt(m.throughput, "%.3f").c_str(), fmt(m.goodput, "%.3f").c_str(),
            fmt(m.ttft.p50, "%.3f").c_str(), fmt(m.ttft.p99, "%.2f").c_str(), fmt(m.tpot.p50 * 1e3, "%.1f").c_str(), fmt(m.e2e.p50, "%.2f").c_str(),
            fmt(m.e2e.p99, "%.2f").c_str(), fmt(100 * m.sloAttainment, "%.1f").c_str(), fmt(100 * m.sloraAttainment, "%.1f").c_str(),
            fmt(m.achievedRatio, "%.3f").c_str(), m.saturated ? "*" : " ", fmt(m.peakQueue, "%.0f").c_str(),
            m.kvCapacity > 0 ? std::to_string(m.peakKvNeed).c_str() : "-");
        out << line;
    }
    out << "done/req: completed of requests; tput: completed / time from the start to the last completion; goodput: requests\n"
           "meeting the SLO per second; SLO %: share of all requests meeting it; S-LoRA %: share with the first token < 6 s;\n"
           "ach/off: achieved / offered rate in the steady window (* = saturated, below "
        << fmt(plan.saturation.ratio, "%.2f") << ")\n";
}

void printPaper(std::ostream& out, const SweepPlan& plan, const std::vector<SweepPoint>& points, const std::vector<const PaperFigure*>& figures,
    SweepWriter* writer)
{
    if (figures.empty()) {
        out << "S-LoRA published no measurements for suite " << plan.suite << " with " << plan.modelSetting << " and policy "
            << policyName(plan.config.scheduler.policy) << " (" << kPaperSource << ")\n";
        return;
    }
    for (const PaperFigure* f : figures) {
        const PaperAgreement a = comparePaper(*f, points);
        if (writer)
            writer->appendJson(paperJson(*f, a, plan.config.cost));
        out << "\n" << f->title() << " (" << f->file << ")\n";
        out << "  " << std::string(sweepParamInfo(f->param).label) << "        paper tput  preview   paper TTFT  preview   paper att  preview\n";
        for (const PaperMatch& m : a.matches) {
            char line[200];
            std::snprintf(line, sizeof line, "  %-8s %10.3f %9s %11.2f %9s %10.1f %8s\n", sweepValueText(f->param, m.value).c_str(), m.paper.throughput,
                fmt(m.throughput, "%.3f").c_str(), m.paper.avgFirstTokenLatency, fmt(m.avgFirstTokenLatency, "%.2f").c_str(),
                100 * m.paper.attainment, fmt(100 * m.attainment, "%.1f").c_str());
            out << line;
        }
        out << "  preview vs paper: throughput MAPE " << fmt(100 * a.throughputMape, "%.1f") << " %, first-token latency MAPE "
            << fmt(100 * a.firstTokenMape, "%.1f") << " %, latency MAPE " << fmt(100 * a.latencyMape, "%.1f") << " %, attainment MAE "
            << fmt(a.attainmentMae, "%.3f") << " (over " << a.matches.size() << " published points; req/s, s, %)\n";
    }
    out << "cost model: " << plan.config.cost.name << " — " << plan.config.cost.description << "\n";
}

} // namespace

int runSweep(const std::vector<std::string>& argv)
{
    // Numeric options are range-checked by parseArgs (the shared table in cli/options.cpp).
    const Args a = parseArgs("sweep", argv,
        withSchedulerValueFlags({ "--param", "--values", "--range", "--points", "--suite", "--model-setting", "--find-max", "--slo", "--tolerance", "--max-evaluations",
            "--spec", "--preset", "--generator", "--adapters", "--rate", "--alpha", "--cv", "--duration", "--seed", "--input-range",
            "--output-range", "--popularity", "--arrival", "--cost-model", "--warmup", "--cooldown", "--saturation-ratio", "--threads",
            "--target", "--backend", "--time-scale", "--runs-dir", "--model", "--timeout", "--first-token-timeout", "--max-concurrency",
            "--api-key", "--ca-cert", "-o", "--output", "--format", "--fleet", "--replicas", "--gpus-per-replica", "--routers", "--find-min",
            "--staleness", "--placement", "--replicas-per-adapter" }),
        withSchedulerBoolFlags({ "--json", "--quiet", "--no-early-stop", "--insecure", "--force" }));
    if (!a.positional().empty())
        throw UsageError("unexpected argument \"" + a.positional().front() + "\" (the parameter goes after --param)");
    if (isFleetSweep(a))
        return runFleetSweepCli(a);
    const bool finder = a.has("--find-max");
    const bool suite = a.has("--suite");
    if (finder && a.has("--param"))
        throw UsageError("give either --param (a sweep) or --find-max (the capacity finder), not both");
    if (!finder && !suite && !a.has("--param"))
        throw UsageError("what to sweep: --param NAME with --values or --range, --suite NAME, or --find-max NAME");
    if (a.has("--values") && a.has("--range"))
        throw UsageError("give either --values or --range, not both");
    if (suite && (a.has("--spec") || a.has("--preset")))
        throw UsageError("--suite brings its own settings; use --model-setting (and the override flags), not --spec/--preset");
    if (a.has("--model-setting") && !suite)
        throw UsageError("--model-setting goes with --suite");
    if (finder && a.has("--values"))
        throw UsageError("--find-max searches a range (--range LO:HI), not a list");

    // Base settings.
    SweepPlan plan;
    std::vector<const PaperFigure*> figures;
    std::vector<std::string> notes;
    if (suite) {
        SuiteSweep s = suiteSweep(*a.value("--suite"), a.value("--model-setting").value_or(""));
        plan.spec = specFromArgs(a, s.spec);
        plan.config = s.config;
        plan.param = s.param;
        plan.values = s.values;
        plan.suite = s.suite;
        plan.modelSetting = s.modelSetting;
        for (const UserNote& n : s.notes)
            notes.push_back(n.text);
        if (!s.gpu.empty())
            notes.insert(notes.begin(), "S-LoRA ran " + s.suite + " on " + s.gpu + " with " + s.modelSetting + ", --num-token "
                    + std::to_string(s.config.scheduler.limits.maxTotalTokenNum));
    } else {
        plan.spec = specFromArgs(a);
        plan.config.cost = defaultCostModel(plan.spec.naming.baseModel);
    }
    applyServerFlags(a, plan.config);
    if (suite)
        figures = paperFiguresFor(plan.suite, plan.modelSetting, plan.config.scheduler.policy);
    if (a.has("--param"))
        plan.param = paramFlag(a, "--param");
    if (finder)
        plan.param = paramFlag(a, "--find-max");
    if (!finder && (a.has("--values") || a.has("--range"))) {
        const auto points = static_cast<std::size_t>(positive(a, "--points", 0, 0));
        plan.values = parseSweepValues(plan.param, a.value("--values") ? *a.value("--values") : *a.value("--range"), points,
            a.has("--values") ? "--values" : "--range");
    } else if (a.has("--points") && !finder) {
        throw UsageError("--points goes with --range LO:HI");
    } else if (!finder && !suite) {
        throw UsageError("--param needs --values LIST or --range LO:HI:STEP");
    } else if (suite && !finder) {
        plan.values = unionValues(plan.values, figures); // every published point gets a preview
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
    const auto threads = static_cast<unsigned>(positive(a, "--threads", 0, 0));

    // Replay settings.
    const bool replay = a.has("--target");
    ReplaySweepOptions ro;
    if (replay) {
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
    } else {
        for (const char* flag : { "--backend", "--time-scale", "--runs-dir", "--model", "--timeout", "--first-token-timeout", "--max-concurrency",
                 "--api-key", "--ca-cert" })
            if (a.has(flag))
                throw UsageError(std::string(flag) + " goes with --target");
        if (a.has("--no-early-stop") || a.has("--insecure"))
            throw UsageError(std::string(a.has("--insecure") ? "--insecure" : "--no-early-stop") + " goes with --target");
    }

    FinderOptions fo;
    if (finder) {
        if (const auto r = a.value("--range")) {
            const auto [lo, hi] = parseSweepRange(plan.param, *r);
            fo.lo = lo;
            fo.hi = hi;
        }
        if (a.has("--points"))
            throw UsageError("--points is for sweeps, not for --find-max");
        fo.tolerance = replay ? 0.05 : 0.01;
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
    } else if (a.has("--tolerance") || a.has("--max-evaluations")) {
        throw UsageError("--tolerance and --max-evaluations go with --find-max");
    }

    // Output.
    std::optional<SweepFileFormat> format;
    if (const auto f = a.value("--format")) {
        if (*f == "jsonl")
            format = SweepFileFormat::JsonLines;
        else if (*f == "csv")
            format = SweepFileFormat::Csv;
        else
            throw UsageError("--format must be jsonl or csv (got \"" + *f + "\")");
    }
    std::string outPath = a.value("-o").value_or(a.value("--output").value_or(""));
    if (!outPath.empty() && !format && !sweepFormatForPath(outPath))
        throw UsageError("cannot tell the format of \"" + outPath + "\" from its extension: use .jsonl or .csv, or --format");
    // A sweep without -o streams its rows to standard output; the finder prints its answer there.
    const bool toStdout = outPath.empty() && !finder;
    std::ostream& report = toStdout ? std::cerr : std::cout;
    const bool quiet = a.has("--quiet");

    // Check everything before the first point (and before the output file is created).
    if (replay)
        checkReplayPlan(plan);
    if (!finder)
        checkPlan(plan);
    else if (const std::string why = sweepParamNotApplicable(plan.param, plan.spec, plan.config); !why.empty())
        throw InputError(why, {}, 0, sweepParamInfo(plan.param).name);

    std::unique_ptr<SweepWriter> writer;
    // Declared after the writer, so it runs first at the end: closes the writer, then renames.
    PartialFile partial { writer, {}, outPath };
    if (!outPath.empty()) {
        checkOutputs({ { a.has("-o") ? "-o" : "--output", outPath } },
            { { "--spec", a.value("--spec").value_or("") }, { "--cost-model", a.value("--cost-model").value_or("") } });
        checkOutputFile(outPath); // not a folder, not read-only: said now, not after the last point
        std::error_code ec;
        const auto st = std::filesystem::status(outPath, ec);
        const bool regular = !std::filesystem::exists(st) || std::filesystem::is_regular_file(st);
        if (regular) { // a device or a pipe (/dev/stdout) is written directly
            partial.partial = outPath + ".partial";
            // A sweep killed outright left its points there: not truncated unasked.
            if (std::filesystem::exists(std::filesystem::symlink_status(partial.partial, ec)) && !a.has("--force"))
                throw InputError(std::string(a.has("-o") ? "-o" : "--output") + " " + outPath + ": " + partial.partial
                        + " exists (the points of a sweep that was stopped before it could rename it?); move it away, or give --force to replace it",
                    {}, 0, a.has("-o") ? "-o" : "--output");
        }
        const auto f = format ? format : sweepFormatForPath(outPath);
        writer = std::make_unique<SweepWriter>(regular ? partial.partial : outPath, plan, replay ? ro.replay.target : "preview", f);
    } else if (toStdout)
        writer = std::make_unique<SweepWriter>("-", plan, replay ? ro.replay.target : "preview", format);

    struct sigaction sa {};
    sa.sa_handler = onSweepSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    const bool live = !quiet && ::isatty(2);
    std::mutex progressMutex;
    std::size_t finished = 0;
    const std::size_t total = finder ? 0 : plan.values.size();
    auto onPoint = [&](const SweepPoint& p) {
        if (writer)
            writer->append(p);
        std::lock_guard lock(progressMutex);
        ++finished;
        if (live) {
            std::fprintf(stderr, "\r%s %zu%s%s  (last: %s = %s, %.2f s)   ", replay ? "replayed" : "previewed", finished,
                total ? "/" : "", total ? std::to_string(total).c_str() : " points", sweepParamInfo(plan.param).name,
                sweepValueText(plan.param, p.value).c_str(), p.seconds);
            std::fflush(stderr);
        }
    };
    auto endProgress = [&] {
        if (live && finished > 0)
            std::fprintf(stderr, "\n");
    };

    if (!quiet) {
        for (const std::string& n : notes)
            report << "note: " << n << "\n";
        report << (replay ? "target " + ro.replay.target : "preview with cost model " + plan.config.cost.name) << ", policy "
               << policyName(plan.config.scheduler.policy) << ", SLO " << plan.slo.describe() << "\n";
    }

    if (finder) {
        CapacityResult r = findCapacityPreview(plan, fo, onPoint, &g_cancel, threads);
        endProgress();
        if (writer)
            writer->appendCapacity(r);
        std::optional<CapacityResult> confirmed;
        if (replay && !r.cancelled && !std::isnan(r.capacity) && !g_cancel) {
            if (!quiet) {
                report << "preview:\n";
                for (const std::string& line : r.describe())
                    report << "  " << line << "\n";
                report << "confirming on " << ro.replay.target << " from the previewed " << sweepValueText(plan.param, r.capacity) << "\n";
            }
            finished = 0;
            confirmed = confirmCapacity(plan, fo, r.capacity, ro, onPoint, &g_cancel);
            endProgress();
            if (writer)
                writer->appendCapacity(*confirmed);
        }
        const CapacityResult& shown = confirmed ? *confirmed : r;
        if (a.has("--json")) {
            nlohmann::ordered_json j;
            j["preview"] = capacityJson(r);
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
            if (!replay)
                report << "cost model: " << plan.config.cost.name << " — " << plan.config.cost.description << "\n";
        }
        if (shown.cancelled || g_cancel) {
            std::cerr << "lorascope-cli sweep: interrupted; " << shown.evaluations.size() << " finished points kept"
                      << (outPath.empty() ? std::string() : " in " + outPath) << "\n";
            return kExitInput;
        }
        return kExitOk;
    }

    std::vector<SweepPoint> points;
    bool cancelled = false;
    std::string stopped;
    if (replay) {
        ReplaySweepRun run = runReplaySweep(plan, ro, onPoint, &g_cancel);
        points = std::move(run.points);
        cancelled = run.cancelled;
        if (run.stoppedEarly) {
            std::string skipped;
            for (double v : run.skipped)
                skipped += (skipped.empty() ? "" : ", ") + sweepValueText(plan.param, v);
            stopped = "stopped early: " + run.stopReason + "; skipped " + skipped + " (--no-early-stop runs them)";
        }
    } else {
        SweepRun run = runPreviewSweep(plan, onPoint, &g_cancel, threads);
        points = std::move(run.points);
        cancelled = run.cancelled;
    }
    endProgress();
    if (!quiet && !points.empty()) {
        std::vector<const SweepPoint*> ptrs;
        for (const SweepPoint& p : points)
            ptrs.push_back(&p);
        printTable(report, plan, ptrs);
        for (const std::string& line : sweepVerdict(plan, points).lines)
            report << line << "\n";
        if (!stopped.empty())
            report << stopped << "\n";
    }
    if (suite && !replay) {
        std::ostringstream discard;
        printPaper(quiet ? static_cast<std::ostream&>(discard) : report, plan, points, figures, writer.get());
    }
    if (cancelled) {
        std::cerr << "lorascope-cli sweep: interrupted; " << points.size() << " of " << plan.values.size() << " points finished and kept"
                  << (outPath.empty() ? std::string() : " in " + outPath) << "\n";
        return kExitInput;
    }
    return kExitOk;
}

} // namespace lorascope::cli
