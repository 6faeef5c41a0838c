// SPDX-License-Identifier: Apache-2.0
#pragma once
// S-LoRA's published measurements (tests/data/slora-paper, built into the core at configure time)
// as figures a sweep can be drawn against: throughput (and first-token latency, latency,
// attainment) vs number of adapters, rate, α or cv, for the model settings S1/S2/S4 on A10G and
// A100, with the server settings each was measured with. Plain data, parsed once.

#include "sweep/sweep.h"

#include <string>
#include <vector>

namespace lorascope {

/// Where the published rows come from.
inline constexpr const char* kPaperSource
    = "S-LoRA (github.com/S-LoRA/S-LoRA, Apache-2.0), benchmarks/paper/synthetic, "
      "commit c1ddf488781ea7f551cd0bb07bfd097124c93411";

/// One measured run as S-LoRA's run_exp.py wrote it.
struct PaperRow {
    double adapters = 0, alpha = 0, rate = 0, cv = 0, duration = 0;
    double throughput = 0; ///< completed requests / total_time, req/s
    double avgLatency = 0; ///< mean E2E, s
    double avgFirstTokenLatency = 0; ///< mean TTFT, s
    double avgPerOutputTokenLatency = 0; ///< mean E2E / output length, s
    double attainment = 0; ///< share with first token < 6 s (aborted count as 0)
    double satisfaction = 0; ///< mean reward
    double totalTime = 0; ///< s
    int aborted = 0;
};

/// One published result file = one curve of a figure.
struct PaperFigure {
    std::string file; ///< path under tests/data/slora-paper, e.g. "slora/synthetic_req_rate_a10g_S1_slora.jsonl"
    std::string suite; ///< exp_suite.py suite the rows come from
    std::string modelSetting; ///< S1, S2, S4
    std::string gpu; ///< "A10G (24 GB)", "A100 (80 GB)", "A100 (40 GB)"
    std::string gpuKey; ///< cost model suffix: a10g, a100-80g, a100-40g
    PolicyKind policy = PolicyKind::SLora; ///< SLoraAbort for the --enable-abort runs
    std::int64_t numToken = 0; ///< the server's --num-token (max_total_token_num)
    SweepParam param = SweepParam::Rate; ///< what varies along the curve
    std::vector<PaperRow> rows; ///< sorted by the varying parameter
    /// "S-LoRA paper, A100 (80 GB), S4: throughput vs rate"
    std::string title() const;
};

/// Every shipped figure (parsed from the embedded files on first use; thread-safe).
const std::vector<PaperFigure>& paperFigures();

/// The figures measured with this suite, model setting and policy (usually one; the a100-80 S4
/// adapter sweep has a second file with n = 1000).
std::vector<const PaperFigure*> paperFiguresFor(
    const std::string& suite, const std::string& modelSetting, PolicyKind policy);

/// The value of `param` in a published row.
double paperValue(const PaperRow& row, SweepParam param);

/// The embedded files: (path under tests/data/slora-paper, text). Defined in a generated source.
struct PaperFile {
    const char* path;
    const char* text;
};
const std::vector<PaperFile>& paperFiles();

/// Parses one published file's text (for tests; paperFigures() uses it). Throws InputError naming
/// `file` and the line for a malformed row.
std::vector<PaperRow> parsePaperRows(const std::string& text, const std::string& file);

/// A preview point against the published row at the same parameter value.
struct PaperMatch {
    double value = 0;
    PaperRow paper;
    double throughput = 0, avgFirstTokenLatency = 0, avgLatency = 0, attainment = 0; ///< the preview's
};

/// Preview vs paper over the matched rows: mean absolute percentage errors and the attainment's
/// mean absolute difference. NaN when nothing matched.
struct PaperAgreement {
    std::vector<PaperMatch> matches;
    double throughputMape = NAN;
    double firstTokenMape = NAN;
    double latencyMape = NAN;
    double attainmentMae = NAN;
};

/// Matches the sweep's points to the figure's rows by the figure's parameter (the other settings
/// are the caller's business: run the suite's sweep) and measures the agreement.
PaperAgreement comparePaper(const PaperFigure& figure, const std::vector<SweepPoint>& points);

} // namespace lorascope
