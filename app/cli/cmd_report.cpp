// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

#include "cli/args.h"
#include "cli/gateargs.h"
#include "cli/options.h"
#include "cli/previewargs.h"

#include "formats/traceio.h"
#include "replay/results.h"
#include "report/reportmodel.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"

#include <filesystem>
#include <iostream>

namespace lorascope::cli {

const char* const kReportHelp = R"(Usage: lorascope-cli report INPUT -o REPORT.html [OPTIONS]

Write one self-contained HTML file about INPUT that opens by double-click and works offline (the
data, the chart library Apache ECharts and the page's script are inside it; it loads nothing from
the network): what was run, the headline numbers with units and explanations, interactive charts
(hover, zoom), sortable tables and every table as a CSV download.

INPUT is one of:
  a replay run folder   (a single run, a shard or a `merge` output): the numbers exactly as its
                        summary.json has them; rate and latency over time, TTFT/TPOT/E2E
                        distributions, per-adapter table, the server's metrics from
                        server_metrics.jsonl; with --preview also predicted against observed
  a sweep file          (`sweep` output, .jsonl or .csv): the sweep's curves with the SLO, the
                        capacity and saturation marked, every point in a table
  a trace               previewed with the admission engine (options below): running and queue,
                        KV need against capacity, resident adapters, latency distributions
A run folder without completed requests still gets a report; it says so at the top.

Options:
  -o, --output FILE.html       the report (required; written to a temporary file and renamed)
  --lang en|zh_CN              the report's language (default en)
  --preview                    for a run folder: preview the run's trace too and draw predicted
                               against observed
  --trace FILE                 the run's trace for --preview (default: the path in its manifest;
                               a file whose SHA-256 differs from the run's is refused)
  --format, --from NAME        read the trace as this format instead of guessing from the extension
  --max-request-rows N         per-request rows kept in the report, evenly spaced (default 20000;
                               requests.jsonl keeps them all); 0 = none
  --quiet                      no line about the file written

)" LORASCOPE_PREVIEW_OPTIONS_HELP R"(
Size: a run of 100,000 requests gives a report of about 3 MB (the chart data is binned in the
core). Exit status: 0 success, 1 bad input (the message names the file), 2 usage error.
)";

namespace {

// The run's trace: --trace, else the manifest's path as given, relative to the working directory
// or to the run folder's parent (where `replay` is usually run from); the one whose SHA-256 is the
// run's when both exist.
std::string findRunTrace(const RunSource& run, const Args& a)
{
    if (const auto t = a.value("--trace"))
        return *t;
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<std::string> found;
    if (!run.tracePath.empty())
        for (const fs::path& p : { fs::path(run.tracePath), fs::path(run.path).parent_path() / run.tracePath })
            if (fs::is_regular_file(p, ec))
                found.push_back(p.string());
    for (const auto& f : found)
        if (!run.traceSha256.empty() && sha256OfFile(f) == run.traceSha256)
            return f;
    if (!found.empty())
        return found.front(); // refused below, with both hashes named
    throw InputError("--preview needs the run's trace: its manifest names \"" + run.tracePath
            + "\", which is not here; give it with --trace FILE",
        run.path, 0, "trace.path");
}

} // namespace

int runReport(const std::vector<std::string>& argv)
{
    std::vector<std::string> values = { "--output", "--lang", "--trace", "--format", "--max-request-rows" };
    for (const auto& f : previewValueFlags())
        values.push_back(f);
    // -o is the short spelling of --output.
    std::vector<std::string> args = argv;
    for (auto& s : args)
        if (s == "-o")
            s = "--output";
    std::vector<std::string> bools = previewBoolFlags();
    bools.push_back("--preview");
    bools.push_back("--quiet");
    const Args a = parseArgs("report", args, values, bools);
    if (a.positional().size() != 1)
        throw UsageError(
            a.positional().empty() ? "missing INPUT (a run folder, a sweep file or a trace)" : "expected one INPUT");
    const auto out = a.value("--output");
    if (!out || out->empty())
        throw UsageError("-o/--output REPORT.html is required");
    ReportOptions o;
    if (const auto l = a.value("--lang")) {
        const auto lang = reportLangFromName(*l);
        if (!lang)
            throw UsageError("--lang must be en or zh_CN (got \"" + l->substr(0, 40) + "\")");
        o.lang = *lang;
    }
    o.maxRequestRows = std::size_t(a.integer("--max-request-rows", 20000));
    o.commandLine = commandLineText("report", argv);
    const std::string input = a.positional().front();
    checkOutputs(
        { { "--output", *out } }, { { "INPUT", input, true }, { "--trace", a.value("--trace").value_or("") } });
    checkOutputFile(*out);

    nlohmann::json data;
    const SourceKind kind = detectSource(input);
    if (kind == SourceKind::Run) {
        RunSource run = loadRun(input);
        if (a.has("--preview")) {
            const std::string tracePath = findRunTrace(run, a);
            const std::string sha = sha256OfFile(tracePath);
            if (!run.traceSha256.empty() && sha != run.traceSha256)
                throw InputError("this is not the trace the run replayed (SHA-256 " + sha.substr(0, 12)
                        + "…, the run's manifest has " + run.traceSha256.substr(0, 12) + "…)",
                    tracePath);
            auto trace = std::make_shared<Trace>(readTrace(tracePath, a.value("--format").value_or("")));
            SimulationConfig config = previewConfigFromArgs(a);
            run.preview = analyzeAdmission(trace, config);
        } else {
            for (const auto& f : previewFlags())
                if (a.has(f))
                    throw UsageError(f + " needs --preview for a run folder");
        }
        data = runReportData(run, o);
    } else if (kind == SourceKind::Sweep) {
        if (a.has("--preview"))
            throw UsageError("--preview applies to a run folder or a trace, not to a sweep file");
        data = sweepReportData(loadSweep(input), o);
    } else {
        // A trace is always previewed: that is what its report shows.
        auto trace = std::make_shared<const Trace>(readTrace(input, a.value("--format").value_or("")));
        const SimulationConfig config = previewConfigFromArgs(a);
        const RunSource p = previewTrace(trace, input, config);
        data = previewReportData(p, o);
    }
    writeReportHtml(*out, data);
    if (!a.has("--quiet")) {
        std::error_code ec;
        const auto size = std::filesystem::file_size(*out, ec);
        std::cerr << "lorascope-cli report: wrote " << *out << " (" << (ec ? 0 : size / 1024) << " KiB)\n";
    }
    return kExitOk;
}

} // namespace lorascope::cli
