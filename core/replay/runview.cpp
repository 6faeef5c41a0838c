// SPDX-License-Identifier: Apache-2.0
#include "replay/runview.h"

#include "replay/runfolder.h"
#include "util/error.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace lorascope {

namespace {

double shifted(double t, double by)
{
    return std::isfinite(t) ? t + by : t;
}

double numberOr(const nlohmann::json& j, const char* key, double fallback)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : fallback;
}

} // namespace

ReplayRecord shiftRecord(ReplayRecord r, double by)
{
    for (double* t : { &r.scheduled, &r.designed, &r.dispatched, &r.sent, &r.firstByte, &r.end })
        *t = shifted(*t, by);
    for (auto& t : r.tokenTimes)
        t += by;
    return r;
}

ServerSample serverSampleFromLine(const nlohmann::json& line, double by)
{
    const bool ok = line.is_object() && line.value("ok", false);
    ServerSample s = ok && line.contains("mapped") && line["mapped"].is_object() ? serverSampleFromJson(line["mapped"])
                                                                                 : ServerSample {};
    s.ok = ok;
    if (line.is_object()) {
        s.t = shifted(numberOr(line, "t_s", ServerSample::kNone), by);
        s.tEnd = shifted(numberOr(line, "t_end_s", ServerSample::kNone), by);
        if (const auto it = line.find("error_kind"); it != line.end() && it->is_string())
            s.errorKind = it->get<std::string>();
        if (const auto it = line.find("error"); it != line.end() && it->is_string())
            s.error = it->get<std::string>();
    }
    return s;
}

RunView openRunView(const std::string& dir)
{
    RunFolder f = readRunFolder(dir);
    RunView v;
    v.dir = f.dir.empty() ? dir : f.dir;
    v.manifest = f.manifest;
    v.notes = f.notes;
    v.shardIndex = f.shardIndex();
    v.shardCount = f.shardCount();
    const bool merged = f.manifest.is_object() && f.manifest.value("merged", false);
    v.kind = merged ? RunView::Kind::Merge : v.shardCount > 1 ? RunView::Kind::Shard : RunView::Kind::Single;
    if (const auto it = f.manifest.find("options"); it != f.manifest.end() && it->is_object())
        v.timeScale = numberOr(*it, "time_scale", 1.0);
    if (!(v.timeScale > 0) || !std::isfinite(v.timeScale))
        v.timeScale = 1.0;
    // The common axis: run-clock seconds minus the origin (a merge output's origin is already 0).
    const double by = f.clock ? -f.clock->origin : 0.0;
    v.records.reserve(f.records.size());
    for (auto& r : f.records)
        v.records.push_back(shiftRecord(std::move(r), by));
    for (const auto& line : f.serverMetrics)
        v.samples.push_back(serverSampleFromLine(line, by));
    std::stable_sort(
        v.samples.begin(), v.samples.end(), [](const ServerSample& a, const ServerSample& b) { return a.t < b.t; });
    if (f.summary) {
        v.summary = *f.summary;
        v.finished = true;
    } else {
        SummaryOptions so;
        so.backend = f.manifest.is_object() ? f.manifest.value("backend", std::string()) : std::string();
        v.summary = summarizeReplay(v.records, so);
        v.notes.push_back(dir + ": no summary.json (the run did not finish); figures recomputed from the "
            + std::to_string(v.records.size()) + " requests recorded");
    }
    return v;
}

std::map<std::string, AdapterResidency> adapterResidency(const std::vector<ServerSample>& samples)
{
    std::map<std::string, AdapterResidency> out;
    std::set<std::string> previous;
    for (const auto& s : samples) {
        if (!s.ok || !s.adapterListsKnown)
            continue;
        std::set<std::string> now(s.runningAdapters.begin(), s.runningAdapters.end());
        for (const auto& name : now) {
            auto [it, added] = out.try_emplace(name);
            auto& a = it->second;
            if (added)
                a.firstSeen = s.t;
            a.lastSeen = s.t;
            ++a.scrapes;
            if (!previous.count(name))
                ++a.loads;
        }
        previous = std::move(now);
    }
    return out;
}

StepTimelineBins coarsenBins(const StepTimelineBins& b, double minWidth)
{
    const std::size_t n = b.edges.size() < 2 ? 0 : b.edges.size() - 1;
    auto sized = [n](const std::vector<double>& v) { return v.size() == n; };
    if (n == 0 || !(minWidth > 0) || !sized(b.running) || !sized(b.queue) || !sized(b.kvNeed) || !sized(b.kvUsed)
        || !sized(b.adapterSlots) || !sized(b.residentAdapters))
        return b;
    StepTimelineBins out;
    out.kvCapacity = b.kvCapacity;
    out.edges.push_back(b.edges.front());
    std::vector<std::pair<const std::vector<double>*, std::vector<double>*>> fields = { { &b.running, &out.running },
        { &b.queue, &out.queue }, { &b.kvNeed, &out.kvNeed }, { &b.kvUsed, &out.kvUsed },
        { &b.adapterSlots, &out.adapterSlots }, { &b.residentAdapters, &out.residentAdapters } };
    std::size_t i = 0;
    while (i < n) {
        std::size_t j = i + 1;
        while (j < n && b.edges[j] - b.edges[i] < minWidth)
            ++j;
        for (auto& [in, o] : fields)
            o->push_back(*std::max_element(in->begin() + std::ptrdiff_t(i), in->begin() + std::ptrdiff_t(j)));
        out.edges.push_back(b.edges[j]);
        i = j;
    }
    return out;
}

double previewAt(const StepTimelineBins& preview, const std::vector<double>& values, double t, double timeScale)
{
    if (preview.edges.size() < 2 || values.size() + 1 != preview.edges.size() || !(timeScale > 0))
        return std::nan("");
    const double x = t / timeScale;
    if (!(x >= preview.edges.front()) || x >= preview.edges.back())
        return std::nan("");
    const auto it = std::upper_bound(preview.edges.begin(), preview.edges.end(), x);
    return values[std::size_t(it - preview.edges.begin()) - 1];
}

std::optional<PreviewGap> largestPreviewGap(const std::vector<ServerSample>& samples, const StepTimelineBins& preview,
    double timeScale, double factor, double slack)
{
    std::optional<PreviewGap> best;
    auto consider = [&](PreviewGap::Quantity q, double t, double observed, const std::vector<double>& values) {
        if (!std::isfinite(observed))
            return;
        const double predicted = previewAt(preview, values, t, timeScale);
        if (!std::isfinite(predicted))
            return;
        if (observed <= predicted * factor || observed - predicted <= slack)
            return;
        const double ratio = observed / std::max(predicted, 1.0);
        if (!best || ratio > best->ratio)
            best = PreviewGap { q, t, observed, predicted, ratio };
    };
    for (const auto& s : samples) {
        if (!s.ok)
            continue;
        consider(PreviewGap::Quantity::Queue, s.t, s.waiting, preview.queue);
        consider(PreviewGap::Quantity::Running, s.t, s.running, preview.running);
    }
    return best;
}

} // namespace lorascope
