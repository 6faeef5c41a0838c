// SPDX-License-Identifier: Apache-2.0
#pragma once
// Synthetic replay run folders whose truth is known, for the report and compare tests (core and
// CLI): seeded log-normal TTFTs, fixed token pacing, optional shift of every TTFT, optional failures.

#include "random/rng.h"
#include "replay/metrics.h"
#include "replay/results.h"

#include <cmath>
#include <string>
#include <vector>

namespace lorascope::test {

struct SyntheticRun {
    std::size_t requests = 400;
    std::size_t adapters = 4;
    double gap = 0.05; ///< seconds between sends
    double ttftMedian = 0.2; ///< seconds (log-normal, sigma 0.5)
    double ttftShift = 0; ///< seconds added to every TTFT (and so to E2E)
    double tpot = 0.02; ///< seconds between tokens
    std::uint32_t outputTokens = 20;
    std::uint64_t seed = 7;
    bool allFail = false; ///< every request fails (connect error): a run with no completed request
    std::string traceSha = "0000000000000000000000000000000000000000000000000000000000000001";
};

inline std::vector<ReplayRecord> syntheticRecords(const SyntheticRun& s)
{
    Rng rng(s.seed);
    std::vector<ReplayRecord> out;
    for (std::size_t i = 0; i < s.requests; ++i) {
        ReplayRecord r;
        r.index = r.id = i;
        r.adapter = "adapter-" + std::to_string(i % s.adapters);
        r.inputLen = 100;
        r.outputLen = s.outputTokens;
        r.scheduled = r.dispatched = r.sent = 0.05 + double(i) * s.gap;
        const double z = sampleNormal(rng);
        if (s.allFail) {
            r.outcome = Outcome::Failed;
            r.errorKind = "connect";
            r.error = "connection refused";
            r.end = r.sent + 0.001;
            out.push_back(r);
            continue;
        }
        const double ttft = s.ttftMedian * std::exp(0.5 * z) + s.ttftShift;
        r.firstByte = r.sent + ttft * 0.9;
        for (std::uint32_t k = 0; k < s.outputTokens; ++k)
            r.tokenTimes.push_back(r.sent + ttft + double(k) * s.tpot);
        r.end = r.tokenTimes.back();
        r.httpStatus = 200;
        r.outcome = Outcome::Completed;
        r.tokens = s.outputTokens;
        r.reportedOutputTokens = s.outputTokens;
        r.reportedInputTokens = 100;
        out.push_back(std::move(r));
    }
    return out;
}

/// Writes a run folder as `replay` would (manifest, requests.jsonl, summary.json with the given SLO).
inline nlohmann::json writeSyntheticRun(
    const std::string& dir, const SyntheticRun& s, std::optional<double> sloTtftMs = 300.0)
{
    const auto records = syntheticRecords(s);
    ResultsFolder f(dir);
    f.writeManifest({ { "tool", "lorascope" }, { "tool_version", "test" }, { "backend", "openai-completions" },
        { "target", "http://127.0.0.1:1" }, { "model", "base" },
        { "shard", { { "index", 0 }, { "count", 1 }, { "by", "interleave" }, { "requests", s.requests } } },
        { "trace",
            { { "path", "synthetic.jsonl" }, { "sha256", s.traceSha }, { "requests", s.requests },
                { "adapters", s.adapters } } },
        { "options", { { "time_scale", 1.0 } } } });
    for (const auto& r : records)
        f.append(r);
    SummaryOptions so;
    so.backend = "openai-completions";
    if (sloTtftMs)
        so.slo.ttftMs = *sloTtftMs;
    auto summary = summarizeReplay(records, so);
    f.writeSummary(summary);
    return summary;
}

} // namespace lorascope::test
