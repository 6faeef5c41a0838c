// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reading and writing trace files (docs/formats.md). Formats are registered in one table (registry.cpp);
// each is chosen by extension or by name. Writers are atomic (temporary file + rename).

#include "workload/trace.h"

#include <functional>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace lorascope {

/// Tokens per Mooncake hash block (kvcache-ai/Mooncake's traces, `hash_ids`).
inline constexpr std::uint32_t kMooncakeBlockTokens = 512;

/// How to give adapters to a trace whose file has none (count 0 = leave the requests on the base model).
struct AdapterAssignment {
    std::uint32_t count = 0; ///< n adapters, named and ranked as makeAdapters() names them
    PopularitySpec popularity; ///< shares as popularityShares() gives them
    std::uint64_t seed = 42; ///< each request's adapter is drawn from Rng(seed)
};

/// Options for reading.
struct ReadOptions {
    bool skipBad = false; ///< skip malformed lines instead of failing (counted in ReadReport)
    bool dropFailed = false; ///< drop requests the source marks failed (zero tokens) instead of keeping them marked
    bool rebaseTime = false; ///< shift times so the first request arrives at 0
    /// Column whose values become adapter names (BurstGPT: "Model" by default, or "Log Type");
    /// "none" = no adapters from the file. Empty = the format's default.
    std::string adapterColumn;
    std::string modelFilter; ///< BurstGPT: keep only rows whose Model is this (empty = all)
    AdapterAssignment assign; ///< applied when the file gave no adapters
    /// An adapter that lines give two ranks keeps its first one (the lines are counted in
    /// ReadReport::rankConflicts) instead of failing the read naming both lines.
    bool keepFirstRank = false;
};

/// What a read skipped.
struct ReadReport {
    std::uint64_t skipped = 0;
    std::string firstSkipReason;
    std::uint64_t failed = 0; ///< requests the source marks failed (kept and marked, or dropped)
    std::uint64_t droppedFailed = 0; ///< of those, dropped (ReadOptions::dropFailed)
    std::uint64_t filtered = 0; ///< rows left out by ReadOptions::modelFilter
    /// Columns of the file a LoraScope trace does not hold (dropped on reading), e.g. BurstGPT's
    /// "Session ID" and "Elapsed time", in file order.
    std::vector<std::string> ignoredColumns;
    /// Lines that gave an adapter another rank than its first (only with ReadOptions::keepFirstRank).
    std::uint64_t rankConflicts = 0;
    std::string firstRankConflict;
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
Trace readTrace(const std::string& path, const std::string& formatName = {}, const ReadOptions& options = {},
    ReadReport* report = nullptr);
/// Throws InputError (naming `path` and the request) if a request's time is not a finite number
/// of seconds in [0, kMaxTraceTime]: no writer ever writes "nan" or "inf".
void checkTimesWritable(const Trace& trace, const std::string& path);
/// Writes a trace file atomically; format from `formatName` or the extension (checkTimesWritable first).
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

// Foreign formats (one file each), exposed for the registry and for tests.
Trace readMooncake(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report);
void writeMooncake(const Trace& trace, std::ostream& out);
Trace readGuidellmTrace(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report);
void writeGuidellmTrace(const Trace& trace, std::ostream& out);
Trace readAzureCsv(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report);
Trace readBurstGpt(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report);
void writeBurstGpt(const Trace& trace, std::ostream& out);
void writeVllmCustom(const Trace& trace, std::ostream& out);
Trace readAiperfTrace(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report);
void writeAiperfTrace(const Trace& trace, std::ostream& out);
Trace readAiperfMultiTurn(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report);
void writeAiperfMultiTurn(const Trace& trace, std::ostream& out);

/// Gives each request an adapter drawn from the assignment's popularity (see AdapterAssignment).
void assignAdapters(Trace& trace, const AdapterAssignment& assignment);
/// Drops the requests marked failed (and their side columns). Returns how many were dropped.
std::uint64_t dropFailedRequests(Trace& trace);
/// Guesses a file's format from its first lines (header, field names); nullptr if unsure.
const TraceFormat* detectFormat(const std::string& path);

/// Appends `text` as a JSON string literal (quoted, escaped).
void appendJsonString(std::string& out, const std::string& text);
/// Appends a time in seconds: the shortest decimal that reads back exactly, without an exponent
/// for ordinary values ("300000", never "3e+05").
void appendTime(std::string& out, double seconds);
/// Appends a time in seconds as milliseconds (Mooncake): whole milliseconds as the integer that
/// reads back (÷ 1000) as exactly this time ("16080", never "16079.999999999998"), other times as
/// the shortest decimal that does.
void appendMilliseconds(std::string& out, double seconds);
/// Appends the shortest decimal text that reads back as exactly `value`.
void appendNumber(std::string& out, double value);
void appendNumber(std::string& out, std::uint64_t value);

} // namespace lorascope
