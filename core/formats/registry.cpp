#include "formats/traceio.h"

#include "util/atomicfile.h"
#include "util/error.h"

#include <algorithm>
#include <cctype>
#include <fstream>

namespace lorascope {

const std::vector<TraceFormat>& traceFormats()
{
    static const std::vector<TraceFormat> formats = {
        { "jsonl", "LoraScope JSON Lines: a header line (schemaVersion, spec, tool version), then one request a line",
            { ".jsonl" }, readNativeJsonl, writeNativeJsonl },
        { "json", "LoraScope JSON: one object with the header fields and a requests array", { ".json" }, readNativeJson, writeNativeJson },
        { "csv", "CSV with header id,time_s,adapter,rank,input_len,output_len", { ".csv" }, readNativeCsv, writeNativeCsv },
        { "slora", "S-LoRA requests (req_id, model_dir, adapter_dir, prompt_len, output_len, req_time)", { ".slora.json" },
            readSloraJson, writeSloraJson },
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
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const TraceFormat* best = nullptr;
    std::size_t bestLen = 0;
    for (const auto& f : traceFormats()) {
        for (const auto& ext : f.extensions) {
            if (lower.size() >= ext.size() && lower.compare(lower.size() - ext.size(), ext.size(), ext) == 0 && ext.size() > bestLen) {
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
            throw InputError("cannot tell the trace format from the file name; use one of: " + formatNames(forWriting), path);
        throw InputError("unknown trace format \"" + formatName + "\"; known: " + formatNames(forWriting), path);
    }
    if (forWriting ? !f->write : !f->read)
        throw InputError(std::string("the ") + f->name + " format cannot be " + (forWriting ? "written" : "read") + "; use one of: " + formatNames(forWriting), path);
    return *f;
}
} // namespace

Trace readTrace(const std::string& path, const std::string& formatName, const ReadOptions& options, ReadReport* report)
{
    const TraceFormat& f = resolve(path, formatName, false);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError("cannot open trace file", path);
    ReadReport local;
    Trace t = f.read(in, path, options, report ? *report : local);
    if (t.source.empty())
        t.source = path;
    return t;
}

void writeTrace(const Trace& trace, const std::string& path, const std::string& formatName)
{
    const TraceFormat& f = resolve(path, formatName, true);
    writeFileAtomically(path, [&](std::ostream& out) { f.write(trace, out); });
}

} // namespace lorascope
