// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

#include "cli/args.h"
#include "cli/importoptions.h"
#include "cli/options.h"

#include "analysis/numberformat.h"
#include "fit/fit.h"
#include "formats/traceio.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace lorascope::cli {

const char* const kFitHelp = R"(Usage: lorascope-cli fit TRACE [-o SPEC.json] [--report] [OPTIONS]

Fit a workload spec to a trace file of any readable format, so that `generate --spec SPEC.json`
synthesises a similar workload, optionally at another rate, adapter count or duration:
  R       requests / observed window: the trace's duration, or its first to last arrival (and
          the rate over time, for the report or --schedule)
  cv      of inter-arrival gaps, overall and per adapter (pooled); the fit says where the
          burstiness lives: per adapter (per-adapter generator) or in the total process
          (slora generator, when its uniform lengths and power popularity fit)
  alpha   power-function popularity ((i+1)/n)^a - (i/n)^a by maximum likelihood, with Zipf
          (i+1)^-s as the alternative, chosen by likelihood; when the file does not give the
          adapters' popularity order, ranks are matched by count and the bias that adds is
          corrected by simulation
  lengths uniform, power law or log-normal on [min, max+1), chosen by BIC, each with its
          log-likelihood and Kolmogorov-Smirnov distance
Without -o the spec is printed on stdout.

Options:
  -o, --output FILE      write the fitted spec (JSON) here (atomically)
  --report               print the fit report (text, or JSON with --json)
  --report-file FILE     write the fit report as JSON to FILE
  --json                 the report as JSON
  --format, --from NAME  read TRACE as this format instead of recognising it
  --rate R               rescale: total rate of the fitted spec, requests/s (> 0)
  --adapters N           rescale: adapter count, 1 to 100000
  --duration S           rescale: duration, seconds (> 0)
  --seed N               seed written into the spec (default 42)
  --schedule             follow the trace's rate over time (arrival kind "schedule")
  --rate-bins K          bins of the rate over time (default 60)
  --include-failed       fit failed requests too (default: leave them out)

)" LORASCOPE_IMPORT_OPTIONS_HELP R"(
Exit status: 0 success, 1 bad input (file, line and field named), 2 usage error.
)";

namespace {

std::string lengthLine(const LengthFit& f)
{
    std::ostringstream s;
    if (!f.best())
        return "nothing to fit\n";
    s << "mean " << formatPrintf("%.1f", f.mean, "none") << ", range [" << f.min << ", " << f.max << "]\n";
    for (std::size_t i = 0; i < f.candidates.size(); ++i) {
        const auto& c = f.candidates[i];
        s << "    " << (static_cast<int>(i) == f.chosen ? "* " : "  ") << toString(c.spec.kind);
        if (c.spec.kind == LengthKind::PowerLaw)
            s << formatPrintf(" beta=%.4g", c.spec.beta, "none");
        if (c.spec.kind == LengthKind::LogNormal)
            s << formatPrintf(" mu=%.4g", c.spec.mu, "none") << formatPrintf(" sigma=%.4g", c.spec.sigma, "none");
        s << " [" << c.spec.lo << ", " << c.spec.hi << ")" << formatPrintf("  logL %.1f", c.logLikelihood, "none")
          << formatPrintf("  BIC %.1f", c.bic, "none") << formatPrintf("  KS %.4f", c.ks, "none") << "\n";
    }
    return s.str();
}

void printReport(std::ostream& os, const std::string& file, const FitResult& r, const ReadReport& rr)
{
    const FitReport& p = r.report;
    os << "trace           " << file << "\n";
    if (const auto d = describeReadReport(rr); !d.empty())
        os << "read            " << d << "\n";
    os << "requests        " << p.requests;
    if (p.excludedFailed)
        os << " (" << p.excludedFailed << " failed left out)";
    os << "\n"
       << "window          " << formatPrintf("%.3f s", p.window, "none")
       << (p.windowStart > 0 ? formatPrintf(" (from the first arrival, at %.3f s)", p.windowStart, "none")
                             : std::string())
       << "\n"
       << "rate R          " << formatPrintf("%.4f req/s", p.rate, "none")
       << formatPrintf("  (rate over time: cv %.3f", p.rateCv, "none") << " over " << p.rateOverTime.size()
       << formatPrintf(" bins of %.4g s)", p.binSeconds, "none") << "\n"
       << "gap cv          " << formatPrintf("overall %.4f", p.cvOverall, "none")
       << formatPrintf(", per adapter (pooled) %.4f", p.cvPerAdapter, "none") << "\n"
       << "adapters        " << p.adaptersUsed << " used of " << p.popularity.adapters << "\n";
    if (p.popularity.adapters >= 2) {
        const auto& q = p.popularity;
        os << "popularity      " << (q.chosen == PopularityKind::Zipf ? "zipf" : "power")
           << formatPrintf("  (power alpha %.4f", q.alpha, "none") << formatPrintf(" ± %.4f", q.alphaStdErr, "none")
           << formatPrintf(", logL %.1f;", q.alphaLogLik, "none") << formatPrintf(" zipf s %.4f", q.zipfS, "none")
           << formatPrintf(", logL %.1f)", q.zipfLogLik, "none") << formatPrintf("  KS %.4f", q.ks, "none")
           << (q.orderKnown ? "" : "  [order from counts]") << "\n";
    }
    os << "input length    " << lengthLine(p.input);
    os << "output length   " << lengthLine(p.output);
    if (const auto& f = p.sessions; f.prefixes) {
        if (f.sessions)
            os << "sessions        " << f.sessionCount << formatPrintf(", turns mean %.2f", f.turns.mean, "none")
               << ", think " << toString(f.think.kind) << formatPrintf(" mean %.3g s", f.thinkMean, "none")
               << formatPrintf(" (cv %.2f)", f.thinkCv, "none")
               << formatPrintf(", designed service %.3g s", f.service.firstTokenSeconds, "none")
               << formatPrintf(" + %.3g s/token", f.service.perOutputTokenSeconds, "none") << "\n";
        os << "shared prefixes system prompt " << f.systemTokens << " tokens";
        if (f.groupCount)
            os << "; " << f.groupCount << " shared prefixes of " << f.groupTokens
               << formatPrintf(" tokens on %.1f %% of first turns", 100 * f.groupShare, "none");
        os << " (input length fitted to each request's own new text)\n";
    }
    os << "fitted spec     generator " << toString(r.spec.generator) << ", n " << r.spec.adapterCount
       << formatPrintf(", R %.4g", r.spec.rate, "none") << formatPrintf(", cv %.4g", r.spec.arrival.cv, "none")
       << formatPrintf(", duration %.4g s", r.spec.duration, "none");
    if (r.spec.popularity.kind == PopularityKind::Zipf)
        os << formatPrintf(", zipf s %.4g", r.spec.popularity.zipfS, "none");
    else
        os << formatPrintf(", alpha %.4g", r.spec.popularity.alpha, "none");
    os << "\n";
    for (const auto& n : p.notes)
        os << "note            " << n.text << "\n";
}

} // namespace

int runFit(const std::vector<std::string>& argv)
{
    auto valueFlags = importValueFlags();
    valueFlags.insert(valueFlags.end(),
        { "-o", "--output", "--report-file", "--format", "--rate", "--adapters", "--duration", "--seed",
            "--rate-bins" });
    auto boolFlags = importBoolFlags();
    boolFlags.insert(boolFlags.end(), { "--report", "--json", "--schedule", "--include-failed" });
    const Args a = parseArgs("fit", argv, valueFlags, boolFlags);
    if (a.positional().size() != 1)
        throw UsageError(a.positional().empty() ? "missing TRACE file" : "expected one TRACE file");
    const std::string file = a.positional().front();

    // Ranges are checked by parseArgs (cli/options.cpp): --rate, --duration > 0, --adapters >= 1.
    FitOptions o;
    o.targetRate = a.number("--rate", 0);
    o.targetAdapters = static_cast<std::uint32_t>(a.integer("--adapters", 0));
    o.targetDuration = a.number("--duration", 0);
    o.seed = static_cast<std::uint64_t>(a.integer("--seed", 42));
    o.rateSchedule = a.has("--schedule");
    o.rateBins = static_cast<int>(a.integer("--rate-bins", 60));
    o.excludeFailed = !a.has("--include-failed");
    const ReadOptions readOptions = importOptionsFromArgs(a);

    if (a.has("-o") && a.has("--output"))
        throw UsageError("give -o or --output, not both");
    const auto out = a.value("-o") ? a.value("-o") : a.value("--output");
    checkOutputs({ { a.has("-o") ? "-o" : "--output", out.value_or("") },
                     { "--report-file", a.value("--report-file").value_or("") } },
        { { "TRACE", file } });
    if (out)
        checkOutputFile(*out);
    if (auto rf = a.value("--report-file"))
        checkOutputFile(*rf);

    ReadReport rr;
    const Trace trace = readTrace(file, a.value("--format").value_or(""), readOptions, &rr);
    const FitResult r = fitTrace(trace, o);

    if (out)
        saveSpecFile(r.spec, *out);
    if (auto rf = a.value("--report-file")) {
        const std::string text = toJson(r.report).dump(2) + "\n";
        writeFileAtomically(*rf, [&](std::ostream& os) { os << text; });
    }
    std::ostream& reportStream = out ? std::cout : std::cerr;
    if (!out)
        std::cout << toJson(r.spec).dump(2) << "\n";
    if (a.has("--report")) {
        if (a.has("--json"))
            reportStream << toJson(r.report).dump(2) << "\n";
        else
            printReport(reportStream, file, r, rr);
    }
    return kExitOk;
}

} // namespace lorascope::cli
