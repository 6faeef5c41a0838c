#pragma once
// Reading and writing trace files (SPEC §3). Formats are registered in one table (registry.cpp);
// each is chosen by extension or by name. Writers are atomic (temporary file + rename).

#include "workload/trace.h"

#include <functional>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace lorascope {

/// Options for reading.
struct ReadOptions {
    bool skipBad = false; ///< skip malformed lines instead of failing (counted in ReadReport)
};

/// What a read skipped.
struct ReadReport {
    std::uint64_t skipped = 0;
    std::string firstSkipReason;
};

/// One trace format.
struct TraceFormat {
    std::string name; ///< e.g. "jsonl", "csv", "slora"
    std::string description;
    std::vector<std::string> extensions; ///< lower-case, with dot; longest match wins (".slora.json" before ".json")
    /// Reads from a stream; `file` is used in messages only.
    std::function<Trace(std::istream&, const std::string& file, const ReadOptions&, ReadReport&)> read;
    /// Writes to a stream.
    std::function<void(const Trace&, std::ostream&)> write;
};

/// Every registered format.
const std::vector<TraceFormat>& traceFormats();
/// Format by name; nullptr if unknown.
const TraceFormat* findFormat(const std::string& name);
/// Format from a path's extension; nullptr if none matches.
const TraceFormat* formatForPath(const std::string& path);
/// Names of all formats that can read (or write), comma-separated, for messages.
std::string formatNames(bool forWriting);

/// Reads a trace file; format from `formatName` or the extension. Throws InputError naming file/line/field.
Trace readTrace(const std::string& path, const std::string& formatName = {}, const ReadOptions& options = {}, ReadReport* report = nullptr);
/// Writes a trace file atomically; format from `formatName` or the extension.
void writeTrace(const Trace& trace, const std::string& path, const std::string& formatName = {});

// Native formats (native.cpp), exposed for the registry and for tests.
Trace readNativeJsonl(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report);
void writeNativeJsonl(const Trace& trace, std::ostream& out);
Trace readNativeJson(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report);
void writeNativeJson(const Trace& trace, std::ostream& out);
Trace readNativeCsv(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report);
void writeNativeCsv(const Trace& trace, std::ostream& out);
Trace readSloraJson(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report);
void writeSloraJson(const Trace& trace, std::ostream& out);

/// Appends `text` as a JSON string literal (quoted, escaped).
void appendJsonString(std::string& out, const std::string& text);
/// Appends the shortest decimal text that reads back as exactly `value`.
void appendNumber(std::string& out, double value);
void appendNumber(std::string& out, std::uint64_t value);

} // namespace lorascope
