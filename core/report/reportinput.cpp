// SPDX-License-Identifier: Apache-2.0
#include "report/reportinput.h"

#include "formats/traceio.h"
#include "replay/results.h"
#include "util/error.h"
#include "util/jsonread.h"
#include "util/version.h"

#include <cmath>
#include <filesystem>
#include <fstream>

namespace lorascope {

namespace fs = std::filesystem;

std::string baseLabel(const std::string& path)
{
    fs::path p(path);
    while (!p.empty() && p.filename().empty())
        p = p.parent_path(); // "run1/" → "run1"
    const std::string name = p.filename().string();
    return name.empty() ? path : name;
}

SourceKind detectSource(const std::string& path)
{
    std::error_code ec;
    if (!fs::exists(path, ec))
        throw InputError("no such file or folder", path);
    if (fs::is_directory(path, ec)) {
        if (!fs::exists(fs::path(path) / "manifest.json", ec))
            throw InputError("a folder without manifest.json: not a replay run folder", path);
        return SourceKind::Run;
    }
    std::ifstream in(path, std::ios::binary);
    std::string first;
    std::getline(in, first);
    if (first.size() > (1u << 20))
        first.resize(1u << 20);
    // Sweep files say so on their first line (JSON Lines header) or in the CSV header's columns.
    if (first.find("\"lorascope-sweep\"") != std::string::npos)
        return SourceKind::Sweep;
    if (sweepFormatForPath(path) == SweepFileFormat::Csv && first.rfind(sweepCsvHeader().substr(0, 40), 0) == 0)
        return SourceKind::Sweep;
    return SourceKind::Trace;
}

RunSource loadRun(const std::string& dir)
{
    RunSource s;
    s.path = dir;
    s.label = baseLabel(dir);
    s.view = openRunView(dir);
    const auto& m = s.view.manifest;
    if (m.contains("trace") && m["trace"].is_object()) {
        s.traceSha256 = m["trace"].value("sha256", std::string());
        s.tracePath = m["trace"].value("path", std::string());
    }
    return s;
}

SweepSource loadSweep(const std::string& path)
{
    SweepSource s;
    s.path = path;
    s.label = baseLabel(path);
    s.sweep = readSweepFile(path);
    if (sweepFormatForPath(path) == SweepFileFormat::JsonLines) {
        // readSweepFile keeps the points; the finder's result line is read here (already checked there).
        std::ifstream in(path, std::ios::binary);
        std::string line;
        while (std::getline(in, line)) {
            if (line.find("\"capacity\"") == std::string::npos)
                continue;
            auto j = nlohmann::json::parse(line, nullptr, false);
            if (j.is_object() && j.value("kind", std::string()) == "capacity")
                s.capacity = std::move(j);
        }
    }
    return s;
}

RunView previewAsRun(const AdmissionAnalysis& a, const std::string& label)
{
    RunView v;
    v.dir = label;
    v.finished = true;
    const Trace& trace = *a.trace;
    v.records.reserve(a.result.requests.size());
    for (std::size_t i = 0; i < a.result.requests.size(); ++i) {
        const RequestRecord& q = a.result.requests[i];
        ReplayRecord r;
        r.index = i;
        r.id = q.id;
        r.adapter = q.adapter == kNoAdapter ? std::string() : trace.adapters[q.adapter].name;
        r.inputLen = q.inputLen;
        r.outputLen = q.outputLen;
        r.scheduled = r.dispatched = r.sent = q.arrival;
        if (q.rejected != RejectReason::None || q.dropped != DropReason::None) {
            r.outcome = Outcome::Failed;
            r.errorKind = q.rejected != RejectReason::None ? "rejected" : "dropped";
            r.end = std::isfinite(q.droppedAt) ? q.droppedAt : q.arrival;
        } else if (std::isfinite(q.finished) && std::isfinite(q.firstToken)) {
            r.outcome = Outcome::Completed;
            r.httpStatus = 200;
            r.firstByte = q.firstToken;
            r.tokenTimes = { q.firstToken };
            r.end = q.finished;
            r.tokens = q.outputLen;
            r.reportedOutputTokens = q.outputLen;
            r.reportedInputTokens = q.inputLen;
        } else {
            r.outcome = Outcome::Cancelled; // the preview ended before it finished
        }
        v.records.push_back(std::move(r));
    }
    SummaryOptions so;
    so.backend = "preview";
    v.summary = summarizeReplay(v.records, so);
    v.manifest = { { "tool", "lorascope" }, { "tool_version", kVersion }, { "preview", true } };
    return v;
}

RunSource previewTrace(const std::string& tracePath, const std::string& format, SimulationConfig config)
{
    return previewTrace(std::make_shared<const Trace>(readTrace(tracePath, format)), tracePath, config);
}

RunSource previewTrace(std::shared_ptr<const Trace> trace, const std::string& tracePath, SimulationConfig config)
{
    if (trace->requests.empty())
        throw InputError("the trace has no requests: nothing to preview", tracePath);
    config.clock = ClockKind::Model; // a report's times are seconds
    config.recordTimeline = true;
    RunSource s;
    s.path = tracePath;
    s.label = baseLabel(tracePath);
    s.isPreview = true;
    s.tracePath = tracePath;
    s.traceSha256 = sha256OfFile(tracePath);
    s.preview = analyzeAdmission(trace, config);
    s.view = previewAsRun(*s.preview, s.label);
    s.view.manifest["trace"] = { { "path", tracePath }, { "sha256", s.traceSha256 },
        { "requests", trace->requests.size() }, { "adapters", trace->adapters.size() }, { "source", trace->source } };
    if (trace->spec)
        s.view.manifest["spec"] = toJson(*trace->spec);
    return s;
}

} // namespace lorascope
