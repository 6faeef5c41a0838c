// SPDX-License-Identifier: Apache-2.0
#include "replay/runfolder.h"

#include "replay/schedule.h"
#include "util/error.h"
#include "util/fileio.h"
#include "util/jsonread.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace lorascope {

namespace {

// Lines of a JSONL file we wrote; a last line without its newline that does not parse is torn
// (the process stopped while writing it): left out with a note.
template <class F>
void readLines(const std::string& path, const std::string& what, std::uint64_t maxBytes,
    std::vector<std::string>& notes, F&& onLine)
{
    InputLines lines(path, what, maxBytes);
    std::string line;
    while (lines.next(line)) {
        const std::uint64_t n = lines.lineNumber();
        if (line.find_first_not_of(" \t") == std::string::npos)
            continue;
        if (jsonDepth(line, kMaxJsonDepth) > kMaxJsonDepth) // as every JSON LoraScope reads
            throw InputError("arrays or objects nested more than " + std::to_string(kMaxJsonDepth)
                    + " levels deep (a results line LoraScope wrote?)",
                path, n);
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            if (!lines.hadNewline()) {
                notes.push_back(path + ":" + std::to_string(n)
                    + ": the last line is incomplete (the process stopped while " + "writing it); left out");
                break;
            }
            throw InputError("not a JSON object (a results line LoraScope wrote?)", path, n);
        }
        try {
            onLine(j, n);
        } catch (const InputError& e) {
            if (!e.file().empty())
                throw;
            throw InputError(e.detail(), path, n, e.field());
        } catch (const std::exception& e) {
            throw InputError(std::string("bad results line: ") + e.what(), path, n);
        }
    }
}

/// A whole number of a manifest in [lo, hi]; nullopt when absent (or null).
std::optional<std::uint64_t> manifestCount(const nlohmann::json& j, const char* key, std::uint64_t lo, std::uint64_t hi,
    const std::string& path, const std::string& file)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return std::nullopt;
    const std::string field = path + key;
    if (it->is_number_unsigned() && it->get<std::uint64_t>() >= lo && it->get<std::uint64_t>() <= hi)
        return it->get<std::uint64_t>();
    const std::string got
        = it->is_number() || it->is_string() ? it->dump().substr(0, 40) : std::string(it->type_name());
    throw InputError(field + ": must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi)
            + " (got " + got + ")",
        file, 0, field);
}

/// A number of a manifest in [lo, hi]; nothing when absent or null.
void manifestNumber(
    const nlohmann::json& j, const char* key, double lo, double hi, const std::string& path, const std::string& file)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return;
    const std::string field = path + key;
    if (!it->is_number() || !(it->get<double>() >= lo && it->get<double>() <= hi))
        throw InputError(field + ": must be a number from " + formatNumber(lo) + " to " + formatNumber(hi) + " (got "
                + (it->is_number() || it->is_string() ? it->dump().substr(0, 40) : std::string(it->type_name())) + ")",
            file, 0, field);
}

const nlohmann::json* section(const nlohmann::json& manifest, const char* key, const std::string& file)
{
    const auto it = manifest.find(key);
    if (it == manifest.end() || it->is_null())
        return nullptr;
    if (!it->is_object())
        throw InputError(std::string(key) + ": expected an object, got " + it->type_name(), file, 0, key);
    return &*it;
}

/// Every number of a manifest that merge or a reader uses, checked as the flag behind it.
void readManifestNumbers(RunFolder& f, const std::string& file)
{
    const nlohmann::json& m = f.manifest;
    if (const auto* t = section(m, "trace", file))
        f.traceRequests = manifestCount(*t, "requests", 0, kMaxRunRequests, "trace.", file);
    if (const auto* s = section(m, "shard", file)) {
        f.shard.count
            = static_cast<std::uint32_t>(manifestCount(*s, "count", 1, kMaxShards, "shard.", file).value_or(1));
        f.shard.index
            = static_cast<std::uint32_t>(manifestCount(*s, "index", 0, f.shard.count - 1, "shard.", file).value_or(0));
        if (const auto it = s->find("by"); it != s->end() && !it->is_null()) {
            if (!it->is_string() || !shardByFromName(it->get<std::string>()))
                throw InputError(
                    "shard.by: must be \"interleave\" or \"adapter\" (got " + it->dump().substr(0, 40) + ")", file, 0,
                    "shard.by");
            f.shard.by = it->get<std::string>();
        }
        f.shard.requests = manifestCount(*s, "requests", 0, f.traceRequests.value_or(kMaxRunRequests), "shard.", file);
        (void)manifestCount(*s, "merged_from", 1, kMaxShards, "shard.", file);
    }
    if (const auto* o = section(m, "options", file)) {
        manifestNumber(*o, "time_scale", 1e-6, 1e6, "options.", file);
        manifestNumber(*o, "warmup_s", 0, kMaxReplaySeconds, "options.", file);
        manifestNumber(*o, "cooldown_s", 0, kMaxReplaySeconds, "options.", file);
        manifestNumber(*o, "start_at_epoch_s", 0, 95617584000.0, "options.", file);
    }
}

} // namespace

std::optional<std::uint64_t> RunFolder::expectedRequests() const
{
    if (shard.requests)
        return shard.requests;
    if (shard.count == 1)
        return traceRequests;
    return std::nullopt;
}

std::vector<ReplayRecord> readRequestsFile(
    const std::string& file, std::vector<std::string>& notes, std::optional<std::uint64_t> traceRequests)
{
    std::vector<ReplayRecord> records;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> lineOf; // (index, line)
    readLines(file, "requests file", kMaxRequestsFileBytes, notes, [&](const nlohmann::json& j, std::uint64_t line) {
        ReplayRecord r = recordFromJson(j);
        if (traceRequests && r.index >= *traceRequests)
            throw InputError("index: request index " + std::to_string(r.index) + " (id " + std::to_string(r.id)
                    + ") is beyond the trace's " + std::to_string(*traceRequests)
                    + " requests (manifest.json trace.requests)",
                {}, 0, "index");
        lineOf.emplace_back(r.index, line);
        records.push_back(std::move(r));
    });
    // Each request once: a run records every request exactly once.
    std::sort(lineOf.begin(), lineOf.end());
    for (std::size_t i = 1; i < lineOf.size(); ++i)
        if (lineOf[i].first == lineOf[i - 1].first)
            throw InputError("request index " + std::to_string(lineOf[i].first) + " is recorded twice (lines "
                    + std::to_string(lineOf[i - 1].second) + " and " + std::to_string(lineOf[i].second)
                    + "): a run records each request once; the file was edited or two runs wrote into it",
                file, lineOf[i].second, "index");
    return records;
}

RunFolder readRunFolder(const std::string& dir)
{
    namespace fs = std::filesystem;
    RunFolder f;
    f.dir = dir;
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw InputError(
            fs::exists(dir, ec) ? "not a folder (a replay run folder was expected)" : "no such folder", dir);
    const std::string manifest = dir + "/manifest.json";
    if (!fs::exists(manifest, ec))
        throw InputError("no manifest.json: not a replay run folder", dir);
    f.manifest = readJsonFile(manifest, "run manifest");
    if (!f.manifest.is_object())
        throw InputError("expected a JSON object", manifest);
    readManifestNumbers(f, manifest);
    try {
        if (f.manifest.contains("clock"))
            f.clock = runClockFromJson(f.manifest["clock"]);
    } catch (const InputError& e) {
        throw InputError(e.detail(), manifest, 0, e.field());
    } catch (const std::exception& e) {
        throw InputError(std::string("bad \"clock\": ") + e.what(), manifest, 0, "clock");
    }
    const std::string summary = dir + "/summary.json";
    if (fs::exists(fs::symlink_status(summary, ec)))
        f.summary = readJsonFile(summary, "run summary");
    const std::string requests = dir + "/requests.jsonl";
    if (!fs::exists(fs::symlink_status(requests, ec)))
        throw InputError("no requests.jsonl: not a replay run folder", dir);
    f.records = readRequestsFile(requests, f.notes, f.traceRequests);
    // Each record in the folder's shard: an interleaved shard I of N holds the indices ≡ I mod N.
    if (f.shard.count > 1 && f.shard.by == "interleave")
        for (const ReplayRecord& r : f.records)
            if (r.index % f.shard.count != f.shard.index)
                throw InputError("request index " + std::to_string(r.index) + " (id " + std::to_string(r.id)
                        + ") does not belong to shard " + std::to_string(f.shard.index) + "/"
                        + std::to_string(f.shard.count) + " (interleaved: its indices are "
                        + std::to_string(f.shard.index) + " mod " + std::to_string(f.shard.count)
                        + "): the folder holds another shard's records, or its manifest's shard is wrong",
                    requests, 0, "index");
    if (f.shard.requests && f.records.size() > *f.shard.requests)
        throw InputError(std::to_string(f.records.size()) + " records, more than the "
                + std::to_string(*f.shard.requests) + " requests of this shard (manifest.json shard.requests)",
            requests, 0, "shard.requests");
    const std::string metrics = dir + "/server_metrics.jsonl";
    if (fs::exists(fs::symlink_status(metrics, ec)))
        readLines(metrics, "server metrics file", kMaxServerMetricsFileBytes, f.notes,
            [&](const nlohmann::json& j, std::uint64_t) {
                for (const char* key : { "t_s", "t_end_s" })
                    if (const auto it = j.find(key); it != j.end() && !it->is_null()
                        && !(it->is_number() && std::abs(it->get<double>()) <= kMaxRecordSeconds))
                        throw InputError(std::string(key) + ": must be a time of the run in seconds (at most "
                                + formatNumber(kMaxRecordSeconds) + " either side of its start; got "
                                + it->dump().substr(0, 40) + ")",
                            {}, 0, key);
                f.serverMetrics.push_back(j);
            });
    return f;
}

} // namespace lorascope
