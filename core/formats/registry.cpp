// SPDX-License-Identifier: Apache-2.0
#include "formats/traceio.h"

#include "util/atomicfile.h"
#include "util/error.h"
#include "util/fileio.h"
#include "util/jsonread.h"

#include "formats/textscan.h"
#include "random/rng.h"
#include "workload/generator.h"
#include "workload/prefix.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

namespace lorascope {

const std::vector<TraceFormat>& traceFormats()
{
    static const std::vector<TraceFormat> formats = {
        { "jsonl", "LoraScope JSON Lines: a header line (schemaVersion, spec, tool version), then one request a line",
            { ".jsonl" }, readNativeJsonl, writeNativeJsonl },
        { "json", "LoraScope JSON: one object with the header fields and a requests array", { ".json" }, readNativeJson,
            writeNativeJson },
        { "csv", "CSV with header id,time_s,adapter,rank,input_len,output_len", { ".csv" }, readNativeCsv,
            writeNativeCsv },
        { "slora", "S-LoRA requests (req_id, model_dir, adapter_dir, prompt_len, output_len, req_time)",
            { ".slora.json" }, readSloraJson, writeSloraJson },
        { "mooncake",
            "Mooncake trace JSONL: {\"timestamp\": ms, \"input_length\", \"output_length\", \"hash_ids\": [...]}",
            { ".mooncake.jsonl" }, readMooncake, writeMooncake },
        { "aiperf",
            "AIPerf mooncake_trace JSONL with sessions: {\"session_id\", \"timestamp\" or \"delay\" (ms), "
            "\"input_length\" (new tokens), \"output_length\", \"hash_ids\"}",
            { ".aiperf.jsonl" }, readAiperfTrace, writeAiperfTrace },
        { "aiperf-multi-turn",
            "AIPerf multi_turn JSONL, one session a line: {\"session_id\", \"turns\": [{\"timestamp\" or \"delay\" "
            "(ms), \"text\", \"output_length\"}]}",
            { ".multi-turn.jsonl" }, readAiperfMultiTurn, writeAiperfMultiTurn },
        { "guidellm", "GuideLLM trace_synthetic JSONL: {\"timestamp\": s, \"input_length\", \"output_length\"}",
            { ".guidellm.jsonl" }, readGuidellmTrace, writeGuidellmTrace },
        { "azure", "Azure LLM inference trace CSV: TIMESTAMP,ContextTokens,GeneratedTokens (import)", { ".azure.csv" },
            readAzureCsv, nullptr },
        { "burstgpt", "BurstGPT CSV: Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type",
            { ".burstgpt.csv" }, readBurstGpt, writeBurstGpt },
        { "vllm", "vLLM benchmarks custom dataset JSONL: {\"prompt\": text, \"output_tokens\": n} (export)",
            { ".vllm.jsonl" }, nullptr, writeVllmCustom },
    };
    return formats;
}

const TraceFormat* findFormat(const std::string& name)
{
    for (const auto& f : traceFormats())
        if (f.name == name)
            return &f;
    return nullptr;
}

const TraceFormat* formatForPath(const std::string& path)
{
    std::string lower = path;
    std::transform(
        lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const TraceFormat* best = nullptr;
    std::size_t bestLen = 0;
    for (const auto& f : traceFormats()) {
        for (const auto& ext : f.extensions) {
            if (lower.size() >= ext.size() && lower.compare(lower.size() - ext.size(), ext.size(), ext) == 0
                && ext.size() > bestLen) {
                best = &f;
                bestLen = ext.size();
            }
        }
    }
    return best;
}

std::string formatNames(bool forWriting)
{
    std::string out;
    for (const auto& f : traceFormats()) {
        if (forWriting ? !f.write : !f.read)
            continue;
        out += (out.empty() ? "" : ", ") + f.name;
        if (!f.extensions.empty())
            out += " (" + f.extensions.front() + ")";
    }
    return out;
}

namespace {
const TraceFormat& resolve(const std::string& path, const std::string& formatName, bool forWriting)
{
    const TraceFormat* f = formatName.empty() ? formatForPath(path) : findFormat(formatName);
    if (!f) {
        if (formatName.empty())
            throw InputError(
                "cannot tell the trace format from the file name; use one of: " + formatNames(forWriting), path);
        throw InputError("unknown trace format \"" + formatName + "\"; known: " + formatNames(forWriting), path);
    }
    if (forWriting ? !f->write : !f->read)
        throw InputError(std::string("the ") + f->name + " format cannot be " + (forWriting ? "written" : "read")
                + "; use one of: " + formatNames(forWriting),
            path);
    return *f;
}
} // namespace

namespace {

std::string lowerCase(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

/// Extensions that several formats share: the content decides.
bool ambiguousExtension(const std::string& path)
{
    const std::string lower = lowerCase(path);
    for (const char* ext : { ".jsonl", ".json", ".csv", ".txt", ".ndjson" }) {
        const std::string e(ext);
        if (lower.size() >= e.size() && lower.compare(lower.size() - e.size(), e.size(), e) == 0) {
            // A compound extension (".mooncake.jsonl") is not ambiguous.
            const TraceFormat* f = formatForPath(path);
            if (f) {
                for (const auto& x : f->extensions)
                    if (x.size() > e.size() && lower.size() >= x.size()
                        && lower.compare(lower.size() - x.size(), x.size(), x) == 0)
                        return false;
            }
            return true;
        }
    }
    return formatForPath(path) == nullptr;
}

} // namespace

const TraceFormat* detectFormat(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return nullptr;
    textscan::LineReader lines(in, path, 1 << 16);
    std::string_view line;
    std::vector<textscan::JsonMember> members;
    std::string scratch;
    int seen = 0;
    bool jsonLines = false, timed = false;
    try {
        while (seen < 200 && lines.next(line)) {
            const auto t = textscan::trim(line);
            if (t.empty())
                continue;
            ++seen;
            if (seen == 1 && t.front() != '{' && t.front() != '[') {
                // A CSV header.
                const std::string h = lowerCase(std::string(t));
                if (h.find("time_s") != std::string::npos && h.find("input_len") != std::string::npos)
                    return findFormat("csv");
                if (h.find("contexttokens") != std::string::npos && h.find("generatedtokens") != std::string::npos)
                    return findFormat("azure");
                if (h.find("request tokens") != std::string::npos && h.find("response tokens") != std::string::npos)
                    return findFormat("burstgpt");
                return nullptr;
            }
            if (t.front() == '[')
                return nullptr;
            if (jsonDepth(t, kMaxJsonDepth) > kMaxJsonDepth)
                return nullptr;
            nlohmann::json o = nlohmann::json::parse(t, nullptr, false);
            if (o.is_discarded()) {
                // Not one object per line: a whole JSON document (native JSON or S-LoRA's list).
                if (seen > 1)
                    break;
                std::string head(t.substr(0, 1 << 16));
                if (head.find("\"prompt_len\"") != std::string::npos || head.find("\"req_time\"") != std::string::npos)
                    return findFormat("slora");
                while (head.size() < (1 << 16) && lines.next(line))
                    head.append(line).push_back('\n');
                if (head.find("\"prompt_len\"") != std::string::npos || head.find("\"req_time\"") != std::string::npos)
                    return findFormat("slora");
                if (head.find("\"requests\"") != std::string::npos)
                    return findFormat("json");
                return nullptr;
            }
            if (!o.is_object())
                return nullptr;
            if (seen == 1 && (o.contains("kind") || o.contains("schemaVersion") || o.contains("time_s")))
                return findFormat(o.contains("requests") ? "json" : "jsonl");
            if (o.contains("requests"))
                return findFormat(o.contains("config") ? "slora" : "json");
            if (o.contains("prompt"))
                return findFormat("vllm");
            if (o.contains("turns") && o["turns"].is_array())
                return findFormat("aiperf-multi-turn");
            if (o.contains("session_id") && o.contains("input_length"))
                return findFormat("aiperf");
            if (o.contains("hash_ids"))
                return findFormat("mooncake");
            if (o.contains("timestamp") && o.contains("input_length"))
                timed = true;
            jsonLines = true;
        }
    } catch (const std::exception&) {
        return nullptr;
    }
    // timestamp/input_length/output_length lines without hash_ids: GuideLLM (seconds). Mooncake
    // files without hash_ids need --format mooncake (their timestamps are milliseconds).
    if (jsonLines && timed)
        return findFormat("guidellm");
    return nullptr;
}

void assignAdapters(Trace& t, const AdapterAssignment& a)
{
    if (a.count == 0)
        return;
    WorkloadSpec spec;
    spec.adapterCount = a.count;
    spec.popularity = a.popularity;
    spec.naming.baseModel = t.baseModel;
    const auto issues = validate(spec);
    for (const auto& i : issues)
        if (i.field.rfind("popularity", 0) == 0 || i.field.rfind("adapters", 0) == 0)
            throw InputError("adapter assignment: " + i.message, t.source, 0, i.field);
    const std::vector<double> shares = popularityShares(spec);
    std::vector<double> cdf(shares.size());
    double acc = 0;
    for (std::size_t i = 0; i < shares.size(); ++i)
        cdf[i] = acc += shares[i];
    Rng rng(a.seed, 0x61646170 /* "adap" */);
    t.adapters = makeAdapters(spec);
    for (auto& r : t.requests) {
        const double u = rng.uniform() * acc;
        auto idx = static_cast<std::size_t>(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin());
        r.adapter = static_cast<std::uint32_t>(std::min(idx, cdf.size() - 1));
    }
    t.adapterOrderKnown = true;
}

std::uint64_t dropFailedRequests(Trace& t)
{
    if (t.failed.empty())
        return 0;
    const auto n = t.requests.size();
    // A later turn of a session cannot be sent without the turn before it: it goes too.
    std::vector<std::uint8_t> drop(t.failed);
    std::vector<std::size_t> keep;
    keep.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto p = t.parentOf(i);
        if (p != kNoParent && p < i && drop[p])
            drop[i] = 1;
        if (!drop[i])
            keep.push_back(i);
    }
    if (t.ids.empty()) { // ids stop being the indices once requests are removed
        t.ids.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            t.ids[i] = i;
    }
    t.failed.clear();
    reorderRequests(t, keep);
    return n - keep.size();
}

Trace readTrace(const std::string& path, const std::string& formatName, const ReadOptions& options, ReadReport* report)
{
    // A pipe (a shell's <(zcat trace.csv.gz)) streams: fine for the line formats, whose lines are
    // capped, once the format is known; a device such as /dev/zero or a directory is refused.
    checkInputFile(path, "trace file", true);
    const bool pipe = isPipe(path);
    std::error_code sizeError;
    if (!pipe && std::filesystem::file_size(path, sizeError) == 0 && !sizeError)
        throw InputError("empty file: there is no trace in it", path);
    if (pipe && formatName.empty() && ambiguousExtension(path))
        throw InputError("trace file: is a pipe, whose content cannot be read twice to recognise its format; name the "
                         "format (--from)",
            path);
    const TraceFormat* detected = nullptr;
    if (formatName.empty() && ambiguousExtension(path)) {
        detected = detectFormat(path);
        if (detected && !detected->read)
            throw InputError(std::string("this looks like a ") + detected->name
                    + " file, which LoraScope can only write; use --format to read it as another format",
                path);
    }
    const TraceFormat& f = detected ? *detected : resolve(path, formatName, false);
    if (pipe && (f.name == "json" || f.name == "slora"))
        throw InputError(
            "trace file: is a pipe, but the " + f.name + " format is read as one whole document; give a file on disk",
            path);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError("cannot open trace file", path);
    ReadReport local;
    ReadReport& rep = report ? *report : local;
    Trace t = f.read(in, path, options, rep);
    if (t.source.empty())
        t.source = path;
    if (options.dropFailed && !t.failed.empty()) {
        const auto dropped = dropFailedRequests(t);
        rep.droppedFailed += dropped;
        if (rep.failed < rep.droppedFailed)
            rep.failed = rep.droppedFailed;
    }
    if (options.assign.count > 0) {
        bool any = false;
        for (const auto& r : t.requests)
            any = any || r.adapter != kNoAdapter;
        if (!any)
            assignAdapters(t, options.assign);
    }
    return t;
}

void checkTimesWritable(const Trace& trace, const std::string& path)
{
    for (std::size_t i = 0; i < trace.requests.size(); ++i) {
        const double t = trace.requests[i].time;
        if (!(t >= 0 && t <= kMaxTraceTime)) // NaN too
            throw InputError("request " + std::to_string(trace.idOf(i)) + ": time_s " + formatNumber(t)
                    + " cannot be written (a time must be a finite number of seconds from 0 to 10^12); nothing was "
                      "written",
                path, 0, "time_s");
    }
}

namespace {

/// Refuses, before anything is written, a trace with failed requests for a format whose reader
/// would refuse them or read them as something else (S-LoRA's and AIPerf's readers refuse zero
/// tokens; vLLM's bench cannot send them): a file LoraScope writes is one it reads back.
void checkFailedWritable(const Trace& trace, const std::string& path, const std::string& format)
{
    if (trace.failed.empty())
        return;
    const bool holds = format == "jsonl" || format == "json" || format == "csv" || format == "burstgpt"
        || format == "mooncake" || format == "guidellm";
    if (holds)
        return;
    std::uint64_t failed = 0, first = 0;
    for (std::size_t i = 0; i < trace.requests.size(); ++i)
        if (trace.isFailed(i) && failed++ == 0)
            first = trace.idOf(i);
    if (failed > 0)
        throw InputError("the " + format + " format cannot hold failed requests (" + std::to_string(failed)
                + " marked failed, the first request " + std::to_string(first)
                + "): drop them with --drop-failed, or write jsonl, json, csv, burstgpt, mooncake or guidellm; "
                  "nothing was written",
            path, 0, "failed");
}

} // namespace

void writeTrace(const Trace& trace, const std::string& path, const std::string& formatName)
{
    const TraceFormat& f = resolve(path, formatName, true);
    checkTimesWritable(trace, path);
    checkFailedWritable(trace, path, f.name);
    try {
        writeFileAtomically(path, [&](std::ostream& out) { f.write(trace, out); });
    } catch (const InputError& e) {
        if (!e.file().empty())
            throw;
        throw InputError(e.detail() + "; nothing was written", path, 0, e.field()); // a writer's refusal
    }
}

} // namespace lorascope
