// Native trace formats: JSONL, JSON, CSV, and S-LoRA's request list.

#include "formats/traceio.h"

#include "util/error.h"
#include "util/version.h"
#include "workload/generator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <numeric>
#include <unordered_map>

namespace lorascope {

using nlohmann::json;

void appendJsonString(std::string& out, const std::string& text)
{
    out += '"';
    for (unsigned char c : text) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
}

void appendNumber(std::string& out, double value)
{
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, res.ptr);
}

void appendNumber(std::string& out, std::uint64_t value)
{
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, res.ptr);
}

namespace {

constexpr int kTraceSchemaVersion = 1;

json headerJson(const Trace& t)
{
    json h;
    h["schemaVersion"] = kTraceSchemaVersion;
    h["kind"] = "lorascope-trace";
    h["tool"] = kToolName;
    h["toolVersion"] = kVersion;
    h["baseModel"] = t.baseModel;
    h["duration"] = t.duration;
    h["source"] = t.source;
    h["requestCount"] = t.requests.size();
    json adapters = json::array();
    for (const auto& a : t.adapters)
        adapters.push_back({ { "name", a.name }, { "rank", a.rank } });
    h["adapters"] = adapters;
    h["spec"] = t.spec ? toJson(*t.spec) : json(nullptr);
    if (t.spec)
        h["seed"] = t.spec->seed;
    return h;
}

/// Fills the trace's metadata from a header object (JSONL first line or JSON top level).
void applyHeader(Trace& t, const json& h, const std::string& file, std::uint64_t line)
{
    if (h.contains("schemaVersion")) {
        const auto& v = h["schemaVersion"];
        if (!v.is_number_integer() || v.get<int>() < 1 || v.get<int>() > kTraceSchemaVersion)
            throw InputError("schemaVersion: unsupported trace version " + v.dump() + " (this LoraScope reads 1)", file, line, "schemaVersion");
    }
    if (h.contains("baseModel") && h["baseModel"].is_string())
        t.baseModel = h["baseModel"].get<std::string>();
    if (h.contains("duration") && h["duration"].is_number())
        t.duration = h["duration"].get<double>();
    if (h.contains("source") && h["source"].is_string())
        t.source = h["source"].get<std::string>();
    if (h.contains("toolVersion") && h["toolVersion"].is_string())
        t.toolVersion = h["toolVersion"].get<std::string>();
    if (h.contains("adapters")) {
        const auto& arr = h["adapters"];
        if (!arr.is_array())
            throw InputError("adapters: expected an array of {name, rank}", file, line, "adapters");
        for (std::size_t i = 0; i < arr.size(); ++i) {
            const auto& a = arr[i];
            if (!a.is_object() || !a.contains("name") || !a["name"].is_string())
                throw InputError("adapters[" + std::to_string(i) + "].name: expected a string", file, line, "adapters");
            int rank = 0;
            if (a.contains("rank")) {
                if (!a["rank"].is_number_integer())
                    throw InputError("adapters[" + std::to_string(i) + "].rank: expected an integer", file, line, "adapters");
                rank = a["rank"].get<int>();
            }
            t.adapters.push_back({ a["name"].get<std::string>(), rank });
        }
    }
    if (h.contains("spec") && !h["spec"].is_null()) {
        try {
            t.spec = specFromJson(h["spec"], file);
        } catch (const InputError& e) {
            throw InputError("spec." + e.detail(), file, line, "spec." + e.field());
        }
    }
}

/// Maps adapter names to indices, adding unknown names (whose order is then unknown).
class AdapterIndex {
public:
    explicit AdapterIndex(Trace& t)
        : m_trace(t)
    {
        for (std::uint32_t i = 0; i < t.adapters.size(); ++i)
            m_map.emplace(t.adapters[i].name, i);
    }
    std::uint32_t lookup(const std::string& name, int rank)
    {
        if (name.empty())
            return kNoAdapter;
        auto it = m_map.find(name);
        if (it != m_map.end())
            return it->second;
        const auto idx = static_cast<std::uint32_t>(m_trace.adapters.size());
        m_trace.adapters.push_back({ name, rank });
        m_trace.adapterOrderKnown = false;
        m_map.emplace(name, idx);
        return idx;
    }

private:
    Trace& m_trace;
    std::unordered_map<std::string, std::uint32_t> m_map;
};

std::uint32_t checkLength(double v, const char* field, const std::string& file, std::uint64_t line)
{
    if (!(v >= 1) || v > 4294967295.0 || std::floor(v) != v)
        throw InputError(std::string(field) + ": expected a positive integer token count, got " + formatNumber(v), file, line, field);
    return static_cast<std::uint32_t>(v);
}

double checkTime(double v, const char* field, const std::string& file, std::uint64_t line)
{
    if (!std::isfinite(v) || v < 0)
        throw InputError(std::string(field) + ": expected a time >= 0 in seconds, got " + formatNumber(v), file, line, field);
    return v;
}

/// Sorts requests by time (stable) if a file listed them out of order, keeping their ids.
void finish(Trace& t, std::vector<std::uint64_t>& ids, bool idsAreIndex)
{
    const bool sorted = std::is_sorted(t.requests.begin(), t.requests.end(), [](const Request& a, const Request& b) { return a.time < b.time; });
    if (!sorted) {
        std::vector<std::size_t> order(t.requests.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return t.requests[a].time < t.requests[b].time; });
        std::vector<Request> reqs(t.requests.size());
        std::vector<std::uint64_t> newIds(ids.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            reqs[i] = t.requests[order[i]];
            if (!ids.empty())
                newIds[i] = ids[order[i]];
        }
        t.requests = std::move(reqs);
        ids = std::move(newIds);
        idsAreIndex = false;
        if (ids.empty()) {
            ids.resize(order.size());
            for (std::size_t i = 0; i < order.size(); ++i)
                ids[i] = order[i];
        }
    }
    if (!idsAreIndex)
        t.ids = std::move(ids);
}

/// Reads one request object (JSONL line or JSON array element).
void readRequestObject(const json& o, Trace& t, AdapterIndex& index, std::vector<std::uint64_t>& ids, bool& idsAreIndex,
    const std::string& file, std::uint64_t line)
{
    if (!o.is_object())
        throw InputError("expected a request object, got " + o.dump().substr(0, 80), file, line);
    auto num = [&](const char* key) -> double {
        auto it = o.find(key);
        if (it == o.end())
            throw InputError(std::string(key) + ": missing (a request needs time_s, input_len and output_len)", file, line, key);
        if (!it->is_number())
            throw InputError(std::string(key) + ": expected a number, got " + it->dump(), file, line, key);
        return it->get<double>();
    };
    Request r;
    r.time = checkTime(num("time_s"), "time_s", file, line);
    r.inputLen = checkLength(num("input_len"), "input_len", file, line);
    r.outputLen = checkLength(num("output_len"), "output_len", file, line);
    int rank = 0;
    if (auto it = o.find("rank"); it != o.end() && !it->is_null()) {
        if (!it->is_number_integer())
            throw InputError("rank: expected an integer, got " + it->dump(), file, line, "rank");
        rank = it->get<int>();
    }
    if (auto it = o.find("adapter"); it != o.end() && !it->is_null()) {
        if (!it->is_string())
            throw InputError("adapter: expected the adapter name as a string, got " + it->dump(), file, line, "adapter");
        r.adapter = index.lookup(it->get<std::string>(), rank);
    }
    std::uint64_t id = t.requests.size();
    if (auto it = o.find("id"); it != o.end()) {
        if (!it->is_number_unsigned() && !(it->is_number_integer() && it->get<std::int64_t>() >= 0))
            throw InputError("id: expected a non-negative integer, got " + it->dump(), file, line, "id");
        id = it->get<std::uint64_t>();
    }
    if (id != t.requests.size())
        idsAreIndex = false;
    ids.push_back(id);
    t.requests.push_back(r);
}

std::string requestLine(const Trace& t, std::size_t i, std::string& line)
{
    const Request& r = t.requests[i];
    line.clear();
    line += "{\"id\":";
    appendNumber(line, t.idOf(i));
    line += ",\"time_s\":";
    appendNumber(line, r.time);
    line += ",\"adapter\":";
    if (r.adapter == kNoAdapter)
        line += "null";
    else
        appendJsonString(line, t.adapters[r.adapter].name);
    line += ",\"rank\":";
    appendNumber(line, static_cast<std::uint64_t>(t.rankOf(r)));
    line += ",\"input_len\":";
    appendNumber(line, static_cast<std::uint64_t>(r.inputLen));
    line += ",\"output_len\":";
    appendNumber(line, static_cast<std::uint64_t>(r.outputLen));
    line += '}';
    return line;
}

json parseWhole(std::istream& in, const std::string& file)
{
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        std::uint64_t line = 1;
        for (std::size_t i = 0; i < e.byte && i < text.size(); ++i)
            line += text[i] == '\n';
        throw InputError(std::string("invalid JSON: ") + e.what(), file, line);
    }
}

} // namespace

// ---------------------------------------------------------------------------------------------
// JSONL

void writeNativeJsonl(const Trace& t, std::ostream& out)
{
    out << headerJson(t).dump() << '\n';
    std::string line, block;
    block.reserve(1 << 16);
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        block += requestLine(t, i, line);
        block += '\n';
        if (block.size() > (1 << 16) - 256) {
            out.write(block.data(), static_cast<std::streamsize>(block.size()));
            block.clear();
        }
    }
    out.write(block.data(), static_cast<std::streamsize>(block.size()));
}

Trace readNativeJsonl(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    Trace t;
    t.toolVersion.clear();
    std::vector<std::uint64_t> ids;
    bool idsAreIndex = true;
    std::string text;
    std::uint64_t lineNo = 0;
    bool first = true;
    std::unique_ptr<AdapterIndex> index;
    while (std::getline(in, text)) {
        ++lineNo;
        if (!text.empty() && text.back() == '\r')
            text.pop_back();
        if (text.find_first_not_of(" \t") == std::string::npos)
            continue;
        try {
            json o;
            try {
                o = json::parse(text);
            } catch (const json::parse_error& e) {
                throw InputError(std::string("invalid JSON: ") + e.what(), file, lineNo);
            }
            if (first) {
                first = false;
                if (o.is_object() && !o.contains("time_s")) {
                    applyHeader(t, o, file, lineNo);
                    continue;
                }
                t.adapterOrderKnown = false; // no header: adapters in order of first appearance
            }
            if (!index)
                index = std::make_unique<AdapterIndex>(t);
            readRequestObject(o, t, *index, ids, idsAreIndex, file, lineNo);
        } catch (const InputError& e) {
            if (!options.skipBad)
                throw;
            if (report.skipped++ == 0)
                report.firstSkipReason = e.what();
            idsAreIndex = false;
        }
    }
    if (first)
        throw InputError("empty trace file (expected a header line and one request a line)", file);
    finish(t, ids, idsAreIndex);
    return t;
}

// ---------------------------------------------------------------------------------------------
// JSON

void writeNativeJson(const Trace& t, std::ostream& out)
{
    std::string head = headerJson(t).dump();
    head.pop_back(); // reopen the object to append the requests array
    out << head << ",\"requests\":[\n";
    std::string line;
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        requestLine(t, i, line);
        if (i + 1 < t.requests.size())
            line += ",";
        line += '\n';
        out.write(line.data(), static_cast<std::streamsize>(line.size()));
    }
    out << "]}\n";
}

Trace readNativeJson(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    const json j = parseWhole(in, file);
    if (!j.is_object() || !j.contains("requests") || !j["requests"].is_array())
        throw InputError("expected an object with a \"requests\" array", file, 1, "requests");
    Trace t;
    applyHeader(t, j, file, 0);
    AdapterIndex index(t);
    std::vector<std::uint64_t> ids;
    bool idsAreIndex = true;
    const auto& reqs = j["requests"];
    for (std::size_t i = 0; i < reqs.size(); ++i) {
        try {
            readRequestObject(reqs[i], t, index, ids, idsAreIndex, file, 0);
        } catch (const InputError& e) {
            const InputError located("requests[" + std::to_string(i) + "]." + e.detail(), file, 0, e.field());
            if (!options.skipBad)
                throw located;
            if (report.skipped++ == 0)
                report.firstSkipReason = located.what();
            idsAreIndex = false;
        }
    }
    finish(t, ids, idsAreIndex);
    return t;
}

// ---------------------------------------------------------------------------------------------
// CSV

namespace {

void appendCsvField(std::string& out, const std::string& field)
{
    if (field.find_first_of(",\"\n\r") == std::string::npos) {
        out += field;
        return;
    }
    out += '"';
    for (char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

/// Splits one CSV record (RFC 4180 quoting, single line).
bool splitCsv(const std::string& line, std::vector<std::string>& fields)
{
    fields.clear();
    std::string cur;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"') {
                if (i + 1 < line.size() && line[i + 1] == '"') {
                    cur += '"';
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                cur += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    fields.push_back(std::move(cur));
    return !quoted;
}

double parseCsvNumber(const std::string& text, const char* column, const std::string& file, std::uint64_t line)
{
    double v = 0;
    const char* b = text.data();
    const char* e = b + text.size();
    while (b < e && *b == ' ')
        ++b;
    while (e > b && e[-1] == ' ')
        --e;
    auto res = std::from_chars(b, e, v);
    if (res.ec != std::errc() || res.ptr != e || b == e)
        throw InputError(std::string("column ") + column + ": expected a number, got \"" + text + "\"", file, line, column);
    return v;
}

} // namespace

void writeNativeCsv(const Trace& t, std::ostream& out)
{
    out << "id,time_s,adapter,rank,input_len,output_len\n";
    std::string block;
    block.reserve(1 << 16);
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const Request& r = t.requests[i];
        appendNumber(block, t.idOf(i));
        block += ',';
        appendNumber(block, r.time);
        block += ',';
        if (r.adapter != kNoAdapter)
            appendCsvField(block, t.adapters[r.adapter].name);
        block += ',';
        appendNumber(block, static_cast<std::uint64_t>(t.rankOf(r)));
        block += ',';
        appendNumber(block, static_cast<std::uint64_t>(r.inputLen));
        block += ',';
        appendNumber(block, static_cast<std::uint64_t>(r.outputLen));
        block += '\n';
        if (block.size() > (1 << 16) - 512) {
            out.write(block.data(), static_cast<std::streamsize>(block.size()));
            block.clear();
        }
    }
    out.write(block.data(), static_cast<std::streamsize>(block.size()));
}

Trace readNativeCsv(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    Trace t;
    t.adapterOrderKnown = false;
    std::string text;
    std::vector<std::string> fields;
    std::uint64_t lineNo = 0;
    if (!std::getline(in, text))
        throw InputError("empty CSV file (expected the header id,time_s,adapter,rank,input_len,output_len)", file, 1);
    ++lineNo;
    if (!text.empty() && text.back() == '\r')
        text.pop_back();
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF)
        text.erase(0, 3); // UTF-8 byte-order mark
    splitCsv(text, fields);
    int cId = -1, cTime = -1, cAdapter = -1, cRank = -1, cIn = -1, cOut = -1;
    for (int i = 0; i < static_cast<int>(fields.size()); ++i) {
        const auto& f = fields[static_cast<std::size_t>(i)];
        if (f == "id") cId = i;
        else if (f == "time_s") cTime = i;
        else if (f == "adapter") cAdapter = i;
        else if (f == "rank") cRank = i;
        else if (f == "input_len") cIn = i;
        else if (f == "output_len") cOut = i;
    }
    if (cTime < 0 || cIn < 0 || cOut < 0)
        throw InputError("header must name the columns time_s, input_len and output_len (LoraScope CSV: id,time_s,adapter,rank,input_len,output_len); got \"" + text + "\"", file, 1, "header");
    AdapterIndex index(t);
    std::vector<std::uint64_t> ids;
    bool idsAreIndex = true;
    const auto need = static_cast<std::size_t>(std::max({ cId, cTime, cAdapter, cRank, cIn, cOut })) + 1;
    while (std::getline(in, text)) {
        ++lineNo;
        if (!text.empty() && text.back() == '\r')
            text.pop_back();
        if (text.empty())
            continue;
        try {
            if (!splitCsv(text, fields))
                throw InputError("unterminated quoted field", file, lineNo);
            if (fields.size() < need)
                throw InputError("expected " + std::to_string(need) + " columns, got " + std::to_string(fields.size()), file, lineNo);
            Request r;
            r.time = checkTime(parseCsvNumber(fields[static_cast<std::size_t>(cTime)], "time_s", file, lineNo), "time_s", file, lineNo);
            r.inputLen = checkLength(parseCsvNumber(fields[static_cast<std::size_t>(cIn)], "input_len", file, lineNo), "input_len", file, lineNo);
            r.outputLen = checkLength(parseCsvNumber(fields[static_cast<std::size_t>(cOut)], "output_len", file, lineNo), "output_len", file, lineNo);
            int rank = 0;
            if (cRank >= 0 && !fields[static_cast<std::size_t>(cRank)].empty()) {
                const double rv = parseCsvNumber(fields[static_cast<std::size_t>(cRank)], "rank", file, lineNo);
                if (rv < 0 || std::floor(rv) != rv)
                    throw InputError("column rank: expected a non-negative integer, got \"" + fields[static_cast<std::size_t>(cRank)] + "\"", file, lineNo, "rank");
                rank = static_cast<int>(rv);
            }
            if (cAdapter >= 0)
                r.adapter = index.lookup(fields[static_cast<std::size_t>(cAdapter)], rank);
            std::uint64_t id = t.requests.size();
            if (cId >= 0) {
                const double idv = parseCsvNumber(fields[static_cast<std::size_t>(cId)], "id", file, lineNo);
                if (idv < 0 || std::floor(idv) != idv)
                    throw InputError("column id: expected a non-negative integer, got \"" + fields[static_cast<std::size_t>(cId)] + "\"", file, lineNo, "id");
                id = static_cast<std::uint64_t>(idv);
            }
            if (id != t.requests.size())
                idsAreIndex = false;
            ids.push_back(id);
            t.requests.push_back(r);
        } catch (const InputError& e) {
            if (!options.skipBad)
                throw;
            if (report.skipped++ == 0)
                report.firstSkipReason = e.what();
            idsAreIndex = false;
        }
    }
    finish(t, ids, idsAreIndex);
    return t;
}

// ---------------------------------------------------------------------------------------------
// S-LoRA request list

void writeSloraJson(const Trace& t, std::ostream& out)
{
    json head;
    head["source"] = "LoraScope " + std::string(kVersion) + " (S-LoRA benchmarks/trace.py Request fields)";
    if (t.spec) {
        const auto& s = *t.spec;
        head["config"] = { { "num_adapters", s.adapterCount }, { "alpha", s.popularity.alpha }, { "req_rate", s.rate },
            { "cv", s.arrival.cv }, { "duration", s.duration }, { "input_range", { s.input.lo, s.input.hi } },
            { "output_range", { s.output.lo, s.output.hi } }, { "seed", s.seed }, { "generator", toString(s.generator) } };
    }
    std::string h = head.dump();
    h.pop_back();
    out << h << ",\"requests\":[\n";
    std::string line;
    std::string model;
    appendJsonString(model, t.baseModel);
    for (std::size_t i = 0; i < t.requests.size(); ++i) {
        const Request& r = t.requests[i];
        line.clear();
        line += "{\"req_id\":";
        appendNumber(line, t.idOf(i));
        line += ",\"model_dir\":" + model + ",\"adapter_dir\":";
        if (r.adapter == kNoAdapter)
            line += "null";
        else
            appendJsonString(line, t.adapters[r.adapter].name);
        line += ",\"prompt_len\":";
        appendNumber(line, static_cast<std::uint64_t>(r.inputLen));
        line += ",\"output_len\":";
        appendNumber(line, static_cast<std::uint64_t>(r.outputLen));
        line += ",\"req_time\":";
        appendNumber(line, r.time);
        line += i + 1 < t.requests.size() ? "},\n" : "}\n";
        out.write(line.data(), static_cast<std::streamsize>(line.size()));
    }
    out << "]}\n";
}

Trace readSloraJson(std::istream& in, const std::string& file, const ReadOptions& options, ReadReport& report)
{
    const json j = parseWhole(in, file);
    if (!j.is_object() || !j.contains("requests") || !j["requests"].is_array())
        throw InputError("expected an object with a \"requests\" array of S-LoRA requests", file, 1, "requests");
    Trace t;
    t.source = file;
    std::uint32_t numAdapters = 0;
    if (j.contains("config") && j["config"].is_object()) {
        const auto& c = j["config"];
        if (c.contains("num_adapters") && c["num_adapters"].is_number_unsigned())
            numAdapters = c["num_adapters"].get<std::uint32_t>();
        if (c.contains("duration") && c["duration"].is_number())
            t.duration = c["duration"].get<double>();
    }
    // adapter_index (S-LoRA's ind[i]) keeps the popularity order; adapter_dir names do not.
    bool byIndex = false;
    AdapterIndex index(t);
    std::vector<std::uint64_t> ids;
    bool idsAreIndex = true;
    const auto& reqs = j["requests"];
    for (std::size_t i = 0; i < reqs.size(); ++i) {
        try {
            const auto& o = reqs[i];
            const std::string where = "requests[" + std::to_string(i) + "].";
            if (!o.is_object())
                throw InputError(where + ": expected an object", file, 0);
            auto num = [&](const char* key) {
                if (!o.contains(key) || !o[key].is_number())
                    throw InputError(where + key + ": expected a number", file, 0, key);
                return o[key].get<double>();
            };
            Request r;
            r.time = checkTime(num("req_time"), "req_time", file, 0);
            r.inputLen = checkLength(num("prompt_len"), "prompt_len", file, 0);
            r.outputLen = checkLength(num("output_len"), "output_len", file, 0);
            if (o.contains("adapter_index") && o["adapter_index"].is_number_unsigned()) {
                const auto a = o["adapter_index"].get<std::uint32_t>();
                while (t.adapters.size() <= a)
                    t.adapters.push_back({ "adapter-" + std::to_string(t.adapters.size()), 0 });
                r.adapter = a;
                byIndex = true;
            } else if (o.contains("adapter_dir") && o["adapter_dir"].is_string()) {
                r.adapter = index.lookup(o["adapter_dir"].get<std::string>(), 0);
            }
            if (o.contains("model_dir") && o["model_dir"].is_string())
                t.baseModel = o["model_dir"].get<std::string>();
            std::uint64_t id = t.requests.size();
            if (o.contains("req_id") && o["req_id"].is_number_unsigned())
                id = o["req_id"].get<std::uint64_t>();
            idsAreIndex = idsAreIndex && id == t.requests.size();
            ids.push_back(id);
            t.requests.push_back(r);
        } catch (const InputError& e) {
            if (!options.skipBad)
                throw;
            if (report.skipped++ == 0)
                report.firstSkipReason = e.what();
            idsAreIndex = false;
        }
    }
    t.adapterOrderKnown = byIndex || t.adapters.empty();
    while (byIndex && t.adapters.size() < numAdapters)
        t.adapters.push_back({ "adapter-" + std::to_string(t.adapters.size()), 0 });
    for (auto& a : t.adapters) {
        if (a.rank == 0)
            a.rank = std::max(0, rankFromName(a.name));
    }
    finish(t, ids, idsAreIndex);
    return t;
}

} // namespace lorascope
