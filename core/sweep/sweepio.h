// SPDX-License-Identifier: Apache-2.0
#pragma once
// Sweep results on disk: JSON Lines (a header line with the plan, then one line per point with its
// spec, server settings, metrics and per-adapter metrics) or CSV (one row per point, the overall
// metrics and the point's main parameters). Rows are appended and flushed as points finish, so an
// interrupted sweep keeps every finished point; the reader takes both formats back (the A/B
// compare tab loads them).

#include "sweep/finder.h"
#include "sweep/paper.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace lorascope {

inline constexpr int kSweepSchemaVersion = 1;
inline constexpr const char* kSweepFormat = "lorascope-sweep";

enum class SweepFileFormat { JsonLines, Csv };
/// By extension: .jsonl → JSON Lines, .csv → CSV; nullopt otherwise.
std::optional<SweepFileFormat> sweepFormatForPath(const std::string& path);

/// The header line: schema, tool version, parameter, unit, values, base spec and server, SLO,
/// saturation rule, source ("preview" or the target URL), suite.
nlohmann::ordered_json sweepHeaderJson(const SweepPlan& plan, const std::string& source);
/// One point's line.
nlohmann::ordered_json sweepPointJson(const SweepPlan& plan, const SweepPoint& point);
/// The finder's result (capacity, bracket, saturation, adapters that break first, all sentences).
nlohmann::ordered_json capacityJson(const CapacityResult& result);

/// Preview vs one published figure (kind "paper"): the figure, the cost model used, every matched
/// row side by side and the errors.
nlohmann::ordered_json paperJson(const PaperFigure& figure, const PaperAgreement& agreement, const CostModel& cost);

/// CSV header and one row (RFC 4180 quoting).
std::string sweepCsvHeader();
std::string sweepCsvRow(const SweepPlan& plan, const SweepPoint& point);

/// Writes a finished sweep (and the finder's result, if any; JSON Lines only) to `path` at once,
/// atomically: a temporary file renamed over `path`, so a failure leaves an old file whole.
/// Format by extension unless given. Throws InputError naming the file.
void writeSweepFile(const std::string& path, const SweepPlan& plan, const std::string& source,
    const std::vector<SweepPoint>& points, const CapacityResult* capacity = nullptr,
    std::optional<SweepFileFormat> format = {});

/// Appends points to a results file as they finish (truncates an old file when opened).
class SweepWriter {
public:
    /// Opens `path` (format by extension unless given; "-" = standard output, JSON Lines unless
    /// given). Throws InputError naming the file.
    SweepWriter(const std::string& path, const SweepPlan& plan, const std::string& source,
        std::optional<SweepFileFormat> format = {});
    ~SweepWriter();
    SweepWriter(const SweepWriter&) = delete;
    SweepWriter& operator=(const SweepWriter&) = delete;

    /// Writes one point and flushes it to the kernel. Throws InputError on a write error.
    void append(const SweepPoint& point);
    /// JSON Lines only: a final line with the finder's result (ignored for CSV).
    void appendCapacity(const CapacityResult& result);
    /// JSON Lines only: any further object line (e.g. the paper comparison, kind "paper").
    void appendJson(const nlohmann::ordered_json& line);
    const std::string& path() const { return m_path; }
    std::size_t written() const { return m_written; }

private:
    void write(const std::string& line);

    std::string m_path;
    SweepPlan m_plan;
    SweepFileFormat m_format;
    std::FILE* m_file = nullptr;
    std::size_t m_written = 0;
};

/// A sweep read back from a file.
struct SweepFile {
    std::string path;
    SweepParam param = SweepParam::Rate;
    std::string source; ///< "preview" or a target URL
    std::string suite, modelSetting;
    std::string costModel; ///< name of the cost model (preview)
    std::optional<WorkloadSpec> spec; ///< the base spec (JSON Lines only)
    SloTarget slo;
    std::vector<SweepPoint> points; ///< sorted by value; metrics and per-adapter metrics as written
    std::vector<std::string> notes; ///< said while reading (e.g. a server written for the old vLLM V0 model), each once
};

/// Reads a JSON Lines or CSV sweep file. Throws InputError naming the file, line and field.
SweepFile readSweepFile(const std::string& path);

} // namespace lorascope
