// SPDX-License-Identifier: Apache-2.0
#include "replay/merge.h"

#include "replay/servermap.h"
#include "util/atomicfile.h"
#include "util/error.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

namespace lorascope {

namespace {

std::string idList(const std::vector<std::uint64_t>& ids, std::size_t max = 20)
{
    std::string s;
    for (std::size_t i = 0; i < ids.size() && i < max; ++i)
        s += (i ? ", " : "") + std::to_string(ids[i]);
    if (ids.size() > max)
        s += ", ... (" + std::to_string(ids.size()) + " in all)";
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

double shiftTime(double t, double by) { return std::isfinite(t) ? t + by : t; }

nlohmann::json num(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

} // namespace

MergeResult mergeRuns(const std::vector<RunFolder>& shards, const MergeOptions& options)
{
    if (shards.empty())
        throw InputError("nothing to merge: give the run folders of the shards");
    MergeResult m;
    // One run: same trace, split, scale, start instant.
    same(shards, "traces (SHA-256)", "trace", "sha256");
    const auto totalJ = same(shards, "trace request counts", "trace", "requests");
    const auto count = same(shards, "shard counts (--shard I/N)", "shard", "count");
    same(shards, "split modes (--shard-by)", "shard", "by");
    same(shards, "time scales (--time-scale)", "options", "time_scale");
    same(shards, "start instants (--start-at)", "options", "start_at_epoch_s");
    const auto backend = same(shards, "backends", "backend");
    if (!totalJ.is_number_unsigned())
        throw InputError("the manifest does not say how many requests the trace has", shards[0].dir + "/manifest.json", 0, "trace.requests");
    const auto total = totalJ.get<std::uint64_t>();
    const std::uint32_t n = count.is_number_unsigned() ? count.get<std::uint32_t>() : 1;
    for (const char* key : { "target", "model" })
        if (std::any_of(shards.begin(), shards.end(), [&](const RunFolder& s) { return at(s.manifest, key) != at(shards[0].manifest, key); }))
            m.warnings.push_back(std::string("the shards' ") + key + "s differ (see each shard's manifest)");
    for (const char* key : { "warmup_s", "cooldown_s" })
        if (std::any_of(shards.begin(), shards.end(),
                [&](const RunFolder& s) { return at(s.manifest, "options", key) != at(shards[0].manifest, "options", key); }))
            m.warnings.push_back(std::string("the shards' ") + key + " differ: each request keeps its own shard's window");

    // Each shard index once.
    std::map<std::uint32_t, const RunFolder*> byIndex;
    for (const auto& s : shards) {
        if (s.shardIndex() >= n)
            throw InputError("shard index " + std::to_string(s.shardIndex()) + " is not below the shard count " + std::to_string(n),
                s.dir + "/manifest.json", 0, "shard.index");
        const auto [it, fresh] = byIndex.emplace(s.shardIndex(), &s);
        if (!fresh)
            throw InputError("shard " + std::to_string(s.shardIndex()) + "/" + std::to_string(n) + " is given twice: " + it->second->dir
                + " and " + s.dir);
    }
    std::vector<std::uint32_t> absentShards;
    for (std::uint32_t i = 0; i < n; ++i)
        if (!byIndex.count(i))
            absentShards.push_back(i);

    // Records on the common axis: seconds since trace time 0, each shard's times minus its
    // origin. Shards started with one --start-at are thereby aligned on the wall clock.
    std::map<std::uint64_t, std::string> where; // index → folder
    std::vector<std::uint64_t> duplicates;
    std::vector<bool> seen(total, false);
    const bool commonStart = std::all_of(shards.begin(), shards.end(), [](const RunFolder& s) { return s.clock && s.clock->startAt; });
    nlohmann::json shardReports = nlohmann::json::array();
    for (const auto& [index, s] : byIndex) {
        const double origin = s->clock ? s->clock->origin : 0.0;
        std::vector<double> lateness;
        std::uint64_t recorded = 0;
        for (auto r : s->records) {
            if (r.index >= total)
                throw InputError("request index " + std::to_string(r.index) + " (id " + std::to_string(r.id) + ") is beyond the trace's "
                        + std::to_string(total) + " requests",
                    s->dir + "/requests.jsonl");
            if (seen[r.index]) {
                duplicates.push_back(r.id);
                continue;
            }
            seen[r.index] = true;
            where[r.index] = s->dir;
            ++recorded;
            if (std::isfinite(r.sent) && std::isfinite(r.scheduled))
                lateness.push_back(r.lateness() * 1e3);
            const double by = -origin;
            for (double* t : { &r.scheduled, &r.designed, &r.dispatched, &r.sent, &r.firstByte, &r.end })
                *t = shiftTime(*t, by);
            for (auto& t : r.tokenTimes)
                t += by;
            m.records.push_back(std::move(r));
        }
        const auto ld = distributionOf(lateness);
        nlohmann::json rep;
        rep["dir"] = s->dir;
        rep["index"] = index;
        const auto expected = s->expectedRequests();
        rep["requests_expected"] = expected ? nlohmann::json(*expected) : nlohmann::json(nullptr);
        rep["requests_recorded"] = recorded;
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
                std::snprintf(buf, sizeof buf, "shard %u (%s) started %.1f ms after --start-at: its first requests were sent late",
                    index, s->dir.c_str(), s->clock->startLate * 1e3);
                m.warnings.push_back(buf);
            }
        } else {
            rep["start_late_ms"] = nullptr;
            m.warnings.push_back("shard " + std::to_string(index) + " (" + s->dir + ") has no clock in its manifest (it never started?)");
        }
        if (!s->summary)
            m.warnings.push_back("shard " + std::to_string(index) + " (" + s->dir + ") did not finish (no summary.json): "
                + std::to_string(recorded) + (expected ? " of " + std::to_string(*expected) : std::string()) + " requests recorded");
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
    if (!duplicates.empty()) {
        std::sort(duplicates.begin(), duplicates.end());
        throw InputError("requests recorded more than once (ids " + idList(duplicates)
            + "): the folders overlap — the same shard twice, or a whole run mixed with shards");
    }
    for (std::uint64_t i = 0; i < total; ++i)
        if (!seen[i])
            m.missingIds.push_back(i);
    std::sort(m.records.begin(), m.records.end(), [](const ReplayRecord& a, const ReplayRecord& b) { return a.index < b.index; });
    // Missing indices → ids. Ids are the trace's own; an index's id is known only from a record,
    // so a missing request is named by its trace index (= id for generated traces).
    if (!m.missingIds.empty()) {
        std::string why;
        if (!absentShards.empty()) {
            why += " Shards not given:";
            for (auto i : absentShards)
                why += " " + std::to_string(i) + "/" + std::to_string(n);
            why += ".";
        }
        for (const auto& [index, s] : byIndex) {
            const auto expected = s->expectedRequests();
            const auto recorded = std::count_if(where.begin(), where.end(), [&](const auto& kv) { return kv.second == s->dir; });
            if (expected && std::uint64_t(recorded) < *expected)
                why += " Shard " + std::to_string(index) + " (" + s->dir + ") recorded " + std::to_string(recorded) + " of its "
                    + std::to_string(*expected) + " requests" + (s->summary ? "." : " and did not finish.");
        }
        std::string ids;
        if (options.traceIds.size() == total) {
            std::vector<std::uint64_t> v;
            for (auto i : m.missingIds)
                v.push_back(options.traceIds[i]);
            ids = "ids " + idList(v) + (v == m.missingIds ? std::string() : "; trace indices " + idList(m.missingIds));
        } else {
            ids = "trace indices " + idList(m.missingIds) + "; give --trace to name their ids";
        }
        const std::string msg = std::to_string(m.missingIds.size()) + " of " + std::to_string(total)
            + " requests are in no folder (" + ids + ")." + why;
        if (!options.allowMissing)
            throw InputError(msg + " Merge the remaining ones anyway with --allow-missing.");
        m.warnings.push_back(msg);
    }
    if (!commonStart && n > 1)
        m.warnings.push_back("the shards were not started with one --start-at: their times are aligned on each shard's own "
                             "schedule (trace time 0), not on a common clock");

    // Metrics from the raw records.
    SummaryOptions so;
    so.backend = backend.is_string() ? backend.get<std::string>() : std::string();
    if (options.slo) {
        so.slo = *options.slo;
    } else {
        const auto& first = shards[0].summary ? at(*shards[0].summary, "slo_ms") : at(shards[0].manifest, "none");
        for (const auto& s : shards)
            if (s.summary && at(*s.summary, "slo_ms") != first)
                throw InputError("the shards were summarised with different --slo values; give one to merge with --slo", s.dir);
        if (first.is_object()) {
            if (first.contains("ttft"))
                so.slo.ttftMs = first["ttft"].get<double>();
            if (first.contains("tpot"))
                so.slo.tpotMs = first["tpot"].get<double>();
            if (first.contains("e2el"))
                so.slo.e2elMs = first["e2el"].get<double>();
        }
    }
    m.summary = summarizeReplay(m.records, so);
    m.summary["backend"] = backend;
    m.summary["target"] = at(shards[0].manifest, "target");
    m.summary["cancelled_run"] = std::any_of(shards.begin(), shards.end(),
        [](const RunFolder& s) { return s.summary && at(*s.summary, "cancelled_run") == true; });
    std::uint64_t fd = 0;
    for (const auto& s : shards)
        if (s.summary && at(*s.summary, "fd_exhausted").is_number_unsigned())
            fd += at(*s.summary, "fd_exhausted").get<std::uint64_t>();
    m.summary["fd_exhausted"] = fd;
    // The shards' common dispatcher priority, "mixed" when they differ (each shard's is in merge.shards).
    {
        nlohmann::json common;
        for (const auto& rep : shardReports) {
            const auto& p = rep["dispatcher_priority"];
            if (p.is_string())
                common = common.is_null() || common == p ? p : nlohmann::json("mixed");
        }
        m.summary["dispatcher_priority"] = common;
    }
    {
        auto& miss = m.summary["missing"] = { { "count", m.missingIds.size() } };
        std::vector<std::uint64_t> first(m.missingIds.begin(), m.missingIds.begin() + std::ptrdiff_t(std::min<std::size_t>(m.missingIds.size(), 1000)));
        miss["trace_indices"] = first;
        if (options.traceIds.size() == total) {
            std::vector<std::uint64_t> ids;
            for (auto i : first)
                ids.push_back(options.traceIds[i]);
            miss["ids"] = ids;
        }
        miss["listed"] = first.size();
    }
    m.summary["merge"] = { { "shards", shardReports }, { "shard_count", n }, { "by", at(shards[0].manifest, "shard", "by") },
        { "common_start_at", commonStart }, { "time_axis", "seconds since trace time 0 on each shard's clock" } };
    for (const auto& w : m.warnings)
        m.summary["warnings"].push_back(w);

    m.manifest = shards[0].manifest;
    m.manifest.erase("clock");
    m.manifest.erase("notes");
    m.manifest["merged"] = true;
    m.manifest["shard"] = { { "index", 0 }, { "count", 1 }, { "by", at(shards[0].manifest, "shard", "by") }, { "requests", total },
        { "merged_from", n } };
    RunClock common;
    if (commonStart)
        common.startAt = *shards[0].clock->startAt;
    common.origin = 0;
    common.startWall = common.startAt.value_or(0);
    m.manifest["clock"] = runClockToJson(common);
    m.manifest["shards"] = nlohmann::json::array();
    for (const auto& [index, s] : byIndex) {
        auto sm = s->manifest;
        sm["dir"] = s->dir;
        m.manifest["shards"].push_back(std::move(sm));
    }
    std::stable_sort(m.serverMetrics.begin(), m.serverMetrics.end(), [](const nlohmann::json& a, const nlohmann::json& b) {
        return a.value("t_s", 0.0) < b.value("t_s", 0.0);
    });
    // The server's figures from every shard's scrapes, on the common axis.
    if (!m.serverMetrics.empty()) {
        std::vector<ServerSample> samples;
        for (const auto& j : m.serverMetrics) {
            ServerSample x = j.value("ok", false) && j.contains("mapped") ? serverSampleFromJson(j["mapped"]) : ServerSample {};
            x.ok = j.value("ok", false);
            x.t = j.value("t_s", NAN);
            x.tEnd = j.value("t_end_s", NAN);
            x.errorKind = j.value("error_kind", std::string());
            x.error = j.value("error", std::string());
            samples.push_back(std::move(x));
        }
        m.summary["server"] = summarizeServerMetrics(samples);
    }
    return m;
}

void writeMergedRun(const MergeResult& m, const std::string& dir)
{
    namespace fs = std::filesystem;
    std::error_code ec;
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
    const auto dump = [](const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); };
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
    writeFileAtomically(dir + "/summary.json",
        [&](std::ostream& out) { out << m.summary.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n'; });
    writeFileAtomically(dir + "/manifest.json",
        [&](std::ostream& out) { out << m.manifest.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n'; });
}

} // namespace lorascope
