// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

#include "cli/args.h"
#include "cli/gateargs.h"
#include "cli/options.h"
#include "cli/previewargs.h"

#include "formats/traceio.h"
#include "report/reportmodel.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"

#include <chrono>
#include <iostream>
#include <memory>

namespace lorascope::cli {

const char* const kCompareHelp = R"(Usage: lorascope-cli compare A B [C ...] [OPTIONS]

Compare each later input with the first, A: every headline metric with B - A, its 95 % confidence
interval and a plain verdict ("run2's p99 TTFT is 18 % lower (12-24 %): better" or "no significant
difference"), overall and per adapter. Is B really better than A, or is it noise?

Inputs (all of one kind):
  replay run folders (single runs, shards or `merge` outputs), or traces (each previewed with the
  admission engine, options below; previews and runs can be mixed): compared request by request.
  Means, percentiles and shares get a bootstrap interval over requests (each input resampled on
  its own, seeded: the same inputs give the same intervals); throughput and goodput a
  compound-Poisson interval on the ratio of the rates. Counts and maxima have no interval.
  Inputs that replayed different traces (SHA-256) can be compared; the output says so at the top.
  sweep files (`sweep` output): compared point by point at the values both have, with the largest
  value meeting the SLO of each; a sweep file keeps no per-request data, so no intervals.
Formulas and caveats: docs/report.md.

Options:
  --json                 print the comparison as JSON (every number, interval and verdict)
  --html FILE.html       also write the comparison as a self-contained HTML report
  --lang en|zh_CN        language of the text, verdicts and HTML (default en)
  --all                  list every metric in the text output (default: the headline ones)
  --seed N               bootstrap seed (default 20240601)
  --resamples N          bootstrap resamples, 200 to 100000 (default 1000; fewer are used for
                         very large runs, and the output says how many)
  --per-adapter N        compare at most N adapters, the busiest in A (default 1000; 0 = none)
  --fail-if-worse LIST   CI gate: METRIC:TOLERANCE items, comma separated, e.g.
                         'p99_e2el_ms:5%,request_throughput:2%' (relative) or 'p99_ttft_ms:20'
                         (absolute, in the metric's unit). A gate fails when a later input is
                         worse than A by more than the tolerance AND the difference is significant
                         (its 95 % interval excludes zero); then the exit status is 3 and each
                         failing metric, value and bound is printed on stderr
  --junit FILE.xml       write the gates as JUnit XML (one test case per gate and input)
  --format, --from NAME  read trace inputs as this format
  --quiet                no line about files written

)" LORASCOPE_PREVIEW_OPTIONS_HELP R"(
Metric names are the keys of summary.json: completed, failed, request_throughput,
request_goodput, output_throughput, total_token_throughput, mean_/median_/p90_/p99_/std_/max_ of
ttft_ms, tpot_ms, itl_ms, e2el_ms, effective_ttft_ms, effective_e2el_ms, slora_attainment,
slora_reward, duration, cancelled.

Exit status: 0 success, 1 bad input, 2 usage error (an unknown metric names it), 3 a gate failed.
)";

int runCompare(const std::vector<std::string>& argv)
{
    std::vector<std::string> values
        = { "--html", "--lang", "--seed", "--resamples", "--per-adapter", "--fail-if-worse", "--junit", "--format" };
    for (const auto& f : previewValueFlags())
        values.push_back(f);
    std::vector<std::string> bools = previewBoolFlags();
    for (const char* f : { "--json", "--all", "--quiet" })
        bools.push_back(f);
    const Args a = parseArgs("compare", argv, values, bools);
    const auto& inputs = a.positional();
    if (inputs.size() < 2)
        throw UsageError("expected at least two inputs to compare (A B [C ...])");
    const auto gates = failIfWorseFromArgs(a);
    ReportLang lang = ReportLang::En;
    if (const auto l = a.value("--lang")) {
        const auto parsed = reportLangFromName(*l);
        if (!parsed)
            throw UsageError("--lang must be en or zh_CN (got \"" + l->substr(0, 40) + "\")");
        lang = *parsed;
    }
    BootstrapOptions bo;
    bo.seed = std::uint64_t(a.integer("--seed", std::int64_t(bo.seed)));
    bo.resamples = int(a.integer("--resamples", bo.resamples));
    const std::size_t perAdapter = std::size_t(a.integer("--per-adapter", 1000));
    std::vector<NamedPath> outputs;
    if (const auto h = a.value("--html"))
        outputs.push_back({ "--html", *h });
    if (const auto j = a.value("--junit"))
        outputs.push_back({ "--junit", *j });
    std::vector<NamedPath> ins;
    for (const auto& i : inputs)
        ins.push_back({ "INPUT", i, true });
    checkOutputs(outputs, ins);
    for (const auto& o : outputs)
        checkOutputFile(o.path);

    const auto start = std::chrono::steady_clock::now();
    std::vector<SourceKind> kinds;
    for (const auto& i : inputs)
        kinds.push_back(detectSource(i));
    const bool sweeps = kinds.front() == SourceKind::Sweep;
    for (std::size_t i = 0; i < kinds.size(); ++i)
        if ((kinds[i] == SourceKind::Sweep) != sweeps)
            throw UsageError("\"" + inputs[i] + "\" is " + (sweeps ? "not a sweep file" : "a sweep file") + " but \""
                + inputs[0] + "\" is " + (sweeps ? "one" : "not")
                + ": compare sweeps with sweeps, runs (and previews) with runs");

    ResultComparison c;
    std::vector<std::unique_ptr<RunSource>> runs;
    std::vector<std::unique_ptr<SweepSource>> sweepSources;
    std::vector<const RunSource*> runPtrs;
    std::vector<const SweepSource*> sweepPtrs;
    if (sweeps) {
        if (!gates.empty())
            throw UsageError("--fail-if-worse compares runs (or previews), not sweep files");
        for (const auto& i : inputs) {
            sweepSources.push_back(std::make_unique<SweepSource>(loadSweep(i)));
            sweepPtrs.push_back(sweepSources.back().get());
        }
        c = compareSweeps(sweepPtrs);
    } else {
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            if (kinds[i] == SourceKind::Run) {
                runs.push_back(std::make_unique<RunSource>(loadRun(inputs[i])));
            } else {
                auto trace = std::make_shared<const Trace>(readTrace(inputs[i], a.value("--format").value_or("")));
                const SimulationConfig config = previewConfigFromArgs(a);
                runs.push_back(std::make_unique<RunSource>(previewTrace(trace, inputs[i], config)));
                runs.back()->label += " (preview)";
            }
            runPtrs.push_back(runs.back().get());
        }
        // Two inputs with one name (run1 in two folders) would be indistinguishable in the output.
        for (std::size_t i = 0; i < runs.size(); ++i)
            for (std::size_t k = 0; k < i; ++k)
                if (runs[i]->label == runs[k]->label)
                    runs[i]->label = inputs[i];
        c = compareRuns(runPtrs, bo, perAdapter);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (a.has("--json"))
        std::cout << comparisonJson(c, lang).dump(2) << "\n";
    else
        std::cout << comparisonText(c, lang, a.has("--all"));
    std::cout.flush();
    if (const auto h = a.value("--html")) {
        ReportOptions o;
        o.lang = lang;
        o.commandLine = commandLineText("compare", argv);
        writeReportHtml(*h, compareReportData(c, runPtrs, sweepPtrs, o));
        if (!a.has("--quiet"))
            std::cerr << "lorascope-cli compare: wrote " << *h << "\n";
    }
    return finishGates("compare", a, checkWorseGates(gates, c), kExitOk, seconds);
}

} // namespace lorascope::cli
