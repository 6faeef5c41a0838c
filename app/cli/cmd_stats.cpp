// SPDX-License-Identifier: Apache-2.0
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/options.h"

#include "analysis/numberformat.h"
#include "formats/traceio.h"
#include "util/error.h"
#include "util/version.h"
#include "workload/stats.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace lorascope::cli {

const char* const kStatsHelp = R"(Usage: lorascope-cli stats FILE [OPTIONS]

Print the statistics of a trace file: request count, achieved rate (requests / window; the
window is the trace's duration, or the time from its first to its last arrival), empirical cv
of the inter-arrival gaps (overall and per adapter), per-adapter counts, the popularity skew
alpha fitted by maximum likelihood under the power-function popularity
P(i) = ((i+1)/n)^a - (i/n)^a, input and output length percentiles, and the requests a server's
per-request limits would refuse.

Options:
  --json                     print the statistics as JSON
  --format, --from NAME      read FILE as this format instead of guessing from the extension
  --max-req-input-len N      limit for "over limits", 1 to 4294967295 tokens (default 2048,
                             S-LoRA's max_req_input_len)
  --max-req-total-len N      limit for input + output (default 3072, S-LoRA's max_req_total_len)
  --skip-bad                 skip malformed lines (and report how many) instead of failing
  --top K                    list the K busiest adapters (default 5)

Exit status: 0 success, 1 bad input (file, line and field named), 2 usage error.
)";

namespace {

nlohmann::json histogramJson(const Histogram& h)
{
    return { { "edges", h.edges }, { "counts", h.counts } };
}

nlohmann::json lengthJson(const LengthStats& s)
{
    return { { "mean", s.mean }, { "min", s.min }, { "max", s.max }, { "p50", s.p50 }, { "p90", s.p90 },
        { "p99", s.p99 }, { "histogram", histogramJson(s.histogram) } };
}

double median(std::vector<double> v)
{
    v.erase(std::remove_if(v.begin(), v.end(), [](double x) { return std::isnan(x); }), v.end());
    if (v.empty())
        return std::nan("");
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

nlohmann::json sessionStatsJson(const SessionStats& s)
{
    nlohmann::json j;
    j["sessions"] = s.sessionCount;
    j["mean_turns"] = s.meanTurns;
    j["max_turns"] = s.maxTurns;
    j["turns_histogram"] = s.turnsHistogram;
    j["mean_input_by_turn"] = s.meanInputByTurn;
    j["mean_think_s"] = std::isnan(s.meanThink) ? nlohmann::json(nullptr) : nlohmann::json(s.meanThink);
    j["prompt_tokens"] = s.promptTokens;
    j["reusable_tokens"] = s.reusableTokens;
    j["declared_shared_tokens"] = s.declaredTokens;
    j["reusable_share"] = s.reusableShare;
    j["declared_share"] = s.declaredShare;
    return j;
}

void printSessionStats(const SessionStats& s)
{
    if (s.sessions)
        std::cout << "sessions        " << s.sessionCount << formatPrintf(" (mean %.2f turns", s.meanTurns)
                  << ", at most " << s.maxTurns
                  << (std::isnan(s.meanThink) ? std::string() : formatPrintf(", mean think %.2f s", s.meanThink))
                  << ")\n";
    if (s.sessions && !s.meanInputByTurn.empty()) {
        std::cout << "context growth  ";
        for (std::size_t k = 0; k < s.meanInputByTurn.size() && k < 8; ++k)
            std::cout << (k ? ", " : "") << "turn " << (k + 1) << formatPrintf(" %.0f", s.meanInputByTurn[k]);
        std::cout << (s.meanInputByTurn.size() > 8 ? ", ..." : "") << " (mean prompt tokens)\n";
    }
    if (s.prefixes)
        std::cout << "prefix reuse    " << formatPrintf("%.1f %%", 100 * s.reusableShare) << " of " << s.promptTokens
                  << " prompt tokens a perfect prefix cache could reuse (per adapter); the trace declares "
                  << formatPrintf("%.1f %%", 100 * s.declaredShare) << " shared\n";
}

} // namespace

int runStats(const std::vector<std::string>& argv)
{
    const Args a = parseArgs("stats", argv, { "--format", "--max-req-input-len", "--max-req-total-len", "--top" },
        { "--json", "--skip-bad" });
    if (a.positional().size() != 1)
        throw UsageError(a.positional().empty() ? "missing trace FILE" : "expected one trace FILE");
    const std::string file = a.positional().front();
    ReadOptions ro;
    ro.skipBad = a.has("--skip-bad");
    ReadReport report;
    const Trace trace = readTrace(file, a.value("--format").value_or(""), ro, &report);

    ServerLimits limits; // the server's limits are not part of a trace: S-LoRA's defaults unless given
    limits.maxReqInputLen = a.integer("--max-req-input-len", limits.maxReqInputLen);
    limits.maxReqTotalLen = a.integer("--max-req-total-len", limits.maxReqTotalLen);
    const auto top = a.integer("--top", 5);
    const TraceStats st = computeStats(trace, limits);

    std::vector<std::size_t> order(st.perAdapterCount.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(
        order.begin(), order.end(), [&](auto x, auto y) { return st.perAdapterCount[x] > st.perAdapterCount[y]; });
    order.resize(std::min<std::size_t>(order.size(), static_cast<std::size_t>(top)));

    if (a.has("--json")) {
        nlohmann::json j;
        j["tool_version"] = kVersion;
        j["file"] = file;
        j["requests"] = st.count;
        j["window_start_s"] = st.windowStart;
        j["window_s"] = st.window;
        j["achieved_rate"] = st.achievedRate;
        j["gap_mean_s"] = st.gapMean;
        j["gap_cv"] = st.gapCv;
        j["adapters"] = trace.adapters.size();
        j["adapters_used"] = st.adaptersUsed;
        j["adapter_order_known"] = trace.adapterOrderKnown;
        j["fitted_alpha"] = std::isnan(st.fittedAlpha) ? nlohmann::json(nullptr) : nlohmann::json(st.fittedAlpha);
        j["fitted_alpha_stderr"]
            = std::isnan(st.fittedAlphaStdErr) ? nlohmann::json(nullptr) : nlohmann::json(st.fittedAlphaStdErr);
        j["per_adapter_count"] = st.perAdapterCount;
        nlohmann::json cvs = nlohmann::json::array();
        for (double c : st.perAdapterCv)
            cvs.push_back(std::isnan(c) ? nlohmann::json(nullptr) : nlohmann::json(c));
        j["per_adapter_cv"] = cvs;
        j["input"] = lengthJson(st.input);
        j["output"] = lengthJson(st.output);
        j["over_limits"] = { { "max_req_input_len", limits.maxReqInputLen },
            { "max_req_total_len", limits.maxReqTotalLen }, { "over_input", st.overInputLimit },
            { "over_total", st.overTotalLimit }, { "over_any", st.overAnyLimit } };
        j["gap_histogram"] = histogramJson(st.gaps);
        j["skipped_lines"] = report.skipped;
        nlohmann::json topJ = nlohmann::json::array();
        for (auto i : order)
            topJ.push_back({ { "adapter", trace.adapters[i].name }, { "count", st.perAdapterCount[i] } });
        j["top_adapters"] = topJ;
        if (st.sessions.prefixes)
            j["sessions"] = sessionStatsJson(st.sessions);
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }

    std::cout << "trace           " << file << "\n";
    if (report.skipped)
        std::cout << "skipped lines   " << report.skipped << " (first: " << report.firstSkipReason << ")\n";
    std::cout << "requests        " << st.count << "\n"
              << "window          " << formatPrintf("%.3f s", st.window)
              << (trace.duration > 0 ? std::string(" (the trace's duration)")
                                     : " (first to last arrival"
                             + (st.windowStart > 0 ? formatPrintf(", from %.3f s", st.windowStart) : std::string())
                             + ")")
              << "\n"
              << "achieved rate   " << formatPrintf("%.4f req/s", st.achievedRate) << "\n"
              << "gap cv          " << formatPrintf("%.4f", st.gapCv) << formatPrintf(" (mean gap %.4g s)", st.gapMean)
              << "\n";
    std::cout << "adapters        " << st.adaptersUsed << " used of " << trace.adapters.size() << "\n";
    if (!std::isnan(st.fittedAlpha))
        std::cout << "fitted alpha    " << formatPrintf("%.4f", st.fittedAlpha)
                  << formatPrintf(" ± %.4f", st.fittedAlphaStdErr)
                  << (trace.adapterOrderKnown ? " (MLE, power-function popularity)"
                                              : " (MLE on adapters sorted by count: file has no popularity order)")
                  << "\n";
    if (!st.perAdapterCv.empty()) {
        const double m = median(st.perAdapterCv);
        if (!std::isnan(m))
            std::cout << "per-adapter cv  " << formatPrintf("median %.3f", m) << " (adapters with >= 3 arrivals)\n";
    }
    auto lenLine = [&](const char* name, const LengthStats& s) {
        std::cout << name << formatPrintf("mean %.1f", s.mean) << formatPrintf("  p50 %.0f", s.p50)
                  << formatPrintf("  p90 %.0f", s.p90) << formatPrintf("  p99 %.0f", s.p99) << "  range [" << s.min
                  << ", " << s.max << "]\n";
    };
    lenLine("input length    ", st.input);
    lenLine("output length   ", st.output);
    std::cout << "over limits     " << st.overAnyLimit << " (input > " << limits.maxReqInputLen << ": "
              << st.overInputLimit << "; input+output > " << limits.maxReqTotalLen << ": " << st.overTotalLimit
              << ")\n";
    printSessionStats(st.sessions);
    if (!order.empty()) {
        std::cout << "busiest         ";
        for (std::size_t k = 0; k < order.size(); ++k) {
            const auto i = order[k];
            std::cout << (k ? ", " : "") << trace.adapters[i].name << " " << st.perAdapterCount[i];
        }
        std::cout << "\n";
    }
    return kExitOk;
}

} // namespace lorascope::cli
