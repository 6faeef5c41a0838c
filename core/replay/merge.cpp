// SPDX-License-Identifier: Apache-2.0
#include "replay/merge.h"

#include "replay/runview.h"
#include "replay/schedule.h"
#include "replay/servermap.h"
#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

namespace lorascope {

namespace {

using ShardMap = std::map<std::uint32_t, const RunFolder*>;

std::string idList(const std::vector<std::uint64_t>& ids, std::size_t max = 20, std::uint64_t total = 0)
{
    std::string s;
    for (std::size_t i = 0; i < ids.size() && i < max; ++i)
        s += (i ? ", " : "") + std::to_string(ids[i]);
    const std::uint64_t all = std::max<std::uint64_t>(total, ids.size());
    if (all > max)
        s += ", ... (" + std::to_string(all) + " in all)";
    return s;
}

const nlohmann::json& at(const nlohmann::json& j, const char* a, const char* b = nullptr)
{
    static const nlohmann::json null;
    if (!j.is_object() || !j.contains(a))
        return null;
    if (!b)
        return j[a];
    return j[a].is_object() && j[a].contains(b) ? j[a][b] : null;
}

std::string shown(const nlohmann::json& v)
{
    return v.is_string() ? v.get<std::string>() : v.dump();
}

// Every shard must carry the same value of a manifest field; returns it.
nlohmann::json same(const std::vector<RunFolder>& shards, const char* what, const char* a, const char* b = nullptr)
{
    const auto& first = at(shards[0].manifest, a, b);
    for (const auto& s : shards)
        if (at(s.manifest, a, b) != first)
            throw InputError(std::string("these folders are not shards of one run: their ") + what + " differ ("
                    + shards[0].dir + ": " + shown(first) + ", " + s.dir + ": " + shown(at(s.manifest, a, b)) + ")",
                s.dir + "/manifest.json", 0, b ? std::string(a) + "." + b : a);
    return first;
}

nlohmann::json num(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

/// What makes the folders one run: the trace, its split and how it was played.
struct RunIdentity {
    std::uint64_t total = 0; ///< requests in the trace
    std::uint32_t count = 1; ///< shards
    std::string by;
    nlohmann::json backend;
};

RunIdentity checkOneRun(const std::vector<RunFolder>& shards, std::vector<std::string>& warnings)
{
    RunIdentity id;
    same(shards, "traces (SHA-256)", "trace", "sha256");
    same(shards, "trace request counts", "trace", "requests");
    same(shards, "shard counts (--shard I/N)", "shard", "count");
    same(shards, "split modes (--shard-by)", "shard", "by");
    same(shards, "time scales (--time-scale)", "options", "time_scale");
    same(shards, "start instants (--start-at)", "options", "start_at_epoch_s");
    id.backend = same(shards, "backends", "backend");
    // The numbers themselves were range-checked when each folder was read (readRunFolder).
    for (const auto& s : shards)
        if (s.shard.count != shards[0].shard.count || s.shard.by != shards[0].shard.by
            || s.traceRequests != shards[0].traceRequests)
            throw InputError("these folders are not shards of one run: their shard counts, split modes or trace "
                             "request counts differ ("
                    + shards[0].dir + ", " + s.dir + ")",
                s.dir + "/manifest.json", 0, "shard");
    if (!shards[0].traceRequests)
        throw InputError("the manifest does not say how many requests the trace has", shards[0].dir + "/manifest.json",
            0, "trace.requests");
    id.total = *shards[0].traceRequests;
    id.count = shards[0].shard.count;
    id.by = shards[0].shard.by;
    for (const char* key : { "target", "model" })
        if (std::any_of(shards.begin(), shards.end(),
                [&](const RunFolder& s) { return at(s.manifest, key) != at(shards[0].manifest, key); }))
            warnings.push_back(std::string("the shards' ") + key + "s differ (see each shard's manifest)");
    for (const char* key : { "warmup_s", "cooldown_s" })
        if (std::any_of(shards.begin(), shards.end(), [&](const RunFolder& s) {
                return at(s.manifest, "options", key) != at(shards[0].manifest, "options", key);
            }))
            warnings.push_back(
                std::string("the shards' ") + key + " differ: each request keeps its own shard's window");
    return id;
}

/// Each shard index once.
ShardMap indexShards(const std::vector<RunFolder>& shards, std::uint32_t count)
{
    ShardMap byIndex;
    for (const auto& s : shards) {
        if (s.shardIndex() >= count) // readRunFolder checks it; a RunFolder built by hand may not be
            throw InputError("shard index " + std::to_string(s.shardIndex()) + " is not below the shard count "
                    + std::to_string(count),
                s.dir + "/manifest.json", 0, "shard.index");
        const auto [it, fresh] = byIndex.emplace(s.shardIndex(), &s);
        if (!fresh)
            throw InputError("shard " + std::to_string(s.shardIndex()) + "/" + std::to_string(count)
                + " is given twice: " + it->second->dir + " and " + s.dir);
    }
    return byIndex;
}

/// Every record is in its shard's share of the trace: checked against the split itself when the
/// trace is at hand, else arithmetically (interleave) or by adapter names (an adapter split never
/// puts one adapter in two shards).
void checkMembership(const ShardMap& byIndex, const RunIdentity& id, const Trace* trace)
{
    if (id.count <= 1)
        return;
    const auto refuse = [&](const RunFolder& s, const ReplayRecord& r, const std::string& why) {
        throw InputError("request index " + std::to_string(r.index) + " (id " + std::to_string(r.id)
                + ") does not belong to shard " + std::to_string(s.shardIndex()) + "/" + std::to_string(id.count) + " ("
                + why + "): the folder holds another run's or shard's records, or its manifest's shard is wrong",
            s.dir + "/requests.jsonl", 0, "index");
    };
    const auto mode = shardByFromName(id.by).value_or(ShardBy::Interleave);
    if (trace && trace->requests.size() == id.total) {
        for (const auto& [index, s] : byIndex) {
            const auto mine = shardRequests(*trace, { index, id.count, mode });
            for (const auto& r : s->records)
                if (!std::binary_search(mine.begin(), mine.end(), static_cast<std::size_t>(r.index)))
                    refuse(*s, r, std::string("--shard-by ") + id.by + " of the trace");
        }
        return;
    }
    if (mode == ShardBy::Interleave) {
        for (const auto& [index, s] : byIndex)
            for (const auto& r : s->records)
                if (r.index % id.count != index)
                    refuse(*s, r,
                        "interleaved: its indices are " + std::to_string(index) + " mod " + std::to_string(id.count));
        return;
    }
    std::map<std::string, std::uint32_t> shardOfAdapter;
    for (const auto& [index, s] : byIndex)
        for (const auto& r : s->records) {
            const auto [it, fresh] = shardOfAdapter.emplace(r.adapter, index);
            if (!fresh && it->second != index)
                refuse(*s, r,
                    "split by adapter, and adapter \"" + r.adapter + "\" is in shard " + std::to_string(it->second)
                        + " too");
        }
}

/// The records of every shard on the common axis (seconds since trace time 0: each shard's times
/// minus its origin; shards started with one --start-at are thereby aligned on the wall clock),
/// sorted by index, with each shard's report, warnings and server scrapes.
void collectShards(const ShardMap& byIndex, MergeResult& m, nlohmann::json& shardReports)
{
    for (const auto& [index, s] : byIndex) {
        const double origin = s->clock ? s->clock->origin : 0.0;
        std::vector<double> lateness;
        for (const auto& r : s->records) {
            if (std::isfinite(r.sent) && std::isfinite(r.scheduled))
                lateness.push_back(r.lateness() * 1e3);
            m.records.push_back(shiftRecord(r, -origin));
        }
        const auto ld = distributionOf(std::move(lateness));
        nlohmann::json rep;
        rep["dir"] = s->dir;
        rep["index"] = index;
        const auto expected = s->expectedRequests();
        rep["requests_expected"] = expected ? nlohmann::json(*expected) : nlohmann::json(nullptr);
        rep["requests_recorded"] = s->records.size();
        rep["finished"] = s->summary.has_value();
        rep["lateness_ms"] = { { "median", num(ld.median) }, { "p99", num(ld.p99) }, { "max", num(ld.max) } };
        const auto& priority = s->summary ? at(*s->summary, "dispatcher_priority") : nlohmann::json();
        rep["dispatcher_priority"] = priority.is_string() ? priority : nlohmann::json(nullptr);
        if (s->clock) {
            const auto c = runClockToJson(*s->clock);
            rep["start_late_ms"] = c["start_late_ms"];
            rep["start_wall_epoch_s"] = c["start_wall_epoch_s"];
            rep["kernel_clock"] = c["kernel_clock"];
            rep["server_clock_offset"] = c["server_clock_offset"];
            if (s->clock->startAt && s->clock->startLate > 0.001) {
                char buf[160];
                std::snprintf(buf, sizeof buf,
                    "shard %u (%s) started %.1f ms after --start-at: its first requests were sent late", index,
                    s->dir.c_str(), s->clock->startLate * 1e3);
                m.warnings.push_back(buf);
            }
        } else {
            rep["start_late_ms"] = nullptr;
            m.warnings.push_back("shard " + std::to_string(index) + " (" + s->dir
                + ") has no clock in its manifest (it never started?)");
        }
        if (!s->summary)
            m.warnings.push_back("shard " + std::to_string(index) + " (" + s->dir
                + ") did not finish (no summary.json): " + std::to_string(s->records.size())
                + (expected ? " of " + std::to_string(*expected) : std::string()) + " requests recorded");
        for (const auto& note : s->notes)
            m.warnings.push_back(note);
        for (auto j : s->serverMetrics) {
            for (const char* key : { "t_s", "t_end_s" })
                if (j.contains(key) && j[key].is_number())
                    j[key] = j[key].get<double>() - origin;
            j["shard"] = index;
            m.serverMetrics.push_back(std::move(j));
        }
        shardReports.push_back(std::move(rep));
    }
    std::sort(m.records.begin(), m.records.end(),
        [](const ReplayRecord& a, const ReplayRecord& b) { return a.index < b.index; });
}

/// Refuses a request recorded twice (the records are sorted by index).
void refuseDuplicates(const std::vector<ReplayRecord>& records)
{
    std::vector<std::uint64_t> duplicates;
    for (std::size_t i = 1; i < records.size(); ++i)
        if (records[i].index == records[i - 1].index)
            duplicates.push_back(records[i].id);
    if (duplicates.empty())
        return;
    std::sort(duplicates.begin(), duplicates.end());
    throw InputError("requests recorded more than once (ids " + idList(duplicates)
        + "): the folders overlap — the same shard twice, or a whole run mixed with shards");
}

/// Missing requests: counted from the gaps between the sorted indices (never a table of the
/// declared request count), the first kListedMissing listed. Throws unless allowMissing.
void findMissing(MergeResult& m, const ShardMap& byIndex, const RunIdentity& id, const MergeOptions& options)
{
    std::uint64_t next = 0;
    const auto gap = [&](std::uint64_t upTo) {
        for (std::uint64_t i = next; i < upTo && m.missingIds.size() < kListedMissing; ++i)
            m.missingIds.push_back(i);
        m.missingCount += upTo - next;
    };
    for (const auto& r : m.records) {
        gap(r.index);
        next = r.index + 1;
    }
    gap(id.total);
    std::vector<std::uint32_t> absentShards;
    for (std::uint32_t i = 0; i < id.count && absentShards.size() <= 20; ++i)
        if (!byIndex.count(i))
            absentShards.push_back(i);
    const std::size_t absentCount = id.count - byIndex.size();
    if (m.missingCount == 0 && absentCount == 0)
        return;
    std::string why;
    if (absentCount > 0) {
        why += " Shards not given (" + std::to_string(absentCount) + " of " + std::to_string(id.count) + "):";
        for (std::size_t k = 0; k < absentShards.size() && k < 20; ++k)
            why += " " + std::to_string(absentShards[k]) + "/" + std::to_string(id.count);
        why += absentCount > 20 ? " ..." : ".";
    }
    for (const auto& [index, s] : byIndex) {
        const auto expected = s->expectedRequests();
        if (expected && s->records.size() < *expected)
            why += " Shard " + std::to_string(index) + " (" + s->dir + ") recorded " + std::to_string(s->records.size())
                + " of its " + std::to_string(*expected) + " requests" + (s->summary ? "." : " and did not finish.");
    }
    std::string msg;
    if (m.missingCount > 0) {
        std::string ids;
        if (options.trace && options.trace->requests.size() == id.total) {
            std::vector<std::uint64_t> v;
            for (auto i : m.missingIds)
                v.push_back(options.trace->idOf(static_cast<std::size_t>(i)));
            ids = "ids " + idList(v, 20, m.missingCount)
                + (v == m.missingIds ? std::string() : "; trace indices " + idList(m.missingIds, 20, m.missingCount));
        } else {
            ids = "trace indices " + idList(m.missingIds, 20, m.missingCount) + "; give --trace to name their ids";
        }
        msg = std::to_string(m.missingCount) + " of " + std::to_string(id.total) + " requests are in no folder (" + ids
            + ")." + why;
    } else {
        // Shards that held no request (more shards than requests, or an adapter split's empty shards).
        msg = "every request of the trace is in the folders given, but not every shard was given." + why;
    }
    if (!options.allowMissing)
        throw InputError(msg + " Merge the remaining ones anyway with --allow-missing.");
    m.warnings.push_back(msg);
}

/// The SLOs the merged summary uses: --slo, else the shards' own (which must agree).
Slo mergedSlo(const std::vector<RunFolder>& shards, const MergeOptions& options)
{
    if (options.slo)
        return *options.slo;
    const auto& first = shards[0].summary ? at(*shards[0].summary, "slo_ms") : at(shards[0].manifest, "none");
    for (const auto& s : shards)
        if (s.summary && at(*s.summary, "slo_ms") != first)
            throw InputError(
                "the shards were summarised with different --slo values; give one to merge with --slo", s.dir);
    Slo slo;
    if (first.is_object()) {
        const auto bound = [&](const char* key) -> std::optional<double> {
            const auto& v = at(first, key);
            if (v.is_null())
                return std::nullopt;
            if (!v.is_number() || !(v.get<double>() > 0 && v.get<double>() <= 1e9))
                throw InputError(std::string("slo_ms.") + key + ": must be a number of ms from 0 to 1e9 (got "
                        + v.dump().substr(0, 40) + "); give --slo to merge",
                    shards[0].dir + "/summary.json", 0, std::string("slo_ms.") + key);
            return v.get<double>();
        };
        slo.ttftMs = bound("ttft");
        slo.tpotMs = bound("tpot");
        slo.e2elMs = bound("e2el");
    }
    return slo;
}

void summarize(MergeResult& m, const std::vector<RunFolder>& shards, const RunIdentity& id, const MergeOptions& options,
    nlohmann::json shardReports, bool commonStart)
{
    SummaryOptions so;
    so.backend = id.backend.is_string() ? id.backend.get<std::string>() : std::string();
    so.slo = mergedSlo(shards, options);
    m.summary = summarizeReplay(m.records, so);
    m.summary["backend"] = id.backend;
    m.summary["target"] = at(shards[0].manifest, "target");
    m.summary["cancelled_run"] = std::any_of(shards.begin(), shards.end(),
        [](const RunFolder& s) { return s.summary && at(*s.summary, "cancelled_run") == true; });
    std::uint64_t fd = 0;
    for (const auto& s : shards)
        if (s.summary && at(*s.summary, "fd_exhausted").is_number_unsigned())
            fd += std::min<std::uint64_t>(at(*s.summary, "fd_exhausted").get<std::uint64_t>(), kMaxRunRequests);
    m.summary["fd_exhausted"] = fd;
    // The shards' common dispatcher priority, "mixed" when they differ (each shard's is in merge.shards).
    nlohmann::json common;
    for (const auto& rep : shardReports) {
        const auto& p = rep["dispatcher_priority"];
        if (p.is_string())
            common = common.is_null() || common == p ? p : nlohmann::json("mixed");
    }
    m.summary["dispatcher_priority"] = common;
    auto& miss = m.summary["missing"] = { { "count", m.missingCount } };
    miss["trace_indices"] = m.missingIds;
    if (options.trace && options.trace->requests.size() == id.total) {
        std::vector<std::uint64_t> ids;
        for (auto i : m.missingIds)
            ids.push_back(options.trace->idOf(static_cast<std::size_t>(i)));
        miss["ids"] = ids;
    }
    miss["listed"] = m.missingIds.size();
    m.summary["merge"] = { { "shards", std::move(shardReports) }, { "shard_count", id.count }, { "by", id.by },
        { "common_start_at", commonStart }, { "time_axis", "seconds since trace time 0 on each shard's clock" } };
    for (const auto& w : m.warnings)
        m.summary["warnings"].push_back(w);
    // The server's figures from every shard's scrapes, on the common axis.
    std::stable_sort(m.serverMetrics.begin(), m.serverMetrics.end(),
        [](const nlohmann::json& a, const nlohmann::json& b) { return a.value("t_s", 0.0) < b.value("t_s", 0.0); });
    if (!m.serverMetrics.empty()) {
        std::vector<ServerSample> samples;
        for (const auto& j : m.serverMetrics)
            samples.push_back(serverSampleFromLine(j));
        m.summary["server"] = summarizeServerMetrics(samples);
    }
}

nlohmann::json mergedManifest(
    const std::vector<RunFolder>& shards, const ShardMap& byIndex, const RunIdentity& id, bool commonStart)
{
    nlohmann::json manifest = shards[0].manifest;
    manifest.erase("clock");
    manifest.erase("notes");
    manifest["merged"] = true;
    manifest["shard"]
        = { { "index", 0 }, { "count", 1 }, { "by", id.by }, { "requests", id.total }, { "merged_from", id.count } };
    RunClock common;
    if (commonStart)
        common.startAt = *shards[0].clock->startAt;
    common.origin = 0;
    common.startWall = common.startAt.value_or(0);
    manifest["clock"] = runClockToJson(common);
    manifest["shards"] = nlohmann::json::array();
    for (const auto& [index, s] : byIndex) {
        auto sm = s->manifest;
        sm["dir"] = s->dir;
        manifest["shards"].push_back(std::move(sm));
    }
    return manifest;
}

} // namespace

MergeResult mergeRuns(const std::vector<RunFolder>& shards, const MergeOptions& options)
{
    if (shards.empty())
        throw InputError("nothing to merge: give the run folders of the shards");
    MergeResult m;
    const RunIdentity id = checkOneRun(shards, m.warnings);
    const ShardMap byIndex = indexShards(shards, id.count);
    nlohmann::json shardReports = nlohmann::json::array();
    collectShards(byIndex, m, shardReports);
    refuseDuplicates(m.records);
    for (const auto& r : m.records)
        if (r.index >= id.total) // readRunFolder checks it; a RunFolder built by hand may not be
            throw InputError("request index " + std::to_string(r.index) + " (id " + std::to_string(r.id)
                + ") is beyond the trace's " + std::to_string(id.total) + " requests");
    checkMembership(byIndex, id, options.trace);
    findMissing(m, byIndex, id, options);
    const bool commonStart
        = std::all_of(shards.begin(), shards.end(), [](const RunFolder& s) { return s.clock && s.clock->startAt; });
    if (!commonStart && id.count > 1)
        m.warnings.push_back(
            "the shards were not started with one --start-at: their times are aligned on each shard's own "
            "schedule (trace time 0), not on a common clock");
    summarize(m, shards, id, options, std::move(shardReports), commonStart);
    m.manifest = mergedManifest(shards, byIndex, id, commonStart);
    return m;
}

void writeMergedRun(const MergeResult& m, const std::string& dir)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const FolderClaim claim(dir, {}, false); // two merges into one folder would mix their files
    if (fs::exists(dir + "/requests.jsonl", ec)) {
        // Overwrite only a previous merge, never a shard's or a run's own results.
        nlohmann::json old;
        try {
            old = readRunFolder(dir).manifest;
        } catch (const std::exception&) {
        }
        if (!(old.is_object() && old.value("merged", false)))
            throw InputError("holds a replay run that is not a merge; choose another output folder", dir);
    }
    fs::create_directories(dir, ec);
    if (ec)
        throw InputError("cannot create folder: " + ec.message(), dir);
    const auto dump
        = [](const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); };
    writeFileAtomically(dir + "/requests.jsonl", [&](std::ostream& out) {
        for (const auto& r : m.records)
            out << dump(recordToJson(r)) << '\n';
    });
    if (!m.serverMetrics.empty())
        writeFileAtomically(dir + "/server_metrics.jsonl", [&](std::ostream& out) {
            for (const auto& j : m.serverMetrics)
                out << dump(j) << '\n';
        });
    else // a previous merge's scrapes must not be read as this merge's
        fs::remove(dir + "/server_metrics.jsonl", ec);
    writeFileAtomically(dir + "/summary.json", [&](std::ostream& out) {
        out << m.summary.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    });
    writeFileAtomically(dir + "/manifest.json", [&](std::ostream& out) {
        out << m.manifest.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    });
}

} // namespace lorascope
