// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a report or a comparison is made of, read from disk: a replay run folder (single, shard or
// `merge` output), a sweep file (`sweep` output, .jsonl or .csv) or a trace, previewed with the
// admission engine. A preview is put into a run's shape (records and a summary.json with the same
// keys, computed by summarizeReplay) so that reports and comparisons treat both alike. Qt-free.

#include "analysis/admissionview.h"
#include "replay/runview.h"
#include "sweep/sweepio.h"

#include <memory>
#include <optional>
#include <string>

namespace lorascope {

enum class SourceKind { Run, Sweep, Trace };

/// What `path` is: a folder with manifest.json (run), a sweep file (its first line, or CSV header,
/// says so) or anything else (a trace). Throws InputError for a missing path or a folder that is
/// not a run folder.
SourceKind detectSource(const std::string& path);

/// A run, or a preview made into a run's shape.
struct RunSource {
    std::string path;
    std::string label; ///< short name for tables ("run1", "s4.jsonl (preview)")
    RunView view; ///< records on the trace axis, server samples, summary, manifest, notes
    std::shared_ptr<const AdmissionAnalysis>
        preview; ///< the preview itself (a previewed trace), or the one attached to a run
    bool isPreview = false;
    /// What identifies the workload: the trace's SHA-256 (runs) or file hash (previews).
    std::string traceSha256;
    std::string tracePath;
};

/// A sweep file read back, with its capacity line (JSON Lines written by the capacity finder).
struct SweepSource {
    std::string path;
    std::string label;
    SweepFile sweep;
    nlohmann::json capacity; ///< the "capacity" line, or null
};

/// Reads a run folder. Throws InputError.
RunSource loadRun(const std::string& dir);
/// Reads a sweep file. Throws InputError.
SweepSource loadSweep(const std::string& path);

/// The records and summary of a preview, on its clock (seconds; the model clock): every request
/// sent at its arrival, its first token at the preview's first token, its end at the finish;
/// rejected and dropped requests failed, unfinished ones cancelled. The summary is summarizeReplay's.
RunView previewAsRun(const AdmissionAnalysis& analysis, const std::string& label);

/// A trace previewed with `config` (its clock must be the cost model's). Throws InputError.
RunSource previewTrace(const std::string& tracePath, const std::string& format, SimulationConfig config);
/// The same for a trace already read from `tracePath`.
RunSource previewTrace(std::shared_ptr<const Trace> trace, const std::string& tracePath, SimulationConfig config);

/// The file name (or last folder name) of a path, for labels.
std::string baseLabel(const std::string& path);

} // namespace lorascope
